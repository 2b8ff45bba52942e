import SpinRender

/// The root command: render a GIF.
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render SwiftUI spinner code as an animated GIF, WebP, SVG, PNG (APNG) or MP4 video, the way the documentation shows it."
    static let discussion: String? = """
      <source> is a SwiftUI file (docs/swiftui.md lists what it may contain); without one, the
      built-in documentation example is rendered ('spinrender source' prints it) and --mode picks
      its view. The implicit spinner uses the deprecated .animation(_:) modifier, the explicit one
      withAnimation in onAppear; both turn once every 2 seconds. With --rotate-at, a simulated
      device rotation shows why the documentation warns about the implicit one: it animates the
      layout move too, and drifts. The output's extension chooses the format: .gif, .webp
      (lossless, with true alpha for --transparent; --quality makes it lossy), .svg (vector
      elements animated with SMIL, sharp at any zoom), .png (an animated PNG, APNG: lossless,
      true alpha, exact delays; one frame is a plain PNG) or .mp4 (H.264 video for DocC's @Video,
      slides and web pages; opaque; --loop N stores N + 1 plays, --loop 0 one play for the player
      to loop; --poster writes its first frame as a PNG). frames, compare and verify read back GIF
      and WebP only. --format chooses the format for '-' or a name without an extension (GIF when
      neither says); an extension that disagrees with --format, or another extension such as .jpg,
      is a usage error.
    """
    static let usage = "spinrender [render] [<source>] [<options>] --output <output>\n       spinrender [render] <source> --all-previews [<options>] --output <folder>"
    static let arguments = [RenderOptions.sourceArgument]
    static let positionalCount = 0...1
    static var options: [OptionDeclaration] {
        [.option("output", short: "o", value: "output",
                 help: "Where to write the animation: a .gif, .webp, .svg, .png (APNG; the still with --at) or .mp4 path (any other extension is refused) or '-' for standard output.", isPath: true),
         .flag("all-previews", help: "Render every #Preview and PreviewProvider preview of <source> (a .swift file or a folder of them) into the folder -o, with an index, previews.json; implied by an -o ending in '/' or naming a folder."),
         .option("poster", value: "file.png",
                 help: "MP4 only: also write the video's first frame as a PNG, the poster image of DocC's @Video and HTML's <video>.", isPath: true)]
            + formatSpecs + RenderSettings.stillOptions.declarations() + RenderOptions.specs + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let output = arguments.value("output") else {
            throw UsageError(message: "Missing expected argument '--output <output>'")
        }
        if let source = arguments.positionals.first, PreviewsRun.isFolderRun(source: source, output: output, arguments) {
            return try PreviewsRun.run(source: source, folder: output, arguments, console: console)
        }
        if arguments.has("all-previews") {
            throw UsageError(message: "The flag '--all-previews' renders the previews of a .swift <source> or a folder of them; give one")
        }
        var settings = try RenderOptions.settings(from: arguments, storage: nil, source: arguments.positionals.first,
                                                  options: RenderSettings.fileOptions + RenderSettings.stillOptions + RenderSettings.renderOptions)
        if let seconds = settings.stillSeconds {
            if arguments.value("poster") != nil {
                throw UsageError(message: "The option '--poster <file.png>' applies only to MP4 output; '--at' writes one still PNG")
            }
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
        let poster = arguments.value("poster")
        if poster != nil && settings.request.format != .mp4 {
            throw UsageError(message: "The option '--poster <file.png>' applies only to MP4 output; write a .mp4 file or leave out '--poster'")
        }
        if let poster, OutputFormat.forPath(poster) != .apng {
            throw UsageError(message: "The value '\(Echo.cut(poster, limit: Echo.pathLimit))' is invalid for '--poster <file.png>': the poster is a PNG; give a path ending in .png")
        }
        if let poster, output != "-", InputFile.sameFile(poster, output) || InputFile.canonicalPath(poster) == InputFile.canonicalPath(output) {
            throw UsageError(message: "The outputs of '-o, --output' and '--poster' are one file, '\(Echo.cut(poster, limit: Echo.pathLimit))'; give each its own path")
        }
        try StandardOutput.refuseTerminal(output: output, format: settings.request.format.rawValue.uppercased())
        try settings.checkMemory(holding: SpinRenderer.streamedHolding(settings.request.format))
        var request = settings.request
        request.maximumMemoryBytes = settings.maximumMemoryBytes
        // Before rendering: an output that cannot be created fails at once, and a signal during
        // the render removes the temporary file.
        let pending = try OutputFile.prepare(output)
        let pendingPoster = try poster.map { (path) throws in try OutputFile.prepare(path) }
        // An SVG draws no frames: nothing to show progress of.
        let progress = request.format == .svg ? nil : RenderOptions.progressBar(for: request, console: console)
        let file = try SpinRenderer.render(request, progress: progress)
        file.warnings.forEach(console.warning)
        if case .mp4(let video) = file, let pendingPoster {
            let png: [UInt8]
            do { png = try PNGEncoder.encode(video.firstFrame) } catch {
                throw SpinRenderError(.software, "the poster's PNG encoding failed: \(error)")
            }
            try pendingPoster.commit(png)
        }
        try pending.commit(file.bytes)
        switch file {
        case .gif(let gif): console.info("\(output): \(gif.width)×\(gif.height) px, \(gif.frameCount) frames (\(gif.uncompactedFrameCount) before loop compaction, \(gif.storedFrameCount) stored), \(gif.durationCentiseconds) cs per loop, loop \(gif.loopCount), palette \(gif.paletteSize) colours, worst colour error \(gif.worstChannelError)/255, \(gif.bytes.count) bytes")
        case .svg(let svg): console.info("\(output): \(svg.width)×\(svg.height) px, \(svg.timeline.durationSeconds) s per play, \(svg.timeline.plays.map { "\($0) plays" } ?? "plays for ever"), \(svg.bytes.count) bytes")
        case .apng(let apng): console.info("\(output): \(apng.width)×\(apng.height) px, \(apng.frameCount) frames (\(apng.uncompactedFrameCount) before loop compaction), \(apng.delay.numerator)/\(apng.delay.denominator) s a frame, loop \(apng.loopCount), \(apng.bytes.count) bytes")
        case .mp4(let mp4): console.info("\(output): \(mp4.width)×\(mp4.height) px, \(mp4.frameCount) frames (\(mp4.uncompactedFrameCount) before loop compaction) × \(mp4.copies) cop\(mp4.copies == 1 ? "y" : "ies"), \(mp4.copyTicks)/\(mp4.timescale) s a copy, H.264 quantizer \(mp4.quantizer), \(mp4.bytes.count) bytes")
        case .webp(let webp): console.info("\(output): \(webp.width)×\(webp.height) px, \(webp.frameCount) frames (\(webp.uncompactedFrameCount) before loop compaction, \(webp.storedFrameCount) stored), \(webp.durationMilliseconds) ms per loop, loop \(webp.loopCount), \(webp.quality.map { "lossy quality \($0)" } ?? "lossless"), \(webp.bytes.count) bytes")
        }
        return 0
    }
}

extension RenderCommand {
    /// `--format` and `--quality`, for `render` and each batch entry.
    static var formatSpecs: [OptionDeclaration] { RenderSettings.fileOptions.declarations() }
}

extension Console {
    /// `--quiet` and `--verbose`, shared by every command.
    static let specs: [OptionDeclaration] = [
        .flag("verbose", short: "v", help: "Report sizes, palette and timing on standard error."),
        .flag("quiet", short: "q", help: "Print no warnings or progress."),
    ]
}
