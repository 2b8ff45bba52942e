/// Sums over all frames.
public struct ComparisonTotals: Hashable, Sendable {
    /// Frames compared (the longer sequence's merged frame count).
    public var frames: Int
    /// Frames that fail.
    public var failingFrames: Int
    /// Differing pixels over all frames.
    public var differingPixels: Int
    /// Anti-aliased pixels over all frames.
    public var antialiasedPixels: Int
    /// Ignored pixels (``FrameResult/ignoredPixels``) over all frames.
    public var ignoredPixels: Int
    /// The largest ``PixelDistance`` over all frames.
    public var maxDelta: Double
}
