import SwiftCode

// `.onChange(of:)`: an action run when a value the view reads changes between two updates.

extension SwiftUILibrary {
    func defineEvents() {
        guard let view = native.protocols["View"] else { return }
        // iOS 14's `onChange(of:perform:)` (the action takes the new value) and iOS 17's
        // `onChange(of:initial:_:)` (no parameter, or the old and the new value).
        view.method("onChange", [NativeParameter("of", .any), NativeParameter("perform", .function(parameters: [.any], result: .void))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .function(action) = call[1] else { throw call.error("'onChange' takes its action in a closure") }
            return try modified(call, .onChange(call[0].dereferenced, initial: false, action: action, form: .newValue))
        }
        view.method("onChange", [NativeParameter("of", .any), NativeParameter("initial", .bool, default: .bool(false)),
                                 NativeParameter(nil, .function(parameters: [.any, .any], result: .void))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            guard case let .function(action) = call[2] else { throw call.error("'onChange' takes its action in a closure") }
            return try modified(call, .onChange(call[0].dereferenced, initial: try call.bool(1), action: action, form: .oldAndNewValues))
        }
    }
}

/// What an `onChange` action is called with.
enum ChangeActionForm {
    /// `onChange(of:perform:)`: the new value.
    case newValue
    /// `onChange(of:initial:_:)`: nothing, or the old and the new values, as the closure takes.
    case oldAndNewValues

    /// The arguments for a change from `old` to `new`, as many as the closure takes (a closure
    /// written with `$0`/`$1` or none takes the form's).
    func arguments(for action: Function, old: Value, new: Value) -> [Value] {
        if case let .closure(closure) = action.body, let parameters = closure.parameters {
            switch parameters.count {
            case 0: return []
            case 1: return [new]
            default: return [old, new]
            }
        }
        return self == .newValue ? [new] : [old, new]
    }
}
