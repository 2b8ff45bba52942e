import Motion
import Scene

/// Reading SF Symbols and their modifiers: small functions of already-evaluated arguments,
/// each returning the view or modifier (see docs/symbols.md for what they mean).
enum SymbolReading {
    /// `Image(systemName: name)`: the library's symbol, or, for a name outside the library, the
    /// empty image a device shows (the command line warns, naming the closest names).
    static func image(systemName name: String) -> ViewNode {
        SymbolName(rawValue: name).map(ViewNode.symbol) ?? .missingSymbol(name)
    }

    /// `symbolVariant(_:)`'s argument: `.none`, `.fill`, `.circle`, `.slash` and chains of them
    /// (`.fill.circle`), as their member names in order; `nil` for one outside that vocabulary.
    static func variants(_ members: [String]) -> SymbolVariants? {
        var variants = SymbolVariants.none
        for member in members {
            switch member {
            case "none": break
            case "fill": variants.insert(.fill)
            case "circle": variants.insert(.circle)
            case "slash": variants.insert(.slash)
            default: return nil
            }
        }
        return variants
    }

    /// `symbolRenderingMode(_:)`'s argument by member name; `nil` for an unknown one.
    static func renderingMode(_ member: String) -> SymbolRenderingMode? { SymbolRenderingMode(rawValue: member) }

    /// The refusal of `symbolEffect(_:…)`: Apple's documentation of the Symbols framework and
    /// the WWDC23/WWDC24 sessions name the effects and their options but give no durations or
    /// timing curves, so none is drawn rather than one made up.
    static func effectRefusal(_ effect: String) -> String {
        "'.symbolEffect(.\(effect))' is not supported: Apple publishes no timing for symbol effects (the Symbols documentation and WWDC23 \"Animate symbols in your app\" give none), so spinrender does not invent one; animate the symbol with rotationEffect, scaleEffect or opacity and withAnimation instead"
    }

    /// The member names of an implicit-member chain such as `.fill.circle`, or `nil`.
    static func memberChain(_ expression: Expression) -> [String]? {
        switch expression.kind {
        case let .implicitMember(name): return [name]
        case let .postfix(primary, steps):
            guard case let .implicitMember(first) = primary.kind else { return nil }
            var names = [first]
            for step in steps {
                guard case let .member(name, _) = step else { return nil }
                names.append(name)
            }
            return names
        default: return nil
        }
    }
}

extension Interpreter {
    /// The symbol modifiers (`symbolVariant`, `symbolRenderingMode`, `foregroundStyle(_:_:)`,
    /// `symbolEffect`), or `nil` when `name` is none of them.
    func symbolModifier(_ view: BuiltView, _ name: String, _ call: Call, at location: Location, _ scope: Scope) throws(SourceError) -> BuiltView? {
        switch name {
        case "symbolVariant", "symbolRenderingMode":
            let values = try bind(call, [Parameter(nil, name == "symbolVariant" ? "variant" : "mode")], callee: name)
            let argument = values[0]!
            if name == "symbolVariant" {
                guard let members = SymbolReading.memberChain(argument), let variants = SymbolReading.variants(members) else {
                    throw SourceError("expected a symbol variant: .none, .fill, .circle, .slash or a chain of them such as .fill.circle", at: argument.location)
                }
                return try wrap(view, .symbolVariant(variants), at: location)
            }
            guard let members = SymbolReading.memberChain(argument), members.count == 1,
                  let mode = SymbolReading.renderingMode(members[0]) else {
                throw SourceError("expected a symbol rendering mode: .monochrome, .hierarchical, .palette or .multicolor", at: argument.location)
            }
            return try wrap(view, .symbolRenderingMode(mode), at: location)
        case "foregroundStyle" where call.arguments.count >= 2:
            let values = try bind(call, [Parameter(nil, "primary"), Parameter(nil, "secondary"), Parameter(nil, "tertiary", optional: true)], callee: name)
            return try wrap(view, .foregroundStyles(try color(values[0]!, scope), try color(values[1]!, scope)), at: location)
        case "symbolEffect":
            let effect = call.arguments.first.flatMap { SymbolReading.memberChain($0.value) }?.joined(separator: ".") ?? "…"
            throw SourceError(SymbolReading.effectRefusal(effect), at: call.arguments.first?.value.location ?? location)
        default:
            return nil
        }
    }
}
