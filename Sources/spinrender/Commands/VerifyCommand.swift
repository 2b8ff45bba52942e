import SpinRender

/// `spinrender verify <render options> --reference DIR`.
enum VerifyCommand: Command {
    static let name = "verify"
    static let abstract = "Render, then compare with reference frames; record missing references."
    static let discussion: String? = """
      --record (or SPINRENDER_RECORD): 'missing' (the default) writes references that do not exist and
      fails, so CI never passes on an empty folder; when CI is true (CI=true, 1 or yes) the default is
      'never', and a missing reference fails saying how to record it; 'failed' rewrites references that
      do not match and fails; 'all' rewrites every reference and fails; 'never' only compares. A
      reference that cannot be read (a corrupt PNG or frames.json) does not match: 'failed' and 'all'
      record over it and say so; 'missing' and 'never' leave it and exit 65 naming the file. The render
      and the references are compared as they play, as 'compare' does (--stored-frames: frame by frame).
      Exit status as 'compare'; 1 when references were recorded or are missing. --json always prints one
      report: the comparison's, or verdict "recorded" or "referenceMissing" when none took place, plus
      "reference", "recordMode" and "recordedFrames" (the number of reference frames written, 0 for
      none).
      A --reference ending in .gif or .webp is one file: the render in that format, read back as
      'compare' reads it, is compared with it, and recorded as that file.
      --html writes its report only when a comparison took place (not when references were only recorded).
    """
    static let usage = "spinrender verify [<source>] [<options>] --reference <reference>\n       spinrender verify <source> --all-previews [<options>] --reference <folder>"
    static let arguments = [RenderOptions.sourceArgument]
    static let positionalCount = 0...1
    static var options: [OptionDeclaration] {
        [
            .option("reference", value: "reference", help: "The reference: a frame folder, or a .gif or .webp file (recorded in that format; an .svg cannot be read back).", isPath: true),
            .option("record", value: "mode", help: "When to write reference frames.", values: RecordMode.allCases.map(\.rawValue),
                    default: "SPINRENDER_RECORD, else never when CI is true, else missing"),
            .flag("all-previews", help: "Verify every #Preview and PreviewProvider preview of <source> (a .swift file or a folder of them), each against its own reference in the folder --reference, named as 'render -o <folder>/' names its files (a frame folder each, or a .gif or .webp file with --format). --json prints one document holding each preview's report (the per-preview lines go to standard error); --junit writes a test suite per preview."),
        ] + ComparisonArguments.specs + RenderOptions.specs + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let reference = arguments.value("reference") else {
            throw UsageError(message: "Missing expected argument '--reference <reference>'")
        }
        // The command's own option, checked here: the parser checks no values.
        if let text = arguments.value("record"), RecordMode(rawValue: text) == nil {
            throw UsageError(message: SettingsError.notOneOf(text, synopsis: "--record <mode>", values: RecordMode.allCases.map(\.rawValue)))
        }
        let record: RecordMode
        do {
            record = try RecordMode.resolve(option: arguments.value("record"), environment: Environment.variables)
        } catch {
            throw UsageError(message: error.description(optionName: "--record"))
        }
        let comparison = try ComparisonArguments.settings(from: arguments)
        if let source = arguments.positionals.first, source != "-", arguments.has("all-previews") || InputFile.isDirectory(source) {
            return try PreviewsRun.verify(source: source, references: reference, record: record, comparison: comparison, arguments, console: console)
        }
        if arguments.has("all-previews") {
            throw UsageError(message: "The flag '--all-previews' verifies the previews of a .swift <source> or a folder of them; give one")
        }
        let request = try RenderOptions.request(from: arguments, storage: nil, source: arguments.positionals.first)
        let diff = arguments.value("diff").flatMap(DiffFormat.init(path:))
        try Verification.memoryEstimate(request, referenceFolder: reference, record: record, diff: diff,
                                        maximumBytes: try RenderOptions.memoryLimit(arguments)).check(
            limit: try RenderOptions.memoryLimit(arguments), subject: SpinRenderer.renderSubject(request) + " and its comparison",
            advice: "lower --point-size, --scale, --fps or --duration\(diff == nil ? "" : ", leave out --diff"), or raise --max-memory")
        try ComparisonArguments.refuseOverwriting(inputs: [reference], arguments, artifactName: reference)
        try ComparisonArguments.refuseSharedOutputs(arguments, reference: reference)
        // Before rendering or recording: a run that could not write its diff or JUnit file
        // records nothing.
        let outputs = try ComparisonArguments.prepareOutputs(arguments)
        let outcome = try Verification.verify(request, referenceFolder: reference, record: record, options: comparison.options,
                                              arguments: RenderOptions.reproducibleArguments(arguments, source: arguments.positionals.first),
                                              maximumBytes: try RenderOptions.memoryLimit(arguments),
                                              reading: comparison.reading, diff: diff, warn: console.warning)
        let suiteName = "spinrender verify \(reference)"
        let note = outcome.recorded || outcome.comparison == nil ? outcome.message + "\n" : nil
        if let comparison = outcome.comparison {
            do {
                // --json prints one document whatever happened, also when references were only recorded.
                try ComparisonArguments.report(comparison, suiteName: suiteName, outputs: outputs, arguments: arguments,
                                               console: console, artifactName: reference, json: outcome.jsonReport(exitStatus: exitStatus(outcome)),
                                               names: ("the render", reference))
            } catch {
                // What was recorded is still said, before the error that ends the run.
                if let note { StandardError.write(note) }
                throw error
            }
        } else if arguments.has("json") {
            try StandardOutput.write(outcome.jsonReport(exitStatus: exitStatus(outcome)))
        }
        if let note { StandardError.write(note) }
        return exitStatus(outcome)
    }

    /// 0 when the render matches; the comparison's status when it differs (1 pixels, 2 shape or
    /// timing); 1 when references were recorded or are missing.
    static func exitStatus(_ outcome: VerificationOutcome) -> Int32 {
        if outcome.passed { return 0 }
        guard let verdict = outcome.comparison?.verdict, verdict != .equal else { return 1 }
        return verdict.exitStatus
    }
}
