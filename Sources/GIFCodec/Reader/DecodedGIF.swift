import Raster

/// A decoded GIF: the frames as a browser shows them, and what was odd about the file.
public struct DecodedGIF: Sendable, Hashable {
    /// The composited frames (one per image in the file, in order), raw delays and loop count.
    public var sequence: FrameSequence
    /// Tolerated defects, one line each, starting with the byte offset where each was found
    /// (`"byte 40: stray data …"`): every file that browsers show only after a repair has one.
    public var warnings: [String]
}
