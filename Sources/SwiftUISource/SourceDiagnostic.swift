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
    ///
    /// A line longer than ``excerptWidth`` characters is shown as the part around the column,
    /// with `…` where it is cut, so a minified or generated source cannot flood a terminal;
    /// control characters (a NUL, an escape) are shown as `�`, so the excerpt cannot drive it.
    public var description: String {
        var shown = sourceLine.map { character -> Character in
            if character.isWhitespace { return " " }
            return character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ? "\u{FFFD}" : character
        }
        var caret = max(column - 1, 0)
        if shown.count > Self.excerptWidth {
            let start = min(max(0, caret - Self.excerptWidth / 2), shown.count - Self.excerptWidth)
            let end = start + Self.excerptWidth
            shown = (start > 0 ? ["…"] : []) + Array(shown[start..<end]) + (end < shown.count ? ["…"] : [])
            caret = caret - start + (start > 0 ? 1 : 0)
        }
        return summary + "\n" + String(shown) + "\n" + String(repeating: " ", count: caret) + "^"
    }

    /// The most characters of the source line ``description`` shows.
    public static let excerptWidth = 120
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
    /// The view expression given for the view (`--view 'DotLoader(color: .blue)'`) cannot be
    /// read or run: the diagnostic is located in the expression, under the name `--view`.
    case expression(SourceDiagnostic)

    /// One line saying what to do.
    public var description: String {
        switch self {
        case let .ambiguous(candidates):
            "several views could be rendered (\(candidates.joined(separator: ", "))): choose one with --view, or render every preview into a folder with '-o DIR/'"
        case let .unknownView(name, available):
            "no view named '\(name)'\(Spelling.suggestion(for: name, among: available)); the source has: \(available.joined(separator: ", "))"
        case .noViews:
            "the source declares no view (a 'struct Name: View' or a '#Preview'); to show a modifier or helper it declares, render an expression: --view 'Text(\"Loading\").shimmer()'"
        case let .expression(diagnostic):
            diagnostic.description
        }
    }
}

/// Either of the two ways ``SwiftProgram/script(view:dark:horizonSeconds:)`` can fail.
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
/// 0-based byte offset (UTF-8) in the whole text.
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

/// The text as UTF-8 with its line starts: turns byte offsets into locations (columns count
/// characters) and errors into ``SourceDiagnostic``s.
///
/// Line breaks are Swift's: LF, CR, and CR LF as one break (The Swift Programming Language,
/// Lexical Structure, "Whitespace and Comments": `line-break`). The parser counts lines the same
/// way, so a diagnostic's line number and the line shown under it are the same line; vertical
/// tab, form feed, NEL and the Unicode line and paragraph separators are not line breaks.
struct SourceText: Sendable {
    let fileName: String
    let bytes: [UInt8]
    /// Byte offset of the first byte of each line.
    let lineStarts: [Int]
    /// Byte offset where each line's text ends (its line break, or the end).
    let lineEnds: [Int]

    init(_ text: String, fileName: String) {
        self.fileName = fileName
        var text = text
        let bytes = text.withUTF8 { Array($0) }
        self.bytes = bytes
        // Room for lines of 32 bytes on average, so the arrays seldom grow.
        var starts = [0]
        var ends: [Int] = []
        starts.reserveCapacity(bytes.count / 32 + 1)
        ends.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                // Every byte above CR is no line break: one comparison for nearly all of them.
                let byte = bytes[index]
                if byte > 0x0D {
                    index += 1
                } else if byte == 0x0A || byte == 0x0D {
                    ends.append(index)
                    index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                    starts.append(index)
                } else {
                    index += 1
                }
            }
        }
        ends.append(bytes.count)
        lineStarts = starts
        lineEnds = ends
    }

    /// Characters (grapheme clusters) in `bytes[start..<end]`.
    func characterCount(from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        let slice = bytes[start..<end]
        if !slice.contains(where: { $0 >= 0x80 }) { return end - start }
        return String(decoding: slice, as: UTF8.self).count
    }

    /// The location of the byte at `offset`.
    func location(ofOffset offset: Int) -> Location {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = characterCount(from: lineStarts[low], to: min(offset, lineEnds[low])) + 1
        return Location(line: low + 1, column: column, offset: offset)
    }

    /// The text of line `number` (1-based), without its line break.
    func line(_ number: Int) -> String {
        let index = min(max(number, 1), lineStarts.count) - 1
        return String(decoding: bytes[lineStarts[index]..<lineEnds[index]], as: UTF8.self)
    }

    /// The files read after the first one (`--include`), each at the line of this text where
    /// it starts: a location there is reported in that file, at its own line. Empty for one file.
    var included: [IncludedPart] = []

    /// A file of a program's text after its first (``SwiftProgram/IncludedFile``).
    struct IncludedPart: Sendable {
        /// The line of the whole text on which the file's first line is.
        var firstLine: Int
        /// The byte offset in the whole text at which the file starts.
        var firstOffset: Int
        /// The file's own text and name.
        var text: SourceText
    }

    /// The text of files read as one module: the first (the file rendered), then each of
    /// `included` on the lines after it, each starting a line of its own. Locations in the
    /// whole text are turned into diagnostics in the file they fall in.
    init(main text: String, fileName: String, included: [(text: String, fileName: String)]) {
        var whole = text
        var starts: [Int] = []
        for file in included {
            whole += "\n"
            starts.append(whole.utf8.count)
            whole += file.text
        }
        self.init(whole, fileName: fileName)
        for (index, file) in included.enumerated() {
            self.included.append(IncludedPart(firstLine: location(ofOffset: starts[index]).line, firstOffset: starts[index],
                                              text: SourceText(file.text, fileName: file.fileName)))
        }
    }

    /// The whole text, as read.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The names of the files the text holds: its own, then the included files'.
    var fileNames: [String] { [fileName] + included.map(\.text.fileName) }

    func diagnostic(_ error: SourceError) -> SourceDiagnostic {
        if let part = included.last(where: { error.location.line >= $0.firstLine }) {
            let location = Location(line: error.location.line - part.firstLine + 1, column: error.location.column,
                                    offset: max(error.location.offset - part.firstOffset, 0))
            return part.text.diagnostic(SourceError(error.message, at: location))
        }
        let line = min(max(error.location.line, 1), lineStarts.count)
        // Messages quote names from the source; a hostile one must not make a huge message.
        let message = error.message.count > 400 ? String(error.message.prefix(400)) + "…" : error.message
        return SourceDiagnostic(
            fileName: fileName, line: line, column: error.location.column, message: message, sourceLine: self.line(line)
        )
    }
}
