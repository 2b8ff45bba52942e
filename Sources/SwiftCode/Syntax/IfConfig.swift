// `#if` / `#elseif` / `#else` / `#endif`, resolved while parsing: only the active clause is
// parsed (at declaration, member, statement, switch-case and postfix-member level); inactive
// clauses are skipped token by token (they were lexed, so a bad string there is still reported)
// without parsing, as Swift does for clauses it does not compile.

extension Parser {
    /// Parses one `#if … #endif` block at the current `#if`, calling `clause` for the active
    /// clause's content (which stops at the next directive).
    mutating func parseIfConfig(_ clause: (inout Parser) throws(ParseError) -> Void) throws(ParseError) {
        guard depth < Self.maximumNesting else {
            // Too deep: the whole block is skipped, so the caller moves past it.
            report("nesting is too deep: more than \(Self.maximumNesting) levels of brackets, blocks or types", at: current.location)
            advance()
            while true {
                skipInactiveClause()
                guard !atEnd else { return }
                let isEnd = current.kind == .pound(.endif)
                advance()
                if isEnd { return }
            }
        }
        depth += 1
        defer { depth -= 1 }
        let start = current.location
        advance()
        var active = evaluateDirectiveCondition(directive: "#if")
        var taken = false
        while true {
            if active && !taken {
                taken = true
                try clause(&self)
            } else {
                skipInactiveClause()
            }
            switch current.kind {
            case .pound(.elseif):
                advance()
                let holds = evaluateDirectiveCondition(directive: "#elseif")
                active = !taken && holds
            case .pound(.else):
                advance()
                active = !taken
            case .pound(.endif):
                advance()
                return
            default:
                _ = start
                report("expected #else or #endif at end of conditional compilation block", at: previousEnd)
                return
            }
        }
    }

    /// Skips to the `#elseif`, `#else` or `#endif` of the current block (nested blocks whole).
    private mutating func skipInactiveClause() {
        var nesting = 0
        while !atEnd {
            switch current.kind {
            case .pound(.if):
                nesting += 1
            case .pound(.endif):
                if nesting == 0 { return }
                nesting -= 1
            case .pound(.elseif), .pound(.else):
                if nesting == 0 { return }
            default:
                break
            }
            advance()
        }
    }

    /// Whether the `#if` here guards postfix members (`#if os(iOS)` then `.padding()`).
    func isPostfixIfConfig() -> Bool {
        var index = position + 1
        while index < tokens.count && !tokens[index].newlineBefore { index += 1 }
        return index < tokens.count && tokens[index].isPunct(".")
    }

    /// `#if os(iOS) .modifier() #endif` inside a postfix chain.
    mutating func parsePostfixIfConfig(_ base: Expression, start: SourceLocation) throws(ParseError) -> Expression {
        var expression = base
        try parseIfConfig { (parser: inout Parser) throws(ParseError) in
            expression = try parser.parsePostfixSuffixes(expression: &expression, start: start, stopAtDirective: true)
        }
        return expression
    }

    // MARK: Conditions

    /// Reads the condition after a directive (to the end of its line) and evaluates it against
    /// the build configuration. A malformed condition is reported and counts as false.
    private mutating func evaluateDirectiveCondition(directive: String) -> Bool {
        let first = position
        while !atEnd && !current.newlineBefore { advance() }
        let end = position
        guard first < end else {
            report("expected a condition to follow \(directive)", at: tokens[max(first - 1, 0)].end)
            return false
        }
        var evaluator = ConditionEvaluator(tokens: tokens[first..<end], texts: texts, bytes: bytes, configuration: configuration)
        do {
            let value = try evaluator.disjunction()
            if evaluator.index < end {
                report("extra tokens following conditional compilation directive", at: tokens[evaluator.index].location)
            }
            return value
        } catch {
            report(error.diagnostic)
            return false
        }
    }
}

/// Evaluates `#if` conditions: `DEBUG`, `!X`, `&&`, `||`, parentheses, `os()`, `arch()`,
/// `canImport()`, `targetEnvironment()`, `swift(>=5.9)`, `compiler(<6)`, `hasFeature()`,
/// `hasAttribute()`, `true`/`false` (The Swift Programming Language, "Compiler Control Statements").
struct ConditionEvaluator {
    let tokens: ArraySlice<Token>
    let texts: [String]
    let bytes: [UInt8]
    let configuration: BuildConfiguration
    var index: Int
    var depth = 0

    init(tokens: ArraySlice<Token>, texts: [String], bytes: [UInt8], configuration: BuildConfiguration) {
        self.tokens = tokens
        self.texts = texts
        self.bytes = bytes
        self.configuration = configuration
        index = tokens.startIndex
    }

    private var current: Token? { index < tokens.endIndex ? tokens[index] : nil }

    private func failure(_ message: String) -> ParseError {
        let location = current?.location ?? tokens[tokens.endIndex - 1].end
        return ParseError(diagnostic: SyntaxDiagnostic(message, at: location))
    }

    mutating func disjunction() throws(ParseError) -> Bool {
        var value = try conjunction()
        while current?.isOp(.or) == true {
            index += 1
            let right = try conjunction()
            value = value || right
        }
        return value
    }

    private mutating func conjunction() throws(ParseError) -> Bool {
        var value = try unary()
        while current?.isOp(.and) == true {
            index += 1
            let right = try unary()
            value = value && right
        }
        return value
    }

    private mutating func unary() throws(ParseError) -> Bool {
        guard depth < Parser.maximumNesting else { throw failure("nesting is too deep: more than \(Parser.maximumNesting) levels in a condition") }
        depth += 1
        defer { depth -= 1 }
        if current?.isOp(.exclamation) == true {
            index += 1
            return !(try unary())
        }
        guard let token = current else { throw failure("expected a conditional compilation expression") }
        if token.isPunct("(") {
            index += 1
            let value = try disjunction()
            guard current?.isPunct(")") == true else { throw failure("expected ')' in conditional compilation expression") }
            index += 1
            return value
        }
        if case .integer = token.kind, texts[token.text] == "0" || texts[token.text] == "1" {
            index += 1
            return texts[token.text] == "1"
        }
        guard case let .identifier(word) = token.kind else { throw failure("expected a conditional compilation expression") }
        let name = token.text >= 0 ? texts[token.text] : word.rawValue
        index += 1
        guard current?.isPunct("(") == true, current?.leftBound == true else {
            switch name {
            case "true": return true
            case "false": return false
            default: return configuration.flags.contains(name)
            }
        }
        let open = index
        var nesting = 0
        var close = open
        while close < tokens.endIndex {
            if tokens[close].isPunct("(") { nesting += 1 }
            if tokens[close].isPunct(")") {
                nesting -= 1
                if nesting == 0 { break }
            }
            close += 1
        }
        guard close < tokens.endIndex else { throw failure("expected ')' in conditional compilation expression") }
        let argument = String(decoding: bytes[tokens[open].end.offset..<tokens[close].location.offset], as: UTF8.self)
            .filter { $0 != " " && $0 != "\t" }
        index = close + 1
        switch name {
        case "os": return argument == configuration.operatingSystem
        case "arch": return argument == configuration.architecture
        case "targetEnvironment": return configuration.targetEnvironments.contains(argument)
        case "canImport":
            let module = argument.split(separator: ",").first.map(String.init) ?? ""
            return configuration.importableModules.contains(module) || module.split(separator: ".").first.map { configuration.importableModules.contains(String($0)) } == true
        case "swift", "compiler":
            index = open - 1
            let value = try compareVersion(argument)
            index = close + 1
            return value
        case "hasFeature", "hasAttribute", "_hasAtomicBitWidth", "hasSymbol":
            return false
        case "_endian": return argument == "little"
        case "_pointerBitWidth": return argument == "_64"
        case "_runtime": return argument == "_Native"
        default:
            index = open - 1
            throw failure("unexpected platform condition (expected 'os', 'arch', or 'swift')")
        }
    }

    /// `>=5.9`, `<6`: compares with ``BuildConfiguration/swiftVersion``.
    private func compareVersion(_ text: String) throws(ParseError) -> Bool {
        let isAtLeast = text.hasPrefix(">=")
        guard isAtLeast || text.hasPrefix("<") else { throw failure("expected '>=' or '<' in a version check") }
        let numbers = text.dropFirst(isAtLeast ? 2 : 1).split(separator: ".").map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { throw failure("expected a version number such as 5.9") }
        let wanted = numbers.map { $0! }
        let have = configuration.swiftVersion
        var atLeast = true
        for i in 0..<max(wanted.count, have.count) {
            let a = i < have.count ? have[i] : 0
            let b = i < wanted.count ? wanted[i] : 0
            if a != b {
                atLeast = a > b
                break
            }
        }
        return isAtLeast ? atLeast : !atLeast
    }
}
