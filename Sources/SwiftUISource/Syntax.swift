// The syntax tree of a SwiftUI source file: only what spinner snippets use. Every node keeps
// the location of its first token; postfix chains (`Image(…).rotationEffect(…).onAppear { }`)
// are flat lists, so a long chain of modifiers never makes the tree deep.

/// An expression and where it starts.
struct Expression: Sendable {
    var kind: Kind
    var location: Location
    /// Height of the tree below this node (1 for a leaf): bounded by the parser, so walking the
    /// tree recursively cannot exhaust the stack.
    var height: Int

    indirect enum Kind: Sendable {
        case integer(Int, text: String)
        case float(Double, text: String)
        case string(String)
        case boolean(Bool)
        case nilLiteral
        /// A name: `animating`, `self`, `Color`, `$0`.
        case name(String)
        /// `.orange`, `.degrees` — resolved by the type the context expects.
        case implicitMember(String)
        /// A primary followed by member accesses and calls.
        case postfix(Expression, [Postfix])
        /// `!x`, `-x`.
        case prefix(String, Expression)
        /// `a + b`, `a && b`, `a == b`; the location is the operator's.
        case binary(String, Expression, Expression, operatorLocation: Location)
        /// `c ? a : b`.
        case ternary(Expression, Expression, Expression)
        /// `[.top, .leading]`.
        case array([Expression])
        /// `{ … }`.
        case closure(Closure)
        /// `\.self`, `\.id`: the property names after the backslash.
        case keyPath([String])
    }
}

/// One step of a postfix chain.
enum Postfix: Sendable {
    /// `.name`.
    case member(String, Location)
    /// `(arguments)` and/or trailing closures; `open` is the `(` (or the first `{`), `close`
    /// the `)` (or the end of the last closure).
    case call(Call)
}

/// The arguments of one call.
struct Call: Sendable {
    var arguments: [Argument]
    var trailingClosures: [Closure]
    var hasParentheses: Bool
    var open: Location
    var close: Location
}

/// `label: value` or `value`.
struct Argument: Sendable {
    var label: String?
    var labelLocation: Location
    var value: Expression
}

/// `{ [parameters in] statements }`.
struct Closure: Sendable {
    var parameters: [String]
    var statements: [Statement]
    var location: Location
    var end: Location
}

/// A statement in a closure or a body.
struct Statement: Sendable {
    var kind: Kind
    var location: Location

    enum Kind: Sendable {
        /// A view in a view builder, or a call (`x.toggle()`, `withAnimation { }`) in an action.
        case expression(Expression)
        /// `x = v`, `self.x = v`, `x += v`; the location of the statement is the target's.
        case assignment(target: Expression, operator: String, value: Expression, operatorLocation: Location)
        /// `if c { } else if d { } else { }`.
        case conditional(clauses: [(condition: Expression, body: [Statement])], elseBody: [Statement]?)
        /// `let name = value` inside a body or closure.
        case constant(Property)
        /// `return view` in a body (the view builder's single view).
        case returnValue(Expression)
    }
}

/// A written type: `Double`, `Angle`, `some View`.
struct TypeName: Sendable {
    var name: String
    var location: Location
    var isOpaque: Bool
}

/// A stored or computed property of a view, or a top-level constant.
struct Property: Sendable {
    var name: String
    var location: Location
    var isState: Bool
    var isLet: Bool
    var isStatic: Bool
    var type: TypeName?
    var initializer: Expression?
    /// A computed property's body (`var body: some View { … }`).
    var getter: Closure?
}

/// `struct Name: View { … }`.
struct ViewDeclaration: Sendable {
    var name: String
    var location: Location
    var conformances: [String]
    var properties: [Property]

    var body: Property? { properties.first { $0.name == "body" && $0.getter != nil && !$0.isStatic } }
    var previews: Property? { properties.first { $0.name == "previews" && $0.getter != nil && $0.isStatic } }
}

/// `#Preview { … }` or `#Preview("name") { … }`.
struct PreviewDeclaration: Sendable {
    var name: String?
    var location: Location
    var body: Closure
}

/// A parsed file.
struct SourceFile: Sendable {
    var views: [ViewDeclaration] = []
    var previews: [PreviewDeclaration] = []
    var constants: [Property] = []
}
