import Glibc
import SpinRender

/// The options every rendering command shares (render, frames, verify, timeline, sheet, and
/// each batch entry): the library's ``RenderSettings/renderOptions``, read from a command line.
enum RenderOptions {
    static var specs: [OptionDeclaration] { RenderSettings.renderOptions.declarations() }

    /// How a command holds the frames, for the `--max-memory` check.
    typealias FrameStorage = SpinRenderer.FrameHolding

    /// The settings of a parsed command line, with `source` (`-`: standard input) loaded.
    ///
    /// - Parameter storage: how the command holds the frames, for the `--max-memory` check;
    ///   `nil` when the command checks its whole peak itself (render, sheet, verify).
    /// - Throws: ``SettingsError`` naming the option and the allowed range, the source's
    ///   diagnostic, or the memory the render would need; ``UsageError`` for a source `-` on a terminal.
    /// - Parameter options: the settings the command takes (the render's, or also the file's).
    static func settings(from arguments: ParsedArguments, storage: FrameStorage? = .allFrames, source: String? = nil,
                         options: [Setting<RenderSettings>] = RenderSettings.renderOptions) throws -> RenderSettings {
        let values = arguments.settingValues
        var settings = RenderSettings()
        if let source {
            try RenderSettings.checkSourceOptions(values, source: source)
            if source == "-" && isatty(STDIN_FILENO) == 1 {
                throw UsageError(message: "The source '-' reads standard input, which is a terminal; pipe Swift source into it (… | spinrender - -o spinner.gif)")
            }
            let bytes = source == "-" ? try InputFile.readStandardInput(maximumBytes: SwiftProgram.maximumSourceBytes) : nil
            // `@Environment(\.colorScheme)` reads the appearance asked for.
            try settings.loadSource(source, bytes: bytes, fileName: source == "-" ? "<stdin>" : nil, view: values.value("view"),
                                    dark: values.value("appearance") == Appearance.dark.rawValue, including: values.texts["include"] ?? [],
                                    assets: values.texts["assets"] ?? [],
                                    maximumImageBytes: try memoryLimit(arguments), durationSeconds: values.value("duration").flatMap(Double.init))
        }
        try settings.apply(values, options: options)
        // `--strict` refuses what the warnings name even under `--quiet`, which only silences them.
        let warnings = try settings.symbolWarnings()
        if !arguments.has("quiet") {
            for warning in warnings { StandardError.write("warning: \(warning)\n") }
        }
        if let storage { try settings.checkMemory(holding: storage) }
        return settings
    }

    /// ``settings(from:storage:source:)``'s request.
    static func request(from arguments: ParsedArguments, storage: FrameStorage? = .allFrames,
                        source: String? = nil) throws -> RenderRequest {
        try settings(from: arguments, storage: storage, source: source).request
    }

    /// `--max-memory`: bytes, 1 GiB when absent.
    ///
    /// - Throws: ``SettingsError`` for a value that is not a size.
    static func memoryLimit(_ arguments: ParsedArguments) throws -> Int {
        var settings = RenderSettings()
        if let text = arguments.value("max-memory") { try RenderSettings.renderOptions.named("max-memory")?.apply([text], to: &settings) }
        return settings.maximumMemoryBytes
    }
}

extension RenderOptions {
    /// The `<source>` argument of the rendering commands.
    static let sourceArgument = ArgumentSpec(
        name: "source", help: "SwiftUI source to render: a .swift file, a folder of them (every preview, see --all-previews), or '-' for standard input (default: the built-in documentation example, see --mode).",
        optional: true)

    /// Whether an input names SwiftUI source (`.swift`) rather than an image.
    static func isSourcePath(_ path: String) -> Bool { path.lowercased().hasSuffix(".swift") }

    /// The render options of a parsed command line that change the frames, as words that
    /// reproduce them (recorded in `frames.json`).
    static func reproducibleArguments(_ arguments: ParsedArguments, source: String? = nil) -> [String] {
        RenderSettings.reproducibleArguments(arguments.settingValues, source: source)
    }
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
