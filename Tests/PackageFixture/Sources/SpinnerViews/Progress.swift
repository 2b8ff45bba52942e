// A file without previews: the plugin passes over it.
public struct Progress: Equatable, Sendable {
    public var fraction: Double

    public init(fraction: Double) {
        self.fraction = min(1, max(0, fraction))
    }
}
