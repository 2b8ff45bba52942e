import Glibc
import Motion

/// `symbolEffect(_:options:value:)` and `symbolEffect(_:options:isActive:)` on a symbol: an
/// effect of the Symbols framework, when it plays and how often.
///
/// What each effect does, which options it takes and when it plays are from Apple's Symbols
/// documentation (`SymbolEffect` and its conformers, `SymbolEffectOptions`) and the WWDC23
/// session "Animate symbols in your app" (10258): a discrete effect plays when its `value:`
/// changes, once unless `options` asks for `.repeat(n)`; an indefinite effect plays while
/// `isActive` is true, repeating unless `options` says `.nonRepeating` or `.repeat(n)`;
/// `.speed(x)` multiplies the speed (1 by default). Neither gives a duration, a curve or an
/// amplitude: the values of ``cycleSeconds`` and ``pose(atCycle:)`` are assumed, chosen to
/// look like the effects in the session's videos, and `spinrender` warns whenever it draws one
/// (`--strict` refuses it). docs/symbols.md lists them.
public struct SymbolEffect: Hashable, Sendable {
    /// The effect and its direction.
    public enum Kind: Hashable, Sendable {
        /// `.pulse`: the symbol's opacity falls to a minimum and comes back ("Participating
        /// layers reduce their opacity to a minimum value before returning to fully opaque",
        /// `NSSymbolPulseEffect`).
        case pulse
        /// `.bounce` (`.up`, the default) or `.bounce.down`: "a transitory scaling effect"
        /// (`BounceSymbolEffect`), up then back, or down then back.
        case bounce(down: Bool)
        /// `.scale.up` (the default) or `.scale.down`: scaled while active, back when not.
        case scale(down: Bool)
        /// `.rotate` (`.clockwise`, the default) or `.rotate.counterClockwise`: the whole
        /// symbol turns (WWDC24 "What's new in SF Symbols 6").
        case rotate(counterClockwise: Bool)
        /// `.breathe`: the symbol grows and fades a little and comes back, smoothly (WWDC24).
        case breathe
        /// `.wiggle` (`.left`/`.right` sideways, `.up`/`.down`, `.clockwise`/`.counterClockwise`
        /// as a rocking turn): a back-and-forth movement along one direction (WWDC24).
        case wiggle(WiggleDirection)
        /// `.variableColor`: the symbol's variable-colour layers lit in turn, the others dimmed
        /// (`.dimInactiveLayers`) or hidden (`.hideInactiveLayers`); `.cumulative` keeps each
        /// lit layer lit until the cycle ends, `.iterative` lights one at a time, `.reversing`
        /// goes back down the layers before the cycle ends (Apple's `VariableColorSymbolEffect`).
        /// Without options: cumulative, dimming, not reversing (assumed).
        case variableColor(iterative: Bool, reversing: Bool, hidesInactive: Bool)
    }

    /// The direction of a wiggle.
    public enum WiggleDirection: String, Hashable, Sendable {
        case left, right, up, down, clockwise, counterClockwise
    }

    /// When the effect plays.
    public enum Trigger: Hashable, Sendable {
        /// `isActive:`: while true.
        case active(Bool)
        /// `value:`: each time the value changes.
        case value(StateValue)
    }

    /// How many cycles one start plays.
    public enum Plays: Hashable, Sendable {
        /// Until it is removed or made inactive.
        case forever
        /// A number of cycles.
        case times(Int)
    }

    public var kind: Kind
    public var trigger: Trigger
    public var plays: Plays
    /// `options: .speed(x)`: the cycle takes ``cycleSeconds`` / `speed`.
    public var speed: Double

    /// An effect.
    public init(kind: Kind, trigger: Trigger, plays: Plays, speed: Double = 1) {
        self.kind = kind
        self.trigger = trigger
        self.plays = plays
        self.speed = speed
    }

    /// The Swift spelling, for messages and warnings (`.bounce.down`).
    public var spelling: String {
        switch kind {
        case .pulse: ".pulse"
        case let .bounce(down): down ? ".bounce.down" : ".bounce"
        case let .scale(down): down ? ".scale.down" : ".scale.up"
        case let .rotate(counter): counter ? ".rotate.counterClockwise" : ".rotate"
        case .breathe: ".breathe"
        case let .wiggle(direction): ".wiggle.\(direction.rawValue)"
        case let .variableColor(iterative, reversing, hides):
            ".variableColor" + (iterative ? ".iterative" : "") + (reversing ? ".reversing" : "") + (hides ? ".hideInactiveLayers" : "")
        }
    }

    /// Whether the effect cycles (every kind but ``Kind/scale(down:)``, which holds a state).
    public var cycles: Bool {
        if case .scale = kind { return false }
        return true
    }

    /// The seconds of one cycle at speed 1: assumed (no source gives them), see the type's
    /// documentation. For ``Kind/scale(down:)``, the time to scale or to come back.
    public static func cycleSeconds(_ kind: Kind) -> Double {
        switch kind {
        case .pulse: 1.0
        case .bounce: 0.5
        case .scale: 0.25
        case .rotate: 1.0
        case .breathe: 2.0
        case .wiggle: 0.6
        case .variableColor: 1.2
        }
    }

    /// The seconds of one cycle at this effect's speed.
    public var cycleSeconds: Double { Self.cycleSeconds(kind) / speed }

    /// The assumed amplitudes (see the type's documentation).
    public enum Amplitude {
        /// `.pulse`'s lowest opacity.
        public static let pulseMinimumOpacity = 0.3
        /// `.bounce`'s largest change of scale (1.2 up, 0.8 down).
        public static let bounceScale = 0.2
        /// `.scale`'s factor while active: 1.2 up, 0.8 down.
        public static let scale = 0.2
        /// `.breathe`'s largest scale and lowest opacity.
        public static let breatheScale = 1.1
        /// See ``breatheScale``.
        public static let breatheOpacity = 0.7
        /// `.wiggle`'s sideways travel, as a fraction of the symbol's width, or its turn in
        /// degrees for a rocking wiggle.
        public static let wiggleTravel = 0.1
        /// See ``wiggleTravel``.
        public static let wiggleDegrees = 12.0
        /// `.variableColor`'s opacity of a layer not lit (`.dimInactiveLayers`).
        public static let dimmedLayerOpacity = 0.35
    }

    /// What the effect does to the symbol at a moment: a scale about its centre, a turn about
    /// its centre (degrees clockwise), a move (fractions of its width and height) and an
    /// opacity factor.
    public struct Pose: Hashable, Sendable {
        public var scale = 1.0
        public var degrees = 0.0
        public var offset = (x: 0.0, y: 0.0)
        public var opacity = 1.0

        public static func == (a: Pose, b: Pose) -> Bool {
            a.scale == b.scale && a.degrees == b.degrees && a.offset.x == b.offset.x && a.offset.y == b.offset.y
                && a.opacity == b.opacity
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(scale)
            hasher.combine(degrees)
            hasher.combine(offset.x)
            hasher.combine(offset.y)
            hasher.combine(opacity)
        }
    }

    /// The pose at `phase`: for a cycling effect, cycles played since it started (the
    /// fractional part is the place in the cycle; a whole number is the symbol at rest); for
    /// ``Kind/scale(down:)``, 0 at rest to 1 fully scaled.
    ///
    /// Each cycle is a smooth rise and fall, `(1 − cos 2πf) / 2` at fraction `f` (0 at the
    /// ends, 1 halfway), except a turn (linear, a whole turn per cycle) and a wiggle (two
    /// swings per cycle, `sin 4πf`).
    public func pose(atCycle phase: Double) -> Pose {
        var pose = Pose()
        let fraction = phase - phase.rounded(.down)
        let hump = (1 - cos(2 * Double.pi * fraction)) / 2
        switch kind {
        case .pulse:
            pose.opacity = 1 - (1 - Amplitude.pulseMinimumOpacity) * hump
        case let .bounce(down):
            pose.scale = 1 + (down ? -1 : 1) * Amplitude.bounceScale * hump
        case let .scale(down):
            let amount = min(1, max(0, phase))
            pose.scale = 1 + (down ? -1 : 1) * Amplitude.scale * amount
        case let .rotate(counter):
            pose.degrees = (counter ? -360 : 360) * fraction
        case .breathe:
            pose.scale = 1 + (Amplitude.breatheScale - 1) * hump
            pose.opacity = 1 - (1 - Amplitude.breatheOpacity) * hump
        case let .wiggle(direction):
            let swing = sin(4 * Double.pi * fraction)
            switch direction {
            case .left: pose.offset.x = -Amplitude.wiggleTravel * swing
            case .right: pose.offset.x = Amplitude.wiggleTravel * swing
            case .up: pose.offset.y = -Amplitude.wiggleTravel * swing
            case .down: pose.offset.y = Amplitude.wiggleTravel * swing
            case .clockwise: pose.degrees = Amplitude.wiggleDegrees * swing
            case .counterClockwise: pose.degrees = -Amplitude.wiggleDegrees * swing
            }
        case .variableColor:
            break  // drawn layer by layer, see ``layerOpacity(atCycle:layer:of:)``
        }
        return pose
    }

    /// The opacity of variable layer `layer` of `count` at `phase` (cycles played) of a
    /// `.variableColor` effect: 1 for every layer while the effect is not playing; while it
    /// plays, the cycle is `count` equal steps (`2 × count − 2` when reversing: up the layers
    /// and back down), step `s` lighting layer `s` alone (iterative) or layers 0 to `s`
    /// (cumulative), the others at ``Amplitude/dimmedLayerOpacity`` or hidden.
    public func layerOpacity(atCycle phase: Double, layer: Int, of count: Int) -> Double {
        guard case let .variableColor(iterative, reversing, hides) = kind, count > 0 else { return 1 }
        let playing: Bool
        switch plays {
        case .forever: playing = trigger == .active(true) || phase > 0
        case let .times(n): playing = phase > 0 && phase < Double(n)
        }
        guard playing else { return 1 }
        let fraction = phase - phase.rounded(.down)
        let steps = reversing && count > 1 ? 2 * count - 2 : count
        let index = min(steps - 1, Int(fraction * Double(steps)))
        let step = index < count ? index : steps - index
        let lit = iterative ? layer == step : layer <= step
        return lit ? 1 : hides ? 0 : Amplitude.dimmedLayerOpacity
    }
}
