// Declarations: attributes and modifiers, variables, functions, initialisers, types,
// extensions, enum cases, type aliases, subscripts, macros.

extension Parser {
    /// Whether a declaration starts here: attributes and modifiers, then a declaration keyword.
    func isAtDeclaration(allowingCase: Bool = false) -> Bool {
        var index = position
        while index < tokens.count {
            let token = tokens[index]
            if case .attribute = token.kind {
                index += 1
                if index < tokens.count, tokens[index].isPunct("("), tokens[index].leftBound {
                    index = indexAfterBalanced(from: index)
                }
                continue
            }
            guard case let .identifier(word) = token.kind, !token.isBackticked else { return false }
            let next = index + 1 < tokens.count ? tokens[index + 1] : token
            if word == .class, next.word.isModifier || next.word.isDeclarationKeyword {
                index += 1
                continue
            }
            if word.isDeclarationKeyword || (allowingCase && word == .case) {
                if word == .actor || word == .macro { return next.isIdentifierName && !next.newlineBefore }
                return true
            }
            guard word.isModifier else { return false }
            index += 1
            if index < tokens.count, tokens[index].isPunct("("), tokens[index].leftBound {
                index = indexAfterBalanced(from: index)
            }
        }
        return false
    }

    private func indexAfterBalanced(from start: Int) -> Int {
        var index = start
        var nesting = 0
        while index < tokens.count {
            switch tokens[index].kind {
            case .punct("("): nesting += 1
            case .punct(")"):
                nesting -= 1
                if nesting == 0 { return index + 1 }
            case .end: return index
            default: break
            }
            index += 1
        }
        return index
    }

    /// The members of a type or extension, until `}`.
    mutating func parseMemberList(_ what: String) -> [Declaration] {
        var members: [Declaration] = []
        while true {
            while at(";") { advance() }
            if atEnd || at("}") { break }
            if case let .pound(word) = current.kind {
                if word == .elseif || word == .else || word == .endif { break }
                if word == .if {
                    do {
                        try parseIfConfig { (parser: inout Parser) throws(ParseError) in members += parser.parseMemberList(what) }
                    } catch {
                        report(error.diagnostic)
                    }
                    continue
                }
            }
            let start = position
            do throws(ParseError) {
                guard isAtDeclaration(allowingCase: true) || current.kind.isPound else {
                    throw error("expected declaration", at: current.location)
                }
                members.append(try parseDeclaration())
                checkSeparator("consecutive declarations on a line must be separated by ';'")
            } catch {
                report(error.diagnostic)
                recover(statementStart: start)
            }
            if position == start && !atEnd && !at("}") { advance() }
        }
        return members
    }

    /// `{ members }` of a type or extension.
    private mutating func parseMemberBlock(_ what: String) throws(ParseError) -> [Declaration] {
        guard at("{") else { throw missing("expected '{' in \(what)") }
        try enter()
        defer { depth -= 1 }
        advance()
        let members = parseMemberList(what)
        guard consume("}") else { throw missing("expected '}' in \(what)") }
        return members
    }

    // MARK: Attributes and modifiers

    mutating func parseAttributes() throws(ParseError) -> [Attribute] {
        var attributes: [Attribute] = []
        while case .attribute = current.kind {
            let location = current.location
            let name = text(of: current)
            advance()
            let generics = current.leftBound ? try parseGenericArgumentsIfAny(inType: true) : []
            var arguments: [Argument]?
            var raw: String?
            if at("(") && current.leftBound {
                let open = current
                let saved = checkpoint
                if !Self.nonExpressionAttributes.contains(name) {
                    do {
                        arguments = try parseArgumentList(close: ")")
                    } catch {
                        restore(saved)
                    }
                }
                if arguments == nil { try skipBalanced() }
                raw = text(from: open.end.offset, to: tokens[position - 1].location.offset)
            }
            attributes.append(Attribute(name: name, generics: generics, arguments: arguments, rawArguments: raw, at: location))
        }
        return attributes
    }

    /// Attributes whose arguments are not expressions: their text is kept as written.
    static let nonExpressionAttributes: Set<String> = [
        "available", "objc", "backDeployed", "_specialize", "convention", "_silgen_name", "differentiable",
        "derivative", "transpose", "_implements", "_effects", "_spi", "_originallyDefinedIn", "_alignment",
        "_documentation", "_expose", "_cdecl", "freestanding", "attached", "_semantics", "storageRestrictions",
    ]

    mutating func parseModifiers() -> DeclarationModifiers {
        var modifiers: DeclarationModifiers = []
        while case let word = current.word, word.isModifier {
            let next = peek()
            let nextWord = next.word
            if word == .class, !(nextWord.isModifier || nextWord.isDeclarationKeyword) { break }
            // Any other name after the modifier (`lazy` in `var lazy`) ends the modifiers.
            if case .identifier = next.kind, !next.isBackticked, !nextWord.isModifier && !nextWord.isDeclarationKeyword && nextWord != .case { break }
            advance()
            if at("(") && current.leftBound, peek().identifierLike, peek(2).isPunct(")") {
                let detail = text(of: peek())
                advance()
                advance()
                advance()
                modifiers.append("\(word.rawValue)(\(detail))")
            } else {
                modifiers.append(word.rawValue)
            }
        }
        return modifiers
    }

    // MARK: Declarations

    mutating func parseDeclaration() throws(ParseError) -> Declaration {
        let start = current.location
        if current.kind.isPound {
            let macro = try parseMacroExpansion()
            return Declaration(.macroExpansion(macro), at: start)
        }
        let attributes = try parseAttributes()
        let modifiers = parseModifiers()
        if current.kind.isPound, attributes.isEmpty == false || modifiers.isEmpty == false {
            let macro = try parseMacroExpansion()
            return Declaration(.macroExpansion(macro), attributes: attributes, modifiers: modifiers, at: start)
        }
        guard case let .identifier(word) = current.kind, !current.isBackticked else { throw error("expected declaration", at: current.location) }
        let keywordLocation = current.location
        func make(_ kind: Declaration.Kind, name: SourceLocation? = nil) -> Declaration {
            Declaration(kind, attributes: attributes, modifiers: modifiers, at: start, nameLocation: name ?? keywordLocation)
        }
        switch word {
        case .import:
            advance()
            switch current.word {
            case .struct, .class, .enum, .protocol, .typealias, .func, .let, .var: advance()
            default: break
            }
            var path: [String] = []
            repeat {
                guard let name = anyName else { throw missing("expected module name in import declaration") }
                path.append(name)
                advance()
            } while consume(".")
            return make(.importDeclaration(path))
        case .let, .var:
            advance()
            let nameLocation = current.location
            return make(.variable(try parseVariable(isLet: word == .let)), name: nameLocation)
        case .func:
            advance()
            let nameLocation = current.location
            return make(.function(try parseFunction()), name: nameLocation)
        case .initWord:
            advance()
            return make(.initializer(try parseInitializer()))
        case .deinit:
            advance()
            _ = try parseCodeBlock("in deinitializer")
            return make(.unsupported(keyword: "deinit"))
        case .subscript:
            advance()
            return make(.subscriptDeclaration(try parseSubscript()))
        case .struct, .class, .enum, .protocol, .actor:
            advance()
            let nameLocation = current.location
            return make(.type(try parseTypeDeclaration(TypeDeclaration.Keyword(rawValue: word.rawValue)!)), name: nameLocation)
        case .extension:
            advance()
            let nameLocation = current.location
            let extendedType = try parseSimpleType()
            let inherited = try parseInheritanceIfAny()
            var requirements: [GenericParameter] = []
            try parseWhereClauseIfAny(into: &requirements)
            let members = try parseMemberBlock("extension")
            return make(.extensionDeclaration(ExtensionDeclaration(extendedType: extendedType, inherited: inherited,
                                                                   requirements: requirements, members: members)), name: nameLocation)
        case .case:
            advance()
            let nameLocation = current.location
            return make(.enumCase(try parseEnumCaseElements()), name: nameLocation)
        case .typealias:
            advance()
            let nameLocation = current.location
            guard let name = identifierName else { throw missing("expected identifier in typealias declaration") }
            advance()
            var generics = try parseGenericParametersIfAny()
            guard atOp(.assign) else { throw missing("expected '=' in type alias declaration") }
            advance()
            let type = try parseType()
            try parseWhereClauseIfAny(into: &generics)
            return make(.typeAlias(name: name, generics: generics, type: type), name: nameLocation)
        case .associatedtype:
            advance()
            let nameLocation = current.location
            guard let name = identifierName else { throw missing("expected identifier in associatedtype declaration") }
            advance()
            var constraints = try parseInheritanceIfAny()
            if atOp(.assign) {
                advance()
                _ = try parseType()
            }
            var requirements: [GenericParameter] = []
            try parseWhereClauseIfAny(into: &requirements)
            constraints += requirements.filter { $0.name == name }.flatMap(\.constraints)
            return make(.associatedType(name: name, constraints: constraints), name: nameLocation)
        case .operator, .macro:
            advance()
            skipRestOfDeclaration()
            return make(.unsupported(keyword: word.rawValue))
        case .precedencegroup:
            advance()
            if current.isIdentifierName { advance() }
            _ = try parseMemberBlockSkipping("precedence group")
            return make(.unsupported(keyword: word.rawValue))
        default:
            throw error("expected declaration", at: current.location)
        }
    }

    /// Skips to the end of a declaration the parser does not model (`infix operator +++ : …`),
    /// brackets included.
    private mutating func skipRestOfDeclaration() {
        var nesting = 0
        while !atEnd {
            if nesting == 0 && (current.newlineBefore || at(";") || at("}")) { return }
            switch current.kind {
            case .punct("("), .punct("["), .punct("{"): nesting += 1
            case .punct(")"), .punct("]"), .punct("}"): nesting -= 1
            default: break
            }
            advance()
        }
    }

    private mutating func parseMemberBlockSkipping(_ what: String) throws(ParseError) -> Bool {
        guard at("{") else { throw missing("expected '{' after \(what)") }
        try skipBalanced()
        return true
    }

    // MARK: Variables

    private mutating func parseVariable(isLet: Bool) throws(ParseError) -> VariableDeclaration {
        var bindings: [PatternBinding] = []
        repeat {
            let pattern = try parseBindingPattern()
            var type: TypeSyntax?
            if consume(":") { type = try parseType() }
            var initializer: Expression?
            if atOp(.assign) {
                advance()
                initializer = try parseExpression()
            }
            var accessors: Accessors?
            if at("{") { accessors = try parseAccessors() }
            bindings.append(PatternBinding(pattern: pattern, type: type, initializer: initializer, accessors: accessors))
        } while consume(",")
        return VariableDeclaration(isLet: isLet, bindings: bindings)
    }

    /// `{ statements }` (a getter) or `{ get { } set { } }`, `{ get set }`, `{ willSet { } didSet { } }`.
    mutating func parseAccessors() throws(ParseError) -> Accessors {
        var index = position + 1
        while index < tokens.count {
            if case .attribute = tokens[index].kind {
                index += 1
            } else if tokens[index].word.isAccessorModifier {
                index += 1
            } else {
                break
            }
        }
        guard index < tokens.count, tokens[index].word.isAccessorKind else {
            return .getter(try parseCodeBlock("in getter"))
        }
        let follower = index + 1 < tokens.count ? tokens[index + 1] : tokens[index]
        let followerWord = follower.word
        let isAccessorList = follower.isPunct("{") || follower.isPunct("}") || follower.isPunct("(") || follower.newlineBefore
            || followerWord == .async || followerWord == .throws || followerWord == .get || followerWord == .set
        guard isAccessorList else { return .getter(try parseCodeBlock("in getter")) }
        try enter()
        defer { depth -= 1 }
        advance()
        var blocks: [AccessorBlock] = []
        while !at("}") {
            _ = try parseAttributes()
            while current.word.isAccessorModifier { advance() }
            let location = current.location
            guard current.word.isAccessorKind else {
                throw atEnd ? missing("expected '}' at end of variable get/set clause") : error("expected 'get', 'set', 'willSet' or 'didSet' accessor", at: current.location)
            }
            let kind = current.word.rawValue
            advance()
            var parameter: String?
            if at("(") && !current.newlineBefore {
                advance()
                parameter = identifierName
                advance()
                guard consume(")") else { throw missing("expected ')' after accessor parameter name") }
            }
            var effects: [String] = []
            while case let word = current.word, word == .async || word == .throws {
                effects.append(word.rawValue)
                advance()
            }
            var body: CodeBlock?
            if at("{") { body = try parseCodeBlock("in accessor") }
            blocks.append(AccessorBlock(kind: kind, parameter: parameter, effects: effects, body: body, at: location))
            _ = consume(";")
        }
        advance()
        return .blocks(blocks)
    }

    // MARK: Functions

    private mutating func parseFunction() throws(ParseError) -> FunctionDeclaration {
        let name: String
        switch current.kind {
        case .identifier where current.isIdentifierName, .op:
            name = text(of: current)
        default:
            throw missing("expected identifier in function declaration")
        }
        advance()
        var generics = try parseGenericParametersIfAny()
        let parameters = try parseParameterClause(isSubscript: false)
        let (isAsync, isThrowing) = try parseEffects()
        var result: TypeSyntax?
        if atOp(.arrow) {
            advance()
            result = try parseType()
        }
        try parseWhereClauseIfAny(into: &generics)
        var body: CodeBlock?
        if at("{") { body = try parseCodeBlock("in body of function declaration") }
        return FunctionDeclaration(name: name, generics: generics, parameters: parameters, isAsync: isAsync,
                                   isThrowing: isThrowing, result: result, body: body)
    }

    private mutating func parseEffects() throws(ParseError) -> (isAsync: Bool, isThrowing: Bool) {
        var isAsync = false
        var isThrowing = false
        while case let word = current.word, word == .async || word == .throws || word == .rethrows || word == .reasync {
            advance()
            if word == .async || word == .reasync { isAsync = true } else { isThrowing = true }
            if word == .throws && at("(") && current.leftBound { try skipBalanced() }
        }
        return (isAsync, isThrowing)
    }

    private mutating func parseInitializer() throws(ParseError) -> InitializerDeclaration {
        var isFailable = false
        if (atOp(.question) || atOp(.exclamation)) && current.leftBound {
            isFailable = true
            advance()
        }
        var generics = try parseGenericParametersIfAny()
        let parameters = try parseParameterClause(isSubscript: false)
        let (_, isThrowing) = try parseEffects()
        try parseWhereClauseIfAny(into: &generics)
        var body: CodeBlock?
        if at("{") { body = try parseCodeBlock("in body of initializer") }
        return InitializerDeclaration(isFailable: isFailable, generics: generics, parameters: parameters, isThrowing: isThrowing, body: body)
    }

    private mutating func parseSubscript() throws(ParseError) -> SubscriptDeclaration {
        var generics = try parseGenericParametersIfAny()
        let parameters = try parseParameterClause(isSubscript: true)
        guard atOp(.arrow) else { throw missing("expected '->' for subscript element type") }
        advance()
        let result = try parseType()
        try parseWhereClauseIfAny(into: &generics)
        guard at("{") else { throw missing("expected '{' in subscript to specify getter and setter implementation") }
        return SubscriptDeclaration(parameters: parameters, result: result, accessors: try parseAccessors())
    }

    /// `(_ x: Int = 0, at y: Double, values: Int..., body: @escaping () -> Void)`.
    private mutating func parseParameterClause(isSubscript: Bool) throws(ParseError) -> [Parameter] {
        guard at("(") else { throw missing("expected '(' in argument list of function declaration") }
        try enter()
        defer { depth -= 1 }
        advance()
        var parameters: [Parameter] = []
        while !at(")") {
            let start = current.location
            let attributes = try parseAttributes()
            while case let word = current.word, word == .isolated || word == .sending || word == .legacyOwned || word == .legacyShared,
                  peek().identifierLike, peek(2).identifierLike || peek(2).isPunct(":") { advance() }
            guard let first = anyName, current.word != .inout && current.word != .var && current.word != .let else {
                throw missing("expected parameter name followed by ':'")
            }
            advance()
            var second: String?
            if let name = anyName, !at(":") {
                second = name
                advance()
            }
            guard consume(":") else { throw missing("expected parameter name followed by ':'") }
            var type = try parseType()
            if !attributes.isEmpty {
                let names = attributes.map(\.name)
                if case let .attributed(specifiers, existing, inner) = type.kind {
                    type = TypeSyntax(.attributed(specifiers: specifiers, attributes: names + existing, inner), at: type.location)
                } else {
                    type = TypeSyntax(.attributed(specifiers: [], attributes: names, type), at: type.location)
                }
            }
            var isVariadic = false
            if atOp(.closedRange) {
                isVariadic = true
                advance()
            }
            var defaultValue: Expression?
            if atOp(.assign) {
                advance()
                defaultValue = try parseExpression()
            }
            let label: String?
            let name: String
            if let second {
                label = first == "_" ? nil : first
                name = second
            } else {
                label = isSubscript || first == "_" ? nil : first
                name = first
            }
            parameters.append(Parameter(label: label, name: name, type: type, defaultValue: defaultValue, isVariadic: isVariadic, at: start))
            if consume(",") { continue }
            guard at(")") else { throw missing("expected ')' in parameter list") }
        }
        advance()
        return parameters
    }

    // MARK: Types

    private mutating func parseTypeDeclaration(_ keyword: TypeDeclaration.Keyword) throws(ParseError) -> TypeDeclaration {
        guard let name = identifierName else { throw missing("expected identifier in \(keyword.rawValue) declaration") }
        advance()
        var generics = try parseGenericParametersIfAny()
        let inherited = try parseInheritanceIfAny()
        try parseWhereClauseIfAny(into: &generics)
        let members = try parseMemberBlock(keyword.rawValue)
        return TypeDeclaration(keyword: keyword, name: name, generics: generics, inherited: inherited, members: members)
    }

    /// `a, b(Int), c = 3, d(label: String = "")`.
    private mutating func parseEnumCaseElements() throws(ParseError) -> [EnumCaseElement] {
        var elements: [EnumCaseElement] = []
        repeat {
            let location = current.location
            guard let name = identifierName else { throw missing("expected identifier in enum 'case' declaration") }
            advance()
            var associated: [EnumAssociatedValue]?
            if at("(") && current.leftBound || at("(") && !current.newlineBefore {
                try enter()
                defer { depth -= 1 }
                advance()
                var values: [EnumAssociatedValue] = []
                while !at(")") {
                    var label: String?
                    if let first = anyName, peek().isPunct(":") {
                        label = first == "_" ? nil : first
                        advance()
                        advance()
                    } else if let first = anyName, peek().identifierLike, peek(2).isPunct(":") {
                        label = first == "_" ? nil : first
                        advance()
                        advance()
                        advance()
                    }
                    let type = try parseType()
                    var defaultValue: Expression?
                    if atOp(.assign) {
                        advance()
                        defaultValue = try parseExpression()
                    }
                    values.append(EnumAssociatedValue(label: label, type: type, defaultValue: defaultValue))
                    if consume(",") { continue }
                    guard at(")") else { throw missing("expected ')' in enum case associated values") }
                }
                advance()
                associated = values
            }
            var rawValue: Expression?
            if atOp(.assign) {
                advance()
                rawValue = try parseExpression()
            }
            elements.append(EnumCaseElement(name: name, associatedValues: associated, rawValue: rawValue, at: location))
        } while consume(",")
        return elements
    }
}

extension Token.Kind {
    var isPound: Bool {
        if case .pound = self { return true }
        return false
    }
}
