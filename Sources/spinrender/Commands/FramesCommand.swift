import Glibc
import SpinRender

/// `spinrender frames`: export frames as PNG files plus `frames.json`.
enum FramesCommand: Command {
    static let name = "frames"
    static let abstract = "Write the frames as PNG files (frame_0000.png …) and frames.json, from a render or from any GIF or WebP."
    static let discussion: String? = """
      Without INPUT, renders with the same options as 'spinrender' and writes the frames the GIF
      shows, one per frame step (identical consecutive frames, which the GIF merges, stay separate);
      with --transparent each pixel is as the GIF has it (transparent under 50 % alpha, else on the
      matte). With INPUT (a GIF or WebP), writes its frames composited exactly as a browser shows them, with
      their delays and loop count in frames.json.
    """
    static let usage = "spinrender frames [<input>] [<options>] --output <output>"
    static let arguments = [ArgumentSpec(name: "input", help: "SwiftUI source to render (a .swift file), or a GIF, WebP or PNG to export instead of rendering ('-' reads an image from standard input).", optional: true)]
    static let positionalCount = 0...1
    static var options: [OptionDeclaration] {
        [.option("output", short: "o", value: "output", help: "The folder to write; created when missing (a name ending in .png, .gif or another image extension is refused).", isPath: true)]
            + RenderOptions.specs + ReadingArguments.specs.filter { $0.name != "strict" } + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let output = arguments.value("output") else {
            throw UsageError(message: "Missing expected argument '--output <output>'")
        }
        if output == "-" {
            throw UsageError(message: "The value '-' is invalid for '--output <output>': frames go to a folder, not standard output")
        }
        // A name promising one image file (out.png) would become a folder of them: refused,
        // unless such a folder already exists.
        let imageExtensions: Set<String> = [".png", ".gif", ".jpg", ".jpeg", ".webp", ".apng", ".svg"]
        let name = output.split(separator: "/").last.map(String.init) ?? output
        if let suffix = OutputFile.pathExtension(name), imageExtensions.contains(suffix.lowercased()) {
            if !InputFile.isDirectory(output) {
                throw UsageError(message: "The value '\(Echo.cut(output, limit: Echo.pathLimit))' is invalid for '-o, --output <output>': frames are written to a folder of PNG files, and '\(name)' names one image; give a folder path")
            }
        }
        let input = arguments.positionals.first
        let source = input.flatMap { RenderOptions.isSourcePath($0) ? $0 : nil }
        if let input, source == nil {
            if let option = RenderOptions.specs.first(where: { arguments.has($0.name) && $0.name != "max-memory" && $0.name != "strict" }) {
                throw UsageError(message: "The option '--\(option.name)' is a render option; it does not apply when reading '\(input)'")
            }
            if input == "-" && isatty(STDIN_FILENO) == 1 {
                throw UsageError(message: "The input '-' reads standard input, which is a terminal; pipe a GIF into it (… | spinrender frames - -o DIR)")
            }
            let limit = try RenderOptions.memoryLimit(arguments)
            let source = try FrameInput.Source.open(input, maximumBytes: limit)
            // The whole peak before decoding: the file, its frames, and the PNG encoding of a
            // frame at a time on each encoding thread (samples, filtered rows, zlib's output: 12
            // bytes a pixel is ample).
            var estimate = MemoryEstimate()
            estimate.add("input file", source.fileBytes)
            estimate.add("frames", source.decodedBytes)
            estimate.add("decoding canvases", source.workingBytes)
            if source.frameCount > 0 {
                estimate.add("PNG encoding", Double(source.width) * Double(source.height) * 12 * Double(FrameFolder.quickEncodingThreads))
            }
            try estimate.check(limit: limit, subject: "reading \(source.summary)", advice: "raise --max-memory")
            let loaded = try source.load(maximumBytes: limit, reading: try ReadingArguments.options(from: arguments))
            loaded.warnings.forEach(console.warning)
            try FrameFolder.write(loaded.sequence, to: output, scale: nil, arguments: nil, quick: true)
            console.info("\(output): \(loaded.sequence.frames.count) frames from \(input)")
            return 0
        }
        if let option = ReadingArguments.specs.first(where: { arguments.has($0.name) && $0.name != "strict" }) {
            throw UsageError(message: "The option '--\(option.name)' applies to reading an input GIF; give one, or leave it out when rendering")
        }
        let request = try RenderOptions.request(from: arguments, source: source)
        let animation = SpinRenderer.renderFrames(request)
        animation.warnings.forEach(console.warning)
        try FrameFolder.write(animation.sequence, to: output, scale: request.scene.scale,
                              arguments: RenderOptions.reproducibleArguments(arguments, source: source), quick: true)
        console.info("\(output): \(animation.sequence.frames.count) frames, \(animation.sequence.width)×\(animation.sequence.height) px")
        return 0
    }
}
