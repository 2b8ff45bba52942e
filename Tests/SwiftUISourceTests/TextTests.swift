import Glibc
import SpinRender
import Testing

/// `Text`, `Label` and the `ProgressView` forms: the trees the reader makes, and frames
/// checked at every pixel against drawings made here from the laid-out geometry.
@Suite("Text and ProgressView")
struct TextTests {
    func root(_ body: String, state: String = "") throws -> ViewNode {
        let text = "struct G: View {\n\(state)    var body: some View {\n        \(body)\n    }\n}\n"
        let program = try SwiftProgram(parsing: text, fileName: "G.swift")
        guard case let .custom(_, node) = try program.script(view: "G").initial else { return .empty }
        return node
    }

    func render(_ body: String, appearance: Appearance = .light, scale: Double = 2) throws -> (ViewRenderer, RGBAImage) {
        var request = RenderRequest()
        let text = "struct G: View {\n    var body: some View {\n        \(body)\n    }\n}\n"
        try request.setSource(text, fileName: "G.swift", view: "G")
        request.scene.scale = scale
        request.scene.appearance = appearance
        let renderer = ViewRenderer(request.makeEngine())
        return (renderer, renderer.render(atSeconds: 0))
    }

    @Test func interpolationVerbatimAndConcatenation() throws {
        #expect(try root("Text(\"\\(count) of \\(total) files, \\(ratio) done, \\(flag)\")",
                         state: "    let count = 3\n    let total = 10\n    let ratio = 0.5\n    let flag = true\n")
            == .text(TextContent("3 of 10 files, 0.5 done, true")))
        #expect(try root("Text(verbatim: \"\\\\(x)\")") == .text(TextContent("\\(x)")))
        var bold = TextPiece("Hello ")
        bold.bold = true
        var blue = TextPiece("world")
        blue.color = .system("blue")
        blue.italic = true
        #expect(try root("Text(\"Hello \").bold() + Text(\"world\").italic().foregroundColor(.blue)") == .text(TextContent([bold, blue])))
    }

    /// `Text(_:format:)` and `formatted(_:)`: the number as Foundation's style writes it (the
    /// rules are checked in SwiftCode's `NumberFormatStyleTests`).
    @Test func formattedNumbers() throws {
        #expect(try root("Text(progress, format: .percent)", state: "    let progress = 0.25\n") == .text(TextContent("25%")))
        #expect(try root("Text(count, format: .number)", state: "    let count = 12_000\n") == .text(TextContent("12,000")))
        #expect(try root("Text(p, format: .percent.precision(.fractionLength(1)))", state: "    let p = 0.4567\n") == .text(TextContent("45.7%")))
        #expect(try root("Text(\"\\(p.formatted(.percent)) done\")", state: "    let p = 0.5\n") == .text(TextContent("50% done")))
        #expect(throws: SwiftUISourceError.self) { try root("Text(\"a\", format: .percent)") }
    }

    /// A `currentValueLabel` is accepted and not drawn, with a note that says so.
    @Test func anUndrawnCurrentValueLabelIsNoted() throws {
        let source = "struct G: View {\n    var body: some View {\n        ProgressView(value: 0.3) { Text(\"Copying\") } currentValueLabel: { Text(\"30%\") }\n    }\n}\n"
        let script = try SwiftProgram(parsing: source, fileName: "G.swift").script(view: "G")
        #expect(script.notes == ["a ProgressView's currentValueLabel is not drawn: no source gives where iOS places it or in what font and colour (the label and the bar are drawn)"])
    }

    @Test func unicodeEscapesAreTheirScalars() throws {
        #expect(try root("Text(\"Loading\\u{2026} \\u{1F680}\\u{41}\")") == .text(TextContent("Loading\u{2026} \u{1F680}A")))
        // swiftc's messages and columns: after `\u` for a missing brace, at the backslash for
        // a bad scalar, at the end for an unclosed one.
        for (written, message, column) in [("\\u2026", "expected '{' in \\u{...} escape sequence", 13),
                                           ("\\u{}", "\\u{...} escape sequence expects between 1 and 8 hex digits", 11),
                                           ("\\u{D800}", "invalid unicode scalar", 11), ("\\u{41", "expected '}' in \\u{...} escape sequence", 16)] {
            #expect(throws: SourceDiagnostic.self) { _ = try root("Text(\"a\(written)\")") }
            do {
                _ = try SwiftProgram(parsing: "let s = \"a\(written)\"\nstruct G: View { var body: some View { Text(s) } }", fileName: "G.swift")
                Issue.record("\(written) was read")
            } catch {
                #expect(error.message == message)
                #expect(error.line == 1 && error.column == column, "\(error.line):\(error.column)")
            }
        }
    }

    @Test func textModifiersAreRead() throws {
        // A font written on a Text is the font of its text (as `Text.font(_:)` returns a Text):
        // the system font at 20 pt, bold, rounded.
        var rounded = TextPiece("a")
        rounded.font = FontValue(pointSize: 20, weight: .bold, design: .rounded)
        #expect(try root("Text(\"a\").font(.system(size: 20, weight: .bold, design: .rounded))") == .text(TextContent([rounded])))
        #expect(try root("Text(\"a\").lineLimit(2)") == .modified(.text(TextContent("a")), .text(.lineLimit(2))))
        #expect(try root("Text(\"a\").textCase(.uppercase)") == .modified(.text(TextContent("a")), .text(.textCase(.uppercase))))
        #expect(try root("Text(\"a\").multilineTextAlignment(.center)")
            == .modified(.text(TextContent("a")), .text(.multilineTextAlignment(.center))))
        #expect(try root("Text(\"a\").redacted(reason: .placeholder)") == .modified(.text(TextContent("a")), .text(.redacted(true))))
        #expect(try root("Label(\"Sync\", systemImage: \"rays\")")
            == .stack(.horizontal, alignment: .center, spacing: nil, children: [.symbol(.rays), .text(TextContent("Sync"))]))
        // A label style shows the icon or the title alone, on the label itself and on the labels
        // a stack it modifies holds; the default styles show both.
        #expect(try root("Label(\"Sync\", systemImage: \"rays\").labelStyle(.iconOnly)") == .symbol(.rays))
        #expect(try root("Label(\"Sync\", systemImage: \"rays\").labelStyle(.titleOnly)") == .text(TextContent("Sync")))
        #expect(try root("VStack { Label(\"A\", systemImage: \"rays\"); Text(\"B\") }.labelStyle(.iconOnly)")
            == .stack(.vertical, alignment: .center, spacing: nil, children: [.symbol(.rays), .text(TextContent("B"))]))
        for style in ["titleAndIcon", "automatic"] {
            #expect(try root("Label(\"Sync\", systemImage: \"rays\").labelStyle(.\(style))")
                == .stack(.horizontal, alignment: .center, spacing: nil, children: [.symbol(.rays), .text(TextContent("Sync"))]))
        }
        #expect(try root("ProgressView(value: 3, total: 10)") == .progressBar(ProgressContent(fraction: 0.3, label: nil)))
        #expect(try root("ProgressView(\"Loading…\")") == .progressBar(ProgressContent(fraction: nil, label: .text(TextContent("Loading…")))))
    }

    /// `ProgressView(timerInterval:countsDown:)` over 2 s that began 0.5 s before the views
    /// appeared: at each display frame (1/60 s) the bar holds the part of the interval left
    /// (counting down) or passed, and stops changing when the interval ends.
    /// Timer texts on the render's clock: each change falls on the display frame at or after a
    /// whole second, with the text the time then gives.
    @Test func timerTextsCountOnTheClock() throws {
        func texts(_ view: String) throws -> [(time: Double, text: String)] {
            let source = "struct G: View {\n    let start = Date()\n    var body: some View {\n        \(view)\n    }\n}\n"
            let script = try SwiftProgram(parsing: source, fileName: "G.swift").script(view: "G", horizonSeconds: 4)
            func text(_ node: ViewNode) -> String {
                if case let .custom(_, .text(content)) = node { return content.pieces.map(\.text).joined() }
                return "?"
            }
            return [(0, text(script.initial))] + script.changes.map { ($0.timeSeconds, text($0.root)) }
        }
        func expect(_ view: String, _ expected: [String]) throws {
            let found = try texts(view)
            #expect(found.map(\.text) == expected, "\(view)")
            // A change at second n falls on the first display frame at or after it.
            for (index, entry) in found.enumerated().dropFirst() {
                #expect(entry.time >= Double(index) - 1e-9 && entry.time < Double(index) + 1.0 / 60, "\(view): \(entry)")
            }
        }
        try expect("Text(start, style: .timer)", ["0:00", "0:01", "0:02", "0:03", "0:04"])
        try expect("Text(start.addingTimeInterval(62), style: .timer)", ["1:02", "1:01", "1:00", "0:59", "0:58"])
        try expect("Text(timerInterval: start...start.addingTimeInterval(2))", ["0:02", "0:01", "0:00"])
        try expect("Text(timerInterval: start...start.addingTimeInterval(3_600 * 2), countsDown: false)", ["0:00", "0:01", "0:02", "0:03", "0:04"])
        try expect("Text(timerInterval: start.addingTimeInterval(-3_599)...start.addingTimeInterval(7_200), countsDown: false)",
                   ["59:59", "1:00:00", "1:00:01", "1:00:02", "1:00:03"])
        try expect("Text(timerInterval: start.addingTimeInterval(-3_599)...start.addingTimeInterval(7_200), countsDown: false, showsHours: false)",
                   ["59:59", "60:00", "60:01", "60:02", "60:03"])
        // Paused a second in: it stays there.
        try expect("Text(timerInterval: start...start.addingTimeInterval(60), pauseTime: start.addingTimeInterval(1))", ["1:00", "0:59"])
        #expect(throws: SwiftUISourceError.self) { try texts("Text(start, style: .relative)") }
    }

    @Test func aTimerIntervalProgressViewFollowsTheClock() throws {
        func fractions(countsDown: Bool) throws -> [(Double, Double?)] {
            let text = """
                struct G: View {
                    let interval = Date().addingTimeInterval(-0.5)...Date().addingTimeInterval(1.5)
                    var body: some View {
                        ProgressView(timerInterval: interval, countsDown: \(countsDown)) { Text("Upload") }
                    }
                }
                """
            let script = try SwiftProgram(parsing: text, fileName: "G.swift").script(view: "G")
            func fraction(_ node: ViewNode) -> Double? {
                if case let .custom(_, .progressBar(content)) = node { return content.fraction }
                return nil
            }
            return [(0, fraction(script.initial))] + script.changes.map { ($0.timeSeconds, fraction($0.root)) }
        }
        let down = try fractions(countsDown: true)
        #expect(down.first?.1 == 0.75)
        // Every change is at a whole display frame, with the fraction left at that time.
        for (time, value) in down {
            let frame = (time * 60).rounded()
            #expect(abs(time * 60 - frame) < 1e-6, "\(time)")
            let expected = max(0, 1 - (time + 0.5) / 2)
            #expect(abs((value ?? -1) - expected) < 1e-9, "at \(time): \(String(describing: value)) instead of \(expected)")
        }
        // The last change is the first frame at or after the end (1.5 s): empty, and no more.
        #expect(down.last.map { abs($0.0 - 1.5) < 1e-9 && $0.1 == 0 } == true, "\(String(describing: down.last))")
        let up = try fractions(countsDown: false)
        #expect(up.first?.1 == 0.25 && up.last?.1 == 1)
        // A range of numbers is not an interval of dates.
        #expect(throws: (any Error).self) { try root("ProgressView(timerInterval: 1...2)") }
    }

    @Test func mistakesAreNamed() throws {
        func message(_ body: String) -> String? {
            let text = "struct S: View {\n    var body: some View {\n        \(body)\n    }\n}\n"
            do {
                let program = try SwiftProgram(parsing: text, fileName: "S.swift")
                do {
                    _ = try program.script(view: "S")
                    return nil
                } catch let .source(diagnostic) {
                    return diagnostic.message
                } catch {
                    return "\(error)"
                }
            } catch {
                return "\(error)"
            }
        }
        #expect(message("Text(\"a\").lineLimit(0)") == "'lineLimit' must be at least 1, or nil")
        #expect(message("Text(\"a\").fontDesign(.round)") == "type 'Font.Design' has no member 'round' (did you mean 'rounded'?)")
        #expect(message("ProgressView(value: 1, total: 0)") == "'total' must be greater than 0")
        #expect(message("Text(\"a\") + Circle()") == "binary operator '+' cannot be applied to operands of type 'Text' and 'Circle'")
    }

    /// The text's pixels, drawn here from the layout's glyph outlines placed at its frame, in
    /// white on black for the dark appearance: every pixel of the frame matches.
    @Test(arguments: [Appearance.light, .dark])
    func textDrawsItsGlyphsAtEveryPixel(appearance: Appearance) throws {
        let (renderer, frame) = try render("Text(\"Loading… AV fi\").font(.title3)", appearance: appearance, scale: 2)
        let sample = try #require(renderer.engine.views(atSeconds: 0).first)
        let layout = TextLayout.layout(TextLayoutRequest(spans: [TextSpan("Loading… AV fi", TextAttributes(size: 20))]))
        #expect(abs(sample.frame.width - layout.width) < 1e-9 && abs(sample.frame.height - 20 * 2444 / 2048) < 1e-9)
        var rasterizer = CoverageRasterizer(width: frame.width, height: frame.height)
        for glyph in layout.glyphs {
            let face = try FontLibrary.shared.typeface(glyph.face)
            let transform = AffineTransform.scale(x: glyph.size * 2, y: glyph.size * 2)
                .concatenating(.translation(x: (sample.frame.minX + glyph.x) * 2, y: (sample.frame.minY + glyph.baseline) * 2))
            rasterizer.add(face.outline(of: glyph.glyph), transform: transform, tolerance: TextGlyphs.flatteningTolerance)
        }
        let ink: RGBA8 = appearance == .light ? .black : .white
        var expected = RGBAImage(width: frame.width, height: frame.height, fill: renderer.backgroundColor)
        expected.composite(ink, coverage: rasterizer)
        var worst = 0, inked = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let (a, b) = (frame[x, y], expected[x, y])
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                if b != renderer.backgroundColor { inked += 1 }
            }
        }
        #expect(inked > 500)
        #expect(worst <= 1, "largest channel difference \(worst)")
    }

    /// A still label beside a turning spinner (and one that slides, never cached twice at one
    /// place): the still one's coverage is rasterized on the first frame and
    /// reused on later ones (the renderer's coverage cache), and each later frame equals, at
    /// every pixel, the same frame drawn by a fresh renderer, which rasterizes it anew.
    @Test func cachedTextCoverageDrawsTheSamePixels() throws {
        var request = RenderRequest()
        let text = """
            struct G: View {
                @State private var on = false
                var body: some View {
                    VStack {
                        Image(systemName: "rays").rotationEffect(.degrees(on ? 360 : 0))
                        Text("Loading your files").foregroundStyle(.linearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
                        Text("Almost there").foregroundColor(.orange)
                        Text("Sliding").offset(x: on ? 30 : 0)
                    }
                    .onAppear { withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) { on = true } }
                }
            }

            """
        try request.setSource(text, fileName: "G.swift", view: "G")
        request.scene.scale = 2
        let engine = request.makeEngine()
        let reused = ViewRenderer(engine)
        _ = reused.render(atSeconds: 0)
        for time in [0.25, 0.5, 1.3] {
            let cached = reused.render(atSeconds: time)
            let fresh = ViewRenderer(engine).render(atSeconds: time)
            #expect(cached.pixels == fresh.pixels, "t = \(time)")
        }
    }

    /// A text's gradient animates as a shape's does (a "Thinking…" shimmer): at 0.25 s and
    /// 0.75 s of a linear 1 s change of its points, every pixel equals the same text drawn
    /// still with the points the animation has reached, worked out here.
    @Test func textGradientAnimates() throws {
        func frame(_ phase: String, state: Bool, at time: Double) throws -> RGBAImage {
            var request = RenderRequest()
            try request.setSource("""
                struct G: View {
                    \(state ? "@State private var phase: CGFloat = 0" : "let phase: CGFloat = \(phase)")
                    var body: some View {
                        Text("Thinking…").font(.system(size: 20))
                            .foregroundStyle(LinearGradient(colors: [.black, .white], startPoint: UnitPoint(x: phase - 1, y: 0.5),
                                                            endPoint: UnitPoint(x: phase, y: 0.5)))
                            \(state ? ".onAppear { withAnimation(.linear(duration: 1)) { phase = 1 } }" : "")
                    }
                }
                """, fileName: "G.swift", view: "G")
            request.scene.scale = 2
            return ViewRenderer(request.makeEngine()).render(atSeconds: time)
        }
        var frames: [RGBAImage] = []
        for time in [0.25, 0.75] {
            let animated = try frame("0", state: true, at: time)
            let still = try frame(String(time), state: false, at: 0)
            #expect(animated.width == still.width && animated.height == still.height)
            #expect(animated.pixels == still.pixels, "t = \(time)")
            frames.append(animated)
        }
        #expect(frames[0].pixels != frames[1].pixels)
    }

    @Test func emojiIsDrawnInColour() throws {
        let (_, frame) = try render("Text(\"🚀\").font(.system(size: 40))", scale: 2)
        var coloured = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = frame[x, y]
                if Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 80 { coloured += 1 }
            }
        }
        #expect(coloured > 100)
    }

    /// `ProgressView(value: 0.3)` 200 pt wide: a 4 pt capsule track in systemFill with the
    /// accent colour over its first 30 %, every pixel as drawn here.
    @Test(arguments: [Appearance.light, .dark])
    func linearBarFillsThirtyPercent(appearance: Appearance) throws {
        let (renderer, frame) = try render("ProgressView(value: 0.3).frame(width: 200)", appearance: appearance, scale: 2)
        let bar = try #require(renderer.engine.views(atSeconds: 0).first)
        #expect(bar.frame.width == 200 && bar.frame.height == 4)
        let scale = 2.0
        let (x0, y0) = (bar.frame.minX * scale, bar.frame.minY * scale)
        let (w, h) = (200 * scale, 4 * scale)
        var expected = RGBAImage(width: frame.width, height: frame.height, fill: renderer.backgroundColor)
        var rasterizer = CoverageRasterizer(width: frame.width, height: frame.height)
        let track = RGBA8(r: 120, g: 120, b: 128, a: appearance == .light ? 51 : 92)
        let accent = appearance == .light ? RGBA8(r: 0, g: 122, b: 255) : RGBA8(r: 10, g: 132, b: 255)
        expected.fill(.capsule(from: Point(x: x0 + h / 2, y: y0 + h / 2), to: Point(x: x0 + w - h / 2, y: y0 + h / 2), radius: h / 2),
                      color: track, using: &rasterizer)
        expected.fill(.capsule(from: Point(x: x0 + h / 2, y: y0 + h / 2), to: Point(x: x0 + 0.3 * w - h / 2, y: y0 + h / 2), radius: h / 2),
                      color: accent, using: &rasterizer)
        var worst = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let (a, b) = (frame[x, y], expected[x, y])
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
            }
        }
        #expect(worst <= 1, "largest channel difference \(worst)")
        // On the bar's middle row the fill ends at 30 % of the track's 400 pixels: the accent
        // runs to column 120 (less the last pixel the rounded end cuts) and the track follows.
        let row = Int(y0 + h / 2), end = Int(x0) + 120
        let accentOver = expected[end - 2, row]
        #expect(frame[end - 2, row] == accentOver && accentOver.b > 200 && accentOver.r < 20)
        let trackOnly = frame[end + 1, row]
        #expect(trackOnly == frame[Int(x0 + w) - 10, row] && trackOnly != accentOver)
    }

    /// Linear: the title above the bar, leading-aligned, 4 pt over it. Circular: the label
    /// centred under the spinner, 8 pt below.
    @Test func labelsSitWhereIOSPutsThem() throws {
        let (linear, _) = try render("ProgressView(\"Downloading\", value: 0.5).frame(width: 200)")
        let views = linear.engine.views(atSeconds: 0)
        try #require(views.count == 2)
        let (bar, title) = (views[0], views[1])
        #expect(title.frame.minX == bar.frame.minX)
        #expect(abs(title.frame.maxY + 4 - bar.frame.minY) < 1e-9)
        let (circular, _) = try render("ProgressView(\"Loading…\")")
        let parts = circular.engine.views(atSeconds: 0)
        try #require(parts.count == 2)
        let (spinner, label) = (parts[0], parts[1])
        #expect(spinner.frame.width == 20)
        #expect(abs(label.frame.minY - (spinner.frame.maxY + 8)) < 1e-9)
        #expect(abs((label.frame.minX + label.frame.width / 2) - (spinner.frame.minX + spinner.frame.width / 2)) < 1e-9)
    }

    @Test func timelineNamesTheFonts() throws {
        var request = RenderRequest()
        try request.setSource("struct G: View {\n    var body: some View {\n        Text(\"Hi 🚀\")\n    }\n}\n", fileName: "G.swift", view: "G")
        let json = TimelineReport(request).json
        #expect(json.contains("\"family\":\"Inter\"") || json.contains("\"family\": \"Inter\""))
        #expect(json.contains("NotoColorEmoji.ttf"))
    }
}
