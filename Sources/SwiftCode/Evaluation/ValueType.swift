/// The type an expression is expected to have where it is evaluated: what a declaration, a
/// parameter or the other operand says. It types literals (`2` is a `Double` where a `Double` is
/// expected) and resolves implicit members (`.red` where a `Color` is expected), as Swift's type
/// inference does for the code view code is written in.
public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    /// Anything (no expectation).
    case any
    /// `Void`.
    case void
    /// `Bool`.
    case bool
    /// `Int` and the other integer types.
    case int
    /// `Double`, `CGFloat`, `Float`, `TimeInterval`.
    case double
    /// `String`, `Character`, `Substring`.
    case string
    /// `[Element]`.
    case array(ValueType)
    /// `[Key: Value]`.
    case dictionary(ValueType, ValueType)
    /// `Wrapped?`.
    case optional(ValueType)
    /// `(A, B)`, `(row: A, column: B)`: each element's type and label (`nil` where none).
    case tuple([ValueType], labels: [String?])
    /// A function type: its parameter count matters for closures written with `$0`.
    case function(parameters: [ValueType], result: ValueType)
    /// `Range<Bound>` / `ClosedRange<Bound>`.
    case range(ValueType)
    /// A type by name: the file's own (`LoaderStyle`, `Spinner.Phase`) or the host's (`Color`,
    /// `Angle`, `View`), with its generic arguments (`Binding<Bool>`).
    case named(String, [ValueType])

    /// A named type without generic arguments.
    public static func named(_ name: String) -> ValueType { .named(name, []) }

    /// Swift's spelling.
    public var description: String {
        switch self {
        case .any: "Any"
        case .void: "Void"
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case let .array(element): "[\(element)]"
        case let .dictionary(key, value): "[\(key): \(value)]"
        case let .optional(wrapped): "\(wrapped)?"
        case let .tuple(elements, labels):
            "(" + elements.enumerated().map { index, type in
                (index < labels.count ? labels[index].map { $0 + ": " } ?? "" : "") + type.description
            }.joined(separator: ", ") + ")"
        case let .function(parameters, result): "(" + parameters.map(\.description).joined(separator: ", ") + ") -> \(result)"
        case let .range(bound): "Range<\(bound)>"
        case let .named(name, generics): generics.isEmpty ? name : name + "<" + generics.map(\.description).joined(separator: ", ") + ">"
        }
    }

    /// The type without optionality (what an implicit member resolves against).
    public var unwrapped: ValueType {
        if case let .optional(wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// The name of a named type (through optionals), if it is one.
    public var typeName: String? {
        if case let .named(name, _) = unwrapped { return name }
        return nil
    }

    /// A standard type by its Swift name, or `nil`.
    public static func standard(named name: String) -> ValueType? {
        // Compared only with the names of its length: most names asked about are no standard
        // type's (`Color`, `Circle`), and comparing each with all two dozen cost some 500
        // instructions.
        switch name.utf8.count {
        case 3:
            switch name {
            case "Int": .int
            case "Any": .any
            default: nil
            }
        case 4:
            switch name {
            case "Int8", "UInt": .int
            case "Bool": .bool
            case "Void": .void
            default: nil
            }
        case 5:
            switch name {
            case "Int16", "Int32", "Int64", "UInt8": .int
            case "Float": .double
            default: nil
            }
        case 6:
            switch name {
            case "UInt16", "UInt32", "UInt64": .int
            case "Double": .double
            case "String": .string
            default: nil
            }
        case 7:
            switch name {
            case "CGFloat", "Float32", "Float64", "Float80": .double
            default: nil
            }
        case 9:
            switch name {
            case "Character", "Substring": .string
            case "AnyObject": .any
            default: nil
            }
        case 11: name == "AnyHashable" ? .any : nil
        case 12: name == "TimeInterval" ? .double : nil
        case 14: name == "CFTimeInterval" ? .double : nil
        default: nil
        }
    }
}

/// What ``Value`` a type hint accepts: used to choose between overloads (`Color(.systemGray6)`
/// and `Color("Brand")`) and to check arguments.
extension ValueType {
    /// Whether `value` can be passed where this type is expected (numbers convert; named types
    /// are checked by name and by the protocols a value conforms to, via `conforms`).
    func accepts(_ value: Value, conforms: (Value, String) -> Bool) -> Bool {
        switch self {
        case .any: return true
        case .void: if case .void = value { return true } else { return false }
        case .bool: if case .bool = value { return true } else { return false }
        case .int: if case .int = value { return true } else { return false }
        case .double:
            switch value {
            case .double, .int: return true
            default: return false
            }
        case .string: if case .string = value { return true } else { return false }
        case .array: if case .array = value { return true } else { return false }
        case .dictionary: if case .dictionary = value { return true } else { return false }
        case let .optional(wrapped):
            if case .nilValue = value { return true }
            return wrapped.accepts(value, conforms: conforms)
        case .tuple: if case .tuple = value { return true } else { return false }
        case .function: if case .function = value { return true } else { return false }
        case .range: if case .range = value { return true } else { return false }
        case let .named(name, _):
            return conforms(value, name)
        }
    }
}
