import Glibc
import SpinRender
import Testing

/// Swift Testing support: verify renders against reference frames inside a `@Test`, and when
/// they do not match, record an issue and attach what a person needs to look at — the first
/// failing frame's actual, expected and diff PNGs, the diff GIF and the text and JSON reports
/// (``ComparisonArtifacts``) — to the running test, as swift-snapshot-testing attaches its
/// failure images. Attachments are Swift Testing's (`Attachment.record`, Swift 6.2 and later):
/// `swift test --attachments-path DIR` saves them, and IDEs show them with the failure.
public enum SnapshotExpectation {
    /// Receives each attachment: its name and bytes. The default records them with
    /// `Attachment.record`; tests substitute a sink that collects them.
    public typealias AttachmentSink = @Sendable (_ name: String, _ bytes: [UInt8], _ sourceLocation: SourceLocation) -> Void

    /// Records with Swift Testing's `Attachment.record`, on the running test.
    public static let recordAttachment: AttachmentSink = { name, bytes, location in
        Attachment.record(bytes, named: name, sourceLocation: location)
    }

    /// The record mode when none is given: `SPINRENDER_RECORD` if set, else `never` on CI (`CI`
    /// true) and `missing` elsewhere — ``RecordMode/resolve(option:environment:)`` on this
    /// process's environment.
    ///
    /// - Throws: ``RecordModeError`` for a `SPINRENDER_RECORD` that is no mode.
    /// (``RecordMode/processDefault`` reads the same but gives `never` for a bad value.)
    public static func environmentRecordMode() throws(RecordModeError) -> RecordMode {
        var environment: [String: String] = [:]
        for name in [RecordMode.environmentVariable, RecordMode.continuousIntegrationVariable] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return try RecordMode.resolve(option: nil, environment: environment)
    }

    /// Renders `request`, compares it with the reference frames in `referenceFolder` (recording
    /// them as `record` says), and when the run does not pass, records an issue with its
    /// one-line message and attaches the comparison's artifacts to the current test.
    ///
    /// - Parameters:
    ///   - record: when references are written; `nil` reads ``environmentRecordMode()``.
    ///   - options: the comparison tolerance, ignored regions and alignment.
    ///   - attach: where attachments go (``recordAttachment`` by default).
    /// - Returns: the outcome, for further checks.
    /// - Throws: ``SpinRenderError`` when the references cannot be read or written, and
    ///   ``RecordModeError`` for a bad `SPINRENDER_RECORD`.
    @discardableResult
    public static func expectMatch(_ request: RenderRequest, referenceFolder: String, record: RecordMode? = nil,
                                   options: ComparisonOptions = .exact,
                                   attach: AttachmentSink = recordAttachment,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws -> VerificationOutcome {
        let mode = try record ?? environmentRecordMode()
        let outcome = try Verification.verify(request, referenceFolder: referenceFolder, record: mode, options: options)
        guard !outcome.passed else { return outcome }
        Issue.record(Comment(rawValue: "\(referenceFolder): \(outcome.message)"), sourceLocation: sourceLocation)
        if let comparison = outcome.comparison {
            // The status `spinrender verify` would exit with, as its JSON report records it.
            let status: Int32 = comparison.verdict == .equal ? 1 : comparison.verdict.exitStatus
            try attachArtifacts(of: comparison, name: referenceFolder, json: outcome.jsonReport(exitStatus: status),
                                attach: attach, sourceLocation: sourceLocation)
        }
        return outcome
    }

    /// Compares two sequences and, when they differ, records an issue with the summary line and
    /// attaches the artifacts, as ``expectMatch(_:referenceFolder:record:options:attach:sourceLocation:)``.
    ///
    /// - Parameter name: names the comparison in the issue and the attachments.
    /// - Returns: the comparison.
    @discardableResult
    public static func expectMatch(_ actual: FrameSequence, _ expected: FrameSequence, named name: String,
                                   options: ComparisonOptions = .exact, attach: AttachmentSink = recordAttachment,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws -> FrameComparisonResult {
        let result = FrameComparison.compare(actual: actual, expected: expected, options: options)
        guard result.exitStatus != 0 else { return result }
        Issue.record(Comment(rawValue: "\(name): \(result.summaryLine)"), sourceLocation: sourceLocation)
        try attachArtifacts(of: result, name: name, json: nil, attach: attach, sourceLocation: sourceLocation)
        return result
    }

    /// Attaches a failing comparison's artifacts: the first failing frame's three PNGs, then
    /// every other file but the other frames' PNGs (`diff.gif`, `report.txt`, `report.json`, and
    /// whatever else ``ComparisonArtifacts`` holds), each named `<folderName>-<file>`.
    ///
    /// - Returns: the names attached, in order; none for a passing comparison.
    @discardableResult
    public static func attachArtifacts(of result: FrameComparisonResult, name: String, json: String?,
                                       attach: AttachmentSink = recordAttachment,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        guard let artifacts = try ComparisonArtifacts.failing(result, name: name, json: json) else { return [] }
        let framePNGs = artifacts.files.filter { $0.name.hasPrefix("frame_") && $0.name.hasSuffix(".png") }
        let firstStem = framePNGs.first.map { String($0.name.prefix { $0 != "-" }) }
        var names: [String] = []
        for file in artifacts.files {
            if file.name.hasPrefix("frame_") && file.name.hasSuffix(".png") && !file.name.hasPrefix((firstStem ?? "") + "-") { continue }
            // A "/" in the name would be lost when Swift Testing saves the file.
            let attachmentName = "\(artifacts.folderName)-\(file.name)"
            attach(attachmentName, file.bytes, sourceLocation)
            names.append(attachmentName)
        }
        return names
    }
}
