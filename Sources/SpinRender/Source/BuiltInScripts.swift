import Motion
import Raster
import Scene

/// The documentation's views as view scripts, shaped by the `--mode` options: what
/// ``DocumentationSource/text(shapedBy:)`` evaluates to, built by hand.
///
/// Temporary: once the SwiftUI interpreter lands, `--mode` renders `DocumentationSource.text`
/// through it and this file goes.
public enum BuiltInScripts {
    /// The script of `configuration.mode`'s view, with the shaping fields (`animation`, `effect`,
    /// `pointSize`, `weight`, `symbolScale`, `color`) written as the modifiers a user would add:
    /// `.font(.system(size:weight:))`, `.imageScale(_:)`, `.foregroundColor(Color(red:green:blue:))`,
    /// another animation, `.scaleEffect(animating ? 0.5 : 1)` or `.opacity(animating ? 0 : 1)`.
    ///
    /// `onAppear` runs at t = 0: `Spinner` sets `animating` in a plain transaction, `Spinner2`
    /// inside `withAnimation`; the preview runs them in the stack's order.
    public static func script(for configuration: SceneConfiguration) -> ViewScript {
        let shape = Shape(configuration)
        let explicit = Transaction(animation: configuration.animation)
        switch configuration.mode {
        case .implicit:
            return ViewScript(initial: shape.spinner(false), changes: [
                ViewChange(timeSeconds: 0, transaction: Transaction(), root: shape.spinner(true)),
            ])
        case .explicit:
            return ViewScript(initial: shape.spinner2(false), changes: [
                ViewChange(timeSeconds: 0, transaction: explicit, root: shape.spinner2(true)),
            ])
        case .preview:
            return ViewScript(initial: shape.contentView(false, false), changes: [
                ViewChange(timeSeconds: 0, transaction: Transaction(), root: shape.contentView(true, false)),
                ViewChange(timeSeconds: 0, transaction: explicit, root: shape.contentView(true, true)),
            ])
        }
    }

    private struct Shape {
        let configuration: SceneConfiguration

        init(_ configuration: SceneConfiguration) { self.configuration = configuration }

        /// `Image(systemName: "rays")` and the modifiers on the lines after it.
        func image(_ foreground: ColorValue?) -> ViewNode {
            var node = ViewNode.symbol(.rays)
            if configuration.pointSize != 17 || configuration.weight != .regular {
                node = .modified(node, .font(FontValue(pointSize: configuration.pointSize, weight: configuration.weight)))
            }
            if configuration.symbolScale != .medium { node = .modified(node, .imageScale(configuration.symbolScale)) }
            let color = configuration.color.map {
                ColorValue.rgb(red: Double($0.r) / 255, green: Double($0.g) / 255, blue: Double($0.b) / 255, opacity: 1)
            }
            if let paint = color ?? foreground { node = .modified(node, .foregroundStyle(paint)) }
            return node
        }

        func effect(_ node: ViewNode, _ animating: Bool) -> ViewNode {
            switch configuration.effect {
            case .rotation: .modified(node, .rotationEffect(degrees: animating ? 360 : 0, anchor: .center))
            case .scale: .modified(node, .scaleEffect(x: animating ? 0.5 : 1, y: animating ? 0.5 : 1, anchor: .center))
            case .opacity: .modified(node, .opacity(animating ? 0 : 1))
            }
        }

        func spinner(_ animating: Bool) -> ViewNode {
            .custom(name: "Spinner", body: .modified(effect(image(nil), animating),
                                                     .animation(configuration.animation, value: nil)))
        }

        func spinner2(_ animating: Bool) -> ViewNode {
            .custom(name: "Spinner2", body: effect(image(.system("orange")), animating))
        }

        func contentView(_ first: Bool, _ second: Bool) -> ViewNode {
            let stack = ViewNode.stack(.vertical, alignment: .center, spacing: nil,
                                       children: [spinner(first), spinner2(second)])
            return .custom(name: "ContentView", body: .modified(.modified(stack, .padding(EdgeInsets(all: 8))),
                                                               .border(.system("secondary"), width: 1)))
        }
    }
}
