import Foundation
import Testing

/// `batch` writes only under its output root: the manifest's folder, or `--output-root`.
/// Before, `"output": "../../x.gif"` was written two folders up and the batch exited 0.
@Suite("spinrender batch --output-root")
struct BatchOutputRootTests {
    /// A scratch folder holding `top/m/batch.json` (the manifest), `top/m/inside/` and links
    /// `top/m/out` (to `top`, leading out of `m`) and `top/m/in` (to `top/m/inside`).
    static func prepare(_ entries: String) throws -> String {
        let folder = makeFolder()
        try FileManager.default.createDirectory(atPath: folder + "/top/m/inside", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/top/m/out", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder + "/top/m/in", withDestinationPath: "inside")
        try Data(entries.utf8).write(to: URL(fileURLWithPath: folder + "/top/m/batch.json"))
        return folder
    }

    /// The GIFs anywhere under `folder`, by relative path.
    static func gifs(under folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".gif") }.sorted()
    }

    @Test("outputs resolving outside the manifest's folder fail their entry with one line naming it; the others are written; exit 65",
          arguments: [
            ("../escaped.gif", "top/escaped.gif"),
            ("inside/../../escaped.gif", "top/escaped.gif"),
            ("out/escaped.gif", "top/escaped.gif"),
            ("ABSOLUTE/top/escaped.gif", "top/escaped.gif"),
          ])
    func outputsOutsideTheManifestFolderFail(output: String, resolved: String) throws {
        let folder = try Self.prepare("")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let spelled = output.replacingOccurrences(of: "ABSOLUTE", with: folder)
        try Data(#"""
            {"defaults": {"fps": 5}, "entries": [
              {"output": "a.gif"}, {"output": "\#(spelled)"}, {"output": "in/b.gif"}, {"output": "inside/../c.gif"}]}
            """#.utf8).write(to: URL(fileURLWithPath: folder + "/top/m/batch.json"))
        let result = try spinrender(["batch", "top/m/batch.json", "-q"], in: folder)
        #expect(result.status == 65, "\(result.standardError)")
        let entry = spelled.hasPrefix("/") ? spelled : "top/m/" + spelled
        #expect(result.standardError == "Error: top/m/batch.json: entry 2 (\(entry)): its output '\(spelled)' resolves to "
                + "'\(real)/\(resolved)', outside the output root '\(real)/top/m'; write it under that folder, "
                + "or choose another root with --output-root\n")
        #expect(try Self.gifs(under: folder) == ["top/m/a.gif", "top/m/c.gif", "top/m/inside/b.gif"])
        #expect(result.output.contains("4 entries: 3 written, 1 failed (entry 2)"), "\(result.output)")
    }

    /// A symbolic link at the output itself that leads out is refused as well.
    @Test func anOutputThatIsALinkLeadingOutFails() throws {
        let folder = try Self.prepare(#"[{"fps": 5, "output": "link.gif"}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/top/m/link.gif", withDestinationPath: "../target.gif")
        let result = try spinrender(["batch", "top/m/batch.json", "-q"], in: folder)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains("entry 1 (top/m/link.gif): its output 'link.gif' resolves to '"), "\(result.standardError)")
        #expect(try Self.gifs(under: folder) == ["top/m/link.gif"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/top/target.gif"))
    }

    /// --output-root widens or narrows the fence; relative outputs still resolve against the
    /// manifest's folder.
    @Test func outputRootChoosesTheFence() throws {
        let folder = try Self.prepare(#"{"defaults": {"fps": 5}, "entries": [{"output": "../up.gif"}, {"output": "a.gif"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wide = try spinrender(["batch", "top/m/batch.json", "-q", "--output-root", "top"], in: folder)
        #expect(wide.status == 0, "\(wide.standardError)")
        #expect(try Self.gifs(under: folder) == ["top/m/a.gif", "top/up.gif"])
        let narrow = try spinrender(["batch", "top/m/batch.json", "-q", "--output-root", "top/m/inside"], in: folder)
        #expect(narrow.status == 65)
        #expect(narrow.standardError.split(separator: "\n").count == 2)
        #expect(narrow.standardError.contains("entry 1 (top/m/../up.gif): its output '../up.gif' resolves to"))
        #expect(narrow.standardError.contains("entry 2 (top/m/a.gif): its output 'a.gif' resolves to"))
        #expect(narrow.standardError.contains("outside the output root '"))
        let empty = try spinrender(["batch", "top/m/batch.json", "--output-root", ""], in: folder)
        #expect(empty.status == 64)
    }

    @Test func helpAndCompletionsOfferOutputRoot() throws {
        #expect(try BuiltTool.helpOptions("batch").contains("--output-root"))
        for shell in ["bash", "zsh", "fish"] {
            let script = try spinrender(["--generate-completion-script", shell]).output
            #expect(script.contains("output-root"), "\(shell)")
        }
    }
}
