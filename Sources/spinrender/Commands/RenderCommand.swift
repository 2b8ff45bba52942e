import SpinRender

/// The root command: render a GIF.
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render SwiftUI spinner code as an animated GIF, WebP or SVG, the way the documentation shows it."
    static let discussion: String? = """
      <source> is a SwiftUI file (docs/swiftui.md lists what it may contain); without one, the
      built-in documentation example is rendered ('spinrender source' prints it) and --mode picks
      its view. The implicit spinner uses the deprecated .animation(_:) modifier, the explicit one
      withAnimation in onAppear; both turn once every 2 seconds. With --rotate-at, a simulated
      device rotation shows why the documentation warns about the implicit one: it animates the
      layout move too, and drifts. The output's extension chooses the format: .gif, .webp
      (lossless, with true alpha for --transparent; --quality makes it lossy) or .svg (vector
      elements animated with SMIL, sharp at any zoom; frames, compare and verify cannot read it
      back). --format chooses it for '-' or a name without an extension (GIF when neither says);
      an extension that disagrees with --format, or another extension such as .png, is a usage
      error.
    """
    static let usage = "spinrender [render] [<source>] [<options>] --output <output>"
    static let arguments = [RenderOptions.sourceArgument]
    static let positionalCount = 0...1
    static var options: [OptionSpec] {
        [.option("output", short: "o", value: "output",
                 help: "Where to write the animation: a .gif, .webp or .svg path (any other extension is refused), a .png path with --at, or '-' for standard output.", isPath: true)]
            + formatSpecs + RenderSettings.stillOptions.map(OptionSpec.init) + RenderOptions.specs + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let output = arguments.value("output") else {
            throw UsageError(message: "Missing expected argument '--output <output>'")
        }
        var settings = try RenderOptions.settings(from: arguments, storage: nil, source: arguments.positionals.first,
                                                  options: RenderSettings.fileOptions + RenderSettings.stillOptions + RenderSettings.renderOptions)
        if let seconds = settings.stillSeconds {
            try settings.prepareStill(output: output)
            try StandardOutput.refuseTerminal(output: output, format: "PNG")
            let pending = try OutputFile.prepare(output)
            let bytes = try SpinRenderer.renderStillPNG(settings.request, atSeconds: seconds)
            try pending.commit(bytes)
            let layout = settings.request.makeEngine()
            console.info("\(output): \(layout.canvasWidth)×\(layout.canvasHeight) px, the frame at \(Spelling.number(seconds)) s, \(bytes.count) bytes")
            return 0
        }
        try settings.setOutput(output)
        try StandardOutput.refuseTerminal(output: output, format: settings.request.format.rawValue.uppercased())
        try settings.checkMemory(holding: SpinRenderer.streamedHolding(settings.request.format))
        let request = settings.request
        // Before rendering: an output that cannot be created fails at once, and a signal during
        // the render removes the temporary file.
        let pending = try OutputFile.prepare(output)
        // An SVG draws no frames: nothing to show progress of.
        let progress = request.format == .svg ? nil : RenderOptions.progressBar(for: request, console: console)
        let file = try SpinRenderer.render(request, progress: progress)
        file.warnings.forEach(console.warning)
        try pending.commit(file.bytes)
        switch file {
        case .gif(let gif): console.info("\(output): \(gif.width)×\(gif.height) px, \(gif.frameCount) frames (\(gif.uncompactedFrameCount) before loop compaction, \(gif.storedFrameCount) stored), \(gif.durationCentiseconds) cs per loop, loop \(gif.loopCount), palette \(gif.paletteSize) colours, worst colour error \(gif.worstChannelError)/255, \(gif.bytes.count) bytes")
        case .svg(let svg): console.info("\(output): \(svg.width)×\(svg.height) px, \(svg.timeline.durationSeconds) s per play, \(svg.timeline.plays.map { "\($0) plays" } ?? "plays for ever"), \(svg.bytes.count) bytes")
        case .webp(let webp): console.info("\(output): \(webp.width)×\(webp.height) px, \(webp.frameCount) frames (\(webp.uncompactedFrameCount) before loop compaction, \(webp.storedFrameCount) stored), \(webp.durationMilliseconds) ms per loop, loop \(webp.loopCount), \(webp.quality.map { "lossy quality \($0)" } ?? "lossless"), \(webp.bytes.count) bytes")
        }
        return 0
    }
}

extension RenderCommand {
    /// `--format` and `--quality`, for `render` and each batch entry.
    static var formatSpecs: [OptionSpec] { RenderSettings.fileOptions.map(OptionSpec.init) }
}

extension Console {
    /// `--quiet` and `--verbose`, shared by every command.
    static let specs: [OptionSpec] = [
        .flag("verbose", short: "v", help: "Report sizes, palette and timing on standard error."),
        .flag("quiet", short: "q", help: "Print no warnings or progress."),
    ]
}
