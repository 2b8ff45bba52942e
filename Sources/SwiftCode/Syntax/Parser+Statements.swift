// Statements: lists with recovery, control flow, conditions, code blocks.

extension Parser {
    enum ListContext {
        /// A file's top level: declarations and script statements.
        case topLevel
        /// A function, accessor, closure or control-flow body.
        case block
        /// The statements of one `case` of a `switch`: they end at the next `case`/`default`.
        case caseBody
    }

    /// Statements until `}`, the end of the text, a `#elseif`/`#else`/`#endif`, or (in a case
    /// body) the next case. Never throws: a statement it cannot read is reported and skipped.
    mutating func parseStatementList(context: ListContext) -> [Statement] {
        var statements: [Statement] = []
        while true {
            while at(";") { advance() }
            if atEnd || at("}") { break }
            if case let .pound(word) = current.kind {
                if word == .elseif || word == .else || word == .endif { break }
                if word == .if {
                    if context == .caseBody && ifConfigHoldsCases() { break }
                    do {
                        try parseIfConfig { (parser: inout Parser) throws(ParseError) in
                            statements += parser.parseStatementList(context: context)
                        }
                    } catch {
                        report(error.diagnostic)
                    }
                    continue
                }
            }
            if context == .caseBody {
                if atKeyword(.case) || atKeyword(.default) { break }
                if case .attribute(.unknown) = current.kind { break }
            }
            let start = position
            do {
                statements.append(try parseStatement(context: context))
                checkSeparator("consecutive statements on a line must be separated by ';'")
            } catch {
                report(error.diagnostic)
                recover(statementStart: start)
            }
            if position == start && !atEnd && !at("}") { advance() }
        }
        return statements
    }

    /// Swift's rule: two statements on one line need a `;` between them.
    mutating func checkSeparator(_ message: String) {
        if atEnd || at("}") || at(";") || at(")") || current.newlineBefore { return }
        // `case 1: "a" default: "b"`: a case label ends the statement before it.
        if atKeyword(.case) || atKeyword(.default) { return }
        if case .attribute(.unknown) = current.kind { return }
        report(message, at: previousEnd)
    }

    /// Whether the `#if` here wraps `case`s of a switch (not statements of the current case).
    func ifConfigHoldsCases() -> Bool {
        var index = position + 1
        while index < tokens.count && !tokens[index].newlineBefore { index += 1 }
        guard index < tokens.count else { return false }
        let token = tokens[index]
        if token.isKeyword(.case) || token.isKeyword(.default) { return true }
        if case .attribute(.unknown) = token.kind { return true }
        return false
    }

    mutating func parseStatement(context: ListContext) throws(ParseError) -> Statement {
        let token = current
        let start = token.location
        switch token.kind {
        case .attribute:
            return Statement(.declaration(try parseDeclaration()), at: start)
        case .pound where context == .topLevel:
            return Statement(.declaration(try parseDeclaration()), at: start)
        default:
            break
        }
        if case let .identifier(word) = token.kind, !token.isBackticked {
            switch word {
            case .if: return Statement(.ifStatement(try parseIfStatement()), at: start)
            case .guard: return try parseGuard()
            case .while: return try parseWhile()
            case .repeat: return try parseRepeat()
            case .for: return try parseForIn()
            case .switch:
                return try parseSwitchStatement()
            case .do: return try parseDo()
            case .return: return try parseReturn()
            case .throw:
                advance()
                return Statement(.throwStatement(try parseExpression()), at: start)
            case .break, .continue:
                advance()
                var label: String?
                if let name = identifierName, !current.newlineBefore {
                    label = name
                    advance()
                }
                return Statement(word == .break ? .breakStatement(label: label) : .continueStatement(label: label), at: start)
            case .fallthrough:
                advance()
                return Statement(.fallthroughStatement, at: start)
            case .defer:
                advance()
                return Statement(.deferStatement(try parseCodeBlock("after 'defer'")), at: start)
            default:
                break
            }
            if isAtDeclaration() { return Statement(.declaration(try parseDeclaration()), at: start) }
            if let label = identifierName, peek().isPunct(":"), Self.isLabelledStatementKeyword(peek(2).word) {
                advance()
                advance()
                var statement = try parseStatement(context: context)
                statement.label = label
                statement.location = start
                return statement
            }
        }
        return Statement(.expression(try parseExpression()), at: start)
    }

    /// The statements a label can name: `outer: for …`.
    static func isLabelledStatementKeyword(_ word: Word) -> Bool {
        switch word {
        case .for, .while, .repeat, .if, .switch, .do: true
        default: false
        }
    }

    /// `{ statements }`.
    mutating func parseCodeBlock(_ whereExpected: String) throws(ParseError) -> CodeBlock {
        guard at("{") else { throw missing("expected '{' \(whereExpected)") }
        let open = current.location
        try enter()
        defer { depth -= 1 }
        advance()
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = true
        defer { allowsTrailingClosure = savedTrailing }
        let statements = parseStatementList(context: .block)
        guard at("}") else { throw missing("expected '}' at end of brace statement") }
        let close = current.location
        advance()
        return CodeBlock(statements: statements, at: open, end: close)
    }

    // MARK: Control flow

    /// `if … { } else if … { } else { }`, read in a loop (a long `else if` chain costs no recursion).
    mutating func parseIfStatement() throws(ParseError) -> IfStatement {
        var clauses: [(conditions: [Condition], body: CodeBlock, location: SourceLocation)] = []
        var elseBlock: CodeBlock?
        while true {
            let location = current.location
            advance()
            let conditions = try parseConditionList()
            let body = try parseCodeBlock("after 'if' condition")
            clauses.append((conditions, body, location))
            guard atKeyword(.else) else { break }
            advance()
            if atKeyword(.if) { continue }
            elseBlock = try parseCodeBlock("after 'else'")
            break
        }
        let last = clauses.removeLast()
        var statement = IfStatement(conditions: last.conditions, body: last.body, elseBranch: elseBlock.map { .block($0) })
        var innerLocation = last.location
        for clause in clauses.reversed() {
            statement = IfStatement(conditions: clause.conditions, body: clause.body, elseBranch: .ifStatement(statement, at: innerLocation))
            innerLocation = clause.location
        }
        return statement
    }

    mutating func parseConditionList() throws(ParseError) -> [Condition] {
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = false
        defer { allowsTrailingClosure = savedTrailing }
        var conditions: [Condition] = []
        repeat {
            conditions.append(try parseCondition())
        } while consume(",")
        return conditions
    }

    private mutating func parseCondition() throws(ParseError) -> Condition {
        let start = current.location
        if case let word = current.word, word == .let || word == .var {
            advance()
            let pattern = try parseBindingPattern()
            var type: TypeSyntax?
            if consume(":") { type = try parseType() }
            var value: Expression?
            if atOp(.assign) {
                advance()
                value = try parseExpression()
            }
            return Condition(.optionalBinding(isLet: word == .let, pattern: pattern, type: type, value: value), at: start)
        }
        if atKeyword(.case) {
            advance()
            let pattern = try parseMatchingPattern()
            var type: TypeSyntax?
            if consume(":") { type = try parseType() }
            guard atOp(.assign) else { throw missing("expected '=' after pattern in 'case' condition") }
            advance()
            let value = try parseExpression()
            return Condition(.patternMatch(type.map { Pattern(.typed(pattern, $0), at: pattern.location) } ?? pattern, value), at: start)
        }
        if case let .pound(word) = current.kind, word == .available || word == .unavailable {
            advance()
            return Condition(.availability(platforms: try parseAvailabilityArguments(), isUnavailable: word == .unavailable), at: start)
        }
        return Condition(.expression(try parseExpression()), at: start)
    }

    /// `(iOS 17, macOS 14, *)`: the comma-separated items as written.
    private mutating func parseAvailabilityArguments() throws(ParseError) -> [String] {
        guard at("(") && !current.newlineBefore else { throw missing("expected '(' in availability condition") }
        advance()
        var items: [String] = []
        var itemStart = current.location.offset
        var itemEnd = itemStart
        var nesting = 0
        while true {
            switch current.kind {
            case .end:
                throw missing("expected ')' in availability condition")
            case .punct("("):
                nesting += 1
            case .punct(")") where nesting == 0:
                if itemEnd > itemStart { items.append(text(from: itemStart, to: itemEnd)) }
                advance()
                return items
            case .punct(")"):
                nesting -= 1
            case .punct(",") where nesting == 0:
                items.append(text(from: itemStart, to: itemEnd))
                advance()
                itemStart = current.location.offset
                itemEnd = itemStart
                continue
            default:
                break
            }
            itemEnd = current.end.offset
            advance()
        }
    }

    private mutating func parseGuard() throws(ParseError) -> Statement {
        let start = current.location
        advance()
        let conditions = try parseConditionList()
        guard consumeKeyword(.else) else { throw missing("expected 'else' after 'guard' condition") }
        return Statement(.guardStatement(conditions: conditions, elseBody: try parseCodeBlock("after 'guard' else")), at: start)
    }

    private mutating func parseWhile() throws(ParseError) -> Statement {
        let start = current.location
        advance()
        let conditions = try parseConditionList()
        return Statement(.whileLoop(conditions: conditions, body: try parseCodeBlock("after 'while' condition")), at: start)
    }

    private mutating func parseRepeat() throws(ParseError) -> Statement {
        let start = current.location
        advance()
        let body = try parseCodeBlock("after 'repeat'")
        guard consumeKeyword(.while) else { throw missing("expected 'while' after body of 'repeat' statement") }
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = false
        defer { allowsTrailingClosure = savedTrailing }
        return Statement(.repeatWhile(body: body, condition: try parseExpression()), at: start)
    }

    private mutating func parseForIn() throws(ParseError) -> Statement {
        let start = current.location
        advance()
        _ = consumeKeyword(.try)
        if atKeyword(.await) { advance() }
        var pattern: Pattern
        if consumeKeyword(.case) {
            pattern = try parseMatchingPattern()
        } else if case let word = current.word, word == .var || word == .let {
            let location = current.location
            advance()
            pattern = Pattern(.valueBinding(isLet: word == .let, try parseBindingPattern()), at: location)
        } else {
            pattern = try parseBindingPattern()
        }
        if consume(":") { pattern = Pattern(.typed(pattern, try parseType()), at: pattern.location) }
        guard consumeKeyword(.in) else { throw missing("expected 'in' after for-each pattern") }
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = false
        let sequence = try parseExpression()
        var whereClause: Expression?
        if consumeKeyword(.where) { whereClause = try parseExpression() }
        allowsTrailingClosure = savedTrailing
        let body = try parseCodeBlock("to start the body of for-each loop")
        return Statement(.forIn(pattern: pattern, sequence: sequence, whereClause: whereClause, body: body), at: start)
    }

    /// `switch subject { case …: … default: … }`.
    mutating func parseSwitchStatement() throws(ParseError) -> Statement {
        let start = current.location
        advance()
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = false
        let subject = try parseExpression()
        allowsTrailingClosure = savedTrailing
        guard at("{") else { throw missing("expected '{' after 'switch' subject expression") }
        try enter()
        defer { depth -= 1 }
        advance()
        let cases = parseSwitchCases()
        guard consume("}") else { throw missing("expected '}' at end of 'switch' statement") }
        return Statement(.switchStatement(subject: subject, cases: cases), at: start)
    }

    private mutating func parseSwitchCases() -> [SwitchCase] {
        var cases: [SwitchCase] = []
        while true {
            while at(";") { advance() }
            if atEnd || at("}") { break }
            if case let .pound(word) = current.kind {
                if word == .elseif || word == .else || word == .endif { break }
                if word == .if {
                    do {
                        try parseIfConfig { (parser: inout Parser) throws(ParseError) in cases += parser.parseSwitchCases() }
                    } catch {
                        report(error.diagnostic)
                    }
                    continue
                }
            }
            let start = position
            do {
                cases.append(try parseSwitchCase())
            } catch {
                report(error.diagnostic)
                recover(statementStart: start)
            }
            if position == start && !atEnd && !at("}") { advance() }
        }
        return cases
    }

    private mutating func parseSwitchCase() throws(ParseError) -> SwitchCase {
        let start = current.location
        var isUnknown = false
        if case .attribute(.unknown) = current.kind {
            isUnknown = true
            advance()
        }
        if consumeKeyword(.default) {
            guard consume(":") else { throw missing("expected ':' after 'default'") }
            let statements = parseStatementList(context: .caseBody)
            return SwitchCase(patterns: [], whereClause: nil, statements: statements, isUnknownDefault: isUnknown, at: start)
        }
        guard consumeKeyword(.case) else {
            throw error("all statements inside a switch must be covered by a 'case' or 'default'", at: current.location)
        }
        var patterns: [Pattern] = []
        repeat {
            patterns.append(try parseMatchingPattern())
        } while consume(",")
        var whereClause: Expression?
        if consumeKeyword(.where) { whereClause = try parseExpression() }
        guard consume(":") else { throw missing("expected ':' after 'case'") }
        let statements = parseStatementList(context: .caseBody)
        return SwitchCase(patterns: patterns, whereClause: whereClause, statements: statements, isUnknownDefault: isUnknown, at: start)
    }

    private mutating func parseDo() throws(ParseError) -> Statement {
        let start = current.location
        advance()
        if atKeyword(.throws) {
            advance()
            if at("(") { try skipBalanced() }
        }
        let body = try parseCodeBlock("after 'do'")
        var catches: [CatchClause] = []
        while atKeyword(.catch) {
            let location = current.location
            advance()
            var pattern: Pattern?
            if !at("{") && !atKeyword(.where) {
                let savedTrailing = allowsTrailingClosure
                allowsTrailingClosure = false
                pattern = try parseMatchingPattern()
                allowsTrailingClosure = savedTrailing
            }
            var whereClause: Expression?
            if consumeKeyword(.where) {
                let savedTrailing = allowsTrailingClosure
                allowsTrailingClosure = false
                whereClause = try parseExpression()
                allowsTrailingClosure = savedTrailing
            }
            catches.append(CatchClause(pattern: pattern, whereClause: whereClause, body: try parseCodeBlock("after 'catch' pattern"), at: location))
        }
        return Statement(.doStatement(body: body, catches: catches), at: start)
    }

    private mutating func parseReturn() throws(ParseError) -> Statement {
        let start = current.location
        advance()
        let next = current
        var hasValue = true
        switch next.kind {
        case .end, .punct("}"), .punct(";"), .punct(")"), .pound(.if), .pound(.elseif), .pound(.else), .pound(.endif):
            hasValue = false
        case .identifier(.case), .identifier(.default), .attribute(.unknown):
            hasValue = next.isBackticked
        default:
            // A statement keyword on the next line starts the next statement.
            if next.newlineBefore {
                switch next.word {
                case .let, .var, .guard, .for, .while, .repeat, .return, .break, .continue, .defer, .throw, .do, .func:
                    hasValue = false
                default:
                    break
                }
            }
        }
        return Statement(.returnStatement(hasValue ? try parseExpression() : nil), at: start)
    }
}
