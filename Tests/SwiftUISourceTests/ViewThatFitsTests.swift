import Scene
import SwiftUISource
import Testing

/// `ViewThatFits(in:content:)` as loaders write it: its axes (an `Axis.Set`, one axis or an
/// array of them, both by default) and its alternatives, the views its builder makes, in order.
@Suite("ViewThatFits")
struct ViewThatFitsTests {
    static func source(_ container: String) -> String {
        """
        import SwiftUI
        struct Loader: View {
            var body: some View {
                \(container) {
                    Capsule().frame(width: 200, height: 20)
                    ProgressView()
                }
            }
        }
        """
    }

    /// The container's tree: a `fitting` stack of its two alternatives, with the axes written.
    @Test(arguments: [
        ("ViewThatFits", AxisSet([.horizontal, .vertical])),
        ("ViewThatFits(in: [.horizontal, .vertical])", AxisSet([.horizontal, .vertical])),
        ("ViewThatFits(in: .horizontal)", AxisSet.horizontal),
        ("ViewThatFits(in: .vertical)", AxisSet.vertical),
        ("ViewThatFits(in: [.vertical])", AxisSet.vertical),
        ("ViewThatFits(in: [])", AxisSet()),
    ] as [(String, AxisSet)])
    func axesAndAlternatives(container: String, axes: AxisSet) throws {
        let script = try SwiftProgram(parsing: Self.source(container), fileName: "Loader.swift").script(view: "Loader")
        guard case let .custom(name, .stack(axis, _, _, children)) = script.initial else {
            Issue.record("not a container: \(script.initial)")
            return
        }
        #expect(name == "Loader")
        #expect(axis == .fitting(axes))
        #expect(children.count == 2)
        #expect(children.last == .progressView)
    }

    /// An axis that is not an `Axis.Set` is refused at the argument, at its line and column.
    @Test(arguments: [
        ("ViewThatFits(in: .diagonal)", "type 'Axis.Set' has no member 'diagonal'"),
        ("ViewThatFits(in: 3)", "expected an Axis.Set, not a value of type 'Int'"),
    ])
    func aWrongAxisIsLocated(container: String, message: String) throws {
        let source = Self.source(container)
        #expect {
            _ = try SwiftProgram(parsing: source, fileName: "Loader.swift").script(view: "Loader")
        } throws: { error in
            guard case let .source(diagnostic) = error as? SwiftUISourceError else { return false }
            return diagnostic.line == 4 && diagnostic.column == 26 && diagnostic.message == message
                && diagnostic.summary == "Loader.swift:4:26: error: \(message)"
        }
    }
}
