import Foundation
import Testing
@testable import SpinRender

/// The package root, found from this file's path (Tests/SpinRenderTests/…).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

struct ReferenceCase: CustomTestStringConvertible, Sendable {
    var mode: SceneMode
    var appearance: Appearance
    var scale: Double
    var folderName: String { "\(mode.rawValue)-\(appearance.rawValue)@\(Int(scale))x" }
    var testDescription: String { folderName }

    static let all: [ReferenceCase] = SceneMode.allCases.flatMap { mode in
        Appearance.allCases.flatMap { appearance in [1.0, 2, 3].map { ReferenceCase(mode: mode, appearance: appearance, scale: $0) } }
    }
}

@Suite("Visual regression against the committed reference frames")
struct VisualRegressionTests {
    /// Every mode, both appearances, scales 1–3 render exactly the frames under
    /// `assets/reference/` (regenerate with `make references` after an intended change).
    @Test(arguments: ReferenceCase.all)
    func renderMatchesTheReferenceFrames(reference: ReferenceCase) throws {
        var request = RenderRequest()
        request.example.mode = reference.mode
        request.scene.appearance = reference.appearance
        request.scene.scale = reference.scale
        let folder = packageRoot + "/assets/reference/" + reference.folderName
        let outcome = try Verification.verify(request, referenceFolder: folder, record: .never)
        #expect(outcome.passed, "\(outcome.message)\n\(outcome.comparison?.reportLines.prefix(5).joined(separator: "\n") ?? "")")
        #expect(!outcome.recorded)
    }

    @Test func referenceFolderStaysUnderTwoMegabytes() throws {
        let root = packageRoot + "/assets/reference"
        var total = 0
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            total += (try FileManager.default.attributesOfItem(atPath: root + "/" + path)[.size] as? Int) ?? 0
        }
        #expect(total > 0 && total < 2_000_000)
    }
}

@Suite("Record modes")
struct RecordModeTests {
    func request(_ appearance: Appearance = .light) -> RenderRequest {
        var request = RenderRequest()
        request.scene.appearance = appearance
        request.durationSeconds = 0.5
        request.compact = false
        return request
    }

    @Test func missingRecordsAndFailsThenPasses() throws {
        let scratch = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = scratch + "/ref"
        let first = try Verification.verify(request(), referenceFolder: folder, record: .missing)
        #expect(first.recorded && !first.passed)
        #expect(FileManager.default.fileExists(atPath: folder + "/frames.json"))
        #expect(FileManager.default.fileExists(atPath: folder + "/frame_0024.png"))
        let second = try Verification.verify(request(), referenceFolder: folder, record: .missing)
        #expect(!second.recorded && second.passed)
        let changed = try Verification.verify(request(.dark), referenceFolder: folder, record: .missing)
        #expect(!changed.recorded && !changed.passed)
    }

    @Test func neverFailsOnAMissingReferenceWithoutWriting() throws {
        let scratch = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = scratch + "/ref"
        let outcome = try Verification.verify(request(), referenceFolder: folder, record: .never)
        #expect(!outcome.passed && !outcome.recorded)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func failedRewritesOnlyWhatDoesNotMatch() throws {
        let scratch = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = scratch + "/ref"
        _ = try Verification.verify(request(), referenceFolder: folder, record: .missing)
        let matching = try Verification.verify(request(), referenceFolder: folder, record: .failed)
        #expect(!matching.recorded && matching.passed)
        let changed = try Verification.verify(request(.dark), referenceFolder: folder, record: .failed)
        #expect(changed.recorded && !changed.passed)
        let now = try Verification.verify(request(.dark), referenceFolder: folder, record: .never)
        #expect(now.passed)
    }

    @Test func allAlwaysRecordsAndFails() throws {
        let scratch = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = scratch + "/ref"
        _ = try Verification.verify(request(), referenceFolder: folder, record: .missing)
        let outcome = try Verification.verify(request(), referenceFolder: folder, record: .all)
        #expect(outcome.recorded && !outcome.passed)
    }
}
