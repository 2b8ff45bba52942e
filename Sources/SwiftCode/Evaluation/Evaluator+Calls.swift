import Motion

extension Evaluator {
    /// One parameter as a call binds arguments to it, whatever declared it.
    /// A parameter as a call binds it. A class: binding walks the parameters of every overload
    /// on every call, and copying a struct of eight fields retained each of them.
    final class ParameterSpec {
        let label: String?
        let name: String
        let type: ValueType
        let defaultValue: Value?
        let defaultExpression: Expression?
        let isVariadic: Bool
        let builder: String?
        /// Where `defaultExpression` is evaluated: the declaration's scope (a type's static
        /// members are in scope there, as in Swift), or the call's when `nil`.
        let defaultScope: Environment?
        /// Required when it has no default (an optional-typed parameter of a function still needs one).
        let isRequired: Bool
        /// Whether its type is a function type (or it is a result builder's closure).
        let takesClosure: Bool
        /// Whether a closure may fill it at all (an untyped parameter takes anything).
        let mayTakeClosure: Bool

        init(label: String?, name: String, type: ValueType, defaultValue: Value?, defaultExpression: Expression?, isVariadic: Bool,
             builder: String?, defaultScope: Environment? = nil) {
            self.label = label
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.defaultExpression = defaultExpression
            self.isVariadic = isVariadic
            self.builder = builder
            self.defaultScope = defaultScope
            isRequired = defaultValue == nil && defaultExpression == nil && !isVariadic
            let isFunction = if case .function = type.unwrapped { true } else { false }
            takesClosure = builder != nil || isFunction
            mayTakeClosure = takesClosure || type.unwrapped == .any
        }

        /// The same parameter of another type.
        func withType(_ type: ValueType) -> ParameterSpec {
            ParameterSpec(label: label, name: name, type: type, defaultValue: defaultValue, defaultExpression: defaultExpression,
                          isVariadic: isVariadic, builder: builder, defaultScope: defaultScope)
        }
    }

    /// An argument as bound to a parameter, by its place among the call's arguments: no
    /// reference to count, so that binding, copying and freeing slots (every overload of every
    /// call) costs no more than integers do.
    enum Slot {
        /// The value of `arguments[index]`.
        case argument(Int)
        /// `arguments[index]`, a closure literal passed for a parameter that takes a closure.
        case argumentClosure(Int)
        /// `trailing[index]`.
        case trailing(Int)
        /// `arguments[range]`, the values of a variadic parameter.
        case variadic(Range<Int>)
        /// No argument: the default.
        case missing
    }

    /// The arguments of a call bound to a candidate's parameters, or why they cannot be. Not a
    /// `Result`: freeing a generic enum went through its type's metadata, on every call.
    enum Binding {
        case success([Slot])
        case failure(Interrupt)

        /// The slots, or the error.
        func slots() throws(Interrupt) -> [Slot] {
            switch self {
            case let .success(slots): return slots
            case let .failure(error): throw error
            }
        }
    }

    /// What can be called: a declaration of the file, a closure or a library function. A word
    /// and a tag (a declaration is boxed, and a closure is its function's body): a call passes
    /// its candidate along several times, and copying one the size of a declaration cost more
    /// than the rest of a library call's binding.
    enum Candidate {
        case native(NativeFunction)
        indirect case declared(FunctionDeclaration, attributes: [Attribute], isMutating: Bool)
        /// The closure that is the function's ``Function/body``.
        case closure
    }

    /// The outcome of a call: its result and, for a mutating method, the receiver's new value.
    struct Invocation {
        var result: Value
        var receiver: Value?
    }

    // MARK: Calls written in the source

    /// Whether `expression` is `self`.
    static func isSelf(_ expression: Expression) -> Bool {
        if case .identifier("self", _) = expression.kind { return true }
        return false
    }

    ///
    /// The kinds of callee are handled apart, each in a function of its own, so that the locals
    /// of one do not widen the frame of every call: recursion runs through here, and a debug
    /// build's frame holds every local of the function (the call depth limit is then reached
    /// within a thread's 8 MB stack).
    func evaluateCall(_ callee: Expression, _ arguments: [Argument], _ trailing: [TrailingClosure], expected: ValueType?,
                      at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        switch callee.kind {
        case let .member(base, name, nameLocation, _):
            if isModuleName(base, in: environment) {
                return try evaluateCall(Expression(.identifier(name, generics: []), at: nameLocation), arguments, trailing, expected: expected, at: location,
                                        in: environment)
            }
            if name == "init", Self.isSelf(base), environment.selfType.map({ nativeType(named: $0.name) != nil }) == true {
                return try callSelfInit(base, arguments, trailing, at: nameLocation, in: environment)
            }
            return try callMember(base, name, nameLocation, arguments, trailing, expected: expected, in: environment)
        case let .identifier(name, _):
            if name == "swap", arguments.count == 2, trailing.isEmpty, environment.lookUp("swap") == nil, globals.variables["swap"] == nil {
                return try swap(arguments, in: environment)
            }
            // A method of `self` called without `self.`: a mutating one changes `self`. A
            // library type's name that the file does not declare (`Circle()`) names no method.
            if libraryTypeName(name) == nil, environment.lookUp(name) == nil, let selfVariable = environment.lookUp("self"),
               let member = try instanceMemberIfAny(name, of: selfVariable.value, at: callee.location, in: environment) {
                let invocation = try callValue(member, arguments, trailing, expected: expected, name: name, at: callee.location, in: environment)
                if let receiver = invocation.receiver { selfVariable.value = receiver }
                return invocation.result
            }
            let value = try lookUp(name, at: callee.location, in: environment, expected: nil)
            return try callValue(value, arguments, trailing, expected: expected, name: name, at: callee.location, in: environment).result
        default:
            return try callOtherCallee(callee, arguments, trailing, expected: expected, in: environment)
        }
    }

    /// `self.init(…)` in an initialiser of an extension of a library type
    /// (`extension Color { init(hex: UInt) { self.init(.sRGB, red: …) } }`): the library's
    /// initialiser gives `self`.
    private func callSelfInit(_ base: Expression, _ arguments: [Argument], _ trailing: [TrailingClosure], at nameLocation: SourceLocation,
                              in environment: Environment) throws(Interrupt) -> Value {
        let native = nativeType(named: environment.selfType!.name)!
        let value = try construct(.native(native), arguments, trailing, expected: nil, at: nameLocation, in: environment)
        try write(value, to: base, in: environment)
        return .void
    }

    /// `swap(&a, &b)`: exchanges two variables (the standard library's `swap(_:_:)`).
    private func swap(_ arguments: [Argument], in environment: Environment) throws(Interrupt) -> Value {
        var targets: [Expression] = []
        for argument in arguments {
            guard argument.label == nil, case let .prefixOperator("&", target) = argument.value.kind else {
                throw .error("'swap' takes two variables written with '&': 'swap(&a, &b)'", at: argument.value.location)
            }
            targets.append(target)
        }
        let first = try evaluate(targets[0], expected: nil, in: environment).dereferenced
        let second = try evaluate(targets[1], expected: nil, in: environment).dereferenced
        try write(second, to: targets[0], in: environment)
        try write(first, to: targets[1], in: environment)
        return .void
    }

    /// `base.name(…)`.
    private func callMember(_ base: Expression, _ name: String, _ nameLocation: SourceLocation, _ arguments: [Argument], _ trailing: [TrailingClosure],
                            expected: ValueType?, in environment: Environment) throws(Interrupt) -> Value {
        let baseValue = try evaluate(base, expected: expected != nil && Self.isImplicitChain(base) ? expected : nil, in: environment)
        if case let .type(reference) = baseValue {
            if name == "init" { return try construct(reference, arguments, trailing, expected: expected, at: nameLocation, in: environment) }
            let member = try calledStaticMember(name, of: reference, at: nameLocation)
            return try callValue(member, arguments, trailing, expected: expected, name: name, at: nameLocation, in: environment).result
        }
        var lookedUp = name
        let dereferenced = baseValue.dereferenced
        switch dereferenced {
        case .array, .string, .range, .dictionary:
            // `first` is a property and `first(where:)` a method of the same name.
            if name == "first" || name == "last", !arguments.isEmpty || !trailing.isEmpty { lookedUp = name + "(where:)" }
            // `firstIndex(of:)` finds an element, `firstIndex(where:)` (or a trailing closure) a match.
            if name == "firstIndex" || name == "lastIndex", arguments.count + trailing.count == 1 {
                switch dereferenced {
                case .array, .range: lookedUp = name + (arguments.first?.label == "of" ? "(of:)" : "(where:)")
                default: break
                }
            }
        default:
            break
        }
        var member: Value?
        if case let .native(native) = dereferenced, let type = nativeType(named: native.nativeTypeName) {
            // The member is looked up once (a library value's name is never one of the names
            // changed above): its methods when it is also a property, else, on a value that is
            // not a binding, what `member(_:of:at:in:)` finds first. A method of one signature
            // is called at once.
            let found = instanceMember(name, of: type)
            if case let .overloaded(_, _, functions)? = found {
                if functions.count == 1, !functions[0].takesArgumentsAsWritten {
                    return try finishMemberCall(callMethod(functions[0], of: dereferenced, name: name, arguments, trailing, expected: expected, at: nameLocation,
                                                           in: environment), base: base, in: environment)
                }
                let function = Function(.native(functions), environment: globals, name: name)
                function.receiver = dereferenced
                member = .function(function)
            } else if case .native = baseValue, Swift.type(of: native) != StrideValue.self {
                if case let .functions(functions)? = found, functions.count == 1, !functions[0].takesArgumentsAsWritten {
                    return try finishMemberCall(callMethod(functions[0], of: baseValue, name: name, arguments, trailing, expected: expected, at: nameLocation,
                                                           in: environment), base: base, in: environment)
                }
                member = try nativeMember(found, named: name, of: baseValue, at: nameLocation)
            }
        }
        if member == nil { member = try self.member(lookedUp, of: baseValue, at: nameLocation, in: environment) }
        return try finishMemberCall(callValue(member!, arguments, trailing, expected: expected, name: name, at: nameLocation, in: environment), base: base,
                                    in: environment)
    }

    /// A member call's result; a mutating method's new receiver is written back to its base.
    private func finishMemberCall(_ invocation: Invocation, base: Expression, in environment: Environment) throws(Interrupt) -> Value {
        if let receiver = invocation.receiver { try write(receiver, to: base, in: environment) }
        return invocation.result
    }

    /// A call of an implicit member, of a type written as a literal, or of any other value.
    private func callOtherCallee(_ callee: Expression, _ arguments: [Argument], _ trailing: [TrailingClosure], expected: ValueType?,
                                 in environment: Environment) throws(Interrupt) -> Value {
        switch callee.kind {
        case let .implicitMember(name):
            guard let expected = expected.flatMap({ $0.unwrapped != .any ? $0 : nil }) ?? genericContextType(for: name) else {
                throw .error("cannot infer the type of '.\(name)' here\(implicitMemberHint(name, call: true))", at: callee.location)
            }
            let reference = try typeReference(for: expected.unwrapped, at: callee.location)
            if name == "init" { return try construct(reference, arguments, trailing, expected: expected, at: callee.location, in: environment) }
            let member = try calledStaticMember(name, of: reference, at: callee.location)
            return try callValue(member, arguments, trailing, expected: expected, name: name, at: callee.location, in: environment).result
        case let .arrayLiteral(elements) where elements.count == 1 && isTypeName(elements[0], in: environment):
            // `[Color](repeating: .red, count: 3)`, `[CGFloat]()`.
            let element = try typeReference(for: elements[0], in: environment)
            return try construct(.standard(.array(element)), arguments, trailing, expected: expected, at: callee.location, in: environment)
        case let .dictionaryLiteral(pairs) where pairs.count == 1 && isTypeName(pairs[0].key, in: environment):
            return try construct(.standard(.dictionary(.any, .any)), arguments, trailing, expected: expected, at: callee.location, in: environment)
        default:
            let value = try evaluate(callee, expected: nil, in: environment)
            return try callValue(value, arguments, trailing, expected: expected, name: "function", at: callee.location, in: environment).result
        }
    }

    /// `Type.name` about to be called: the methods of a member that is also a property.
    private func calledStaticMember(_ name: String, of reference: TypeReference, at location: SourceLocation) throws(Interrupt) -> Value {
        if case let .native(type) = reference, let overload = calledOverload(name, of: type, receiver: .type(reference), instance: false) {
            return overload
        }
        return try staticMember(name, of: reference, at: location)
    }

    /// Whether `expression` names a type (`Color`, `CGFloat`, `Spinner.Style`).
    private func isTypeName(_ expression: Expression, in environment: Environment) -> Bool {
        switch expression.kind {
        case let .identifier(name, _):
            return environment.lookUp(name) == nil && (ValueType.standard(named: name) != nil || types[name] != nil || library.types[name] != nil)
        case let .member(base, _, _, _): return isTypeName(base, in: environment)
        case .type: return true
        default: return false
        }
    }

    private func typeReference(for expression: Expression, in environment: Environment) throws(Interrupt) -> ValueType {
        let value = try evaluate(expression, expected: nil, in: environment)
        guard case let .type(reference) = value else { return .any }
        switch reference {
        case let .standard(type): return type
        case let .user(type): return .named(type.qualifiedName)
        case let .native(type): return .named(type.name)
        }
    }

    /// Calls `value` (a function or a type) with arguments written in the source.
    func callValue(_ value: Value, _ arguments: [Argument], _ trailing: [TrailingClosure], expected: ValueType?, name: String,
                   at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Invocation {
        switch value {
        case let .type(reference):
            return Invocation(result: try construct(reference, arguments, trailing, expected: expected, at: location, in: environment))
        case let .function(function):
            return try callFunction(function, arguments, trailing, expected: expected, at: location, in: environment)
        case let .binding(cell):
            return try callValue(cell.value, arguments, trailing, expected: expected, name: name, at: location, in: environment)
        case let .native(keyPath as KeyPathValue) where arguments.count == 1 && trailing.isEmpty:
            let root = try evaluate(arguments[0].value, expected: nil, in: environment)
            return Invocation(result: try apply(keyPath, to: root, at: location))
        default:
            if let callable = try instanceMemberIfAny("callAsFunction", of: value, at: location, in: environment) {
                return try callValue(callable, arguments, trailing, expected: expected, name: name, at: location, in: environment)
            }
            throw .error("cannot call value of non-function type '\(value.typeName)'", at: location)
        }
    }

    /// The candidates a function value stands for.
    func candidates(of function: Function) -> [Candidate] {
        if let sole = soleCandidate(of: function) { return [sole] }
        switch function.body {
        case let .native(functions): return functions.map { .native($0) }
        case .closure: return [.closure]
        case let .declared(declaration, attributes):
            if let overloads = function.overloads {
                return overloads.map { .declared($0.declaration, attributes: $0.attributes, isMutating: $0.isMutating) }
            }
            if function.receiver == nil, let more = overloads[function.name], more.first === function {
                return more.compactMap { if case let .declared(d, a) = $0.body { .declared(d, attributes: a, isMutating: false) } else { nil } }
            }
            return [.declared(declaration, attributes: attributes, isMutating: function.isMutating)]
        }
    }

    /// The one candidate of a function that has no overloads (most calls: a closure, a library
    /// function of one signature, a method declared once), or `nil`. Found without making an
    /// array: a call made one, and another for the candidates that took its arguments.
    func soleCandidate(of function: Function) -> Candidate? {
        switch function.body {
        case let .native(functions):
            return functions.count == 1 ? .native(functions[0]) : nil
        case .closure:
            return .closure
        case let .declared(declaration, attributes):
            if let overloads = function.overloads { return overloads.count == 1 ? .declared(overloads[0].declaration, attributes: overloads[0].attributes, isMutating: overloads[0].isMutating) : nil }
            if function.receiver == nil, let more = overloads[function.name], more.first === function, more.count > 1 { return nil }
            return .declared(declaration, attributes: attributes, isMutating: function.isMutating)
        }
    }

    func callFunction(_ function: Function, _ arguments: [Argument], _ trailing: [TrailingClosure], expected: ValueType?,
                      at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Invocation {
        if let sole = soleCandidate(of: function) {
            if case let .native(native) = sole, native.takesArgumentsAsWritten {
                return try callAsWritten(native, function, arguments, trailing, at: location, in: environment)
            }
            let parameters = callParameters(sole, of: function, argumentCount: arguments.count + trailing.count, expected: expected)
            switch bind(arguments, trailing, to: parameters, at: location, describing: false) {
            case let .success(slots):
                let values = try evaluateSlots(slots, parameters, arguments, trailing, at: location, in: environment, checking: false)
                return try invoke(function, sole, with: values, slots, arguments, trailing, at: location, in: environment)
            case let .failure(error):
                try checkArgumentTypesExist(arguments, in: environment)
                if case let .failure(described) = bind(arguments, trailing, to: parameters, at: location) { throw described }
                throw error
            }
        }
        return try callOverloads(function, arguments, trailing, expected: expected, at: location, in: environment)
    }

    /// A call of a function with several candidates: the first that takes the arguments (by
    /// their labels, then their values' types). Apart from ``callFunction(_:_:_:expected:at:in:)``
    /// so that its locals do not widen the frame of every call (recursion runs through the
    /// one-candidate path, and a debug build's frames hold every local of the function).
    private func callOverloads(_ function: Function, _ arguments: [Argument], _ trailing: [TrailingClosure], expected: ValueType?,
                               at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Invocation {
        let all = candidates(of: function)
        var firstError: Interrupt?
        var firstFailing: [ParameterSpec]?
        // Most calls have one overload that takes their arguments: it is kept apart, and an
        // array made only when a second one does.
        var onlyMatch: (Candidate, [ParameterSpec], [Slot])?
        var matched: [(Candidate, [ParameterSpec], [Slot])] = []
        if case let .native(native)? = all.first, native.takesArgumentsAsWritten {
            return try callAsWritten(native, function, arguments, trailing, at: location, in: environment)
        }
        for candidate in all {
            let parameters = callParameters(candidate, of: function, argumentCount: arguments.count + trailing.count, expected: expected)
            // Spelling hints are made only for the error reported (overloads fail often).
            switch bind(arguments, trailing, to: parameters, at: location, describing: false) {
            case let .success(slots):
                if onlyMatch == nil, matched.isEmpty {
                    onlyMatch = (candidate, parameters, slots)
                } else {
                    if let first = onlyMatch { matched.append(first) }
                    onlyMatch = nil
                    matched.append((candidate, parameters, slots))
                }
            case let .failure(error):
                // The overload whose labels the call matches explains best what is wrong: a
                // missing or extra argument there, rather than another overload's first label.
                if firstError == nil || (Self.isLabelMismatch(firstError) && !Self.isLabelMismatch(error)) {
                    firstError = error
                    firstFailing = parameters
                }
            }
        }
        if let (candidate, parameters, slots) = onlyMatch {
            let values = try evaluateSlots(slots, parameters, arguments, trailing, at: location, in: environment, checking: false)
            return try invoke(function, candidate, with: values, slots, arguments, trailing, at: location, in: environment)
        }
        guard !matched.isEmpty else {
            try checkArgumentTypesExist(arguments, in: environment)
            if let firstFailing, case let .failure(error) = bind(arguments, trailing, to: firstFailing, at: location) { throw error }
            throw firstError ?? .error("no overload of '\(function.name)' takes these arguments", at: location)
        }
        // When every overload that takes the labels fails on an argument's value, the first one's
        // error is reported: the library lists the usual overload first (`UIColor(.lime)` is
        // "type 'Color' has no member 'lime'", not the closure overload's function type).
        var firstValueError: EvaluationError?
        for (index, entry) in matched.enumerated() {
            let (candidate, parameters, slots) = entry
            let values: [Value]
            do {
                values = try evaluateSlots(slots, parameters, arguments, trailing, at: location, in: environment, checking: true)
            } catch let .error(error) {
                if firstValueError == nil { firstValueError = error }
                guard index < matched.count - 1 else { throw .error(firstValueError ?? error) }
                continue
            }
            return try invoke(function, candidate, with: values, slots, arguments, trailing, at: location, in: environment)
        }
        throw .error("no overload of '\(function.name)' takes these arguments", at: location)
    }

    /// The parameters a candidate binds a call's arguments to.
    private func callParameters(_ candidate: Candidate, of function: Function, argumentCount: Int, expected: ValueType?) -> [ParameterSpec] {
        let parameters = parameterSpecs(candidate, function: function, argumentCount: argumentCount)
        guard case .native = candidate, function.receiver != nil else { return parameters }
        return methodParameters(parameters, name: function.name, expected: expected)
    }

    /// A library method's parameters for a call: `map`'s closure returns the element type the
    /// context expects (`[CGFloat]` makes `{ _ in .random(in: 10...60) }` a CGFloat), as Swift
    /// infers its generic result.
    private func methodParameters(_ parameters: [ParameterSpec], name: String, expected: ValueType?) -> [ParameterSpec] {
        guard parameters.count == 1, case let .array(element)? = expected?.unwrapped, element != .any, name == "map" || name == "compactMap",
              case let .function(closureParameters, .any) = parameters[0].type else { return parameters }
        var parameters = parameters
        parameters[0] = parameters[0].withType(.function(parameters: closureParameters, result: name == "map" ? element : .optional(element)))
        return parameters
    }

    /// Calls a library method of one signature on `receiver` (`Circle().frame(width: 8)`): what
    /// ``callFunction(_:_:_:expected:at:in:)`` does for a ``Function`` of one library function,
    /// without making the function (a method value that only the call would have used).
    func callMethod(_ native: NativeFunction, of receiver: Value, name: String, _ arguments: [Argument], _ trailing: [TrailingClosure],
                    expected: ValueType?, at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Invocation {
        let parameters = methodParameters(parameterSpecs(.native(native), function: nil, argumentCount: arguments.count + trailing.count),
                                          name: name, expected: expected)
        switch bind(arguments, trailing, to: parameters, at: location, describing: false) {
        case let .success(slots):
            let values = try evaluateSlots(slots, parameters, arguments, trailing, at: location, in: environment, checking: false)
            callDepth += 1
            defer { callDepth -= 1 }
            if callDepth > limits.callDepth {
                throw .error("calls are nested too deeply (more than \(limits.callDepth)): does '\(name)' call itself for ever?", at: location)
            }
            let invocation = try invokeNative(native, receiver: receiver, values, at: location, argumentLocations: slotLocations(slots, arguments, trailing, at: location))
            for (slot, value) in zip(slots, values) {
                if case let .argument(index) = slot, case let .prefixOperator("&", target) = arguments[index].value.kind {
                    try write(value, to: target, in: environment)
                }
            }
            return invocation
        case let .failure(error):
            try checkArgumentTypesExist(arguments, in: environment)
            if case let .failure(described) = bind(arguments, trailing, to: parameters, at: location) { throw described }
            throw error
        }
    }

    /// Runs a candidate with the values of the arguments bound to `slots`; an argument written
    /// `&x` for an `inout` parameter gets the parameter's final value.
    private func invoke(_ function: Function, _ candidate: Candidate, with values: [Value], _ slots: [Slot], _ arguments: [Argument],
                        _ trailing: [TrailingClosure], at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Invocation {
        // Only a library function reports errors at its arguments' places.
        let locations: [SourceLocation]? = if case .native = candidate { slotLocations(slots, arguments, trailing, at: location) } else { nil }
        // Only an argument written `&x` takes its parameter's final value.
        let passesInout = arguments.contains { if case .prefixOperator("&", _) = $0.value.kind { true } else { false } }
        var final: [Value]? = passesInout ? [] : nil
        let invocation = try invoke(function, candidate, values, at: location, argumentLocations: locations, finalArguments: &final)
        for (slot, value) in zip(slots, final ?? []) {
            if case let .argument(index) = slot, case let .prefixOperator("&", target) = arguments[index].value.kind {
                try write(value, to: target, in: environment)
            }
        }
        return invocation
    }

    /// Whether a binding failed on an argument label another overload may have.
    /// Throws "cannot find 'Asset' in scope" when an argument starts from a capitalised name
    /// that nothing declares (`Color(asset: Asset.Colors.brand)`, whose `Asset` another file of
    /// the app generates): that, not the labels of the library's initialisers, is what is wrong,
    /// as the compiler reports it. Only capitalised names are looked up (types and their static
    /// members: no code of the file runs), and only when no overload took the arguments.
    private func checkArgumentTypesExist(_ arguments: [Argument], in environment: Environment) throws(Interrupt) {
        for argument in arguments {
            var root = argument.value
            descent: while true {
                switch root.kind {
                case let .member(base, _, _, _): root = base
                case let .call(callee, _, _): root = callee
                default: break descent
                }
            }
            guard case let .identifier(name, _) = root.kind, let first = name.unicodeScalars.first, first.properties.isUppercase,
                  name != "Self", environment.lookUp(name) == nil else { continue }
            do {
                _ = try lookUp(name, at: root.location, in: environment, expected: nil)
            } catch let .error(error) where error.message.hasPrefix("cannot find '\(name)' in scope") {
                throw .error(error)
            } catch {
                continue
            }
        }
    }

    /// Whether `error` says that a call's arguments fit no overload (labels, count), not that
    /// a value or the body was wrong.
    private static func isBindingFailure(_ error: EvaluationError) -> Bool {
        ["incorrect argument label", "extra argument", "missing argument", "extra trailing closure"].contains { error.message.hasPrefix($0) }
    }

    private static func isLabelMismatch(_ interrupt: Interrupt?) -> Bool {
        guard case let .error(error)? = interrupt else { return false }
        return error.message.hasPrefix(labelMismatch)
    }

    /// The start of the message for an argument whose label the parameter does not have.
    private static let labelMismatch = "incorrect argument label"

    /// A library function that reads its arguments as written.
    private func callAsWritten(_ native: NativeFunction, _ function: Function, _ arguments: [Argument], _ trailing: [TrailingClosure],
                               at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Invocation {
        var values: [Value] = []
        for argument in arguments {
            if case let .closure(closure) = argument.value.kind {
                values.append(.function(makeClosure(closure, in: environment, expected: nil, builder: nil)))
            } else {
                values.append(try evaluate(argument.value, expected: nil, in: environment))
            }
        }
        for closure in trailing { values.append(.function(makeClosure(closure.closure, in: environment, expected: nil, builder: nil))) }
        var call = NativeCall(arguments: values, argumentLocations: arguments.map(\.value.location) + trailing.map(\.closure.body.location),
                              receiver: function.receiver, location: location, evaluator: self)
        call.labels = arguments.map(\.label) + trailing.map(\.label)
        call.labelLocations = arguments.map(\.labelLocation) + trailing.map(\.closure.body.location)
        return Invocation(result: try native.body(call))
    }

    /// The calls of several functions (a library's overloads) with source arguments.
    func callFunctions(_ candidates: [Candidate], _ arguments: [Argument], _ trailing: [TrailingClosure], receiver: Value?,
                       expected: ValueType?, name: String, at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        var natives: [NativeFunction] = []
        for candidate in candidates { if case let .native(function) = candidate { natives.append(function) } }
        let function = Function(.native(natives), environment: globals, name: name)
        function.receiver = receiver
        return try callFunction(function, arguments, trailing, expected: expected, at: location, in: environment).result
    }

    /// The parameters of a candidate.
    func parameterSpecs(_ candidate: Candidate, function: Function?, argumentCount: Int) -> [ParameterSpec] {
        switch candidate {
        case let .native(native):
            if let made = native.specifications.parameters { return made }
            let made = native.parameters.enumerated().map { index, parameter in
                ParameterSpec(label: parameter.label, name: parameter.label ?? "_", type: parameter.type, defaultValue: parameter.defaultValue,
                              defaultExpression: native.defaultExpressions?[index], isVariadic: parameter.isVariadic, builder: parameter.builder)
            }
            native.specifications.parameters = made
            return made
        case let .declared(declaration, _, _):
            guard let function else { return [] }
            let context = function.environment.selfType
            return declaration.parameters.map { parameter in
                ParameterSpec(label: parameter.label, name: parameter.name, type: resolve(parameter.type, in: context), defaultValue: nil,
                              defaultExpression: parameter.defaultValue, isVariadic: parameter.isVariadic,
                              builder: builderName(in: parameter.type), defaultScope: function.environment)
            }
        case .closure:
            guard let function else { return [] }
            if case let .closure(closure) = function.body, let parameters = closure.parameters {
                return parameters.enumerated().map { index, parameter in
                    ParameterSpec(label: nil, name: parameter.name,
                                  type: parameter.type.map { resolve($0, in: function.environment.selfType) } ?? function.expectedParameters?[safe: index] ?? .any,
                                  defaultValue: nil, defaultExpression: nil, isVariadic: false, builder: nil)
                }
            }
            return (0..<argumentCount).map { index in
                ParameterSpec(label: nil, name: "$\(index)", type: function.expectedParameters?[safe: index] ?? .any, defaultValue: nil,
                              defaultExpression: nil, isVariadic: false, builder: nil)
            }
        }
    }

    /// `@ViewBuilder` written on a parameter's type.
    func builderName(in type: TypeSyntax) -> String? {
        if case let .attributed(_, attributes, _) = type.kind {
            return attributes.first { library.resultBuilders[$0] != nil }
        }
        return nil
    }

    /// Matches arguments to parameters as Swift does: labels in order, defaults skipped, the
    /// first trailing closure to the next parameter that takes a closure, labelled trailing
    /// closures by label.
    ///
    /// - Parameter describing: whether a failure's message names the labels and parameters and
    ///   suggests a spelling; without it a failure says only what kind it is, cheaply (a call
    ///   tries every overload, and most fail), and the error reported is made again with it.
    func bind(_ arguments: [Argument], _ trailing: [TrailingClosure], to parameters: [ParameterSpec], at location: SourceLocation,
              describing: Bool = true) -> Binding {
        // Appended one by one: `Array(repeating:count:)` copies a payload enum through its value
        // witnesses, and this runs for every overload of every call.
        var slots: [Slot] = []
        slots.reserveCapacity(parameters.count)
        for _ in parameters { slots.append(.missing) }
        var next = 0
        var lastFilled = -1
        for (index, parameter) in parameters.enumerated() {
            guard next < arguments.count else { break }
            let argument = arguments[next]
            if parameter.isVariadic {
                guard argument.label == parameter.label else { continue }
                let first = next
                next += 1
                while next < arguments.count, arguments[next].label == nil { next += 1 }
                slots[index] = .variadic(first..<next)
                lastFilled = index
                continue
            }
            if argument.label == parameter.label {
                if case .closure = argument.value.kind, parameter.takesClosure {
                    slots[index] = .argumentClosure(next)
                } else {
                    slots[index] = .argument(next)
                }
                next += 1
                lastFilled = index
            } else if !parameter.isRequired || (parameter.mayTakeClosure && !trailing.isEmpty) {
                continue
            } else if let label = argument.label, !parameters[index...].contains(where: { $0.label == label }) {
                guard describing else { return .failure(.error(Self.labelMismatch, at: argument.labelLocation)) }
                let expected = parameter.label.map { "'\($0):'" } ?? "no label"
                return .failure(.error("\(Self.labelMismatch) in call (have '\(label):', expected \(expected))", at: argument.labelLocation))
            } else {
                guard describing else { return .failure(.error("missing argument", at: argument.labelLocation)) }
                let label = parameter.label.map { "'\($0)'" } ?? "#\(index + 1)"
                return .failure(.error("missing argument for parameter \(label) in call", at: argument.labelLocation))
            }
        }
        if next < arguments.count {
            let argument = arguments[next]
            guard describing else { return .failure(.error("extra argument", at: argument.labelLocation)) }
            if let label = argument.label {
                let hint = describing ? suggestion(label, among: parameters.compactMap(\.label)) : ""
                return .failure(.error("extra argument '\(label)' in call\(hint)", at: argument.labelLocation))
            }
            return .failure(.error("extra argument in call", at: argument.value.location))
        }
        for (position, closure) in trailing.enumerated() {
            if let label = closure.label {
                guard let index = parameters.indices.first(where: { parameters[$0].label == label && isMissing(slots[$0]) }) else {
                    return .failure(.error("extra trailing closure '\(label):' in call", at: closure.closure.body.location))
                }
                slots[index] = .trailing(position)
                lastFilled = index
            } else {
                guard let index = parameters.indices.first(where: { $0 > lastFilled && isMissing(slots[$0]) && parameters[$0].takesClosure })
                        ?? parameters.indices.first(where: { $0 > lastFilled && isMissing(slots[$0]) && parameters[$0].mayTakeClosure }) else {
                    return .failure(.error("extra trailing closure passed in call", at: closure.closure.body.location))
                }
                slots[index] = .trailing(position)
                lastFilled = index
            }
        }
        if parameters.indices.contains(where: { parameters[$0].isRequired && isMissing(slots[$0]) }) {
            guard describing else { return .failure(.error("missing argument", at: location)) }
            let missing = parameters.indices.filter { parameters[$0].isRequired && isMissing(slots[$0]) }
            // swiftc's wording: the labels without their colons, or the positions of unlabelled
            // ones, all of them (a view's memberwise initialiser often lacks several).
            let labels = missing.map { index in parameters[index].label.map { "'\($0)'" } ?? "#\(index + 1)" }
            if labels.count == 1 { return .failure(.error("missing argument for parameter \(labels[0]) in call", at: location)) }
            return .failure(.error("missing arguments for parameters \(labels.joined(separator: ", ")) in call", at: location))
        }
        return .success(slots)
    }

    private func isMissing(_ slot: Slot) -> Bool {
        if case .missing = slot { return true }
        return false
    }

    /// The values of bound arguments, each evaluated against its parameter's type.
    /// Where each bound argument is (the call's location for a default).
    func slotLocations(_ slots: [Slot], _ arguments: [Argument], _ trailing: [TrailingClosure], at location: SourceLocation) -> [SourceLocation] {
        slots.map { slot in
            switch slot {
            case let .argument(index): arguments[index].value.location
            case let .argumentClosure(index):
                if case let .closure(closure) = arguments[index].value.kind { closure.body.location } else { arguments[index].value.location }
            case let .trailing(index): trailing[index].closure.body.location
            case let .variadic(range): arguments[range.lowerBound].value.location
            case .missing: location
            }
        }
    }

    func evaluateSlots(_ slots: [Slot], _ parameters: [ParameterSpec], _ arguments: [Argument], _ trailing: [TrailingClosure], at location: SourceLocation,
                       in environment: Environment, checking: Bool) throws(Interrupt) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(slots.count)
        for (slot, parameter) in zip(slots, parameters) {
            var value: Value
            switch slot {
            case let .argument(index):
                let expression = arguments[index].value
                value = coerce(try evaluate(expression, expected: parameter.type, in: environment), to: parameter.type)
                if case let .function(function) = value, case .closure = expression.kind { function.builder = parameter.builder }
                if checking, !parameter.type.accepts(value, conforms: { [unowned self] in conforms($0, to: $1) }) {
                    throw .error("cannot convert value of type '\(value.typeName)' to expected argument type '\(parameter.type)'", at: expression.location)
                }
            case let .argumentClosure(index):
                // A closure literal (``bind(_:_:to:at:describing:)`` made the slot for one).
                if case let .closure(closure) = arguments[index].value.kind {
                    value = .function(makeClosure(closure, in: environment, expected: parameter.type, builder: parameter.builder))
                } else {
                    value = try evaluate(arguments[index].value, expected: parameter.type, in: environment)
                }
            case let .trailing(index):
                value = .function(makeClosure(trailing[index].closure, in: environment, expected: parameter.type, builder: parameter.builder))
            case let .variadic(range):
                var elements: [Value] = []
                for index in range {
                    elements.append(coerce(try evaluate(arguments[index].value, expected: parameter.type, in: environment), to: parameter.type))
                }
                value = .array(elements)
            case .missing:
                if let defaultValue = parameter.defaultValue {
                    value = defaultValue
                } else if let expression = parameter.defaultExpression {
                    value = coerce(try evaluate(expression, expected: parameter.type, in: parameter.defaultScope ?? environment), to: parameter.type)
                } else if parameter.isVariadic {
                    value = .array([])
                } else {
                    value = .nilValue
                }
            }
            values.append(value)
        }
        return values
    }

    /// A closure value capturing `environment`.
    public func makeClosure(_ closure: Closure, in environment: Environment, expected: ValueType?, builder: String?) -> Function {
        let function = Function(.closure(closure), environment: environment, name: "closure")
        if case let .function(parameters, result)? = expected?.unwrapped {
            function.expectedParameters = parameters
            function.expectedResult = result
        }
        if let written = closure.result { function.expectedResult = resolve(written, in: environment.selfType) }
        function.builder = builder
        return function
    }

    // MARK: Calls from the host

    /// Calls the first of a library's overloads whose parameters take `arguments` (positional).
    func callNative(_ functions: [NativeFunction], _ arguments: [Value], receiver: Value?, at location: SourceLocation) throws(Interrupt) -> Value {
        for function in functions where function.parameters.count == arguments.count {
            let fits = zip(function.parameters, arguments).allSatisfy { parameter, value in
                parameter.type.accepts(value.dereferenced) { [unowned self] in conforms($0, to: $1) }
            }
            guard fits else { continue }
            let call = NativeCall(arguments: arguments, argumentLocations: Array(repeating: location, count: arguments.count),
                                  receiver: receiver, location: location, evaluator: self)
            return try function.body(call)
        }
        throw .error("no overload takes arguments of types \(arguments.map(\.typeName).joined(separator: ", "))", at: location)
    }

    /// Calls a function value with positional arguments (how the host calls an action, a
    /// `ForEach`'s content or a `@ViewBuilder` closure).
    ///
    /// - Throws: ``Interrupt`` from the function's code, or when `value` cannot be called.
    public func call(_ value: Value, _ arguments: [Value], at location: SourceLocation) throws(Interrupt) -> Value {
        switch value.dereferenced {
        case let .function(function):
            return try call(function, arguments, at: location)
        case let .native(keyPath as KeyPathValue) where arguments.count == 1:
            return try apply(keyPath, to: arguments[0], at: location)
        case let .type(reference):
            if case let .user(type) = reference { return try instantiate(type, positional: arguments, at: location) }
            throw .error("cannot call type '\(reference.name)' here", at: location)
        default:
            throw .error("cannot call value of non-function type '\(value.typeName)'", at: location)
        }
    }

    /// `\.a.b` applied to `root`: its members in turn (a key path used as a function, `map(\.id)`).
    func apply(_ keyPath: KeyPathValue, to root: Value, at location: SourceLocation) throws(Interrupt) -> Value {
        var value = root
        for component in keyPath.components where component != "self" {
            value = try member(component, of: value, at: location, in: globals)
        }
        return value
    }

    /// Calls a function with positional arguments; defaults fill the rest.
    public func call(_ function: Function, _ arguments: [Value], at location: SourceLocation) throws(Interrupt) -> Value {
        try callPositional(function, arguments, at: location, keepingArguments: false).result
    }

    /// Calls a function with positional arguments and returns, besides its result, the final
    /// values of its parameters (for `inout` parameters such as `.transaction { $0.animation = nil }`).
    public func callReturningArguments(_ function: Function, _ arguments: [Value], at location: SourceLocation) throws(Interrupt) -> (result: Value, arguments: [Value]) {
        try callPositional(function, arguments, at: location, keepingArguments: true)
    }

    /// Calls a function with positional arguments; defaults fill the rest. The parameters'
    /// final values are kept only when asked for (most calls drop them).
    private func callPositional(_ function: Function, _ arguments: [Value], at location: SourceLocation,
                                keepingArguments: Bool) throws(Interrupt) -> (result: Value, arguments: [Value]) {
        let candidate = soleCandidate(of: function) ?? candidates(of: function)[0]
        // The parameters' specifications are made only for defaults to fill: a host call (an
        // action, a body, a `ForEach`'s content) usually passes every argument.
        let parameterCount = switch candidate {
        case let .native(native): native.parameters.count
        case let .declared(declaration, _, _): declaration.parameters.count
        case .closure: if case let .closure(closure) = function.body { closure.parameters?.count ?? arguments.count } else { arguments.count }
        }
        var values = arguments
        if case .closure = candidate {
            // A closure written with fewer parameters than it is given ignores the rest ($0 unused).
            if values.count > parameterCount { values = Array(values.prefix(parameterCount)) }
            if parameterCount > 1, values.count == 1, case let .tuple(elements, _) = values[0], elements.count == parameterCount {
                values = elements
            }
        }
        if values.count < parameterCount {
            let parameters = parameterSpecs(candidate, function: function, argumentCount: arguments.count)
            let missing = Array(repeating: Slot.missing, count: parameters.count - values.count)
            let rest = try evaluateSlots(missing, Array(parameters[values.count...]), [], [], at: location, in: function.environment, checking: false)
            values += rest
        }
        var final: [Value]? = keepingArguments ? [] : nil
        let invocation = try invoke(function, candidate, values, at: location, finalArguments: &final)
        return (invocation.result, final ?? [])
    }

    func invoke(_ function: Function, _ candidate: Candidate, _ arguments: [Value], at location: SourceLocation) throws(Interrupt) -> Invocation {
        var final: [Value]?
        return try invoke(function, candidate, arguments, at: location, finalArguments: &final)
    }

    /// Runs a candidate with bound arguments; `finalArguments`, unless `nil`, gets the
    /// parameters' final values.
    func invoke(_ function: Function, _ candidate: Candidate, _ arguments: [Value], at location: SourceLocation,
                argumentLocations: [SourceLocation]? = nil, finalArguments: inout [Value]?) throws(Interrupt) -> Invocation {
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > limits.callDepth {
            // Closures inside closures (a hundred stacks written one in another) are nesting,
            // not a function calling itself.
            if case .closure = candidate {
                throw .error("closures are nested too deeply (more than \(limits.callDepth) calls deep)", at: location)
            }
            throw .error("calls are nested too deeply (more than \(limits.callDepth)): does '\(function.name)' call itself for ever?", at: location)
        }
        switch candidate {
        case let .native(native):
            let invocation = try invokeNative(native, receiver: function.receiver, arguments, at: location, argumentLocations: argumentLocations)
            if finalArguments != nil { finalArguments = arguments }
            return invocation
        case let .declared(declaration, _, isMutating):
            let scope = Environment(parent: function.environment)
            scope.resultType = declaration.result.map { resolve($0, in: function.environment.selfType) } ?? .void
            if let receiver = function.receiver {
                if case .type = receiver { scope.isStatic = true } else { scope.declare("self", receiver, isLet: !isMutating) }
            }
            for (parameter, value) in zip(declaration.parameters, arguments) where parameter.name != "_" {
                scope.declare(parameter.name, value, isLet: !isInout(parameter.type), type: resolve(parameter.type, in: function.environment.selfType))
            }
            guard let body = declaration.body else {
                throw .error("'\(declaration.name)' has no body", at: location)
            }
            let result = coerce(try runBody(body, in: scope, builder: function.builder), to: scope.resultType)
            // Only an `inout` parameter can end with a value other than its argument's.
            if finalArguments != nil {
                finalArguments = declaration.parameters.contains(where: { isInout($0.type) })
                    ? declaration.parameters.enumerated().map { index, parameter in scope.variables[parameter.name]?.value ?? arguments[index] }
                    : arguments
            }
            return Invocation(result: result, receiver: isMutating ? scope.variables["self"]?.value : nil)
        case .closure:
            guard case let .closure(closure) = function.body else { preconditionFailure("a closure candidate is its function's body") }
            return try invoke(closure, of: function, arguments, at: location, finalArguments: &finalArguments)
        }
    }

    /// Runs a closure with its arguments.
    private func invoke(_ closure: Closure, of function: Function, _ arguments: [Value], at location: SourceLocation,
                        finalArguments: inout [Value]?) throws(Interrupt) -> Invocation {
        let scope = Environment(parent: function.environment)
        scope.resultType = function.expectedResult
        if let receiver = function.receiver {
            if case .type = receiver { scope.isStatic = true } else { scope.declare("self", receiver, isLet: true) }
        }
        // The parameters' names: those written, or `$0`, `$1` … (made once).
        let count: Int
        if let parameters = closure.parameters {
            guard arguments.count >= parameters.count else {
                throw .error("the closure takes \(parameters.count) parameters but is given \(arguments.count)", at: closure.body.location)
            }
            count = parameters.count
            for (parameter, value) in zip(parameters, arguments) where parameter.name != "_" {
                scope.declare(parameter.name, value, isLet: false)
            }
        } else {
            count = arguments.count
            for (index, value) in arguments.enumerated() { scope.declare(Self.anonymousName(index), value, isLet: false) }
        }
        let result = try runBody(closure.body, in: scope, builder: function.builder)
        if finalArguments != nil {
            finalArguments = (0..<count).map { index in
                let name = closure.parameters?[index].name ?? Self.anonymousName(index)
                return scope.variables[name]?.value ?? arguments[index]
            }
        }
        return Invocation(result: result, receiver: nil)
    }

    /// `$0` … `$9`, made once.
    private static let anonymousNames = (0..<10).map { "$\($0)" }

    /// The name of a closure's anonymous parameter `index`: `$0`, `$1` …
    private static func anonymousName(_ index: Int) -> String {
        index < anonymousNames.count ? anonymousNames[index] : "$\(index)"
    }

    /// Runs a library function with bound arguments (the call depth counted by the caller).
    private func invokeNative(_ native: NativeFunction, receiver: Value?, _ arguments: [Value], at location: SourceLocation,
                              argumentLocations: [SourceLocation]?) throws(Interrupt) -> Invocation {
        let box = native.isMutating ? Box(receiver ?? .nilValue) : nil
        var call = NativeCall(arguments: arguments, argumentLocations: argumentLocations ?? Array(repeating: location, count: arguments.count),
                              receiver: receiver, location: location, evaluator: self)
        call.mutatedReceiver = box
        let result = try native.body(call)
        return Invocation(result: result, receiver: box?.value)
    }

    private func isInout(_ type: TypeSyntax) -> Bool {
        if case let .attributed(specifiers, _, _) = type.kind { return specifiers.contains("inout") }
        return false
    }

    /// Whether an `if` or `switch` statement has the form of an `if`/`switch` expression:
    /// every branch a single expression, `throw`, or such a statement in turn (SE-0380).
    static func isExpressionForm(_ statement: Statement) -> Bool {
        func branch(_ statements: [Statement]) -> Bool {
            guard statements.count == 1 else { return false }
            switch statements[0].kind {
            case .expression, .throwStatement: return true
            case .ifStatement, .switchStatement: return isExpressionForm(statements[0])
            default: return false
            }
        }
        switch statement.kind {
        case var .ifStatement(current):
            while true {
                guard branch(current.body.statements) else { return false }
                switch current.elseBranch {
                case let .block(block)?: return branch(block.statements)
                case let .ifStatement(next, _)?: current = next
                case nil: return false
                }
            }
        case let .switchStatement(_, cases):
            return cases.allSatisfy { branch($0.statements) }
        default:
            return false
        }
    }

    /// Runs a body: as a result builder's when `builder` is set and the body has no `return`,
    /// else as statements (a single expression is the result, as Swift's implicit return).
    public func runBody(_ body: CodeBlock, in scope: Environment, builder: String?) throws(Interrupt) -> Value {
        if let builder, !body.statements.contains(where: { if case .returnStatement = $0.kind { true } else { false } }) {
            return try evaluateBuilder(body.statements, builder: builder, at: body.location, in: scope)
        }
        if body.statements.count == 1 {
            switch body.statements[0].kind {
            case let .expression(expression):
                return try evaluate(expression, expected: scope.resultType, in: scope)
            case .ifStatement, .switchStatement:
                if let resultType = scope.resultType, resultType != .void, resultType != .any {
                    // An `if`/`switch` expression (each branch one expression, SE-0380) gets the
                    // result type as every branch's context, so `case .a: .red` is a colour.
                    if Self.isExpressionForm(body.statements[0]) {
                        return try statementValue(body.statements[0], expected: resultType, in: scope)
                    }
                    let completion = try execute(body.statements, in: scope)
                    if case let .returned(value) = completion { return value }
                    return try statementValue(body.statements[0], expected: resultType, in: scope)
                }
            default: break
            }
        }
        switch try execute(body.statements, in: scope) {
        case let .returned(value): return value
        case .normal: return .void
        case .broke, .continued, .fellThrough:
            throw .error("'break' and 'continue' are only allowed inside a loop or a switch", at: body.location)
        }
    }

    // MARK: Construction

    /// `Type(arguments)`.
    func construct(_ reference: TypeReference, _ arguments: [Argument], _ trailing: [TrailingClosure], expected: ValueType?,
                   at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        switch reference {
        case let .user(type):
            return try instantiate(type, arguments, trailing, at: location, in: environment)
        case let .native(type):
            guard !type.initializers.isEmpty else {
                throw .error("'\(type.name)' cannot be constructed", at: location)
            }
            let function = Function(.native(type.initializers), environment: globals, name: type.name)
            var failure: EvaluationError?
            if let holder = extensions[type.name], !holder.initializers.isEmpty {
                // `extension Color { init(hex: String) { … } }`: the file's own initialiser when
                // the call matches it; the library's when it does not, or when the file's stops
                // on something unsupported (what stopped it is kept for the library's note).
                let user = Function(.declared(holder.initializers[0].declaration, attributes: []), environment: typeEnvironment(holder), name: "init")
                user.overloads = holder.initializers
                do {
                    return try callUserInitializer(user, holder, arguments, trailing, at: location, in: environment)
                } catch let .error(error) {
                    let atTheCall = error.location == location || arguments.contains { $0.value.location == error.location || $0.labelLocation == error.location }
                    if !atTheCall { failure = error }
                } catch {
                    // Thrown errors and the rest: the library's initialiser is tried instead.
                }
            }
            let previous = extensionInitializerFailure
            extensionInitializerFailure = failure
            defer { extensionInitializerFailure = previous }
            do {
                return try callFunction(function, arguments, trailing, expected: expected, at: location, in: environment).result
            } catch let .error(error) {
                // The library takes no such arguments: the file's own initialiser was the one
                // called, and what stopped it is the error (`Scanner` in its body, not a label).
                if let failure, Self.isBindingFailure(error) { throw .error(failure) }
                throw .error(withInitializerHint(error, type: type, arguments: arguments))
            }
        case let .standard(type):
            if let holder = extensions[Self.standardKey(type)], !holder.initializers.isEmpty {
                let user = Function(.declared(holder.initializers[0].declaration, attributes: []), environment: typeEnvironment(holder), name: "init")
                user.overloads = holder.initializers
                if let invocation = try? callUserInitializer(user, holder, arguments, trailing, at: location, in: environment) {
                    return invocation
                }
            }
            return try StandardLibrary.construct(type, arguments, trailing, at: location, in: environment, evaluator: self)
        }
    }

    /// `error` of a library type's initialiser call, with a hint when an argument label is one
    /// that none of the type's initialisers has, nor a slip of one (two edits): such a call
    /// (`Color(hexString: "#7F5AF0")`) is almost always an initialiser another file of the app
    /// declares in an extension, which a render of one file does not see.
    private func withInitializerHint(_ error: EvaluationError, type: NativeType, arguments: [Argument]) -> EvaluationError {
        guard Self.isBindingFailure(error) else { return error }
        let labels = Set(type.initializers.flatMap { $0.parameters.compactMap(\.label) })
        guard let label = arguments.lazy.compactMap(\.label).first(where: { !labels.contains($0) }),
              !labels.contains(where: { Spelling.editDistance($0.lowercased(), label.lowercased()) <= 2 }) else { return error }
        var hinted = error
        hinted.message += "; no initialiser of '\(type.name)' takes '\(label):': is it declared in an extension in another file of the project?"
        return hinted
    }

    static func standardKey(_ type: ValueType) -> String {
        switch type {
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .bool: "Bool"
        case .array: "Array"
        default: type.description
        }
    }

    /// An initialiser of an extension of a library type: `self = …` in its body gives the value.
    private func callUserInitializer(_ function: Function, _ holder: TypeInfo, _ arguments: [Argument], _ trailing: [TrailingClosure],
                                     at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        function.receiver = .nilValue
        function.isMutating = true
        let invocation = try callFunction(function, arguments, trailing, expected: nil, at: location, in: environment)
        return invocation.receiver ?? .nilValue
    }

    /// A new instance of a type of the file, from source arguments.
    public func instantiate(_ type: TypeInfo, _ arguments: [Argument], _ trailing: [TrailingClosure], at location: SourceLocation,
                     in environment: Environment) throws(Interrupt) -> Value {
        switch type.kind {
        case .enumeration:
            if let raw = arguments.first, raw.label == "rawValue", arguments.count == 1 {
                let value = try evaluate(raw.value, expected: type.rawType, in: environment)
                guard let match = type.cases.first(where: { $0.rawValue.map { $0.isEqual(to: value) } ?? false }) else { return .nilValue }
                return .enumCase(EnumCaseValue(type: type, name: match.name))
            }
            guard !type.initializers.isEmpty else { throw .error("'\(type.name)' cannot be constructed without a case", at: location) }
        case .protocolType:
            throw .error("'\(type.name)' is a protocol: it cannot be constructed", at: location)
        default:
            break
        }
        if type.initializers.isEmpty {
            let parameters = memberwiseParameters(type)
            // Each property the memberwise initialiser sets gets its initial value once: from
            // the argument, else from its default (an object made in an initial value is made once).
            var storage = try freshStorage(type, at: location, skipping: Set(parameters.map(\.name)))
            let slots = try bind(arguments, trailing, to: parameters, at: location).slots()
            let values = try evaluateSlots(slots, parameters, arguments, trailing, at: location, in: environment, checking: false)
            try checkPlainTypes(values, parameters, at: slotLocations(slots, arguments, trailing, at: location))
            for (parameter, value) in zip(parameters, values) {
                try setField(parameter.name, value, of: type, in: &storage, initializing: true, at: location)
            }
            return try finish(type, storage, at: location)
        }
        var storage = try freshStorage(type, at: location)
        let function = Function(.declared(type.initializers[0].declaration, attributes: []), environment: typeEnvironment(type), name: "init")
        function.overloads = type.initializers
        function.isMutating = true
        function.receiver = try finish(type, storage, at: location)
        if !declaresInitializer.contains(ObjectIdentifier(type)) {
            // Initialisers only in extensions: the memberwise one is still there.
            let parameters = memberwiseParameters(type)
            if case let .success(slots) = bind(arguments, trailing, to: parameters, at: location) {
                let values = try evaluateSlots(slots, parameters, arguments, trailing, at: location, in: environment, checking: false)
                for (parameter, value) in zip(parameters, values) {
                    try setField(parameter.name, value, of: type, in: &storage, initializing: true, at: location)
                }
                return try finish(type, storage, at: location)
            }
        }
        let invocation = try callFunction(function, arguments, trailing, expected: nil, at: location, in: environment)
        return invocation.receiver ?? function.receiver!
    }

    /// Refuses, at the argument, a memberwise argument that is plainly of another kind than its
    /// property: a string or a Boolean for a number, and the like (`Bar(progress: "half")` was
    /// accepted and failed later inside the body, at a line of the file). Looser cases (an
    /// `Int` for a `Double`, a value for an optional) are the coercions Swift makes.
    private func checkPlainTypes(_ values: [Value], _ parameters: [ParameterSpec], at locations: [SourceLocation]) throws(Interrupt) {
        func name(_ type: ValueType) -> String? {
            switch type {
            case .int: "Int"
            case .double: "Double"
            case .string: "String"
            case .bool: "Bool"
            default: nil
            }
        }
        for (index, (value, parameter)) in zip(values, parameters).enumerated() {
            guard let expected = name(parameter.type) else { continue }
            let found: String?
            switch value.dereferenced {
            case .string: found = "String"
            case .bool: found = "Bool"
            case .int, .double: found = parameter.type == .string || parameter.type == .bool ? value.typeName : nil
            default: found = nil
            }
            guard let found, found != expected, !(expected == "Double" && found == "Int") else { continue }
            throw .error("cannot convert value of type '\(found)' to expected argument type '\(expected)'",
                         at: index < locations.count ? locations[index] : .start)
        }
    }

    /// A new instance from positional arguments (the memberwise initialiser's order).
    public func instantiate(_ type: TypeInfo, positional arguments: [Value], at location: SourceLocation) throws(Interrupt) -> Value {
        var storage = try freshStorage(type, at: location)
        let parameters = memberwiseParameters(type)
        for (parameter, value) in zip(parameters, arguments) {
            try setField(parameter.name, value, of: type, in: &storage, initializing: true, at: location)
        }
        return try finish(type, storage, at: location)
    }

    /// The memberwise initialiser's parameters: every stored `var`, and every `let` without an
    /// initial value, in declaration order; a wrapped property as its wrapper says.
    func memberwiseParameters(_ type: TypeInfo) -> [ParameterSpec] {
        if let made = memberwiseCache[ObjectIdentifier(type)] { return made }
        var result: [ParameterSpec] = []
        // Made once per type, unless a default is a deferred initial value (each instance's own).
        var isShared = true
        // A default is the property's initial value, evaluated where the property is declared.
        let scope = typeEnvironment(type)
        scope.isPropertyInitializer = true
        for property in type.storedProperties {
            let propertyType = self.propertyType(property, in: type) ?? .any
            if let wrapper = property.wrapper, let definition = library.propertyWrappers[wrapper.name] {
                switch definition.parameter {
                case .omitted: continue
                case .binding:
                    result.append(ParameterSpec(label: property.name, name: property.name,
                                                type: propertyType == .any ? .any : .named("Binding", [propertyType]), defaultValue: nil,
                                                defaultExpression: nil, isVariadic: false, builder: nil))
                case .wrappedValue:
                    if definition.defersInitialValue, let initializer = property.initializer {
                        isShared = false
                        result.append(ParameterSpec(label: property.name, name: property.name, type: .any,
                                                    defaultValue: deferred(initializer, type: propertyType, in: scope),
                                                    defaultExpression: nil, isVariadic: false, builder: nil))
                        continue
                    }
                    // An optional wrapped `var` with no initial value starts at `nil`
                    // (`@State private var startedAt: Date?`, `@Published var message: String?`).
                    var defaultValue: Value?
                    if property.initializer == nil, case .optional = propertyType { defaultValue = Value.nilValue }
                    result.append(ParameterSpec(label: property.name, name: property.name, type: propertyType, defaultValue: defaultValue,
                                                defaultExpression: property.initializer, isVariadic: false, builder: nil, defaultScope: scope))
                }
                continue
            }
            if property.isLet && property.initializer != nil { continue }
            var defaultValue: Value?
            if property.initializer == nil, case .optional = propertyType, !property.isLet { defaultValue = Value.nilValue }
            result.append(ParameterSpec(label: property.name, name: property.name, type: propertyType, defaultValue: defaultValue,
                                        defaultExpression: property.isLet ? nil : property.initializer, isVariadic: false,
                                        builder: property.type.flatMap { builderName(in: $0) }, defaultScope: scope))
        }
        if isShared { memberwiseCache[ObjectIdentifier(type)] = result }
        return result
    }

    /// An initial value evaluated when its storage is first needed.
    private func deferred(_ initializer: Expression, type: ValueType?, in scope: Environment) -> Value {
        .native(DeferredInitialValue { [unowned self] () throws(Interrupt) in
            coerce(try evaluate(initializer, expected: type, in: scope), to: type)
        })
    }

    /// Stored properties with their initial values, before an initialiser runs.
    private func freshStorage(_ type: TypeInfo, at location: SourceLocation, skipping skipped: Set<String> = []) throws(Interrupt) -> [String: Value] {
        var fields: [String: Value] = [:]
        let scope = typeEnvironment(type)
        scope.isPropertyInitializer = true
        for property in type.storedProperties where !skipped.contains(property.name) {
            let propertyType = self.propertyType(property, in: type)
            var initial: Value?
            if let initializer = property.initializer, let wrapper = property.wrapper,
               library.propertyWrappers[wrapper.name]?.defersInitialValue == true {
                initial = deferred(initializer, type: propertyType, in: scope)
            } else if let initializer = property.initializer {
                initial = coerce(try evaluate(initializer, expected: propertyType, in: scope), to: propertyType)
            } else if case .optional? = propertyType, !property.isLet {
                initial = Value.nilValue
            }
            if let wrapper = property.wrapper, let definition = library.propertyWrappers[wrapper.name] {
                if initial != nil || definition.parameter == .omitted {
                    fields[property.name] = .binding(try definition.makeStorage(wrapper, initial, property.location))
                }
            } else if let initial {
                fields[property.name] = initial
            }
        }
        return fields
    }

    /// Sets a stored property while an instance is made: a wrapped property gets its storage.
    func setField(_ name: String, _ value: Value, of type: TypeInfo, in fields: inout [String: Value], initializing: Bool, at location: SourceLocation) throws(Interrupt) {
        guard let property = type.storedProperties.first(where: { $0.name == name }) else {
            fields[name] = value
            return
        }
        let propertyType = self.propertyType(property, in: type)
        if let wrapper = property.wrapper, let definition = library.propertyWrappers[wrapper.name] {
            if definition.parameter == .binding, case .binding = value {
                fields[name] = value
            } else if initializing || fields[name] == nil {
                fields[name] = .binding(try definition.makeStorage(wrapper, coerce(value.dereferenced, to: propertyType), location))
            } else if case let .binding(cell) = fields[name] {
                if cell.discardsWrites { return }
                guard !cell.isReadOnly else { throw .error("cannot assign to '\(name)': it is read-only", at: location) }
                cell.value = coerce(value, to: propertyType)
            }
            return
        }
        fields[name] = coerce(value, to: propertyType)
    }

    /// The instance (or object) made from its stored properties.
    private func finish(_ type: TypeInfo, _ fields: [String: Value], at location: SourceLocation) throws(Interrupt) -> Value {
        if type.kind == .classType || type.kind == .actor {
            let object = Object(type: type, fields: fields, serial: nextObjectSerial())
            object.onWrite = { [weak self] object in self?.onObjectWrite?(object) }
            return .object(object)
        }
        return .instance(Instance(type: type, fields: fields))
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
