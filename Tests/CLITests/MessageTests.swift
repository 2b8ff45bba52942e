import Foundation
import Testing

/// Each error names the input and the real problem, in one line of reasonable length.
@Suite("Error messages name the real problem, end to end")
struct MessageTests {
    @Test func anEmptyManifestOutputSaysItIsEmpty() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"[{"output": ""}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/m.json"))
        let result = try spinrender(["batch", "m.json"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError == "Error: m.json: entry 1: key 'output' is an empty string; name the GIF to write, like \"spinner.gif\"\n")
    }

    @Test func aLoopCountTooLargeForAnIntIsNamedNotCalledInvalidJSON() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["frames", "--duration", "0.1", "-o", "f"], in: folder).status == 0)
        let path = folder + "/f/frames.json"
        let json = try String(contentsOfFile: path, encoding: .utf8)
        let edited = json.replacingOccurrences(of: #""loopCount":\s*[^,}]+"#, with: #""loopCount": 99999999999999999999"#,
                                               options: .regularExpression)
        #expect(edited != json)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try spinrender(["compare", "f", "f"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError == "Error: 'f/frames.json': 'loopCount' holds 99999999999999999999, too large for a whole number; expected 0 to 65535, or null to play once\n")
    }

    /// Browsers show a PNG cut inside its last CRC: read with one warning naming the chunk and
    /// the bytes missing; --strict refuses it.
    @Test func aPNGMissingCRCBytesIsReadWithAWarning() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["sheet", "--duration", "0.1", "-o", "s.png"], in: folder).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/s.png"))
        // IEND is the last 12 bytes: length 0, type, CRC.
        for missing in [1, 3, 4] {
            try whole.dropLast(missing).write(to: URL(fileURLWithPath: folder + "/cut.png"))
            let warning = "'cut.png': byte \(whole.count - 4): chunk 'IEND' at byte \(whole.count - 12) lacks \(missing) of its 4 CRC bytes (truncated file); read without checking them"
            let result = try spinrender(["compare", "cut.png", "s.png"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError == "warning: \(warning)\n", "\(result.standardError)")
            let strict = try spinrender(["compare", "cut.png", "s.png", "--strict"], in: folder)
            #expect(strict.status == 65)
            #expect(strict.standardError == "Error: 'cut.png' is a PNG that browsers show only after a repair, which --strict refuses: byte \(whole.count - 4): chunk 'IEND' at byte \(whole.count - 12) lacks \(missing) of its 4 CRC bytes (truncated file); read without checking them\n",
                    "\(strict.standardError)")
        }
        // Without IEND at all: an IEND is assumed.
        try whole.dropLast(12).write(to: URL(fileURLWithPath: folder + "/cut.png"))
        let noEnd = try spinrender(["compare", "cut.png", "s.png"], in: folder)
        #expect(noEnd.status == 0, "\(noEnd.standardError)")
        #expect(noEnd.standardError == "warning: 'cut.png': byte \(whole.count - 12): no IEND chunk: the file ends after its last complete chunk; read as if IEND followed\n")
        #expect(try spinrender(["compare", "cut.png", "s.png", "--strict"], in: folder).status == 65)
    }

    @Test(arguments: [
        (".linear(duration: 2).repeatForever(", "expected ')' in expression list at column 36"),
        (".linear(duration: 2, ", "expected ')' in expression list at column 22"),
        ("withAnimation(.linear)",
         "'withAnimation' is the function that applies an animation, not an animation; give only its argument, e.g. '.linear' for 'withAnimation(.linear)' at column 1"),
        ("linear(duration: 2)", "cannot find 'linear' in scope: an animation starts with '.', write '.linear' at column 1"),
    ])
    func animationSyntaxErrorsSayWhatIsWrong(expression: String, message: String) throws {
        let result = try spinrender(["timeline", "--animation", expression])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The value for '--animation <expression>' is invalid: \(message)\n"),
                "\(result.standardError)")
    }

    @Test func aSpringThatNeverSettlesSaysSoRatherThanInfinity() throws {
        let result = try spinrender(["timeline", "--animation", ".spring(response: 0.5, dampingFraction: 1e9)"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The animation is too long: '--animation <expression>' never comes to rest"), "\(result.standardError)")
        #expect(!result.standardError.contains("inf s"))
        #expect(try spinrender(["timeline", "--animation", ".spring(response: 0.5, dampingFraction: 1e9)", "--duration", "1"]).status == 0)
    }

    /// A 65535 × 65535 screen in a 14-byte file, holding no image: what needs the memory is
    /// the decoder's two working canvases of the screen's size, and the message says so (not
    /// "0 frame(s) need …").
    @Test(arguments: [["frames", "huge.gif", "-o", "out"], ["compare", "huge.gif", "huge.gif"]])
    func aHugeGIFScreenNamesTheScreenAndTheCanvases(arguments: [String]) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0x3B]).write(to: URL(fileURLWithPath: folder + "/huge.gif"))
        let result = try spinrender(arguments, in: folder)
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("Error: \(arguments[0] == "frames" ? "reading" : "comparing") 'huge.gif' (65535 × 65535 px, no image)"), "\(result.standardError)")
        // 2 × 65535² × 4 bytes: 32 GiB.
        #expect(result.standardError.contains("needs about \(arguments[0] == "frames" ? "32" : "64") GiB (decoding canvases \(arguments[0] == "frames" ? "32" : "64") GiB"), "\(result.standardError)")
        #expect(!result.standardError.contains("0 frame"))
    }

    /// A value echoed in an error is cut to 60 characters with its length, so a huge value
    /// gives a short line: on the command line (at most 128 KiB an argument on Linux) and in a
    /// manifest (5 MB here).
    @Test func echoedValuesAreCutToSixtyCharacters() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = "#" + String(repeating: "F", count: 100_000)
        for arguments in [["--color", long, "-o", "x.gif"], ["-o", long + ".jpg"], ["--fps", long, "-o", "x.gif"], ["--unknown" + long]] {
            let value = arguments.count == 1 ? "unknown" + long : arguments[1]
            // A path is cut only past PATH_MAX (4096), so any real path is shown whole.
            let limit = arguments.first == "-o" ? 4096 : 60
            let shown = String(value.prefix(limit)) + "… (\(value.count) characters)"
            let result = try spinrender(arguments, in: folder)
            #expect(result.status == 64)
            let first = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.count < limit + 250, "\(first.prefix(300))")
            #expect(first.contains(shown), "\(first.prefix(300))")
        }
        let huge = "#" + String(repeating: "A", count: 5_000_000)
        try Data(#"[{"color": "\#(huge)", "output": "a.gif"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/m.json"))
        let batch = try spinrender(["batch", "m.json"], in: folder)
        #expect(batch.status == 1)
        #expect(batch.standardError.count < 1000, "\(batch.standardError.prefix(300))")
        #expect(batch.standardError.contains(String(huge.prefix(60)) + "… (5000001 characters)"))
    }
}
