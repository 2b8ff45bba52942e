import Motion
import Raster
import Scene
import SwiftUISource

/// The documentation's example as SwiftUI source text: the code the built-in `--mode`s render.
///
/// The text is the page's two code blocks verbatim (Lochiwei's "Spinner" page, after Thinking in
/// SwiftUI, ch. 6): `Spinner` (implicit `.animation(_:)`), `Spinner2` (`withAnimation` in
/// `onAppear`) and the preview `ContentView`, emoji comments and trailing spaces included, so a
/// user who pastes the page's code gets the same pixels as `--mode`. `spinrender source` prints it.
public enum DocumentationSource {
    /// The name the built-in source is reported under in diagnostics.
    public static let fileName = "Spinner.swift"

    /// The page's code, verbatim.
    public static let text = """
    import SwiftUI

    // implicit animation
    struct Spinner: View {
        // ⭐️ view state
        @State private var animating = false 
        var body: some View { 
            Image(systemName: "rays") 
                // ⭐️ spin
                .rotationEffect(animating ? .degrees(360) : .zero) 
                // ⭐️ forever (without autoreverse)
                .animation(.linear(duration: 2).repeatForever(autoreverses: false))
                // ⭐️ immediately
                .onAppear { self.animating = true }
        }
    }

    // explicit animation
    struct Spinner2: View {
        // ⭐️ view state
        @State private var animating = false 
        var body: some View { 
            Image(systemName: "rays")
                .foregroundColor(.orange)
                // ⭐️ spin
                .rotationEffect(animating ? .degrees(360) : .zero) 
                // ⭐️ immediately
                .onAppear {
                    // ⭐️ forever (without autoreverse)
                    withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) {
                        self.animating = true 
                    }
                }
        }
    }

    struct ContentView: View { 
        var body: some View {
            VStack {
                Spinner()
                Spinner2()
            }
            .padding(8)
            .border(.secondary)
        }
    }
    """

    /// The view a mode renders: `Spinner`, `Spinner2` or `ContentView`.
    public static func viewName(for mode: SceneMode) -> String {
        switch mode {
        case .implicit: "Spinner"
        case .explicit: "Spinner2"
        case .preview: "ContentView"
        }
    }
}

/// The built-in example a render without a source file shows, and the seven options that choose
/// and shape it (`--mode`, `--point-size`, `--weight`, `--symbol-scale`, `--color`,
/// `--animation`, `--effect`): they belong to the example, not to the output every render
/// carries, so a render of a source file has none of them.
public struct BuiltInExample: Hashable, Sendable {
    /// Which of the page's views is shown: `Spinner`, `Spinner2` or `ContentView`.
    public var mode: SceneMode = .explicit
    /// Font size of the symbol, in points (iOS body text: 17).
    public var pointSize: Double = 17
    /// Symbol weight.
    public var weight: SymbolWeight = .regular
    /// Symbol scale.
    public var symbolScale: SymbolScale = .medium
    /// Replaces the spinner colour (both spinners in preview mode) when set.
    public var color: RGBA8?
    /// The spinner's animation; the documentation's is ``documentationAnimation``.
    public var animation: Animation = BuiltInExample.documentationAnimation
    /// The property the animation drives.
    public var effect: SpinnerEffect = .rotation

    /// `.linear(duration: 2).repeatForever(autoreverses: false)`, the page's animation.
    public static let documentationAnimation = Animation.linear(duration: 2).repeatForever(autoreverses: false)

    /// The page's explicit spinner, as written.
    public init() {}
}

/// The options that reshape the built-in example (`--animation`, `--effect`, `--point-size`,
/// `--weight`, `--symbol-scale`, `--color`): each is applied as the SwiftUI code a user would
/// write for it, so `spinrender source` shows exactly what is rendered.
public struct SourceShaping: Hashable, Sendable {
    /// Replaces `.linear(duration: 2).repeatForever(autoreverses: false)` in both spinners.
    public var animation: Animation?
    /// What the animation drives: `.rotationEffect` (the page's), `.scaleEffect` or `.opacity`.
    public var effect: SpinnerEffect = .rotation
    /// `.font(.system(size:weight:))` on the symbol; `nil` keeps the body style (17 pt regular).
    public var pointSize: Double?
    /// See ``pointSize``.
    public var weight: SymbolWeight?
    /// `.imageScale(_:)` on the symbol; `nil` keeps `.medium`.
    public var symbolScale: SymbolScale?
    /// `.foregroundColor(Color(red:green:blue:))` on both spinners.
    public var color: RGBA8?

    /// No change: the page's code.
    public init() {}

    /// Whether the options leave the page's code as it is.
    public var isEmpty: Bool { self == SourceShaping() }
}

extension DocumentationSource {
    /// The page's code with `shaping` applied as SwiftUI modifiers and arguments.
    ///
    /// - Parameter shaping: The options; an empty one gives ``text`` unchanged.
    /// - Returns: Swift source text.
    public static func text(shapedBy shaping: SourceShaping) -> String {
        var source = text
        if let animation = shaping.animation {
            source = source.replacing(pageAnimation, with: animation.description)
        }
        switch shaping.effect {
        case .rotation: break
        case .scale: source = source.replacing(pageEffect, with: ".scaleEffect(animating ? 0.5 : 1)")
        case .opacity: source = source.replacing(pageEffect, with: ".opacity(animating ? 0 : 1)")
        }
        var symbolModifiers: [String] = []
        if shaping.pointSize != nil || shaping.weight != nil {
            let size = Spelling.number(shaping.pointSize ?? 17)
            let weight = shaping.weight.map { ", weight: .\($0.swiftName)" } ?? ""
            symbolModifiers.append(".font(.system(size: \(size)\(weight)))")
        }
        if let scale = shaping.symbolScale {
            symbolModifiers.append(".imageScale(.\(scale.rawValue))")
        }
        var colorModifier: String?
        if let color = shaping.color {
            let channels = [color.r, color.g, color.b].map { Spelling.number(Double($0) / 255) }
            let modifier = ".foregroundColor(Color(red: \(channels[0]), green: \(channels[1]), blue: \(channels[2])))"
            source = source.replacing(".foregroundColor(.orange)", with: modifier)
            colorModifier = modifier
        }
        guard !symbolModifiers.isEmpty || colorModifier != nil else { return source }
        // Modifiers go on the line after each `Image(systemName: "rays")`; a spinner without a
        // colour of its own (Spinner) also gets the colour there.
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var shaped: [Substring] = []
        for (index, line) in lines.enumerated() {
            shaped.append(line)
            guard line.drop(while: { $0 == " " }).hasPrefix(symbolLine) else { continue }
            shaped.append(contentsOf: symbolModifiers.map { Substring(indent + $0) })
            let next = index + 1 < lines.count ? lines[index + 1].drop(while: { $0 == " " }) : ""
            if let colorModifier, !next.hasPrefix(".foregroundColor(") {
                shaped.append(Substring(indent + colorModifier))
            }
        }
        return shaped.joined(separator: "\n")
    }

    private static let pageAnimation = ".linear(duration: 2).repeatForever(autoreverses: false)"
    private static let pageEffect = ".rotationEffect(animating ? .degrees(360) : .zero)"
    private static let symbolLine = "Image(systemName: \"rays\")"
    private static let indent = "            "
}

extension DocumentationSource {
    /// The script of `example.mode`'s view of the page's code, shaped by `example`'s shaping
    /// options: what `--mode` renders, read by the same reader as a user's file.
    ///
    /// The shaped text is generated from validated values, so it always reads; a failure
    /// would be a defect of ``text(shapedBy:)`` (every shaping is covered by the tests).
    public static func script(for example: BuiltInExample) -> ViewScript {
        let text = text(shapedBy: SourceShaping(example))
        do {
            let program = try SwiftProgram(parsing: text, fileName: fileName)
            return try program.script(view: viewName(for: example.mode))
        } catch {
            preconditionFailure("the built-in source does not interpret: \(error)")
        }
    }
}

extension SourceShaping {
    /// The shaping options of `example`, as modifiers: only those that differ from the page's
    /// code.
    public init(_ example: BuiltInExample) {
        self.init()
        if example.animation != BuiltInExample.documentationAnimation { animation = example.animation }
        effect = example.effect
        if example.pointSize != 17 || example.weight != .regular {
            pointSize = example.pointSize
            weight = example.weight == .regular ? nil : example.weight
        }
        if example.symbolScale != .medium { symbolScale = example.symbolScale }
        color = example.color
    }
}

extension SymbolWeight {
    /// The weight as SwiftUI's `Font.Weight` spells it (`ultraLight`).
    var swiftName: String { self == .ultralight ? "ultraLight" : rawValue }
}
