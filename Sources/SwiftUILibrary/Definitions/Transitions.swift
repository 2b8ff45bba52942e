import Motion
import Scene
import SwiftCode

// `transition(_:)` and `AnyTransition`: how a view inserted by a change enters (the engine
// animates it from the transition's state, ``Scene/ViewTransition``).

extension SwiftUILibrary {
    func defineTransitions() {
        func value(_ transition: ViewTransition) -> Value { .native(Boxed(value: transition, typeName: "AnyTransition")) }
        // These two capture the library unowned, as every definition does: local functions would
        // hold it strongly, and the library holds the definitions that call them, so it would
        // never be freed.
        let transition = { [unowned self] (call: NativeCall, index: Int) throws(Interrupt) -> ViewTransition in
            try boxed(call, index, ViewTransition.self, "an AnyTransition")
        }
        /// `.move(edge:)`: out of its own frame past `edge`, by its own width or height.
        let edgeState = { [unowned self] (call: NativeCall, index: Int) throws(Interrupt) -> ViewTransition.State in
            let edge = try boxed(call, index, EdgeSet.self, "an Edge")
            var state = ViewTransition.State()
            switch edge {
            case .top: state.ownSizeOffset = AnimatablePoint(x: 0, y: -1)
            case .bottom: state.ownSizeOffset = AnimatablePoint(x: 0, y: 1)
            case .leading: state.ownSizeOffset = AnimatablePoint(x: -1, y: 0)
            case .trailing: state.ownSizeOffset = AnimatablePoint(x: 1, y: 0)
            default: throw call.error("expected one edge: .top, .bottom, .leading or .trailing", argument: index)
            }
            return state
        }

        let type = NativeType("AnyTransition",
                              summary: "`.opacity`, `.scale`, `.slide`, `.move(edge:)`, `.offset`, `.push(from:)`, `.asymmetric`, `.combined(with:)`, `.animation(_:)`: how a view enters and leaves.")
        let opacity = ViewTransition.opacity
        var shrunk = ViewTransition.State()
        shrunk.scale = 0
        let scale = ViewTransition(both: shrunk)
        // `.slide`: in from the leading edge, out past the trailing one.
        var slide = ViewTransition()
        slide.insertion.ownSizeOffset = AnimatablePoint(x: -1, y: 0)
        slide.removal.ownSizeOffset = AnimatablePoint(x: 1, y: 0)
        type.constant("opacity", value(opacity))
        type.constant("slide", value(slide))
        type.constant("identity", value(ViewTransition()))
        // `.scale` and `.scale(scale:anchor:)`: one name, a constant and a function.
        let scaled = NativeFunction([NativeParameter("scale", .double),
                                     NativeParameter("anchor", .named("UnitPoint"), default: .native(Boxed(value: UnitPoint.center, typeName: "UnitPoint")))],
                                    result: .named("AnyTransition")) { [unowned self] call throws(Interrupt) in
            var state = ViewTransition.State()
            state.scale = try number(call, 0, in: -1_000...1_000, "scale")
            state.anchor = try boxed(call, 1, UnitPoint.self, "a UnitPoint")
            return value(ViewTransition(both: state))
        }
        type.staticMembers["scale"] = .overloaded(.named("AnyTransition"), { _ throws(Interrupt) in value(scale) }, [scaled])
        type.staticMethod("offset", [NativeParameter("x", .double, default: .double(0)), NativeParameter("y", .double, default: .double(0))]) {
            [unowned self] call throws(Interrupt) in
            var state = ViewTransition.State()
            state.offset = AnimatablePoint(x: try number(call, 0, in: -100_000...100_000, "x"), y: try number(call, 1, in: -100_000...100_000, "y"))
            return value(ViewTransition(both: state))
        }
        type.staticMethod("offset", [NativeParameter(nil, .named("CGSize"))]) { call throws(Interrupt) in
            let size = try call.native(0, CGSizeValue.self, "a CGSize")
            var state = ViewTransition.State()
            state.offset = AnimatablePoint(x: size.width, y: size.height)
            return value(ViewTransition(both: state))
        }
        type.staticMethod("move", [NativeParameter("edge", .named("Edge"))]) { call throws(Interrupt) in
            value(ViewTransition(both: try edgeState(call, 0)))
        }
        // `push(from:)` (iOS 17): in from the edge, out past the opposite one, fading both ways.
        type.staticMethod("push", [NativeParameter("from", .named("Edge"))]) { call throws(Interrupt) in
            var result = ViewTransition()
            result.insertion = try edgeState(call, 0).combined(with: opacity.insertion)
            result.removal = result.insertion
            result.removal.ownSizeOffset = AnimatablePoint(x: -result.insertion.ownSizeOffset.x, y: -result.insertion.ownSizeOffset.y)
            return value(result)
        }
        type.staticMethod("asymmetric", [NativeParameter("insertion", .named("AnyTransition")), NativeParameter("removal", .named("AnyTransition"))]) {
            call throws(Interrupt) in
            let insertion = try transition(call, 0), removal = try transition(call, 1)
            var result = ViewTransition()
            result.insertion = insertion.insertion
            result.removal = removal.removal
            result.animation = insertion.animation ?? removal.animation
            return value(result)
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
            let modifier = ModifierDescription.node(.transaction(.transition(try transition(call, 0))))
            // `Text(word).id(word).transition(.opacity)`: the view `id(_:)` makes anew is the one
            // that enters and leaves, so the transition goes inside its identity.
            if case let .branch(identity, inner?) = try receiver(call) {
                return .native(ViewDescription.branch(identity, .modified(inner, modifier)))
            }
            return try modified(call, modifier)
        }
    }
}
