import Foundation
import Testing

/// `--diff` and `--junit` outputs of `compare` and `verify` that cannot be written: the run
/// never prints a verdict its exit status then contradicts. An output that cannot be created
/// is refused (73) before anything is compared, rendered or recorded; a write that fails after
/// the comparison (a full disk) leaves standard output empty.
@Suite("compare and verify outputs that cannot be written, end to end")
struct ComparisonOutputFaultTests {
    /// `a.gif` and `b.gif`, which differ in pixels, and `sub/` holding a file that is not a frame.
    static func inputs() throws -> String {
        let folder = makeFolder()
        #expect(try spinrender(["--fps", "5", "-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--fps", "5", "--mode", "implicit", "-o", "b.gif"], in: folder).status == 0)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/sub/notes.txt"))
        return folder
    }

    static func contents(_ folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
    }

    @Test("an output that cannot be created exits 73 with one line naming it, before any verdict or recording",
          arguments: [
              (["--diff", "missing/d.png"], "cannot create 'missing/d.png': No such file or directory"),
              (["--diff", "a.gif/d.gif"], "cannot create 'a.gif/d.gif': Not a directory"),
              (["--diff", "a.gif/diffs/"], "cannot create frame folder 'a.gif/diffs': 'a.gif' is not a folder"),
              (["--diff", "sub/"], "'sub' holds 'notes.txt', which is not a frame"),
              (["--junit", "missing/report.xml"], "cannot create 'missing/report.xml': No such file or directory"),
              (["--diff", "d.png", "--junit", "sub"], "cannot create 'sub': it is a directory"),
          ])
    func uncreatableOutputExits73BeforeTheVerdict(options: [String], message: String) throws {
        let folder = try Self.inputs()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try Self.contents(folder)
        for arguments in [["compare", "a.gif", "b.gif"], ["compare", "a.gif", "b.gif", "--json"],
                          ["verify", "--fps", "5", "--reference", "ref"]] {
            let result = try spinrender(arguments + options, in: folder)
            #expect(result.status == 73, "\(arguments + options): \(result.standardError)")
            #expect(result.standardOutput.isEmpty, "\(arguments + options): \(result.output)")
            #expect(result.standardError.hasPrefix("Error: \(message)"), "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            // Nothing written: no diff, no temporary file, no reference recorded.
            #expect(try Self.contents(folder) == before, "\(arguments + options)")
        }
    }

    /// The report in the brief: a read-only folder. Tests run as root, which a mode of 0555
    /// would not stop, so the folder is a read-only tmpfs; skipped when mounting is not permitted.
    @Test func readOnlyFolderExits73WithoutAVerdict() throws {
        let folder = try Self.inputs()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mountPoint = folder + "/ro"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        guard OutputFaultTests.shell("mount -t tmpfs -o size=1m,ro tmpfs '\(mountPoint)'") == 0 else {
            print("note: skipping the read-only folder test: mount is not permitted here")
            return
        }
        defer { _ = OutputFaultTests.shell("umount '\(mountPoint)'") }
        for options in [["--diff", "ro/d.png"], ["--diff", "ro/d.gif"], ["--diff", "ro/frames/"], ["--junit", "ro/report.xml"]] {
            for arguments in [["compare", "a.gif", "a.gif"], ["verify", "--fps", "5", "--reference", "ref"]] {
                let result = try spinrender(arguments + options, in: folder)
                #expect(result.status == 73, "\(arguments + options): \(result.standardError)")
                #expect(result.standardOutput.isEmpty, "\(arguments + options): \(result.output)")
                #expect(result.standardError.hasPrefix("Error: cannot create") && result.standardError.contains("'\(options[1].trimmingCharacters(in: ["/"]))'")
                        && result.standardError.hasSuffix("Read-only file system\n"), "\(result.standardError)")
                #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/ref"))
    }

    /// A write that fails once the comparison is done (`/dev/full` is written in place, so the
    /// check before passes): the error on standard error, its status (74), and no report.
    @Test("a report file that fails after the comparison exits 74 with no report on standard output",
          arguments: [["compare", "a.gif", "b.gif"], ["compare", "a.gif", "a.gif", "--json"],
                      ["verify", "--fps", "5", "--reference", "ref"]])
    func writeFailingAfterTheComparisonPrintsNoReport(arguments: [String]) throws {
        let folder = try Self.inputs()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if arguments.first == "verify" {
            #expect(try spinrender(arguments, in: folder).status == 1)   // records the reference
        }
        let result = try spinrender(arguments + ["--diff", "d.png", "--junit", "/dev/full"], in: folder)
        #expect(result.status == 74, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty, "\(result.output)")
        #expect(result.standardError == "Error: cannot write '/dev/full': No space left on device\n", "\(result.standardError)")
        // The diff, written first, is whole.
        #expect(FileManager.default.contents(atPath: folder + "/d.png")?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }
}
