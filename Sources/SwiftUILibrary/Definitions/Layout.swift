import Motion
import Scene
import SwiftCode

// Layout containers: `Spacer`, `GeometryReader` and its proxy, `LazyVStack`/`LazyHStack` (drawn
// as their eager stacks: every view of a loader is on screen, so nothing is left unmade),
// `ScrollView` at rest, `ViewThatFits`.
//
// SwiftUI lays views out in three steps: the parent proposes a size, the child chooses its own
// size, the parent places it (Apple, the `Layout` protocol: `sizeThatFits(proposal:subviews:
// cache:)`, then `placeSubviews(in:proposal:subviews:cache:)`; WWDC22 "Compose custom layouts
// with SwiftUI"). The engine's `EngineLayout` does the three steps; these are the views'
// definitions.

extension SwiftUILibrary {
    func defineLayout() {
        let spacer = NativeType("Spacer", protocols: ["View"],
                                summary: "`Spacer(minLength:)`: takes the space a stack has left along its axis (both axes outside a stack).")
        spacer.initializer([NativeParameter("minLength", .optional(.double), default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            var length: Double?
            if case .nilValue = call[0].dereferenced {} else { length = try number(call, 0, in: 0...100_000, "minLength") }
            return .native(ViewDescription.leaf(.spacer(minLength: length), typeName: "Spacer"))
        }
        native.add(spacer)

        let reader = NativeType("GeometryReader", protocols: ["View"],
                                summary: "`GeometryReader { proxy in … }`: takes the size offered; its content is made for that size (`proxy.size`, `proxy.frame(in: .local)`) and placed from the top-leading corner.")
        reader.initializer([NativeParameter("content", .function(parameters: [.named("GeometryProxy")], result: .named("View")), builder: "ViewBuilder")]) { call throws(Interrupt) in
            guard case let .function(content) = call[0] else {
                throw call.error("'GeometryReader' takes its content in braces: 'GeometryReader { proxy in … }'")
            }
            return .native(ViewDescription.geometryReader(content: content, at: call.location))
        }
        native.add(reader)

        let proxy = NativeType("GeometryProxy", summary: "What a `GeometryReader` hands its content: `size`, `frame(in: .local)`, `safeAreaInsets`.")
        proxy.property("size", type: .named("CGSize")) { call throws(Interrupt) in
            let value = try geometry(call)
            return .native(CGSizeValue(width: value.width, height: value.height))
        }
        proxy.property("safeAreaInsets", type: .named("EdgeInsets")) { call throws(Interrupt) in
            _ = try geometry(call)
            // The root is laid out as if it ignored the safe area (``SceneConfiguration/defaultProposal``).
            return .native(Boxed(value: EdgeInsets(all: 0), typeName: "EdgeInsets"))
        }
        proxy.method("frame", [NativeParameter("in", .named("CoordinateSpace"))], result: .named("CGRect")) { call throws(Interrupt) in
            let value = try geometry(call)
            guard case let .native(native) = call[0].dereferenced, let space = native as? Boxed<CoordinateSpaceName>, space.value == .local else {
                throw call.error("only 'frame(in: .local)' is supported here: the reader's place on the screen is not known when its content is made", argument: 0)
            }
            return .native(CGRectValue(x: 0, y: 0, width: value.width, height: value.height))
        }
        native.add(proxy)

        let space = NativeType("CoordinateSpace", summary: "`.local`, `.global`, `.named(_:)`.")
        space.constant("local", .native(Boxed(value: CoordinateSpaceName.local, typeName: "CoordinateSpace")))
        space.constant("global", .native(Boxed(value: CoordinateSpaceName.global, typeName: "CoordinateSpace")))
        space.staticMethod("named", [NativeParameter(nil, .any)]) { call throws(Interrupt) in
            .native(Boxed(value: CoordinateSpaceName.named(call[0].text), typeName: "CoordinateSpace"))
        }
        native.add(space)

        // The lazy stacks make their views as they scroll into sight; a loader's views are all
        // in sight, so they are the eager stacks (Apple, `LazyVStack`: "The stack is 'lazy,'
        // in that the stack view doesn't create items until it needs to render them onscreen").
        for (name, axis) in [("LazyVStack", StackAxis.vertical), ("LazyHStack", .horizontal)] {
            let stack = NativeType(name, protocols: ["View"], summary: "`\(name)(alignment:spacing:pinnedViews:) { … }`: drawn as its eager stack.")
            let alignmentType: ValueType = axis == .vertical ? .named("HorizontalAlignment") : .named("VerticalAlignment")
            let parameters = [NativeParameter("alignment", alignmentType, default: .native(Boxed(value: Alignment.center, typeName: "Alignment"))),
                              NativeParameter("spacing", .optional(.double), default: .nilValue),
                              NativeParameter("pinnedViews", .any, default: .nilValue),
                              NativeParameter("content", Self.builderClosure, builder: "ViewBuilder")]
            stack.initializer(parameters) { [unowned self] call throws(Interrupt) in
                let alignment = try boxed(call, 0, Alignment.self, "an alignment")
                var spacing: Double?
                if case .nilValue = call[1].dereferenced {} else { spacing = try number(call, 1, in: -10_000...10_000, "spacing") }
                let content = try view(try call.call(3, []), at: call.location)
                return .native(ViewDescription.stack(axis, alignment: alignment, spacing: spacing, content: content))
            }
            native.add(stack)
        }

        let grid = NativeType("Grid", protocols: ["View"],
                              summary: "`Grid(alignment:horizontalSpacing:verticalSpacing:) { GridRow { … } … }`: columns as wide as their widest cell, rows as tall as their tallest.")
        grid.initializer([NativeParameter("alignment", .named("Alignment"), default: .native(Boxed(value: Alignment.center, typeName: "Alignment"))),
                          NativeParameter("horizontalSpacing", .optional(.double), default: .nilValue),
                          NativeParameter("verticalSpacing", .optional(.double), default: .nilValue),
                          NativeParameter("content", Self.builderClosure, builder: "ViewBuilder")]) { [unowned self] call throws(Interrupt) in
            func spacing(_ index: Int, _ name: String) throws(Interrupt) -> Double? {
                if case .nilValue = call[index].dereferenced { return nil }
                return try number(call, index, in: -10_000...10_000, name)
            }
            return .native(ViewDescription.grid(alignment: try boxed(call, 0, Alignment.self, "an Alignment"),
                                                horizontalSpacing: try spacing(1, "horizontalSpacing"),
                                                verticalSpacing: try spacing(2, "verticalSpacing"),
                                                content: try view(try call.call(3, []), at: call.location)))
        }
        native.add(grid)
        let row = NativeType("GridRow", protocols: ["View"], summary: "`GridRow(alignment:) { … }`: one row of a `Grid`, a cell per view.")
        row.initializer([NativeParameter("alignment", .optional(.named("VerticalAlignment")), default: .nilValue),
                         NativeParameter("content", Self.builderClosure, builder: "ViewBuilder")]) { [unowned self] call throws(Interrupt) in
            var alignment: Alignment?
            if case .nilValue = call[0].dereferenced {} else { alignment = try boxed(call, 0, Alignment.self, "a VerticalAlignment") }
            return .native(ViewDescription.gridRow(alignment: alignment, content: try view(try call.call(1, []), at: call.location)))
        }
        native.add(row)
        defineLazyGrids()
        defineScrollView()

        let contentMode = NativeType("ContentMode", summary: "`.fit`, `.fill`.")
        contentMode.constant("fit", .native(Boxed(value: false, typeName: "ContentMode")))
        contentMode.constant("fill", .native(Boxed(value: true, typeName: "ContentMode")))
        native.add(contentMode)

        if let view = native.protocols["View"] { defineLayoutModifiers(view) }
    }

    /// `GridItem`, its `Size`, and `LazyVGrid(columns:alignment:spacing:pinnedViews:content:)`,
    /// drawn as its eager layout (every cell made, as a render shows them all).
    private func defineLazyGrids() {
        func length(_ call: NativeCall, _ index: Int, _ name: String, infinite: Bool = false) throws(Interrupt) -> Double {
            if infinite, case let .double(value) = call[index].dereferenced, value == .infinity { return value }
            let value = try call.number(index)
            guard value >= 0, value <= 100_000 else {
                throw call.error("'\(name)' must be between 0 and 100000\(infinite ? ", or .infinity" : "")", argument: index)
            }
            return value
        }
        func sizeValue(_ size: GridItemSpec.Size) -> Value { .native(Boxed(value: size, typeName: "GridItem.Size")) }
        let size = NativeType("Size", summary: "`GridItem.Size`: `.fixed(_:)`, `.flexible(minimum:maximum:)`, `.adaptive(minimum:maximum:)`.")
        size.staticMethod("fixed", [NativeParameter(nil, .double)]) { call throws(Interrupt) in sizeValue(.fixed(try length(call, 0, "size"))) }
        size.staticMethod("flexible", [NativeParameter("minimum", .double, default: .double(10)),
                                       NativeParameter("maximum", .double, default: .double(.infinity))]) { call throws(Interrupt) in
            let minimum = try length(call, 0, "minimum"), maximum = try length(call, 1, "maximum", infinite: true)
            guard minimum <= maximum else { throw call.error("'minimum' must not be greater than 'maximum'", argument: 0) }
            return sizeValue(.flexible(minimum: minimum, maximum: maximum))
        }
        size.staticMethod("adaptive", [NativeParameter("minimum", .double), NativeParameter("maximum", .double, default: .double(.infinity))]) {
            call throws(Interrupt) in
            let minimum = try length(call, 0, "minimum"), maximum = try length(call, 1, "maximum", infinite: true)
            guard minimum > 0 else { throw call.error("an adaptive column's 'minimum' must be greater than 0", argument: 0) }
            guard minimum <= maximum else { throw call.error("'minimum' must not be greater than 'maximum'", argument: 0) }
            return sizeValue(.adaptive(minimum: minimum, maximum: maximum))
        }
        let item = NativeType("GridItem", summary: "`GridItem(_:spacing:alignment:)`: a column of a `LazyVGrid`.")
        item.nested(size)
        native.types["GridItem.Size"] = size
        item.initializer([NativeParameter(nil, .named("GridItem.Size"), default: sizeValue(.flexible(minimum: 10, maximum: .infinity))),
                          NativeParameter("spacing", .optional(.double), default: .nilValue),
                          NativeParameter("alignment", .optional(.named("Alignment")), default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            var spacing: Double?
            if case .nilValue = call[1].dereferenced {} else { spacing = try number(call, 1, in: -10_000...10_000, "spacing") }
            var alignment: Alignment?
            if case .nilValue = call[2].dereferenced {} else { alignment = try boxed(call, 2, Alignment.self, "an Alignment") }
            return .native(Boxed(value: GridItemSpec(size: try boxed(call, 0, GridItemSpec.Size.self, "a GridItem.Size"), spacing: spacing,
                                                     alignment: alignment), typeName: "GridItem"))
        }
        native.add(item)

        let grid = NativeType("LazyVGrid", protocols: ["View"],
                              summary: "`LazyVGrid(columns:alignment:spacing:pinnedViews:) { … }`: cells filling the columns row by row, drawn eagerly.")
        grid.initializer([NativeParameter("columns", .array(.named("GridItem"))),
                          NativeParameter("alignment", .named("HorizontalAlignment"), default: .native(Boxed(value: Alignment.center, typeName: "Alignment"))),
                          NativeParameter("spacing", .optional(.double), default: .nilValue),
                          NativeParameter("pinnedViews", .any, default: .nilValue),
                          NativeParameter("content", Self.builderClosure, builder: "ViewBuilder")]) { [unowned self] call throws(Interrupt) in
            guard case let .array(elements) = call[0].dereferenced else { throw call.error("expected an array of GridItem", argument: 0) }
            var columns: [GridItemSpec] = []
            for element in elements {
                guard case let .native(native) = element.dereferenced, let box = native as? Boxed<GridItemSpec> else {
                    throw call.error("expected an array of GridItem, not one holding a value of type '\(element.typeName)'", argument: 0)
                }
                columns.append(box.value)
            }
            guard !columns.isEmpty, columns.count <= 100 else { throw call.error("a LazyVGrid takes 1 to 100 columns", argument: 0) }
            var spacing: Double?
            if case .nilValue = call[2].dereferenced {} else { spacing = try number(call, 2, in: -10_000...10_000, "spacing") }
            return .native(ViewDescription.lazyVGrid(columns: columns, alignment: try boxed(call, 1, Alignment.self, "a HorizontalAlignment"),
                                                     spacing: spacing, content: try view(try call.call(4, []), at: call.location)))
        }
        native.add(grid)
    }

    /// `Axis` and `Axis.Set`, `ScrollView(_:showsIndicators:content:)` at rest, and
    /// `ViewThatFits(in:content:)` (its choice is the layout's, ``Scene/StackAxis/fitting(_:)``).
    ///
    /// A scroll view takes the space it is offered and proposes its content that size but
    /// none along the axes it scrolls (the content takes its ideal length there), places it at
    /// the start of those axes (top, leading) and centred across them, and clips it to its
    /// bounds; at rest it shows no scroll indicators (iOS shows them only while scrolling). That
    /// is `content.fixedSize(horizontal:vertical:)` in `frame(minWidth: 0, maxWidth: .infinity,
    /// minHeight: 0, maxHeight: .infinity)` (exactly the size offered, however large the content),
    /// aligned to the start, `.clipped()`: SwiftUI's `ScrollView` documentation ("The scroll view displays
    /// its content within the scrollable content region").
    private func defineScrollView() {
        let axis = NativeType("Axis", summary: "`.horizontal`, `.vertical`; `Axis.Set` a set of them.")
        let set = axis.nested(NativeType("Set", protocols: ["OptionSet"], summary: "`Axis.Set`: `.horizontal`, `.vertical`."))
        for (name, value) in [("horizontal", 1), ("vertical", 2)] {
            axis.constant(name, .native(Boxed(value: value, typeName: "Axis.Set")))
            set.constant(name, .native(Boxed(value: value, typeName: "Axis.Set")))
        }
        native.add(axis)
        native.types["Axis.Set"] = set

        let scroll = NativeType("ScrollView", protocols: ["View"],
                                summary: "`ScrollView(_:showsIndicators:) { … }` at rest: the content from the start of its scrolling axes, clipped to the space offered.")
        scroll.initializer([NativeParameter(nil, .named("Axis.Set"), default: .native(Boxed(value: 2, typeName: "Axis.Set"))),
                            NativeParameter("showsIndicators", .bool, default: .bool(true)),
                            NativeParameter("content", Self.builderClosure, builder: "ViewBuilder")]) { [unowned self] call throws(Interrupt) in
            let axes = try axisSet(call, 0)
            let horizontal = axes.contains(.horizontal), vertical = axes.contains(.vertical)
            let content = try view(try call.call(2, []), at: call.location)
            let start = Alignment(horizontal: horizontal ? 0 : 0.5, vertical: vertical ? 0 : 0.5)
            let sized = ViewDescription.modified(content, .node(.layout(.fixedSize(horizontal: horizontal, vertical: vertical))))
            let framed = ViewDescription.modified(sized, .node(.layout(.flexibleFrame(FlexibleFrame(minWidth: 0, maxWidth: .infinity, minHeight: 0,
                                                                                                      maxHeight: .infinity, alignment: start)))))
            return .native(ViewDescription.modified(framed, .mask(Self.opaque(ShapeView(kind: .rectangle)), alignment: .center)))
        }
        native.add(scroll)

        let fits = NativeType("ViewThatFits", protocols: ["View"],
                              summary: "`ViewThatFits(in:) { … }`: the first of its views whose ideal size fits the space offered along the axes (both by default), else the last.")
        fits.initializer([NativeParameter("in", .named("Axis.Set"), default: .native(Boxed(value: 3, typeName: "Axis.Set"))),
                          NativeParameter("content", Self.builderClosure, builder: "ViewBuilder")]) { [unowned self] call throws(Interrupt) in
            let axes = try axisSet(call, 0)
            let content = try view(try call.call(1, []), at: call.location)
            return .native(ViewDescription.stack(.fitting(axes), alignment: .center, spacing: nil, content: content))
        }
        native.add(fits)
    }

    /// Argument `index` as an `Axis.Set`: one axis, or an array literal of them (`[]`,
    /// `[.horizontal, .vertical]`).
    private func axisSet(_ call: NativeCall, _ index: Int) throws(Interrupt) -> AxisSet {
        guard case let .array(items) = call[index].dereferenced else {
            return AxisSet(rawValue: try boxed(call, index, Int.self, "an Axis.Set"))
        }
        var axes = AxisSet()
        for item in items {
            guard case let .native(native) = item.dereferenced, let box = native as? Boxed<Int> else {
                throw call.error("expected an Axis.Set", argument: index)
            }
            axes.insert(AxisSet(rawValue: box.value))
        }
        return axes
    }

    private func defineLayoutModifiers(_ view: NativeType) {
        let center = Value.native(Boxed(value: Alignment.center, typeName: "Alignment"))
        let optionalLength = { (label: String) in NativeParameter(label, .optional(.double), default: .nilValue) }
        view.method("frame", [optionalLength("minWidth"), optionalLength("idealWidth"), optionalLength("maxWidth"),
                              optionalLength("minHeight"), optionalLength("idealHeight"), optionalLength("maxHeight"),
                              NativeParameter("alignment", .named("Alignment"), default: center)],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let names = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
            var bounds: [Double?] = []
            for (index, name) in names.enumerated() {
                if case .nilValue = call[index].dereferenced {
                    bounds.append(nil)
                    continue
                }
                // A maximum may be `.infinity` (take all that is offered); the others are lengths.
                guard let value = call[index].dereferenced.number, value >= 0,
                      value <= 100_000 || (name.hasPrefix("max") && value == .infinity) else {
                    throw call.error("'\(name)' must be between 0 and 100000\(name.hasPrefix("max") ? ", or .infinity" : "")", argument: index)
                }
                bounds.append(value)
            }
            for (minimum, maximum) in [(0, 2), (3, 5)] {
                if let low = bounds[minimum], let high = bounds[maximum], low > high {
                    throw call.error("'\(names[minimum])' is larger than '\(names[maximum])': SwiftUI logs 'Contradictory frame constraints'", argument: maximum)
                }
            }
            let frame = FlexibleFrame(minWidth: bounds[0], idealWidth: bounds[1], maxWidth: bounds[2], minHeight: bounds[3],
                                      idealHeight: bounds[4], maxHeight: bounds[5], alignment: try boxed(call, 6, Alignment.self, "an Alignment"))
            return try modified(call, .node(.layout(.flexibleFrame(frame))))
        }
        view.method("aspectRatio", [NativeParameter(nil, .optional(.double), default: .nilValue), NativeParameter("contentMode", .named("ContentMode"))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            var ratio: Double?
            if case .nilValue = call[0].dereferenced {} else { ratio = try number(call, 0, in: 0.000_001...1_000_000, "aspectRatio") }
            return try modified(call, .node(.layout(.aspectRatio(ratio, fill: try boxed(call, 1, Bool.self, "a ContentMode")))))
        }
        view.method("aspectRatio", [NativeParameter(nil, .named("CGSize")), NativeParameter("contentMode", .named("ContentMode"))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let size = try call.native(0, CGSizeValue.self, "a CGSize")
            guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
                throw call.error("an aspect ratio's width and height must be positive", argument: 0)
            }
            return try modified(call, .node(.layout(.aspectRatio(size.width / size.height, fill: try boxed(call, 1, Bool.self, "a ContentMode")))))
        }
        view.method("scaledToFit", [], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.layout(.aspectRatio(nil, fill: false))))
        }
        view.method("scaledToFill", [], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.layout(.aspectRatio(nil, fill: true))))
        }
        view.method("fixedSize", [], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.layout(.fixedSize(horizontal: true, vertical: true))))
        }
        view.method("fixedSize", [NativeParameter("horizontal", .bool), NativeParameter("vertical", .bool)],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.layout(.fixedSize(horizontal: try call.bool(0), vertical: try call.bool(1)))))
        }
        view.method("layoutPriority", [NativeParameter(nil, .double)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.layout(.layoutPriority(try number(call, 0, in: -1_000_000...1_000_000, "layoutPriority")))))
        }
        view.method("zIndex", [NativeParameter(nil, .double)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.layout(.zIndex(try number(call, 0, in: -1_000_000...1_000_000, "zIndex")))))
        }
        view.method("position", [NativeParameter("x", .double, default: .double(0)), NativeParameter("y", .double, default: .double(0))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.layout(.position(x: try number(call, 0, in: -100_000...100_000, "x"),
                                                       y: try number(call, 1, in: -100_000...100_000, "y")))))
        }
        view.method("position", [NativeParameter(nil, .named("CGPoint"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let point = try call.native(0, CGPointValue.self, "a CGPoint")
            guard abs(point.x) <= 100_000, abs(point.y) <= 100_000 else { throw call.error("a position must be within 100000 points", argument: 0) }
            return try modified(call, .node(.layout(.position(x: point.x, y: point.y))))
        }
        for (name, over) in [("background", false), ("overlay", true)] {
            view.method(name, [NativeParameter(nil, .named("ShapeStyle")), NativeParameter("alignment", .named("Alignment"), default: center)],
                        result: Self.anyView) { [unowned self] call throws(Interrupt) in
                let decoration = try self.view(call[0], at: call.argumentLocations[0])
                return try modified(call, .decoration(decoration, alignment: try boxed(call, 1, Alignment.self, "an Alignment"), over: over))
            }
            view.method(name, [NativeParameter("alignment", .named("Alignment"), default: center),
                               NativeParameter("content", Self.builderClosure, builder: "ViewBuilder")],
                        result: Self.anyView) { [unowned self] call throws(Interrupt) in
                let decoration = try self.view(try call.call(1, []), at: call.location)
                return try modified(call, .decoration(decoration, alignment: try boxed(call, 0, Alignment.self, "an Alignment"), over: over))
            }
            // `overlay(_:in:fillStyle:)`: the style filling the shape, in the view's bounds
            // (`background(_:in:)`, with materials, is with the effects).
            guard over else { continue }
            view.method(name, [NativeParameter(nil, .named("ShapeStyle")), NativeParameter("in", .named("Shape")),
                               NativeParameter("fillStyle", .any, default: .nilValue)],
                        result: Self.anyView) { [unowned self] call throws(Interrupt) in
                guard case let .native(native) = call[1].dereferenced, let described = native as? ViewDescription,
                      case var .shape(shape, false) = described else {
                    throw call.error("expected a shape such as 'Capsule()' or 'RoundedRectangle(cornerRadius: 8)'", argument: 1)
                }
                if case let .native(native) = call[0].dereferenced, let material = native as? MaterialBox {
                    return try modified(call, .decoration(Self.material(material.material, in: shape.kind, at: call.mark), alignment: .center, over: over))
                }
                let (colour, gradient) = try shapeStyle(call, 0)
                shape.paint = .fill(colour)
                shape.gradient = gradient
                return try modified(call, .decoration(.shape(shape, painted: true), alignment: .center, over: over))
            }
        }
    }
}

/// The size a `GeometryReader` hands its content, in points.
struct GeometryProxyValue: NativeValue, Equatable {
    var width: Double
    var height: Double
    var nativeTypeName: String { "GeometryProxy" }
}

/// A coordinate space named in `frame(in:)`.
enum CoordinateSpaceName: Equatable {
    case local, global
    case named(String)
}

private func geometry(_ call: NativeCall) throws(Interrupt) -> GeometryProxyValue {
    guard case let .native(native)? = call.receiver?.dereferenced, let proxy = native as? GeometryProxyValue else {
        throw call.error("expected a GeometryProxy")
    }
    return proxy
}
