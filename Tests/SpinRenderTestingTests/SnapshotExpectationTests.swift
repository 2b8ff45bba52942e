import Foundation
import Testing
import SpinRender
import SpinRenderTesting

/// Collects what ``SnapshotExpectation`` attaches, in order.
final class CollectedAttachments: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(name: String, bytes: [UInt8])] = []
    var all: [(name: String, bytes: [UInt8])] { lock.withLock { items } }
    var sink: SnapshotExpectation.AttachmentSink {
        { name, bytes, _ in self.lock.withLock { self.items.append((name, bytes)) } }
    }
}

@Suite("Swift Testing: a failing verify attaches its diff and reports")
struct SnapshotExpectationTests {
    static func request(_ mode: SceneMode) -> RenderRequest {
        var request = RenderRequest()
        request.example.mode = mode
        return request
    }

    /// A scratch folder holding reference frames of the explicit mode.
    static func referenceFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "spinrender-testing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let recorded = try Verification.verify(request(.explicit), referenceFolder: folder + "/ref", record: .missing)
        #expect(recorded.recorded)
        return folder
    }

    @Test func failingVerifyRecordsAnIssueAndAttachesTheFirstFailingFrameAndTheReports() throws {
        let folder = try Self.referenceFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let collected = CollectedAttachments()
        var outcome: VerificationOutcome?
        try withKnownIssue {
            outcome = try SnapshotExpectation.expectMatch(Self.request(.implicit), referenceFolder: folder + "/ref",
                                                          record: .never, attach: collected.sink)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("\(folder)/ref: pixels differ in ") }
        }
        let comparison = try #require(outcome?.comparison)
        let first = try #require(comparison.failingFrames.first)
        let stem = String(FrameFolder.frameName(first.index).dropLast(4))
        #expect(collected.all.map(\.name) == ["\(stem)-actual.png", "\(stem)-expected.png", "\(stem)-diff.png",
                                              "diff.gif", "report.txt", "report.json"].map { "ref-failure-" + $0 })
        // The actual picture is the implicit render's frame shown then, pixel for pixel.
        let rendered = SpinRenderer.renderFrames(Self.request(.implicit)).sequence
        let attachedActual = try PNGDecoder.decode(collected.all[0].bytes)
        #expect(attachedActual.pixels == rendered.frames[first.actualSourceFrames.lowerBound].image.pixels)
        let reference = try FrameFolder.read(folder + "/ref").sequence
        let attachedExpected = try PNGDecoder.decode(collected.all[1].bytes)
        #expect(attachedExpected.pixels == reference.frames[first.expectedSourceFrames.lowerBound].image.pixels)
        // Pixels differ: the status `spinrender verify` exits with, 1, as the report records it.
        #expect(String(decoding: collected.all[5].bytes, as: UTF8.self) == outcome?.jsonReport(exitStatus: 1))
        #expect(String(decoding: collected.all[4].bytes, as: UTF8.self).hasPrefix(comparison.summaryLine + "\n"))
    }

    @Test func matchingVerifyAttachesNothing() throws {
        let folder = try Self.referenceFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let collected = CollectedAttachments()
        let outcome = try SnapshotExpectation.expectMatch(Self.request(.explicit), referenceFolder: folder + "/ref",
                                                          record: .never, attach: collected.sink)
        #expect(outcome.passed)
        #expect(collected.all.isEmpty)
    }

    @Test func theDefaultSinkRecordsOnTheRunningTest() throws {
        // Through Attachment.record itself: the failure is the known issue; the attachments go
        // to this test (saved by `swift test --attachments-path`).
        let folder = try Self.referenceFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue {
            try SnapshotExpectation.expectMatch(Self.request(.implicit), referenceFolder: folder + "/ref", record: .never)
        }
    }

    @Test func sequencesThatDifferAttachToo() throws {
        let a = SpinRenderer.renderFrames(Self.request(.explicit)).sequence
        let b = SpinRenderer.renderFrames(Self.request(.implicit)).sequence
        let collected = CollectedAttachments()
        withKnownIssue {
            try SnapshotExpectation.expectMatch(a, b, named: "spinner.gif", attach: collected.sink)
        }
        #expect(collected.all.first?.name == "spinner-failure-frame_0000-actual.png")
        #expect(collected.all.last?.name == "spinner-failure-report.json")
        let none = CollectedAttachments()
        try SnapshotExpectation.expectMatch(a, a, named: "same", attach: none.sink)
        #expect(none.all.isEmpty)
    }
}
