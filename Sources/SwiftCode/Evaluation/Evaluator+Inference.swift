extension Evaluator {
    /// The type a stored property holds: its written type, else the type Swift infers from its
    /// initial value (`var color = Color.primary` holds a `Color`, so `Spinner(color: .red)`
    /// resolves `.red` as a `Color`, as the compiler does; The Swift Programming Language,
    /// "Type Inference"). `nil` when neither is known.
    ///
    /// Kept per type and property once the declarations are read: every instance made asks
    /// for the types of all its properties, and resolving a name or inferring from an
    /// initial value cost more than making the instance.
    func propertyType(_ property: TypeInfo.StoredProperty, in type: TypeInfo) -> ValueType? {
        let key = MemberKey(type: ObjectIdentifier(type), name: property.name)
        if let known = propertyTypes[key], known.type === type { return known.valueType }
        let found: ValueType?
        if let written = property.type {
            found = resolve(written, in: type)
        } else if let initializer = property.initializer {
            found = inferredType(of: initializer, in: type)
        } else {
            found = nil
        }
        if hasReadDeclarations { propertyTypes[key] = (type, found) }
        return found
    }

    /// The type of an expression as the compiler infers it without running it, for the forms
    /// an initial value takes: literals, `Type.member`, `Type(…)`, `Type.member(…)`, a member
    /// chained on one of those (`Color.red.opacity(0.5)`), arrays of them, arithmetic and
    /// `as`. `nil` when the form is not one of these (the value's own type is used then).
    func inferredType(of expression: Expression, in context: TypeInfo?) -> ValueType? {
        switch expression.kind {
        case .integerLiteral: return .int
        case .floatLiteral: return .double
        case .stringLiteral: return .string
        case .booleanLiteral: return .bool
        case let .prefixOperator(name, operand) where name == "-" || name == "+":
            return inferredType(of: operand, in: context)
        case let .binaryOperator(name, left, right, _) where ["+", "-", "*", "/"].contains(name):
            let types = (inferredType(of: left, in: context), inferredType(of: right, in: context))
            switch types {
            case (.int?, .int?): return .int
            case (.double?, .int?), (.int?, .double?), (.double?, .double?): return .double
            case let (named?, _) where named.typeName != nil: return named
            default: return nil
            }
        case let .cast(_, kind, type) where kind == .asType:
            return resolve(type, in: context)
        case let .arrayLiteral(elements):
            guard let first = elements.first, let element = inferredType(of: first, in: context) else { return nil }
            return .array(element)
        case let .member(base, name, _, _):
            if let type = writtenType(base, in: context) { return staticMemberType(name, of: type) }
            return chainedMemberType(name, on: base, in: context)
        case let .call(callee, _, _):
            if let type = writtenType(callee, in: context) { return type }
            if case let .member(base, name, _, _) = callee.kind {
                if let type = writtenType(base, in: context) { return staticMethodType(name, of: type) }
                return chainedMemberType(name, on: base, in: context)
            }
            return nil
        default:
            return nil
        }
    }

    /// The type an expression names when it is a type name (`Color`, `CGFloat`, `Spinner.Style`).
    private func writtenType(_ expression: Expression, in context: TypeInfo?) -> ValueType? {
        switch expression.kind {
        case let .identifier(name, generics):
            if let standard = ValueType.standard(named: name) { return standard }
            if let user = userType(TypeSyntax(.named(name, generics: []), at: expression.location), from: context) {
                return .named(user.qualifiedName)
            }
            if library.types[name] != nil { return .named(name, generics.map { resolve($0, in: context) }) }
            return nil
        case let .member(base, name, _, _):
            guard let outer = writtenType(base, in: context), let outerName = outer.typeName else { return nil }
            if let user = userType(named: outerName)?.nestedTypes[name] { return .named(user.qualifiedName) }
            if nativeType(named: outerName + "." + name) != nil { return .named(outerName + "." + name) }
            return nil
        default:
            return nil
        }
    }

    /// `Type.name` read as a property: a constant's or a static property's type, an enum case's
    /// enum.
    private func staticMemberType(_ name: String, of type: ValueType) -> ValueType? {
        switch type {
        case .double, .int:
            // `CGFloat.pi`, `Double.infinity`, `Int.max`.
            return type
        case let .named(typeName, _):
            if let user = userType(named: typeName) {
                if user.enumCase(named: name) != nil { return type }
                if let property = user.staticProperties[name] {
                    if let written = property.binding.type { return resolve(written, in: user) }
                    return property.binding.initializer.flatMap { inferredType(of: $0, in: user) }
                }
                return nil
            }
            guard let native = nativeType(named: typeName) else { return nil }
            switch native.staticMembers[name] {
            case let .constant(value)?: return valueType(of: value)
            case let .property(result, _)?, let .overloaded(result, _, _)?: return result
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `Type.name(…)`: a static method's result type, an enum case with associated values'
    /// enum.
    private func staticMethodType(_ name: String, of type: ValueType) -> ValueType? {
        guard case let .named(typeName, _) = type else { return nil }
        if let user = userType(named: typeName) {
            if user.enumCase(named: name) != nil { return type }
            if let method = user.staticMethods[name]?.first, let result = method.declaration.result { return resolve(result, in: user) }
            return nil
        }
        guard let native = nativeType(named: typeName) else { return nil }
        switch native.staticMembers[name] {
        case let .functions(functions)?, let .overloaded(_, _, functions)?:
            let results = Set(functions.map(\.result))
            return results.count == 1 ? results.first.flatMap { $0 == .any ? nil : $0 } : nil
        default: return nil
        }
    }

    /// `base.name` or `base.name(…)` on a value of a library type: the member's declared type
    /// (`Color.red.opacity(0.5)` is a `Color`; `Animation.linear.repeatForever()` an `Animation`).
    private func chainedMemberType(_ name: String, on base: Expression, in context: TypeInfo?) -> ValueType? {
        guard let baseType = inferredType(of: base, in: context), let typeName = baseType.typeName,
              let native = nativeType(named: typeName) else { return nil }
        switch native.instanceMembers[name] {
        case let .constant(value)?: return valueType(of: value)
        case let .property(result, _)?: return result == .any ? nil : result
        case let .functions(functions)?, let .overloaded(_, _, functions)?:
            let results = Set(functions.map(\.result))
            return results.count == 1 ? results.first.flatMap { $0 == .any ? nil : $0 } : nil
        default: return nil
        }
    }
}
