import Foundation
import Testing

/// How the command line treats repeated, contradictory and terminal-bound options.
@Suite("Option rules, end to end")
struct OptionRulesTests {
    /// A single-value option given twice names the option and both values; nothing is written.
    @Test(arguments: [
        (["-o", "a.gif", "-o", "b.gif"], "The option '-o, --output <output>' is given twice ('a.gif' and 'b.gif'); give it once"),
        (["--fps=10", "--fps", "20", "-o", "a.gif"], "The option '--fps <fps>' is given twice ('10' and '20'); give it once"),
        (["--output", "a.gif", "--mode", "preview", "--mode", "implicit"], "The option '--mode <mode>' is given twice ('preview' and 'implicit'); give it once"),
    ])
    func aRepeatedSingleValueOptionIsAUsageError(arguments: [String], message: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: \(message)\n"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func repeatableOptionsStayRepeatable() throws {
        let result = try spinrender(["timeline", "--mode", "implicit", "--rotate-at", "0.5", "--rotate-at", "1", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let compare = try spinrender(["compare", "a", "b", "--diff", "x.gif", "--diff", "y.gif"])
        #expect(compare.status == 64)
        #expect(compare.standardError.hasPrefix("Error: The option '--diff <path>' is given twice"))
    }

    @Test func contradictoryOptionsAreUsageErrors() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let matte = try spinrender(["--matte", "#FFFFFF", "-o", "a.gif"], in: folder)
        #expect(matte.status == 64)
        #expect(matte.standardError.hasPrefix("Error: The option '--matte <#RRGGBB>' applies only with '--transparent'; add '--transparent' or leave out '--matte'\n"))
        let loud = try spinrender(["-q", "-v", "-o", "a.gif"], in: folder)
        #expect(loud.status == 64)
        #expect(loud.standardError.hasPrefix("Error: The flags '-q, --quiet' and '-v, --verbose' contradict each other; give one of them\n"))
        #expect(try spinrender(["compare", "x.gif", "y.gif", "--quiet", "--verbose"], in: folder).status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // Together they mean something.
        #expect(try spinrender(["--matte", "#FFFFFF", "--transparent", "--duration", "0.1", "-o", "a.gif"], in: folder).status == 0)
    }

    /// `-o -` on a terminal is refused (binary data would garble it); through a pipe it writes.
    /// The terminal is util-linux's `script`, which runs the command on a pseudo-terminal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")),
          arguments: [(["-o", "-"], "GIF"), (["sheet", "-o", "-"], "PNG")])
    func binaryOutputToATerminalIsRefused(arguments: [String], format: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let command = "'\(spinrenderBinary)' " + (arguments + ["--duration", "0.1"]).joined(separator: " ")
        let onTerminal = try shell("/usr/bin/script -qec \"\(command)\" /dev/null", in: folder)
        #expect(onTerminal.status == 64, "\(onTerminal.output)")
        #expect(onTerminal.output.contains("Error: The value '-' for '-o, --output <output>' would write a binary \(format) to the terminal"),
                "\(onTerminal.output)")
        #expect(!onTerminal.output.contains(format == "GIF" ? "GIF89a" : "IHDR"))
        let piped = try shell(command + " | wc -c", in: folder)
        #expect(piped.status == 0)
        #expect((Int(piped.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 100)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")),
          arguments: ["compare - x.gif", "frames - -o out"])
    func standardInputFromATerminalIsRefused(arguments: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try shell("/usr/bin/script -qec \"'\(spinrenderBinary)' \(arguments)\" /dev/null", in: folder)
        #expect(result.status == 64)
        #expect(result.output.contains("Error: The input '-' reads standard input, which is a terminal"), "\(result.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// `frames -` exports a GIF piped into it, as `frames a.gif` does.
    @Test func framesReadsAGIFFromStandardInput() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "a.gif", "--duration", "0.1"], in: folder).status == 0)
        #expect(try shell("'\(spinrenderBinary)' frames - -o piped < a.gif", in: folder).status == 0)
        #expect(try spinrender(["frames", "a.gif", "-o", "named"], in: folder).status == 0)
        let piped = try FileManager.default.contentsOfDirectory(atPath: folder + "/piped").sorted()
        #expect(piped == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_0003.png", "frame_0004.png", "frames.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/named").sorted() == piped)
        for name in piped {
            let bytes = FileManager.default.contents(atPath: folder + "/piped/" + name)
            #expect(bytes != nil && bytes == FileManager.default.contents(atPath: folder + "/named/" + name), "\(name)")
        }
    }
}
