import Raster

/// The encoded GIF and facts about it.
public struct RenderedGIF: Sendable {
    /// The GIF89a file.
    public var bytes: [UInt8]
    /// Canvas (logical screen) width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Frames rendered into the file, after loop compaction.
    public var frameCount: Int
    /// Frames the animation has before loop compaction.
    public var uncompactedFrameCount: Int
    /// Play time of one loop of the file, in centiseconds.
    public var durationCentiseconds: Int
    /// The loop count written (multiplied when frames were compacted).
    public var loopCount: LoopCount
    /// Human-readable warnings (e.g. raised delays), one line each.
    public var warnings: [String]
    /// Colours in the global colour table.
    public var paletteSize: Int
    /// Largest per-channel error of the palette, 0…255 (0 when the palette is exact).
    public var worstChannelError: Int
    /// Frames stored in the file after optimisation (identical neighbours merged).
    public var storedFrameCount: Int
}
