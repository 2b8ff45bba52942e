/// A token of the Swift subset spinner snippets use.
struct Token: Sendable {
    enum Kind: Equatable, Sendable {
        /// A name or keyword: `struct`, `Image`, `self`, `true`.
        case identifier(String)
        /// `$0`.
        case dollar(String)
        /// `#Preview`.
        case pound(String)
        /// `@State`.
        case attribute(String)
        /// `360`, `1_000`.
        case integer(String)
        /// `0.5`, `1e-3`.
        case float(String)
        /// A string literal's value (escapes resolved).
        case string(String)
        /// An operator or punctuation: `.`, `(`, `&&`, `?`, `+=` …
        case punct(String)
        case end
    }

    var kind: Kind
    var location: Location
    /// Whitespace, a comment or the start of the text just before the token.
    var spaceBefore: Bool
    /// A line break between the previous token and this one.
    var newlineBefore: Bool
    /// Whitespace, a comment or the end of the text right after the token.
    var spaceAfter = false

    /// How the token reads in messages.
    var shown: String {
        switch kind {
        case let .identifier(name): name
        case let .dollar(name): "$" + name
        case let .pound(name): "#" + name
        case let .attribute(name): "@" + name
        case let .integer(text), let .float(text): text
        case let .string(text): "\"" + text + "\""
        case let .punct(text): text
        case .end: "the end of the file"
        }
    }

    /// ``shown``, cut to 40 characters for messages.
    var shownBriefly: String {
        let text = shown
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    func isPunct(_ text: String) -> Bool { kind == .punct(text) }
    func isIdentifier(_ text: String) -> Bool { kind == .identifier(text) }
}

/// Splits source text into tokens; comments (`//`, nested `/* */`) and whitespace separate them.
///
/// Works on UTF-8 bytes (the ASCII of Swift's syntax is the fast path); a non-ASCII character
/// is decoded where it appears. Columns count characters: a run of ASCII counts its bytes, any
/// other run its grapheme clusters.
struct Lexer {
    private let source: SourceText
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Where the current line starts, and the column already counted up to `countedIndex`.
    private var countedIndex = 0
    private var countedColumn = 1

    init(_ source: SourceText) {
        self.source = source
        bytes = source.bytes
    }

    /// Operators longest first, so `&&` is not read as two `&`.
    private static let operators3: [[UInt8]] = ["...", "..<", "===", "!=="].map { Array($0.utf8) }
    private static let operators2: [[UInt8]] = ["&&", "||", "==", "!=", "<=", ">=", "->", "+=", "-=", "*=", "/="].map { Array($0.utf8) }
    private static let operators1 = Set(".,:;(){}[]=+-*/%<>!?&|\\".utf8)

    private mutating func location() -> Location {
        countedColumn += source.characterCount(from: countedIndex, to: index)
        countedIndex = index
        return Location(line: line, column: countedColumn, offset: index)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    private func isASCII(_ ahead: Int, _ character: Character) -> Bool {
        peek(ahead) == character.asciiValue
    }

    /// The character (grapheme cluster) at `index` and its length in bytes.
    private func character() -> (Character, Int) {
        let end = min(index + 64, bytes.count)
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        guard let first = text.first else { return (" ", 1) }
        return (first, min(max(first.utf8.count, 1), end - index))
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    /// Skips a line break at `index`, if there is one.
    private mutating func skipLineBreak() -> Bool {
        let length = SourceText.lineBreakLength(bytes, at: index)
        guard length > 0 else { return false }
        index += length
        line += 1
        countedIndex = index
        countedColumn = 1
        return true
    }

    /// The name of the call a string literal with interpolations becomes:
    /// `"a\(x)b"` is read as `_interpolation("a", x, "b")` (see `Interpreter.interpolation`).
    static let interpolationCall = "_interpolation"

    mutating func tokenize() throws(SourceError) -> [Token] {
        var tokens: [Token] = []
        var space = true
        var newline = false
        // Open interpolations, innermost last: each one's parenthesis depth and its string's start.
        var interpolations: [(depth: Int, start: Location)] = []
        func synthetic(_ kind: Token.Kind, _ at: Location) {
            tokens.append(Token(kind: kind, location: at, spaceBefore: false, newlineBefore: false))
        }
        while true {
            // Whitespace and comments.
            while let byte = peek() {
                if skipLineBreak() {
                    newline = true
                    space = true
                } else if byte == 0x20 || byte == 0x09 {
                    space = true
                    index += 1
                } else if byte == UInt8(ascii: "/") && isASCII(1, "/") {
                    while index < bytes.count && SourceText.lineBreakLength(bytes, at: index) == 0 { index += 1 }
                    space = true
                } else if byte == UInt8(ascii: "/") && isASCII(1, "*") {
                    try skipBlockComment()
                    space = true
                } else if byte >= 0x80, case let (character, length) = character(), character.isWhitespace {
                    space = true
                    index += length
                } else {
                    break
                }
            }
            if !tokens.isEmpty { tokens[tokens.count - 1].spaceAfter = space || peek() == nil }
            let start = location()
            guard let byte = peek() else {
                tokens.append(Token(kind: .end, location: start, spaceBefore: true, newlineBefore: true, spaceAfter: true))
                return tokens
            }
            if byte == UInt8(ascii: "\""), !matches(Array("\"\"\"".utf8)) {
                index += 1
                let (part, interpolates) = try readStringPart(at: start)
                if interpolates {
                    tokens.append(Token(kind: .identifier(Self.interpolationCall), location: start, spaceBefore: space, newlineBefore: newline))
                    synthetic(.punct("("), start)
                    synthetic(.string(part), start)
                    synthetic(.punct(","), start)
                    interpolations.append((0, start))
                } else {
                    tokens.append(Token(kind: .string(part), location: start, spaceBefore: space, newlineBefore: newline))
                }
                space = false
                newline = false
                continue
            }
            if !interpolations.isEmpty, byte == UInt8(ascii: "(") { interpolations[interpolations.count - 1].depth += 1 }
            if let open = interpolations.last, byte == UInt8(ascii: ")") {
                if open.depth == 0 {
                    // The interpolation ends; the string goes on.
                    index += 1
                    synthetic(.punct(","), start)
                    let (part, again) = try readStringPart(at: open.start)
                    synthetic(.string(part), start)
                    if again {
                        synthetic(.punct(","), start)
                    } else {
                        synthetic(.punct(")"), start)
                        interpolations.removeLast()
                    }
                    space = false
                    newline = false
                    continue
                }
                interpolations[interpolations.count - 1].depth -= 1
            }
            let kind = try lexToken(startingWith: byte, at: start)
            tokens.append(Token(kind: kind, location: start, spaceBefore: space, newlineBefore: newline))
            try ViewTreeLimit.check(tokens: tokens)
            space = false
            newline = false
        }
    }

    private mutating func skipBlockComment() throws(SourceError) {
        let start = location()
        var depth = 0
        repeat {
            if isASCII(0, "/") && isASCII(1, "*") {
                depth += 1
                index += 2
            } else if isASCII(0, "*") && isASCII(1, "/") {
                depth -= 1
                index += 2
            } else if peek() == nil {
                throw SourceError("unterminated '/*' comment", at: start)
            } else if !skipLineBreak() {
                index += 1
            }
        } while depth > 0
    }

    private mutating func lexToken(startingWith byte: UInt8, at start: Location) throws(SourceError) -> Token.Kind {
        if Self.isIdentifierStart(byte) || byte >= 0x80 && character().0.isLetter {
            return .identifier(readName())
        }
        if byte == UInt8(ascii: "`") {
            index += 1
            let name = readName()
            guard !name.isEmpty, isASCII(0, "`") else { throw SourceError("expected a name and '`' after '`'", at: start) }
            index += 1
            return .identifier(name)
        }
        if Self.isDigit(byte) { return try readNumber(at: start) }
        if byte == UInt8(ascii: "\"") { return .string(try readString(at: start)) }
        if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "@") {
            index += 1
            let name = readName()
            let sigil = Character(Unicode.Scalar(byte))
            guard !name.isEmpty else { throw SourceError("expected a name after '\(sigil)'", at: start) }
            return sigil == "$" ? .dollar(name) : sigil == "#" ? .pound(name) : .attribute(name)
        }
        for op in Self.operators3 where matches(op) { return consume(op) }
        for op in Self.operators2 where matches(op) { return consume(op) }
        if Self.operators1.contains(byte) {
            index += 1
            return .punct(String(Character(Unicode.Scalar(byte))))
        }
        let (character, _) = character()
        let scalar = character.unicodeScalars.first!
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let shown = scalar.value < 0x20 || scalar.value == 0x7F ? "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex : String(character)
        throw SourceError("unexpected character '\(shown)'", at: start)
    }

    private func matches(_ op: [UInt8]) -> Bool {
        guard index + op.count <= bytes.count else { return false }
        for (offset, byte) in op.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }

    private mutating func consume(_ op: [UInt8]) -> Token.Kind {
        index += op.count
        return .punct(String(decoding: op, as: UTF8.self))
    }

    private mutating func readName() -> String {
        let start = index
        while let byte = peek() {
            if Self.isIdentifierPart(byte) {
                index += 1
            } else if byte >= 0x80, case let (character, length) = character(), character.isLetter || character.isNumber {
                index += length
            } else {
                break
            }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readNumber(at start: Location) throws(SourceError) -> Token.Kind {
        let first = index
        func digits(_ lexer: inout Lexer) {
            while let byte = lexer.peek(), Self.isDigit(byte) || byte == UInt8(ascii: "_") { lexer.index += 1 }
        }
        digits(&self)
        var isFloat = false
        if isASCII(0, "."), Self.isDigit(peek(1)) {
            isFloat = true
            index += 1
            digits(&self)
        }
        if isASCII(0, "e") || isASCII(0, "E") {
            let sign = isASCII(1, "-") || isASCII(1, "+")
            if Self.isDigit(peek(sign ? 2 : 1)) {
                isFloat = true
                index += sign ? 2 : 1
                digits(&self)
            }
        }
        if let byte = peek(), Self.isIdentifierPart(byte) || byte >= 0x80 && character().0.isLetter {
            while let byte = peek(), Self.isIdentifierPart(byte) || byte == UInt8(ascii: ".") { index += 1 }
            let text = String(decoding: bytes[first..<index], as: UTF8.self)
            throw SourceError("malformed number '\(text)': write decimal numbers such as 2, 0.5 or 1e-3", at: start)
        }
        let text = String(decoding: bytes[first..<index], as: UTF8.self)
        return isFloat ? .float(text) : .integer(text)
    }

    private mutating func readString(at start: Location) throws(SourceError) -> String {
        if matches(Array("\"\"\"".utf8)) { throw SourceError("multi-line string literals are not supported", at: start) }
        index += 1  // "
        let (value, interpolates) = try readStringPart(at: start)
        if interpolates { throw SourceError("string interpolation is not supported here", at: start) }
        return value
    }

    /// The value of an ASCII hex digit, or `nil`.
    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A string literal's characters from `index` up to its closing quote (`false`), or up to
    /// an interpolation's `\(` (`true`, with `index` after the parenthesis).
    private mutating func readStringPart(at start: Location) throws(SourceError) -> (String, Bool) {
        var value: [UInt8] = []
        while true {
            guard let byte = peek(), SourceText.lineBreakLength(bytes, at: index) == 0 else {
                throw SourceError("unterminated string literal", at: start)
            }
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (String(decoding: value, as: UTF8.self), false)
            }
            if byte == UInt8(ascii: "\\") {
                let escape = location()
                index += 1
                guard let next = peek(), SourceText.lineBreakLength(bytes, at: index) == 0 else {
                    throw SourceError("unterminated string literal", at: start)
                }
                index += 1
                switch next {
                case UInt8(ascii: "n"): value.append(0x0A)
                case UInt8(ascii: "t"): value.append(0x09)
                case UInt8(ascii: "r"): value.append(0x0D)
                case UInt8(ascii: "0"): value.append(0)
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): value.append(next)
                case UInt8(ascii: "("): return (String(decoding: value, as: UTF8.self), true)
                case UInt8(ascii: "u"):
                    // `\u{2026}`: one to eight hex digits naming a Unicode scalar (the Swift book,
                    // "Special Characters in String Literals").
                    guard peek() == UInt8(ascii: "{") else {
                        throw SourceError("expected '{' in \\u{...} escape sequence", at: escape)
                    }
                    index += 1
                    var digits = 0
                    var scalar: UInt32 = 0
                    while let digit = peek(), let nibble = Self.hexValue(digit) {
                        digits += 1
                        if digits <= 8 { scalar = scalar << 4 | nibble }
                        index += 1
                    }
                    guard peek() == UInt8(ascii: "}") else {
                        throw SourceError("expected '}' in \\u{...} escape sequence", at: escape)
                    }
                    index += 1
                    guard (1...8).contains(digits) else {
                        throw SourceError("\\u{...} escape sequence expects between 1 and 8 hex digits", at: escape)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else {
                        throw SourceError("invalid unicode scalar", at: escape)
                    }
                    value += Array(String(Character(unicode)).utf8)
                default:
                    index -= 1
                    let (character, _) = character()
                    throw SourceError("invalid escape sequence '\\\(character)' in a string literal", at: escape)
                }
                continue
            }
            value.append(byte)
            index += 1
        }
    }
}
