/// A PNG that could not be read or written.
///
/// Wraps what libpng's simplified API reported (its `png_image.message`, one line) or a check of
/// our own, plus the operation that failed. The description is one line without a file name:
/// the caller knows the path and prefixes it (`Error: frames/frame_0003.png: cannot decode …`).
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The raw value, stable across releases.
        public let rawValue: Int

        /// Creates a code from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// libpng reported an error (`PNG_IMAGE_ERROR` in `png_image.warning_or_error`): the data
        /// is malformed or truncated, or libpng could not allocate memory.
        public static let libpng = Code(rawValue: 1)
        /// The decoded image would need more memory than ``PNGDecodingLimits/maxMemoryBytes``.
        public static let tooLarge = Code(rawValue: 2)
        /// The input has no bytes, or the image to encode has no pixels (PNG needs 1 × 1 at least).
        public static let empty = Code(rawValue: 3)
        /// The image size cannot be represented (PNG sides are at most 2³¹ − 1, rows at most
        /// `Int32.max` bytes for libpng's row stride).
        public static let unsupportedSize = Code(rawValue: 4)
        /// A chunk declares more bytes than the data holds (a truncated or forged file), found
        /// before libpng reads it: libpng would otherwise try to read, and first allocate and
        /// clear, whatever length a chunk claims (up to 2 GiB from an 86-byte file).
        public static let malformed = Code(rawValue: 5)

        /// `libpng`, `tooLarge`, `empty`, `unsupportedSize`, `malformed` or `code N`.
        public var description: String {
            switch self {
            case .libpng: "libpng"
            case .tooLarge: "tooLarge"
            case .empty: "empty"
            case .unsupportedSize: "unsupportedSize"
            case .malformed: "malformed"
            default: "code \(rawValue)"
            }
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The step that failed, as in `GIFError`: `"decode"` (PNG bytes into an
    /// ``RGBAImage``) or `"encode"` (an ``RGBAImage`` into PNG bytes).
    public var operation: String
    /// What is wrong, one line, from libpng or from our own checks.
    public var message: String

    /// Creates an error.
    public init(code: Code, operation: String, message: String) {
        self.code = code
        self.operation = operation
        // One line, whatever libpng put in its buffer.
        self.message = String(message.map { $0.isNewline ? " " : $0 })
    }

    /// `cannot decode PNG: <message>` or `cannot encode PNG: <message>`.
    public var description: String {
        "cannot \(operation) PNG: \(message)"
    }
}
