/// The library a host (the SwiftUI definitions) gives the evaluator: its types, protocols, free
/// functions and result builders, each a definition with its signatures.
///
/// The evaluator knows Swift; everything SwiftUI, Combine or Foundation-specific that view code
/// calls is a definition here, so adding one is adding an entry, and a test can walk them all.
public final class NativeLibrary {
    /// Top-level types by name (`Color`, `Circle`, `Animation`, `Timer`).
    @exclusivity(unchecked) public var types: [String: NativeType] = [:]

    /// The names of every member of the library's types and protocols, made at the first use
    /// (the definitions are complete by then).
    @exclusivity(unchecked) private var memberNames: Set<String>?

    /// The library type named `name`, when no type or protocol of the library has a member of
    /// that name either: then, in a file that declares no such name, the name is that type.
    public func typeNamedOnly(_ name: String) -> NativeType? {
        guard let type = types[name] else { return nil }
        if memberNames == nil {
            var names: Set<String> = []
            for holder in types.values { names.formUnion(holder.instanceMembers.keys); names.formUnion(holder.staticMembers.keys) }
            for holder in protocols.values { names.formUnion(holder.instanceMembers.keys); names.formUnion(holder.staticMembers.keys) }
            memberNames = names
        }
        return memberNames!.contains(name) ? nil : type
    }
    /// Protocols by name (`View`, `Shape`, `ShapeStyle`): members every conforming value has.
    @exclusivity(unchecked) public var protocols: [String: NativeType] = [:]
    /// Free functions by name (`withAnimation`, `min`, `sin`).
    @exclusivity(unchecked) public var functions: [String: [NativeFunction]] = [:]
    /// Result builders by attribute name (`ViewBuilder`).
    @exclusivity(unchecked) public var resultBuilders: [String: any ResultBuilder] = [:]
    /// Global constants by name (`CGFloat.pi` is a static member; this is for names such as
    /// `M_PI`).
    @exclusivity(unchecked) public var constants: [String: Value] = [:]
    /// The iOS version `#available` compares with: what the render models.
    @exclusivity(unchecked) public var iOSVersion: [Int] = [18, 0]
    /// Property wrappers by attribute name (`State`, `Binding`, `Environment`).
    @exclusivity(unchecked) public var propertyWrappers: [String: PropertyWrapperDefinition] = [:]
    /// Members that are result-builder bodies without an attribute because a protocol
    /// requirement carries it: protocol name → member name → builder (`View.body` is a
    /// `@ViewBuilder`).
    @exclusivity(unchecked) public var implicitResultBuilders: [String: [String: String]] = [:]
    /// Names the host's frameworks declare but the library does not define, with the message
    /// a use of one gets ("'Toggle' is not supported here; …"), so that valid code outside the
    /// supported subset is never reported as an undeclared name.
    @exclusivity(unchecked) public var unsupportedNames: [String: String] = [:]
    /// What follows every ``unsupportedNames`` message ("; supported views: …"), made only when
    /// a message is shown: the list names every definition, and most files never need it.
    @exclusivity(unchecked) public var unsupportedNamesDetail: () -> String = { "" }
    /// Members of a protocol's conforming values that the host declares but the library does
    /// not define: protocol name → member name → message (`View` → `blur` → "modifier 'blur'
    /// is not supported").
    @exclusivity(unchecked) public var unsupportedMembers: [String: [String: String]] = [:]
    /// What follows an ``unsupportedMembers`` message of a protocol ("; supported: …"), made
    /// only when the message is shown.
    @exclusivity(unchecked) public var unsupportedMembersDetail: [String: () -> String] = [:]

    /// An empty library (the evaluator adds the standard library's definitions).
    public init() {}

    /// Adds `type` under its name.
    public func add(_ type: NativeType) { types[type.name] = type }

    /// Adds a protocol.
    public func addProtocol(_ type: NativeType) { protocols[type.name] = type }

    /// Adds a free function overload.
    public func addFunction(_ name: String, _ function: NativeFunction) { functions[name, default: []].append(function) }

    /// Every type, protocol and nested type, with its qualified name, sorted by name: what a
    /// documentation test walks.
    public var allTypes: [(name: String, type: NativeType)] {
        var result: [(String, NativeType)] = []
        func walk(_ type: NativeType, _ prefix: String) {
            let name = prefix.isEmpty ? type.name : prefix + "." + type.name
            result.append((name, type))
            for nested in type.nestedTypes.values { walk(nested, name) }
        }
        for type in types.values { walk(type, "") }
        for type in protocols.values { walk(type, "") }
        return result.sorted { $0.0 < $1.0 }
    }
}

/// A property wrapper of the host's library (`@State`, `@Binding`, `@Environment`): how the
/// memberwise initialiser passes it and how its storage is made.
public struct PropertyWrapperDefinition {
    /// What the memberwise initialiser takes for a wrapped property.
    public enum MemberwiseParameter: Sendable {
        /// The wrapped value (`@State var x = 0` → `init(x: Int = 0)`).
        case wrappedValue
        /// A ``Value/binding(_:)`` whose storage the property shares (`@Binding`).
        case binding
        /// Nothing: the host supplies the value (`@Environment`, `@Namespace`).
        case omitted
    }

    /// What the memberwise initialiser takes.
    public var parameter: MemberwiseParameter
    /// Whether the declaration's initial value is evaluated only when the host first needs the
    /// storage (`@StateObject`'s `wrappedValue` is an autoclosure: SwiftUI makes the object once
    /// per view identity, not each time the view's struct is made). The storage then holds a
    /// ``DeferredInitialValue`` until the host calls ``Cell/resolveDeferredValue()``.
    public var defersInitialValue = false
    /// Makes the storage of a new instance's property from the attribute and the initial
    /// value (the argument or the declaration's initial value; `nil` when there is none).
    public var makeStorage: (Attribute, Value?, SourceLocation) throws(Interrupt) -> Cell

    /// A definition.
    public init(parameter: MemberwiseParameter, makeStorage: @escaping (Attribute, Value?, SourceLocation) throws(Interrupt) -> Cell) {
        self.parameter = parameter
        self.makeStorage = makeStorage
    }
}

/// A property's initial value not evaluated yet (see ``PropertyWrapperDefinition/defersInitialValue``).
public final class DeferredInitialValue: NativeValue {
    /// Evaluates the declaration's initial value.
    let make: () throws(Interrupt) -> Value
    init(_ make: @escaping () throws(Interrupt) -> Value) { self.make = make }
    public var nativeTypeName: String { "DeferredInitialValue" }
    public func isEqual(to other: any NativeValue) -> Bool { (other as? DeferredInitialValue) === self }
}

/// A type (or protocol) of the host's library.
public final class NativeType {
    /// Its name (`Color`; `Weight` inside `Font`).
    public let name: String
    /// Its name with the types it is nested in (`Font.Weight`).
    @exclusivity(unchecked) public private(set) var qualifiedName: String
    /// Protocols its values conform to (`View`, `Shape`), whose members they have too.
    @exclusivity(unchecked) public var protocols: [String]
    /// Initialisers (`Color(red:green:blue:)`).
    @exclusivity(unchecked) public var initializers: [NativeFunction] = []
    /// Static members (`Color.red`, `Animation.linear(duration:)`).
    @exclusivity(unchecked) public var staticMembers: [String: NativeMember] = [:]
    /// Instance members (`color.opacity(_:)`, `angle.degrees`); for a protocol, what every
    /// conforming value has (`View.padding(_:)`).
    @exclusivity(unchecked) public var instanceMembers: [String: NativeMember] = [:]
    /// Settable instance properties: the receiver and the new value give the receiver's new
    /// value (`point.x = 3`, `$0.animation = nil` in `.transaction { }`).
    @exclusivity(unchecked) public var setters: [String: (Value, Value, SourceLocation) throws(Interrupt) -> Value] = [:]
    /// Binary operators whose left operand is of this type (`Angle + Angle`), by operator;
    /// the function takes the two operands.
    @exclusivity(unchecked) public var operators: [String: [NativeFunction]] = [:]
    /// Nested types (`Font.Weight`, `Edge.Set`).
    @exclusivity(unchecked) public var nestedTypes: [String: NativeType] = [:]
    /// A sentence for the vocabulary table (docs/swiftui.md).
    @exclusivity(unchecked) public var summary: String
    /// The value of a static member this type does not declare, or `nil` for none: for types
    /// whose members are generated from data outside the source (an asset catalogue's
    /// `ColorResource.brand`), which `.name` reaches wherever the type is expected.
    @exclusivity(unchecked) public var fallbackStaticMember: ((String) -> Value?)?

    /// A type.
    public init(_ name: String, protocols: [String] = [], summary: String = "") {
        self.name = name
        self.qualifiedName = name
        self.protocols = protocols
        self.summary = summary
    }

    /// Adds an initialiser.
    @discardableResult
    public func initializer(_ parameters: [NativeParameter], _ body: @escaping (NativeCall) throws(Interrupt) -> Value) -> NativeType {
        initializers.append(NativeFunction(parameters, result: .named(name), body))
        return self
    }

    /// Adds a static constant.
    public func constant(_ name: String, _ value: Value) {
        staticMembers[name] = .constant(value)
    }

    /// Adds a static method overload.
    public func staticMethod(_ name: String, _ parameters: [NativeParameter], result: ValueType? = nil,
                             _ body: @escaping (NativeCall) throws(Interrupt) -> Value) {
        let function = NativeFunction(parameters, result: result ?? .named(self.name), body)
        if case let .functions(existing)? = staticMembers[name] {
            staticMembers[name] = .functions(existing + [function])
        } else {
            staticMembers[name] = .functions([function])
        }
    }

    /// Adds an instance method overload; `call.receiver` is the value it is called on.
    public func method(_ name: String, _ parameters: [NativeParameter], result: ValueType = .any,
                       mutating: Bool = false, _ body: @escaping (NativeCall) throws(Interrupt) -> Value) {
        let function = NativeFunction(parameters, result: result, body)
        function.isMutating = mutating
        if case let .functions(existing)? = instanceMembers[name] {
            instanceMembers[name] = .functions(existing + [function])
        } else {
            instanceMembers[name] = .functions([function])
        }
    }

    /// Adds an instance property; `call.receiver` is the value it is read on.
    public func property(_ name: String, type: ValueType = .any, _ getter: @escaping (NativeCall) throws(Interrupt) -> Value) {
        instanceMembers[name] = .property(type, getter)
    }

    /// Adds a settable property: `body` takes the receiver and the new value and returns the
    /// receiver's new value.
    public func setter(_ name: String, _ body: @escaping (Value, Value, SourceLocation) throws(Interrupt) -> Value) {
        setters[name] = body
    }

    /// Adds a binary operator overload taking `(self, right)`.
    public func binaryOperator(_ op: String, right: ValueType, result: ValueType? = nil, _ body: @escaping (NativeCall) throws(Interrupt) -> Value) {
        operators[op, default: []].append(NativeFunction([NativeParameter(nil, .named(name)), NativeParameter(nil, right)], result: result ?? .named(name), body))
    }

    /// Adds a nested type and returns it.
    @discardableResult
    public func nested(_ type: NativeType) -> NativeType {
        nestedTypes[type.name] = type
        type.qualifiedName = qualifiedName + "." + type.name
        return type
    }
}

/// A member of a native type.
public enum NativeMember {
    /// A fixed value (`Color.red`, `CGFloat.pi`).
    case constant(Value)
    /// A computed property, with its type; the call's receiver is the value it is read on.
    case property(ValueType, (NativeCall) throws(Interrupt) -> Value)
    /// Methods (overloads tried in order).
    case functions([NativeFunction])
    /// A property and methods of one name (`Animation.linear` and `Animation.linear(duration:)`):
    /// the property when the member is read, the methods when it is called.
    case overloaded(ValueType, (NativeCall) throws(Interrupt) -> Value, [NativeFunction])
}

/// One parameter of a native function.
public struct NativeParameter {
    /// The argument label; `nil` for none (`_`).
    public var label: String?
    /// The type an argument is evaluated against.
    public var type: ValueType
    /// The value when the argument is left out; `nil` when it is required.
    public var defaultValue: Value?
    /// `T...`: the arguments are passed as one ``Value/array(_:)``.
    public var isVariadic: Bool
    /// A closure argument whose body is a result builder's (`@ViewBuilder content`), by name.
    public var builder: String?

    /// A parameter.
    public init(_ label: String?, _ type: ValueType = .any, default defaultValue: Value? = nil, variadic: Bool = false, builder: String? = nil) {
        self.label = label
        self.type = type
        self.defaultValue = defaultValue
        self.isVariadic = variadic
        self.builder = builder
    }

    /// Whether an argument may be left out.
    var isOptional: Bool { defaultValue != nil }

    /// Whether the parameter takes a closure (so a trailing closure may fill it).
    var takesClosure: Bool {
        if builder != nil { return true }
        switch type {
        case .function: return true
        case let .optional(wrapped): if case .function = wrapped { return true } else { return false }
        default: return false
        }
    }
}

/// A function of the host's library. A class: each call of a library function passes it
/// along as a candidate overload several times, and copying its five references each time
/// cost more than the binding. Its properties are set as it is defined, before any call.
public final class NativeFunction {
    /// Its parameters.
    @exclusivity(unchecked) public var parameters: [NativeParameter] {
        didSet { specifications = SpecificationCache() }
    }
    /// The type of its result (for messages and for typing what follows in a chain).
    @exclusivity(unchecked) public var result: ValueType
    /// Whether it changes the value it is called on (`toggle()`, `append(_:)`).
    @exclusivity(unchecked) public var isMutating = false
    /// What it does.
    public let body: (NativeCall) throws(Interrupt) -> Value
    /// Takes its arguments as written, labels and all, without binding them to
    /// ``parameters`` (a library that checks labels itself, as Motion's animation binder does).
    @exclusivity(unchecked) public var takesArgumentsAsWritten = false
    /// Default values written as expressions, evaluated at each call (an enum case's
    /// associated values), by parameter; `nil` entries use the parameter's ``NativeParameter/defaultValue``.
    @exclusivity(unchecked) public var defaultExpressions: [Expression?]? {
        didSet { specifications = SpecificationCache() }
    }
    /// ``parameters`` and ``defaultExpressions`` as a call binds them, made at the first call:
    /// a library function is called many times per tree, and making them each time cost as
    /// much as the binding. Changing the parameters replaces it.
    @exclusivity(unchecked) var specifications = SpecificationCache()

    /// A function.
    public init(_ parameters: [NativeParameter], result: ValueType = .any, _ body: @escaping (NativeCall) throws(Interrupt) -> Value) {
        self.parameters = parameters
        self.result = result
        self.body = body
    }
}

/// A native function's parameters as calls bind them, once made.
final class SpecificationCache {
    @exclusivity(unchecked) var parameters: [Evaluator.ParameterSpec]?
}

/// A call of a native function: its arguments bound to its parameters.
public struct NativeCall {
    /// The arguments in parameter order (defaults filled in, variadics as arrays).
    public var arguments: [Value]
    /// Where each argument is (the call's location for a default).
    public var argumentLocations: [SourceLocation]
    /// The labels of the arguments as written (for ``NativeFunction/takesArgumentsAsWritten``).
    public var labels: [String?] = []
    /// Where each argument's label is (its value's location when unlabelled), as written.
    public var labelLocations: [SourceLocation] = []
    /// The value a method is called on, or `nil`. A mutating method sets ``result`` and the new
    /// receiver in ``mutatedReceiver``.
    public var receiver: Value?
    /// Where the call is (the member name, or the callee).
    public var location: SourceLocation
    /// The evaluator, for calling closures passed as arguments.
    public unowned let evaluator: Evaluator
    /// Set by a mutating method: the receiver's new value.
    public var mutatedReceiver: Box<Value>?

    /// The argument at `index`.
    public subscript(index: Int) -> Value { arguments[index] }

    /// A located error at argument `index` (or the call when `nil`).
    public func error(_ message: String, argument index: Int? = nil) -> Interrupt {
        .error(EvaluationError(message, at: index.map { argumentLocations[$0] } ?? location))
    }

    /// The number at `index` (an `Int` or a `Double`).
    public func number(_ index: Int) throws(Interrupt) -> Double {
        guard let value = arguments[index].dereferenced.number else {
            throw error("expected a number, not a value of type '\(arguments[index].typeName)'", argument: index)
        }
        guard value.isFinite else { throw error("the value is not a finite number", argument: index) }
        return value
    }

    /// The integer at `index`.
    public func integer(_ index: Int) throws(Interrupt) -> Int {
        switch arguments[index].dereferenced {
        case let .int(value): return value
        case let .double(value) where value == value.rounded() && abs(value) < 1e15: return Int(value)
        default: throw error("expected an integer, not a value of type '\(arguments[index].typeName)'", argument: index)
        }
    }

    /// The Boolean at `index`.
    public func bool(_ index: Int) throws(Interrupt) -> Bool {
        guard case let .bool(value) = arguments[index].dereferenced else {
            throw error("expected a Bool, not a value of type '\(arguments[index].typeName)'", argument: index)
        }
        return value
    }

    /// The string at `index`.
    public func string(_ index: Int) throws(Interrupt) -> String {
        guard case let .string(value) = arguments[index].dereferenced else {
            throw error("expected a String, not a value of type '\(arguments[index].typeName)'", argument: index)
        }
        return value
    }

    /// The native value of type `T` at `index`.
    public func native<T: NativeValue>(_ index: Int, _ type: T.Type, _ what: String) throws(Interrupt) -> T {
        guard case let .native(value) = arguments[index].dereferenced, let typed = value as? T else {
            throw error("expected \(what), not a value of type '\(arguments[index].typeName)'", argument: index)
        }
        return typed
    }

    /// Calls the function at `index` with `arguments`.
    public func call(_ index: Int, _ arguments: [Value]) throws(Interrupt) -> Value {
        try evaluator.call(self.arguments[index], arguments, at: argumentLocations[index])
    }
}

/// A mutable box (a native mutating method hands back the receiver's new value in one).
public final class Box<T> {
    /// The value.
    public var value: T
    /// A box.
    public init(_ value: T) { self.value = value }
}

/// How a result builder (`@ViewBuilder`) combines the values of a body's statements.
public protocol ResultBuilder {
    /// The value of a block: one value per expression statement, in order.
    func buildBlock(_ components: [Value], at location: SourceLocation) throws(Interrupt) -> Value
    /// The value of an `if`/`switch`: the taken branch's block (`nil` for an `if` without
    /// `else` whose condition is false), its index among the branches, and their count.
    func buildBranch(_ component: Value?, branch: Int, of count: Int, at location: SourceLocation) throws(Interrupt) -> Value
    /// A statement's value before it joins a block (SwiftUI checks it is a view).
    func buildExpression(_ value: Value, at location: SourceLocation) throws(Interrupt) -> Value
}
