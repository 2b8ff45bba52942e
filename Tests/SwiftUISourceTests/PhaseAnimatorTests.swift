import Motion
import Scene
import SwiftUISource
import Testing

/// `phaseAnimator(_:content:animation:)` and `PhaseAnimator`: the content of the current phase,
/// each move to the next phase in the animation the closure gives for it, the next move when that
/// animation completes, after the last phase the first again.
@Suite("Phase animators")
struct PhaseAnimatorTests {
    func modifiers(_ node: ViewNode) -> [ViewModifier] {
        treeModifiers(node)
    }

    func opacities(_ node: ViewNode) -> [Double] {
        modifiers(node).compactMap { if case let .effect(.opacity(value), _) = $0 { value } else { nil } }
    }

    func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func theModifierCyclesThroughItsPhasesForEver() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Pulse: View {
                var body: some View {
                    Circle()
                        .frame(width: 12, height: 12)
                        .phaseAnimator([false, true]) { content, phase in
                            content.opacity(phase ? 1 : 0.4)
                        } animation: { _ in
                            .easeInOut(duration: 0.6)
                        }
                }
            }
            """, fileName: "Pulse.swift")
        let script = try program.script(view: nil, horizonSeconds: 2)
        #expect(opacities(script.initial) == [0.4])
        // To phase true as the view appears, back to false when the 0.6 s animation completes,
        // true again: from then on the cycle repeats every 1.2 s.
        #expect(close(script.changes.map(\.timeSeconds), [0, 0.6, 1.2]), "\(script.changes.map(\.timeSeconds))")
        #expect(script.changes.map { opacities($0.root) } == [[1], [0.4], [1]])
        #expect(script.repeating.map { [$0.start, $0.period] }.map { close($0, [0, 1.2]) } == true, "\(String(describing: script.repeating))")
        #expect(script.changes.allSatisfy { $0.transaction == Transaction(animation: .easeInOut(duration: 0.6)) })
    }

    /// The view form, three phases, each move in its own animation: the cycle's times follow
    /// each animation's duration; no animation closure is SwiftUI's default animation.
    @Test func theViewFormTimesEachMoveByItsAnimation() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Fader: View {
                var body: some View {
                    PhaseAnimator([0.0, 0.5, 1.0]) { level in
                        Circle().opacity(level)
                    } animation: { level in
                        .linear(duration: level == 0 ? 0.2 : 0.4)
                    }
                }
            }
            struct Plain: View {
                var body: some View {
                    PhaseAnimator([0.2, 0.8]) { level in Circle().opacity(level) }
                }
            }
            """, fileName: "Fader.swift")
        let script = try program.script(view: "Fader", horizonSeconds: 1.5)
        #expect(opacities(script.initial) == [0])
        #expect(close(script.changes.map(\.timeSeconds), [0, 0.4, 0.8, 1.0, 1.4]), "\(script.changes.map(\.timeSeconds))")
        #expect(script.changes.map { opacities($0.root) } == [[0.5], [1], [0], [0.5], [1]])
        #expect(script.changes.map(\.transaction.animation) == [.linear(duration: 0.4), .linear(duration: 0.4), .linear(duration: 0.2),
                                                                 .linear(duration: 0.4), .linear(duration: 0.4)])
        let plain = try program.script(view: "Plain", horizonSeconds: 0.1)
        #expect(plain.changes.first?.transaction == Transaction(animation: .default))
        #expect(plain.changes.first.map { opacities($0.root) } == [0.8])
    }

    @Test func aTriggerIsRefusedByName() throws {
        let program = try SwiftProgram(parsing: """
            import SwiftUI
            struct Bounce: View {
                @State private var taps = 0
                var body: some View {
                    Circle().phaseAnimator([0.5, 1], trigger: taps) { content, scale in content.scaleEffect(scale) }
                }
            }
            """, fileName: "Bounce.swift")
        #expect { try program.script(view: nil) } throws: { error in
            "\(error)".contains("'phaseAnimator' with a 'trigger:' is not supported")
        }
    }
}
