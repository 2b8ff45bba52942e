import CWebP

/// A `WebPAnimEncoder` (libwebpmux), freed exactly once.
///
/// Frames go in as RGBA8 with the time they start (`WebPAnimEncoderAdd`); ``assemble(endTimestampMilliseconds:)``
/// adds the end time, writes the RIFF file and consumes the handle. `deinit` only runs for
/// handles that were never assembled (after an earlier error) and frees the encoder. Every
/// method turns a failed call into a ``WebPError`` naming the C function.
struct WebPAnimEncoderHandle: ~Copyable {
    private let encoder: OpaquePointer
    private let width: Int
    private let height: Int

    /// Creates an encoder for a `width × height` canvas (`WebPAnimEncoderNew`).
    ///
    /// - Parameter options: from `WebPAnimEncoderOptionsInit`, then tuned.
    init(width: Int, height: Int, options: WebPAnimEncoderOptions) throws(WebPError) {
        guard (1...Int(WEBP_MAX_DIMENSION)).contains(width), (1...Int(WEBP_MAX_DIMENSION)).contains(height) else {
            throw WebPError(.badDimension, operation: "WebPAnimEncoderNew", detail: "\(width) × \(height) px, at most 16383 each")
        }
        var options = options
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw WebPError(.encoderFailed, operation: "WebPAnimEncoderNew")
        }
        self.encoder = encoder
        self.width = width
        self.height = height
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    /// Adds one canvas-sized frame shown from `timestampMilliseconds` on.
    ///
    /// The pixels are imported into an ARGB `WebPPicture` (`WebPPictureImportRGBA`) and
    /// encoded with `config`; libwebp keeps what it needs, so `rgba` may be reused afterwards.
    ///
    /// - Parameter rgba: `width × height × 4` bytes, straight alpha.
    func add(rgba: [UInt8], timestampMilliseconds: Int, config: WebPConfig) throws(WebPError) {
        precondition(rgba.count == width * height * 4, "a frame has the canvas size")
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw WebPError(.invalidConfiguration, operation: "WebPPictureInit", detail: "libwebp version mismatch")
        }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw WebPError(.outOfMemory, operation: "WebPPictureImportRGBA") }
        var config = config
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestampMilliseconds), &config) != 0 else {
            throw failure("WebPAnimEncoderAdd", picture.error_code)
        }
    }

    private func failure(_ operation: String, _ error: WebPEncodingError) -> WebPError {
        let text = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
        let code = error == VP8_ENC_OK ? WebPError.Code.encoderFailed : WebPError.Code(encoding: error)
        return WebPError(code, operation: operation, detail: text)
    }

    /// Ends the last frame at `endTimestampMilliseconds`, assembles the file
    /// (`WebPAnimEncoderAssemble`) and frees the encoder.
    consuming func assemble(endTimestampMilliseconds: Int) throws(WebPError) -> [UInt8] {
        let encoder = self.encoder
        discard self
        defer { WebPAnimEncoderDelete(encoder) }
        func failure(_ operation: String) -> WebPError {
            let text = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
            return WebPError(.encoderFailed, operation: operation, detail: text)
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(endTimestampMilliseconds), nil) != 0 else {
            throw failure("WebPAnimEncoderAdd")
        }
        var data = WebPData()
        WebPDataInit(&data)
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            WebPDataClear(&data)
            throw failure("WebPAnimEncoderAssemble")
        }
        defer { WebPDataClear(&data) }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }
}
