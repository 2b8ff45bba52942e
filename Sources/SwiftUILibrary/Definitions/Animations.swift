import Motion
import SwiftCode

// `Animation`: its bases and modifiers are Motion's vocabulary, bound by Motion's own binder
// so that labels, defaults and ranges are checked in one place for source files and for
// `--animation`.

extension SwiftUILibrary {
    func defineAnimations() {
        let animation = NativeType("Animation", summary: "SwiftUI's animations: timing curves, springs, delay, speed, repeats.")
        for name in Animation.baseNames {
            let property: (NativeCall) throws(Interrupt) -> Value = { [unowned self] call throws(Interrupt) in
                let column = call.location.offset + 1
                return .native(AnimationBox(animation: try motion { () throws(AnimationParseError) in
                    try Animation.base(named: name, arguments: nil, nameColumn: column, endColumn: column + name.count)
                }))
            }
            let function = NativeFunction([], result: .named("Animation")) { [unowned self] call throws(Interrupt) in
                let arguments = try animationArguments(call)
                let column = call.location.offset + 1
                let end = (call.argumentLocations.last?.offset ?? call.location.offset + name.count) + 1
                return .native(AnimationBox(animation: try motion { () throws(AnimationParseError) in
                    try Animation.base(named: name, arguments: arguments, nameColumn: column, endColumn: end)
                }))
            }
            function.takesArgumentsAsWritten = true
            if name == "timingCurve" {
                animation.staticMembers[name] = .functions([function])
            } else if name == "default" {
                animation.staticMembers[name] = .property(.named("Animation"), property)
            } else {
                animation.staticMembers[name] = .overloaded(.named("Animation"), property, [function])
            }
        }
        for name in Animation.modifierNames {
            let function = NativeFunction([], result: .named("Animation")) { [unowned self] call throws(Interrupt) in
                guard case let .native(native)? = call.receiver, let box = native as? AnimationBox else {
                    throw call.error("expected an Animation")
                }
                let arguments = try animationArguments(call)
                let column = call.location.offset + 1
                let end = (call.argumentLocations.last?.offset ?? call.location.offset + name.count) + 1
                return .native(AnimationBox(animation: try motion { () throws(AnimationParseError) in
                    try box.animation.modified(named: name, arguments: arguments, nameColumn: column, endColumn: end)
                }))
            }
            function.takesArgumentsAsWritten = true
            animation.instanceMembers[name] = .functions([function])
        }
        native.add(animation)
    }

    /// Motion's errors, located in the source.
    func motion<T>(_ body: () throws(AnimationParseError) -> T) throws(Interrupt) -> T {
        do {
            return try body()
        } catch {
            throw .error(error.message, at: locate(max(error.column - 1, 0)))
        }
    }

    /// The arguments of an animation call as Motion's binder takes them.
    private func animationArguments(_ call: NativeCall) throws(Interrupt) -> [AnimationArgument] {
        var arguments: [AnimationArgument] = []
        for (index, value) in call.arguments.enumerated() {
            let argument: AnimationArgument.Value
            switch value.dereferenced {
            case let .int(number): argument = .number(Double(number), text: String(number), isWhole: true)
            case let .double(number):
                guard number.isFinite else { throw call.error("the value is not a finite number", argument: index) }
                argument = .number(number, text: Spelling.number(number), isWhole: false)
            case let .bool(flag): argument = .boolean(flag)
            case .function: throw call.error("an animation takes no closure", argument: index)
            default:
                throw call.error("an animation argument takes a number or a Bool, not a value of type '\(value.typeName)'", argument: index)
            }
            arguments.append(AnimationArgument(label: call.labels[index], labelColumn: call.labelLocations[index].offset + 1,
                                               value: argument, valueColumn: call.argumentLocations[index].offset + 1))
        }
        return arguments
    }
}

extension SwiftUILibrary {
    /// The `Animation` a value holds (what the `Animation` definitions make), `nil` for any
    /// other value: how a host reads an evaluated `--animation` expression.
    public static func animation(_ value: Value) -> Animation? {
        guard case let .native(native) = value.dereferenced, let box = native as? AnimationBox else { return nil }
        return box.animation
    }
}
