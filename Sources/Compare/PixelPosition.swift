/// A pixel coordinate, origin top-left.
public struct PixelPosition: Hashable, Sendable, CustomStringConvertible {
    /// Column, 0 at the left.
    public var x: Int
    /// Row, 0 at the top.
    public var y: Int

    /// Creates a position.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
