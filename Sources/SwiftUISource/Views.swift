import Motion
import Scene

/// A view being built: the node, the height of its tree, and (while it is still a bare shape,
/// before any view modifier) the shape, which `trim`, `fill` and `stroke` change.
struct BuiltView {
    var node: ViewNode
    var height: Int
    var shape: ShapeView?
}

extension Interpreter {
    static let builtInViews = ["Image", "Text", "Label", "ProgressView", "Circle", "Capsule", "Rectangle", "RoundedRectangle", "Color", "VStack", "HStack", "ZStack", "ForEach"]

    func unsupportedView(_ name: String, at location: Location) -> SourceError {
        let own = file.views.filter { $0.conformances.contains("View") }.map(\.name)
        let names = Self.builtInViews + own
        let list = "Image(systemName:), Text, Label, ProgressView, Circle, Capsule, Rectangle, RoundedRectangle, Color, VStack, HStack, ZStack, ForEach"
            + (own.isEmpty ? "" : ", and this file's " + own.joined(separator: ", "))
        return SourceError("'\(name)' is not supported here\(Spelling.suggestion(for: name, among: names)); supported views: \(list)", at: location)
    }

    func wrap(_ view: BuiltView, _ modifier: ViewModifier, at location: Location) throws(SourceError) -> BuiltView {
        try countNode(at: location)
        let height = view.height + 1
        guard height <= Self.maximumTreeHeight else {
            throw SourceError("the view tree is deeper than \(Self.maximumTreeHeight) levels", at: location)
        }
        return BuiltView(node: .modified(view.node, modifier), height: height, shape: nil)
    }

    // MARK: Bodies

    /// The one view a body, a preview or an `if` branch builds.
    func singleView(_ statements: [Statement], _ scope: Scope, path: String, at location: Location, what: String) throws(SourceError) -> BuiltView {
        let views = try build(statements, scope, path: path)
        guard views.count <= 1 || what == "branch" else {
            throw SourceError("\(what) must contain one view; wrap several in a VStack, HStack or ZStack", at: views[1].location)
        }
        guard let first = views.first else {
            if what == "branch" { return BuiltView(node: .empty, height: 1, shape: nil) }
            throw SourceError("\(what) contains no view", at: location)
        }
        if views.count > 1 {
            throw SourceError("an 'if' branch must contain one view; wrap several in a VStack, HStack or ZStack", at: views[1].location)
        }
        return first.view
    }

    /// The views a view builder's statements make, in order, with their locations.
    func build(_ statements: [Statement], _ scope: Scope, path: String) throws(SourceError) -> [(view: BuiltView, location: Location)] {
        var scope = scope
        var views: [(view: BuiltView, location: Location)] = []
        for statement in statements {
            let childPath = path + "." + String(views.count)
            switch statement.kind {
            case let .expression(expression), let .returnValue(expression):
                if let each = try forEach(expression, scope, path: childPath) {
                    views += each.map { ($0, statement.location) }
                    continue
                }
                views.append((try view(expression, scope, path: childPath), statement.location))
            case let .conditional(clauses, elseBody):
                var built: BuiltView?
                for (index, clause) in clauses.enumerated() {
                    guard case let .bool(flag) = try evaluate(clause.condition, .bool, scope), flag else { continue }
                    built = try branch(index, clause.body, scope, path: childPath, at: statement.location)
                    break
                }
                if built == nil, let elseBody {
                    built = try branch(clauses.count, elseBody, scope, path: childPath, at: statement.location)
                }
                views.append((built ?? BuiltView(node: .empty, height: 1, shape: nil), statement.location))
            case let .constant(property):
                let expected = try property.type.map { (type) throws(SourceError) in try valueType(type) }
                scope.locals[property.name] = try evaluate(property.initializer!, expected, scope)
            case let .assignment(_, _, _, operatorLocation):
                throw SourceError("state cannot change while a body is evaluated; change it in an action such as onAppear", at: operatorLocation)
            }
        }
        return views
    }

    private func branch(_ index: Int, _ body: [Statement], _ scope: Scope, path: String, at location: Location) throws(SourceError) -> BuiltView {
        try enter(location)
        defer { leave() }
        let inner = try singleView(body, scope, path: path + "?" + String(index), at: location, what: "branch")
        return BuiltView(node: .conditional(branch: index, inner.node), height: inner.height + 1, shape: nil)
    }

    // MARK: Views

    /// The view an expression in a view builder makes.
    func view(_ expression: Expression, _ scope: Scope, path: String) throws(SourceError) -> BuiltView {
        try enter(expression.location)
        defer { leave() }
        try countNode(at: expression.location)
        var steps: [Postfix] = []
        var primary = expression
        if case let .postfix(base, chain) = expression.kind {
            primary = base
            steps = chain
        }
        var index = 0
        var built: BuiltView
        switch primary.kind {
        case .name("Color"):
            // `Color.orange` or `Color(red:green:blue:)` as a view.
            let (value, consumed) = try colorHead(primary, steps, scope)
            index = consumed
            built = BuiltView(node: .color(value), height: 1, shape: nil)
        case let .name(name):
            if let first = steps.first, case let .call(call) = first {
                index = 1
                built = try construct(name, call, at: primary.location, scope, path: path)
            } else if let declaration = scope.declaration,
                      let property = declaration.properties.first(where: { $0.name == name && $0.getter != nil && !$0.isStatic }) {
                built = try computedView(property, scope, path: path)
            } else if declarations[name] != nil || Self.builtInViews.contains(name) {
                throw SourceError("'\(name)' is a view: write '\(name)()'", at: primary.location)
            } else {
                throw unsupportedView(name, at: primary.location)
            }
        case let .binary("+", left, right, operatorLocation):
            built = try textConcatenation(left, right, scope, path: path, at: operatorLocation)
        case let .implicitMember(name):
            throw SourceError("'.\(name)' is not a view here; write the type, e.g. 'Color.\(name)'", at: primary.location)
        case .closure:
            throw SourceError("a closure is not a view", at: primary.location)
        default:
            throw SourceError("expected a view, e.g. Image(systemName: \"rays\")", at: primary.location)
        }
        return try applyModifiers(steps[index...], to: built, primary: primary, scope, path: path)
    }

    /// `.modifier(…)` steps of a postfix chain applied to `view`, in order.
    private func applyModifiers(_ steps: ArraySlice<Postfix>, to view: BuiltView, primary: Expression, _ scope: Scope, path: String) throws(SourceError) -> BuiltView {
        var built = view
        var index = steps.startIndex
        while index < steps.endIndex {
            guard case let .member(name, dot) = steps[index] else {
                throw SourceError("a view cannot be called", at: primary.location)
            }
            index += 1
            guard index < steps.endIndex, case let .call(call) = steps[index] else {
                throw SourceError("'\(name)' is a modifier: write '.\(name)(…)'", at: dot)
            }
            index += 1
            built = try modify(built, name, call, at: Location(line: dot.line, column: dot.column + 1, offset: dot.offset + 1), scope, path: path)
        }
        return built
    }

    /// The most views one `ForEach` makes: enough for any spinner's dots or ticks, few enough
    /// that a typo such as `0..<1_000_000` fails at once instead of rendering for minutes.
    static let maximumForEachElements = 1_000

    /// `ForEach(data, id: \.self) { element in … }` in a view builder: its content once per
    /// element of `data` (an `Int` range or an array literal), with the element bound to the
    /// closure's parameter (or `$0`), each element's views flattened into the enclosing
    /// container as SwiftUI does, and any modifier written after the `ForEach` applied to each
    /// of them. An element's identity is its value for a range (so a view keeps its state when
    /// the range grows) and its position for an array. `nil` when `expression` is no `ForEach`.
    func forEach(_ expression: Expression, _ scope: Scope, path: String) throws(SourceError) -> [BuiltView]? {
        guard case let .postfix(primary, steps) = expression.kind, case .name("ForEach") = primary.kind else { return nil }
        try enter(expression.location)
        defer { leave() }
        guard case let .call(call)? = steps.first else {
            throw SourceError("'ForEach' needs its data and content: 'ForEach(0..<8) { index in … }'", at: primary.location)
        }
        let values = try bind(call, [Parameter(nil, "data"), Parameter("id", "id", optional: true), Parameter("content", "content", optional: true)], callee: "ForEach")
        let data = values[0]!
        var elements: [Value] = []
        var identifiedByValue = false
        if case let .array(items) = data.kind {
            for item in items { elements.append(try evaluate(item, nil, scope)) }
        } else {
            guard case let .range(lower, upper) = try evaluate(data, .range, scope) else { return [] }
            guard upper - lower <= Self.maximumForEachElements else {
                throw SourceError("this ForEach makes \(upper - lower) views; at most \(Self.maximumForEachElements) are supported", at: data.location)
            }
            elements = (lower..<upper).map(Value.int)
            identifiedByValue = true
        }
        guard elements.count <= Self.maximumForEachElements else {
            throw SourceError("this ForEach makes \(elements.count) views; at most \(Self.maximumForEachElements) are supported", at: data.location)
        }
        if let id = values[1] {
            guard case let .keyPath(components) = id.kind, components == ["self"] else {
                throw SourceError("only 'id: \\.self' is supported: the elements are numbers, strings or colours", at: id.location)
            }
        }
        guard let content = values[2], case let .closure(closure) = content.kind else {
            throw SourceError("'ForEach' needs its content in braces: 'ForEach(0..<8) { index in … }'", at: values[2]?.location ?? call.close)
        }
        guard closure.parameters.count <= 1 else {
            throw SourceError("a ForEach closure takes one element, not \(closure.parameters.count)", at: closure.location)
        }
        let parameter = closure.parameters.first ?? "$0"
        var views: [BuiltView] = []
        for (position, element) in elements.enumerated() {
            var inner = scope
            if parameter != "_" { inner.locals[parameter] = element }
            var identity = String(position)
            if identifiedByValue, case let .int(value) = element { identity = String(value) }
            let elementPath = path + "[" + identity + "]"
            for (offset, built) in try build(closure.statements, inner, path: elementPath).enumerated() {
                views.append(try applyModifiers(steps.dropFirst(), to: built.view, primary: primary, scope, path: elementPath + "." + String(offset)))
            }
        }
        return views
    }

    private func colorHead(_ primary: Expression, _ steps: [Postfix], _ scope: Scope) throws(SourceError) -> (ColorValue, Int) {
        guard let first = steps.first else {
            throw SourceError("'Color' is a type: write a colour, e.g. 'Color.orange'", at: primary.location)
        }
        switch first {
        case let .member(name, location):
            guard case let .color(color) = try member(name, of: .color, call: nil, at: location, scope) else { break }
            return (color, 1)
        case let .call(call):
            guard case let .color(color) = try construct(.color, call, at: primary.location, scope) else { break }
            return (color, 1)
        }
        throw SourceError("expected a colour", at: primary.location)
    }

    private func computedView(_ property: Property, _ scope: Scope, path: String) throws(SourceError) -> BuiltView {
        let key = (scope.declaration?.name ?? "") + "." + property.name
        if evaluating.contains(key) {
            throw SourceError("'\(property.name)' refers to itself", at: property.location)
        }
        evaluating.append(key)
        defer { evaluating.removeLast() }
        return try singleView(property.getter!.statements, scope, path: path + "." + property.name, at: property.location, what: "'\(property.name)'")
    }

    /// `Name(arguments)` in a view builder.
    private func construct(_ name: String, _ call: Call, at location: Location, _ scope: Scope, path: String) throws(SourceError) -> BuiltView {
        func leaf(_ node: ViewNode, shape: ShapeView? = nil) -> BuiltView { BuiltView(node: node, height: 1, shape: shape) }
        switch name {
        case "Image":
            if let first = call.arguments.first, first.label == nil {
                throw SourceError("only Image(systemName:) is supported: the renderer draws SF Symbols", at: first.labelLocation)
            }
            let values = try bind(call, [Parameter("systemName", "systemName")], callee: "Image")
            guard case let .string(symbol) = try evaluate(values[0]!, .string, scope) else { return leaf(.empty) }
            return leaf(SymbolReading.image(systemName: symbol))
        case "ProgressView":
            return leaf(try progressView(call, scope, path: path))
        case "Text":
            return leaf(try textView(call, scope))
        case "Label":
            return leaf(try labelView(call, scope, at: location))
        case "Circle", "Capsule", "Rectangle":
            _ = try bind(call, [], callee: name)
            let kind: ShapeKind = name == "Circle" ? .circle : name == "Capsule" ? .capsule : .rectangle
            let shape = ShapeView(kind: kind)
            return leaf(.shape(shape), shape: shape)
        case "RoundedRectangle":
            let values = try bind(call, [Parameter("cornerRadius", "cornerRadius")], callee: name)
            let radius = try number(values[0]!, scope)
            guard radius >= 0 && radius <= 10_000 else {
                throw SourceError("'cornerRadius' must be between 0 and 10000", at: values[0]!.location)
            }
            let shape = ShapeView(kind: .roundedRectangle(cornerRadius: radius))
            return leaf(.shape(shape), shape: shape)
        case "VStack", "HStack", "ZStack":
            let alignmentType: ValueType = name == "VStack" ? .horizontalAlignment : name == "HStack" ? .verticalAlignment : .alignment
            let parameters = name == "ZStack"
                ? [Parameter("alignment", "alignment", optional: true), Parameter("content", "content")]
                : [Parameter("alignment", "alignment", optional: true), Parameter("spacing", "spacing", optional: true),
                   Parameter("content", "content")]
            let values = try bind(call, parameters, callee: name)
            var alignment = Alignment.center
            if let expression = values[0], case let .alignment(value) = try evaluate(expression, alignmentType, scope) {
                alignment = value
            }
            var spacing: Double?
            if name != "ZStack", let expression = values[1] {
                spacing = try number(expression, scope)
                guard spacing! >= 0 && spacing! <= 10_000 else {
                    throw SourceError("'spacing' must be between 0 and 10000", at: expression.location)
                }
            }
            guard let content = values.last!, case let .closure(closure) = content.kind else {
                throw SourceError("'\(name)' needs its content in braces: '\(name) { … }'", at: values.last!?.location ?? call.close)
            }
            let axis: StackAxis = name == "VStack" ? .vertical : name == "HStack" ? .horizontal : .depth
            let children = try build(closure.statements, scope, path: path)
            let height = 1 + (children.map(\.view.height).max() ?? 0)
            guard height <= Self.maximumTreeHeight else {
                throw SourceError("the view tree is deeper than \(Self.maximumTreeHeight) levels", at: location)
            }
            return BuiltView(node: .stack(axis, alignment: alignment, spacing: spacing, children: children.map(\.view.node)), height: height, shape: nil)
        default:
            guard let declaration = declarations[name], declaration.conformances.contains("View") else {
                throw unsupportedView(name, at: location)
            }
            return try instantiate(declaration, call, at: location, scope, path: path)
        }
    }

    /// A view of the file's own: its body with its own state (created the first time the
    /// instance appears at this place in the tree).
    func instantiate(_ declaration: ViewDeclaration, _ call: Call?, at location: Location, _ scope: Scope, path: String) throws(SourceError) -> BuiltView {
        if evaluating.contains(declaration.name) {
            throw SourceError("'\(declaration.name)' contains itself: a view cannot be part of its own body", at: location)
        }
        guard let body = declaration.body?.getter else {
            throw SourceError("view '\(declaration.name)' has no 'var body: some View { … }'", at: declaration.location)
        }
        evaluating.append(declaration.name)
        defer { evaluating.removeLast() }
        let instance = path + "/" + declaration.name
        visited.insert(instance)
        var inner = Scope(instance: instance, declaration: declaration)
        // Memberwise arguments: stored properties that are not @State and have no fixed value.
        let stored = declaration.properties.filter { !$0.isStatic && !$0.isState && $0.getter == nil && !($0.isLet && $0.initializer != nil) }
        let parameters = stored.map { Parameter($0.name, $0.name, optional: $0.initializer != nil) }
        let values = try call.map { (call) throws(SourceError) in try bind(call, parameters, callee: declaration.name) }
            ?? Array(repeating: nil, count: stored.count)
        for property in declaration.properties where !property.isStatic && !property.isState && property.getter == nil {
            guard property.type != nil || property.initializer != nil else { continue }
            let expected = try property.type.map { (type) throws(SourceError) in try valueType(type) }
            if let index = stored.firstIndex(where: { $0.name == property.name }), let argument = values[index] {
                inner.properties[property.name] = try evaluate(argument, expected, scope)
            } else if let initializer = property.initializer {
                inner.properties[property.name] = try evaluate(initializer, expected, Scope(declaration: declaration))
            }
        }
        if states[instance] == nil {
            var values: [String: Value] = [:]
            var types: [String: ValueType] = [:]
            for property in declaration.properties where property.isState {
                guard let initializer = property.initializer else {
                    throw SourceError("@State var '\(property.name)' needs an initial value", at: property.location)
                }
                var expected: ValueType?
                if let type = property.type {
                    guard let stateType = ValueType.named(type.name), [.bool, .int, .double, .angle].contains(stateType) else {
                        throw SourceError("@State of type '\(type.name)' is not supported; supported: Bool, Int, Double, CGFloat, Angle", at: type.location)
                    }
                    expected = stateType
                }
                let value = try evaluate(initializer, expected, Scope(declaration: declaration))
                guard value.stateValue != nil else {
                    throw SourceError("@State of type '\(value.type.rawValue)' is not supported; supported: Bool, Int, Double, CGFloat, Angle", at: initializer.location)
                }
                values[property.name] = value
                types[property.name] = value.type
            }
            states[instance] = values
            stateTypes[instance] = types
        }
        let view = try singleView(body.statements, inner, path: instance, at: declaration.location, what: "the body of '\(declaration.name)'")
        let height = view.height + 1
        guard height <= Self.maximumTreeHeight else {
            throw SourceError("the view tree is deeper than \(Self.maximumTreeHeight) levels", at: location)
        }
        return BuiltView(node: .custom(name: declaration.name, body: view.node), height: height, shape: nil)
    }

    // MARK: Modifiers

    static let modifierNames = [
        "rotationEffect", "scaleEffect", "opacity", "offset", "foregroundColor", "foregroundStyle", "tint", "font",
        "fontWeight", "imageScale", "controlSize", "progressViewStyle", "frame", "padding", "border", "background", "fill",
        "stroke", "trim", "animation", "transaction", "onAppear", "symbolVariant", "symbolRenderingMode", "symbolEffect",
    ]

    func modify(_ view: BuiltView, _ name: String, _ call: Call, at location: Location, _ scope: Scope, path: String) throws(SourceError) -> BuiltView {
        func one(_ parameter: String, _ type: ValueType) throws(SourceError) -> Value {
            let values = try bind(call, [Parameter(nil, parameter)], callee: name)
            return try evaluate(values[0]!, type, scope)
        }
        func optionalNumber(_ expression: Expression?) throws(SourceError) -> Double? {
            try expression.map { (expression) throws(SourceError) in try number(expression, scope) }
        }
        func anchor(_ expression: Expression?) throws(SourceError) -> UnitPoint {
            guard let expression, case let .unitPoint(point) = try evaluate(expression, .unitPoint, scope) else { return .center }
            return point
        }
        func length(_ value: Double?, _ what: String, _ expression: Expression?) throws(SourceError) -> Double? {
            guard let value else { return nil }
            guard value >= 0 && value <= 100_000 else {
                throw SourceError("'\(what)' must be between 0 and 100000", at: expression?.location ?? location)
            }
            return value
        }
        if let symbol = try symbolModifier(view, name, call, at: location, scope) { return symbol }
        switch name {
        case "rotationEffect":
            let values = try bind(call, [Parameter(nil, "angle"), Parameter("anchor", "anchor", optional: true)], callee: name)
            guard case let .angle(degrees) = try evaluate(values[0]!, .angle, scope) else { return view }
            return try wrap(view, .rotationEffect(degrees: degrees, anchor: try anchor(values[1])), at: location)
        case "scaleEffect":
            if call.arguments.first?.label == nil, !call.arguments.isEmpty {
                let values = try bind(call, [Parameter(nil, "scale"), Parameter("anchor", "anchor", optional: true)], callee: name)
                let scale = try number(values[0]!, scope)
                return try wrap(view, .scaleEffect(x: scale, y: scale, anchor: try anchor(values[1])), at: location)
            }
            let values = try bind(call, [Parameter("x", "x", optional: true), Parameter("y", "y", optional: true),
                                         Parameter("anchor", "anchor", optional: true)], callee: name)
            return try wrap(view, .scaleEffect(x: try optionalNumber(values[0]) ?? 1, y: try optionalNumber(values[1]) ?? 1,
                                               anchor: try anchor(values[2])), at: location)
        case "opacity":
            guard case let .double(opacity) = try one("opacity", .double) else { return view }
            return try wrap(view, .opacity(opacity), at: location)
        case "offset":
            let values = try bind(call, [Parameter("x", "x", optional: true), Parameter("y", "y", optional: true)], callee: name)
            return try wrap(view, .offset(x: try optionalNumber(values[0]) ?? 0, y: try optionalNumber(values[1]) ?? 0), at: location)
        case "foregroundColor", "foregroundStyle", "tint":
            if name == "foregroundStyle", let style = call.arguments.first?.value, let gradient = try foregroundGradient(style, scope) {
                return try wrap(view, gradient, at: location)
            }
            if let style = call.arguments.first?.value { try refuseGradient(style) }
            guard case let .color(color) = try one(name == "tint" ? "tint" : "style", .color) else { return view }
            return try wrap(view, name == "tint" ? .tint(color) : .foregroundStyle(color), at: location)
        case "font":
            guard case let .font(font) = try one("font", .font) else { return view }
            return try wrap(view, .font(font), at: location)
        case "fontWeight":
            guard case let .weight(weight) = try one("weight", .weight) else { return view }
            return try wrap(view, .fontWeight(weight), at: location)
        case "imageScale":
            guard case let .imageScale(scale) = try one("scale", .imageScale) else { return view }
            return try wrap(view, .imageScale(scale), at: location)
        case "progressViewStyle":
            // An indeterminate ProgressView is the circular spinner on iOS (`.automatic` and
            // `.circular`); `CircularProgressViewStyle(tint:)` tints it as `.tint(_:)` does.
            let values = try bind(call, [Parameter(nil, "style")], callee: name)
            let style = values[0]!
            switch style.kind {
            case .implicitMember("circular"), .implicitMember("automatic"), .implicitMember("linear"):
                guard case let .implicitMember(styleName) = style.kind else { return view }
                if case var .progressBar(bar) = view.node {
                    bar.style = ProgressStyle(rawValue: styleName) ?? .automatic
                    return BuiltView(node: .progressBar(bar), height: view.height, shape: nil)
                }
                if case .progressView = view.node, styleName == "linear" {
                    return BuiltView(node: .progressBar(ProgressBar(fraction: nil, label: nil, style: .linear)), height: view.height, shape: nil)
                }
                return view
            case let .postfix(primary, steps) where {
                if case .name("CircularProgressViewStyle") = primary.kind { true } else { false }
            }():
                guard steps.count == 1, case let .call(styleCall) = steps[0] else { break }
                let tint = try bind(styleCall, [Parameter("tint", "tint", optional: true)], callee: "CircularProgressViewStyle")
                guard let expression = tint[0] else { return view }
                return try wrap(view, .tint(try color(expression, scope)), at: location)
            default:
                break
            }
            throw SourceError("expected '.circular', '.automatic' or 'CircularProgressViewStyle(tint:)'", at: style.location)
        case "controlSize":
            guard case let .controlSize(size) = try one("controlSize", .controlSize) else { return view }
            return try wrap(view, .controlSize(size), at: location)
        case "frame":
            let values = try bind(call, [Parameter("width", "width", optional: true), Parameter("height", "height", optional: true),
                                         Parameter("alignment", "alignment", optional: true)], callee: name)
            var alignment = Alignment.center
            if let expression = values[2], case let .alignment(value) = try evaluate(expression, .alignment, scope) { alignment = value }
            return try wrap(view, .frame(width: try length(try optionalNumber(values[0]), "width", values[0]),
                                         height: try length(try optionalNumber(values[1]), "height", values[1]),
                                         alignment: alignment), at: location)
        case "padding":
            // padding(), padding(_ length:), padding(_ edges:, _ length:); SwiftUI's default is 16 pt.
            let values = try bind(call, [Parameter(nil, "edges", optional: true), Parameter(nil, "length", optional: true)], callee: name)
            var edges = Edges.all
            var amount = 16.0
            var lengthExpression = values[1]
            if let first = values[0] {
                if isEdgeSet(first) {
                    if case let .edges(written) = try evaluate(first, .edges, scope) { edges = written }
                } else if values[1] == nil {
                    lengthExpression = first
                } else {
                    throw SourceError("cannot convert value to expected type 'Edge.Set'", at: first.location)
                }
            }
            if let lengthExpression { amount = try length(try number(lengthExpression, scope), "length", lengthExpression) ?? 16 }
            return try wrap(view, .padding(edges.insets(amount)), at: location)
        case "border":
            let values = try bind(call, [Parameter(nil, "content"), Parameter("width", "width", optional: true)], callee: name)
            let color = try self.color(values[0]!, scope)
            let width = try length(try optionalNumber(values[1]), "width", values[1]) ?? 1
            return try wrap(view, .border(color, width: width), at: location)
        case "background":
            let values = try bind(call, [Parameter(nil, "content")], callee: name)
            let content = values[0]!
            let background: BuiltView
            if case .implicitMember = content.kind {
                background = BuiltView(node: .color(try color(content, scope)), height: 1, shape: nil)
            } else if case let .closure(closure) = content.kind {
                background = try singleView(closure.statements, scope, path: path + "#background", at: closure.location, what: "a background")
            } else {
                background = try self.view(content, scope, path: path + "#background")
            }
            var result = try wrap(view, .background(background.node), at: location)
            result.height = max(result.height, background.height + 1)
            return result
        case "fill", "stroke", "trim":
            return try shapeModifier(view, name, call, at: location, scope)
        case "animation":
            let values = try bind(call, [Parameter(nil, "animation"), Parameter("value", "value", optional: true)], callee: name)
            guard case let .animation(animation) = try evaluate(values[0]!, .animation, scope) else { return view }
            var bound: StateValue?
            if let expression = values[1] {
                let value = try evaluate(expression, nil, scope)
                guard let state = value.stateValue else {
                    throw SourceError("'value:' must be a Bool, Int, Double or Angle, not '\(value.type.rawValue)'", at: expression.location)
                }
                bound = state
            }
            return try wrap(view, .animation(animation, value: bound), at: location)
        case "transaction":
            let values = try bind(call, [Parameter(nil, "body")], callee: name)
            guard case let .closure(closure) = values[0]!.kind else {
                throw SourceError("'transaction' takes a closure: '.transaction { $0.animation = nil }'", at: values[0]!.location)
            }
            return try wrap(view, .transaction(try transactionEdit(closure, scope)), at: location)
        case "onAppear":
            let values = try bind(call, [Parameter("perform", "action", optional: true)], callee: name)
            guard let action = values[0] else { return view }
            guard case let .closure(closure) = action.kind else {
                throw SourceError("'onAppear' takes a closure: '.onAppear { … }'", at: action.location)
            }
            appearances.append(Appearance(key: path + "#onAppear" + String(appearances.count), action: closure, scope: scope))
            return view
        default:
            if let modifier = try textModifier(name, call, scope, at: location) { return try wrap(view, modifier, at: location) }
            throw SourceError(
                "modifier '\(name)' is not supported\(Spelling.suggestion(for: name, among: Self.modifierNames + Self.textModifierNames)); supported: \(Self.modifierNames.joined(separator: ", "))",
                at: location
            )
        }
    }

    private func isEdgeSet(_ expression: Expression) -> Bool {
        switch expression.kind {
        case let .implicitMember(name): ["all", "horizontal", "vertical", "top", "bottom", "leading", "trailing"].contains(name)
        case .array: true
        case let .postfix(primary, steps): Self.qualifiedType(primary, steps)?.0 == .edges
        default: false
        }
    }

    private func shapeModifier(_ view: BuiltView, _ name: String, _ call: Call, at location: Location, _ scope: Scope) throws(SourceError) -> BuiltView {
        guard var shape = view.shape else {
            throw SourceError("'\(name)' is only available on a shape (Circle, Capsule, Rectangle, RoundedRectangle) before other modifiers", at: location)
        }
        switch name {
        case "trim":
            let values = try bind(call, [Parameter("from", "from", optional: true), Parameter("to", "to", optional: true)], callee: name)
            var from = 0.0, to = 1.0
            if let expression = values[0] { from = min(max(try number(expression, scope), 0), 1) }
            if let expression = values[1] { to = min(max(try number(expression, scope), 0), 1) }
            // A trim of a trimmed outline keeps that part of the part already kept.
            let span = shape.trimTo - shape.trimFrom
            let (start, end) = (shape.trimFrom + from * span, shape.trimFrom + to * span)
            shape.trimFrom = start
            shape.trimTo = end
            return BuiltView(node: .shape(shape), height: 1, shape: shape)
        case "fill":
            let values = try bind(call, [Parameter(nil, "content", optional: true)], callee: name)
            let style = try values[0].map { (expression) throws(SourceError) in try shapeStyle(expression, scope) }
            shape.paint = .fill(style?.colour)
            shape.gradient = style?.gradient
        default:
            let labels = call.arguments.map(\.label)
            let parameters = labels.contains("style")
                ? [Parameter(nil, "content", optional: true), Parameter("style", "style")]
                : [Parameter(nil, "content", optional: true), Parameter("lineWidth", "lineWidth", optional: true)]
            let values = try bind(call, parameters, callee: name)
            let paint = try values[0].map { (expression) throws(SourceError) in try shapeStyle(expression, scope) }
            shape.gradient = paint?.gradient
            let color = paint?.colour
            var style = StrokeStyle()
            if labels.contains("style") {
                if case let .strokeStyle(written, mitred) = try evaluate(values[1]!, .strokeStyle, scope) {
                    style = written
                    // Circles, capsules and rounded rectangles have no corners, so only a
                    // Rectangle shows the join.
                    if !mitred, shape.kind == .rectangle {
                        throw SourceError("a Rectangle's corners are drawn with a miter join; round and bevel joins (and a 'miterLimit' under √2) are not supported", at: values[1]!.location)
                    }
                }
            } else if let width = values[1] {
                style.lineWidth = try lineWidth(width, scope)
            }
            shape.paint = .stroke(color, style)
        }
        return BuiltView(node: .shape(shape), height: 1, shape: nil)
    }

    /// `{ $0.animation = …; $0.disablesAnimations = … }` (or `{ t in t.animation = … }`).
    private func transactionEdit(_ closure: Closure, _ scope: Scope) throws(SourceError) -> TransactionEdit {
        let parameter = closure.parameters.first ?? "$0"
        guard closure.parameters.count <= 1 else {
            throw SourceError("a transaction closure takes one parameter", at: closure.location)
        }
        var edit = TransactionEdit()
        for statement in closure.statements {
            guard case let .assignment(target, op, value, operatorLocation) = statement.kind,
                  case let .postfix(base, steps) = target.kind, case .name(parameter) = base.kind,
                  steps.count == 1, case let .member(property, dot) = steps[0]
            else {
                throw SourceError("a transaction closure may only set '\(parameter).animation' and '\(parameter).disablesAnimations'", at: statement.location)
            }
            guard op == "=" else { throw SourceError("use '=' to set '\(property)'", at: operatorLocation) }
            switch property {
            case "animation":
                guard case let .animation(animation) = try evaluate(value, .animation, scope) else { continue }
                edit.animation = .some(animation)
            case "disablesAnimations":
                guard case let .bool(flag) = try evaluate(value, .bool, scope) else { continue }
                edit.disablesAnimations = flag
            default:
                throw SourceError(
                    "Transaction has no settable property '\(property)'\(Spelling.suggestion(for: property, among: ["animation", "disablesAnimations"])); supported: animation, disablesAnimations",
                    at: Location(line: dot.line, column: dot.column + 1, offset: dot.offset + 1)
                )
            }
        }
        return edit
    }
}
