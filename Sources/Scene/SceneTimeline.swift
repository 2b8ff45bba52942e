import Motion
import Raster

/// What the scene shows over time, from SwiftUI's transaction semantics (module `Motion`).
///
/// Each spinner has two animated properties: the effect's value (0 → 1 when `animating`
/// becomes true in `onAppear` at t = 0) and its centre (moved by layout changes). The
/// implicit spinner carries the deprecated `.animation(_:)` attachment, which puts its
/// animation on *every* transaction reaching the view — the layout moves included — while
/// the explicit spinner animates only what changed inside `withAnimation`. Nothing here
/// special-cases the drift: it falls out of the attachments.
public struct SceneTimeline: Sendable {
    /// The settings.
    public let configuration: SceneConfiguration
    /// The static layout.
    public let layout: SceneLayout
    private var effectTracks: [SpinnerRole: AnimatedTrack<Double>] = [:]
    private var centreTracks: [SpinnerRole: AnimatedTrack<AnimatablePoint>] = [:]

    /// Builds the timeline: `onAppear` at t = 0, then one layout change per device rotation.
    public init(_ configuration: SceneConfiguration) {
        self.configuration = configuration
        let layout = SceneLayout(configuration)
        self.layout = layout
        let animation = configuration.animation
        let rotationTimes = configuration.layoutChanges.sorted()
        for role in layout.roles {
            let attachment: AnimationAttachment = role == .implicit ? .implicit(animation) : .none
            // onAppear { animating = true } — inside withAnimation for the explicit spinner.
            var effect = AnimatedTrack<Double>(initial: 0)
            let appear = role == .explicit ? Transaction(animation: animation) : Transaction()
            effect.set(1, atSeconds: 0, transaction: appear, attachment: attachment)
            effectTracks[role] = effect

            let resting = { (rotations: Int) -> AnimatablePoint in
                let p = layout.snapshot(afterRotations: rotations).centres[role]!
                return AnimatablePoint(x: p.x / configuration.scale, y: p.y / configuration.scale)
            }
            var centre = AnimatedTrack<AnimatablePoint>(initial: configuration.appearsFromOrigin ? .zero : resting(0))
            if configuration.appearsFromOrigin {
                // The first layout arrives in the same transaction as onAppear.
                centre.set(resting(0), atSeconds: 0, transaction: Transaction(), attachment: attachment)
            }
            for (index, time) in rotationTimes.enumerated() {
                // A device rotation is a layout change with no animation of its own.
                centre.set(resting(index + 1), atSeconds: time, transaction: Transaction(), attachment: attachment)
            }
            centreTracks[role] = centre
        }
    }

    /// The scene at `time` seconds after the views appeared.
    public func state(atSeconds time: Double) -> SceneState {
        let rotations = configuration.layoutChanges.filter { $0 <= time }.count
        let spinners = layout.roles.map { role -> SpinnerState in
            let value = effectTracks[role]!.value(atSeconds: time)
            let centre = centreTracks[role]!.value(atSeconds: time)
            var state = SpinnerState(role: role, centre: Point(x: centre.x, y: centre.y),
                                     rotationDegrees: 0, scaleFactor: 1, opacity: 1)
            switch configuration.effect {
            case .rotation: state.rotationDegrees = 360 * value
            case .scale: state.scaleFactor = max(0, 1 - 0.5 * value)
            case .opacity: state.opacity = min(1, max(0, 1 - value))
            }
            return state
        }
        return SceneState(timeSeconds: time, rotations: rotations,
                          layout: layout.snapshot(afterRotations: rotations), spinners: spinners)
    }

    /// The shortest time after which the picture repeats exactly, from t = 0, or `nil` when
    /// the scene is not periodic from the start (layout changes, delays, finite animations).
    ///
    /// Derived from the animation: its period, shortened by the glyph's 8-fold symmetry when
    /// the effect is a rotation that advances by a whole multiple of 45° every fraction of
    /// the period (as the documentation's linear turn does: one ray spacing every 0.25 s).
    public var pictureRepeatSeconds: Double? {
        guard configuration.layoutChanges.isEmpty, !configuration.appearsFromOrigin,
              let period = configuration.animation.periodSeconds, period > 0 else { return nil }
        let animation = configuration.animation
        let samples = (0..<16).map { period * (Double($0) + 0.318) / 16 }
        let periodicFromStart = samples.allSatisfy {
            abs(animation.progress(atSeconds: $0) - animation.progress(atSeconds: $0 + period)) < 1e-9
        } && animation.progress(atSeconds: 0) == animation.progress(atSeconds: period)
        guard periodicFromStart else { return nil }
        guard configuration.effect == .rotation else { return period }
        for divisions in [8, 4, 2] {
            let shift = period / Double(divisions)
            let turns = samples.map { 360 * (animation.progress(atSeconds: $0 + shift) - animation.progress(atSeconds: $0)) }
            func modulo(_ x: Double, _ m: Double) -> Double { let r = x.truncatingRemainder(dividingBy: m); return r < 0 ? r + m : r }
            let reference = modulo(turns[0], 360)
            let symmetric = turns.allSatisfy { turn in
                let ray = modulo(turn, RaysSymbol.raySpacingDegrees)
                let full = modulo(turn, 360)
                return min(ray, RaysSymbol.raySpacingDegrees - ray) < 1e-6 && min(abs(full - reference), 360 - abs(full - reference)) < 1e-6
            }
            if symmetric { return shift }
        }
        return period
    }

    /// The number of frames after which frames repeat exactly at `framesPerSecond`, or `nil`
    /// when the picture is not periodic or its period is not a whole number of frames within
    /// `maximumFrames`.
    public func framePeriod(framesPerSecond: Double, maximumFrames: Int = 100_000) -> Int? {
        guard let seconds = pictureRepeatSeconds else { return nil }
        let framesPerRepeat = seconds * framesPerSecond
        var multiple = 1
        while Double(multiple) * framesPerRepeat <= Double(maximumFrames) {
            let frames = Double(multiple) * framesPerRepeat
            if abs(frames - frames.rounded()) < 1e-9 * max(1, frames) && frames.rounded() >= 1 {
                return Int(frames.rounded())
            }
            multiple += 1
            if multiple > 1000 { break }
        }
        return nil
    }
}
