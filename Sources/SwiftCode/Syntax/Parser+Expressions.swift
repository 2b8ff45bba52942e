// Expressions: operator sequences folded by Swift's precedence groups, prefix and postfix
// operators, postfix chains (members, calls, subscripts, trailing closures, optional chaining),
// and the primary expressions.

extension Parser {
    /// An expression: an operator sequence with casts, `try`, `await` and the ternary.
    ///
    /// - Parameter stopsAtAssignment: in a `case` pattern, `=` separates the pattern from the
    ///   value and `is`/`as` belong to the pattern.
    mutating func parseExpression(stopsAtAssignment: Bool = false) throws(ParseError) -> Expression {
        let first = try parseSequenceOperand(stopsAtAssignment: stopsAtAssignment)
        // Most expressions are one operand: returned as they are, with no folder (its arrays
        // were two allocations for every argument, condition and initial value).
        switch current.kind {
        case let .op(word) where current.isBinaryOperator && !(word == .assign && stopsAtAssignment): break
        case .identifier(.is), .identifier(.as): if current.isBackticked || stopsAtAssignment { return first }
        default: return first
        }
        var folder = OperatorFolder(first: first)
        var operators = 0
        loop: while true {
            let token = current
            // The folded tree is as deep as the sequence is long, and everything after the parser
            // walks it recursively: a runaway sequence is refused here (a loader has tens).
            operators += 1
            if operators > Self.maximumOperators {
                throw error("this expression has more than \(Self.maximumOperators) operators; split it into smaller expressions", at: token.location)
            }
            switch token.kind {
            case let .op(word) where token.isBinaryOperator:
                if word == .assign && stopsAtAssignment { break loop }
                if word == .question {
                    // `condition ? a : b`.
                    advance()
                    let middle = try parseExpression()
                    guard at(":") else { throw missing("expected ':' after '? ...' in ternary expression") }
                    advance()
                    folder.push(.ternary(middle), at: token.location, diagnostics: &diagnostics)
                } else {
                    advance()
                    folder.push(.binary(word, text(of: token)), at: token.location, diagnostics: &diagnostics)
                }
                folder.operands.append(try parseSequenceOperand(stopsAtAssignment: stopsAtAssignment))
            case .identifier(.is) where !token.isBackticked && !stopsAtAssignment:
                advance()
                let type = try parseType()
                folder.push(.cast(.isType, type), at: token.location, diagnostics: &diagnostics)
            case .identifier(.as) where !token.isBackticked && !stopsAtAssignment:
                advance()
                var kind = CastKind.asType
                if atOp(.question) && current.leftBound {
                    kind = .conditional
                    advance()
                } else if atOp(.exclamation) && current.leftBound {
                    kind = .forced
                    advance()
                }
                let type = try parseType()
                folder.push(.cast(kind, type), at: token.location, diagnostics: &diagnostics)
            default:
                break loop
            }
        }
        return folder.finish()
    }

    /// One operand of a sequence. `try` and `await` cover everything to their right (Swift's
    /// rule: `try a + b` is `try (a + b)`), so they take the rest of the sequence.
    private mutating func parseSequenceOperand(stopsAtAssignment: Bool) throws(ParseError) -> Expression {
        let start = current.location
        if atKeyword(.try) {
            advance()
            var kind = TryKind.plain
            if atOp(.question) && current.leftBound {
                kind = .optional
                advance()
            } else if atOp(.exclamation) && current.leftBound {
                kind = .forced
                advance()
            }
            try enter()
            defer { depth -= 1 }
            return Expression(.tryExpression(kind, try parseExpression(stopsAtAssignment: stopsAtAssignment)), at: start)
        }
        if atKeyword(.await), isContextualPrefix() {
            advance()
            try enter()
            defer { depth -= 1 }
            return Expression(.awaitExpression(try parseExpression(stopsAtAssignment: stopsAtAssignment)), at: start)
        }
        if atKeyword(.consume) || atKeyword(.copy), isContextualPrefix(), peek().identifierLike {
            advance()
        }
        return try parseUnary()
    }

    /// `await`/`consume` are words: they are operators only before an operand on the same line.
    private func isContextualPrefix() -> Bool {
        let next = peek()
        if next.newlineBefore { return false }
        switch next.kind {
        case .punct(")"), .punct("]"), .punct("}"), .punct(","), .punct(":"), .punct(";"), .punct("."), .end: return false
        case let .op(word): return next.isPrefixOperator || word == .ampersand
        case .punct("("): return next.leftBound == false
        default: return true
        }
    }

    /// Prefix operators (iteratively), then a postfix expression.
    mutating func parseUnary() throws(ParseError) -> Expression {
        var prefixes: [(String, SourceLocation)] = []
        while case let .op(word) = current.kind {
            let token = current
            if token.isPrefixOperator || (word == .ampersand && token.rightBound) {
                prefixes.append((text(of: token), token.location))
                advance()
                continue
            }
            if isOperatorReference() { break }
            if token.isBinaryOperator && !token.leftBound {
                // `- x`: Swift rejects the space but the meaning is plain.
                report("unary operator cannot be separated from its operand", at: token.end)
                prefixes.append((text(of: token), token.location))
                advance()
                continue
            }
            break
        }
        if prefixes.count > Self.maximumNesting { throw error("nesting is too deep: more than \(Self.maximumNesting) prefix operators", at: prefixes[Self.maximumNesting].1) }
        var expression = try parsePostfix()
        for (text, location) in prefixes.reversed() {
            expression = Expression(.prefixOperator(text, expression), at: location)
        }
        return expression
    }

    /// An operator written as a function value: `reduce(0, +)`, `sorted(by: >)`.
    func isOperatorReference() -> Bool {
        guard case .op = current.kind else { return false }
        switch peek().kind {
        case .punct(","), .punct(")"), .punct("]"), .end: return true
        default: return false
        }
    }

    // MARK: Postfix

    /// A primary expression and its postfix chain, read in a loop (a chain of 10 000
    /// modifiers costs no recursion).
    mutating func parsePostfix() throws(ParseError) -> Expression {
        let start = current.location
        var expression = try parsePrimary()
        return try parsePostfixSuffixes(expression: &expression, start: start, stopAtDirective: false)
    }

    mutating func parsePostfixSuffixes(expression: inout Expression, start: SourceLocation, stopAtDirective: Bool) throws(ParseError) -> Expression {
        var hasOptionalChain = false
        // A call just read by `(…)` takes the trailing closures that follow it.
        var lastWasCallWithoutClosures = false
        // Links count across nested chains (a chain inside an argument of another's link),
        // since the tree's depth is their sum.
        let outerLinks = links
        defer { links = outerLinks }
        loop: while true {
            let token = current
            switch token.kind {
            case .punct("."):
                advance()
                let nameToken = current
                let name: String
                switch nameToken.kind {
                case .identifier, .integer, .dollar: name = text(of: nameToken)
                default: throw missing("expected member name following '.'")
                }
                advance()
                let generics = try parseGenericArgumentsIfAny()
                expression = Expression(.member(base: expression, name: name, nameLocation: nameToken.location, generics: generics), at: start)
                lastWasCallWithoutClosures = false
            case .punct("(") where !token.newlineBefore:
                let arguments = try parseArgumentList(close: ")")
                expression = Expression(.call(callee: expression, arguments: arguments, trailingClosures: []), at: start)
                lastWasCallWithoutClosures = true
            case .punct("[") where !token.newlineBefore:
                let arguments = try parseArgumentList(close: "]")
                expression = Expression(.subscriptCall(base: expression, arguments: arguments), at: start)
                lastWasCallWithoutClosures = false
            case .punct("{") where allowsTrailingClosure && isTrailingClosureStart():
                let closures = try parseTrailingClosures()
                if lastWasCallWithoutClosures, case let .call(callee, arguments, _) = expression.kind {
                    expression = Expression(.call(callee: callee, arguments: arguments, trailingClosures: closures), at: start)
                } else {
                    expression = Expression(.call(callee: expression, arguments: [], trailingClosures: closures), at: start)
                }
                lastWasCallWithoutClosures = false
            case .op(.question) where token.leftBound:
                advance()
                expression = Expression(.optionalChain(expression), at: start)
                hasOptionalChain = true
                lastWasCallWithoutClosures = false
            case .op(.exclamation) where token.leftBound:
                advance()
                expression = Expression(.forceUnwrap(expression), at: start)
                lastWasCallWithoutClosures = false
            case .op where token.isPostfixOperator:
                advance()
                expression = Expression(.postfixOperator(text(of: token), expression), at: start)
                lastWasCallWithoutClosures = false
            case .pound(.if) where token.newlineBefore && isPostfixIfConfig():
                expression = try parsePostfixIfConfig(expression, start: start)
                lastWasCallWithoutClosures = false
            default:
                break loop
            }
            // Each link nests the expression one level deeper: a chain longer than any the
            // evaluator takes is refused here, before a tree that deep is built (tearing one of
            // 90 000 links down overflowed the stack).
            links += 1
            if links > Self.maximumChainLinks {
                throw error("this chain has more than \(Self.maximumChainLinks) modifiers, calls or members; split it into smaller expressions", at: token.location)
            }
        }
        if hasOptionalChain { expression = Expression(.optionalChainEnd(expression), at: start) }
        return expression
    }

    /// `{` after an expression is a trailing closure unless it holds a property's observers
    /// (`var x = 0 { didSet { … } }`).
    func isTrailingClosureStart() -> Bool {
        let next = peek()
        if next.word == .didSet || next.word == .willSet {
            let after = peek(2)
            return !(after.isPunct("{") || after.isPunct("(") || after.isPunct("}") || after.newlineBefore)
        }
        return true
    }

    /// The first trailing closure and any labelled ones after it (`} label: {`).
    private mutating func parseTrailingClosures() throws(ParseError) -> [TrailingClosure] {
        var closures = [TrailingClosure(label: nil, closure: try parseClosure())]
        while let label = anyName, !current.isKeyword(.default), !current.isKeyword(.case),
              peek().isPunct(":"), peek(2).isPunct("{") {
            advance()
            advance()
            closures.append(TrailingClosure(label: label, closure: try parseClosure()))
        }
        return closures
    }

    /// `(label: value, value)` or `[index]`, including the brackets. Trailing commas are accepted.
    mutating func parseArgumentList(close: Punct) throws(ParseError) -> [Argument] {
        try enter()
        defer { depth -= 1 }
        advance()
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = true
        defer { allowsTrailingClosure = savedTrailing }
        var arguments: [Argument] = []
        while !at(close) {
            if atEnd { throw missing("expected '\(close)' in expression list") }
            let argument = try parseArgument()
            // A list of more than one argument gets room for four at once: growing from one
            // to two to four was an allocation each.
            if arguments.isEmpty && at(",") { arguments.reserveCapacity(4) }
            arguments.append(argument)
            if consume(",") { continue }
            guard at(close) else { throw missing("expected '\(close)' in expression list") }
        }
        advance()
        return arguments
    }

    /// `label: value`, `value`, or an operator passed as a function.
    mutating func parseArgument() throws(ParseError) -> Argument {
        let labelLocation = current.location
        var label: String?
        if let name = anyName, peek().isPunct(":") {
            label = name
            advance()
            advance()
        } else if case .identifier(.underscore) = current.kind, peek().isPunct(":") {
            advance()
            advance()
        }
        let valueLocation = current.location
        if case .op = current.kind, isOperatorReference() {
            let spelled = text(of: current)
            advance()
            return Argument(label: label, labelLocation: label == nil ? valueLocation : labelLocation,
                            value: Expression(.identifier(spelled, generics: []), at: valueLocation))
        }
        if at(",") || at(")") || at("]") || atEnd { throw missing("expected expression in list of expressions") }
        let value = try parseExpression()
        return Argument(label: label, labelLocation: label == nil ? value.location : labelLocation, value: value)
    }

    // MARK: Primary

    mutating func parsePrimary() throws(ParseError) -> Expression {
        let token = current
        let start = token.location
        switch token.kind {
        case .integer:
            let text = text(of: token)
            advance()
            return Expression(.integerLiteral(text: text, value: Self.integerValue(text)), at: start)
        case .float:
            let text = text(of: token)
            advance()
            return Expression(.floatLiteral(text: text, value: Self.floatValue(text)), at: start)
        case .string:
            advance()
            return Expression(.stringLiteral(try parseStringSegments(strings[token.text])), at: start)
        case .dollar:
            advance()
            return Expression(.identifier(text(of: token), generics: []), at: start)
        case let .identifier(word):
            if token.isBackticked {
                advance()
                return Expression(.identifier(text(of: token), generics: try parseGenericArgumentsIfAny()), at: start)
            }
            switch word {
            case .true, .false:
                advance()
                return Expression(.booleanLiteral(word == .true), at: start)
            case .nil:
                advance()
                return Expression(.nilLiteral, at: start)
            case .underscore:
                advance()
                return Expression(.discard, at: start)
            case .if:
                try enter()
                defer { depth -= 1 }
                return Expression(.statementExpression(Statement(.ifStatement(try parseIfStatement()), at: start)), at: start)
            case .switch:
                try enter()
                defer { depth -= 1 }
                return Expression(.statementExpression(try parseSwitchStatement()), at: start)
            case .selfWord, .selfType, .super, .initWord:
                advance()
                return Expression(.identifier(word.rawValue, generics: word == .selfType ? try parseGenericArgumentsIfAny() : []), at: start)
            default:
                if word.isReserved {
                    throw error("expected expression, found keyword '\(word.rawValue)'", at: start)
                }
                advance()
                return Expression(.identifier(text(of: token), generics: try parseGenericArgumentsIfAny()), at: start)
            }
        case let .pound(word):
            switch word {
            case .if, .elseif, .else, .endif:
                throw error("unexpected '#\(word.rawValue)' in expression", at: start)
            case .available, .unavailable:
                throw error("#\(word.rawValue) may only be used as condition of an 'if', 'guard' or 'while' statement", at: start)
            default:
                return Expression(.macroExpansion(try parseMacroExpansion()), at: start)
            }
        case .punct("("):
            return try parseParenthesized()
        case .punct("["):
            return try parseCollectionLiteral()
        case .punct("{"):
            return Expression(.closure(try parseClosure()), at: start)
        case .punct("."):
            advance()
            guard let name = anyName else { throw missing("expected identifier after '.' expression") }
            advance()
            let generics = try parseGenericArgumentsIfAny()
            if generics.isEmpty { return Expression(.implicitMember(name), at: start) }
            // `.init<T>` is rare; the generics ride on a member of the implicit base.
            return Expression(.implicitMember(name), at: start)
        case .punct("\\"):
            return try parseKeyPath()
        case .op where isOperatorReference():
            advance()
            return Expression(.identifier(text(of: token), generics: []), at: start)
        case .attribute:
            throw error("expected expression", at: start)
        case .end:
            throw missing("expected expression")
        default:
            throw error("expected expression, found '\(shown(token))'", at: start)
        }
    }

    /// The value of an integer literal's text: underscores skipped, `0x`, `0o` and `0b` radixes;
    /// `nil` when it does not fit in `Int` or is not a number (after a reported error).
    ///
    /// Read byte by byte (filtering the text's characters and parsing a new string took as long
    /// as lexing the literal); a byte that is no letter, digit or underscore falls back to
    /// `Int(_:radix:)` on the filtered text, the definition this follows.
    static func integerValue(_ text: String) -> Int? {
        var radix = 10
        var value = 0
        var digits = 0
        var position = 0
        var first: UInt8 = 0
        var overflow = false
        func digit(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte) - 0x30
            case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte) - 0x61 + 10
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte) - 0x41 + 10
            default: nil
            }
        }
        /// Adds a digit; false when the byte is no digit at all.
        func add(_ byte: UInt8) -> Bool {
            guard let digit = digit(byte) else { return false }
            if digit >= radix { overflow = true }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: radix)
            let (sum, overflowB) = shifted.addingReportingOverflow(digit)
            overflow = overflow || overflowA || overflowB
            value = sum
            digits += 1
            return true
        }
        for byte in text.utf8 where byte != UInt8(ascii: "_") {
            defer { position += 1 }
            if position == 0 {
                first = byte
                continue
            }
            if position == 1 {
                switch byte {
                case UInt8(ascii: "x") where first == UInt8(ascii: "0"): radix = 16
                case UInt8(ascii: "o") where first == UInt8(ascii: "0"): radix = 8
                case UInt8(ascii: "b") where first == UInt8(ascii: "0"): radix = 2
                default: break
                }
                if radix != 10 { continue }
                guard add(first) else { return slowIntegerValue(text) }
            }
            guard add(byte) else { return slowIntegerValue(text) }
        }
        if position == 1 {
            guard add(first) else { return slowIntegerValue(text) }
        }
        return digits > 0 && !overflow ? value : nil
    }

    private static func slowIntegerValue(_ text: String) -> Int? {
        var digits = text.filter { $0 != "_" }
        var radix = 10
        if digits.hasPrefix("0x") { radix = 16 } else if digits.hasPrefix("0o") { radix = 8 } else if digits.hasPrefix("0b") { radix = 2 }
        if radix != 10 { digits.removeFirst(2) }
        return Int(digits, radix: radix)
    }

    static func floatValue(_ text: String) -> Double {
        guard text.utf8.contains(UInt8(ascii: "_")) else { return Double(text) ?? .nan }
        return Double(text.filter { $0 != "_" }) ?? .nan
    }

    /// `(a)`, `(a, b)`, `(x: 1, y: 2)`, `()`.
    private mutating func parseParenthesized() throws(ParseError) -> Expression {
        let start = current.location
        let arguments = try parseArgumentList(close: ")")
        if arguments.count == 1, arguments[0].label == nil { return arguments[0].value }
        return Expression(.tuple(arguments.map { ($0.label, $0.value) }), at: start)
    }

    /// `[a, b]`, `[k: v]`, `[:]`.
    private mutating func parseCollectionLiteral() throws(ParseError) -> Expression {
        let start = current.location
        try enter()
        defer { depth -= 1 }
        advance()
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = true
        defer { allowsTrailingClosure = savedTrailing }
        if at(":") && peek().isPunct("]") {
            advance()
            advance()
            return Expression(.dictionaryLiteral([]), at: start)
        }
        var elements: [Expression] = []
        var pairs: [(key: Expression, value: Expression)] = []
        var isDictionary: Bool?
        while !at("]") {
            let element = try parseCollectionElement()
            if isDictionary == nil { isDictionary = at(":") }
            if isDictionary == true {
                guard consume(":") else { throw missing("expected ':' in dictionary literal") }
                pairs.append((element, try parseCollectionElement()))
            } else {
                elements.append(element)
            }
            if consume(",") { continue }
            guard at("]") else { throw missing("expected ']' in container literal expression") }
        }
        advance()
        return Expression(isDictionary == true ? .dictionaryLiteral(pairs) : .arrayLiteral(elements), at: start)
    }

    private mutating func parseCollectionElement() throws(ParseError) -> Expression {
        if case .op = current.kind, isOperatorReference() {
            let location = current.location
            let spelled = text(of: current)
            advance()
            return Expression(.identifier(spelled, generics: []), at: location)
        }
        if atEnd || at(",") { throw missing("expected expression in container literal") }
        return try parseExpression()
    }

    /// `\.name`, `\Type.name.other`, `\.[0]`, `\.value?.count`.
    private mutating func parseKeyPath() throws(ParseError) -> Expression {
        let start = current.location
        advance()
        var root: TypeSyntax?
        if let name = anyName, !at(".") {
            let location = current.location
            advance()
            root = TypeSyntax(.named(name, generics: try parseGenericArgumentsIfAny()), at: location)
        }
        var components: [String] = []
        while true {
            if at(".") {
                advance()
                switch current.kind {
                case .identifier, .integer:
                    components.append(text(of: current))
                    advance()
                case .punct("["):
                    let open = current.location.offset
                    _ = try parseArgumentList(close: "]")
                    components.append(text(from: open, to: previousEnd.offset))
                default:
                    throw missing("expected member name following '.'")
                }
            } else if (atOp(.question) || atOp(.exclamation)) && current.leftBound {
                components.append(atOp(.question) ? "?" : "!")
                advance()
            } else if at("[") && !current.newlineBefore && current.leftBound {
                let open = current.location.offset
                _ = try parseArgumentList(close: "]")
                components.append(text(from: open, to: previousEnd.offset))
            } else {
                break
            }
        }
        if root == nil && components.isEmpty { throw missing("expected expression path in Swift key path") }
        return Expression(.keyPath(root: root, components: components), at: start)
    }

    /// `#name<T>(arguments) { trailing }`.
    mutating func parseMacroExpansion() throws(ParseError) -> MacroExpansion {
        let start = current.location
        guard case .pound = current.kind else { throw error("expected a macro", at: start) }
        let name = text(of: current)
        advance()
        let generics = current.leftBound ? try parseGenericArgumentsIfAny() : []
        var arguments: [Argument] = []
        if at("(") && !current.newlineBefore {
            arguments = try parseArgumentList(close: ")")
        }
        var closures: [TrailingClosure] = []
        if at("{") && allowsTrailingClosure {
            closures = try parseTrailingClosures()
        }
        return MacroExpansion(name: name, generics: generics, arguments: arguments, trailingClosures: closures, at: start)
    }

    // MARK: Strings

    private mutating func parseStringSegments(_ literal: StringLiteralToken) throws(ParseError) -> [StringSegment] {
        var segments: [StringSegment] = []
        for segment in literal.segments {
            switch segment {
            case let .text(text):
                segments.append(.text(text))
            case let .interpolation(interpolationTokens, location):
                segments.append(.interpolation(try parseInterpolation(interpolationTokens), at: location))
            }
        }
        return segments
    }

    /// The arguments of `\(…)`, parsed from the interpolation's own tokens.
    private mutating func parseInterpolation(_ interpolationTokens: [Token]) throws(ParseError) -> [Argument] {
        try enter()
        defer { depth -= 1 }
        let saved = (tokens, position, splits, allowsTrailingClosure)
        tokens = interpolationTokens
        position = 0
        splits = []
        allowsTrailingClosure = true
        defer { (tokens, position, splits, allowsTrailingClosure) = saved }
        var arguments: [Argument] = []
        while !atEnd {
            arguments.append(try parseArgument())
            if consume(",") { continue }
            guard atEnd else { throw missing("expected ')' in expression list") }
        }
        return arguments
    }

    // MARK: Closures

    /// `{ [captures] (parameters) async throws -> Result in statements }`.
    mutating func parseClosure() throws(ParseError) -> Closure {
        let open = current.location
        try enter()
        defer { depth -= 1 }
        advance()
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = true
        defer { allowsTrailingClosure = savedTrailing }
        let signature = parseClosureSignature()
        let statements = parseStatementList(context: .block)
        guard at("}") else { throw missing("expected '}' at end of closure") }
        let close = current.location
        advance()
        return Closure(captures: signature?.captures ?? [], parameters: signature?.parameters, result: signature?.result,
                       isAsync: signature?.isAsync ?? false, isThrowing: signature?.isThrowing ?? false,
                       body: CodeBlock(statements: statements, at: open, end: close))
    }

    private struct ClosureSignature {
        var captures: [String] = []
        var parameters: [Closure.ClosureParameter]?
        var result: TypeSyntax?
        var isAsync = false
        var isThrowing = false
    }

    /// The signature, when the closure starts with one that ends in `in`; otherwise `nil` and
    /// nothing is consumed.
    private mutating func parseClosureSignature() -> ClosureSignature? {
        // Fast path: most closures start with a statement.
        switch current.kind {
        case .punct("["), .punct("("): break
        case .identifier: break
        default: return nil
        }
        let saved = checkpoint
        do {
            let signature = try readClosureSignature()
            if let signature { return signature }
        } catch {}
        restore(saved)
        return nil
    }

    private mutating func readClosureSignature() throws(ParseError) -> ClosureSignature? {
        var signature = ClosureSignature()
        if at("[") {
            advance()
            while !at("]") {
                if current.word == .weak || current.word == .unowned || current.word == .strong, peek().identifierLike || peek().isPunct("(") {
                    advance()
                    if at("(") {
                        advance()
                        advance()
                        guard consume(")") else { return nil }
                    }
                }
                guard let name = anyName else { return nil }
                advance()
                if atOp(.assign) {
                    advance()
                    _ = try parseExpression()
                }
                signature.captures.append(name)
                if consume(",") { continue }
                guard at("]") else { return nil }
            }
            advance()
        }
        if at("(") {
            advance()
            var parameters: [Closure.ClosureParameter] = []
            while !at(")") {
                let location = current.location
                guard var name = identifierName ?? (atKeyword(.underscore) ? "_" : nil) else { return nil }
                advance()
                // `(_ x: Int)`: a label before the name.
                if let second = identifierName ?? (atKeyword(.underscore) ? "_" : nil) {
                    name = second
                    advance()
                }
                var type: TypeSyntax?
                if consume(":") { type = try parseType() }
                if atOp(.closedRange) { advance() }
                parameters.append(Closure.ClosureParameter(name: name, type: type, at: location))
                if consume(",") { continue }
                guard at(")") else { return nil }
            }
            advance()
            signature.parameters = parameters
        } else if !atKeyword(.in) {
            var parameters: [Closure.ClosureParameter] = []
            while let name = identifierName ?? (atKeyword(.underscore) ? "_" : nil) {
                parameters.append(Closure.ClosureParameter(name: name, type: nil, at: current.location))
                advance()
                guard consume(",") else { break }
            }
            if parameters.isEmpty && !atKeyword(.in) { return nil }
            if !parameters.isEmpty { signature.parameters = parameters }
        }
        while case let word = current.word, word == .async || word == .throws || word == .rethrows {
            advance()
            if word == .async { signature.isAsync = true } else { signature.isThrowing = true }
            if word == .throws && at("(") && current.leftBound {
                advance()
                _ = try parseType()
                guard consume(")") else { return nil }
            }
        }
        if atOp(.arrow) {
            advance()
            signature.result = try parseType()
        }
        guard atKeyword(.in) else { return nil }
        advance()
        return signature
    }
}

/// Folds an operator sequence by Swift's standard precedence groups (the Swift standard
/// library's operator declarations), with an explicit stack so long sequences cost no recursion.
struct OperatorFolder {
    enum Operator {
        /// The operator's word (``Word/other`` for one the file declares) and text.
        case binary(Word, String)
        case ternary(Expression)
        case cast(CastKind, TypeSyntax)
    }

    var operands: [Expression] = []
    private var operators: [(Operator, OperatorPrecedence.Group, SourceLocation)] = []

    /// A sequence that starts with `first`: it has at least one operator, so room for a few of
    /// each is made at once rather than by growing from one.
    init(first: Expression) {
        operands.reserveCapacity(4)
        operators.reserveCapacity(2)
        operands.append(first)
    }

    mutating func push(_ op: Operator, at location: SourceLocation, diagnostics: inout [SyntaxDiagnostic]) {
        let group: OperatorPrecedence.Group = switch op {
        case let .binary(word, _): word.precedence ?? .defaultGroup
        case .ternary: .ternary
        case .cast: .casting
        }
        while let top = operators.last {
            let higher = top.1.rank > group.rank
            let equal = top.1.rank == group.rank
            if equal && group.associativity == .none {
                diagnostics.append(SyntaxDiagnostic("adjacent operators are in non-associative precedence group '\(group.name)'", at: location))
            }
            guard higher || (equal && group.associativity != .right) else { break }
            reduce()
        }
        if case let .cast(kind, type) = op {
            let operand = operands.removeLast()
            operands.append(Expression(.cast(operand, kind, type), at: operand.location))
            return
        }
        operators.append((op, group, location))
    }

    private mutating func reduce() {
        let (op, _, location) = operators.removeLast()
        let right = operands.removeLast()
        let left = operands.removeLast()
        let kind: Expression.Kind = switch op {
        case let .binary(word, text) where word.isAssignment:
            .assignment(operator: text, target: left, value: right, operatorLocation: location)
        case let .binary(_, text):
            .binaryOperator(text, left, right, operatorLocation: location)
        case let .ternary(middle):
            .ternary(left, middle, right)
        case .cast:
            .binaryOperator("as", left, right, operatorLocation: location)
        }
        operands.append(Expression(kind, at: left.location))
    }

    mutating func finish() -> Expression {
        while !operators.isEmpty { reduce() }
        return operands[0]
    }
}
