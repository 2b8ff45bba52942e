import Motion
import Raster
import Scene

/// The documentation's views as the SwiftUI interpreter evaluates them, built by hand: the
/// trees and changes the page's code gives, with the shaping options written as the modifiers
/// `DocumentationSource.text(shapedBy:)` adds.
struct DocumentationScripts {
    var animation = Animation.linear(duration: 2).repeatForever(autoreverses: false)
    var effect: SpinnerEffect = .rotation
    var font: FontValue?
    var imageScale: SymbolScale?
    var color: RGBA8?

    init() {}

    private var colorValue: ColorValue? {
        color.map { .rgb(red: Double($0.r) / 255, green: Double($0.g) / 255, blue: Double($0.b) / 255, opacity: 1) }
    }

    /// `Image(systemName: "rays")` with the shaping modifiers, and the spinner's colour.
    private func image(_ foreground: ColorValue?) -> ViewNode {
        var node = ViewNode.symbol(.rays)
        if let font { node = .modified(node, .font(font)) }
        if let imageScale { node = .modified(node, .imageScale(imageScale)) }
        if let paint = colorValue ?? foreground { node = .modified(node, .foregroundStyle(paint)) }
        return node
    }

    /// The effect for `animating`.
    private func effect(_ node: ViewNode, animating: Bool) -> ViewNode {
        switch effect {
        case .rotation: .modified(node, .rotationEffect(degrees: animating ? 360 : 0, anchor: .center))
        case .scale: .modified(node, .scaleEffect(x: animating ? 0.5 : 1, y: animating ? 0.5 : 1, anchor: .center))
        case .opacity: .modified(node, .opacity(animating ? 0 : 1))
        }
    }

    /// `Spinner`: the deprecated `.animation(_:)` around the turned image.
    func spinner(animating: Bool) -> ViewNode {
        .custom(name: "Spinner", body: .modified(effect(image(nil), animating: animating), .animation(animation, value: nil)))
    }

    /// `Spinner2`: orange, turned inside `withAnimation`.
    func spinner2(animating: Bool) -> ViewNode {
        .custom(name: "Spinner2", body: effect(image(.system("orange")), animating: animating))
    }

    /// `ContentView`: `VStack { Spinner(); Spinner2() }.padding(8).border(.secondary)`.
    func contentView(_ first: Bool, _ second: Bool) -> ViewNode {
        .custom(name: "ContentView", body: .modified(.modified(
            .stack(.vertical, alignment: .center, spacing: nil, children: [spinner(animating: first), spinner2(animating: second)]),
            .padding(EdgeInsets(all: 8))), .border(.system("secondary"), width: 1)))
    }

    /// The script of `mode`: `onAppear` at t = 0, a plain assignment for `Spinner`, one inside
    /// `withAnimation` for `Spinner2` (in the stack's order for the preview).
    func script(_ mode: SceneMode) -> ViewScript {
        let explicit = Transaction(animation: animation)
        switch mode {
        case .implicit:
            return ViewScript(initial: spinner(animating: false),
                              changes: [ViewChange(timeSeconds: 0, transaction: Transaction(), root: spinner(animating: true))])
        case .explicit:
            return ViewScript(initial: spinner2(animating: false),
                              changes: [ViewChange(timeSeconds: 0, transaction: explicit, root: spinner2(animating: true))])
        case .preview:
            return ViewScript(initial: contentView(false, false), changes: [
                ViewChange(timeSeconds: 0, transaction: Transaction(), root: contentView(true, false)),
                ViewChange(timeSeconds: 0, transaction: explicit, root: contentView(true, true)),
            ])
        }
    }
}
