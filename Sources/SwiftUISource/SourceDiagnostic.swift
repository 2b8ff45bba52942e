import Motion

/// A mistake in SwiftUI source text, or a construct the interpreter does not support: where it
/// is and what is wrong, printed as the Swift compiler prints its errors.
///
///     Spinner.swift:7:13: error: 'Text' is not supported here; supported views: Image, …
///                 Text("Loading")
///                 ^
///
/// ``line`` and ``column`` are 1-based; columns count characters as an editor shows them
/// (extended grapheme clusters: `⭐️` is one column), so the caret lands under the mistake.
public struct SourceDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name the source is reported under, e.g. `Spinner.swift` or `<stdin>`.
    public let fileName: String
    /// 1-based line of the mistake.
    public let line: Int
    /// 1-based column (in characters) of the mistake; one past the end for a missing token.
    public let column: Int
    /// What is wrong, in one line, without the location.
    public let message: String
    /// The text of the line the mistake is on, without its line break.
    public let sourceLine: String

    /// A diagnostic.
    public init(fileName: String, line: Int, column: Int, message: String, sourceLine: String) {
        self.fileName = fileName
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// The one-line form: `Spinner.swift:7:13: error: message`.
    public var summary: String { "\(fileName):\(line):\(column): error: \(message)" }

    /// ``summary``, then the source line (tabs shown as spaces so the columns line up) and a
    /// caret under ``column``.
    public var description: String {
        let shown = String(sourceLine.map { $0.isWhitespace ? " " : $0 })
        return summary + "\n" + shown + "\n" + String(repeating: " ", count: max(column - 1, 0)) + "^"
    }
}

/// Why no view could be chosen for rendering: a problem with the request (a usage error), not
/// with the source.
public enum ViewSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No view name was given and several views qualify (several `#Preview`s, or several views
    /// and none named `ContentView`); `candidates` in source order.
    case ambiguous(candidates: [String])
    /// The requested view is not in the source; `available` are the names it has.
    case unknownView(String, available: [String])
    /// The source declares no view at all.
    case noViews

    /// One line saying what to do.
    public var description: String {
        switch self {
        case let .ambiguous(candidates):
            "several views could be rendered (\(candidates.joined(separator: ", "))): choose one with --view"
        case let .unknownView(name, available):
            "no view named '\(name)'\(Spelling.suggestion(for: name, among: available)); the source has: \(available.joined(separator: ", "))"
        case .noViews:
            "the source declares no view (a 'struct Name: View' or a '#Preview')"
        }
    }
}

/// Either of the two ways ``SwiftUIProgram/script(for:)`` can fail.
public enum SwiftUISourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The view could not be chosen: a usage error (exit status 64 in a command-line tool).
    case viewSelection(ViewSelectionError)
    /// The chosen view's code cannot be interpreted: bad data (exit status 65).
    case source(SourceDiagnostic)

    /// The underlying error's description.
    public var description: String {
        switch self {
        case let .viewSelection(error): error.description
        case let .source(diagnostic): diagnostic.description
        }
    }
}


/// Where a token or syntax node starts: 1-based line and column (in characters), and the
/// 0-based character offset in the whole text.
struct Location: Hashable, Sendable {
    var line: Int
    var column: Int
    var offset: Int
}

/// An error before it is given its file name and line text.
struct SourceError: Error {
    var location: Location
    var message: String

    init(_ message: String, at location: Location) {
        self.message = message
        self.location = location
    }
}

/// The text's lines, to turn an error into a ``SourceDiagnostic`` and character offsets into
/// locations (for errors that Motion reports by offset).
struct SourceText: Sendable {
    let fileName: String
    /// Character offset of the first character of each line.
    let lineStarts: [Int]
    let lines: [String]

    init(_ text: String, fileName: String) {
        self.fileName = fileName
        var starts = [0]
        var lines: [String] = []
        var current = ""
        var offset = 0
        for character in text {
            offset += 1
            if character.isNewline {
                lines.append(current)
                current = ""
                starts.append(offset)
            } else {
                current.append(character)
            }
        }
        lines.append(current)
        self.lineStarts = starts
        self.lines = lines
    }

    /// The location of the character at `offset` (0-based).
    func location(ofOffset offset: Int) -> Location {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return Location(line: low + 1, column: offset - lineStarts[low] + 1, offset: offset)
    }

    func diagnostic(_ error: SourceError) -> SourceDiagnostic {
        let line = min(max(error.location.line, 1), lines.count)
        return SourceDiagnostic(
            fileName: fileName, line: line, column: error.location.column, message: error.message, sourceLine: lines[line - 1]
        )
    }
}
