import Glibc
import Raster
import Scene
import SwiftCode
import Synchronization

// The shapes beyond `Circle`, `Capsule` and `Rectangle`: `Ellipse`, styled and uneven rounded
// rectangles, `ContainerRelativeShape`, `Path` (as a value with its drawing API and as a view),
// `Shape` structs of the file's own with `path(in:)` and `animatableData`, `AnimatablePair`,
// `FillStyle` and `CGAffineTransform`.

/// A `Path` value.
struct PathBox: NativeValue, Equatable {
    var path: Raster.Path
    var nativeTypeName: String { "Path" }
}

/// `AnimatablePair(first, second)`.
struct AnimatablePairBox: NativeValue, Equatable {
    var first: Value
    var second: Value
    var nativeTypeName: String { "AnimatablePair" }
    static func == (a: AnimatablePairBox, b: AnimatablePairBox) -> Bool { a.first.text == b.first.text && a.second.text == b.second.text }
}

/// `CGAffineTransform`.
struct AffineBox: NativeValue, Equatable {
    var transform: AffineTransform
    var nativeTypeName: String { "CGAffineTransform" }
}

/// `FillStyle(eoFill:antialiased:)`.
struct FillStyleBox: NativeValue, Equatable {
    var rule: FillRule
    var nativeTypeName: String { "FillStyle" }
}

/// A `Shape` struct of the file's own, drawn by running its `path(in:)` with the evaluator:
/// once when the view is made (so an error in it is reported at once, at its line), then at
/// every frame for the frame's rectangle and `animatableData`. Frames are drawn on several
/// threads; the evaluator runs one path at a time.
final class ShapeCode: @unchecked Sendable {
    private let evaluator: Evaluator
    /// The library whose definitions the path code calls (`Path`, `CGPoint` …). Held here
    /// because frames are drawn after the run has ended, when nothing else may hold it: the
    /// definitions capture it unowned, so they would find it freed. Holding it also keeps it
    /// from being handed to another run (``SwiftUILibrary/recycle(_:evaluator:)``).
    private let library: SwiftUILibrary
    private let instance: Instance
    private let location: SourceLocation

    init(evaluator: Evaluator, library: SwiftUILibrary, instance: Instance, location: SourceLocation) {
        self.evaluator = evaluator
        self.library = library
        self.instance = instance
        self.location = location
    }

    /// The path in `rect` with `animatableData` set to `data` (none: as the instance has it).
    func evaluate(_ rect: Raster.Rect, _ data: [Double]) throws(Interrupt) -> Raster.Path {
        var value = Value.instance(instance)
        if !data.isEmpty {
            let animatable = data.count == 1 ? Value.double(data[0])
                : .native(AnimatablePairBox(first: .double(data[0]), second: .double(data[1])))
            _ = try evaluator.setMember("animatableData", animatable, on: &value, at: location)
        }
        let method = try evaluator.member("path", of: value, at: location, in: evaluator.globals)
        let result = try evaluator.call(method, [.native(CGRectValue(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height))],
                                        at: location)
        guard case let .native(native) = result.dereferenced, let box = native as? PathBox else {
            throw .error("'path(in:)' must return a Path, not a value of type '\(result.typeName)'", at: location)
        }
        return box.path
    }

    /// ``evaluate(_:_:)`` for the renderer: one run at a time on the evaluator, whichever of
    /// the run's shapes asks (``SwiftUILibrary/shapeCodeLock``), a fresh work budget each; an
    /// error (already reported for the first frame's values) draws nothing.
    func path(in rect: Raster.Rect, data: [Double]) -> Raster.Path {
        library.shapeCodeLock.withLock { _ in
            evaluator.resetWork()
            do {
                return try evaluate(rect, data)
            } catch {
                return Raster.Path()
            }
        }
    }
}

extension SwiftUILibrary {
    /// Whether `value` is a `Shape` struct of the file's own (one with `path(in:)`).
    func isUserShape(_ value: Value) -> Bool {
        guard case let .instance(instance) = value.dereferenced else { return false }
        return instance.type.methods["path"] != nil && evaluatorConforms(instance, "Shape")
    }

    private func evaluatorConforms(_ instance: Instance, _ name: String) -> Bool {
        var queue = instance.type.conformanceNames
        var seen: Set<String> = []
        while let next = queue.popLast() {
            if next == name || next == "InsettableShape" { return true }
            guard seen.insert(next).inserted else { continue }
            if let type = native.protocols[next] { queue += type.protocols }
        }
        return false
    }

    /// A `Shape` struct as a shape view: its path code, its stored values and its
    /// `animatableData` (a number, or an `AnimatablePair` of two; more numbers are not animated,
    /// with a note).
    func userShape(_ value: Value, evaluator: Evaluator, at location: SourceLocation) throws(Interrupt) -> ShapeView {
        guard case let .instance(instance) = value.dereferenced else { throw .error("expected a Shape", at: location) }
        var data: [Double] = []
        if instance.type.computedProperties["animatableData"] != nil || instance.fields["animatableData"] != nil {
            let animatable = try evaluator.member("animatableData", of: value.dereferenced, at: location, in: evaluator.globals)
            data = try Self.numbers(animatable, at: location)
            if data.count > 2 {
                // Drawn from its stored values as they are in each tree: a change then shows at
                // once, unanimated; a shape that does not change is drawn as on a device.
                let note = "'\(instance.type.name).animatableData' holds \(data.count) numbers: its changes are drawn without animation (at most an AnimatablePair of two animates)"
                if !notes.contains(note) { notes.append(note) }
                data = []
            }
        }
        let code = ShapeCode(evaluator: evaluator, library: self, instance: instance, location: location)
        // Run once now, so that an error in `path(in:)` is reported where it is.
        evaluator.resetWork()
        _ = try code.evaluate(Raster.Rect(x: 0, y: 0, width: 100, height: 100), data)
        let shape = CustomShape(name: instance.type.name, fingerprint: value.text, animatableData: data,
                                provider: ShapeProvider { rect, data in code.path(in: rect, data: data) })
        return ShapeView(kind: .custom(shape))
    }

    /// The numbers of an `animatableData` value: a number, or the flattened `AnimatablePair`.
    static func numbers(_ value: Value, at location: SourceLocation) throws(Interrupt) -> [Double] {
        switch value.dereferenced {
        case let .double(x): return [x]
        case let .int(x): return [Double(x)]
        case let .native(native):
            if let pair = native as? AnimatablePairBox { return try numbers(pair.first, at: location) + numbers(pair.second, at: location) }
            if native is Boxed<String>, native.nativeTypeName == "EmptyAnimatableData" { return [] }
        default: break
        }
        throw .error("'animatableData' must be a Double, a CGFloat or an AnimatablePair, not a value of type '\(value.typeName)'", at: location)
    }

    func defineShapes() {
        let style = NativeType("RoundedCornerStyle", summary: "`.circular` or `.continuous` corners.")
        style.constant("circular", .native(Boxed(value: CornerStyle.circular, typeName: "RoundedCornerStyle")))
        style.constant("continuous", .native(Boxed(value: CornerStyle.continuous, typeName: "RoundedCornerStyle")))
        native.add(style)
        // SwiftUI's defaults: `.continuous` for RoundedRectangle, UnevenRoundedRectangle and
        // Path(roundedRect:) ("init(cornerRadius: CGFloat, style: RoundedCornerStyle =
        // .continuous)"), `.circular` for Capsule ("init(style: RoundedCornerStyle = .circular)").
        let continuous = Value.native(Boxed(value: CornerStyle.continuous, typeName: "RoundedCornerStyle"))
        let circular = Value.native(Boxed(value: CornerStyle.circular, typeName: "RoundedCornerStyle"))
        // Captures the library unowned, as every definition does: a local function would hold it
        // strongly, and the library holds the definitions that call this one, so it would never
        // be freed.
        let corner = { [unowned self] (call: NativeCall, index: Int) throws(Interrupt) -> CornerStyle in
            try boxed(call, index, CornerStyle.self, "a RoundedCornerStyle")
        }
        func shape(_ kind: ShapeKind) -> Value { .native(ViewDescription.shape(ShapeView(kind: kind), painted: false)) }

        native.add(NativeType("_Shape", protocols: ["InsettableShape"], summary: "A shape made by a shape modifier."))
        // `AnyShape(shape)` (iOS 16): a type-erased shape, drawn as the shape it wraps.
        let anyShape = NativeType("AnyShape", protocols: ["Shape"], summary: "`AnyShape(shape)`: the shape it wraps.")
        anyShape.initializer([NativeParameter(nil, .named("Shape"))]) { call throws(Interrupt) in call[0] }
        native.add(anyShape)

        let ellipse = NativeType("Ellipse", protocols: ["InsettableShape"], summary: "`Ellipse()`: the ellipse in the frame.")
        ellipse.initializer([]) { _ throws(Interrupt) in shape(.ellipse) }
        native.add(ellipse)
        let container = NativeType("ContainerRelativeShape", protocols: ["InsettableShape"],
                                   summary: "`ContainerRelativeShape()`: a rectangle (no container shape is known here).")
        container.initializer([]) { _ throws(Interrupt) in shape(.rectangle) }
        native.add(container)

        if let capsule = native.types["Capsule"] {
            capsule.initializer([NativeParameter("style", .named("RoundedCornerStyle"), default: circular)]) { call throws(Interrupt) in
                shape(try corner(call, 0) == .continuous ? .continuousCapsule : .capsule)
            }
        }
        let rounded = NativeType("RoundedRectangle", protocols: ["InsettableShape"], summary: "`RoundedRectangle(cornerRadius:style:)`, `(cornerSize:style:)`.")
        do {
            rounded.initializer([NativeParameter("cornerRadius", .double), NativeParameter("style", .named("RoundedCornerStyle"), default: continuous)]) { [unowned self] call throws(Interrupt) in
                let r = try number(call, 0, in: 0...100_000, "cornerRadius")
                let style = try corner(call, 1)
                return shape(style == .circular ? .roundedRectangle(cornerRadius: r) : .styledRectangle(CornerRadii(width: r, height: r), style))
            }
            rounded.initializer([NativeParameter("cornerSize", .named("CGSize")), NativeParameter("style", .named("RoundedCornerStyle"), default: continuous)]) { call throws(Interrupt) in
                let size = try call.native(0, CGSizeValue.self, "a CGSize")
                return shape(.styledRectangle(CornerRadii(width: max(0, size.width), height: max(0, size.height)), try corner(call, 1)))
            }
        }
        native.add(rounded)
        let radiiType = NativeType("RectangleCornerRadii", summary: "`RectangleCornerRadii(topLeading:bottomLeading:bottomTrailing:topTrailing:)`.")
        let radiusParameters = ["topLeading", "bottomLeading", "bottomTrailing", "topTrailing"].map { NativeParameter($0, .double, default: .double(0)) }
        radiiType.initializer(radiusParameters) { call throws(Interrupt) in
            let r = try (0..<4).map { (i) throws(Interrupt) in max(0, try call.number(i)) }
            return .native(Boxed(value: CornerRadii(topLeading: (r[0], r[0]), bottomLeading: (r[1], r[1]), bottomTrailing: (r[2], r[2]),
                                                    topTrailing: (r[3], r[3])), typeName: "RectangleCornerRadii"))
        }
        native.add(radiiType)
        let uneven = NativeType("UnevenRoundedRectangle", protocols: ["InsettableShape"],
                                summary: "`UnevenRoundedRectangle(topLeadingRadius:…:style:)`: a corner radius each.")
        uneven.initializer(["topLeadingRadius", "bottomLeadingRadius", "bottomTrailingRadius", "topTrailingRadius"].map { NativeParameter($0, .double, default: .double(0)) }
                           + [NativeParameter("style", .named("RoundedCornerStyle"), default: continuous)]) { call throws(Interrupt) in
            let r = try (0..<4).map { (i) throws(Interrupt) in max(0, try call.number(i)) }
            return shape(.styledRectangle(CornerRadii(topLeading: (r[0], r[0]), bottomLeading: (r[1], r[1]), bottomTrailing: (r[2], r[2]),
                                                      topTrailing: (r[3], r[3])), try corner(call, 4)))
        }
        uneven.initializer([NativeParameter("cornerRadii", .named("RectangleCornerRadii")),
                            NativeParameter("style", .named("RoundedCornerStyle"), default: continuous)]) { [unowned self] call throws(Interrupt) in
            shape(.styledRectangle(try boxed(call, 0, CornerRadii.self, "RectangleCornerRadii"), try corner(call, 1)))
        }
        native.add(uneven)

        let fill = NativeType("FillStyle", summary: "`FillStyle(eoFill:antialiased:)`: the even-odd or non-zero rule.")
        fill.initializer([NativeParameter("eoFill", .bool, default: .bool(false)), NativeParameter("antialiased", .bool, default: .bool(true))]) { call throws(Interrupt) in
            guard case let .bool(evenOdd) = call[0].dereferenced else { throw call.error("expected a Bool", argument: 0) }
            return .native(FillStyleBox(rule: evenOdd ? .evenOdd : .nonZero))
        }
        native.add(fill)

        let pair = NativeType("AnimatablePair", summary: "`AnimatablePair(first, second)`: two animatable values.")
        pair.initializer([NativeParameter(nil, .any), NativeParameter(nil, .any)]) { call throws(Interrupt) in
            .native(AnimatablePairBox(first: call[0].dereferenced, second: call[1].dereferenced))
        }
        for name in ["first", "second"] {
            pair.property(name) { call throws(Interrupt) in
                guard case let .native(native)? = call.receiver?.dereferenced, let box = native as? AnimatablePairBox else { return .void }
                return name == "first" ? box.first : box.second
            }
            pair.setter(name) { receiver, value, location throws(Interrupt) in
                guard case let .native(native) = receiver, var box = native as? AnimatablePairBox else {
                    throw .error("expected an AnimatablePair", at: location)
                }
                if name == "first" { box.first = value.dereferenced } else { box.second = value.dereferenced }
                return .native(box)
            }
        }
        native.add(pair)

        defineShapeShorthands()
        defineAffineTransform()
        definePath()
    }

    /// The static members by which iOS 17's `Shape` names the built-in shapes where a shape is
    /// expected (`.clipShape(.rect(cornerRadius: 8))`, `.background(.red, in: .capsule)`):
    /// `.rect` is `Rectangle()`, `.rect(cornerRadius:style:)` and `.rect(cornerSize:style:)`
    /// `RoundedRectangle`, `.rect(topLeadingRadius:…:style:)` and `.rect(cornerRadii:style:)`
    /// `UnevenRoundedRectangle`; `.circle`, `.capsule`, `.capsule(style:)`, `.ellipse` and
    /// `.containerRelative` the shapes of those names (Apple, `Shape`'s "Getting built-in
    /// shapes"). Each is the initialiser it stands for, so its labels, defaults and errors are
    /// that initialiser's.
    private func defineShapeShorthands() {
        guard let shape = native.protocols["Shape"] else { return }
        func made(_ typeName: String) -> [NativeFunction] { native.types[typeName]?.initializers ?? [] }
        func plain(_ typeName: String) -> (NativeCall) throws(Interrupt) -> Value {
            let initializer = made(typeName).first { $0.parameters.isEmpty }
            return { call throws(Interrupt) in try initializer?.body(call) ?? .void }
        }
        shape.staticMembers["rect"] = .overloaded(.named("Rectangle"), plain("Rectangle"),
                                                  made("RoundedRectangle") + made("UnevenRoundedRectangle"))
        shape.staticMembers["capsule"] = .overloaded(.named("Capsule"), plain("Capsule"),
                                                     made("Capsule").filter { !$0.parameters.isEmpty })
        for (member, typeName) in [("circle", "Circle"), ("ellipse", "Ellipse"), ("containerRelative", "ContainerRelativeShape")] {
            shape.staticMembers[member] = .property(.named(typeName), plain(typeName))
        }
    }

    private func defineAffineTransform() {
        let type = NativeType("CGAffineTransform", summary: "`CGAffineTransform(translationX:y:)`, `(scaleX:y:)`, `(rotationAngle:)`.")
        func box(_ t: AffineTransform) -> Value { .native(AffineBox(transform: t)) }
        func own(_ call: NativeCall) throws(Interrupt) -> AffineTransform {
            guard case let .native(native)? = call.receiver?.dereferenced, let b = native as? AffineBox else {
                throw call.error("expected a CGAffineTransform")
            }
            return b.transform
        }
        type.constant("identity", box(.identity))
        type.initializer([]) { _ throws(Interrupt) in box(.identity) }
        type.initializer([NativeParameter("translationX", .double), NativeParameter("y", .double)]) { call throws(Interrupt) in
            box(.translation(x: try call.number(0), y: try call.number(1)))
        }
        type.initializer([NativeParameter("scaleX", .double), NativeParameter("y", .double)]) { call throws(Interrupt) in
            box(.scale(x: try call.number(0), y: try call.number(1)))
        }
        type.initializer([NativeParameter("rotationAngle", .double)]) { call throws(Interrupt) in box(.rotation(radians: try call.number(0))) }
        type.initializer([NativeParameter("a", .double), NativeParameter("b", .double), NativeParameter("c", .double),
                          NativeParameter("d", .double), NativeParameter("tx", .double), NativeParameter("ty", .double)]) { call throws(Interrupt) in
            box(AffineTransform(a: try call.number(0), b: try call.number(1), c: try call.number(2), d: try call.number(3),
                                tx: try call.number(4), ty: try call.number(5)))
        }
        // `t.translatedBy(x:y:)` applies the translation first, then `t` (Core Graphics).
        type.method("translatedBy", [NativeParameter("x", .double), NativeParameter("y", .double)], result: .named("CGAffineTransform")) { call throws(Interrupt) in
            box(AffineTransform.translation(x: try call.number(0), y: try call.number(1)).concatenating(try own(call)))
        }
        type.method("scaledBy", [NativeParameter("x", .double), NativeParameter("y", .double)], result: .named("CGAffineTransform")) { call throws(Interrupt) in
            box(AffineTransform.scale(x: try call.number(0), y: try call.number(1)).concatenating(try own(call)))
        }
        type.method("rotated", [NativeParameter("by", .double)], result: .named("CGAffineTransform")) { call throws(Interrupt) in
            box(AffineTransform.rotation(radians: try call.number(0)).concatenating(try own(call)))
        }
        type.method("concatenating", [NativeParameter(nil, .named("CGAffineTransform"))], result: .named("CGAffineTransform")) { call throws(Interrupt) in
            box(try own(call).concatenating(try call.native(0, AffineBox.self, "a CGAffineTransform").transform))
        }
        native.add(type)
    }

    private func definePath() {
        let type = NativeType("Path", protocols: ["Shape"], summary: "`Path { path in … }`: lines, arcs and curves, as a value and as a view.")
        func point(_ call: NativeCall, _ index: Int) throws(Interrupt) -> Point {
            let p = try call.native(index, CGPointValue.self, "a CGPoint")
            return Point(x: p.x, y: p.y)
        }
        func rect(_ call: NativeCall, _ index: Int) throws(Interrupt) -> Raster.Rect {
            let r = try call.native(index, CGRectValue.self, "a CGRect").standardized
            return Raster.Rect(x: r.x, y: r.y, width: r.width, height: r.height)
        }
        func own(_ call: NativeCall) throws(Interrupt) -> Raster.Path {
            guard case let .native(native)? = call.receiver?.dereferenced, let box = native as? PathBox else { throw call.error("expected a Path") }
            return box.path
        }
        // Captures the library unowned, as every definition does: a local function would hold it
        // strongly, and the library holds the definitions that call this one, so it would never
        // be freed.
        let radians = { [unowned self] (call: NativeCall, index: Int) throws(Interrupt) -> Double in try degrees(call, index) * Double.pi / 180 }
        /// A mutating method: the receiver's path changed by `change`.
        func mutate(_ name: String, _ parameters: [NativeParameter], _ change: @escaping (inout Raster.Path, NativeCall) throws(Interrupt) -> Void) {
            type.method(name, parameters, result: .void, mutating: true) { call throws(Interrupt) in
                var path = try own(call)
                guard path.elements.count < 100_000 else { throw call.error("the path holds more than 100 000 elements") }
                try change(&path, call)
                call.mutatedReceiver?.value = .native(PathBox(path: path))
                return .void
            }
        }
        let continuous = Value.native(Boxed(value: CornerStyle.continuous, typeName: "RoundedCornerStyle"))

        type.initializer([]) { _ throws(Interrupt) in .native(PathBox(path: Raster.Path())) }
        type.initializer([NativeParameter(nil, .function(parameters: [.named("Path")], result: .void))]) { call throws(Interrupt) in
            guard case let .function(body) = call[0] else { throw call.error("'Path' takes a closure: 'Path { path in … }'", argument: 0) }
            let (_, arguments) = try call.evaluator.callReturningArguments(body, [.native(PathBox(path: Raster.Path()))], at: call.argumentLocations[0])
            guard case let .native(native)? = arguments.first?.dereferenced, let box = native as? PathBox else {
                throw call.error("a Path closure takes the path as its parameter", argument: 0)
            }
            return .native(box)
        }
        type.initializer([NativeParameter(nil, .named("CGRect"))]) { call throws(Interrupt) in
            var path = Raster.Path()
            path.addRect(try rect(call, 0))
            return .native(PathBox(path: path))
        }
        type.initializer([NativeParameter("ellipseIn", .named("CGRect"))]) { call throws(Interrupt) in
            .native(PathBox(path: .ellipse(in: try rect(call, 0))))
        }
        type.initializer([NativeParameter("roundedRect", .named("CGRect")), NativeParameter("cornerRadius", .double),
                          NativeParameter("style", .named("RoundedCornerStyle"), default: continuous)]) { [unowned self] call throws(Interrupt) in
            let r = max(0, try call.number(1))
            return .native(PathBox(path: .roundedRect(try rect(call, 0), radii: CornerRadii(width: r, height: r),
                                                       style: try boxed(call, 2, CornerStyle.self, "a RoundedCornerStyle"))))
        }
        type.initializer([NativeParameter("roundedRect", .named("CGRect")), NativeParameter("cornerSize", .named("CGSize")),
                          NativeParameter("style", .named("RoundedCornerStyle"), default: continuous)]) { [unowned self] call throws(Interrupt) in
            let size = try call.native(1, CGSizeValue.self, "a CGSize")
            return .native(PathBox(path: .roundedRect(try rect(call, 0), radii: CornerRadii(width: max(0, size.width), height: max(0, size.height)),
                                                       style: try boxed(call, 2, CornerStyle.self, "a RoundedCornerStyle"))))
        }

        mutate("move", [NativeParameter("to", .named("CGPoint"))]) { path, call throws(Interrupt) in path.move(to: try point(call, 0)) }
        mutate("addLine", [NativeParameter("to", .named("CGPoint"))]) { path, call throws(Interrupt) in
            let p = try point(call, 0)
            if path.currentPoint == nil { path.move(to: p) } else { path.addLine(to: p) }
        }
        mutate("addLines", [NativeParameter(nil, .array(.named("CGPoint")))]) { path, call throws(Interrupt) in
            guard case let .array(items) = call[0].dereferenced else { throw call.error("expected an array of CGPoint", argument: 0) }
            for (index, item) in items.enumerated() {
                guard case let .native(native) = item.dereferenced, let p = native as? CGPointValue else {
                    throw call.error("expected an array of CGPoint", argument: 0)
                }
                // Core Graphics: "moves to the first point, then adds lines".
                if index == 0 { path.move(to: Point(x: p.x, y: p.y)) } else { path.addLine(to: Point(x: p.x, y: p.y)) }
            }
        }
        mutate("addArc", [NativeParameter("center", .named("CGPoint")), NativeParameter("radius", .double), NativeParameter("startAngle", .named("Angle")),
                          NativeParameter("endAngle", .named("Angle")), NativeParameter("clockwise", .bool),
                          NativeParameter("transform", .named("CGAffineTransform"), default: .nilValue)]) { [unowned self] path, call throws(Interrupt) in
            guard case let .bool(clockwise) = call[4].dereferenced else { throw call.error("expected a Bool", argument: 4) }
            var arc = Raster.Path()
            if let current = path.currentPoint { arc.move(to: current) }
            arc.addArc(center: try point(call, 0), radius: abs(try call.number(1)), startRadians: try radians(call, 2),
                       endRadians: try radians(call, 3), clockwise: clockwise)
            try self.append(arc, to: &path, call, transformAt: 5)
        }
        mutate("addRelativeArc", [NativeParameter("center", .named("CGPoint")), NativeParameter("radius", .double),
                                  NativeParameter("startAngle", .named("Angle")), NativeParameter("delta", .named("Angle")),
                                  NativeParameter("transform", .named("CGAffineTransform"), default: .nilValue)]) { [unowned self] path, call throws(Interrupt) in
            let center = try point(call, 0), radius = abs(try call.number(1)), start = try radians(call, 2)
            var arc = Raster.Path()
            if let current = path.currentPoint { arc.move(to: current) } else { arc.move(to: Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start))) }
            arc.addArc(center: center, radius: radius, startRadians: start, sweepRadians: try radians(call, 3))
            try self.append(arc, to: &path, call, transformAt: 4)
        }
        mutate("addArc", [NativeParameter("tangent1End", .named("CGPoint")), NativeParameter("tangent2End", .named("CGPoint")), NativeParameter("radius", .double),
                          NativeParameter("transform", .named("CGAffineTransform"), default: .nilValue)]) { [unowned self] path, call throws(Interrupt) in
            var arc = Raster.Path()
            if let current = path.currentPoint { arc.move(to: current) }
            arc.addArc(tangent1End: try point(call, 0), tangent2End: try point(call, 1), radius: max(0, try call.number(2)))
            try self.append(arc, to: &path, call, transformAt: 3)
        }
        mutate("addCurve", [NativeParameter("to", .named("CGPoint")), NativeParameter("control1", .named("CGPoint")), NativeParameter("control2", .named("CGPoint"))]) { path, call throws(Interrupt) in
            if path.currentPoint == nil { path.move(to: try point(call, 1)) }
            path.addCurve(to: try point(call, 0), control1: try point(call, 1), control2: try point(call, 2))
        }
        mutate("addQuadCurve", [NativeParameter("to", .named("CGPoint")), NativeParameter("control", .named("CGPoint"))]) { path, call throws(Interrupt) in
            if path.currentPoint == nil { path.move(to: try point(call, 1)) }
            path.addQuadCurve(to: try point(call, 0), control: try point(call, 1))
        }
        mutate("addRect", [NativeParameter(nil, .named("CGRect")), NativeParameter("transform", .named("CGAffineTransform"), default: .nilValue)]) { [unowned self] path, call throws(Interrupt) in
            var piece = Raster.Path()
            piece.addRect(try rect(call, 0))
            try self.append(piece, to: &path, call, transformAt: 1)
        }
        mutate("addRects", [NativeParameter(nil, .array(.named("CGRect")))]) { path, call throws(Interrupt) in
            guard case let .array(items) = call[0].dereferenced else { throw call.error("expected an array of CGRect", argument: 0) }
            for item in items {
                guard case let .native(native) = item.dereferenced, let r = (native as? CGRectValue)?.standardized else {
                    throw call.error("expected an array of CGRect", argument: 0)
                }
                path.addRect(Raster.Rect(x: r.x, y: r.y, width: r.width, height: r.height))
            }
        }
        mutate("addEllipse", [NativeParameter("in", .named("CGRect")), NativeParameter("transform", .named("CGAffineTransform"), default: .nilValue)]) { [unowned self] path, call throws(Interrupt) in
            try self.append(.ellipse(in: try rect(call, 0)), to: &path, call, transformAt: 1)
        }
        mutate("addRoundedRect", [NativeParameter("in", .named("CGRect")), NativeParameter("cornerSize", .named("CGSize")),
                                  NativeParameter("style", .named("RoundedCornerStyle"), default: continuous),
                                  NativeParameter("transform", .named("CGAffineTransform"), default: .nilValue)]) { [unowned self] path, call throws(Interrupt) in
            let size = try call.native(1, CGSizeValue.self, "a CGSize")
            let piece = Raster.Path.roundedRect(try rect(call, 0), radii: CornerRadii(width: max(0, size.width), height: max(0, size.height)),
                                                style: try boxed(call, 2, CornerStyle.self, "a RoundedCornerStyle"))
            try self.append(piece, to: &path, call, transformAt: 3)
        }
        mutate("addRoundedRect", [NativeParameter("in", .named("CGRect")), NativeParameter("cornerRadii", .named("RectangleCornerRadii")),
                                  NativeParameter("style", .named("RoundedCornerStyle"), default: continuous),
                                  NativeParameter("transform", .named("CGAffineTransform"), default: .nilValue)]) { [unowned self] path, call throws(Interrupt) in
            let piece = Raster.Path.roundedRect(try rect(call, 0), radii: try boxed(call, 1, CornerRadii.self, "RectangleCornerRadii"),
                                                style: try boxed(call, 2, CornerStyle.self, "a RoundedCornerStyle"))
            try self.append(piece, to: &path, call, transformAt: 3)
        }
        mutate("addPath", [NativeParameter(nil, .named("Path")), NativeParameter("transform", .named("CGAffineTransform"), default: .nilValue)]) { [unowned self] path, call throws(Interrupt) in
            try self.append(try call.native(0, PathBox.self, "a Path").path, to: &path, call, transformAt: 1)
        }
        mutate("closeSubpath", []) { path, _ throws(Interrupt) in if path.currentPoint != nil { path.closeSubpath() } }

        type.method("applying", [NativeParameter(nil, .named("CGAffineTransform"))], result: .named("Path")) { call throws(Interrupt) in
            .native(PathBox(path: try own(call).applying(try call.native(0, AffineBox.self, "a CGAffineTransform").transform)))
        }
        type.method("offsetBy", [NativeParameter("dx", .double), NativeParameter("dy", .double)], result: .named("Path")) { call throws(Interrupt) in
            .native(PathBox(path: try own(call).applying(.translation(x: try call.number(0), y: try call.number(1)))))
        }
        type.method("trimmedPath", [NativeParameter("from", .double), NativeParameter("to", .double)], result: .named("Path")) { call throws(Interrupt) in
            // Cut along the outline flattened within 1/1000 of a point.
            .native(PathBox(path: try own(call).trimmed(from: try call.number(0), to: try call.number(1), tolerance: 0.001)))
        }
        type.method("strokedPath", [NativeParameter(nil, .named("StrokeStyle"))], result: .named("Path")) { [unowned self] call throws(Interrupt) in
            // Core Graphics' `copy(strokingWithWidth:…)`: the outline of the stroke, to be filled
            // under the non-zero rule; the curves flattened within 1/1000 of a point.
            let style = try boxed(call, 0, StrokeStyle.self, "a StrokeStyle")
            let flat = try own(call).subpaths(by: .identity, tolerance: 0.001)
            var outline = Raster.Path()
            for polygon in strokePolygons(flat, style: style, scale: 1, tolerance: 0.001) where polygon.count >= 3 {
                outline.move(to: polygon[0])
                for point in polygon.dropFirst() { outline.addLine(to: point) }
                outline.closeSubpath()
            }
            return .native(PathBox(path: outline))
        }
        type.method("path", [NativeParameter("in", .named("CGRect"))], result: .named("Path")) { call throws(Interrupt) in
            .native(PathBox(path: try own(call)))
        }
        type.property("isEmpty", type: .bool) { call throws(Interrupt) in .bool(try own(call).isEmpty) }
        type.property("currentPoint", type: .optional(.named("CGPoint"))) { call throws(Interrupt) in
            guard let p = try own(call).currentPoint else { return .nilValue }
            return .native(CGPointValue(x: p.x, y: p.y))
        }
        type.property("boundingRect", type: .named("CGRect")) { call throws(Interrupt) in
            let r = try own(call).controlPointBounds
            return .native(CGRectValue(x: r.minX, y: r.minY, width: r.width, height: r.height))
        }
        native.add(type)
    }

    /// Appends `piece` to `path`, mapped by the optional transform at argument `index`.
    private func append(_ piece: Raster.Path, to path: inout Raster.Path, _ call: NativeCall, transformAt index: Int) throws(Interrupt) {
        var piece = piece
        if case .native = call[index].dereferenced {
            piece = piece.applying(try call.native(index, AffineBox.self, "a CGAffineTransform").transform)
        }
        // A piece that starts with the current point repeated (arcs) continues the subpath.
        if let first = piece.elements.first, case .move(let p) = first, path.currentPoint == p {
            for element in piece.elements.dropFirst() {
                switch element {
                case let .move(q): path.move(to: q)
                case let .line(q): path.addLine(to: q)
                case let .arc(c, r, s, w): path.addArc(center: c, radius: r, startRadians: s, sweepRadians: w)
                case let .quadCurve(c, q): path.addQuadCurve(to: q, control: c)
                case let .cubicCurve(c1, c2, q): path.addCurve(to: q, control1: c1, control2: c2)
                case .close: path.closeSubpath()
                }
            }
        } else {
            path.append(piece)
        }
    }
}
