// spinrender-bench: the benchmark figures that need to run inside the process — frame
// comparison speed, render + encode time without process start-up and the rasterizer's
// coverage accuracy against exact area, in 1/255 units, and the encoder's large inputs that the
// tests keep small. `make bench` runs it after the
// whole-process figures of scripts/bench.py.
//
// Usage: spinrender-bench [--runs N] [--only compare|render|coverage|large|source|syntax|evaluator|report|text|effects|drawing]
//   --runs  timed runs per figure, after one warm-up (default 15)
//   --only  run one section (default: all of them)
// For profiling the evaluator (valgrind --tool=callgrind, perf) on a file of your own:
//   SPINRENDER_BENCH_FILE=Loader.swift [SPINRENDER_BENCH_VIEW=ContentView] spinrender-bench --only evaluator
// measures that file instead of the generated one; with SPINRENDER_BENCH_PROFILE=N it only
// reads and runs it N times (SPINRENDER_BENCH_HORIZON=seconds, default the render's horizon).
import CMimalloc
import Glibc
import RasterReference
import SpinRender

// The tool's allocator (Sources/spinrender/main.swift): mimalloc, linked in place of glibc's
// malloc, so that the figures are the tool's. Said first, so that a build that lost the link
// cannot pass for one that has it.
let allocatorIsMimalloc: Bool = {
    let probe = malloc(16)
    defer { free(probe) }
    return mi_is_in_heap_region(probe)
}()
let mimallocVersion = Int(mi_version())
print(allocatorIsMimalloc ? "allocator: mimalloc \(mimallocVersion / 100).\(mimallocVersion / 10 % 10).\(mimallocVersion % 10)"
                          : "allocator: glibc malloc (mimalloc did not replace it: the figures are not the tool's)")

let runs: Int = {
    let arguments = CommandLine.arguments
    if let at = arguments.firstIndex(of: "--runs"), at + 1 < arguments.count, let n = Int(arguments[at + 1]), n > 0 {
        return n
    }
    return 15
}()

/// Keeps results observable so the optimiser cannot drop the work being timed.
nonisolated(unsafe) var sink = 0

// MARK: - Frame comparison

/// A deterministic noise image (xorshift64), opaque: the worst case for the comparison, because
/// no row is skipped and the anti-aliasing detector finds both darker and brighter neighbours
/// around every pixel, so it goes on to its sibling checks.
func noiseImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var state = seed
    var bytes = [UInt8](repeating: 255, count: width * height * 4)
    for pixel in 0..<(width * height) {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        bytes[pixel * 4] = UInt8(truncatingIfNeeded: state)
        bytes[pixel * 4 + 1] = UInt8(truncatingIfNeeded: state >> 8)
        bytes[pixel * 4 + 2] = UInt8(truncatingIfNeeded: state >> 16)
    }
    return RGBAImage(width: width, height: height, pixels: bytes)!
}

/// A smooth opaque gradient (each channel a ramp), the content of typical screenshots' large areas.
func gradientImage(width: Int, height: Int) -> RGBAImage {
    var bytes = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            bytes[i] = UInt8(x * 191 / width)
            bytes[i + 1] = UInt8(y * 191 / height)
            bytes[i + 2] = UInt8((x + y) * 95 / (width + height))
        }
    }
    return RGBAImage(width: width, height: height, pixels: bytes)!
}

func still(_ image: RGBAImage) -> FrameSequence {
    FrameSequence(width: image.width, height: image.height,
                  frames: [TimedFrame(image: image, delayCentiseconds: 0)], loopCount: .playOnce)
}

func benchmarkComparison() {
    print("Frame comparison, 1000×1000 px (1 megapixel), in-process, median of \(runs) runs; noise against its")
    print("  inverse at pixelmatch's defaults (threshold 0.1, anti-aliasing detected)")
    let side = 1000
    let original = noiseImage(width: side, height: side, seed: 0x9E37_79B9_7F4A_7C15)
    // A separate buffer with the same bytes, so nothing short-circuits on shared storage.
    let copy = RGBAImage(width: side, height: side, pixels: original.pixels.map { $0 })!
    // Every channel moved by 128: every pixel differs far beyond pixelmatch's default threshold.
    let inverted = RGBAImage(width: side, height: side, pixels: original.pixels.enumerated().map { index, byte in
        index % 4 == 3 ? byte : byte ^ 0x80
    })!
    let a = still(original), same = still(copy), different = still(inverted)

    var identicalVerdict = ""
    let identical = Timing.measure(runs: runs) {
        let result = FrameComparison.compare(actual: a, expected: same, options: .exact)
        identicalVerdict = result.verdict.rawValue
        sink &+= result.totals.differingPixels
    }
    // pixelmatch's defaults: threshold 0.1, anti-aliasing detected (includeAA: false).
    let options = ComparisonOptions(threshold: 0.1, ignoreAntialiasing: true)
    var flagged = 0
    let allDifferent = Timing.measure(runs: runs) {
        let result = FrameComparison.compare(actual: a, expected: different, options: options)
        flagged = result.totals.differingPixels + result.totals.antialiasedPixels
        sink &+= flagged
    }
    // Smooth content, every pixel brightened: the anti-aliasing detector usually stops early
    // (equal neighbours), so this shows how much the figure above depends on the content.
    let gradient = gradientImage(width: side, height: side)
    let brighter = RGBAImage(width: side, height: side, pixels: gradient.pixels.enumerated().map { index, byte in
        index % 4 == 3 ? byte : byte &+ 64
    })!
    let smoothA = still(gradient), smoothB = still(brighter)
    var smoothFlagged = 0
    let smoothDifferent = Timing.measure(runs: runs) {
        let result = FrameComparison.compare(actual: smoothA, expected: smoothB, options: options)
        smoothFlagged = result.totals.differingPixels + result.totals.antialiasedPixels
        sink &+= smoothFlagged
    }
    let identicalMs = Timing.median(identical), differentMs = Timing.median(allDifferent)
    print("  identical frames (exact)                        \(pad(fixed(identicalMs, 3), 9)) ms   (fastest \(fixed(identical[0], 3))), verdict \(identicalVerdict)")
    print("  all pixels different, anti-aliasing detection   \(pad(fixed(differentMs, 3), 9)) ms   (fastest \(fixed(allDifferent[0], 3))), \(flagged) of \(side * side) pixels flagged")
    print("  all different, smooth gradient (information)    \(pad(fixed(Timing.median(smoothDifferent), 3), 9)) ms   (fastest \(fixed(smoothDifferent[0], 3))), \(smoothFlagged) of \(side * side) pixels flagged")
    print("  (pixelmatch, for reference: about 11 ms and 243 ms on a 2-core machine)")
    // The Compare module's own benchmark (1024², unrelated noise, threshold 0, fastest run) as a
    // cross-check of the figures above, which are medians at pixelmatch's default threshold.
    for figure in CompareBenchmark.run(repetitions: 5) {
        print("  cross-check, CompareBenchmark: \(figure.name): \(fixed(figure.milliseconds, 3)) ms (fastest of 5)")
    }
    target(identicalMs <= 2, "compare two identical 1-megapixel frames ≤ 2 ms (\(fixed(identicalMs, 3)) ms)")
    target(differentMs <= 25, "compare 1 megapixel all different with anti-aliasing detection ≤ 25 ms (\(fixed(differentMs, 3)) ms)")
    print()
}

// MARK: - Render and encode

/// The main job: `spinrender --mode explicit`, the defaults.
nonisolated var mainJob: RenderRequest {
    var request = RenderRequest()
    request.example.mode = .explicit
    return request
}

/// The large case: `--scale 3 --point-size 120`, 2 s at 50 fps.
nonisolated var largeCase: RenderRequest {
    var request = RenderRequest()
    request.scene.scale = 3
    request.example.pointSize = 120
    request.durationSeconds = 2
    request.framesPerSecond = 50
    return request
}

func benchmarkRendering() {
    print("Render + encode in-process (no process start-up, no file write), median of \(runs) runs")
    let (main, large) = (mainJob, largeCase)
    var cases: [(String, RenderRequest)] = []
    for (name, base) in [("main job (explicit, defaults)", main), ("large (--scale 3 --point-size 120)", large)] {
        var oneThread = base
        oneThread.threads = 1
        var uncompacted = base
        uncompacted.compact = false
        cases.append((name, base))
        cases.append((name + ", 1 thread", oneThread))
        cases.append((name + ", --no-compact", uncompacted))
    }
    for (name, request) in cases {
        let first: RenderedGIF
        do {
            first = try SpinRenderer.renderGIF(request)
        } catch {
            print("  \(name): render failed: \(error)")
            continue
        }
        let times = Timing.measure(runs: runs) {
            sink &+= (try? SpinRenderer.renderGIF(request))?.bytes.count ?? 0
        }
        let label = name.padding(toLength: 52)
        print("  \(label) \(pad(fixed(Timing.median(times), 2), 8)) ms   \(pad(String(first.bytes.count), 7)) bytes, \(first.storedFrameCount) frames stored")
    }
    // Where the time goes, on one thread: drawing the frames, then encoding them.
    for (name, base) in [("main job", main), ("large", large)] {
        var oneThread = base
        oneThread.threads = 1
        let animation = SpinRenderer.renderFrames(oneThread)
        let drawing = Timing.measure(runs: runs) {
            sink &+= SpinRenderer.renderFrames(oneThread).sequence.frames.count
        }
        let encoding = Timing.measure(runs: runs) {
            sink &+= (try? GIFEncoder.encode(animation.sequence))?.bytes.count ?? 0
        }
        print("  \(name) split, 1 thread: draw \(animation.sequence.frames.count) frames "
              + "\(fixed(Timing.median(drawing), 2)) ms, encode \(fixed(Timing.median(encoding), 2)) ms")
    }
    // The SVG writer draws no pixel: its time is the keyframes' sampling and the text (the
    // request's engine is kept between runs, as between a render's checks and the render).
    var drift = RenderRequest()
    drift.example.mode = .preview
    drift.scene.layoutChanges = [0.5]
    for (name, request) in [("main job as SVG", main), ("large as SVG", large), ("drift (--mode preview --rotate-at 0.5) as SVG", drift)] {
        let bytes = (try? SpinRenderer.renderSVG(request).bytes.count) ?? 0
        let times = Timing.measure(runs: runs) { sink &+= (try? SpinRenderer.renderSVG(request).bytes.count) ?? 0 }
        print("  \(name.padding(toLength: 52)) \(pad(fixed(Timing.median(times), 2), 8)) ms   \(pad(String(bytes), 7)) bytes")
    }
    print()
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

// MARK: - Coverage accuracy

func benchmarkCoverage() {
    // The rays of the default spinner at @1x, @2x and @3x (ray width 1.64 pt, centre line
    // 2.53 pt long) and a hairline capsule, as in Tests/RasterTests/CoverageAccuracyTests.swift,
    // with more angles and sub-pixel offsets than the test.
    let angles = 37, offsets = 4
    print("Rasterizer coverage error against exact capsule areas, \(angles) angles × \(offsets * offsets) sub-pixel offsets each, in 1/255")
    print("  capsule (length, radius px)      max      mean (AA pixels)   max 8-bit mask   AA pixels")
    var total = CoverageError()
    for (length, radius) in [(2.53, 0.82), (5.06, 1.64), (7.59, 2.46), (6.0, 0.5)] {
        let error = CoverageError.measure(length: length, radius: radius, angles: angles, offsets: offsets)
        total.merge(error)
        let label = "(\(fixed(length)), \(fixed(radius)))".padding(toLength: 28)
        print("  \(label) \(pad(fixed(error.maximum * 255, 4), 9)) \(pad(fixed(error.mean * 255, 4), 10)) \(pad(fixed(error.maximum8Bit, 4), 22)) \(pad(String(error.edgePixels), 11))")
    }
    let label = "all".padding(toLength: 28)
    print("  \(label) \(pad(fixed(total.maximum * 255, 4), 9)) \(pad(fixed(total.mean * 255, 4), 10)) \(pad(fixed(total.maximum8Bit, 4), 22)) \(pad(String(total.edgePixels), 11))")
    target(total.maximum * 255 <= 1, "coverage max error ≤ 1/255 before 8-bit rounding (\(fixed(total.maximum * 255, 4))/255)")
    target(total.mean * 255 <= 0.2, "coverage mean error ≤ 0.2/255 over anti-aliased pixels (\(fixed(total.mean * 255, 4))/255)")
    print()
}

// MARK: - SwiftUI source

/// Reading the documentation's code: parse, then interpret each of its three views into a view
/// script, as `--mode` does before every render. The budget is 0.5 ms for the whole.
func benchmarkSource() {
    print("SwiftUI source, the documentation's code (\(DocumentationSource.text.utf8.count) bytes), in-process, median of \(runs) runs of 100")
    func time(_ body: () throws -> Int) -> Double {
        Timing.median(Timing.measure(runs: runs) { for _ in 0..<100 { sink &+= (try? body()) ?? 0 } }) / 100
    }
    let parse = time { try SwiftProgram(parsing: DocumentationSource.text, fileName: "Spinner.swift").viewNames.count }
    var whole = 0.0
    for view in ["Spinner", "Spinner2", "ContentView"] {
        let ms = time {
            try SwiftProgram(parsing: DocumentationSource.text, fileName: "Spinner.swift").script(view: view).changes.count
        }
        whole = max(whole, ms)
        print("  parse + interpret \(view)\(String(repeating: " ", count: 12 - view.count)) \(pad(fixed(ms, 4), 9)) ms")
    }
    print("  parse alone                   \(pad(fixed(parse, 4), 9)) ms")
    target(whole <= 0.5, "reading the documentation's code adds at most 0.5 ms: \(fixed(whole, 4)) ms (slowest view)")
    print()
}

let only: String? = {
    let arguments = CommandLine.arguments
    guard let at = arguments.firstIndex(of: "--only"), at + 1 < arguments.count else { return nil }
    return arguments[at + 1]
}()

// MARK: - HTML report

/// What `compare --html` adds to `compare`: building the report page (PNG-encoding each distinct
/// frame and each diff) after the comparison, for the main job and the large case, compared
/// with themselves (equal) and with their `--blend linear` twin (every frame differs).
func benchmarkReport() {
    print("HTML report (compare --html) in-process, median of \(runs) runs: the comparison, then the page it adds")
    let (main, large) = (mainJob, largeCase)
    for (name, request) in [("main job", main), ("large", large)] {
        var linear = request
        linear.scene.blendSpace = .linear
        let expected = SpinRenderer.renderFrames(request).sequence
        let twin = SpinRenderer.renderFrames(linear).sequence
        for (kind, actual) in [("equal", expected), ("pixels differ", twin)] {
            let result = FrameComparison.compare(actual: actual, expected: expected)
            let comparing = Timing.measure(runs: runs) {
                sink &+= FrameComparison.compare(actual: actual, expected: expected).totals.differingPixels
            }
            let report = ComparisonReport(command: "spinrender compare a.gif b.gif --html r.html",
                                          comparisons: [.init(actualName: "a.gif", expectedName: "b.gif", result: result)])
            let bytes = (try? report.htmlBytes())?.count ?? 0
            let reporting = Timing.measure(runs: runs) {
                sink &+= (try? report.htmlBytes())?.count ?? 0
            }
            let label = "\(name), \(kind) (\(result.frames.count) frames)".padding(toLength: 40)
            print("  \(label) compare \(pad(fixed(Timing.median(comparing), 2), 8)) ms, --html adds \(pad(fixed(Timing.median(reporting), 2), 8)) ms, \(pad(String(bytes), 8)) bytes")
        }
    }
    print()
}

// MARK: - Text

/// Text over the spinner, 100 frames at @3x (2 s at 50 fps, one turn of the rays), render +
/// GIF encode in-process: a 20-character label drawn every frame (shaped and flattened once),
/// and a counter whose text changes every frame (one layout per state), against the spinner
/// alone. Targets: label ≤ 1.5 ×, counter ≤ 3 × the spinner's time.
func benchmarkText() {
    print("Text over a spinner, 100 frames @3x, render + encode in-process, median of \(runs) runs (the cases in turn)")
    let spinner = """
        Image(systemName: "rays")
                        .rotationEffect(animating ? .degrees(360) : .zero)
        """
    func source(_ extra: String, state: String = "", actions: String = "") -> String {
        """
        struct T: View {
            @State private var animating = false
        \(state)
            var body: some View {
                VStack {
                    \(spinner)
                    \(extra)
                }
                .onAppear {
                    withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) { animating = true }
        \(actions)
                }
            }
        }
        """
    }
    let counterActions = (1..<100).map { "            DispatchQueue.main.asyncAfter(deadline: .now() + \(Double($0) * 0.02)) { count = \($0) }" }
        .joined(separator: "\n")
    let cases = [
        ("spinner alone", source("")),
        ("20-character label over the spinner", source("Text(\"Loading your files\")")),
        ("counter changing every frame", source("Text(\"\\(count) of 100\")", state: "    @State private var count = 0", actions: counterActions)),
        // The label laid out but not drawn: the spinner on the label's canvas, which shows what
        // the text itself costs apart from the larger canvas every frame fills and encodes.
        ("spinner on the label's canvas, no text", source("Text(\"Loading your files\").opacity(0)")),
    ]
    var requests: [RenderRequest] = []
    for (name, text) in cases {
        var request = RenderRequest()
        do {
            try request.setSource(text, fileName: "T.swift", view: "T")
        } catch {
            print("  \(name): \(error)")
            return
        }
        request.scene.scale = 3
        request.durationSeconds = 2
        request.compact = false
        requests.append(request)
    }
    // The cases take turns (the targets are ratios between them).
    let times = Timing.medianInTurns(runs: runs, requests.map { request in
        { sink &+= (try? SpinRenderer.renderGIF(request))?.bytes.count ?? 0 }
    })
    for ((name, _), (request, median)) in zip(cases, zip(requests, times)) {
        let frames = request.frameCount
        // Drawing alone (the engine built once, every frame drawn on one thread), to tell it
        // from encoding.
        let engine = request.makeEngine()
        let drawing = Timing.median(Timing.measure(runs: runs) {
            let renderer = ViewRenderer(engine)
            var rasterizer = renderer.makeRasterizer()
            // Recycling frames as a GIF render does.
            var recycler = FrameRecycler(capacity: 3)
            for frame in 0..<frames {
                let drawn = renderer.renderFrame(atSeconds: Double(frame) / request.framesPerSecond, using: &rasterizer, recycling: &recycler)
                sink &+= Int(drawn.image.pixels[0])
            }
        })
        print("  \(name.padding(toLength: 40)) \(pad(fixed(median, 2), 8)) ms   \(frames) frames, \(engine.canvasWidth)×\(engine.canvasHeight) px; drawing alone \(pad(fixed(drawing, 2), 7)) ms")
    }
    guard times.count == 4, times[0] > 0, times[3] > 0 else { return }
    target(times[1] <= 1.5 * times[0], "label over spinner \(fixed(times[1] / times[0], 2)) × the spinner alone (target ≤ 1.5 ×)")
    target(times[2] <= 3 * times[0], "counter changing every frame \(fixed(times[2] / times[0], 2)) × the spinner alone (target ≤ 3 ×)")
    print("  on the same canvas: label \(fixed(times[1] / times[3], 2)) ×, counter \(fixed(times[2] / times[3], 2)) × the spinner without text"
        + " (the rest is the \(fixed(times[3] / times[0], 2)) × of filling and encoding the larger canvas)")
    print()
}

// MARK: - Effects

/// A 20 pt shadow at @3x over 100 frames (2 s at 50 fps), render + GIF encode in-process: a
/// white disc with `shadow(radius: 20)` under a turning rays glyph, against the same scene
/// without the shadow. The blur costs the same per pixel whatever the radius (see
/// `GaussianBlur`). Target: ≤ 3 × the scene without it.
func benchmarkEffects() {
    print("Effects, 100 frames @3x, render + encode in-process, median of \(runs) runs (the cases in turn)")
    func source(_ effect: String) -> String {
        """
        struct E: View {
            @State private var animating = false
            var body: some View {
                ZStack {
                    Circle().fill(Color.white).frame(width: 60, height: 60)\(effect)
                    Image(systemName: "rays")
                        .rotationEffect(animating ? .degrees(360) : .zero)
                }
                .padding(40)
                .onAppear {
                    withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) { animating = true }
                }
            }
        }
        """
    }
    // The shadowed circle stays still under the turning rays (drawn once, as the frames'
    // underlay); the third case puts the shadow on the turning rays, drawn every frame.
    let moving = source("").replacing(".rotationEffect(animating ? .degrees(360) : .zero)",
                                      with: ".rotationEffect(animating ? .degrees(360) : .zero)\n                .shadow(color: .black.opacity(0.3), radius: 20)")
    let cases = [("without the shadow", source("")), ("with shadow(radius: 20)", source(".shadow(color: .black.opacity(0.3), radius: 20)")),
                 ("shadow(radius: 20) on the turning rays", moving)]
    var requests: [RenderRequest] = []
    for (name, text) in cases {
        var request = RenderRequest()
        do {
            try request.setSource(text, fileName: "E.swift", view: "E")
        } catch {
            print("  \(name): \(error)")
            return
        }
        request.scene.scale = 3
        request.durationSeconds = 2
        request.compact = false
        requests.append(request)
    }
    // The cases take turns (the targets are ratios between them).
    let renders = Timing.medianInTurns(runs: runs, requests.map { request in
        { sink &+= (try? SpinRenderer.renderGIF(request))?.bytes.count ?? 0 }
    })
    var times: [Double] = []
    for ((name, _), (request, median)) in zip(cases, zip(requests, renders)) {
        let frames = request.frameCount
        times.append(median)
        // The drawing alone, on one thread: the frames without the encoder.
        let renderer = ViewRenderer(request.makeEngine())
        let drawing = Timing.measure(runs: runs) {
            var rasterizer = renderer.makeRasterizer()
            for frame in 0..<frames { sink &+= Int(renderer.render(atSeconds: Double(frame) / 50, using: &rasterizer)[0, 0].a) }
        }
        times.append(Timing.median(drawing))
        print("  \(name.padding(toLength: 40)) \(pad(fixed(median, 2), 8)) ms   \(frames) frames; drawing alone, 1 thread \(pad(fixed(Timing.median(drawing), 2), 8)) ms")
    }
    guard times.count == 6, times[0] > 0, times[1] > 0 else { return }
    target(times[2] <= 3 * times[0], "20 pt shadow @3x \(fixed(times[2] / times[0], 2)) × the scene without it, render + encode (target ≤ 3 ×); drawing alone \(fixed(times[3] / times[1], 2)) ×")
    target(times[4] <= 3 * times[0], "20 pt shadow @3x on the moving rays \(fixed(times[4] / times[0], 2)) × the scene without it, render + encode (target ≤ 3 ×); drawing alone \(fixed(times[5] / times[1], 2)) ×")
    print()
}

// MARK: - Drawing, beside rlottie

/// The vector spinners of scripts/lottie (a trimmed ring turning, three dots pulsing), written
/// as SwiftUI, drawn frame by frame on one thread (no encoding) at the Lottie files' size and at
/// 3 ×: the figures scripts/bench.py sets beside rlottie drawing the same animations. Each line
/// ends with `frames/s`, which bench.py reads.
func benchmarkDrawing() {
    print("Drawing alone, 100 frames on one thread (rlottie draws the same in scripts/bench.py)")
    let ring = """
        struct Ring: View {
            @State private var turning = false
            var body: some View {
                Circle()
                    .trim(from: 0, to: 0.7)
                    .stroke(Color.blue, style: StrokeStyle(lineWidth: 8, lineCap: .round, lineJoin: .round))
                    .frame(width: 80, height: 80)
                    .rotationEffect(.degrees(turning ? 360 : 0))
                    .animation(.linear(duration: 1).repeatForever(autoreverses: false), value: turning)
                    .frame(width: 120, height: 120)
                    .onAppear { turning = true }
            }
        }
        """
    let dots = """
        struct Dots: View {
            @State private var on = false
            var body: some View {
                HStack(spacing: 10) {
                    ForEach(0..<3) { i in
                        Circle().fill(Color.blue).frame(width: 20, height: 20)
                            .scaleEffect(on ? 1 : 0.5)
                            .animation(.easeInOut(duration: 0.5).repeatForever().delay(Double(i) / 3), value: on)
                    }
                }
                .frame(width: 120, height: 40)
                .onAppear { on = true }
            }
        }
        """
    for (name, text, view) in [("ring", ring, "Ring"), ("dots", dots, "Dots")] {
        for scale in [1.0, 3.0] {
            var request = RenderRequest()
            do {
                try request.setSource(text, fileName: "\(view).swift", view: view)
            } catch {
                print("  \(name): \(error)")
                continue
            }
            request.scene.scale = scale
            request.scene.padding = 0
            request.framesPerSecond = 50
            request.durationSeconds = 2
            let engine = request.makeEngine()
            let seconds = Timing.median(Timing.measure(runs: runs) {
                let renderer = ViewRenderer(engine)
                // One scratch rasterizer for the run, as the renderer's threads keep one each.
                var rasterizer = renderer.makeRasterizer()
                for frame in 0..<100 {
                    sink &+= Int(renderer.render(atSeconds: Double(frame) / 50, using: &rasterizer).pixels[0])
                }
            }) / 1000
            print("  \("\(name) \(engine.canvasWidth)×\(engine.canvasHeight)".padding(toLength: 16)) \(pad(fixed(seconds * 1000, 2), 8)) ms   \(pad(fixed(100 / seconds, 0), 8)) frames/s")
        }
    }
    print()
}

// MARK: - Large inputs

/// The encoder on inputs the tests keep small, one timed run each (they take seconds).
func benchmarkLargeInputs() {
    print("\n== Encoder, large inputs (one run each)")
    print("  palette order, 100 000 distinct colour sets   \(fixed(GIFCodecBenchmark.paletteOrderSeconds(), 2)) s   (target: well under a minute)")
    print("  3 frames growing to 71 200 colours            \(fixed(GIFCodecBenchmark.colourIDTiersSeconds(), 2)) s")
}

if only == nil || only == "compare" { benchmarkComparison() }
if only == nil || only == "render" { benchmarkRendering() }
if only == nil || only == "coverage" { benchmarkCoverage() }
if only == nil || only == "source" { benchmarkSource() }
if only == nil || only == "syntax" { benchmarkSyntax() }
if only == nil || only == "evaluator" { benchmarkEvaluator() }
if only == nil || only == "report" { benchmarkReport() }
if only == nil || only == "text" { benchmarkText() }
if only == nil || only == "effects" { benchmarkEffects() }
if only == nil || only == "drawing" { benchmarkDrawing() }
if only == nil || only == "large" { benchmarkLargeInputs() }
if sink == 42 { print("") }   // keeps `sink` live
