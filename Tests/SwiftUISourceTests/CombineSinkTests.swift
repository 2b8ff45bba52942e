import Motion
import Scene
import SwiftUISource
import Testing

/// Combine's `sink` on a timer publisher, kept in an `ObservableObject` that a view holds with
/// `@StateObject`: the shape of view-model loaders. The object is made once per view place (its
/// initial value is an autoclosure in SwiftUI), so its timer ticks once per interval however
/// often the view's struct is made again; a timer started each time a view is made is refused
/// at a cap instead of multiplying.
@Suite struct CombineSinkTests {
    func texts(_ node: ViewNode) -> [String] { node.texts }

    static let ticker = """
        import Combine
        final class Ticker: ObservableObject {
            static var made = 0
            @Published var count = 0
            private var subscription: AnyCancellable?
            init(every interval: Double = 0.25, stopAfter last: Int = 100) {
                Ticker.made += 1
                subscription = Timer.publish(every: interval, on: .main, in: .common)
                    .autoconnect()
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] _ in
                        guard let self else { return }
                        count += 1
                        if count == last { subscription?.cancel() }
                    }
            }
        }
        struct Counter: View {
            @StateObject private var ticker = Ticker(stopAfter: 6)
            var body: some View { Text("\\(ticker.count)/\\(Ticker.made)") }
        }

        """

    /// The parent's own state changes every 0.1 s (its body makes a new `Counter` each time):
    /// the counter still counts once per 0.25 s, and stops at 6 when the subscription is cancelled.
    @Test func aStateObjectIsMadeOnceAndItsSinkTicksOnTheClock() throws {
        let source = Self.ticker + """
            struct ContentView: View {
                @State private var blink = false
                var body: some View {
                    VStack {
                        Counter()
                        Circle().frame(width: 8, height: 8).opacity(blink ? 1 : 0.2)
                    }
                    .onReceive(Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()) { _ in blink.toggle() }
                }
            }
            """
        let script = try SwiftProgram(parsing: source, fileName: "Counter.swift").script(view: "ContentView", horizonSeconds: 3)
        #expect(texts(script.initial) == ["0/1"])
        var last = 0
        for (index, change) in script.changes.enumerated() {
            // Several timers fire at 1 s, 2 s …: the last change at each time has them all.
            if index + 1 < script.changes.count, abs(script.changes[index + 1].timeSeconds - change.timeSeconds) < 1e-9 { continue }
            let text = try #require(texts(change.root).first)
            // One object made, however often the parent's body made a new Counter.
            #expect(text.hasSuffix("/1"), "at \(change.timeSeconds) s: \(text)")
            let shown = try #require(Int(text.prefix { $0 != "/" }))
            // At t the counter shows the ticks at 0.25, 0.5, … up to t, at most 6.
            let expected = min(6, Int((change.timeSeconds / 0.25 + 1e-9).rounded(.down)))
            #expect(shown == expected, "at \(change.timeSeconds) s")
            last = shown
        }
        #expect(last == 6)
    }

    /// A root view made by the file's `#Preview` holds its object with `@ObservedObject`: the
    /// preview's content is made once, so one object and one timer.
    @Test func aPreviewsObservedObjectIsMadeOnce() throws {
        let source = Self.ticker + """
            struct Face: View {
                @ObservedObject var ticker = Ticker(every: 0.5)
                var body: some View { Text("\\(ticker.count)/\\(Ticker.made)") }
            }
            #Preview { Face() }
            """
        let script = try SwiftProgram(parsing: source, fileName: "Face.swift").script(view: nil, horizonSeconds: 2)
        #expect(script.changes.map(\.timeSeconds) == [0.5, 1, 1.5, 2])
        #expect(script.changes.map { texts($0.root) } == [["1/1"], ["2/1"], ["3/1"], ["4/1"]])
    }

    /// A body that makes a ticking object each time it runs multiplies timers on every tick: it
    /// is refused at the cap, fast, at the `sink` that starts the timer.
    @Test func timersThatMultiplyAreRefusedAtTheCap() throws {
        let source = Self.ticker + """
            struct Leaky: View {
                @State private var seen = 0
                var body: some View {
                    let ticker = Ticker(every: 0.01)
                    Text("\\(seen) \\(ticker.count)")
                        .onReceive(Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()) { _ in seen += 1 }
                }
            }
            """
        let program = try SwiftProgram(parsing: source, fileName: "Leaky.swift")
        let clock = ContinuousClock()
        let started = clock.now
        #expect {
            _ = try program.script(view: "Leaky")
        } throws: { error in
            "\(error)".contains("Leaky.swift:11:14:") && "\(error)".contains("more than 1000 timers running at once")
        }
        #expect(clock.now - started < .seconds(20))
    }
}
