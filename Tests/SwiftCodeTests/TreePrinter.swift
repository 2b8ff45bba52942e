@testable import SwiftCode

/// Prints syntax trees as compact S-expressions, so tests state a tree's shape in one line:
/// `(call (. Circle frame) width:10)`.
enum TreePrinter {
    static func file(_ file: SourceFileSyntax) -> String {
        file.items.map(statement).joined(separator: " ")
    }

    static func statements(_ statements: [Statement]) -> String {
        statements.map(statement).joined(separator: " ")
    }

    static func block(_ block: CodeBlock) -> String {
        "{" + statements(block.statements) + "}"
    }

    static func statement(_ statement: Statement) -> String {
        let body: String = switch statement.kind {
        case let .expression(e): expression(e)
        case let .declaration(d): declaration(d)
        case let .ifStatement(s): ifStatement(s)
        case let .guardStatement(conditions, elseBody): "(guard \(conditionList(conditions)) \(block(elseBody)))"
        case let .switchStatement(subject, cases): "(switch \(expression(subject))" + cases.map { " " + switchCase($0) }.joined() + ")"
        case let .forIn(pattern, sequence, whereClause, body):
            "(for \(self.pattern(pattern)) \(expression(sequence))\(whereClause.map { " where:" + expression($0) } ?? "") \(block(body)))"
        case let .whileLoop(conditions, body): "(while \(conditionList(conditions)) \(block(body)))"
        case let .repeatWhile(body, condition): "(repeat \(block(body)) \(expression(condition)))"
        case let .doStatement(body, catches):
            "(do \(block(body))" + catches.map { c in
                " (catch" + (c.pattern.map { " " + pattern($0) } ?? "") + (c.whereClause.map { " where:" + expression($0) } ?? "") + " " + block(c.body) + ")"
            }.joined() + ")"
        case let .returnStatement(value): value.map { "(return \(expression($0)))" } ?? "(return)"
        case let .breakStatement(label): label.map { "(break \($0))" } ?? "(break)"
        case let .continueStatement(label): label.map { "(continue \($0))" } ?? "(continue)"
        case .fallthroughStatement: "(fallthrough)"
        case let .throwStatement(e): "(throw \(expression(e)))"
        case let .deferStatement(b): "(defer \(block(b)))"
        }
        return statement.label.map { "\($0): " + body } ?? body
    }

    static func ifStatement(_ s: IfStatement) -> String {
        var text = "(if \(conditionList(s.conditions)) \(block(s.body))"
        switch s.elseBranch {
        case let .block(b)?: text += " else \(block(b))"
        case let .ifStatement(inner, _)?: text += " else " + ifStatement(inner)
        case nil: break
        }
        return text + ")"
    }

    static func conditionList(_ conditions: [Condition]) -> String {
        conditions.map(condition).joined(separator: ", ")
    }

    static func condition(_ c: Condition) -> String {
        switch c.kind {
        case let .expression(e): expression(e)
        case let .optionalBinding(isLet, p, type, value):
            "(\(isLet ? "let" : "var") \(pattern(p))\(type.map { ": " + self.type($0) } ?? "")\(value.map { " = " + expression($0) } ?? ""))"
        case let .patternMatch(p, e): "(case \(pattern(p)) = \(expression(e)))"
        case let .availability(platforms, isUnavailable): "(#\(isUnavailable ? "unavailable" : "available") \(platforms.joined(separator: "|")))"
        }
    }

    static func switchCase(_ c: SwitchCase) -> String {
        let head = c.isDefault ? (c.isUnknownDefault ? "@unknown default" : "default") : "case " + c.patterns.map(pattern).joined(separator: ", ")
        return "(\(head)\(c.whereClause.map { " where:" + expression($0) } ?? ""): \(statements(c.statements)))"
    }

    static func pattern(_ p: Pattern) -> String {
        switch p.kind {
        case let .binding(name): name
        case .wildcard: "_"
        case let .tuple(elements): "(" + elements.map { ($0.label.map { $0 + ":" } ?? "") + pattern($0.pattern) }.joined(separator: ", ") + ")"
        case let .valueBinding(isLet, inner): "\(isLet ? "let" : "var") \(pattern(inner))"
        case let .enumCase(type, name, arguments):
            (type.map(self.type) ?? "") + "." + name + (arguments.map { "(" + $0.map { ($0.label.map { $0 + ":" } ?? "") + pattern($0.pattern) }.joined(separator: ", ") + ")" } ?? "")
        case let .optional(inner): pattern(inner) + "?"
        case let .isType(t): "is " + type(t)
        case let .cast(inner, t): pattern(inner) + " as " + type(t)
        case let .expression(e): "=" + expression(e)
        case let .typed(inner, t): pattern(inner) + ": " + type(t)
        }
    }

    static func type(_ t: TypeSyntax) -> String {
        switch t.kind {
        case let .named(name, generics): name + genericList(generics)
        case let .member(base, name, generics): type(base) + "." + name + genericList(generics)
        case let .array(element): "[" + type(element) + "]"
        case let .dictionary(key, value): "[" + type(key) + ": " + type(value) + "]"
        case let .optional(wrapped): type(wrapped) + "?"
        case let .implicitlyUnwrapped(wrapped): type(wrapped) + "!"
        case let .tuple(elements): "(" + elements.map(tupleElement).joined(separator: ", ") + ")"
        case let .function(parameters, isAsync, isThrowing, result):
            "((" + parameters.map(tupleElement).joined(separator: ", ") + ")" + (isAsync ? " async" : "") + (isThrowing ? " throws" : "") + " -> " + type(result) + ")"
        case let .opaque(inner): "some " + type(inner)
        case let .existential(inner): "any " + type(inner)
        case let .composition(types): types.map(type).joined(separator: "&")
        case let .attributed(specifiers, attributes, inner):
            (specifiers.map { $0 + " " } + attributes.map { "@" + $0 + " " }).joined() + type(inner)
        case let .metatype(inner, isProtocol): type(inner) + (isProtocol ? ".Protocol" : ".Type")
        }
    }

    static func tupleElement(_ e: TupleTypeElement) -> String {
        (e.label.map { $0 + ": " } ?? "") + type(e.type) + (e.isVariadic ? "..." : "")
    }

    static func genericList(_ generics: [TypeSyntax]) -> String {
        generics.isEmpty ? "" : "<" + generics.map(type).joined(separator: ", ") + ">"
    }

    static func arguments(_ arguments: [Argument]) -> String {
        arguments.map { " " + ($0.label.map { $0 + ":" } ?? "") + expression($0.value) }.joined()
    }

    static func closure(_ c: Closure) -> String {
        var text = "(closure"
        if !c.captures.isEmpty { text += " [" + c.captures.joined(separator: " ") + "]" }
        if let parameters = c.parameters {
            text += " (" + parameters.map { $0.name + ($0.type.map { ": " + type($0) } ?? "") }.joined(separator: ", ") + ")"
        }
        if c.isAsync { text += " async" }
        if c.isThrowing { text += " throws" }
        if let result = c.result { text += " -> " + type(result) }
        return text + " " + block(c.body) + ")"
    }

    static func expression(_ e: Expression) -> String {
        switch e.kind {
        case let .integerLiteral(text, _): text
        case let .floatLiteral(text, _): text
        case let .stringLiteral(segments):
            "\"" + segments.map { segment -> String in
                switch segment {
                case let .text(text): text
                case let .interpolation(args, _): "\\(" + arguments(args).dropFirst() + ")"
                }
            }.joined() + "\""
        case let .booleanLiteral(value): value ? "true" : "false"
        case .nilLiteral: "nil"
        case let .identifier(name, generics): name + genericList(generics)
        case let .implicitMember(name): "." + name
        case let .member(base, name, _, generics): "(. \(expression(base)) \(name)\(genericList(generics)))"
        case let .call(callee, args, trailing):
            "(call \(expression(callee))\(arguments(args))" + trailing.map { " " + ($0.label.map { $0 + ":" } ?? "") + closure($0.closure) }.joined() + ")"
        case let .subscriptCall(base, args): "(subscript \(expression(base))\(arguments(args)))"
        case let .optionalChain(base): "(? \(expression(base)))"
        case let .optionalChainEnd(inner): "(?end \(expression(inner)))"
        case let .forceUnwrap(base): "(! \(expression(base)))"
        case let .prefixOperator(op, operand): "(prefix\(op) \(expression(operand)))"
        case let .postfixOperator(op, operand): "(postfix\(op) \(expression(operand)))"
        case let .binaryOperator(op, l, r, _): "(\(op) \(expression(l)) \(expression(r)))"
        case let .assignment(op, target, value, _): "(\(op) \(expression(target)) \(expression(value)))"
        case let .ternary(c, a, b): "(?: \(expression(c)) \(expression(a)) \(expression(b)))"
        case let .cast(value, kind, t): "(\(kind.rawValue) \(expression(value)) \(type(t)))"
        case let .tryExpression(kind, inner): "(\(kind.rawValue) \(expression(inner)))"
        case let .awaitExpression(inner): "(await \(expression(inner)))"
        case let .closure(c): closure(c)
        case let .arrayLiteral(elements): "[" + elements.map(expression).joined(separator: " ") + "]"
        case let .dictionaryLiteral(pairs): "[" + (pairs.isEmpty ? ":" : pairs.map { expression($0.key) + ":" + expression($0.value) }.joined(separator: " ")) + "]"
        case let .tuple(elements): "(tuple" + elements.map { " " + ($0.label.map { $0 + ":" } ?? "") + expression($0.value) }.joined() + ")"
        case let .keyPath(root, components): "(keypath " + (root.map(type) ?? "") + components.map { "." + $0 }.joined() + ")"
        case let .macroExpansion(m): macro(m)
        case .discard: "_"
        case let .type(t): "(type \(type(t)))"
        case let .statementExpression(s): statement(s)
        }
    }

    static func macro(_ m: MacroExpansion) -> String {
        "(#\(m.name)\(genericList(m.generics))\(arguments(m.arguments))" + m.trailingClosures.map { " " + ($0.label.map { $0 + ":" } ?? "") + closure($0.closure) }.joined() + ")"
    }

    static func attributes(_ attributes: [Attribute]) -> String {
        attributes.map { a in
            "@" + a.name + genericList(a.generics)
                + (a.arguments.map { "(" + arguments($0).dropFirst() + ")" } ?? a.rawArguments.map { " raw(" + $0 + ")" } ?? "") + " "
        }.joined()
    }

    static func generics(_ parameters: [GenericParameter]) -> String {
        parameters.isEmpty ? "" : "<" + parameters.map { $0.name + ($0.constraints.isEmpty ? "" : ": " + $0.constraints.map(type).joined(separator: "&")) }.joined(separator: ", ") + ">"
    }

    static func parameters(_ parameters: [Parameter]) -> String {
        "(" + parameters.map { p in
            (p.label ?? "_") + " " + p.name + ": " + type(p.type) + (p.isVariadic ? "..." : "") + (p.defaultValue.map { " = " + expression($0) } ?? "")
        }.joined(separator: ", ") + ")"
    }

    static func accessors(_ accessors: Accessors) -> String {
        switch accessors {
        case let .getter(b): b.statements.isEmpty ? "{}" : block(b)
        case let .blocks(blocks):
            "{" + blocks.map { $0.kind + ($0.parameter.map { "(" + $0 + ")" } ?? "") + $0.effects.map { " " + $0 }.joined() + ($0.body.map { " " + block($0) } ?? "") }.joined(separator: " ") + "}"
        }
    }

    static func declaration(_ d: Declaration) -> String {
        let prefix = attributes(d.attributes) + d.modifiers.map { $0 + " " }.joined()
        let body: String = switch d.kind {
        case let .importDeclaration(path): "import " + path.joined(separator: ".")
        case let .variable(v):
            (v.isLet ? "let " : "var ") + v.bindings.map { b in
                pattern(b.pattern) + (b.type.map { ": " + type($0) } ?? "") + (b.initializer.map { " = " + expression($0) } ?? "") + (b.accessors.map { " " + accessors($0) } ?? "")
            }.joined(separator: ", ")
        case let .function(f):
            "func " + f.name + generics(f.generics) + parameters(f.parameters) + (f.isAsync ? " async" : "") + (f.isThrowing ? " throws" : "")
                + (f.result.map { " -> " + type($0) } ?? "") + (f.body.map { " " + block($0) } ?? "")
        case let .initializer(i):
            "init" + (i.isFailable ? "?" : "") + generics(i.generics) + parameters(i.parameters) + (i.isThrowing ? " throws" : "") + (i.body.map { " " + block($0) } ?? "")
        case let .type(t):
            t.keyword.rawValue + " " + t.name + generics(t.generics) + (t.inherited.isEmpty ? "" : ": " + t.inherited.map(type).joined(separator: ", "))
                + " {" + t.members.map(declaration).joined(separator: " ") + "}"
        case let .extensionDeclaration(e):
            "extension " + type(e.extendedType) + (e.inherited.isEmpty ? "" : ": " + e.inherited.map(type).joined(separator: ", "))
                + (e.requirements.isEmpty ? "" : " where" + generics(e.requirements)) + " {" + e.members.map(declaration).joined(separator: " ") + "}"
        case let .enumCase(elements):
            "case " + elements.map { c in
                c.name + (c.associatedValues.map { "(" + $0.map { ($0.label.map { $0 + ": " } ?? "") + type($0.type) + ($0.defaultValue.map { " = " + expression($0) } ?? "") }.joined(separator: ", ") + ")" } ?? "")
                    + (c.rawValue.map { " = " + expression($0) } ?? "")
            }.joined(separator: ", ")
        case let .typeAlias(name, g, t): "typealias " + name + generics(g) + " = " + type(t)
        case let .subscriptDeclaration(s): "subscript" + parameters(s.parameters) + " -> " + type(s.result) + " " + accessors(s.accessors)
        case let .associatedType(name, constraints): "associatedtype " + name + (constraints.isEmpty ? "" : ": " + constraints.map(type).joined(separator: ", "))
        case let .macroExpansion(m): macro(m)
        case let .unsupported(keyword): "unsupported " + keyword
        }
        return "[" + prefix + body + "]"
    }
}
