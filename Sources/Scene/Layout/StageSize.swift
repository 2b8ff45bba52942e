import Motion

/// A simulated screen size in points, given in portrait orientation.
public struct StageSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a stage size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `WIDTHxHEIGHT`.
    public var description: String { "\(Spelling.number(width))x\(Spelling.number(height))" }
}
