import Glibc
import SpinRender

/// `spinrender compare ACTUAL EXPECTED`.
enum CompareCommand: Command {
    static let name = "compare"
    static let abstract = "Compare two GIFs, WebPs, PNGs or frame folders as they play."
    static let discussion: String? = """
      Checks canvas size and loop count, then what plays: the pixels at every moment either side starts
      a frame, over one loop (the common period when both loop forever), reported as times in ms with
      each side's frame numbers; --stored-frames compares frame count (identical neighbours merged),
      delays and pixels frame by frame instead. Pixels are 8-bit sRGB RGBA: fully transparent pixels
      are equal whatever their hidden colour; alpha counts.
      Exit status: 0 equal within tolerance, 1 pixels differ, 2 size, loop count or loop duration
      differ (with --stored-frames also frame count or delays), 64 usage, 65 bad data, 66 missing input, 73 a --diff, --junit or --html output
      cannot be created (checked before comparing), 74 writing it failed. The outputs are written before
      the report is printed, so a run that fails to write them prints no verdict. --html writes one page
      with every image inline (no network), to open from disk in any browser.
    """
    static let usage = "spinrender compare <actual> <expected> [<options>]"
    static let arguments = [
        ArgumentSpec(name: "actual", help: "What was rendered now: a GIF, a WebP, a PNG or a frame folder; '-' reads a GIF, WebP or PNG from standard input."),
        ArgumentSpec(name: "expected", help: "The reference: a GIF, a WebP, a PNG or a frame folder; '-' reads a GIF, WebP or PNG from standard input."),
    ]
    static let positionalCount = 2...2
    static var options: [OptionDeclaration] {
        ComparisonArguments.specs + ComparisonSettings.memoryOptions.declarations() + ReadingArguments.specs + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let settings = try ComparisonArguments.settings(from: arguments)
        let (actual, expected) = (arguments.positionals[0], arguments.positionals[1])
        if actual == "-" && expected == "-" {
            throw UsageError(message: "Both inputs are '-': standard input can be only one of them; give the other as a file or folder")
        }
        if (actual == "-" || expected == "-") && isatty(STDIN_FILENO) == 1 {
            throw UsageError(message: "The input '-' reads standard input, which is a terminal; pipe a GIF or PNG into it (… | spinrender compare - b.gif)")
        }
        try ComparisonArguments.refuseOverwriting(inputs: [actual, expected], arguments, artifactName: expected)
        try ComparisonArguments.refuseSharedOutputs(arguments)
        let outputs = try ComparisonArguments.prepareOutputs(arguments)
        let (result, warnings) = try FileComparison.compare(
            actual: actual, expected: expected, options: settings.options, maximumBytes: settings.maximumMemoryBytes,
            diff: arguments.value("diff").flatMap(DiffFormat.init(path:)), reading: settings.reading,
            progress: { ProgressBar.standardError(label: "compare", total: $0, quiet: console.quiet) })
        warnings.forEach(console.warning)
        try ComparisonArguments.report(result, suiteName: "spinrender compare \(actual) \(expected)", outputs: outputs,
                                       arguments: arguments, console: console, artifactName: expected,
                                       names: (actual == "-" ? "standard input" : actual, expected == "-" ? "standard input" : expected))
        return result.verdict.exitStatus
    }
}
