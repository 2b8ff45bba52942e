/// Splits Swift source text into tokens, following the lexical structure of The Swift
/// Programming Language (Lexical Structure chapter).
///
/// Works on UTF-8 bytes (the ASCII of Swift's syntax is the fast path); a non-ASCII scalar is
/// decoded where it appears. Columns count characters (extended grapheme clusters): a run of
/// ASCII counts its bytes, any other run its clusters. Line breaks are `\n`, `\r\n` and `\r`,
/// as in Swift.
///
/// The lexer never fails: what it cannot read becomes a diagnostic and lexing goes on (an
/// unterminated string ends at the end of its line, an unknown character is skipped). String
/// interpolations are lexed into tokens of their own (``StringLiteralToken``); they nest at
/// most ``maximumNesting`` deep.
struct Lexer {
    /// Strings inside interpolations inside strings …: deeper than this is reported and the rest
    /// of the text is skipped, so no input can exhaust the stack.
    static let maximumNesting = 64

    struct Output {
        var tokens: [Token]
        var strings: [StringLiteralToken]
        /// The text of each token that is not spelled by its ``Word`` (``Token/text``).
        var texts: [String]
        var diagnostics: [SyntaxDiagnostic]
        /// Offsets where each line starts (line 1 at index 0).
        var lineStarts: [Int]
    }

    let bytes: [UInt8]
    /// `bytes` while ``lex()`` runs: read without bounds checks or reference counting.
    private var source = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var index = 0
    private var line = 1
    private var lineStarts = [0]
    /// The column already counted up to `countedIndex` on the current line.
    private var countedIndex = 0
    private var countedColumn = 1
    private var strings: [StringLiteralToken] = []
    private var texts = TextTable()
    private let words = WordTable.shared
    private var diagnostics: [SyntaxDiagnostic] = []
    private var nesting = 0
    /// Set once interpolations nest too deep: the strings left open are not reported one by one.
    private var tooDeep = false

    init(_ text: String) {
        var text = text
        bytes = text.withUTF8 { Array($0) }
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func lex() -> Output {
        let bytes = bytes
        return bytes.withUnsafeBufferPointer { buffer in
            source = buffer
            defer { source = UnsafeBufferPointer(start: nil, count: 0) }
            var tokens: [Token] = []
            tokens.reserveCapacity(source.count / 4)
            // `#!/usr/bin/env swift` on the first line is a comment to Swift.
            if source.starts(with: [0x23, 0x21]) {
                while index < source.count && !isLineBreak(source[index]) { index += 1 }
            }
            _ = lexTokens(into: &tokens, interpolation: nil)
            return Output(tokens: tokens, strings: strings, texts: texts.texts, diagnostics: diagnostics, lineStarts: lineStarts)
        }
    }

    // MARK: Positions

    private mutating func location() -> SourceLocation {
        if index > countedIndex {
            let lineStart = lineStarts[lineStarts.count - 1]
            if source[countedIndex] >= 0x80, countedIndex > lineStart {
                // A mark that continues the character before it (an N'Ko tone mark after ':')
                // is part of that character, as an editor shows it: the part is counted with the
                // scalar before it, which was counted already.
                var previous = countedIndex - 1
                while previous > lineStart, source[previous] & 0xC0 == 0x80 { previous -= 1 }
                countedColumn += source.characterCount(from: previous, to: index) - source.characterCount(from: previous, to: countedIndex)
            } else {
                countedColumn += source.characterCount(from: countedIndex, to: index)
            }
            countedIndex = index
        }
        return SourceLocation(line: line, column: countedColumn, offset: index)
    }

    /// The location of any offset already lexed (for diagnostics found after the fact).
    func location(ofOffset offset: Int) -> SourceLocation {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(line: low + 1, column: source.characterCount(from: lineStarts[low], to: offset) + 1, offset: offset)
    }

    @inline(__always)
    private func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// Consumes the line break at `index`, if there is one.
    private mutating func skipLineBreak() -> Bool {
        guard index < source.count else { return false }
        if source[index] == 0x0A {
            index += 1
        } else if source[index] == 0x0D {
            index += index + 1 < source.count && source[index + 1] == 0x0A ? 2 : 1
        } else {
            return false
        }
        line += 1
        lineStarts.append(index)
        countedIndex = index
        countedColumn = 1
        return true
    }

    @inline(__always)
    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < source.count ? source[index + ahead] : nil
    }

    @inline(__always)
    private func at(_ ahead: Int, _ character: Unicode.Scalar) -> Bool {
        peek(ahead) == UInt8(ascii: character)
    }

    private mutating func report(_ message: String, at location: SourceLocation) {
        diagnostics.append(SyntaxDiagnostic(message, at: location))
    }

    // MARK: Characters

    fileprivate static func isIdentifierHead(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// `_`, `A`–`Z`, `a`–`z`, `0`–`9` as bits: one test per byte where a name is read.
    private static let identifierBodyBelow64: UInt64 = 0x03FF_0000_0000_0000
    private static let identifierBodyFrom64: UInt64 = 0x07FF_FFFE_87FF_FFFE

    /// ``isIdentifierBody(_:)`` for an ASCII byte (below 0x80).
    @inline(__always)
    private static func isASCIIIdentifierBody(_ byte: UInt8) -> Bool {
        (byte < 64 ? identifierBodyBelow64 : identifierBodyFrom64) & (1 << UInt64(byte & 63)) != 0
    }

    fileprivate static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    private static func isHexDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    fileprivate static func isIdentifierBody(_ byte: UInt8) -> Bool { isIdentifierHead(byte) || isDigit(byte) }

    /// Swift's operator-head characters outside ASCII (The Swift Programming Language, Lexical
    /// Structure, "Operators").
    fileprivate static func isUnicodeOperatorHead(_ s: UInt32) -> Bool {
        switch s {
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
             0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
             0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
             0x3008...0x3020, 0x3030:
            return true
        default:
            return false
        }
    }

    /// Combining marks: they continue operators and identifiers alike.
    fileprivate static func isCombining(_ s: UInt32) -> Bool {
        switch s {
        case 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF: true
        default: false
        }
    }

    fileprivate static func isUnicodeWhitespace(_ s: UInt32) -> Bool {
        switch s {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    fileprivate static func isASCIIOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
             UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
             UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }

    // MARK: Tokens

    /// Lexes tokens until the end of the text or, inside an interpolation, its closing `)`.
    /// Ends the list with an ``Token/Kind/end`` token; returns whether the interpolation closed.
    private mutating func lexTokens(into tokens: inout [Token], interpolation: (multiLine: Bool, Void)?) -> Bool {
        var parenDepth = 0
        var space = true
        var newline = true
        let first = tokens.count
        while true {
            // Whitespace and comments.
            while index < source.count {
                let byte = source[index]
                if byte == 0x0A || byte == 0x0D {
                    if let interpolation, !interpolation.multiLine {
                        finish(&tokens, from: first)
                        return false
                    }
                    _ = skipLineBreak()
                    newline = true
                    space = true
                } else if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C || byte == 0 {
                    space = true
                    index += 1
                } else if byte == UInt8(ascii: "/") && at(1, "/") {
                    while index < source.count && !isLineBreak(source[index]) { index += 1 }
                    space = true
                } else if byte == UInt8(ascii: "/") && at(1, "*") {
                    skipBlockComment()
                    space = true
                } else if byte >= 0x80, case let (s, length) = source.scalar(at: index), Self.isUnicodeWhitespace(s) {
                    space = true
                    index += length
                } else {
                    break
                }
            }
            let start = location()
            guard index < source.count else {
                finish(&tokens, from: first)
                return interpolation == nil
            }
            let byte = source[index]
            if interpolation != nil {
                if byte == UInt8(ascii: "(") {
                    parenDepth += 1
                } else if byte == UInt8(ascii: ")") {
                    if parenDepth == 0 {
                        index += 1
                        let end = location()
                        tokens.append(Token(kind: .end, text: -1, location: start, end: end, newlineBefore: newline, leftBound: !space, rightBound: false))
                        return true
                    }
                    parenDepth -= 1
                }
            }
            var leftBound = !space
            if leftBound, tokens.count > first, case let .punct(punct) = tokens[tokens.count - 1].kind,
               punct == "(" || punct == "[" || punct == "{" || punct == "," || punct == ";" || punct == ":" {
                leftBound = false
            }
            let afterPeriod = !space && tokens.count > first && tokens[tokens.count - 1].isPunct(".")
            guard let (kind, text) = lexToken(startingWith: byte, at: start, leftBound: leftBound, afterPeriod: afterPeriod, tokens: &tokens) else {
                space = true
                continue
            }
            let end = location()
            tokens.append(Token(kind: kind, text: text, location: start, end: end, newlineBefore: newline, leftBound: leftBound,
                                rightBound: source.isRightBound(at: index, leftBound: leftBound), isBackticked: byte == UInt8(ascii: "`")))
            space = false
            newline = false
            if nesting > Self.maximumNesting { index = source.count }
        }
    }

    private mutating func finish(_ tokens: inout [Token], from first: Int) {
        let here = location()
        tokens.append(.end(at: here, newlineBefore: true))
    }

    private mutating func skipBlockComment() {
        let start = location()
        var depth = 0
        repeat {
            if at(0, "/") && at(1, "*") {
                depth += 1
                index += 2
            } else if at(0, "*") && at(1, "/") {
                depth -= 1
                index += 2
            } else if index >= source.count {
                report("unterminated '/*' comment", at: start)
                return
            } else if !skipLineBreak() {
                index += 1
            }
        } while depth > 0
    }

    /// Lexes one token starting at `index`: its kind and ``Token/text``; `nil` when the
    /// character is not a token (reported).
    private mutating func lexToken(startingWith byte: UInt8, at start: SourceLocation, leftBound: Bool, afterPeriod: Bool,
                                   tokens: inout [Token]) -> (Token.Kind, Int)? {
        if byte < 0x80 ? Self.isIdentifierHead(byte) : source.identifierHead(at: index) != nil {
            let nameStart = index
            index += byte < 0x80 ? 1 : source.identifierHead(at: index)!
            readIdentifierBody()
            let (word, text) = name(from: nameStart)
            return (.identifier(word), text)
        }
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "\\"):
            index += 1
            return (.punct(Punct(byte)), -1)
        case UInt8(ascii: "."):
            if at(1, ".") { return lexOperator(dotted: true) }
            index += 1
            return (.punct("."), -1)
        case UInt8(ascii: "`"):
            index += 1
            if index < source.count, let length = source.identifierHead(at: index) {
                let nameStart = index
                index += length
                readIdentifierBody()
                if at(0, "`") {
                    let (word, text) = name(from: nameStart)
                    index += 1
                    return (.identifier(word), text)
                }
            }
            report("expected an identifier and '`' after '`'", at: start)
            return nil
        case UInt8(ascii: "\""):
            return (.string, lexString(at: start, pounds: 0))
        case UInt8(ascii: "#"):
            var pounds = 0
            while at(pounds, "#") { pounds += 1 }
            if at(pounds, "\"") {
                index += pounds
                return (.string, lexString(at: start, pounds: pounds))
            }
            index += 1
            if index < source.count, let length = source.identifierHead(at: index) {
                let nameStart = index
                index += length
                readIdentifierBody()
                let (word, text) = name(from: nameStart)
                return (.pound(word), text)
            }
            report("expected a macro identifier after '#'", at: start)
            return nil
        case UInt8(ascii: "@"):
            index += 1
            if index < source.count, let length = source.identifierHead(at: index) {
                let nameStart = index
                index += length
                readIdentifierBody()
                let (word, text) = name(from: nameStart)
                return (.attribute(word), text)
            }
            report("expected an attribute name after '@'", at: start)
            return nil
        case UInt8(ascii: "$"):
            index += 1
            let nameStart = index
            while index < source.count, let length = source.identifierBody(at: index) { index += length }
            if index == nameStart {
                report("expected a name or number after '$'", at: start)
                return nil
            }
            return (.dollar, text(from: nameStart - 1))
        case UInt8(ascii: "?"), UInt8(ascii: "!"):
            // Swift lexes a left-bound `?` or `!` alone: optional chaining, force unwrap.
            if leftBound {
                index += 1
                return (.op(byte == UInt8(ascii: "?") ? .question : .exclamation), -1)
            }
            return lexOperator(dotted: false)
        case let digit where Self.isDigit(digit):
            let first = index
            let kind = lexNumber(at: start, afterPeriod: afterPeriod)
            return (kind, text(from: first))
        default:
            if source.operatorCharacter(at: index, head: true) > 0 { return lexOperator(dotted: false) }
            let (s, length) = source.scalar(at: index)
            index += length
            let hex = String(s, radix: 16, uppercase: true)
            let shown = s < 0x20 || s == 0x7F || s == 0xFFFD || Self.isCombining(s)
                ? "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                : String(Character(Unicode.Scalar(s) ?? "?"))
            if s == 0xFFFD && length == 1 {
                report("invalid UTF-8 found in source file", at: start)
            } else {
                report("invalid character '\(shown)' in source file", at: start)
            }
            return nil
        }
    }

    /// The word `source[start..<index]` spells, and its index in `texts` when it is no word
    /// (else -1): the bytes are packed once for both look-ups.
    private mutating func name(from start: Int) -> (Word, Int) {
        let count = index - start
        guard count <= PackedSpelling.maximumLength else { return (.other, text(from: start)) }
        let key = PackedSpelling(source, from: start, count: count)
        let word = words.word(key)
        return (word, word == .other ? texts.index(of: key, source, from: start, to: index) : -1)
    }

    /// Keeps `source[start..<index]` as a token's text; returns its index in `texts`.
    private mutating func text(from start: Int) -> Int {
        texts.index(of: source, from: start, to: index)
    }

    /// Reads the rest of a name whose first character is before `index`.
    private mutating func readIdentifierBody() {
        while index < source.count {
            // ASCII, nearly every byte of a name, is decided here; the rest by `identifierBody`.
            let byte = source[index]
            if byte < 0x80 {
                guard Self.isASCIIIdentifierBody(byte) else { break }
                index += 1
            } else {
                guard let length = source.identifierBody(at: index) else { break }
                index += length
            }
        }
    }

    /// Maximal munch: operator characters (and `.` only in an operator that starts with `.`),
    /// stopping before a comment.
    private mutating func lexOperator(dotted: Bool) -> (Token.Kind, Int) {
        let start = index
        index += dotted ? 1 : source.operatorCharacter(at: index, head: true)
        while index < source.count {
            if source[index] == UInt8(ascii: "/") && (at(1, "/") || at(1, "*")) { break }
            if source[index] == UInt8(ascii: ".") {
                guard dotted else { break }
                index += 1
                continue
            }
            let length = source.operatorCharacter(at: index, head: false)
            guard length > 0 else { break }
            index += length
        }
        let (word, text) = name(from: start)
        return (.op(word), text)
    }

    // MARK: Numbers

    private mutating func lexNumber(at start: SourceLocation, afterPeriod: Bool) -> Token.Kind {
        func run(_ lexer: inout Lexer, _ isDigit: (UInt8) -> Bool) {
            while let byte = lexer.peek(), isDigit(byte) || byte == UInt8(ascii: "_") { lexer.index += 1 }
        }
        var isFloat = false
        var radixName = ""
        var validDigits = ""
        if at(0, "0") && (at(1, "x") || at(1, "o") || at(1, "b")) {
            let radix = source[index + 1]
            index += 2
            let isRadixDigit: (UInt8) -> Bool = switch radix {
            case UInt8(ascii: "x"): { Self.isHexDigit($0) }
            case UInt8(ascii: "o"): { $0 >= 0x30 && $0 <= 0x37 }
            default: { $0 == 0x30 || $0 == 0x31 }
            }
            (radixName, validDigits) = switch radix {
            case UInt8(ascii: "x"): ("hexadecimal", " (0-9, A-F)")
            case UInt8(ascii: "o"): ("octal", " (0-7)")
            default: ("binary", " (0 or 1)")
            }
            guard let byte = peek(), isRadixDigit(byte) else {
                let here = location()
                report("expected \(radixName) digit\(validDigits) after '0\(Character(UnicodeScalar(radix)))'", at: here)
                skipIdentifierTail()
                return .integer
            }
            run(&self, isRadixDigit)
            if radix == UInt8(ascii: "x") {
                var probe = index
                if at(0, "."), Self.isHexDigit(peek(1)) {
                    probe += 1
                    while probe < source.count, Self.isHexDigit(source[probe]) || source[probe] == UInt8(ascii: "_") { probe += 1 }
                }
                if probe < source.count, source[probe] == UInt8(ascii: "p") || source[probe] == UInt8(ascii: "P") {
                    index = probe + 1
                    isFloat = true
                    if at(0, "+") || at(0, "-") { index += 1 }
                    guard Self.isDigit(peek()) else {
                        report("expected a digit in floating point exponent", at: location())
                        return .float
                    }
                    run(&self, { Self.isDigit($0) })
                }
            }
        } else {
            run(&self, { Self.isDigit($0) })
            radixName = ""
            if !afterPeriod, at(0, "."), Self.isDigit(peek(1)) {
                isFloat = true
                index += 1
                run(&self, { Self.isDigit($0) })
            }
            if !afterPeriod, at(0, "e") || at(0, "E") {
                let sign = at(1, "-") || at(1, "+")
                if Self.isDigit(peek(sign ? 2 : 1)) {
                    isFloat = true
                    index += sign ? 2 : 1
                    run(&self, { Self.isDigit($0) })
                } else {
                    index += sign ? 2 : 1
                    report("expected a digit in floating point exponent", at: location())
                    skipIdentifierTail()
                    return .float
                }
            }
        }
        if index < source.count, source.identifierBody(at: index) != nil {
            let here = location()
            let (s, _) = source.scalar(at: index)
            let character = Character(Unicode.Scalar(s) ?? "?")
            let kind = isFloat ? "floating point" : "integer"
            let digit = radixName.isEmpty ? "digit" : "\(radixName) digit\(validDigits)"
            report("'\(character)' is not a valid \(digit) in \(kind) literal", at: here)
            skipIdentifierTail()
        }
        return isFloat ? .float : .integer
    }

    private mutating func skipIdentifierTail() {
        while index < source.count, let length = source.identifierBody(at: index) { index += length }
    }

    // MARK: Strings

    private enum Piece {
        case raw(Int, Int)
        case interpolation([Token], SourceLocation)
    }

    /// Lexes a string literal from its opening quote (after any `#`s); returns its index in
    /// `strings`.
    private mutating func lexString(at start: SourceLocation, pounds: Int) -> Int {
        let multiLine = at(0, "\"") && at(1, "\"") && at(2, "\"")
        index += multiLine ? 3 : 1
        var pieces: [Piece] = []
        var pieceStart = index
        var closed = false
        if multiLine {
            // The content starts on the line after the opening delimiter.
            while at(0, " ") || at(0, "\t") { index += 1 }
            if index < source.count && !isLineBreak(source[index]) {
                report("multi-line string literal content must begin on a new line", at: location())
            } else {
                _ = skipLineBreak()
            }
            pieceStart = index
        }
        var closingLineStart = pieceStart
        scan: while true {
            guard index < source.count else { break scan }
            let byte = source[index]
            if isLineBreak(byte) {
                guard multiLine else { break scan }
                _ = skipLineBreak()
                closingLineStart = index
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let quotes = multiLine ? 3 : 1
                var matches = true
                for i in 0..<quotes + pounds where !(i < quotes ? at(i, "\"") : at(i, "#")) {
                    matches = false
                    break
                }
                if matches {
                    pieces.append(.raw(pieceStart, index))
                    let closeStart = index
                    index += quotes + pounds
                    closed = true
                    if multiLine {
                        return finishMultiLine(pieces, start: start, pounds: pounds, closingLineStart: closingLineStart, closeStart: closeStart)
                    }
                    break scan
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\\") {
                var escapePounds = 0
                while escapePounds < pounds && at(1 + escapePounds, "#") { escapePounds += 1 }
                guard escapePounds == pounds else {
                    index += 1
                    continue
                }
                if at(1 + pounds, "(") {
                    pieces.append(.raw(pieceStart, index))
                    let interpolationStart = location()
                    index += 2 + pounds
                    nesting += 1
                    var tokens: [Token] = []
                    let closedInterpolation = nesting > Self.maximumNesting ? false : lexTokens(into: &tokens, interpolation: (multiLine, ()))
                    if nesting > Self.maximumNesting {
                        if !tooDeep {
                            tooDeep = true
                            report("string interpolations are nested more than \(Self.maximumNesting) deep", at: interpolationStart)
                        }
                        index = source.count
                        tokens = [.end(at: interpolationStart)]
                    }
                    nesting -= 1
                    pieces.append(.interpolation(tokens, interpolationStart))
                    pieceStart = index
                    guard closedInterpolation else { break scan }
                    continue
                }
                index += 1 + pounds
                // The escaped character (a line break stays for the scan above to count).
                if index < source.count && !isLineBreak(source[index]) { index += 1 }
                continue
            }
            index += 1
        }
        if !closed {
            pieces.append(.raw(pieceStart, index))
            if !tooDeep { report("unterminated string literal", at: start) }
        }
        var segments: [StringLiteralToken.Segment] = []
        for piece in pieces {
            switch piece {
            case let .raw(from, to):
                if from < to { Self.appendText(decode(from, to, pounds: pounds), to: &segments) }
            case let .interpolation(tokens, location):
                segments.append(.interpolation(tokens, at: location))
            }
        }
        strings.append(StringLiteralToken(segments: segments))
        return strings.count - 1
    }

    private static func appendText(_ text: String, to segments: inout [StringLiteralToken.Segment]) {
        guard !text.isEmpty else { return }
        if case let .text(previous)? = segments.last {
            segments[segments.count - 1] = .text(previous + text)
        } else {
            segments.append(.text(text))
        }
    }

    /// Strips the closing delimiter's indentation from every line and drops the line break
    /// before the closing delimiter (The Swift Programming Language, "Multiline String Literals").
    private mutating func finishMultiLine(_ pieces: [Piece], start: SourceLocation, pounds: Int, closingLineStart: Int, closeStart: Int) -> Int {
        var indentation = Array(source[closingLineStart..<closeStart])
        if indentation.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
            report("multi-line string literal closing delimiter must begin on a new line", at: location(ofOffset: closeStart))
            indentation = []
        }
        // The content ends before the line break that ends the last content line.
        var contentEnd = closingLineStart
        if contentEnd > 0 && source[contentEnd - 1] == 0x0A { contentEnd -= 1 }
        if contentEnd > 0 && source[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        var segments: [StringLiteralToken.Segment] = []
        var atLineStart = true
        for piece in pieces {
            switch piece {
            case let .raw(from, to):
                let end = min(to, contentEnd)
                if from < end || (from == end && atLineStart) {
                    Self.appendText(decodeMultiLine(from, end, pounds: pounds, indentation: indentation, atLineStart: &atLineStart), to: &segments)
                }
            case let .interpolation(tokens, location):
                segments.append(.interpolation(tokens, at: location))
                atLineStart = false
            }
        }
        strings.append(StringLiteralToken(segments: segments))
        return strings.count - 1
    }

    private mutating func decodeMultiLine(_ from: Int, _ to: Int, pounds: Int, indentation: [UInt8], atLineStart: inout Bool) -> String {
        var output: [UInt8] = []
        var i = from
        while i < to {
            if atLineStart {
                atLineStart = false
                var lineEnd = i
                while lineEnd < to && !isLineBreak(source[lineEnd]) { lineEnd += 1 }
                let whitespaceOnly = source[i..<lineEnd].allSatisfy { $0 == 0x20 || $0 == 0x09 }
                if source[i..<min(i + indentation.count, to)].elementsEqual(indentation) && i + indentation.count <= to {
                    i += indentation.count
                } else if whitespaceOnly {
                    i = lineEnd
                } else {
                    report("insufficient indentation of line in multi-line string literal", at: location(ofOffset: i))
                    while i < lineEnd && (source[i] == 0x20 || source[i] == 0x09) { i += 1 }
                }
                continue
            }
            let byte = source[i]
            if isLineBreak(byte) {
                output.append(0x0A)
                i += byte == 0x0D && i + 1 < to && source[i + 1] == 0x0A ? 2 : 1
                atLineStart = true
                continue
            }
            if byte == UInt8(ascii: "\\"), source.isEscape(at: i, pounds: pounds) {
                // `\` then spaces and a line break: the line continues.
                var j = i + 1 + pounds
                while j < to && (source[j] == 0x20 || source[j] == 0x09) { j += 1 }
                if j < to && isLineBreak(source[j]) {
                    i = j + (source[j] == 0x0D && j + 1 < to && source[j + 1] == 0x0A ? 2 : 1)
                    atLineStart = true
                    continue
                }
            }
            let next = decodeOne(at: i, to: to, pounds: pounds, into: &output)
            i = next
        }
        return String(decoding: output, as: UTF8.self)
    }


    /// Decodes a run of a single-line string's text.
    private mutating func decode(_ from: Int, _ to: Int, pounds: Int) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(to - from)
        var i = from
        while i < to { i = decodeOne(at: i, to: to, pounds: pounds, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes the character or escape at `i`, appending its UTF-8; returns the next offset.
    private mutating func decodeOne(at i: Int, to: Int, pounds: Int, into output: inout [UInt8]) -> Int {
        let byte = source[i]
        guard byte == UInt8(ascii: "\\"), source.isEscape(at: i, pounds: pounds) else {
            output.append(byte)
            return i + 1
        }
        let escape = i + 1 + pounds
        guard escape < to else {
            report("invalid escape sequence in literal", at: location(ofOffset: i))
            return to
        }
        switch source[escape] {
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "0"): output.append(0)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): output.append(source[escape])
        case UInt8(ascii: "u"):
            var j = escape + 1
            guard j < to, source[j] == UInt8(ascii: "{") else {
                report("expected '{' in \\u{...} escape sequence", at: location(ofOffset: j))
                return j
            }
            j += 1
            var value: UInt32 = 0
            var digits = 0
            while j < to, Self.isHexDigit(source[j]) {
                value = value &* 16 &+ UInt32(Self.hexValue(source[j]))
                digits += 1
                j += 1
            }
            guard j < to, source[j] == UInt8(ascii: "}") else {
                report("expected '}' in \\u{...} escape sequence", at: location(ofOffset: j))
                return j
            }
            guard digits >= 1, digits <= 8, let scalar = Unicode.Scalar(value) else {
                report(digits == 0 || digits > 8
                       ? "\\u{...} escape sequence expects between 1 and 8 hex digits"
                       : "invalid unicode scalar", at: location(ofOffset: i))
                return j + 1
            }
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
            return j + 1
        default:
            report("invalid escape sequence in literal", at: location(ofOffset: i))
            return escape
        }
        return escape + 1
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        default: byte - 0x61 + 10
        }
    }
}

/// The lexer's readers of the text, on the buffer it reads: a call copies nothing (a
/// non-mutating method of the lexer, called while it lexes, copied the whole lexer first).
extension UnsafeBufferPointer<UInt8> {
    fileprivate func characterCount(from start: Int, to end: Int) -> Int {
        var ascii = true
        for i in start..<end where self[i] >= 0x80 {
            ascii = false
            break
        }
        if ascii { return end - start }
        return String(decoding: UnsafeBufferPointer(rebasing: self[start..<end]), as: UTF8.self).count
    }

    /// The scalar at `offset` and its length in bytes (a malformed sequence reads as U+FFFD).
    fileprivate func scalar(at offset: Int) -> (UInt32, Int) {
        let lead = self[offset]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, offset + length <= count else { return (0xFFFD, 1) }
        var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
        for i in 1..<length {
            let byte = self[offset + i]
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// Whether an identifier can start at `offset`, and the length of its first scalar.
    fileprivate func identifierHead(at offset: Int) -> Int? {
        let byte = self[offset]
        if Lexer.isIdentifierHead(byte) { return 1 }
        guard byte >= 0x80 else { return nil }
        let (s, length) = scalar(at: offset)
        if Lexer.isUnicodeOperatorHead(s) || Lexer.isCombining(s) || Lexer.isUnicodeWhitespace(s) || s == 0xFFFD { return nil }
        return length
    }

    fileprivate func identifierBody(at offset: Int) -> Int? {
        let byte = self[offset]
        if Lexer.isIdentifierBody(byte) { return 1 }
        guard byte >= 0x80 else { return nil }
        let (s, length) = scalar(at: offset)
        if Lexer.isCombining(s) { return length }
        return identifierHead(at: offset)
    }

    /// The length of an operator character at `offset` (0 when there is none).
    fileprivate func operatorCharacter(at offset: Int, head: Bool) -> Int {
        let byte = self[offset]
        if byte < 0x80 { return Lexer.isASCIIOperator(byte) ? 1 : 0 }
        let (s, length) = scalar(at: offset)
        return Lexer.isUnicodeOperatorHead(s) || (!head && Lexer.isCombining(s)) ? length : 0
    }

    /// Swift's rule for the right side of an operator: whitespace, a closing bracket, a comma,
    /// colon or semicolon, a comment or the end of the text leave it unbound; a `.` binds it
    /// only when the left side is unbound (`x!.y` is postfix, `.+.foo` prefix).
    fileprivate func isRightBound(at index: Int, leftBound: Bool) -> Bool {
        guard index < count else { return false }
        switch self[index] {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/"):
            return !(index + 1 < count && (self[index + 1] == UInt8(ascii: "/") || self[index + 1] == UInt8(ascii: "*")))
        case UInt8(ascii: "."):
            return !leftBound
        case let byte where byte >= 0x80:
            return !Lexer.isUnicodeWhitespace(scalar(at: index).0)
        default:
            return true
        }
    }

    /// Whether the backslash at `i` starts an escape: the string's `pounds` `#`s follow it.
    fileprivate func isEscape(at i: Int, pounds: Int) -> Bool {
        for p in 0..<pounds where i + 1 + p >= count || self[i + 1 + p] != UInt8(ascii: "#") { return false }
        return true
    }
}
