/// How a batch runs: how many entries render at once, which of them, where outputs may go and
/// the memory they may hold together (`spinrender batch`'s options).
public struct BatchSettings: SettingsRoot, Hashable, Sendable {
    /// Entries rendered at once, 1…256; `nil` uses every core.
    public var jobs: Int?
    /// Which entries this run renders.
    public var shard = BatchShard.all
    /// The folder every output must stay under; `nil` is the manifest's folder.
    public var outputRoot: String?
    /// The memory the renders running at once may hold in all, in bytes (1 GiB).
    public var maximumMemoryBytes = MemoryEstimate.defaultLimitBytes

    /// Every core, every entry, outputs under the manifest's folder, 1 GiB.
    public init() {}

    /// The batch's own settings, in the order help lists them.
    public static var options: [Setting<BatchSettings>] {
        [
            .wholeNumber("jobs", short: "j", value: "count", help: "Entries rendered at once, 1 to 256; the files are the same for any count.",
                         \.jobs, in: 1...256, default: "all cores"),
            .value("shard", value: "i/n", help: "Render only entries i, i+n, i+2n … (1-based), to split a batch across CI machines.",
                   \.shard, default: BatchShard.all.description) { text throws(ValueRefusal) in
                guard let shard = BatchShard(parsing: text) else {
                    throw ValueRefusal("expected two whole numbers i/n with 1 ≤ i ≤ n, like 2/4")
                }
                return shard
            },
            .value("output-root", value: "folder", help: "The folder every output must stay under; an entry whose output resolves outside it fails (65).",
                   \.outputRoot, default: "the manifest's folder", isPath: true) { text throws(ValueRefusal) in text },
            .bytes("max-memory", help: "Memory the renders running at once may hold in all; fewer run at once when more would need more (suffixes K, M, G; decimals allowed). An entry's own max-memory bounds it alone.",
                   \.maximumMemoryBytes),
        ]
    }
}

/// The renders a batch will run, worked out before any is drawn: the entries that can be
/// rendered and the outcomes of those that cannot.
public struct BatchPlan: Sendable {
    /// The manifest.
    public var manifest: BatchManifest
    /// The entries the shard selects, in manifest order.
    public var selected: [BatchManifest.Entry]
    /// The renders, in manifest order.
    public var jobs: [BatchJob]
    /// Entries that failed before rendering (a bad value, an output outside the root …), by number.
    public var failures: [Int: BatchOutcome]
    /// Whether an output resolved outside the output root (the command line exits 65).
    public var outputOutsideRoot: Bool
    /// How many renders run at once: the jobs asked for, fewer when more would not fit the memory limit.
    public var parallelJobs: Int
}

extension BatchRenderer {
    /// The settings a manifest entry may give: the file's (`format`, `quality`) and the render's.
    public static var entryOptions: [Setting<RenderSettings>] { RenderSettings.fileOptions + RenderSettings.renderOptions }

    /// Checks every entry `settings.shard` selects and makes its request, as the command line
    /// checks its own options; an entry that is refused fails alone, with the command line's message.
    ///
    /// - Parameter onFailure: called for each entry refused here (for a progress count).
    public static func plan(_ manifest: BatchManifest, settings: BatchSettings = BatchSettings(),
                            onFailure: (BatchOutcome) -> Void = { _ in }) -> BatchPlan {
        let root = settings.outputRoot.map { BatchOutputRoot($0) } ?? BatchOutputRoot(manifestPath: manifest.path)
        let selected = manifest.entries.filter { settings.shard.contains(entry: $0.number) }
        var plan = BatchPlan(manifest: manifest, selected: selected, jobs: [], failures: [:], outputOutsideRoot: false, parallelJobs: 1)
        for entry in selected {
            do throws(SettingsError) {
                do {
                    try root.check(entry)
                } catch {
                    plan.outputOutsideRoot = true
                    throw .failure(error)
                }
                if let previews = try previewJobs(for: entry) {
                    // The largest preview stands for the entry in the estimate of renders at once.
                    let largest = previews.max { a, b in
                        SpinRenderer.memoryEstimate(a.settings.request, holding: .allFrames).totalBytes
                            < SpinRenderer.memoryEstimate(b.settings.request, holding: .allFrames).totalBytes
                    }!
                    plan.jobs.append(BatchJob(number: entry.number, outputPath: entry.resolvedOutput, request: largest.settings.request,
                                              previews: previews))
                    continue
                }
                plan.jobs.append(BatchJob(number: entry.number, outputPath: entry.resolvedOutput,
                                          request: try request(for: entry, manifestPath: manifest.path, limit: settings.maximumMemoryBytes)))
            } catch {
                let outcome = BatchOutcome(number: entry.number, outputPath: entry.resolvedOutput, failure: error.summary)
                plan.failures[entry.number] = outcome
                onFailure(outcome)
            }
        }
        // Renders running at once add up: run fewer at once when all of them would not fit.
        plan.parallelJobs = parallelJobs(plan.jobs, requested: settings.jobs, maximumBytes: settings.maximumMemoryBytes).count
        let budgets = memoryBudgets(plan.jobs, parallelJobs: plan.parallelJobs, maximumBytes: settings.maximumMemoryBytes)
        for index in plan.jobs.indices { plan.jobs[index].request.maximumMemoryBytes = budgets[index] }
        return plan
    }

    /// For an entry whose output is a folder (ends in `/`) or whose source is a folder: every
    /// preview of its source, planned as `render <source> -o <folder>/` plans them; `nil` for
    /// an entry of one file.
    ///
    /// - Throws: ``SettingsError``: no source, or what ``PreviewFolder/plan(sources:values:options:folder:warn:)`` throws.
    static func previewJobs(for entry: BatchManifest.Entry) throws(SettingsError) -> [PreviewFolder.Job]? {
        let isFolder = entry.output.hasSuffix("/") || entry.resolvedSource.map(InputFile.isDirectory) == true
        guard isFolder else { return nil }
        guard let source = entry.resolvedSource else {
            throw .invalid("its output '\(entry.output)' is a folder, which takes every preview of a 'source'; give the entry a source, or a file as its output")
        }
        try RenderSettings.checkSourceOptions(entry.values, source: source)
        let sources: [String]
        do { sources = try PreviewFolder.sources(source) } catch { throw .failure(error) }
        return try PreviewFolder.plan(sources: sources, values: entry.values, options: entryOptions, folder: entry.resolvedOutput)
    }

    /// The request of one entry, checked as the command line checks its options.
    static func request(for entry: BatchManifest.Entry, manifestPath: String, limit: Int) throws(SettingsError) -> RenderRequest {
        if InputFile.sameFile(entry.resolvedOutput, manifestPath) {
            throw .invalid("its output '\(entry.resolvedOutput)' is the manifest itself")
        }
        var settings = RenderSettings()
        if let source = entry.resolvedSource {
            try RenderSettings.checkSourceOptions(entry.values, source: source)
            // Catalogues are found from the manifest's folder, as the source is.
            let folder = OutputFile.folder(of: manifestPath)
            let assets = (entry.values.texts["assets"] ?? []).map { $0.hasPrefix("/") || folder == "." ? $0 : folder + "/" + $0 }
            let included = (entry.values.texts["include"] ?? []).map { $0.hasPrefix("/") || folder == "." ? $0 : folder + "/" + $0 }
            try settings.loadSource(source, view: entry.values.value("view"), dark: entry.values.value("appearance") == Appearance.dark.rawValue,
                                    including: included, assets: assets, durationSeconds: entry.values.value("duration").flatMap(Double.init))
        }
        try settings.apply(entry.values, options: entryOptions)
        // `strict` refuses what would be a warning, as on the command line.
        if settings.strict { _ = try settings.symbolWarnings() }
        try settings.setOutput(entry.resolvedOutput)
        let holding = SpinRenderer.streamedHolding(settings.request.format)
        try settings.checkMemory(holding: holding)
        // The batch's limit bounds every entry too: one that needs more alone fails.
        do {
            try SpinRenderer.checkMemory(settings.request, holding: holding, limit: limit,
                                         advice: "lower its point-size, scale, fps or duration, or raise the batch's --max-memory")
        } catch {
            throw .failure(error)
        }
        return settings.request
    }

    /// Renders and writes the plan's jobs; the outcomes of every selected entry, in manifest order.
    ///
    /// - Parameter onFinish: called once per job as it finishes, from a worker thread.
    public static func run(_ plan: BatchPlan, onFinish: @Sendable (BatchOutcome) -> Void = { _ in }) -> [BatchOutcome] {
        var outcomes = plan.failures
        for outcome in run(plan.jobs, parallelJobs: plan.parallelJobs, onFinish: onFinish) {
            outcomes[outcome.number] = outcome
        }
        return plan.selected.compactMap { outcomes[$0.number] }
    }

    /// Loads the manifest at `path`, renders the entries `settings` selects and writes them: a
    /// batch without the command line.
    ///
    /// - Returns: one outcome per selected entry, in manifest order; entries that failed say why.
    /// - Throws: ``SpinRenderError`` `.missingInput` or `.badData` when the manifest cannot be
    ///   read or is not valid (``BatchManifest/init(contentsOf:)``).
    public static func run(manifest path: String, settings: BatchSettings = BatchSettings()) throws(SpinRenderError) -> [BatchOutcome] {
        run(plan(try BatchManifest(contentsOf: path), settings: settings))
    }
}
