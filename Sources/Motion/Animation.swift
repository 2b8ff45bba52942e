/// A SwiftUI-style animation: how a value moves from its old to its new value over time.
///
/// Skeleton for the foundation slice: a linear timing curve and `repeatForever`. The full
/// vocabulary (curves, springs, delay, speed, repeatCount, parsing) follows in the Motion issue
/// and keeps this surface.
public struct Animation: Hashable, Sendable {
    /// Duration of one run of the base curve, in seconds.
    public var durationSeconds: Double
    /// Whether the animation repeats for ever.
    public var repeatsForever: Bool
    /// Whether each repeat runs backwards after a forwards run.
    public var autoreverses: Bool

    /// A linear timing curve of `duration` seconds (SwiftUI `Animation.linear(duration:)`).
    public static func linear(duration: Double) -> Animation {
        Animation(durationSeconds: duration, repeatsForever: false, autoreverses: false)
    }

    /// Repeats for ever; SwiftUI's default for `autoreverses` is `true`.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeatsForever = true
        copy.autoreverses = autoreverses
        return copy
    }

    /// Fraction of the way from the old value to the new one, `elapsedSeconds` after the
    /// transaction began: 0 before it starts, 1 once a finite animation has finished.
    public func progress(atSeconds elapsedSeconds: Double) -> Double {
        guard elapsedSeconds > 0 else { return 0 }
        let cycles = elapsedSeconds / durationSeconds
        guard repeatsForever else { return min(cycles, 1) }
        let whole = cycles.rounded(.down)
        let fraction = cycles - whole
        if autoreverses && Int(whole) % 2 == 1 { return 1 - fraction }
        return fraction
    }

    /// The period after which ``progress(atSeconds:)`` repeats exactly, in seconds, for
    /// animations that repeat for ever; `nil` for finite ones.
    public var periodSeconds: Double? {
        guard repeatsForever else { return nil }
        return autoreverses ? 2 * durationSeconds : durationSeconds
    }
}
