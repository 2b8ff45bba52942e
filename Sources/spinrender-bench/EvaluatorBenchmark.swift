import Foundation
import SpinRender

// MARK: - Swift evaluator (issue 22's speed targets)

/// Loader views of the shapes public code takes (timer-driven dots, a `repeatForever` spinner,
/// a trimmed ring), numbered so that one file can hold many, and a root that stacks them: a
/// loader file of about `lines` lines.
private func loaderFile(lines: Int) -> (text: String, root: String) {
    func view(_ index: Int) -> String {
        switch index % 3 {
        case 0:
            return """
                struct Dots\(index): View {
                    @State private var phase = 0
                    let colors: [Color] = [.red, .green, .blue]
                    let timer = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
                    var body: some View {
                        HStack(spacing: 4) {
                            ForEach(0..<3) { i in
                                Circle().fill(colors[i]).frame(width: 8, height: 8)
                                    .opacity(phase == i ? 1 : 0.3)
                            }
                        }
                        .onReceive(timer) { _ in phase = (phase + 1) % colors.count }
                    }
                }

                """
        case 1:
            return """
                struct Spinner\(index): View {
                    @State private var animating = false
                    var size: CGFloat = 20
                    var body: some View {
                        Image(systemName: "rays")
                            .font(.system(size: size))
                            .rotationEffect(.degrees(animating ? 360 : 0))
                            .animation(.linear(duration: 1).repeatForever(autoreverses: false), value: animating)
                            .onAppear { animating = true }
                    }
                }

                """
        default:
            return """
                struct Ring\(index): View {
                    @State private var turn = 0.0
                    private let lineWidth: CGFloat
                    init(thickness: CGFloat = 3) { lineWidth = thickness }
                    var body: some View {
                        Circle()
                            .trim(from: 0, to: 0.7)
                            .stroke(Color.blue, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                            .frame(width: 24, height: 24)
                            .rotationEffect(.degrees(turn))
                            .onAppear { withAnimation(.easeInOut(duration: 1).repeatForever(autoreverses: false)) { turn = 360 } }
                    }
                }

                """
        }
    }
    var text = "import SwiftUI\n\n"
    var names: [String] = []
    var index = 0
    while text.split(separator: "\n", omittingEmptySubsequences: false).count < lines - 12 {
        text += view(index)
        names.append(["Dots", "Spinner", "Ring"][index % 3] + String(index))
        index += 1
    }
    text += "struct ContentView: View {\n    var body: some View {\n        VStack(spacing: 8) {\n"
    text += names.map { "            \($0)()\n" }.joined()
    text += "        }\n    }\n}\n"
    return (text, "ContentView")
}

/// The same picture twice, 100 frames at 50 fps: the rays turned by view code that runs on
/// every frame (a 50 Hz timer advancing a step, 3.6° each), and turned by a plain
/// `repeatForever` animation (one state change, the engine interpolates).
private let perFrameSources = [
    ("timer-driven body, one state change a frame", """
        struct Turning: View {
            @State private var step = 0
            let timer = Timer.publish(every: 0.02, on: .main, in: .common).autoconnect()
            var body: some View {
                Image(systemName: "rays")
                    .rotationEffect(.degrees(Double(step) * 3.6))
                    .onReceive(timer) { _ in step = (step + 1) % 100 }
            }
        }
        """),
    ("plain repeatForever", """
        struct Turning: View {
            @State private var animating = false
            var body: some View {
                Image(systemName: "rays")
                    .rotationEffect(.degrees(animating ? 360 : 0))
                    .animation(.linear(duration: 2).repeatForever(autoreverses: false), value: animating)
                    .onAppear { animating = true }
            }
        }
        """),
]

/// Issue 22's speed targets: reading and evaluating a 300-line loader file in at most 2 ms; a
/// render whose view code runs every frame at most 2 × the same picture by `repeatForever`;
/// and the main job's render from a fresh request (its engine built: the documentation's code
/// read, evaluated and laid out), beside the render section's figure for a request whose
/// engine is already built.
func benchmarkEvaluator() {
    print("Swift evaluator (issue 22's targets), in-process, median of \(runs) runs")
    var (file, root) = loaderFile(lines: 300)
    if let path = getenv("SPINRENDER_BENCH_FILE"), let text = try? String(contentsOfFile: String(cString: path), encoding: .utf8) {
        file = text
        root = getenv("SPINRENDER_BENCH_VIEW").map { String(cString: $0) } ?? "ContentView"
    }
    if let count = getenv("SPINRENDER_BENCH_PROFILE").flatMap({ Int(String(cString: $0)) }) {
        let horizon = getenv("SPINRENDER_BENCH_HORIZON").flatMap { Double(String(cString: $0)) }
        for _ in 0..<count {
            guard let program = try? SwiftProgram(parsing: file, fileName: "Loaders.swift") else { continue }
            if getenv("SPINRENDER_BENCH_READ_ONLY") != nil { sink &+= program.viewNames.count; continue }
            if let horizon { sink &+= (try? program.script(view: root, horizonSeconds: horizon))?.changes.count ?? 0 }
            else { sink &+= (try? program.script(view: root))?.changes.count ?? 0 }
        }
        return
    }
    let lineCount = file.split(separator: "\n").count
    var changes = 0
    let reading = Timing.median(Timing.measure(runs: runs) {
        for _ in 0..<10 {
            guard let program = try? SwiftProgram(parsing: file, fileName: "Loaders.swift"),
                  let script = try? program.script(view: root) else { continue }
            changes = script.changes.count
            sink &+= changes
        }
    }) / 10
    let parsing = Timing.median(Timing.measure(runs: runs) {
        for _ in 0..<10 { sink &+= (try? SwiftProgram(parsing: file, fileName: "Loaders.swift"))?.viewNames.count ?? 0 }
    }) / 10
    // The first tree alone (no simulated time): what reading and running the views costs
    // before any timer fires, apart from the updates the timeline brings.
    let firstTree = Timing.median(Timing.measure(runs: runs) {
        for _ in 0..<10 {
            guard let program = try? SwiftProgram(parsing: file, fileName: "Loaders.swift"),
                  let script = try? program.script(view: root, horizonSeconds: 0) else { continue }
            sink &+= script.changes.count
        }
    }) / 10
    print("  \(lineCount)-line loader file (\(file.utf8.count) bytes): read \(pad(fixed(parsing, 3), 7)) ms, read + evaluate \(pad(fixed(reading, 3), 7)) ms (\(changes) state changes over the default horizon; read + first tree alone \(fixed(firstTree, 3)) ms)")
    target(reading <= 2, "reading and evaluating a \(lineCount)-line loader file ≤ 2 ms: \(fixed(reading, 3)) ms")

    var times: [Double] = []
    for (name, text) in perFrameSources {
        var frames = 0
        let measured = Timing.median(Timing.measure(runs: runs) {
            var request = RenderRequest()
            guard (try? request.setSource(text, fileName: "Turning.swift", view: "Turning")) != nil else { return }
            request.durationSeconds = 2
            request.framesPerSecond = 50
            request.compact = false
            frames = request.frameCount
            sink &+= (try? SpinRenderer.renderGIF(request))?.bytes.count ?? 0
        })
        times.append(measured)
        print("  \(name.padding(toLength: 46)) \(pad(fixed(measured, 2), 8)) ms   \(frames) frames (read, evaluate, render, encode)")
    }
    if times.count == 2, times[1] > 0 {
        target(times[0] <= 2 * times[1], "view code run every frame \(fixed(times[0] / times[1], 2)) × the repeatForever picture (target ≤ 2 ×)")
    }

    let fresh = Timing.median(Timing.measure(runs: runs) {
        var request = RenderRequest()
        request.example.mode = .explicit
        sink &+= (try? SpinRenderer.renderGIF(request))?.bytes.count ?? 0
    })
    let built = mainJob
    _ = built.makeEngine()
    let kept = Timing.median(Timing.measure(runs: runs) { sink &+= (try? SpinRenderer.renderGIF(built))?.bytes.count ?? 0 })
    print("  main job, a fresh request each run (engine built)  \(pad(fixed(fresh, 2), 8)) ms; engine already built \(fixed(kept, 2)) ms")
    print()
}
