/// A damped spring pulling a unit mass from 0 to a target of 1, released at rest.
///
/// The parametrisation is SwiftUI's (`Spring`, iOS 17; `Animation.spring(response:…)`, iOS 13):
/// `response` is the undamped period in seconds and `dampingRatio` (SwiftUI's
/// `dampingFraction`) the fraction of critical damping, so with mass 1
/// stiffness k = (2π / response)² and damping c = 2ζ√k (SwiftUI's `Spring`). The motion is the closed
/// form of the damped harmonic oscillator x'' = −k (x − 1) − c x', x(0) = 0, x'(0) = 0, in its
/// under-, critically and over-damped cases.
public struct Spring: Hashable, Sendable {
    /// The undamped period, in seconds; SwiftUI's `response`, and its `duration` for springs
    /// made with ``init(duration:bounce:)``. Zero is an infinitely stiff spring: it jumps.
    public let response: Double
    /// The fraction of critical damping ζ: 1 is critically damped, below 1 oscillates, above 1 is
    /// overdamped, 0 never stops.
    public let dampingRatio: Double

    /// The fraction of its target distance a spring must stay within, for good, to count as
    /// settled: SwiftUI's `Spring.settlingDuration` epsilon (0.001, target 1, at rest).
    public static let settlingEpsilon = 0.001

    /// The response of SwiftUI's `.spring`, 0.5 s: the default of
    /// `spring(response:dampingFraction:blendDuration:)`.
    public static let defaultResponse = 0.5
    /// The damping fraction of SwiftUI's `.spring`, 0.825: the default of
    /// `spring(response:dampingFraction:blendDuration:)`.
    public static let defaultDampingFraction = 0.825

    /// A spring with SwiftUI's `response` (seconds) and `dampingFraction`.
    public init(response: Double, dampingRatio: Double) {
        self.response = response
        self.dampingRatio = dampingRatio
    }

    /// A spring with SwiftUI's perceptual `duration` (seconds) and `bounce` (−1 < bounce ≤ 1).
    ///
    /// response = duration; ζ = 1 − bounce for bounce ≥ 0, 1 / (1 + bounce) below (SwiftUI's
    /// `Spring(duration:bounce:)`).
    /// SwiftUI's example: duration 0.5, bounce 0.3 gives stiffness 157.9, damping 17.6.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        self.init(response: duration, dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// A spring from its physical coefficients; only their ratios matter for the unit motion.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        let omega = (stiffness / mass).squareRoot()
        self.init(response: 2 * Double.pi / omega, dampingRatio: damping / (2 * (stiffness * mass).squareRoot()))
    }

    /// SwiftUI's perceptual duration: the same as ``response``, in seconds.
    public var duration: Double { response }
    /// SwiftUI's bounce: 1 − ζ for ζ ≤ 1, 1/ζ − 1 for overdamped springs.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    /// The mass: always 1 (the unit motion does not depend on it).
    public var mass: Double { 1 }
    /// k = (2π / response)², for mass 1.
    public var stiffness: Double { angularFrequency * angularFrequency }
    /// c = 2ζ√k, for mass 1.
    public var damping: Double { 2 * dampingRatio * angularFrequency }

    /// ω₀ = 2π / response, in radians per second.
    var angularFrequency: Double { 2 * Double.pi / response }

    /// Which closed form applies; within 1e-9 of ζ = 1 the critical one is used, where the
    /// others lose precision.
    private enum Regime {
        case jump
        case underdamped(decay: Double, omegaD: Double)
        case critical(omega: Double)
        case overdamped(slow: Double, fast: Double)
    }

    private var regime: Regime {
        guard response > 0 else { return .jump }
        let omega = angularFrequency, zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 { return .critical(omega: omega) }
        if zeta < 1 {
            return .underdamped(decay: zeta * omega, omegaD: omega * (1 - zeta * zeta).squareRoot())
        }
        let root = (zeta * zeta - 1).squareRoot()
        return .overdamped(slow: -omega * (zeta - root), fast: -omega * (zeta + root))
    }

    /// The position at `seconds` after release, as a fraction of the way to the target: 0 at the
    /// start, may overshoot 1, tends to 1. Zero before the start.
    public func position(atSeconds seconds: Double) -> Double {
        guard seconds > 0 else { return 0 }
        return 1 + displacement(seconds)
    }

    /// The velocity at `seconds` after release, in target distances per second.
    public func velocity(atSeconds seconds: Double) -> Double {
        guard seconds > 0 else { return 0 }
        switch regime {
        case .jump:
            return 0
        case let .underdamped(decay, omegaD):
            let omega = angularFrequency
            return exponential(-decay * seconds) * omega * omega / omegaD * sine(omegaD * seconds)
        case let .critical(omega):
            return omega * omega * seconds * exponential(-omega * seconds)
        case let .overdamped(r1, r2):
            let c1 = r2 / (r1 - r2), c2 = -r1 / (r1 - r2)
            return c1 * r1 * exponential(r1 * seconds) + c2 * r2 * exponential(r2 * seconds)
        }
    }

    /// x(t) − 1 for t > 0.
    private func displacement(_ t: Double) -> Double {
        switch regime {
        case .jump:
            return 0
        case let .underdamped(decay, omegaD):
            return -exponential(-decay * t) * (cosine(omegaD * t) + decay / omegaD * sine(omegaD * t))
        case let .critical(omega):
            return -(1 + omega * t) * exponential(-omega * t)
        case let .overdamped(r1, r2):
            // d(0) = −1 and d'(0) = 0 fix the two coefficients.
            let c1 = r2 / (r1 - r2), c2 = -r1 / (r1 - r2)
            return c1 * exponential(r1 * t) + c2 * exponential(r2 * t)
        }
    }

    /// The time, in seconds, after which the position stays within `epsilon` of the target for
    /// good; `nil` when it never does (ζ ≤ 0).
    ///
    /// Exact up to 1e-12 s rather than estimated: an over- or critically damped spring approaches
    /// monotonically, so the one crossing is bisected; an underdamped one has its extrema at
    /// t_k = kπ/ω_d with |x − 1| = e^(−ζω₀t_k), so the last extremum beyond `epsilon` is known
    /// in closed form and the crossing after it is bisected.
    public func settlingDuration(epsilon: Double = Spring.settlingEpsilon) -> Double? {
        switch regime {
        case .jump:
            return 0
        case let .underdamped(decay, omegaD):
            guard decay > 0 else { return nil }
            let halfPeriod = Double.pi / omegaD
            // Largest k with e^(−decay·kπ/ω_d) > ε.
            var k = (naturalLog(1 / epsilon) / (decay * halfPeriod)).rounded(.down)
            if exponential(-decay * k * halfPeriod) <= epsilon { k -= 1 }
            let start = max(k, 0) * halfPeriod
            return lastCrossing(from: start, to: start + halfPeriod, epsilon: epsilon)
        case .critical, .overdamped:
            var high = response
            while abs(displacement(high)) > epsilon { high *= 2 }
            return lastCrossing(from: 0, to: high, epsilon: epsilon)
        }
    }

    /// Bisects for the time in `low…high` where |x − 1| drops to `epsilon`, given that it is
    /// above `epsilon` only on an initial part of the interval.
    private func lastCrossing(from low: Double, to high: Double, epsilon: Double) -> Double {
        var low = low, high = high
        for _ in 0..<200 where high - low > 1e-12 {
            let middle = (low + high) / 2
            if abs(displacement(middle)) > epsilon { low = middle } else { high = middle }
        }
        return high
    }
}
