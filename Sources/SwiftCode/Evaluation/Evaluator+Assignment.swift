extension Evaluator {
    /// `target op value`: `=`, `+=`, `-=`, `*=`, `/=`, `%=` and the other compound operators.
    func assign(_ op: String, _ target: Expression, _ value: Expression, at location: SourceLocation, in environment: Environment) throws(Interrupt) {
        if case .discard = target.kind {
            _ = try evaluate(value, expected: nil, in: environment)
            return
        }
        if op == "=" {
            if case let .tuple(targets) = target.kind {
                let computed = try evaluate(value, expected: nil, in: environment)
                guard case let .tuple(values, _) = computed, values.count == targets.count else {
                    throw .error("cannot assign a value of type '\(computed.typeName)' to a tuple of \(targets.count)", at: location)
                }
                for (element, item) in zip(targets, values) { try write(item, to: element.value, in: environment) }
                return
            }
            let expected = try targetType(target, in: environment)
            let computed = coerce(try evaluate(value, expected: expected, in: environment), to: expected)
            if let expected, let mismatch = Self.scalarMismatch(computed.dereferenced, expected) {
                throw .error("cannot assign value of type '\(mismatch)' to type '\(expected)'", at: value.location)
            }
            try write(computed, to: target, in: environment)
            return
        }
        let current = try evaluate(target, expected: nil, in: environment).dereferenced
        let operand = try evaluate(value, expected: Self.isUntyped(value) ? valueType(of: current) : nil, in: environment).dereferenced
        let result = try apply(String(op.dropLast()), current, operand, at: location)
        try write(result, to: target, in: environment)
    }

    /// The type of `value` when it is a `Bool`, `Int`, `Double` or `String` and `type` is
    /// another of those four (which Swift never converts implicitly); `nil` otherwise.
    static func scalarMismatch(_ value: Value, _ type: ValueType) -> String? {
        let written: String
        switch value {
        case .bool: written = "Bool"
        case .int: written = "Int"
        case .double: written = "Double"
        case .string: written = "String"
        default: return nil
        }
        let wanted: String
        switch type {
        case .bool: wanted = "Bool"
        case .int: wanted = "Int"
        case .double: wanted = "Double"
        case .string: wanted = "String"
        default: return nil
        }
        return written == wanted ? nil : written
    }

    /// The type an assignment's value is expected to have: the target's declared type, else
    /// the type of what it holds now.
    private func targetType(_ target: Expression, in environment: Environment) throws(Interrupt) -> ValueType? {
        if case let .identifier(name, _) = target.kind, let variable = environment.lookUp(name) {
            if let type = variable.type { return type }
            if variable.isInitialized, case .nilValue = variable.value { return nil }
            return variable.isInitialized ? valueType(of: variable.value.dereferenced) : nil
        }
        if let type = try declaredType(of: target, in: environment) { return type }
        guard let current = try? evaluate(target, expected: nil, in: environment) else { return nil }
        if case .nilValue = current { return nil }
        return valueType(of: current.dereferenced)
    }

    /// The declared type of a stored property a target names (`self.color`, `color` inside a
    /// view), which gives `.red` its type even while the property holds `nil`.
    private func declaredType(of target: Expression, in environment: Environment) throws(Interrupt) -> ValueType? {
        var name: String?
        var owner: Value?
        switch target.kind {
        case let .identifier(written, _):
            name = written
            owner = environment.lookUp("self")?.value
        case let .member(base, written, _, _):
            name = written
            owner = try? evaluate(base, expected: nil, in: environment)
        default: break
        }
        // A library type's settable property (`transaction.animation = .spring`) has the type
        // its definition declares.
        if let name, case let .native(native)? = owner?.dereferenced, case let .property(type, _)? = nativeType(named: native.nativeTypeName)?.instanceMembers[name],
           type != .any {
            return type
        }
        guard let name, let owner, let type = userTypeInfo(of: owner.dereferenced) else { return nil }
        let plain = name.hasPrefix("_") ? String(name.dropFirst()) : name
        guard let property = type.storedProperties.first(where: { $0.name == plain }), let written = property.type else { return nil }
        if name.hasPrefix("_") { return nil }
        return resolve(written, in: type)
    }

    /// Stores `value` in the place `target` names: a variable, a property (through its
    /// wrapper's storage), an element, or a chain of them, copying structs back out as Swift's
    /// value semantics require.
    func write(_ value: Value, to target: Expression, in environment: Environment) throws(Interrupt) {
        switch target.kind {
        case let .identifier(name, _):
            if let variable = environment.lookUp(name) {
                if variable.isLet && variable.isInitialized {
                    throw .error("cannot assign to value: '\(name)' is a 'let' constant", at: target.location)
                }
                if case let .binding(cell) = variable.value, name != "self" {
                    // A local holding a binding (`@Binding` passed on) writes through it.
                    if case .binding = value { variable.value = value } else {
                        if cell.discardsWrites { return }
                        guard !cell.isReadOnly else { throw .error("cannot assign to '\(name)': it is read-only", at: target.location) }
                        cell.value = value
                    }
                } else {
                    variable.value = coerce(value, to: variable.type)
                }
                variable.isInitialized = true
                return
            }
            if let selfVariable = environment.lookUp("self") {
                // A struct's stored property, not behind a wrapper: a `let` once set, or any of
                // them where `self` is immutable (a view's body and its closures), as Swift says.
                if case let .instance(instance) = selfVariable.value,
                   let property = instance.type.storedProperties.first(where: { $0.name == name }), property.wrapper == nil {
                    if property.isLet, instance.fields[name] != nil {
                        throw .error("cannot assign to property: '\(name)' is a 'let' constant", at: target.location)
                    }
                    if selfVariable.isLet {
                        throw .error("cannot assign to property: 'self' is immutable (mark '\(name)' with @State to change it from the view)",
                                     at: target.location)
                    }
                }
                if case .type = selfVariable.value {} else {
                    var receiver = selfVariable.value
                    if try setMember(name, value, on: &receiver, at: target.location) {
                        selfVariable.value = receiver
                        return
                    }
                }
            }
            if let type = environment.selfType, type.staticProperties[name] != nil {
                _ = try staticMember(name, of: .user(type), at: target.location)
                type.staticValues[name] = value
                return
            }
            if let variable = try globalValue(name, at: target.location) {
                guard !variable.isLet else { throw .error("cannot assign to value: '\(name)' is a 'let' constant", at: target.location) }
                variable.value = coerce(value, to: variable.type)
                return
            }
            throw .error("cannot find '\(name)' in scope", at: target.location)
        case let .member(base, name, nameLocation, _):
            var receiver = try evaluate(base, expected: nil, in: environment)
            if case let .type(reference) = receiver {
                guard case let .user(type) = reference, type.staticProperties[name] != nil else {
                    throw .error("cannot assign to static property '\(name)' of '\(reference.name)'", at: nameLocation)
                }
                _ = try staticMember(name, of: reference, at: nameLocation)
                type.staticValues[name] = value
                return
            }
            // A wrapped property's storage already made: the write goes through it. In an
            // `init` the first write makes it (`self.on = false` for `@State var on: Bool`), and
            // the struct holds it from then on.
            var hadStorage = false
            if case let .instance(instance) = receiver, case .binding? = instance.fields[name] { hadStorage = true }
            guard try setMember(name, value, on: &receiver, at: nameLocation) else {
                var names = memberNames(of: receiver)
                if case let .native(native) = receiver.dereferenced, let type = nativeType(named: native.nativeTypeName) {
                    names += Array(type.setters.keys)
                }
                guard names.contains(name) else {
                    throw .error("value of type '\(receiver.typeName)' has no member '\(name)'\(suggestion(name, among: names))", at: nameLocation)
                }
                throw .error("cannot assign to property: '\(name)' is a get-only property of '\(receiver.typeName)'", at: nameLocation)
            }
            if case .object = receiver { return }
            if case .binding = receiver { return }
            // A property behind a wrapper wrote to its storage: the struct itself is unchanged.
            if hadStorage, case let .instance(instance) = receiver,
               instance.type.storedProperties.first(where: { $0.name == name })?.wrapper != nil { return }
            try write(receiver, to: base, in: environment)
        case let .subscriptCall(base, arguments):
            var container = try evaluate(base, expected: nil, in: environment)
            try setElement(value, in: &container, arguments, at: target.location, in: environment)
            if case .binding = container { return }
            try write(container, to: base, in: environment)
        case let .optionalChainEnd(inner), let .forceUnwrap(inner):
            try write(value, to: inner, in: environment)
        case let .optionalChain(inner):
            let current = try evaluate(inner, expected: nil, in: environment)
            if case .nilValue = current { throw .nilInOptionalChain }
            try write(value, to: inner, in: environment)
        case .discard:
            return
        default:
            throw .error("cannot assign to this expression", at: target.location)
        }
    }

    /// Sets the member `name` of `receiver` (a struct's field, a wrapped property's storage,
    /// an object's field, a library value's settable property); `false` when it has none.
    public func setMember(_ name: String, _ value: Value, on receiver: inout Value, at location: SourceLocation) throws(Interrupt) -> Bool {
        switch receiver {
        case var .instance(instance):
            if try setUserMember(name, value, type: instance.type, fields: &instance.fields, receiver: receiver, at: location) {
                receiver = .instance(instance)
                return true
            }
            if let property = instance.type.computedProperties[name], let setter = property.setter {
                receiver = try runSetter(setter, value, on: receiver, in: instance.type, at: location)
                return true
            }
            return false
        case let .object(object):
            var fields = object.fields
            if try setUserMember(name, value, type: object.type, fields: &fields, receiver: receiver, at: location) {
                object.fields = fields
                return true
            }
            if let property = object.type.computedProperties[name], let setter = property.setter {
                _ = try runSetter(setter, value, on: receiver, in: object.type, at: location)
                return true
            }
            return false
        case let .binding(cell):
            if name == "wrappedValue" {
                cell.value = value
                return true
            }
            var inner = cell.value
            guard try setMember(name, value, on: &inner, at: location) else { return false }
            cell.value = inner
            return true
        case let .native(native):
            guard let type = nativeType(named: native.nativeTypeName), let setter = type.setters[name] else { return false }
            receiver = try setter(receiver, value, location)
            return true
        case let .tuple(elements, labels):
            var elements = elements
            if let index = Int(name) ?? labels.firstIndex(of: name), elements.indices.contains(index) {
                elements[index] = value
                receiver = .tuple(elements, labels: labels)
                return true
            }
            return false
        default:
            return false
        }
    }

    private func setUserMember(_ name: String, _ value: Value, type: TypeInfo, fields: inout [String: Value], receiver: Value, at location: SourceLocation) throws(Interrupt) -> Bool {
        if name.hasPrefix("_"), let property = type.storedProperties.first(where: { "_" + $0.name == name }), property.wrapper != nil {
            // `_flag = State(initialValue: …)`: the wrapper itself.
            fields[property.name] = value
            return true
        }
        guard let property = type.storedProperties.first(where: { $0.name == name }) else { return false }
        let old = fields[name]
        try setField(name, value, of: type, in: &fields, initializing: false, at: location)
        if !property.observers.isEmpty {
            for observer in property.observers where observer.kind == "didSet" {
                guard let body = observer.body else { continue }
                let scope = typeEnvironment(type)
                scope.declare("self", .instance(Instance(type: type, fields: fields)), isLet: false)
                scope.declare(observer.parameter ?? "oldValue", old?.dereferenced ?? .nilValue)
                _ = try execute(body.statements, in: scope)
                if case let .instance(updated)? = scope.variables["self"]?.value { fields = updated.fields }
            }
        }
        return true
    }

    private func runSetter(_ setter: (parameter: String, body: CodeBlock), _ value: Value, on receiver: Value, in type: TypeInfo, at location: SourceLocation) throws(Interrupt) -> Value {
        let scope = typeEnvironment(type)
        scope.declare("self", receiver, isLet: false)
        scope.declare(setter.parameter, value)
        _ = try execute(setter.body.statements, in: scope)
        return scope.variables["self"]?.value ?? receiver
    }

    /// `container[arguments] = value`.
    private func setElement(_ value: Value, in container: inout Value, _ arguments: [Argument], at location: SourceLocation, in environment: Environment) throws(Interrupt) {
        switch container {
        case let .binding(cell):
            var inner = cell.value
            try setElement(value, in: &inner, arguments, at: location, in: environment)
            cell.value = inner
        case var .array(elements):
            guard arguments.count == 1, case let .int(index) = try evaluate(arguments[0].value, expected: .int, in: environment) else {
                throw .error("an array element is set by an Int index", at: location)
            }
            guard elements.indices.contains(index) else {
                throw .error("index out of range: \(index) is not below the array's count \(elements.count)", at: arguments[0].value.location)
            }
            elements[index] = value
            container = .array(elements)
        case var .dictionary(dictionary):
            guard let first = arguments.first else { throw .error("a dictionary subscript takes a key", at: location) }
            let key = try evaluate(first.value, expected: nil, in: environment)
            if case .nilValue = value { dictionary[key] = nil } else { dictionary[key] = value }
            try checkCount(dictionary.entries.count, at: location)
            container = .dictionary(dictionary)
        default:
            throw .error("cannot assign through a subscript of a value of type '\(container.typeName)'", at: location)
        }
    }
}
