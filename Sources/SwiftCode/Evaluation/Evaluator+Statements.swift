extension Evaluator {
    /// How a run of statements ended.
    enum Completion {
        case normal
        case returned(Value)
        case broke(String?)
        case continued(String?)
        case fellThrough
    }

    /// Runs statements in `environment`; `defer` blocks run when they end, however they end.
    func execute(_ statements: [Statement], in environment: Environment) throws(Interrupt) -> Completion {
        var defers: [CodeBlock] = []
        do {
            let completion = try executeStatements(statements, in: environment, defers: &defers)
            try runDefers(defers, in: environment)
            return completion
        } catch {
            try? runDefers(defers, in: environment)
            throw error
        }
    }

    private func runDefers(_ defers: [CodeBlock], in environment: Environment) throws(Interrupt) {
        for block in defers.reversed() { _ = try execute(block.statements, in: Environment(parent: environment)) }
    }

    private func executeStatements(_ statements: [Statement], in environment: Environment, defers: inout [CodeBlock]) throws(Interrupt) -> Completion {
        for statement in statements {
            try step(statement.location)
            switch statement.kind {
            case let .expression(expression):
                _ = try evaluate(expression, expected: nil, in: environment)
            case let .declaration(declaration):
                try declareLocal(declaration, in: environment)
            case let .ifStatement(ifStatement):
                let completion = try executeIf(ifStatement, in: environment)
                if case .normal = completion { continue }
                if case let .broke(label) = completion, label != nil, label == statement.label { continue }
                return completion
            case let .guardStatement(conditions, elseBody):
                if try !self.conditions(conditions, in: environment) {
                    let completion = try execute(elseBody.statements, in: Environment(parent: environment))
                    if case .normal = completion {
                        throw .error("'guard' body must not fall through: end it with 'return', 'break', 'continue' or 'throw'", at: elseBody.location)
                    }
                    return completion
                }
            case let .switchStatement(subject, cases):
                let completion = try executeSwitch(subject, cases, at: statement.location, in: environment)
                switch completion {
                case .normal: continue
                case let .broke(label) where label == nil || label == statement.label: continue
                default: return completion
                }
            case let .forIn(pattern, sequence, whereClause, body):
                let sequenceValue = try evaluate(sequence, expected: nil, in: environment)
                let elements = try iterate(sequenceValue, at: sequence.location)
                for element in elements {
                    try step(statement.location)
                    let scope = Environment(parent: environment)
                    guard try match(pattern, element, in: scope) else { continue }
                    if let whereClause, try !boolean(whereClause, in: scope) { continue }
                    let completion = try execute(body.statements, in: scope)
                    if case let .loop(exit) = loopControl(completion, label: statement.label) {
                        if let exit { return exit }
                        break
                    }
                }
            case let .whileLoop(conditions, body):
                while true {
                    try step(statement.location)
                    let scope = Environment(parent: environment)
                    guard try self.conditions(conditions, in: scope) else { break }
                    let completion = try execute(body.statements, in: scope)
                    if case let .loop(exit) = loopControl(completion, label: statement.label) {
                        if let exit { return exit }
                        break
                    }
                }
            case let .repeatWhile(body, condition):
                while true {
                    try step(statement.location)
                    let scope = Environment(parent: environment)
                    let completion = try execute(body.statements, in: scope)
                    if case let .loop(exit) = loopControl(completion, label: statement.label) {
                        if let exit { return exit }
                        break
                    }
                    guard try boolean(condition, in: environment) else { break }
                }
            case let .doStatement(body, catches):
                do {
                    let completion = try execute(body.statements, in: Environment(parent: environment))
                    if case .normal = completion { continue }
                    if case let .broke(label) = completion, label != nil, label == statement.label { continue }
                    return completion
                } catch let .thrown(error, location) {
                    var handled = false
                    for clause in catches {
                        let scope = Environment(parent: environment)
                        if let pattern = clause.pattern {
                            guard try match(pattern, error, in: scope) else { continue }
                        } else {
                            scope.declare("error", error)
                        }
                        if let whereClause = clause.whereClause, try !boolean(whereClause, in: scope) { continue }
                        handled = true
                        let completion = try execute(clause.body.statements, in: scope)
                        if case .normal = completion { break }
                        return completion
                    }
                    if !handled { throw .thrown(error, at: location) }
                }
            case let .returnStatement(value):
                guard let value else { return .returned(.void) }
                return .returned(coerce(try evaluate(value, expected: environment.resultType, in: environment), to: environment.resultType))
            case let .breakStatement(label):
                return .broke(label)
            case let .continueStatement(label):
                return .continued(label)
            case .fallthroughStatement:
                return .fellThrough
            case let .throwStatement(error):
                throw .thrown(try evaluate(error, expected: nil, in: environment), at: statement.location)
            case let .deferStatement(block):
                defers.append(block)
            }
        }
        return .normal
    }

    private enum LoopControl {
        case next
        /// Leave the loop; with a completion, leave the enclosing code too.
        case loop(Completion?)
    }

    private func loopControl(_ completion: Completion, label: String?) -> LoopControl {
        switch completion {
        case .normal, .fellThrough: return .next
        case let .continued(target): return target == nil || target == label ? .next : .loop(completion)
        case let .broke(target): return target == nil || target == label ? .loop(nil) : .loop(completion)
        case .returned: return .loop(completion)
        }
    }

    private func executeIf(_ statement: IfStatement, in environment: Environment) throws(Interrupt) -> Completion {
        var current = statement
        while true {
            let scope = Environment(parent: environment)
            if try conditions(current.conditions, in: scope) {
                return try execute(current.body.statements, in: scope)
            }
            switch current.elseBranch {
            case let .block(block)?: return try execute(block.statements, in: Environment(parent: environment))
            case let .ifStatement(next, _)?: current = next
            case nil: return .normal
            }
        }
    }

    private func executeSwitch(_ subject: Expression, _ cases: [SwitchCase], at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Completion {
        let value = try evaluate(subject, expected: nil, in: environment)
        var index = 0
        var falling = false
        while index < cases.count {
            let scope = Environment(parent: environment)
            var matched = falling
            if !matched { matched = try matches(cases[index], value, in: scope) }
            if matched {
                let completion = try execute(cases[index].statements, in: scope)
                if case .fellThrough = completion {
                    falling = true
                    index += 1
                    continue
                }
                return completion
            }
            index += 1
        }
        if falling { return .normal }
        throw .error("no case of the switch matched \(value.quotedText): add a 'default' case", at: location)
    }

    /// Whether a `switch` case matches `value`, binding its names in `scope`.
    func matches(_ switchCase: SwitchCase, _ value: Value, in scope: Environment) throws(Interrupt) -> Bool {
        if switchCase.isDefault { return true }
        for pattern in switchCase.patterns where try match(pattern, value, in: scope) {
            if let whereClause = switchCase.whereClause, try !boolean(whereClause, in: scope) { continue }
            return true
        }
        return false
    }

    /// Whether all conditions hold, binding `if let` names in `scope`.
    func conditions(_ conditions: [Condition], in scope: Environment) throws(Interrupt) -> Bool {
        for condition in conditions {
            switch condition.kind {
            case let .expression(expression):
                guard try boolean(expression, in: scope) else { return false }
            case let .optionalBinding(isLet, pattern, type, value):
                let expected = type.map { resolve($0, in: scope.selfType) }
                let computed: Value
                if let value {
                    computed = try evaluate(value, expected: expected.map { .optional($0) }, in: scope)
                } else if case let .binding(name) = pattern.kind {
                    computed = try lookUp(name, at: pattern.location, in: scope, expected: nil)
                } else {
                    throw .error("'if let' needs a value", at: condition.location)
                }
                if case .nilValue = computed { return false }
                guard try match(pattern, coerce(computed, to: expected), in: scope, mutable: !isLet) else { return false }
            case let .patternMatch(pattern, value):
                guard try match(pattern, try evaluate(value, expected: nil, in: scope), in: scope) else { return false }
            case let .availability(platforms, isUnavailable):
                let available = isAvailable(platforms)
                guard available != isUnavailable else { return false }
            }
        }
        return true
    }

    /// `#available(iOS 17, *)` on the iOS version the library models.
    func isAvailable(_ platforms: [String]) -> Bool {
        for entry in platforms {
            let parts = entry.split(separator: " ").map(String.init)
            guard parts.count == 2, parts[0] == "iOS" || parts[0] == "iOSApplicationExtension" else { continue }
            let wanted = parts[1].split(separator: ".").compactMap { Int($0) }
            return !library.iOSVersion.lexicographicallyPrecedes(wanted)
        }
        return true
    }

    // MARK: Patterns

    /// Whether `pattern` matches `value`, declaring the names it binds in `scope`.
    func match(_ pattern: Pattern, _ value: Value, in scope: Environment, mutable: Bool = false) throws(Interrupt) -> Bool {
        switch pattern.kind {
        case let .binding(name):
            if name != "_" { scope.declare(name, value, isLet: !mutable) }
            return true
        case .wildcard:
            return true
        case let .tuple(elements):
            guard case let .tuple(values, _) = value, values.count == elements.count else { return false }
            for (element, item) in zip(elements, values) where try !match(element.pattern, item, in: scope, mutable: mutable) { return false }
            return true
        case let .valueBinding(isLet, inner):
            return try match(inner, value, in: scope, mutable: !isLet)
        case let .enumCase(type, name, arguments):
            let value = value.dereferenced
            switch value {
            case let .enumCase(enumValue):
                if let type, let written = userType(type, from: scope.selfType), written !== enumValue.type { return false }
                guard enumValue.name == name else { return false }
                guard let arguments else { return true }
                if arguments.count == 1, enumValue.associatedValues.count > 1 {
                    return try match(arguments[0].pattern, .tuple(enumValue.associatedValues, labels: enumValue.labels), in: scope, mutable: mutable)
                }
                guard arguments.count == enumValue.associatedValues.count else { return false }
                for (argument, item) in zip(arguments, enumValue.associatedValues) where try !match(argument.pattern, item, in: scope, mutable: mutable) {
                    return false
                }
                return true
            case .nilValue:
                return name == "none"
            default:
                if name == "some" {
                    guard let inner = arguments?.first else { return true }
                    return try match(inner.pattern, value, in: scope, mutable: mutable)
                }
                if name == "none" { return false }
                // A library enum's case (`.dark` of `ColorScheme`): compare with the static member.
                let reference: TypeReference
                if let type {
                    reference = try typeReference(type, in: scope)
                } else {
                    reference = try typeReference(for: valueType(of: value), at: pattern.location)
                }
                let member = try staticMember(name, of: reference, at: pattern.location)
                return member.isEqual(to: value)
            }
        case let .optional(inner):
            if case .nilValue = value { return false }
            return try match(inner, value, in: scope, mutable: mutable)
        case let .isType(type):
            let target = resolve(type, in: scope.selfType)
            return target.accepts(value) { [unowned self] in conforms($0, to: $1) }
        case let .cast(inner, type):
            let target = resolve(type, in: scope.selfType)
            guard target.accepts(value, conforms: { [unowned self] in conforms($0, to: $1) }) else { return false }
            return try match(inner, coerce(value, to: target), in: scope, mutable: mutable)
        case let .expression(expression):
            let pattern = try evaluate(expression, expected: valueType(of: value), in: scope)
            if case let .range(range) = pattern, !(value.isRange) { return try contains(range, value.dereferenced, at: expression.location) }
            return pattern.isEqual(to: value.dereferenced)
        case let .typed(inner, type):
            return try match(inner, coerce(value, to: resolve(type, in: scope.selfType)), in: scope, mutable: mutable)
        }
    }

    /// The elements a `for … in` walks.
    public func iterate(_ sequence: Value, at location: SourceLocation) throws(Interrupt) -> [Value] {
        switch sequence.dereferenced {
        case let .array(elements): return elements
        case let .range(range):
            guard let integers = range.integers else {
                throw .error("only a range of integers can be iterated: use stride(from:to:by:) for other steps", at: location)
            }
            try checkCount(integers.count, at: location)
            return integers.map(Value.int)
        case let .dictionary(dictionary):
            return dictionary.entries.map { .tuple([$0.key, $0.value], labels: ["key", "value"]) }
        case let .string(text):
            return text.map { .string(String($0)) }
        case let .native(native):
            if let sequence = native as? StrideValue { return try sequence.elements(limit: limits.collectionCount, at: location) }
            throw .error("a value of type '\(native.nativeTypeName)' cannot be iterated", at: location)
        case .nilValue:
            throw .error("value of optional type must be unwrapped before it is iterated", at: location)
        default:
            throw .error("for-in loop requires a sequence; '\(sequence.typeName)' is not one", at: location)
        }
    }

    // MARK: Local declarations

    /// Declares a local `let`, `var`, `func` or type.
    func declareLocal(_ declaration: Declaration, in environment: Environment) throws(Interrupt) {
        switch declaration.kind {
        case let .variable(variable):
            for binding in variable.bindings {
                let type = binding.type.map { resolve($0, in: environment.selfType) }
                if case let .getter(block)? = binding.accessors, case let .binding(name) = binding.pattern.kind {
                    let scope = Environment(parent: environment)
                    scope.resultType = type
                    environment.declare(name, try runBody(block, in: scope, builder: builderName(declaration.attributes)), isLet: true, type: type)
                    continue
                }
                guard let initializer = binding.initializer else {
                    guard case let .binding(name) = binding.pattern.kind else {
                        throw .error("a pattern declaration needs a value", at: binding.pattern.location)
                    }
                    let variable = Environment.Variable(.nilValue, isLet: variable.isLet, type: type, isInitialized: !variable.isLet && { if case .optional? = type { true } else { false } }())
                    environment.variables[name] = variable
                    continue
                }
                let value = coerce(try evaluate(initializer, expected: type, in: environment), to: type)
                if case let .binding(name) = binding.pattern.kind, let attribute = declaration.attributes.first(where: { $0.name == "State" }),
                   let definition = library.propertyWrappers["State"] {
                    // `@Previewable @State var progress = 0.5` in a `#Preview` (Xcode 16): state the
                    // preview's views share, stored as a view's `@State` is, `$progress` its binding.
                    let cell = try definition.makeStorage(attribute, value, binding.pattern.location)
                    environment.declare(name, .binding(cell), isLet: false, type: type)
                    environment.declare("$" + name, .binding(cell), isLet: true, type: nil)
                } else if case let .binding(name) = binding.pattern.kind {
                    environment.declare(name, value, isLet: variable.isLet, type: type)
                } else {
                    guard try match(binding.pattern, value, in: environment, mutable: !variable.isLet) else {
                        throw .error("the value does not match the pattern", at: binding.pattern.location)
                    }
                }
            }
        case let .function(function):
            let value = Function(.declared(function, attributes: declaration.attributes), environment: environment, name: function.name)
            value.builder = builderName(declaration.attributes)
            environment.declare(function.name, .function(value))
        case .type, .typeAlias, .importDeclaration:
            throw .error("local types are not supported here: declare the type at the top level", at: declaration.location)
        default:
            throw .error("this declaration is not supported inside a function", at: declaration.location)
        }
    }

    // MARK: Result builders

    /// The value of a result builder's body (`@ViewBuilder`): one component per expression
    /// statement, `if`/`switch` as branches, local `let`s in scope for what follows.
    public func evaluateBuilder(_ statements: [Statement], builder name: String, at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        guard let builder = library.resultBuilders[name] else {
            throw .error("result builder '\(name)' is not supported here", at: location)
        }
        var components: [Value] = []
        components.reserveCapacity(statements.count)
        for statement in statements {
            try step(statement.location)
            switch statement.kind {
            case let .expression(expression):
                let value = try evaluate(expression, expected: nil, in: environment)
                components.append(try builder.buildExpression(value, at: expression.location))
            case let .declaration(declaration):
                try declareLocal(declaration, in: environment)
            case var .ifStatement(current):
                var branch = 0
                var count = 1
                var probe = current
                while case let .ifStatement(next, _)? = probe.elseBranch { count += 1; probe = next }
                if case .block? = probe.elseBranch { count += 1 }
                var built: Value?
                while true {
                    let scope = Environment(parent: environment)
                    if try conditions(current.conditions, in: scope) {
                        built = try evaluateBuilder(current.body.statements, builder: name, at: current.body.location, in: scope)
                        break
                    }
                    branch += 1
                    switch current.elseBranch {
                    case let .block(block)?:
                        built = try evaluateBuilder(block.statements, builder: name, at: block.location, in: Environment(parent: environment))
                    case let .ifStatement(next, _)?:
                        current = next
                        continue
                    case nil:
                        break
                    }
                    break
                }
                components.append(try builder.buildBranch(built, branch: built == nil ? count : branch, of: count, at: statement.location))
            case let .switchStatement(subject, cases):
                let value = try evaluate(subject, expected: nil, in: environment)
                var built: Value?
                var taken = 0
                for (index, switchCase) in cases.enumerated() {
                    let scope = Environment(parent: environment)
                    if try matches(switchCase, value, in: scope) {
                        built = try evaluateBuilder(switchCase.statements, builder: name, at: switchCase.location, in: scope)
                        taken = index
                        break
                    }
                }
                guard let built else { throw .error("no case of the switch matched \(value.quotedText)", at: statement.location) }
                components.append(try builder.buildBranch(built, branch: taken, of: cases.count, at: statement.location))
            case .forIn, .whileLoop, .repeatWhile:
                throw .error("closure containing control flow statement cannot be used with result builder '\(name)': use ForEach", at: statement.location)
            case .returnStatement:
                throw .error("'return' cannot be used in a result builder's body with other statements", at: statement.location)
            default:
                throw .error("this statement cannot be used in a result builder's body", at: statement.location)
            }
        }
        return try builder.buildBlock(components, at: location)
    }
}

extension Value {
    var isRange: Bool {
        if case .range = self { return true }
        return false
    }
}
