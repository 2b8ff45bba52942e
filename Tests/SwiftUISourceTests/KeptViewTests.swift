import Motion
import Scene
import SwiftUISource
import Testing

/// A body runs again only when its view's inputs or the state it reads changed, as in SwiftUI:
/// the subtree made last time is kept otherwise. Checked two ways: on fixtures whose bodies
/// are pure (the shapes loaders take: sibling timers, bindings, values passed down, observable
/// objects, static storage, `ForEach`, custom modifiers, `onChange`), the script is the same
/// one that running every body on every update makes; and a body that is not pure (it draws a
/// random number) keeps what it made while only its sibling changes, where running every body
/// would draw again.
@Suite struct KeptViewTests {
    func scripts(_ source: String, horizon: Double = 4) throws -> (kept: ViewScript, everyBody: ViewScript) {
        let program = try SwiftProgram(parsing: source, fileName: "Loader.swift")
        var everyBody = program
        everyBody.keepsUnchangedViews = false
        return (try program.script(view: nil, horizonSeconds: horizon), try everyBody.script(view: nil, horizonSeconds: horizon))
    }

    /// Loader files whose bodies depend only on their inputs and state.
    static let pureFixtures: [(name: String, source: String)] = [
        ("sibling timers", """
            struct Dots: View {
                @State private var lit = 0
                let count: Int
                let timer = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
                var body: some View {
                    HStack(spacing: 4) {
                        ForEach(0..<count, id: \\.self) { index in
                            Circle().frame(width: 8, height: 8).opacity(lit == index ? 1 : 0.3)
                        }
                    }
                    .onReceive(timer) { _ in lit = (lit + 1) % count }
                }
            }
            struct Ring: View {
                @State private var turned = false
                var body: some View {
                    Circle().trim(from: 0, to: 0.7).stroke(Color.blue, lineWidth: 3)
                        .frame(width: 24, height: 24)
                        .rotationEffect(.degrees(turned ? 360 : 0))
                        .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { turned = true } }
                }
            }
            struct ContentView: View {
                var body: some View {
                    VStack { Dots(count: 3); Ring(); Dots(count: 4) }
                }
            }
            """),
        ("a binding the parent writes", """
            struct Bar: View {
                @Binding var progress: Double
                var body: some View {
                    Capsule().frame(width: 100 * progress, height: 6)
                }
            }
            struct Label: View {
                var body: some View { Text("Loading") }
            }
            struct ContentView: View {
                @State private var progress = 0.0
                var body: some View {
                    VStack {
                        Label()
                        Bar(progress: $progress)
                    }
                    .onAppear {
                        Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
                            progress = progress >= 1 ? 0 : progress + 0.25
                        }
                    }
                }
            }
            """),
        ("a binding the child writes", """
            struct Pulse: View {
                @Binding var on: Bool
                var body: some View {
                    Circle().frame(width: 20, height: 20).scaleEffect(on ? 1.5 : 1)
                        .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { on.toggle() } }
                }
            }
            struct ContentView: View {
                @State private var on = false
                var body: some View {
                    HStack {
                        Pulse(on: $on)
                        Text(on ? "On" : "Off")
                    }
                }
            }
            """),
        ("a value passed down", """
            struct Segment: View {
                let active: Bool
                let color: Color
                var body: some View {
                    RoundedRectangle(cornerRadius: 2).fill(active ? color : .gray).frame(width: 10, height: 20)
                }
            }
            struct ContentView: View {
                @State private var step = 0
                let colors: [Color] = [.red, .orange, .yellow]
                var body: some View {
                    HStack {
                        ForEach(colors.indices, id: \\.self) { index in
                            Segment(active: index <= step, color: colors[index])
                        }
                    }
                    .task {
                        while true {
                            try? await Task.sleep(nanoseconds: 300_000_000)
                            step = (step + 1) % colors.count
                        }
                    }
                }
            }
            """),
        ("an observable object", """
            final class Loader: ObservableObject {
                @Published var fraction = 0.0
                func advance() { fraction = fraction >= 1 ? 0 : fraction + 0.2 }
            }
            struct Ring: View {
                @ObservedObject var loader: Loader
                var body: some View {
                    Circle().trim(from: 0, to: loader.fraction).stroke(lineWidth: 4).frame(width: 30, height: 30)
                }
            }
            struct Caption: View {
                let loader: Loader
                var body: some View { Text("\\(Int(loader.fraction * 100))%") }
            }
            struct ContentView: View {
                @StateObject private var loader = Loader()
                var body: some View {
                    VStack {
                        Ring(loader: loader)
                        Caption(loader: loader)
                    }
                    .onReceive(Timer.publish(every: 0.4, on: .main, in: .common).autoconnect()) { _ in loader.advance() }
                }
            }
            """),
        ("static storage", """
            struct Ticker {
                static var ticks = 0
            }
            struct Face: View {
                var body: some View { Text("\\(Ticker.ticks)") }
            }
            struct ContentView: View {
                @State private var beat = false
                var body: some View {
                    VStack {
                        Face()
                        Circle().frame(width: beat ? 10 : 20, height: 10)
                    }
                    .onAppear {
                        Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
                            Ticker.ticks += 1
                            beat.toggle()
                        }
                    }
                }
            }
            """),
        ("custom modifier and onChange", """
            struct Shimmer: ViewModifier {
                @State private var phase: CGFloat = 0
                func body(content: Content) -> some View {
                    content.opacity(0.5 + phase / 2)
                        .onAppear { withAnimation(.easeInOut(duration: 1).repeatForever()) { phase = 1 } }
                }
            }
            struct Counter: View {
                let value: Int
                @State private var changes = 0
                var body: some View {
                    Text("\\(value) \\(changes)")
                        .onChange(of: value) { changes += 1 }
                }
            }
            struct ContentView: View {
                @State private var value = 0
                var body: some View {
                    VStack {
                        Text("Loading").modifier(Shimmer())
                        Counter(value: value / 2)
                    }
                    .onReceive(Timer.publish(every: 0.3, on: .main, in: .common).autoconnect()) { _ in value += 1 }
                }
            }
            """),
        ("a view that leaves and comes back", """
            struct Spinner: View {
                @State private var turning = false
                var body: some View {
                    Image(systemName: "rays")
                        .rotationEffect(.degrees(turning ? 360 : 0))
                        .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { turning = true } }
                }
            }
            struct ContentView: View {
                @State private var loading = true
                var body: some View {
                    VStack {
                        if loading { Spinner() } else { Text("Done") }
                        Text("Status")
                    }
                    .onReceive(Timer.publish(every: 0.7, on: .main, in: .common).autoconnect()) { _ in loading.toggle() }
                }
            }
            """),
        ("a range and a dictionary passed down", """
            struct Meter: View {
                let lit: ClosedRange<Int>
                let widths: [String: Double]
                var body: some View {
                    HStack {
                        ForEach(0..<5) { i in
                            Rectangle().frame(width: widths[lit.contains(i) ? "on" : "off"] ?? 1, height: 8)
                        }
                    }
                }
            }
            struct ContentView: View {
                @State private var end = 0
                var body: some View {
                    VStack {
                        Meter(lit: 0...end, widths: ["on": 6, "off": 2])
                        Meter(lit: 1...3, widths: ["on": 4, "off": 2])
                    }
                    .onReceive(Timer.publish(every: 0.3, on: .main, in: .common).autoconnect()) { _ in end = (end + 1) % 5 }
                }
            }
            """),
        ("a geometry reader beside a timer", """
            struct Track: View {
                let fraction: Double
                var body: some View {
                    GeometryReader { proxy in
                        Capsule().frame(width: proxy.size.width * fraction, height: 4)
                    }
                    .frame(width: 120, height: 4)
                }
            }
            struct ContentView: View {
                @State private var fraction = 0.25
                var body: some View {
                    VStack {
                        Track(fraction: fraction)
                        Track(fraction: 0.5)
                    }
                    .onReceive(Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()) { _ in
                        fraction = fraction >= 1 ? 0.25 : fraction + 0.25
                    }
                }
            }
            """),
        ("a timeline view beside a state", """
            struct Clock: View {
                var body: some View {
                    TimelineView(.periodic(from: .now, by: 0.5)) { context in
                        Circle().trim(from: 0, to: context.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 2) / 2)
                            .stroke(lineWidth: 2).frame(width: 20, height: 20)
                    }
                }
            }
            struct ContentView: View {
                @State private var on = false
                var body: some View {
                    HStack {
                        Clock()
                        Text(on ? "on" : "off")
                    }
                    .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.75) { on = true } }
                }
            }
            """),
        // A plain write, then an animated one in the same action (the reset-then-animate
        // idiom): the first is committed on its own when the second begins, and the second must
        // still read as a change of the state the view was kept with.
        ("a plain write before withAnimation", """
            struct Dots: View {
                @State private var angle = 0.0
                @State private var pulsing = false
                var body: some View {
                    Circle().frame(width: 10, height: 10)
                        .scaleEffect(pulsing ? 1.5 : 1)
                        .rotationEffect(.degrees(angle))
                        .onAppear {
                            angle = 0
                            withAnimation(.linear(duration: 1)) { angle = 90 }
                            pulsing = false
                            withAnimation(.easeInOut(duration: 0.5).repeatForever()) { pulsing = true }
                        }
                }
            }
            """),
        // One description placed at two places of a kept body: each place has its own state.
        ("a row placed twice", """
            struct Dot: View {
                @State private var on = false
                let period: Double
                var body: some View {
                    Circle().frame(width: 8, height: 8).opacity(on ? 1 : 0.2)
                        .onReceive(Timer.publish(every: period, on: .main, in: .common).autoconnect()) { _ in on.toggle() }
                }
            }
            struct Spinner: View {
                @State private var turning = false
                var body: some View {
                    Image(systemName: "rays").rotationEffect(.degrees(turning ? 360 : 0))
                        .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { turning = true } }
                }
            }
            struct ContentView: View {
                var body: some View {
                    let row = HStack { Dot(period: 0.5); Dot(period: 0.75) }
                    VStack {
                        row
                        Spinner()
                        row
                    }
                }
            }
            """),
        // A view whose body makes two views, then one: the views after it in its parent move,
        // and each moved one starts afresh at its new place, in a kept body too.
        ("a sibling that changes how many views it makes", """
            struct Pair: View {
                @State private var two = false
                var body: some View {
                    if two {
                        Circle().frame(width: 6, height: 6)
                            .onReceive(Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()) { _ in two = false }
                        Capsule().frame(width: 10, height: 6)
                    } else {
                        Circle().frame(width: 6, height: 6)
                            .onReceive(Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()) { _ in two = true }
                    }
                }
            }
            struct Blink: View {
                @State private var on = false
                let period: Double
                var body: some View {
                    Rectangle().frame(width: 8, height: 8).opacity(on ? 1 : 0.3)
                        .onReceive(Timer.publish(every: period, on: .main, in: .common).autoconnect()) { _ in on.toggle() }
                }
            }
            struct ContentView: View {
                var body: some View {
                    HStack {
                        Pair()
                        Blink(period: 0.2)
                        VStack { Blink(period: 0.3) }
                    }
                }
            }
            """),
        // Many siblings in a kept body, whose appearances change state in transactions that
        // alternate: each change commits alone, the others kept.
        ("siblings in alternating transactions", """
            struct Plain: View {
                @State private var on = false
                var body: some View {
                    Capsule().frame(width: on ? 20 : 10, height: 4)
                        .onAppear { on = true }
                }
            }
            struct Animated: View {
                @State private var angle = 0.0
                let index: Int
                var body: some View {
                    Rectangle().frame(width: 4, height: 12).rotationEffect(.degrees(angle))
                        .onAppear { withAnimation(.easeIn(duration: 0.5 + Double(index) / 10)) { angle = 90 } }
                }
            }
            struct ContentView: View {
                var body: some View {
                    VStack {
                        Plain(); Animated(index: 1); Plain(); Animated(index: 2)
                        HStack { Plain(); Animated(index: 3) }
                        Plain(); Animated(index: 4)
                    }
                }
            }
            """),
    ]

    @Test(arguments: pureFixtures.indices)
    func keepingGivesTheSameScript(_ index: Int) throws {
        let (name, source) = Self.pureFixtures[index]
        let (kept, everyBody) = try scripts(source)
        #expect(kept.changes.count > 0, "\(name): the fixture changes over time")
        #expect(kept.changes.count == everyBody.changes.count, "\(name)")
        #expect(kept.initial == everyBody.initial, "\(name)")
        for (a, b) in zip(kept.changes, everyBody.changes) {
            #expect(a.timeSeconds == b.timeSeconds && a.transaction == b.transaction && a.root == b.root, "\(name) at \(a.timeSeconds) s")
        }
        #expect(kept.repeating == everyBody.repeating, "\(name)")
    }

    func texts(_ node: ViewNode) -> [String] { node.texts }

    /// One instance placed at two places (a view held in a `let` and used twice) has a state at
    /// each place, as SwiftUI stores `@State` by the view's identity: each place's timer
    /// toggles its own state (one storage shared by both was toggled twice a tick, and never
    /// changed). The same whether bodies are kept or all run again.
    @Test func anInstancePlacedTwiceHasAStateAtEachPlace() throws {
        let source = """
            struct Blink: View {
                @State private var on = false
                var body: some View {
                    Text(on ? "on" : "off")
                        .onReceive(Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()) { _ in on.toggle() }
                }
            }
            struct ContentView: View {
                var body: some View {
                    let blink = Blink()
                    HStack { blink; blink }
                }
            }
            """
        let (kept, everyBody) = try scripts(source, horizon: 3)
        for script in [kept, everyBody] {
            #expect(texts(script.initial) == ["off", "off"])
            #expect(script.changes.map(\.timeSeconds) == [0.5, 1.0])
            #expect(script.changes.map { texts($0.root) } == [["on", "on"], ["off", "off"]])
            #expect(script.repeating == ScriptRepeat(start: 0, period: 1.0))
        }
    }

    @Test func aBodyThatDidNotChangeKeepsWhatItDrew() throws {
        let source = """
            struct Sparkle: View {
                var body: some View { Text(String(Int.random(in: 0..<1_000_000))) }
            }
            struct Blink: View {
                @State private var on = false
                var body: some View {
                    Text(on ? "on" : "off")
                        .onReceive(Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()) { _ in on.toggle() }
                }
            }
            struct ContentView: View {
                var body: some View { VStack { Sparkle(); Blink() } }
            }
            """
        let (kept, everyBody) = try scripts(source, horizon: 2)
        let first = texts(kept.initial)
        #expect(first.count == 2 && first[1] == "off")
        #expect(kept.changes.count >= 2)
        for (number, change) in kept.changes.enumerated() {
            let now = texts(change.root)
            // The random number drawn once stays; only the blinking text changes.
            #expect(now == [first[0], number % 2 == 0 ? "on" : "off"], "at \(change.timeSeconds) s")
        }
        // Running every body draws a new number on every update.
        let drawn = Set(everyBody.changes.map { texts($0.root)[0] })
        #expect(drawn.count == everyBody.changes.count)
    }
}
