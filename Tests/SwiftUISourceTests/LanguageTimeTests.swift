import Foundation
import Motion
import Scene
import SwiftUISource
import Testing

/// More of the Swift public loaders are written in: types the compiler infers, defaults that
/// read static members, `TimelineView`, `Date` and `Calendar` arithmetic, `onChange`. Each
/// fixture is written here in the shapes public code takes, and checked against what its code
/// means: the trees, the exact times of the changes.
@Suite struct LanguageTimeTests {
    func script(_ source: String, view: String? = nil, horizon: Double = SwiftProgram.defaultHorizonSeconds) throws -> ViewScript {
        try SwiftProgram(parsing: source, fileName: "Loader.swift").script(view: view, horizonSeconds: horizon)
    }

    /// Every modifier in a tree, outermost first, depth first.
    func modifiers(_ node: ViewNode) -> [ViewModifier] {
        treeModifiers(node)
    }

    func frames(_ node: ViewNode) -> [Double?] {
        modifiers(node).compactMap { if case let .layout(.frame(width, _, _)) = $0 { width } else { nil } }
    }

    func opacities(_ node: ViewNode) -> [Double] {
        modifiers(node).compactMap { if case let .effect(.opacity(value), _) = $0 { value } else { nil } }
    }

    func offsets(_ node: ViewNode) -> [Double] {
        modifiers(node).compactMap { if case let .effect(.offset(x, _), _) = $0 { x } else { nil } }
    }

    func texts(_ node: ViewNode) -> [String] { node.texts }

    func fills(_ node: ViewNode) -> [ColorValue?] {
        switch node {
        case let .shape(shape): if case let .fill(color) = shape.paint { [color] } else { [] }
        case let .modified(child, _), let .conditional(_, child), let .custom(_, child): fills(child)
        case let .stack(_, _, _, children): children.flatMap(fills)
        default: []
        }
    }

    /// A blink: every 1 s a timer moves the dot, and a block 0.5 s later moves it back. The
    /// "back" after a block and the wait before the timer's first tick looked alike when the
    /// run's snapshot left out the tick about to run: it was found to repeat every 1.5 s from 0
    /// (1 s off, 0.5 s on); it repeats every 1 s from the first tick.
    @Test func aTimerAndItsBlockRepeatWithTheTimersPeriod() throws {
        let source = """
            import SwiftUI
            struct Blink: View {
                @State private var x: CGFloat = 0
                var body: some View {
                    Circle().frame(width: 20, height: 20).offset(x: x)
                        .onAppear {
                            Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                                x = 40
                                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { x = 0 }
                            }
                        }
                }
            }
            """
        let script = try script(source)
        #expect(script.repeating == ScriptRepeat(start: 1, period: 1))
        #expect(script.changes.map(\.timeSeconds) == [1, 1.5, 2])
        #expect(script.changes.map { offsets($0.root) } == [[40], [0], [40]])
    }

    /// A slide under an implicit animation: at 2 s from 60 to 0 (once), then every 2 s from 30
    /// to 0 and a second later from 0 to 30. The slide from 60 and the slides from 30 end alike
    /// but differ while they run: the run repeats from 3 s, not from 2 s (which replayed the
    /// slide from 60 at every loop).
    @Test func aSlideFromAnotherPlaceIsNotARepeat() throws {
        let source = """
            import SwiftUI
            struct Slide: View {
                @State private var x: CGFloat = 60
                var body: some View {
                    Circle().frame(width: 20, height: 20).offset(x: x)
                        .animation(.linear(duration: 0.5), value: x)
                        .onAppear {
                            Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { _ in
                                x = 0
                                DispatchQueue.main.asyncAfter(deadline: .now() + 1) { x = 30 }
                            }
                        }
                }
            }
            """
        let script = try script(source)
        #expect(script.repeating == ScriptRepeat(start: 3, period: 2))
    }

    /// Combine's subjects drive views: a timer sends `.light(index:)` (a case of the file's own
    /// enum, `send`'s `Output`) into a `PassthroughSubject` every 0.25 s, and each of three
    /// lights, `.onReceive` of it, lights when the index is its own; a `CurrentValueSubject`
    /// gives its value (0.5) to a new subscriber when its view appears; a `Just` its value too.
    @Test func subjectsReachTheirSubscribersWhenSentInto() throws {
        let source = """
            import SwiftUI
            import Combine
            enum Signal { case light(index: Int), off }
            struct Lamp: View {
                var index: Int
                var signals: PassthroughSubject<Signal, Never>
                @State private var lit = false
                var body: some View {
                    Rectangle().frame(width: 10, height: 10).opacity(lit ? 1 : 0.2)
                        .onReceive(signals) { signal in
                            switch signal {
                            case .light(let i): lit = i == index
                            case .off: lit = false
                            }
                        }
                }
            }
            struct Row: View {
                @State private var signals = PassthroughSubject<Signal, Never>()
                @State private var next = 0
                @State private var level = 0.0
                @State private var fixed = 0.0
                let levels = CurrentValueSubject<Double, Never>(0.5)
                var body: some View {
                    HStack {
                        ForEach(0..<3) { i in Lamp(index: i, signals: signals) }
                        Circle().frame(width: 4, height: 4).opacity(level).onReceive(levels) { level = $0 }
                        Circle().frame(width: 4, height: 4).opacity(fixed).onReceive(Just(0.75)) { fixed = $0 }
                    }
                    .onAppear {
                        Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in
                            signals.send(.light(index: next))
                            next = (next + 1) % 3
                        }
                    }
                }
            }
            """
        let script = try script(source, view: "Row")
        // The subscribers' values at 0 s; then one light at each tick, in turn.
        #expect(script.changes.first.map { $0.timeSeconds } == 0)
        #expect(script.changes.first.map { opacities($0.root) } == [0.2, 0.2, 0.2, 0.5, 0.75])
        let ticks = script.changes.dropFirst()
        #expect(ticks.map(\.timeSeconds).prefix(3) == [0.25, 0.5, 0.75])
        for (k, change) in ticks.prefix(3).enumerated() {
            var lights = [0.2, 0.2, 0.2]
            lights[k] = 1
            #expect(opacities(change.root) == lights + [0.5, 0.75], "tick \(k + 1)")
        }
        #expect(script.repeating == ScriptRepeat(start: 0.25, period: 0.75))
    }

    /// `ControlSize.allCases` in SwiftUI's order, and `@Environment(\\.controlSize)` reading
    /// `.regular`: an indicator that picks its size from them (mini 10 … extraLarge 50 pt).
    @Test func controlSizesAreCaseIterableAndReadFromTheEnvironment() throws {
        let source = """
            import SwiftUI
            struct Indicator: View {
                @Environment(\\.controlSize) private var controlSize
                var body: some View {
                    let side: CGFloat = controlSize == .regular ? 30 : 10
                    Circle().frame(width: side, height: CGFloat(ControlSize.allCases.count) * 10)
                        .opacity(ControlSize.allCases.last == .extraLarge ? 1 : 0.5)
                }
            }
            """
        let tree = try script(source).initial
        #expect(frames(tree) == [30])
        #expect(opacities(tree) == [1])
    }

    @Test func aPropertysInferredTypeTypesTheImplicitMembersPassedToIt() throws {
        // `var color = Color.primary` holds a Color, so `.red` passed for it is `Color.red`;
        // `var size = base` reads the static `base` where the property is declared.
        let source = """
        import SwiftUI
        struct Dot: View {
            static let base: CGFloat = 10
            var color = Color.primary
            var size = base
            var fade = Animation.easeIn.speed(2)
            var body: some View {
                Circle().fill(color).frame(width: size, height: size)
            }
        }
        struct Row: View {
            var body: some View {
                HStack {
                    Dot(color: .red, size: 12)
                    Dot(fade: .linear)
                    Dot(color: .blue.opacity(1))
                }
            }
        }
        """
        let tree = try script(source, view: "Row").initial
        #expect(frames(tree) == [12, 10, 10])
        let expected: [ColorValue?] = [.system("red"), .system("primary"), .opacity(.system("blue"), 1)]
        #expect(fills(tree) == expected)
    }

    /// `map`'s closure returns the element type its context expects: in a `[CGFloat]`,
    /// `{ _ in .random(in: 10...60) }` is `CGFloat.random(in:)` and `{ .init($0) }` a CGFloat.
    @Test func mapsClosureTakesItsResultTypeFromTheContext() throws {
        let source = """
        import SwiftUI
        struct Bars: View {
            @State private var heights: [CGFloat] = (0..<4).map { _ in .random(in: 10...60) }
            private let widths: [CGFloat] = [1, 2, 3].map { .init($0) * 2 }
            private let fallbacks: [CGFloat] = ["4", "x"].compactMap { Double($0) }
            var body: some View {
                HStack {
                    ForEach(heights.indices, id: \\.self) { i in
                        Capsule().frame(width: widths[i % 3] + fallbacks[0], height: heights[i])
                    }
                }
            }
        }
        """
        let tree = try script(source).initial
        let heights = modifiers(tree).compactMap { if case let .layout(.frame(_, height, _)) = $0 { height } else { nil } }
        #expect(heights.count == 4)
        #expect(heights.allSatisfy { $0 >= 10 && $0 <= 60 })
        #expect(frames(tree) == [6, 8, 10, 6])
    }

    /// Xcode's colour literal is a `UIColor` in an iOS file: `Color(_:)` and `Color(uiColor:)`
    /// take it; its components are 0 to 1.
    @Test func aColourLiteralIsAUIColor() throws {
        let source = """
        import SwiftUI
        struct Bars: View {
            var body: some View {
                VStack {
                    Capsule().fill(Color(#colorLiteral(red: 1, green: 0.5, blue: 0.25, alpha: 1)))
                    Capsule().fill(Color(uiColor: #colorLiteral(red: 0, green: 0.2, blue: 0.4, alpha: 0.5)))
                }
            }
        }
        """
        let expected: [ColorValue?] = [.rgb(red: 1, green: 0.5, blue: 0.25, opacity: 1), .rgb(red: 0, green: 0.2, blue: 0.4, opacity: 0.5)]
        #expect(fills(try script(source).initial) == expected)
    }

    /// A `PreviewProvider` whose `previews` shows several renders the first by default, as
    /// Xcode's canvas shows each on its own, with a note; `--all-previews` renders each.
    @Test func severalPreviewsRenderTheFirstByDefault() throws {
        let source = """
        import SwiftUI
        struct Dot: View {
            var body: some View { Circle().frame(width: 12, height: 12) }
        }
        struct Dot_Previews: PreviewProvider {
            static var previews: some View {
                Group {
                    Dot().preferredColorScheme(.light)
                    Dot().preferredColorScheme(.dark).previewDisplayName("Dark")
                }
            }
        }
        """
        let script = try script(source, view: nil)
        #expect(frames(script.initial) == [12])
        #expect(script.preferredAppearance == .light)
        #expect(script.notes == ["'Dot_Previews' shows 2 previews; rendered the first, 'Dot' (-o DIR/ or --all-previews renders each)"])
    }

    /// A preview that cannot be made here, listed after others (a right-to-left one, as a
    /// shimmer library's previews list it), is left out with a note: the others are shown, the
    /// first by default (the whole file was refused for it). The first preview's own error is
    /// still the provider's.
    @Test func aPreviewThatCannotBeMadeIsLeftOutOfTheOthers() throws {
        let source = """
        import SwiftUI
        struct Dot: View {
            var body: some View { Circle().frame(width: 12, height: 12) }
        }
        struct Dot_Previews: PreviewProvider {
            static var previews: some View {
                Dot()
                Dot().environment(\\.layoutDirection, .rightToLeft)
                Dot().frame(width: 30, height: 30).previewDisplayName("Framed")
            }
        }
        """
        let program = try SwiftProgram(parsing: source, fileName: "Dot.swift")
        let script = try program.script(view: nil)
        #expect(frames(script.initial) == [12])
        let leftOut = "'Dot_Previews' lists a preview that cannot be made here, left out (line 8, column 46: 'environment(\\.layoutDirection, .rightToLeft)' is not supported: spinrender lays views out left to right)"
        #expect(script.notes.contains(leftOut))
        #expect(script.notes.contains("'Dot_Previews' shows 2 previews; rendered the first, 'Dot' (-o DIR/ or --all-previews renders each)"))
        #expect(try program.previews().map(\.title) == ["Dot", "Framed"])
        #expect(frames(try program.script(view: "Framed").initial) == [30, 12])

        let firstFails = source.replacingOccurrences(of: "        Dot()\n        Dot().environment", with: "        Dot().environment")
        #expect(throws: SwiftUISourceError.self) { try SwiftProgram(parsing: firstFails, fileName: "Dot.swift").script(view: nil) }
    }

    @Test func aStaticLetIsInScopeInAStatePropertysInitialValue() throws {
        let source = """
        import SwiftUI
        struct Spinner: View {
            static let initialDegree: Angle = .degrees(270)
            @State var rotation = initialDegree
            var body: some View {
                Circle().trim(from: 0, to: 0.3).stroke(lineWidth: 4).rotationEffect(rotation)
            }
        }
        """
        let rotations = modifiers(try script(source).initial).compactMap { if case let .effect(.rotation(degrees, _), _) = $0 { degrees } else { nil } }
        #expect(rotations == [270])
    }

    @Test func aPeriodicTimelineEvaluatesItsContentAtEachTick() throws {
        // Every 0.25 s the content is evaluated again with the tick's date; between ticks
        // nothing changes, and the updates are not animated.
        let source = """
        import SwiftUI
        struct Blinker: View {
            let start = Date()
            var body: some View {
                TimelineView(.periodic(from: .now, by: 0.25)) { context in
                    let elapsed = context.date.timeIntervalSince(start)
                    HStack {
                        ForEach(0..<4) { index in
                            Circle()
                                .frame(width: 6, height: 6)
                                .opacity(Int((elapsed / 0.25).rounded()) % 4 == index ? 1 : 0.25)
                        }
                    }
                }
            }
        }
        """
        let script = try script(source)
        #expect(opacities(script.initial) == [1, 0.25, 0.25, 0.25])
        let early = script.changes.prefix(4)
        #expect(early.map(\.timeSeconds) == [0.25, 0.5, 0.75, 1.0])
        let lit: [[Double]] = [[0.25, 1, 0.25, 0.25], [0.25, 0.25, 1, 0.25], [0.25, 0.25, 0.25, 1], [1, 0.25, 0.25, 0.25]]
        #expect(early.map { opacities($0.root) } == lit)
        #expect(early.allSatisfy { $0.transaction == Transaction() })
        // The date never comes back, so the script runs to the horizon; the trees it drew there
        // repeat every four updates, so it is declared repeating from 0 with a 1 s period and
        // keeps the changes of one period.
        #expect(script.repeating == ScriptRepeat(start: 0, period: 1))
        #expect(script.changes.last?.timeSeconds == 1)
    }

    @Test func theAnimationScheduleUpdatesOncePerDisplayFrame() throws {
        // `.animation` updates at 60 Hz; an `onChange(of: context.date)` moves the view a point
        // per update, as on a device.
        let source = """
        import SwiftUI
        struct Drift: View {
            @State private var offset: CGFloat = 0
            var body: some View {
                TimelineView(.animation(minimumInterval: 0.001)) { timeline in
                    Circle()
                        .frame(width: 10, height: 10)
                        .offset(x: offset)
                        .onChange(of: timeline.date) { _ in
                            offset += 1
                        }
                }
            }
        }
        """
        let script = try script(source, horizon: 1.5)
        #expect(offsets(script.initial) == [0])
        // Each tick is two changes at its time: the new date (no picture change, not recorded),
        // then the offset the action wrote.
        let first = script.changes.prefix(3)
        let ticks: [Double] = [1.0 / 60, 2.0 / 60, 3.0 / 60]
        let moved: [[Double]] = [[1], [2], [3]]
        #expect(first.map(\.timeSeconds) == ticks)
        #expect(first.map { offsets($0.root) } == moved)
        let atOneSecond = try #require(script.changes.last { $0.timeSeconds <= 1.0 + 1e-9 })
        #expect(offsets(atOneSecond.root) == [60])
    }

    @Test func theDateAndTheCalendarReadTheRendersClockInUTC() throws {
        // t = 0 is 2026-01-01 00:00:00 UTC (a Thursday); one tick later is 00:00:01.
        let source = """
        import SwiftUI
        struct Clock: View {
            var body: some View {
                TimelineView(.everySecond) { context in
                    VStack {
                        Text("\\(context.date)")
                        Text("\\(Calendar.current.component(.second, from: context.date)) \\(Calendar.current.component(.weekday, from: context.date))")
                        Text("\\(Calendar.current.component(.year, from: context.date.addingTimeInterval(-1)))")
                    }
                }
            }
        }
        """
        let script = try script(source)
        #expect(texts(script.initial) == ["2026-01-01 00:00:00 +0000", "0 5", "2025"])
        let next = try #require(script.changes.first)
        #expect(next.timeSeconds == 1)
        #expect(texts(next.root) == ["2026-01-01 00:00:01 +0000", "1 5", "2026"])
    }

    @Test func selfNamesTheTypeAndSynthesizedMembersAreInScope() throws {
        // `Self.side` reads a static member through `Self`; `rawValue` and `allCases` are used
        // bare inside the enum that Swift synthesizes them for.
        let source = """
        import SwiftUI
        enum Phase: Int, CaseIterable, Identifiable {
            case idle = 0, loading, done
            var id: Int { rawValue }
            var width: CGFloat { CGFloat(rawValue + 1) * 10 }
            static var count: Int { allCases.count }
        }
        struct Bars: View {
            private static let side: CGFloat = 12
            var body: some View {
                HStack {
                    ForEach(Phase.allCases) { phase in
                        Rectangle().frame(width: phase.width, height: Self.side * CGFloat(Phase.count) / 3)
                    }
                }
            }
        }
        """
        let script = try script(source, view: "Bars")
        #expect(frames(script.initial) == [10, 20, 30])
        let heights = modifiers(script.initial).compactMap { if case let .layout(.frame(_, height, _)) = $0 { height } else { nil } }
        #expect(heights == [12, 12, 12])
    }

    @Test func optionalWrappedPropertiesStartAtNilAndConstantBindingsDropWrites() throws {
        // `@State var x: T?` and `@Published var y: T?` with no initial value are nil, as Swift
        // makes them, not arguments the view must be given; a write through
        // `Binding.constant(_:)` compiles and does nothing, as its setter does.
        let source = """
        import SwiftUI
        final class Model: ObservableObject {
            @Published var message: String?
        }
        struct Countdown: View {
            @Binding var done: Bool
            @State private var startedAt: Date?
            @StateObject private var model = Model()
            @State private var n = 2
            let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
            var body: some View {
                Text("\\(n) \\(done ? "done" : "counting") \\(startedAt == nil ? "waiting" : "started") \\(model.message ?? "none")")
                    .onAppear { startedAt = Date() }
                    .onReceive(timer) { _ in if n > 0 { n -= 1 } else { done = true } }
            }
        }
        struct Preview: View {
            var body: some View { Countdown(done: .constant(false)) }
        }
        """
        let script = try script(source, view: "Preview")
        #expect(texts(script.initial) == ["2 counting waiting none"])
        #expect(script.changes.map { texts($0.root) } == [["2 counting started none"], ["1 counting started none"], ["0 counting started none"]])
    }

    @Test func everythingDueAtOneInstantMakesOneUpdate() throws {
        // Three views whose timers (every 0.25 s) and a block (after 0.5 s) fall due together:
        // on a device they all run in one pass of the run loop, before the one update of the
        // views that follows, so each instant is one change holding every write.
        let source = """
        import SwiftUI
        struct Dot: View {
            @State private var lit = false
            let timer = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
            var body: some View {
                Circle().frame(width: 10, height: 10).opacity(lit ? 1 : 0.25)
                    .onReceive(timer) { _ in lit.toggle() }
            }
        }
        struct Row: View {
            @State private var wide = false
            var body: some View {
                HStack { Dot(); Dot(); Dot() }
                    .frame(width: wide ? 80 : 60)
                    .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { wide = true } }
            }
        }
        """
        let script = try script(source, view: "Row")
        #expect(opacities(script.initial) == [0.25, 0.25, 0.25])
        #expect(script.changes.map(\.timeSeconds) == [0.25, 0.5, 0.75, 1])
        #expect(script.changes.map { opacities($0.root) } == [[1, 1, 1], [0.25, 0.25, 0.25], [1, 1, 1], [0.25, 0.25, 0.25]])
        #expect(script.changes.map { frames($0.root) } == [[60, 10, 10, 10], [80, 10, 10, 10], [80, 10, 10, 10], [80, 10, 10, 10]])
        // From 0.5 s on the two states alternate: the script repeats from there every 0.5 s.
        #expect(script.repeating == ScriptRepeat(start: 0.5, period: 0.5))
    }

    @Test func onChangeRunsAfterTheUpdateThatChangedTheValue() throws {
        // A timer flips `lit` every 0.5 s; `onChange(of: lit)` counts the flips with the old
        // and new values (iOS 17's form) and with the new value only (iOS 14's).
        let source = """
        import SwiftUI
        struct Flips: View {
            @State private var lit = false
            @State private var flips = 0
            @State private var lastNew = false
            let timer = Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()
            var body: some View {
                Text("\\(flips) \\(lastNew ? "on" : "off")")
                    .onReceive(timer) { _ in lit.toggle() }
                    .onChange(of: lit) { old, new in
                        if old != new { flips += 1 }
                    }
                    .onChange(of: lit, perform: { value in lastNew = value })
            }
        }
        """
        let script = try script(source)
        #expect(texts(script.initial) == ["0 off"])
        let shown = script.changes.map { (($0.timeSeconds * 100).rounded() / 100, texts($0.root)) }
        let settled = Dictionary(shown.map { ($0.0, $0.1) }, uniquingKeysWith: { _, last in last })
        #expect(settled[0.5] == ["1 on"])
        #expect(settled[1.0] == ["2 off"])
        #expect(settled[1.5] == ["3 on"])
    }

    @Test func swapAndInoutParametersWriteBack() throws {
        // A timer swaps two offsets with `swap(&a, &b)`; a helper with an `inout` parameter
        // doubles a third.
        let source = """
        import SwiftUI
        struct Sliding: View {
            let timer = Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()
            @State var left: CGFloat = -10
            @State var right: CGFloat = 10
            @State var step: CGFloat = 1
            func double(_ value: inout CGFloat) { value *= 2 }
            var body: some View {
                HStack {
                    Circle().frame(width: 4, height: 4).offset(x: left)
                    Circle().frame(width: 4, height: 4).offset(x: right)
                    Circle().frame(width: 4, height: 4).offset(x: step)
                }
                .onReceive(timer) { _ in
                    swap(&left, &right)
                    double(&step)
                }
            }
        }
        """
        let script = try script(source, horizon: 1.2)
        #expect(offsets(script.initial) == [-10, 10, 1])
        let moved: [[Double]] = [[10, -10, 2], [-10, 10, 4]]
        #expect(script.changes.map { offsets($0.root) } == moved)
        #expect(script.changes.map(\.timeSeconds) == [0.5, 1.0])
    }

    @Test func anyViewsInStateRotateThroughATaskLoop() throws {
        // `[AnyView]` state rotated every 0.4 s by a `Task` loop: the colours move one place left.
        let source = """
        import SwiftUI
        struct Colours: View {
            @State var circles: [AnyView] = [
                AnyView(Circle().fill(Color.red)),
                AnyView(Circle().fill(Color.green)),
                AnyView(Circle().fill(Color.blue)),
            ]
            var body: some View {
                HStack {
                    ForEach(0..<3) { index in circles[index].frame(width: 8, height: 8) }
                }
                .onAppear {
                    Task {
                        while true {
                            try await Task.sleep(nanoseconds: 400_000_000)
                            let first = circles[0]
                            for index in 0..<2 { circles[index] = circles[index + 1] }
                            circles[2] = first
                        }
                    }
                }
            }
        }
        """
        let script = try script(source)
        let red: ColorValue? = .system("red"), green: ColorValue? = .system("green"), blue: ColorValue? = .system("blue")
        #expect(fills(script.initial) == [red, green, blue])
        #expect(fills(try #require(script.changes.first).root) == [green, blue, red])
        #expect(abs(try #require(script.changes.first).timeSeconds - 0.4) < 1e-9)
        // Three rotations bring the first picture back: the script repeats every 1.2 s.
        #expect(abs((script.repeating?.period ?? 0) - 1.2) < 1e-9)
    }

    @Test func aDetachedTaskRunsOnTheRendersClock() throws {
        // `Task.detached { }` with a sleep loop, as a `Task { }`: the count steps every 0.5 s.
        let source = """
        import SwiftUI
        struct Counter: View {
            @State private var count = 0
            var body: some View {
                Circle().frame(width: CGFloat(10 + count * 10), height: 10)
                    .onAppear {
                        Task.detached(priority: .background) {
                            for _ in 0..<3 {
                                try await Task.sleep(nanoseconds: 500_000_000)
                                count += 1
                            }
                        }
                    }
            }
        }
        """
        let script = try script(source)
        #expect(script.changes.map(\.timeSeconds) == [0.5, 1.0, 1.5])
    }

    @Test func aTimerAddedToTheRunLoopAndUUIDs() throws {
        // `Timer(timeInterval:repeats:block:)` starts when added to the run loop; `UUID()`s are
        // distinct and numbered in the order they are made.
        let source = """
        import SwiftUI
        struct Ticker: View {
            @State private var ticks = 0
            let first = UUID()
            var body: some View {
                VStack {
                    Text("\\(ticks)")
                    Text(first == UUID() ? "same" : "distinct")
                    Text(first.uuidString)
                }
                .onAppear {
                    let timer = Timer(timeInterval: 0.25, repeats: true) { _ in ticks += 1 }
                    RunLoop.current.add(timer, forMode: .common)
                }
            }
        }
        """
        let script = try script(source, horizon: 0.6)
        #expect(texts(script.initial) == ["0", "distinct", "00000000-0000-4000-8000-000000000001"])
        #expect(script.changes.map(\.timeSeconds) == [0.25, 0.5])
        #expect(script.changes.map { texts($0.root).first } == ["1", "2"])
    }

    @Test func aPreviewProvidersStaticStateIsPassedAsABinding() throws {
        // `@State static var value` in a `PreviewProvider`, passed as `$value` to a `@Binding`.
        let source = """
        import SwiftUI
        struct Pie: View {
            @Binding var progress: Float
            var body: some View {
                Circle().trim(from: 0, to: CGFloat(progress)).stroke(lineWidth: 4).frame(width: 40, height: 40)
            }
        }
        struct Pie_Previews: PreviewProvider {
            @State static var value: Float = 0.6
            static var previews: some View { Pie(progress: $value) }
        }
        """
        guard case let .custom("Pie", .modified(.shape(shape), _)) = try script(source).initial else {
            Issue.record("unexpected tree")
            return
        }
        #expect(abs(shape.trimTo - 0.6) < 1e-6)
    }

    @Test func namesAreResolvedBeforeAnythingRuns() throws {
        // `timer` is declared nowhere: an error at its line and column although its branch
        // never runs, as the compiler reports it.
        let undeclared = """
        import SwiftUI
        struct Blink: View {
            @State private var on = false
            var body: some View {
                Circle().opacity(on ? 1 : 0.5)
                    .onAppear {
                        if on { timer.invalidate() }
                    }
            }
        }
        """
        #expect(throws: SourceDiagnostic.self) { try SwiftProgram(parsing: undeclared, fileName: "Blink.swift") }
        do {
            _ = try SwiftProgram(parsing: undeclared, fileName: "Blink.swift")
        } catch {
            #expect(error.line == 7)
            #expect(error.column == 25)
            #expect(error.message == "cannot find 'timer' in scope")
        }
        // Names declared anywhere in the file, closure parameters, `$0`, `$state`, and Apple's
        // types the library does not define (left for the run to judge) are not refused.
        let valid = """
        import SwiftUI
        struct Dots: View {
            @State private var lit = 0
            @Binding var shown: Bool
            var body: some View {
                HStack {
                    ForEach(0..<3) { index in Circle().opacity(lit == index ? 1 : 0.3) }
                }
                .onAppear {
                    if lit > 9 { _ = UIScreen.main.bounds.width + Double([1, 2].map { $0 * 2 }.count) }
                    let step = { (value: Int) -> Int in value + 1 }
                    lit = step(lit) % 3
                    _ = $shown
                }
            }
        }
        #Preview { Dots(shown: .constant(true)) }
        """
        _ = try SwiftProgram(parsing: valid, fileName: "Dots.swift")
    }
}

/// A task still sleeping when the run ends (a `while true` loop around `Task.sleep`, as
/// loaders write it, its errors swallowed by `try?`) is unwound then, rather than waiting for
/// ever with the run's evaluator: no task thread is left (tasks run on the runner's thread,
/// on stacks of their own; under a sanitizer on threads of their own, which end).
@Suite struct TaskUnwindingTests {
    /// The threads of this process named as task threads.
    private func taskThreads() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return names.filter { id in
            let name = (try? String(contentsOfFile: "/proc/self/task/\(id)/comm", encoding: .utf8)) ?? ""
            return name.trimmingCharacters(in: .whitespacesAndNewlines) == "spinrender-task"
        }.count
    }

    @Test func aTaskSleepingAtTheEndOfTheRunIsUnwound() throws {
        let source = """
        import SwiftUI
        struct Blink: View {
            @State private var phase = 0
            var body: some View {
                Circle().opacity(phase % 2 == 0 ? 1 : 0.3)
                    .task {
                        while true {
                            try? await Task.sleep(nanoseconds: 300_000_000)
                            phase += 1
                        }
                    }
            }
        }
        """
        let program = try SwiftProgram(parsing: source, fileName: "Blink.swift")
        let runs = 20
        for _ in 0..<runs {
            let script = try program.script(view: "Blink", horizonSeconds: 1)
            // The loop's changes stop at the horizon: 0.3, 0.6 and 0.9 s (then it repeats).
            #expect(script.changes.map(\.timeSeconds).prefix(3).map { ($0 * 10).rounded() / 10 } == [0.3, 0.6, 0.9])
        }
        // Each run left a thread waiting in `Task.sleep` before; tests running alongside may
        // hold a few of their own for a moment.
        #expect(taskThreads() < runs / 2, "\(taskThreads()) task threads still waiting")
    }
}
