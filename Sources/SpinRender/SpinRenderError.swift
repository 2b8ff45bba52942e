/// A failure the command line reports with one line and a sysexits(3) status.
///
/// The message names the input or output and the problem, and says what to do when there is
/// something to do.
public struct SpinRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sysexits(3) exit status for this kind of failure.
    public enum Kind: Int32, Hashable, Sendable {
        /// EX_USAGE: bad arguments.
        case usage = 64
        /// EX_DATAERR: input that is malformed, or that asks for more than the limits allow.
        case badData = 65
        /// EX_NOINPUT: an input that does not exist or cannot be read.
        case missingInput = 66
        /// EX_SOFTWARE: an internal error.
        case software = 70
        /// EX_CANTCREAT: an output that cannot be created.
        case cannotCreate = 73
        /// EX_IOERR: reading or writing failed part-way.
        case ioError = 74
        /// Not a sysexits(3) code: the reader of a pipe being written has gone (EPIPE), as in
        /// `spinrender -o - | head -c 10`. Nothing is wrong with the run, so the command line
        /// exits without a message, with 141 = 128 + SIGPIPE, the status a shell reports for
        /// `cat` or `yes` killed by the same closed pipe.
        case outputClosed = 141
    }

    /// What went wrong, for the exit status.
    public var kind: Kind
    /// One line for a person: names the file or option and the problem.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The exit status (64, 65, 66, 70, 73, 74, or 141 for a closed pipe).
    public var exitStatus: Int32 { kind.rawValue }

    /// The message.
    public var description: String { message }
}
