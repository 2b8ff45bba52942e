import Motion
import Scene
import Typography

// Text, Label and every ProgressView form: small readers over already-parsed calls, each
// returning the ViewNode or modifier SwiftUI's call means, so that they move to another
// evaluator unchanged.

extension Interpreter {
    /// The text modifiers read here (for "did you mean" hints).
    static let textModifierNames = [
        "bold", "italic", "fontDesign", "monospacedDigit", "kerning", "tracking", "baselineOffset", "textCase", "lineLimit",
        "multilineTextAlignment", "minimumScaleFactor", "redacted", "unredacted", "contentTransition",
    ]

    // MARK: Values

    /// `"a\(x)b"`, read as `_interpolation("a", x, "b")` by the lexer: the parts joined, each
    /// value written as Swift's `description` writes it (`3`, `0.5`, `1.0`, `true`).
    func interpolation(_ call: Call, _ scope: Scope) throws(SourceError) -> Value {
        var text = ""
        for argument in call.arguments {
            text += Self.described(try evaluate(argument.value, nil, scope))
        }
        return .string(text)
    }

    static func described(_ value: Value) -> String {
        switch value {
        case let .string(text): text
        case let .int(number): String(number)
        case let .double(number): number.description
        case let .bool(flag): flag ? "true" : "false"
        case let .angle(degrees): "Angle(radians: \((degrees * Double.pi / 180).description))"
        default: value.type.rawValue
        }
    }

    /// `Font.Design` by name.
    static func fontDesign(_ name: String, at location: Location) throws(SourceError) -> FontDesign {
        guard let design = FontDesign(rawValue: name) else {
            let names = FontDesign.allCases.map(\.rawValue)
            throw SourceError("'.\(name)' is not a font design\(Spelling.suggestion(for: name, among: names)); designs: \(names.joined(separator: ", "))", at: location)
        }
        return design
    }

    // MARK: Views

    /// `Text("…")`, `Text(verbatim:)`, `Text(value, format:)` is refused by name.
    func textView(_ call: Call, _ scope: Scope) throws(SourceError) -> ViewNode {
        let values = try bind(call, [Parameter(nil, "content", optional: true), Parameter("verbatim", "verbatim", optional: true)],
                              callee: "Text")
        guard let expression = values[0] ?? values[1] else {
            throw SourceError("'Text' needs its content: 'Text(\"Loading…\")'", at: call.close)
        }
        let value = try evaluate(expression, nil, scope)
        guard case let .string(text) = value else {
            throw SourceError("Text takes a string; write '\\(…)' to show a \(value.type.rawValue): Text(\"\\(value)\")", at: expression.location)
        }
        return .text(TextContent(text))
    }

    /// `Label("Title", systemImage: "name")`: the title and icon of iOS's default label style,
    /// an HStack of the symbol and the text, centred, 8 pt apart (the stack's default spacing).
    func labelView(_ call: Call, _ scope: Scope, at location: Location) throws(SourceError) -> ViewNode {
        let values = try bind(call, [Parameter(nil, "title"), Parameter("systemImage", "systemImage")], callee: "Label")
        guard case let .string(title) = try evaluate(values[0]!, .string, scope),
              case let .string(symbol) = try evaluate(values[1]!, .string, scope) else { return .empty }
        guard let name = SymbolName(rawValue: symbol) else {
            let names = SymbolName.allCases.map(\.rawValue)
            throw SourceError("unknown symbol name '\(symbol)'\(Spelling.suggestion(for: symbol, among: names)); supported symbols: \(names.joined(separator: ", "))",
                              at: values[1]!.location)
        }
        return .stack(.horizontal, alignment: .center, spacing: nil, children: [.symbol(name), .text(TextContent(title))])
    }

    /// `ProgressView()`, `ProgressView("Label")`, `ProgressView { label }`,
    /// `ProgressView(value:total:)`, `ProgressView("Title", value:total:)` and
    /// `ProgressView(value:total:) { label }`.
    func progressView(_ call: Call, _ scope: Scope, path: String) throws(SourceError) -> ViewNode {
        let values = try bind(call, [Parameter(nil, "title", optional: true), Parameter("value", "value", optional: true),
                                     Parameter("total", "total", optional: true), Parameter("label", "label", optional: true)],
                              callee: "ProgressView")
        var label: ViewNode?
        if let title = values[0] {
            guard case let .string(text) = try evaluate(title, .string, scope) else { return .progressView }
            label = .text(TextContent(text))
        }
        if let content = values[3] {
            guard case let .closure(closure) = content.kind else {
                throw SourceError("a ProgressView's label is a view in braces: 'ProgressView { Text(\"Loading…\") }'", at: content.location)
            }
            label = try singleView(closure.statements, scope, path: path + "#label", at: closure.location, what: "a ProgressView label").node
        }
        var fraction: Double?
        if let valueExpression = values[1] {
            let value = try number(valueExpression, scope)
            let total = try values[2].map { (expression) throws(SourceError) in try number(expression, scope) } ?? 1
            guard total > 0 else {
                throw SourceError("'total' must be greater than 0", at: values[2]?.location ?? valueExpression.location)
            }
            fraction = value / total
        } else if let total = values[2] {
            throw SourceError("'total:' needs 'value:': 'ProgressView(value: 0.3, total: 1)'", at: total.location)
        }
        if label == nil && fraction == nil { return .progressView }
        return .progressBar(ProgressContent(fraction: fraction, label: label))
    }

    /// `a + b` in a view builder: `Text` concatenation; every operand must be a `Text`.
    func textConcatenation(_ left: Expression, _ right: Expression, _ scope: Scope, path: String, at location: Location) throws(SourceError) -> BuiltView {
        var pieces: [TextPiece] = []
        for (offset, operand) in [left, right].enumerated() {
            let built = try view(operand, scope, path: path + "+" + String(offset))
            guard let content = Self.textContent(built.node) else {
                throw SourceError("'+' joins Text views only", at: operand.location)
            }
            pieces += content.pieces
        }
        return BuiltView(node: .text(TextContent(pieces)), height: 1, shape: nil)
    }

    /// The pieces of a `Text` with the text modifiers written on it folded into them (the
    /// innermost modifier wins, as it does on a device), or `nil` when `node` is not a `Text`.
    static func textContent(_ node: ViewNode) -> TextContent? {
        switch node {
        case let .text(content):
            return content
        case let .modified(child, modifier):
            guard var content = textContent(child) else { return nil }
            for index in content.pieces.indices {
                var piece = content.pieces[index]
                switch modifier {
                case let .environment(.foregroundStyle(color)): piece.color = piece.color ?? color
                case let .environment(.font(font)): piece.font = piece.font ?? font
                case let .environment(.fontWeight(weight)): piece.weight = piece.weight ?? weight
                case let .environment(.text(.bold(flag))): piece.bold = piece.bold ?? flag
                case let .environment(.text(.italic(flag))): piece.italic = piece.italic ?? flag
                case let .environment(.text(.fontDesign(design))): piece.design = piece.design ?? design
                case .environment(.text(.monospacedDigit)): piece.monospacedDigit = piece.monospacedDigit ?? true
                case let .environment(.text(.kerning(value))): piece.kerning = piece.kerning ?? value
                case let .environment(.text(.tracking(value))): piece.tracking = piece.tracking ?? value
                case let .environment(.text(.baselineOffset(value))): piece.baselineOffset = piece.baselineOffset ?? value
                default: return nil
                }
                content.pieces[index] = piece
            }
            return content
        default:
            return nil
        }
    }

    // MARK: Modifiers

    /// A text modifier (`bold()`, `lineLimit(2)` …), or `nil` when `name` is none.
    func textModifier(_ name: String, _ call: Call, _ scope: Scope, at location: Location) throws(SourceError) -> ViewModifier? {
        func flag(_ parameter: String) throws(SourceError) -> Bool {
            let values = try bind(call, [Parameter(nil, parameter, optional: true)], callee: name)
            guard let expression = values[0], case let .bool(value) = try evaluate(expression, .bool, scope) else { return true }
            return value
        }
        func points() throws(SourceError) -> Double {
            let values = try bind(call, [Parameter(nil, name)], callee: name)
            let value = try number(values[0]!, scope)
            guard abs(value) <= 10_000 else { throw SourceError("'\(name)' must be between -10000 and 10000", at: values[0]!.location) }
            return value
        }
        func member() throws(SourceError) -> (String, Location)? {
            let values = try bind(call, [Parameter(nil, name)], callee: name)
            let expression = values[0]!
            switch expression.kind {
            case let .implicitMember(member): return (member, expression.location)
            case .nilLiteral: return nil
            case let .postfix(_, steps):
                if case let .member(member, at)? = steps.last { return (member, at) }
            default: break
            }
            throw SourceError("expected a '.\(name == "textCase" ? "uppercase" : "leading")'-style value", at: expression.location)
        }
        switch name {
        case "bold": return .text(.bold(try flag("isActive")))
        case "italic": return .text(.italic(try flag("isActive")))
        case "monospacedDigit":
            _ = try bind(call, [], callee: name)
            return .text(.monospacedDigit)
        case "kerning": return .text(.kerning(try points()))
        case "tracking": return .text(.tracking(try points()))
        case "baselineOffset": return .text(.baselineOffset(try points()))
        case "fontDesign":
            guard let (design, at) = try member() else { return .text(.fontDesign(.default)) }
            return .text(.fontDesign(try Self.fontDesign(design, at: at)))
        case "textCase":
            guard let (value, at) = try member() else { return .text(.textCase(nil)) }
            guard let textCase = TextCase(rawValue: value) else {
                throw SourceError("'.\(value)' is not a Text.Case; cases: uppercase, lowercase", at: at)
            }
            return .text(.textCase(textCase))
        case "multilineTextAlignment":
            guard let (value, at) = try member(), let alignment = TextAlignment(rawValue: value) else {
                throw SourceError("expected '.leading', '.center' or '.trailing'", at: location)
            }
            _ = at
            return .text(.multilineTextAlignment(alignment))
        case "lineLimit":
            let values = try bind(call, [Parameter(nil, "number")], callee: name)
            if case .nilLiteral = values[0]!.kind { return .text(.lineLimit(nil)) }
            guard case let .int(limit) = try evaluate(values[0]!, .int, scope), limit >= 1 else {
                throw SourceError("'lineLimit' must be at least 1, or nil", at: values[0]!.location)
            }
            return .text(.lineLimit(limit))
        case "minimumScaleFactor":
            let values = try bind(call, [Parameter(nil, "factor")], callee: name)
            let factor = try number(values[0]!, scope)
            guard factor > 0 && factor <= 1 else {
                throw SourceError("'minimumScaleFactor' must be greater than 0 and at most 1", at: values[0]!.location)
            }
            return .text(.minimumScaleFactor(factor))
        case "redacted":
            let values = try bind(call, [Parameter("reason", "reason")], callee: name)
            let reason = values[0]!
            switch reason.kind {
            case .implicitMember("placeholder"): return .text(.redacted(true))
            case .array(let items) where items.isEmpty: return .text(.redacted(false))
            case .ternary(let condition, let whenTrue, let whenFalse):
                guard case let .bool(flag) = try evaluate(condition, .bool, scope) else { return nil }
                let chosen = flag ? whenTrue : whenFalse
                if case .implicitMember("placeholder") = chosen.kind { return .text(.redacted(true)) }
                if case .array(let items) = chosen.kind, items.isEmpty { return .text(.redacted(false)) }
            default: break
            }
            throw SourceError("only '.placeholder' and '[]' are read as redaction reasons", at: reason.location)
        case "unredacted":
            _ = try bind(call, [], callee: name)
            return .text(.redacted(false))
        case "contentTransition":
            throw SourceError("'contentTransition' is not supported: text changes are drawn as the new text at once", at: location)
        default:
            return nil
        }
    }

    /// `foregroundStyle(LinearGradient(…))` and the other gradients, or `nil` for a colour.
    func foregroundGradient(_ expression: Expression, _ scope: Scope) throws(SourceError) -> ViewModifier? {
        guard Self.gradientType(of: expression) != nil, case let (_, gradient?) = try shapeStyle(expression, scope) else { return nil }
        return .foregroundGradient(gradient)
    }
}
