import SpinRender

/// `spinrender timeline`: print the animation model frame by frame.
enum TimelineCommand: Command {
    static let name = "timeline"
    static let abstract = "Print each frame's time, angle and spinner centres, without rendering pixels."
    static let usage = "spinrender timeline [<source>] [<options>] [--json]"
    static let arguments = [RenderOptions.sourceArgument]
    static let positionalCount = 0...1
    static var options: [OptionSpec] {
        [.flag("json", help: "Print JSON instead of a table.")] + RenderOptions.specs + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let report = TimelineReport(try RenderOptions.request(from: arguments, storage: .noPixels, source: arguments.positionals.first))
        try StandardOutput.write(arguments.has("json") ? report.json : report.table)
        return 0
    }
}
