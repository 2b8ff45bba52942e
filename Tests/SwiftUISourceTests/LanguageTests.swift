import Glibc
import Motion
import Scene
import SwiftUISource
import Testing

/// Real Swift in view code, as public loaders write it: initialisers, collections, enums,
/// extensions, custom modifiers, timers and tasks. Each fixture is checked against what its
/// code means, computed here: the trees, the times of the changes, their transactions.
@Suite struct LanguageTests {
    func script(_ source: String, view: String? = nil) throws -> ViewScript {
        try SwiftProgram(parsing: source, fileName: "Loader.swift").script(view: view)
    }

    /// Every modifier in a tree, outermost first, depth first.
    func modifiers(_ node: ViewNode) -> [ViewModifier] {
        treeModifiers(node)
    }

    func frames(_ node: ViewNode) -> [(Double?, Double?)] {
        modifiers(node).compactMap { if case let .layout(.frame(width, height, _)) = $0 { (width, height) } else { nil } }
    }

    func opacities(_ node: ViewNode) -> [Double] {
        modifiers(node).compactMap { if case let .effect(.opacity(value), _) = $0 { value } else { nil } }
    }

    /// An `Animatable` modifier or view has its body made again with each value its
    /// `animatableData` passes through while the change animates, every 1/60 s: a pulse of
    /// `scaleEffect(1 + 0.5 sin(πs))` as `s` runs 0 → 1 linearly in 1 s, repeating, is at
    /// 1 + 0.5 sin(π t) at each update t = k/60 s (a body made only at the two ends would stay
    /// at 1), and the script repeats every second. A modifier whose data never changes keeps
    /// its value, and nothing is noted.
    @Test func animatableViewsAndModifiersAreMadeAtEachValueBetween() throws {
        let source = """
            import SwiftUI
            struct Pulse: ViewModifier, Animatable {
                var s: CGFloat
                var animatableData: CGFloat { get { s } set { s = newValue } }
                func body(content: Content) -> some View { content.scaleEffect(1 + 0.5 * sin(s * .pi)) }
            }
            struct Wave: View, Animatable {
                var animatableData: Double
                var body: some View { Circle().frame(width: 4, height: 4).offset(y: 10 * sin(animatableData * .pi)) }
            }
            struct Still: ViewModifier, Animatable {
                var animatableData: Double = 2
                func body(content: Content) -> some View { content.opacity(animatableData / 4) }
            }
            struct Loader: View {
                @State private var s: CGFloat = 0
                var body: some View {
                    VStack {
                        Circle().modifier(Pulse(s: s)).modifier(Still())
                        Wave(animatableData: Double(s))
                    }
                    .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { s = 1 } }
                }
            }
            """
        let script = try script(source, view: "Loader")
        #expect(script.repeating?.start == 0)
        #expect(script.repeating.map { abs($0.period - 1) < 1e-9 } == true, "\(String(describing: script.repeating))")
        // One change per update over the period, the last back at the start (t = 1 s).
        #expect(script.changes.count == 60)
        for change in script.changes {
            let t = change.timeSeconds
            let k = (t * 60).rounded()
            #expect(abs(t - k / 60) < 1e-9 && change.transaction == Transaction())
            let scales = modifiers(change.root).compactMap { if case let .effect(.scale(x, y, _), _) = $0 { x == y ? x : nil } else { nil } }
            let offsets = modifiers(change.root).compactMap { if case let .effect(.offset(_, y), _) = $0 { y } else { nil } }
            #expect(scales.count == 1 && abs(scales[0] - (1 + 0.5 * sin(t * .pi))) < 1e-8, "t = \(t): \(scales)")
            #expect(offsets.count == 1 && abs(offsets[0] - 10 * sin(t * .pi)) < 1e-7, "t = \(t): \(offsets)")
            #expect(opacities(change.root) == [0.5])
        }
        #expect(script.notes.isEmpty, "\(script.notes)")
    }

    /// A `GeometryEffect` moves its content by `effectValue(size:)` with its `animatableData` at
    /// each value between: a shake of 10 pt × sin(3π a) as `a` runs 0 → 1 in 1 s, repeating, is
    /// a translation by exactly that at each update. An effect that reads `size` is refused at
    /// its `.modifier`, line and column.
    @Test func aGeometryEffectMovesItsContentAtEachValueBetween() throws {
        let source = """
            import SwiftUI
            struct Shake: GeometryEffect {
                var amount: CGFloat = 10
                var animatableData: CGFloat
                func effectValue(size: CGSize) -> ProjectionTransform {
                    ProjectionTransform(CGAffineTransform(translationX: amount * sin(animatableData * .pi * 3), y: 0))
                }
            }
            struct Grow: GeometryEffect {
                var animatableData: CGFloat
                func effectValue(size: CGSize) -> ProjectionTransform {
                    ProjectionTransform(CGAffineTransform(translationX: size.width * animatableData, y: 0))
                }
            }
            struct Field: View {
                @State private var attempts = 0
                var body: some View {
                    Rectangle().frame(width: 60, height: 30)
                        .modifier(Shake(animatableData: CGFloat(attempts)))
                        .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { attempts += 1 } }
                }
            }
            struct Sized: View {
                var body: some View { Circle().modifier(Grow(animatableData: 1)) }
            }
            """
        let script = try script(source, view: "Field")
        #expect(script.repeating.map { abs($0.period - 1) < 1e-9 } == true)
        #expect(script.changes.count == 60)
        for change in script.changes {
            let t = change.timeSeconds
            let moves = modifiers(change.root).compactMap { if case let .effect(.projection(p), _) = $0 { p } else { nil } }
            #expect(moves.count == 1 && abs(moves[0].m31 - 10 * sin(3 * .pi * t)) < 1e-7 && moves[0].m32 == 0, "t = \(t): \(moves)")
        }
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(fileName: "Loader.swift", line: 24, column: 36,
            message: "'Grow.effectValue(size:)' depends on the view's size, which is not supported (an effect that does not read 'size' is)",
            sourceLine: "    var body: some View { Circle().modifier(Grow(animatableData: 1)) }"))) {
            try self.script(source, view: "Sized")
        }
    }

    @Test func aFileTypeOrLocalNamedLikeALibraryTypeIsTheFilesOwn() throws {
        // `Label` is a SwiftUI type the library defines: a file that declares its own `Label`
        // (and a local `Capsule`) means its own, which the lookup of library names must not skip.
        let source = """
        import SwiftUI
        struct Label: View {
            var body: some View { Circle().frame(width: 12, height: 12) }
        }
        struct ContentView: View {
            var body: some View {
                let Capsule = 30.0
                VStack {
                    Label()
                    Rectangle().frame(width: Capsule, height: 4)
                }
            }
        }
        """
        let script = try script(source, view: "ContentView")
        func names(_ node: ViewNode) -> [String] {
            switch node {
            case let .custom(name, body): return [name] + names(body)
            case let .stack(_, _, _, children): return children.flatMap(names)
            case let .modified(inner, _): return names(inner)
            default: return []
            }
        }
        #expect(names(script.initial) == ["ContentView", "Label"])
        #expect(frames(script.initial).map(\.0) == [12, 30])
    }

    @Test func memberwiseAndCustomInitialisersSetGeometry() throws {
        let source = """
        import SwiftUI
        struct Bar: View {
            let width: CGFloat
            var height: CGFloat = 4
            var body: some View { Capsule().frame(width: width, height: height) }
        }
        struct Ring: View {
            private let diameter: CGFloat
            private let lineWidth: CGFloat
            init(size: CGFloat, thickness: CGFloat = 3) {
                self.diameter = size
                lineWidth = thickness * 2
            }
            var body: some View {
                Circle().stroke(lineWidth: lineWidth).frame(width: diameter, height: diameter)
            }
        }
        struct ContentView: View {
            var body: some View {
                VStack(spacing: 12) {
                    Bar(width: 30)
                    Bar(width: 20, height: 8)
                    Ring(size: 40)
                }
            }
        }
        """
        let tree = try script(source).initial
        let sizes = frames(tree).map { [$0.0 ?? -1, $0.1 ?? -1] }
        #expect(sizes == [[30, 4], [20, 8], [40, 40]])
        guard case let .custom("ContentView", .stack(.vertical, _, 12, children)) = tree, children.count == 3,
              case let .custom("Ring", .modified(.shape(ring), _)) = children[2], case let .stroke(_, style) = ring.paint else {
            Issue.record("unexpected tree \(tree)")
            return
        }
        #expect(style.lineWidth == 6)
    }

    /// A wrapped property set in `init` through `self.`, as through its bare name or its
    /// storage (`self.on = false`, `lit = 2`, `_size = State(initialValue: 10)` for `@State`s
    /// with no initial value): each starts at that value and changes as state does.
    @Test func wrappedPropertiesSetInAnInitialiser() throws {
        let source = """
        import SwiftUI
        struct Pulse: View {
            @State private var on: Bool
            @State private var lit: Int
            @State private var size: CGFloat
            init(first: Int = 2) {
                self.on = false
                lit = first
                _size = State(initialValue: 10)
            }
            var body: some View {
                Circle().frame(width: size, height: size).opacity(on ? 1 : 0.5).offset(x: CGFloat(lit))
                    .onAppear { on = true; lit += 1; size = 20 }
            }
        }
        """
        let script = try script(source, view: "Pulse")
        func read(_ node: ViewNode) -> [Double] {
            modifiers(node).compactMap {
                switch $0 {
                case let .layout(.frame(width, _, _)): width
                case let .effect(.opacity(value), _): value
                case let .effect(.offset(x, _), _): x
                default: nil
                }
            }
        }
        #expect(read(script.initial).sorted() == [0.5, 2, 10])
        #expect(script.changes.count == 1 && script.changes.first.map { read($0.root).sorted() } == [1, 3, 20])
    }

    @Test func aTimerAdvancesADotIndexEveryQuarterSecond() throws {
        let source = """
        import SwiftUI
        struct TypingIndicator: View {
            @State private var lit = 0
            private let count = 3
            let timer = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
            var body: some View {
                HStack(spacing: 4) {
                    ForEach(0..<count, id: \\.self) { index in
                        Circle()
                            .frame(width: 8, height: 8)
                            .opacity(lit == index ? 1 : 0.3)
                    }
                }
                .onReceive(timer) { _ in
                    lit = (lit + 1) % count
                }
            }
        }
        """
        let script = try script(source)
        #expect(opacities(script.initial) == [1, 0.3, 0.3])
        // The script runs until it is back where it started: one whole cycle.
        #expect(script.changes.map(\.timeSeconds) == [0.25, 0.5, 0.75])
        #expect(script.changes.map { opacities($0.root) } == [[0.3, 1, 0.3], [0.3, 0.3, 1], [1, 0.3, 0.3]])
        #expect(script.changes.allSatisfy { $0.transaction == Transaction() })
        #expect(script.repeating == ScriptRepeat(start: 0, period: 0.75))
    }

    @Test func aColourArrayCyclesThroughATaskSleepLoop() throws {
        let source = """
        import SwiftUI
        struct Pulse: View {
            var colors: [Color] = [.red, .green, .blue]
            @State private var index = 0
            var body: some View {
                Circle()
                    .fill(colors[index])
                    .task {
                        while !Task.isCancelled {
                            try? await Task.sleep(nanoseconds: 400_000_000)
                            withAnimation(.easeInOut(duration: 0.2)) {
                                index = (index + 1) % colors.count
                            }
                        }
                    }
            }
        }
        """
        let script = try script(source)
        func fill(_ node: ViewNode) -> ColorValue? {
            if case let .custom(_, .shape(shape)) = node, case let .fill(color) = shape.paint { return color }
            return nil
        }
        #expect(fill(script.initial) == .system("red"))
        // The change at 1.2 s brings red back, animated: the picture repeats once that change's
        // animation is in flight at the same point as the one at 0.4 s, from 0.4 s on.
        let tenths: [Double] = script.changes.map { (change) -> Double in (change.timeSeconds * 10).rounded() / 10 }
        #expect(tenths == [0.4, 0.8, 1.2, 1.6])
        #expect(script.changes.map { fill($0.root) } == [.system("green"), .system("blue"), .system("red"), .system("green")])
        #expect(abs((script.repeating?.start ?? 0) - 0.4) < 1e-9)
        #expect(script.changes.allSatisfy { $0.transaction.animation == .easeInOut(duration: 0.2) })
        let period = try #require(script.repeating?.period)
        #expect(abs(period - 1.2) < 1e-9)
    }

    @Test func enumsSwitchesExtensionsAndCustomModifiers() throws {
        let source = """
        import SwiftUI
        enum Size: CaseIterable {
            case small, large
            var diameter: CGFloat {
                switch self {
                case .small: return 10
                case .large: return 24
                }
            }
        }
        struct Glow: ViewModifier {
            var amount: Double
            func body(content: Content) -> some View {
                content.opacity(amount).scaleEffect(1 + amount)
            }
        }
        extension View {
            func glowing(_ amount: Double = 0.5) -> some View { modifier(Glow(amount: amount)) }
        }
        struct Dots: View {
            var body: some View {
                HStack {
                    ForEach(Size.allCases, id: \\.self) { size in
                        Circle().frame(width: size.diameter, height: size.diameter).glowing()
                    }
                }
            }
        }
        """
        let tree = try script(source).initial
        #expect(frames(tree).map { $0.0 } == [10, 24])
        #expect(opacities(tree) == [0.5, 0.5])
        let scales = modifiers(tree).compactMap { if case let .effect(.scale(x, _, _), _) = $0 { x } else { nil } }
        #expect(scales == [1.5, 1.5])
    }

    /// The fills of the shapes in a tree, outermost first, depth first.
    func fills(_ node: ViewNode) -> [ColorValue?] {
        switch node {
        case let .shape(shape): if case let .fill(colour) = shape.paint { [colour] } else { [] }
        case let .modified(child, _), let .conditional(_, child), let .custom(_, child): fills(child)
        case let .stack(_, _, _, children): children.flatMap(fills)
        default: []
        }
    }

    /// A `switch` expression (SE-0380) gets the computed property's type as each branch's
    /// context, so `case .active: .orange` is a colour; `.constant(.red)` (generic over its
    /// `Value`) passes a colour to a `@Binding`.
    @Test func implicitMembersInSwitchExpressionsAndGenericCalls() throws {
        let source = """
        import SwiftUI
        enum Phase { case idle, active }
        struct Dot: View {
            @Binding var tint: Color
            var phase: Phase
            var fill: Color {
                switch phase {
                case .idle: .gray
                case .active: .orange
                }
            }
            var size: CGFloat { if phase == .idle { 8 } else { 12 } }
            var body: some View {
                HStack {
                    Circle().fill(fill).frame(width: size, height: size)
                    Circle().fill(tint)
                }
            }
        }
        #Preview {
            VStack {
                Dot(tint: .constant(.red), phase: .active)
                Dot(tint: .constant(Color.blue), phase: .idle)
            }
        }
        """
        let tree = try script(source).initial
        #expect(fills(tree) == [.system("orange"), .system("red"), .system("gray"), .system("blue")])
        #expect(frames(tree).map { $0.0 } == [12, 8])
    }

    /// `Color.gradient`, whose stops Apple does not document, is drawn as its colour, and the
    /// script says so once.
    @Test func aColoursGradientIsItsColourWithANote() throws {
        let script = try script("""
            import SwiftUI
            struct Dots: View {
                var body: some View {
                    HStack {
                        Circle().fill(Color.blue.gradient)
                        Circle().fill(.orange.gradient)
                    }
                }
            }
            """)
        #expect(fills(script.initial) == [.system("blue"), .system("orange")])
        #expect(script.notes == ["'.gradient' of a colour is drawn as the colour itself: Apple documents no stops for the gradient it derives"])
    }

    /// What app code around a loader says that a render cannot act on or does not hold:
    /// Xcode's generated colour symbols (`Color.brandBlue`, `.foregroundStyle(.accentGreen)`)
    /// are asset colours (the stand-in with a warning, without `--assets`), while a name one edit
    /// from SwiftUI's stays a mistake; gestures are accepted and never performed;
    /// `UIScreen.main.bounds` is the preview's screen (393 × 852 pt by default).
    @Test func appCodeAroundALoader() throws {
        let script = try script("""
            import SwiftUI
            struct Dot: View {
                @State private var pressed = false
                var body: some View {
                    HStack {
                        Circle().fill(Color.brandBlue).frame(width: UIScreen.main.bounds.width / 10)
                        Circle().fill(.accentGreen).frame(height: UIScreen.main.bounds.height / 100)
                    }
                    .gesture(DragGesture(minimumDistance: 0).onChanged { _ in pressed = true }.onEnded { _ in pressed = false })
                    .onLongPressGesture { pressed = true }
                }
            }
            """)
        #expect(fills(script.initial) == [.system("systemGray"), .system("systemGray")])
        #expect(frames(script.initial).map(\.0) == [39.3, nil])
        #expect(frames(script.initial).map(\.1) == [nil, 8.52])
        #expect(script.assetWarnings.count == 2 && script.assetWarnings[0].contains("'brandBlue'"))
        #expect(throws: (any Error).self) { try self.script("import SwiftUI\nstruct D: View { var body: some View { Circle().fill(Color.orang) } }") }
    }

    /// `UIFont`, by which loaders size themselves: the text styles' sizes at the default Dynamic
    /// Type size, and SF Pro's metrics (ascender 1950 and descender −494 of 2048 units, cap
    /// height 1443); `Font(_:)` takes one.
    @Test func uiFontSizesAndMetrics() throws {
        let script = try script("""
            import SwiftUI
            import UIKit
            struct D: View {
                private let size: CGFloat = UIFont.preferredFont(forTextStyle: .title2).lineHeight
                var body: some View {
                    VStack {
                        Circle().frame(width: size, height: UIFont.systemFont(ofSize: 17).ascender)
                        Circle().frame(width: UIFont.boldSystemFont(ofSize: 20).pointSize,
                                       height: UIFont.systemFont(ofSize: 10, weight: .bold).capHeight)
                        Circle().font(Font(UIFont.preferredFont(forTextStyle: .headline)))
                    }
                }
            }
            """)
        let sizes = frames(script.initial)
        #expect(sizes.count == 2)
        guard sizes.count == 2 else { return }
        #expect(abs((sizes[0].0 ?? 0) - 22 * 2444 / 2048) < 1e-9 && abs((sizes[0].1 ?? 0) - 17 * 1950 / 2048) < 1e-9)
        #expect(sizes[1].0 == 20 && abs((sizes[1].1 ?? 0) - 10 * 1443 / 2048) < 1e-9)
        #expect(modifiers(script.initial).contains(.font(FontValue(pointSize: 17, weight: .semibold))))
    }

    /// `Color(hex:)`, which apps declare in a file of their own: read as they usually declare it,
    /// with a note; a file that declares its own `init(hex:)` uses its own, without the note.
    @Test func hexColoursAsAppsDeclareThem() throws {
        let body = """
            HStack {
                Circle().fill(Color(hex: "6C63FF"))
                Circle().fill(Color(hex: "#F00"))
                Circle().fill(Color(hex: 0x00FF00, opacity: 0.5))
                Circle().fill(Color(hex: "804C46B6"))
            }
            """
        let script = try script("import SwiftUI\nstruct D: View {\n    var body: some View {\n\(body)\n    }\n}\n")
        let purple: ColorValue = .rgb(red: 108.0 / 255, green: 99.0 / 255, blue: 1, opacity: 1)
        let red: ColorValue = .rgb(red: 1, green: 0, blue: 0, opacity: 1)
        let green: ColorValue = .rgb(red: 0, green: 1, blue: 0, opacity: 0.5)
        let violet: ColorValue = .rgb(red: 76.0 / 255, green: 70.0 / 255, blue: 182.0 / 255, opacity: 128.0 / 255)
        #expect(fills(script.initial) == [purple, red, green, violet])
        #expect(script.notes.count == 1 && script.notes[0].hasPrefix("'Color(hex:)' is not SwiftUI's"))
        let own = try self.script("""
            import SwiftUI
            extension Color {
                init(hex: String) { self.init(red: 0, green: 0, blue: hex.count == 6 ? 1 : 0) }
            }
            struct D: View { var body: some View { Circle().fill(Color(hex: "6C63FF")) } }
            """)
        #expect(fills(own.initial) == [.rgb(red: 0, green: 0, blue: 1, opacity: 1)])
        #expect(own.notes.isEmpty)
        // `Color(hexString:)`, its other usual spelling, is read alike, with a note naming it.
        let spelled = try self.script("import SwiftUI\nstruct D: View { var body: some View { Circle().fill(Color(hexString: \"#F00\", alpha: 0.5)) } }\n")
        #expect(fills(spelled.initial) == [.rgb(red: 1, green: 0, blue: 0, opacity: 0.5)])
        #expect(spelled.notes.count == 1 && spelled.notes[0].hasPrefix("'Color(hexString:)' is not SwiftUI's"))
    }

    /// A file's own initialiser of a library type that stops on something unsupported, called
    /// with labels no library initialiser takes: its error, where it is, not the library's labels.
    @Test func aFilesOwnInitialiserThatStopsReportsWhatStoppedIt() throws {
        let source = """
            import SwiftUI
            extension Color {
                init(brand: Int) {
                    let scanner = Scanner(string: "7F5AF0")
                    self.init(red: 1, green: 0, blue: 0)
                }
            }
            struct D: View { var body: some View { Circle().fill(Color(brand: 1)) } }
            """
        #expect {
            _ = try self.script(source)
        } throws: { error in
            guard case let .source(diagnostic) = error as? SwiftUISourceError else { return false }
            return diagnostic.message.hasPrefix("cannot find 'Scanner' in scope") && diagnostic.line == 4 && diagnostic.column == 23
        }
    }

    @Test func conditionalCompilationTakesThePreviewsBranch() throws {
        let source = """
        import SwiftUI
        struct Spinner: View {
            var body: some View {
                #if DEBUG
                Circle().frame(width: 20, height: 20)
                #else
                Circle().frame(width: 99, height: 99)
                #endif
            }
        }
        #if os(iOS)
        #Preview { Spinner() }
        #endif
        """
        #expect(frames(try script(source).initial).map { $0.0 } == [20])
    }

    @Test func theRootOfTheFilesViewTreeIsRenderedWithoutAPreview() throws {
        let source = """
        import SwiftUI
        struct Dot: View { var body: some View { Circle().frame(width: 6, height: 6) } }
        struct Loader: View { var body: some View { HStack { Dot(); Dot() } } }
        """
        let program = try SwiftProgram(parsing: source, fileName: "Loader.swift")
        #expect(try program.defaultViewName() == "Loader")
    }

    @Test func asyncAfterChainsRunOnTheRendersClock() throws {
        let source = """
        import SwiftUI
        struct Blink: View {
            @State private var on = false
            var body: some View {
                Rectangle().opacity(on ? 1 : 0)
                    .onAppear(perform: blink)
            }
            func blink() {
                on.toggle()
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { blink() }
            }
        }
        """
        let script = try script(source)
        #expect(script.changes.map(\.timeSeconds) == [0, 0.5, 1])
        #expect(script.changes.map { opacities($0.root) } == [[1], [0], [1]])
        #expect(script.repeating == ScriptRepeat(start: 0, period: 1))
    }
}
