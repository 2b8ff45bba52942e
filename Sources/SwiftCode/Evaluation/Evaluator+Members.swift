extension Evaluator {
    /// `base.name`: a property's value, a method bound to `base`, or a static member of a type.
    public func member(_ name: String, of base: Value, at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        switch base {
        case let .type(reference):
            return try staticMember(name, of: reference, at: location)
        case let .binding(cell):
            if name == "wrappedValue" { return cell.value }
            if name == "projectedValue" { return base }
            if let value = try instanceMemberIfAny(name, of: base, at: location, in: environment) { return value }
            return try member(name, of: cell.value, at: location, in: environment)
        default:
            if let value = try instanceMemberIfAny(name, of: base, at: location, in: environment) { return value }
            if case .nilValue = base {
                throw .error("value of optional type must be unwrapped to refer to member '\(name)': use '?.' or '!'", at: location)
            }
            if case let .function(function) = base, !function.name.isEmpty {
                throw .error("value of function type has no member '\(name)'; did you mean to call '\(function.name)' with '(…)'?", at: location)
            }
            for (protocolName, members) in library.unsupportedMembers {
                if let message = members[name], conforms(base, to: protocolName) {
                    throw .error(message + (library.unsupportedMembersDetail[protocolName]?() ?? ""), at: location)
                }
            }
            if case let .native(native) = base, let note = native.missingMemberNote(name) {
                throw .error("value of type '\(base.typeName)' has no member '\(name)'" + note, at: location)
            }
            let hint = suggestion(name, among: memberNames(of: base))
            // A view's modifier that no type has and no name resembles is most often the
            // project's own (`extension View { func cardStyle() … }` in another file).
            if hint.isEmpty, conforms(base, to: "View"), !isLibraryMember(name) {
                throw .error("value of type '\(base.typeName)' has no member '\(name)' (a modifier declared in another file of the project? "
                             + "give that file with --include)", at: location)
            }
            throw .error("value of type '\(base.typeName)' has no member '\(name)'\(hint)", at: location)
        }
    }

    /// Whether a type or protocol of the library has an instance member `name` (`trim` of
    /// shapes): asked of a view that lacks it, it is a member of another kind of value.
    func isLibraryMember(_ name: String) -> Bool {
        library.types.values.contains { $0.instanceMembers[name] != nil } || library.protocols.values.contains { $0.instanceMembers[name] != nil }
    }

    /// The names a value's members could be, for "did you mean" hints.
    func memberNames(of value: Value) -> [String] {
        var names: [String] = []
        if let type = userTypeInfo(of: value) {
            names += type.storedProperties.map(\.name) + Array(type.computedProperties.keys) + Array(type.methods.keys)
        }
        if case let .native(native) = value, let type = nativeType(named: native.nativeTypeName) {
            names += Array(type.instanceMembers.keys)
            for name in type.protocols { names += library.protocols[name].map { Array($0.instanceMembers.keys) } ?? [] }
        }
        return names
    }

    /// `base.name` for an instance, or `nil` when it has no such member.
    func instanceMemberIfAny(_ name: String, of base: Value, at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value? {
        switch base {
        case let .instance(instance):
            if let value = try storedMember(name, fields: instance.fields, type: instance.type, at: location) { return value }
        case let .object(object):
            if let value = try storedMember(name, fields: object.fields, type: object.type, at: location) { return value }
        case let .enumCase(value):
            if name == "rawValue", let raw = value.type.enumCase(named: value.name)?.rawValue { return raw }
            if name == "hashValue" { return .int(value.type.cases.firstIndex { $0.name == value.name } ?? 0) }
        case let .tuple(elements, labels):
            if let index = Int(name), elements.indices.contains(index) { return elements[index] }
            if let index = labels.firstIndex(of: name) { return elements[index] }
        case let .native(native):
            if let stride = native as? StrideValue {
                let elements = try stride.elements(limit: limits.collectionCount, at: location)
                return try StandardLibrary.member(name, of: .array(elements), at: location, evaluator: self)
            }
            if let type = nativeType(named: native.nativeTypeName), let value = try nativeMember(name, of: base, in: type, at: location) {
                return value
            }
        default:
            if let value = try StandardLibrary.member(name, of: base, at: location, evaluator: self) { return value }
        }
        if let type = userTypeInfo(of: base) {
            if let value = try userMember(name, of: base, in: type, at: location) { return value }
            // Protocol extensions of the file's own protocols, then the library's protocols'
            // members (`View.padding` on a view of the file's own).
            for conformance in allConformances(of: type) {
                if let holder = extensions[conformance] ?? userType(named: conformance), holder !== type,
                   let value = try userMember(name, of: base, in: holder, at: location) { return value }
                if let native = library.protocols[conformance] ?? library.types[conformance],
                   let value = try nativeMember(name, of: base, in: native, at: location) { return value }
            }
            if name == "self" { return base }
            return nil
        }
        // Extensions of library and standard types, and of the protocols they conform to.
        for key in extensionKeys(of: base) {
            if let holder = extensions[key], let value = try userMember(name, of: base, in: holder, at: location) { return value }
        }
        if name == "self" { return base }
        return nil
    }

    /// Every protocol a type of the file conforms to, directly or through other protocols.
    func allConformances(of type: TypeInfo) -> [String] {
        if let cached = conformances[ObjectIdentifier(type)] { return cached.names }
        var result: [String] = []
        var queue = type.conformanceNames
        while let name = queue.first {
            queue.removeFirst()
            guard !result.contains(name) else { continue }
            result.append(name)
            if let user = userType(named: name), user.kind == .protocolType { queue += user.conformanceNames }
            if let native = library.protocols[name] { queue += native.protocols }
            if let extended = extensions[name] { queue += extended.conformanceNames }
        }
        // Kept once every declaration is read (extensions add conformances until then): member
        // lookups on the file's values ask for them again and again.
        if hasReadDeclarations { conformances[ObjectIdentifier(type)] = (type, result) }
        return result
    }

    /// The names under which extensions of a library or standard value's type are filed: its
    /// type, then its protocols.
    func extensionKeys(of value: Value) -> [String] {
        var keys = [valueTypeKey(value)]
        switch value {
        case .int: keys += ["BinaryInteger", "Numeric", "Comparable"]
        case .double: keys += ["BinaryFloatingPoint", "FloatingPoint", "Numeric", "Comparable"]
        case .array: keys += ["Collection", "Sequence", "RandomAccessCollection"]
        case let .native(native):
            var queue = nativeType(named: native.nativeTypeName)?.protocols ?? []
            while let name = queue.first {
                queue.removeFirst()
                guard !keys.contains(name) else { continue }
                keys.append(name)
                queue += library.protocols[name]?.protocols ?? []
            }
        default: break
        }
        return keys
    }

    /// A stored property (through its property wrapper), `$name` (the projection) or `_name`
    /// (the wrapper's storage).
    private func storedMember(_ name: String, fields: [String: Value], type: TypeInfo, at location: SourceLocation) throws(Interrupt) -> Value? {
        if let value = fields[name] {
            // Asked of the property in place (copying it out retained each of its parts).
            if case let .binding(cell) = value, type.storedProperties.contains(where: { $0.name == name && $0.wrapper != nil }) {
                return cell.value
            }
            return value
        }
        if name.hasPrefix("$") || name.hasPrefix("_"), let value = fields[String(name.dropFirst())],
           type.storedProperties.first(where: { $0.name == String(name.dropFirst()) })?.wrapper != nil {
            return value
        }
        if type.storedProperties.contains(where: { $0.name == name }) {
            throw .error("'\(name)' is used before being initialized", at: location)
        }
        return nil
    }

    /// A computed property's value or a method bound to `base`, from a type of the file (or an
    /// extension's holder), or `nil`.
    func userMember(_ name: String, of base: Value, in type: TypeInfo, at location: SourceLocation) throws(Interrupt) -> Value? {
        if let property = type.computedProperties[name] {
            return try computedValue(property, of: base, in: type, at: location)
        }
        if let methods = type.methods[name] {
            return .function(boundMethod(methods, to: base, in: type, name: name))
        }
        return nil
    }

    /// The value of a computed property on `base`.
    func computedValue(_ property: TypeInfo.ComputedProperty, of base: Value, in type: TypeInfo, at location: SourceLocation) throws(Interrupt) -> Value {
        let function = Function(.closure(Closure(captures: [], parameters: [], result: property.type, isAsync: false, isThrowing: false, body: property.getter)),
                                environment: typeEnvironment(type), name: property.name)
        function.receiver = base
        function.builder = builderName(property.attributes) ?? implicitBuilder(property.name, of: base, in: type)
        function.expectedResult = property.type.map { resolve($0, in: type) }
        return try call(function, [], at: location)
    }

    /// The result builder a member's body has through a protocol requirement (`View.body`).
    func implicitBuilder(_ name: String, of base: Value, in type: TypeInfo) -> String? {
        for conformance in allConformances(of: userTypeInfo(of: base) ?? type) {
            if let builder = library.implicitResultBuilders[conformance]?[name] { return builder }
        }
        return nil
    }

    /// A method of a type of the file bound to `base` (overloads resolved when it is called).
    func boundMethod(_ methods: [TypeInfo.Method], to base: Value, in type: TypeInfo, name: String) -> Function {
        let function = Function(.declared(methods[0].declaration, attributes: methods[0].attributes), environment: typeEnvironment(type), name: name)
        function.receiver = base
        function.builder = builderName(methods[0].attributes) ?? implicitBuilder(name, of: base, in: type)
        function.overloads = methods.count > 1 ? methods : nil
        function.isMutating = methods[0].isMutating
        return function
    }

    /// A scope for the code of `type`'s members.
    func typeEnvironment(_ type: TypeInfo) -> Environment {
        Environment(parent: globals, selfType: type)
    }

    /// A member of a library type or protocol on `base`, or `nil`.
    func nativeMember(_ name: String, of base: Value, in type: NativeType, at location: SourceLocation) throws(Interrupt) -> Value? {
        try nativeMember(instanceMember(name, of: type), named: name, of: base, at: location)
    }

    /// The value of a library member `member` (found as `name`) on `base`, or `nil` for none.
    func nativeMember(_ member: NativeMember?, named name: String, of base: Value, at location: SourceLocation) throws(Interrupt) -> Value? {
        switch member {
        case let .constant(value)?: return value
        case let .property(_, getter)?, let .overloaded(_, getter, _)?:
            return try getter(NativeCall(arguments: [], argumentLocations: [], receiver: base, location: location, evaluator: self))
        case let .functions(functions)?:
            let function = Function(.native(functions), environment: globals, name: name)
            function.receiver = base
            return .function(function)
        case nil:
            return nil
        }
    }

    /// The instance member `name` of `type` or of the first protocol in its
    /// ``searchOrder(of:)`` that has one. Kept per type and name: a view's code reads the same
    /// few members of a few types again and again, and each search hashed the name once per
    /// protocol on the way (a shape's `frame` is found on `View`, four protocols up).
    func instanceMember(_ name: String, of type: NativeType) -> NativeMember? {
        if let known = recentInstanceMembers[name, on: ObjectIdentifier(type)] { return known }
        let key = MemberKey(type: ObjectIdentifier(type), name: name)
        if let known = nativeInstanceMembers[key] {
            recentInstanceMembers[name, on: ObjectIdentifier(type)] = known.member
            return known.member
        }
        var found: NativeMember?
        for current in searchOrder(of: type) {
            if let member = current.instanceMembers[name] {
                found = member
                break
            }
        }
        nativeInstanceMembers[key] = (type, found)
        recentInstanceMembers[name, on: ObjectIdentifier(type)] = found
        return found
    }

    /// `type` and the library's protocols it conforms to, directly or through other protocols,
    /// breadth first and each name once: the order its instance members are looked up in.
    ///
    /// Made once per type and kept: the library's types and protocols do not change while code
    /// runs, and member lookups, which run for every member a view's code reads, walked and
    /// hashed the protocol names anew each time.
    func searchOrder(of type: NativeType) -> [NativeType] {
        if let order = nativeSearchOrders[ObjectIdentifier(type)] { return order }
        var order: [NativeType] = []
        var queue = [type]
        while let current = queue.first {
            queue.removeFirst()
            guard !order.contains(where: { $0.name == current.name }) else { continue }
            order.append(current)
            queue += current.protocols.compactMap { library.protocols[$0] }
        }
        nativeSearchOrders[ObjectIdentifier(type)] = order
        return order
    }

    // MARK: Static members

    /// The methods a called member names when it is both a property and methods
    /// (``NativeMember/overloaded(_:_:_:)``), as a function bound to `receiver`; `nil` otherwise.
    func calledOverload(_ name: String, of type: NativeType, receiver: Value, instance: Bool) -> Value? {
        let member = instance ? instanceMember(name, of: type) : type.staticMembers[name]
        guard case let .overloaded(_, _, functions)? = member else { return nil }
        let function = Function(.native(functions), environment: globals, name: name)
        function.receiver = receiver
        return .function(function)
    }

    /// `Type.name`.
    /// The result builder of the static property `name` of `type`: its attribute's, else the
    /// one a protocol it conforms to gives that requirement (`PreviewProvider.previews`).
    private func staticBuilderName(_ name: String, attributes: [Attribute], of type: TypeInfo) -> String? {
        builderName(attributes) ?? allConformances(of: type).lazy.compactMap { self.library.implicitResultBuilders[$0]?[name] }.first
    }

    /// A static computed property whose getter is a result builder's body of several
    /// expression statements (a `PreviewProvider`'s `previews` listing its previews), made one
    /// statement at a time: a statement after the first that cannot be made (an unsupported
    /// modifier in one preview) is left out, and `skipped` is told its error; the others are
    /// made as the whole body would make them. `nil` when the property is not of that form
    /// (its value is then ``staticMember(_:of:at:)``'s).
    ///
    /// - Throws: ``Interrupt`` for the first statement's error, or anything but an error.
    public func staticBuilderMember(_ name: String, of type: TypeInfo, at location: SourceLocation,
                                    skipped: (EvaluationError) -> Void) throws(Interrupt) -> Value? {
        guard let property = type.staticProperties[name], let getter = property.binding.accessors?.getter,
              getter.statements.count > 1,
              getter.statements.allSatisfy({ if case .expression = $0.kind { true } else { false } }),
              let builderName = staticBuilderName(name, attributes: property.attributes, of: type),
              let builder = library.resultBuilders[builderName] else { return nil }
        let environment = typeEnvironment(type)
        environment.isStatic = true
        var components: [Value] = []
        for (index, statement) in getter.statements.enumerated() {
            guard case let .expression(expression) = statement.kind else { continue }
            do {
                try step(statement.location)
                let value = try evaluate(expression, expected: nil, in: Environment(parent: environment))
                components.append(try builder.buildExpression(value, at: expression.location))
            } catch let .error(error) where index > 0 {
                skipped(error)
            }
        }
        return try builder.buildBlock(components, at: getter.location)
    }

    public func staticMember(_ name: String, of reference: TypeReference, at location: SourceLocation) throws(Interrupt) -> Value {
        if let value = try staticMemberIfAny(name, of: reference, at: location, lookingOutward: false) { return value }
        var candidates: [String] = []
        switch reference {
        case let .user(type):
            candidates = type.cases.map(\.name) + Array(type.staticProperties.keys) + Array(type.staticMethods.keys) + Array(type.nestedTypes.keys)
        case let .native(type):
            candidates = Array(type.staticMembers.keys) + Array(type.nestedTypes.keys)
        case .standard: break
        }
        throw .error("type '\(reference.name)' has no member '\(name)'\(suggestion(name, among: candidates))", at: location)
    }

    /// `Type.name`, or `nil` when the type has no such member. With `lookingOutward`, the
    /// enclosing types are searched too (an unqualified name inside a type's code).
    func staticMemberIfAny(_ name: String, of reference: TypeReference, at location: SourceLocation, lookingOutward: Bool) throws(Interrupt) -> Value? {
        switch reference {
        case let .user(type):
            var scope: TypeInfo? = type
            while let current = scope {
                if let value = try userStaticMember(name, of: current, at: location) { return value }
                if !lookingOutward { break }
                scope = current.parent
            }
            if !lookingOutward {
                for conformance in allConformances(of: type) {
                    if let holder = extensions[conformance], let value = try userStaticMember(name, of: holder, at: location) { return value }
                }
            }
            return nil
        case let .native(type):
            if let value = try nativeStaticMember(name, of: type, at: location) { return value }
            if let holder = extensions[type.name], let value = try userStaticMember(name, of: holder, at: location) { return value }
            // `extension ShapeStyle where Self == Color { static var brand: Color }` used as
            // `.brand` where a shape style is expected; and `Color.brand` from `extension Color`.
            for protocolName in type.protocols {
                if let holder = extensions[protocolName], let value = try userStaticMember(name, of: holder, at: location) { return value }
            }
            // Last, after the file's own extensions: a name the file declares (`static let
            // track` in `extension Color`) is the file's, not a generated asset symbol.
            return type.fallbackStaticMember?(name)
        case let .standard(type):
            if let value = try StandardLibrary.staticMember(name, of: type, at: location, evaluator: self) { return value }
            let key: String? = switch type {
            case .int: "Int"
            case .double: "Double"
            case .string: "String"
            case .bool: "Bool"
            case .array: "Array"
            default: nil
            }
            if let key, let holder = extensions[key], let value = try userStaticMember(name, of: holder, at: location) { return value }
            return nil
        }
    }

    /// A static stored property with a property wrapper (`@State static var value = 0.6` in a
    /// `PreviewProvider`, passed on as `$value`): its value, or for `$name` and `_name` its
    /// storage. The storage is made once, from the initial value.
    private func wrappedStaticMember(_ name: String, of type: TypeInfo) throws(Interrupt) -> Value? {
        let projected = name.hasPrefix("$") || name.hasPrefix("_")
        let base = type.staticProperties[name] != nil ? name : projected ? String(name.dropFirst()) : name
        guard let property = type.staticProperties[base], property.binding.accessors == nil,
              let wrapper = property.attributes.first(where: { library.propertyWrappers[$0.name] != nil }),
              let definition = library.propertyWrappers[wrapper.name] else { return nil }
        let cell: Cell
        if case let .binding(existing)? = type.staticValues[base] {
            cell = existing
        } else {
            let environment = typeEnvironment(type)
            environment.isStatic = true
            let expected = property.binding.type.map { resolve($0, in: type) } ?? property.binding.initializer.flatMap { inferredType(of: $0, in: type) }
            let initial = try property.binding.initializer.map { (initializer) throws(Interrupt) in
                coerce(try evaluate(initializer, expected: expected, in: environment), to: expected)
            }
            cell = try definition.makeStorage(wrapper, initial, property.location)
            type.staticValues[base] = .binding(cell)
        }
        return base == name ? cell.value : .binding(cell)
    }

    private func userStaticMember(_ name: String, of type: TypeInfo, at location: SourceLocation) throws(Interrupt) -> Value? {
        if let enumCase = type.enumCase(named: name) {
            guard let associated = enumCase.associatedValues else { return .enumCase(EnumCaseValue(type: type, name: name)) }
            return .function(enumConstructor(type, name, associated))
        }
        if let value = try wrappedStaticMember(name, of: type) { return value }
        if let value = type.staticValues[name] { return value }
        if let property = type.staticProperties[name] {
            let environment = typeEnvironment(type)
            environment.isStatic = true
            let expected = property.binding.type.map { resolve($0, in: type) }
            let value: Value
            if let accessors = property.binding.accessors {
                guard let getter = accessors.getter else { return nil }
                let function = Function(.closure(Closure(captures: [], parameters: [], result: property.binding.type, isAsync: false, isThrowing: false, body: getter)),
                                        environment: environment, name: name)
                function.expectedResult = expected
                function.builder = staticBuilderName(name, attributes: property.attributes, of: type)
                return try call(function, [], at: location)
            }
            guard let initializer = property.binding.initializer else {
                throw .error("static property '\(name)' needs an initial value", at: property.location)
            }
            type.staticValues[name] = .nilValue
            value = coerce(try evaluate(initializer, expected: expected, in: environment), to: expected)
            type.staticValues[name] = value
            return value
        }
        if let methods = type.staticMethods[name] {
            let environment = typeEnvironment(type)
            environment.isStatic = true
            let function = Function(.declared(methods[0].declaration, attributes: methods[0].attributes), environment: environment, name: name)
            function.builder = builderName(methods[0].attributes)
            function.overloads = methods.count > 1 ? methods : nil
            function.receiver = .type(.user(type))
            return .function(function)
        }
        if let nested = type.nestedTypes[name] { return .type(.user(nested)) }
        if name == "allCases", type.kind == .enumeration {
            return .array(type.cases.filter { $0.associatedValues == nil }.map { .enumCase(EnumCaseValue(type: type, name: $0.name)) })
        }
        if name == "init" {
            let function = Function(.native([NativeFunction([NativeParameter(nil, .any, variadic: true)]) { [unowned self] call throws(Interrupt) in
                guard case let .array(arguments) = call.arguments[0] else { return .nilValue }
                return try instantiate(type, positional: arguments, at: call.location)
            }]), environment: globals, name: "init")
            return .function(function)
        }
        if name == "self" { return .type(.user(type)) }
        return nil
    }

    private func nativeStaticMember(_ name: String, of type: NativeType, at location: SourceLocation) throws(Interrupt) -> Value? {
        switch type.staticMembers[name] {
        case let .constant(value)?: return value
        case let .property(_, getter)?, let .overloaded(_, getter, _)?:
            return try getter(NativeCall(arguments: [], argumentLocations: [], receiver: .type(.native(type)), location: location, evaluator: self))
        case let .functions(functions)?:
            let function = Function(.native(functions), environment: globals, name: name)
            function.receiver = .type(.native(type))
            return .function(function)
        case nil:
            if let nested = type.nestedTypes[name] { return .type(.native(nested)) }
            if name == "init", !type.initializers.isEmpty {
                return .function(Function(.native(type.initializers), environment: globals, name: "init"))
            }
            if name == "self" { return .type(.native(type)) }
            return nil
        }
    }

    /// A function making the enum case `name` from its associated values.
    private func enumConstructor(_ type: TypeInfo, _ name: String, _ associated: [EnumAssociatedValue]) -> Function {
        let parameters = associated.map { value in
            NativeParameter(value.label, resolve(value.type, in: type), default: nil)
        }
        let defaults = associated.map(\.defaultValue)
        let native = NativeFunction(parameters, result: .named(type.qualifiedName)) { call throws(Interrupt) in
            .enumCase(EnumCaseValue(type: type, name: name, associatedValues: call.arguments, labels: associated.map(\.label)))
        }
        native.defaultExpressions = defaults
        return Function(.native([native]), environment: globals, name: name)
    }

    // MARK: Subscripts

    /// `base[arguments]`.
    func subscriptValue(_ base: Value, _ arguments: [Argument], at location: SourceLocation, in environment: Environment) throws(Interrupt) -> Value {
        let base = base.dereferenced
        switch base {
        case let .array(elements):
            guard arguments.count == 1 else { throw .error("an array subscript takes one index", at: location) }
            let index = try evaluate(arguments[0].value, expected: .int, in: environment)
            if case let .range(range) = index {
                let bounds = try sliceBounds(range, count: elements.count, at: location)
                return .array(Array(elements[bounds]))
            }
            guard case let .int(position) = index else {
                throw .error("cannot subscript an array with a value of type '\(index.typeName)'", at: arguments[0].value.location)
            }
            guard elements.indices.contains(position) else {
                throw .error("index out of range: \(position) is not below the array's count \(elements.count)", at: arguments[0].value.location)
            }
            return elements[position]
        case let .dictionary(dictionary):
            guard let first = arguments.first else { throw .error("a dictionary subscript takes a key", at: location) }
            let key = try evaluate(first.value, expected: nil, in: environment)
            if arguments.count == 2, arguments[1].label == "default" {
                if let value = dictionary[key] { return value }
                return try evaluate(arguments[1].value, expected: nil, in: environment)
            }
            return dictionary[key] ?? .nilValue
        case let .string(text):
            guard arguments.count == 1 else { break }
            let index = try evaluate(arguments[0].value, expected: .int, in: environment)
            let characters = Array(text)
            if case let .int(position) = index, characters.indices.contains(position) { return .string(String(characters[position])) }
            throw .error("strings are indexed with String.Index: use Array(text)[\(index.text)]", at: location)
        case .instance, .object, .enumCase:
            if let type = userTypeInfo(of: base), let declaration = type.subscripts.first {
                var values: [Value] = []
                for (index, argument) in arguments.enumerated() where index < declaration.parameters.count {
                    values.append(try evaluate(argument.value, expected: resolve(declaration.parameters[index].type, in: type), in: environment))
                }
                let scope = typeEnvironment(type)
                scope.declare("self", base)
                for (parameter, value) in zip(declaration.parameters, values) { scope.declare(parameter.name, value) }
                guard let getter = declaration.accessors.getter else { break }
                scope.resultType = resolve(declaration.result, in: type)
                return try runBody(getter, in: scope, builder: nil)
            }
        default:
            break
        }
        throw .error("value of type '\(base.typeName)' has no subscripts", at: location)
    }

    /// The positions a range selects in a collection of `count` elements.
    func sliceBounds(_ range: RangeValue, count: Int, at location: SourceLocation) throws(Interrupt) -> Range<Int> {
        let lower: Int
        switch range.lower {
        case let .int(n): lower = n
        case .nilValue: lower = 0
        default: throw .error("a slice's bounds must be integers", at: location)
        }
        var upper: Int
        switch range.upper {
        case let .int(n): upper = range.isClosed ? n + 1 : n
        case .nilValue: upper = count
        default: throw .error("a slice's bounds must be integers", at: location)
        }
        upper = max(upper, lower)
        guard lower >= 0, upper <= count else {
            throw .error("range \(lower)..<\(upper) is out of bounds for a collection of \(count) elements", at: location)
        }
        return lower..<upper
    }
}

/// A member's name on a type (see ``Evaluator/instanceMember(_:of:)``).
struct MemberKey: Hashable {
    var type: ObjectIdentifier
    var name: String
}
