import Scene
import SwiftUISource
import Testing

/// `ProgressView` forms beyond the built-in bar: a `ProgressViewStyle` of the file's own reading
/// `fractionCompleted`, a value animated `withAnimation` through it, and `controlSize` on the
/// circular and linear forms.
@Suite("Progress view styles and sizes")
struct ProgressStyleTests {
    func engine(_ body: String, state: String = "", declarations: String = "") throws -> ViewEngine {
        let text = """
            \(declarations)
            struct S: View {
                \(state)
                var body: some View {
                    \(body)
                }
            }

            """
        let script = try SwiftProgram(parsing: text, fileName: "S.swift").script(view: "S")
        return ViewEngine(script: script, output: SceneConfiguration())
    }

    /// A bar style of the file's own, 100 pt long at `fractionCompleted` 1.
    let barStyle = """
        struct BarStyle: ProgressViewStyle {
            func makeBody(configuration: Configuration) -> some View {
                Rectangle()
                    .frame(width: 100 * (configuration.fractionCompleted ?? 0.5), height: 4)
            }
        }
        """

    /// A style that decorates the system's progress view with `ProgressView(configuration)`:
    /// what it draws inside its padding is the plain progress view of the same value (the bar
    /// and the spinner laid out the same), not a refusal of the configuration as a label.
    @Test func aStyleWrapsTheSystemProgressViewOfItsConfiguration() throws {
        let card = """
            struct Card: ProgressViewStyle {
                func makeBody(configuration: Configuration) -> some View {
                    ProgressView(configuration).padding(30)
                }
            }
            """
        for (styled, plain) in [("ProgressView(value: 0.4)", "ProgressView(value: 0.4)"), ("ProgressView()", "ProgressView()")] {
            let wrapped = try engine("\(styled).progressViewStyle(Card()).frame(width: 200)", declarations: card)
            let direct = try engine("\(plain).padding(30).frame(width: 200)")
            let a = wrapped.views(atSeconds: 0.3), b = direct.views(atSeconds: 0.3)
            #expect(a.count == b.count && !a.isEmpty, "\(styled)")
            for (x, y) in zip(a, b) { #expect(x.frame == y.frame, "\(styled)") }
        }
    }

    /// `ProgressView(value:label:currentValueLabel:)`: laid out and drawn as the same view with
    /// its label alone (the current-value label is accepted and not drawn).
    @Test func aCurrentValueLabelIsAcceptedAndNotDrawn() throws {
        let with = try engine("ProgressView(value: 0.3) { Text(\"Downloading\") } currentValueLabel: { Text(\"30%\") }.frame(width: 200)")
        let without = try engine("ProgressView(value: 0.3) { Text(\"Downloading\") }.frame(width: 200)")
        let a = with.views(atSeconds: 0), b = without.views(atSeconds: 0)
        #expect(a.count == b.count && !a.isEmpty)
        for (x, y) in zip(a, b) { #expect(x.frame == y.frame) }
        #expect(with.canvasWidth == without.canvasWidth && with.canvasHeight == without.canvasHeight)
    }

    @Test func customStyleReadsTheFraction() throws {
        for (value, width) in [("0.3", 30.0), ("nil", 50.0), ("2, total: 8", 25.0)] {
            let engine = try engine("ProgressView(value: \(value)).progressViewStyle(BarStyle())", declarations: barStyle)
            let bar = try #require(engine.views(atSeconds: 0).first)
            #expect(abs(bar.frame.width - width) < 1e-9, "value \(value)")
            #expect(bar.frame.height == 4)
        }
        let spinner = try engine("ProgressView().progressViewStyle(BarStyle())", declarations: barStyle)
        #expect(try #require(spinner.views(atSeconds: 0).first).frame.width == 50)
    }

    /// `withAnimation(.linear(duration: 1)) { progress = 0.6 }` on appear: the style's bar is
    /// 60 t pt long at every frame of the second.
    @Test func customStyleAnimatesTheValue() throws {
        let engine = try engine("ProgressView(value: progress).progressViewStyle(BarStyle())\n.onAppear { withAnimation(.linear(duration: 1)) { progress = 0.6 } }",
                                state: "@State private var progress = 0.0", declarations: barStyle)
        for frame in 0...60 {
            let t = Double(frame) / 50
            let bar = try #require(engine.views(atSeconds: t).first)
            #expect(abs(bar.frame.width - 60 * min(1, t)) < 1e-9, "t = \(t)")
        }
    }

    @Test func customStyleElsewhereIsRefused() throws {
        let text = "\(barStyle)\nstruct S: View {\n    var body: some View {\n        VStack { ProgressView() }.progressViewStyle(BarStyle())\n    }\n}\n"
        let program = try SwiftProgram(parsing: text, fileName: "S.swift")
        do {
            _ = try program.script(view: "S")
            Issue.record("expected a refusal")
        } catch let .source(diagnostic) {
            #expect(diagnostic.message.hasPrefix("a ProgressViewStyle of the file's own is supported on a ProgressView itself"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The circular indicator's side by control size (UIActivityIndicatorView's medium style is
    /// 20 pt, large 37 pt; SwiftUI draws mini and small at 20 pt too on iOS), with its label 8
    /// pt under it; the linear bar stays 4 pt tall at every control size.
    @Test(arguments: [("mini", 20.0), ("small", 20.0), ("regular", 20.0), ("large", 37.0), ("extraLarge", 37.0)])
    func controlSizeSizesEveryForm(size: String, side: Double) throws {
        let circular = try engine("ProgressView().controlSize(.\(size))")
        let indicator = try #require(circular.views(atSeconds: 0).first)
        #expect(indicator.frame.width == side && indicator.frame.height == side)
        let labelled = try engine("ProgressView(\"Loading\").controlSize(.\(size))")
        let views = labelled.views(atSeconds: 0)
        try #require(views.count == 2)
        // The indicator, then its label (both named after the view they are in).
        let spinner = views[0], label = views[1]
        #expect(spinner.frame.width == side)
        #expect(abs(label.frame.minY - (spinner.frame.maxY + 8)) < 1e-9)
        let linear = try engine("ProgressView(value: 0.5).controlSize(.\(size)).frame(width: 200)")
        let bar = try #require(linear.views(atSeconds: 0).first)
        #expect(bar.frame.height == 4 && bar.frame.width == 200)
    }
}
