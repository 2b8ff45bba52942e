import Compare
import GIFCodec
import PNGCodec
import Raster

/// Comparison of files on disk: what `spinrender compare` and `verify` do, as a Swift API.
public enum FileComparison {
    /// Loads and compares two inputs (GIF, PNG or frame folder each; `-` for standard input).
    ///
    /// When one side carries no timing (a PNG, or a folder without `frames.json`) it takes the
    /// other side's delays and loop count, so only its pixels and frame count are judged.
    ///
    /// - Parameters:
    ///   - maximumBytes: memory the whole comparison may hold: each file is refused by its size
    ///     (or, from a stream, as soon as it does not fit) before it is read; then
    ///     ``memoryEstimate(actual:expected:diff:)`` before decoding either, and
    ///     ``checkMemory(of:limit:diff:subject:advice:)`` once the moments are planned, before
    ///     comparing.
    ///   - diff: the diff that will be written, which adds to the memory held.
    ///   - reading: `--strict` (refuse inputs that need repairs) and `--timing` for GIF inputs.
    ///   - makeProgress: makes a progress bar for the given frame count once the
    ///     inputs are loaded; it is advanced once per compared frame (after merging identical
    ///     neighbours, so it may finish early).
    /// - Throws: ``SpinRenderError`` from loading (`.missingInput`, `.badData`), `.badData`
    ///   when the comparison needs more than `maximumBytes` or the mask of `options` does not
    ///   have the expected canvas's size.
    public static func compare(actual actualPath: String, expected expectedPath: String,
                               options: ComparisonOptions = .exact,
                               maximumBytes: Int = MemoryEstimate.defaultLimitBytes, diff: DiffFormat? = nil, reading: ReadOptions = ReadOptions(),
                               progress makeProgress: ((_ frameCount: Int) -> ProgressBar)? = nil) throws(SpinRenderError) -> (result: FrameComparisonResult, warnings: [String]) {
        // Each file is read only when it fits beside the other: the expected one by its size
        // before either is read, the actual one as read.
        let advice = "compare smaller inputs\(diff == nil ? "" : " or leave out --diff"), or raise --max-memory"
        var beside = MemoryEstimate()
        beside.add("the other input", Double(InputFile.regularFileSize(expectedPath) ?? 0))
        var actualSource: FrameInput.Source? = try FrameInput.Source.open(actualPath, maximumBytes: maximumBytes, alongside: beside, advice: advice)
        beside = MemoryEstimate()
        beside.add("the other input", actualSource!.fileBytes)
        var expectedSource: FrameInput.Source? = try FrameInput.Source.open(expectedPath, maximumBytes: maximumBytes, alongside: beside, advice: advice)
        let subject = "comparing \(actualSource!.summary) with \(expectedSource!.summary)"
        try memoryEstimate(actual: actualSource!, expected: expectedSource!, diff: diff).check(
            limit: maximumBytes, subject: subject, advice: advice)
        let actual = try actualSource!.load(maximumBytes: maximumBytes, reading: reading)
        actualSource = nil
        let expected = try expectedSource!.load(maximumBytes: maximumBytes, reading: reading)
        expectedSource = nil
        let (a, e) = adoptTiming(actual, expected)
        try options.checkMask(width: e.width, height: e.height, canvas: "the expected '\(expectedPath)'")
        let prepared = FrameComparison.prepare(actual: a, expected: e, options: options)
        try checkMemory(of: prepared, limit: maximumBytes, diff: diff,
                        subject: subject + " over \(prepared.resultDescription)",
                        advice: "compare shorter inputs\(diff == nil ? "" : " or leave out --diff"), or raise --max-memory")
        let progress = makeProgress?(prepared.resultCount)
        let result = prepared.run { _, _ in progress?.advance() }
        progress?.finish()
        return (result, actual.warnings + expected.warnings)
    }

    /// What comparing two opened inputs holds at its peak: both files and their decoded frames,
    /// the comparison's marks (a byte a pixel a frame of the larger canvas), the padded copies
    /// of two frames when the sizes differ, and the diff with its encoding when one is written.
    public static func memoryEstimate(actual: FrameInput.Source, expected: FrameInput.Source,
                                      diff: DiffFormat?) -> MemoryEstimate {
        var estimate = MemoryEstimate()
        estimate.add("input files", actual.fileBytes + expected.fileBytes)
        estimate.add("decoded inputs", actual.decodedBytes + expected.decodedBytes)
        estimate.add("decoding canvases", actual.workingBytes + expected.workingBytes)
        let padded = Double(max(actual.width, expected.width)) * Double(max(actual.height, expected.height))
        let frames = Double(max(actual.frameCount, expected.frameCount))
        estimate.add("comparison", padded * frames)
        if actual.width != expected.width || actual.height != expected.height {
            estimate.add("comparison", padded * 4 * 2)
        }
        if let diff {
            estimate.add("diff", padded * 4 * frames)
            switch diff {
            // PNGEncoder: the samples (at most 4 bytes a pixel), libpng's output buffer of about
            // their size, and the smallest result so far; a folder encodes one frame at a time.
            case .png: estimate.add("diff encoding", padded * 4 * 3)
            case .gif:
                // Colour ids for every frame, and the encoder's RGBA working frames (at most 16).
                estimate.add("diff encoding", padded * frames * 3 + padded * 4 * min(frames + 2, 16))
            case .folder: estimate.add("diff encoding", padded * 4 * 3)
            }
        }
        return estimate
    }

    /// Refuses a prepared comparison whose results, marks and diff, with the decoded frames,
    /// need more than `limit` bytes: the estimate made before decoding counts a result per
    /// frame, and comparing what plays can make many more (a moment whenever either side
    /// starts a frame, over the common period of two loops).
    ///
    /// - Throws: ``SpinRenderError`` `.badData` with ``MemoryEstimate/check(limit:subject:advice:)``'s message.
    public static func checkMemory(of prepared: PreparedComparison, limit: Int, diff: DiffFormat?,
                                   subject: String, advice: String) throws(SpinRenderError) {
        var estimate = MemoryEstimate()
        let (a, e) = prepared.sequences
        estimate.add("decoded inputs", Double(a.width * a.height * 4 * a.frames.count + e.width * e.height * 4 * e.frames.count))
        estimate.add("comparison", comparisonBytes(width: max(a.width, e.width), height: max(a.height, e.height),
                                                   results: prepared.resultCount, pairs: prepared.comparedPairs, diff: diff))
        try estimate.check(limit: limit, subject: subject, advice: advice)
    }

    /// Bytes a comparison of `results` frames or moments over `pairs` different pairs of
    /// frames on a `width × height` padded canvas holds: a byte a pixel a pair for the marks,
    /// a result and its lines in the reports per frame or moment (1 KiB is ample: a result
    /// takes about 250 bytes, its JSON and text lines a few hundred), and the diff, a frame a
    /// result, with its encoding.
    static func comparisonBytes(width: Int, height: Int, results: Int, pairs: Int, diff: DiffFormat?) -> Double {
        let padded = Double(width) * Double(height), frames = Double(results)
        var bytes = padded * Double(pairs) + 1024 * frames
        switch diff {
        case nil: break
        case .png?, .folder?: bytes += padded * 4 * frames + padded * 4 * 3
        case .gif?: bytes += padded * 4 * frames + padded * frames * 3 + padded * 4 * min(frames + 2, 16)
        }
        return bytes
    }

    /// Gives an untimed side the timing of the other, when both have the same frame count.
    static func adoptTiming(_ actual: FrameInput, _ expected: FrameInput) -> (FrameSequence, FrameSequence) {
        var a = actual.sequence, e = expected.sequence
        if actual.timed != expected.timed && a.frames.count == e.frames.count {
            if actual.timed {
                for i in e.frames.indices { e.frames[i].delayCentiseconds = a.frames[i].delayCentiseconds }
                e.loopCount = a.loopCount
            } else {
                for i in a.frames.indices { a.frames[i].delayCentiseconds = e.frames[i].delayCentiseconds }
                a.loopCount = e.loopCount
            }
        }
        return (a, e)
    }

    /// Writes the diff of a comparison: faded grey copy of the expected frame, red where pixels
    /// differ, yellow for ignored anti-aliasing, on the canvas padded to the larger size.
    ///
    /// The format follows the path, as ``DiffFormat`` decides: `.png` writes the first failing
    /// frame (or the first frame), `.gif` an animation of every frame, and a path ending in `/`,
    /// an existing folder or a name without an extension a frame folder.
    ///
    /// - Throws: ``SpinRenderError`` `.usage` for any other extension, before writing
    ///   anything; `.cannotCreate` / `.ioError` naming the path.
    public static func writeDiff(of result: FrameComparisonResult, to path: String) throws(SpinRenderError) {
        guard let format = DiffFormat(path: path) else {
            throw SpinRenderError(.usage, "cannot write a diff to '\(path)': the extension '\(OutputFile.pathExtension(path) ?? "")' is not .png or .gif; \(DiffFormat.choices)")
        }
        switch format {
        case .png, .gif:
            try OutputFile.write(try encodedDiff(of: result, as: format, path: path), to: path)
        case .folder:
            try FrameFolder.write(result.makeDiff(), to: path, scale: nil, arguments: nil)
        }
    }

    /// The bytes of a `.png` or `.gif` diff (see ``writeDiff(of:to:)``).
    ///
    /// - Throws: ``SpinRenderError`` `.software` when encoding fails, naming `path`.
    static func encodedDiff(of result: FrameComparisonResult, as format: DiffFormat, path: String) throws(SpinRenderError) -> [UInt8] {
        let diff = result.makeDiff()
        do {
            switch format {
            case .png:
                let index = result.frames.firstIndex { !$0.status.passed } ?? 0
                let frame = diff.frames[min(index, diff.frames.count - 1)]
                return try PNGEncoder.encode(frame.image)
            case .gif, .folder:
                var sequence = diff
                for i in sequence.frames.indices where sequence.frames[i].delayCentiseconds < FrameTiming.minimumDelayCentiseconds {
                    sequence.frames[i].delayCentiseconds = 50   // stills and untimed frames: half a second each
                }
                return try GIFEncoder.encode(sequence).bytes
            }
        } catch {
            throw SpinRenderError(.software, "cannot encode the diff for '\(path)': \(error)")
        }
    }
}
