import Scene

// SwiftUI's gradient shape styles, as a shape's `fill` or `stroke` takes them.

extension Interpreter {
    /// The gradient types and the `ShapeStyle` members that make them.
    static let gradientTypes = ["LinearGradient", "AngularGradient", "RadialGradient"]
    static let gradientMembers = ["linearGradient": "LinearGradient", "angularGradient": "AngularGradient",
                                  "radialGradient": "RadialGradient", "conicGradient": "AngularGradient"]

    /// The gradient type an expression's head names (`LinearGradient(…)` or the `ShapeStyle`
    /// member `.linearGradient(…)`, `.conicGradient(…)` …), or `nil` when it is no gradient.
    static func gradientType(of expression: Expression) -> String? {
        guard case let .postfix(primary, _) = expression.kind else { return nil }
        switch primary.kind {
        case let .name(name) where gradientTypes.contains(name): return name
        case let .implicitMember(name): return gradientMembers[name]
        default: return nil
        }
    }

    /// Throws when `expression` is a gradient where only a colour can go (`foregroundStyle`,
    /// `tint`, `border`): gradients are drawn as shapes' fills and strokes only.
    func refuseGradient(_ expression: Expression) throws(SourceError) {
        guard Self.gradientType(of: expression) != nil else { return }
        throw SourceError("a gradient is drawn as a shape's fill or stroke here, e.g. 'Circle().fill(LinearGradient(…))'", at: expression.location)
    }

    /// A shape style: a colour, or a gradient (`LinearGradient(…)`, `.linearGradient(…)`,
    /// `AngularGradient(…)`, `.angularGradient(…)`, `.conicGradient(…)`, `RadialGradient(…)`,
    /// `.radialGradient(…)`).
    func shapeStyle(_ expression: Expression, _ scope: Scope) throws(SourceError) -> (colour: ColorValue?, gradient: GradientPaint?) {
        guard let type = Self.gradientType(of: expression), case let .postfix(_, steps) = expression.kind,
              steps.count == 1, case let .call(call) = steps[0] else {
            return (try color(expression, scope), nil)
        }
        return (nil, try gradient(type, call, scope))
    }

    /// `LinearGradient(gradient:startPoint:endPoint:)` and its `colors:`/`stops:` forms, and the
    /// same for `AngularGradient(…center:startAngle:endAngle:)` / `(…center:angle:)` and
    /// `RadialGradient(…center:startRadius:endRadius:)`, with SwiftUI's defaults.
    private func gradient(_ type: String, _ call: Call, _ scope: Scope) throws(SourceError) -> GradientPaint {
        let source = call.arguments.first?.label ?? "gradient"
        guard ["gradient", "colors", "stops"].contains(source) else {
            throw SourceError("'\(type)' starts with 'gradient:', 'colors:' or 'stops:'", at: call.arguments.first?.labelLocation ?? call.open)
        }
        let rest: [Parameter]
        switch type {
        case "LinearGradient":
            rest = [Parameter("startPoint", "startPoint"), Parameter("endPoint", "endPoint")]
        case "AngularGradient":
            rest = call.arguments.contains { $0.label == "angle" }
                ? [Parameter("center", "center", optional: true), Parameter("angle", "angle", optional: true)]
                : [Parameter("center", "center", optional: true), Parameter("startAngle", "startAngle", optional: true),
                   Parameter("endAngle", "endAngle", optional: true)]
        default:
            rest = [Parameter("center", "center", optional: true), Parameter("startRadius", "startRadius"),
                    Parameter("endRadius", "endRadius")]
        }
        let values = try bind(call, [Parameter(source, source)] + rest, callee: type)
        let stops = try gradientStops(values[0]!, label: source, scope)
        func point(_ index: Int, default value: UnitPoint) throws(SourceError) -> UnitPoint {
            guard let expression = values[index] else { return value }
            guard case let .unitPoint(point) = try evaluate(expression, .unitPoint, scope) else { return value }
            return point
        }
        func degrees(_ index: Int, default value: Double) throws(SourceError) -> Double {
            guard let expression = values[index] else { return value }
            guard case let .angle(degrees) = try evaluate(expression, .angle, scope) else { return value }
            return degrees
        }
        let center = UnitPoint(x: 0.5, y: 0.5)
        switch type {
        case "LinearGradient":
            return GradientPaint(geometry: .linear(start: try point(1, default: center), end: try point(2, default: center)), stops: stops)
        case "AngularGradient" where rest.count == 2:
            let angle = try degrees(2, default: 0)
            return GradientPaint(geometry: .angular(center: try point(1, default: center), startDegrees: angle, endDegrees: angle + 360), stops: stops)
        case "AngularGradient":
            return GradientPaint(geometry: .angular(center: try point(1, default: center), startDegrees: try degrees(2, default: 0),
                                                    endDegrees: try degrees(3, default: 360)), stops: stops)
        default:
            let radii = [values[2]!, values[3]!]
            var lengths: [Double] = []
            for expression in radii {
                let length = try number(expression, scope)
                guard length >= 0 && length <= 10_000 else {
                    throw SourceError("a radius must be between 0 and 10000", at: expression.location)
                }
                lengths.append(length)
            }
            return GradientPaint(geometry: .radial(center: try point(1, default: center), startRadius: lengths[0], endRadius: lengths[1]), stops: stops)
        }
    }

    /// `Gradient(colors: [...])`, `Gradient(stops: [...])`, or (after `colors:`/`stops:`) the
    /// array itself; a stop is `Gradient.Stop(color:location:)` or `.init(color:location:)`.
    private func gradientStops(_ expression: Expression, label: String, _ scope: Scope) throws(SourceError) -> [GradientPaint.Stop] {
        var list = expression
        var kind = label
        if label == "gradient" {
            guard case let .postfix(primary, steps) = expression.kind, case .name("Gradient") = primary.kind,
                  steps.count == 1, case let .call(call) = steps[0], let first = call.arguments.first,
                  first.label == "colors" || first.label == "stops", call.arguments.count == 1 else {
                throw SourceError("expected 'Gradient(colors: […])' or 'Gradient(stops: […])'", at: expression.location)
            }
            list = first.value
            kind = first.label!
        }
        guard case let .array(elements) = list.kind, !elements.isEmpty else {
            throw SourceError("expected a non-empty array of \(kind == "colors" ? "colours" : "stops")", at: list.location)
        }
        if kind == "colors" {
            var colours: [ColorValue] = []
            for element in elements { colours.append(try color(element, scope)) }
            let last = max(colours.count - 1, 1)
            return colours.enumerated().map { GradientPaint.Stop(color: $1, location: Double($0) / Double(last)) }
        }
        var stops: [GradientPaint.Stop] = []
        for element in elements {
            guard case let .postfix(primary, steps) = element.kind, steps.count >= 1, case let .call(call) = steps.last! else {
                throw SourceError("expected 'Gradient.Stop(color:location:)'", at: element.location)
            }
            var isStop = false
            if case .implicitMember("init") = primary.kind { isStop = steps.count == 1 }
            if case .name("Gradient") = primary.kind, steps.count == 2, case .member("Stop", _) = steps[0] { isStop = true }
            guard isStop else { throw SourceError("expected 'Gradient.Stop(color:location:)'", at: element.location) }
            let values = try bind(call, [Parameter("color", "color"), Parameter("location", "location")], callee: "Gradient.Stop")
            let location = try number(values[1]!, scope)
            guard (0...1).contains(location) else {
                throw SourceError("a stop's location must be between 0 and 1", at: values[1]!.location)
            }
            stops.append(GradientPaint.Stop(color: try color(values[0]!, scope), location: location))
        }
        return stops
    }
}
