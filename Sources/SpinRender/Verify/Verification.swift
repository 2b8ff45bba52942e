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
    /// Verifies `request` against the references at `referenceFolder`: a frame folder, or a
    /// single `.gif` or `.webp` file holding them.
    ///
    /// A file reference is compared with the request rendered in that file's format and read
    /// back as `compare` reads it (so a GIF reference holds what the GIF shows, a lossless WebP
    /// the exact frames), and recorded as that file, written atomically.
    ///
    /// - Parameters:
    ///   - record: when references are written; by default ``RecordMode/processDefault``:
    ///     `SPINRENDER_RECORD` if set, else `never` when `CI` is true, else `missing`.
    ///   - options: comparison tolerance.
    ///   - arguments: the command-line arguments recorded in `frames.json`.
    ///   - reading: with `strict`, a reference PNG that needs a repair is unreadable.
    ///   - diff: the diff the caller will write of the comparison, counted against
    ///     `maximumBytes` with the comparison's results once the moments are planned.
    ///   - warn: called with each repair made to read the references (one line each).
    /// A reference that cannot be read (a corrupt PNG, GIF or WebP, a corrupt `frames.json`, a
    /// missing frame) is a reference that does not match: `failed` and `all` record over it and
    /// say why; `missing` and `never` leave it alone and throw the reading error.
    ///
    /// - Throws: ``SpinRenderError`` when the references cannot be read (malformed, with record
    ///   mode `missing` or `never`) or written; `.usage` for an `.svg`, `.png` or `.mp4`
    ///   reference, which cannot be read back as an animation.
    public static func verify(_ request: RenderRequest, referenceFolder: String, record: RecordMode = .processDefault,
                              options: ComparisonOptions = .exact, arguments: [String]? = nil,
                              maximumBytes: Int = MemoryEstimate.defaultLimitBytes, reading: ReadOptions = ReadOptions(),
                              diff: DiffFormat? = nil,
                              warn: (String) -> Void = { _ in }) throws(SpinRenderError) -> VerificationOutcome {
        let limit = (bytes: maximumBytes, diff: diff)
        if !InputFile.isDirectory(referenceFolder), let format = OutputFormat.forPath(referenceFolder) {
            guard format.isReadBack else {
                throw SpinRenderError(.usage, "the reference '\(referenceFolder)' is an \(format.displayName), which spinrender cannot read back; record references as a frame folder, a .gif or a .webp file")
            }
            var fileRequest = request
            fileRequest.format = format
            let file = try SpinRenderer.render(fileRequest)
            var source = FrameInput.Source(path: referenceFolder)
            source.bytes = file.bytes
            let rendered = try source.load(maximumBytes: maximumBytes).sequence
            return try decide(rendered, request: request, reference: referenceFolder,
                              exists: try InputFile.existsOrThrows(referenceFolder), record: record, options: options, limit: limit,
                              missing: "reference file '\(referenceFolder)'", recorded: "frames as the reference \(format.rawValue.uppercased()) '\(referenceFolder)'", warn: warn,
                              read: { () throws(SpinRenderError) in
                                  let input = try FrameInput.load(referenceFolder, maximumBytes: maximumBytes, reading: reading)
                                  return (input.sequence, input.warnings)
                              },
                              write: { () throws(SpinRenderError) in try OutputFile.write(file.bytes, to: referenceFolder) })
        }
        let rendered = SpinRenderer.renderFrames(request).sequence
        // A reference that cannot be looked up is not a missing one to record over.
        let exists = try InputFile.existsOrThrows(referenceFolder + "/" + FrameFolder.metadataName)
        return try decide(rendered, request: request, reference: referenceFolder, exists: exists, record: record,
                          options: options, limit: limit, missing: "reference frames in '\(referenceFolder)'", recorded: "reference frames in '\(referenceFolder)'", warn: warn,
                          read: { () throws(SpinRenderError) in
                              let folder = try FrameFolder.read(referenceFolder, maximumBytes: maximumBytes, reading: reading)
                              return (folder.sequence, folder.warnings)
                          },
                          write: { () throws(SpinRenderError) in
                              try FrameFolder.write(rendered, to: referenceFolder, scale: request.scene.scale, arguments: arguments,
                                                    fonts: request.makeEngine().fonts)
                          })
    }

    /// Compares `rendered` with the reference `read` gives, when there is one to read, and
    /// records it with `write` when `record` says so.
    ///
    /// - Parameters:
    ///   - limit: `--max-memory` in bytes and the diff that will be written, which the
    ///     comparison's results count against it.
    ///   - missing: what the message says is missing ("no …").
    ///   - recorded: what the message says was recorded ("recorded 25 …").
    private static func decide(_ rendered: FrameSequence, request: RenderRequest, reference: String, exists: Bool,
                               record: RecordMode, options: ComparisonOptions, limit: (bytes: Int, diff: DiffFormat?), missing: String, recorded: String, warn: (String) -> Void,
                               read: () throws(SpinRenderError) -> (FrameSequence, [String]),
                               write: () throws(SpinRenderError) -> Void) throws(SpinRenderError) -> VerificationOutcome {
        if !exists {
            // No reference to measure the mask against: the rendered canvas is what will be recorded.
            try options.checkMask(width: rendered.width, height: rendered.height, canvas: "the rendered canvas")
        }
        var comparison: FrameComparisonResult?
        var unreadable: SpinRenderError?
        if exists && record != .all {
            var loaded: (sequence: FrameSequence, warnings: [String])?
            do throws(SpinRenderError) {
                loaded = try read()
            } catch where (error.kind == .badData || error.kind == .missingInput)
                && record.decide(referenceExists: true, matches: false).writeReference {
                unreadable = error
            }
            if let loaded {
                loaded.warnings.forEach(warn)
                try options.checkMask(width: loaded.sequence.width, height: loaded.sequence.height,
                                      canvas: "the reference '\(reference)'")
                let prepared = FrameComparison.prepare(actual: rendered, expected: loaded.sequence, options: options)
                try FileComparison.checkMemory(
                    of: prepared, limit: limit.bytes, diff: limit.diff,
                    subject: "comparing the render (\(rendered.width) × \(rendered.height) px, \(rendered.frames.count) frames) with '\(reference)' over \(prepared.resultDescription)",
                    advice: "lower --fps or --duration\(limit.diff == nil ? "" : ", leave out --diff"), or raise --max-memory")
                comparison = prepared.run()
            }
        }
        let decision = record.decide(referenceExists: exists, matches: comparison?.verdict == .equal)
        var message: String
        if let comparison {
            message = comparison.summaryLine
        } else if let unreadable {
            let reason: String = unreadable.message.hasSuffix(".") ? String(unreadable.message.dropLast()) : unreadable.message
            message = "the reference cannot be read: \(reason)"
        } else if exists {
            message = "record mode 'all'"
        } else {
            message = "no \(missing) (record mode '\(record)')"
            if record == .never { message += "; \(RecordMode.recordingAdvice)" }
        }
        if decision.writeReference {
            try write()
            message += "; recorded \(rendered.frames.count) \(recorded) — check them, commit them and run again"
        }
        return VerificationOutcome(comparison: comparison, recorded: decision.writeReference, message: message,
                                   passed: decision.passes, referenceFolder: reference,
                                   recordMode: record, rendered: comparison?.actual ?? SequenceSummary(summarizing: rendered),
                                   options: options)
    }
}

extension Verification {
    /// What ``verify(_:referenceFolder:record:options:arguments:maximumBytes:)`` holds at its
    /// peak: the rendered frames and the render's threads, the reference frames (unless
    /// `record` is `.all`, which reads none), the comparison's marks, and the diff when one is
    /// written.
    ///
    /// - Parameter maximumBytes: `--max-memory`: a reference file that does not fit beside the
    ///   render is refused by its size, before it is read.
    /// - Throws: ``SpinRenderError`` `.badData` for such a file, `.missingInput` / `.ioError`
    ///   when it cannot be read.
    public static func memoryEstimate(_ request: RenderRequest, referenceFolder: String, record: RecordMode,
                                      diff: DiffFormat?, maximumBytes: Int = MemoryEstimate.defaultLimitBytes) throws(SpinRenderError) -> MemoryEstimate {
        try SpinRenderer.checkCanvas(request)
        var estimate = SpinRenderer.memoryEstimate(request, holding: .allFrames)
        let layout = request.makeEngine()
        var rendered = FrameInput.Source(path: referenceFolder)
        (rendered.width, rendered.height, rendered.frameCount) =
            (layout.canvasWidth, layout.canvasHeight, SpinRenderer.emittedFrameCount(request))
        var reference = FrameInput.Source(path: referenceFolder)
        if record != .all, InputFile.isDirectory(referenceFolder), let size = FrameFolder.declaredSize(referenceFolder) {
            (reference.width, reference.height, reference.frameCount) = size
        } else if record != .all, OutputFormat.forPath(referenceFolder) != nil, InputFile.exists(referenceFolder) {
            // A GIF or WebP reference: its declared size and frames.
            reference = try FrameInput.Source.open(referenceFolder, maximumBytes: maximumBytes, alongside: estimate,
                                                   advice: "raise --max-memory")
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
