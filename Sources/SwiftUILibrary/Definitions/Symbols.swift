import Scene
import SwiftCode

// The SF Symbol modifiers: `symbolVariant(_:)`, `symbolRenderingMode(_:)`, the two-style
// `foregroundStyle(_:_:)` of palette rendering, and `symbolEffect(_:…)`, which is refused
// (docs/symbols.md gives what each means and why effects are not drawn).

extension SwiftUILibrary {
    /// The effects of the Symbols framework and the options chained after them, from Apple's
    /// Symbols documentation (`SymbolEffect` conformers and their option properties).
    static let symbolEffectNames = ["pulse", "bounce", "scale", "variableColor", "rotate", "breathe", "wiggle", "appear",
                                    "disappear", "replace", "automatic", "drawOn", "drawOff"]
    static let symbolEffectOptions = ["up", "down", "byLayer", "wholeSymbol", "iterative", "cumulative", "reversing",
                                      "nonReversing", "hideInactiveLayers", "dimInactiveLayers", "clockwise", "counterClockwise",
                                      "left", "right", "forward", "backward", "offUp", "downUp", "upUp", "magic", "plain"]

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
        // and chains of them; read so that the refusal names the effect, not the options.
        let options = NativeType("SymbolEffectOptions", summary: "`.default`, `.repeating`, `.nonRepeating`, `.repeat(_:)`, `.speed(_:)`.")
        let anyOptions = Value.native(Boxed(value: "options", typeName: "SymbolEffectOptions"))
        for name in ["default", "repeating", "nonRepeating", "repeatContinuous"] { options.constant(name, anyOptions) }
        for name in ["repeating", "nonRepeating"] { options.property(name, type: .named("SymbolEffectOptions")) { _ throws(Interrupt) in anyOptions } }
        for name in ["repeat", "speed"] {
            options.staticMethod(name, [NativeParameter(nil, .any)]) { _ throws(Interrupt) in anyOptions }
            options.method(name, [NativeParameter(nil, .any)], result: .named("SymbolEffectOptions")) { _ throws(Interrupt) in anyOptions }
        }
        native.add(options)
        view.method("symbolEffect", [NativeParameter(nil, .named("SymbolEffect")), NativeParameter("options", .named("SymbolEffectOptions"), default: .nilValue),
                                     NativeParameter("value", .any, default: .nilValue), NativeParameter("isActive", .bool, default: .bool(true))],
                    result: Self.anyView) { [unowned self] call throws(Interrupt) in
            let name = try boxed(call, 0, String.self, "a symbol effect such as .pulse")
            throw call.error(Self.symbolEffectRefusal(name), argument: 0)
        }
    }

    /// The refusal of `symbolEffect(_:…)`: Apple's documentation of the Symbols framework and
    /// the WWDC23 and WWDC24 sessions on symbol animation name the effects and their options but
    /// give no durations or timing curves, so none is drawn rather than one made up.
    static func symbolEffectRefusal(_ effect: String) -> String {
        "'.symbolEffect(.\(effect))' is not supported: Apple publishes no timing for symbol effects (the Symbols documentation and WWDC23 \"Animate symbols in your app\" give none), so spinrender does not invent one; animate the symbol with rotationEffect, scaleEffect or opacity and withAnimation instead"
    }

    /// A call whose argument 0 is `call`'s receiver (for a property read on a boxed value).
    private func receiverCall(_ call: NativeCall) -> NativeCall {
        var copy = call
        copy.arguments = [call.receiver ?? .void]
        copy.argumentLocations = [call.location]
        return copy
    }
}
