/// Bounds on what decoding a GIF may cost, checked before anything is allocated.
public struct GIFDecodingLimits: Sendable, Hashable {
    /// Most bytes the decoded frames may take together (each frame is `width × height × 4`
    /// bytes, plus two canvases of working space). Default 1 GiB.
    public var maxMemoryBytes: Int = 1 << 30
    /// Most frames (images) in the file. Default 100 000.
    public var maxFrames: Int = 100_000
    /// Most pixels the LZW decoder may produce over all frames (frames are decoded whole even
    /// when clipped to the screen), so a small file cannot make the decoder work for minutes.
    /// Default 2^30.
    public var maxDecodedPixels: Int = 1 << 30

    /// Creates limits; every argument has the default above.
    public init(maxMemoryBytes: Int = 1 << 30, maxFrames: Int = 100_000, maxDecodedPixels: Int = 1 << 30) {
        self.maxMemoryBytes = maxMemoryBytes
        self.maxFrames = maxFrames
        self.maxDecodedPixels = maxDecodedPixels
    }

    /// 1 GiB, 100 000 frames, 2^30 decoded pixels.
    public static let `default` = GIFDecodingLimits()
}
