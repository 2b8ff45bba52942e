import Foundation
import Testing

/// Two outputs of one command naming one file, however spelled, are a usage error (64) naming
/// both options, before any work: the second written would replace the first. Before, `compare
/// a.gif b.gif --diff d.gif --junit d.gif` exited 1 and kept only the JUnit XML in d.gif.
@Suite("Outputs of one command that are one file, end to end")
struct SharedOutputTests {
    /// The spellings of `d.gif` a test gives the second option, in the folder of the run.
    static let spellings = ["d.gif", "./d.gif", "absolute", "link.gif", "sub/../d.gif"]

    static func spell(_ spelling: String, in folder: String) -> String {
        spelling == "absolute" ? folder + "/d.gif" : spelling
    }

    static func prepare() throws -> String {
        let folder = makeFolder()
        #expect(try spinrender(["--fps", "5", "-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--fps", "5", "--color", "#FF9400", "-o", "b.gif"], in: folder).status == 0)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.gif", withDestinationPath: "d.gif")
        return folder
    }

    /// The names in `folder`, which must be what ``prepare()`` made and nothing more.
    static func expectUntouched(_ folder: String, existing: Bool = false) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == (["a.gif", "b.gif", "link.gif", "sub"] + (existing ? ["d.gif"] : [])).sorted())
    }

    @Test("compare --diff and --junit naming one file exit 64 naming both options", arguments: spellings, [false, true])
    func compareDiffAndJUnitOnOneFile(spelling: String, existing: Bool) throws {
        let folder = try Self.prepare()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if existing { try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/d.gif")) }
        let junit = Self.spell(spelling, in: folder)
        let result = try spinrender(["compare", "a.gif", "b.gif", "--diff", "d.gif", "--junit", junit], in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        let spelled = junit == "d.gif" ? "'d.gif'" : "'d.gif' and '\(junit)'"
        #expect(result.standardError.hasPrefix("Error: The outputs of '--diff' and '--junit' are one file, \(spelled); give each its own path\nUsage: "),
                "\(result.standardError)")
        #expect(result.output.isEmpty)
        try Self.expectUntouched(folder, existing: existing)
        if existing { #expect(FileManager.default.contents(atPath: folder + "/d.gif") == Data("old".utf8)) }
    }

    @Test("verify --diff and --junit naming one file exit 64 before rendering or recording", arguments: spellings)
    func verifyDiffAndJUnitOnOneFile(spelling: String) throws {
        let folder = try Self.prepare()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let junit = Self.spell(spelling, in: folder)
        let result = try spinrender(["verify", "--fps", "5", "--reference", "ref", "--diff", "d.gif", "--junit", junit], in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: The outputs of '--diff' and '--junit' are one file, "), "\(result.standardError)")
        try Self.expectUntouched(folder)
    }

    /// The reference folder verify records into is an output too: a diff or report on it, or
    /// inside it, however spelled, is refused before the reference exists.
    @Test("verify refuses --diff or --junit on or inside the reference folder it would record", arguments: [
        (["--diff", "./ref"], "The outputs of '--reference' and '--diff' are one file, 'ref' and './ref'"),
        (["--diff", "sub/../ref/"], "The outputs of '--reference' and '--diff' are one file, 'ref' and 'sub/../ref/'"),
        (["--junit", "ref/report.xml"], "The output of '--junit', 'ref/report.xml', is inside the output of '--reference', 'ref'"),
        (["--diff", "d.gif", "--junit", "d.gif/report.xml"], "The output of '--junit', 'd.gif/report.xml', is inside the output of '--diff', 'd.gif'"),
    ])
    func verifyOutputsOnTheReference(options: [String], message: String) throws {
        let folder = try Self.prepare()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["verify", "--fps", "5", "--reference", "ref"] + options, in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: \(message)"), "\(result.standardError)")
        try Self.expectUntouched(folder)
    }

    @Test("compare refuses a JUnit report inside the diff folder")
    func compareJUnitInsideTheDiffFolder() throws {
        let folder = try Self.prepare()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["compare", "a.gif", "b.gif", "--diff", "sub/", "--junit", "./sub/report.xml"], in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: The output of '--junit', './sub/report.xml', is inside the output of '--diff', 'sub/'; write it elsewhere\n"),
                "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/sub").isEmpty)
    }

    /// Outputs that are different files still work together, standard output included.
    @Test func distinctOutputsAreWritten() throws {
        let folder = try Self.prepare()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["compare", "a.gif", "b.gif", "--diff", "d.gif", "--junit", "sub/report.xml"], in: folder)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(FileManager.default.contents(atPath: folder + "/d.gif")?.prefix(6) == Data("GIF89a".utf8))
        #expect(try String(contentsOfFile: folder + "/sub/report.xml", encoding: .utf8).contains("<testsuite"))
    }
}
