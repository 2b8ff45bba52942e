import Scene
import SwiftCode

// The SF Symbol modifiers: `symbolVariant(_:)`, `symbolRenderingMode(_:)`, the two-style
// `foregroundStyle(_:_:)` of palette rendering, and `symbolEffect(_:…)` (docs/symbols.md gives
// what each means, and the assumed timing of the effects).

extension SwiftUILibrary {
    /// The effects of the Symbols framework and the options chained after them, from Apple's
    /// Symbols documentation (`SymbolEffect` conformers and their option properties).
    static let symbolEffectNames = ["pulse", "bounce", "scale", "variableColor", "rotate", "breathe", "wiggle", "appear",
                                    "disappear", "replace", "automatic", "drawOn", "drawOff"]
    static let symbolEffectOptions = ["up", "down", "byLayer", "wholeSymbol", "iterative", "cumulative", "reversing",
                                      "nonReversing", "hideInactiveLayers", "dimInactiveLayers", "clockwise", "counterClockwise",
                                      "left", "right", "forward", "backward", "offUp", "downUp", "upUp", "magic", "plain", "pulse"]

    func defineSymbols() {
        guard let view = native.protocols["View"] else { return }

        let variants = NativeType("SymbolVariants", summary: "`.none`, `.fill`, `.circle`, `.slash` and chains of them (`.fill.circle`).")
        let variantMembers: [(String, SymbolVariants)] = [("none", .none), ("fill", .fill), ("circle", .circle), ("slash", .slash)]
        for (name, value) in variantMembers {
            variants.constant(name, .native(Boxed(value: value, typeName: "SymbolVariants")))
            guard name != "none" else { continue }
            variants.property(name, type: .named("SymbolVariants")) { [unowned self] call throws(Interrupt) in
                var chained = try boxed(receiverCall(call), 0, SymbolVariants.self, "a SymbolVariants")
                chained.insert(value)
                return .native(Boxed(value: chained, typeName: "SymbolVariants"))
            }
        }
        for name in ["square", "rectangle"] {
            variants.staticMembers[name] = .property(.named("SymbolVariants")) { call throws(Interrupt) in
                throw .error("the symbol variant '.\(name)' is not supported; supported: .none, .fill, .circle, .slash and chains of them such as .fill.circle", at: call.location)
            }
        }
        native.add(variants)
        view.method("symbolVariant", [NativeParameter(nil, .named("SymbolVariants"))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.symbolVariant(try boxed(call, 0, SymbolVariants.self, "a symbol variant"))))
        }

        let modes = NativeType("SymbolRenderingMode", summary: "`.monochrome`, `.hierarchical`, `.palette`, `.multicolor`.")
        for mode in [SymbolRenderingMode.monochrome, .hierarchical, .palette, .multicolor] {
            modes.constant(mode.rawValue, .native(Boxed(value: mode, typeName: "SymbolRenderingMode")))
        }
        native.add(modes)
        view.method("symbolRenderingMode", [NativeParameter(nil, .optional(.named("SymbolRenderingMode")))], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            if case .nilValue = call[0].dereferenced { return call.receiver ?? .void }
            return try modified(call, .node(.symbolRenderingMode(try boxed(call, 0, SymbolRenderingMode.self, "a symbol rendering mode"))))
        }
        // `foregroundStyle(primary, secondary)` and `(primary, secondary, tertiary)`: the
        // library's symbols have two layers, so a tertiary style has nothing to paint.
        view.method("foregroundStyle", [NativeParameter(nil, .named("ShapeStyle")), NativeParameter(nil, .named("ShapeStyle")),
                                        NativeParameter(nil, .named("ShapeStyle"), default: .nilValue)], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .node(.foregroundStyles(try color(call[0], call, argument: 0), try color(call[1], call, argument: 1))))
        }

        let effect = NativeType("SymbolEffect", summary: "The Symbols framework's effects, read so that `symbolEffect` can name the one refused.")
        for name in Self.symbolEffectNames {
            effect.constant(name, .native(Boxed(value: name, typeName: "SymbolEffect")))
        }
        for option in Self.symbolEffectOptions {
            effect.property(option, type: .named("SymbolEffect")) { [unowned self] call throws(Interrupt) in
                let chain = try boxed(receiverCall(call), 0, String.self, "a symbol effect")
                return .native(Boxed(value: chain + "." + option, typeName: "SymbolEffect"))
            }
        }
        native.add(effect)
        // `options:`: `.default`, `.repeating`, `.nonRepeating`, `.repeat(3)`, `.speed(2)`
        // and chains of them.
        let options = NativeType("SymbolEffectOptions", summary: "`.default`, `.repeating`, `.nonRepeating`, `.repeat(_:)`, `.speed(_:)`.")
        func boxedOptions(_ value: EffectOptions) -> Value { .native(Boxed(value: value, typeName: "SymbolEffectOptions")) }
        options.constant("default", boxedOptions(EffectOptions()))
        options.constant("repeating", boxedOptions(EffectOptions(plays: .forever)))
        options.constant("nonRepeating", boxedOptions(EffectOptions(plays: .times(1))))
        for (name, plays) in [("repeating", SymbolEffect.Plays.forever), ("nonRepeating", .times(1))] {
            options.property(name, type: .named("SymbolEffectOptions")) { [unowned self] call throws(Interrupt) in
                var chained = try boxed(receiverCall(call), 0, EffectOptions.self, "symbol effect options")
                chained.plays = plays
                return boxedOptions(chained)
            }
        }
        func repeatCount(_ call: NativeCall, _ index: Int) throws(Interrupt) -> SymbolEffect.Plays? {
            if case .nilValue = call[index].dereferenced { return nil }
            guard case let .int(count) = call[index].dereferenced else {
                throw call.error("'.repeat' takes a count here ('.repeat(3)'); the repeat behaviours of iOS 18 ('.periodic', '.continuous') are not supported", argument: index)
            }
            // "The function may clamp very large or small values" (SymbolEffectOptions.repeat(_:)).
            return .times(min(1_000, max(1, count)))
        }
        func speed(_ call: NativeCall, _ index: Int) throws(Interrupt) -> Double {
            let value = try call.number(index)
            guard value > 0 && value <= 100 else { throw call.error("'.speed' must be greater than 0 and at most 100", argument: index) }
            return value
        }
        options.staticMethod("repeat", [NativeParameter(nil, .any)]) { call throws(Interrupt) in
            boxedOptions(EffectOptions(plays: try repeatCount(call, 0)))
        }
        options.staticMethod("speed", [NativeParameter(nil, .double)]) { call throws(Interrupt) in
            boxedOptions(EffectOptions(speed: try speed(call, 0)))
        }
        options.method("repeat", [NativeParameter(nil, .any)], result: .named("SymbolEffectOptions")) { [unowned self] call throws(Interrupt) in
            var chained = try boxed(receiverCall(call), 0, EffectOptions.self, "symbol effect options")
            chained.plays = try repeatCount(call, 0)
            return boxedOptions(chained)
        }
        options.method("speed", [NativeParameter(nil, .double)], result: .named("SymbolEffectOptions")) { [unowned self] call throws(Interrupt) in
            var chained = try boxed(receiverCall(call), 0, EffectOptions.self, "symbol effect options")
            chained.speed = try speed(call, 0)
            return boxedOptions(chained)
        }
        native.add(options)
        view.method("symbolEffect", [NativeParameter(nil, .named("SymbolEffect")), NativeParameter("options", .named("SymbolEffectOptions"), default: .nilValue),
                                     NativeParameter("value", .any, default: .nilValue), NativeParameter("isActive", .bool, default: .bool(true))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let chain = try boxed(call, 0, String.self, "a symbol effect such as .pulse")
            var options = EffectOptions()
            if case .nilValue = call[1].dereferenced {} else { options = try boxed(call, 1, EffectOptions.self, "symbol effect options") }
            let trigger: SymbolEffect.Trigger
            if case .nilValue = call[2].dereferenced { trigger = .active(try call.bool(3)) } else { trigger = .value(ViewResolver.stateValue(call[2])) }
            let kind: SymbolEffect.Kind
            do throws(SymbolEffectRefusal) {
                kind = try Self.symbolEffectKind(chain)
            } catch {
                throw call.error(error.message, argument: 0)
            }
            if case .scale = kind, case .value = trigger {
                throw call.error("'.symbolEffect(.scale)' holds a scaled state while active: use symbolEffect(.scale, isActive:)", argument: 2)
            }
            let standard: SymbolEffect.Plays = { if case .value = trigger { .times(1) } else { .forever } }()
            let effect = SymbolEffect(kind: kind, trigger: trigger, plays: options.plays ?? standard, speed: options.speed)
            return try modified(call, .node(.effect(.symbolEffect(effect))))
        }
    }

    /// `SymbolEffectOptions`: how often and how fast (`nil` plays: the trigger's default).
    struct EffectOptions: Equatable, Sendable {
        var plays: SymbolEffect.Plays?
        var speed = 1.0
    }

    /// Why a symbol effect is not drawn.
    struct SymbolEffectRefusal: Error {
        var message: String
    }

    /// The effect a chain such as `bounce.down.byLayer` names.
    ///
    /// `.byLayer` and `.wholeSymbol` are read and change nothing: the library's symbols move as
    /// one piece. `.appear`, `.disappear`, `.replace`, `.automatic`, `.drawOn` and `.drawOff` are
    /// transitions: they are refused by name.
    static func symbolEffectKind(_ chain: String) throws(SymbolEffectRefusal) -> SymbolEffect.Kind {
        let parts: [String] = chain.split(separator: ".").map { String($0) }.filter { (part: String) -> Bool in
            part != "byLayer" && part != "wholeSymbol"
        }
        guard let name = parts.first else { throw SymbolEffectRefusal(message: "expected a symbol effect such as .pulse") }
        let modifiers = Array(parts.dropFirst())
        func only(_ allowed: [String]) throws(SymbolEffectRefusal) -> String? {
            for modifier in modifiers where !allowed.contains(modifier) {
                throw SymbolEffectRefusal(message: "'.\(modifier)' is not an option of '.\(name)'\(allowed.isEmpty ? "" : "; it takes " + allowed.map { "." + $0 }.joined(separator: ", "))")
            }
            return modifiers.last
        }
        switch name {
        case "pulse":
            _ = try only([])
            return .pulse
        case "bounce": return .bounce(down: try only(["up", "down"]) == "down")
        case "scale": return .scale(down: try only(["up", "down"]) == "down")
        case "rotate": return .rotate(counterClockwise: try only(["clockwise", "counterClockwise"]) == "counterClockwise")
        case "breathe":
            _ = try only(["plain"])
            return .breathe
        case "wiggle":
            let direction = try only(["left", "right", "up", "down", "clockwise", "counterClockwise", "forward", "backward"])
            switch direction {
            case "forward"?: return .wiggle(.right)
            case "backward"?: return .wiggle(.left)
            case let other?: return .wiggle(SymbolEffect.WiggleDirection(rawValue: other) ?? .right)
            case nil: return .wiggle(.right)
            }
        case "variableColor":
            _ = try only(["iterative", "cumulative", "reversing", "nonReversing", "hideInactiveLayers", "dimInactiveLayers"])
            func last(_ a: String, over b: String) -> Bool { (modifiers.lastIndex(of: a) ?? -1) > (modifiers.lastIndex(of: b) ?? -1) }
            return .variableColor(iterative: last("iterative", over: "cumulative"), reversing: last("reversing", over: "nonReversing"),
                                  hidesInactive: last("hideInactiveLayers", over: "dimInactiveLayers"))
        default:
            throw SymbolEffectRefusal(message: "'.symbolEffect(.\(name))' is not supported: it is a transition between symbols or their absence; supported: .pulse, .bounce, .scale, .rotate, .breathe, .wiggle, .variableColor")
        }
    }

    /// A call whose argument 0 is `call`'s receiver (for a property read on a boxed value).
    private func receiverCall(_ call: NativeCall) -> NativeCall {
        var copy = call
        copy.arguments = [call.receiver ?? .void]
        copy.argumentLocations = [call.location]
        return copy
    }
}
