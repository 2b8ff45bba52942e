import SpinRender

/// `spinrender timeline`: print the animation model frame by frame.
enum TimelineCommand: Command {
    static let name = "timeline"
    static let abstract = "Print each frame's time, angle and spinner centres, without rendering pixels."
    static let usage = "spinrender timeline [<source>] [<options>] [--json]"
    static let arguments = [RenderOptions.sourceArgument]
    static let positionalCount = 0...1
    static var options: [OptionDeclaration] {
        [.flag("json", help: "Print JSON instead of a table.")] + RenderOptions.specs + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let request = try RenderOptions.request(from: arguments, storage: .noPixels, source: arguments.positionals.first)
        // Streamed a frame at a time: memory is the engine's and one frame's, whatever the length.
        let report = TimelineReport(request)
        try report.write(json: arguments.has("json")) { text throws(SpinRenderError) in try StandardOutput.write(text) }
        return 0
    }
}
