// The syntax tree of a Swift source file, as view code is written: every declaration, statement
// and expression form a SwiftUI file uses, each node with the location of its first token.
//
// The tree is syntax only: names are not resolved and nothing is typed. `#if` blocks are
// resolved by the parser against a ``BuildConfiguration`` (only the active clause's items
// reach the tree), so no later layer sees them. Operator precedence is resolved by the parser
// with Swift's standard precedence groups.

/// A position in the source text.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters (extended grapheme clusters) as an editor shows them.
    public var column: Int
    /// Offset of the position in the text's UTF-8 bytes, from 0.
    public var offset: Int

    /// A location.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The start of a text.
    public static let start = SourceLocation(line: 1, column: 1, offset: 0)

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { a.offset < b.offset }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

// MARK: - File

/// A parsed file: its top-level items in source order.
public struct SourceFileSyntax: Sendable {
    /// Declarations and (in a script or playground-style file) top-level statements.
    public var items: [Statement]
    /// What the parser could not read, in source order; empty for a well-formed file.
    public var diagnostics: [SyntaxDiagnostic]

    /// A file.
    public init(items: [Statement], diagnostics: [SyntaxDiagnostic]) {
        self.items = items
        self.diagnostics = diagnostics
    }
}

/// A syntax error: where, and what the parser expected.
public struct SyntaxDiagnostic: Error, Hashable, Sendable {
    /// Where the problem is (for a missing token: just after the previous one, or the end of
    /// the file when the file ends there).
    public var location: SourceLocation
    /// One line, without the location, e.g. `expected ')' to close the argument list`.
    public var message: String

    /// A diagnostic.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}

// MARK: - Types

/// A written type.
public struct TypeSyntax: Hashable, Sendable {
    /// The form of the type.
    public indirect enum Kind: Hashable, Sendable {
        /// `Int`, `Color`, `Array<Int>`, `Binding<Bool>`, `Self`.
        case named(String, generics: [TypeSyntax])
        /// `Edge.Set`, `Font.Weight`, `Swift.Int`: a member type of `base`.
        case member(base: TypeSyntax, name: String, generics: [TypeSyntax])
        /// `[Element]`.
        case array(TypeSyntax)
        /// `[Key: Value]`.
        case dictionary(key: TypeSyntax, value: TypeSyntax)
        /// `Wrapped?`.
        case optional(TypeSyntax)
        /// `Wrapped!`.
        case implicitlyUnwrapped(TypeSyntax)
        /// `(Int, label: Double)`; `()` is the empty tuple (`Void`). A parenthesised single
        /// unlabelled type is that type, not a tuple.
        case tuple([TupleTypeElement])
        /// `(Int, Double) async throws -> Bool`.
        case function(parameters: [TupleTypeElement], isAsync: Bool, isThrowing: Bool, result: TypeSyntax)
        /// `some View`.
        case opaque(TypeSyntax)
        /// `any Shape`.
        case existential(TypeSyntax)
        /// `View & Equatable`.
        case composition([TypeSyntax])
        /// `@escaping () -> Void`, `inout Int`, `@ViewBuilder () -> Content`: the attributes
        /// and specifiers (`inout`, `borrowing`, `consuming`) written before a type.
        /// Attributes are kept by name (`escaping`, `ViewBuilder`, `Sendable`, `MainActor`).
        case attributed(specifiers: [String], attributes: [String], TypeSyntax)
        /// `T.Type`, `T.Protocol`.
        case metatype(TypeSyntax, isProtocol: Bool)
    }

    /// The form.
    public var kind: Kind
    /// The first token of the type.
    public var location: SourceLocation

    /// A type.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// An element of a tuple type or a function type's parameter list.
public struct TupleTypeElement: Hashable, Sendable {
    /// `label:` (for a function type: the argument label, or `_`), if written.
    public var label: String?
    /// The element's type.
    public var type: TypeSyntax
    /// `Int...`.
    public var isVariadic: Bool

    /// An element.
    public init(label: String?, type: TypeSyntax, isVariadic: Bool = false) {
        self.label = label
        self.type = type
        self.isVariadic = isVariadic
    }
}

/// `@State`, `@Environment(\.colorScheme)`, `@available(iOS 17, *)`, `@MainActor`.
public struct Attribute: Sendable {
    /// The name without `@`: `State`, `Environment`, `available`, `objc`.
    public var name: String
    /// Generic arguments: `@Binding<Bool>` is rare but legal.
    public var generics: [TypeSyntax]
    /// The parenthesised arguments as expressions, when they parse as an argument list
    /// (`@Environment(\.colorScheme)`, `@AppStorage("key")`); `nil` without parentheses.
    /// `@available(iOS 17, *)` and other attributes whose arguments are not expressions keep
    /// their raw text in ``rawArguments`` and `nil` here.
    public var arguments: [Argument]?
    /// The text between the parentheses, exactly as written, when there are parentheses.
    public var rawArguments: String?
    /// Where `@` is.
    public var location: SourceLocation

    /// An attribute.
    public init(name: String, generics: [TypeSyntax] = [], arguments: [Argument]?, rawArguments: String?, at location: SourceLocation) {
        self.name = name
        self.generics = generics
        self.arguments = arguments
        self.rawArguments = rawArguments
        self.location = location
    }
}

/// `<T: ShapeStyle, Content: View>` on a type or a function, with its `where` clause merged in.
public struct GenericParameter: Hashable, Sendable {
    /// `T`.
    public var name: String
    /// `ShapeStyle` in `T: ShapeStyle` (and requirements from `where T: …`).
    public var constraints: [TypeSyntax]
    /// Where the name is.
    public var location: SourceLocation

    /// A generic parameter.
    public init(name: String, constraints: [TypeSyntax], at location: SourceLocation) {
        self.name = name
        self.constraints = constraints
        self.location = location
    }
}

// MARK: - Declarations

/// Declaration modifiers: access, `static`, `class`, `final`, `mutating`, `nonmutating`,
/// `override`, `lazy`, `weak`, `unowned`, `private(set)`, `indirect`, `convenience`,
/// `required`, `nonisolated`, `open`, `public`, `internal`, `fileprivate`, `private`,
/// `dynamic`, `optional`. Kept as written (`private(set)` as one string).
public typealias DeclarationModifiers = [String]

/// A declaration.
public struct Declaration: Sendable {
    /// The kinds of declaration.
    public indirect enum Kind: Sendable {
        /// `import SwiftUI`, `import struct Foundation.Date`: the module path.
        case importDeclaration([String])
        /// `let`/`var`, stored or computed, one or more bindings.
        case variable(VariableDeclaration)
        /// `func`.
        case function(FunctionDeclaration)
        /// `init`.
        case initializer(InitializerDeclaration)
        /// `struct`, `class`, `enum`, `protocol`, `actor`.
        case type(TypeDeclaration)
        /// `extension Type: Protocols where … { members }`.
        case extensionDeclaration(ExtensionDeclaration)
        /// `case a, b(Int), c = 3` inside an enum.
        case enumCase([EnumCaseElement])
        /// `typealias Name<T> = Type`.
        case typeAlias(name: String, generics: [GenericParameter], type: TypeSyntax)
        /// `subscript(index: Int) -> Element { … }`.
        case subscriptDeclaration(SubscriptDeclaration)
        /// `associatedtype Element: View` in a protocol.
        case associatedType(name: String, constraints: [TypeSyntax])
        /// A freestanding macro used as a declaration: `#Preview("Name", traits: …) { … }`,
        /// `#warning("…")`.
        case macroExpansion(MacroExpansion)
        /// `operator`, `precedencegroup`, `deinit` and other declarations that view code does
        /// not use: the keyword, so the evaluator can say it is not supported.
        case unsupported(keyword: String)
    }

    /// The form.
    public var kind: Kind
    /// Attributes written before it.
    public var attributes: [Attribute]
    /// Modifiers written before it.
    public var modifiers: DeclarationModifiers
    /// The declaration's first token (its first attribute or modifier, else its keyword).
    public var location: SourceLocation
    /// Where its name is (the keyword's location for declarations without a name).
    public var nameLocation: SourceLocation

    /// A declaration.
    public init(_ kind: Kind, attributes: [Attribute] = [], modifiers: DeclarationModifiers = [],
                at location: SourceLocation, nameLocation: SourceLocation? = nil) {
        self.kind = kind
        self.attributes = attributes
        self.modifiers = modifiers
        self.location = location
        self.nameLocation = nameLocation ?? location
    }
}

/// `let a = 1, b: Int`, `@State private var x = false`, `var body: some View { … }`.
public struct VariableDeclaration: Sendable {
    /// `let` (true) or `var`.
    public var isLet: Bool
    /// The bindings, in order (one for almost every declaration).
    public var bindings: [PatternBinding]

    /// A declaration.
    public init(isLet: Bool, bindings: [PatternBinding]) {
        self.isLet = isLet
        self.bindings = bindings
    }
}

/// One `pattern: Type = value` or `name: Type { accessors }` of a `let`/`var`.
public struct PatternBinding: Sendable {
    /// `x`, `(a, b)`, `_`.
    public var pattern: Pattern
    /// `: Type`, if written.
    public var type: TypeSyntax?
    /// `= value`, if written.
    public var initializer: Expression?
    /// The accessor block of a computed property or the observers of a stored one.
    public var accessors: Accessors?

    /// A binding.
    public init(pattern: Pattern, type: TypeSyntax?, initializer: Expression?, accessors: Accessors?) {
        self.pattern = pattern
        self.type = type
        self.initializer = initializer
        self.accessors = accessors
    }
}

/// What follows a property's type in braces.
public enum Accessors: Sendable {
    /// `{ statements }`: a read-only computed property.
    case getter(CodeBlock)
    /// `{ get { } set(newValue) { } }`, `{ get }` in a protocol (bodies `nil`), or stored
    /// properties' `willSet`/`didSet` observers.
    case blocks([AccessorBlock])
}

extension Accessors {
    /// The body that reads the value: the block of a read-only computed property, or its
    /// `get { … }` (`nil` for a protocol's `{ get }` and for observers alone).
    public var getter: CodeBlock? {
        switch self {
        case let .getter(block): block
        case let .blocks(blocks): blocks.first { $0.kind == "get" }?.body
        }
    }
}

/// `get { … }`, `set(name) { … }`, `willSet`, `didSet`, `_modify` …
public struct AccessorBlock: Sendable {
    /// `get`, `set`, `willSet`, `didSet`, `_read`, `_modify`, `init`.
    public var kind: String
    /// `set(value)`: the parameter name, if written.
    public var parameter: String?
    /// `get async throws`: effect specifiers written after the keyword.
    public var effects: [String]
    /// The body; `nil` in a protocol requirement (`{ get set }`).
    public var body: CodeBlock?
    /// Where the keyword is.
    public var location: SourceLocation

    /// An accessor.
    public init(kind: String, parameter: String?, effects: [String] = [], body: CodeBlock?, at location: SourceLocation) {
        self.kind = kind
        self.parameter = parameter
        self.effects = effects
        self.body = body
        self.location = location
    }
}

/// `func name<T>(parameters) async throws -> Result where … { body }`.
public struct FunctionDeclaration: Sendable {
    /// The name: `shimmer`, or an operator (`+`, `==`) for an operator function.
    public var name: String
    /// `<T: View>` and `where` requirements.
    public var generics: [GenericParameter]
    /// The parameters.
    public var parameters: [Parameter]
    /// `async`.
    public var isAsync: Bool
    /// `throws` (or `rethrows`, `throws(E)`).
    public var isThrowing: Bool
    /// `-> Type`, if written (else `Void`).
    public var result: TypeSyntax?
    /// The body; `nil` in a protocol requirement.
    public var body: CodeBlock?

    /// A function.
    public init(name: String, generics: [GenericParameter], parameters: [Parameter], isAsync: Bool,
                isThrowing: Bool, result: TypeSyntax?, body: CodeBlock?) {
        self.name = name
        self.generics = generics
        self.parameters = parameters
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.result = result
        self.body = body
    }
}

/// `init?<T>(parameters) throws { body }`.
public struct InitializerDeclaration: Sendable {
    /// `init?` or `init!`.
    public var isFailable: Bool
    /// `<T>` and `where` requirements.
    public var generics: [GenericParameter]
    /// The parameters.
    public var parameters: [Parameter]
    /// `throws`.
    public var isThrowing: Bool
    /// The body; `nil` in a protocol requirement.
    public var body: CodeBlock?

    /// An initialiser.
    public init(isFailable: Bool, generics: [GenericParameter], parameters: [Parameter], isThrowing: Bool, body: CodeBlock?) {
        self.isFailable = isFailable
        self.generics = generics
        self.parameters = parameters
        self.isThrowing = isThrowing
        self.body = body
    }
}

/// `subscript(index: Int) -> Element { get { } set { } }`.
public struct SubscriptDeclaration: Sendable {
    /// The parameters (labels as for functions: none unless written twice, `subscript(row row: Int)`).
    public var parameters: [Parameter]
    /// The element type.
    public var result: TypeSyntax
    /// The accessors.
    public var accessors: Accessors

    /// A subscript.
    public init(parameters: [Parameter], result: TypeSyntax, accessors: Accessors) {
        self.parameters = parameters
        self.result = result
        self.accessors = accessors
    }
}

/// A function, initialiser or subscript parameter: `_ x: Int = 0`, `label name: T...`,
/// `value: inout Double`, `@ViewBuilder content: () -> Content`.
public struct Parameter: Sendable {
    /// The argument label callers write: `nil` for `_` (no label). For `func f(x: Int)` it is
    /// `x`; for `func f(_ x: Int)` `nil`; for `func f(at x: Int)` `at`.
    public var label: String?
    /// The name the body uses (`x`); `_` when the body cannot use it.
    public var name: String
    /// The type (closures' parameters without a type are not ``Parameter``s).
    public var type: TypeSyntax
    /// `= value`.
    public var defaultValue: Expression?
    /// `T...`.
    public var isVariadic: Bool
    /// Where the parameter starts.
    public var location: SourceLocation

    /// A parameter.
    public init(label: String?, name: String, type: TypeSyntax, defaultValue: Expression?, isVariadic: Bool, at location: SourceLocation) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isVariadic = isVariadic
        self.location = location
    }
}

/// `struct`, `class`, `enum`, `protocol` or `actor`.
public struct TypeDeclaration: Sendable {
    /// The keyword.
    public enum Keyword: String, Hashable, Sendable {
        case structKeyword = "struct"
        case classKeyword = "class"
        case enumKeyword = "enum"
        case protocolKeyword = "protocol"
        case actorKeyword = "actor"
    }

    /// Which keyword declared it.
    public var keyword: Keyword
    /// The name.
    public var name: String
    /// `<T: ShapeStyle>` and `where` requirements.
    public var generics: [GenericParameter]
    /// `: View, Equatable` — the superclass, raw type or protocols, as written.
    public var inherited: [TypeSyntax]
    /// The members, in source order (`#if` resolved).
    public var members: [Declaration]

    /// A type declaration.
    public init(keyword: Keyword, name: String, generics: [GenericParameter], inherited: [TypeSyntax], members: [Declaration]) {
        self.keyword = keyword
        self.name = name
        self.generics = generics
        self.inherited = inherited
        self.members = members
    }
}

/// `extension Type: Protocols where … { members }`.
public struct ExtensionDeclaration: Sendable {
    /// The type extended (`View`, `Color`, `Animation`, `Spinner.Style`).
    public var extendedType: TypeSyntax
    /// Conformances added.
    public var inherited: [TypeSyntax]
    /// `where Self == Color` and similar requirements, as generic parameters of `Self`.
    public var requirements: [GenericParameter]
    /// The members.
    public var members: [Declaration]

    /// An extension.
    public init(extendedType: TypeSyntax, inherited: [TypeSyntax], requirements: [GenericParameter], members: [Declaration]) {
        self.extendedType = extendedType
        self.inherited = inherited
        self.requirements = requirements
        self.members = members
    }
}

/// One element of an enum's `case` declaration.
public struct EnumCaseElement: Sendable {
    /// The case name.
    public var name: String
    /// `case loading(progress: Double, String)`: the associated values; `nil` for none.
    public var associatedValues: [EnumAssociatedValue]?
    /// `case slow = 2.0`, `case red = "red"`: the raw value literal.
    public var rawValue: Expression?
    /// Where the name is.
    public var location: SourceLocation

    /// A case.
    public init(name: String, associatedValues: [EnumAssociatedValue]?, rawValue: Expression?, at location: SourceLocation) {
        self.name = name
        self.associatedValues = associatedValues
        self.rawValue = rawValue
        self.location = location
    }
}

/// `label: Type = default` in an enum case.
public struct EnumAssociatedValue: Sendable {
    /// The label, if written (`_` is `nil`).
    public var label: String?
    /// The type.
    public var type: TypeSyntax
    /// A default value.
    public var defaultValue: Expression?

    /// An associated value.
    public init(label: String?, type: TypeSyntax, defaultValue: Expression?) {
        self.label = label
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// A freestanding macro: `#Preview("Name", traits: .sizeThatFitsLayout) { … }` as a
/// declaration, `#colorLiteral(red: 1, green: 0, blue: 0, alpha: 1)` or `#file` as an expression.
public struct MacroExpansion: Sendable {
    /// The name without `#`.
    public var name: String
    /// Generic arguments.
    public var generics: [TypeSyntax]
    /// The parenthesised arguments (empty without parentheses).
    public var arguments: [Argument]
    /// Trailing closures.
    public var trailingClosures: [TrailingClosure]
    /// Where `#` is.
    public var location: SourceLocation

    /// A macro expansion.
    public init(name: String, generics: [TypeSyntax], arguments: [Argument], trailingClosures: [TrailingClosure], at location: SourceLocation) {
        self.name = name
        self.generics = generics
        self.arguments = arguments
        self.trailingClosures = trailingClosures
        self.location = location
    }
}

// MARK: - Statements

/// `{ statements }` of a function, accessor, closure or control statement.
public struct CodeBlock: Sendable {
    /// The statements (`#if` resolved).
    public var statements: [Statement]
    /// The `{`.
    public var location: SourceLocation
    /// The `}`.
    public var end: SourceLocation

    /// A block.
    public init(statements: [Statement], at location: SourceLocation, end: SourceLocation) {
        self.statements = statements
        self.location = location
        self.end = end
    }
}

/// A statement; in a view builder each expression statement is a view.
public struct Statement: Sendable {
    /// The kinds of statement.
    public indirect enum Kind: Sendable {
        /// An expression (a call, an assignment, a view in a view builder).
        case expression(Expression)
        /// A local declaration (`let`, `var`, `func`, `struct` …) or, at the top level, any.
        case declaration(Declaration)
        /// `if conditions { } else if … { } else { }`.
        case ifStatement(IfStatement)
        /// `guard conditions else { }`.
        case guardStatement(conditions: [Condition], elseBody: CodeBlock)
        /// `switch subject { case …: … default: … }`.
        case switchStatement(subject: Expression, cases: [SwitchCase])
        /// `for pattern in sequence where condition { }`.
        case forIn(pattern: Pattern, sequence: Expression, whereClause: Expression?, body: CodeBlock)
        /// `while conditions { }`.
        case whileLoop(conditions: [Condition], body: CodeBlock)
        /// `repeat { } while condition`.
        case repeatWhile(body: CodeBlock, condition: Expression)
        /// `do { } catch pattern where … { }`.
        case doStatement(body: CodeBlock, catches: [CatchClause])
        /// `return` or `return value`.
        case returnStatement(Expression?)
        /// `break` or `break label`.
        case breakStatement(label: String?)
        /// `continue` or `continue label`.
        case continueStatement(label: String?)
        /// `fallthrough`.
        case fallthroughStatement
        /// `throw error`.
        case throwStatement(Expression)
        /// `defer { }`.
        case deferStatement(CodeBlock)
    }

    /// The form.
    public var kind: Kind
    /// `outer:` written before a loop, `if`, `switch` or `do`.
    public var label: String?
    /// The statement's first token (its label's, when labelled).
    public var location: SourceLocation

    /// A statement.
    public init(_ kind: Kind, label: String? = nil, at location: SourceLocation) {
        self.kind = kind
        self.label = label
        self.location = location
    }
}

/// `if conditions { } else if … else { }`.
public struct IfStatement: Sendable {
    /// The conditions, all of which must hold (`if let a, b > 0, case .x = y`).
    public var conditions: [Condition]
    /// The body when they hold.
    public var body: CodeBlock
    /// `else { }` or `else if …`.
    public var elseBranch: ElseBranch?

    /// What follows `else`.
    public indirect enum ElseBranch: Sendable {
        /// `else { }`.
        case block(CodeBlock)
        /// `else if …`.
        case ifStatement(IfStatement, at: SourceLocation)
    }

    /// An `if`.
    public init(conditions: [Condition], body: CodeBlock, elseBranch: ElseBranch?) {
        self.conditions = conditions
        self.body = body
        self.elseBranch = elseBranch
    }
}

/// One condition of an `if`, `guard` or `while`.
public struct Condition: Sendable {
    /// The kinds of condition.
    public enum Kind: Sendable {
        /// A Boolean expression.
        case expression(Expression)
        /// `let name = value`, `var name = value`, `let name` (Swift 5.7 shorthand: `value`
        /// `nil`), `let (a, b) = pair` — an optional binding.
        case optionalBinding(isLet: Bool, pattern: Pattern, type: TypeSyntax?, value: Expression?)
        /// `case pattern = value`.
        case patternMatch(Pattern, Expression)
        /// `#available(iOS 17, *)` (`isUnavailable` false) or `#unavailable(…)`: the platform
        /// and version list as written, e.g. `["iOS 17", "macOS 14", "*"]`.
        case availability(platforms: [String], isUnavailable: Bool)
    }

    /// The form.
    public var kind: Kind
    /// Where it starts.
    public var location: SourceLocation

    /// A condition.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// `case pattern, pattern where condition: statements` or `default: statements`.
public struct SwitchCase: Sendable {
    /// The patterns; empty for `default`.
    public var patterns: [Pattern]
    /// `where condition`.
    public var whereClause: Expression?
    /// The statements up to the next case.
    public var statements: [Statement]
    /// `@unknown default`.
    public var isUnknownDefault: Bool
    /// Where `case` or `default` is.
    public var location: SourceLocation

    /// Whether this is the `default` case.
    public var isDefault: Bool { patterns.isEmpty }

    /// A case.
    public init(patterns: [Pattern], whereClause: Expression?, statements: [Statement], isUnknownDefault: Bool = false, at location: SourceLocation) {
        self.patterns = patterns
        self.whereClause = whereClause
        self.statements = statements
        self.isUnknownDefault = isUnknownDefault
        self.location = location
    }
}

/// `catch pattern where condition { }`; no pattern binds `error`.
public struct CatchClause: Sendable {
    /// The pattern, if written.
    public var pattern: Pattern?
    /// `where condition`.
    public var whereClause: Expression?
    /// The body.
    public var body: CodeBlock
    /// Where `catch` is.
    public var location: SourceLocation

    /// A clause.
    public init(pattern: Pattern?, whereClause: Expression?, body: CodeBlock, at location: SourceLocation) {
        self.pattern = pattern
        self.whereClause = whereClause
        self.body = body
        self.location = location
    }
}

// MARK: - Patterns

/// A pattern in `let`, `for`, `case` and `catch`.
public struct Pattern: Sendable {
    /// The kinds of pattern. A name or `_`, most patterns, is held in place; the cases that
    /// hold other nodes are boxed (`indirect`).
    public enum Kind: Sendable {
        /// `name` (in `let name`, `for name in`, `case .x(let name)`).
        case binding(String)
        /// `_`.
        case wildcard
        /// `(a, b)`, `(x: a, y: b)`.
        indirect case tuple([(label: String?, pattern: Pattern)])
        /// `let p` / `var p` inside a `case` pattern: the names in `p` bind.
        indirect case valueBinding(isLet: Bool, Pattern)
        /// `.loading(let p)`, `Phase.done`, `.some(let x)`: an enum case, with sub-patterns of
        /// its associated values (`nil` when none are written).
        indirect case enumCase(type: TypeSyntax?, name: String, arguments: [(label: String?, pattern: Pattern)]?)
        /// `x?` — matches a non-`nil` optional.
        indirect case optional(Pattern)
        /// `is Type`.
        indirect case isType(TypeSyntax)
        /// `pattern as Type`.
        indirect case cast(Pattern, TypeSyntax)
        /// An expression matched with `~=` (`0..<5`, `"a"`, `someValue`).
        indirect case expression(Expression)
        /// `name: Type` in a `let`/`var` whose type annotation the binding holds is not here:
        /// this is for `for (i, x): (Int, Int) in` and closure-style typed patterns.
        indirect case typed(Pattern, TypeSyntax)
    }

    /// The form.
    public var kind: Kind
    /// Where it starts.
    public var location: SourceLocation

    /// A pattern.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

// MARK: - Expressions

/// An expression and where it starts.
public struct Expression: Sendable {
    /// The kinds of expression. Names, implicit members and literals, most of a file's
    /// expressions, are held in place, with no allocation of their own; the cases that hold
    /// other expressions or large payloads are boxed (`indirect`).
    public enum Kind: Sendable {
        /// `42`, `0x1F`, `1_000`: the text as written (underscores kept) and its value, `nil`
        /// when it does not fit in `Int` (a type with more bits, or an error the evaluator reports).
        case integerLiteral(text: String, value: Int?)
        /// `0.5`, `1e-3`, `0x1p4`.
        case floatLiteral(text: String, value: Double)
        /// `"text \(value) more"`, multi-line and raw strings, escapes resolved.
        case stringLiteral([StringSegment])
        /// `true` / `false`.
        case booleanLiteral(Bool)
        /// `nil`.
        case nilLiteral
        /// A name: `animating`, `self`, `Self`, `Color`, `$0`, `$isOn`, `_isOn`, `` `default` ``
        /// (backticks removed), `super`, with generic arguments when written (`Array<Int>`,
        /// `State<Bool>` — Swift's rule: `<` right after the name, a matching `>`, then a token
        /// that can follow a type).
        case identifier(String, generics: [TypeSyntax])
        /// `.red`, `.degrees` — resolved by the type the context expects.
        case implicitMember(String)
        /// `base.name`, `tuple.0` (name `"0"`), `base.init` (name `"init"`), `base.self`.
        indirect case member(base: Expression, name: String, nameLocation: SourceLocation, generics: [TypeSyntax])
        /// `callee(arguments) { trailing } label: { … }`.
        indirect case call(callee: Expression, arguments: [Argument], trailingClosures: [TrailingClosure])
        /// `base[arguments]`.
        indirect case subscriptCall(base: Expression, arguments: [Argument])
        /// `base?` before a member, call or subscript: the chain yields `nil` when `base` is
        /// `nil`. The node marks the point; ``optionalChainEnd`` bounds the chain.
        indirect case optionalChain(Expression)
        /// The end of an optional chain: the whole `a?.b.c()` is wrapped in one of these, so
        /// the evaluator knows where a `nil` short-circuits to.
        indirect case optionalChainEnd(Expression)
        /// `base!`.
        indirect case forceUnwrap(Expression)
        /// `-x`, `!x`, `~x`, `...x`, `..<x`: a prefix operator.
        indirect case prefixOperator(String, Expression)
        /// `x...`: a postfix operator (one-sided range).
        indirect case postfixOperator(String, Expression)
        /// `a + b`, `a ?? b`, `a..<b`, `a && b`; precedence and associativity resolved.
        indirect case binaryOperator(String, Expression, Expression, operatorLocation: SourceLocation)
        /// `a = b`, `a += b` … (AssignmentPrecedence).
        indirect case assignment(operator: String, target: Expression, value: Expression, operatorLocation: SourceLocation)
        /// `condition ? a : b`.
        indirect case ternary(Expression, Expression, Expression)
        /// `x is T`, `x as T`, `x as? T`, `x as! T`.
        indirect case cast(Expression, CastKind, TypeSyntax)
        /// `try x`, `try? x`, `try! x`.
        indirect case tryExpression(TryKind, Expression)
        /// `await x`.
        indirect case awaitExpression(Expression)
        /// `{ parameters in statements }`.
        indirect case closure(Closure)
        /// `[a, b]`; `[Color]` used as a type (`[Color]()`) is also an array literal of one
        /// identifier: the evaluator tells them apart by what follows.
        case arrayLiteral([Expression])
        /// `[k: v]`, `[:]`.
        case dictionaryLiteral([(key: Expression, value: Expression)])
        /// `(a, b)`, `(x: 1, y: 2)`, `()`; a parenthesised single unlabelled expression is that
        /// expression, not a tuple.
        case tuple([(label: String?, value: Expression)])
        /// `\.self`, `\.colorScheme`, `\Item.id`: the root type, if written, and the components.
        indirect case keyPath(root: TypeSyntax?, components: [String])
        /// `#colorLiteral(…)`, `#file`, `#line`.
        indirect case macroExpansion(MacroExpansion)
        /// `_` as an assignment target (`_ = value`).
        case discard
        /// A type that appears where an expression is expected and cannot be written as one of
        /// the above: `[Int].self`, `(Int, Int).self`, `Int?.none`.
        indirect case type(TypeSyntax)
        /// `if c { a } else { b }` and `switch` used as values (Swift 5.9).
        indirect case statementExpression(Statement)
    }

    /// The form.
    public var kind: Kind
    /// The first token.
    public var location: SourceLocation

    /// An expression.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// `is`, `as`, `as?`, `as!`.
public enum CastKind: String, Hashable, Sendable {
    case isType = "is"
    case asType = "as"
    case conditional = "as?"
    case forced = "as!"
}

/// `try`, `try?`, `try!`.
public enum TryKind: String, Hashable, Sendable {
    case plain = "try"
    case optional = "try?"
    case forced = "try!"
}

/// A piece of a string literal.
public enum StringSegment: Sendable {
    /// Literal text, escapes resolved.
    case text(String)
    /// `\(value)` or `\(value, specifier: "%.1f")` (SwiftUI's `LocalizedStringKey` takes labelled
    /// interpolations): the arguments between the parentheses.
    case interpolation([Argument], at: SourceLocation)
}

/// `label: value` or `value` in a call, subscript, attribute or macro.
public struct Argument: Sendable {
    /// The label, if written.
    public var label: String?
    /// Where the label is (the value's location when there is none).
    public var labelLocation: SourceLocation
    /// The value. An operator passed as a function (`reduce(0, +)`) is an identifier named
    /// after the operator.
    public var value: Expression

    /// An argument.
    public init(label: String?, labelLocation: SourceLocation, value: Expression) {
        self.label = label
        self.labelLocation = labelLocation
        self.value = value
    }
}

/// A trailing closure: the first has no label, later ones have theirs (`label: { … }`).
public struct TrailingClosure: Sendable {
    /// `nil` for the first trailing closure.
    public var label: String?
    /// The closure.
    public var closure: Closure

    /// A trailing closure.
    public init(label: String?, closure: Closure) {
        self.label = label
        self.closure = closure
    }
}

/// `{ [capture list] (parameters) async throws -> Result in statements }`.
public struct Closure: Sendable {
    /// One parameter as written: `x`, `x: Int`, `_`.
    public struct ClosureParameter: Sendable {
        /// The name (`_` for an unused one).
        public var name: String
        /// The type, if written.
        public var type: TypeSyntax?
        /// Where it is.
        public var location: SourceLocation

        /// A parameter.
        public init(name: String, type: TypeSyntax?, at location: SourceLocation) {
            self.name = name
            self.type = type
            self.location = location
        }
    }

    /// `[weak self, x = y]`: the names captured (the evaluator captures by reference anyway).
    public var captures: [String]
    /// The parameters, when a signature with `in` is written; `nil` otherwise (then `$0`, `$1`
    /// … in the body are the parameters).
    public var parameters: [ClosureParameter]?
    /// `-> Type`, if written.
    public var result: TypeSyntax?
    /// `async`, `throws` written in the signature.
    public var isAsync: Bool
    /// See ``isAsync``.
    public var isThrowing: Bool
    /// The body.
    public var body: CodeBlock

    /// A closure.
    public init(captures: [String], parameters: [ClosureParameter]?, result: TypeSyntax?, isAsync: Bool, isThrowing: Bool, body: CodeBlock) {
        self.captures = captures
        self.parameters = parameters
        self.result = result
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.body = body
    }
}

// MARK: - Build configuration

/// What `#if` conditions mean: the platform and build a preview runs as.
///
/// SwiftUI previews run a debug build for the iOS simulator, so by default `DEBUG` is set,
/// `os(iOS)` holds, `targetEnvironment(simulator)` holds, `canImport` holds for the Apple
/// frameworks loader code imports, and `swift(>=…)`/`compiler(>=…)` compare with ``swiftVersion``.
public struct BuildConfiguration: Hashable, Sendable {
    /// Custom conditions that are set (`-D` flags): `DEBUG`.
    public var flags: Set<String>
    /// `os(…)`: `iOS`.
    public var operatingSystem: String
    /// `arch(…)`: `arm64`.
    public var architecture: String
    /// `targetEnvironment(…)`: `simulator`.
    public var targetEnvironments: Set<String>
    /// Modules `canImport(…)` finds.
    public var importableModules: Set<String>
    /// The language and compiler version, e.g. `[6, 0]`.
    public var swiftVersion: [Int]

    /// A configuration.
    public init(flags: Set<String>, operatingSystem: String, architecture: String, targetEnvironments: Set<String>,
                importableModules: Set<String>, swiftVersion: [Int]) {
        self.flags = flags
        self.operatingSystem = operatingSystem
        self.architecture = architecture
        self.targetEnvironments = targetEnvironments
        self.importableModules = importableModules
        self.swiftVersion = swiftVersion
    }

    /// An Xcode preview: a debug build of an iOS app in the simulator, Swift 6.
    public static let preview = BuildConfiguration(
        flags: ["DEBUG"], operatingSystem: "iOS", architecture: "arm64", targetEnvironments: ["simulator"],
        importableModules: ["SwiftUI", "UIKit", "Foundation", "Combine", "CoreGraphics", "QuartzCore", "Observation",
                            "DeveloperToolsSupport", "os", "Dispatch", "Darwin", "Swift"],
        swiftVersion: [6, 0]
    )
}
