/// A type the file declares (`struct`, `class`, `enum`, `protocol`), with the members of its
/// declaration and of its extensions.
public final class TypeInfo {
    /// The kinds of declaration.
    public enum Kind: Sendable {
        case structure, classType, enumeration, protocolType, actor
    }

    /// One stored property, in declaration order (the memberwise initialiser's order).
    public struct StoredProperty {
        /// The name.
        public var name: String
        /// `let` (true) or `var`.
        public var isLet: Bool
        /// The declared type, if written.
        public var type: TypeSyntax?
        /// The initial value, if written.
        public var initializer: Expression?
        /// The property wrapper's attribute (`@State`, `@Binding`, `@Environment(…)`), if any.
        public var wrapper: Attribute?
        /// `private` or `fileprivate`.
        public var isPrivate: Bool
        /// `lazy var`.
        public var isLazy: Bool
        /// Where it is declared.
        public var location: SourceLocation
        /// `didSet`/`willSet` observers.
        public var observers: [AccessorBlock]
    }

    /// A computed property.
    public struct ComputedProperty {
        /// The name.
        public var name: String
        /// The declared type.
        public var type: TypeSyntax?
        /// `get` (or the whole block of a read-only property).
        public var getter: CodeBlock
        /// `set(name) { }`, if any, with its parameter name (`newValue` by default).
        public var setter: (parameter: String, body: CodeBlock)?
        /// `@ViewBuilder` and other attributes.
        public var attributes: [Attribute]
        /// Where it is declared.
        public var location: SourceLocation
    }

    /// A function or initialiser declared in the type.
    public struct Method {
        /// The declaration (for initialisers: name `init`).
        public var declaration: FunctionDeclaration
        /// Its attributes (`@ViewBuilder`).
        public var attributes: [Attribute]
        /// `mutating`.
        public var isMutating: Bool
        /// Where it is declared.
        public var location: SourceLocation
    }

    /// An enum case.
    public struct Case {
        /// The name.
        public var name: String
        /// Associated values, `nil` for none.
        public var associatedValues: [EnumAssociatedValue]?
        /// The raw value, once computed (implicit raw values included).
        public var rawValue: Value?
        /// Where it is declared.
        public var location: SourceLocation
    }

    /// The name.
    public let name: String
    /// The kind of declaration.
    public let kind: Kind
    /// The enclosing type, for a nested type (`Spinner.Style`).
    public weak var parent: TypeInfo?
    /// Where it is declared.
    public let location: SourceLocation
    /// Generic parameters: names the members may use as types.
    @exclusivity(unchecked) public var generics: [GenericParameter] = []
    /// `: View, Equatable`, and conformances added by extensions.
    @exclusivity(unchecked) public var inherited: [TypeSyntax] = []
    /// Stored instance properties, in declaration order.
    @exclusivity(unchecked) public var storedProperties: [StoredProperty] = []
    /// Computed instance properties by name.
    @exclusivity(unchecked) public var computedProperties: [String: ComputedProperty] = [:]
    /// Whether it has `animatableData`, as a stored or computed property: found at the first
    /// question, once its members are all declared (a view's place asks for every update).
    public var declaresAnimatableData: Bool {
        if let known = knownAnimatableData { return known }
        let found = computedProperties["animatableData"] != nil || storedProperties.contains { $0.name == "animatableData" }
        knownAnimatableData = found
        return found
    }
    /// A short text no other type of the file has: its declaration's offset in the file, in
    /// base 36 (`8kq`). A host that keys many strings by type (a view's place, made and hashed
    /// on every update) uses it rather than the name, which made most such keys long.
    public var shortIdentity: String {
        if let known = knownShortIdentity { return known }
        let made = String(location.offset, radix: 36)
        knownShortIdentity = made
        return made
    }
    /// Whether it has a computed `body`, found at the first question.
    public var declaresBody: Bool {
        if let known = knownBody { return known }
        let found = computedProperties["body"] != nil
        knownBody = found
        return found
    }
    // The answers above once found: stored without the dynamic exclusivity checks that a
    // `lazy var` makes on every read (a view's place asks on every update).
    @exclusivity(unchecked) private var knownAnimatableData: Bool?
    @exclusivity(unchecked) private var knownShortIdentity: String?
    @exclusivity(unchecked) private var knownBody: Bool?
    /// Instance methods by name (overloads in declaration order).
    @exclusivity(unchecked) public var methods: [String: [Method]] = [:]
    /// Initialisers, in declaration order.
    @exclusivity(unchecked) public var initializers: [Method] = []
    /// Static stored and computed properties by name: the declaration and, once evaluated, the value.
    @exclusivity(unchecked) public var staticProperties: [String: (binding: PatternBinding, isLet: Bool, location: SourceLocation, attributes: [Attribute])] = [:]
    /// Static values already computed (static stored properties are lazy, as in Swift).
    @exclusivity(unchecked) public var staticValues: [String: Value] = [:]
    /// Static methods by name.
    @exclusivity(unchecked) public var staticMethods: [String: [Method]] = [:]
    /// Enum cases in declaration order.
    @exclusivity(unchecked) public var cases: [Case] = []
    /// The raw type of an enum (`Int`, `String`, `Double`), when it has one.
    @exclusivity(unchecked) public var rawType: ValueType?
    /// Types declared inside it.
    @exclusivity(unchecked) public var nestedTypes: [String: TypeInfo] = [:]
    /// `typealias`es declared inside it.
    @exclusivity(unchecked) public var typeAliases: [String: TypeSyntax] = [:]
    /// Subscripts.
    @exclusivity(unchecked) public var subscripts: [SubscriptDeclaration] = []

    /// A type.
    public init(name: String, kind: Kind, parent: TypeInfo?, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.parent = parent
        self.location = location
    }

    /// The name with its enclosing types: `Spinner.Style`.
    public var qualifiedName: String { parent.map { $0.qualifiedName + "." + name } ?? name }

    /// Protocol and superclass names written after `:` (and in extensions).
    public var conformanceNames: [String] {
        inherited.compactMap { type in
            switch type.kind {
            case let .named(name, _): name
            case let .member(_, name, _): name
            default: nil
            }
        }
    }

    /// The case named `name`.
    public func enumCase(named name: String) -> Case? { cases.first { $0.name == name } }
}
