import Motion
import Scene
import SwiftCode

// Layout containers: `Spacer`, `GeometryReader` and its proxy, `LazyVStack`/`LazyHStack` (drawn
// as their eager stacks: every view of a loader is on screen, so nothing is left unmade).
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
                if case .nilValue = call[1].dereferenced {} else { spacing = try number(call, 1, in: 0...10_000, "spacing") }
                let content = try view(try call.call(3, []), at: call.location)
                return .native(ViewDescription.stack(axis, alignment: alignment, spacing: spacing, content: content))
            }
            native.add(stack)
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
