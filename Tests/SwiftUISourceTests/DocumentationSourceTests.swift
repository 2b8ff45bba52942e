import Motion
import Scene
import SpinRender
import SwiftUISource
import Testing

/// The documentation page's code, verbatim, read into the scripts its views run, written out by
/// hand from the code's meaning in SwiftUI.
@Suite("The documentation's code")
struct DocumentationSourceTests {
    static let spin = Animation.linear(duration: 2).repeatForever(autoreverses: false)

    /// `Image(systemName: "rays")…rotationEffect(angle)…animation(spin)` — the implicit spinner.
    static func spinner(degrees: Double) -> ViewNode {
        .custom(name: "Spinner", body: .modified(
            .modified(.symbol(.rays), .rotationEffect(degrees: degrees, anchor: .center)),
            .animation(spin, value: nil)
        ))
    }

    /// `Image(systemName: "rays").foregroundColor(.orange).rotationEffect(angle)` — the explicit one.
    static func spinner2(degrees: Double) -> ViewNode {
        .custom(name: "Spinner2", body: .modified(
            .modified(.symbol(.rays), .foregroundStyle(.system("orange"))),
            .rotationEffect(degrees: degrees, anchor: .center)
        ))
    }

    static func contentView(_ first: Double, _ second: Double) -> ViewNode {
        .custom(name: "ContentView", body: .modified(
            .modified(
                .stack(.vertical, alignment: .center, spacing: nil, children: [spinner(degrees: first), spinner2(degrees: second)]),
                .padding(EdgeInsets(all: 8))
            ),
            .border(.system("secondary"), width: 1)
        ))
    }

    static func program(_ text: String = DocumentationSource.text) throws -> SwiftProgram {
        try SwiftProgram(parsing: text, fileName: DocumentationSource.fileName)
    }

    @Test func viewNamesInSourceOrder() throws {
        #expect(try Self.program().viewNames == ["Spinner", "Spinner2", "ContentView"])
        #expect(try Self.program().defaultViewName() == "ContentView")
    }

    @Test func implicitSpinner() throws {
        let script = try Self.program().script(view: "Spinner")
        // onAppear { self.animating = true }: one plain change at t = 0, no animation of its
        // own; the tree carries `.animation(_:)` (value nil: every change).
        #expect(script == ViewScript(initial: Self.spinner(degrees: 0), changes: [
            ViewChange(timeSeconds: 0, transaction: Transaction(), root: Self.spinner(degrees: 360)),
        ]))
    }

    @Test func explicitSpinner() throws {
        let script = try Self.program().script(view: "Spinner2")
        #expect(script == ViewScript(initial: Self.spinner2(degrees: 0), changes: [
            ViewChange(timeSeconds: 0, transaction: Transaction(animation: Self.spin), root: Self.spinner2(degrees: 360)),
        ]))
    }

    @Test func preview() throws {
        let script = try Self.program().script(view: nil)
        // Each spinner has its own state; their onAppear actions run in tree order.
        #expect(script == ViewScript(initial: Self.contentView(0, 0), changes: [
            ViewChange(timeSeconds: 0, transaction: Transaction(), root: Self.contentView(360, 0)),
            ViewChange(timeSeconds: 0, transaction: Transaction(animation: Self.spin), root: Self.contentView(360, 360)),
        ]))
    }

    /// Every option that reshapes the built-in source writes code that reads back, with the
    /// values it wrote.
    @Test(arguments: [Animation?.none, .easeInOut(duration: 1), .spring(response: 0.4, dampingFraction: 0.6).delay(0.25),
                      .linear(duration: 1.5).repeatCount(3, autoreverses: true).speed(2)])
    func shapedSourcesParse(animation: Animation?) throws {
        // Each weight once and each scale at least once, paired round-robin: they are written
        // as separate modifiers, so their cross product adds nothing but time.
        let weights = [SymbolWeight?.none] + SymbolWeight.allCases
        let scales = [SymbolScale?.none] + SymbolScale.allCases
        let pairs = (0..<max(weights.count, scales.count)).map { (weights[$0 % weights.count], scales[$0 % scales.count]) }
        for effect in SpinnerEffect.allCases {
            for (weight, scale) in pairs {
                var shaping = SourceShaping()
                shaping.animation = animation
                shaping.effect = effect
                shaping.weight = weight
                // A point size alone (with the small scale) writes `.font(.system(size: 20))`.
                shaping.pointSize = weight != nil ? 34 : scale == .small ? 20 : nil
                shaping.symbolScale = scale
                shaping.color = scale == .large ? RGBA8(r: 255, g: 128, b: 0, a: 255) : nil
                let program = try Self.program(DocumentationSource.text(shapedBy: shaping))
                let script = try program.script(view: "Spinner")
                var modifiers: [ViewModifier] = []
                collect(script.changes[0].root, into: &modifiers)
                let expectedAnimation = animation ?? Self.spin
                #expect(modifiers.contains(.animation(expectedAnimation, value: nil)))
                if let weight {
                    #expect(modifiers.contains(.font(FontValue(pointSize: 34, weight: weight))))
                } else if scale == .small {
                    #expect(modifiers.contains(.font(FontValue(pointSize: 20))))
                }
                if let scale { #expect(modifiers.contains(.imageScale(scale))) }
                if shaping.color != nil {
                    #expect(modifiers.contains(.foregroundStyle(.rgb(red: 1, green: 128.0 / 255, blue: 0, opacity: 1))))
                }
                switch effect {
                case .rotation: #expect(modifiers.contains(.rotationEffect(degrees: 360, anchor: .center)))
                case .scale: #expect(modifiers.contains(.scaleEffect(x: 0.5, y: 0.5, anchor: .center)))
                case .opacity: #expect(modifiers.contains(.opacity(0)))
                }
                let explicit = try program.script(view: "Spinner2")
                #expect(explicit.changes.map(\.transaction) == [Transaction(animation: expectedAnimation)])
                _ = try program.script(view: "ContentView")
            }
        }
    }

    private func collect(_ node: ViewNode, into modifiers: inout [ViewModifier]) {
        switch node {
        case let .modified(inner, modifier):
            modifiers.append(modifier)
            collect(inner, into: &modifiers)
        case let .custom(_, body): collect(body, into: &modifiers)
        case let .conditional(_, inner): collect(inner, into: &modifiers)
        case let .stack(_, _, _, children): children.forEach { collect($0, into: &modifiers) }
        default: break
        }
    }

    /// Other spellings of the same code give the same scripts.
    @Test(arguments: [
        ("Animation.linear(duration: 2)", ".linear(duration: 2)"),
        ("@State var animating: Bool = false", "@State private var animating = false"),
        ("Angle(degrees: 360)", ".degrees(360)"),
        ("Angle.degrees(360.0)", ".degrees(360)"),
        (".radians(2 * .pi)", ".degrees(360)"),
        ("Angle.zero", ".zero"),
        (".degrees(0)", ".zero"),
        (".onAppear() {", ".onAppear {"),
        (".onAppear(perform: {", ".onAppear {"),
        ("animating = true", "self.animating = true"),
        ("animating.toggle()", "self.animating = true"),
        ("self.animating.toggle()", "self.animating = true"),
        ("var body: some View { return Image(", "var body: some View { \n        Image("),
        ("SwiftUI.Animation.linear(duration: 2.0).repeatForever(autoreverses: false)", ".linear(duration: 2).repeatForever(autoreverses: false)"),
    ])
    func otherSpellings(variant: String, original: String) throws {
        var text = DocumentationSource.text.replacing(original, with: variant)
        if variant == ".onAppear(perform: {" {
            // Close the argument list after the closure.
            text = text.replacing("{ self.animating = true }", with: "{ self.animating = true })")
                .replacing("                }\n            }\n    }\n}\n\nstruct ContentView", with: "                }\n            })\n    }\n}\n\nstruct ContentView")
        }
        #expect(text != DocumentationSource.text)
        let variantProgram = try Self.program(text)
        let original = try Self.program()
        for view in ["Spinner", "Spinner2", "ContentView"] {
            let a = try variantProgram.script(view: view), b = try original.script(view: view)
            if view == "Spinner", variant.hasPrefix(".radians") {
                // 2π radians is 360° up to rounding.
                guard case let .custom(_, .modified(.modified(_, .effect(.rotation(degrees, _), _)), _)) = a.changes[0].root else {
                    Issue.record("unexpected tree \(a)")
                    continue
                }
                #expect(abs(degrees - 360) < 1e-9)
                continue
            }
            if variant.hasPrefix(".radians") { continue }
            #expect(a == b, "\(view) with \(variant)")
        }
    }

    @Test func foregroundStyleEqualsForegroundColor() throws {
        let text = DocumentationSource.text.replacing(".foregroundColor(.orange)", with: ".foregroundStyle(Color.orange)")
        #expect(try Self.program(text).script(view: "Spinner2") == Self.program().script(view: "Spinner2"))
    }
}
