/// A SwiftUI-style animation: how a value moves from its old to its new value over time.
///
/// An animation is a base motion — a timing curve run for a duration, or a spring — followed by
/// the modifiers SwiftUI offers (`delay`, `speed`, `repeatCount`, `repeatForever`), in the order
/// they were written. ``progress(atSeconds:)`` gives the fraction of the change applied at a time
/// after the transaction started; values, defaults and formulas follow Apple's
/// documentation of SwiftUI's `Animation`.
///
/// Equality is about spelling as much as motion: `.easeIn` and `.easeIn(duration: 0.35)` move
/// alike but are different values, so that ``description`` can print each as it was written and
/// ``parse(_:)`` of a description gives back an equal animation.
public struct Animation: Hashable, Sendable {
    /// The motion of one run, before any modifier.
    public enum Base: Hashable, Sendable {
        /// A timing curve run for `durationSeconds`.
        case curve(UnitCurve, durationSeconds: Double)
        /// A spring; `blendDurationSeconds` only matters to SwiftUI when springs retarget each
        /// other, which the additive model of ``AnimatedTrack`` does not do.
        case spring(Spring, blendDurationSeconds: Double)
    }

    /// A modifier applied on top of what came before it.
    public enum Modifier: Hashable, Sendable {
        /// `delay(_:)`: waits this many seconds (of the time scale it was written in) first.
        case delay(Double)
        /// `speed(_:)`: runs everything written before it this many times faster.
        case speed(Double)
        /// `repeatCount(_:autoreverses:)`: runs what came before `count` times; with
        /// `autoreverses` every other run goes backwards, and each reversal counts as a run.
        case repeatCount(Int, autoreverses: Bool)
        /// `repeatForever(autoreverses:)`.
        case repeatForever(autoreverses: Bool)
    }

    /// The base motion.
    public let base: Base
    /// The modifiers, innermost (written first) first.
    public private(set) var modifiers: [Modifier]
    /// How the base is written in SwiftUI, e.g. `.easeInOut(duration: 1)`.
    let baseSpelling: String
    /// The timeline the modifiers make, worked out once (a spring's settling time is a search).
    private var plan: Plan

    init(base: Base, spelling: String) {
        self.base = base
        self.modifiers = []
        self.baseSpelling = spelling
        self.plan = Plan(base: base)
    }

    /// SwiftUI's default duration of a timing-curve animation, in seconds.
    public static let defaultDurationSeconds = 0.35

    // MARK: Modifiers

    /// Delays the start by `seconds` (SwiftUI `delay(_:)`).
    ///
    /// The delay happens once, before the first run, even when a repeat modifier follows it
    /// (as SwiftUI users report: repeats do not wait again), so it shifts a repeating
    /// animation without changing its period; a `speed` written after it scales it.
    public func delay(_ seconds: Double) -> Animation { adding(.delay(seconds)) }

    /// Runs `speed` times faster (SwiftUI `speed(_:)`); applies to everything written before it.
    public func speed(_ speed: Double) -> Animation { adding(.speed(speed)) }

    /// Runs `count` times (SwiftUI `repeatCount(_:autoreverses:)`): with `autoreverses` every
    /// other run goes backwards and counts as one of the `count`; counts below 1 act as 1.
    ///
    /// Like SwiftUI, an animation that ends on a backward run jumps to the new value at the end.
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        adding(.repeatCount(count, autoreverses: autoreverses))
    }

    /// Repeats for ever (SwiftUI `repeatForever(autoreverses:)`); SwiftUI's default for
    /// `autoreverses` is `true`. With `false` each cycle restarts from the old value.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        adding(.repeatForever(autoreverses: autoreverses))
    }

    private func adding(_ modifier: Modifier) -> Animation {
        var copy = self
        copy.modifiers.append(modifier)
        copy.plan.apply(modifier)
        return copy
    }
}

// MARK: - Timeline

extension Animation {
    /// Fraction of the way from the old value to the new one, `elapsedSeconds` after the
    /// transaction began: 0 before it starts (and during a delay), 1 once a finite animation has
    /// finished; springs may overshoot 1 on the way.
    public func progress(atSeconds elapsedSeconds: Double) -> Double {
        guard elapsedSeconds > plan.delaySeconds else { return 0 }
        let local = (elapsedSeconds - plan.delaySeconds) * plan.speed
        return run(level: plan.repeats.count, at: local)
    }

    /// The period of ``progress(atSeconds:)`` in seconds, for an animation that never settles
    /// but repeats exactly: a `repeatForever` of a finite run (accounting for `speed`), or an
    /// undamped spring. `nil` otherwise. The delay only shifts the pattern: for t after the
    /// delay, progress(t + period) = progress(t).
    public var periodSeconds: Double? {
        for (level, modifier) in plan.repeats.enumerated() {
            guard case let .forever(autoreverses) = modifier else { continue }
            // A repeat of something that never ends, or ends at once, changes nothing.
            guard let inner = plan.runSeconds[level], inner > 0 else { continue }
            return inner * (autoreverses ? 2 : 1) / plan.speed
        }
        if case let .spring(spring, _) = base, spring.dampingRatio == 0, spring.response > 0 {
            return spring.response / plan.speed  // 1 − cos(2πt / response)
        }
        return nil
    }

    /// The time in seconds, counted from the start of the transaction, after which progress is
    /// 1 for good (delay included); `nil` when the animation never finishes.
    public var settleSeconds: Double? {
        guard let seconds = plan.runSeconds[plan.repeats.count] else { return nil }
        return plan.delaySeconds + seconds / plan.speed
    }

    /// The delay before the first run, in seconds on the timeline: the sum of the `delay`
    /// modifiers, each divided by the speeds written after it.
    public var delaySeconds: Double { plan.delaySeconds }

    /// The overall speed: the product of the `speed` modifiers (1 without one).
    public var speedFactor: Double { plan.speed }

    /// The duration of one run of the base motion in seconds: a curve's duration, a spring's
    /// settling time (infinity if it never settles).
    public var durationSeconds: Double { plan.runSeconds[0] ?? .infinity }

    /// Whether the animation repeats for ever (and so never settles).
    public var repeatsForever: Bool {
        modifiers.contains { if case .repeatForever = $0 { true } else { false } }
    }

    /// Whether the outermost repeat modifier runs every other repeat backwards; `false` without
    /// one.
    public var autoreverses: Bool {
        for modifier in modifiers.reversed() {
            switch modifier {
            case let .repeatCount(_, autoreverses), let .repeatForever(autoreverses): return autoreverses
            case .delay, .speed: continue
            }
        }
        return false
    }

    /// Progress of the base and the first `level` repeats, `time` base seconds in (time > 0).
    private func run(level: Int, at time: Double) -> Double {
        guard level > 0 else { return baseProgress(at: time) }
        guard let inner = plan.runSeconds[level - 1], inner > 0 else { return run(level: level - 1, at: time) }
        let cycle = (time / inner).rounded(.down)
        let reverses: Bool
        switch plan.repeats[level - 1] {
        case let .count(count, autoreverses):
            if cycle >= Double(count) { return 1 }  // finished: the model value, as SwiftUI ends
            reverses = autoreverses
        case let .forever(autoreverses):
            reverses = autoreverses
        }
        let local = time - cycle * inner
        let backwards = reverses && cycle.truncatingRemainder(dividingBy: 2) == 1
        return run(level: level - 1, at: backwards ? inner - local : local)
    }

    private func baseProgress(at time: Double) -> Double {
        switch base {
        case let .curve(curve, duration):
            guard duration > 0 else { return time > 0 ? 1 : 0 }
            return curve.value(at: time / duration)
        case let .spring(spring, _):
            if let settle = plan.runSeconds[0], time >= settle { return 1 }
            return spring.position(atSeconds: time)
        }
    }
}

/// The modifiers normalised: delays hoisted to the front in real seconds (each divided by the
/// speeds written after it), one overall speed, the repeats innermost first, and the length of
/// the motion up to each repeat.
private struct Plan: Hashable, Sendable {
    enum Repeat: Hashable, Sendable { case count(Int, autoreverses: Bool), forever(autoreverses: Bool) }

    var delaySeconds = 0.0
    var speed = 1.0
    var repeats: [Repeat] = []
    /// `runSeconds[k]`: length in base seconds of the base and the first k repeats; `nil` when
    /// it never ends.
    var runSeconds: [Double?]

    init(base: Animation.Base) {
        switch base {
        case let .curve(_, duration): runSeconds = [max(duration, 0)]
        case let .spring(spring, _): runSeconds = [spring.settlingDuration()]
        }
    }

    mutating func apply(_ modifier: Animation.Modifier) {
        switch modifier {
        case let .delay(seconds):
            delaySeconds += max(seconds, 0)
        case let .speed(factor):
            guard factor > 0 else { return }  // parse(_:) rejects these; ignore them here
            speed *= factor
            delaySeconds /= factor
        case let .repeatCount(count, autoreverses):
            appendRepeat(.count(max(count, 1), autoreverses: autoreverses))
        case let .repeatForever(autoreverses):
            appendRepeat(.forever(autoreverses: autoreverses))
        }
    }

    private mutating func appendRepeat(_ repeatModifier: Repeat) {
        let inner = runSeconds[repeats.count]
        repeats.append(repeatModifier)
        // A repeat of something that never ends, or ends at once, changes nothing.
        guard let inner, inner > 0 else {
            runSeconds.append(inner)
            return
        }
        switch repeatModifier {
        case let .count(count, _): runSeconds.append(Double(count) * inner)
        case .forever: runSeconds.append(nil)
        }
    }
}

// MARK: - Description

extension Animation: CustomStringConvertible {
    /// The animation in SwiftUI syntax, e.g. `.linear(duration: 2).repeatForever(autoreverses: false)`.
    public var description: String {
        var text = baseSpelling
        for modifier in modifiers {
            switch modifier {
            case let .delay(seconds): text += ".delay(\(Spelling.number(seconds)))"
            case let .speed(factor): text += ".speed(\(Spelling.number(factor)))"
            case let .repeatCount(count, autoreverses):
                text += autoreverses ? ".repeatCount(\(count))" : ".repeatCount(\(count), autoreverses: false)"
            case let .repeatForever(autoreverses):
                text += autoreverses ? ".repeatForever()" : ".repeatForever(autoreverses: false)"
            }
        }
        return text
    }
}

/// A call in SwiftUI syntax, leaving out the arguments equal to their defaults.
///
/// `distinguishedBy` names labels of which one must be written so the call picks the right
/// overload (`.spring(duration: 0.5)` is not `.spring()`); the first is written when none is.
func spell(
    _ name: String, _ arguments: [(label: String?, value: Double, defaultValue: Double?)], distinguishedBy: [String] = []
) -> String {
    var kept = arguments.filter { $0.defaultValue != $0.value }
    if let first = distinguishedBy.first, !kept.contains(where: { $0.label.map(distinguishedBy.contains) ?? false }),
       let index = arguments.firstIndex(where: { $0.label == first })
    {
        kept.insert(arguments[index], at: kept.prefix { argument in
            arguments.firstIndex { $0.label == argument.label }! < index
        }.count)
    }
    let written = kept.map { ($0.label.map { "\($0): " } ?? "") + Spelling.number($0.value) }
    return ".\(name)(\(written.joined(separator: ", ")))"
}
