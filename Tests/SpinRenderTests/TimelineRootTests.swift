import Scene
import SpinRender
import Testing

/// A `TimelineView` made outside a view's body, as public loaders make it (a `View` extension
/// that returns one, a `#Preview` of one): checked by the rotation its content has at each tick.
@Suite("Timelines at the root") struct TimelineRootTests {
    /// The rotations in a tree, outermost first.
    static func rotations(_ node: ViewNode) -> [Double] {
        switch node {
        case let .modified(child, modifier):
            if case let .effect(.rotation(degrees, _), _) = modifier { return [degrees] + rotations(child) }
            return rotations(child)
        case let .stack(_, _, _, children): return children.flatMap(rotations)
        case let .conditional(_, child), let .custom(_, child): return rotations(child)
        default: return []
        }
    }

    static let ticking = """
        import SwiftUI

        extension View {
            @ViewBuilder
            func ticking(_ active: Bool = true) -> some View {
                if active {
                    TimelineView(.periodic(from: .now, by: 0.25)) { context in
                        let turn = context.date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 1)
                        Image(systemName: "arrow.triangle.2.circlepath")
                            .rotationEffect(.degrees(turn * 360))
                    }
                } else {
                    self
                }
            }
        }
        """

    /// A `TimelineView` returned by a `View` extension (the file's only declaration, shown on a
    /// text), at the root of a `#Preview`, or of a `--view` expression, was drawn once and
    /// never updated: its content was made with the root, which is made once. It now updates
    /// at every tick of its schedule, as it does inside a view's body: t = 0 on the render's
    /// clock is 2026-01-01 00:00:00 UTC and 2⁻¹⁰ s, 788 918 400 + 2⁻¹⁰ s after the reference
    /// date, so the symbol stands at 360° / 1024 and turns 90° every 0.25 s (every value exact
    /// in binary).
    @Test(arguments: [
        (ticking, nil as String?),
        (ticking, "Text(\"a\").ticking()"),
        (ticking + "\n#Preview { Text(\"a\").ticking() }\n", nil),
        ("""
        import SwiftUI
        #Preview {
            TimelineView(.periodic(from: .now, by: 0.25)) { context in
                Image(systemName: "arrow.triangle.2.circlepath")
                    .rotationEffect(.degrees(context.date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 1) * 360))
            }
        }
        """, nil),
    ])
    func aTimelineAtTheRootUpdates(_ source: String, _ view: String?) throws {
        let script = try SwiftProgram(parsing: source, fileName: "Loader.swift").script(view: view, horizonSeconds: 1.1)
        let start = 360.0 / 1024
        #expect(Self.rotations(script.initial) == [start])
        let changes = Array(script.changes.prefix(4))
        #expect(changes.map(\.timeSeconds) == [0.25, 0.5, 0.75, 1.0])
        #expect(changes.map { Self.rotations($0.root) } == [[90 + start], [180 + start], [270 + start], [start]])
        #expect(changes.allSatisfy { $0.transaction == Transaction() })
    }

    /// A timeline's content drawn from the date's fraction of a second repeats every second:
    /// at 60 updates a second over the 10 s horizon every tree is the one 60 updates earlier, so
    /// the script is declared repeating from 0 with a 1 s period (it ran 10 s and the GIF held
    /// the last picture 2 s more: 12 s, the last 2 s still), and a looping render is 1 s long.
    @Test func aTimelineWhosePictureRepeatsLoopsWithIt() throws {
        let source = Self.ticking.replacingOccurrences(of: ".periodic(from: .now, by: 0.25)", with: ".animation")
        let script = try SwiftProgram(parsing: source, fileName: "Loader.swift").script(view: nil)
        let repeating = try #require(script.repeating)
        #expect(repeating.start == 0)
        #expect(abs(repeating.period - 1) < 1e-9)
        #expect(script.changes.count == 60)
        var request = RenderRequest()
        try request.setSource(source, fileName: "Loader.swift", view: nil)
        #expect(abs(request.effectiveDurationSeconds - 1) < 1e-9)
    }

    /// A shimmer whose phase is the reference date's remainder over 1.6 s, updated 30 times a
    /// second: the render's epoch is far from the reference date, so each period's trees differ
    /// from the last in the seventh decimal; it still loops every 1.6 s (48 updates), where it
    /// ran 10 s and stood still 2 s.
    @Test func aTimelineOfARemainderOfALargeDateLoops() throws {
        let source = """
            import SwiftUI
            struct Thinking: View {
                var body: some View {
                    TimelineView(.animation(minimumInterval: 1.0 / 30)) { context in
                        let phase = context.date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 1.6) / 1.6
                        Text("Thinking…")
                            .foregroundStyle(LinearGradient(stops: [.init(color: .secondary, location: phase - 0.3),
                                                                    .init(color: .primary, location: phase),
                                                                    .init(color: .secondary, location: phase + 0.3)],
                                                            startPoint: .leading, endPoint: .trailing))
                    }
                }
            }
            """
        let script = try SwiftProgram(parsing: source, fileName: "Thinking.swift").script(view: nil)
        let repeating = try #require(script.repeating)
        #expect(repeating.start == 0)
        #expect(abs(repeating.period - 1.6) < 1e-9)
        #expect(script.changes.count == 48)
    }

    /// Content that never comes back (a turn that keeps growing, 50° a second, not wrapped) is
    /// not declared repeating: it runs to the horizon, 40 updates of 0.25 s.
    @Test func aTimelineWhosePictureDoesNotRepeatRunsToTheHorizon() throws {
        let source = """
            import SwiftUI
            struct Drifting: View {
                let start = Date()
                var body: some View {
                    TimelineView(.periodic(from: .now, by: 0.25)) { context in
                        Image(systemName: "arrow.triangle.2.circlepath")
                            .rotationEffect(.degrees(context.date.timeIntervalSince(start) * 50))
                    }
                }
            }
            """
        let script = try SwiftProgram(parsing: source, fileName: "Loader.swift").script(view: nil)
        #expect(script.repeating == nil)
        #expect(script.changes.count == 40)
        #expect(script.changes.last.map { Self.rotations($0.root) } == [500])
    }
}
