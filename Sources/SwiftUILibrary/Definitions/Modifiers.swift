import Motion
import Scene
import SwiftCode

// The view modifiers (members of every `View`) and the shape modifiers (members of `Shape`).

extension SwiftUILibrary {
    // Computed, not stored: a stored `static let` of an indirect enum keeps its box behind a
    // pointer with the enum's case in its spare bits, which LeakSanitizer cannot follow, so the
    // fuzzers' leak checks reported every such constant as a leak (and would have hidden a real
    // one among them). A fresh value per use costs one small allocation.
    static var anyView: ValueType { .named("View") }
    static var action: ValueType { .function(parameters: [], result: .void) }

    func defineModifiers() {
        guard let view = native.protocols["View"], let shape = native.protocols["Shape"] else { return }
        let center = Value.native(Boxed(value: UnitPoint.center, typeName: "UnitPoint"))

        view.method("rotationEffect", [NativeParameter(nil, .named("Angle")), NativeParameter("anchor", .named("UnitPoint"), default: center)],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.rotationEffect(degrees: try degrees(call, 0), anchor: try boxed(call, 1, UnitPoint.self, "a UnitPoint"))))
        }
        view.method("scaleEffect", [NativeParameter(nil, .double), NativeParameter("anchor", .named("UnitPoint"), default: center)],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let scale = try call.number(0)
            return try modified(call, .node(.scaleEffect(x: scale, y: scale, anchor: try boxed(call, 1, UnitPoint.self, "a UnitPoint"))))
        }
        view.method("scaleEffect", [NativeParameter(nil, .named("CGSize")), NativeParameter("anchor", .named("UnitPoint"), default: center)],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let size = try call.native(0, CGSizeValue.self, "a CGSize")
            return try modified(call, .node(.scaleEffect(x: size.width, y: size.height, anchor: try boxed(call, 1, UnitPoint.self, "a UnitPoint"))))
        }
        view.method("scaleEffect", [NativeParameter("x", .double, default: .double(1)), NativeParameter("y", .double, default: .double(1)),
                                    NativeParameter("anchor", .named("UnitPoint"), default: center)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.scaleEffect(x: try call.number(0), y: try call.number(1), anchor: try boxed(call, 2, UnitPoint.self, "a UnitPoint"))))
        }
        view.method("opacity", [NativeParameter(nil, .double)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.opacity(try call.number(0))))
        }
        view.method("offset", [NativeParameter(nil, .named("CGSize"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let size = try call.native(0, CGSizeValue.self, "a CGSize")
            return try modified(call, .node(.offset(x: size.width, y: size.height)))
        }
        view.method("offset", [NativeParameter("x", .double, default: .double(0)), NativeParameter("y", .double, default: .double(0))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.offset(x: try call.number(0), y: try call.number(1))))
        }
        for name in ["foregroundColor", "foregroundStyle", "tint"] {
            view.method(name, [NativeParameter(nil, name == "foregroundColor" ? .optional(.named("Color")) : .named("ShapeStyle"))],
                        result: Self.anyView) { [unowned self] call throws(Interrupt) in
                if case .nilValue = call[0] { return call.receiver ?? .void }
                if name == "foregroundStyle", case let .native(native) = call[0].dereferenced, let gradient = native as? GradientBox {
                    return try modified(call, .node(.foregroundGradient(gradient.paint)))
                }
                if name != "foregroundColor", case let .native(native) = call[0].dereferenced, let material = native as? MaterialBox {
                    guard name == "foregroundStyle", let filled = Self.materialForeground(try receiver(call), material.material, at: call.mark) else {
                        throw call.error("a material as the \(name == "tint" ? "tint" : "foreground style") is drawn here on a shape only, e.g. 'RoundedRectangle(cornerRadius: 10).foregroundStyle(.thinMaterial)' or 'Capsule().fill(.thinMaterial)'", argument: 0)
                    }
                    return .native(filled)
                }
                let color = try self.color(call[0], call, argument: 0)
                return try modified(call, .node(name == "tint" ? .tint(color) : .foregroundStyle(color)))
            }
        }
        // The deprecated `accentColor(_:)`: the accent of the views inside, shown by a control
        // with no tint (`nil` leaves the accent above).
        view.method("accentColor", [NativeParameter(nil, .optional(.named("Color")))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .nilValue = call[0] { return call.receiver ?? .void }
            return try modified(call, .node(.accentColor(try self.color(call[0], call, argument: 0))))
        }
        view.method("font", [NativeParameter(nil, .optional(.named("Font")))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .nilValue = call[0] { return call.receiver ?? .void }
            return try modified(call, .node(.font(try boxed(call, 0, FontValue.self, "a Font"))))
        }
        view.method("fontWeight", [NativeParameter(nil, .optional(.named("Font.Weight")))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            // `nil` removes a weight set higher in the view tree.
            if case .nilValue = call[0] { return try modified(call, .node(.fontWeight(nil))) }
            return try modified(call, .node(.fontWeight(try boxed(call, 0, SymbolWeight.self, "a Font.Weight"))))
        }
        view.method("imageScale", [NativeParameter(nil, .named("Image.Scale"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.imageScale(try boxed(call, 0, SymbolScale.self, "an Image.Scale"))))
        }
        view.method("controlSize", [NativeParameter(nil, .named("ControlSize"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.controlSize(try boxed(call, 0, ControlSize.self, "a ControlSize"))))
        }
        view.method("progressViewStyle", [NativeParameter(nil, .named("ProgressViewStyle"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .instance = call[0].dereferenced { return try customProgressStyle(call) }
            // An indeterminate ProgressView is the circular spinner on iOS (`.automatic`,
            // `.circular`); `CircularProgressViewStyle(tint:)` tints it as `.tint(_:)` does.
            let style = try boxed(call, 0, ProgressStyleChoice.self, "a progress view style")
            let receiver = try self.receiver(call)
            let kept: Scene.ProgressStyle = style == .linear ? .linear : style == .automatic ? .automatic : .circular
            switch receiver {
            case let .progress(fraction, label, _):
                let styled = ViewDescription.progress(fraction: fraction, label: label, style: kept)
                if case let .circular(tint?) = style { return .native(ViewDescription.modified(styled, .node(.tint(tint)))) }
                return .native(styled)
            case .leaf(.progressView, _) where style == .linear:
                return .native(ViewDescription.progress(fraction: nil, label: nil, style: .linear))
            default:
                if case let .circular(tint?) = style { return try modified(call, .node(.tint(tint))) }
                return call.receiver ?? .void
            }
        }
        view.method("frame", [NativeParameter("width", .optional(.double), default: .nilValue), NativeParameter("height", .optional(.double), default: .nilValue),
                              NativeParameter("alignment", .named("Alignment"), default: .native(Boxed(value: Alignment.center, typeName: "Alignment")))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            func length(_ index: Int, _ name: String) throws(Interrupt) -> Double? {
                if case .nilValue = call[index].dereferenced { return nil }
                return try number(call, index, in: 0...100_000, name)
            }
            return try modified(call, .node(.frame(width: try length(0, "width"), height: try length(1, "height"),
                                                   alignment: try boxed(call, 2, Alignment.self, "an Alignment"))))
        }
        // padding(), padding(_ length:), padding(_ edges:, _ length:); SwiftUI's default is 16 pt.
        view.method("padding", [NativeParameter(nil, .optional(.double), default: .nilValue)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let length = try padding(call, 0)
            return try modified(call, .node(.padding(EdgeInsets(all: length))))
        }
        view.method("padding", [NativeParameter(nil, .named("Edge.Set")), NativeParameter(nil, .optional(.double), default: .nilValue)],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let edges = try edgeSet(call, 0)
            return try modified(call, .node(.padding(edges.insets(try padding(call, 1)))))
        }
        view.method("padding", [NativeParameter(nil, .named("EdgeInsets"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.padding(try boxed(call, 0, EdgeInsets.self, "EdgeInsets"))))
        }
        view.method("border", [NativeParameter(nil, .named("ShapeStyle")), NativeParameter("width", .double, default: .double(1))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.border(try color(call[0], call, argument: 0), width: try number(call, 1, in: 0...100_000, "width"))))
        }
        view.method("animation", [NativeParameter(nil, .optional(.named("Animation")))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .animation(try animation(call, 0), value: nil))
        }
        view.method("animation", [NativeParameter(nil, .optional(.named("Animation"))), NativeParameter("value", .any)],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .animation(try animation(call, 0), value: call[1].dereferenced))
        }
        view.method("transaction", [NativeParameter(nil, .function(parameters: [.named("Transaction")], result: .void))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .function(body) = call[0] else { throw call.error("'transaction' takes a closure: '.transaction { $0.animation = nil }'") }
            return try modified(call, .transaction(body, at: call.argumentLocations[0]))
        }
        view.method("onAppear", [NativeParameter("perform", .optional(Self.action), default: .nilValue)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .function(action) = call[0] else { return call.receiver ?? .void }
            return try modified(call, .onAppear(action))
        }
        view.method("onDisappear", [NativeParameter("perform", .optional(Self.action), default: .nilValue)], result: Self.anyView) { call throws(Interrupt) in
            call.receiver ?? .void
        }
        view.method("onReceive", [NativeParameter(nil, .named("Publisher")), NativeParameter("perform", .function(parameters: [.any], result: .void))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let publisher: PublisherValue
            if case let .native(native) = call[0].dereferenced, let subject = native as? SubjectValue {
                publisher = PublisherValue(intervalSeconds: 0, isConnected: true, subject: subject)
            } else {
                publisher = try call.native(0, PublisherValue.self, "a publisher such as 'Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()'")
            }
            guard case let .function(action) = call[1] else { throw call.error("'onReceive' takes its action in a closure") }
            return try modified(call, .onReceive(publisher, action))
        }
        view.method("task", [NativeParameter("priority", .any, default: .nilValue), NativeParameter(nil, .function(parameters: [], result: .void))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .function(action) = call[1] else { throw call.error("'task' takes its work in a closure") }
            return try modified(call, .task(action))
        }
        view.method("environment", [NativeParameter(nil, .any), NativeParameter(nil, .named("ColorScheme"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .native(native) = call[0].dereferenced, let keyPath = native as? KeyPathValue,
                  keyPath.components.filter({ $0 != "self" }) == ["colorScheme"] else {
                throw call.error("only 'environment(\\.colorScheme, …)' is supported among environment values", argument: 0)
            }
            let scheme = try boxed(call, 1, String.self, "a ColorScheme")
            return try modified(call, .node(.environment(.colorScheme(scheme == "dark" ? .dark : .light))))
        }
        // The layout direction every render uses is left to right (`@Environment(\.layoutDirection)`
        // reads `.leftToRight`): saying so changes nothing; mirroring the layout is not modelled.
        view.method("environment", [NativeParameter(nil, .any), NativeParameter(nil, .named("LayoutDirection"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .native(native) = call[0].dereferenced, let keyPath = native as? KeyPathValue,
                  keyPath.components.filter({ $0 != "self" }) == ["layoutDirection"] else {
                throw call.error("only 'environment(\\.layoutDirection, …)' takes a LayoutDirection", argument: 0)
            }
            guard try boxed(call, 1, String.self, "a LayoutDirection") == "leftToRight" else {
                throw call.error("'environment(\\.layoutDirection, .rightToLeft)' is not supported: spinrender lays views out left to right", argument: 1)
            }
            return call.receiver ?? .void
        }
        // Tried last: any other key path, named in the error rather than blamed on its value.
        view.method("environment", [NativeParameter(nil, .any), NativeParameter(nil, .any)], result: Self.anyView) { call throws(Interrupt) in
            var name = "that key path"
            if case let .native(native) = call[0].dereferenced, let keyPath = native as? KeyPathValue {
                name = "'\\." + keyPath.components.filter { $0 != "self" }.joined(separator: ".") + "'"
            }
            throw call.error("environment value \(name) is not supported; supported: 'environment(\\.colorScheme, …)', 'environment(\\.layoutDirection, .leftToRight)'", argument: 0)
        }
        view.method("modifier", [NativeParameter(nil, .named("ViewModifier"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case .instance = call[0].dereferenced else {
                throw call.error("'modifier' takes a ViewModifier struct of the file's own", argument: 0)
            }
            return try modified(call, .custom(call[0].dereferenced, at: call.location))
        }
        // Modifiers that change nothing a spinner's picture shows on a single preview.
        // `id(_:)`: the view's identity is its place and this value, so a new value makes a new
        // view (its state starts afresh, and it is inserted and the old one removed, with their
        // transitions): an identity of the branch kind, numbered by the value's text.
        view.method("id", [NativeParameter(nil, .any)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a: the same number on every run
            for byte in call[0].dereferenced.text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return .native(ViewDescription.branch(Int(truncatingIfNeeded: hash >> 1), try receiver(call)))
        }
        for name in ["accessibilityLabel", "accessibilityHidden", "accessibilityElement", "accessibilityIdentifier",
                     "allowsHitTesting", "contentShape", "onTapGesture", "disabled", "navigationTitle",
                     "environmentObject",
                     // Gestures: nothing touches a render, so their actions never run.
                     "gesture", "simultaneousGesture", "highPriorityGesture", "onLongPressGesture"] {
            view.method(name, [NativeParameter(nil, .any, variadic: true)], result: Self.anyView) { call throws(Interrupt) in call.receiver ?? .void }
            if case let .functions(functions)? = view.instanceMembers[name] { functions[0].takesArgumentsAsWritten = true }
        }

        defineSafeArea(view)
        defineShapeModifiers(shape)

        // The gestures a `gesture(_:)` takes, with their callbacks; never performed in a render.
        for name in ["DragGesture", "TapGesture", "LongPressGesture", "MagnificationGesture", "MagnifyGesture", "RotationGesture",
                     "RotateGesture", "SpatialTapGesture"] {
            let gesture = NativeType(name, protocols: ["Gesture"], summary: "`\(name)(…)`: accepted; nothing performs it in a render.")
            gesture.initializer([NativeParameter(nil, .any, variadic: true)]) { call throws(Interrupt) in
                .native(Boxed(value: name, typeName: name))
            }
            if !gesture.initializers.isEmpty { gesture.initializers[0].takesArgumentsAsWritten = true }
            for method in ["onChanged", "onEnded", "updating", "sequenced", "simultaneously", "exclusively"] {
                gesture.method(method, [NativeParameter(nil, .any, variadic: true)], result: .named(name)) { call throws(Interrupt) in call.receiver ?? .void }
                if case let .functions(functions)? = gesture.instanceMembers[method] { functions[0].takesArgumentsAsWritten = true }
            }
            native.add(gesture)
        }
    }

    private func animation(_ call: NativeCall, _ index: Int) throws(Interrupt) -> Animation? {
        if case .nilValue = call[index].dereferenced { return nil }
        return try call.native(index, AnimationBox.self, "an Animation").animation
    }

    /// `SafeAreaRegions` and `ignoresSafeArea(_:edges:)`, `edgesIgnoringSafeArea(_:)`: a render
    /// has no status bar or home indicator to keep clear of, so the view is drawn as it is; the
    /// arguments are checked for their types (`.all`, `.container`, `[.top, .bottom]`).
    private func defineSafeArea(_ view: NativeType) {
        let regions = NativeType("SafeAreaRegions", protocols: ["OptionSet"],
                                 summary: "`.all`, `.container`, `.keyboard`: the safe areas a view may ignore.")
        for (name, value) in [("all", 7), ("container", 1), ("keyboard", 2)] {
            regions.constant(name, .native(Boxed(value: value, typeName: "SafeAreaRegions")))
        }
        native.add(regions)
        let allRegions = Value.native(Boxed(value: 7, typeName: "SafeAreaRegions"))
        let allEdges = Value.native(Boxed(value: EdgeSet.all, typeName: "Edge.Set"))
        view.method("ignoresSafeArea", [NativeParameter(nil, .named("SafeAreaRegions"), default: allRegions),
                                        NativeParameter("edges", .named("Edge.Set"), default: allEdges)],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            _ = try edgeSet(call, 1)
            return call.receiver ?? .void
        }
        view.method("edgesIgnoringSafeArea", [NativeParameter(nil, .named("Edge.Set"))], result: Self.anyView) {
            [unowned self] call throws(Interrupt) in
            _ = try edgeSet(call, 0)
            return call.receiver ?? .void
        }
    }

    private func padding(_ call: NativeCall, _ index: Int) throws(Interrupt) -> Double {
        if case .nilValue = call[index].dereferenced { return 16 }
        // Negative padding draws the view past its frame (SwiftUI takes it, as it takes
        // negative `EdgeInsets`): a shimmer band wider than the view it sweeps.
        return try number(call, index, in: -100_000...100_000, "length")
    }

    /// An `Edge.Set`, or an array of them (`[.top, .leading]`).
    func edgeSet(_ call: NativeCall, _ index: Int) throws(Interrupt) -> EdgeSet {
        if case let .array(items) = call[index].dereferenced {
            var edges: EdgeSet = []
            for item in items {
                guard case let .native(native) = item, let box = native as? Boxed<EdgeSet> else {
                    throw call.error("expected an Edge.Set", argument: index)
                }
                edges.formUnion(box.value)
            }
            return edges
        }
        return try boxed(call, index, EdgeSet.self, "an Edge.Set")
    }

    private func defineShapeModifiers(_ shape: NativeType) {
        // Captures the library unowned, as every definition does: a local function would hold it
        // strongly, and the library holds the definitions that call this one, so it would never
        // be freed.
        let bare = { [unowned self] (call: NativeCall, name: String) throws(Interrupt) -> ShapeView in
            // A built-in shape, the usual receiver, first: it reads nothing of the library, so the
            // library is not taken from its unowned reference at every fill and stroke.
            if case let .native(native)? = call.receiver, let view = native.exactly(ViewDescription.self), case let .shape(shape, painted) = view, !painted {
                return shape
            }
            if let receiver = call.receiver {
                if isUserShape(receiver) { return try userShape(receiver, evaluator: call.evaluator, at: call.location) }
                if case let .native(native) = receiver.dereferenced, native is PathBox,
                   case let .shape(shape, false) = try view(receiver, at: call.location) {
                    return shape
                }
            }
            throw call.error("'\(name)' is only available on a shape (Circle, Rectangle, a Path, a Shape of the file's own …) before fill and stroke")
        }
        func reshaped(_ shape: ShapeView) -> Value { .native(ViewDescription.shape(shape, painted: false)) }
        let center = Value.native(Boxed(value: UnitPoint.center, typeName: "UnitPoint"))
        shape.method("trim", [NativeParameter("from", .double, default: .double(0)), NativeParameter("to", .double, default: .double(1))],
                     result: .named("Shape")) { call throws(Interrupt) in
            var shape = try bare(call, "trim")
            // Kept as written: SwiftUI animates the trim's ends unclamped (`trim(from: 0, to: 1.4)`
            // reaches the end two thirds of the way through) and clamps them when it draws.
            let from = try call.number(0), to = try call.number(1)
            // A trim of a trimmed outline keeps that part of the part already kept.
            let span = shape.trimTo - shape.trimFrom
            (shape.trimFrom, shape.trimTo) = (shape.trimFrom + from * span, shape.trimFrom + to * span)
            return reshaped(shape)
        }
        shape.method("inset", [NativeParameter("by", .double)], result: .named("Shape")) { call throws(Interrupt) in
            var shape = try bare(call, "inset")
            shape.transforms.append(.inset(try call.number(0)))
            return reshaped(shape)
        }
        shape.method("scale", [NativeParameter(nil, .double), NativeParameter("anchor", .named("UnitPoint"), default: center)],
                     result: .named("Shape")) { [unowned self] call throws(Interrupt) in
            var shape = try bare(call, "scale")
            let factor = try call.number(0)
            shape.transforms.append(.scale(x: factor, y: factor, anchor: try boxed(call, 1, UnitPoint.self, "a UnitPoint")))
            return reshaped(shape)
        }
        shape.method("scale", [NativeParameter("x", .double, default: .double(1)), NativeParameter("y", .double, default: .double(1)),
                               NativeParameter("anchor", .named("UnitPoint"), default: center)], result: .named("Shape")) { [unowned self] call throws(Interrupt) in
            var shape = try bare(call, "scale")
            shape.transforms.append(.scale(x: try call.number(0), y: try call.number(1), anchor: try boxed(call, 2, UnitPoint.self, "a UnitPoint")))
            return reshaped(shape)
        }
        shape.method("rotation", [NativeParameter(nil, .named("Angle")), NativeParameter("anchor", .named("UnitPoint"), default: center)],
                     result: .named("Shape")) { [unowned self] call throws(Interrupt) in
            var shape = try bare(call, "rotation")
            shape.transforms.append(.rotation(degrees: try degrees(call, 0), anchor: try boxed(call, 1, UnitPoint.self, "a UnitPoint")))
            return reshaped(shape)
        }
        shape.method("offset", [NativeParameter(nil, .named("CGSize"))], result: .named("Shape")) { call throws(Interrupt) in
            var shape = try bare(call, "offset")
            let size = try call.native(0, CGSizeValue.self, "a CGSize")
            shape.transforms.append(.offset(x: size.width, y: size.height))
            return reshaped(shape)
        }
        shape.method("offset", [NativeParameter("x", .double, default: .double(0)), NativeParameter("y", .double, default: .double(0))],
                     result: .named("Shape")) { call throws(Interrupt) in
            var shape = try bare(call, "offset")
            shape.transforms.append(.offset(x: try call.number(0), y: try call.number(1)))
            return reshaped(shape)
        }
        shape.method("fill", [NativeParameter(nil, .named("ShapeStyle"), default: .nilValue), NativeParameter("style", .any, default: .nilValue)],
                     result: Self.anyView) { [unowned self] call throws(Interrupt) in
            var shape = try bare(call, "fill")
            if case .nilValue = call[1].dereferenced {} else {
                shape.fillRule = try call.native(1, FillStyleBox.self, "a FillStyle").rule
            }
            // `Rectangle().fill(.ultraThinMaterial)`: the shape is the material's coverage.
            if case let .native(native) = call[0].dereferenced, let material = native as? MaterialBox {
                return .native(Self.material(material.material, filling: shape, at: call.mark))
            }
            let (colour, gradient) = try shapeStyle(call, 0)
            shape.paint = .fill(colour)
            shape.gradient = gradient
            return .native(ViewDescription.shape(shape, painted: true))
        }
        for name in ["stroke", "strokeBorder"] {
            shape.method(name, [NativeParameter(nil, .named("ShapeStyle"), default: .nilValue), NativeParameter("lineWidth", .double, default: .nilValue),
                                NativeParameter("style", .named("StrokeStyle"), default: .nilValue),
                                NativeParameter("antialiased", .bool, default: .bool(true))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
                var shape = try bare(call, name)
                let (colour, gradient) = try shapeStyle(call, 0)
                var style = StrokeStyle()
                if case .nilValue = call[2] {} else { style = try boxed(call, 2, StrokeStyle.self, "a StrokeStyle") }
                if case .nilValue = call[1] {} else { style.lineWidth = try number(call, 1, in: 0...10_000, "lineWidth") }
                shape.gradient = gradient
                shape.paint = .stroke(colour, style)
                shape.strokesInside = name == "strokeBorder"
                return .native(ViewDescription.shape(shape, painted: true))
            }
        }
    }

    /// `Circle().stroke(style: …).fill(gradient)`: since iOS 17 `stroke(lineWidth:)` and
    /// `stroke(style:)` without a style make a shape (the stroke's outline), which `fill(_:)`
    /// paints; the stroke is drawn in the style filled in.
    func defineStrokedShapeFill() {
        guard let shapeView = native.types["_ShapeView"] else { return }
        shapeView.method("fill", [NativeParameter(nil, .named("ShapeStyle"), default: .nilValue), NativeParameter("style", .any, default: .nilValue)],
                         result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .native(description as ViewDescription)? = call.receiver?.dereferenced,
                  case .shape(var shape, painted: true) = description, case let .stroke(nil, style) = shape.paint, shape.gradient == nil else {
                throw call.error("'fill' applies to a shape, or to a stroke made without a style (stroke(lineWidth:) or stroke(style:)), not to a painted view")
            }
            let (colour, gradient) = try shapeStyle(call, 0)
            shape.paint = .stroke(colour, style)
            shape.gradient = gradient
            return .native(ViewDescription.shape(shape, painted: true))
        }
    }

    /// A shape style argument: a colour, a gradient, or nothing (the foreground style).
    func shapeStyle(_ call: NativeCall, _ index: Int) throws(Interrupt) -> (ColorValue?, GradientPaint?) {
        let value = call[index].dereferenced
        if case .nilValue = value { return (nil, nil) }
        if case let .native(native) = value, let gradient = native.exactly(GradientBox.self) { return (nil, gradient.paint) }
        return (try color(value, call, argument: index), nil)
    }
}

/// `Edge.Set`.
struct EdgeSet: OptionSet, Equatable {
    let rawValue: Int
    static let top = EdgeSet(rawValue: 1)
    static let leading = EdgeSet(rawValue: 2)
    static let bottom = EdgeSet(rawValue: 4)
    static let trailing = EdgeSet(rawValue: 8)
    static let horizontal: EdgeSet = [.leading, .trailing]
    static let vertical: EdgeSet = [.top, .bottom]
    static let all: EdgeSet = [.top, .leading, .bottom, .trailing]

    func insets(_ length: Double) -> EdgeInsets {
        EdgeInsets(top: contains(.top) ? length : 0, leading: contains(.leading) ? length : 0,
                   bottom: contains(.bottom) ? length : 0, trailing: contains(.trailing) ? length : 0)
    }
}

/// `.circular`, `.automatic`, `CircularProgressViewStyle(tint:)`, `.linear`.
enum ProgressStyleChoice: Equatable {
    case circular(ColorValue?)
    case linear
    case automatic
}
