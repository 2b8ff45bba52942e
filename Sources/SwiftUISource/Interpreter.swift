import Motion
import Scene
import Typography

/// What a name means where an expression is evaluated.
struct Scope {
    /// The identity path of the view instance whose code runs (`nil` in a `#Preview`).
    var instance: String?
    /// Its declaration.
    var declaration: ViewDeclaration?
    /// Its non-state properties (memberwise arguments, `let`s with values).
    var properties: [String: Value] = [:]
    /// `let`s of the body or closure, closure parameters.
    var locals: [String: Value] = [:]
}

/// Evaluates expressions and bodies of a parsed file; state lives here, keyed by the identity
/// path of each view instance, so every instance of a view has its own `@State`.
final class Interpreter {
    let source: SourceText
    let file: SourceFile
    let declarations: [String: ViewDeclaration]
    var constants: [String: Value] = [:]
    /// `@State` values per instance path.
    var states: [String: [String: Value]] = [:]
    /// The state types per instance path.
    var stateTypes: [String: [String: ValueType]] = [:]
    /// Instances met in the tree being evaluated.
    var visited: Set<String> = []
    /// `onAppear` actions of the tree being evaluated, in evaluation order.
    var appearances: [Appearance] = []
    /// Views whose body is being evaluated, innermost last (a view inside itself is an error).
    var evaluating: [String] = []
    /// Current evaluation depth; bounded so no input can exhaust the stack.
    var depth = 0
    static let maximumDepth = 400
    /// Evaluation steps over the whole script: bounds the time any source can take.
    var work = 0
    static let maximumWork = 1_000_000
    /// Views and modifiers of the tree being built (``ViewTreeLimit``).
    var builtNodes = 0
    /// Deepest view tree allowed (the engine walks trees recursively).
    static let maximumTreeHeight = 512

    struct Appearance {
        var key: String
        var action: Closure
        var scope: Scope
    }

    init(source: SourceText, file: SourceFile) throws(SourceError) {
        self.source = source
        self.file = file
        var declarations: [String: ViewDeclaration] = [:]
        for declaration in file.views {
            if declarations[declaration.name] != nil {
                throw SourceError("invalid redeclaration of '\(declaration.name)'", at: declaration.location)
            }
            declarations[declaration.name] = declaration
        }
        self.declarations = declarations
        for constant in file.constants {
            guard let initializer = constant.initializer else {
                throw SourceError("constant '\(constant.name)' needs a value", at: constant.location)
            }
            if constants[constant.name] != nil {
                throw SourceError("invalid redeclaration of '\(constant.name)'", at: constant.location)
            }
            let expected = try constant.type.map { (type) throws(SourceError) in try valueType(type) }
            constants[constant.name] = try evaluate(initializer, expected, Scope())
        }
    }

    func enter(_ location: Location) throws(SourceError) {
        depth += 1
        work += 1
        if work > Self.maximumWork {
            throw SourceError("the code does too much work to evaluate (more than \(Self.maximumWork) steps)", at: location)
        }
        if depth > Self.maximumDepth {
            throw SourceError("views and expressions are nested too deeply (more than \(Self.maximumDepth) levels)", at: location)
        }
    }

    func leave() { depth -= 1 }

    func valueType(_ type: TypeName) throws(SourceError) -> ValueType {
        guard let valueType = ValueType.named(type.name), !type.isOpaque else {
            throw SourceError("type '\(type.name)' is not supported here", at: type.location)
        }
        return valueType
    }

    // MARK: Type checks

    func mismatch(_ value: Value, _ expected: ValueType, at location: Location) -> SourceError {
        SourceError("cannot convert value of type '\(value.type.rawValue)' to expected type '\(expected.rawValue)'", at: location)
    }

    func check(_ value: Value, _ expected: ValueType?, at location: Location) throws(SourceError) -> Value {
        guard let expected, value.type != expected else { return value }
        if case .double = value, expected == .timeInterval { return value }
        if case .alignment = value, expected.isAlignment { return value }
        throw mismatch(value, expected, at: location)
    }

    func number(_ expression: Expression, _ scope: Scope) throws(SourceError) -> Double {
        guard case let .double(value) = try evaluate(expression, .double, scope) else { return 0 }
        return value
    }

    func color(_ expression: Expression, _ scope: Scope) throws(SourceError) -> ColorValue {
        try refuseGradient(expression)
        guard case let .color(value) = try evaluate(expression, .color, scope) else {
            throw SourceError("expected a colour", at: expression.location)
        }
        return value
    }

    /// Whether an integer expression is made of literals only (Swift types those by context).
    func isLiteral(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .integer, .float: true
        case let .prefix(_, operand): isLiteral(operand)
        case let .binary(_, left, right, _): isLiteral(left) && isLiteral(right)
        default: false
        }
    }

    // MARK: Expressions

    /// The value of `expression`; `expected` is the type the context wants (it resolves
    /// implicit members such as `.orange` and types integer literals).
    func evaluate(_ expression: Expression, _ expected: ValueType?, _ scope: Scope) throws(SourceError) -> Value {
        try enter(expression.location)
        defer { leave() }
        let location = expression.location
        switch expression.kind {
        case let .integer(value, text):
            switch expected {
            case .double, .timeInterval: return .double(Double(value))
            case .int, nil: return .int(value)
            default:
                throw SourceError("cannot convert integer literal '\(text)' to expected type '\(expected!.rawValue)'", at: location)
            }
        case let .float(value, text):
            switch expected {
            case .double, .timeInterval, nil: return .double(value)
            default:
                throw SourceError("cannot convert floating-point literal '\(text)' to expected type '\(expected!.rawValue)'", at: location)
            }
        case let .string(text):
            return try check(.string(text), expected, at: location)
        case let .boolean(flag):
            return try check(.bool(flag), expected, at: location)
        case .nilLiteral:
            guard expected == .animation else {
                throw SourceError("'nil' is not allowed here\(expected.map { ": expected a value of type '\($0.rawValue)'" } ?? "")", at: location)
            }
            return .animation(nil)
        case let .name(name):
            return try check(try lookUp(name, at: location, scope), expected, at: location)
        case let .implicitMember(name):
            guard let expected else {
                throw SourceError("cannot infer the type of '.\(name)': write the type, e.g. 'Color.\(name)'", at: location)
            }
            return try member(name, of: expected, call: nil, at: location, scope)
        case let .postfix(primary, steps):
            return try evaluatePostfix(primary, steps, expected, scope)
        case let .prefix(op, operand):
            return try prefix(op, operand, expected, at: location, scope)
        case let .binary(op, left, right, operatorLocation):
            return try binary(op, left, right, expected, at: operatorLocation, scope)
        case let .ternary(condition, whenTrue, whenFalse):
            guard case let .bool(flag) = try evaluate(condition, .bool, scope) else { return .bool(false) }
            let first = try evaluate(whenTrue, expected, scope)
            // Both branches must type-check, as the compiler checks both.
            let second = try evaluate(whenFalse, expected ?? first.type, scope)
            return flag ? first : second
        case let .array(elements):
            guard expected == .edges else {
                throw SourceError("an array is not allowed here\(expected.map { ": expected a value of type '\($0.rawValue)'" } ?? "")", at: location)
            }
            var edges: Edges = []
            for element in elements {
                guard case let .edges(more) = try evaluate(element, .edges, scope) else { continue }
                edges.formUnion(more)
            }
            return .edges(edges)
        case .closure:
            throw SourceError("a closure is not allowed here", at: location)
        case .keyPath:
            throw SourceError("a key path is allowed here only as ForEach's 'id:' argument", at: location)
        }
    }

    /// The value a bare name refers to.
    func lookUp(_ name: String, at location: Location, _ scope: Scope) throws(SourceError) -> Value {
        if let value = scope.locals[name] { return value }
        if let instance = scope.instance, let value = states[instance]?[name] { return value }
        if let value = scope.properties[name] { return value }
        if let value = constants[name] { return value }
        if name == "self" { throw SourceError("'self' alone is not a value; write 'self.name'", at: location) }
        if ValueType.named(name) != nil || ["Edge", "Image", "DispatchQueue", "SwiftUI"].contains(name) {
            throw SourceError("'\(name)' is a type, not a value: write a member, e.g. 'Color.orange'", at: location)
        }
        if declarations[name] != nil || Self.builtInViews.contains(name) {
            throw SourceError("'\(name)' is a view: write '\(name)()' in a body", at: location)
        }
        // A property known to the view but not yet in scope is being read by another
        // property's initial value, which Swift refuses with this message.
        if let declaration = scope.declaration, declaration.properties.contains(where: { $0.name == name }) {
            throw SourceError("cannot use instance member '\(name)' within property initializer; property initializers run before 'self' is available", at: location)
        }
        var known = Array(scope.locals.keys) + Array(constants.keys) + Array(scope.properties.keys)
        if let instance = scope.instance, let state = states[instance] { known += state.keys }
        if let declaration = scope.declaration { known += declaration.properties.map(\.name) }
        throw SourceError("cannot find '\(name)' in scope\(Spelling.suggestion(for: name, among: known.sorted()))", at: location)
    }

    func prefix(_ op: String, _ operand: Expression, _ expected: ValueType?, at location: Location, _ scope: Scope) throws(SourceError) -> Value {
        if op == "!" {
            guard case let .bool(flag) = try evaluate(operand, .bool, scope) else { return .bool(false) }
            return try check(.bool(!flag), expected, at: location)
        }
        let value = try evaluate(operand, expected, scope)
        let sign: Double = op == "-" ? -1 : 1
        switch value {
        case let .int(number): return .int(op == "-" ? 0 &- number : number)
        case let .double(number): return .double(sign * number)
        case let .angle(degrees): return .angle(sign * degrees)
        default: throw SourceError("unary operator '\(op)' cannot be applied to a value of type '\(value.type.rawValue)'", at: location)
        }
    }

    func binary(
        _ op: String, _ left: Expression, _ right: Expression, _ expected: ValueType?, at location: Location, _ scope: Scope
    ) throws(SourceError) -> Value {
        switch op {
        case "&&", "||":
            guard case let .bool(a) = try evaluate(left, .bool, scope) else { return .bool(false) }
            guard case let .bool(b) = try evaluate(right, .bool, scope) else { return .bool(false) }
            return try check(.bool(op == "&&" ? a && b : a || b), expected, at: location)
        case "..<", "...":
            guard case let .int(lower) = try evaluate(left, .int, scope),
                  case let .int(upper) = try evaluate(right, .int, scope) else { return .range(lower: 0, upper: 0) }
            // Swift traps at run time on a range whose bounds are out of order.
            guard lower <= upper, op == "..<" || upper < Int.max else {
                throw SourceError("a range's lower bound must not be above its upper bound (\(lower)\(op)\(upper))", at: location)
            }
            return try check(.range(lower: lower, upper: op == "..<" ? upper : upper + 1), expected, at: location)
        case "==", "!=", "<", "<=", ">", ">=":
            let (a, b) = try operands(op, left, right, nil, at: location, scope)
            let result: Bool
            switch (a, b) {
            case let (.int(x), .int(y)): result = compare(op, Double(x), Double(y), exact: x == y)
            case let (.double(x), .double(y)), let (.angle(x), .angle(y)): result = compare(op, x, y, exact: x == y)
            case let (.bool(x), .bool(y)) where op == "==" || op == "!=": result = (x == y) == (op == "==")
            default:
                throw SourceError("operator '\(op)' cannot compare values of type '\(a.type.rawValue)' and '\(b.type.rawValue)'", at: location)
            }
            return try check(.bool(result), expected, at: location)
        default:
            let (a, b) = try operands(op, left, right, expected, at: location, scope)
            return try arithmetic(op, a, b, expected, at: location)
        }
    }

    private func compare(_ op: String, _ x: Double, _ y: Double, exact: Bool) -> Bool {
        switch op {
        case "==": exact
        case "!=": !exact
        case "<": x < y
        case "<=": x <= y
        case ">": x > y
        default: x >= y
        }
    }

    /// Both operands, with integer literals typed as the other side (Swift's literal typing).
    private func operands(
        _ op: String, _ left: Expression, _ right: Expression, _ expected: ValueType?, at location: Location, _ scope: Scope
    ) throws(SourceError) -> (Value, Value) {
        // An Angle result: the left side is an Angle, or a number scaling one (`2 * angle`).
        let leftExpected: ValueType? = expected == .angle ? (isLiteral(left) ? .double : .angle) : expected
        var a = try evaluate(left, leftExpected, scope)
        if case .deadline = a { return (a, try evaluate(right, .timeInterval, scope)) }
        let rightExpected: ValueType?
        if case .angle = a {
            rightExpected = op == "+" || op == "-" || op == "==" || op == "!=" || op.hasPrefix("<") || op.hasPrefix(">") ? .angle : .double
        } else if expected == .angle {
            rightExpected = .angle
        } else {
            rightExpected = expected ?? (isLiteral(right) ? nil : a.type)
        }
        var b = try evaluate(right, rightExpected, scope)
        if case let .int(x) = a, case .double = b, isLiteral(left) { a = .double(Double(x)) }
        if case .double = a, case let .int(y) = b, isLiteral(right) { b = .double(Double(y)) }
        return (a, b)
    }

    private func arithmetic(_ op: String, _ a: Value, _ b: Value, _ expected: ValueType?, at location: Location) throws(SourceError) -> Value {
        func apply(_ x: Double, _ y: Double) -> Double {
            switch op {
            case "+": x + y
            case "-": x - y
            case "*": x * y
            case "/": x / y
            default: x.truncatingRemainder(dividingBy: y)
            }
        }
        let result: Value
        switch (a, b) {
        case let (.int(x), .int(y)):
            if (op == "/" || op == "%") && y == 0 { throw SourceError("division by zero", at: location) }
            let (value, overflow): (Int, Bool) = switch op {
            case "+": x.addingReportingOverflow(y)
            case "-": x.subtractingReportingOverflow(y)
            case "*": x.multipliedReportingOverflow(by: y)
            case "/": x.dividedReportingOverflow(by: y)
            default: x.remainderReportingOverflow(dividingBy: y)
            }
            if overflow { throw SourceError("arithmetic overflow", at: location) }
            result = .int(value)
        case let (.double(x), .double(y)):
            result = .double(apply(x, y))
        case let (.angle(x), .angle(y)) where op == "+" || op == "-":
            result = .angle(apply(x, y))
        case let (.angle(x), .double(y)) where op == "*" || op == "/":
            result = .angle(apply(x, y))
        case let (.angle(x), .int(y)) where op == "*" || op == "/":
            result = .angle(apply(x, Double(y)))
        case let (.double(x), .angle(y)) where op == "*":
            result = .angle(x * y)
        case let (.deadline(x), .double(y)) where op == "+":
            result = .deadline(x + y)
        default:
            throw SourceError(
                "operator '\(op)' cannot be applied to values of type '\(a.type.rawValue)' and '\(b.type.rawValue)'", at: location
            )
        }
        if case let .double(value) = result, !value.isFinite {
            throw SourceError("the result is not a finite number", at: location)
        }
        return try check(result, expected, at: location)
    }

    // MARK: Members

    /// Type names a postfix chain may start with, and the type their members have.
    static func qualifiedType(_ primary: Expression, _ steps: [Postfix]) -> (ValueType, consumed: Int)? {
        guard case let .name(name) = primary.kind else { return nil }
        var names = [name]
        for step in steps {
            guard case let .member(member, _) = step else { break }
            names.append(member)
        }
        var start = 0
        if names.first == "SwiftUI" { start = 1 }
        let candidates: [(String, ValueType)] = [
            ("Edge.Set", .edges), ("Font.Weight", .weight), ("Image.Scale", .imageScale),
            ("Color", .color), ("Angle", .angle), ("Animation", .animation), ("Double", .double), ("CGFloat", .double),
            ("Float", .double), ("Int", .int), ("UnitPoint", .unitPoint), ("Alignment", .alignment),
            ("HorizontalAlignment", .horizontalAlignment), ("VerticalAlignment", .verticalAlignment), ("Font", .font),
            ("ControlSize", .controlSize), ("CGLineCap", .lineCap), ("CGLineJoin", .lineJoin), ("DispatchTime", .deadline), ("StrokeStyle", .strokeStyle),
        ]
        for (spelled, type) in candidates {
            let parts = spelled.split(separator: ".").map(String.init)
            if names.count >= start + parts.count, Array(names[start..<start + parts.count]) == parts {
                return (type, start + parts.count - 1)
            }
        }
        return nil
    }

    func evaluatePostfix(_ primary: Expression, _ steps: [Postfix], _ expected: ValueType?, _ scope: Scope) throws(SourceError) -> Value {
        if case .name(Lexer.interpolationCall) = primary.kind, steps.count == 1, case let .call(call) = steps[0] {
            return try check(try interpolation(call, scope), expected, at: primary.location)
        }
        var index = 0
        var value: Value
        // `Color.orange`, `Angle.degrees(90)`, `Color(red:…)`, `Double(x)`, `self.x`.
        if let (type, consumed) = Self.qualifiedType(primary, steps) {
            index = consumed
            if index < steps.count, case let .member(name, location) = steps[index] {
                index += 1
                var call: Call?
                if index < steps.count, case let .call(c) = steps[index] {
                    call = c
                    index += 1
                }
                value = try member(name, of: type, call: call, at: location, scope)
            } else if index < steps.count, case let .call(call) = steps[index] {
                index += 1
                value = try construct(type, call, at: primary.location, scope)
            } else {
                throw SourceError("'\(type.rawValue)' is a type, not a value", at: primary.location)
            }
        } else if case let .implicitMember(name) = primary.kind {
            guard let expected else {
                throw SourceError("cannot infer the type of '.\(name)': write the type, e.g. 'Color.\(name)'", at: primary.location)
            }
            var call: Call?
            if case let .call(c) = steps[0] {
                call = c
                index = 1
            }
            // The chain's base has the expected type, except before a Font's or Color's method.
            value = try member(name, of: expected, call: call, at: primary.location, scope)
        } else if case .name("self") = primary.kind, case let .member(name, location) = steps[0] {
            index = 1
            value = try lookUp(name, at: Location(line: location.line, column: location.column + 1, offset: location.offset + 1), scope)
        } else if case let .name(name) = primary.kind, case .call = steps[0] {
            if declarations[name] != nil || Self.builtInViews.contains(name) {
                throw SourceError("'\(name)' is a view; a value is expected here\(expected.map { " (of type '\($0.rawValue)')" } ?? "")", at: primary.location)
            }
            throw SourceError("'\(name)(…)' is not supported here", at: primary.location)
        } else {
            value = try evaluate(primary, nil, scope)
        }
        while index < steps.count {
            guard case let .member(name, location) = steps[index] else {
                throw SourceError("a value of type '\(value.type.rawValue)' cannot be called", at: primary.location)
            }
            index += 1
            var call: Call?
            if index < steps.count, case let .call(c) = steps[index] {
                call = c
                index += 1
            }
            value = try method(name, on: value, call: call, at: location, scope)
        }
        return try check(value, expected, at: primary.location)
    }

    /// Locations for Motion's errors: character offsets + 1 as "columns", mapped back after.
    func column(_ location: Location) -> Int { location.offset + 1 }

    func motion<T>(_ body: () throws(AnimationParseError) -> T) throws(SourceError) -> T {
        do {
            return try body()
        } catch {
            throw SourceError(error.message, at: source.location(ofOffset: max(error.column - 1, 0)))
        }
    }

    func animationArguments(_ call: Call, _ scope: Scope) throws(SourceError) -> [AnimationArgument] {
        if let closure = call.trailingClosures.first {
            throw SourceError("an animation takes no closure", at: closure.location)
        }
        var arguments: [AnimationArgument] = []
        for argument in call.arguments {
            let value: AnimationArgument.Value
            switch try evaluate(argument.value, nil, scope) {
            case let .int(number): value = .number(Double(number), text: String(number), isWhole: true)
            case let .double(number): value = .number(number, text: Spelling.number(number), isWhole: false)
            case let .bool(flag): value = .boolean(flag)
            case let other:
                throw SourceError("an animation argument takes a number or a Bool, not a value of type '\(other.type.rawValue)'", at: argument.value.location)
            }
            arguments.append(AnimationArgument(
                label: argument.label, labelColumn: column(argument.labelLocation), value: value,
                valueColumn: column(argument.value.location)
            ))
        }
        return arguments
    }

    /// `Type.name` or `.name` (with its call) for a value of `type`.
    func member(_ name: String, of type: ValueType, call: Call?, at location: Location, _ scope: Scope) throws(SourceError) -> Value {
        let nameLocation = Location(line: location.line, column: location.column + 1, offset: location.offset + 1)
        func noCall() throws(SourceError) {
            if let call { throw SourceError("'\(name)' is a property, not a function: remove the parentheses", at: call.open) }
        }
        func unknown(_ names: [String]) -> SourceError {
            SourceError(
                "type '\(type.rawValue)' has no member '\(name)'\(Spelling.suggestion(for: name, among: names)); supported: \(names.joined(separator: ", "))",
                at: nameLocation
            )
        }
        switch type {
        case .animation:
            let arguments = try call.map { (call) throws(SourceError) in try animationArguments(call, scope) }
            let end = call.map { column($0.close) } ?? column(nameLocation) + name.count
            return .animation(try motion { () throws(AnimationParseError) in
                try Animation.base(named: name, arguments: arguments, nameColumn: column(nameLocation), endColumn: end)
            })
        case .angle:
            if name == "zero" {
                try noCall()
                return .angle(0)
            }
            guard name == "degrees" || name == "radians" else { throw unknown(["degrees", "radians", "zero"]) }
            guard let call else { throw SourceError("'\(name)' is a function: write '.\(name)(90)'", at: nameLocation) }
            let values = try bind(call, [Parameter(nil, name)], callee: name)
            let number = try self.number(values[0]!, scope)
            return .angle(name == "degrees" ? number : number * 180 / Double.pi)
        case .double, .int:
            try noCall()
            switch name {
            case "pi" where type == .double: return .double(Double.pi)
            case "zero": return type == .double ? .double(0) : .int(0)
            default: throw unknown(type == .double ? ["pi", "zero"] : ["zero"])
            }
        case .timeInterval:
            let units: [String: Double] = ["seconds": 1, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9]
            guard let unit = units[name] else { throw unknown(["seconds", "milliseconds", "microseconds", "nanoseconds"]) }
            guard let call else { throw SourceError("'\(name)' is a function: write '.\(name)(1)'", at: nameLocation) }
            let values = try bind(call, [Parameter(nil, name)], callee: name)
            guard case let .int(count) = try evaluate(values[0]!, .int, scope) else { return .double(0) }
            return .double(Double(count) * unit)
        case .color:
            guard colorNames.contains(name) else { throw unknown(colorNames) }
            try noCall()
            return .color(.system(name))
        case .unitPoint, .alignment, .horizontalAlignment, .verticalAlignment:
            try noCall()
            var names = Array(pointNames.keys).sorted()
            if type == .horizontalAlignment { names = ["leading", "center", "trailing"] }
            if type == .verticalAlignment { names = ["top", "center", "bottom"] }
            if type == .unitPoint { names.append("zero") }
            guard names.contains(name) else { throw unknown(names) }
            let (x, y) = pointNames[name] ?? (0, 0)
            return type == .unitPoint ? .unitPoint(UnitPoint(x: x, y: y)) : .alignment(Alignment(horizontal: x, vertical: y))
        case .edges:
            try noCall()
            let names: [String: Edges] = [
                "all": .all, "horizontal": .horizontal, "vertical": .vertical, "top": .top, "bottom": .bottom,
                "leading": .leading, "trailing": .trailing,
            ]
            guard let edges = names[name] else { throw unknown(names.keys.sorted()) }
            return .edges(edges)
        case .font:
            if let style = textStyles[name] {
                try noCall()
                return .font(style)
            }
            guard name == "system" else { throw unknown(["system"] + textStyles.keys.sorted()) }
            guard let call else { throw SourceError("'system' is a function: write '.system(size: 17)'", at: nameLocation) }
            if let first = call.arguments.first, first.label == nil {
                let values = try bind(call, [Parameter(nil, "style"), Parameter("design", "design", optional: true),
                                             Parameter("weight", "weight", optional: true)], callee: "system")
                guard case var .font(font) = try evaluate(values[0]!, .font, scope) else { return .font(FontValue(pointSize: 17)) }
                if let design = values[1], case let .implicitMember(name) = design.kind { font.design = try Self.fontDesign(name, at: design.location) }
                if let weight = values[2], case let .weight(w) = try evaluate(weight, .weight, scope) { font.weight = w }
                return .font(font)
            }
            let values = try bind(call, [Parameter("size", "size"), Parameter("weight", "weight", optional: true),
                                         Parameter("design", "design", optional: true)], callee: "system")
            let size = try number(values[0]!, scope)
            guard size > 0 && size <= 10_000 else { throw SourceError("font size must be greater than 0 and at most 10000", at: values[0]!.location) }
            var weight = SymbolWeight.regular
            if let expression = values[1], case let .weight(w) = try evaluate(expression, .weight, scope) { weight = w }
            var design = FontDesign.default
            if let expression = values[2], case let .implicitMember(name) = expression.kind { design = try Self.fontDesign(name, at: expression.location) }
            return .font(FontValue(pointSize: size, weight: weight, design: design))
        case .weight:
            try noCall()
            guard let weight = weightNames[name] else {
                throw unknown(["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"])
            }
            return .weight(weight)
        case .imageScale:
            try noCall()
            guard let scale = SymbolScale(rawValue: name) else { throw unknown(SymbolScale.allCases.map(\.rawValue)) }
            return .imageScale(scale)
        case .controlSize:
            try noCall()
            guard let size = ControlSize(rawValue: name) else { throw unknown(["mini", "small", "regular", "large", "extraLarge"]) }
            return .controlSize(size)
        case .lineCap:
            try noCall()
            guard let cap = LineCap(rawValue: name) else { throw unknown(["butt", "round", "square"]) }
            return .lineCap(cap)
        case .lineJoin:
            try noCall()
            guard ["miter", "round", "bevel"].contains(name) else { throw unknown(["miter", "round", "bevel"]) }
            return .lineJoin(name)
        case .deadline:
            guard name == "now" else { throw unknown(["now"]) }
            guard let call, call.arguments.isEmpty, call.trailingClosures.isEmpty else {
                throw SourceError("write '.now()'", at: nameLocation)
            }
            return .deadline(0)
        case .strokeStyle, .string, .bool, .range:
            throw SourceError("type '\(type.rawValue)' has no member '\(name)'", at: nameLocation)
        }
    }

    /// `Type(arguments)`.
    func construct(_ type: ValueType, _ call: Call, at location: Location, _ scope: Scope) throws(SourceError) -> Value {
        switch type {
        case .color:
            let values = try bind(call, [Parameter("red", "red"), Parameter("green", "green"), Parameter("blue", "blue"),
                                         Parameter("opacity", "opacity", optional: true)], callee: "Color")
            var channels: [Double] = []
            for expression in values {
                guard let expression else { channels.append(1); continue }
                let value = try number(expression, scope)
                guard (0...1).contains(value) else { throw SourceError("colour components must be between 0 and 1", at: expression.location) }
                channels.append(value)
            }
            return .color(.rgb(red: channels[0], green: channels[1], blue: channels[2], opacity: channels[3]))
        case .angle:
            let label = call.arguments.first?.label == "radians" ? "radians" : "degrees"
            let values = try bind(call, [Parameter(label, label)], callee: "Angle")
            let number = try self.number(values[0]!, scope)
            return .angle(label == "degrees" ? number : number * 180 / Double.pi)
        case .unitPoint:
            let values = try bind(call, [Parameter("x", "x"), Parameter("y", "y")], callee: "UnitPoint")
            return .unitPoint(UnitPoint(x: try number(values[0]!, scope), y: try number(values[1]!, scope)))
        case .double:
            let values = try bind(call, [Parameter(nil, "value")], callee: "Double")
            switch try evaluate(values[0]!, nil, scope) {
            case let .int(number): return .double(Double(number))
            case let .double(number): return .double(number)
            case let other: throw mismatch(other, .double, at: values[0]!.location)
            }
        case .int:
            let values = try bind(call, [Parameter(nil, "value")], callee: "Int")
            switch try evaluate(values[0]!, nil, scope) {
            case let .int(number): return .int(number)
            case let .double(number) where abs(number) < 1e18: return .int(Int(number))
            case let other: throw mismatch(other, .int, at: values[0]!.location)
            }
        case .strokeStyle:
            let values = try bind(call, [Parameter("lineWidth", "lineWidth", optional: true),
                                         Parameter("lineCap", "lineCap", optional: true),
                                         Parameter("lineJoin", "lineJoin", optional: true),
                                         Parameter("miterLimit", "miterLimit", optional: true),
                                         Parameter("dash", "dash", optional: true),
                                         Parameter("dashPhase", "dashPhase", optional: true)], callee: "StrokeStyle")
            if let dash = values[4] ?? values[5] {
                throw SourceError("dashed strokes are not supported", at: dash.location)
            }
            var style = StrokeStyle()
            if let width = values[0] { style.lineWidth = try lineWidth(width, scope) }
            if let cap = values[1], case let .lineCap(lineCap) = try evaluate(cap, .lineCap, scope) { style.lineCap = lineCap }
            // SwiftUI's defaults: a miter join, limit 10. A right angle's miter is √2 times the
            // half width, so it is mitred whenever the limit is at least √2.
            var join = "miter"
            if let expression = values[2], case let .lineJoin(written) = try evaluate(expression, .lineJoin, scope) { join = written }
            var limit = 10.0
            if let expression = values[3] {
                limit = try number(expression, scope)
                guard limit >= 0 else { throw SourceError("'miterLimit' must not be negative", at: expression.location) }
            }
            return .strokeStyle(style, mitred: join == "miter" && limit >= 2.0.squareRoot())
        default:
            throw SourceError("'\(type.rawValue)(…)' is not supported", at: location)
        }
    }

    func lineWidth(_ expression: Expression, _ scope: Scope) throws(SourceError) -> Double {
        let width = try number(expression, scope)
        guard width >= 0 && width <= 10_000 else {
            throw SourceError("line width must be between 0 and 10000", at: expression.location)
        }
        return width
    }

    /// `value.name(arguments)`.
    func method(_ name: String, on value: Value, call: Call?, at location: Location, _ scope: Scope) throws(SourceError) -> Value {
        let nameLocation = Location(line: location.line, column: location.column + 1, offset: location.offset + 1)
        switch value {
        case let .animation(animation?):
            let arguments = try call.map { (call) throws(SourceError) in try animationArguments(call, scope) }
            let end = call.map { column($0.close) } ?? column(nameLocation) + name.count
            return .animation(try motion { () throws(AnimationParseError) in
                try animation.modified(named: name, arguments: arguments, nameColumn: column(nameLocation), endColumn: end)
            })
        case var .font(font) where name == "weight":
            guard let call else { throw SourceError("'weight' is a function: write '.weight(.bold)'", at: nameLocation) }
            let values = try bind(call, [Parameter(nil, "weight")], callee: "weight")
            if case let .weight(weight) = try evaluate(values[0]!, .weight, scope) { font.weight = weight }
            return .font(font)
        case let .color(color) where name == "opacity":
            guard let call else { throw SourceError("'opacity' is a function: write '.opacity(0.5)'", at: nameLocation) }
            let values = try bind(call, [Parameter(nil, "opacity")], callee: "opacity")
            let factor = try number(values[0]!, scope)
            guard (0...1).contains(factor) else { throw SourceError("opacity must be between 0 and 1", at: values[0]!.location) }
            if case let .rgb(red, green, blue, opacity) = color {
                return .color(.rgb(red: red, green: green, blue: blue, opacity: opacity * factor))
            }
            return .color(.opacity(color, factor))
        default:
            throw SourceError("value of type '\(value.type.rawValue)' has no member '\(name)'", at: nameLocation)
        }
    }

    // MARK: Arguments

    struct Parameter {
        var label: String?
        var name: String
        var optional: Bool

        init(_ label: String?, _ name: String, optional: Bool = false) {
            self.label = label
            self.name = name
            self.optional = optional
        }

        var spelled: String { label.map { "'\($0):'" } ?? "'\(name)'" }
    }

    /// Matches a call's arguments to `parameters` as Swift does (labels in order, optional
    /// parameters may be left out); trailing closures fill the last parameters.
    func bind(_ call: Call, _ parameters: [Parameter], callee: String) throws(SourceError) -> [Expression?] {
        let arguments = call.arguments
        var closureTarget: Int?
        if let closure = call.trailingClosures.first {
            guard let target = parameters.lastIndex(where: { ["content", "action", "body"].contains($0.name) }) else {
                throw SourceError("'\(callee)' takes no closure", at: closure.location)
            }
            closureTarget = target
        }
        var matched: [Expression?] = Array(repeating: nil, count: parameters.count)
        var next = 0
        for argument in arguments {
            var candidate = next
            var found: Int?
            while candidate < parameters.count {
                if parameters[candidate].label == argument.label { found = candidate; break }
                if !parameters[candidate].optional { break }
                candidate += 1
            }
            if let found {
                matched[found] = argument.value
                next = found + 1
                continue
            }
            let at = argument.labelLocation
            if let label = argument.label, let known = parameters.firstIndex(where: { $0.label == label }) {
                if matched[known] != nil { throw SourceError("argument '\(label):' given twice", at: at) }
                if known < next { throw SourceError("argument '\(label):' must come before the arguments written before it", at: at) }
                let required = parameters[next...].first { !$0.optional } ?? parameters[next]
                throw SourceError("missing argument \(required.spelled) in call to '\(callee)'", at: at)
            }
            guard next < parameters.count else { throw SourceError("extra argument in call to '\(callee)'", at: at) }
            let expected = parameters[next]
            guard let label = argument.label else {
                if let expectedLabel = parameters[next...].first(where: { !$0.optional })?.label ?? expected.label {
                    throw SourceError("missing argument label '\(expectedLabel):' in call to '\(callee)'", at: at)
                }
                throw SourceError("extra argument in call to '\(callee)'", at: at)
            }
            if !parameters[next...].contains(where: { $0.label != nil }) {
                throw SourceError("extraneous argument label '\(label):' in call to '\(callee)'", at: at)
            }
            let labels = parameters.compactMap(\.label)
            throw SourceError(
                "incorrect argument label '\(label):' in call to '\(callee)'\(Spelling.suggestion(for: label, among: labels, suffix: ":")); it takes \(labels.map { "'\($0):'" }.joined(separator: ", "))",
                at: at
            )
        }
        if let closureTarget, let closure = call.trailingClosures.first {
            if matched[closureTarget] != nil || next > closureTarget + 1 {
                throw SourceError("extra trailing closure in call to '\(callee)'", at: closure.location)
            }
            matched[closureTarget] = Expression(kind: .closure(closure), location: closure.location, height: 1)
        }
        for (index, parameter) in parameters.enumerated() where matched[index] == nil && !parameter.optional {
            throw SourceError("missing argument \(parameter.spelled) in call to '\(callee)'", at: call.close)
        }
        return matched
    }
}
