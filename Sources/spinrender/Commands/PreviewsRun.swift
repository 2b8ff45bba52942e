import SpinRender

/// `spinrender <source> -o <folder>/` (or `--all-previews`): every preview of a file or a folder
/// of files, rendered into a folder with its index (``PreviewFolder``).
enum PreviewsRun {
    /// Whether a render writes every preview: `--all-previews`, a folder as the source, or an
    /// output that is a folder (ends in `/`, or names one). A folder named like a file of an
    /// output format (`out.gif/`, written without the slash) is in the way of that file rather
    /// than a request for every preview: the render says so (73).
    static func isFolderRun(source: String, output: String, _ arguments: ParsedArguments) -> Bool {
        guard source != "-" else { return false }
        return arguments.has("all-previews") || output.hasSuffix("/") || InputFile.isDirectory(source)
            || (output != "-" && InputFile.isDirectory(output) && OutputFormat.forPath(output) == nil)
    }

    /// Options that write one file, which a folder of previews cannot take.
    static let singleFileOptions = ["poster", "view", "at"]

    static func run(source: String, folder: String, _ arguments: ParsedArguments, console: Console) throws -> Int32 {
        if folder == "-" {
            throw UsageError(message: "The previews of '\(Echo.cut(source, limit: Echo.pathLimit))' are several files; give a folder as '-o, --output <output>', not '-'")
        }
        if let option = singleFileOptions.first(where: arguments.has) {
            throw UsageError(message: "The option '--\(option)' applies to one output file; every preview is rendered into the folder '\(Echo.cut(folder, limit: Echo.pathLimit))', so leave it out")
        }
        if let suffix = OutputFile.foreignExtension(folder, expected: ""), !folder.hasSuffix("/"), !InputFile.isDirectory(folder) {
            throw UsageError(message: "The value '\(Echo.cut(folder, limit: Echo.pathLimit))' for '-o, --output <output>' names a '\(suffix)' file; every preview is rendered into a folder: give one (ending in '/')")
        }
        let values = arguments.settingValues
        try RenderSettings.checkSourceOptions(values, source: source)
        let sources = try PreviewFolder.sources(source)
        let jobs = try PreviewFolder.plan(sources: sources, values: values, folder: folder, warn: console.warning)
        let index = try PreviewFolder.write(jobs, into: folder) { number in
            console.info("rendering \(jobs[number].fileName) (\(jobs[number].source):\(jobs[number].preview.line))")
        }
        let written = Set(jobs.map(\.fileName))
        for entry in index where written.contains(entry.file) {
            console.info("\(folder.hasSuffix("/") ? folder : folder + "/")\(entry.file): \(entry.width)×\(entry.height) px, \(entry.appearance), \(entry.layout)")
        }
        console.info("\(jobs.count) preview\(jobs.count == 1 ? "" : "s") of \(sources.count) file\(sources.count == 1 ? "" : "s"); index \(PreviewFolder.indexName)")
        return 0
    }

    /// The comparison's own outputs that name one comparison's files: a run over every preview
    /// takes none of them. Its `--json` is one document of every preview's report and its
    /// `--junit` one suite per preview.
    static let singleComparisonOptions = ["diff", "artifacts"]

    /// `spinrender verify <source> --all-previews --reference <folder>`: each preview against its
    /// reference in the folder: a frame folder named as its file would be (`Spinner@2x`), or with
    /// `--format gif|webp` that file (`Spinner@2x.gif`).
    ///
    /// - Returns: 0 when every preview matches; else the worst status of one (2 shape or timing,
    ///   1 pixels, or references recorded or missing).
    ///
    /// With `--json`, standard output is one document instead of a line per preview:
    /// `{"version": 1, "exitStatus": …, "previews": [{"source", "line", "title", "file",
    /// "report": verify's --json report of that preview}, …]}`. With `--junit PATH`, one JUnit
    /// `<testsuite>` per preview, named `spinrender verify <reference>`: the comparison's cases,
    /// or one failing case `reference` when it was recorded or is missing.
    static func verify(source: String, references: String, record: RecordMode, comparison: ComparisonSettings,
                       _ arguments: ParsedArguments, console: Console) throws -> Int32 {
        if let option = singleComparisonOptions.first(where: arguments.has) {
            throw UsageError(message: "The option '--\(option)' reports one comparison; with every preview of '\(Echo.cut(source, limit: Echo.pathLimit))' leave it out (each preview's result is printed)")
        }
        if arguments.has("view") {
            throw UsageError(message: "The option '--view <name>' chooses one view; every preview is verified, so leave it out")
        }
        let values = arguments.settingValues
        let format = values.value("format")
        if let format, format != OutputFormat.gif.rawValue, format != OutputFormat.webp.rawValue {
            throw UsageError(message: "The value '\(Echo.cut(format))' is invalid for '--format <format>' with --all-previews: references are frame folders, or GIF or WebP files; give gif or webp, or leave it out")
        }
        try RenderSettings.checkSourceOptions(values, source: source)
        let folder = references.hasSuffix("/") && references.count > 1 ? String(references.dropLast()) : references
        let sources = try PreviewFolder.sources(source)
        let jobs = try PreviewFolder.plan(sources: sources, values: values, options: RenderSettings.fileOptions + RenderSettings.renderOptions,
                                          folder: folder, warn: console.warning)
        let limit = try RenderOptions.memoryLimit(arguments)
        // Before rendering: a report that cannot be created fails the run before any work.
        if arguments.has("json"), arguments.value("junit") == "-" {
            throw UsageError(message: "The options '--json' and '--junit -' both write standard output; give --junit a file")
        }
        let report = try ComparisonOutputs.prepare(diff: nil, junit: arguments.value("junit"), html: arguments.value("html"))
        var comparisons: [ComparisonReport.Comparison] = []
        var suites: [JUnitSuite] = []
        var reports: [JSONText] = []
        let json = arguments.has("json")
        var status: Int32 = 0
        for job in jobs {
            // A reference file keeps its extension; a frame folder is the name without it.
            let name = format == nil ? String(job.fileName.dropLast(job.settings.request.format.fileExtension.count)) : job.fileName
            let reference = folder + "/" + name
            let outcome = try Verification.verify(job.settings.request, referenceFolder: reference, record: record, options: comparison.options,
                                                  arguments: RenderSettings.reproducibleArguments(values, source: job.source),
                                                  maximumBytes: limit, reading: comparison.reading, diff: nil, warn: console.warning)
            if let result = outcome.comparison {
                comparisons.append(.init(title: "\(job.source):\(job.preview.line) \(job.preview.title)", actualName: job.fileName,
                                         expectedName: reference, result: result))
            }
            let result = VerifyCommand.exitStatus(outcome)
            let suiteName = "spinrender verify \(reference)"
            if let comparison = outcome.comparison {
                suites.append(comparison.junitSuite(suiteName: suiteName))
            } else {
                suites.append(.failed(suiteName, testName: "reference", type: outcome.recorded ? "recorded" : "referenceMissing", message: outcome.message))
            }
            reports.append(.object([("source", .string(job.source)), ("line", .int(job.preview.line)), ("title", .string(job.preview.title)),
                                    ("file", .string(job.fileName)), ("report", outcome.jsonObject(exitStatus: result))]))
            let verdict = outcome.passed ? "ok" : outcome.recorded ? "recorded" : outcome.comparison == nil ? "missing" : "FAILED"
            let line = "\(verdict) \(reference) (\(job.source):\(job.preview.line) \(job.preview.title))\(outcome.passed ? "" : ": " + outcome.message)"
            if json { StandardError.write(line + "\n") } else { try console.result(line) }
            // 2 (shape or timing) outranks 1 (pixels, recorded, missing).
            status = max(status, result)
        }
        // --html: one page of every preview compared (none when references were only recorded).
        if !comparisons.isEmpty { try report.writeReport(ComparisonReport(command: ComparisonArguments.commandLine, comparisons: comparisons)) }
        try report.writeJUnit(JUnitSuite.document(suites))
        if json {
            try StandardOutput.write(JSONText.object([("version", .int(1)), ("exitStatus", .int(Int(status))), ("previews", .array(reports))]).rendered)
        }
        return status
    }
}
