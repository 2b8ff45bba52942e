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

    /// Names declared in this scope.
    @exclusivity(unchecked) public var variables: [String: Variable] = [:]
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
        var scope: Environment? = self
        while let current = scope {
            // An empty scope (a block that declares nothing) is passed over without hashing the name.
            if !current.variables.isEmpty, let variable = current.variables[name] { return variable }
            scope = current.parent
        }
        return nil
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
