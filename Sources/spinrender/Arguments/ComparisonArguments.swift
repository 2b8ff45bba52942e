import Glibc
import SpinRender

/// Options shared by `compare` and `verify`: tolerance and report outputs.
enum ComparisonArguments {
    static let specs: [OptionSpec] = [
        .option("threshold", value: "threshold", help: "Per-pixel colour tolerance on the --metric's scale, 0 to 1 (1 is black against white); 0 is exact.", default: "0"),
        .option("metric", value: "metric", help: "Colour distance of --threshold: pixelmatch 5's YIQ distance, or pixelmatch 7's HyAB distance in OKLab.",
                values: ColourMetric.allCases.map(\.rawValue), default: "yiq"),
        .option("max-diff-pixels", value: "count", help: "Differing pixels a frame may have and still pass."),
        .option("max-diff-ratio", value: "ratio", help: "Fraction of a frame's pixels (0 to 1) that may differ and still pass."),
        .flag("ignore-antialiasing", help: "Do not count pixels that are anti-aliasing on both sides."),
        .repeatable("ignore", value: "x,y,w,h", help: "Leave a rectangle of pixels out of the comparison (repeatable); the diff hatches it."),
        .option("mask", value: "png", help: "Leave out the pixels whose alpha is above 0 in this PNG, of the expected canvas's size.", isPath: true),
        .flag("stored-frames", help: "Compare the stored frames one by one (counts and delays must agree) instead of what plays over time."),
        .option("diff", value: "path", help: "Write a diff: .png (first failing frame), .gif (every frame), or a folder (a path ending in '/', an existing folder or a name without an extension); other extensions are refused.", isPath: true),
        .flag("json", help: "Print a JSON report instead of text."),
        .option("junit", value: "path", help: "Write a JUnit XML report.", isPath: true),
        .option("html", value: "file", help: "Write a self-contained HTML report to look at in a browser: actual, expected and diff side by side, swipe, onion skin, blink, a frame scrubber and playback.", isPath: true),
        .option("artifacts", value: "folder", help: "When the comparison fails, write the failing frames of both sides, their diffs, diff.gif and the reports into <folder>/<name>-failure, for a CI upload step.", isPath: true),
    ]

    static func options(from arguments: ParsedArguments) throws -> ComparisonOptions {
        if arguments.value("diff") == "-" {
            throw UsageError(message: "The value '-' is invalid for '--diff <path>': give a .png, .gif or folder path")
        }
        if arguments.value("html") == "-" {
            throw UsageError(message: "The value '-' is invalid for '--html <file>': give a file path, like report.html")
        }
        // Checked before any work, so a verify run records nothing for a diff it cannot write.
        if let path = arguments.value("diff"), DiffFormat(path: path) == nil {
            throw UsageError(message: "The value '\(Echo.cut(path, limit: Echo.pathLimit))' is invalid for '--diff <path>': the extension '\(OutputFile.pathExtension(path) ?? "")' is not .png or .gif; \(DiffFormat.choices)")
        }
        var options = ComparisonOptions()
        if let text = arguments.value("threshold") {
            guard let value = Double(text), value.isFinite, (0...1).contains(value) else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--threshold <threshold>': expected a number from 0 to 1")
            }
            options.threshold = value
        }
        if let text = arguments.value("metric") {
            guard let metric = ColourMetric(parsing: text) else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--metric <metric>': expected yiq or oklab")
            }
            options.metric = metric
        }
        if let text = arguments.value("max-diff-pixels") {
            guard let value = Int(text), value >= 0 else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--max-diff-pixels <count>': expected a whole number, 0 or more")
            }
            options.maxDiffPixels = value
        }
        if let text = arguments.value("max-diff-ratio") {
            guard let value = Double(text), value.isFinite, (0...1).contains(value) else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--max-diff-ratio <ratio>': expected a number from 0 to 1")
            }
            options.maxDiffRatio = value
        }
        options.ignoreAntialiasing = arguments.has("ignore-antialiasing")
        if arguments.has("stored-frames") { options.alignment = .stored }
        for text in arguments.all("ignore") {
            switch PixelRectangle.parse(text) {
            case .success(let rectangle): options.ignored.rectangles.append(rectangle)
            case .failure(let error):
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--ignore <x,y,w,h>': \(error.reason)")
            }
        }
        if let path = arguments.value("mask") {
            options.ignored.mask = try IgnoreMask.load(path: path)
        }
        return options
    }

    /// Refuses a `--diff` or `--junit` output that would overwrite an input: the input itself,
    /// or a path directly inside an input frame folder (its `frames.json`, a frame, or a file
    /// that a re-recorded reference would refuse), so a report can never destroy a reference.
    static func refuseOverwriting(inputs: [String], _ arguments: ParsedArguments, artifactName: String) throws {
        if let folder = arguments.value("artifacts") {
            // The artifacts' own folder must not be an input, hold one or lie inside one.
            let target = InputFile.canonicalPath(folder + "/" + ComparisonArtifacts.folderName(for: artifactName))
            for input in inputs where input != "-" {
                let path = InputFile.canonicalPath(input)
                if path == target || path.hasPrefix(target + "/") || target.hasPrefix(path + "/") {
                    throw UsageError(message: "The artifacts folder '\(folder)/\(ComparisonArtifacts.folderName(for: artifactName))' would overlap the input '\(input)'; give --artifacts another folder")
                }
            }
        }
        for output in [arguments.value("diff"), arguments.value("junit"), arguments.value("html")].compactMap({ $0 }) {
            for input in inputs where input != "-" {
                if InputFile.sameFile(output, input) {
                    throw UsageError(message: "The output '\(output)' is one of the inputs; it would be overwritten")
                }
                if InputFile.isEntry(output, of: input) {
                    throw UsageError(message: "The output '\(output)' is inside the frame folder '\(input)', one of the inputs; write it elsewhere")
                }
            }
        }
    }

    /// Refuses two outputs of one command that are one file, or one inside the other, however
    /// spelled (`d.gif`, `./d.gif`, an absolute path, a symbolic link to it): the second one
    /// written would replace the first, or the folder replacing the first would take the second
    /// away. The outputs are `--diff` and `--junit` (standard output, `-`, aside), and for
    /// `verify` the reference folder it may record into.
    static func refuseSharedOutputs(_ arguments: ParsedArguments, reference: String? = nil) throws {
        var outputs: [(option: String, path: String)] = []
        if let reference { outputs.append(("--reference", reference)) }
        if let diff = arguments.value("diff") { outputs.append(("--diff", diff)) }
        if let junit = arguments.value("junit"), junit != "-" { outputs.append(("--junit", junit)) }
        if let html = arguments.value("html") { outputs.append(("--html", html)) }
        let canonical = outputs.map { InputFile.canonicalPath($0.path) }
        for first in outputs.indices {
            for second in outputs.indices where second > first {
                let (a, b) = (outputs[first], outputs[second])
                if canonical[first] == canonical[second] {
                    let spellings = a.path == b.path ? "'\(a.path)'" : "'\(a.path)' and '\(b.path)'"
                    throw UsageError(message: "The outputs of '\(a.option)' and '\(b.option)' are one file, \(spellings); give each its own path")
                }
                for (outer, inner, outerPath, innerPath) in [(a, b, canonical[first], canonical[second]),
                                                             (b, a, canonical[second], canonical[first])]
                where innerPath.hasPrefix(outerPath == "/" ? "/" : outerPath + "/") {
                    throw UsageError(message: "The output of '\(inner.option)', '\(inner.path)', is inside the output of '\(outer.option)', '\(outer.path)'; write it elsewhere")
                }
            }
        }
    }

    /// Checks, before any comparison, that the diff and JUnit outputs asked for can be created.
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` (73) naming the output.
    static func prepareOutputs(_ arguments: ParsedArguments) throws(SpinRenderError) -> ComparisonOutputs {
        try ComparisonOutputs.prepare(diff: arguments.value("diff"), junit: arguments.value("junit"), html: arguments.value("html"))
    }

    /// The command line as run, for the HTML report: `spinrender` and the arguments, each quoted
    /// for a POSIX shell when it holds anything but letters, digits and `-_./=:,@%+`.
    static var commandLine: String {
        (["spinrender"] + CommandLine.arguments.dropFirst().map(shellQuoted)).joined(separator: " ")
    }

    static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_./=:,@%+".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Writes the diff, JUnit and HTML files, then prints the report (text, or JSON with `--json`);
    /// `names` name the two sides in the HTML report.
    ///
    /// The files come first: a write that fails exits 73 or 74 with its error on standard error
    /// and no report on standard output, rather than after a report whose verdict the exit
    /// status contradicts.
    static func report(_ result: FrameComparisonResult, suiteName: String, outputs: ComparisonOutputs,
                       arguments: ParsedArguments, console: Console, artifactName: String, json: String? = nil,
                       names: (actual: String, expected: String)? = nil) throws {
        try outputs.write(result, suiteName: suiteName)
        let report = ComparisonReport(command: commandLine, comparisons: [
            .init(actualName: names?.actual ?? "actual", expectedName: names?.expected ?? "expected", result: result),
        ])
        try outputs.writeReport(report)
        if let folder = arguments.value("artifacts"),
           var artifacts = try ComparisonArtifacts.failing(result, name: artifactName, json: json) {
            artifacts.add("report.html", bytes: try report.htmlBytes())
            try artifacts.write(into: folder)
        }
        if arguments.has("json") {
            try StandardOutput.write(json ?? result.jsonReport)
        } else {
            try console.result(result.summaryLine)
            for line in result.reportLines { try console.result(line) }
        }
        try outputs.writeStandardOutput(result, suiteName: suiteName)
    }
}

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
    static var options: [OptionSpec] {
        ComparisonArguments.specs + [
            .option("max-memory", value: "bytes", help: "Refuse comparisons that would need more memory in all: both inputs, the comparison and the diff (suffixes K, M, G; decimals allowed).", default: "1G"),
        ] + ReadingArguments.specs + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let options = try ComparisonArguments.options(from: arguments)
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
            actual: actual, expected: expected, options: options, maximumBytes: try RenderOptions.memoryLimit(arguments),
            diff: arguments.value("diff").flatMap(DiffFormat.init(path:)), reading: try ReadingArguments.options(from: arguments),
            progress: { ProgressBar.standardError(label: "compare", total: $0, quiet: console.quiet) })
        warnings.forEach(console.warning)
        try ComparisonArguments.report(result, suiteName: "spinrender compare \(actual) \(expected)", outputs: outputs,
                                       arguments: arguments, console: console, artifactName: expected,
                                       names: (actual == "-" ? "standard input" : actual, expected == "-" ? "standard input" : expected))
        return result.verdict.exitStatus
    }
}

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
    static let usage = "spinrender verify [<source>] [<options>] --reference <reference>"
    static let arguments = [RenderOptions.sourceArgument]
    static let positionalCount = 0...1
    static var options: [OptionSpec] {
        [
            .option("reference", value: "reference", help: "The reference: a frame folder, or a .gif or .webp file (recorded in that format; an .svg cannot be read back).", isPath: true),
            .option("record", value: "mode", help: "When to write reference frames.", values: RecordMode.allCases.map(\.rawValue),
                    default: "SPINRENDER_RECORD, else never when CI is true, else missing"),
        ] + ComparisonArguments.specs + RenderOptions.specs + [ReadingArguments.specs[0]] + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let reference = arguments.value("reference") else {
            throw UsageError(message: "Missing expected argument '--reference <reference>'")
        }
        let record: RecordMode
        do {
            record = try RecordMode.resolve(option: arguments.value("record"), environment: Environment.variables)
        } catch {
            throw UsageError(message: "\(error)")
        }
        let options = try ComparisonArguments.options(from: arguments)
        let request = try RenderOptions.request(from: arguments, storage: nil, source: arguments.positionals.first)
        let diff = arguments.value("diff").flatMap(DiffFormat.init(path:))
        try Verification.memoryEstimate(request, referenceFolder: reference, record: record, diff: diff).check(
            limit: try RenderOptions.memoryLimit(arguments), subject: RenderOptions.renderSubject(request) + " and its comparison",
            advice: "lower --point-size, --scale, --fps or --duration\(diff == nil ? "" : ", leave out --diff"), or raise --max-memory")
        try ComparisonArguments.refuseOverwriting(inputs: [reference], arguments, artifactName: reference)
        try ComparisonArguments.refuseSharedOutputs(arguments, reference: reference)
        // Before rendering or recording: a run that could not write its diff or JUnit file
        // records nothing.
        let outputs = try ComparisonArguments.prepareOutputs(arguments)
        let outcome = try Verification.verify(request, referenceFolder: reference, record: record, options: options,
                                              arguments: RenderOptions.reproducibleArguments(arguments, source: arguments.positionals.first),
                                              maximumBytes: try RenderOptions.memoryLimit(arguments),
                                              reading: try ReadingArguments.options(from: arguments), warn: console.warning)
        let suiteName = "spinrender verify \(reference)"
        let note = outcome.recorded || outcome.comparison == nil ? outcome.message + "\n" : nil
        if let comparison = outcome.comparison {
            do {
                // --json prints one document whatever happened, also when references were only recorded.
                try ComparisonArguments.report(comparison, suiteName: suiteName, outputs: outputs, arguments: arguments,
                                               console: console, artifactName: reference, json: outcome.jsonReport,
                                               names: ("the render", reference))
            } catch {
                // What was recorded is still said, before the error that ends the run.
                if let note { StandardError.write(note) }
                throw error
            }
        } else if arguments.has("json") {
            try StandardOutput.write(outcome.jsonReport)
        }
        if let note { StandardError.write(note) }
        return outcome.exitStatus
    }
}
