import Motion

/// Recursive-descent parser for the Swift subset of spinner snippets.
///
/// Limits keep hostile input from exhausting the stack: brackets, braces, parentheses and
/// prefix operators nest at most ``maximumNesting`` deep, an expression tree is at most
/// ``maximumHeight`` high (long `a + b + …` chains), and a postfix chain has at most
/// ``maximumChain`` steps (`Animation.maximumModifiers`, 512 modifiers in a row after a
/// call, the limit `--animation` applies too).
struct Parser {
    static let maximumNesting = 64
    static let maximumHeight = 256
    /// Steps in one postfix chain: a modifier is two (`.name` and its call), after the call
    /// of its base (`Circle()`, `.linear(duration: 1)`), so 512 modifiers.
    static let maximumChain = 2 * Animation.maximumModifiers + 1

    private let tokens: [Token]
    private var position = 0
    private var nesting = 0
    /// Inside an `if` condition a `{` opens the body, not a trailing closure.
    private var allowsTrailingClosure = true

    init(tokens: [Token]) { self.tokens = tokens }

    private var current: Token { tokens[position] }
    private var next: Token { tokens[min(position + 1, tokens.count - 1)] }
    private mutating func advance() { position = min(position + 1, tokens.count - 1) }

    @discardableResult
    private mutating func expect(_ punct: String, _ what: String) throws(SourceError) -> Location {
        guard current.isPunct(punct) else {
            throw SourceError("expected '\(punct)' \(what), found \(quoted(current))", at: current.location)
        }
        let location = current.location
        advance()
        return location
    }

    private func quoted(_ token: Token) -> String {
        token.kind == .end ? "the end of the file" : "'\(token.shownBriefly)'"
    }

    private mutating func enter(_ location: Location) throws(SourceError) {
        nesting += 1
        if nesting > Self.maximumNesting {
            throw SourceError("nesting is deeper than \(Self.maximumNesting) levels of braces, parentheses, brackets and operators (a 'VStack { … }' is one)", at: location)
        }
    }

    private mutating func leave() { nesting -= 1 }

    private func node(_ kind: Expression.Kind, at location: Location, children: [Expression]) throws(SourceError) -> Expression {
        let height = 1 + (children.map(\.height).max() ?? 0)
        guard height <= Self.maximumHeight else {
            throw SourceError("expression is too complex: nested more than \(Self.maximumHeight) levels", at: location)
        }
        return Expression(kind: kind, location: location, height: height)
    }

    // MARK: File

    mutating func parseFile() throws(SourceError) -> SourceFile {
        var file = SourceFile()
        while current.kind != .end {
            if current.isPunct(";") { advance(); continue }
            let token = current
            switch token.kind {
            case .identifier("import"):
                advance()
                guard case let .identifier(module) = current.kind else {
                    throw SourceError("expected a module name after 'import'", at: current.location)
                }
                guard ["SwiftUI", "Foundation", "UIKit", "Combine"].contains(module) else {
                    throw SourceError("module '\(module)' is not supported; import SwiftUI", at: current.location)
                }
                advance()
            case .pound("Preview"):
                file.previews.append(try parsePreview())
            case .pound(let name):
                throw SourceError("'#\(name)' is not supported; supported: #Preview", at: token.location)
            case .identifier("struct"):
                file.views.append(try parseStruct())
            case .identifier("let"):
                file.constants.append(try parseProperty(isState: false, isStatic: false))
            case .identifier("private"), .identifier("fileprivate"), .identifier("public"), .identifier("internal"):
                advance()
            case .identifier("var"):
                throw SourceError("top-level 'var' is not supported; use 'let' or @State in a view", at: token.location)
            case .identifier("func"):
                throw SourceError("functions are not supported; write views as 'struct Name: View'", at: token.location)
            case .identifier(let word) where ["class", "enum", "extension", "protocol", "actor"].contains(word):
                throw SourceError("'\(word)' is not supported; write views as 'struct Name: View'", at: token.location)
            case .attribute(let name):
                throw SourceError("'@\(name)' is not supported here", at: token.location)
            default:
                throw SourceError("expected a declaration ('import', 'struct', 'let' or '#Preview'), found \(quoted(token))", at: token.location)
            }
        }
        return file
    }

    private mutating func parsePreview() throws(SourceError) -> PreviewDeclaration {
        let location = current.location
        advance()
        var name: String?
        if current.isPunct("(") {
            advance()
            guard case let .string(text) = current.kind else {
                throw SourceError("expected the preview's name as a string, e.g. #Preview(\"Spinner\")", at: current.location)
            }
            name = text
            advance()
            try expect(")", "after the preview's name")
        }
        guard current.isPunct("{") else {
            throw SourceError("expected '{' to start the preview's content", at: current.location)
        }
        return PreviewDeclaration(name: name, location: location, body: try parseClosure())
    }

    private mutating func parseStruct() throws(SourceError) -> ViewDeclaration {
        let location = current.location
        advance()
        guard case let .identifier(name) = current.kind else {
            throw SourceError("expected the struct's name", at: current.location)
        }
        advance()
        var conformances: [String] = []
        if current.isPunct(":") {
            repeat {
                advance()
                guard case let .identifier(proto) = current.kind else {
                    throw SourceError("expected a protocol name, e.g. 'View'", at: current.location)
                }
                conformances.append(proto)
                advance()
            } while current.isPunct(",")
        }
        let open = try expect("{", "to start the struct's members")
        try enter(open)
        defer { leave() }
        var properties: [Property] = []
        while !current.isPunct("}") {
            let token = current
            switch token.kind {
            case .end:
                throw SourceError("expected '}' to close struct '\(name)' (opened at line \(open.line))", at: token.location)
            case .punct(";"):
                advance()
            case .identifier("private"), .identifier("fileprivate"), .identifier("public"), .identifier("internal"):
                advance()
            case .attribute("State"):
                advance()
                while case let .identifier(word) = current.kind, ["private", "fileprivate", "public", "internal"].contains(word) { advance() }
                guard current.isIdentifier("var") else {
                    throw SourceError("@State must be written on a 'var'", at: current.location)
                }
                properties.append(try parseProperty(isState: true, isStatic: false))
            case .attribute(let attribute):
                throw SourceError("'@\(attribute)' is not supported; supported: @State", at: token.location)
            case .identifier("static"):
                advance()
                guard current.isIdentifier("var") || current.isIdentifier("let") else {
                    throw SourceError("expected 'var' or 'let' after 'static'", at: current.location)
                }
                properties.append(try parseProperty(isState: false, isStatic: true))
            case .identifier("var"), .identifier("let"):
                properties.append(try parseProperty(isState: false, isStatic: false))
            case .identifier("func"), .identifier("init"):
                throw SourceError("'\(token.shown)' is not supported in a view; use properties and 'body'", at: token.location)
            default:
                throw SourceError("expected a property ('var', 'let' or '@State var') in struct '\(name)', found \(quoted(token))", at: token.location)
            }
        }
        advance()
        return ViewDeclaration(name: name, location: location, conformances: conformances, properties: properties)
    }

    /// `var|let name [: Type] [= value | { getter }]`, at the `var` / `let`.
    private mutating func parseProperty(isState: Bool, isStatic: Bool) throws(SourceError) -> Property {
        let isLet = current.isIdentifier("let")
        advance()
        guard case let .identifier(name) = current.kind else {
            throw SourceError("expected a property name", at: current.location)
        }
        var property = Property(
            name: name, location: current.location, isState: isState, isLet: isLet, isStatic: isStatic, type: nil,
            initializer: nil, getter: nil
        )
        advance()
        if current.isPunct(":") {
            advance()
            property.type = try parseType()
        }
        if current.isPunct("=") {
            advance()
            property.initializer = try parseExpression()
        } else if current.isPunct("{"), !isLet, !isState {
            // `View` is a protocol with an associated type: Swift accepts it as a property's
            // type only as `some View`.
            if let type = property.type, type.name == "View", !type.isOpaque {
                throw SourceError("use of protocol 'View' as a type must be written 'some View'", at: type.location)
            }
            property.getter = try parseClosure()
        } else if property.type == nil {
            throw SourceError("expected ': Type' or '= value' after '\(name)'", at: current.location)
        }
        try endOfStatement()
        return property
    }

    private mutating func parseType() throws(SourceError) -> TypeName {
        let location = current.location
        var isOpaque = false
        if current.isIdentifier("some") {
            isOpaque = true
            advance()
        }
        guard case var .identifier(name) = current.kind else {
            throw SourceError("expected a type name", at: current.location)
        }
        advance()
        while current.isPunct("."), case let .identifier(member) = next.kind {
            name += "." + member
            advance(); advance()
        }
        if current.isPunct("?") || current.isPunct("<") || current.isPunct("[") {
            throw SourceError("type '\(name)\(current.shown)…' is not supported", at: current.location)
        }
        return TypeName(name: name, location: location, isOpaque: isOpaque)
    }

    private func endOfStatement() throws(SourceError) {
        let token = current
        guard token.newlineBefore || token.isPunct(";") || token.isPunct("}") || token.kind == .end else {
            throw SourceError("consecutive statements on a line must be separated by ';'", at: token.location)
        }
    }

    // MARK: Closures and statements

    /// `{ [a, b in] statements }`, at the `{`.
    mutating func parseClosure() throws(SourceError) -> Closure {
        let open = current.location
        try enter(open)
        defer { leave() }
        advance()
        var parameters: [String] = []
        // `{ t in …}` / `{ a, b in … }` / `{ _ in … }`
        var lookahead = position
        var names: [String] = []
        while case let .identifier(name) = tokens[lookahead].kind, name != "in" {
            names.append(name)
            lookahead += 1
            guard tokens[lookahead].isPunct(",") else { break }
            lookahead += 1
        }
        if !names.isEmpty, tokens[lookahead].isIdentifier("in") {
            parameters = names
            position = lookahead + 1
        }
        let saved = allowsTrailingClosure
        allowsTrailingClosure = true
        defer { allowsTrailingClosure = saved }
        var statements: [Statement] = []
        while !current.isPunct("}") {
            if current.kind == .end {
                throw SourceError("expected '}' to close the '{' at line \(open.line), column \(open.column)", at: current.location)
            }
            if current.isPunct(";") { advance(); continue }
            statements.append(try parseStatement())
            try endOfStatement()
        }
        let end = current.location
        advance()
        return Closure(parameters: parameters, statements: statements, location: open, end: end)
    }

    private mutating func parseStatement() throws(SourceError) -> Statement {
        let token = current
        switch token.kind {
        case .identifier("if"):
            return try parseIf()
        case .identifier("let"), .identifier("var"):
            return Statement(kind: .constant(try parseLocal()), location: token.location)
        case .identifier("return"):
            advance()
            if current.newlineBefore || current.isPunct("}") || current.isPunct(";") || current.kind == .end {
                throw SourceError("'return' without a value is not supported", at: token.location)
            }
            return Statement(kind: .returnValue(try parseExpression()), location: token.location)
        case .identifier(let word) where ["for", "while", "switch", "guard", "func", "repeat", "do", "defer"].contains(word):
            throw SourceError("'\(word)' is not supported here", at: token.location)
        default:
            let expression = try parseExpression()
            if case let .punct(op) = current.kind, ["=", "+=", "-=", "*=", "/="].contains(op) {
                let operatorLocation = current.location
                advance()
                let value = try parseExpression()
                return Statement(
                    kind: .assignment(target: expression, operator: op, value: value, operatorLocation: operatorLocation),
                    location: token.location
                )
            }
            return Statement(kind: .expression(expression), location: token.location)
        }
    }

    private mutating func parseLocal() throws(SourceError) -> Property {
        let isLet = current.isIdentifier("let")
        if !isLet { throw SourceError("'var' is not supported here; use 'let' or @State", at: current.location) }
        advance()
        guard case let .identifier(name) = current.kind else {
            throw SourceError("expected a constant name", at: current.location)
        }
        var property = Property(
            name: name, location: current.location, isState: false, isLet: true, isStatic: false, type: nil,
            initializer: nil, getter: nil
        )
        advance()
        if current.isPunct(":") {
            advance()
            property.type = try parseType()
        }
        try expect("=", "and a value for '\(name)'")
        property.initializer = try parseExpression()
        return property
    }

    private mutating func parseIf() throws(SourceError) -> Statement {
        let location = current.location
        var clauses: [(condition: Expression, body: [Statement])] = []
        var elseBody: [Statement]?
        try enter(location)
        defer { leave() }
        repeat {
            advance()  // if
            if current.isIdentifier("let") || current.isIdentifier("var") || current.isIdentifier("case") {
                throw SourceError("'if \(current.shown)' is not supported; test a Bool", at: current.location)
            }
            let saved = allowsTrailingClosure
            allowsTrailingClosure = false
            let condition = try parseExpression()
            allowsTrailingClosure = saved
            guard current.isPunct("{") else {
                throw SourceError("expected '{' after the 'if' condition", at: current.location)
            }
            clauses.append((condition, try parseClosure().statements))
            guard current.isIdentifier("else") else { break }
            advance()
            if current.isIdentifier("if") { continue }
            guard current.isPunct("{") else {
                throw SourceError("expected '{' or 'if' after 'else'", at: current.location)
            }
            elseBody = try parseClosure().statements
            break
        } while true
        return Statement(kind: .conditional(clauses: clauses, elseBody: elseBody), location: location)
    }

    // MARK: Expressions

    /// An expression; only what a reader sees as nesting counts towards ``maximumNesting``
    /// (brackets, braces, parentheses, prefix and binary operators, `?:` branches), so that
    /// `VStack { VStack { … } }` is one level per stack.
    mutating func parseExpression() throws(SourceError) -> Expression {
        let condition = try parseBinary(minimumPrecedence: 0)
        guard current.isPunct("?") else { return condition }
        let question = current.location
        advance()
        try enter(question)
        defer { leave() }
        let whenTrue = try parseExpression()
        guard current.isPunct(":") else {
            throw SourceError("expected ':' after the first branch of the '?:' expression", at: current.location)
        }
        advance()
        let whenFalse = try parseExpression()
        return try node(.ternary(condition, whenTrue, whenFalse), at: condition.location, children: [condition, whenTrue, whenFalse])
    }

    private static let precedence: [String: Int] = [
        "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3, "..<": 4, "...": 4,
        "+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
    ]

    /// A token that continues the expression as a binary operator: Swift reads `a -b` as two
    /// expressions (prefix minus), `a - b` and `a-b` as a subtraction.
    private func binaryOperator() -> (String, Int)? {
        guard case let .punct(op) = current.kind, let precedence = Self.precedence[op] else { return nil }
        if current.spaceBefore && !current.spaceAfter { return nil }
        return (op, precedence)
    }

    private mutating func parseBinary(minimumPrecedence: Int) throws(SourceError) -> Expression {
        var left = try parsePrefix()
        while let (op, precedence) = binaryOperator(), precedence > minimumPrecedence {
            let operatorLocation = current.location
            advance()
            try enter(operatorLocation)
            let right = try parseBinary(minimumPrecedence: precedence)
            leave()
            if precedence == 3, case .binary(let inner, _, _, _) = left.kind, Self.precedence[inner] == 3 {
                throw SourceError("comparisons cannot be chained; combine them with '&&'", at: operatorLocation)
            }
            left = try node(.binary(op, left, right, operatorLocation: operatorLocation), at: left.location, children: [left, right])
        }
        return left
    }

    private mutating func parsePrefix() throws(SourceError) -> Expression {
        let token = current
        if case let .punct(op) = token.kind, op == "!" || op == "-" || op == "+" {
            if token.spaceAfter {
                throw SourceError("unary operator '\(op)' cannot be separated from its operand", at: token.location)
            }
            advance()
            try enter(token.location)
            defer { leave() }
            let operand = try parsePrefix()
            return try node(.prefix(op, operand), at: token.location, children: [operand])
        }
        return try parsePostfix()
    }

    private mutating func parsePostfix() throws(SourceError) -> Expression {
        let primary = try parsePrimary()
        var steps: [Postfix] = []
        var height = primary.height
        while true {
            if steps.count >= Self.maximumChain, current.isPunct(".") || current.isPunct("(") || current.isPunct("{") && allowsTrailingClosure {
                throw SourceError("more than \(Animation.maximumModifiers) modifiers in a row", at: current.location)
            }
            if current.isPunct(".") {
                let dot = current.location
                advance()
                guard case let .identifier(name) = current.kind else {
                    throw SourceError("expected a member name after '.', found \(quoted(current))", at: current.location)
                }
                if current.newlineBefore {
                    throw SourceError("expected a member name right after '.'", at: current.location)
                }
                steps.append(.member(name, dot))
                advance()
            } else if current.isPunct("("), !current.newlineBefore {
                let call = try parseCall()
                height = max(height, call.arguments.map(\.value.height).max() ?? 0)
                steps.append(.call(call))
            } else if current.isPunct("{"), allowsTrailingClosure, !current.newlineBefore {
                let open = current.location
                let closure = try parseClosure()
                steps.append(.call(Call(arguments: [], trailingClosures: [closure], hasParentheses: false, open: open, close: closure.end)))
            } else if current.isPunct("!") && !current.spaceBefore || current.isPunct("?") && !current.spaceBefore {
                throw SourceError("optional chaining and force unwrapping are not supported", at: current.location)
            } else {
                break
            }
        }
        guard !steps.isEmpty else { return primary }
        return try node(.postfix(primary, steps), at: primary.location, children: [Expression(kind: .nilLiteral, location: primary.location, height: height)])
    }

    /// `( arguments ) [trailing closure]`, at the `(`.
    private mutating func parseCall() throws(SourceError) -> Call {
        let open = current.location
        try enter(open)
        defer { leave() }
        advance()
        let saved = allowsTrailingClosure
        allowsTrailingClosure = true
        var arguments: [Argument] = []
        while !current.isPunct(")") {
            if current.kind == .end {
                throw SourceError("expected ')' to close the '(' at line \(open.line), column \(open.column)", at: current.location)
            }
            let labelLocation = current.location
            var label: String?
            if case let .identifier(name) = current.kind, next.isPunct(":") {
                label = name
                advance(); advance()
            }
            arguments.append(Argument(label: label, labelLocation: labelLocation, value: try parseExpression()))
            if current.isPunct(",") {
                advance()
            } else if !current.isPunct(")") {
                throw SourceError("expected ',' or ')' after an argument, found \(quoted(current))", at: current.location)
            }
        }
        var close = current.location
        advance()
        allowsTrailingClosure = saved
        var trailing: [Closure] = []
        if current.isPunct("{"), allowsTrailingClosure, !current.newlineBefore {
            let closure = try parseClosure()
            close = closure.end
            trailing.append(closure)
        }
        return Call(arguments: arguments, trailingClosures: trailing, hasParentheses: true, open: open, close: close)
    }

    private mutating func parsePrimary() throws(SourceError) -> Expression {
        let token = current
        let location = token.location
        switch token.kind {
        case let .integer(text):
            advance()
            guard let value = Int(text.filter { $0 != "_" }) else {
                throw SourceError("integer literal '\(text)' overflows Int", at: location)
            }
            return Expression(kind: .integer(value, text: text), location: location, height: 1)
        case let .float(text):
            advance()
            guard let value = Double(text.filter { $0 != "_" }), value.isFinite else {
                throw SourceError("number '\(text)' is out of range", at: location)
            }
            return Expression(kind: .float(value, text: text), location: location, height: 1)
        case let .string(text):
            advance()
            return Expression(kind: .string(text), location: location, height: 1)
        case .identifier("true"), .identifier("false"):
            advance()
            return Expression(kind: .boolean(token.isIdentifier("true")), location: location, height: 1)
        case .identifier("nil"):
            advance()
            return Expression(kind: .nilLiteral, location: location, height: 1)
        case let .identifier(name):
            if ["struct", "var", "let", "if", "else", "func", "import", "return", "in"].contains(name) {
                throw SourceError("expected an expression, found keyword '\(name)'", at: location)
            }
            advance()
            return Expression(kind: .name(name), location: location, height: 1)
        case let .dollar(name):
            advance()
            return Expression(kind: .name("$" + name), location: location, height: 1)
        case .punct("\\"):
            // `\.self`, `\.id`: a key path, as ForEach's `id:` takes it.
            advance()
            var components: [String] = []
            while current.isPunct("."), !current.spaceBefore {
                advance()
                guard case let .identifier(name) = current.kind, !current.spaceBefore else {
                    throw SourceError("expected a property name in the key path, found \(quoted(current))", at: current.location)
                }
                components.append(name)
                advance()
            }
            guard !components.isEmpty else {
                throw SourceError("expected '.' and a property name after '\\'", at: current.location)
            }
            return Expression(kind: .keyPath(components), location: location, height: 1)
        case .punct("."):
            advance()
            if case let .integer(digits) = current.kind {
                throw SourceError("'.\(digits)' is not a Swift number: write '0.\(digits)'", at: location)
            }
            guard case let .identifier(name) = current.kind, !current.spaceBefore else {
                throw SourceError("expected a member name after '.', found \(quoted(current))", at: current.location)
            }
            advance()
            return Expression(kind: .implicitMember(name), location: location, height: 1)
        case .punct("("):
            try enter(location)
            defer { leave() }
            advance()
            let inner = try parseExpression()
            if current.isPunct(",") { throw SourceError("tuples are not supported", at: current.location) }
            try expect(")", "to close the '(' at line \(location.line), column \(location.column)")
            return inner
        case .punct("["):
            try enter(location)
            defer { leave() }
            advance()
            var elements: [Expression] = []
            while !current.isPunct("]") {
                if current.kind == .end {
                    throw SourceError("expected ']' to close the '[' at line \(location.line), column \(location.column)", at: current.location)
                }
                elements.append(try parseExpression())
                if current.isPunct(",") { advance() } else if !current.isPunct("]") {
                    throw SourceError("expected ',' or ']' in the array, found \(quoted(current))", at: current.location)
                }
            }
            advance()
            return try node(.array(elements), at: location, children: elements)
        case .punct("{"):
            let closure = try parseClosure()
            return Expression(kind: .closure(closure), location: location, height: 1)
        case .punct("}"):
            throw SourceError("unexpected '}': expected an expression", at: location)
        case .end:
            throw SourceError("expected an expression, found the end of the file", at: location)
        default:
            throw SourceError("expected an expression, found \(quoted(token))", at: location)
        }
    }
}
