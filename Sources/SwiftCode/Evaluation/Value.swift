/// A value computed by the ``Evaluator``.
///
/// Swift's numeric types fold into two cases: `Int` (every integer type) and `double` (`Double`,
/// `CGFloat`, `Float`, `TimeInterval`), since view code converts between them freely and the
/// results are the same to the precision a picture shows. `Optional` is not a wrapper: `nil` is
/// ``none`` and any other value is `.some` of itself.
///
/// Numbers, strings, arrays and references are held in place (16 bytes at most): making one
/// allocates nothing, where a wholly `indirect` enum boxed every `.int` and every `.function`.
/// The cases with larger payloads (a library value's existential, an enum case, a range, an
/// instance's type and fields) stay boxed, so that copying a value stays cheap.
public enum Value {
    /// `()`, what a function without a result returns.
    case void
    /// `Bool`.
    case bool(Bool)
    /// `Int` and the other integer types.
    case int(Int)
    /// `Double`, `CGFloat`, `Float`, `TimeInterval`.
    case double(Double)
    /// `String` (and `Character`, `Substring`).
    case string(String)
    /// `[Element]`.
    case array([Value])
    /// `[Key: Value]`, in insertion order (so iteration is deterministic).
    indirect case dictionary(DictionaryValue)
    /// `(a, b)`, `(x: 1, y: 2)`.
    indirect case tuple([Value], labels: [String?])
    /// `nil`.
    case nilValue
    /// `a..<b`, `a...b` (`Int` or `Double` bounds; a missing bound is ``none``).
    indirect case range(RangeValue)
    /// An instance of a struct (the file's own, or one the library defines such as `CGPoint`).
    indirect case instance(Instance)
    /// An instance of a class (reference semantics).
    case object(Object)
    /// A case of an enum of the file's own.
    indirect case enumCase(EnumCaseValue)
    /// A function, method or closure.
    case function(Function)
    /// A type used as a value: `Color` in `Color.red`, `Spinner` in `Spinner()`.
    case type(TypeReference)
    /// A reference to storage: `Binding<T>`, the storage behind `@State`, `@Binding` and the
    /// other property wrappers.
    case binding(Cell)
    /// A value of the host's library (a `Color`, an `Animation`, a view …).
    indirect case native(any NativeValue)
}

/// A value of the host's library: the evaluator keeps it opaque and asks the host's
/// ``NativeType`` for its members.
public protocol NativeValue {
    /// The name of its type in the host's registry: `Color`, `Animation`, `Circle`.
    var nativeTypeName: String { get }
    /// Whether it equals `other` (for `==`, `switch` and state changes).
    func isEqual(to other: any NativeValue) -> Bool
    /// What to add to "value of type 'T' has no member 'name'" in place of a "did you mean":
    /// where the value came from when that is the likelier mistake (`nil`: nothing).
    func missingMemberNote(_ name: String) -> String?
}

extension NativeValue {
    public func missingMemberNote(_ name: String) -> String? { nil }
}

extension NativeValue where Self: Equatable {
    public func isEqual(to other: any NativeValue) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

extension NativeValue {
    /// `self` as a `T`, when `T` is its very type: for a struct or an enum (no other type can
    /// stand for one) what `as? T` gives, found by comparing two metatypes where `as?` runs
    /// the runtime's general cast (about a hundred instructions). For the casts made for
    /// every view a body makes.
    @inlinable public func exactly<T>(_: T.Type) -> T? {
        Self.self == T.self ? unsafeBitCast(self, to: T.self) : nil
    }
}

/// Storage a ``Value/binding(_:)`` refers to.
public final class Cell {
    /// The stored value.
    @exclusivity(unchecked) public var value: Value {
        willSet {
            // The observer first: it may commit what was written before (in an earlier
            // transaction) and note the count as current; counted after, this write then
            // reads as new to whoever kept the old count.
            onWrite?(self)
            writes &+= 1
        }
    }
    /// How many times the value has been written: a host that kept what it computed from the
    /// value knows it is still current while this count is the same.
    @exclusivity(unchecked) public private(set) var writes: UInt64 = 0
    /// Called before each write (the host commits the changes made before it, in their
    /// transaction, then notes this one).
    @exclusivity(unchecked) public var onWrite: ((Cell) -> Void)?
    /// Writes are refused (an `@Environment` value, a constant binding).
    @exclusivity(unchecked) public var isReadOnly: Bool
    /// Writes compile and are dropped, the value staying as it is (`Binding.constant(_:)`: its
    /// setter does nothing); read-only too.
    @exclusivity(unchecked) public var discardsWrites = false

    /// Evaluates a ``DeferredInitialValue`` the cell holds, as its first value (not a write:
    /// ``onWrite`` is not called).
    public func resolveDeferredValue() throws(Interrupt) {
        guard case let .native(deferred as DeferredInitialValue) = value else { return }
        let made = try deferred.make()
        let observer = onWrite
        onWrite = nil
        value = made
        onWrite = observer
    }

    /// A cell holding `value`.
    public init(_ value: Value, isReadOnly: Bool = false) {
        self.value = value
        self.isReadOnly = isReadOnly
    }
}

/// A struct value: its type and its stored properties by name.
public struct Instance {
    /// The type.
    public let type: TypeInfo
    /// Stored properties. A property behind a property wrapper (`@State`) holds a
    /// ``Value/binding(_:)`` to its storage.
    public var fields: [String: Value]

    /// An instance.
    public init(type: TypeInfo, fields: [String: Value]) {
        self.type = type
        self.fields = fields
    }
}

/// A class instance.
public final class Object {
    /// The type.
    public let type: TypeInfo
    /// Stored properties.
    @exclusivity(unchecked) public var fields: [String: Value] {
        willSet { onWrite?(self) }
    }
    /// Called before each write (an `ObservableObject`'s `@Published` properties change the views).
    @exclusivity(unchecked) public var onWrite: ((Object) -> Void)?
    /// Identity for `===` and for messages.
    public let serial: Int

    /// An object.
    public init(type: TypeInfo, fields: [String: Value], serial: Int) {
        self.type = type
        self.fields = fields
        self.serial = serial
    }
}

/// A case of an enum of the file's own.
public struct EnumCaseValue {
    /// The enum.
    public let type: TypeInfo
    /// The case's name.
    public let name: String
    /// Associated values, in order.
    public var associatedValues: [Value]
    /// Their labels.
    public var labels: [String?]

    /// A case.
    public init(type: TypeInfo, name: String, associatedValues: [Value] = [], labels: [String?] = []) {
        self.type = type
        self.name = name
        self.associatedValues = associatedValues
        self.labels = labels
    }
}

/// A range's bounds.
public struct RangeValue {
    /// The lower bound (``Value/none`` for `...b`).
    public var lower: Value
    /// The upper bound (``Value/none`` for `a...`).
    public var upper: Value
    /// `...` (true) or `..<`.
    public var isClosed: Bool

    /// A range.
    public init(lower: Value, upper: Value, isClosed: Bool) {
        self.lower = lower
        self.upper = upper
        self.isClosed = isClosed
    }

    /// The integers it holds, when both bounds are integers; `nil` otherwise.
    public var integers: Range<Int>? {
        guard case let .int(low) = lower, case let .int(high) = upper else { return nil }
        if isClosed {
            guard high < Int.max, low <= high + 1 else { return nil }
            return low..<(high + 1)
        }
        guard low <= high else { return nil }
        return low..<high
    }
}

/// A dictionary in insertion order.
public struct DictionaryValue {
    /// Keys and values, in insertion order.
    public var entries: [(key: Value, value: Value)]

    /// A dictionary.
    public init(entries: [(key: Value, value: Value)] = []) {
        self.entries = entries
    }

    /// The index of `key`, if present.
    public func index(of key: Value) -> Int? {
        entries.firstIndex { $0.key.isEqual(to: key) }
    }

    /// The value for `key`.
    public subscript(key: Value) -> Value? {
        get { index(of: key).map { entries[$0].value } }
        set {
            if let index = index(of: key) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }
}

/// A type used as a value.
public enum TypeReference {
    /// A type of the file's own.
    case user(TypeInfo)
    /// A type of the host's library.
    case native(NativeType)
    /// A standard library type: `Int`, `Double`, `CGFloat`, `String`, `Bool`, `Array`.
    case standard(ValueType)

    /// The name, as Swift spells it.
    public var name: String {
        switch self {
        case let .user(type): type.name
        case let .native(type): type.qualifiedName
        case let .standard(type): type.description
        }
    }
}

extension Value {
    /// Structural equality, as `==` on equatable values.
    public func isEqual(to other: Value) -> Bool {
        switch (self, other) {
        case (.void, .void), (.nilValue, .nilValue): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.int(a), .double(b)), let (.double(b), .int(a)): return Double(a) == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEqual(to: $1) }
        case let (.tuple(a, _), .tuple(b, _)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEqual(to: $1) }
        case let (.dictionary(a), .dictionary(b)):
            return a.entries.count == b.entries.count && a.entries.allSatisfy { entry in b[entry.key].map { $0.isEqual(to: entry.value) } ?? false }
        case let (.range(a), .range(b)):
            return a.isClosed == b.isClosed && a.lower.isEqual(to: b.lower) && a.upper.isEqual(to: b.upper)
        case let (.instance(a), .instance(b)):
            return a.type === b.type && a.fields.count == b.fields.count
                && a.fields.allSatisfy { key, value in b.fields[key].map { $0.isEqual(to: value) } ?? false }
        case let (.object(a), .object(b)): return a === b
        case let (.enumCase(a), .enumCase(b)):
            return a.type === b.type && a.name == b.name && a.associatedValues.count == b.associatedValues.count
                && zip(a.associatedValues, b.associatedValues).allSatisfy { $0.isEqual(to: $1) }
        case let (.binding(a), .binding(b)): return a === b || a.value.isEqual(to: b.value)
        case let (.native(a), .native(b)): return a.isEqual(to: b)
        case let (.type(a), .type(b)): return a.name == b.name
        case let (.function(a), .function(b)): return a === b
        default: return false
        }
    }

    /// The value's type as messages name it.
    public var typeName: String {
        switch self {
        case .void: "Void"
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case let .array(elements): "[\(elements.first?.typeName ?? "Any")]"
        case .dictionary: "Dictionary"
        case .tuple: "tuple"
        case .nilValue: "nil"
        case let .range(range): range.isClosed ? "ClosedRange" : "Range"
        case let .instance(instance): instance.type.name
        case let .object(object): object.type.name
        case let .enumCase(value): value.type.name
        case .function: "function"
        case let .type(type): "\(type.name).Type"
        case let .binding(cell): "Binding<\(cell.value.typeName)>"
        case let .native(value): value.nativeTypeName
        }
    }

    /// The value as `"\(value)"` and `print` show it.
    public var text: String {
        switch self {
        case .void: return "()"
        case let .bool(flag): return flag ? "true" : "false"
        case let .int(number): return String(number)
        case let .double(number): return String(describing: number)
        case let .string(text): return text
        case let .array(elements): return "[" + elements.map(\.quotedText).joined(separator: ", ") + "]"
        case let .dictionary(dictionary):
            if dictionary.entries.isEmpty { return "[:]" }
            return "[" + dictionary.entries.map { "\($0.key.quotedText): \($0.value.quotedText)" }.joined(separator: ", ") + "]"
        case let .tuple(elements, labels):
            return "(" + zip(elements, labels).map { ($1.map { "\($0): " } ?? "") + $0.quotedText }.joined(separator: ", ") + ")"
        case .nilValue: return "nil"
        case let .range(range): return range.lower.text + (range.isClosed ? "..." : "..<") + range.upper.text
        case let .instance(instance):
            let fields = instance.type.storedProperties.map { property in
                "\(property.name): \(instance.fields[property.name]?.quotedText ?? "nil")"
            }
            return "\(instance.type.name)(\(fields.joined(separator: ", ")))"
        case let .object(object): return "\(object.type.name)"
        case let .enumCase(value):
            if value.associatedValues.isEmpty { return value.name }
            return value.name + "(" + zip(value.associatedValues, value.labels).map { ($1.map { "\($0): " } ?? "") + $0.quotedText }.joined(separator: ", ") + ")"
        case .function: return "(Function)"
        case let .type(type): return type.name
        case let .binding(cell): return "Binding<\(cell.value.typeName)>(\(cell.value.quotedText))"
        case let .native(value): return value.nativeTypeName
        }
    }

    /// ``text``, with strings in quotes (as inside a collection's description).
    var quotedText: String {
        if case let .string(text) = self { return "\"" + text + "\"" }
        return text
    }

    /// The number, for a value that is one.
    public var number: Double? {
        switch self {
        case let .int(value): Double(value)
        case let .double(value): value
        default: nil
        }
    }

    /// The value a binding or storage refers to; the value itself otherwise.
    public var dereferenced: Value {
        if case let .binding(cell) = self { return cell.value }
        return self
    }
}

// The evaluator runs on one thread at a time (a task's thread hands over strictly), so values
// cross threads only at those hand-overs.
extension Value: @unchecked Sendable {}
