// Patterns: the names a `let`/`var`/`for` binds, and the matching patterns of `case`,
// `if case`, `for case` and `catch`.

extension Parser {
    /// `x`, `_`, `(a, (b, _))`: what `let`, `var` and `for` bind.
    mutating func parseBindingPattern() throws(ParseError) -> Pattern {
        let start = current.location
        if atKeyword(.underscore) {
            advance()
            return Pattern(.wildcard, at: start)
        }
        if let name = identifierName {
            advance()
            return Pattern(.binding(name), at: start)
        }
        if at("(") {
            try enter()
            defer { depth -= 1 }
            advance()
            var elements: [(label: String?, pattern: Pattern)] = []
            while !at(")") {
                var label: String?
                if let name = anyName, peek().isPunct(":") {
                    label = name
                    advance()
                    advance()
                }
                elements.append((label, try parseBindingPattern()))
                if consume(",") { continue }
                guard at(")") else { throw missing("expected ')' at end of tuple pattern") }
            }
            advance()
            if elements.count == 1, elements[0].label == nil { return elements[0].pattern }
            return Pattern(.tuple(elements), at: start)
        }
        if case .identifier = current.kind, !current.isBackticked {
            throw error("keyword '\(text(of: current))' cannot be used as an identifier here", at: start)
        }
        throw missing("expected pattern")
    }

    /// A matching pattern: `.done(let x)`, `let .loading(p)`, `(0, _)`, `0..<5`, `is Int`,
    /// `let x as Int`, `x?`.
    ///
    /// - Parameter binding: inside `let`/`var`, a bare name binds instead of matching a value.
    mutating func parseMatchingPattern(binding: Bool = false) throws(ParseError) -> Pattern {
        try enter()
        defer { depth -= 1 }
        var pattern = try parseMatchingPatternPrimary(binding: binding)
        while true {
            if atOp(.question) && current.leftBound {
                advance()
                pattern = Pattern(.optional(pattern), at: pattern.location)
            } else if atKeyword(.as) {
                advance()
                pattern = Pattern(.cast(pattern, try parseType()), at: pattern.location)
            } else {
                return pattern
            }
        }
    }

    private mutating func parseMatchingPatternPrimary(binding: Bool) throws(ParseError) -> Pattern {
        let start = current.location
        switch current.word {
        case .underscore:
            advance()
            return Pattern(.wildcard, at: start)
        case let word where word == .let || word == .var:
            advance()
            return Pattern(.valueBinding(isLet: word == .let, try parseMatchingPattern(binding: true)), at: start)
        case .is:
            advance()
            return Pattern(.isType(try parseType()), at: start)
        default:
            break
        }
        if at("(") { return try parseTuplePattern(binding: binding) }
        if binding, let name = identifierName, !peek().isPunct("."), !peek().isPunct("(") {
            advance()
            return Pattern(.binding(name), at: start)
        }
        // `.name(…)` and `Type.name(…)`, unless an operator follows (`.a ... .b` is a value).
        let saved = checkpoint
        if let pattern = try parseEnumCasePattern(binding: binding) {
            if case let .op(word) = current.kind, current.isBinaryOperator, word != .assign {
                restore(saved)
            } else {
                return pattern
            }
        } else {
            restore(saved)
        }
        return Pattern(.expression(try parseExpression(stopsAtAssignment: true)), at: start)
    }

    private mutating func parseTuplePattern(binding: Bool) throws(ParseError) -> Pattern {
        let start = current.location
        let elements = try parsePatternElements(binding: binding)
        if elements.count == 1, elements[0].label == nil { return elements[0].pattern }
        return Pattern(.tuple(elements), at: start)
    }

    /// `(label: pattern, pattern)`, including the parentheses.
    private mutating func parsePatternElements(binding: Bool) throws(ParseError) -> [(label: String?, pattern: Pattern)] {
        try enter()
        defer { depth -= 1 }
        advance()
        var elements: [(label: String?, pattern: Pattern)] = []
        while !at(")") {
            var label: String?
            if let name = anyName, peek().isPunct(":") {
                label = name
                advance()
                advance()
            }
            elements.append((label, try parseMatchingPattern(binding: binding)))
            if consume(",") { continue }
            guard at(")") else { throw missing("expected ')' at end of tuple pattern") }
        }
        advance()
        return elements
    }

    /// `.name`, `.name(patterns)`, `Type.Nested.name(patterns)`; `nil` (nothing consumed) for
    /// anything else.
    private mutating func parseEnumCasePattern(binding: Bool) throws(ParseError) -> Pattern? {
        let start = current.location
        var type: TypeSyntax?
        var name: String
        if at(".") {
            guard case .identifier = peek().kind else { return nil }
            name = text(of: peek())
            advance()
            advance()
        } else {
            guard let first = identifierName, peek().isPunct("."), first.first?.isUppercase == true else { return nil }
            var components = [(first, current.location)]
            var probe = position + 1
            while probe + 1 < tokens.count, tokens[probe].isPunct("."), tokens[probe + 1].isIdentifierName {
                components.append((text(of: tokens[probe + 1]), tokens[probe + 1].location))
                probe += 2
            }
            guard components.count >= 2 else { return nil }
            // `Type.member.other(…)` or a call on a value: only plain case names are cases.
            position = probe
            name = components.removeLast().0
            var base = TypeSyntax(.named(components[0].0, generics: []), at: components[0].1)
            for component in components.dropFirst() {
                base = TypeSyntax(.member(base: base, name: component.0, generics: []), at: start)
            }
            type = base
        }
        var arguments: [(label: String?, pattern: Pattern)]?
        if at("(") && !current.newlineBefore {
            arguments = try parsePatternElements(binding: binding)
        }
        if at(".") || at("[") || (at("(") && !current.newlineBefore) { return nil }
        return Pattern(.enumCase(type: type, name: name, arguments: arguments), at: start)
    }
}
