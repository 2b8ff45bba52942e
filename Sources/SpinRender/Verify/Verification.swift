import Compare
import Raster

/// The outcome of `verify`: a comparison with recorded reference frames, and what was recorded.
public struct VerificationOutcome: Sendable {
    /// The comparison, when a reference existed and was compared.
    public var comparison: FrameComparisonResult?
    /// Whether reference frames were written in this run.
    public var recorded: Bool
    /// A one-line summary for people.
    public var message: String
    /// 0 when the render matches the reference; otherwise the comparison's status (1 pixels,
    /// 2 shape or timing), or 1 when references were recorded or are missing — a run that
    /// records never passes, so CI cannot go green on an empty reference folder.
    public var exitStatus: Int32
}

/// Renders a request and checks it against reference frames in a frame folder, recording
/// references as swift-snapshot-testing does (`RecordMode`).
public enum Verification {
    /// Verifies `request` against the frame folder at `referenceFolder`.
    ///
    /// - Parameters:
    ///   - record: when references are written (default ``RecordMode/missing``).
    ///   - options: comparison tolerance.
    ///   - arguments: the command-line arguments recorded in `frames.json`.
    /// - Throws: ``SpinRenderError`` when the references cannot be read (malformed) or written.
    public static func verify(_ request: RenderRequest, referenceFolder: String, record: RecordMode = .default,
                              options: ComparisonOptions = .exact, arguments: [String]? = nil,
                              maximumBytes: Int = 1 << 30) throws(SpinRenderError) -> VerificationOutcome {
        let rendered = SpinRenderer.renderFrames(request).sequence
        let exists = InputFile.exists(referenceFolder + "/" + FrameFolder.metadataName)
        func recordReference(_ reason: String, status: Int32, comparison: FrameComparisonResult? = nil) throws(SpinRenderError) -> VerificationOutcome {
            try FrameFolder.write(rendered, to: referenceFolder, scale: request.scene.scale, arguments: arguments)
            return VerificationOutcome(comparison: comparison, recorded: true,
                                       message: "\(reason); recorded \(rendered.frames.count) reference frames in '\(referenceFolder)' — check them, commit them and run again",
                                       exitStatus: status)
        }
        if record == .all {
            return try recordReference("record mode 'all'", status: 1)
        }
        guard exists else {
            if record == .never {
                return VerificationOutcome(comparison: nil, recorded: false,
                                           message: "no reference frames in '\(referenceFolder)' (record mode 'never')", exitStatus: 1)
            }
            return try recordReference("no reference frames in '\(referenceFolder)'", status: 1)
        }
        let reference = try FrameFolder.read(referenceFolder, maximumBytes: maximumBytes)
        let comparison = FrameComparison.compare(actual: rendered, expected: reference.sequence, options: options)
        if comparison.verdict.exitStatus != 0 && record == .failed {
            return try recordReference("\(comparison.summaryLine) (record mode 'failed')", status: comparison.verdict.exitStatus,
                                       comparison: comparison)
        }
        return VerificationOutcome(comparison: comparison, recorded: false, message: comparison.summaryLine,
                                   exitStatus: comparison.verdict.exitStatus)
    }
}
