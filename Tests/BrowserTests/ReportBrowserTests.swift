import Foundation
import SpinRender
import Testing

/// Frames drawn by the tests: white, with a 3 × 2 blue block whose place depends on the frame.
enum ReportDrawing {
    static let white = RGBA8(r: 255, g: 255, b: 255)
    static let blue = RGBA8(r: 0, g: 0, b: 255)

    static func frame(_ index: Int, width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: white)
        let x0 = (2 * index) % (width - 3), y0 = index % (height - 2)
        for y in y0..<y0 + 2 { for x in x0..<x0 + 3 { set(&image, x, y, blue) } }
        return image
    }

    static func set(_ image: inout RGBAImage, _ x: Int, _ y: Int, _ colour: RGBA8) {
        let o = (y * image.width + x) * 4
        image.pixels[o] = colour.r; image.pixels[o + 1] = colour.g; image.pixels[o + 2] = colour.b; image.pixels[o + 3] = colour.a
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let o = (y * image.width + x) * 4
        return Array(image.pixels[o..<o + 4])
    }

    static func sequence(_ images: [RGBAImage], delays: [Int]) -> FrameSequence {
        FrameSequence(width: images[0].width, height: images[0].height,
                      frames: zip(images, delays).map { TimedFrame(image: $0, delayCentiseconds: $1) }, loopCount: .forever)
    }

    /// pixelmatch's diff of opaque frames: red where `differs`, else the expected pixel's
    /// luma (YIQ Y, 0.29889531 R + 0.58662247 G + 0.11448223 B) faded to 10 % onto white,
    /// rounded; red outside the expected canvas.
    static func diff(expected: RGBAImage, width: Int, height: Int, differs: (Int, Int) -> Bool) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: RGBA8(r: 255, g: 0, b: 0))
        for y in 0..<height {
            for x in 0..<width where x < expected.width && y < expected.height && !differs(x, y) {
                let p = pixel(expected, x, y).map(Double.init)
                let luma = 0.29889531 * p[0] + 0.58662247 * p[1] + 0.11448223 * p[2]
                let grey = UInt8((255 + (luma - 255) * 0.1 * p[3] / 255 + 0.5).rounded(.down))
                set(&image, x, y, RGBA8(r: grey, g: grey, b: grey))
            }
        }
        return image
    }
}

/// Each kind of report opened in headless Chromium, driven through its DOM.
@Suite(.serialized, .enabled(if: Chromium.isAvailable))
struct ReportBrowserTests {
    /// Delays of the expected test animation, centiseconds: 30, 50, 20, 40, 60 and 40 ms,
    /// starting at 0, 30, 80, 100, 140 and 200 ms; 240 ms a loop.
    static let delays = [3, 5, 2, 4, 6, 4]
    static let starts = [0, 30, 80, 100, 140, 200]

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spinrender-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The frame shown at `t` ms of a loop with these delays (cs).
    static func frame(at t: Int, delays: [Int]) -> Int {
        var time = t % (delays.reduce(0, +) * 10)
        for (index, delay) in delays.enumerated() {
            if time < delay * 10 { return index }
            time -= delay * 10
        }
        return delays.count - 1
    }

    /// Checks one step: the selected frame, the scrubber's current button, and every picture
    /// shown at every pixel.
    static func check(_ step: ReportDriver.Step, frame: Int, actual: [RGBAImage], expected: [RGBAImage],
                      diffs: [Int: RGBAImage], actualFrame: Int? = nil, expectedFrame: Int? = nil) throws {
        let a = actualFrame ?? frame, e = expectedFrame ?? frame
        #expect(step.frame == frame, "\(step.label): frame")
        #expect(step.current == String(frame), "\(step.label): scrubber")
        for (name, index, images) in [("img-actual", a, actual), ("img-expected", e, expected),
                                      ("m-actual", a, actual), ("m-expected", e, expected)] {
            #expect(step[name].frame == String(index), "\(step.label): \(name) frame")
            #expect(try ReportDriver.image(step[name].src) == (index < images.count ? images[index] : nil),
                    "\(step.label): \(name) shows frame \(index)")
        }
        for name in ["img-diff", "m-diff"] {
            #expect(step[name].frame == String(frame), "\(step.label): \(name) frame")
            #expect(try ReportDriver.image(step[name].src) == diffs[frame], "\(step.label): \(name) of frame \(frame)")
        }
    }

    /// The views' checks on a failing frame: which images are visible, the swipe's clip, the
    /// onion's opacity, blink's alternation.
    static func checkViews(_ steps: [ReportDriver.Step], hasDiff: Bool) {
        func step(_ label: String) -> ReportDriver.Step? { steps.first { $0.label == label } }
        guard let side = step("view-side"), let swipe = step("view-swipe"), let onion = step("view-onion"),
              let blink = step("view-blink"), let overlay = step("view-overlay"), let swipe30 = step("swipe-30"),
              let blinkLater = step("blink-600") else {
            Issue.record("a view step is missing: \(steps.map(\.label))")
            return
        }
        #expect(side.view == "side" && side["img-actual"].visible && side["img-expected"].visible && !side["m-actual"].visible)
        #expect(side["img-diff"].visible == hasDiff)
        #expect(swipe.view == "swipe" && swipe["m-actual"].visible && swipe["m-expected"].visible && !swipe["img-actual"].visible)
        #expect(swipe["m-actual"].clip == "inset(0px 50% 0px 0px)" || swipe["m-actual"].clip == "inset(0 50% 0 0)")
        #expect(swipe30["m-actual"].clip == "inset(0px 70% 0px 0px)" || swipe30["m-actual"].clip == "inset(0 70% 0 0)")
        #expect(onion.view == "onion" && onion["m-actual"].visible && onion["m-actual"].opacity == "0.5")
        #expect(blink.view == "blink" && blink.shown == "actual" && blink["m-actual"].visible)
        #expect(blinkLater.shown == "expected" && !blinkLater["m-actual"].visible && blinkLater["m-expected"].visible)
        #expect(overlay.view == "overlay" && overlay["m-actual"].visible && !overlay["m-expected"].visible)
        #expect(overlay["m-diff"].visible == hasDiff)
    }

    /// The key and click steps of one section: on open the `initial` frame; Home, → to the
    /// end (a further → stays), ← once; → from the focused second button gives the third frame;
    /// a click on each button.
    static func checkNavigation(_ steps: [ReportDriver.Step], count: Int, initial: Int,
                                actual: [RGBAImage], expected: [RGBAImage], diffs: [Int: RGBAImage]) throws {
        let open = try #require(steps.first { $0.label == "open" })
        try check(open, frame: initial, actual: actual, expected: expected, diffs: diffs)
        let keys = steps.filter { $0.label == "key" }
        let keyFrames = Array(0..<count) + [count - 1, count - 2]
        #expect(keys.map(\.frame) == keyFrames)
        for (step, frame) in zip(keys, keyFrames) { try check(step, frame: frame, actual: actual, expected: expected, diffs: diffs) }
        let focused = try #require(steps.first { $0.label == "key-focused" })
        try check(focused, frame: 2, actual: actual, expected: expected, diffs: diffs)
        let clicks = steps.filter { $0.label == "click" }
        #expect(clicks.map(\.frame) == Array(0..<count))
        for (step, frame) in zip(clicks, 0..<count) { try check(step, frame: frame, actual: actual, expected: expected, diffs: diffs) }
    }

    static func report(actual: FrameSequence, expected: FrameSequence) throws -> (String, FrameComparisonResult) {
        // Frame by frame (`--stored-frames`): the pages below show the stored frames, a frame
        // count that differs among them.
        let result = FrameComparison.compare(actual: actual, expected: expected, options: ComparisonOptions(alignment: .stored))
        let report = ComparisonReport(command: "spinrender compare actual.gif expected.gif --html report.html",
                                      comparisons: [.init(actualName: "actual.gif", expectedName: "expected.gif", result: result)])
        return (try report.html(), result)
    }

    @Test func equalReport() throws {
        let frames = (0..<6).map { ReportDrawing.frame($0, width: 12, height: 10) }
        let sequence = ReportDrawing.sequence(frames, delays: Self.delays)
        let (html, result) = try Self.report(actual: sequence, expected: sequence)
        #expect(result.verdict == .equal)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (results, console) = try ReportDriver.drive(html, in: folder)
        #expect(console.filter { $0.hasPrefix("error: ") } == [])
        #expect(results.sections == 1 && results.badges == ["Equal"] && results.mismatches == [[]])
        let steps = results.steps
        try Self.checkNavigation(steps, count: 6, initial: 0, actual: frames, expected: frames, diffs: [:])
        Self.checkViews(steps, hasDiff: false)
        #expect(steps.first { $0.label == "open" }?.info.contains("identical") == true)
    }

    @Test func pixelsDifferReport() throws {
        let expected = (0..<6).map { ReportDrawing.frame($0, width: 12, height: 10) }
        var actual = expected
        for index in [2, 4] { ReportDrawing.set(&actual[index], 0, 9, RGBA8(r: 200, g: 0, b: 0)) }
        let (html, result) = try Self.report(actual: ReportDrawing.sequence(actual, delays: Self.delays),
                                             expected: ReportDrawing.sequence(expected, delays: Self.delays))
        #expect(result.verdict == .pixelsDiffer)
        var diffs: [Int: RGBAImage] = [:]
        for index in [2, 4] {
            diffs[index] = ReportDrawing.diff(expected: expected[index], width: 12, height: 10) { x, y in x == 0 && y == 9 }
        }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (results, console) = try ReportDriver.drive(html, in: folder)
        #expect(console.filter { $0.hasPrefix("error: ") } == [])
        #expect(results.badges == ["Pixels differ"] && results.mismatches == [[]])
        let steps = results.steps
        try Self.checkNavigation(steps, count: 6, initial: 2, actual: actual, expected: expected, diffs: diffs)
        Self.checkViews(steps, hasDiff: true)
        #expect(steps.first { $0.label == "open" }?.info
            == "Frame 2 of 6 at 80 ms (20 ms): different; actual frame 2, expected frame 2; 1 of 120 pixels differ, 0 anti-aliased, 0 ignored, max distance \(fixed(result.frames[2].maxDistance, 3)).")
        // Playback from frame 0 at the real delays: 120 ms is in frame 3 (100–140 ms), 220 ms
        // in frame 5 (200–240 ms); pausing keeps the frame.
        let play120 = try #require(steps.first { $0.label == "play-120" })
        try Self.check(play120, frame: Self.frame(at: 120, delays: Self.delays), actual: actual, expected: expected, diffs: diffs)
        #expect(play120.frame == 3)
        let play220 = try #require(steps.first { $0.label == "play-220" })
        try Self.check(play220, frame: Self.frame(at: 220, delays: Self.delays), actual: actual, expected: expected, diffs: diffs)
        #expect(play220.frame == 5)
        #expect(steps.first { $0.label == "paused" }?.frame == 5)
    }

    @Test func shapeDiffersReport() throws {
        // Actual: 4 frames of 14 × 10 at 50 ms; expected: 6 frames of 12 × 10 at the delays above.
        let actual = (0..<4).map { ReportDrawing.frame($0, width: 14, height: 10) }
        let expected = (0..<6).map { ReportDrawing.frame($0, width: 12, height: 10) }
        let actualDelays = [5, 5, 5, 5]
        let (html, result) = try Self.report(actual: ReportDrawing.sequence(actual, delays: actualDelays),
                                             expected: ReportDrawing.sequence(expected, delays: Self.delays))
        #expect(result.verdict == .sizeMismatch)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (results, console) = try ReportDriver.drive(html, in: folder)
        #expect(console.filter { $0.hasPrefix("error: ") } == [])
        #expect(results.badges == ["Size differs"])
        #expect(results.mismatches[0] == [
            "The canvas sizes differ: actual is 14 × 10 pixels, expected 12 × 10 pixels.",
            "The frame counts differ: actual has 4 frames, expected 6 frames (identical neighbours merged).",
        ])
        // Frames 0–3: the blocks are at the same place on both sides; the two columns only
        // the actual canvas has are red.
        var diffs: [Int: RGBAImage] = [:]
        for index in 0..<4 { diffs[index] = ReportDrawing.diff(expected: expected[index], width: 14, height: 10) { _, _ in false } }
        let steps = results.steps
        for step in steps where ["open", "key", "click"].contains(step.label) && step.frame < 4 {
            try Self.check(step, frame: step.frame, actual: actual, expected: expected, diffs: diffs)
        }
        #expect(steps.first { $0.label == "open" }?.frame == 0)
        // Frames 4 and 5 exist only in expected: the actual side says so.
        for step in steps where step.label == "click" && step.frame >= 4 {
            #expect(step["img-actual"].src == nil && !step["img-actual"].visible)
            #expect(try ReportDriver.image(step["img-expected"].src) == expected[step.frame])
            #expect(step.info.contains("missing in actual"))
        }
        Self.checkViews(steps, hasDiff: true)
        // Each side plays at its own delays: at 120 ms actual shows frame 2 (100–150 ms),
        // expected frame 3 (100–140 ms); at 220 ms actual, a 200 ms loop, frame 0 again
        // (20 ms), expected frame 5 (200–240 ms).
        let play120 = try #require(steps.first { $0.label == "play-120" })
        try Self.check(play120, frame: 3, actual: actual, expected: expected, diffs: diffs,
                       actualFrame: Self.frame(at: 120, delays: actualDelays), expectedFrame: Self.frame(at: 120, delays: Self.delays))
        #expect(play120["img-actual"].frame == "2" && play120["img-expected"].frame == "3")
        let play220 = try #require(steps.first { $0.label == "play-220" })
        #expect(Self.frame(at: 220, delays: actualDelays) == 0 && Self.frame(at: 220, delays: Self.delays) == 5)
        #expect(play220.frame == 5 && play220["img-actual"].frame == "0" && play220["img-expected"].frame == "5")
        #expect(try ReportDriver.image(play220["img-actual"].src) == actual[0])
        #expect(try ReportDriver.image(play220["img-expected"].src) == expected[5])
    }

    /// `spinrender batch --html`: one section per entry with a reference, each showing the
    /// frames of its written GIF and of its reference, as the GIF decoder reads them.
    @Test func batchReport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = try run(["-o", "reference.gif"], in: folder)
        #expect(render.status == 0, "\(render.error)")
        let manifest = #"{"entries": [{"output": "out/same.gif", "reference": "reference.gif"}, {"output": "out/plain.gif"}, {"output": "out/linear.gif", "blend": "linear", "reference": "reference.gif"}]}"#
        try manifest.write(to: folder.appendingPathComponent("batch.json"), atomically: true, encoding: .utf8)
        let batch = try run(["batch", "batch.json", "--html", "report.html", "--quiet"], in: folder)
        #expect(batch.status == 1, "entry 3 differs from its reference: \(batch.error)")
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        let (results, console) = try ReportDriver.drive(html, playSection: 1, in: folder)
        #expect(console.filter { $0.hasPrefix("error: ") } == [])
        #expect(results.sections == 2)
        #expect(results.titles == ["entry 1: \(folder.path)/out/same.gif", "entry 3: \(folder.path)/out/linear.gif"]
            || results.titles == ["entry 1: out/same.gif", "entry 3: out/linear.gif"], "\(results.titles)")
        #expect(results.badges == ["Equal", "Pixels differ"])
        let reference = try decode(folder.appendingPathComponent("reference.gif"))
        for (section, output) in [(0, "out/same.gif"), (1, "out/linear.gif")] {
            let actual = try decode(folder.appendingPathComponent(output))
            let steps = results.steps.filter { $0.cmp == section && $0.label == "click" }
            #expect(steps.map(\.frame) == Array(actual.indices))
            for step in steps {
                #expect(try ReportDriver.image(step["img-actual"].src) == actual[step.frame], "\(output) frame \(step.frame)")
                #expect(try ReportDriver.image(step["img-expected"].src) == reference[step.frame], "reference frame \(step.frame)")
                #expect((step["img-diff"].src == nil) == (actual[step.frame] == reference[step.frame]))
            }
        }
    }

    /// The frames of a GIF as the project's decoder composites them.
    func decode(_ url: URL) throws -> [RGBAImage] {
        try GIFDecoder.decode([UInt8](Data(contentsOf: url))).sequence.frames.map(\.image)
    }

    /// Runs the built `spinrender` (next to the test binary, or `$SPINRENDER_BINARY`) in `folder`.
    func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, error: String) {
        let binary = ProcessInfo.processInfo.environment["SPINRENDER_BINARY"]
            ?? URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
                .deletingLastPathComponent().appendingPathComponent("spinrender").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = folder.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let handle = try FileHandle(forWritingTo: errors)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: errors, encoding: .utf8)
        try FileManager.default.removeItem(at: errors)
        return (process.terminationStatus, text)
    }
}
