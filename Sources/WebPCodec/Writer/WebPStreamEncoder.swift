import CWebP
import Raster

/// Encodes an animated WebP frame by frame through libwebp's `WebPAnimEncoder`.
///
/// Frames are appended in display order with their delays in milliseconds (the WebP container
/// stores 24-bit millisecond durations, `ANMF` chunk). A frame equal to the one before is not
/// handed to libwebp: its delay is added to the previous frame's, so a still stretch costs
/// nothing. libwebp then stores each frame as the sub-rectangle that changed, choosing blend
/// and dispose per frame (`minimize_size`), with no key frames after the first: measured on
/// the spinner renders, the smallest files for one encode (see ``WebPStreamEncoder/animationOptions``).
/// The encoder runs on the calling thread only (`thread_level` 0), so the bytes depend on the
/// frames and options alone.
public struct WebPStreamEncoder: ~Copyable {
    private var handle: WebPAnimEncoderHandle?
    private let config: WebPConfig
    private let width: Int
    private let height: Int
    /// The frame waiting for its successor (it may still absorb equal frames) and its delay.
    private var pending: (image: RGBAImage, delay: Int)?
    /// Start time of the pending frame.
    private var timestamp = 0
    private var stored = 0

    /// The longest WebP frame duration: 24 bits of milliseconds (`ANMF` Frame Duration).
    public static let maximumDelayMilliseconds = (1 << 24) - 1
    /// The longest canvas side (`WEBP_MAX_DIMENSION`: the VP8X canvas fields hold more, the
    /// bitstreams do not).
    public static let maximumSide = Int(WEBP_MAX_DIMENSION)
    /// The largest `ANIM` loop count (16 bits; 0 plays forever).
    public static let maximumLoopCount = 65_535

    /// Starts an animation.
    ///
    /// - Parameters:
    ///   - width, height: the canvas in pixels, 1…16383 each (`WEBP_MAX_DIMENSION`).
    ///   - loopCount: `.forever` is `ANIM` loop count 0; otherwise the count of plays in all
    ///     (WebP container: "number of times to loop", where GIF's NETSCAPE2.0 counts repeats
    ///     after the first), so `.repeats(n)` is stored as `n + 1`, at most 65535.
    /// - Throws: ``WebPError`` `.badDimension`, `.invalidInput` (loop count over 65535 plays),
    ///   `.invalidConfiguration` (quality outside 0…100).
    public init(width: Int, height: Int, loopCount: LoopCount, options: WebPEncodingOptions = .init()) throws(WebPError) {
        let plays: Int
        switch loopCount {
        case .forever: plays = 0
        case .playOnce: plays = 1
        case .repeats(let n): plays = n + 1
        }
        guard plays <= Self.maximumLoopCount, plays >= 0 else {
            throw WebPError(.invalidInput, operation: "WebPAnimEncoderNew", detail: "\(plays) plays; WebP holds at most 65535")
        }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw WebPError(.invalidConfiguration, operation: "WebPConfigInit", detail: "libwebp version mismatch")
        }
        if let quality = options.quality {
            guard (0...100).contains(quality) else {
                throw WebPError(.invalidConfiguration, operation: "WebPConfigInit", detail: "quality \(quality), expected 0…100")
            }
            config.lossless = 0
            config.quality = Float(quality)
            config.alpha_quality = 100
        } else {
            config.lossless = 1
            // Keep the RGB of fully transparent pixels: without it libwebp rewrites them to
            // whatever compresses best, and the decoded frames would differ from the input.
            config.exact = 1
            config.quality = Self.losslessEffort.quality
        }
        config.method = Self.losslessEffort.method
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else {
            throw WebPError(.invalidConfiguration, operation: "WebPValidateConfig")
        }
        var animation = Self.animationOptions
        animation.anim_params.loop_count = Int32(plays)
        handle = try WebPAnimEncoderHandle(width: width, height: height, options: animation)
        self.config = config
        self.width = width
        self.height = height
    }

    /// `WebPAnimEncoderOptions`: sub-frames chosen for the smallest size, key frames off
    /// (`minimize_size` disables them), never lossy and lossless mixed (`allow_mixed` 0, which
    /// would make a lossless file lossy).
    static var animationOptions: WebPAnimEncoderOptions {
        var options = WebPAnimEncoderOptions()
        _ = WebPAnimEncoderOptionsInit(&options)
        options.minimize_size = 1
        options.allow_mixed = 0
        options.verbose = 0
        return options
    }

    /// `WebPConfig.quality` and `method` of the lossless coder (its effort, not its fidelity):
    /// libwebp's defaults. Measured with `minimize_size` on the spinner renders (main job,
    /// 3× 120 pt, preview drift): 75/4 gave 10 288, 102 166 and 254 022 bytes; 50/3 the same,
    /// +0.05 % and +0.3 % at about half the time on the drift; 100/6 −0.2 %, the same and
    /// +1 % at 50 to 100 times the time; without `minimize_size` 4.7 %, 24 % and 5.6 % larger.
    static let losslessEffort: (quality: Float, method: Int32) = (75, 4)

    /// Appends a frame shown for `delayMilliseconds`.
    ///
    /// - Throws: ``WebPError`` `.invalidInput` for a frame of another size or a delay outside
    ///   0…16 777 215 ms; libwebp's code when encoding fails.
    public mutating func append(_ image: RGBAImage, delayMilliseconds: Int) throws(WebPError) {
        guard image.width == width, image.height == height else {
            throw WebPError(.invalidInput, operation: "append frame", detail: "\(image.width) × \(image.height) px on a \(width) × \(height) canvas")
        }
        guard (0...Self.maximumDelayMilliseconds).contains(delayMilliseconds) else {
            throw WebPError(.invalidInput, operation: "append frame", detail: "delay \(delayMilliseconds) ms")
        }
        if let current = pending, current.image == image,
           current.delay + delayMilliseconds <= Self.maximumDelayMilliseconds {
            pending = (current.image, current.delay + delayMilliseconds)
            return
        }
        try flush()
        pending = (image, delayMilliseconds)
    }

    private mutating func flush() throws(WebPError) {
        guard let current = pending else { return }
        pending = nil
        try handle!.add(rgba: current.image.pixels, timestampMilliseconds: timestamp, config: config)
        timestamp += current.delay
        stored += 1
    }

    /// Writes the file.
    ///
    /// - Throws: ``WebPError`` `.invalidInput` when no frame was appended; libwebp's failure.
    public consuming func finish() throws(WebPError) -> WebPEncodingResult {
        guard pending != nil else { throw WebPError(.invalidInput, operation: "finish", detail: "no frames") }
        try flush()
        let bytes = try handle.take()!.assemble(endTimestampMilliseconds: timestamp)
        return WebPEncodingResult(bytes: bytes, storedFrameCount: stored)
    }
}
