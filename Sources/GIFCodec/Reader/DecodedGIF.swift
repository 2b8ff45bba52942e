import Raster

/// A decoded GIF: the frames as a browser shows them, and what was odd about the file.
public struct DecodedGIF: Sendable, Hashable {
    /// The composited frames (one per image in the file, in order), raw delays and loop count.
    public var sequence: FrameSequence
    /// Tolerated defects, one line each (e.g. a missing trailer).
    public var warnings: [String]
}
