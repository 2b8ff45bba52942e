import Dispatch
import Synchronization
import Workers

/// One render of a batch: a request and the file it goes to.
public struct BatchJob: Hashable, Sendable {
    /// The entry's 1-based number in its manifest, for messages and the summary.
    public var number: Int
    /// Where the GIF is written (already resolved; never `-`).
    public var outputPath: String
    /// What to render (for an entry of every preview, its largest preview's: what the memory
    /// estimate of renders at once counts).
    public var request: RenderRequest
    /// For an entry whose output is a folder (`"output": "previews/"`): every preview of its
    /// source, written into the folder with its index as `render -o <folder>/` writes them.
    public var previews: [PreviewFolder.Job]?

    /// Creates a job.
    public init(number: Int, outputPath: String, request: RenderRequest, previews: [PreviewFolder.Job]? = nil) {
        self.number = number
        self.outputPath = outputPath
        self.request = request
        self.previews = previews
    }
}

/// What became of one batch entry.
public struct BatchOutcome: Hashable, Sendable {
    /// The entry's 1-based number in its manifest.
    public var number: Int
    /// The output path.
    public var outputPath: String
    /// Frames in the written GIF (for a folder of previews, in all its files); `nil` when the
    /// entry failed.
    public var frameCount: Int?
    /// Bytes of the written GIF; `nil` when the entry failed.
    public var byteCount: Int?
    /// Why the entry failed, as the command line would say it; `nil` when it was written.
    public var failure: String?
    /// Warnings the render gave (e.g. raised frame delays).
    public var warnings: [String]
    /// For an entry of every preview: the names of the files written into its folder.
    public var previewFiles: [String]?

    /// Creates an outcome.
    public init(number: Int, outputPath: String, frameCount: Int? = nil, byteCount: Int? = nil,
                failure: String? = nil, warnings: [String] = []) {
        self.number = number
        self.outputPath = outputPath
        self.frameCount = frameCount
        self.byteCount = byteCount
        self.failure = failure
        self.warnings = warnings
    }

    /// A written entry.
    public var succeeded: Bool { failure == nil }
}

/// Renders many GIFs on every core, each byte-identical to a render of its own.
///
/// Jobs run on `parallelJobs` workers that take the next job in order. A job's bytes depend only
/// on its request (``SpinRenderer`` is deterministic whatever its thread count), so the files are
/// the same for any number of workers and any scheduling. Files are written one at a time (the
/// atomic writer keeps one temporary file for signal cleanup, ``TemporaryFiles``); rendering,
/// the slow part, overlaps. A failed job never stops the others.
public enum BatchRenderer {
    /// Renders and writes every job.
    ///
    /// - Parameters:
    ///   - jobs: the renders, in any order.
    ///   - parallelJobs: how many jobs render at once; `nil` uses every core. A request without
    ///     its own ``RenderRequest/threads`` gets an equal share of the cores, so the machine is
    ///     not oversubscribed.
    ///   - createFolders: create missing folders of each output (as `mkdir -p`) before writing.
    ///   - onFinish: called once per job as it finishes, from a worker thread, in no fixed order.
    /// - Returns: one outcome per job, in the order of `jobs`.
    public static func run(_ jobs: [BatchJob], parallelJobs: Int? = nil, createFolders: Bool = true,
                           onFinish: @Sendable (BatchOutcome) -> Void = { _ in }) -> [BatchOutcome] {
        guard !jobs.isEmpty else { return [] }
        let cores = Workers.processorCount
        let workers = max(1, min(jobs.count, parallelJobs ?? cores))
        let threadsPerJob = max(1, cores / workers)
        let next = Atomic<Int>(0)
        let writing = Mutex<Void>(())
        let results = Mutex<[BatchOutcome?]>(Array(repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < jobs.count else { return }
                var job = jobs[index]
                if job.request.threads == nil { job.request.threads = threadsPerJob }
                let outcome = render(job, createFolders: createFolders, writing: writing)
                results.withLock { $0[index] = outcome }
                onFinish(outcome)
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// How many of `jobs` may render at once within `maximumBytes`: the most, up to
    /// `parallelJobs` (every core when `nil`), whose largest renders together — each with the
    /// share of the cores ``run(_:parallelJobs:createFolders:onFinish:)`` gives it — fit, and
    /// never fewer than one.
    ///
    /// - Returns: the count, and the estimate of that many of the largest jobs at once (the
    ///   process counted once).
    public static func parallelJobs(_ jobs: [BatchJob], requested parallelJobs: Int? = nil,
                                    maximumBytes: Int) -> (count: Int, estimate: MemoryEstimate) {
        let cores = Workers.processorCount
        var count = max(1, min(jobs.count, parallelJobs ?? cores))
        while true {
            let threadsPerJob = max(1, cores / count)
            let sizes = jobs.map { job in
                var request = job.request
                if request.threads == nil { request.threads = threadsPerJob }
                return SpinRenderer.memoryEstimate(request, holding: SpinRenderer.streamedHolding(request.format)).totalBytes - MemoryEstimate.processBytes
            }.sorted(by: >)
            var estimate = MemoryEstimate()
            estimate.add("\(count) render\(count == 1 ? "" : "s") at once", sizes.prefix(count).reduce(0, +))
            if count == 1 || estimate.totalBytes <= Double(maximumBytes) { return (count, estimate) }
            count -= 1
        }
    }

    /// What each of `jobs` may use while it renders, in bytes, so that `parallelJobs` of them
    /// at once stay within `maximumBytes`: the limit less the largest `parallelJobs − 1` of the
    /// other jobs' estimates (each with the share of the cores ``run(_:parallelJobs:createFolders:onFinish:)``
    /// gives it, the process counted in the job's own estimate).
    ///
    /// A GIF's frames can outgrow their estimate (their colour ids widen with the colours it
    /// meets), so the budget becomes the job's ``RenderRequest/maximumMemoryBytes``, which the
    /// encoder holds its frames to at run time. When `parallelJobs` came from
    /// ``parallelJobs(_:requested:maximumBytes:)`` each budget is at least the job's estimate.
    ///
    /// - Returns: one budget per job, in the order of `jobs`.
    public static func memoryBudgets(_ jobs: [BatchJob], parallelJobs: Int, maximumBytes: Int) -> [Int] {
        let cores = Workers.processorCount
        let workers = max(1, min(jobs.count, parallelJobs))
        let threadsPerJob = max(1, cores / workers)
        let sizes = jobs.map { job in
            var request = job.request
            if request.threads == nil { request.threads = threadsPerJob }
            let estimate = SpinRenderer.memoryEstimate(request, holding: SpinRenderer.streamedHolding(request.format)).totalBytes
            return Int((estimate - MemoryEstimate.processBytes).rounded(.up))
        }
        // The largest `workers` sizes, with their indices, are all any job can run beside.
        let largest = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }.prefix(workers)
        return sizes.indices.map { index in
            let others = largest.filter { $0 != index }.prefix(workers - 1).reduce(0) { $0 + sizes[$1] }
            return max(0, maximumBytes - others)
        }
    }

    static func render(_ job: BatchJob, createFolders: Bool, writing: borrowing Mutex<Void>) -> BatchOutcome {
        var outcome = BatchOutcome(number: job.number, outputPath: job.outputPath)
        if let previews = job.previews {
            do throws(SpinRenderError) {
                // Every preview rendered before any is written, as `render -o <folder>/` does.
                var rendered: [PreviewFolder.Rendered] = []
                for preview in previews {
                    var preview = preview
                    if preview.settings.request.threads == nil { preview.settings.request.threads = job.request.threads }
                    preview.settings.request.maximumMemoryBytes = job.request.maximumMemoryBytes
                    rendered.append(try PreviewFolder.render(preview))
                }
                _ = try writing.withLock { _ throws(SpinRenderError) in try PreviewFolder.commit(rendered, into: job.outputPath) }
                outcome.warnings = rendered.flatMap { preview in preview.warnings.map { "\(preview.entry.file): \($0)" } }
                outcome.frameCount = rendered.reduce(0) { $0 + $1.frameCount }
                outcome.byteCount = rendered.reduce(0) { $0 + $1.bytes.count }
                outcome.previewFiles = rendered.map(\.entry.file)
            } catch {
                outcome.failure = error.message
            }
            return outcome
        }
        do throws(SpinRenderError) {
            let file = try SpinRenderer.render(job.request)
            // Each asset the catalogue lacks, as the command line warns of it.
            outcome.warnings = (job.request.script?.assetWarnings ?? []) + file.warnings
            try writing.withLock { _ throws(SpinRenderError) in
                if createFolders {
                    let folder = OutputFile.folder(of: job.outputPath)
                    if folder != "." && folder != "/" { try InputFile.makeFolder(folder) }
                }
                try OutputFile.write(file.bytes, to: job.outputPath)
            }
            outcome.frameCount = file.frameCount
            outcome.byteCount = file.bytes.count
        } catch {
            outcome.failure = error.message
        }
        return outcome
    }
}
