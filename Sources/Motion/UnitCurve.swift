/// A timing curve: a cubic Bézier from (0, 0) to (1, 1), mapping the fraction of time elapsed to
/// the fraction of the change applied.
///
/// The same shape as CSS `cubic-bezier()` and SwiftUI's `UnitCurve.bezier`: the two control
/// points are `(c0x, c0y)` and `(c1x, c1y)`; their x coordinates lie in 0…1 so the curve is a
/// function of time, their y coordinates may leave 0…1 (overshoot). The named curves use the
/// CSS / Core Animation control points: linear (0, 0, 1, 1), easeIn (0.42, 0, 1, 1),
/// easeOut (0, 0, 0.58, 1), easeInOut (0.42, 0, 0.58, 1).
public struct UnitCurve: Hashable, Sendable {
    /// First control point, x (time) coordinate, in 0…1.
    public let c0x: Double
    /// First control point, y (progress) coordinate.
    public let c0y: Double
    /// Second control point, x (time) coordinate, in 0…1.
    public let c1x: Double
    /// Second control point, y (progress) coordinate.
    public let c1y: Double

    /// A curve through the control points `(c0x, c0y)` and `(c1x, c1y)`.
    ///
    /// The x coordinates are clamped to 0…1 (outside it the curve would not be a function of
    /// time); the animation binder (`Animation.base(named:…)`) rejects such values before they
    /// get here.
    public init(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) {
        self.c0x = min(max(c0x, 0), 1)
        self.c0y = c0y
        self.c1x = min(max(c1x, 0), 1)
        self.c1y = c1y
    }

    /// Constant speed: (0, 0, 1, 1).
    public static let linear = UnitCurve(0, 0, 1, 1)
    /// Starts slowly: (0.42, 0, 1, 1).
    public static let easeIn = UnitCurve(0.42, 0, 1, 1)
    /// Ends slowly: (0, 0, 0.58, 1).
    public static let easeOut = UnitCurve(0, 0, 0.58, 1)
    /// Starts and ends slowly: (0.42, 0, 0.58, 1).
    public static let easeInOut = UnitCurve(0.42, 0, 0.58, 1)

    /// The progress at `time`, a fraction of the duration (clamped to 0…1).
    ///
    /// Solves x(s) = `time` for the curve parameter s by Newton's method, falling back to
    /// bisection when Newton leaves the bracket or stalls, until x is within 1e-14 of `time`; the
    /// returned y(s) is then well within 1e-6 of the exact value.
    public func value(at time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        // On the diagonal x(s) and y(s) are the same polynomial, so y = x exactly.
        if c0x == c0y && c1x == c1y { return time }
        return Self.coordinate(parameter(forTime: time), c0y, c1y)
    }

    /// The curve parameter s in 0…1 with x(s) = `time`.
    func parameter(forTime time: Double) -> Double {
        var low = 0.0, high = 1.0
        var s = time  // x(s) ≈ s for gentle curves: a good first guess
        for _ in 0..<64 {
            let x = Self.coordinate(s, c0x, c1x) - time
            if abs(x) < 1e-14 { return s }
            // x(s) is non-decreasing (control x in 0…1), so the sign of x keeps the bracket.
            if x > 0 { high = s } else { low = s }
            let slope = Self.derivative(s, c0x, c1x)
            let newton = s - x / slope
            if slope > 1e-9 && newton > low && newton < high {
                s = newton
            } else {
                s = (low + high) / 2
            }
            if high - low < 1e-15 { break }
        }
        return s
    }

    /// One coordinate of the Bézier with end points 0 and 1 and control values `p1`, `p2`.
    @inline(__always)
    static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    /// d/ds of ``coordinate(_:_:_:)``.
    @inline(__always)
    static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}
