import Raster

/// The frames of a render request, ready to encode, with what the user should hear about.
public struct RenderedAnimation: Sendable {
    /// The frames as a browser shows them, with delays and loop count.
    public var sequence: FrameSequence
    /// Frames the animation has before loop compaction.
    public var uncompactedFrameCount: Int
    /// Human-readable warnings (e.g. raised delays), one line each.
    public var warnings: [String]
}
