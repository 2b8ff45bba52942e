import SpinRender

/// Options shared by `compare` and `verify`: tolerance and report outputs.
enum ComparisonArguments {
    /// The library's tolerance settings, then the outputs these commands write.
    static var specs: [OptionDeclaration] { ComparisonSettings.toleranceOptions.declarations() + outputSpecs }

    static let outputSpecs: [OptionDeclaration] = [
        .option("diff", value: "path", help: "Write a diff: .png (first failing frame), .gif (every frame), or a folder (a path ending in '/', an existing folder or a name without an extension); other extensions are refused.", isPath: true),
        .flag("json", help: "Print a JSON report instead of text."),
        .option("junit", value: "path", help: "Write a JUnit XML report.", isPath: true),
        .option("html", value: "file", help: "Write a self-contained HTML report to look at in a browser: actual, expected and diff side by side, swipe, onion skin, blink, a frame scrubber and playback.", isPath: true),
        .option("artifacts", value: "folder", help: "When the comparison fails, write the failing frames of both sides, their diffs, diff.gif and the reports into <folder>/<name>-failure, for a CI upload step.", isPath: true),
    ]

    /// The comparison settings given; `--diff` is checked first, so that a run records nothing
    /// for a diff it cannot write.
    static func settings(from arguments: ParsedArguments) throws -> ComparisonSettings {
        if arguments.value("html") == "-" {
            throw UsageError(message: "The value '-' is invalid for '--html <file>': give a file path, like report.html")
        }
        if arguments.value("diff") == "-" {
            throw UsageError(message: "The value '-' is invalid for '--diff <path>': give a .png, .gif or folder path")
        }
        // Checked before any work, so a verify run records nothing for a diff it cannot write.
        if let path = arguments.value("diff"), DiffFormat(path: path) == nil {
            throw UsageError(message: "The value '\(Echo.cut(path, limit: Echo.pathLimit))' is invalid for '--diff <path>': the extension '\(OutputFile.pathExtension(path) ?? "")' is not .png or .gif; \(DiffFormat.choices)")
        }
        var settings = ComparisonSettings()
        try (ComparisonSettings.toleranceOptions + ComparisonSettings.readingOptions + ComparisonSettings.memoryOptions)
            .apply(arguments.settingValues, to: &settings)
        return settings
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
