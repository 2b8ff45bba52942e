/// A failure while encoding a video: OpenH264's status or one of our checks, and the step that
/// failed.
///
/// OpenH264 reports failures as `CM_RETURN` values (`codec_def.h`: `cmInitParaError` 1,
/// `cmUnknownReason` 2, `cmMallocMemeError` 3, `cmInitExpected` 4, `cmUnsupportedData` 5);
/// ``Code`` keeps the C value and names it. ``description`` is one line without a file name.
public struct VideoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// The step that failed, e.g. `"InitializeExt"` or `"EncodeFrame"`.
    public var operation: String
    /// Extra facts for the message (sizes, frame numbers); may be empty.
    public var detail: String

    /// Creates an error.
    public init(_ code: Code, operation: String, detail: String = "") {
        self.code = code
        self.operation = operation
        self.detail = detail
    }

    /// An OpenH264 `CM_RETURN` value, or one of VideoCodec's own codes (1000 and up).
    public struct Code: Hashable, Sendable {
        /// The C value (or ours).
        public var value: Int32

        /// Wraps a value.
        public init(_ value: Int32) { self.value = value }

        /// `cmInitParaError`: the encoder refused its parameters.
        public static let invalidParameters = Code(1)
        /// `cmUnknownReason`.
        public static let unknown = Code(2)
        /// `cmMallocMemeError`: an allocation failed.
        public static let outOfMemory = Code(3)
        /// `cmInitExpected`: the encoder was used before it was initialised.
        public static let notInitialised = Code(4)
        /// `cmUnsupportedData`: the picture's format or size is not supported.
        public static let unsupportedData = Code(5)
        /// `WelsCreateSVCEncoder` gave no encoder.
        public static let creationFailed = Code(1000)
        /// The input is not valid (a frame of another size, a duration of 0, no frames, a size
        /// out of range).
        public static let invalidInput = Code(1001)
        /// The encoder's output is not what the container needs (no SPS or PPS, a frame with no
        /// picture, a skipped frame).
        public static let unexpectedOutput = Code(1002)
        /// The file would be over the 4 GiB that 32-bit box sizes and chunk offsets address.
        public static let tooLarge = Code(1003)

        /// A short human phrase and the C name where there is one.
        var message: String {
            switch self {
            case .invalidParameters: "invalid parameters (cmInitParaError)"
            case .unknown: "failed (cmUnknownReason)"
            case .outOfMemory: "out of memory (cmMallocMemeError)"
            case .notInitialised: "not initialised (cmInitExpected)"
            case .unsupportedData: "unsupported picture (cmUnsupportedData)"
            case .creationFailed: "cannot create the encoder"
            case .invalidInput: "invalid input"
            case .unexpectedOutput: "unexpected encoder output"
            case .tooLarge: "too large"
            default: "OpenH264 error \(value)"
            }
        }
    }

    /// `"<operation>: <message>[: <detail>]"`, one line.
    public var description: String {
        detail.isEmpty ? "\(operation): \(code.message)" : "\(operation): \(code.message): \(detail)"
    }
}
