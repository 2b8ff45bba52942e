import Foundation
import Testing

@Suite("Outputs never overwrite inputs")
struct InputProtectionTests {
    @Test func aBatchEntryMayNotWriteOverItsManifest() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A manifest named without an extension passes the .gif check on outputs.
        let manifest = #"[{"output": "self"}, {"output": "ok.gif"}]"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/self"))
        let result = try spinrender(["batch", "self"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError.contains("is the manifest itself"))
        #expect(FileManager.default.contents(atPath: folder + "/self") == Data(manifest.utf8))
        #expect(FileManager.default.fileExists(atPath: folder + "/ok.gif"))
    }

    @Test func aBatchManifestNamingItselfAsJSONIsRefusedBeforeAnyRender() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = #"[{"output": "self.json"}, {"output": "ok.gif"}]"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/self.json"))
        let result = try spinrender(["batch", "self.json"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError.contains("entry 1: key 'output': the value 'self.json' is invalid"))
        #expect(FileManager.default.contents(atPath: folder + "/self.json") == Data(manifest.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["self.json"])
    }

    @Test func compareMayNotWriteItsDiffOverAnInput() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--mode", "implicit", "-o", "b.gif"], in: folder).status == 0)
        let before = FileManager.default.contents(atPath: folder + "/a.gif")
        let result = try spinrender(["compare", "a.gif", "b.gif", "--diff", "a.gif"], in: folder)
        #expect(result.status == 64)
        #expect(result.standardError.contains("is one of the inputs"))
        #expect(FileManager.default.contents(atPath: folder + "/a.gif") == before)
    }

    @Test("verify refuses a --diff or --junit that is its reference folder or inside it, and leaves the references alone",
          arguments: [["--diff", "ref"], ["--diff", "ref/"], ["--junit", "ref/frames.json"], ["--diff", "ref/frame_0000.png"]])
    func verifyMayNotWriteOverItsReference(_ output: [String]) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["verify", "--reference", "ref", "-q"], in: folder).status == 1)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder + "/ref").sorted().map {
            FileManager.default.contents(atPath: folder + "/ref/" + $0)
        }
        let result = try spinrender(["verify", "--reference", "ref"] + output, in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: The output '\(output[1])' is "), "\(result.standardError)")
        let after = try FileManager.default.contentsOfDirectory(atPath: folder + "/ref").sorted().map {
            FileManager.default.contents(atPath: folder + "/ref/" + $0)
        }
        #expect(after == before)
        #expect(try spinrender(["verify", "--reference", "ref", "--record", "never"], in: folder).status == 0)
    }

    @Test func compareMayNotWriteItsReportIntoAnInputFrameFolder() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["frames", "-o", "frames"], in: folder).status == 0)
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        let before = FileManager.default.contents(atPath: folder + "/frames/frames.json")
        let result = try spinrender(["compare", "a.gif", "frames", "--junit", "frames/frames.json"], in: folder)
        #expect(result.status == 64)
        #expect(result.standardError.contains("is inside the frame folder 'frames'"))
        #expect(FileManager.default.contents(atPath: folder + "/frames/frames.json") == before)
    }

    @Test func framesFromAGIFRefusesRenderOptionsAndStandardOutput() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        let mixed = try spinrender(["frames", "a.gif", "--mode", "preview", "-o", "out"], in: folder)
        #expect(mixed.status == 64 && mixed.standardError.contains("'--mode' is a render option"))
        #expect(try spinrender(["frames", "-o", "-"], in: folder).status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.gif"])
    }
}
