import SpinRender

/// `spinrender batch MANIFEST.json`: many renders from one manifest, on every core.
enum BatchCommand: Command {
    static let name = "batch"
    static let abstract = "Render every entry of a JSON manifest, in parallel, with a summary table."
    static let discussion: String? = """
      The manifest is a JSON array of entries, or an object {"defaults": {…}, "entries": […]}. Each
      entry holds render options by their long names without dashes, and an output:
        {"mode": "preview", "scale": 3, "rotate-at": [0.5], "transparent": true, "output": "out/preview@3x.gif"}
      A string or number is the option's value, true gives a flag, an array repeats an option.
      Relative outputs are resolved against the manifest's folder; missing folders are created.
      Every output must stay under the output root (the manifest's folder unless --output-root
      says otherwise): an output that resolves outside it ('..', an absolute path elsewhere, a
      symbolic link leading out) fails its entry, and the batch exits 65 once the others are written.
      The output's extension (.gif, .webp, .svg) or the key "format" chooses the format, GIF when neither
      says; "quality" makes a WebP lossy. Another extension, such as .png, makes the manifest not valid.
      Values are checked as on the command line; one they refuse ({"scale": 5}, {"threads": 0})
      fails that entry alone. A key given twice in one object keeps its first value. An entry's
      "reference" (a GIF, WebP, PNG or frame folder, resolved as outputs are) is compared exactly
      with its written output, which fails the entry when they differ ("ignore": "x,y,w,h" or an array
      of them, and "mask": a PNG, leave pixels out as compare --ignore and --mask do); --html writes
      one report of every entry compared, --artifacts DIR the failing frames, diffs and reports of
      each entry that differs, as compare --artifacts does.
      Exit status: 0 when every entry was written, 1 when any failed (each is named; the others are
      still written), 65 when an output leaves the output root or for a manifest that is not valid
      JSON of this shape (unknown key, wrong type, a number no double holds such as 1e400, an output
      with an extension other than .gif, .webp, .svg, .png or .mp4, or holding a NUL), 66 when it
      cannot be read.
    """
    static let usage = "spinrender batch <manifest> [--jobs <count>] [--shard <i/n>] [--max-memory <bytes>] [--output-root <folder>] [--html <file>]"
    static let arguments = [ArgumentSpec(name: "manifest", help: "The JSON manifest.")]
    static let positionalCount: ClosedRange<Int> = 1...1
    static var options: [OptionDeclaration] {
        BatchSettings.options.declarations() + [
            .option("html", value: "file", help: "Write one HTML report of every entry compared with its \"reference\" (see compare --help).", isPath: true),
            .option("artifacts", value: "folder", help: "For each entry that differs from its \"reference\", write its failing frames, diffs and reports into <folder>/entry-N-<name>-failure, for a CI upload step.", isPath: true),
        ] + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        var settings = BatchSettings()
        try BatchSettings.options.apply(arguments.settingValues, to: &settings)
        let manifest = try BatchManifest(contentsOf: arguments.positionals[0])
        if let html = arguments.value("html") {
            if html == "-" {
                throw UsageError(message: "The value '-' is invalid for '--html <file>': give a file path, like report.html")
            }
            if InputFile.sameFile(html, manifest.path) {
                throw UsageError(message: "The output of '--html', '\(html)', is the manifest; write it elsewhere")
            }
            if let entry = manifest.entries.first(where: { InputFile.canonicalPath($0.resolvedOutput) == InputFile.canonicalPath(html) }) {
                throw UsageError(message: "The output of '--html', '\(html)', is the output of entry \(entry.number); write it elsewhere")
            }
        }
        // Before rendering: a report that cannot be created fails the batch before any work.
        let report = try ComparisonOutputs.prepare(diff: nil, junit: nil, html: arguments.value("html"))
        let total = manifest.entries.filter { settings.shard.contains(entry: $0.number) }.count
        let progress = ProgressBar.standardError(label: "batch", total: total, quiet: console.quiet)
        // Entries are checked exactly as the command line checks its options; an entry they
        // reject fails on its own with the command line's message.
        let plan = BatchRenderer.plan(manifest, settings: settings, onFailure: { _ in progress.advance() })
        if let jobs = settings.jobs, plan.parallelJobs < min(jobs, plan.jobs.count) {
            console.warning("rendering \(plan.parallelJobs) entr\(plan.parallelJobs == 1 ? "y" : "ies") at once instead of \(jobs): more would need more than --max-memory \(MemoryEstimate.describe(Double(settings.maximumMemoryBytes)))")
        }
        let rendered = BatchRenderer.run(plan, onFinish: { _ in progress.advance() })
        progress.finish()
        let (ordered, comparisons) = BatchVerification.verify(rendered, entries: manifest.entries, maximumBytes: settings.maximumMemoryBytes)
        try report.writeReport(ComparisonReport(command: ComparisonArguments.commandLine, comparisons: comparisons))
        if let folder = arguments.value("artifacts") {
            // Each entry's output path is its own (the manifest refuses two entries writing one file).
            var numbers: [String: Int] = [:]
            for entry in manifest.entries { numbers[entry.resolvedOutput] = entry.number }
            for comparison in comparisons {
                let file = comparison.actualName.split(separator: "/").last.map(String.init) ?? "output"
                let name = "entry-\(numbers[comparison.actualName] ?? 0)-" + file
                guard var artifacts = try ComparisonArtifacts.failing(comparison.result, name: name) else { continue }
                artifacts.add("report.html", bytes: try ComparisonReport(command: ComparisonArguments.commandLine, comparisons: [comparison]).htmlBytes())
                try artifacts.write(into: folder)
            }
        }
        for outcome in ordered {
            outcome.warnings.forEach { console.warning("\(manifest.path): entry \(outcome.number): \($0)") }
            if let failure = outcome.failure {
                StandardError.write("Error: \(manifest.path): entry \(outcome.number) (\(outcome.outputPath)): \(failure)\n")
            }
        }
        if settings.shard != .all { console.info("shard \(settings.shard): \(plan.selected.count) of \(manifest.entries.count) entries") }
        try console.result(String(BatchSummary.table(ordered).dropLast()))
        if plan.outputOutsideRoot { return SpinRenderError.Kind.badData.exitStatus }
        return ordered.allSatisfy(\.succeeded) ? 0 : 1
    }
}
