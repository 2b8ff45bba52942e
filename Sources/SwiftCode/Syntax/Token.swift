/// A token of Swift source text, with the whitespace facts Swift's grammar depends on.
///
/// Keywords are ``Kind/identifier(_:)`` tokens: most of Swift's keywords are contextual, so the
/// parser decides what a word means where it stands. A backticked name (`` `default` ``) is an
/// identifier that is never a keyword (``isBackticked``).
///
/// A token holds no string: its spelling is a ``Word`` when it is one the parser knows, and any
/// other text is in the lexer's ``Lexer/Output/texts`` at ``text``. Tokens are plain values, so
/// the parser copies and compares them without reference counting, hashing or comparing strings.
struct Token: Sendable {
    enum Kind: Equatable, Sendable {
        /// A name or keyword: `struct`, `Circle`, `self`, `true`, `é`; the word it spells
        /// (``Word/other`` for a name the parser does not tell apart).
        case identifier(Word)
        /// `$0`, `$isAnimating`: the text, `$` included, is at ``text``.
        case dollar
        /// `#if`, `#Preview`, `#colorLiteral`: the word after `#`.
        case pound(Word)
        /// `@State`: the word after `@`.
        case attribute(Word)
        /// `360`, `0x1F`, `1_000`.
        case integer
        /// `0.5`, `1e-3`, `0x1p-2`.
        case float
        /// A string literal: ``text`` is its index in ``Lexer/Output/strings``.
        case string
        /// An operator: `+`, `..<`, `=`, `->`, `?`, `!`, `&`. Whether it is prefix, postfix or
        /// binary follows from ``leftBound`` and ``rightBound``, as in Swift.
        case op(Word)
        /// Punctuation: `(` `)` `{` `}` `[` `]` `,` `:` `;` `.` `\`.
        case punct(Punct)
        /// The end of the text (or of an interpolation's tokens).
        case end
    }

    var kind: Kind
    /// Where the text is: for a string literal its index in ``Lexer/Output/strings``; for any
    /// other token whose spelling is not its ``Word`` (a name, a number, `$0`, an operator the
    /// parser does not know) its index in ``Lexer/Output/texts``; else -1.
    var text: Int
    /// The first character.
    var location: SourceLocation
    /// Just after the last character.
    var end: SourceLocation
    /// A line break between the previous token and this one (or this is the first token).
    var newlineBefore: Bool
    /// No whitespace, comment or opening bracket, comma, colon or semicolon just before.
    var leftBound: Bool
    /// No whitespace, comment or closing bracket, comma, colon or semicolon just after.
    var rightBound: Bool
    /// `` `name` ``: never a keyword.
    var isBackticked = false

    /// The end of the text at `location` (or of an interpolation's tokens).
    static func end(at location: SourceLocation, newlineBefore: Bool = false) -> Token {
        Token(kind: .end, text: -1, location: location, end: location, newlineBefore: newlineBefore, leftBound: false, rightBound: false)
    }

    /// Swift's rule: an operator bound on both sides or on neither is binary.
    var isBinaryOperator: Bool { leftBound == rightBound }
    /// Bound on the left only: postfix (`x!`, `x?`, `x...`).
    var isPostfixOperator: Bool { leftBound && !rightBound }
    /// Bound on the right only: prefix (`-x`, `!x`, `..<5`).
    var isPrefixOperator: Bool { !leftBound && rightBound }

    func isPunct(_ punct: Punct) -> Bool { kind == .punct(punct) }

    func isOp(_ word: Word) -> Bool { kind == .op(word) }

    /// The word, when the token is an unescaped identifier (a keyword candidate); ``Word/other``
    /// for any other token and for a name the parser does not tell apart.
    var word: Word {
        if case let .identifier(word) = kind, !isBackticked { word } else { .other }
    }

    func isKeyword(_ word: Word) -> Bool { kind == .identifier(word) && !isBackticked }

    /// A name, keyword or not.
    var identifierLike: Bool {
        if case .identifier = kind { true } else { false }
    }

    /// Whether the token is an identifier that is not a reserved word (a backticked one never is).
    var isIdentifierName: Bool {
        if case let .identifier(word) = kind { isBackticked || !word.isReserved } else { false }
    }

    /// The token's text, given the lexer's ``Lexer/Output/texts``: a name without backticks,
    /// `$0`, a macro's or attribute's name without `#` or `@`, a number or an operator as
    /// written. Empty for punctuation, string literals and the end.
    func text(in texts: [String]) -> String {
        switch kind {
        case let .identifier(word), let .pound(word), let .attribute(word), let .op(word):
            text >= 0 ? texts[text] : word.rawValue
        case .dollar, .integer, .float:
            texts[text]
        case .string, .punct, .end:
            ""
        }
    }

    /// How the token reads in messages.
    func shown(in texts: [String]) -> String {
        switch kind {
        case .identifier: isBackticked ? "`\(text(in: texts))`" : text(in: texts)
        case .pound: "#" + text(in: texts)
        case .attribute: "@" + text(in: texts)
        case .dollar, .integer, .float, .op: text(in: texts)
        case let .punct(punct): punct.description
        case .string: "string literal"
        case .end: "end of file"
        }
    }
}

/// Punctuation: `(` `)` `{` `}` `[` `]` `,` `:` `;` `.` `\`, as its byte. Written as a literal
/// (`at("(")`), it compares as one byte.
struct Punct: Hashable, Sendable, ExpressibleByUnicodeScalarLiteral, CustomStringConvertible {
    let byte: UInt8

    init(_ byte: UInt8) { self.byte = byte }

    init(unicodeScalarLiteral scalar: Unicode.Scalar) { byte = UInt8(scalar.value) }

    var description: String { String(UnicodeScalar(byte)) }
}

/// A lexed string literal: text runs (escapes resolved, multi-line indentation stripped) and
/// interpolations, each holding its own tokens.
struct StringLiteralToken: Sendable {
    enum Segment: Sendable {
        case text(String)
        /// The tokens between `\(` and `)`, ended by an ``Token/Kind/end`` token at the `)`.
        case interpolation([Token], at: SourceLocation)
    }

    var segments: [Segment]
}
