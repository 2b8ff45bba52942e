/// Resource limits applied while decoding untrusted PNG data, each checked
/// before the memory it bounds is allocated.
public struct PNGDecodingLimits: Hashable, Sendable {
    /// The most bytes the decoded RGBA8 image may occupy (`width × height × 4`).
    public var maxMemoryBytes: Int

    /// Creates limits.
    public init(maxMemoryBytes: Int) {
        self.maxMemoryBytes = maxMemoryBytes
    }

    /// 1 GiB, the CLI's default `--max-memory`.
    public static let `default` = PNGDecodingLimits(maxMemoryBytes: 1 << 30)
}
