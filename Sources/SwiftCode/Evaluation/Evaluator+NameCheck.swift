extension Evaluator {
    /// Checks, before anything runs, that every bare name the file's code uses is declared
    /// somewhere: in the file (a type, a member, a function, a parameter, a local, a pattern),
    /// by the host's library or by the standard library. Swift resolves names at compile time,
    /// so a name in a branch that never runs is still an error (`timer.invalidate()` with no
    /// `timer`), and it is reported at its line and column as the compiler reports it.
    ///
    /// Scopes are not modelled: a name declared anywhere in the file counts as declared, so the
    /// check never refuses valid Swift; names of the library's types and protocols' members
    /// (`modifier(_:)` used bare in `extension View`) count too. Inside an extension of a type
    /// the code does not see (a model of another module, `import Models`), or a type that
    /// inherits from one, a bare name may be one of that type's members: those uses are not
    /// checked here, and running them reports what cannot be found.
    ///
    /// - Parameter checked: whether the uses in a top-level item are checked (all by default):
    ///   a file's previews are checked only when one is shown, since they often call the app's
    ///   own helpers (`registerFonts()`) that a view picked with `--view` does not need. Every
    ///   item's declarations count.
    /// - Returns: every name the file declares (in any item), which an evaluator of the same
    ///   file may be given as ``namesDeclaredInFile``.
    /// - Throws: ``Interrupt/error(_:)`` "cannot find 'x' in scope" at the first undeclared name.
    @discardableResult
    public func checkNames(usesIn checked: (Statement) -> Bool = { _ in true }) throws(Interrupt) -> Set<String> {
        var walker = NameWalker()
        for item in file.items where checked(item) { walker.statement(item) }
        var everything = NameWalker()
        for item in file.items where !checked(item) { everything.statement(item) }
        var known = walker.declared.union(everything.declared)
        // Names the evaluator itself answers (`swap(&a, &b)`), and the members Swift
        // synthesizes, used bare inside the type (`var id: Int { rawValue }` in an enum with
        // raw values, `allCases` in a `CaseIterable` one).
        known.formUnion(["self", "Self", "super", "newValue", "oldValue", "error", "_", "swap", "rawValue", "allCases", "hashValue"])
        // The library's and the extensions' names are looked up for the few names the file
        // does not declare, rather than gathered into one set: the library holds thousands.
        var answered: [String: Bool] = [:]
        func isDeclaredOutsideTheFile(_ name: String) -> Bool {
            if let known = answered[name] { return known }
            func holds(_ type: NativeType) -> Bool { type.instanceMembers[name] != nil || type.staticMembers[name] != nil }
            let found = library.types[name] != nil || library.protocols[name] != nil || library.functions[name] != nil
                || library.constants[name] != nil || library.unsupportedNames[name] != nil || extensions[name] != nil
                || library.types.values.contains(where: holds) || library.protocols.values.contains(where: holds)
                || extensions.values.contains { holder in
                    holder.storedProperties.contains { $0.name == name } || holder.computedProperties[name] != nil
                        || holder.methods[name] != nil || holder.staticProperties[name] != nil || holder.staticMethods[name] != nil
                }
            answered[name] = found
            return found
        }
        // A type the code cannot see (an extension of a model of another module, `import
        // Models`; a class of one): its members are names the code may use bare, so uses
        // inside such a declaration are left to running, which reports them if they run.
        var visible: [String: Bool] = [:]
        func isVisible(_ type: String) -> Bool {
            if let seen = visible[type] { return seen }
            let found = known.contains(type) || library.types[type] != nil || library.protocols[type] != nil
                || ValueType.standard(named: type) != nil
            visible[type] = found
            return found
        }
        for (name, location, enclosing) in walker.used {
            if !enclosing.allSatisfy(isVisible) { continue }
            if known.contains(name) || ValueType.standard(named: name) != nil || isDeclaredOutsideTheFile(name) { continue }
            // `$state` and `_state` name a wrapped property's projection and storage; `$0` a
            // closure's first parameter.
            if let first = name.first, first == "$" || first == "_" {
                let rest = String(name.dropFirst())
                if known.contains(rest) || Int(rest) != nil || isDeclaredOutsideTheFile(rest) { continue }
            }
            // A capitalised name is a type of Apple's SDKs more often than a typo (`UIColor`,
            // `GeometryReader`, `AnyTransition`): running the code says whether it is supported,
            // so that valid Swift is never refused here.
            if let first = name.unicodeScalars.first, first.properties.isUppercase { continue }
            if Self.sdkFunctions.contains(name) { continue }
            // An operator passed as a function (`reduce(0, +)`).
            if let scalar = name.unicodeScalars.first, "+-*/%<>=!&|^~".unicodeScalars.contains(scalar) { continue }
            throw .error("cannot find '\(name)' in scope\(suggestion(name, among: Array(walker.declared.union(everything.declared))))", at: location)
        }
        return known
    }
}

extension Evaluator {
    /// Global functions of Swift's standard library and of Darwin that view code calls and the
    /// library may not define: never undeclared names (running them says if they are supported).
    static let sdkFunctions: Set<String> = [
        "fatalError", "precondition", "preconditionFailure", "assert", "assertionFailure", "debugPrint", "dump", "print",
        "type", "repeatElement", "sequence", "zip", "stride", "min", "max", "abs", "withAnimation", "withTransaction",
        "arc4random", "arc4random_uniform", "drand48", "exp", "exp2", "log", "log2", "log10", "pow", "sqrt", "cbrt",
        "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "floor", "ceil", "round", "trunc",
        "fmod", "remainder", "hypot", "fabs", "fmin", "fmax", "numericCast", "unsafeBitCast", "withExtendedLifetime",
        "isKnownUniquelyReferenced", "autoreleasepool", "withUnsafePointer", "withUnsafeMutablePointer", "readLine",
    ]
}

/// Collects the names a file declares and the bare names its code uses, in source order.
private struct NameWalker {
    var declared: Set<String> = []
    /// Each bare name used, where, and the types whose members it may name beside the file's
    /// (the extended type and the supertypes of the declarations around it).
    var used: [(String, SourceLocation, [String])] = []
    /// The types whose members the code being walked may use bare.
    var enclosing: [String] = []

    mutating func statement(_ statement: Statement) {
        switch statement.kind {
        case let .expression(expression): self.expression(expression)
        case let .declaration(declaration): self.declaration(declaration)
        case let .ifStatement(ifStatement): self.ifStatement(ifStatement)
        case let .guardStatement(conditions, elseBody):
            conditions.forEach { condition($0) }
            block(elseBody)
        case let .switchStatement(subject, cases):
            expression(subject)
            for switchCase in cases {
                switchCase.patterns.forEach { pattern($0) }
                switchCase.whereClause.map { expression($0) }
                switchCase.statements.forEach { self.statement($0) }
            }
        case let .forIn(pattern, sequence, whereClause, body):
            self.pattern(pattern)
            expression(sequence)
            whereClause.map { expression($0) }
            block(body)
        case let .whileLoop(conditions, body):
            conditions.forEach { condition($0) }
            block(body)
        case let .repeatWhile(body, condition):
            block(body)
            expression(condition)
        case let .doStatement(body, catches):
            block(body)
            for clause in catches {
                clause.pattern.map { pattern($0) }
                clause.whereClause.map { expression($0) }
                block(clause.body)
            }
        case let .returnStatement(value): value.map { expression($0) }
        case let .throwStatement(value): expression(value)
        case let .deferStatement(body): block(body)
        case .breakStatement, .continueStatement, .fallthroughStatement: break
        }
    }

    mutating func block(_ block: CodeBlock) { block.statements.forEach { statement($0) } }

    mutating func ifStatement(_ ifStatement: IfStatement) {
        ifStatement.conditions.forEach { condition($0) }
        block(ifStatement.body)
        switch ifStatement.elseBranch {
        case let .block(body)?: block(body)
        case let .ifStatement(next, _)?: self.ifStatement(next)
        case nil: break
        }
    }

    mutating func condition(_ condition: Condition) {
        switch condition.kind {
        case let .expression(expression): self.expression(expression)
        case let .optionalBinding(_, pattern, _, value):
            self.pattern(pattern)
            // `if let x` (Swift 5.7) reads `x`.
            if let value { expression(value) } else if case let .binding(name) = pattern.kind { used.append((name, pattern.location, enclosing)) }
        case let .patternMatch(pattern, value):
            self.pattern(pattern)
            expression(value)
        case .availability: break
        }
    }

    mutating func pattern(_ pattern: Pattern) {
        switch pattern.kind {
        case let .binding(name): declared.insert(name)
        case .wildcard, .isType: break
        case let .tuple(elements): elements.forEach { self.pattern($0.pattern) }
        case let .valueBinding(_, inner), let .optional(inner), let .cast(inner, _), let .typed(inner, _): self.pattern(inner)
        case let .enumCase(_, _, arguments): arguments?.forEach { self.pattern($0.pattern) }
        case let .expression(expression): self.expression(expression)
        }
    }

    mutating func declaration(_ declaration: Declaration) {
        for attribute in declaration.attributes { attribute.arguments?.forEach { expression($0.value) } }
        switch declaration.kind {
        case .importDeclaration, .unsupported, .associatedType: break
        case let .variable(variable):
            for binding in variable.bindings {
                pattern(binding.pattern)
                binding.initializer.map { expression($0) }
                switch binding.accessors {
                case let .getter(body)?: block(body)
                case let .blocks(blocks)?:
                    for accessor in blocks {
                        if let parameter = accessor.parameter { declared.insert(parameter) }
                        accessor.body.map { block($0) }
                    }
                case nil: break
                }
            }
        case let .function(function):
            declared.insert(function.name)
            function.generics.forEach { declared.insert($0.name) }
            parameters(function.parameters)
            function.body.map { block($0) }
        case let .initializer(initializer):
            initializer.generics.forEach { declared.insert($0.name) }
            parameters(initializer.parameters)
            initializer.body.map { block($0) }
        case let .type(type):
            declared.insert(type.name)
            type.generics.forEach { declared.insert($0.name) }
            let outer = enclosing
            enclosing += type.inherited.compactMap(\.nominalName)
            type.members.forEach { self.declaration($0) }
            enclosing = outer
        case let .extensionDeclaration(extensionDeclaration):
            extensionDeclaration.requirements.forEach { declared.insert($0.name) }
            let outer = enclosing
            enclosing += ([extensionDeclaration.extendedType] + extensionDeclaration.inherited).compactMap(\.nominalName)
            extensionDeclaration.members.forEach { self.declaration($0) }
            enclosing = outer
        case let .enumCase(elements):
            for element in elements {
                declared.insert(element.name)
                element.rawValue.map { expression($0) }
                element.associatedValues?.forEach { value in value.defaultValue.map { expression($0) } }
            }
        case let .typeAlias(name, generics, _):
            declared.insert(name)
            generics.forEach { declared.insert($0.name) }
        case let .subscriptDeclaration(subscriptDeclaration):
            parameters(subscriptDeclaration.parameters)
            switch subscriptDeclaration.accessors {
            case let .getter(body): block(body)
            case let .blocks(blocks):
                for accessor in blocks {
                    if let parameter = accessor.parameter { declared.insert(parameter) }
                    accessor.body.map { block($0) }
                }
            }
        case let .macroExpansion(expansion): macro(expansion)
        }
    }

    mutating func parameters(_ parameters: [Parameter]) {
        for parameter in parameters {
            declared.insert(parameter.name)
            parameter.defaultValue.map { expression($0) }
        }
    }

    mutating func macro(_ expansion: MacroExpansion) {
        expansion.arguments.forEach { expression($0.value) }
        expansion.trailingClosures.forEach { closure($0.closure) }
    }

    mutating func closure(_ closure: Closure) {
        declared.formUnion(closure.captures)
        closure.parameters?.forEach { declared.insert($0.name) }
        block(closure.body)
    }

    mutating func expression(_ expression: Expression) {
        switch expression.kind {
        case .integerLiteral, .floatLiteral, .booleanLiteral, .nilLiteral, .implicitMember, .keyPath, .discard, .type:
            break
        case let .stringLiteral(segments):
            for segment in segments {
                if case let .interpolation(arguments, _) = segment { arguments.forEach { self.expression($0.value) } }
            }
        case let .identifier(name, _):
            used.append((name, expression.location, enclosing))
        case let .member(base, _, _, _):
            self.expression(base)
        case let .call(callee, arguments, trailing):
            self.expression(callee)
            arguments.forEach { self.expression($0.value) }
            trailing.forEach { closure($0.closure) }
        case let .subscriptCall(base, arguments):
            self.expression(base)
            arguments.forEach { self.expression($0.value) }
        case let .optionalChain(inner), let .optionalChainEnd(inner), let .forceUnwrap(inner), let .prefixOperator(_, inner),
             let .postfixOperator(_, inner), let .cast(inner, _, _), let .tryExpression(_, inner), let .awaitExpression(inner):
            self.expression(inner)
        case let .binaryOperator(_, left, right, _), let .assignment(_, left, right, _):
            self.expression(left)
            self.expression(right)
        case let .ternary(condition, then, otherwise):
            self.expression(condition)
            self.expression(then)
            self.expression(otherwise)
        case let .closure(closure): self.closure(closure)
        case let .arrayLiteral(elements): elements.forEach { self.expression($0) }
        case let .dictionaryLiteral(pairs):
            for pair in pairs {
                self.expression(pair.key)
                self.expression(pair.value)
            }
        case let .tuple(elements): elements.forEach { self.expression($0.value) }
        case let .macroExpansion(expansion): macro(expansion)
        case let .statementExpression(inner): statement(inner)
        }
    }
}

extension TypeSyntax {
    /// The name of the nominal type this names (`Model`, `Style` of `Spinner.Style`), if any.
    fileprivate var nominalName: String? {
        switch kind {
        case let .named(name, _): name
        case let .member(_, name, _): name
        default: nil
        }
    }
}
