import Foundation
import Testing

@Suite("make install")
struct InstallTests {
    /// `scripts/install-check.sh` installs the built binary into a temporary PREFIX and under a
    /// DESTDIR, runs the installed `spinrender --version`, checks the man page and the three
    /// completion scripts, then uninstalls and checks no file is left.
    @Test("make install PREFIX=<temporary> installs a working binary, man page and completions; uninstall removes them",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make")))
    func installAndUninstall() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [BuiltTool.packageRoot.appendingPathComponent("scripts/install-check.sh").path, BuiltTool.executable.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("install-check: ok"), "\(text)")
    }
}
