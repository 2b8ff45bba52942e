import CWebP

/// A private copy of a file's bytes that libwebp reads from: `WebPDemux` and
/// `WebPAnimDecoder` keep pointers into the data for as long as they live.
final class WebPBytes {
    let storage: UnsafeMutableBufferPointer<UInt8>

    init(_ bytes: [UInt8]) {
        storage = .allocate(capacity: max(1, bytes.count))
        _ = storage.initialize(from: bytes)
        count = bytes.count
    }

    let count: Int

    deinit { storage.deallocate() }

    /// A `WebPData` over the bytes (valid while `self` lives).
    var data: WebPData { WebPData(bytes: UnsafePointer(storage.baseAddress), size: count) }
}

/// What `WebPDemuxPartial` reads from the RIFF header and chunk list without decoding a pixel,
/// so that limits can be checked before the decoder allocates its canvases.
struct WebPDemuxInfo {
    /// How far parsing got: `WEBP_DEMUX_DONE` for a whole file.
    var state: WebPDemuxState
    var canvasWidth: Int
    var canvasHeight: Int
    /// Frames found (for a truncated file, those whose chunk header was read).
    var frameCount: Int
    /// `ANIM` loop count: 0 forever, N plays in all.
    var loopCount: Int
    /// Whether the `VP8X` animation flag is set.
    var animated: Bool

    /// Demuxes `bytes`; `nil` when not even the header can be parsed (not a WebP, or a
    /// container error).
    init?(_ bytes: WebPBytes) {
        var data = bytes.data
        var state = WEBP_DEMUX_PARSING_HEADER
        guard let demux = WebPDemuxPartial(&data, &state) else { return nil }
        defer { WebPDemuxDelete(demux) }
        // Before the header is parsed the demuxer's fields hold no sizes yet.
        guard state != WEBP_DEMUX_PARSING_HEADER else { return nil }
        self.state = state
        canvasWidth = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH))
        canvasHeight = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
        frameCount = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
        loopCount = Int(WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT))
        animated = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & UInt32(ANIMATION_FLAG.rawValue) != 0
    }
}

/// A `WebPAnimDecoder` (libwebpdemux) decoding to straight-alpha RGBA, freed exactly once.
///
/// It composites each frame onto the canvas as the WebP container's blend and dispose rules
/// say, in two canvas-sized buffers of its own; still files come out as one frame.
struct WebPAnimDecoderHandle: ~Copyable {
    private let decoder: OpaquePointer
    private let bytes: WebPBytes

    /// Creates a decoder (`WebPAnimDecoderNew`, single-threaded, `MODE_RGBA`).
    ///
    /// - Precondition: the caller checked the canvas size against its limits: this allocates
    ///   two `width × height × 4` buffers.
    init(_ bytes: WebPBytes) throws(WebPError) {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw WebPError(.decoderCreationFailed, operation: "WebPAnimDecoderOptionsInit", detail: "libwebp version mismatch")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = bytes.data
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            throw WebPError(.decoderCreationFailed, operation: "WebPAnimDecoderNew")
        }
        self.decoder = decoder
        self.bytes = bytes
    }

    deinit { WebPAnimDecoderDelete(decoder) }

    /// Whether ``next()`` has another frame.
    var hasMoreFrames: Bool { WebPAnimDecoderHasMoreFrames(decoder) != 0 }

    /// Decodes the next frame: the composited canvas, `width × height × 4` bytes, and the time
    /// the frame ends in milliseconds (`WebPAnimDecoderGetNext`'s timestamp).
    func next(canvasBytes: Int) throws(WebPError) -> (pixels: [UInt8], endMilliseconds: Int) {
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
            throw WebPError(.frameDecodingFailed, operation: "WebPAnimDecoderGetNext")
        }
        return (Array(UnsafeBufferPointer(start: buffer, count: canvasBytes)), Int(timestamp))
    }
}
