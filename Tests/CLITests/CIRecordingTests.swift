import Foundation
import Testing
import SpinRender

/// On CI (`CI` true) `verify` records nothing unless asked: a missing reference fails and says
/// how to record it; `--record` and `SPINRENDER_RECORD` still choose.
@Suite("verify on CI: never records by default")
struct CIRecordingTests {
    @Test("CI=true (any case), 1 or yes: a missing reference fails, nothing is written, the message says how to record",
          arguments: ["true", "TRUE", "1", "yes", " Yes "])
    func missingReferenceFailsOnCI(value: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["verify", "--fps", "5", "--reference", "ref"], in: folder, environment: ["CI": value])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/ref"))
        #expect(result.standardError == "no reference frames in 'ref' (record mode 'never'); "
            + "record it with --record missing (or SPINRENDER_RECORD=missing), check it and commit it\n")
    }

    @Test("CI false, 0 or empty: the default stays 'missing', the reference is recorded", arguments: ["false", "0", "", "no"])
    func otherValuesAreNotCI(value: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["verify", "--fps", "5", "--reference", "ref"], in: folder, environment: ["CI": value])
        #expect(result.status == 1)
        #expect(result.standardError.contains("recorded 5 reference frames in 'ref'"), "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/ref").sorted()
        #expect(files == (0..<5).map { FrameFolder.frameName($0) } + ["frames.json"])
    }

    @Test("on CI, --record missing or SPINRENDER_RECORD=missing records; --record wins over SPINRENDER_RECORD")
    func explicitModeWinsOnCI() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let byOption = try spinrender(["verify", "--fps", "5", "--reference", "a", "--record", "missing"], in: folder,
                                      environment: ["CI": "true"])
        #expect(byOption.status == 1 && byOption.standardError.contains("recorded 5 reference frames in 'a'"))
        let byVariable = try spinrender(["verify", "--fps", "5", "--reference", "b"], in: folder,
                                        environment: ["CI": "true", "SPINRENDER_RECORD": "missing"])
        #expect(byVariable.status == 1 && byVariable.standardError.contains("recorded 5 reference frames in 'b'"))
        let optionOverVariable = try spinrender(["verify", "--fps", "5", "--reference", "c", "--record", "never"], in: folder,
                                                environment: ["CI": "true", "SPINRENDER_RECORD": "missing"])
        #expect(optionOverVariable.status == 1 && !FileManager.default.fileExists(atPath: folder + "/c"))
        // The recorded reference then passes on CI.
        #expect(try spinrender(["verify", "--fps", "5", "--reference", "a"], in: folder, environment: ["CI": "true"]).status == 0)
    }
}
