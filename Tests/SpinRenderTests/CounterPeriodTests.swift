import Scene
import SpinRender
import Testing

/// Timers that count without end while the picture shows the count modulo a cycle, as public
/// typing indicators write them (`phase += 1` every 0.5 s, `String(repeating: "•", count:
/// phase % 3 + 1)`): the state never comes back, but the picture does, so the script is
/// declared repeating with the picture's period and a looping render is one period long.
@Suite struct CounterPeriodTests {
    static func source(interval: Double, body: String, increment: String = "phase += 1") -> String {
        """
        import SwiftUI
        struct Dots: View {
            @State private var phase = 0
            private let timer = Timer.publish(every: \(interval), on: .main, in: .common).autoconnect()
            var body: some View {
                \(body)
                    .onReceive(timer) { _ in
                        \(increment)
                    }
            }
        }
        """
    }

    /// Three trees, one every 0.5 s: the one at 1.5 s is the first tree again, and every tree
    /// to the 12 s horizon is the one 1.5 s earlier. The run was 12 s long and not a whole
    /// number of 0.5 s timer steps from a loop of its own; it is now 1.5 s.
    @Test func aCounterShownModuloACycleRepeatsWithTheCycle() throws {
        let source = Self.source(interval: 0.5, body: "Text(String(repeating: \"•\", count: (phase % 3) + 1))")
        let script = try SwiftProgram(parsing: source, fileName: "Dots.swift").script(view: nil)
        let repeating = try #require(script.repeating)
        #expect(repeating.start == 0)
        #expect(abs(repeating.period - 1.5) < 1e-9)
        #expect(script.changes.map(\.timeSeconds) == [0.5, 1.0, 1.5])
        #expect(script.changes[2].root == script.initial)
        #expect(script.changes[0].root != script.initial && script.changes[1].root != script.changes[0].root)
        var request = RenderRequest()
        try request.setSource(source, fileName: "Dots.swift", view: nil)
        #expect(abs(request.effectiveDurationSeconds - 1.5) < 1e-9)
    }

    /// A cycle that 12 s is not a whole number of: four states every 0.7 s repeat every 2.8 s
    /// (12 s would have cut the fifth loop short and jumped).
    @Test func aCycleThatTheHorizonIsNotAMultipleOfIsFound() throws {
        let source = Self.source(interval: 0.7, body: "Text(\"Loading\" + String(repeating: \".\", count: phase % 4))")
        let script = try SwiftProgram(parsing: source, fileName: "Dots.swift").script(view: nil)
        let repeating = try #require(script.repeating)
        #expect(abs(repeating.period - 2.8) < 1e-9)
        #expect(script.changes.count == 4)
        var request = RenderRequest()
        try request.setSource(source, fileName: "Dots.swift", view: nil)
        #expect(abs(request.effectiveDurationSeconds - 2.8) < 1e-9)
    }

    /// A count shown as it is never repeats: the run goes to the horizon, a change every 0.5 s.
    @Test func aCountShownWholeDoesNotRepeat() throws {
        let source = Self.source(interval: 0.5, body: "Text(\"\\(phase)\")")
        let script = try SwiftProgram(parsing: source, fileName: "Dots.swift").script(view: nil)
        #expect(script.repeating == nil)
        #expect(script.changes.count >= 20)
    }

    /// Animated changes are left as they were: whether the picture repeats depends on the
    /// animations in flight, which the trees alone do not show.
    @Test func animatedChangesAreNotDeclaredRepeating() throws {
        let source = Self.source(interval: 0.5, body: "Circle().frame(width: 10, height: 10).offset(y: phase % 2 == 0 ? 0 : -4)",
                                 increment: "withAnimation(.easeInOut(duration: 0.3)) { phase += 1 }")
        let script = try SwiftProgram(parsing: source, fileName: "Dots.swift").script(view: nil)
        #expect(script.repeating == nil)
    }
}
