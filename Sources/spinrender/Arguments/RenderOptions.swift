import Glibc
import SpinRender

/// The options every rendering command shares (render, frames, verify, timeline, sheet, and
/// each batch entry), and their translation into a ``RenderRequest``.
enum RenderOptions {
    static let specs: [OptionSpec] = [
        .option("mode", value: "mode", help: "Which view of the built-in documentation example to show: the implicit .animation(_:) spinner, the explicit withAnimation one, or the preview with both ('spinrender source' prints that code).",
                values: SceneMode.allCases.map(\.rawValue), default: "explicit"),
        .option("view", value: "name", help: "The view of <source> to render.", default: "its #Preview, else ContentView, else its only view"),
        .option("appearance", value: "appearance", help: "Light or dark colours.", values: Appearance.allCases.map(\.rawValue), default: "light"),
        .option("system-colors", value: "generation", help: "Generation of Apple's system colours (.orange changed in iOS 26).",
                values: SystemColorGeneration.allCases.map(\.rawValue), default: "ios13"),
        .option("scale", value: "scale", help: "Pixels per point.", values: ["1", "2", "3"], default: "2"),
        .option("point-size", value: "points", help: "Font size of the symbol, 1 to 512 points.", default: "17"),
        .option("weight", value: "weight", help: "Symbol weight.", values: SymbolWeight.allCases.map(\.rawValue), default: "regular"),
        .option("symbol-scale", value: "scale", help: "Symbol scale.", values: SymbolScale.allCases.map(\.rawValue), default: "medium"),
        .option("padding", value: "points", help: "Space around a single spinner, 0 to 1000 points.", default: "8"),
        .option("color", value: "#RRGGBB", help: "Spinner colour instead of the system colour."),
        .option("background", value: "#RRGGBB", help: "Background colour instead of the appearance's."),
        .flag("transparent", help: "Transparent background; a GIF composites edges onto the matte colour, a WebP or an SVG keeps their alpha."),
        .option("matte", value: "#RRGGBB", help: "Colour that partly transparent edges are composited onto with --transparent.", default: "the background colour"),
        .option("blend", value: "space", help: "Where anti-aliased edges are blended.", values: BlendSpace.allCases.map(\.rawValue), default: "srgb"),
        .option("fps", value: "fps", help: "Frames per second, more than 0 and at most 50 (browsers play shorter GIF delays slower).", default: "50"),
        .option("duration", value: "seconds", help: "Length of the animation, more than 0 and at most 600 seconds.",
                default: "one period of the animation; 2 for the spinner; with --rotate-at, until two periods after the last rotation"),
        .option("loop", value: "count", help: "How often the GIF repeats: 0 forever, N for N repeats after the first play, 'once' to play once.",
                default: "0"),
        .option("animation", value: "expression", help: "The spinner's animation in SwiftUI syntax.",
                default: ".linear(duration: 2).repeatForever(autoreverses: false)"),
        .option("effect", value: "effect", help: "What the animation drives.", values: SpinnerEffect.allCases.map(\.rawValue), default: "rotation"),
        .repeatable("rotate-at", value: "seconds", help: "Simulate a device rotation at this time (repeatable): the layout changes, the implicit spinner drifts."),
        .option("stage", value: "WIDTHxHEIGHT", help: "The simulated screen in portrait, in points.", default: "one that holds the content both ways round"),
        .flag("appear-from-origin", help: "The first layout arrives with onAppear's transaction: the implicit spinner slides in from the top-left corner."),
        .flag("no-optimize", help: "Store every frame whole instead of only what changed."),
        .flag("no-compact", help: "Keep every frame even when the picture repeats within the animation."),
        .option("dither", value: "mode", help: "Dithering when more than 256 colours must be quantized.", values: GIFDither.allCases.map(\.rawValue), default: "none"),
        .option("effort", value: "level", help: "LZW effort: max adds flexible parsing and interlaced rows where smaller (about 1.5 % smaller, 20 % slower).", values: GIFEffort.allCases.map(\.rawValue), default: "normal"),
        .option("threads", value: "count", help: "Worker threads, 1 to 64.", default: "all cores for large renders"),
        .option("max-memory", value: "bytes", help: "Refuse runs that would need more memory in all: frames, threads, sheet, reference and diff (suffixes K, M, G; decimals allowed).", default: "1G"),
    ]

    /// How a command holds the frames, for the `--max-memory` check.
    typealias FrameStorage = SpinRenderer.FrameHolding

    /// Builds a request from parsed options.
    ///
    /// - Parameter storage: how the command holds the frames, for the `--max-memory` check of
    ///   ``checkMemory(_:_:storage:adding:advice:)``; `nil` when the command checks its whole peak
    ///   itself (sheet, verify).
    /// - Throws: ``UsageError`` naming the option and the allowed range; ``SpinRenderError``
    ///   `.badData` when the render would need more than `--max-memory`.
    static func request(from arguments: ParsedArguments, storage: FrameStorage? = .allFrames,
                        source: String? = nil) throws -> RenderRequest {
        var request = RenderRequest()
        if let source {
            try load(source, view: arguments.value("view"), into: &request, arguments)
        } else if arguments.has("view") {
            throw UsageError(message: "The option '--view <name>' chooses a view of a source file; give a .swift <source>, or use '--mode' for the built-in example")
        }
        var scene = SceneConfiguration()
        scene.mode = arguments.value("mode").flatMap(SceneMode.init(rawValue:)) ?? .explicit
        scene.appearance = arguments.value("appearance").flatMap(Appearance.init(rawValue:)) ?? .light
        scene.colorGeneration = arguments.value("system-colors").flatMap(SystemColorGeneration.init(rawValue:)) ?? .iOS13
        scene.scale = try number(arguments, "scale", default: 2, in: 1...3)
        scene.pointSize = try number(arguments, "point-size", default: 17, in: 1...512)
        scene.weight = arguments.value("weight").flatMap(SymbolWeight.init(rawValue:)) ?? .regular
        scene.symbolScale = arguments.value("symbol-scale").flatMap(SymbolScale.init(rawValue:)) ?? .medium
        scene.padding = try number(arguments, "padding", default: 8, in: 0...1000)
        scene.color = try color(arguments, "color")
        scene.background = try color(arguments, "background")
        scene.transparentBackground = arguments.has("transparent")
        request.matte = try color(arguments, "matte")
        // The matte is what partly transparent edges are composited onto; an opaque render has
        // no such edges, so the option would silently do nothing.
        if request.matte != nil && !scene.transparentBackground {
            throw UsageError(message: "The option '--matte <#RRGGBB>' applies only with '--transparent'; add '--transparent' or leave out '--matte'")
        }
        scene.blendSpace = arguments.value("blend").flatMap(BlendSpace.init(rawValue:)) ?? .sRGB
        scene.effect = arguments.value("effect").flatMap(SpinnerEffect.init(rawValue:)) ?? .rotation
        if let expression = arguments.value("animation") {
            do {
                scene.animation = try Animation.parse(expression)
            } catch {
                // A long expression is not echoed whole: the caret line only helps while it fits a terminal.
                let caret = expression.count <= 120 ? "\n" + error.caretDiagnostic(source: expression) : ""
                throw UsageError(message: "The value for '--animation <expression>' is invalid: \(Echo.cut(error.message, limit: 200)) at column \(error.column)\(caret)")
            }
        }
        scene.layoutChanges = try arguments.all("rotate-at").map { text in
            guard let seconds = Double(text), seconds.isFinite, (0...3600).contains(seconds) else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--rotate-at <seconds>': expected a time from 0 to 3600 seconds")
            }
            return seconds
        }.sorted()
        if let text = arguments.value("stage") {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
                  w.isFinite, h.isFinite, (1...10_000).contains(w), (1...10_000).contains(h) else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--stage <WIDTHxHEIGHT>': expected two sizes from 1 to 10000 points, like 390x844")
            }
            scene.stage = StageSize(width: w, height: h)
        }
        scene.appearsFromOrigin = arguments.has("appear-from-origin")
        request.scene = scene
        // GIF89a delays are whole centiseconds, and browsers play a delay of 0 or 1 cs as 10 cs:
        // 2 cs (50 fps) is the shortest that plays as written. Frame folders record the same
        // delays, so every command has the one limit.
        if let text = arguments.value("fps"), let fps = Double(text), fps.isFinite, fps > maximumFramesPerSecond {
            throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--fps <fps>': a GIF plays at most \(Int(maximumFramesPerSecond)) frames per second (delays are whole centiseconds, and browsers play delays of 0 or 1 cs as 10 cs); give 50 or less")
        }
        request.framesPerSecond = try number(arguments, "fps", default: 50, in: 0...maximumFramesPerSecond, excludingLower: true)
        if arguments.value("duration") != nil {
            request.durationSeconds = try number(arguments, "duration", default: 2, in: 0...600, excludingLower: true)
        }
        if let text = arguments.value("loop") {
            if text == "once" {
                request.loopCount = .playOnce
            } else {
                guard let count = Int(text), (0...65_535).contains(count) else {
                    throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--loop <count>': expected 'once' or a whole number from 0 to 65535")
                }
                request.loopCount = count == 0 ? .forever : .repeats(count)
            }
        }
        request.optimize = !arguments.has("no-optimize")
        request.compact = !arguments.has("no-compact")
        request.dither = arguments.value("dither").flatMap(GIFDither.init(rawValue:)) ?? .none
        request.effort = arguments.value("effort").flatMap(GIFEffort.init(rawValue:)) ?? .normal
        if arguments.value("threads") != nil {
            request.threads = Int(try number(arguments, "threads", default: 1, in: 1...64, wholeNumber: true))
        }
        _ = try memoryLimit(arguments)
        let layout = request.makeEngine()
        if scene.stage != nil && !layout.contentFitsStage {
            throw UsageError(message: "The value '\(scene.stage!)' is invalid for '--stage <WIDTHxHEIGHT>': the content does not fit it in both orientations")
        }
        // A derived length (one period of --animation, or two periods after the last
        // rotation) obeys the same limit as --duration.
        let duration = request.effectiveDurationSeconds(using: layout)
        guard duration.isFinite, duration > 0, duration <= 600 else {
            let repeats = scene.animation.periodSeconds != nil ? "repeats every" : "lasts"
            let subject = arguments.value("animation") != nil ? "'--animation <expression>'" : "the animation"
            guard duration.isFinite else {
                // An overdamped spring (a huge dampingFraction) creeps towards its end so slowly
                // that its settling time overflows.
                throw UsageError(message: "The animation is too long: \(subject) never comes to rest (a spring this damped creeps towards its end for longer than any render); give '--duration <seconds>' (at most 600)")
            }
            throw UsageError(message: "The animation is too long: \(subject) \(repeats) \(Spelling.number(duration)) s, more than 600 seconds; give '--duration <seconds>' (at most 600)")
        }
        if let storage { try checkMemory(request, arguments, storage: storage) }
        return request
    }

    /// Refuses a render whose peak memory — frames as `storage` says, every worker thread's
    /// buffers, and what `extra` adds (a sheet, a reference, a diff) — is more than `--max-memory`.
    ///
    /// - Throws: ``SpinRenderError`` `.badData` (65) with the size and what to lower.
    static func checkMemory(_ request: RenderRequest, _ arguments: ParsedArguments, storage: FrameStorage,
                            adding extra: (inout MemoryEstimate) -> Void = { _ in }, advice: String = "") throws {
        var estimate = SpinRenderer.memoryEstimate(request, holding: storage)
        extra(&estimate)
        let threads = request.threads == nil ? "" : ", --threads"
        try estimate.check(limit: try memoryLimit(arguments), subject: renderSubject(request),
                           advice: "lower --point-size, --scale, --fps, --duration\(threads)\(advice), or raise --max-memory")
    }

    /// `the render of 785 × 682 pixels × 25 frames`, for memory messages.
    static func renderSubject(_ request: RenderRequest) -> String {
        let layout = request.makeEngine()
        return "the render of \(layout.canvasWidth) × \(layout.canvasHeight) pixels × \(SpinRenderer.emittedFrameCount(request)) frames"
    }

    /// `--max-memory`: bytes, with an optional suffix K, M or G (powers of 1024, an optional
    /// trailing B) after a whole or decimal number (`1.5G`); 1 GiB when absent.
    ///
    /// - Throws: ``UsageError`` for anything else, zero, or more than `Int.max` bytes.
    /// The highest `--fps`: 2 cs, the shortest GIF delay browsers honour.
    static let maximumFramesPerSecond = 50.0

    static func memoryLimit(_ arguments: ParsedArguments) throws -> Int {
        guard let text = arguments.value("max-memory") else { return 1 << 30 }
        let units: [Character: Double] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024]
        var digits = text.uppercased()
        var unit = 1.0
        if digits.hasSuffix("B") { digits.removeLast() }
        if let last = digits.last, let factor = units[last] {
            unit = factor
            digits.removeLast()
        }
        // Plain decimal digits with at most one point: Double alone would take "1e3", "inf", "0x10".
        let isDecimal = !digits.isEmpty && digits.filter { $0 == "." }.count <= 1 && digits != "."
            && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard isDecimal, let value = Double(digits), value * unit >= 1, value * unit < 9.2e18 else {
            throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--max-memory <bytes>': expected a positive size like 512M, 1.5G or 2G")
        }
        return Int((value * unit).rounded(.down))
    }

    /// Reads a number option, checking it is finite and within `range`.
    static func number(_ arguments: ParsedArguments, _ name: String, default defaultValue: Double,
                       in range: ClosedRange<Double>, excludingLower: Bool = false, wholeNumber: Bool = false) throws -> Double {
        guard let text = arguments.value(name) else { return defaultValue }
        let spec = specs.first { $0.name == name }!
        // Plain decimal numbers only: Double("0x10") would read hexadecimal.
        let value = text.lowercased().contains("x") ? nil : Double(text)
        let bounds = "\(Spelling.number(range.lowerBound))\(excludingLower ? " (exclusive)" : "") to \(Spelling.number(range.upperBound))"
        guard let value, value.isFinite, range.contains(value), !(excludingLower && value == range.lowerBound),
              !wholeNumber || value == value.rounded() else {
            throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '\(spec.synopsis)': expected \(wholeNumber ? "a whole number" : "a number") from \(bounds)")
        }
        return value
    }

    static func color(_ arguments: ParsedArguments, _ name: String) throws -> RGBA8? {
        guard let text = arguments.value(name) else { return nil }
        guard let color = RGBA8(hex: text), text.filter(\.isHexDigit).count == 6 else {
            throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--\(name) <#RRGGBB>': expected a hex colour like #FF9500")
        }
        return color
    }
}

extension RenderOptions {
    /// The `<source>` argument of the rendering commands.
    static let sourceArgument = ArgumentSpec(
        name: "source", help: "SwiftUI source to render: a .swift file, or '-' for standard input (default: the built-in documentation example, see --mode).",
        optional: true)

    /// Whether an input names SwiftUI source (`.swift`) rather than an image.
    static func isSourcePath(_ path: String) -> Bool { path.lowercased().hasSuffix(".swift") }

    /// Options that shape the built-in example; a source file's own code decides these.
    static let builtInShapingOptions = ["mode", "point-size", "weight", "symbol-scale", "color", "animation", "effect"]

    /// Reads SwiftUI source from `path` (`-`: standard input) and sets `request` to render `view`
    /// of it.
    ///
    /// - Throws: ``UsageError`` when a built-in shaping option is given too (the source decides
    ///   it) or the view cannot be chosen; ``SpinRenderError`` `.noInput` (66) for a missing file;
    ///   ``SourceFailure`` (65) with the source's `file:line:column: error: …`.
    static func load(_ path: String, view: String?, into request: inout RenderRequest, _ arguments: ParsedArguments) throws {
        if arguments.has("mode") {
            throw UsageError(message: "The option '--mode' picks a view of the built-in example; with the source '\(Echo.cut(path, limit: Echo.pathLimit))' choose one of its views with '--view <name>'")
        }
        if let option = builtInShapingOptions.first(where: arguments.has) {
            throw UsageError(message: "The option '--\(option)' shapes the built-in example; with the source '\(Echo.cut(path, limit: Echo.pathLimit))' its code decides that: write it as a modifier there")
        }
        if path == "-" && isatty(STDIN_FILENO) == 1 {
            throw UsageError(message: "The source '-' reads standard input, which is a terminal; pipe Swift source into it (… | spinrender - -o spinner.gif)")
        }
        let bytes = path == "-"
            ? try InputFile.readStandardInput(maximumBytes: SwiftUIProgram.maximumSourceBytes)
            : try InputFile.read(path, maximumBytes: SwiftUIProgram.maximumSourceBytes)
        let fileName = path == "-" ? "<stdin>" : path
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SpinRenderError(.badData, "\(Echo.cut(fileName, limit: Echo.pathLimit)): not UTF-8 text; Swift source is UTF-8")
        }
        do {
            try request.setSource(text, fileName: fileName, view: view)
        } catch {
            switch error {
            case let .source(diagnostic): throw SourceFailure(diagnostic: diagnostic)
            case let .viewSelection(selection):
                throw UsageError(message: "\(Echo.cut(fileName, limit: Echo.pathLimit)): \(selection.description)")
            }
        }
    }

    /// The render options of a parsed command line that change the frames, as words that
    /// reproduce them (recorded in `frames.json`): outputs, reports and verbosity left out, and
    /// so are ``framesIndependentOptions``, so that a frame folder is byte-identical whatever
    /// they were.
    static func reproducibleArguments(_ arguments: ParsedArguments, source: String? = nil) -> [String] {
        var words: [String] = source.map { [$0] } ?? []
        for spec in specs where arguments.has(spec.name) && !framesIndependentOptions.contains(spec.name) {
            switch spec.kind {
            case .flag: words.append("--\(spec.name)")
            case .option, .repeatable:
                for value in arguments.all(spec.name) { words += ["--\(spec.name)", value] }
            }
        }
        return words
    }

    /// Render options that never change the frames: how many threads draw them and the memory
    /// limit, and the GIF encoder's settings (frame optimization, dithering, LZW effort), which
    /// act only when a GIF is encoded — a frame folder holds the frames before that.
    static let framesIndependentOptions: Set<String> = ["threads", "max-memory", "no-optimize", "dither", "effort"]
}

extension RenderOptions {
    /// A progress bar for renders big enough to take noticeable time (over 20 million
    /// pixel-frames, about a second); `nil` for small ones, where a bar would only flicker.
    static func progressBar(for request: RenderRequest, console: Console) -> ProgressBar? {
        let layout = request.makeEngine()
        let work = layout.canvasWidth * layout.canvasHeight * request.frameCount(using: layout)
        guard work > 20_000_000 else { return nil }
        return ProgressBar.standardError(label: "render", total: request.frameCount, quiet: console.quiet)
    }
}

/// SwiftUI source that cannot be rendered: printed as a compiler prints it
/// (`Spinner.swift:7:13: error: …`, the line, a caret), exit 65.
struct SourceFailure: Error {
    var diagnostic: SourceDiagnostic
}
