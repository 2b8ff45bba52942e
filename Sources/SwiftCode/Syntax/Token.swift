/// A token of Swift source text, with the whitespace facts Swift's grammar depends on.
///
/// Keywords are ``Kind/identifier(_:)`` tokens: most of Swift's keywords are contextual, so the
/// parser decides what a word means where it stands. A backticked name (`` `default` ``) is an
/// identifier that is never a keyword (``isBackticked``).
struct Token: Sendable {
    enum Kind: Equatable, Sendable {
        /// A name or keyword: `struct`, `Circle`, `self`, `true`, `é`.
        case identifier(String)
        /// `$0`, `$isAnimating`: the name without `$`.
        case dollar(String)
        /// `#if`, `#Preview`, `#colorLiteral`: the name without `#`.
        case pound(String)
        /// `@State`: the name without `@`.
        case attribute(String)
        /// `360`, `0x1F`, `1_000`.
        case integer(String)
        /// `0.5`, `1e-3`, `0x1p-2`.
        case float(String)
        /// A string literal: its index in ``Lexer/Output/strings``.
        case string(Int)
        /// An operator: `+`, `..<`, `=`, `->`, `?`, `!`, `&`. Whether it is prefix, postfix or
        /// binary follows from ``leftBound`` and ``rightBound``, as in Swift.
        case op(String)
        /// Punctuation: `(` `)` `{` `}` `[` `]` `,` `:` `;` `.` `\`.
        case punct(String)
        /// The end of the text (or of an interpolation's tokens).
        case end
    }

    var kind: Kind
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

    /// Swift's rule: an operator bound on both sides or on neither is binary.
    var isBinaryOperator: Bool { leftBound == rightBound }
    /// Bound on the left only: postfix (`x!`, `x?`, `x...`).
    var isPostfixOperator: Bool { leftBound && !rightBound }
    /// Bound on the right only: prefix (`-x`, `!x`, `..<5`).
    var isPrefixOperator: Bool { !leftBound && rightBound }

    // Matched rather than compared with a made `Kind`: the parser asks these of nearly every
    // token, and the derived `==` switches over both kinds.
    func isPunct(_ text: String) -> Bool {
        if case let .punct(punct) = kind { punct == text } else { false }
    }

    func isOp(_ text: String) -> Bool {
        if case let .op(op) = kind { op == text } else { false }
    }

    /// The word, when the token is an unescaped identifier (a keyword candidate).
    var word: String? {
        if case let .identifier(name) = kind, !isBackticked { return name }
        return nil
    }

    func isKeyword(_ text: String) -> Bool {
        if !isBackticked, case let .identifier(name) = kind { name == text } else { false }
    }

    /// How the token reads in messages.
    var shown: String {
        switch kind {
        case let .identifier(name): isBackticked ? "`\(name)`" : name
        case let .dollar(name): "$" + name
        case let .pound(name): "#" + name
        case let .attribute(name): "@" + name
        case let .integer(text), let .float(text), let .op(text), let .punct(text): text
        case .string: "string literal"
        case .end: "end of file"
        }
    }
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

/// Whether `word` is one of Swift's ``reservedWords``. Every reserved word starts with a
/// lowercase ASCII letter, so any other name (`Circle`, `Color`, `$0`) is answered without
/// hashing it: the parser asks this of nearly every name it reads.
func isReservedWord(_ word: String) -> Bool {
    guard let first = word.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
    return reservedWords.contains(word)
}

/// Swift's reserved words: written without backticks they are never names in an expression.
let reservedWords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    "as", "false", "is", "nil", "super", "throws", "true", "try",
]
