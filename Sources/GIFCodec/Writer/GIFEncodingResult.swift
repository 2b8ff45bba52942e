/// The encoded file and facts about it (for `--verbose` and the benchmark).
public struct GIFEncodingResult: Sendable, Hashable {
    /// The whole GIF89a file.
    public var bytes: [UInt8]
    /// Number of real colours in the global table (not counting the transparent slot nor the
    /// padding to a power of two).
    public var paletteSize: Int
    /// Largest per-channel difference, in 1/255 units, between a displayed source pixel and its
    /// palette colour; 0 when the palette is exact.
    public var worstChannelError: Int
    /// Number of images in the file after merging and splitting.
    public var storedFrameCount: Int
}
