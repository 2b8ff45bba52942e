import SwiftUISource

/// A failure of the library: what kind of failure, and one line for a person.
///
/// The message names the input or output and the problem, and says what to do when there is
/// something to do. A command-line tool chooses its exit status from ``kind`` (spinrender's uses
/// sysexits(3): 64, 65, 66, 70, 73, 74).
public struct SpinRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, as sysexits(3) sorts them.
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// Bad arguments (EX_USAGE).
        case usage
        /// Input that is malformed, or that asks for more than the limits allow (EX_DATAERR).
        case badData
        /// An input that does not exist or cannot be read (EX_NOINPUT).
        case missingInput
        /// An internal error (EX_SOFTWARE).
        case software
        /// An output that cannot be created (EX_CANTCREAT).
        case cannotCreate
        /// Reading or writing failed part-way (EX_IOERR).
        case ioError
        /// The reader of a pipe being written has gone (EPIPE), as in `spinrender -o - | head -c 10`:
        /// nothing is wrong with the run, so a tool goes quietly, as `cat` does.
        case outputClosed
    }

    /// What went wrong, for the exit status.
    public var kind: Kind
    /// One line for a person: names the file or option and the problem.
    public var message: String
    /// Where in the Swift source the problem is, when it is in a place of it (a view the SVG
    /// writer cannot write): the diagnostic a terminal shows with its line and caret. The
    /// ``message`` is then its one-line ``SwiftUISource/SourceDiagnostic/summary``.
    public var diagnostic: SourceDiagnostic?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// An error at a place of the source: its message is the diagnostic's summary
    /// (`Loader.swift:7:14: error: …`).
    public init(_ kind: Kind, _ diagnostic: SourceDiagnostic) {
        self.init(kind, diagnostic.summary)
        self.diagnostic = diagnostic
    }

    /// The message.
    public var description: String { message }
}
