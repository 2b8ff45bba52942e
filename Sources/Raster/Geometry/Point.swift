/// A point or vector in a 2-D coordinate space with y pointing down (screen convention).
///
/// Units depend on the space: points in layout, pixels on a canvas (points × scale).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Component-wise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Scales both components.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    /// Euclidean length of the vector from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// `(x, y)` with up to 4 decimals.
    public var description: String { "(\(x), \(y))" }
}

/// An axis-aligned rectangle: origin at its top-left corner, size growing right and down.
public struct Rect: Hashable, Sendable {
    /// Top-left corner.
    public var origin: Point
    /// Width (≥ 0), same unit as `origin`.
    public var width: Double
    /// Height (≥ 0), same unit as `origin`.
    public var height: Double

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.width = width
        self.height = height
    }

    /// Left edge.
    public var minX: Double { origin.x }
    /// Top edge.
    public var minY: Double { origin.y }
    /// Right edge.
    public var maxX: Double { origin.x + width }
    /// Bottom edge.
    public var maxY: Double { origin.y + height }
    /// The centre point.
    public var center: Point { Point(x: origin.x + width / 2, y: origin.y + height / 2) }

    /// The rectangle grown by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values shrink it, as `CGRect.insetBy` with the signs flipped).
    public func outset(dx: Double, dy: Double) -> Rect {
        Rect(x: minX - dx, y: minY - dy, width: width + 2 * dx, height: height + 2 * dy)
    }
}
