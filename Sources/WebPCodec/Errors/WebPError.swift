import CWebP

/// A failure while encoding or decoding a WebP: libwebp's error code or one of ours, the step
/// that failed, and the file when the caller knows it.
///
/// libwebp reports failures in three vocabularies: the encoder's `WebPEncodingError`
/// (`VP8_ENC_ERROR_*`, set in `WebPPicture.error_code` by `WebPAnimEncoderAdd`), the mux
/// library's `WebPMuxError` (`WEBP_MUX_*`) and the demuxer's `WebPDemuxState`
/// (`WEBP_DEMUX_PARSE_ERROR`, `WEBP_DEMUX_PARSING_HEADER` for data that ends early);
/// `WebPAnimDecoderNew`, `WebPAnimDecoderGetNext` and `WebPAnimEncoderAssemble` only say "failed".
/// ``Code`` keeps the vocabulary and the C value and names each after its C constant. Codes of
/// the ``Code/Domain/webpCodec`` domain are our own checks (sizes, limits, input).
/// ``description`` is one line; it names the file when ``file`` is set.
public struct WebPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// The step that failed, e.g. `"WebPAnimEncoderAdd"` or `"read the canvas"`.
    public var operation: String
    /// Extra facts for the message (sizes, frame numbers); may be empty.
    public var detail: String
    /// The file being read or written, as the user named it; `nil` when the caller prefixes it.
    public var file: String?

    /// Creates an error.
    public init(_ code: Code, operation: String, detail: String = "", file: String? = nil) {
        self.code = code
        self.operation = operation
        self.detail = detail
        self.file = file
    }

    /// A libwebp or WebPCodec error code: which vocabulary, and the value in it.
    public struct Code: Hashable, Sendable {
        /// The C enumeration a value belongs to.
        public enum Domain: Hashable, Sendable {
            /// `WebPEncodingError` (`encode.h`).
            case encoder
            /// `WebPMuxError` (`mux_types.h`, `mux.h`).
            case mux
            /// `WebPDemuxState` (`demux.h`).
            case demux
            /// WebPCodec's own checks.
            case webpCodec
        }

        /// The vocabulary.
        public var domain: Domain
        /// The C value (or ours).
        public var value: Int32

        /// Wraps a value.
        public init(_ domain: Domain, _ value: Int32) {
            self.domain = domain
            self.value = value
        }

        /// A `WebPEncodingError`.
        public init(encoding error: WebPEncodingError) { self.init(.encoder, Int32(error.rawValue)) }

        // MARK: libwebp encoder (encode.h, WebPEncodingError)
        /// `VP8_ENC_ERROR_OUT_OF_MEMORY`: allocating the encoder's objects failed.
        public static let outOfMemory = Code(encoding: VP8_ENC_ERROR_OUT_OF_MEMORY)
        /// `VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY`: allocating while flushing bits failed.
        public static let bitstreamOutOfMemory = Code(encoding: VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY)
        /// `VP8_ENC_ERROR_NULL_PARAMETER`: a pointer parameter was NULL.
        public static let nullParameter = Code(encoding: VP8_ENC_ERROR_NULL_PARAMETER)
        /// `VP8_ENC_ERROR_INVALID_CONFIGURATION`: the `WebPConfig` or the encoder options are invalid.
        public static let invalidConfiguration = Code(encoding: VP8_ENC_ERROR_INVALID_CONFIGURATION)
        /// `VP8_ENC_ERROR_BAD_DIMENSION`: a width or height is 0 or above 16383.
        public static let badDimension = Code(encoding: VP8_ENC_ERROR_BAD_DIMENSION)
        /// `VP8_ENC_ERROR_PARTITION0_OVERFLOW`: a lossy partition 0 is over 512 KiB.
        public static let partition0Overflow = Code(encoding: VP8_ENC_ERROR_PARTITION0_OVERFLOW)
        /// `VP8_ENC_ERROR_PARTITION_OVERFLOW`: a lossy partition is over 16 MiB.
        public static let partitionOverflow = Code(encoding: VP8_ENC_ERROR_PARTITION_OVERFLOW)
        /// `VP8_ENC_ERROR_BAD_WRITE`: writing the encoded bytes failed.
        public static let badWrite = Code(encoding: VP8_ENC_ERROR_BAD_WRITE)
        /// `VP8_ENC_ERROR_FILE_TOO_BIG`: the file would be over 4 GiB.
        public static let fileTooBig = Code(encoding: VP8_ENC_ERROR_FILE_TOO_BIG)
        /// `VP8_ENC_ERROR_USER_ABORT`: a progress hook stopped the encoder.
        public static let userAbort = Code(encoding: VP8_ENC_ERROR_USER_ABORT)

        // MARK: libwebp mux (mux_types.h, WebPMuxError)
        /// `WEBP_MUX_INVALID_ARGUMENT`: an argument was invalid.
        public static let muxInvalidArgument = Code(.mux, Int32(WEBP_MUX_INVALID_ARGUMENT.rawValue))
        /// `WEBP_MUX_BAD_DATA`: the data is not a valid WebP container.
        public static let muxBadData = Code(.mux, Int32(WEBP_MUX_BAD_DATA.rawValue))
        /// `WEBP_MUX_MEMORY_ERROR`: an allocation failed.
        public static let muxMemoryError = Code(.mux, Int32(WEBP_MUX_MEMORY_ERROR.rawValue))
        /// `WEBP_MUX_NOT_ENOUGH_DATA`: the data ends early.
        public static let muxNotEnoughData = Code(.mux, Int32(WEBP_MUX_NOT_ENOUGH_DATA.rawValue))

        // MARK: libwebp demux (demux.h, WebPDemuxState)
        /// `WEBP_DEMUX_PARSE_ERROR`: the RIFF container or a chunk is malformed.
        public static let parseError = Code(.demux, Int32(WEBP_DEMUX_PARSE_ERROR.rawValue))
        /// `WEBP_DEMUX_PARSING_HEADER`: the data ends inside the file header.
        public static let parsingHeader = Code(.demux, Int32(WEBP_DEMUX_PARSING_HEADER.rawValue))
        /// `WEBP_DEMUX_PARSED_HEADER`: the header is whole but the data ends before the last frame.
        public static let parsedHeader = Code(.demux, Int32(WEBP_DEMUX_PARSED_HEADER.rawValue))

        // MARK: WebPCodec's own checks
        /// The canvas or the frames need more memory than the limit allows, or a size is out of
        /// WebP's range (1…16383, `WEBP_MAX_DIMENSION`).
        public static let tooLarge = Code(.webpCodec, 1000)
        /// More frames than the limit allows.
        public static let tooManyFrames = Code(.webpCodec, 1001)
        /// The input to the encoder is not valid (no frames, a bad delay, a frame of another size,
        /// a loop count over 65535).
        public static let invalidInput = Code(.webpCodec, 1002)
        /// A frame's data could not be decoded (`WebPAnimDecoderGetNext` failed: a damaged
        /// VP8/VP8L bitstream).
        public static let frameDecodingFailed = Code(.webpCodec, 1003)
        /// `WebPAnimDecoderNew` failed on data the demuxer accepted.
        public static let decoderCreationFailed = Code(.webpCodec, 1004)
        /// `WebPAnimEncoderNew` or `WebPAnimEncoderAssemble` failed (libwebp gives no code; the
        /// detail holds `WebPAnimEncoderGetError`'s text).
        public static let encoderFailed = Code(.webpCodec, 1005)

        /// A short human phrase and the C name where there is one.
        var message: String {
            switch self {
            case .outOfMemory: "out of memory (VP8_ENC_ERROR_OUT_OF_MEMORY)"
            case .bitstreamOutOfMemory: "out of memory while writing (VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY)"
            case .nullParameter: "missing parameter (VP8_ENC_ERROR_NULL_PARAMETER)"
            case .invalidConfiguration: "invalid settings (VP8_ENC_ERROR_INVALID_CONFIGURATION)"
            case .badDimension: "width or height out of range (VP8_ENC_ERROR_BAD_DIMENSION)"
            case .partition0Overflow: "lossy partition 0 over 512 KiB (VP8_ENC_ERROR_PARTITION0_OVERFLOW)"
            case .partitionOverflow: "lossy partition over 16 MiB (VP8_ENC_ERROR_PARTITION_OVERFLOW)"
            case .badWrite: "write failed (VP8_ENC_ERROR_BAD_WRITE)"
            case .fileTooBig: "file over 4 GiB (VP8_ENC_ERROR_FILE_TOO_BIG)"
            case .userAbort: "stopped (VP8_ENC_ERROR_USER_ABORT)"
            case .muxInvalidArgument: "invalid argument (WEBP_MUX_INVALID_ARGUMENT)"
            case .muxBadData: "malformed container (WEBP_MUX_BAD_DATA)"
            case .muxMemoryError: "out of memory (WEBP_MUX_MEMORY_ERROR)"
            case .muxNotEnoughData: "data ends early (WEBP_MUX_NOT_ENOUGH_DATA)"
            case .parseError: "malformed WebP container or chunk (WEBP_DEMUX_PARSE_ERROR)"
            case .parsingHeader: "data ends inside the header (WEBP_DEMUX_PARSING_HEADER)"
            case .parsedHeader: "data ends before the last frame (WEBP_DEMUX_PARSED_HEADER)"
            case .tooLarge: "too large"
            case .tooManyFrames: "too many frames"
            case .invalidInput: "invalid input"
            case .frameDecodingFailed: "damaged frame data"
            case .decoderCreationFailed: "cannot start decoding"
            case .encoderFailed: "encoder failed"
            default: "libwebp error \(value)"
            }
        }
    }

    /// `"['<file>': ]<operation>: <message>[: <detail>]"`, one line.
    public var description: String {
        let text = detail.isEmpty ? "\(operation): \(code.message)" : "\(operation): \(code.message): \(detail)"
        return file.map { "'\($0)': \(text)" } ?? text
    }
}
