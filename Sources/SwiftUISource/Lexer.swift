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

    func isPunct(_ text: String) -> Bool { kind == .punct(text) }
    func isIdentifier(_ text: String) -> Bool { kind == .identifier(text) }
}

/// Splits source text into tokens; comments (`//`, nested `/* */`) and whitespace separate them.
struct Lexer {
    private let characters: [Character]
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ text: String) { characters = Array(text) }

    /// Operators longest first, so `&&` is not read as two `&`.
    private static let operators3 = ["...", "..<", "===", "!=="]
    private static let operators2 = ["&&", "||", "==", "!=", "<=", ">=", "->", "+=", "-=", "*=", "/="]
    private static let operators1: Set<Character> = [
        ".", ",", ":", ";", "(", ")", "{", "}", "[", "]", "=", "+", "-", "*", "/", "%", "<", ">", "!", "?", "&", "|",
    ]

    private var location: Location { Location(line: line, column: column, offset: index) }

    private mutating func advance() {
        if characters[index].isNewline {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private func peek(_ ahead: Int = 0) -> Character? {
        index + ahead < characters.count ? characters[index + ahead] : nil
    }

    private static func isIdentifierStart(_ c: Character) -> Bool {
        c == "_" || c.isLetter
    }

    private static func isIdentifierPart(_ c: Character) -> Bool {
        isIdentifierStart(c) || (c.isASCII && c.isNumber)
    }

    private static func isDigit(_ c: Character?) -> Bool { c.map { $0.isASCII && $0.isNumber } ?? false }

    mutating func tokenize() throws(SourceError) -> [Token] {
        var tokens: [Token] = []
        var space = true
        var newline = false
        while true {
            // Whitespace and comments.
            while let c = peek() {
                if c.isWhitespace {
                    if c.isNewline { newline = true }
                    space = true
                    advance()
                } else if c == "/" && peek(1) == "/" {
                    while let d = peek(), !d.isNewline { advance() }
                    space = true
                } else if c == "/" && peek(1) == "*" {
                    try skipBlockComment()
                    space = true
                } else {
                    break
                }
            }
            if !tokens.isEmpty { tokens[tokens.count - 1].spaceAfter = space || peek() == nil }
            guard let c = peek() else {
                tokens.append(Token(kind: .end, location: location, spaceBefore: true, newlineBefore: true, spaceAfter: true))
                return tokens
            }
            let start = location
            let kind = try lexToken(startingWith: c, at: start)
            tokens.append(Token(kind: kind, location: start, spaceBefore: space, newlineBefore: newline))
            space = false
            newline = false
        }
    }

    private mutating func skipBlockComment() throws(SourceError) {
        let start = location
        var depth = 0
        repeat {
            if peek() == "/" && peek(1) == "*" {
                depth += 1
                advance(); advance()
            } else if peek() == "*" && peek(1) == "/" {
                depth -= 1
                advance(); advance()
            } else if peek() == nil {
                throw SourceError("unterminated '/*' comment", at: start)
            } else {
                advance()
            }
        } while depth > 0
    }

    private mutating func lexToken(startingWith c: Character, at start: Location) throws(SourceError) -> Token.Kind {
        if Self.isIdentifierStart(c) {
            return .identifier(readName())
        }
        if c == "`" {
            advance()
            let name = readName()
            guard !name.isEmpty, peek() == "`" else { throw SourceError("expected a name and '`' after '`'", at: start) }
            advance()
            return .identifier(name)
        }
        if Self.isDigit(c) { return try readNumber(at: start) }
        if c == "\"" { return .string(try readString(at: start)) }
        if c == "$" || c == "#" || c == "@" {
            advance()
            let name = readName()
            guard !name.isEmpty else { throw SourceError("expected a name after '\(c)'", at: start) }
            return c == "$" ? .dollar(name) : c == "#" ? .pound(name) : .attribute(name)
        }
        for op in Self.operators3 where matches(op) { return consume(op) }
        for op in Self.operators2 where matches(op) { return consume(op) }
        if Self.operators1.contains(c) {
            advance()
            return .punct(String(c))
        }
        let shown = c.unicodeScalars.first.map { $0.value < 0x20 || $0.value == 0x7F } ?? false
            ? "U+" + String(c.unicodeScalars.first!.value, radix: 16, uppercase: true) : String(c)
        throw SourceError("unexpected character '\(shown)'", at: start)
    }

    private func matches(_ op: String) -> Bool {
        var i = 0
        for character in op {
            guard peek(i) == character else { return false }
            i += 1
        }
        return true
    }

    private mutating func consume(_ op: String) -> Token.Kind {
        for _ in op { advance() }
        return .punct(op)
    }

    private mutating func readName() -> String {
        var name = ""
        while let c = peek(), Self.isIdentifierPart(c) {
            name.append(c)
            advance()
        }
        return name
    }

    private mutating func readNumber(at start: Location) throws(SourceError) -> Token.Kind {
        var text = ""
        func digits(_ lexer: inout Lexer, into text: inout String) {
            while let c = lexer.peek(), Self.isDigit(c) || c == "_" {
                text.append(c)
                lexer.advance()
            }
        }
        digits(&self, into: &text)
        var isFloat = false
        if peek() == ".", Self.isDigit(peek(1)) {
            isFloat = true
            text.append(".")
            advance()
            digits(&self, into: &text)
        }
        if peek() == "e" || peek() == "E" {
            let sign = peek(1) == "-" || peek(1) == "+"
            if Self.isDigit(peek(sign ? 2 : 1)) {
                isFloat = true
                text.append(peek()!)
                advance()
                if sign {
                    text.append(peek()!)
                    advance()
                }
                digits(&self, into: &text)
            }
        }
        if let c = peek(), Self.isIdentifierPart(c) {
            while let d = peek(), Self.isIdentifierPart(d) || d == "." {
                text.append(d)
                advance()
            }
            throw SourceError("malformed number '\(text)': write decimal numbers such as 2, 0.5 or 1e-3", at: start)
        }
        return isFloat ? .float(text) : .integer(text)
    }

    private mutating func readString(at start: Location) throws(SourceError) -> String {
        if matches("\"\"\"") { throw SourceError("multi-line string literals are not supported", at: start) }
        advance()  // "
        var value = ""
        while true {
            guard let c = peek(), !c.isNewline else {
                throw SourceError("unterminated string literal", at: start)
            }
            if c == "\"" {
                advance()
                return value
            }
            if c == "\\" {
                let escape = location
                advance()
                guard let e = peek(), !e.isNewline else { throw SourceError("unterminated string literal", at: start) }
                advance()
                switch e {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "\\", "\"", "'": value.append(e)
                case "(": throw SourceError("string interpolation is not supported", at: escape)
                default: throw SourceError("invalid escape sequence '\\\(e)' in a string literal", at: escape)
                }
                continue
            }
            value.append(c)
            advance()
        }
    }
}
