extension Evaluator {
    /// The value of `expression` in `environment`; `expected` is the type the context wants (it
    /// types literals and resolves implicit members such as `.red`).
    ///
    /// - Throws: ``Interrupt/error(_:)`` for a mistake or an unsupported construct,
    ///   ``Interrupt/thrown(_:at:)`` for an error the code throws.
    public func evaluate(_ expression: Expression, expected: ValueType?, in environment: Environment) throws(Interrupt) -> Value {
        try step(expression.location)
        try enter(expression.location)
        defer { depth -= 1 }
        let location = expression.location
        switch expression.kind {
        case let .integerLiteral(text, value):
            guard let value else { throw .error("integer literal '\(text)' overflows when stored into 'Int'", at: location) }
            if case .double? = expected?.unwrapped { return .double(Double(value)) }
            return .int(value)
        case let .floatLiteral(_, value):
            return .double(value)
        case let .stringLiteral(segments):
            return .string(try interpolate(segments, in: environment))
        case let .booleanLiteral(flag):
            return .bool(flag)
        case .nilLiteral:
            return .nilValue
        case let .identifier(name, _):
            return try lookUp(name, at: location, in: environment, expected: expected)
        case let .implicitMember(name):
            return try implicitMember(name, expected: expected, at: location)
        case let .member(base, name, nameLocation, _):
            if isModuleName(base, in: environment) { return try lookUp(name, at: nameLocation, in: environment, expected: expected) }
            let baseValue = try evaluate(base, expected: expected != nil && Self.isImplicitChain(base) ? expected : nil, in: environment)
            return try member(name, of: baseValue, at: nameLocation, in: environment)
        case let .call(callee, arguments, trailingClosures):
            return try evaluateCall(callee, arguments, trailingClosures, expected: expected, at: location, in: environment)
        case let .subscriptCall(base, arguments):
            let baseValue = try evaluate(base, expected: nil, in: environment)
            return try subscriptValue(baseValue, arguments, at: location, in: environment)
        case let .prefixOperator("&", operand):
            // `&x` passed to an `inout` parameter: its value now, written back after the call.
            return try evaluate(operand, expected: expected, in: environment)
        case let .prefixOperator(op, operand):
            return try prefix(op, operand, expected: expected, at: location, in: environment)
        case let .binaryOperator(op, left, right, operatorLocation):
            return try binary(op, left, right, expected: expected, at: operatorLocation, in: environment)
        case let .assignment(op, target, value, operatorLocation):
            try assign(op, target, value, at: operatorLocation, in: environment)
            return .void
        case let .ternary(condition, whenTrue, whenFalse):
            let flag = try boolean(condition, in: environment)
            if flag { return try evaluate(whenTrue, expected: expected, in: environment) }
            return try evaluate(whenFalse, expected: expected, in: environment)
        case let .closure(closure):
            return .function(makeClosure(closure, in: environment, expected: expected, builder: nil))
        default:
            return try evaluateLessCommon(expression, expected: expected, in: environment)
        }
    }

    /// The kinds of expression ``evaluate(_:expected:in:)`` meets less often, apart so that
    /// their locals do not widen the frame of every evaluation: recursion runs through it, and
    /// a debug build's frame holds every local of the function (the call depth limit is then
    /// reached within a thread's 8 MB stack).
    private func evaluateLessCommon(_ expression: Expression, expected: ValueType?, in environment: Environment) throws(Interrupt) -> Value {
        let location = expression.location
        switch expression.kind {
        case let .optionalChain(base):
            let value = try evaluate(base, expected: expected.map { .optional($0) }, in: environment)
            if case .nilValue = value { throw .nilInOptionalChain }
            return value
        case let .optionalChainEnd(chain):
            do {
                return try evaluate(chain, expected: expected?.unwrapped, in: environment)
            } catch .nilInOptionalChain {
                return .nilValue
            }
        case let .forceUnwrap(base):
            let value = try evaluate(base, expected: expected.map { .optional($0) }, in: environment)
            if case .nilValue = value { throw .error("unexpectedly found nil while unwrapping an Optional value", at: location) }
            return value
        case let .postfixOperator(op, operand):
            guard op == "..." else { throw .error("postfix operator '\(op)' is not supported here", at: location) }
            return .range(RangeValue(lower: try evaluate(operand, expected: nil, in: environment), upper: .nilValue, isClosed: true))
        case let .cast(operand, kind, type):
            return try cast(operand, kind, type, at: location, in: environment)
        case let .tryExpression(kind, operand):
            switch kind {
            case .plain:
                return try evaluate(operand, expected: expected, in: environment)
            case .optional:
                do { return try evaluate(operand, expected: expected?.unwrapped, in: environment) } catch .thrown { return .nilValue }
            case .forced:
                do { return try evaluate(operand, expected: expected, in: environment) } catch let .thrown(error, _) {
                    throw .error("'try!' expression unexpectedly raised an error: \(error.text)", at: location)
                }
            }
        case let .awaitExpression(operand):
            return try evaluate(operand, expected: expected, in: environment)
        case let .arrayLiteral(elements):
            var elementType: ValueType?
            if case let .array(element)? = expected?.unwrapped { elementType = element }
            // An `OptionSet` is written as an array literal of its own values (`[.top, .leading]`).
            if case let .named(name, _)? = expected?.unwrapped, library.types[name]?.protocols.contains("OptionSet") == true {
                elementType = expected?.unwrapped
            }
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                let value = coerce(try evaluate(element, expected: elementType, in: environment), to: elementType)
                if elementType == nil || elementType == .any, !Self.isUntyped(element) { elementType = valueType(of: value) }
                values.append(value)
            }
            // `[1, 2.5]`: Swift types every element as the common type.
            if values.contains(where: { if case .double = $0 { true } else { false } }) {
                values = values.map { if case let .int(n) = $0 { .double(Double(n)) } else { $0 } }
            }
            return .array(values)
        case let .dictionaryLiteral(pairs):
            var keyType: ValueType?, valueTypeExpected: ValueType?
            if case let .dictionary(key, value)? = expected?.unwrapped { keyType = key; valueTypeExpected = value }
            var dictionary = DictionaryValue()
            for pair in pairs {
                let key = try evaluate(pair.key, expected: keyType, in: environment)
                let value = coerce(try evaluate(pair.value, expected: valueTypeExpected, in: environment), to: valueTypeExpected)
                if valueTypeExpected == nil, !Self.isUntyped(pair.value) { valueTypeExpected = valueType(of: value) }
                if keyType == nil, !Self.isUntyped(pair.key) { keyType = valueType(of: key) }
                guard dictionary.index(of: key) == nil else {
                    throw .error("dictionary literal has the key \(key.quotedText) twice", at: pair.key.location)
                }
                dictionary.entries.append((key, value))
            }
            return .dictionary(dictionary)
        case let .tuple(elements):
            var types: [ValueType]?, labels = elements.map(\.label)
            if case let .tuple(expectedTypes, expectedLabels)? = expected?.unwrapped, expectedTypes.count == elements.count {
                types = expectedTypes
                // `(10, 20)` where `(row: CGFloat, col: CGFloat)` is expected takes its labels.
                if expectedLabels.count == labels.count { labels = zip(labels, expectedLabels).map { $0 ?? $1 } }
            }
            var values: [Value] = []
            for (index, element) in elements.enumerated() {
                let type = types?[index]
                values.append(coerce(try evaluate(element.value, expected: type, in: environment), to: type))
            }
            return .tuple(values, labels: labels)
        case let .keyPath(_, components):
            return .native(KeyPathValue(components: components))
        case let .macroExpansion(expansion):
            return try macro(expansion, expected: expected, in: environment)
        case .discard:
            throw .error("'_' can only appear in a pattern or on the left side of an assignment", at: location)
        case let .type(type):
            return .type(try typeReference(type, in: environment))
        case let .statementExpression(statement):
            return try statementValue(statement, expected: expected, in: environment)
        default:
            preconditionFailure("evaluate(_:expected:in:) evaluates the other kinds")
        }
    }

    /// Whether an expression's type comes from its context: a literal, an implicit member, or
    /// arithmetic of them (`2 * .pi`).
    static func isUntyped(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .integerLiteral, .floatLiteral, .nilLiteral, .implicitMember: return true
        case let .prefixOperator(_, operand): return isUntyped(operand)
        case let .binaryOperator(op, left, right, _):
            return ["+", "-", "*", "/", "%"].contains(op) && isUntyped(left) && isUntyped(right)
        case let .call(callee, _, _): return isImplicitChain(callee)
        case let .member(base, _, _, _): return isImplicitChain(base)
        default: return false
        }
    }

    /// The modules a name can be qualified with (`SwiftUI.Animation`, `Foundation.sin`).
    static let moduleNames: Set<String> = ["Swift", "SwiftUI", "Foundation", "CoreGraphics", "UIKit", "Combine", "Dispatch", "Darwin"]

    /// Whether `expression` is a module's name that the file does not declare otherwise.
    func isModuleName(_ expression: Expression, in environment: Environment) -> Bool {
        guard case let .identifier(name, _) = expression.kind, Self.moduleNames.contains(name) else { return false }
        return environment.lookUp(name) == nil && types[name] == nil && globals.variables[name] == nil
    }

    /// The name of the implicit member a member chain starts with (`.seconds` of `.seconds(2)`).
    static func implicitBaseName(_ expression: Expression) -> String? {
        var current = expression
        while true {
            switch current.kind {
            case let .implicitMember(name): return name
            case let .member(base, _, _, _): current = base
            case let .call(callee, _, _): current = callee
            default: return nil
            }
        }
    }

    /// Whether a member chain starts with an implicit member (`.linear(duration: 2).repeatForever()`):
    /// Swift gives the chain's base the type the whole chain is expected to have.
    ///
    /// Asked only with an expected type: a chain that is not implicit passes none to its base,
    /// so a modifier chain of n links is walked once, not n times.
    static func isImplicitChain(_ expression: Expression) -> Bool {
        var current = expression
        while true {
            switch current.kind {
            case .implicitMember: return true
            case let .member(base, _, _, _): current = base
            case let .call(callee, _, _): current = callee
            case let .subscriptCall(base, _): current = base
            case let .optionalChain(base), let .forceUnwrap(base), let .optionalChainEnd(base): current = base
            default: return false
            }
        }
    }

    /// The type a value has, as an expectation for the values that meet it.
    public func valueType(of value: Value) -> ValueType {
        switch value {
        case .void: .void
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case let .array(elements): .array(elements.first.map { valueType(of: $0) } ?? .any)
        case .dictionary: .dictionary(.any, .any)
        case let .tuple(elements, labels): .tuple(elements.map { valueType(of: $0) }, labels: labels)
        case .nilValue: .any
        case let .range(range): .range(valueType(of: range.lower))
        case let .instance(instance): .named(instance.type.qualifiedName)
        case let .object(object): .named(object.type.qualifiedName)
        case let .enumCase(value): .named(value.type.qualifiedName)
        case .function: .function(parameters: [], result: .any)
        case .type: .any
        case let .binding(cell): .named("Binding", [valueType(of: cell.value)])
        case let .native(native): .named(native.nativeTypeName)
        }
    }

    /// `value` converted to `type` where Swift converts implicitly (an integer literal's value
    /// where a `Double` is expected; elements of arrays and optionals likewise).
    public func coerce(_ value: Value, to type: ValueType?) -> Value {
        guard let type else { return value }
        switch (value, type) {
        case let (.int(n), .double): return .double(Double(n))
        case let (_, .optional(wrapped)): return coerce(value, to: wrapped)
        case let (.tuple(elements, labels), .tuple(types, typeLabels)) where elements.count == types.count:
            // A tuple passed where a labelled tuple type is declared takes the type's labels.
            let relabelled = typeLabels.count == elements.count ? zip(labels, typeLabels).map { $0 ?? $1 } : labels
            return .tuple(zip(elements, types).map { coerce($0, to: $1) }, labels: relabelled)
        case let (.array(elements), .array(element)) where element == .double:
            return .array(elements.map { coerce($0, to: element) })
        default: return value
        }
    }

    /// The Boolean value of a condition.
    func boolean(_ expression: Expression, in environment: Environment) throws(Interrupt) -> Bool {
        let value = try evaluate(expression, expected: .bool, in: environment).dereferenced
        guard case let .bool(flag) = value else {
            throw .error("cannot convert value of type '\(value.typeName)' to expected condition type 'Bool'", at: expression.location)
        }
        return flag
    }

    // MARK: Names

    /// The value a bare name refers to.
    func lookUp(_ name: String, at location: SourceLocation, in environment: Environment, expected: ValueType?) throws(Interrupt) -> Value {
        if let type = libraryTypeName(name) { return .type(.native(type)) }
        if let variable = environment.lookUp(name) {
            guard variable.isInitialized else {
                throw .error("'\(name)' is used before being initialized", at: location)
            }
            // A file-level computed variable read inside a function: its getter's value, as at
            // the file's level (the scope holds the getter).
            if !computedGlobals.isEmpty, computedGlobals.contains(name), globals.variables[name] === variable,
               case let .function(getter) = variable.value {
                return try call(getter, [], at: location)
            }
            return variable.value
        }
        if let selfVariable = environment.lookUp("self") {
            if let value = try instanceMemberIfAny(name, of: selfVariable.value, at: location, in: environment) { return value }
        }
        if let type = environment.selfType, let value = try staticMemberIfAny(name, of: .user(type), at: location, lookingOutward: true) {
            return value
        }
        if name == "Self", let selfType = environment.selfType {
            // In an extension of a library type, `Self` is that type.
            if extensions[selfType.name] === selfType, let native = library.types[selfType.name] { return .type(.native(native)) }
            return .type(.user(selfType))
        }
        if let variable = try globalValue(name, at: location) { return variable.value }
        if let type = types[name] { return .type(.user(type)) }
        if let type = library.types[name] { return .type(.native(type)) }
        if let type = library.protocols[name] { return .type(.native(type)) }
        if let functions = library.functions[name] {
            return .function(Function(.native(functions), environment: globals, name: name))
        }
        if let constant = library.constants[name] { return constant }
        if let first = name.unicodeScalars.first, "+-*/%<>=!&|^~".unicodeScalars.contains(first) {
            // An operator passed as a function: `reduce(0, +)`, `sorted(by: >)`.
            let function = NativeFunction([NativeParameter(nil), NativeParameter(nil)]) { call throws(Interrupt) in
                try call.evaluator.apply(name, call[0].dereferenced, call[1].dereferenced, at: call.location)
            }
            return .function(Function(.native([function]), environment: globals, name: name))
        }
        if let standard = ValueType.standard(named: name) { return .type(.standard(standard)) }
        if name == "Array" || name == "Dictionary" || name == "Set" || name == "Optional" {
            return .type(.standard(name == "Array" || name == "Set" ? .array(.any) : name == "Optional" ? .optional(.any) : .dictionary(.any, .any)))
        }
        if name == "self" { throw .error("'self' is not available here", at: location) }
        if let message = library.unsupportedNames[name] { throw .error(message + library.unsupportedNamesDetail(), at: location) }
        if environment.isPropertyInitializer, let selfType = environment.selfType,
           selfType.storedProperties.contains(where: { $0.name == name }) || selfType.computedProperties[name] != nil || selfType.methods[name] != nil {
            throw .error("cannot use instance member '\(name)' within property initializer; property initializers run before 'self' is available", at: location)
        }
        var known = environment.visibleNames + Array(globals.variables.keys) + Array(types.keys)
        if let selfType = environment.selfType {
            known += selfType.storedProperties.map(\.name) + Array(selfType.computedProperties.keys) + Array(selfType.methods.keys)
        }
        throw .error("cannot find '\(name)' in scope\(suggestion(name, among: known))", at: location)
    }

    /// How to write `.name` where no type is expected: with a type that has a static member of
    /// that name (`Color` first, the colour being what such code names most), else nothing (a
    /// suggestion of a type without the member would mislead).
    func implicitMemberHint(_ name: String, call: Bool) -> String {
        var owners = library.types.keys.filter { library.types[$0]?.staticMembers[name] != nil }.sorted()
        // The floating-point constants are the standard library's own, not a library type's.
        if ["pi", "infinity", "nan", "greatestFiniteMagnitude", "leastNonzeroMagnitude"].contains(name) {
            owners.insert("Double", at: 0)
        }
        guard let owner = owners.contains("Color") && owners.first != "Double" ? "Color" : owners.first else { return "" }
        return ": write the type, e.g. '\(owner).\(name)\(call ? "(…)" : "")'"
    }

    /// The type of `.name` where the context is generic (`Binding.constant(_:)`'s `Value`,
    /// `Optional(_:)`'s `Wrapped`), which Swift infers from the type around the call and the
    /// evaluator does not track: `Color` when it has a static member of that name (the colour
    /// being what such code passes: `.constant(.red)`).
    /// Else the file's own type with a case or static member of that name, when exactly one
    /// type has it (a subject's `send(.start(index: 1))`, whose `Output` is not tracked either).
    func genericContextType(for name: String) -> ValueType? {
        if library.types["Color"]?.staticMembers[name] != nil { return .named("Color", []) }
        let owners = types.keys.sorted().filter { key in types[key].map { Self.hasStaticMember(name, .user($0)) } ?? false }
        return owners.count == 1 ? .named(owners[0], []) : nil
    }

    /// `.name` where `expected` is the type the context wants.
    func implicitMember(_ name: String, expected: ValueType?, at location: SourceLocation) throws(Interrupt) -> Value {
        guard let expected = expected.flatMap({ $0.unwrapped != .any ? $0 : nil }) ?? genericContextType(for: name) else {
            throw .error("cannot infer the type of '.\(name)' here\(implicitMemberHint(name, call: false))", at: location)
        }
        let reference = try typeReference(for: expected.unwrapped, at: location)
        // `Optional.none` where an optional is wanted (`isOn ? animation : .none`), unless the
        // wrapped type has a member of that name (Swift prefers it, with a warning).
        if name == "none", case .optional = expected, !Self.hasStaticMember(name, reference) { return .nilValue }
        return try staticMember(name, of: reference, at: location)
    }

    /// Whether a type declares a static member `name`.
    static func hasStaticMember(_ name: String, _ reference: TypeReference) -> Bool {
        switch reference {
        case let .user(type): type.staticProperties[name] != nil || type.enumCase(named: name) != nil
        case let .native(type): type.staticMembers[name] != nil
        default: false
        }
    }

    /// The type a value type names, as a type value.
    func typeReference(for type: ValueType, at location: SourceLocation) throws(Interrupt) -> TypeReference {
        switch type {
        case let .named(name, _):
            if let user = userType(named: name) { return .user(user) }
            if let native = nativeType(named: name) { return .native(native) }
            // One file of an app is read alone: a type no other name of it or of the library
            // matches is most often declared in another of the app's files.
            throw .error("cannot find type '\(name)' in scope (declared in another file of the project?)", at: location)
        case .optional(let wrapped): return try typeReference(for: wrapped, at: location)
        default: return .standard(type)
        }
    }

    /// The file's type with a qualified name (`Spinner.Style`).
    func userType(named qualifiedName: String) -> TypeInfo? {
        // The file's types do not change once its declarations are read.
        guard hasReadDeclarations else { return userTypeLookedUp(qualifiedName) }
        if let known = recentUserTypes[qualifiedName] { return known }
        let type = userTypeLookedUp(qualifiedName)
        recentUserTypes[qualifiedName] = type
        return type
    }

    private func userTypeLookedUp(_ qualifiedName: String) -> TypeInfo? {
        // Most names are simple: no split (it allocates, and this runs on every member access).
        if let type = types[qualifiedName] { return type }
        guard Self.isQualified(qualifiedName) else { return nil }
        let parts = qualifiedName.split(separator: ".").map(String.init)
        guard var type = types[parts[0]] else { return nil }
        for part in parts.dropFirst() {
            guard let nested = type.nestedTypes[part] else { return nil }
            type = nested
        }
        return type
    }

    /// Whether a type's name has a `.` (`Font.Weight`), read from its bytes in place.
    static func isQualified(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) } ?? name.utf8.contains(UInt8(ascii: "."))
    }

    /// The library's type with a qualified name (`Font.Weight`).
    func nativeType(named qualifiedName: String) -> NativeType? {
        if let type = recentNativeTypes[qualifiedName] { return type }
        if let type = library.types[qualifiedName] ?? library.protocols[qualifiedName] {
            recentNativeTypes[qualifiedName] = type
            return type
        }
        guard Self.isQualified(qualifiedName) else { return nil }
        let parts = qualifiedName.split(separator: ".").map(String.init)
        guard var type = library.types[parts[0]] ?? library.protocols[parts[0]] else { return nil }
        for part in parts.dropFirst() {
            guard let nested = type.nestedTypes[part] else { return nil }
            type = nested
        }
        return type
    }

    /// The type value a written type means.
    func typeReference(_ type: TypeSyntax, in environment: Environment) throws(Interrupt) -> TypeReference {
        if let user = userType(type, from: environment.selfType) { return .user(user) }
        let resolved = resolve(type, in: environment.selfType)
        return try typeReference(for: resolved, at: type.location)
    }

    // MARK: Strings

    func interpolate(_ segments: [StringSegment], in environment: Environment) throws(Interrupt) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case let .text(piece): text += piece
            case let .interpolation(arguments, location):
                guard let first = arguments.first else { continue }
                let value = try evaluate(first.value, expected: nil, in: environment).dereferenced
                if arguments.count == 2, arguments[1].label == "specifier" {
                    // SwiftUI's `Text("\(x, specifier: "%.1f")")`.
                    guard case let .string(format) = try evaluate(arguments[1].value, expected: .string, in: environment) else { continue }
                    text += try StringFormat.format(format, [value], at: location)
                } else if arguments.count > 1 || first.label != nil {
                    throw .error("this interpolation is not supported: write '\\(value)' or '\\(value, specifier: \"%.1f\")'", at: location)
                } else if case let .native(native) = value, let type = nativeType(named: native.nativeTypeName),
                          type.instanceMembers["description"] != nil,
                          case let .string(description) = try member("description", of: value, at: location, in: environment) {
                    // A library value that describes itself (`Date`).
                    text += description
                } else {
                    text += value.text
                }
                try checkCount(text.utf8.count, at: location)
            }
        }
        return text
    }

    // MARK: Operators

    func prefix(_ op: String, _ operand: Expression, expected: ValueType?, at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        switch op {
        case "!":
            return .bool(!(try boolean(operand, in: environment)))
        case "..<", "...":
            return .range(RangeValue(lower: .nilValue, upper: try evaluate(operand, expected: nil, in: environment), isClosed: op == "..."))
        default:
            break
        }
        let value = try evaluate(operand, expected: expected, in: environment).dereferenced
        switch (op, value) {
        case let ("-", .int(n)):
            guard n != Int.min else { throw .error("arithmetic overflow", at: location) }
            return .int(-n)
        case let ("-", .double(x)): return .double(-x)
        case ("+", .int), ("+", .double): return value
        case let ("~", .int(n)): return .int(~n)
        default:
            if case let .native(native) = value, let type = nativeType(named: native.nativeTypeName),
               let functions = type.operators["prefix" + op] {
                return try callNative(functions, [value], receiver: nil, at: location)
            }
            throw .error("unary operator '\(op)' cannot be applied to an operand of type '\(value.typeName)'", at: location)
        }
    }

    func binary(_ op: String, _ left: Expression, _ right: Expression, expected: ValueType?, at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        switch op {
        case "&&":
            guard try boolean(left, in: environment) else { return .bool(false) }
            return .bool(try boolean(right, in: environment))
        case "||":
            if try boolean(left, in: environment) { return .bool(true) }
            return .bool(try boolean(right, in: environment))
        case "??":
            let value = try evaluate(left, expected: expected.map { .optional($0) }, in: environment)
            if case .nilValue = value { return try evaluate(right, expected: expected ?? nil, in: environment) }
            return value
        default:
            break
        }
        if !Self.standardInfixOperators.contains(op), !declaresOperator(op) {
            throw .error("'\(op)' is not a binary operator", at: location)
        }
        let comparison = ["==", "!=", "<", "<=", ">", ">=", "===", "!==", "~="].contains(op)
        let ranging = op == "..<" || op == "..."
        let operandExpected: ValueType? = comparison ? nil : ranging ? (expected.flatMap { if case let .range(bound) = $0 { bound } else { nil } }) : expected
        var a: Value, b: Value
        if Self.isUntyped(left) && !Self.isUntyped(right) {
            b = try evaluate(right, expected: operandExpected, in: environment).dereferenced
            a = try evaluate(left, expected: valueType(of: b), in: environment).dereferenced
        } else {
            a = try evaluate(left, expected: operandExpected, in: environment).dereferenced
            let rightExpected: ValueType? = Self.isUntyped(right) ? rightType(op, valueType(of: a), right) : operandExpected
            b = try evaluate(right, expected: rightExpected, in: environment).dereferenced
        }
        return try apply(op, a, b, at: location)
    }

    /// The infix operators the Swift standard library declares.
    static let standardInfixOperators: Set<String> = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "??",
                                                      "..<", "...", "&", "|", "^", "<<", ">>", "===", "!==", "~=", "&+", "&-",
                                                      "&*", "&<<", "&>>"]

    /// Whether the file (a type's or an extension's `static func`) or the library declares
    /// the operator `op`.
    func declaresOperator(_ op: String) -> Bool {
        func declares(_ type: TypeInfo) -> Bool { type.staticMethods[op] != nil || type.nestedTypes.values.contains(where: declares) }
        if types.values.contains(where: declares) || extensions.values.contains(where: { $0.staticMethods[op] != nil }) { return true }
        return library.types.values.contains { $0.operators[op] != nil }
    }

    /// The type an untyped right operand takes from the left one (`angle * 2`: the 2 is a
    /// `Double`, not an `Angle`).
    private func rightType(_ op: String, _ left: ValueType, _ right: Expression) -> ValueType {
        // An implicit member takes the type of the operator overload that declares it
        // (`.now() + .milliseconds(500)`: a `DispatchTimeInterval`, not a `DispatchTime`).
        if case .named = left, let native = left.typeName.flatMap({ nativeType(named: $0) }), let functions = native.operators[op],
           let name = Self.implicitBaseName(right) {
            for function in functions {
                if let typeName = function.parameters[1].type.typeName, let type = nativeType(named: typeName),
                   type.staticMembers[name] != nil { return function.parameters[1].type }
            }
        }
        if case .named = left, op == "*" || op == "/" {
            if let native = left.typeName.flatMap({ nativeType(named: $0) }), let functions = native.operators[op],
               let first = functions.first { return first.parameters[1].type }
            return .double
        }
        return left
    }

    /// `a op b` on two computed operands.
    public func apply(_ op: String, _ a: Value, _ b: Value, at location: SourceLocation) throws(Interrupt) -> Value {
        switch op {
        case "==": return .bool(a.isEqual(to: b))
        case "!=": return .bool(!a.isEqual(to: b))
        case "===", "!==":
            let same: Bool
            if case let .object(x) = a, case let .object(y) = b { same = x === y } else { same = a.isEqual(to: b) }
            return .bool(op == "===" ? same : !same)
        case "~=":
            if case let .range(range) = a { return .bool(try contains(range, b, at: location)) }
            return .bool(a.isEqual(to: b))
        case "..<", "...":
            if case let .int(low) = a, case let .int(high) = b, op == "..<" ? low > high : low > high {
                throw .error("range requires lowerBound <= upperBound (\(low)\(op)\(high))", at: location)
            }
            if let low = a.number, let high = b.number, low > high {
                throw .error("range requires lowerBound <= upperBound", at: location)
            }
            return .range(RangeValue(lower: a, upper: b, isClosed: op == "..."))
        default:
            break
        }
        switch (a, b) {
        case let (.int(x), .int(y)):
            return try integerArithmetic(op, x, y, at: location)
        case (.int, .double), (.double, .int), (.double, .double):
            let x = a.number!, y = b.number!
            switch op {
            case "+": return .double(x + y)
            case "-": return .double(x - y)
            case "*": return .double(x * y)
            case "/": return .double(x / y)
            case "%": throw .error("'%' is unavailable: use truncatingRemainder(dividingBy:) instead", at: location)
            case "<": return .bool(x < y)
            case "<=": return .bool(x <= y)
            case ">": return .bool(x > y)
            case ">=": return .bool(x >= y)
            default: break
            }
        case let (.string(x), .string(y)):
            switch op {
            case "+":
                try checkCount(x.utf8.count + y.utf8.count, at: location)
                return .string(x + y)
            case "<": return .bool(x < y)
            case "<=": return .bool(x <= y)
            case ">": return .bool(x > y)
            case ">=": return .bool(x >= y)
            default: break
            }
        case let (.array(x), .array(y)) where op == "+":
            try checkCount(x.count + y.count, at: location)
            return .array(x + y)
        case let (.bool(x), .bool(y)):
            if op == "&" { return .bool(x && y) }
            if op == "|" { return .bool(x || y) }
            if op == "^" { return .bool(x != y) }
        default:
            break
        }
        // A library type's operator (`Angle + Angle`, `2 * angle`), or a user type's `static func`.
        for value in [a, b] {
            if case let .native(native) = value, let type = nativeType(named: native.nativeTypeName), let functions = type.operators[op] {
                if let result = try? callNative(functions, [a, b], receiver: nil, at: location) { return result }
            }
            if let type = userTypeInfo(of: value), let methods = type.staticMethods[op] {
                let function = Function(.declared(methods[0].declaration, attributes: []), environment: typeEnvironment(type), name: op)
                return try call(function, [a, b], at: location)
            }
        }
        if let extensionType = extensions[valueTypeKey(a)], let methods = extensionType.staticMethods[op] {
            let function = Function(.declared(methods[0].declaration, attributes: []), environment: globals, name: op)
            return try call(function, [a, b], at: location)
        }
        if ["<", "<=", ">", ">="].contains(op), case let .enumCase(x) = a, case let .enumCase(y) = b, x.type === y.type,
           let i = x.type.cases.firstIndex(where: { $0.name == x.name }), let j = y.type.cases.firstIndex(where: { $0.name == y.name }) {
            // `Comparable` synthesised for enums: declaration order.
            switch op {
            case "<": return .bool(i < j)
            case "<=": return .bool(i <= j)
            case ">": return .bool(i > j)
            default: return .bool(i >= j)
            }
        }
        throw .error("binary operator '\(op)' cannot be applied to operands of type '\(a.typeName)' and '\(b.typeName)'", at: location)
    }

    private func integerArithmetic(_ op: String, _ x: Int, _ y: Int, at location: SourceLocation) throws(Interrupt) -> Value {
        let result: (Int, Bool)
        switch op {
        case "+": result = x.addingReportingOverflow(y)
        case "-": result = x.subtractingReportingOverflow(y)
        case "*": result = x.multipliedReportingOverflow(by: y)
        case "/", "%":
            guard y != 0 else { throw .error("division by zero", at: location) }
            result = op == "/" ? x.dividedReportingOverflow(by: y) : x.remainderReportingOverflow(dividingBy: y)
        case "&+": return .int(x &+ y)
        case "&-": return .int(x &- y)
        case "&*": return .int(x &* y)
        case "&": return .int(x & y)
        case "|": return .int(x | y)
        case "^": return .int(x ^ y)
        case "<<": return .int(y >= 64 || y <= -64 ? 0 : (y >= 0 ? x << y : x >> -y))
        case ">>": return .int(y >= 64 || y <= -64 ? (x < 0 ? -1 : 0) : (y >= 0 ? x >> y : x << -y))
        case "<": return .bool(x < y)
        case "<=": return .bool(x <= y)
        case ">": return .bool(x > y)
        case ">=": return .bool(x >= y)
        default: throw .error("binary operator '\(op)' cannot be applied to two 'Int' operands", at: location)
        }
        if result.1 { throw .error("arithmetic overflow", at: location) }
        return .int(result.0)
    }

    /// Whether `range` contains `value`.
    func contains(_ range: RangeValue, _ value: Value, at location: SourceLocation) throws(Interrupt) -> Bool {
        if let x = value.number {
            if let low = range.lower.number, x < low { return false }
            if let high = range.upper.number { return range.isClosed ? x <= high : x < high }
            return true
        }
        if case let .string(text) = value, case let .string(low) = range.lower, case let .string(high) = range.upper {
            return text >= low && (range.isClosed ? text <= high : text < high)
        }
        throw .error("a range of '\(range.lower.typeName)' cannot contain a value of type '\(value.typeName)'", at: location)
    }

    // MARK: Casts

    func cast(_ operand: Expression, _ kind: CastKind, _ type: TypeSyntax, at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        let target = resolve(type, in: environment.selfType)
        let value = try evaluate(operand, expected: kind == .asType ? target : nil, in: environment)
        let fits = target.accepts(value.dereferenced) { [unowned self] value, name in conforms(value, to: name) }
        switch kind {
        case .isType: return .bool(fits)
        case .asType: return coerce(value, to: target)
        case .conditional: return fits ? coerce(value, to: target) : .nilValue
        case .forced:
            guard fits else { throw .error("could not cast value of type '\(value.typeName)' to '\(target)'", at: location) }
            return coerce(value, to: target)
        }
    }

    /// Whether `value` is of the type, or conforms to the protocol, named `name`.
    public func conforms(_ value: Value, to name: String) -> Bool {
        let name = name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
        switch value {
        case .instance, .object, .enumCase:
            guard let type = userTypeInfo(of: value) else { return false }
            if type.qualifiedName == name || type.name == name { return true }
            return userConforms(type, to: name)
        case let .native(native):
            if native.nativeTypeName == name { return true }
            guard let type = nativeType(named: native.nativeTypeName) else { return false }
            if nativeConforms(type, to: name) { return true }
            return extensions[native.nativeTypeName]?.conformanceNames.contains(name) ?? false
        case .binding: return name == "Binding" || (nativeType(named: name) == nil && userType(named: name) == nil)
        case .function: return true
        case .double: return ["Double", "CGFloat", "Float", "BinaryFloatingPoint", "FloatingPoint", "Numeric", "VectorArithmetic", "Comparable", "Equatable", "Hashable", "AdditiveArithmetic", "Animatable"].contains(name) || isUnknownType(name)
        case .int: return ["Int", "BinaryInteger", "FixedWidthInteger", "Numeric", "Comparable", "Equatable", "Hashable", "Strideable", "AdditiveArithmetic"].contains(name) || isUnknownType(name)
        case .string: return ["String", "StringProtocol", "Comparable", "Equatable", "Hashable", "CustomStringConvertible", "Identifiable"].contains(name) || isUnknownType(name)
        case .bool: return ["Bool", "Equatable", "Hashable"].contains(name) || isUnknownType(name)
        case .array: return ["Array", "Collection", "Sequence", "RandomAccessCollection", "Equatable"].contains(name) || isUnknownType(name)
        default: return isUnknownType(name)
        }
    }

    /// A name that is no type the evaluator knows (a protocol of another module): not checked.
    private func isUnknownType(_ name: String) -> Bool {
        userType(named: name) == nil && nativeType(named: name) == nil && ValueType.standard(named: name) == nil
    }

    private func userConforms(_ type: TypeInfo, to name: String) -> Bool {
        for conformance in type.conformanceNames {
            if conformance == name { return true }
            if let user = userType(named: conformance), user.kind == .protocolType, userConforms(user, to: name) { return true }
            if let native = nativeType(named: conformance), nativeConforms(native, to: name) { return true }
        }
        return false
    }

    private func nativeConforms(_ type: NativeType, to name: String) -> Bool {
        for conformance in type.protocols {
            if conformance == name { return true }
            if let native = library.protocols[conformance], native !== type, nativeConforms(native, to: name) { return true }
        }
        return false
    }

    /// The file's type of a struct, class or enum value.
    func userTypeInfo(of value: Value) -> TypeInfo? {
        switch value {
        case let .instance(instance): instance.type
        case let .object(object): object.type
        case let .enumCase(value): value.type
        default: nil
        }
    }

    /// The name extensions of a value's type are filed under.
    func valueTypeKey(_ value: Value) -> String {
        switch value {
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .bool: "Bool"
        case .array: "Array"
        case .dictionary: "Dictionary"
        case let .native(native): native.nativeTypeName
        case let .instance(instance): instance.type.qualifiedName
        case let .object(object): object.type.qualifiedName
        case let .enumCase(value): value.type.qualifiedName
        case .binding: "Binding"
        default: ""
        }
    }

    // MARK: Macros and statement expressions

    func macro(_ expansion: MacroExpansion, expected: ValueType?, in environment: Environment) throws(Interrupt) -> Value {
        switch expansion.name {
        case "file", "filePath", "fileID": return .string("View.swift")
        case "line": return .int(expansion.location.line)
        case "column": return .int(expansion.location.column)
        case "function": return .string("body")
        default:
            guard let functions = library.functions["#" + expansion.name] else {
                throw .error("macro '#\(expansion.name)' is not supported here", at: expansion.location)
            }
            return try callFunctions(functions.map { .native($0) }, expansion.arguments, expansion.trailingClosures,
                                     receiver: nil, expected: expected, name: "#" + expansion.name, at: expansion.location, in: environment)
        }
    }

    /// The value of an `if` or `switch` used as an expression: the value of the taken branch's
    /// single expression.
    func statementValue(_ statement: Statement, expected: ValueType?, in environment: Environment) throws(Interrupt) -> Value {
        func branchValue(_ statements: [Statement], _ scope: Environment) throws(Interrupt) -> Value {
            guard let last = statements.last else { throw .error("a branch used as a value must end with an expression", at: statement.location) }
            _ = try execute(Array(statements.dropLast()), in: scope)
            switch last.kind {
            case let .expression(expression): return try evaluate(expression, expected: expected, in: scope)
            case let .throwStatement(error): throw .thrown(try evaluate(error, expected: nil, in: scope), at: last.location)
            case .ifStatement, .switchStatement: return try statementValue(last, expected: expected, in: scope)
            default: throw .error("a branch used as a value must end with an expression", at: last.location)
            }
        }
        switch statement.kind {
        case var .ifStatement(current):
            while true {
                let scope = Environment(parent: environment)
                if try conditions(current.conditions, in: scope) { return try branchValue(current.body.statements, scope) }
                switch current.elseBranch {
                case let .block(block)?: return try branchValue(block.statements, Environment(parent: environment))
                case let .ifStatement(next, _)?: current = next
                case nil: throw .error("'if' used as a value must have an 'else'", at: statement.location)
                }
            }
        case let .switchStatement(subject, cases):
            let value = try evaluate(subject, expected: nil, in: environment)
            for switchCase in cases {
                let scope = Environment(parent: environment)
                if try matches(switchCase, value, in: scope) { return try branchValue(switchCase.statements, scope) }
            }
            throw .error("no case of the switch matched \(value.text)", at: statement.location)
        default:
            throw .error("this statement cannot be used as a value", at: statement.location)
        }
    }
}

/// `\.self`, `\.colorScheme`, `\Item.id`: a key path as the components after the backslash.
public struct KeyPathValue: NativeValue, Equatable {
    /// The property names, in order (`["self"]` for `\.self`).
    public var components: [String]
    /// A key path.
    public init(components: [String]) { self.components = components }
    public var nativeTypeName: String { "KeyPath" }
}
