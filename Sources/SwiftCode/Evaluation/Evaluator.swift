import Motion

/// Runs the Swift of a parsed file: its types with their members and extensions, its functions
/// and closures, over typed values, with the host's library of definitions for everything the
/// file calls but does not declare (SwiftUI, Combine, Foundation).
///
/// Deterministic and bounded: random numbers come from a fixed seed, and the work, the call
/// depth and the size of collections are limited, so no input runs for ever or exhausts memory
/// or the stack; each limit is an ``EvaluationError`` at the code that crossed it.
///
/// ```swift
/// let file = SwiftSyntaxParser.parseFile(text)
/// let evaluator = try Evaluator(file: file, library: library)
/// let value = try evaluator.callGlobal("makeValue", [])
/// ```
public final class Evaluator {
    /// While the library's initialiser runs in place of an initialiser that an extension of the
    /// file declares for a library type (`extension Color { init(hex:) }`): what stopped the
    /// file's own, so that a note can say so rather than that the file declares none.
    @exclusivity(unchecked) public internal(set) var extensionInitializerFailure: EvaluationError?

    /// The host's definitions.
    public let library: NativeLibrary
    /// The file.
    public let file: SourceFileSyntax
    /// The file's top-level types by name.
    @exclusivity(unchecked) public private(set) var types: [String: TypeInfo] = [:]
    /// Members that extensions add to types the file does not declare (`View`, `Color`,
    /// `Double`, `Animation`), by the extended type's name.
    @exclusivity(unchecked) public private(set) var extensions: [String: TypeInfo] = [:]
    /// File-level names: constants, variables and functions.
    public let globals: Environment
    /// `#Preview` declarations, in source order.
    @exclusivity(unchecked) public private(set) var previews: [(expansion: MacroExpansion, location: SourceLocation)] = []
    /// File-level `typealias`es.
    @exclusivity(unchecked) public private(set) var typeAliases: [String: TypeSyntax] = [:]
    /// What `print` wrote, line by line.
    @exclusivity(unchecked) public private(set) var printed: [String] = []
    /// The limits in force.
    @exclusivity(unchecked) public var limits = Limits()
    /// Random numbers (`Double.random(in:)`, `shuffled()`): a fixed seed, so output is deterministic.
    @exclusivity(unchecked) public var random = SeededRandom()
    /// Called whenever a class instance's stored property changes (an `ObservableObject`'s
    /// `@Published` properties), so the host can re-evaluate what depends on it.
    @exclusivity(unchecked) public var onObjectWrite: ((Object) -> Void)?

    /// Every name the file declares, as ``checkNames(usesIn:)`` found them, when the host gives
    /// them: a name outside it that is a library type and no library member (`Circle`,
    /// `HStack`) is that type wherever it is written, and is looked up as such at once, not
    /// through every scope, `self`'s members and the file's globals first.
    public var namesDeclaredInFile: Set<String>?

    /// ``libraryTypeName(_:)``'s answers, by name.
    @exclusivity(unchecked) private var libraryTypeNames: [String: NativeType?] = [:]

    /// The library type a bare `name` is wherever it is written: one the file declares no name
    /// like (see ``namesDeclaredInFile``) and no library type has a member of that name.
    func libraryTypeName(_ name: String) -> NativeType? {
        if let known = recentLibraryTypeNames[name] { return known }
        if let known = libraryTypeNames[name] {
            recentLibraryTypeNames[name] = known
            return known
        }
        let type = namesDeclaredInFile.flatMap { $0.contains(name) ? nil : library.typeNamedOnly(name) }
        libraryTypeNames[name] = type
        recentLibraryTypeNames[name] = type
        return type
    }
    /// ``libraryTypeName(_:)``'s latest answers, found without hashing the name.
    @exclusivity(unchecked) private var recentLibraryTypeNames = NameCache<NativeType?>()
    /// ``nativeType(named:)``'s latest types found, found without hashing the name.
    @exclusivity(unchecked) var recentNativeTypes = NameCache<NativeType>()
    /// ``userType(named:)``'s answers once the declarations are read, found without hashing the name.
    @exclusivity(unchecked) var recentUserTypes = NameCache<TypeInfo?>()
    /// ``instanceMember(_:of:)``'s latest answers, found without hashing the name.
    @exclusivity(unchecked) var recentInstanceMembers = NameCache<NativeMember?>()

    /// Each type's memberwise initialiser's parameters, once made.
    @exclusivity(unchecked) var memberwiseCache: [ObjectIdentifier: [ParameterSpec]] = [:]

    @exclusivity(unchecked) private var globalDeclarations: [String: (binding: PatternBinding, isLet: Bool, location: SourceLocation)] = [:]

    /// Whether the file declares storage that outlives a call and is not a property wrapper's:
    /// a file-level `var` or a `static var` of one of its types (or of an extension). What code
    /// reads from such storage can change without any view's state changing.
    public var hasMutableGlobalStorage: Bool {
        func mutable(_ type: TypeInfo) -> Bool {
            type.staticProperties.values.contains { !$0.isLet && $0.binding.accessors == nil } || type.nestedTypes.values.contains(where: mutable)
        }
        return globalDeclarations.values.contains { !$0.isLet && $0.binding.accessors == nil }
            || types.values.contains(where: mutable) || extensions.values.contains(where: mutable)
    }
    @exclusivity(unchecked) private var evaluatingGlobals: Set<String> = []
    @exclusivity(unchecked) private var objectCount = 0
    /// Evaluation steps taken so far (see ``Limits/work``).
    @exclusivity(unchecked) public internal(set) var work = 0
    /// Current call depth.
    @exclusivity(unchecked) var callDepth = 0
    /// Current recursion depth of the evaluator's own functions (expressions inside calls).
    @exclusivity(unchecked) var depth = 0

    /// Bounds on what a file may make the evaluator do.
    public struct Limits: Sendable {
        /// Evaluation steps (one per expression or statement evaluated) before the code is
        /// stopped as running away; reset by the host between independent runs with ``resetWork()``.
        /// A spinner's action or body takes hundreds to thousands of steps; a million is a
        /// thousand times the largest, and stops a `while true { }` in about 1.7 s of a debug
        /// build (5 million took 8 s).
        public var work = 1_000_000
        /// Nested calls (recursion) allowed.
        public var callDepth = 200
        /// Nested evaluations (expressions inside expressions, through calls) allowed.
        public var depth = 1_500
        /// Elements one array, dictionary or string may hold.
        public var collectionCount = 1_000_000
        /// A limit set.
        public init() {}
    }

    /// Reads the file's declarations: types, extensions, functions, constants, previews.
    ///
    /// - Throws: ``Interrupt/error(_:)`` for a redeclared name, an extension of a type that
    ///   does not exist, or a construct the evaluator does not support at the top level.
    deinit {
        // A function or computed variable of the file holds the scope it is declared in, which
        // holds it: the cycle is broken when the evaluator, the scope's owner, ends (a value
        // made in the run that still needs the scope holds the evaluator, as a custom shape does).
        globals.variables = Environment.Declarations()
    }

    public init(file: SourceFileSyntax, library: NativeLibrary) throws(Interrupt) {
        self.library = library
        self.file = file
        self.globals = Environment(parent: nil)
        StandardLibrary.install(in: library)
        var extensionsToApply: [Declaration] = []
        for item in file.items {
            switch item.kind {
            case let .declaration(declaration):
                if case .extensionDeclaration = declaration.kind {
                    extensionsToApply.append(declaration)
                } else {
                    try declareTopLevel(declaration)
                }
            case .expression:
                // A script's top-level statement (a playground); a file of views has none.
                throw .error("top-level code is not supported here: put it in a view, a function or a property", at: item.location)
            default:
                throw .error("top-level statements are not supported here: put them in a function", at: item.location)
            }
        }
        // Extensions may name types declared after them.
        for declaration in extensionsToApply { try applyExtension(declaration) }
        hasReadDeclarations = true
    }

    // MARK: Declarations

    private func declareTopLevel(_ declaration: Declaration) throws(Interrupt) {
        switch declaration.kind {
        case .importDeclaration, .associatedType, .unsupported:
            break
        case let .variable(variable):
            for binding in variable.bindings {
                guard case let .binding(name) = binding.pattern.kind else {
                    throw .error("only a single name may be declared here", at: binding.pattern.location)
                }
                guard globalDeclarations[name] == nil, globals.variables[name] == nil else {
                    throw .error("invalid redeclaration of '\(name)'", at: binding.pattern.location)
                }
                if let accessors = binding.accessors, case let .getter(block) = accessors {
                    globals.declare(name, .function(Function(.closure(Closure(
                        captures: [], parameters: [], result: binding.type, isAsync: false, isThrowing: false, body: block
                    )), environment: globals, name: name)), isLet: true)
                    computedGlobals.insert(name)
                } else {
                    globalDeclarations[name] = (binding, variable.isLet, binding.pattern.location)
                }
            }
        case let .function(function):
            let value = Function(.declared(function, attributes: declaration.attributes), environment: globals, name: function.name)
            value.builder = builderName(declaration.attributes)
            if let existing = globals.variables[function.name], case let .function(first) = existing.value {
                overloads[function.name, default: [first]].append(value)
            } else {
                globals.declare(function.name, .function(value))
            }
        case let .type(typeDeclaration):
            guard types[typeDeclaration.name] == nil else {
                throw .error("invalid redeclaration of '\(typeDeclaration.name)'", at: declaration.nameLocation)
            }
            types[typeDeclaration.name] = try makeType(typeDeclaration, parent: nil, at: declaration.nameLocation)
        case let .typeAlias(name, _, type):
            typeAliases[name] = type
        case let .macroExpansion(expansion):
            if expansion.name == "Preview" {
                previews.append((expansion, declaration.location))
            }
        case .initializer, .enumCase, .subscriptDeclaration:
            throw .error("this declaration belongs inside a type", at: declaration.location)
        case .extensionDeclaration:
            try applyExtension(declaration)
        }
    }

    /// File-level computed variables (`var x: Int { … }`): read by calling them.
    @exclusivity(unchecked) var computedGlobals: Set<String> = []
    /// File-level function overloads beyond the first, by name.
    @exclusivity(unchecked) var overloads: [String: [Function]] = [:]
    /// ``allConformances(of:)``'s answers, by type. Each entry holds its type, so that its
    /// identifier cannot be reused by another.
    @exclusivity(unchecked) var conformances: [ObjectIdentifier: (type: TypeInfo, names: [String])] = [:]
    /// Whether `init` has read every declaration, after which conformances no longer change.
    @exclusivity(unchecked) private(set) var hasReadDeclarations = false
    /// ``searchOrder(of:)``'s answers, by type. Each order starts with its type, so the cache
    /// holds the type and its identifier cannot be reused by another.
    @exclusivity(unchecked) var nativeSearchOrders: [ObjectIdentifier: [NativeType]] = [:]
    /// ``instanceMember(_:of:)``'s answers, by type and name (`nil`: none). Each entry holds
    /// its type, so that its identifier cannot be reused by another.
    @exclusivity(unchecked) var nativeInstanceMembers: [MemberKey: (type: NativeType, member: NativeMember?)] = [:]
    /// ``propertyType(_:in:)``'s answers, by type and property.
    @exclusivity(unchecked) var propertyTypes: [MemberKey: (type: TypeInfo, valueType: ValueType?)] = [:]

    /// The result builder an attribute list names (`@ViewBuilder`), if the library has it.
    func builderName(_ attributes: [Attribute]) -> String? {
        attributes.first { library.resultBuilders[$0.name] != nil }?.name
    }

    private func makeType(_ declaration: TypeDeclaration, parent: TypeInfo?, at location: SourceLocation) throws(Interrupt) -> TypeInfo {
        let kind: TypeInfo.Kind = switch declaration.keyword {
        case .structKeyword: .structure
        case .classKeyword: .classType
        case .enumKeyword: .enumeration
        case .protocolKeyword: .protocolType
        case .actorKeyword: .actor
        }
        let type = TypeInfo(name: declaration.name, kind: kind, parent: parent, location: location)
        type.generics = declaration.generics
        type.inherited = declaration.inherited
        if kind == .enumeration, let first = declaration.inherited.first {
            let raw = resolve(first, in: type)
            if raw == .int || raw == .double || raw == .string { type.rawType = raw }
        }
        try addMembers(declaration.members, to: type, fromExtension: false)
        return type
    }

    /// Whether a type's own declaration has an `init` (which suppresses the memberwise one).
    @exclusivity(unchecked) private(set) var declaresInitializer: Set<ObjectIdentifier> = []

    private func addMembers(_ members: [Declaration], to type: TypeInfo, fromExtension: Bool) throws(Interrupt) {
        var nextRawInt = (type.cases.last?.rawValue).flatMap { if case let .int(n) = $0 { n + 1 } else { nil } } ?? 0
        for member in members {
            let isStatic = member.modifiers.contains("static") || member.modifiers.contains("class")
            switch member.kind {
            case let .variable(variable):
                for binding in variable.bindings {
                    guard case let .binding(name) = binding.pattern.kind else {
                        throw .error("only a single name may be declared here", at: binding.pattern.location)
                    }
                    if isStatic {
                        type.staticProperties[name] = (binding, variable.isLet, binding.pattern.location, member.attributes)
                        continue
                    }
                    var getter: CodeBlock?
                    var setter: (String, CodeBlock)?
                    var observers: [AccessorBlock] = []
                    switch binding.accessors {
                    case let .getter(block)?: getter = block
                    case let .blocks(blocks)?:
                        for block in blocks {
                            switch block.kind {
                            case "get": getter = block.body
                            case "set": if let body = block.body { setter = (block.parameter ?? "newValue", body) }
                            case "willSet", "didSet": observers.append(block)
                            default: break
                            }
                        }
                    case nil: break
                    }
                    if let getter {
                        type.computedProperties[name] = TypeInfo.ComputedProperty(
                            name: name, type: binding.type, getter: getter, setter: setter, attributes: member.attributes, location: binding.pattern.location
                        )
                    } else {
                        if fromExtension {
                            throw .error("extensions must not contain stored properties", at: binding.pattern.location)
                        }
                        guard !type.storedProperties.contains(where: { $0.name == name }) else {
                            throw .error("invalid redeclaration of '\(name)'", at: binding.pattern.location)
                        }
                        type.storedProperties.append(TypeInfo.StoredProperty(
                            name: name, isLet: variable.isLet, type: binding.type, initializer: binding.initializer,
                            wrapper: member.attributes.first { library.propertyWrappers[$0.name] != nil },
                            isPrivate: member.modifiers.contains("private") || member.modifiers.contains("fileprivate"),
                            isLazy: member.modifiers.contains("lazy"), location: binding.pattern.location, observers: observers
                        ))
                    }
                }
            case let .function(function):
                let method = TypeInfo.Method(declaration: function, attributes: member.attributes,
                                             isMutating: member.modifiers.contains("mutating"), location: member.nameLocation)
                if isStatic { type.staticMethods[function.name, default: []].append(method) } else { type.methods[function.name, default: []].append(method) }
            case let .initializer(initializer):
                let function = FunctionDeclaration(name: "init", generics: initializer.generics, parameters: initializer.parameters,
                                                   isAsync: false, isThrowing: initializer.isThrowing, result: nil, body: initializer.body)
                type.initializers.append(TypeInfo.Method(declaration: function, attributes: member.attributes, isMutating: true, location: member.nameLocation))
                if !fromExtension { declaresInitializer.insert(ObjectIdentifier(type)) }
            case let .type(nested):
                guard type.nestedTypes[nested.name] == nil else {
                    throw .error("invalid redeclaration of '\(nested.name)'", at: member.nameLocation)
                }
                type.nestedTypes[nested.name] = try makeType(nested, parent: type, at: member.nameLocation)
            case let .enumCase(elements):
                guard type.kind == .enumeration else {
                    throw .error("enum 'case' is not allowed outside of an enum", at: member.location)
                }
                for element in elements {
                    var raw: Value?
                    if let rawType = type.rawType {
                        if let written = element.rawValue {
                            raw = try evaluate(written, expected: rawType, in: Environment(parent: globals, selfType: type))
                            if case let .int(n) = raw { nextRawInt = n + 1 }
                        } else if rawType == .int {
                            raw = .int(nextRawInt)
                            nextRawInt += 1
                        } else if rawType == .string {
                            raw = .string(element.name)
                        }
                    }
                    type.cases.append(TypeInfo.Case(name: element.name, associatedValues: element.associatedValues, rawValue: raw, location: element.location))
                }
            case let .typeAlias(name, _, aliased):
                type.typeAliases[name] = aliased
            case let .subscriptDeclaration(declaration):
                type.subscripts.append(declaration)
            case .importDeclaration, .associatedType, .unsupported, .macroExpansion:
                break
            case .extensionDeclaration:
                throw .error("declaration is only valid at file scope", at: member.location)
            }
        }
    }

    private func applyExtension(_ declaration: Declaration) throws(Interrupt) {
        guard case let .extensionDeclaration(extensionDeclaration) = declaration.kind else { return }
        if let type = userType(extensionDeclaration.extendedType) {
            type.inherited += extensionDeclaration.inherited
            try addMembers(extensionDeclaration.members, to: type, fromExtension: true)
            return
        }
        let name = Self.extensionKey(extensionDeclaration.extendedType)
        guard let name else {
            throw .error("cannot extend this type", at: extensionDeclaration.extendedType.location)
        }
        let holder = extensions[name] ?? TypeInfo(name: name, kind: .structure, parent: nil, location: declaration.location)
        holder.inherited += extensionDeclaration.inherited
        try addMembers(extensionDeclaration.members, to: holder, fromExtension: true)
        extensions[name] = holder
    }

    /// The name extensions of a library or standard type are filed under: `Double` for
    /// `CGFloat` and `Float` too (they are one numeric type here), `Array` for `[T]`.
    static func extensionKey(_ type: TypeSyntax) -> String? {
        switch type.kind {
        case let .named(name, _):
            switch ValueType.standard(named: name) {
            case .double?: return "Double"
            case .int?: return "Int"
            case .string?: return "String"
            default: return name
            }
        case let .member(base, name, _):
            return extensionKey(base).map { $0 + "." + name }
        case .array: return "Array"
        case .dictionary: return "Dictionary"
        case .optional: return "Optional"
        default: return nil
        }
    }

    /// The file's own type a written type names (`Spinner`, `Spinner.Style`), if any.
    func userType(_ type: TypeSyntax, from context: TypeInfo? = nil) -> TypeInfo? {
        switch type.kind {
        case let .named(name, _):
            var scope = context
            while let current = scope {
                if current.name == name { return current }
                if let nested = current.nestedTypes[name] { return nested }
                scope = current.parent
            }
            return types[name]
        case let .member(base, name, _):
            return userType(base, from: context)?.nestedTypes[name]
        default:
            return nil
        }
    }

    // MARK: Types

    /// The value type a written type means, in the context of `context` (its generic
    /// parameters and nested types).
    public func resolve(_ type: TypeSyntax, in context: TypeInfo?) -> ValueType {
        switch type.kind {
        case let .named(name, generics):
            if let standard = ValueType.standard(named: name) { return standard }
            if let alias = typeAliases[name] ?? context?.typeAliases[name] { return resolve(alias, in: context) }
            if name == "Array", let element = generics.first { return .array(resolve(element, in: context)) }
            if name == "Optional", let wrapped = generics.first { return .optional(resolve(wrapped, in: context)) }
            if name == "Dictionary", generics.count == 2 {
                return .dictionary(resolve(generics[0], in: context), resolve(generics[1], in: context))
            }
            if name == "Self", let context { return .named(context.qualifiedName) }
            // A generic parameter stands for any type meeting its constraints.
            var scope = context
            while let current = scope {
                if let parameter = current.generics.first(where: { $0.name == name }) {
                    if let constraint = parameter.constraints.first { return resolve(constraint, in: context) }
                    return .any
                }
                scope = current.parent
            }
            if let user = userType(type, from: context) { return .named(user.qualifiedName) }
            return .named(name, generics.map { resolve($0, in: context) })
        case let .member(base, name, generics):
            if let user = userType(type, from: context) { return .named(user.qualifiedName) }
            let baseName = resolve(base, in: context).description
            if baseName == "Swift" || baseName == "SwiftUI" || baseName == "CoreGraphics" || baseName == "Foundation" {
                return resolve(TypeSyntax(.named(name, generics: generics), at: type.location), in: context)
            }
            return .named(baseName + "." + name, generics.map { resolve($0, in: context) })
        case let .array(element): return .array(resolve(element, in: context))
        case let .dictionary(key, value): return .dictionary(resolve(key, in: context), resolve(value, in: context))
        case let .optional(wrapped), let .implicitlyUnwrapped(wrapped): return .optional(resolve(wrapped, in: context))
        case let .tuple(elements):
            if elements.isEmpty { return .void }
            return .tuple(elements.map { resolve($0.type, in: context) }, labels: elements.map(\.label))
        case let .function(parameters, _, _, result):
            return .function(parameters: parameters.map { resolve($0.type, in: context) }, result: resolve(result, in: context))
        case let .opaque(inner), let .existential(inner): return resolve(inner, in: context)
        case let .composition(parts): return parts.first.map { resolve($0, in: context) } ?? .any
        case let .attributed(_, _, inner): return resolve(inner, in: context)
        case .metatype: return .any
        }
    }

    // MARK: Limits

    /// Counts one step of work.
    @inline(__always)
    func step(_ location: SourceLocation) throws(Interrupt) {
        work &+= 1
        if work > limits.work {
            throw .error("the code does too much work (more than \(limits.work) steps): does a loop never end?", at: location)
        }
    }

    /// Starts a fresh work budget (the host calls it before each independent run of the code,
    /// such as one timer tick).
    public func resetWork() { work = 0 }

    /// Enters one level of nested evaluation.
    @inline(__always)
    func enter(_ location: SourceLocation) throws(Interrupt) {
        depth += 1
        if depth > limits.depth {
            depth -= 1
            throw .error("expressions and calls are nested too deeply (more than \(limits.depth) levels)", at: location)
        }
    }

    /// Checks a collection's size against ``Limits/collectionCount``.
    func checkCount(_ count: Int, at location: SourceLocation) throws(Interrupt) {
        if count > limits.collectionCount {
            throw .error("a collection of \(count) elements is more than the \(limits.collectionCount) allowed", at: location)
        }
    }

    // MARK: Globals

    /// The value of a file-level constant or variable (evaluated on first use, as Swift's globals).
    func globalValue(_ name: String, at location: SourceLocation) throws(Interrupt) -> Environment.Variable? {
        if let variable = globals.variables[name] {
            if computedGlobals.contains(name), case let .function(getter) = variable.value {
                return Environment.Variable(try call(getter, [], at: location), isLet: true, type: nil)
            }
            return variable
        }
        guard let declaration = globalDeclarations[name] else { return nil }
        guard !evaluatingGlobals.contains(name) else {
            throw .error("'\(name)' is used within its own initial value", at: location)
        }
        evaluatingGlobals.insert(name)
        defer { evaluatingGlobals.remove(name) }
        let type = declaration.binding.type.map { resolve($0, in: nil) }
        guard let initializer = declaration.binding.initializer else {
            throw .error("global '\(name)' must have an initial value", at: declaration.location)
        }
        let value = coerce(try evaluate(initializer, expected: type, in: globals), to: type)
        globals.declare(name, value, isLet: declaration.isLet, type: type)
        return globals.variables[name]
    }

    /// Writes `text` as `print` does.
    func print(_ text: String) { printed.append(text) }

    /// A new object's serial number.
    func nextObjectSerial() -> Int {
        objectCount += 1
        return objectCount
    }

    /// The file-level function named `name` called with `arguments`, in order (no labels).
    public func callGlobal(_ name: String, _ arguments: [Value], at location: SourceLocation = .start) throws(Interrupt) -> Value {
        guard let variable = try globalValue(name, at: location) else {
            throw .error("cannot find '\(name)' in scope", at: location)
        }
        return try call(variable.value, arguments, at: location)
    }

    /// "did you mean" for `name` among `candidates`, never the name itself.
    func suggestion(_ name: String, among candidates: [String]) -> String {
        Spelling.suggestion(for: name, among: candidates.filter { $0 != name })
    }
}

/// SplitMix64 with a fixed seed: the evaluator's random numbers, the same on every run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The seed every render starts from (the ASCII of "SPINRNDR").
    public static let seed: UInt64 = 0x5350_494E_524E_4452
    /// The generator's state (a script repeats only when its random numbers do).
    public private(set) var state: UInt64

    /// A generator at ``seed``.
    public init(seed: UInt64 = SeededRandom.seed) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
