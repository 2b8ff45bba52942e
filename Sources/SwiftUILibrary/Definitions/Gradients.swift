import Scene
import SwiftCode

// SwiftUI's gradient shape styles: `LinearGradient`, `AngularGradient`, `RadialGradient`, the
// `ShapeStyle` members that make them (`.linearGradient(…)`, `.conicGradient(…)` …), `Gradient`
// and `Gradient.Stop`, with SwiftUI's defaults.

extension SwiftUILibrary {
    func defineGradients() {
        let gradient = NativeType("Gradient", summary: "`Gradient(colors:)` / `Gradient(stops:)`.")
        gradient.initializer([NativeParameter("colors", .array(.named("Color")))]) { [unowned self] call throws(Interrupt) in
            .native(GradientStops(stops: try stops(call, 0, label: "colors")))
        }
        gradient.initializer([NativeParameter("stops", .array(.named("Gradient.Stop")))]) { [unowned self] call throws(Interrupt) in
            .native(GradientStops(stops: try stops(call, 0, label: "stops")))
        }
        let stop = gradient.nested(NativeType("Stop", summary: "`Gradient.Stop(color:location:)`."))
        stop.initializer([NativeParameter("color", .named("Color")), NativeParameter("location", .double)]) { [unowned self] call throws(Interrupt) in
            // Apple documents 0…1, but a location beyond it compiles and draws: the stop lies
            // before the gradient's start or after its end (shimmers slide stops through
            // −0.2…1.2 this way), so any location within reason is kept as written.
            let location = try number(call, 1, in: -1_000...1_000, "location")
            return .native(GradientStopBox(stop: GradientPaint.Stop(color: try color(call[0], call, argument: 0), location: location)))
        }
        native.types["Gradient.Stop"] = stop
        native.add(gradient)

        let center = Value.native(Boxed(value: UnitPoint.center, typeName: "UnitPoint"))
        let shapeStyle = native.protocols["ShapeStyle"]!
        for (source, type) in [("gradient", ValueType.named("Gradient")), ("colors", .array(.named("Color"))), ("stops", .array(.named("Gradient.Stop")))] {
            let head = NativeParameter(source == "gradient" ? nil : source, type)
            let labelled = NativeParameter(source, type)
            let linear: [NativeParameter] = [NativeParameter("startPoint", .named("UnitPoint")), NativeParameter("endPoint", .named("UnitPoint"))]
            let angular: [NativeParameter] = [NativeParameter("center", .named("UnitPoint"), default: center),
                                              NativeParameter("startAngle", .named("Angle"), default: .native(AngleValue(degrees: 0))),
                                              NativeParameter("endAngle", .named("Angle"), default: .native(AngleValue(degrees: 360)))]
            let conic: [NativeParameter] = [NativeParameter("center", .named("UnitPoint"), default: center),
                                            NativeParameter("angle", .named("Angle"), default: .native(AngleValue(degrees: 0)))]
            let radial: [NativeParameter] = [NativeParameter("center", .named("UnitPoint"), default: center),
                                             NativeParameter("startRadius", .double), NativeParameter("endRadius", .double)]
            let makers: [(String, String, [NativeParameter], (NativeCall, [GradientPaint.Stop]) throws(Interrupt) -> GradientPaint)] = [
                ("LinearGradient", "linearGradient", linear, { [unowned self] call, stops throws(Interrupt) in
                    GradientPaint(geometry: .linear(start: try boxed(call, 1, UnitPoint.self, "a UnitPoint"), end: try boxed(call, 2, UnitPoint.self, "a UnitPoint")), stops: stops)
                }),
                ("AngularGradient", "angularGradient", angular, { [unowned self] call, stops throws(Interrupt) in
                    GradientPaint(geometry: .angular(center: try boxed(call, 1, UnitPoint.self, "a UnitPoint"), startDegrees: try degrees(call, 2),
                                                     endDegrees: try degrees(call, 3)), stops: stops)
                }),
                ("AngularGradient", "conicGradient", conic, { [unowned self] call, stops throws(Interrupt) in
                    let angle = try degrees(call, 2)
                    return GradientPaint(geometry: .angular(center: try boxed(call, 1, UnitPoint.self, "a UnitPoint"), startDegrees: angle, endDegrees: angle + 360), stops: stops)
                }),
                ("RadialGradient", "radialGradient", radial, { [unowned self] call, stops throws(Interrupt) in
                    GradientPaint(geometry: .radial(center: try boxed(call, 1, UnitPoint.self, "a UnitPoint"),
                                                    startRadius: try number(call, 2, in: 0...10_000, "startRadius"),
                                                    endRadius: try number(call, 3, in: 0...10_000, "endRadius")), stops: stops)
                }),
            ]
            for (typeName, member, rest, make) in makers {
                let body: (NativeCall) throws(Interrupt) -> Value = { [unowned self] call throws(Interrupt) in
                    var paint = try make(call, try stops(call, 0, label: source))
                    paint.mark = call.mark
                    return .native(GradientBox(paint: paint, typeName: typeName))
                }
                let type = native.types[typeName] ?? NativeType(typeName, protocols: ["ShapeStyle", "View"], summary: "`\(typeName)(…)`.")
                type.initializer([labelled] + rest, body)
                native.add(type)
                shapeStyle.staticMethod(member, [head] + rest, result: .named(typeName), body)
            }
        }
    }

    /// The stops of a `Gradient`, or of an array of colours or stops.
    private func stops(_ call: NativeCall, _ index: Int, label: String) throws(Interrupt) -> [GradientPaint.Stop] {
        let value = call[index].dereferenced
        if case let .native(native) = value, let gradient = native as? GradientStops { return gradient.stops }
        if label == "gradient" {
            throw call.error("cannot convert value of type '\(value.typeName)' to expected argument type 'Gradient'", argument: index)
        }
        guard case let .array(elements) = value, !elements.isEmpty else {
            throw call.error("expected a non-empty array of \(label == "colors" ? "colours" : "stops")", argument: index)
        }
        if label == "colors" {
            var colours: [ColorValue] = []
            for element in elements { colours.append(try color(element, call, argument: index)) }
            let last = max(colours.count - 1, 1)
            return colours.enumerated().map { GradientPaint.Stop(color: $1, location: Double($0) / Double(last)) }
        }
        var result: [GradientPaint.Stop] = []
        for element in elements {
            guard case let .native(native) = element, let stop = native as? GradientStopBox else {
                throw call.error("expected 'Gradient.Stop(color:location:)'", argument: index)
            }
            result.append(stop.stop)
        }
        return result
    }
}
