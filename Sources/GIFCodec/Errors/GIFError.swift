import CGIFLib

/// A failure while encoding or decoding a GIF: giflib's error code or one of ours, and the step
/// that failed.
///
/// giflib reports failures as small integers (`E_GIF_ERR_*` for the encoder, `D_GIF_ERR_*` for
/// the decoder, see `gif_lib.h`); ``Code`` names each of them after its C constant, in the manner
/// of swift-system's `Errno`. Codes from 1000 up are GIFCodec's own checks (sizes, limits,
/// palette indices). ``description`` is one line for a user; it never names a file, so the
/// caller prefixes the path.
public struct GIFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// The step that failed, e.g. `"EGifPutLine"` or `"read image descriptor"`.
    public var operation: String
    /// Extra facts for the message (sizes, indices); may be empty.
    public var detail: String

    /// Creates an error.
    public init(_ code: Code, operation: String, detail: String = "") {
        self.code = code
        self.operation = operation
        self.detail = detail
    }

    /// A giflib or GIFCodec error code.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The C value (`E_GIF_ERR_*`, `D_GIF_ERR_*`) or ours (≥ 1000).
        public var rawValue: Int32
        /// Wraps a raw value.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        // MARK: giflib encoder (gif_lib.h)
        /// `E_GIF_ERR_OPEN_FAILED`: the output could not be opened.
        public static let openFailed = Code(rawValue: E_GIF_ERR_OPEN_FAILED)
        /// `E_GIF_ERR_WRITE_FAILED`: the output callback wrote fewer bytes than asked.
        public static let writeFailed = Code(rawValue: E_GIF_ERR_WRITE_FAILED)
        /// `E_GIF_ERR_HAS_SCRN_DSCR`: the screen descriptor was already written.
        public static let hasScreenDescriptor = Code(rawValue: E_GIF_ERR_HAS_SCRN_DSCR)
        /// `E_GIF_ERR_HAS_IMAG_DSCR`: an image descriptor is still open.
        public static let hasImageDescriptor = Code(rawValue: E_GIF_ERR_HAS_IMAG_DSCR)
        /// `E_GIF_ERR_NO_COLOR_MAP`: neither a global nor a local colour table.
        public static let encoderNoColorMap = Code(rawValue: E_GIF_ERR_NO_COLOR_MAP)
        /// `E_GIF_ERR_DATA_TOO_BIG`: more pixels written than the image holds.
        public static let encoderDataTooBig = Code(rawValue: E_GIF_ERR_DATA_TOO_BIG)
        /// `E_GIF_ERR_NOT_ENOUGH_MEM`: giflib's allocation failed while encoding.
        public static let encoderNotEnoughMemory = Code(rawValue: E_GIF_ERR_NOT_ENOUGH_MEM)
        /// `E_GIF_ERR_DISK_IS_FULL`: writing compressed data failed.
        public static let diskIsFull = Code(rawValue: E_GIF_ERR_DISK_IS_FULL)
        /// `E_GIF_ERR_CLOSE_FAILED`: closing the output failed.
        public static let encoderCloseFailed = Code(rawValue: E_GIF_ERR_CLOSE_FAILED)
        /// `E_GIF_ERR_NOT_WRITEABLE`: the handle was not opened for writing.
        public static let notWriteable = Code(rawValue: E_GIF_ERR_NOT_WRITEABLE)

        // MARK: giflib decoder (gif_lib.h)
        /// `D_GIF_ERR_OPEN_FAILED`: the input could not be opened.
        public static let decoderOpenFailed = Code(rawValue: D_GIF_ERR_OPEN_FAILED)
        /// `D_GIF_ERR_READ_FAILED`: the data ended early or a read failed.
        public static let readFailed = Code(rawValue: D_GIF_ERR_READ_FAILED)
        /// `D_GIF_ERR_NOT_GIF_FILE`: no `GIF` signature.
        public static let notGIFFile = Code(rawValue: D_GIF_ERR_NOT_GIF_FILE)
        /// `D_GIF_ERR_NO_SCRN_DSCR`: no logical screen descriptor.
        public static let noScreenDescriptor = Code(rawValue: D_GIF_ERR_NO_SCRN_DSCR)
        /// `D_GIF_ERR_NO_IMAG_DSCR`: no image descriptor where one was expected.
        public static let noImageDescriptor = Code(rawValue: D_GIF_ERR_NO_IMAG_DSCR)
        /// `D_GIF_ERR_NO_COLOR_MAP`: a frame has neither a global nor a local colour table.
        public static let noColorMap = Code(rawValue: D_GIF_ERR_NO_COLOR_MAP)
        /// `D_GIF_ERR_WRONG_RECORD`: an unknown block introducer.
        public static let wrongRecord = Code(rawValue: D_GIF_ERR_WRONG_RECORD)
        /// `D_GIF_ERR_DATA_TOO_BIG`: more pixels than the image holds.
        public static let dataTooBig = Code(rawValue: D_GIF_ERR_DATA_TOO_BIG)
        /// `D_GIF_ERR_NOT_ENOUGH_MEM`: giflib's allocation failed while decoding.
        public static let notEnoughMemory = Code(rawValue: D_GIF_ERR_NOT_ENOUGH_MEM)
        /// `D_GIF_ERR_CLOSE_FAILED`: closing the input failed.
        public static let closeFailed = Code(rawValue: D_GIF_ERR_CLOSE_FAILED)
        /// `D_GIF_ERR_NOT_READABLE`: the handle was not opened for reading.
        public static let notReadable = Code(rawValue: D_GIF_ERR_NOT_READABLE)
        /// `D_GIF_ERR_IMAGE_DEFECT`: corrupt LZW data (a code beyond the table).
        public static let imageDefect = Code(rawValue: D_GIF_ERR_IMAGE_DEFECT)
        /// `D_GIF_ERR_EOF_TOO_SOON`: the LZW data ended before the frame's last pixel.
        public static let eofTooSoon = Code(rawValue: D_GIF_ERR_EOF_TOO_SOON)

        // MARK: GIFCodec's own checks
        /// The image or animation needs more memory than the limit allows, or a size is out of
        /// GIF's range (1…65535).
        public static let tooLarge = Code(rawValue: 1000)
        /// More frames than the limit allows.
        public static let tooManyFrames = Code(rawValue: 1001)
        /// A pixel's palette index is not below the colour count of the table in force.
        public static let indexOutOfPalette = Code(rawValue: 1002)
        /// The input to the encoder is not valid (no frames, a negative delay, a bad size).
        public static let invalidInput = Code(rawValue: 1003)
        /// The data breaks a rule of GIF89a in a way browsers do not show (a graphic control
        /// extension shorter than 4 bytes, an LZW minimum code size above 8, a code beyond the
        /// LZW table, nothing to show at all).
        public static let malformed = Code(rawValue: 1004)

        /// A short human phrase and the C name where there is one.
        var message: String {
            switch self {
            case .openFailed: "cannot open the output (E_GIF_ERR_OPEN_FAILED)"
            case .writeFailed: "write failed (E_GIF_ERR_WRITE_FAILED)"
            case .hasScreenDescriptor: "screen descriptor already written (E_GIF_ERR_HAS_SCRN_DSCR)"
            case .hasImageDescriptor: "image descriptor already written (E_GIF_ERR_HAS_IMAG_DSCR)"
            case .encoderNoColorMap: "no colour table (E_GIF_ERR_NO_COLOR_MAP)"
            case .encoderDataTooBig: "more pixels than the image holds (E_GIF_ERR_DATA_TOO_BIG)"
            case .encoderNotEnoughMemory: "out of memory (E_GIF_ERR_NOT_ENOUGH_MEM)"
            case .diskIsFull: "write failed, disk full? (E_GIF_ERR_DISK_IS_FULL)"
            case .encoderCloseFailed: "closing the output failed (E_GIF_ERR_CLOSE_FAILED)"
            case .notWriteable: "not opened for writing (E_GIF_ERR_NOT_WRITEABLE)"
            case .decoderOpenFailed: "cannot open the input (D_GIF_ERR_OPEN_FAILED)"
            case .readFailed: "data ends early or cannot be read (D_GIF_ERR_READ_FAILED)"
            case .notGIFFile: "not a GIF file (D_GIF_ERR_NOT_GIF_FILE)"
            case .noScreenDescriptor: "no logical screen descriptor (D_GIF_ERR_NO_SCRN_DSCR)"
            case .noImageDescriptor: "no image descriptor (D_GIF_ERR_NO_IMAG_DSCR)"
            case .noColorMap: "frame has no global or local colour table (D_GIF_ERR_NO_COLOR_MAP)"
            case .wrongRecord: "unknown block type (D_GIF_ERR_WRONG_RECORD)"
            case .dataTooBig: "more pixels than the frame holds (D_GIF_ERR_DATA_TOO_BIG)"
            case .notEnoughMemory: "out of memory (D_GIF_ERR_NOT_ENOUGH_MEM)"
            case .closeFailed: "closing the input failed (D_GIF_ERR_CLOSE_FAILED)"
            case .notReadable: "not opened for reading (D_GIF_ERR_NOT_READABLE)"
            case .imageDefect: "corrupt LZW image data (D_GIF_ERR_IMAGE_DEFECT)"
            case .eofTooSoon: "image data ends before the frame's last pixel (D_GIF_ERR_EOF_TOO_SOON)"
            case .tooLarge: "too large"
            case .tooManyFrames: "too many frames"
            case .indexOutOfPalette: "palette index out of range"
            case .invalidInput: "invalid input"
            case .malformed: "malformed GIF"
            default: "giflib error \(rawValue)"
            }
        }
    }

    /// `"<operation>: <message>[: <detail>]"`, one line.
    public var description: String {
        detail.isEmpty ? "\(operation): \(code.message)" : "\(operation): \(code.message): \(detail)"
    }
}
