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
      with its written output, which fails the entry when they differ; --html writes one report of
      every entry compared.
      Exit status: 0 when every entry was written, 1 when any failed (each is named; the others are
      still written), 65 when an output leaves the output root or for a manifest that is not valid
      JSON of this shape (unknown key, wrong type, a number no double holds such as 1e400, an output
      with an extension other than .gif, .webp or .svg, or holding a NUL), 66 when it cannot be read.
    """
    static let usage = "spinrender batch <manifest> [--jobs <count>] [--shard <i/n>] [--max-memory <bytes>] [--output-root <folder>] [--html <file>]"
    static let arguments = [ArgumentSpec(name: "manifest", help: "The JSON manifest.")]
    static let positionalCount: ClosedRange<Int> = 1...1
    static var options: [OptionSpec] {
        [
            .option("jobs", short: "j", value: "count", help: "Entries rendered at once, 1 to 256; the files are the same for any count.",
                    default: "all cores"),
            .option("shard", value: "i/n", help: "Render only entries i, i+n, i+2n … (1-based), to split a batch across CI machines.",
                    default: "1/1"),
            .option("output-root", value: "folder", help: "The folder every output must stay under; an entry whose output resolves outside it fails (65).",
                    default: "the manifest's folder", isPath: true),
            .option("max-memory", value: "bytes", help: "Memory the renders running at once may hold in all; fewer run at once when more would need more (suffixes K, M, G; decimals allowed). An entry's own max-memory bounds it alone.",
                    default: "1G"),
            .option("html", value: "file", help: "Write one HTML report of every entry compared with its \"reference\" (see compare --help).", isPath: true),
        ] + Console.specs
    }

    /// The options an entry may use: the render options, `output`, `format` and `quality`.
    static var entryOptions: [OptionSpec] {
        RenderCommand.options.filter { $0.name == "output" } + RenderCommand.formatSpecs + RenderOptions.specs
    }

    static var schema: [String: BatchManifest.OptionKind] {
        var schema: [String: BatchManifest.OptionKind] = [:]
        for spec in entryOptions {
            switch spec.kind {
            case .flag: schema[spec.name] = .flag
            case .option: schema[spec.name] = .value
            case .repeatable: schema[spec.name] = .repeatable
            }
        }
        return schema
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        var jobs: Int?
        if let text = arguments.value("jobs") {
            guard let count = Int(text), (1...256).contains(count) else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '-j, --jobs <count>': expected a whole number from 1 to 256")
            }
            jobs = count
        }
        var shard = BatchShard.all
        if let text = arguments.value("shard") {
            guard let parsed = BatchShard(parsing: text) else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--shard <i/n>': expected two whole numbers i/n with 1 ≤ i ≤ n, like 2/4")
            }
            shard = parsed
        }
        let limit = try RenderOptions.memoryLimit(arguments)
        let manifest = try BatchManifest.load(path: arguments.positionals[0], schema: schema)
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
        let root = arguments.value("output-root").map { BatchOutputRoot($0) } ?? BatchOutputRoot(manifestPath: manifest.path)
        var outsideRoot = false
        let selected = manifest.entries.filter { shard.contains(entry: $0.number) }
        let progress = ProgressBar.standardError(label: "batch", total: selected.count, quiet: console.quiet)

        // Options are checked exactly as the command line checks them; an entry they reject
        // fails on its own with the command line's message.
        var outcomes: [Int: BatchOutcome] = [:]
        var work: [BatchJob] = []
        for entry in selected {
            do {
                do {
                    try root.check(entry)
                } catch {
                    outsideRoot = true
                    throw error
                }
                if InputFile.sameFile(entry.resolvedOutput, manifest.path) {
                    throw UsageError(message: "its output '\(entry.resolvedOutput)' is the manifest itself")
                }
                let parsed = try ParsedArguments.parse(entry.arguments + ["--output", entry.resolvedOutput],
                                                       options: entryOptions, positionalCount: 0...0)
                let (format, quality) = try RenderCommand.outputFormat(entry.resolvedOutput, parsed)
                let holding = SpinRenderer.streamedHolding(format)
                var request = try RenderOptions.request(from: parsed, storage: holding, source: entry.resolvedSource)
                request.format = format
                request.webpQuality = quality
                // The batch's limit bounds every entry too: one that needs more alone fails.
                try SpinRenderer.memoryEstimate(request, holding: holding).check(
                    limit: limit, subject: RenderOptions.renderSubject(request),
                    advice: "lower its point-size, scale, fps or duration, or raise the batch's --max-memory")
                work.append(BatchJob(number: entry.number, outputPath: entry.resolvedOutput, request: request))
            } catch let error as UsageError {
                outcomes[entry.number] = BatchOutcome(number: entry.number, outputPath: entry.resolvedOutput, failure: error.message)
                progress.advance()
            } catch let error as SpinRenderError {
                outcomes[entry.number] = BatchOutcome(number: entry.number, outputPath: entry.resolvedOutput, failure: error.message)
                progress.advance()
            } catch let failure as SourceFailure {
                // A source that cannot be rendered fails its own entry, as any bad value does.
                outcomes[entry.number] = BatchOutcome(number: entry.number, outputPath: entry.resolvedOutput,
                                                      failure: failure.diagnostic.summary)
                progress.advance()
            }
        }
        // Renders running at once add up: run fewer at once when all of them would not fit.
        let parallel = BatchRenderer.parallelJobs(work, requested: jobs, maximumBytes: limit)
        if let jobs, parallel.count < min(jobs, work.count) {
            console.warning("rendering \(parallel.count) entr\(parallel.count == 1 ? "y" : "ies") at once instead of \(jobs): more would need more than --max-memory \(MemoryEstimate.describe(Double(limit)))")
        }
        let rendered = BatchRenderer.run(work, parallelJobs: parallel.count, onFinish: { _ in progress.advance() })
        progress.finish()
        var references: [Int: String] = [:]
        for entry in selected { references[entry.number] = entry.resolvedReference }
        let (verified, comparisons) = BatchVerification.verify(rendered, references: references, maximumBytes: limit)
        for outcome in verified { outcomes[outcome.number] = outcome }
        try report.writeReport(ComparisonReport(command: ComparisonArguments.commandLine, comparisons: comparisons))

        let ordered = selected.map { outcomes[$0.number]! }
        for outcome in ordered {
            outcome.warnings.forEach { console.warning("\(manifest.path): entry \(outcome.number): \($0)") }
            if let failure = outcome.failure {
                StandardError.write("Error: \(manifest.path): entry \(outcome.number) (\(outcome.outputPath)): \(failure)\n")
            }
        }
        if shard != .all { console.info("shard \(shard): \(selected.count) of \(manifest.entries.count) entries") }
        try console.result(String(BatchSummary.table(ordered).dropLast()))
        if outsideRoot { return SpinRenderError.Kind.badData.rawValue }
        return ordered.allSatisfy(\.succeeded) ? 0 : 1
    }
}
