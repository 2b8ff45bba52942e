/// A value that can be animated: added, subtracted and scaled, as SwiftUI's `VectorArithmetic`.
public protocol VectorArithmetic: AdditiveArithmetic, Sendable {
    /// Multiplies every component by `factor`.
    mutating func scale(by factor: Double)
}

extension VectorArithmetic {
    /// A copy with every component multiplied by `factor`.
    public func scaled(by factor: Double) -> Self {
        var copy = self
        copy.scale(by: factor)
        return copy
    }
}

/// Angles in degrees, opacities, scale factors: plain numbers animate as themselves.
extension Double: VectorArithmetic {
    /// Multiplies the number by `factor`.
    public mutating func scale(by factor: Double) { self *= factor }
}

/// A point in points (pixels = points × scale), animatable component-wise.
public struct AnimatablePoint: VectorArithmetic, Hashable, CustomStringConvertible {
    /// Horizontal coordinate, in points, increasing to the right.
    public var x: Double
    /// Vertical coordinate, in points, increasing downwards (screen coordinates).
    public var y: Double

    /// The point (`x`, `y`), in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static var zero: AnimatablePoint { AnimatablePoint(x: 0, y: 0) }

    /// Component-wise sum.
    public static func + (lhs: AnimatablePoint, rhs: AnimatablePoint) -> AnimatablePoint {
        AnimatablePoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// Component-wise difference.
    public static func - (lhs: AnimatablePoint, rhs: AnimatablePoint) -> AnimatablePoint {
        AnimatablePoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// Multiplies both coordinates by `factor`.
    public mutating func scale(by factor: Double) {
        x *= factor
        y *= factor
    }

    /// `(x, y)`, numbers as Swift writes them.
    public var description: String { "(\(Spelling.number(x)), \(Spelling.number(y)))" }
}
