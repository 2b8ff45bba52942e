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
            if case let .effect(.rotation(degrees, _)) = modifier { return [degrees] + rotations(child) }
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
    /// clock is 2026-01-01 00:00:00 UTC, 788 918 400 s after the reference date (a whole
    /// number), so the symbol turns 90° every 0.25 s.
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
        #expect(Self.rotations(script.initial) == [0])
        let changes = Array(script.changes.prefix(4))
        #expect(changes.map(\.timeSeconds) == [0.25, 0.5, 0.75, 1.0])
        #expect(changes.map { Self.rotations($0.root) } == [[90], [180], [270], [0]])
        #expect(changes.allSatisfy { $0.transaction == Transaction() })
    }
}
