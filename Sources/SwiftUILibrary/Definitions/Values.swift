import Glibc
import Raster
import Scene
import SwiftCode
import Typography

// SwiftUI's value types: `Color`, `Angle`, `UnitPoint`, the alignments, `Edge.Set`,
// `EdgeInsets`, `Font` and its weights, `Image.Scale`, `ControlSize`, `StrokeStyle` and line
// caps and joins, the progress view styles, `ColorScheme`.

extension SwiftUILibrary {
    /// SwiftUI's colour names (`Color.orange` …), as ``Scene/ColorValue/system(_:)``.
    static let colorNames = [
        "primary", "secondary", "accentColor", "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint",
        "orange", "pink", "purple", "red", "teal", "white", "yellow",
    ]

    /// Text styles at the iOS default Dynamic Type size (Large), points and weight (Apple's Human
    /// Interface Guidelines, "Typography": Specifications, iOS).
    static let textStyles: [String: FontValue] = [
        "largeTitle": FontValue(pointSize: 34), "title": FontValue(pointSize: 28), "title2": FontValue(pointSize: 22),
        "title3": FontValue(pointSize: 20), "headline": FontValue(pointSize: 17, weight: .semibold),
        "body": FontValue(pointSize: 17), "callout": FontValue(pointSize: 16), "subheadline": FontValue(pointSize: 15),
        "footnote": FontValue(pointSize: 13), "caption": FontValue(pointSize: 12), "caption2": FontValue(pointSize: 11),
    ]

    /// `Font.Weight` names as SwiftUI spells them (`ultralight` is also read, as the built-in
    /// source's shaping writes it).
    static let weightNames: [String: SymbolWeight] = [
        "ultraLight": .ultralight, "ultralight": .ultralight, "thin": .thin, "light": .light, "regular": .regular,
        "medium": .medium, "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
    ]

    /// `UnitPoint` / `Alignment` names as (x, y) fractions.
    static let pointNames: [String: (Double, Double)] = [
        "topLeading": (0, 0), "top": (0.5, 0), "topTrailing": (1, 0), "leading": (0, 0.5), "center": (0.5, 0.5),
        "trailing": (1, 0.5), "bottomLeading": (0, 1), "bottom": (0.5, 1), "bottomTrailing": (1, 1),
    ]

    func defineValues() {
        defineColor()
        defineAngle()

        let unitPoint = NativeType("UnitPoint", summary: "A point in a view's frame as fractions of its size.")
        for (name, (x, y)) in Self.pointNames { unitPoint.constant(name, .native(Boxed(value: UnitPoint(x: x, y: y), typeName: "UnitPoint"))) }
        unitPoint.constant("zero", .native(Boxed(value: UnitPoint(x: 0, y: 0), typeName: "UnitPoint")))
        unitPoint.initializer([NativeParameter("x", .double), NativeParameter("y", .double)]) { call throws(Interrupt) in
            .native(Boxed(value: UnitPoint(x: try call.number(0), y: try call.number(1)), typeName: "UnitPoint"))
        }
        unitPoint.property("x", type: .double) { [unowned self] call throws(Interrupt) in .double(try receiverBox(call, UnitPoint.self).x) }
        unitPoint.property("y", type: .double) { [unowned self] call throws(Interrupt) in .double(try receiverBox(call, UnitPoint.self).y) }
        native.add(unitPoint)

        let alignment = NativeType("Alignment", summary: "A view's alignment in its frame or stack.")
        for (name, (x, y)) in Self.pointNames {
            alignment.constant(name, .native(Boxed(value: Alignment(horizontal: x, vertical: y), typeName: "Alignment")))
        }
        alignment.initializer([NativeParameter("horizontal", .named("HorizontalAlignment")), NativeParameter("vertical", .named("VerticalAlignment"))]) { [unowned self] call throws(Interrupt) in
            let h = try boxed(call, 0, Alignment.self, "a HorizontalAlignment"), v = try boxed(call, 1, Alignment.self, "a VerticalAlignment")
            return .native(Boxed(value: Alignment(horizontal: h.horizontal, vertical: v.vertical, baseline: v.baseline), typeName: "Alignment"))
        }
        // `Alignment.leadingFirstTextBaseline` … `.trailingLastTextBaseline` (iOS 16): a
        // horizontal guide with a text-baseline vertical one.
        for (name, x) in [("leading", 0.0), ("center", 0.5), ("trailing", 1.0)] {
            for (suffix, baseline) in [("FirstTextBaseline", TextBaseline.first), ("LastTextBaseline", .last)] {
                alignment.constant(name + suffix, .native(Boxed(value: Alignment(horizontal: x, vertical: 1, baseline: baseline), typeName: "Alignment")))
            }
        }
        native.add(alignment)
        let horizontal = NativeType("HorizontalAlignment", summary: "A `VStack`'s alignment.")
        for (name, x) in [("leading", 0.0), ("center", 0.5), ("trailing", 1.0)] {
            horizontal.constant(name, .native(Boxed(value: Alignment(horizontal: x, vertical: 0.5), typeName: "Alignment")))
        }
        native.add(horizontal)
        let vertical = NativeType("VerticalAlignment", summary: "An `HStack`'s alignment.")
        for (name, y) in [("top", 0.0), ("center", 0.5), ("bottom", 1.0)] {
            vertical.constant(name, .native(Boxed(value: Alignment(horizontal: 0.5, vertical: y), typeName: "Alignment")))
        }
        // The text baselines are guides of their own, not fractions of the height (they were the
        // centre): a text's baseline, the bottom of a view with no text (``TextBaseline``).
        for (name, baseline) in [("firstTextBaseline", TextBaseline.first), ("lastTextBaseline", .last)] {
            vertical.constant(name, .native(Boxed(value: Alignment(horizontal: 0.5, vertical: 1, baseline: baseline), typeName: "Alignment")))
        }
        native.add(vertical)

        let edge = NativeType("Edge", summary: "An edge of a view; `Edge.Set` a set of them.")
        let set = edge.nested(NativeType("Set", protocols: ["OptionSet"], summary: "`Edge.Set`."))
        let edges: [(String, EdgeSet)] = [("all", .all), ("horizontal", .horizontal), ("vertical", .vertical), ("top", .top),
                                          ("bottom", .bottom), ("leading", .leading), ("trailing", .trailing)]
        for (name, value) in edges {
            set.constant(name, .native(Boxed(value: value, typeName: "Edge.Set")))
            if value.rawValue.nonzeroBitCount == 1 { edge.constant(name, .native(Boxed(value: value, typeName: "Edge.Set"))) }
        }
        native.add(edge)
        native.types["Edge.Set"] = set

        let insets = NativeType("EdgeInsets", summary: "Insets per edge, in points.")
        insets.initializer([NativeParameter("top", .double, default: .double(0)), NativeParameter("leading", .double, default: .double(0)),
                            NativeParameter("bottom", .double, default: .double(0)), NativeParameter("trailing", .double, default: .double(0))]) { call throws(Interrupt) in
            .native(Boxed(value: EdgeInsets(top: try call.number(0), leading: try call.number(1), bottom: try call.number(2), trailing: try call.number(3)),
                          typeName: "EdgeInsets"))
        }
        native.add(insets)

        defineFont()

        if let image = native.types["Image"] {
            let imageScale = image.nested(NativeType("Scale", summary: "`Image.Scale`."))
            for value in SymbolScale.allCases { imageScale.constant(value.rawValue, .native(Boxed(value: value, typeName: "Image.Scale"))) }
            native.types["Image.Scale"] = imageScale
        }
        let controlSize = NativeType("ControlSize", protocols: ["CaseIterable"], summary: "A control's size.")
        let sizes = [ControlSize.mini, .small, .regular, .large, .extraLarge]
        for value in sizes {
            controlSize.constant(value.rawValue, .native(Boxed(value: value, typeName: "ControlSize")))
        }
        // `ControlSize.allCases`, in SwiftUI's order (it is `CaseIterable`).
        controlSize.constant("allCases", .array(sizes.map { .native(Boxed(value: $0, typeName: "ControlSize")) }))
        native.add(controlSize)

        let lineCap = NativeType("CGLineCap", summary: "A stroke's end caps.")
        for value in [LineCap.butt, .round, .square] { lineCap.constant(value.rawValue, .native(Boxed(value: value, typeName: "CGLineCap"))) }
        native.add(lineCap)
        let lineJoin = NativeType("CGLineJoin", summary: "A stroke's joins.")
        for value in [StrokeJoin.miter, .round, .bevel] { lineJoin.constant(value.rawValue, .native(Boxed(value: value, typeName: "CGLineJoin"))) }
        native.add(lineJoin)
        let stroke = NativeType("StrokeStyle", summary: "`StrokeStyle(lineWidth:lineCap:lineJoin:miterLimit:dash:dashPhase:)`.")
        stroke.initializer([NativeParameter("lineWidth", .double, default: .double(1)), NativeParameter("lineCap", .named("CGLineCap"), default: .native(Boxed(value: LineCap.butt, typeName: "CGLineCap"))),
                            NativeParameter("lineJoin", .named("CGLineJoin"), default: .native(Boxed(value: StrokeJoin.miter, typeName: "CGLineJoin"))),
                            NativeParameter("miterLimit", .double, default: .double(10)), NativeParameter("dash", .array(.double), default: .array([])),
                            NativeParameter("dashPhase", .double, default: .double(0))]) { [unowned self] call throws(Interrupt) in
            let width = try number(call, 0, in: 0...10_000, "lineWidth")
            let cap = try boxed(call, 1, LineCap.self, "a CGLineCap")
            let join = try boxed(call, 2, StrokeJoin.self, "a CGLineJoin")
            let limit = try call.number(3)
            guard limit >= 0 else { throw call.error("'miterLimit' must not be negative", argument: 3) }
            guard case let .array(items) = call[4].dereferenced else { throw call.error("expected an array of lengths", argument: 4) }
            var dash: [Double] = []
            for item in items {
                guard let length = item.dereferenced.number, length.isFinite, length >= 0, length <= 100_000 else {
                    throw call.error("dash lengths must be numbers from 0 to 100000", argument: 4)
                }
                dash.append(length)
            }
            guard dash.count <= 1_000 else { throw call.error("a dash pattern of more than 1000 lengths is not supported", argument: 4) }
            return .native(Boxed(value: StrokeStyle(lineWidth: width, lineCap: cap, lineJoin: join, miterLimit: limit, dash: dash,
                                                    dashPhase: try call.number(5)), typeName: "StrokeStyle"))
        }
        native.add(stroke)

        let progressStyle = NativeType("ProgressViewStyle", summary: "`.circular`, `.automatic`, `.linear`.")
        progressStyle.constant("circular", .native(Boxed(value: ProgressStyleChoice.circular(nil), typeName: "ProgressViewStyle")))
        progressStyle.constant("automatic", .native(Boxed(value: ProgressStyleChoice.automatic, typeName: "ProgressViewStyle")))
        progressStyle.constant("linear", .native(Boxed(value: ProgressStyleChoice.linear, typeName: "ProgressViewStyle")))
        native.addProtocol(progressStyle)
        let circularStyle = NativeType("CircularProgressViewStyle", protocols: ["ProgressViewStyle"], summary: "`CircularProgressViewStyle(tint:)`.")
        circularStyle.initializer([NativeParameter("tint", .optional(.named("Color")), default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            if case .nilValue = call[0] { return .native(Boxed(value: ProgressStyleChoice.circular(nil), typeName: "ProgressViewStyle")) }
            return .native(Boxed(value: ProgressStyleChoice.circular(try color(call[0], call, argument: 0)), typeName: "ProgressViewStyle"))
        }
        native.add(circularStyle)

        let scheme = NativeType("ColorScheme", summary: "`.light` or `.dark`.")
        scheme.constant("light", .native(Boxed(value: "light", typeName: "ColorScheme")))
        scheme.constant("dark", .native(Boxed(value: "dark", typeName: "ColorScheme")))
        native.add(scheme)

        let direction = NativeType("LayoutDirection", summary: "`.leftToRight` (what every render lays out) or `.rightToLeft`.")
        for name in ["leftToRight", "rightToLeft"] {
            direction.constant(name, .native(Boxed(value: name, typeName: "LayoutDirection")))
        }
        native.add(direction)
    }

    /// The receiver of a call as a boxed `T`.
    func receiverBox<T: Equatable>(_ call: NativeCall, _ type: T.Type) throws(Interrupt) -> T {
        guard case let .native(native)? = call.receiver?.dereferenced, let box = native as? Boxed<T> else {
            throw call.error("expected a value of type '\(T.self)'")
        }
        return box.value
    }

    private func defineColor() {
        let color = NativeType("Color", protocols: ["View", "ShapeStyle"], summary: "A colour: system colours by appearance, or sRGB components.")
        let shapeStyle = native.protocols["ShapeStyle"]!
        for name in Self.colorNames {
            color.constant(name, .native(ColorBox(color: .system(name))))
            shapeStyle.constant(name, .native(ColorBox(color: .system(name))))
        }
        shapeStyle.constant("tint", .native(ColorBox(color: .system("accentColor"))))
        // The third to fifth levels of the foreground (`HierarchicalShapeStyle`), as the
        // colours iOS gives them over the default foreground: `tertiaryLabel` (60, 60, 67) at
        // 30 % in light, (235, 235, 245) at 30 % in dark; `quaternaryLabel` at 18 % / 16 %; the
        // fifth (iOS 16), which has no UIKit colour, black / white at 5 % (`SystemColors`' `quinary`).
        shapeStyle.constant("tertiary", .native(ColorBox(color: .system("tertiaryLabel"))))
        shapeStyle.constant("quaternary", .native(ColorBox(color: .system("quaternaryLabel"))))
        shapeStyle.constant("quinary", .native(ColorBox(color: .system("quinary"))))
        // `BackgroundStyle` (iOS 15): "the background style in the current context", the
        // system background outside grouped lists (white in light, black in dark).
        shapeStyle.constant("background", .native(ColorBox(color: .system("systemBackground"))))
        color.initializer([NativeParameter("red", .double), NativeParameter("green", .double), NativeParameter("blue", .double),
                           NativeParameter("opacity", .double, default: .double(1))]) { [unowned self] call throws(Interrupt) in
            let channels = [try number(call, 0, in: 0...1, "red"), try number(call, 1, in: 0...1, "green"), try number(call, 2, in: 0...1, "blue"),
                            try number(call, 3, in: 0...1, "opacity")]
            return .native(ColorBox(color: .rgb(red: channels[0], green: channels[1], blue: channels[2], opacity: channels[3])))
        }
        color.initializer([NativeParameter("white", .double), NativeParameter("opacity", .double, default: .double(1))]) { [unowned self] call throws(Interrupt) in
            let white = try number(call, 0, in: 0...1, "white")
            return .native(ColorBox(color: .rgb(red: white, green: white, blue: white, opacity: try number(call, 1, in: 0...1, "opacity"))))
        }
        color.initializer([NativeParameter("hue", .double), NativeParameter("saturation", .double), NativeParameter("brightness", .double),
                           NativeParameter("opacity", .double, default: .double(1))]) { [unowned self] call throws(Interrupt) in
            let (r, g, b) = Self.rgb(hue: try number(call, 0, in: 0...1, "hue"), saturation: try number(call, 1, in: 0...1, "saturation"),
                                     brightness: try number(call, 2, in: 0...1, "brightness"))
            return .native(ColorBox(color: .rgb(red: r, green: g, blue: b, opacity: try number(call, 3, in: 0...1, "opacity"))))
        }
        color.method("opacity", [NativeParameter(nil, .double)], result: .named("Color")) { [unowned self] call throws(Interrupt) in
            let base = try self.color(call.receiver ?? .void, call)
            let factor = try number(call, 0, in: 0...1, "opacity")
            if case let .rgb(red, green, blue, opacity) = base {
                return .native(ColorBox(color: .rgb(red: red, green: green, blue: blue, opacity: opacity * factor)))
            }
            return .native(ColorBox(color: .opacity(base, factor)))
        }
        // `Color.gradient` (iOS 16): "a gradient derived from this color" (SwiftUI's
        // documentation), whose stops Apple does not give: drawn as the colour, with a note.
        color.property("gradient", type: .named("Color")) { [unowned self] call throws(Interrupt) in
            let base = try self.color(call.receiver ?? .void, call)
            let note = "'.gradient' of a colour is drawn as the colour itself: Apple documents no stops for the gradient it derives"
            if !notes.contains(note) { notes.append(note) }
            return .native(ColorBox(color: base))
        }
        native.add(color)
    }

    /// HSB to sRGB components, as `Color(hue:saturation:brightness:)` converts them.
    static func rgb(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        let h = (hue == 1 ? 0 : hue) * 6
        let sector = Int(floor(h)), f = h - floor(h)
        let p = brightness * (1 - saturation), q = brightness * (1 - saturation * f), t = brightness * (1 - saturation * (1 - f))
        switch sector {
        case 0: return (brightness, t, p)
        case 1: return (q, brightness, p)
        case 2: return (p, brightness, t)
        case 3: return (p, q, brightness)
        case 4: return (t, p, brightness)
        default: return (brightness, p, q)
        }
    }

    private func defineAngle() {
        let angle = NativeType("Angle", protocols: ["Animatable"], summary: "An angle; degrees clockwise on screen.")
        func make(_ degrees: Double) -> Value { .native(AngleValue(degrees: degrees)) }
        angle.initializer([NativeParameter("degrees", .double)]) { call throws(Interrupt) in make(try call.number(0)) }
        angle.initializer([NativeParameter("radians", .double)]) { call throws(Interrupt) in make(try call.number(0) * 180 / Double.pi) }
        angle.staticMethod("degrees", [NativeParameter(nil, .double)]) { call throws(Interrupt) in make(try call.number(0)) }
        angle.staticMethod("radians", [NativeParameter(nil, .double)]) { call throws(Interrupt) in make(try call.number(0) * 180 / Double.pi) }
        angle.constant("zero", make(0))
        func receiverDegrees(_ call: NativeCall) throws(Interrupt) -> Double {
            guard case let .native(native)? = call.receiver?.dereferenced, let angle = native as? AngleValue else { throw call.error("expected an Angle") }
            return angle.degrees
        }
        angle.property("degrees", type: .double) { call throws(Interrupt) in .double(try receiverDegrees(call)) }
        angle.property("radians", type: .double) { call throws(Interrupt) in .double(try receiverDegrees(call) * Double.pi / 180) }
        for op in ["+", "-"] {
            angle.binaryOperator(op, right: .named("Angle")) { [unowned self] call throws(Interrupt) in
                let a = try degrees(call, 0), b = try degrees(call, 1)
                return make(op == "+" ? a + b : a - b)
            }
        }
        for op in ["*", "/"] {
            angle.binaryOperator(op, right: .double) { [unowned self] call throws(Interrupt) in
                let a = try degrees(call, 0), b = try call.number(1)
                return make(op == "*" ? a * b : a / b)
            }
        }
        angle.operators["*", default: []].append(NativeFunction([NativeParameter(nil, .double), NativeParameter(nil, .named("Angle"))], result: .named("Angle")) { [unowned self] call throws(Interrupt) in
            make(try call.number(0) * degrees(call, 1))
        })
        for op in ["<", "<=", ">", ">="] {
            angle.binaryOperator(op, right: .named("Angle"), result: .bool) { [unowned self] call throws(Interrupt) in
                let a = try degrees(call, 0), b = try degrees(call, 1)
                switch op {
                case "<": return .bool(a < b)
                case "<=": return .bool(a <= b)
                case ">": return .bool(a > b)
                default: return .bool(a >= b)
                }
            }
        }
        angle.operators["prefix-"] = [NativeFunction([NativeParameter(nil, .named("Angle"))], result: .named("Angle")) { [unowned self] call throws(Interrupt) in
            make(-(try degrees(call, 0)))
        }]
        native.add(angle)
    }

    private func defineFont() {
        let font = NativeType("Font", summary: "A font: a text style or `.system(size:weight:)`.")
        for (name, value) in Self.textStyles { font.constant(name, .native(Boxed(value: value, typeName: "Font"))) }
        let weight = font.nested(NativeType("Weight", summary: "`Font.Weight`."))
        for (name, value) in Self.weightNames { weight.constant(name, .native(Boxed(value: value, typeName: "Font.Weight"))) }
        native.types["Font.Weight"] = weight
        let design = font.nested(NativeType("Design", summary: "`Font.Design`."))
        for name in ["default", "rounded", "monospaced", "serif"] { design.constant(name, .native(Boxed(value: name, typeName: "Font.Design"))) }
        native.types["Font.Design"] = design
        let regular = Value.native(Boxed(value: SymbolWeight.regular, typeName: "Font.Weight"))
        font.staticMethod("system", [NativeParameter("size", .double), NativeParameter("weight", .named("Font.Weight"), default: regular),
                                     NativeParameter("design", .optional(.named("Font.Design")), default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            guard let size = Optional(try call.number(0)), size > 0 && size <= 10_000 else {
                throw call.error("font size must be greater than 0 and at most 10000", argument: 0)
            }
            var design = FontDesign.default
            if case .nilValue = call[2] {} else { design = FontDesign(rawValue: try boxed(call, 2, String.self, "a Font.Design")) ?? .default }
            return .native(Boxed(value: FontValue(pointSize: size, weight: try boxed(call, 1, SymbolWeight.self, "a Font.Weight"), design: design), typeName: "Font"))
        }
        font.staticMethod("system", [NativeParameter(nil, .named("Font")), NativeParameter("design", .optional(.named("Font.Design")), default: .nilValue),
                                     NativeParameter("weight", .optional(.named("Font.Weight")), default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            var value = try boxed(call, 0, FontValue.self, "a text style")
            if case .nilValue = call[1] {} else { value.design = FontDesign(rawValue: try boxed(call, 1, String.self, "a Font.Design")) ?? .default }
            if case .nilValue = call[2] {} else { value.weight = try boxed(call, 2, SymbolWeight.self, "a Font.Weight") }
            return .native(Boxed(value: value, typeName: "Font"))
        }
        font.method("weight", [NativeParameter(nil, .named("Font.Weight"))], result: .named("Font")) { [unowned self] call throws(Interrupt) in
            var value = try receiverBox(call, FontValue.self)
            value.weight = try boxed(call, 0, SymbolWeight.self, "a Font.Weight")
            return .native(Boxed(value: value, typeName: "Font"))
        }
        font.method("bold", [], result: .named("Font")) { [unowned self] call throws(Interrupt) in
            var value = try receiverBox(call, FontValue.self)
            value.weight = .bold
            return .native(Boxed(value: value, typeName: "Font"))
        }
        font.method("italic", [], result: .named("Font")) { [unowned self] call throws(Interrupt) in
            var value = try receiverBox(call, FontValue.self)
            value.italic = true
            return .native(Boxed(value: value, typeName: "Font"))
        }
        font.method("monospacedDigit", [], result: .named("Font")) { [unowned self] call throws(Interrupt) in
            var value = try receiverBox(call, FontValue.self)
            value.monospacedDigit = true
            return .native(Boxed(value: value, typeName: "Font"))
        }
        // `Font.monospaced()`: SF Mono, the monospaced design.
        font.method("monospaced", [], result: .named("Font")) { [unowned self] call throws(Interrupt) in
            var value = try receiverBox(call, FontValue.self)
            value.design = .monospaced
            return .native(Boxed(value: value, typeName: "Font"))
        }
        native.add(font)
    }
}
