import SwiftCode

// Combine's subjects, as loaders use them to drive views: a `PassthroughSubject` a timer sends
// into and views `.onReceive`, a `CurrentValueSubject` holding the latest value, `Just`.
extension SwiftUILibrary {
    /// `PassthroughSubject<Output, Failure>()` with `send(_:)`, `CurrentValueSubject(_:)` with
    /// `send(_:)` and `value`, `Just(_:)`, `eraseToAnyPublisher()`, and `Never` for their failure
    /// type. A value sent reaches every `.onReceive` of the subject in the tree at once, in tree
    /// order, inside the action that sends it (Combine delivers synchronously on the sending
    /// thread); a `CurrentValueSubject` or a `Just` emits its value to each new subscriber when
    /// its view appears, as Combine does on subscription.
    func defineCombine() {
        native.add(NativeType("Never", summary: "A failure type no publisher here fails with."))
        func subject(_ call: NativeCall) throws(Interrupt) -> SubjectValue {
            guard case let .native(native)? = call.receiver?.dereferenced, let subject = native as? SubjectValue else {
                throw call.error("expected a subject")
            }
            return subject
        }
        // Numbered through the library (captured unowned, as every definition captures it).
        let make = { [unowned self] (kind: SubjectValue.Kind, current: Value?) -> Value in
            subjectCount += 1
            return .native(SubjectValue(kind, serial: subjectCount, current: current))
        }
        let passthrough = NativeType("PassthroughSubject", protocols: ["Publisher"],
                                     summary: "`PassthroughSubject<Output, Never>()`: `send(_:)` reaches every `.onReceive` of it in the tree at once.")
        passthrough.initializer([]) { _ throws(Interrupt) in make(.passthrough, nil) }
        let current = NativeType("CurrentValueSubject", protocols: ["Publisher"],
                                 summary: "`CurrentValueSubject<Output, Never>(value)`: `send(_:)`, `value`; a new `.onReceive` gets the value when its view appears.")
        current.initializer([NativeParameter(nil, .any)]) { call throws(Interrupt) in make(.currentValue, call[0].dereferenced) }
        current.property("value", type: .any) { call throws(Interrupt) in try subject(call).current ?? .void }
        let just = NativeType("Just", protocols: ["Publisher"], summary: "`Just(value)`: emits its value once to each `.onReceive` when its view appears.")
        just.initializer([NativeParameter(nil, .any)]) { call throws(Interrupt) in make(.just, call[0].dereferenced) }
        for type in [passthrough, current] {
            type.method("send", [NativeParameter(nil, .any)]) { [unowned self] call throws(Interrupt) in
                let target = try subject(call)
                if target.kind == .currentValue { target.current = call[0].dereferenced }
                try runner?.deliver(target, call[0].dereferenced, at: call.location)
                return .void
            }
            type.method("send", []) { [unowned self] call throws(Interrupt) in
                try runner?.deliver(try subject(call), .void, at: call.location)
                return .void
            }
        }
        let erased = NativeType("AnyPublisher", protocols: ["Publisher"], summary: "What `eraseToAnyPublisher()` makes: the same publisher.")
        for type in [passthrough, current, just] {
            type.method("eraseToAnyPublisher", [], result: .named("AnyPublisher")) { call throws(Interrupt) in call.receiver ?? .void }
            type.method("receive", [NativeParameter("on", .any), NativeParameter("options", .any, default: .nilValue)]) { call throws(Interrupt) in
                call.receiver ?? .void
            }
            native.add(type)
        }
        native.add(erased)
    }
}
