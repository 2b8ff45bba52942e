import Motion
import Raster
import Scene
import SwiftCode

// The drawing effects beyond geometry and opacity: shadow, blur, masks and clips, groups, blend
// modes, the colour effects and the projections (members of every `View`).

extension SwiftUILibrary {
    func defineEffects() {
        guard let view = native.protocols["View"] else { return }
        let center = Value.native(Boxed(value: Alignment.center, typeName: "Alignment"))
        let unitCenter = Value.native(Boxed(value: UnitPoint.center, typeName: "UnitPoint"))

        // SwiftUI's default shadow colour: `Color(.sRGBLinear, white: 0, opacity: 0.33)`.
        let shadowColour = Value.native(ColorBox(color: .rgb(red: 0, green: 0, blue: 0, opacity: 0.33)))
        view.method("shadow", [NativeParameter("color", .named("Color"), default: shadowColour), NativeParameter("radius", .double),
                               NativeParameter("x", .double, default: .double(0)), NativeParameter("y", .double, default: .double(0))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.effect(.shadow(color: try color(call[0], call, argument: 0),
                                                     radius: try number(call, 1, in: 0...1_000, "radius"),
                                                     x: try number(call, 2, in: -100_000...100_000, "x"),
                                                     y: try number(call, 3, in: -100_000...100_000, "y")))))
        }
        view.method("blur", [NativeParameter("radius", .double), NativeParameter("opaque", .bool, default: .bool(false))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .bool(opaque) = call[1].dereferenced else { throw call.error("expected a Bool", argument: 1) }
            return try modified(call, .node(.effect(.blur(radius: try number(call, 0, in: 0...1_000, "radius"), opaque: opaque))))
        }
        view.method("mask", [NativeParameter("alignment", .named("Alignment"), default: center),
                             NativeParameter(nil, Self.builderClosure, builder: "ViewBuilder")], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let alignment = try boxed(call, 0, Alignment.self, "an Alignment")
            return try modified(call, .mask(try self.view(try call.call(1, []), at: call.location), alignment: alignment))
        }
        view.method("mask", [NativeParameter(nil, .named("View"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .mask(try self.view(call[0], at: call.argumentLocations[0]), alignment: .center))
        }
        view.method("clipShape", [NativeParameter(nil, .named("Shape")), NativeParameter("style", .any, default: .nilValue)],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .mask(try clip(call[0], call), alignment: .center))
        }
        view.method("clipped", [NativeParameter("antialiased", .bool, default: .bool(false))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .mask(Self.opaque(ShapeView(kind: .rectangle)), alignment: .center))
        }
        view.method("cornerRadius", [NativeParameter(nil, .double), NativeParameter("antialiased", .bool, default: .bool(true))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let radius = try number(call, 0, in: 0...100_000, "radius")
            return try modified(call, .mask(Self.opaque(ShapeView(kind: .roundedRectangle(cornerRadius: radius))), alignment: .center))
        }
        for name in ["compositingGroup", "drawingGroup"] {
            view.method(name, [NativeParameter("opaque", .bool, default: .bool(false)), NativeParameter("colorMode", .any, default: .nilValue)],
                        result: Self.anyView) { [unowned self] call throws(Interrupt) in
                try modified(call, .node(.effect(.compositingGroup)))
            }
        }
        let blendMode = NativeType("BlendMode", summary: "How a view's colours mix with what is behind it.")
        for mode in BlendMode.allCases { blendMode.constant(mode.rawValue, .native(Boxed(value: mode, typeName: "BlendMode"))) }
        native.add(blendMode)
        view.method("blendMode", [NativeParameter(nil, .named("BlendMode"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.effect(.blendMode(try boxed(call, 0, BlendMode.self, "a BlendMode")))))
        }
        let amounts: [(String, (Double) -> ColourEffect)] = [("brightness", ColourEffect.brightness), ("contrast", ColourEffect.contrast),
                                                             ("saturation", ColourEffect.saturation), ("grayscale", ColourEffect.grayscale)]
        for (name, make) in amounts {
            view.method(name, [NativeParameter(nil, .double)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
                try modified(call, .node(.effect(.colour(make(try number(call, 0, in: -1_000...1_000, "amount"))))))
            }
        }
        view.method("hueRotation", [NativeParameter(nil, .named("Angle"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.effect(.colour(.hueRotation(try degrees(call, 0))))))
        }
        view.method("colorMultiply", [NativeParameter(nil, .named("Color"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.effect(.colour(.colorMultiply(try color(call[0], call, argument: 0))))))
        }
        view.method("colorInvert", [], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.effect(.colour(.colorInvert))))
        }
        view.method("luminanceToAlpha", [], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.effect(.colour(.luminanceToAlpha))))
        }
        view.method("rotation3DEffect", [NativeParameter(nil, .named("Angle")), NativeParameter("axis", .any),
                                         NativeParameter("anchor", .named("UnitPoint"), default: unitCenter),
                                         NativeParameter("anchorZ", .double, default: .double(0)),
                                         NativeParameter("perspective", .double, default: .double(1))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let axis = try axis(call, 1)
            return try modified(call, .node(.effect(.rotation3D(degrees: try degrees(call, 0), axis: axis,
                                                                anchor: try boxed(call, 2, UnitPoint.self, "a UnitPoint"),
                                                                anchorZ: try number(call, 3, in: -100_000...100_000, "anchorZ"),
                                                                perspective: try number(call, 4, in: -1_000...1_000, "perspective")))))
        }
        defineProjections(view)
        defineMaterials(view)
    }

    /// A material filling `shape`: the shape drawn opaque, whose coverage the material's
    /// backdrop blur and tint take; `mark` is where the material is applied.
    static func material(_ material: Material, in shape: ShapeKind, at mark: SourceMark) -> ViewDescription {
        Self.material(material, filling: ShapeView(kind: shape), at: mark)
    }

    /// `shape.fill(.ultraThinMaterial)`: `shape` (with its trim, inset, transforms and fill
    /// rule) drawn opaque, as the coverage the material's backdrop blur and tint take.
    static func material(_ material: Material, filling shape: ShapeView, at mark: SourceMark) -> ViewDescription {
        .modified(opaque(shape), .node(.effect(.material(material), at: mark)))
    }

    /// `view.foregroundStyle(.thinMaterial)`: the shape `view` draws, unpainted and under
    /// modifiers only (`RoundedRectangle(cornerRadius: 10).frame(width: 60, height: 60)`), filled
    /// with the material, as a shape takes the foreground style for its fill; `nil` when `view`
    /// is not such a shape.
    static func materialForeground(_ view: ViewDescription, _ material: Material, at mark: SourceMark) -> ViewDescription? {
        switch view {
        case let .shape(shape, painted: false):
            return Self.material(material, filling: shape, at: mark)
        case let .modified(inner, modifier):
            guard let filled = materialForeground(inner, material, at: mark) else { return nil }
            return .modified(filled, modifier)
        default:
            return nil
        }
    }

    /// `.ultraThinMaterial` … `.ultraThickMaterial` (and `Material.thin` …) as shape styles,
    /// and `background(_:in:)`.
    private func defineMaterials(_ view: NativeType) {
        let type = NativeType("Material", protocols: ["ShapeStyle"], summary: "A blur of what is behind with a translucent tint.")
        let shapeStyle = native.protocols["ShapeStyle"]
        for material in Material.allCases {
            type.constant(material.rawValue, .native(MaterialBox(material: material)))
            shapeStyle?.constant(material.rawValue + "Material", .native(MaterialBox(material: material)))
        }
        native.add(type)
        view.method("background", [NativeParameter(nil, .named("ShapeStyle")), NativeParameter("in", .named("Shape")),
                                   NativeParameter("fillStyle", .any, default: .nilValue)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .shape(shape, _) = try self.view(call[1], at: call.argumentLocations[1]) else {
                throw call.error("'background(_:in:)' takes a built-in shape here (Circle, Capsule, Rectangle, RoundedRectangle)", argument: 1)
            }
            if case let .native(native) = call[0].dereferenced, let material = native as? MaterialBox {
                return try modified(call, .decoration(Self.material(material.material, in: shape.kind, at: call.mark), alignment: .center, over: false))
            }
            var filled = ShapeView(kind: shape.kind)
            if case let .native(native) = call[0].dereferenced, let gradient = native as? GradientBox {
                filled.gradient = gradient.paint
            } else {
                filled.paint = .fill(try color(call[0], call, argument: 0))
            }
            return try modified(call, .decoration(.shape(filled, painted: true), alignment: .center, over: false))
        }
    }

    /// A shape as a clip: filled opaque, whatever its paint.
    static func opaque(_ shape: ShapeView) -> ViewDescription {
        var shape = shape
        shape.paint = .fill(.fixed(.black))
        shape.gradient = nil
        return .shape(shape, painted: true)
    }

    /// The shape argument of `clipShape`: a built-in shape filled opaque, or a view of the file's
    /// own (a custom `Shape`), whose alpha is the clip.
    private func clip(_ value: Value, _ call: NativeCall) throws(Interrupt) -> ViewDescription {
        let description = try view(value, at: call.argumentLocations[0])
        if case let .shape(shape, _) = description { return Self.opaque(shape) }
        return description
    }

    /// `axis: (x: 0, y: 1, z: 0)`: a tuple of three numbers, labelled `x`, `y`, `z` or not.
    private func axis(_ call: NativeCall, _ index: Int) throws(Interrupt) -> Axis3D {
        guard case let .tuple(values, labels) = call[index].dereferenced, values.count == 3,
              labels.allSatisfy({ $0 == nil }) || labels == ["x", "y", "z"] else {
            throw call.error("expected an axis as a tuple '(x: 0, y: 1, z: 0)'", argument: index)
        }
        var components: [Double] = []
        for value in values {
            guard let number = value.dereferenced.number, number.isFinite else {
                throw call.error("an axis component must be a finite number", argument: index)
            }
            components.append(number)
        }
        return Axis3D(x: components[0], y: components[1], z: components[2])
    }

    /// `ProjectionTransform`, and the effects that take it and `CGAffineTransform` (defined
    /// with the shapes, whose `applying(_:)` takes it too).
    private func defineProjections(_ view: NativeType) {
        let projection = NativeType("ProjectionTransform", summary: "A 3 × 3 projective transform.")
        func box(_ p: Projection) -> Value { .native(Boxed(value: p, typeName: "ProjectionTransform")) }
        projection.initializer([]) { call throws(Interrupt) in box(Projection.identity) }
        projection.initializer([NativeParameter(nil, .named("CGAffineTransform"))]) { call throws(Interrupt) in
            box(Projection(affine: try call.native(0, AffineBox.self, "a CGAffineTransform").transform))
        }
        let names = ["m11", "m12", "m13", "m21", "m22", "m23", "m31", "m32", "m33"]
        projection.initializer(names.map { NativeParameter($0, .double, default: .double($0 == "m11" || $0 == "m22" || $0 == "m33" ? 1 : 0)) }) { call throws(Interrupt) in
            box(Projection(m11: try call.number(0), m12: try call.number(1), m13: try call.number(2), m21: try call.number(3),
                           m22: try call.number(4), m23: try call.number(5), m31: try call.number(6), m32: try call.number(7),
                           m33: try call.number(8)))
        }
        native.add(projection)

        view.method("projectionEffect", [NativeParameter(nil, .named("ProjectionTransform"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.effect(.projection(try boxed(call, 0, Projection.self, "a ProjectionTransform")))))
        }
        view.method("transformEffect", [NativeParameter(nil, .named("CGAffineTransform"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.effect(.projection(Projection(affine: try call.native(0, AffineBox.self, "a CGAffineTransform").transform)))))
        }
    }
}
