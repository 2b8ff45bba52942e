/// Reads Swift source text into a ``SourceFileSyntax``.
///
/// The parser accepts the Swift that SwiftUI view code is written in: every declaration,
/// statement and expression form of the language except regex literals (The Swift Programming
/// Language, "Language Reference"). It never throws and never stops at the first problem: what
/// it cannot read becomes a ``SyntaxDiagnostic`` (phrased as swiftc phrases it, located at the
/// offending token or, for a missing token, just after the previous one) and parsing resumes at
/// the next line, statement or `}`.
///
/// Bounded for any input: brackets, braces, parentheses, closures, types, string
/// interpolations and prefix operators nest at most ``maximumNesting`` levels deep (deeper is a
/// located diagnostic), postfix chains (`.padding().frame()…`) and operator sequences are read
/// iteratively, so no input exhausts the stack; time is linear in the text's length.
public enum SwiftSyntaxParser {
    /// How deep brackets, blocks, closures, types and prefix operators may nest.
    public static let maximumNesting = Parser.maximumNesting

    /// Parses a whole file; `#if` blocks are resolved against `configuration`.
    ///
    /// - Returns: the file's items, and its diagnostics in source order (empty for valid Swift).
    public static func parseFile(_ text: String, configuration: BuildConfiguration = .preview) -> SourceFileSyntax {
        var lexer = Lexer(text)
        let output = lexer.lex()
        var parser = Parser(output, bytes: lexer.bytes, configuration: configuration)
        let items = parser.parseFileItems()
        return SourceFileSyntax(items: items, diagnostics: merge(output.diagnostics, parser.diagnostics))
    }

    /// Parses one expression and nothing after it, as `--animation '.spring(response: 0.4).repeatForever()'`
    /// is written.
    ///
    /// - Returns: the expression (`nil` when none could be read) and the diagnostics.
    public static func parseExpression(_ text: String) -> (expression: Expression?, diagnostics: [SyntaxDiagnostic]) {
        var lexer = Lexer(text)
        let output = lexer.lex()
        var parser = Parser(output, bytes: lexer.bytes, configuration: .preview)
        let expression = parser.parseSingleExpression()
        return (expression, merge(output.diagnostics, parser.diagnostics))
    }

    private static func merge(_ a: [SyntaxDiagnostic], _ b: [SyntaxDiagnostic]) -> [SyntaxDiagnostic] {
        guard !a.isEmpty else { return b }
        guard !b.isEmpty else { return a }
        // By line; on one line the lexer's first (a bad token is the cause of what the parser then
        // finds missing).
        return (a.map { ($0, 0) } + b.map { ($0, 1) })
            .enumerated()
            .sorted { ($0.element.0.location.line, $0.element.1, $0.element.0.location.offset, $0.offset)
                < ($1.element.0.location.line, $1.element.1, $1.element.0.location.offset, $1.offset) }
            .map(\.element.0)
    }
}

/// What stops parsing of one statement or declaration; caught by the enclosing list, which
/// records it and resumes at the next line.
struct ParseError: Error {
    var diagnostic: SyntaxDiagnostic
}

/// The recursive-descent parser over the lexer's tokens (see ``SwiftSyntaxParser``).
struct Parser {
    static let maximumNesting = 200
    /// The longest postfix chain read (`.padding(1)` is two links, a member and a call): 2 000
    /// modifiers, more than a view tree holds (512 levels), and a tree whose teardown stays far
    /// within a thread's stack.
    static let maximumChainLinks = 4_000
    /// The most operators one expression may chain (`a + b + …`, casts included).
    static let maximumOperators = 1_000
    /// Diagnostics kept per file: a hostile file cannot make an unbounded list.
    static let maximumDiagnostics = 500

    var tokens: [Token]
    var position = 0
    let strings: [StringLiteralToken]
    /// The texts of the tokens (``Token/text``); a split operator adds its remainder's.
    var texts: [String]
    let bytes: [UInt8]
    let configuration: BuildConfiguration
    var diagnostics: [SyntaxDiagnostic] = []
    /// Postfix links open along the chains being read, outermost first (``maximumChainLinks``).
    var links = 0
    var depth = 0
    /// Inside an `if`/`guard`/`while`/`for` condition a `{` opens the body, not a trailing closure.
    var allowsTrailingClosure = true
    /// Tokens split in two (`>>` closing two generic lists): undone when a speculative parse
    /// backs out.
    var splits: [(position: Int, token: Token)] = []

    init(_ output: Lexer.Output, bytes: [UInt8], configuration: BuildConfiguration) {
        tokens = output.tokens
        strings = output.strings
        texts = output.texts
        self.bytes = bytes
        self.configuration = configuration
    }

    // MARK: Tokens

    // The readers below are always inlined: a call to a non-mutating method from a mutating one
    // copies the whole parser (144 bytes) first, and the parser asks these of nearly every token.

    @inline(__always)
    var current: Token { tokens[position] }

    @inline(__always)
    func peek(_ ahead: Int = 1) -> Token { tokens[min(position + ahead, tokens.count - 1)] }

    /// Just after the previous token: where a missing token is reported.
    @inline(__always)
    var previousEnd: SourceLocation { position > 0 ? tokens[position - 1].end : tokens[0].location }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    // These read the token in place rather than through `current`, which copies it: they are
    // asked of nearly every token.
    @inline(__always)
    var atEnd: Bool {
        if case .end = tokens[position].kind { true } else { false }
    }

    @inline(__always)
    func at(_ punct: Punct) -> Bool { tokens[position].isPunct(punct) }

    @inline(__always)
    func atKeyword(_ word: Word) -> Bool { tokens[position].isKeyword(word) }

    @inline(__always)
    func atOp(_ word: Word) -> Bool { tokens[position].isOp(word) }

    /// Consumes `word` if it is the current (unescaped) token.
    mutating func consumeKeyword(_ word: Word) -> Bool {
        guard atKeyword(word) else { return false }
        advance()
        return true
    }

    mutating func consume(_ punct: Punct) -> Bool {
        guard at(punct) else { return false }
        advance()
        return true
    }

    @inline(__always)
    func error(_ message: String, at location: SourceLocation) -> ParseError {
        ParseError(diagnostic: SyntaxDiagnostic(message, at: location))
    }

    /// A missing token or construct: reported just after the previous token, or where the file
    /// ends when it ends there, after any whitespace and comments, as swiftc reports it
    /// (`if x { ` misses its `}` at 1:8). A recovery that reported "expected declaration" at the
    /// end of the file and then a closure's missing `}` after the previous token gave
    /// diagnostics out of source order (found by the parser's fuzz target).
    @inline(__always)
    func missing(_ message: String) -> ParseError {
        error(message, at: atEnd ? current.location : previousEnd)
    }

    @discardableResult
    mutating func expect(_ punct: Punct, _ message: String) throws(ParseError) -> SourceLocation {
        guard at(punct) else { throw missing(message) }
        let location = current.location
        advance()
        return location
    }

    mutating func report(_ diagnostic: SyntaxDiagnostic) {
        guard diagnostics.count < Self.maximumDiagnostics, diagnostics.last != diagnostic else { return }
        if diagnostics.count == Self.maximumDiagnostics - 1 {
            diagnostics.append(SyntaxDiagnostic("too many errors; the rest of the file is not checked", at: diagnostic.location))
        } else {
            diagnostics.append(diagnostic)
        }
    }

    mutating func report(_ message: String, at location: SourceLocation) {
        report(SyntaxDiagnostic(message, at: location))
    }

    /// An identifier's name: a backticked name, or a word that is not reserved.
    @inline(__always)
    var identifierName: String? {
        tokens[position].isIdentifierName ? text(of: tokens[position]) : nil
    }

    /// Any name, keywords included (argument labels, member names after `.`).
    @inline(__always)
    var anyName: String? {
        if case .identifier = tokens[position].kind { return text(of: tokens[position]) }
        return nil
    }

    /// The token's text (see ``Token/text(in:)``).
    @inline(__always)
    func text(of token: Token) -> String { token.text(in: texts) }

    /// How the token reads in messages.
    func shown(_ token: Token) -> String { token.shown(in: texts) }

    // MARK: Nesting

    mutating func enter() throws(ParseError) {
        guard depth < Self.maximumNesting else {
            throw error("nesting is too deep: more than \(Self.maximumNesting) levels of brackets, blocks or types", at: current.location)
        }
        depth += 1
    }

    // MARK: Speculation

    struct Checkpoint {
        var position: Int
        var diagnostics: Int
        var depth: Int
        var splits: Int
        var allowsTrailingClosure: Bool
    }

    @inline(__always)
    var checkpoint: Checkpoint {
        Checkpoint(position: position, diagnostics: diagnostics.count, depth: depth, splits: splits.count, allowsTrailingClosure: allowsTrailingClosure)
    }

    mutating func restore(_ checkpoint: Checkpoint) {
        position = checkpoint.position
        diagnostics.removeSubrange(checkpoint.diagnostics...)
        depth = checkpoint.depth
        allowsTrailingClosure = checkpoint.allowsTrailingClosure
        while splits.count > checkpoint.splits {
            let split = splits.removeLast()
            tokens[split.position] = split.token
        }
    }

    /// Splits the current operator token after its first character (`>>` → `>` `>`,
    /// `>?` → `>` `?`), consuming the first part.
    mutating func splitCurrentOperator() {
        let spelled = text(of: current)
        guard case .op = current.kind, spelled.count > 1 else {
            advance()
            return
        }
        splits.append((position, current))
        var rest = current
        let remainder = String(spelled.dropFirst())
        let word = WordTable.shared.word(remainder)
        rest.kind = .op(word)
        rest.text = -1
        if word == .other {
            texts.append(remainder)
            rest.text = texts.count - 1
        }
        rest.location = SourceLocation(line: rest.location.line, column: rest.location.column + 1, offset: rest.location.offset + 1)
        rest.leftBound = true
        rest.newlineBefore = false
        tokens[position] = rest
    }

    /// The source text from `start` to `end` (UTF-8 offsets).
    func text(from start: Int, to end: Int) -> String {
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    // MARK: Recovery

    /// Skips to where the next statement or declaration can start: a new line, a `;`, or the
    /// `}` / `#endif` that closes the enclosing block (brackets opened while skipping are skipped whole).
    mutating func recover(statementStart start: Int) {
        var nesting = 0
        while !atEnd {
            let token = current
            if position > start && nesting == 0 && token.newlineBefore { return }
            switch token.kind {
            case .punct("("), .punct("["), .punct("{"):
                nesting += 1
            case .punct(")"), .punct("]"):
                if nesting > 0 { nesting -= 1 }
            case .punct("}"):
                if nesting == 0 { return }
                nesting -= 1
            case .punct(";"):
                if nesting == 0 {
                    advance()
                    return
                }
            case .pound(.elseif), .pound(.else), .pound(.endif), .pound(.if):
                if nesting == 0 && token.newlineBefore { return }
            default:
                break
            }
            advance()
        }
    }

    // MARK: Entry points

    mutating func parseFileItems() -> [Statement] {
        var items: [Statement] = []
        while true {
            items += parseStatementList(context: .topLevel)
            if atEnd { break }
            // A `}` or `#endif` with nothing open.
            switch current.kind {
            case .punct("}"):
                report("extraneous '}' at top level", at: current.location)
            case .pound(.endif), .pound(.else), .pound(.elseif):
                report("unexpected conditional compilation block terminator", at: current.location)
            default:
                report("expected declaration", at: current.location)
            }
            advance()
        }
        return items
    }

    mutating func parseSingleExpression() -> Expression? {
        guard !atEnd else {
            report("expected expression", at: current.location)
            return nil
        }
        do {
            let expression = try parseExpression()
            if !atEnd { report("unexpected text after the expression: '\(shown(current))'", at: current.location) }
            return expression
        } catch {
            report(error.diagnostic)
            return nil
        }
    }
}
