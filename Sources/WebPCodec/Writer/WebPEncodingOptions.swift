/// How ``WebPStreamEncoder`` compresses frames.
///
/// Lossless (the default) stores every pixel exactly, transparent pixels' colour included
/// (`WebPConfig.exact`), so decoding gives back the frames as they were appended. With a
/// ``quality`` the frames are lossy VP8 with a lossless alpha plane (`alpha_quality` 100):
/// colours approximate, alpha exact.
public struct WebPEncodingOptions: Hashable, Sendable {
    /// `nil` for lossless; 0…100 for lossy VP8 (`WebPConfig.quality`: higher is larger and
    /// closer to the frames).
    public var quality: Int?

    /// Lossless.
    public init(quality: Int? = nil) {
        self.quality = quality
    }
}

/// The encoded WebP and facts about it.
public struct WebPEncodingResult: Sendable, Hashable {
    /// The RIFF WebP file (`VP8X`, `ANIM`, one `ANMF` per stored frame).
    public var bytes: [UInt8]
    /// Frames stored after identical neighbours were merged (their delays added).
    public var storedFrameCount: Int
}
