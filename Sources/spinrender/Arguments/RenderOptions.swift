import SpinRender

/// The options every rendering command shares (render, frames, verify, timeline, sheet, and
/// each batch entry), and their translation into a ``RenderRequest``.
enum RenderOptions {
    static let specs: [OptionSpec] = [
        .option("mode", value: "mode", help: "Which spinner to show: the implicit .animation(_:) one, the explicit withAnimation one, or the documentation preview with both.",
                values: SceneMode.allCases.map(\.rawValue), default: "explicit"),
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
        .flag("transparent", help: "Transparent background; edges are composited onto the matte colour."),
        .option("matte", value: "#RRGGBB", help: "Colour that partly transparent edges are composited onto with --transparent.", default: "the background colour"),
        .option("blend", value: "space", help: "Where anti-aliased edges are blended.", values: BlendSpace.allCases.map(\.rawValue), default: "srgb"),
        .option("fps", value: "fps", help: "Frames per second, more than 0 and at most 100.", default: "50"),
        .option("duration", value: "seconds", help: "Length of the animation, more than 0 and at most 600 seconds.",
                default: "one period of the animation; 2 for the spinner"),
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
        .option("max-memory", value: "bytes", help: "Refuse renders whose frames would need more memory (suffixes K, M, G).", default: "1G"),
    ]

    /// Builds a request from parsed options.
    ///
    /// - Throws: ``UsageError`` naming the option and the allowed range; ``SpinRenderError``
    ///   `.badData` when the frames would need more than `--max-memory`.
    /// How a command holds the frames, for the `--max-memory` check.
    enum FrameStorage {
        /// Every frame kept as RGBA (frames, verify, sheet): 4 bytes per pixel per frame.
        case allFrames
        /// Frames streamed into the GIF encoder (render): the encoder keeps every frame as colour
        /// ids — measured peaks of about 1.7 bytes per pixel per frame while the frames hold at
        /// most 256 colours and 2.4 beyond (ids then take 2 bytes) — plus a few RGBA frames and
        /// scratch buffers of the canvas size.
        case streamed
        /// No pixels at all (timeline).
        case none
    }

    static func request(from arguments: ParsedArguments, storage: FrameStorage = .allFrames) throws -> RenderRequest {
        var request = RenderRequest()
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
        scene.blendSpace = arguments.value("blend").flatMap(BlendSpace.init(rawValue:)) ?? .sRGB
        scene.effect = arguments.value("effect").flatMap(SpinnerEffect.init(rawValue:)) ?? .rotation
        if let expression = arguments.value("animation") {
            do {
                scene.animation = try Animation.parse(expression)
            } catch {
                throw UsageError(message: "The value for '--animation <expression>' is invalid: \(error.message) at column \(error.column)\n\(error.caretDiagnostic(source: expression))")
            }
        }
        scene.layoutChanges = try arguments.all("rotate-at").map { text in
            guard let seconds = Double(text), seconds.isFinite, (0...3600).contains(seconds) else {
                throw UsageError(message: "The value '\(text)' is invalid for '--rotate-at <seconds>': expected a time from 0 to 3600 seconds")
            }
            return seconds
        }.sorted()
        if let text = arguments.value("stage") {
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
                  w.isFinite, h.isFinite, (1...10_000).contains(w), (1...10_000).contains(h) else {
                throw UsageError(message: "The value '\(text)' is invalid for '--stage <WIDTHxHEIGHT>': expected two sizes from 1 to 10000 points, like 390x844")
            }
            scene.stage = StageSize(width: w, height: h)
        }
        scene.appearsFromOrigin = arguments.has("appear-from-origin")
        request.scene = scene
        request.framesPerSecond = try number(arguments, "fps", default: 50, in: 0...100, excludingLower: true)
        if arguments.value("duration") != nil {
            request.durationSeconds = try number(arguments, "duration", default: 2, in: 0...600, excludingLower: true)
        }
        if let text = arguments.value("loop") {
            if text == "once" {
                request.loopCount = .playOnce
            } else {
                guard let count = Int(text), (0...65_535).contains(count) else {
                    throw UsageError(message: "The value '\(text)' is invalid for '--loop <count>': expected 'once' or a whole number from 0 to 65535")
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
        let limit = try memoryLimit(arguments)
        let layout = request.makeEngine()
        if scene.stage != nil && !layout.contentFitsStage {
            throw UsageError(message: "The value '\(scene.stage!)' is invalid for '--stage <WIDTHxHEIGHT>': the content does not fit it in both orientations")
        }
        // A derived length (one period of --animation, or a whole period after the last
        // rotation) obeys the same limit as --duration.
        let duration = request.effectiveDurationSeconds(using: layout)
        guard duration.isFinite, duration > 0, duration <= 600 else {
            let repeats = scene.animation.periodSeconds != nil ? "repeats every" : "lasts"
            let source = arguments.value("animation") != nil ? "'--animation <expression>' \(repeats) \(duration) s" : "the animation lasts \(duration) s"
            throw UsageError(message: "The animation is too long: \(source), more than 600 seconds; give '--duration <seconds>' (at most 600)")
        }
        let pixels = Double(layout.canvasWidth) * Double(layout.canvasHeight)
        let frames = storage == .none ? 0 : Double(SpinRenderer.emittedFrameCount(request))
        let needed: Double
        switch storage {
        case .allFrames: needed = pixels * 4 * frames
        case .streamed:
            // One ink on one background has at most 256 colours (coverage levels); the
            // preview's two inks and border, or an opacity or scale effect, may have more.
            let manyColours = scene.mode == .preview || scene.effect != .rotation
            // The process itself (code, runtime, first allocations) adds about 13 MiB: 32 MiB
            // covers it.
            needed = pixels * frames * (manyColours ? 3 : 2) + pixels * 4 * 16 + Double(32 << 20)
        case .none: needed = 0
        }
        if needed > Double(limit) {
            throw SpinRenderError(.badData, "the render needs \(layout.canvasWidth) × \(layout.canvasHeight) pixels × \(Int(frames)) frames, about \(describeBytes(needed)), more than --max-memory \(describeBytes(Double(limit))); lower --point-size, --scale, --fps or --duration, or raise --max-memory")
        }
        return request
    }

    static func memoryLimit(_ arguments: ParsedArguments) throws -> Int {
        guard let text = arguments.value("max-memory") else { return 1 << 30 }
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = text.uppercased()
        var unit = 1
        if digits.hasSuffix("B") { digits.removeLast() }
        if let last = digits.last, let factor = units[last] {
            unit = factor
            digits.removeLast()
        }
        guard let value = Int(digits), value > 0, value.multipliedReportingOverflow(by: unit).overflow == false else {
            throw UsageError(message: "The value '\(text)' is invalid for '--max-memory <bytes>': expected a positive size like 512M or 2G")
        }
        return value * unit
    }

    /// `1.9 MiB`, `12 GiB`, `512 bytes`.
    static func describeBytes(_ bytes: Double) -> String {
        func oneDecimal(_ v: Double) -> String {
            let r = (v * 10).rounded() / 10
            return r == r.rounded() && r < 1e15 ? String(Int(r)) : String(r)
        }
        if bytes >= Double(1 << 30) { return oneDecimal(bytes / Double(1 << 30)) + " GiB" }
        if bytes >= Double(1 << 20) { return oneDecimal(bytes / Double(1 << 20)) + " MiB" }
        return "\(Int(bytes)) bytes"
    }

    /// Reads a number option, checking it is finite and within `range`.
    static func number(_ arguments: ParsedArguments, _ name: String, default defaultValue: Double,
                       in range: ClosedRange<Double>, excludingLower: Bool = false, wholeNumber: Bool = false) throws -> Double {
        guard let text = arguments.value(name) else { return defaultValue }
        let spec = specs.first { $0.name == name }!
        // Plain decimal numbers only: Double("0x10") would read hexadecimal.
        let value = text.lowercased().contains("x") ? nil : Double(text)
        let bounds = "\(format(range.lowerBound))\(excludingLower ? " (exclusive)" : "") to \(format(range.upperBound))"
        guard let value, value.isFinite, range.contains(value), !(excludingLower && value == range.lowerBound),
              !wholeNumber || value == value.rounded() else {
            throw UsageError(message: "The value '\(text)' is invalid for '\(spec.synopsis)': expected \(wholeNumber ? "a whole number" : "a number") from \(bounds)")
        }
        return value
    }

    static func color(_ arguments: ParsedArguments, _ name: String) throws -> RGBA8? {
        guard let text = arguments.value(name) else { return nil }
        guard let color = RGBA8(hex: text), text.filter(\.isHexDigit).count == 6 else {
            throw UsageError(message: "The value '\(text)' is invalid for '--\(name) <#RRGGBB>': expected a hex colour like #FF9500")
        }
        return color
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension RenderOptions {
    /// The render options of a parsed command line that change the frames, as words that
    /// reproduce them (recorded in `frames.json`): outputs, reports and verbosity left out, and
    /// so are ``framesIndependentOptions``, so that a frame folder is byte-identical whatever
    /// they were.
    static func reproducibleArguments(_ arguments: ParsedArguments) -> [String] {
        var words: [String] = []
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
