import Compare
import Raster
import Scene

/// The outcome of `verify`: a comparison with recorded reference frames, and what was recorded.
public struct VerificationOutcome: Sendable {
    /// The comparison, when a reference existed and was compared.
    public var comparison: FrameComparisonResult?
    /// Whether reference frames were written in this run.
    public var recorded: Bool
    /// A one-line summary for people.
    public var message: String
    /// Whether the render matches the reference. A run that records never passes, so CI cannot
    /// go green on an empty reference folder; ``comparison``'s verdict says how a compared
    /// render differs.
    public var passed: Bool
    /// The frame folder of the references.
    public var referenceFolder: String
    /// The record mode of the run.
    public var recordMode: RecordMode
    /// The rendered frames' shape and timing (identical neighbours merged); when references
    /// were recorded, ``SequenceSummary/sourceFrameCount`` frames were written.
    public var rendered: SequenceSummary
    /// The comparison tolerance of the run.
    public var options: ComparisonOptions
}

/// Renders a request and checks it against reference frames in a frame folder, recording
/// references as swift-snapshot-testing does (`RecordMode`).
public enum Verification {
    /// Verifies `request` against the frame folder at `referenceFolder`.
    ///
    /// - Parameters:
    ///   - record: when references are written (default `RecordMode.missing`).
    ///   - options: comparison tolerance.
    ///   - arguments: the command-line arguments recorded in `frames.json`.
    ///   - reading: with `strict`, a reference PNG that needs a repair is unreadable.
    ///   - warn: called with each repair made to read the references (one line each).
    /// A reference that cannot be read (a corrupt PNG or `frames.json`, a missing frame) is a
    /// reference that does not match: `failed` and `all` record over it and say why; `missing`
    /// and `never` leave it alone and throw the reading error.
    ///
    /// - Throws: ``SpinRenderError`` when the references cannot be read (malformed, with record
    ///   mode `missing` or `never`) or written.
    public static func verify(_ request: RenderRequest, referenceFolder: String, record: RecordMode = .default,
                              options: ComparisonOptions = .exact, arguments: [String]? = nil,
                              maximumBytes: Int = MemoryEstimate.defaultLimitBytes, reading: ReadOptions = ReadOptions(),
                              warn: (String) -> Void = { _ in }) throws(SpinRenderError) -> VerificationOutcome {
        let rendered = SpinRenderer.renderFrames(request).sequence
        // A reference that cannot be looked up is not a missing one to record over.
        let exists = try InputFile.existsOrThrows(referenceFolder + "/" + FrameFolder.metadataName)
        var comparison: FrameComparisonResult?
        var unreadable: SpinRenderError?
        if exists && record != .all {
            do throws(SpinRenderError) {
                let reference = try FrameFolder.read(referenceFolder, maximumBytes: maximumBytes, reading: reading)
                reference.warnings.forEach(warn)
                comparison = FrameComparison.compare(actual: rendered, expected: reference.sequence, options: options)
            } catch where (error.kind == .badData || error.kind == .missingInput)
                && record.decide(referenceExists: true, matches: false).writeReference {
                unreadable = error
            }
        }
        let decision = record.decide(referenceExists: exists, matches: comparison?.verdict == .equal)
        var message = comparison?.summaryLine
            ?? unreadable.map { "the reference cannot be read: \($0.message.hasSuffix(".") ? String($0.message.dropLast()) : $0.message)" }
            ?? (exists ? "record mode 'all'" : "no reference frames in '\(referenceFolder)' (record mode '\(record)')")
        if decision.writeReference {
            try FrameFolder.write(rendered, to: referenceFolder, scale: request.scene.scale, arguments: arguments)
            message += "; recorded \(rendered.frames.count) reference frames in '\(referenceFolder)' — check them, commit them and run again"
        }
        return VerificationOutcome(comparison: comparison, recorded: decision.writeReference, message: message,
                                   passed: decision.passes, referenceFolder: referenceFolder,
                                   recordMode: record, rendered: comparison?.actual ?? SequenceSummary(summarizing: rendered),
                                   options: options)
    }
}

extension Verification {
    /// What ``verify(_:referenceFolder:record:options:arguments:maximumBytes:)`` holds at its
    /// peak: the rendered frames and the render's threads, the reference frames (unless
    /// `record` is `.all`, which reads none), the comparison's marks, and the diff when one is
    /// written.
    public static func memoryEstimate(_ request: RenderRequest, referenceFolder: String, record: RecordMode,
                                      diff: DiffFormat?) -> MemoryEstimate {
        var estimate = SpinRenderer.memoryEstimate(request, holding: .allFrames)
        let layout = request.makeEngine()
        var rendered = FrameInput.Source(path: referenceFolder)
        (rendered.width, rendered.height, rendered.frameCount) =
            (layout.canvasWidth, layout.canvasHeight, SpinRenderer.emittedFrameCount(request))
        var reference = FrameInput.Source(path: referenceFolder)
        if record != .all, InputFile.isDirectory(referenceFolder), let size = FrameFolder.declaredSize(referenceFolder) {
            (reference.width, reference.height, reference.frameCount) = size
        }
        estimate.add("reference frames", reference.decodedBytes)
        // The rendered frames are counted above; the comparison and diff come on top of both.
        for part in FileComparison.memoryEstimate(actual: rendered, expected: reference, diff: diff).parts
        where !["process", "decoded inputs", "decoding canvases", "input files"].contains(part.name) {
            estimate.add(part.name, part.bytes)
        }
        return estimate
    }
}
