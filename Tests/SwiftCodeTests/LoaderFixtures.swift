// Loader files written for these tests in the shapes public SwiftUI loading indicators take
// (timers, staggered dots, rings, typing indicators, modifiers, previews). They are valid Swift:
// the parser must read each without a diagnostic. `scripts/syntax-oracle.sh` checks that
// Apple's SwiftParser agrees. No Testing import, so the oracle can compile this file alone.

enum LoaderFixtures {
    static let valid: [(name: String, source: String)] = [
        ("timer dots", #"""
        import SwiftUI
        import Combine

        struct TimerDots: View {
            @State private var lit = 0
            private let count: Int
            let timer = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()

            init(count: Int = 3) {
                self.count = count
            }

            var body: some View {
                HStack(spacing: 6) {
                    ForEach(0..<count, id: \.self) { index in
                        Circle()
                            .fill(index == lit ? Color.accentColor : Color.gray.opacity(0.3))
                            .frame(width: 10, height: 10)
                    }
                }
                .onReceive(timer) { _ in
                    lit = (lit + 1) % count
                }
            }
        }

        #Preview("Dots", traits: .sizeThatFitsLayout) {
            TimerDots(count: 4)
                .padding()
        }
        """#),
        ("trimmed arc", #"""
        import SwiftUI

        struct ArcSpinner: View {
            @State private var isAnimating = false
            var lineWidth: CGFloat = 4
            var color: Color = .blue
            private static let initialDegree: Angle = .degrees(270)

            var body: some View {
                Circle()
                    .trim(from: 0.0, to: 0.75)
                    .stroke(color, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round))
                    .rotationEffect(isAnimating ? .degrees(360) : Self.initialDegree)
                    .animation(.linear(duration: 1).repeatForever(autoreverses: false), value: isAnimating)
                    .onAppear { isAnimating = true }
                    .frame(width: 40, height: 40)
            }
        }

        struct ArcSpinner_Previews: PreviewProvider {
            static var previews: some View {
                ArcSpinner()
                    .previewLayout(.sizeThatFits)
            }
        }
        """#),
        ("typing indicator", #"""
        import SwiftUI

        struct TypingIndicator: View {
            @State private var phase: Int = 0
            @Environment(\.colorScheme) private var colorScheme
            let dotSize: CGFloat
            let colors: [Color] = [.red, .orange, .yellow]

            private var bubble: Color { colorScheme == .dark ? Color(.systemGray5) : Color(.systemGray6) }

            var body: some View {
                HStack(spacing: dotSize / 2) {
                    ForEach(colors.indices, id: \.self) { i in
                        Circle()
                            .fill(colors[i])
                            .frame(width: dotSize, height: dotSize)
                            .scaleEffect(phase == i ? 1.3 : 0.8)
                            .offset(y: phase == i ? -dotSize / 3 : 0)
                    }
                }
                .padding(.horizontal, 12)
                .padding(.vertical, 8)
                .background(Capsule().fill(bubble))
                .task {
                    while !Task.isCancelled {
                        try? await Task.sleep(nanoseconds: 300_000_000)
                        withAnimation(.spring(response: 0.3, dampingFraction: 0.6)) {
                            phase = (phase + 1) % colors.count
                        }
                    }
                }
            }
        }
        """#),
        ("progress ring with modifier", #"""
        import SwiftUI

        struct RingStyle: ViewModifier {
            var width: CGFloat
            func body(content: Content) -> some View {
                content
                    .frame(width: width, height: width)
                    #if os(iOS)
                    .padding(4)
                    #endif
            }
        }

        extension View {
            func ringStyle(width: CGFloat = 60) -> some View {
                modifier(RingStyle(width: width))
            }
        }

        struct ProgressRing<S: ShapeStyle>: View {
            var progress: Double
            let style: S

            var body: some View {
                ZStack {
                    Circle().stroke(lineWidth: 8).opacity(0.2)
                    Circle()
                        .trim(from: 0, to: CGFloat(min(progress, 1.0)))
                        .stroke(style, style: StrokeStyle(lineWidth: 8, lineCap: .round))
                        .rotationEffect(Angle(degrees: -90))
                    Text("\(Int(progress * 100))%")
                        .font(.caption.monospacedDigit())
                    Text("\(progress, specifier: "%.1f")")
                }
                .ringStyle()
            }
        }
        """#),
        ("enum phases and switch", #"""
        import SwiftUI

        enum LoadPhase: Int, CaseIterable, Identifiable {
            case idle = 0, loading, done
            var id: Int { rawValue }

            var next: LoadPhase {
                switch self {
                case .idle: return .loading
                case .loading: return .done
                case .done: return .idle
                }
            }
        }

        enum Status {
            case progress(Double, label: String = "")
            case failed(message: String)
            indirect case retry(Status)
        }

        struct PhaseView: View {
            @State var phase: LoadPhase = .idle
            var status: Status = .progress(0.5)

            @ViewBuilder
            var label: some View {
                switch status {
                case .progress(let value, _) where value >= 1:
                    Text("Done")
                case let .progress(value, label):
                    Text(label.isEmpty ? "\(value)" : label)
                case .failed(message: let message):
                    Text(message).foregroundColor(.red)
                case .retry:
                    EmptyView()
                }
            }

            var body: some View {
                VStack {
                    label
                    if case .loading = phase {
                        ProgressView()
                    } else if phase == .done, let last = LoadPhase.allCases.last {
                        Text("\(last.rawValue)")
                    }
                }
                .onTapGesture { phase = phase.next }
            }
        }
        """#),
        ("class model with published", #"""
        import SwiftUI
        import Combine

        final class LoaderModel: ObservableObject {
            @Published var progress: CGFloat = 0
            @Published private(set) var isRunning = false
            private var timer: Timer?
            private var cancellables = Set<AnyCancellable>()

            func start() {
                isRunning = true
                timer = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { [weak self] timer in
                    guard let self = self else { timer.invalidate(); return }
                    self.progress += 0.01
                    if self.progress >= 1 {
                        self.progress = 0
                    }
                }
            }

            deinit {
                timer?.invalidate()
            }
        }

        struct ModelLoader: View {
            @StateObject private var model = LoaderModel()

            var body: some View {
                Rectangle()
                    .fill(LinearGradient(colors: [.purple, .blue], startPoint: .leading, endPoint: .trailing))
                    .frame(width: 200 * model.progress, height: 6)
                    .onAppear(perform: model.start)
            }
        }
        """#),
        ("bars with geometry and math", #"""
        import SwiftUI

        struct Bars: View {
            @State private var animate = false
            let barCount = 5
            var heights: [CGFloat] { (0..<barCount).map { CGFloat($0 + 1) * 6 } }

            func delay(for index: Int) -> Double {
                Double(index) * 0.12
            }

            var body: some View {
                GeometryReader { proxy in
                    let width = proxy.size.width / CGFloat(barCount * 2)
                    HStack(alignment: .center, spacing: width) {
                        ForEach(Array(heights.enumerated()), id: \.offset) { (i, h) in
                            RoundedRectangle(cornerRadius: width / 2)
                                .frame(width: width, height: animate ? h * 2 : h)
                                .animation(
                                    .easeInOut(duration: 0.5)
                                        .repeatForever()
                                        .delay(delay(for: i)),
                                    value: animate
                                )
                        }
                    }
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                }
                .onAppear { animate.toggle() }
            }
        }

        struct Orbit: View {
            let count = 8
            var body: some View {
                ZStack {
                    ForEach(0..<count, id: \.self) { i in
                        let angle = 2 * .pi / Double(count) * Double(i)
                        Circle()
                            .frame(width: 6, height: 6)
                            .offset(x: cos(angle) * 20, y: sin(angle) * 20)
                            .opacity(1 - Double(i) / Double(count))
                    }
                }
            }
        }
        """#),
        ("shimmer extension and availability", #"""
        import SwiftUI

        @available(iOS 15.0, macOS 12, *)
        struct Shimmer: ViewModifier {
            @State private var phase: CGFloat = -1
            var duration: TimeInterval = 1.5

            func body(content: Content) -> some View {
                content
                    .overlay(
                        LinearGradient(
                            gradient: Gradient(colors: [.clear, .white.opacity(0.6), .clear]),
                            startPoint: UnitPoint(x: phase, y: 0.5),
                            endPoint: UnitPoint(x: phase + 1, y: 0.5)
                        )
                        .blendMode(.plusLighter)
                    )
                    .mask(content)
                    .onAppear {
                        withAnimation(.linear(duration: duration).repeatForever(autoreverses: false)) {
                            phase = 1
                        }
                    }
            }
        }

        extension View {
            @ViewBuilder
            func shimmering(active: Bool = true) -> some View {
                if active {
                    if #available(iOS 15.0, *) {
                        modifier(Shimmer())
                    } else {
                        self
                    }
                } else {
                    self
                }
            }
        }

        extension Color {
            static let skeleton = Color(red: 0.9, green: 0.9, blue: 0.92)
            static var random: Color { [Color.red, .green, .blue].randomElement() ?? .gray }
        }

        #if DEBUG
        struct Shimmer_Previews: PreviewProvider {
            static var previews: some View {
                RoundedRectangle(cornerRadius: 8)
                    .fill(Color.skeleton)
                    .frame(height: 20)
                    .shimmering()
            }
        }
        #endif
        """#),
        ("binding and custom init", #"""
        import SwiftUI

        struct PulseButton: View {
            @Binding var isOn: Bool
            @State private var scale: CGFloat
            private let tint: Color
            let onTap: (() -> Void)?

            init(isOn: Binding<Bool>, tint: Color = .pink, onTap: (() -> Void)? = nil) {
                self._isOn = isOn
                _scale = State(initialValue: 1.0)
                self.tint = tint
                self.onTap = onTap
            }

            var body: some View {
                Button {
                    isOn.toggle()
                    onTap?()
                } label: {
                    Image(systemName: isOn ? "heart.fill" : "heart")
                        .foregroundStyle(tint)
                        .scaleEffect(scale)
                }
                .buttonStyle(.plain)
                .onChange(of: isOn) { newValue in
                    scale = newValue ? 1.2 : 1.0
                }
            }
        }

        struct PulseHost: View {
            @State private var on = false
            var body: some View {
                PulseButton(isOn: $on) { print("tapped", on) }
            }
        }
        """#),
        ("protocol, generics and typealias", #"""
        import SwiftUI

        typealias Seconds = Double

        protocol LoaderStyle {
            associatedtype Body: View
            var period: Seconds { get }
            @ViewBuilder func makeBody(progress: Double) -> Body
        }

        extension LoaderStyle {
            var period: Seconds { 1 }
        }

        struct DotStyle: LoaderStyle {
            func makeBody(progress: Double) -> some View {
                Circle().scale(0.5 + progress / 2)
            }
        }

        struct StyledLoader<Style: LoaderStyle>: View where Style.Body: View {
            let style: Style
            @State private var start = Date()

            var body: some View {
                TimelineView(.animation) { context in
                    let elapsed = context.date.timeIntervalSince(start)
                    let t = elapsed.truncatingRemainder(dividingBy: style.period) / style.period
                    style.makeBody(progress: t)
                }
            }
        }

        struct Stack<Element> {
            private var items: [Element] = []
            mutating func push(_ item: Element) { items.append(item) }
            subscript(index: Int) -> Element? {
                get { items.indices.contains(index) ? items[index] : nil }
            }
            static func + (lhs: Stack, rhs: Stack) -> Stack {
                var result = lhs
                result.items += rhs.items
                return result
            }
        }
        """#),
        ("loops, guards and closures", #"""
        import Foundation

        func frames(count: Int, step: Double = 0.1) -> [Double] {
            guard count > 0 else { return [] }
            var values: [Double] = []
            values.reserveCapacity(count)
            for i in stride(from: 0, to: count, by: 1) where i % 2 == 0 {
                values.append(Double(i) * step)
            }
            var n = 0
            repeat { n += 1 } while n < 3
            outer: while true {
                for v in values {
                    if v > 10 { break outer }
                    continue outer
                }
                break
            }
            let sorted = values.sorted(by: >).map { $0 * 2 }.filter { value in value < 100 }
            let total = sorted.reduce(0, +)
            let labels = sorted.map { (v: Double) -> String in "\(v)" }
            _ = labels.compactMap { Int($0) }
            defer { print("done") }
            do {
                try check(total)
            } catch let error as CheckError {
                print(error)
            } catch {
                print("unknown \(error)")
            }
            let kind = if total > 1 { "big" } else { "small" }
            print(kind, sorted.first ?? 0, values.last!, values.isEmpty ? "none" : "some")
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [values] in
                print(values.count)
            }
            return sorted
        }

        enum CheckError: Error { case tooLarge(Double) }

        func check(_ value: Double) throws {
            if value > 1e6 { throw CheckError.tooLarge(value) }
        }
        """#),
        ("color literal, tuples and dictionaries", #"""
        import SwiftUI

        struct Palette {
            static let accent = #colorLiteral(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            static let named: [String: Color] = ["red": .red, "green": .green,]
            static let empty: [String: Int] = [:]
            static let sizes = (small: 8.0, large: 16.0)
            let pairs: [(Int, Color)] = [(0, .red), (1, .blue)]
            var firstSize: Double { Self.sizes.small }
            lazy var cache = [Int: CGFloat]()
            let grid = [[Color]](repeating: [Color](repeating: .clear, count: 3), count: 3)
            let optionalChain: String? = Palette.named["red"]?.description.uppercased()
        }
        """#),
        ("switch expression and if let shorthand", #"""
        import SwiftUI

        struct Badge: View {
            var count: Int?
            var phase: Int

            var color: Color {
                switch phase {
                case 0..<3: .green
                case 3...5: .orange
                default: .red
                }
            }

            var body: some View {
                if let count {
                    Text("\(count)")
                        .padding(4)
                        .background(color, in: Circle())
                } else {
                    Color.clear.frame(width: 1, height: 1)
                }
            }
        }
        """#),
        ("raw and multi-line strings", ##"""
        let pattern = #"\d+ "dots" \#(count)"#
        let doc = """
            A loader
              with "quotes" and \(count) dots \
            continued
            """
        let count = 3
        let emoji = "🔄 \u{2022} \t\\"
        """##),
    ]
}
