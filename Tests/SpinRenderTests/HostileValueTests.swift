import Foundation
import Testing
@testable import SpinRender

/// Hostile numbers through the settings schema, huge finite numbers in sources through every
/// output format, and the smaller promises around them (same-named previews, invalid UTF-8,
/// the modifier limit shared by `--animation` and Swift source), in one process.
@Suite("Hostile values")
struct HostileValueTests {
    /// Each the extreme of its kind: tiny, huge, not finite.
    static let hostileNumbers = ["1e-300", "-1e-300", "1e300", "-1e300", "inf", "-inf", "nan", "-0", "4e-17", "7e18"]

    /// The settings each value is accepted by; every other setting refuses it naming itself.
    static let acceptedBy: [String: Set<String>] = [
        // A duration is "more than 0", padding and rotation times start at 0.
        "1e-300": ["duration", "padding", "rotate-at"],
        "-1e-300": [],
        "1e300": [], "-1e300": [], "inf": [], "-inf": [], "nan": [],
        "-0": ["padding", "rotate-at", "loop", "quality"],
        "4e-17": ["duration", "padding", "rotate-at"],
        "7e18": [],
    ]

    /// Whether `error` is a usage error whose message names `--name`.
    static func isRefusal(_ error: SettingsError, naming name: String) -> Bool {
        guard case let .invalid(message) = error else { return false }
        return message.contains("'--\(name)")
    }

    @Test("every render, file and batch setting refuses an extreme number naming itself, or computes its frames without trapping",
          arguments: hostileNumbers)
    func everyRenderSettingAtExtremes(text: String) throws {
        var accepted: Set<String> = []
        // A path (`--assets`) takes any text; it is checked when the file is read.
        for setting in RenderSettings.fileOptions + RenderSettings.renderOptions where setting.kind != .flag && !setting.isPath {
            var settings = RenderSettings()
            do {
                try settings.apply(SettingValues([setting.name: [text]]), options: RenderSettings.fileOptions + RenderSettings.renderOptions)
            } catch {
                #expect(Self.isRefusal(error, naming: setting.name), "\(setting.name) \(text): \(error)")
                continue
            }
            accepted.insert(setting.name)
            // What every command computes before drawing: the frames, their times, the SVG
            // timeline and the memory estimate.
            let request = settings.request
            let frames = SpinRenderer.emittedFrameCount(request)
            #expect(frames >= 1 && frames <= 30_000, "\(setting.name) \(text): \(frames) frames")
            let timeline = SpinRenderer.svgTimeline(request)
            #expect(timeline.durationSeconds > 0 && timeline.durationSeconds.isFinite)
            try settings.checkMemory(holding: .streamedGIF)
        }
        #expect(accepted == Self.acceptedBy[text], "\(text)")
        for setting in BatchSettings.options where setting.kind != .flag && !setting.isPath {
            var settings = BatchSettings()
            #expect(throws: SettingsError.self, "\(setting.name) \(text)") {
                try BatchSettings.options.apply(SettingValues([setting.name: [text]]), to: &settings)
            }
        }
    }

    @Test("every comparison setting refuses an extreme number naming itself, or keeps it in range", arguments: hostileNumbers)
    func everyComparisonSettingAtExtremes(text: String) throws {
        let options = ComparisonSettings.toleranceOptions + ComparisonSettings.readingOptions + ComparisonSettings.memoryOptions
        var accepted: Set<String> = []
        for setting in options where setting.kind != .flag && !setting.isPath {
            var settings = ComparisonSettings()
            do {
                try options.apply(SettingValues([setting.name: [text]]), to: &settings)
                accepted.insert(setting.name)
                #expect(settings.options.validationMessage == nil)
                #expect((0...1).contains(settings.options.threshold) && settings.maximumMemoryBytes >= 1)
            } catch {
                #expect(Self.isRefusal(error, naming: setting.name), "\(setting.name) \(text): \(error)")
            }
        }
        let expected: Set<String> = switch text {
        case "1e-300", "4e-17": ["threshold", "max-diff-ratio"]
        case "-0": ["threshold", "max-diff-ratio", "max-diff-pixels"]
        // A count of pixels: 7·10¹⁸ fits an Int and allows any difference.
        case "7e18": ["max-diff-pixels"]
        default: []
        }
        #expect(accepted == expected, "\(text)")
    }

    @Test("a manifest entry with an extreme number fails alone, naming the key; the valid entries are written")
    func manifestEntryAtExtremes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // JSON numbers as a manifest writes them: 1e999 reads as infinity.
        let manifest = """
        {"defaults": {"scale": 1, "duration": 0.2},
         "entries": [
           {"fps": 3e-21, "output": "a.gif"},
           {"output": "good.gif"},
           {"duration": 6e299, "output": "b.gif"},
           {"padding": -1e-300, "output": "c.gif"},
           {"rotate-at": [0.1, 2e300], "output": "d.gif"},
           {"quality": 5e18, "output": "e.webp"},
           {"fps": 25, "output": "also-good.webp"}
         ]}
        """
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/batch.json"))
        let outcomes = try BatchRenderer.run(manifest: folder + "/batch.json")
        #expect(outcomes.map(\.succeeded) == [false, true, false, false, false, false, true])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["also-good.webp", "batch.json", "good.gif"])
        for (outcome, key) in zip(outcomes, ["fps", "", "duration", "padding", "rotate-at", "quality", ""]) where !key.isEmpty {
            #expect(outcome.failure?.contains("'--\(key)") == true, "\(outcome.failure ?? "")")
        }
    }

    @Test("a manifest number beyond a Double is refused before any entry is rendered, naming the entry and the key")
    func manifestNumberBeyondDouble() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"entries": [{"output": "a.gif"}, {"fps": -2e400, "output": "b.gif"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/batch.json"))
        #expect(throws: SpinRenderError.self) { try BatchRenderer.run(manifest: folder + "/batch.json") }
        do {
            _ = try BatchRenderer.run(manifest: folder + "/batch.json")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains("entry 2: key 'fps': the number -2e400 is out of range"), "\(error.message)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["batch.json"])
    }

    // MARK: Sources with huge finite numbers, every output format

    /// A 40 × 30 pt red rectangle in a source, with `modifier` after its frame.
    static func rectangle(_ modifier: String) -> String {
        """
        import SwiftUI

        struct Huge: View {
            var body: some View {
                Rectangle()
                    .foregroundColor(Color(red: 1, green: 0, blue: 0))
                    .frame(width: 40, height: 30)
                    \(modifier)
            }
        }
        """
    }

    static func settings(_ source: String, format: OutputFormat) throws -> RenderSettings {
        var settings = RenderSettings()
        settings.request.scene.scale = 1
        // A video has no alpha: MP4 output refuses --transparent.
        settings.request.scene.transparentBackground = format != .mp4
        settings.request.durationSeconds = 0.1
        settings.request.framesPerSecond = 10
        try settings.loadSource("Huge.swift", bytes: Array(source.utf8), view: nil)
        try settings.setOutput("out." + format.rawValue)
        return settings
    }

    /// Every frame of every output format: `expected` at every pixel.
    static func expectEveryFormat(_ source: String, every expected: RGBA8, svgHolds number: String) throws {
        let gif = try GIFDecoder.decode(SpinRenderer.render(settings(source, format: .gif).request).bytes).sequence
        let webp = try WebPDecoder.decode(SpinRenderer.render(settings(source, format: .webp).request).bytes).sequence
        let frames = SpinRenderer.renderFrames(try settings(source, format: .gif).request).sequence
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FrameFolder.write(frames, to: folder + "/frames", scale: 1, arguments: nil)
        let read = try FrameFolder.read(folder + "/frames").sequence
        for (format, sequence) in [("GIF", gif), ("WebP", webp), ("frames", frames), ("frame folder", read)] {
            // The layout is the rectangle's and the default 8 pt margin: offsets and scale effects
            // do not change it, so without them the margin would be transparent.
            #expect(sequence.width == 40 + 16 && sequence.height == 30 + 16, "\(format): \(sequence.width) × \(sequence.height)")
            #expect(!sequence.frames.isEmpty, "\(format)")
            for frame in sequence.frames {
                var wrong = 0
                for y in 0..<frame.image.height {
                    for x in 0..<frame.image.width where frame.image[x, y] != expected { wrong += 1 }
                }
                #expect(wrong == 0, "\(format): \(wrong) pixels differ from \(expected)")
            }
        }
        let svg = String(decoding: try SpinRenderer.render(settings(source, format: .svg).request).bytes, as: UTF8.self)
        #expect(svg.contains(number), "\(svg)")
        #expect(!svg.contains("\u{FFFF}"))
    }

    @Test("an offset of 10¹⁸ points moves the view off every format's canvas; the SVG writes the number whole")
    func hugeOffset() throws {
        try Self.expectEveryFormat(Self.rectangle(".offset(x: 3e18, y: -2.5e17)"), every: RGBA8(r: 0, g: 0, b: 0, a: 0),
                                   svgHolds: "3e+18")
    }

    @Test("a scale effect of 10¹⁹ covers every pixel of every format; the SVG writes the scale")
    func hugeScale() throws {
        try Self.expectEveryFormat(Self.rectangle(".scaleEffect(6e19)"), every: RGBA8(r: 255, g: 0, b: 0, a: 255),
                                   svgHolds: "6e+19")
    }

    @Test("a rotation of 10²⁹⁰ degrees renders in every format; the SVG writes the angle")
    func hugeRotation() throws {
        let source = Self.rectangle(".rotationEffect(.degrees(-4e290))")
        for format in OutputFormat.allCases {
            let bytes = try SpinRenderer.render(Self.settings(source, format: format).request).bytes
            #expect(!bytes.isEmpty)
        }
        let svg = String(decoding: try SpinRenderer.render(Self.settings(source, format: .svg).request).bytes, as: UTF8.self)
        #expect(svg.contains("-4e+290"), "\(svg)")
    }

    @Test("an animated offset towards 10³⁰⁰ and a repeat period of 10⁻³⁰⁰ s render in every format")
    func hugeAnimatedValues() throws {
        let source = """
        import SwiftUI

        struct Huge: View {
            @State private var on = false
            var body: some View {
                Circle()
                    .frame(width: 20, height: 20)
                    .offset(x: on ? 1e300 : 0, y: on ? -1e300 : 0)
                    .scaleEffect(on ? 1e300 : 1)
                    .animation(.linear(duration: 1e-300).repeatForever(autoreverses: false), value: on)
                    .onAppear { on = true }
            }
        }
        """
        for format in OutputFormat.allCases {
            let bytes = try SpinRenderer.render(Self.settings(source, format: format).request).bytes
            #expect(!bytes.isEmpty, "\(format)")
        }
    }

    @Test("an SVG whose transform overflows to infinity is refused as bad data; the GIF of it renders")
    func overflowingTransformIsRefusedInSVG() throws {
        let source = Self.rectangle(".offset(x: 1.7e308, y: 0).scaleEffect(1e10)")
        #expect(throws: SpinRenderError(.badData, "the views cannot be written as SVG: a position, size or transform overflows to a number that is not finite; use smaller offsets and scales")) {
            try SpinRenderer.render(Self.settings(source, format: .svg).request)
        }
        // The raster formats leave an edge that is not finite out: nothing of the view is drawn.
        let gif = try GIFDecoder.decode(SpinRenderer.render(Self.settings(source, format: .gif).request).bytes).sequence
        #expect(gif.frames.allSatisfy { frame in (0..<frame.image.height).allSatisfy { y in
            (0..<frame.image.width).allSatisfy { frame.image[$0, y] == RGBA8(r: 0, g: 0, b: 0, a: 0) } } })
    }

    // MARK: Smaller promises

    @Test("two previews of one name are both choosable: the second is numbered as the listing names it")
    func sameNamedPreviews() throws {
        let source = """
        import SwiftUI
        #Preview("Dots") { Circle().frame(width: 10, height: 10) }
        #Preview("Dots") { Rectangle().frame(width: 30, height: 12) }
        #Preview("Dots 2") { Capsule().frame(width: 8, height: 4) }
        """
        let program = try SwiftProgram(parsing: source, fileName: "Dots.swift")
        #expect(program.viewNames == ["Dots", "Dots 3", "Dots 2"])
        #expect(throws: SwiftUISourceError.viewSelection(.ambiguous(candidates: ["Dots", "Dots 3", "Dots 2"]))) {
            try program.script(view: nil)
        }
        // Each name renders its own preview: the sizes of the three frames.
        for (name, size) in [("Dots", (10, 10)), ("Dots 3", (30, 12)), ("Dots 2", (8, 4))] {
            var settings = RenderSettings()
            settings.request.scene.scale = 1
            try settings.loadSource("Dots.swift", bytes: Array(source.utf8), view: name)
            let engine = settings.request.makeEngine()
            #expect(engine.canvasWidth == size.0 + 2 * Int(settings.request.scene.padding), "\(name)")
            #expect(engine.canvasHeight == size.1 + 2 * Int(settings.request.scene.padding), "\(name)")
        }
    }

    @Test("invalid UTF-8 is located at its first bad byte, with the line and a caret", arguments: [
        // (bytes after "ab\n  // x", line, column, the byte)
        ([0x80], 2, 7, "0x80"),                 // a continuation byte alone
        ([0xC0, 0xAF], 2, 7, "0xC0"),           // an overlong '/'
        ([0xED, 0xA0, 0x80], 2, 7, "0xED"),     // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], 2, 7, "0xF4"), // above U+10FFFF
        ([0xC3, 0xA9, 0xE2, 0x82], 2, 8, "0xE2"), // é, then a cut sequence at the end
    ] as [([UInt8], Int, Int, String)])
    func invalidUTF8IsLocated(tail: [UInt8], line: Int, column: Int, byte: String) throws {
        let bytes = Array("ab\n  // x".utf8) + tail
        let diagnostic = try #require(SourceDiagnostic.invalidUTF8(in: bytes, fileName: "Bad.swift"))
        #expect(diagnostic.line == line && diagnostic.column == column)
        #expect(diagnostic.summary.hasPrefix("Bad.swift:\(line):\(column): error: not UTF-8 text (byte \(byte) at offset"))
        #expect(diagnostic.description.hasSuffix("\n" + String(repeating: " ", count: column - 1) + "^"))
        var settings = RenderSettings()
        #expect(throws: SettingsError.source(diagnostic)) {
            try settings.loadSource("Bad.swift", bytes: bytes, view: nil)
        }
        #expect(SourceDiagnostic.invalidUTF8(in: Array("ab\n  // é ⭐️".utf8), fileName: "Good.swift") == nil)
    }

    /// `.linear` and then `count` modifiers.
    static func chain(_ base: String, _ count: Int) -> String {
        base + (0..<count).map { $0 % 2 == 0 ? ".delay(0.001)" : ".speed(1.5)" }.joined()
    }

    @Test("--animation takes as many modifiers as Swift source does: at the limit the built-in example interprets, one more is refused naming the option",
          arguments: [".linear", ".easeIn(duration: 0.3)", "Animation.spring(response: 0.4, dampingFraction: 0.5)", "SwiftUI.Animation.default"])
    func animationChainLimit(base: String) throws {
        let longest = Self.chain(base, Animation.maximumModifiers)
        var settings = RenderSettings()
        try settings.apply(SettingValues(["animation": [longest], "duration": ["0.5"]]))
        let script = DocumentationSource.script(for: settings.request.example)
        #expect(!script.changes.isEmpty)
        var refused = RenderSettings()
        #expect(throws: SettingsError.invalid(
            "The value for '--animation <expression>' is invalid: more than \(Animation.maximumModifiers) modifiers after the animation at column \(longest.count + 1)")) {
            try refused.apply(SettingValues(["animation": [Self.chain(base, Animation.maximumModifiers + 1)]]))
        }
    }

    @Test("an animation slowed beyond any length names its speed, not a spring")
    func endlessSlowAnimation() throws {
        var settings = RenderSettings()
        #expect(throws: SettingsError.invalid(
            "The animation is too long: '--animation <expression>' never comes to rest (its speed of 3e-320 stretches it beyond any length); give '--duration <seconds>' (at most 600)")) {
            try settings.apply(SettingValues(["animation": [".easeOut(duration: 2).speed(3e-320)"]]))
        }
    }

    @Test("stacks nest as deep as the limit says: each stack is two calls (the stack and its content closure), so 99 stacks are read and the 100th is refused at its brace")
    func nestingLimitIsTheOneStated() throws {
        func stacks(_ count: Int) -> String {
            "struct A: View {\n    var body: some View {\n" + String(repeating: "VStack {\n", count: count) + "Circle()\n"
                + String(repeating: "}\n", count: count) + "    }\n}\n"
        }
        let program = try SwiftProgram(parsing: stacks(99), fileName: "A.swift")
        #expect(program.viewNames == ["A"])
        #expect(throws: Never.self) { try program.script(view: nil) }
        let deep = try SwiftProgram(parsing: stacks(100), fileName: "A.swift")
        do throws(SwiftUISourceError) {
            _ = try deep.script(view: nil)
            Issue.record("100 stacks inside a body were read")
        } catch {
            guard case let .source(diagnostic) = error else {
                Issue.record("\(error)")
                return
            }
            // At the brace of the 100th stack (line 2 + 100), its content closure: call 201.
            #expect(diagnostic.line == 102 && diagnostic.column == 8, "\(diagnostic.line):\(diagnostic.column)")
            #expect(diagnostic.message == "closures are nested too deeply (more than 200 calls deep)")
        }
        // Deeper still, the parser refuses before anything runs: 198 stacks with the struct's
        // and the body's braces pass 200 levels at `Circle()`'s parenthesis.
        do {
            _ = try SwiftProgram(parsing: stacks(198), fileName: "A.swift")
            Issue.record("198 stacks were parsed")
        } catch {
            #expect(error.line == 201 && error.column == 7, "\(error.line):\(error.column)")
            #expect(error.message == "nesting is too deep: more than 200 levels of brackets, blocks or types")
        }
    }

    @Test("a suggestion is never the name written")
    func suggestionIsNeverTheNameWritten() {
        #expect(Spelling.suggestion(for: "size", among: ["size"]) == "")
        #expect(Spelling.suggestion(for: "size", among: ["size", "sizes"]) == " (did you mean 'sizes'?)")
        #expect(Spelling.suggestion(for: "Size", among: ["size"]) == " (did you mean 'size'?)")
    }
}
