import SpinRender

/// The root command: render a GIF.
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render SwiftUI spinner code as an animated GIF, the way the documentation shows it."
    static let discussion: String? = """
      <source> is a SwiftUI file (docs/swiftui.md lists what it may contain); without one, the
      built-in documentation example is rendered ('spinrender source' prints it) and --mode picks
      its view. The implicit spinner uses the deprecated .animation(_:) modifier, the explicit one
      withAnimation in onAppear; both turn once every 2 seconds. With --rotate-at, a simulated
      device rotation shows why the documentation warns about the implicit one: it animates the
      layout move too, and drifts. The output is always a GIF: an output with another extension,
      such as .png, is a usage error; a name without an extension is written as GIF.
    """
    static let usage = "spinrender [render] [<source>] [<options>] --output <output>"
    static let arguments = [RenderOptions.sourceArgument]
    static let positionalCount = 0...1
    static var options: [OptionSpec] {
        [.option("output", short: "o", value: "output",
                 help: "Where to write the GIF: a .gif path (any other extension is refused) or '-' for standard output.", isPath: true)]
            + RenderOptions.specs + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let output = arguments.value("output") else {
            throw UsageError(message: "Missing expected argument '--output <output>'")
        }
        // The output is always a GIF: a name promising another format (x.png) would mislabel it.
        if let suffix = OutputFile.foreignExtension(output, expected: ".gif") {
            throw UsageError(message: "The value '\(Echo.cut(output, limit: Echo.pathLimit))' is invalid for '-o, --output <output>': the spinner is written as GIF, not '\(suffix)'; give a path ending in .gif, or '-' for standard output")
        }
        try StandardOutput.refuseTerminal(output: output, format: "GIF")
        let request = try RenderOptions.request(from: arguments, storage: .streamedGIF, source: arguments.positionals.first)
        // Before rendering: an output that cannot be created fails at once, and a signal during
        // the render removes the temporary file.
        let pending = try OutputFile.prepare(output)
        let gif = try SpinRenderer.renderGIF(request, progress: RenderOptions.progressBar(for: request, console: console))
        gif.warnings.forEach(console.warning)
        try pending.commit(gif.bytes)
        console.info("\(output): \(gif.width)×\(gif.height) px, \(gif.frameCount) frames (\(gif.uncompactedFrameCount) before loop compaction, \(gif.storedFrameCount) stored), \(gif.durationCentiseconds) cs per loop, loop \(gif.loopCount), palette \(gif.paletteSize) colours, worst colour error \(gif.worstChannelError)/255, \(gif.bytes.count) bytes")
        return 0
    }
}

extension Console {
    /// `--quiet` and `--verbose`, shared by every command.
    static let specs: [OptionSpec] = [
        .flag("verbose", short: "v", help: "Report sizes, palette and timing on standard error."),
        .flag("quiet", short: "q", help: "Print no warnings or progress."),
    ]
}
