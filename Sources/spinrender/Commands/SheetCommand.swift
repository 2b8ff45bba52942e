import SpinRender

/// `spinrender sheet <render options> -o sheet.png`: every frame in a grid, with its time.
enum SheetCommand: Command {
    static let name = "sheet"
    static let abstract = "Lay every frame out in a grid with its time under it, as one PNG contact sheet."
    static let discussion: String? = """
      Takes the same options as rendering a GIF and shows the frames the GIF would hold, left to
      right, top to bottom, each with its start time in seconds. Repeating frames are shown once
      (one period) unless --no-compact is given. The sheet is always a PNG: an output with another
      extension, such as .gif, is a usage error; a name without an extension is written as PNG.
    """
    static let usage = "spinrender sheet [<source>] [<options>] --output <output>"
    static let arguments = [RenderOptions.sourceArgument]
    static let positionalCount = 0...1
    static var options: [OptionDeclaration] {
        [
            .option("output", short: "o", value: "output",
                    help: "Where to write the PNG: a .png path (any other extension is refused) or '-' for standard output.", isPath: true),
            .option("columns", value: "count", help: "Frames per row, 1 to 1000.", default: "what makes the sheet closest to square"),
        ] + RenderOptions.specs + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let output = arguments.value("output") else {
            throw UsageError(message: "Missing expected argument '--output <output>'")
        }
        // The sheet is always a PNG: a name promising another format (x.gif) would mislabel it.
        if output != "-", let suffix = OutputFile.pathExtension(output), suffix.lowercased() != ".png" {
            throw UsageError(message: "The value '\(Echo.cut(output, limit: Echo.pathLimit))' is invalid for '-o, --output <output>': a contact sheet is written as PNG, not '\(suffix)'; give a path ending in .png, or '-' for standard output")
        }
        var columns: Int?
        if let text = arguments.value("columns") {
            guard let count = Int(text), (1...1000).contains(count) else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--columns <count>': expected a whole number from 1 to 1000")
            }
            columns = count
        }
        try StandardOutput.refuseTerminal(output: output, format: "PNG")
        let settings = try RenderOptions.settings(from: arguments, storage: nil, source: arguments.positionals.first)
        let request = settings.request
        let scene = request.scene
        let fontScale = max(2, Int(scene.scale))
        // The whole peak, before any frame is drawn: the frames, the sheet they are copied into
        // and its PNG encoding, and the render's threads.
        let layout = SpinRenderer.sheetLayout(request, columns: columns, fontScale: fontScale)
        // libpng refuses a longer side when writing (png_check_IHDR): say so before drawing.
        if max(layout.width, layout.height) > PNGEncoder.maximumSide {
            let fix = layout.height > PNGEncoder.maximumSide ? "give more --columns or lower --fps or --duration" : "give fewer --columns or lower --scale"
            throw SpinRenderError(.badData, "the sheet would be \(layout.width) × \(layout.height) pixels, but a PNG can have at most \(PNGEncoder.maximumSide) pixels a side; \(fix)")
        }
        try settings.checkMemory(holding: .allFrames, adding: { estimate in
            let sheetBytes = Double(layout.width) * Double(layout.height) * 4
            estimate.add("sheet", sheetBytes)
            // PNGEncoder: the samples in the layout tried (at most 4 bytes a pixel), libpng's
            // output buffer of about their size, and the smallest result so far.
            estimate.add("PNG encoding", sheetBytes * 3)
        }, advice: ", --columns")
        // Before rendering, as for a GIF: an output that cannot be written fails at once.
        let pending = try OutputFile.prepare(output)
        let animation = SpinRenderer.renderFrames(request)
        animation.warnings.forEach(console.warning)
        let palette = SystemPalette(appearance: scene.appearance, generation: scene.colorGeneration)
        let background = scene.transparentBackground ? RGBA8.transparent : (scene.background ?? palette.background)
        // The frames the GIF holds: a held picture (a still view, a pause) is one frame.
        let sheet = ContactSheet(sequence: animation.sequence.mergingHeldFrames(), columns: columns, fontScale: fontScale, background: background,
                                 textColor: scene.background.map(ContactSheet.labelColor(on:)) ?? palette.primary)
        let bytes: [UInt8]
        do {
            bytes = try PNGEncoder.encode(sheet.render())
        } catch {
            throw SpinRenderError(.software, "PNG encoding of the sheet failed: \(error)")
        }
        try pending.commit(bytes)
        let shown = sheet.layout
        console.info("\(output): \(shown.width)×\(shown.height) px, \(shown.frameCount) frames in \(shown.columns) columns × \(shown.rows) rows, \(bytes.count) bytes")
        return 0
    }
}
