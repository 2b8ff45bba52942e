import Foundation
import Testing

/// Every text a command prints on standard output is checked as `render -o -` checks its GIF:
/// a full disk exits 74 with one line, a pipe whose reader has gone exits 141 without a word.
@Suite("Standard output faults in text outputs, end to end")
struct StandardOutputFaultTests {
    /// Runs `spinrender arguments…` in `folder` with standard output on `output`.
    static func run(_ arguments: [String], in folder: String, standardOutput output: FileHandle) throws -> (status: Int32, reason: Process.TerminationReason, message: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spinrenderBinary)
        process.arguments = arguments
        process.environment = toolEnvironment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, message)
    }

    /// A folder holding `a.gif`, `b.gif` (the same render) and the manifest `m.json`.
    static func fixtures() throws -> String {
        let folder = makeFolder()
        #expect(try spinrender(["--fps", "5", "-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--fps", "5", "-o", "b.gif"], in: folder).status == 0)
        try Data(#"[{"fps": 5, "output": "out.gif"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/m.json"))
        return folder
    }

    static let commands: [[String]] = [
        ["timeline", "--fps", "50", "--duration", "600", "--json"],
        ["timeline", "--fps", "5"],
        ["compare", "a.gif", "b.gif", "--json"],
        ["compare", "a.gif", "b.gif"],
        ["verify", "--fps", "5", "--reference", "ref", "--json"],
        ["batch", "m.json", "--quiet"],
        ["--help"],
        ["help", "compare"],
        ["--version"],
        ["--generate-completion-script", "bash"],
    ]

    @Test("a full disk on standard output exits 74 with one line", arguments: commands)
    func fullDiskExits74(arguments: [String]) throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.run(arguments, in: folder, standardOutput: FileHandle(forWritingAtPath: "/dev/full")!)
        #expect(result.status == 74, "\(result.message)")
        #expect(result.message.hasSuffix("Error: cannot write 'standard output': No space left on device\n"), "\(result.message)")
    }

    @Test("a pipe nobody reads exits 141 without a message", arguments: commands)
    func closedPipeExits141Quietly(arguments: [String]) throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let result = try Self.run(arguments, in: folder, standardOutput: FileHandle(fileDescriptor: ends[1], closeOnDealloc: true))
        #expect(result.reason == .exit)
        #expect(result.status == 141)
        #expect(!result.message.contains("Error"), "\(result.message)")
    }

    /// `spinrender timeline … | head -c 100`: the reader leaves after the first bytes.
    @Test func timelineIntoHeadExits141() throws {
        // Whatever the shell, PIPESTATUS[0] is spinrender's own status.
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "'\(spinrenderBinary)' timeline --fps 50 --duration 600 | head -c 100 >/dev/null; exit ${PIPESTATUS[0]}"]
        try bash.run()
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 141)
    }
}
