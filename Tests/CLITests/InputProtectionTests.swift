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
