import Foundation
import Scene
import SwiftUISource
import Testing

/// `symbolEffect(_:options:value:)` and `symbolEffect(_:options:isActive:)` as loaders write
/// them, checked at every frame of 50 fps against the poses computed here from the effect's
/// assumed cycle (docs/symbols.md: pulse 1 s to 30 % opacity, bounce 0.5 s to ×1.2 or ×0.8,
/// scale 0.25 s to ×1.2, rotate one turn a second, breathe 2 s to ×1.1 and 70 % opacity, wiggle
/// 0.6 s with two swings of 10 % of the width), each cycle a rise and fall `(1 − cos 2πf) / 2`.
@Suite("Symbol effects")
struct SymbolEffectTests {
    func engine(_ modifiers: String, state: String = "", onAppear: String = "") throws -> ViewEngine {
        let text = """
            struct S: View {
                \(state)
                var body: some View {
                    Image(systemName: "wifi")\(modifiers)
                        .onAppear { \(onAppear) }
                }
            }

            """
        let script = try SwiftProgram(parsing: text, fileName: "S.swift").script(view: "S")
        return ViewEngine(script: script, output: SceneConfiguration())
    }

    /// The frame times of `seconds` at 50 fps.
    func frames(_ seconds: Double) -> [Double] { (0..<Int(seconds * 50)).map { Double($0) / 50 } }

    func hump(_ t: Double, cycle: Double) -> Double {
        let f = (t / cycle) - (t / cycle).rounded(.down)
        return (1 - cos(2 * Double.pi * f)) / 2
    }

    func sample(_ engine: ViewEngine, _ t: Double) throws -> ViewSample {
        try #require(engine.views(atSeconds: t).first)
    }

    @Test func pulseFadesToThirtyPercentEverySecond() throws {
        let engine = try engine(".symbolEffect(.pulse)")
        for t in frames(3) {
            let s = try sample(engine, t)
            #expect(abs(s.opacity - (1 - 0.7 * hump(t, cycle: 1))) < 1e-9, "t = \(t)")
            #expect(s.scaleFactor == 1 && s.rotationDegrees == 0)
        }
        #expect(engine.pictureRepeatSeconds == 1)
        #expect(engine.script.symbolEffectWarnings.count == 1)
        #expect(engine.script.symbolEffectWarnings[0].hasPrefix("'.symbolEffect(.pulse)' is drawn with assumed timing"))
    }

    @Test func bounceOnAValueChangePlaysOnce() throws {
        let engine = try engine(".symbolEffect(.bounce, value: taps)", state: "@State private var taps = 0",
                                onAppear: "DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { taps += 1 }")
        for t in frames(2) {
            let expected = t < 0.5 || t >= 1 ? 1 : 1 + 0.2 * hump(t - 0.5, cycle: 0.5)
            #expect(abs(try sample(engine, t).scaleFactor - expected) < 1e-9, "t = \(t)")
        }
    }

    @Test func bounceDownRepeatsTwiceAtDoubleSpeed() throws {
        let engine = try engine(".symbolEffect(.bounce.down, options: .repeat(2).speed(2), value: taps)",
                                state: "@State private var taps = 0",
                                onAppear: "DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { taps = 5 }")
        for t in frames(1.5) {
            // 0.25 s a cycle, two cycles from 0.2 s.
            let expected = t < 0.2 || t >= 0.7 ? 1 : 1 - 0.2 * hump(t - 0.2, cycle: 0.25)
            #expect(abs(try sample(engine, t).scaleFactor - expected) < 1e-9, "t = \(t)")
        }
    }

    @Test func rotateTurnsOnceASecondAndCounterClockwiseBackwards() throws {
        let clockwise = try engine(".symbolEffect(.rotate)")
        let counter = try engine(".symbolEffect(.rotate.counterClockwise, options: .speed(0.5))")
        for t in frames(2.5) {
            let f = t - t.rounded(.down)
            #expect(abs(try sample(clockwise, t).rotationDegrees - 360 * f) < 1e-9, "t = \(t)")
            let g = t / 2 - (t / 2).rounded(.down)
            #expect(abs(try sample(counter, t).rotationDegrees + 360 * g) < 1e-9, "t = \(t)")
        }
    }

    @Test func breatheGrowsAndFadesEveryTwoSeconds() throws {
        let engine = try engine(".symbolEffect(.breathe)")
        for t in frames(4) {
            let s = try sample(engine, t)
            #expect(abs(s.scaleFactor - (1 + 0.1 * hump(t, cycle: 2))) < 1e-9, "t = \(t)")
            #expect(abs(s.opacity - (1 - 0.3 * hump(t, cycle: 2))) < 1e-9, "t = \(t)")
        }
    }

    @Test func wiggleSwingsSidewaysTwiceACycle() throws {
        let engine = try engine(".symbolEffect(.wiggle.left, options: .nonRepeating, isActive: true)")
        let rest = try sample(engine, 2)
        for t in frames(1.2) {
            let s = try sample(engine, t)
            let f = t / 0.6
            let expected = t >= 0.6 ? 0 : -0.1 * rest.frame.width * sin(4 * Double.pi * f)
            #expect(abs((s.centre.x - rest.centre.x) - expected) < 1e-9, "t = \(t)")
            #expect(s.centre.y == rest.centre.y)
        }
    }

    /// `.scale.up` while active: ×1 before, easing to ×1.2 over 0.25 s once active, and back.
    @Test func scaleHoldsWhileActive() throws {
        let engine = try engine(".symbolEffect(.scale.up, isActive: on)", state: "@State private var on = false",
                                onAppear: "DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { on = true }; DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { on = false }")
        var previous = 1.0
        for t in frames(2.2) {
            let scale = try sample(engine, t).scaleFactor
            if t < 0.5 || t >= 1.75 {
                #expect(abs(scale - 1) < 1e-9, "t = \(t)")
            } else if t >= 0.75 && t < 1.5 {
                #expect(abs(scale - 1.2) < 1e-9, "t = \(t)")
            } else if t < 0.75 {
                #expect(scale >= previous && scale < 1.2, "t = \(t)")
            } else {
                #expect(scale <= previous && scale > 1, "t = \(t)")
            }
            previous = scale
        }
    }

    /// The pulse's frame drawn: the symbol's pixels at 1 − 0.7 × hump opacity, i.e. each pixel
    /// the static symbol's ink composited at that opacity.
    @Test func pulseFrameIsTheSymbolAtItsOpacity() throws {
        let pulsing = ViewRenderer(try engine(".symbolEffect(.pulse)"))
        let still = ViewRenderer(try engine(".opacity(0.3)"))
        let a = pulsing.render(atSeconds: 0.5), b = still.render(atSeconds: 0)
        #expect(a.width == b.width && a.height == b.height)
        var inked = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                #expect(a[x, y] == b[x, y])
                if b[x, y] != still.backgroundColor { inked += 1 }
            }
        }
        #expect(inked > 50)
    }

    /// `.variableColor` on `wifi`: its dot, then its three arcs from the innermost, each at
    /// full opacity when lit and 35 % when not; a 1.2 s cycle of three steps (four when
    /// reversing: up the arcs and back down).
    @Test(arguments: [("variableColor.iterative", false, false), ("variableColor", true, false),
                      ("variableColor.cumulative.reversing", true, true), ("variableColor.iterative.reversing.hideInactiveLayers", false, true)])
    func variableColorLightsTheArcsInTurn(effect: String, cumulative: Bool, reversing: Bool) throws {
        let engine = try engine(".symbolEffect(.\(effect))")
        let dimmed = effect.hasSuffix("hideInactiveLayers") ? 0.0 : 0.35
        for t in frames(2.4) {
            let views = engine.views(atSeconds: t)
            try #require(views.count == 4)
            #expect(views[0].opacity == 1)
            let f = t / 1.2 - (t / 1.2).rounded(.down)
            let sequence = reversing ? [0, 1, 2, 1] : [0, 1, 2]
            let step = sequence[min(sequence.count - 1, Int(f * Double(sequence.count)))]
            for layer in 0..<3 {
                let lit = cumulative ? layer <= step : layer == step
                #expect(views[1 + layer].opacity == (lit ? 1 : dimmed), "t = \(t), layer \(layer)")
            }
        }
        // A symbol without variable layers is drawn as it is ("Variable color animations affect
        // only symbols containing variable color layers").
        let heart = try SwiftProgram(parsing: "struct S: View {\n    var body: some View {\n        Image(systemName: \"heart.fill\").symbolEffect(.\(effect))\n    }\n}\n",
                                     fileName: "S.swift").script(view: "S")
        let still = ViewEngine(script: heart, output: SceneConfiguration())
        for t in frames(1.2) {
            let views = still.views(atSeconds: t)
            #expect(views.count == 1 && views[0].opacity == 1 && views[0].scaleFactor == 1)
        }
        // The warning says so, rather than that it is drawn with assumed timing; over `wifi`
        // and `waveform` both, it says both.
        #expect(heart.symbolEffectWarnings.count == 1)
        #expect(heart.symbolEffectWarnings.first?.hasSuffix(
            "' changes nothing on 'heart.fill': the library's drawing has no variable-colour layers (of its symbols only 'wifi' has), so it is drawn still; on a device it moves if SF Symbols gives the symbol such layers") == true)
        let both = try SwiftProgram(parsing: "struct S: View {\n    var body: some View {\n        HStack { Image(systemName: \"wifi\"); Image(systemName: \"waveform\") }.symbolEffect(.\(effect))\n    }\n}\n",
                                    fileName: "S.swift").script(view: "S")
        #expect(both.symbolEffectWarnings.count == 2)
        #expect(both.symbolEffectWarnings.first?.contains("changes nothing on 'waveform'") == true)
        #expect(both.symbolEffectWarnings.last?.contains("' is drawn with assumed timing") == true)
        #expect(engine.script.symbolEffectWarnings.count == 1 && engine.script.symbolEffectWarnings[0].contains("assumed timing"))
    }

    /// Effects without any drawing here are refused by name at the effect.
    @Test(arguments: [("appear", "'.symbolEffect(.appear)' is not supported"),
                      ("variableColor.up", "'.up' is not an option of '.variableColor'"),
                      ("pulse.up", "'.up' is not an option of '.pulse'")])
    func otherEffectsAreRefusedByName(effect: String, message: String) throws {
        let text = "struct S: View {\n    var body: some View {\n        Image(systemName: \"wifi\").symbolEffect(.\(effect), options: .repeating.speed(2))\n    }\n}\n"
        let program = try SwiftProgram(parsing: text, fileName: "S.swift")
        do {
            _ = try program.script(view: "S")
            Issue.record("expected a refusal")
        } catch let .source(diagnostic) {
            #expect(diagnostic.message.hasPrefix(message), "\(diagnostic.message)")
            #expect(diagnostic.line == 3 && diagnostic.column == 48)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
