import Motion
import Scene
import SwiftCode

// `transition(_:)` and `AnyTransition`: how a view inserted by a change enters (the engine
// animates it from the transition's state, ``Scene/ViewTransition``).

extension SwiftUILibrary {
    func defineTransitions() {
        func value(_ transition: ViewTransition) -> Value { .native(Boxed(value: transition, typeName: "AnyTransition")) }
        func transition(_ call: NativeCall, _ index: Int) throws(Interrupt) -> ViewTransition {
            try boxed(call, index, ViewTransition.self, "an AnyTransition")
        }
        /// `.move(edge:)`: out of its own frame past `edge`, by its own width or height.
        func move(_ call: NativeCall, _ index: Int) throws(Interrupt) -> ViewTransition {
            let edge = try boxed(call, index, EdgeSet.self, "an Edge")
            var result = ViewTransition()
            switch edge {
            case .top: result.ownSizeOffset = AnimatablePoint(x: 0, y: -1)
            case .bottom: result.ownSizeOffset = AnimatablePoint(x: 0, y: 1)
            case .leading: result.ownSizeOffset = AnimatablePoint(x: -1, y: 0)
            case .trailing: result.ownSizeOffset = AnimatablePoint(x: 1, y: 0)
            default: throw call.error("expected one edge: .top, .bottom, .leading or .trailing", argument: index)
            }
            return result
        }

        let type = NativeType("AnyTransition",
                              summary: "`.opacity`, `.scale`, `.slide`, `.move(edge:)`, `.offset`, `.push(from:)`, `.asymmetric`, `.combined(with:)`, `.animation(_:)`: how an inserted view enters.")
        var opacity = ViewTransition()
        opacity.opacity = 0
        var scale = ViewTransition()
        scale.scale = 0
        var slide = ViewTransition()
        slide.ownSizeOffset = AnimatablePoint(x: -1, y: 0)  // inserted from the leading edge
        type.constant("opacity", value(opacity))
        type.constant("slide", value(slide))
        type.constant("identity", value(ViewTransition()))
        // `.scale` and `.scale(scale:anchor:)`: one name, a constant and a function.
        let scaled = NativeFunction([NativeParameter("scale", .double),
                                     NativeParameter("anchor", .named("UnitPoint"), default: .native(Boxed(value: UnitPoint.center, typeName: "UnitPoint")))],
                                    result: .named("AnyTransition")) { [unowned self] call throws(Interrupt) in
            var result = ViewTransition()
            result.scale = try number(call, 0, in: -1_000...1_000, "scale")
            result.anchor = try boxed(call, 1, UnitPoint.self, "a UnitPoint")
            return value(result)
        }
        type.staticMembers["scale"] = .overloaded(.named("AnyTransition"), { _ throws(Interrupt) in value(scale) }, [scaled])
        type.staticMethod("offset", [NativeParameter("x", .double, default: .double(0)), NativeParameter("y", .double, default: .double(0))]) {
            [unowned self] call throws(Interrupt) in
            var result = ViewTransition()
            result.offset = AnimatablePoint(x: try number(call, 0, in: -100_000...100_000, "x"), y: try number(call, 1, in: -100_000...100_000, "y"))
            return value(result)
        }
        type.staticMethod("offset", [NativeParameter(nil, .named("CGSize"))]) { call throws(Interrupt) in
            let size = try call.native(0, CGSizeValue.self, "a CGSize")
            var result = ViewTransition()
            result.offset = AnimatablePoint(x: size.width, y: size.height)
            return value(result)
        }
        type.staticMethod("move", [NativeParameter("edge", .named("Edge"))]) { call throws(Interrupt) in value(try move(call, 0)) }
        // `push(from:)` (iOS 17): moves in from the edge and fades in.
        type.staticMethod("push", [NativeParameter("from", .named("Edge"))]) { call throws(Interrupt) in
            value(try move(call, 0).combined(with: opacity))
        }
        // The insertion half is the one drawn (a removed view leaves at once).
        type.staticMethod("asymmetric", [NativeParameter("insertion", .named("AnyTransition")), NativeParameter("removal", .named("AnyTransition"))]) {
            call throws(Interrupt) in
            _ = try transition(call, 1)
            return value(try transition(call, 0))
        }
        type.method("combined", [NativeParameter("with", .named("AnyTransition"))], result: .named("AnyTransition")) { [unowned self] call throws(Interrupt) in
            let receiver = try receiverBox(call, ViewTransition.self)
            return value(receiver.combined(with: try transition(call, 0)))
        }
        type.method("animation", [NativeParameter(nil, .optional(.named("Animation")))], result: .named("AnyTransition")) {
            [unowned self] call throws(Interrupt) in
            var receiver = try receiverBox(call, ViewTransition.self)
            if case .nilValue = call[0].dereferenced {
                receiver.animation = nil
            } else {
                receiver.animation = try call.native(0, AnimationBox.self, "an Animation").animation
            }
            return value(receiver)
        }
        native.add(type)

        guard let view = native.protocols["View"] else { return }
        view.method("transition", [NativeParameter(nil, .named("AnyTransition"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.transaction(.transition(try transition(call, 0)))))
        }
    }
}
