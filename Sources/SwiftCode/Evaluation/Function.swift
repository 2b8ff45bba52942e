/// Why evaluation stopped early: a located error in the code, a value the code threw, or the
/// evaluator cancelling a task at the end of the render.
public enum Interrupt: Error {
    /// A mistake or an unsupported construct, with where it is.
    case error(EvaluationError)
    /// `throw value`: caught by the code's own `do`/`catch` and `try?`.
    case thrown(Value, at: SourceLocation)
    /// The run is over (a task's `Task.sleep` after the render's last frame): unwinds the task
    /// without running anything else; no `catch` in the code sees it.
    case cancelled
    /// `nil` met by `?` in an optional chain: the chain's value is `nil` (never escapes the chain).
    case nilInOptionalChain

    /// A located error.
    public static func error(_ message: String, at location: SourceLocation) -> Interrupt {
        .error(EvaluationError(message, at: location))
    }
}

/// A mistake in the code or a construct the evaluator does not support, with where it is.
public struct EvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line, without the location.
    public var message: String
    /// Where.
    public var location: SourceLocation

    /// An error.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `line:column: message`.
    public var description: String { "\(location): \(message)" }
}

/// A function value: a closure with the scope it captured, a function or method of the file,
/// or a native function; a method carries the value it is bound to.
public final class Function {
    /// What runs.
    public enum Body {
        /// `{ … }`.
        case closure(Closure)
        /// `func …`.
        case declared(FunctionDeclaration, attributes: [Attribute])
        /// A library function (an unapplied reference such as `min`, or a method value).
        case native([NativeFunction])
    }

    /// What runs.
    public let body: Body
    /// The scope it captured (the declaring scope for functions).
    public let environment: Environment
    /// For a method: `self`.
    @exclusivity(unchecked) public var receiver: Value?
    /// The result builder its body is evaluated with (`@ViewBuilder` closures and functions).
    @exclusivity(unchecked) public var builder: String?
    /// The type its result is expected to have (a declared result, or the parameter type the
    /// closure was passed for).
    @exclusivity(unchecked) public var expectedResult: ValueType?
    /// The parameter types a closure was passed for (they type `$0` and untyped parameters).
    @exclusivity(unchecked) public var expectedParameters: [ValueType]?
    /// The name, for messages and recursion limits.
    public let name: String
    /// The overloads of a method of the file's own (beyond ``body``'s first), resolved by the
    /// call's labels and argument types.
    @exclusivity(unchecked) public var overloads: [TypeInfo.Method]?
    /// Whether calling it changes its receiver (a `mutating` method).
    @exclusivity(unchecked) public var isMutating = false

    /// A function.
    public init(_ body: Body, environment: Environment, name: String) {
        self.body = body
        self.environment = environment
        self.name = name
    }
}

/// A scope: the names declared in it, and the scope around it.
public final class Environment {
    /// A declared name.
    public final class Variable {
        /// Its value (for a `let` not yet initialised: ``Value/none`` with ``isInitialized`` false).
        @exclusivity(unchecked) public var value: Value
        /// `let`.
        public let isLet: Bool
        /// The declared type, if written.
        @exclusivity(unchecked) public var type: ValueType?
        /// Whether a value has been assigned (a `let x: Int` assigned later in an `init`).
        @exclusivity(unchecked) public var isInitialized: Bool

        /// A variable.
        public init(_ value: Value, isLet: Bool, type: ValueType?, isInitialized: Bool = true) {
            self.value = value
            self.isLet = isLet
            self.type = type
            self.isInitialized = isInitialized
        }
    }

    /// The names a scope declares, in the order declared. A scope declares a few (a closure's
    /// parameters, a method's `self`, a block's locals), and every name a body reads is
    /// looked for in each scope out to the file's: they are found by comparing names, which
    /// for a few costs less than hashing the name once. A scope that declares many (the
    /// file's own) also keeps them by name.
    public struct Declarations {
        /// The names and their variables, in the order declared: one array, so that a scope
        /// that declares a name (a closure's parameter) allocates once.
        private var entries: [(name: String, variable: Variable)] = []
        private var byName: [String: Int]?
        /// Above this many names, a scope is searched by hashing.
        private static let linearLimit = 8

        /// The names, in the order declared.
        public var keys: [String] { entries.map(\.name) }

        /// Whether the scope declares no name.
        public var isEmpty: Bool { entries.isEmpty }

        /// The variable declared as `name`, or `nil`; setting one declares it (or replaces the
        /// one of that name), setting `nil` removes it.
        public subscript(name: String) -> Variable? {
            get { index(of: name).map { entries[$0].variable } }
            set {
                if let index = index(of: name) {
                    if let newValue { entries[index].variable = newValue } else { remove(at: index) }
                    return
                }
                guard let newValue else { return }
                entries.append((name, newValue))
                if byName != nil { byName![name] = entries.count - 1 } else if entries.count > Self.linearLimit { reindex() }
            }
        }

        private func index(of name: String) -> Int? {
            if let byName { return byName[name] }
            let length = name.utf8.count
            for index in entries.indices where entries[index].name.utf8.count == length && entries[index].name == name { return index }
            return nil
        }

        private mutating func remove(at index: Int) {
            entries.remove(at: index)
            if byName != nil { reindex() }
        }

        private mutating func reindex() {
            byName = entries.count > Self.linearLimit ? Dictionary(uniqueKeysWithValues: entries.indices.map { (entries[$0].name, $0) }) : nil
        }
    }

    /// Names declared in this scope.
    @exclusivity(unchecked) public var variables = Declarations()
    /// The scope around it.
    public let parent: Environment?
    /// The type whose member the code is (for `Self`, static members and nested types).
    @exclusivity(unchecked) public var selfType: TypeInfo?
    /// Whether the code is a static member (no `self` instance).
    @exclusivity(unchecked) public var isStatic = false
    /// The type a `return` in this scope's function is expected to have.
    @exclusivity(unchecked) public var resultType: ValueType?
    /// Whether the code is a stored property's initial value, which runs before `self` exists.
    @exclusivity(unchecked) public var isPropertyInitializer = false

    /// A scope inside `parent`, by default in the same type as it.
    public init(parent: Environment?, selfType: TypeInfo? = nil) {
        self.parent = parent
        self.selfType = selfType ?? parent?.selfType
        self.isStatic = parent?.isStatic ?? false
        self.resultType = parent?.resultType
        self.isPropertyInitializer = parent?.isPropertyInitializer ?? false
    }

    /// The variable named `name` here or in an enclosing scope.
    public func lookUp(_ name: String) -> Variable? {
        // Each scope holds the scope around it, so the chain outlives the walk: it is walked
        // without counting references (a retain and a release per scope, and a body's name is
        // looked up through half a dozen).
        unowned(unsafe) var scope = self
        while true {
            // An empty scope (a block that declares nothing) is passed over without hashing the name.
            if !scope.variables.isEmpty, let variable = scope.variables[name] { return variable }
            guard let parent = scope.parent else { return nil }
            scope = parent
        }
    }

    /// Declares `name` in this scope.
    public func declare(_ name: String, _ value: Value, isLet: Bool = true, type: ValueType? = nil) {
        variables[name] = Variable(value, isLet: isLet, type: type)
    }

    /// Every name visible from here (for "did you mean" hints).
    public var visibleNames: [String] {
        var names: [String] = []
        var scope: Environment? = self
        while let current = scope {
            names += current.variables.keys
            scope = current.parent
        }
        return names
    }
}
