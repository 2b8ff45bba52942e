// Types, generic argument and parameter lists, `where` clauses.

extension Parser {
    /// A type, with attributes (`@escaping`), specifiers (`inout`), `some`/`any` and `&`
    /// compositions.
    mutating func parseType() throws(ParseError) -> TypeSyntax {
        try enter()
        defer { depth -= 1 }
        let start = current.location
        var attributes: [String] = []
        var specifiers: [String] = []
        while true {
            if case .attribute = current.kind {
                attributes.append(text(of: current))
                advance()
                if at("(") && current.leftBound { try skipBalanced() }
            } else if current.word.isTypeSpecifier, peek().startsType {
                specifiers.append(current.word.rawValue)
                advance()
            } else {
                break
            }
        }
        var type: TypeSyntax
        if case let word = current.word, word == .someWord || word == .any, peek().startsType, !peek().newlineBefore {
            advance()
            let constraint = try parseComposition()
            type = TypeSyntax(word == .someWord ? .opaque(constraint) : .existential(constraint), at: start)
        } else {
            type = try parseComposition()
        }
        if !attributes.isEmpty || !specifiers.isEmpty {
            type = TypeSyntax(.attributed(specifiers: specifiers, attributes: attributes, type), at: start)
        }
        return type
    }

    /// `A & B & C`.
    private mutating func parseComposition() throws(ParseError) -> TypeSyntax {
        let first = try parseSimpleType()
        guard atOp(.ampersand) else { return first }
        var types = [first]
        while atOp(.ampersand) {
            advance()
            types.append(try parseSimpleType())
        }
        return TypeSyntax(.composition(types), at: first.location)
    }

    /// A type without compositions: names, member types, `[T]`, `[K: V]`, tuples, function
    /// types, and the postfix `?`, `!`, `.Type`.
    mutating func parseSimpleType() throws(ParseError) -> TypeSyntax {
        let start = current.location
        var type: TypeSyntax
        switch current.kind {
        case let .identifier(word) where current.isBackticked || !word.isReserved || word == .selfType || word == .class:
            let name = text(of: current)
            advance()
            type = TypeSyntax(.named(name, generics: try parseGenericArgumentsIfAny(inType: true)), at: start)
        case .punct("("):
            type = try parseTupleOrFunctionType()
        case .punct("["):
            try enter()
            defer { depth -= 1 }
            advance()
            let element = try parseType()
            if consume(":") {
                let value = try parseType()
                guard consume("]") else { throw missing("expected ']' in dictionary type") }
                type = TypeSyntax(.dictionary(key: element, value: value), at: start)
            } else {
                guard consume("]") else { throw missing("expected ']' in array type") }
                type = TypeSyntax(.array(element), at: start)
            }
        default:
            throw missing("expected type")
        }
        while true {
            if at("."), !current.newlineBefore || peek().word == .typeWord {
                advance()
                guard let name = anyName else { throw missing("expected member name following '.'") }
                advance()
                if name == "Type" || name == "Protocol" {
                    type = TypeSyntax(.metatype(type, isProtocol: name == "Protocol"), at: start)
                } else {
                    type = TypeSyntax(.member(base: type, name: name, generics: try parseGenericArgumentsIfAny(inType: true)), at: start)
                }
            } else if atOp(.question) && current.leftBound {
                advance()
                type = TypeSyntax(.optional(type), at: start)
            } else if atOp(.exclamation) && current.leftBound {
                advance()
                type = TypeSyntax(.implicitlyUnwrapped(type), at: start)
            } else {
                return type
            }
        }
    }

    /// `(Int, label: Double)`, `(Int) -> Void`, `() async throws -> Bool`.
    private mutating func parseTupleOrFunctionType() throws(ParseError) -> TypeSyntax {
        let start = current.location
        try enter()
        defer { depth -= 1 }
        advance()
        var elements: [TupleTypeElement] = []
        while !at(")") {
            var label: String?
            if let name = anyName, peek().isPunct(":") {
                label = name
                advance()
                advance()
            } else if let name = anyName, peek().identifierLike, peek(2).isPunct(":") {
                // `(_ name: Int) -> Void`: the label, then a name callers never see.
                label = name
                advance()
                advance()
                advance()
            }
            let type = try parseType()
            var isVariadic = false
            if atOp(.closedRange) {
                isVariadic = true
                advance()
            }
            elements.append(TupleTypeElement(label: label == "_" ? nil : label, type: type, isVariadic: isVariadic))
            if consume(",") { continue }
            guard at(")") else { throw missing("expected ')' in tuple type") }
        }
        advance()
        var isAsync = false
        var isThrowing = false
        while case let word = current.word, word == .async || word == .throws || word == .rethrows {
            if word == .async { isAsync = true } else { isThrowing = true }
            advance()
            if word == .throws && at("(") && current.leftBound { try skipBalanced() }
        }
        if atOp(.arrow) {
            advance()
            let result = try parseType()
            return TypeSyntax(.function(parameters: elements, isAsync: isAsync, isThrowing: isThrowing, result: result), at: start)
        }
        if isAsync || isThrowing { throw missing("expected '->' in function type") }
        if elements.count == 1, elements[0].label == nil, !elements[0].isVariadic { return elements[0].type }
        return TypeSyntax(.tuple(elements), at: start)
    }

    /// Skips a balanced `( … )` (attribute arguments that are not expressions).
    mutating func skipBalanced() throws(ParseError) {
        let open = current.location
        var nesting = 0
        repeat {
            switch current.kind {
            case .punct("("), .punct("["), .punct("{"): nesting += 1
            case .punct(")"), .punct("]"), .punct("}"): nesting -= 1
            case .end: throw error("expected ')' to match this opening '('", at: open)
            default: break
            }
            advance()
        } while nesting > 0
    }

    // MARK: Generic arguments

    /// `<T, U>` after a name: always in a type; in an expression only where Swift's rule
    /// allows it (a matching `>` follows and then a token that can follow a type).
    mutating func parseGenericArgumentsIfAny(inType: Bool = false) throws(ParseError) -> [TypeSyntax] {
        guard atOp(.less) else { return [] }
        if !inType {
            guard current.leftBound, canParseGenericArguments() else { return [] }
        }
        try enter()
        defer { depth -= 1 }
        advance()
        var arguments: [TypeSyntax] = []
        while true {
            arguments.append(try parseType())
            if consume(",") { continue }
            break
        }
        try consumeClosingAngle()
        return arguments
    }

    mutating func consumeClosingAngle() throws(ParseError) {
        guard case .op = current.kind, text(of: current).hasPrefix(">") else {
            throw missing("expected '>' to complete generic argument list")
        }
        if atOp(.greater) { advance() } else { splitCurrentOperator() }
    }

    /// Looks ahead (without consuming) for `< types >` followed by a token that can follow a
    /// generic argument list in an expression.
    func canParseGenericArguments() -> Bool {
        var index = position + 1
        var nesting = 1
        var steps = 0
        while index < tokens.count && steps < 512 {
            steps += 1
            let token = tokens[index]
            switch token.kind {
            case .identifier, .integer, .attribute:
                break
            case .punct("."), .punct(","), .punct("["), .punct("]"), .punct("("), .punct(")"), .punct(":"):
                break
            case let .op(word):
                let spelled = text(of: token)
                if word == .less {
                    nesting += 1
                } else if spelled.allSatisfy({ $0 == ">" }) {
                    nesting -= spelled.count
                    if nesting < 0 { return false }
                    if nesting == 0 { return isGenericArgumentFollower(index + 1) }
                } else if spelled.hasPrefix(">") {
                    // `>?`, `>!`: a closing `>` glued to a postfix operator.
                    let closers = spelled.prefix(while: { $0 == ">" }).count
                    nesting -= closers
                    if nesting == 0 { return spelled.dropFirst(closers).allSatisfy { $0 == "?" || $0 == "!" } }
                    if nesting < 0 { return false }
                } else if !(word == .question || word == .exclamation || word == .ampersand || word == .arrow || word == .closedRange) {
                    return false
                }
            default:
                return false
            }
            index += 1
        }
        return false
    }

    private func isGenericArgumentFollower(_ index: Int) -> Bool {
        guard index < tokens.count else { return true }
        let token = tokens[index]
        switch token.kind {
        case .punct("("), .punct("["):
            return !token.newlineBefore
        case .punct("."), .punct(")"), .punct("]"), .punct(","), .punct(";"), .punct(":"), .punct("{"), .punct("}"), .end:
            return true
        case let .op(word):
            return word == .question || word == .exclamation || token.isBinaryOperator && !token.leftBound
        default:
            return token.newlineBefore
        }
    }

    // MARK: Generic parameters

    /// `<T: ShapeStyle, Content: View>`.
    mutating func parseGenericParametersIfAny() throws(ParseError) -> [GenericParameter] {
        guard atOp(.less) else { return [] }
        advance()
        var parameters: [GenericParameter] = []
        while true {
            if current.word == .each || current.word == .let, peek().identifierLike { advance() }
            guard let name = identifierName else { throw missing("expected an identifier to name generic parameter") }
            let location = current.location
            advance()
            var constraints: [TypeSyntax] = []
            if consume(":") { constraints.append(try parseType()) }
            parameters.append(GenericParameter(name: name, constraints: constraints, at: location))
            if consume(",") { continue }
            break
        }
        try consumeClosingAngle()
        return parameters
    }

    /// `where T: View, T.Element == Int`: each requirement joins the constraints of the
    /// parameter it names (a new entry when the name is not a parameter, e.g. `Self`).
    mutating func parseWhereClauseIfAny(into parameters: inout [GenericParameter]) throws(ParseError) {
        guard atKeyword(.where) else { return }
        advance()
        repeat {
            let location = current.location
            let subject = try parseType()
            let constraint: TypeSyntax
            if consume(":") {
                constraint = try parseType()
            } else if atOp(.equal) {
                advance()
                constraint = try parseType()
            } else {
                throw missing("expected ':' or '==' to indicate a conformance or same-type requirement")
            }
            let name = Self.typeName(subject)
            if let index = parameters.firstIndex(where: { $0.name == name }) {
                parameters[index].constraints.append(constraint)
            } else {
                parameters.append(GenericParameter(name: name, constraints: [constraint], at: location))
            }
        } while consume(",")
    }

    /// `T`, `T.Element`: the dotted name of a named type.
    static func typeName(_ type: TypeSyntax) -> String {
        switch type.kind {
        case let .named(name, _): name
        case let .member(base, name, _): typeName(base) + "." + name
        default: "_"
        }
    }

    /// `: View, Equatable`.
    mutating func parseInheritanceIfAny() throws(ParseError) -> [TypeSyntax] {
        guard consume(":") else { return [] }
        var types: [TypeSyntax] = []
        repeat {
            types.append(try parseType())
        } while consume(",")
        return types
    }
}

extension Token {
    /// Whether a type can start at this token (after `some`, `inout` …).
    var startsType: Bool {
        switch kind {
        case .identifier, .attribute, .punct("("), .punct("["): true
        default: false
        }
    }
}
