/// What one render is asked for: the ``RenderRequest`` and the settings around it (the view of
/// a source, the output format, the memory limit), filled from a command line or a manifest
/// entry through ``renderOptions`` and ``fileOptions``.
///
/// ```swift
/// var settings = RenderSettings()
/// try settings.apply(SettingValues(["scale": ["3"], "transparent": []]))
/// try settings.setOutput("spinner.webp")
/// let file = try SpinRenderer.render(settings.request)
/// ```
public struct RenderSettings: SettingsRoot, Hashable, Sendable {
    /// The render.
    public var request = RenderRequest()
    /// `--view`: the view of the source to render; `nil` picks one (``RenderRequest/setSource(_:fileName:view:)``).
    public var view: String?
    /// `--format`: the format asked for, `nil` when the output's extension decides.
    public var format: OutputFormat?
    /// `--quality`: lossy WebP quality 0…100, `nil` for lossless.
    public var quality: Int?
    /// `--max-memory`: the most the run may hold at its peak, in bytes (1 GiB).
    public var maximumMemoryBytes = MemoryEstimate.defaultLimitBytes
    /// `--strict`: a symbol name outside the library, or an asset the catalogue lacks, is an
    /// error (exit 65) instead of a warning.
    public var strict = false
    /// `--assets`: the app's asset catalogues (`.xcassets` folders, or folders holding them),
    /// read with the source (``loadSource(_:bytes:fileName:view:dark:assets:maximumImageBytes:)``).
    public var assetPaths: [String] = []
    /// `--include`: other Swift files (or folders of them) of the app or package whose
    /// declarations the source uses, read with it (``readIncluded(_:source:)``).
    public var includePaths: [String] = []
    /// `--width`: the image's width in pixels, `nil` when `--scale` decides it; the scale is
    /// derived from it (``applySize()``).
    public var widthPixels: Int?
    /// `--height`: the image's height in pixels, as ``widthPixels``.
    public var heightPixels: Int?
    /// `--at`: the animation time in seconds of the single frame written as a still PNG, `nil`
    /// for the animation (``SpinRenderer/renderStill(_:atSeconds:)``).
    public var stillSeconds: Double?
    /// The names of the settings given, for the checks that depend on what was said.
    public private(set) var given: Set<String> = []

    /// The defaults: the documentation's explicit spinner, 2 s at 50 fps, as a GIF.
    public init() {}

    /// The highest `--fps`: GIF89a delays are whole centiseconds, and browsers play a delay of
    /// 0 or 1 cs as 10 cs, so 2 cs (50 fps) is the shortest that plays as written. Frame folders
    /// record the same delays, so every command has the one limit.
    public static let maximumFramesPerSecond = 50.0

    /// The lowest `--fps`: one frame every 100 s. A GIF89a delay holds at most 655.35 s, and
    /// a lower rate would make a one-frame animation of frame times beyond any render's length.
    public static let minimumFramesPerSecond = 0.01

    /// The longest animation, given or derived, in seconds.
    public static let maximumDurationSeconds = 600.0

    /// The settings every rendering command shares (render, frames, verify, timeline, sheet) and
    /// every batch entry, in the order help lists them.
    public static var renderOptions: [Setting<RenderSettings>] {
        [
            .choice("mode", value: "mode", help: "Which view of the built-in documentation example to show: the implicit .animation(_:) spinner, the explicit withAnimation one, or the preview with both ('spinrender source' prints that code).",
                    \.request.example.mode),
            .value("view", value: "name", help: "The view of <source> to render: a view's or preview's name, or a Swift expression that makes one ('DotLoader(color: .blue)').", \.view,
                   default: "its #Preview, else ContentView, else its only view") { text throws(ValueRefusal) in text },
            .repeatable("include", value: "path", help: "Another Swift file of the app or package whose declarations the source uses (a type, an extension such as Color(hexString:), a function, a constant), read as if in the same module (repeatable); a folder reads every .swift file directly in it, not in its subfolders. Only the source's own views and previews are rendered; an error in an included file names that file.",
                        \.includePaths, isPath: true) { text throws(ValueRefusal) in text },
            .repeatable("assets", value: "path", help: "The app's asset catalogue, a .xcassets folder or a folder holding one (repeatable), for Color(\"Name\"), UIColor(named:), Color(.name) and Image(\"name\"); without it, or for a name it lacks, a colour is drawn as systemGray and an image as an empty image, with a warning (see docs/assets.md).",
                        \.assetPaths, isPath: true) { text throws(ValueRefusal) in text },
            .choice("appearance", value: "appearance", help: "Light or dark colours.", \.request.scene.appearance),
            .choice("system-colors", value: "generation", help: "Generation of Apple's system colours (.orange changed in iOS 26).",
                    \.request.scene.colorGeneration),
            .number("scale", value: "scale", help: "Pixels per point.", \.request.scene.scale, in: 1...3, values: ["1", "2", "3"]),
            .wholeNumber("width", value: "pixels", help: "The image's width in pixels, 1 to \(maximumSizePixels), instead of --scale: the scale is derived from it and the height follows the content's aspect ratio.",
                         \.widthPixels, in: 1...maximumSizePixels, default: "the content's width × --scale"),
            .wholeNumber("height", value: "pixels", help: "The image's height in pixels, 1 to \(maximumSizePixels), instead of --scale, as --width.",
                         \.heightPixels, in: 1...maximumSizePixels, default: "the content's height × --scale"),
            .number("point-size", value: "points", help: "Font size of the symbol, 1 to 512 points.", \.request.example.pointSize, in: 1...512),
            .choice("weight", value: "weight", help: "Symbol weight.", \.request.example.weight),
            .choice("symbol-scale", value: "scale", help: "Symbol scale.", \.request.example.symbolScale),
            .number("padding", value: "points", help: "Space around a single spinner, 0 to 1000 points.", \.request.scene.padding, in: 0...1000),
            .color("color", help: "Spinner colour instead of the system colour.", \.request.example.color),
            .color("background", help: "Background colour instead of the appearance's.", \.request.scene.background),
            .flag("strict", help: "Refuse (exit 65) what is otherwise a warning: an Image(systemName:) outside the symbol library (drawn as an empty image), a symbol effect whose timing has no source, an asset the catalogue (--assets) lacks, text with characters the fonts do not draw (drawn as boxes), and, for inputs read, one that browsers show only after a repair.",
                  \.strict, changesFrames: false),
            .flag("transparent", help: "Transparent background; a GIF composites edges onto the matte colour, a WebP or an SVG keeps their alpha.",
                  \.request.scene.transparentBackground),
            .color("matte", help: "Colour that partly transparent edges are composited onto with --transparent.", \.request.matte,
                   default: "the background colour"),
            .choice("blend", value: "space", help: "Where anti-aliased edges are blended.", \.request.scene.blendSpace),
            .value("fps", value: "fps", help: "Frames per second, 0.01 to 50 (browsers play shorter GIF delays slower).",
                   \.request.framesPerSecond, default: Spelling.number(RenderRequest().framesPerSecond), parse: parseFramesPerSecond),
            .number("duration", value: "seconds", help: "Length of the animation, more than 0 and at most 600 seconds.",
                    \.request.durationSeconds, in: 0...maximumDurationSeconds, excludingLower: true,
                    default: "one period of the animation; 2 for the spinner; with --rotate-at, until two periods after the last rotation"),
            .value("loop", value: "count", help: "How often the GIF repeats: 0 forever, N for N repeats after the first play, 'once' to play once.",
                   \.request.loopCount, default: Self.loopText(RenderRequest().loopCount), parse: parseLoop),
            .value("animation", value: "expression", help: "The spinner's animation in SwiftUI syntax.", \.request.example.animation,
                   default: RenderRequest().example.animation.description, parse: parseAnimation),
            .choice("effect", value: "effect", help: "What the animation drives.", \.request.example.effect),
            .repeatable("rotate-at", value: "seconds", help: "Simulate a device rotation at this time (repeatable): the layout changes, the implicit spinner drifts.",
                        \.request.scene.layoutChanges) { text throws(ValueRefusal) in
                guard let seconds = Double(text), seconds.isFinite, (0...3600).contains(seconds) else {
                    throw ValueRefusal("expected a time from 0 to 3600 seconds")
                }
                return seconds
            },
            .value("stage", value: "WIDTHxHEIGHT", help: "The simulated screen in portrait, in points.", \.request.scene.stage,
                   default: "one that holds the content both ways round", parse: parseStage),
            .value("size", value: "WIDTHxHEIGHT", help: "The size proposed to the root view, in points: a view that fills what it is offered (GeometryReader, Color, frame(maxWidth: .infinity)) takes it, a fixed one keeps its own.",
                   \.request.scene.proposal, default: "the --stage size, else 393x852 (an iPhone 15 or 16 screen)", parse: parseStage),
            .choice("canvas", value: "bounds", help: "What the canvas covers: the layout bounds and every pixel of ink any frame draws (with --padding around ink beyond the layout), or the layout bounds alone (ink outside them is cut off).",
                    \.request.scene.canvas),
            .flag("appear-from-origin", help: "The first layout arrives with onAppear's transaction: the implicit spinner slides in from the top-left corner.",
                  \.request.scene.appearsFromOrigin),
            // The encoder's settings act only when a GIF is encoded: a frame folder holds the
            // frames before that, so they are not recorded in frames.json.
            .flag("no-optimize", help: "Store every frame whole instead of only what changed.", \.request.optimize, to: false,
                  changesFrames: false),
            .flag("no-compact", help: "Keep every frame even when the picture repeats within the animation.", \.request.compact, to: false),
            .choice("dither", value: "mode", help: "Dithering when more than 256 colours must be quantized.", \.request.dither,
                    changesFrames: false),
            .choice("effort", value: "level", help: "LZW effort: max adds flexible parsing and interlaced rows where smaller (about 1.5 % smaller, 20 % slower).",
                    \.request.effort, changesFrames: false),
            .wholeNumber("threads", value: "count", help: "Worker threads, 1 to 64.", \.request.threads, in: 1...64,
                         default: "all cores for large renders", changesFrames: false),
            .bytes("max-memory", help: "Refuse runs that would need more memory in all: frames, threads, sheet, reference and diff (suffixes K, M, G; decimals allowed).",
                   \.maximumMemoryBytes, changesFrames: false),
        ]
    }

    /// `--format` and `--quality`: the file `render` and each batch entry write.
    public static var fileOptions: [Setting<RenderSettings>] {
        [
            .choice("format", value: "format", help: "The file format, when the output's extension does not say.", \.format,
                    default: "the output's extension; \(RenderRequest().format.rawValue)"),
            .wholeNumber("quality", value: "N", help: "WebP only: lossy colour at quality 0 to 100 (alpha stays exact).", \.quality,
                         in: 0...100, default: "lossless"),
        ]
    }

    /// `--at`: `render` writes the single frame at a time as a still PNG instead of the animation.
    public static var stillOptions: [Setting<RenderSettings>] {
        [
            .value("at", value: "seconds", help: "Write only the frame at this time, 0 to 600 seconds after the views appear, as a still PNG (the output a .png path or '-'), with real alpha for --transparent.",
                   \.stillSeconds, default: nil) { text throws(ValueRefusal) in
                try SettingParsers.number(text, in: 0...maximumDurationSeconds)
            },
        ]
    }

    /// Settings that shape the built-in example; a source file's own code decides these.
    public static let builtInShapingOptions = ["mode", "point-size", "weight", "symbol-scale", "color", "animation", "effect"]

    /// The GIF encoder's settings, which would silently do nothing to a WebP.
    static let gifOnlyOptions = ["matte", "dither", "effort", "no-optimize"]

    /// Applies `values` through `options`, then checks the settings together.
    ///
    /// - Throws: ``SettingsError/invalid(_:)`` naming the setting and what it allows, or a
    ///   combination that cannot be rendered (`--matte` without `--transparent`, a stage the
    ///   content does not fit, an animation longer than 600 s).
    public mutating func apply(_ values: SettingValues, options: [Setting<RenderSettings>] = RenderSettings.renderOptions)
    throws(SettingsError) {
        given.formUnion(values.texts.keys)
        if values.has("view") && request.script == nil {
            throw .invalid("The option '--view <name>' chooses a view of a source file; give a .swift <source>, or use '--mode' for the built-in example")
        }
        if values.has("include") && request.script == nil {
            throw .invalid("The option '--include <path>' reads declarations a source file uses; give a .swift <source>, or leave it out for the built-in example")
        }
        try options.apply(values, to: &self)
        request.scene.layoutChanges.sort()
        do {
            try request.refreshSource()
        } catch {
            switch error {
            case let .source(diagnostic): throw .source(diagnostic)
            case let .viewSelection(selection): throw .invalid(selection.description)
            }
        }
        try applySize()
        try check()
    }

    /// The checks that need every setting.
    func check() throws(SettingsError) {
        // The matte is what partly transparent edges are composited onto; an opaque render has
        // no such edges, so the setting would silently do nothing.
        if request.matte != nil && !request.scene.transparentBackground {
            throw .invalid("The option '--matte <#RRGGBB>' applies only with '--transparent'; add '--transparent' or leave out '--matte'")
        }
        let layout = request.makeEngine()
        if let stage = request.scene.stage, !layout.contentFitsStage {
            throw .invalid("The value '\(stage)' is invalid for '--stage <WIDTHxHEIGHT>': the content does not fit it in both orientations")
        }
        // A derived length (one period of --animation, or two periods after the last
        // rotation) obeys the same limit as --duration.
        let duration = request.effectiveDurationSeconds(using: layout)
        guard duration.isFinite, duration > 0, duration <= Self.maximumDurationSeconds else {
            let repeats = request.example.animation.periodSeconds != nil ? "repeats every" : "lasts"
            let subject = given.contains("animation") ? "'--animation <expression>'" : "the animation"
            guard duration.isFinite else {
                let reason = request.script == nil ? Self.endlessReason(request.example.animation)
                    : "a spring this damped, or a speed this low, stretches it beyond any length"
                throw .invalid("The animation is too long: \(subject) never comes to rest (\(reason)); give '--duration <seconds>' (at most 600)")
            }
            throw .invalid("The animation is too long: \(subject) \(repeats) \(Spelling.number(duration)) s, more than 600 seconds; give '--duration <seconds>' (at most 600)")
        }
    }

    /// Why `animation` lasts for ever, for the message: an overdamped spring (a huge
    /// `dampingFraction`) creeps towards its end so slowly that its settling time overflows; a
    /// tiny `.speed` divides a finite length into one beyond any `Double`.
    static func endlessReason(_ animation: Animation) -> String {
        if case let .spring(spring, _) = animation.base, let settle = spring.settlingDuration(), !settle.isFinite {
            return "a spring this damped creeps towards its end for longer than any render"
        }
        if !(animation.durationSeconds / animation.speedFactor).isFinite || !animation.delaySeconds.isFinite {
            return "its speed of \(Spelling.number(animation.speedFactor)) stretches it beyond any length"
        }
        return "its length overflows"
    }

    /// Refuses the built-in example's settings beside a source file: its code decides them.
    ///
    /// - Parameter path: the source as given, for the message.
    public static func checkSourceOptions(_ values: SettingValues, source path: String) throws(SettingsError) {
        let shown = Echo.cut(path, limit: Echo.pathLimit)
        if values.has("mode") {
            throw .invalid("The option '--mode' picks a view of the built-in example; with the source '\(shown)' choose one of its views with '--view <name>'")
        }
        if let option = builtInShapingOptions.first(where: values.has) {
            throw .invalid("The option '--\(option)' shapes the built-in example; with the source '\(shown)' its code decides that: write it as a modifier there")
        }
    }

    /// Renders `view` (``view`` when `nil`) of the SwiftUI source in `bytes`, or in the file at
    /// `path` when `bytes` is `nil`.
    ///
    /// - Parameters:
    ///   - fileName: the name diagnostics use; `path` when `nil`.
    ///   - including: `--include`: the files and folders whose declarations the source uses
    ///     (``readIncluded(_:source:)``).
    ///   - assets: `--assets`: the asset catalogues the source's `Color("…")` and `Image("…")`
    ///     read (``AssetCatalogReader``); a catalogue that cannot be read is a failure naming
    ///     its file (`.missingInput` or `.badData`).
    ///   - maximumImageBytes: the most one decoded asset image may take.
    ///   - durationSeconds: `--duration` as given, if it is a number: the code's timers and
    ///     tasks run at least that long (``horizonSeconds(forDuration:)``), so that a render
    ///     longer than the default horizon shows what they do rather than a still.
    /// - Throws: ``SettingsError/failure(_:)`` with `.missingInput` for a file that cannot be
    ///   read; ``SettingsError/source(_:)`` at the first byte of text that is not UTF-8, or with the
    ///   source's `file:line:column: error: …`; ``SettingsError/invalid(_:)`` when the view
    ///   cannot be chosen.
    public mutating func loadSource(_ path: String, bytes: [UInt8]? = nil, fileName: String? = nil, view: String?, dark: Bool = false,
                                    including: [String] = [], assets: [String] = [], maximumImageBytes: Int = MemoryEstimate.defaultLimitBytes,
                                    durationSeconds: Double? = nil)
    throws(SettingsError) {
        let fileName = fileName ?? path
        var program = try Self.readProgram(path, bytes: bytes, fileName: fileName, including: including)
        program.assets = try Self.readAssets(assets, maximumImageBytes: maximumImageBytes)
        do {
            request.script = try program.script(view: view, dark: dark, horizonSeconds: Self.horizonSeconds(forDuration: durationSeconds))
        } catch {
            throw Self.settingsError(error, shown: fileName)
        }
    }

    /// How far a source's timed events run for a render of `duration` seconds: the default
    /// horizon (``SwiftUISource/SwiftProgram/defaultHorizonSeconds``, 10 s), or the duration
    /// when it is longer and valid (at most ``maximumDurationSeconds``). A script that repeats
    /// stops at its first repeat either way; one that never does (a task that starts the next
    /// step of a chain, a counter) is run for as long as it is shown.
    public static func horizonSeconds(forDuration duration: Double?) -> Double {
        guard let duration, duration.isFinite, duration > SwiftProgram.defaultHorizonSeconds else { return SwiftProgram.defaultHorizonSeconds }
        return min(duration, maximumDurationSeconds)
    }

    /// The asset catalogues at `paths` (``AssetCatalogReader/read(_:maximumImageBytes:)``); the
    /// empty catalogue for none.
    ///
    /// - Throws: ``SettingsError/failure(_:)`` naming the file that cannot be read and why.
    public static func readAssets(_ paths: [String], maximumImageBytes: Int = MemoryEstimate.defaultLimitBytes) throws(SettingsError) -> AssetCatalog {
        guard !paths.isEmpty else { return .empty }
        do { return try AssetCatalogReader.read(paths, maximumImageBytes: maximumImageBytes) } catch { throw .failure(error) }
    }

    /// The SwiftUI source in `bytes`, or in the file at `path` when `bytes` is `nil`, read.
    ///
    /// - Parameters:
    ///   - fileName: the name diagnostics use; `path` when `nil`.
    ///   - including: `--include`: files and folders read with the source for their
    ///     declarations (``readIncluded(_:source:)``).
    /// - Throws: ``SettingsError/failure(_:)`` with `.missingInput` for a file that cannot be
    ///   read; ``SettingsError/source(_:)`` at the first byte of text that is not UTF-8, or with the
    ///   source's (or an included file's) `file:line:column: error: …`.
    public static func readProgram(_ path: String, bytes: [UInt8]? = nil, fileName: String? = nil,
                                   including: [String] = []) throws(SettingsError) -> SwiftProgram {
        let fileName = fileName ?? path
        let text = try readText(path, bytes: bytes, fileName: fileName)
        let included = try readIncluded(including, source: bytes == nil ? path : nil)
        do { return try SwiftProgram(parsing: text, fileName: fileName, including: included) } catch { throw .source(error) }
    }

    /// The UTF-8 text in `bytes`, or in the file at `path` when `bytes` is `nil`.
    private static func readText(_ path: String, bytes: [UInt8]?, fileName: String) throws(SettingsError) -> String {
        let shown = Echo.cut(fileName, limit: Echo.pathLimit)
        var read = bytes ?? []
        if bytes == nil {
            do throws(SpinRenderError) {
                read = try InputFile.read(path, maximumBytes: SwiftProgram.maximumSourceBytes)
            } catch {
                throw .failure(error)
            }
        }
        guard let text = String(validating: read, as: UTF8.self) else {
            // Located as any other mistake in the source: the line, the column and a caret.
            guard let diagnostic = SourceDiagnostic.invalidUTF8(in: read, fileName: fileName) else {
                throw .failure(SpinRenderError(.badData, "\(shown): not UTF-8 text; Swift source is UTF-8"))
            }
            throw .source(diagnostic)
        }
        return text
    }

    /// The files `--include` names, read: each file as given, and for a folder every `.swift`
    /// file directly in it (not in its subfolders; hidden ones left out), sorted by name. The
    /// source itself (`source`, when it is a file), and a file named twice, are read once.
    ///
    /// - Throws: ``SettingsError/failure(_:)`` with `.missingInput` for a path that does not
    ///   exist or cannot be read, or a folder with no `.swift` file; `.usage` for a file that
    ///   is not `.swift`; ``SettingsError/source(_:)`` for text that is not UTF-8.
    public static func readIncluded(_ paths: [String], source: String?) throws(SettingsError) -> [SwiftProgram.IncludedFile] {
        var files: [String] = []
        for path in paths {
            var root = path
            while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
            let shown = Echo.cut(path, limit: Echo.pathLimit)
            do throws(SpinRenderError) {
                guard try InputFile.existsOrThrows(root) else {
                    throw SpinRenderError(.missingInput, "\(shown): no such file or folder (--include takes a .swift file or a folder of them)")
                }
                if InputFile.isDirectory(root) {
                    let found = try InputFile.list(root).filter { !$0.hasPrefix(".") && $0.hasSuffix(".swift") }
                        .map { root == "/" ? "/" + $0 : root + "/" + $0 }.filter { !InputFile.isDirectory($0) }
                    guard !found.isEmpty else {
                        throw SpinRenderError(.missingInput, "\(shown): the folder holds no .swift file (--include reads the files directly in it, not its subfolders)")
                    }
                    files += found
                } else {
                    guard root.hasSuffix(".swift") else {
                        throw SpinRenderError(.usage, "\(shown): not a .swift file (--include takes a .swift file or a folder of them)")
                    }
                    files.append(root)
                }
            } catch {
                throw .failure(error)
            }
        }
        var read: [String] = []
        var included: [SwiftProgram.IncludedFile] = []
        for file in files {
            if let source, InputFile.sameFile(file, source) { continue }
            if read.contains(where: { InputFile.sameFile($0, file) }) { continue }
            read.append(file)
            included.append(SwiftProgram.IncludedFile(text: try readText(file, bytes: nil, fileName: file), fileName: file))
        }
        return included
    }

    /// A source's error as a settings error: its diagnostic, or a view that cannot be chosen
    /// (a usage error naming the file `shown`).
    static func settingsError(_ error: SwiftUISourceError, shown: String) -> SettingsError {
        switch error {
        case let .source(diagnostic): .source(diagnostic)
        case let .viewSelection(selection): .invalid("\(Echo.cut(shown, limit: Echo.pathLimit)): \(selection.description)")
        }
    }

    /// The warnings the source gives: the reader's notes (a view rendered in place of a preview
    /// that cannot run here), then one per symbol name outside the library (a device draws an
    /// empty image and logs a warning), naming the closest names the library has, then one per
    /// symbol effect drawn with assumed timing, then one per asset the catalogue (`--assets`)
    /// lacks (``Scene/ViewScript/assetWarnings``), then one per text with characters the fonts
    /// do not draw (``Scene/ViewScript/uncoveredTextWarnings``).
    ///
    /// - Throws: ``SettingsError/failure(_:)`` with `.badData` for the first of them under
    ///   ``strict``.
    public func symbolWarnings() throws(SettingsError) -> [String] {
        let missing = request.script?.missingSymbolWarnings ?? []
        if strict, let first = missing.first {
            throw .failure(SpinRenderError(.badData, "\(first); --strict refuses a symbol outside the library"))
        }
        let effects = request.script?.symbolEffectWarnings ?? []
        if strict, let first = effects.first {
            throw .failure(SpinRenderError(.badData, "\(first); --strict refuses a symbol effect whose timing has no source"))
        }
        let assets = request.script?.assetWarnings ?? []
        if strict, let first = assets.first {
            throw .failure(SpinRenderError(.badData, "\(first); --strict refuses an asset the catalogue does not hold"))
        }
        let uncovered = request.script?.uncoveredTextWarnings ?? []
        if strict, let first = uncovered.first {
            throw .failure(SpinRenderError(.badData, "\(first); --strict refuses text the fonts do not draw"))
        }
        return (request.script?.notes ?? []) + missing + effects + assets + uncovered
    }

    /// Chooses the format written to `output` from its extension (`.gif`, `.webp`, `.svg`,
    /// `.png` for APNG, `.mp4`) or ``format``, GIF when neither says, and sets the request's
    /// format and WebP quality.
    ///
    /// - Throws: ``SettingsError/invalid(_:)`` for another extension, an extension that
    ///   disagrees with `--format`, a GIF-only setting with another format, `--quality` with
    ///   anything but a WebP, `--transparent` with an MP4 (H.264 has no alpha), or an MP4 whose
    ///   plays (``SpinRenderer/videoCopies(_:)``) would last more than 600 s together.
    public mutating func setOutput(_ output: String) throws(SettingsError) {
        let shown = Echo.cut(output, limit: Echo.pathLimit)
        var byExtension: OutputFormat?
        if let suffix = OutputFile.foreignExtension(output, expected: "") {
            guard let format = OutputFormat.forPath(output) else {
                let formats = OutputFormat.allCases.map(\.fileExtension).joined(separator: ", ")
                throw .invalid("The value '\(shown)' is invalid for '-o, --output <output>': the spinner is written as GIF, WebP, SVG, PNG (APNG) or MP4, not '\(suffix)'; give a path ending in \(formats), or '-' for standard output")
            }
            byExtension = format
        }
        if let format, let byExtension, format != byExtension {
            throw .invalid("The value '\(shown)' for '-o, --output <output>' names a \(byExtension.rawValue.uppercased()) file, but '--format \(format.rawValue)' asks for \(format.rawValue.uppercased()); give one of them, or make them agree")
        }
        let chosen = byExtension ?? format ?? RenderRequest().format
        // The GIF encoder's settings would silently do nothing to another format.
        if chosen != .gif, let option = Self.gifOnlyOptions.first(where: given.contains),
           let setting = Self.renderOptions.named(option) {
            throw .invalid("The option '\(setting.synopsis)' applies only to GIF output; leave it out for \(chosen.displayName)")
        }
        if quality != nil && chosen != .webp {
            throw .invalid("The option '--quality <N>' applies only to WebP output; write a .webp file or leave out '--quality'")
        }
        if chosen == .mp4 {
            if request.scene.transparentBackground {
                throw .invalid("The option '--transparent' cannot apply to MP4 output: H.264 video has no alpha; write a .png (APNG), .webp or .gif for a transparent background, or leave out '--transparent'")
            }
            let copies = SpinRenderer.videoCopies(request.loopCount)
            let seconds = request.effectiveDurationSeconds * Double(copies)
            if copies > 1, seconds > SpinRenderer.maximumVideoSeconds {
                let most = Int(SpinRenderer.maximumVideoSeconds / request.effectiveDurationSeconds) - 1
                throw .invalid("The value '\(Self.loopText(request.loopCount))' is invalid for '--loop <count>' with MP4 output: a video has no loop count, so each of the \(copies) plays is stored, \(Spelling.number(seconds)) s in all, more than \(Int(SpinRenderer.maximumVideoSeconds)) s; give --loop \(max(0, most)) or less, or --loop 0 (one play, for the player to loop)")
            }
        }
        request.format = chosen
        request.webpQuality = quality
    }

    /// Refuses the render when its peak — frames held as `holding` says, every worker's buffers,
    /// and what `extra` adds (a sheet …) — is more than ``maximumMemoryBytes``.
    ///
    /// - Parameter advice: more settings to lower, e.g. `, --columns`.
    /// - Throws: ``SettingsError/failure(_:)`` with ``SpinRenderError`` `.badData`: the size and what to lower.
    public func checkMemory(holding: SpinRenderer.FrameHolding, adding extra: (inout MemoryEstimate) -> Void = { _ in },
                            advice: String = "") throws(SettingsError) {
        let threads = request.threads == nil ? "" : ", --threads"
        // A source's own code sets its sizes: --point-size shapes only the built-in example.
        let size = request.script == nil ? "--point-size, " : ""
        do {
            try SpinRenderer.checkMemory(request, holding: holding, limit: maximumMemoryBytes, adding: extra,
                                         advice: "lower \(size)--scale, --fps, --duration\(threads)\(advice), or raise --max-memory")
        } catch {
            throw .failure(error)
        }
    }

    /// The settings of `values` that change the frames, as words that reproduce them (recorded in
    /// `frames.json`), after the source: a frame folder is byte-identical whatever the others were.
    public static func reproducibleArguments(_ values: SettingValues, source: String? = nil) -> [String] {
        (source.map { [$0] } ?? []) + renderOptions.words(values, including: \.changesFrames)
    }

    // MARK: Parsers

    static func parseFramesPerSecond(_ text: String) throws(ValueRefusal) -> Double {
        if let fps = Double(text), fps.isFinite, fps > maximumFramesPerSecond {
            throw ValueRefusal("spinrender renders at most \(Int(maximumFramesPerSecond)) frames per second, in every format (one frame timing serves them all, and a GIF's delays are whole centiseconds, which browsers play as 10 cs below 2); give 50 or less")
        }
        return try SettingParsers.number(text, in: minimumFramesPerSecond...maximumFramesPerSecond)
    }

    static func loopText(_ loop: LoopCount) -> String {
        switch loop {
        case .forever: "0"
        case .playOnce: "once"
        case let .repeats(count): "\(count)"
        }
    }

    static func parseLoop(_ text: String) throws(ValueRefusal) -> LoopCount {
        if text == "once" { return .playOnce }
        guard let count = Int(text), (0...65_535).contains(count) else {
            throw ValueRefusal("expected 'once' or a whole number from 0 to 65535")
        }
        return count == 0 ? .forever : .repeats(count)
    }

    static func parseAnimation(_ expression: String) throws(ValueRefusal) -> Animation {
        do {
            return try AnimationExpression.parse(expression)
        } catch {
            // A long expression is not echoed whole: the caret line only helps while it fits a terminal.
            let caret = expression.count <= 120 ? "\n" + error.caretDiagnostic(source: expression) : ""
            throw ValueRefusal("\(Echo.cut(error.message, limit: 200)) at column \(error.column)\(caret)", echoesValue: false)
        }
    }

    static func parseStage(_ text: String) throws(ValueRefusal) -> StageSize? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, (1...10_000).contains(w), (1...10_000).contains(h) else {
            throw ValueRefusal("expected two sizes from 1 to 10000 points, like 390x844")
        }
        return StageSize(width: w, height: h)
    }
}
