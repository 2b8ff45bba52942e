import Foundation
import Testing

/// Limits and malformed inputs through the built executable: out-of-range
/// render options exit 64 naming the option and its range; malformed or oversized GIFs and
/// PNGs exit 65 naming the file and the problem, never crash.
@Suite("Hostile input, end to end")
struct HostileInputTests {
    static let gifCorpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("GIFCodecTests/Corpus").path
    static let pngCorpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("PNGCodecTests/Corpus").path

    @Test(arguments: [
        (["--fps", "nan"], "'--fps <fps>': expected a number from 0.01 to 50"),
        (["--fps", "inf"], "'--fps <fps>': expected a number from 0.01 to 50"),
        (["--fps", "101"], "'--fps <fps>'"),
        (["--duration", "0"], "'--duration <seconds>': expected a number from 0 (exclusive) to 600"),
        (["--duration", "nan"], "'--duration <seconds>'"),
        (["--duration", "1e308"], "'--duration <seconds>'"),
        (["--scale", "0"], "'--scale <scale>'. Please provide one of '1', '2', '3'"),
        (["--scale", "-inf"], "'--scale <scale>'"),
        (["--point-size", "0"], "'--point-size <points>': expected a number from 1 to 512"),
        (["--point-size", "-5"], "'--point-size <points>'"),
        (["--padding", "1e9"], "'--padding <points>': expected a number from 0 to 1000"),
        (["--loop", "-1"], "'--loop <count>': expected 'once' or a whole number from 0 to 65535"),
        (["--loop", "99999999999999999999999999"], "'--loop <count>'"),
        (["--loop", "1.5"], "'--loop <count>'"),
        (["--threads", "0"], "'--threads <count>': expected a whole number from 1 to 64"),
        (["--threads", "100000"], "'--threads <count>'"),
        (["--max-memory", "0"], "'--max-memory <bytes>'"),
        (["--max-memory", "-1G"], "'--max-memory <bytes>'"),
        (["--max-memory", "99999999999999999999G"], "'--max-memory <bytes>'"),
        (["--max-memory", "9999999999999G"], "'--max-memory <bytes>'"),
        (["--max-memory", "1.5.2G"], "'--max-memory <bytes>'"),
        (["--max-memory", "1e3M"], "'--max-memory <bytes>'"),
        (["--max-memory", ".G"], "'--max-memory <bytes>'"),
        (["--max-memory", "0.0000001K"], "'--max-memory <bytes>'"),
        (["--rotate-at", "nan"], "'--rotate-at <seconds>'"),
        (["--stage", "0x0"], "'--stage <WIDTHxHEIGHT>'"),
        (["--stage", "1e99x1e99"], "'--stage <WIDTHxHEIGHT>'"),
    ])
    func outOfRangeOptionsExit64NamingTheOptionAndRange(arguments: [String], message: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(arguments + ["-o", "x.gif"], in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: The value '\(arguments[1])' is invalid for "), "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// A view that lays out empty, with `--canvas layout` and no padding, makes a canvas of no
    /// pixels: every command that draws refuses it with 65 before drawing (no encoder's
    /// software error, 70), and writes nothing.
    @Test(arguments: zip([["-o", "x.gif"], ["--at", "0", "-o", "x.png"], ["-o", "x.webp"]], ["frames", "verify", "frames"]))
    func aCanvasOfNoPixelsIsRefusedBeforeDrawing(render: [String], command: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "import SwiftUI\nstruct Empty: View { var body: some View { Text(\"\") } }\n"
            .write(toFile: folder + "/Empty.swift", atomically: true, encoding: .utf8)
        let layout = ["Empty.swift", "--canvas", "layout", "--padding", "0"]
        let arguments = command == "frames" ? ["frames"] + layout + ["-o", "frames"]
                                            : ["verify"] + layout + ["--reference", "references", "--record", "missing"]
        for run in [layout + render, arguments] {
            let result = try spinrender(run, in: folder)
            #expect(result.status == 65, "\(run): \(result.standardError)")
            #expect(result.standardError == "Error: the canvas would be 0 × 41 pixels: the view lays out empty; use --canvas ink or --padding to give it room, or write an SVG\n",
                    "\(run)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Empty.swift"])
    }

    @Test func aRenderOverTheMemoryLimitExits65GivingTheSize() throws {
        // 30 000 frames kept (no loop compaction), each 1934 × 1670: about 90 GiB even at one byte
        // per pixel in the streaming encoder.
        let result = try spinrender(["--scale", "3", "--point-size", "512", "--duration", "600", "--no-compact", "-o", "x.gif"])
        #expect(result.status == 65)
        #expect(result.standardError.contains("1934 × 1670 pixels × 30000 frames"), "\(result.standardError)")
        // 2 bytes a pixel-frame: 180.5 GiB.
        #expect(result.standardError.contains("needs about 18"), "\(result.standardError)")
        #expect(result.standardError.contains("(frames 180.5 GiB, "), "\(result.standardError)")
        #expect(result.standardError.contains("), more than --max-memory 1 GiB; "), "\(result.standardError)")
    }

    /// The encoder keeps about 1.7 bytes per pixel per frame for one spinner (at most 256
    /// colours) and 2.4 for the preview (more, ids of 2 bytes): the check counts 2 and 3.
    /// 1860 × 1860 × 125 frames is 432 Mi pixel-frames: about 1.4 GiB as a preview.
    @Test func theMemoryEstimateCountsTheColourIDsOfManyColourRenders() throws {
        let preview = try spinrender(["--mode", "preview", "--scale", "3", "--point-size", "120", "--rotate-at", "0.5",
                                      "--duration", "2.5", "--max-memory", "1G", "-o", "/dev/null"])
        #expect(preview.status == 65)
        #expect(preview.standardError.contains("1860 × 1860 pixels × 125 frames needs about 1.5 GiB (frames 1.2 GiB"), "\(preview.standardError)")
        // One spinner turning, 490 × 428 × 25 frames on one thread: 2 bytes a pixel-frame, 64 a
        // canvas pixel, 12 for the thread, 4 for the frame it recycles beyond those and 32 MiB
        // for the process make 58.0 MiB, under 59M (3 bytes would make 63.0 MiB).
        let single = try spinrender(["--scale", "3", "--point-size", "120", "--duration", "0.5", "--no-compact",
                                     "--threads", "1", "--max-memory", "59M", "-o", "/dev/null"])
        #expect(single.status == 0, "\(single.standardError)")
    }

    @Test(arguments: ["index-out-of-palette", "lzw-code-beyond-table", "lzw-min-code-size-12", "stray-data-before-any-frame",
                      "control-block-3-bytes", "zero-size-screen-no-image", "bomb-huge-canvas", "bomb-many-frames", "bomb-huge-frame"])
    func malformedGIFsExit65FromFramesAndCompare(name: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = Self.gifCorpus + "/" + name + ".gif"
        let frames = try spinrender(["frames", path, "-o", "out"], in: folder)
        #expect(frames.status == 65, "\(frames.standardError)")
        // A bomb's canvas or frames are refused by the run's memory estimate, before decoding.
        // (bomb-huge-frame's first image grows the canvas to 65535 × 65535, as in Chromium.)
        let refusedUpFront = name == "bomb-huge-canvas" || name == "bomb-many-frames" || name == "bomb-huge-frame"
        #expect(frames.standardError.hasPrefix(refusedUpFront ? "Error: reading '\(path)' (" : "Error: '\(path)' is not a readable GIF: "),
                "\(frames.standardError)")
        #expect(frames.standardError.split(separator: "\n").count == 1)
        let compare = try spinrender(["compare", path, path], in: folder)
        #expect(compare.status == 65, "\(compare.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// Files browsers show only after a repair: read with one warning line per repair (naming
    /// the file and the byte offset) and exit 0; `--strict` refuses each with 65 and writes nothing.
    @Test(arguments: ["truncated-lzw", "lzw-ends-early", "no-palette", "stray-data-after-frames", "second-header-after-frames",
                      "truncated-second-frame", "first-frame-larger-than-screen", "zero-size-screen", "no-trailer",
                      "control-block-5-bytes", "two-loop-blocks"])
    func repairedGIFsWarnAndStrictRefusesThem(name: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = Self.gifCorpus + "/" + name + ".gif"
        let frames = try spinrender(["frames", path, "-o", "out"], in: folder)
        #expect(frames.status == 0, "\(frames.standardError)")
        let lines = frames.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines.allSatisfy { $0.hasPrefix("warning: '\(path)': byte ") }, "\(frames.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/frames.json"))
        let compare = try spinrender(["compare", path, path], in: folder)
        #expect(compare.status == 0, "\(compare.standardError)")
        #expect(compare.standardError.split(separator: "\n").count == 2, "\(compare.standardError)")   // one per input
        for command in [["frames", path, "-o", "strict", "--strict"], ["compare", path, path, "--strict"]] {
            let strict = try spinrender(command, in: folder)
            #expect(strict.status == 65, "\(command): \(strict.standardError)")
            #expect(strict.standardError.hasPrefix("Error: '\(path)' is a GIF that browsers show only after a repair, which --strict refuses: byte "),
                    "\(strict.standardError)")
            #expect(strict.standardError.split(separator: "\n").count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict"))
    }

    /// --timing spec composes an image with delay 0 into the next frame; the default shows
    /// each image, playing delays 0–1 cs as 10 cs.
    @Test func timingSpecComposesDelayZeroImages() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 2 × 1 screen, palette red, green, blue, white; left pixel (delay 0), right pixel (delay 7).
        var bytes: [UInt8] = Array("GIF89a".utf8) + [2, 0, 1, 0, 0x81, 0, 0] + [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        bytes += [0x21, 0xF9, 4, 0x04, 0, 0, 0, 0]   // keep, delay 0
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]   // 1 × 1 at (0, 0): index 0 (red)
        bytes += [0x21, 0xF9, 4, 0x04, 7, 0, 0, 0]   // keep, delay 7
        bytes += [0x2C, 1, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]   // 1 × 1 at (1, 0): index 1 (green)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/two.gif"))
        for (timing, delays) in [(nil, [10, 7]), ("browser", [10, 7]), ("spec", [7])] {
            let output = "out-\(timing ?? "default")"
            let result = try spinrender(["frames", "two.gif", "-o", output] + (timing.map { ["--timing", $0] } ?? []), in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + output + "/frames.json"))) as? [String: Any]
            #expect(json?["delaysCentiseconds"] as? [Int] == delays, "\(timing ?? "default"): \(String(describing: json))")
        }
        // Composed: the spec frame shows both pixels; so does the browser's second frame.
        let spec = try spinrender(["compare", "out-spec/frame_0000.png", "out-browser/frame_0001.png"], in: folder)
        #expect(spec.status == 0, "\(spec.standardOutput)\(spec.standardError)")
    }

    @Test func aBombGIFsMessageGivesTheSizeItWouldNeed() throws {
        let result = try spinrender(["frames", Self.gifCorpus + "/bomb-huge-canvas.gif", "-o", "out"])
        #expect(result.status == 65)
        #expect(result.standardError.contains("(65535 × 65535 px, 1 frame) needs about 144 GiB"), "\(result.standardError)")
        #expect(result.standardError.contains("more than --max-memory 1 GiB"), "\(result.standardError)")
    }

    @Test func maxMemoryAppliesToCompareAndFrames() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        let compare = try spinrender(["compare", "a.gif", "a.gif", "--max-memory", "64K"], in: folder)
        #expect(compare.status == 65, "\(compare.standardError)")
        #expect(compare.standardError.contains("more than --max-memory 64 KiB"), "\(compare.standardError)")
        let frames = try spinrender(["frames", "a.gif", "-o", "out", "--max-memory", "64K"], in: folder)
        #expect(frames.status == 65, "\(frames.standardError)")
        #expect(try spinrender(["compare", "a.gif", "a.gif", "--max-memory", "64M"], in: folder).status == 0)
    }

    @Test(arguments: [
        (#"{"width": 1000, "height": 1000, "delaysCentiseconds": [THOUSAND], "loopCount": 0}"#, "comparing 'frames' (1000 × 1000 px, 1000 frames) with 'frames' (1000 × 1000 px, 1000 frames) needs about 8.4 GiB"),
        (#"{"width": -3, "height": 1000, "delaysCentiseconds": [1], "loopCount": 0}"#, "declares a -3×1000 px canvas"),
        (#"{"width": 1, "height": 1, "delaysCentiseconds": [PLACEHOLDER], "loopCount": 0}"#, "declares 300000 frames, more than the limit of 100000"),
    ])
    func aFrameFolderDeclaringTooMuchIsRefusedBeforeReadingFrames(json: String, message: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/frames", withIntermediateDirectories: false)
        let delays = Array(repeating: "2", count: 300_000).joined(separator: ",")
        let thousand = Array(repeating: "2", count: 1000).joined(separator: ",")
        try Data(json.replacingOccurrences(of: "PLACEHOLDER", with: delays).replacingOccurrences(of: "THOUSAND", with: thousand).utf8)
            .write(to: URL(fileURLWithPath: folder + "/frames/frames.json"))
        let result = try spinrender(["compare", "frames", "frames"], in: folder)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    /// A folder of 5 frames whose frames.json lists `declared` delays: refused as bad data (65)
    /// naming frames.json and both counts, by compare and by verify, whichever way they differ.
    @Test("frames.json declaring more or fewer frames than the folder holds exits 65 with both counts", arguments: [1, 4, 6])
    func aFrameCountMismatchBetweenFramesJSONAndTheFolderExits65(declared: Int) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["frames", "--fps", "5", "-o", "ref"], in: folder).status == 0)
        let held = try FileManager.default.contentsOfDirectory(atPath: folder + "/ref").filter { $0.hasPrefix("frame_") }.count
        #expect(held == 5)
        let delays = Array(repeating: "20", count: declared).joined(separator: ", ")
        try Data(#"{"width": 74, "height": 68, "scale": 2, "delaysCentiseconds": [\#(delays)], "loopCount": 0}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/ref/frames.json"))
        for arguments in [["compare", "ref", "ref"], ["verify", "--fps", "5", "--reference", "ref", "--record", "never"]] {
            let result = try spinrender(arguments, in: folder)
            #expect(result.status == 65, "\(arguments): \(result.standardError)")
            #expect(result.standardError.hasPrefix("Error: 'ref/frames.json' declares \(declared) frame"), "\(result.standardError)")
            #expect(result.standardError.contains("'ref' holds 5 frame files"), "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1)
        }
    }

    /// A second frame of 2^30 pixels on a 1 × 1 screen (clipped, so the canvas stays 1 × 1):
    /// refused from its descriptor, before the LZW data is decoded, because --max-memory bounds
    /// the pixels decoded as well as those kept.
    @Test func aHugeOffScreenFrameIsRefusedBeforeDecoding() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var bytes: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x81, 0, 0] + [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]   // 1 × 1
        bytes += [0x2C, 0, 0, 0, 0, 0x00, 0x80, 0xFF, 0x7F, 0, 2, 2, 0x44, 0x01, 0, 0x3B]   // 32768 × 32767
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/wide.gif"))
        let result = try spinrender(["frames", "wide.gif", "-o", "out"], in: folder)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains("1073709057 pixels to decode, limit 268435456"), "\(result.standardError)")
    }

    /// An endless input (a device, or a FIFO fed forever) is cut off at --max-memory.
    @Test func anEndlessInputIsCutOffAtTheMemoryLimit() throws {
        let result = try spinrender(["compare", "/dev/zero", "/dev/zero", "--max-memory", "1M"])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: reading '/dev/zero' needs more than --max-memory 1 MiB: the limit leaves no room for it beside the process itself 32 MiB"), "\(result.standardError)")
    }

    @Test(arguments: ["no-trailer", "zero-width-frame", "lzw-full-table-without-clear", "unknown-extensions", "smallest-1x1-42-bytes"])
    func oddButValidGIFsExportTheirFrames(name: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = Self.gifCorpus + "/" + name + ".gif"
        let result = try spinrender(["frames", path, "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/frame_0000.png"))
        #expect(try spinrender(["compare", path, "out"], in: folder).status == 0)
    }

    @Test(arguments: ["truncated", "bad-crc-idat", "huge-ihdr", "zero-width-ihdr"])
    func malformedPNGsExit65(name: String) throws {
        let path = Self.pngCorpus + "/" + name + ".png"
        let result = try spinrender(["compare", path, path])
        #expect(result.status == 65, "\(result.standardError)")
        // A header declaring 100000 × 100000 pixels is refused by the memory estimate, before decoding.
        let prefix = name == "huge-ihdr" ? "Error: comparing '\(path)' (100000 × 100000 px, 1 frame)" : "Error: '\(path)' is not a readable PNG: "
        #expect(result.standardError.hasPrefix(prefix), "\(result.standardError)")
    }

    // MARK: The crash classes, as a user meets them

    @Test("a frame rate below 0.01, a 513-modifier animation and a speed that never ends are usage errors naming the option", arguments: [
        (["--fps", "3e-5"], "The value '3e-5' is invalid for '--fps <fps>': expected a number from 0.01 to 50"),
        (["--animation", ".easeIn" + String(repeating: ".speed(2)", count: 513)],
         "The value for '--animation <expression>' is invalid: more than 512 modifiers after the animation at column 4616"),
        (["--animation", ".linear(duration: 3).speed(2e-310)"],
         "never comes to rest (its speed of 2e-310 stretches it beyond any length)"),
    ])
    func crashClassesAreUsageErrors(arguments: [String], message: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(arguments + ["-o", "x.svg"], in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: ") && result.standardError.contains(message), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a source with huge finite numbers writes its SVG, and nothing else is left next to it")
    func hugeNumbersWriteAnSVG() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = "import SwiftUI\nstruct A: View {\n    var body: some View {\n        Circle().frame(width: 9, height: 9)\n            .offset(x: 2e21, y: -3e19).rotationEffect(.degrees(7e301)).scaleEffect(8e22)\n    }\n}\n"
        try Data(source.utf8).write(to: URL(fileURLWithPath: folder + "/A.swift"))
        let result = try spinrender(["A.swift", "-o", "out.svg"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try String(contentsOfFile: folder + "/out.svg", encoding: .utf8)
        // The offset is turned and scaled with the view, into the frame's translation: about
        // 1.6 × 10⁴⁴ pt away, every digit written.
        for part in ["translate(-7.956167444241216e+43-1.3883695459033814e+44)", "scale(8e+22 8e+22)", "rotate(7e+301)"] {
            #expect(svg.contains(part), "\(part): \(svg)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["A.swift", "out.svg"])
    }

    @Test("invalid UTF-8 in a source exits 65 at its line and column, with a caret")
    func invalidUTF8IsLocated() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Array("import SwiftUI\nlet tint = \"".utf8) + [0xE9, 0x22, 0x0A]).write(to: URL(fileURLWithPath: folder + "/Bad.swift"))
        let result = try spinrender(["Bad.swift", "-o", "x.gif"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError == "Bad.swift:2:13: error: not UTF-8 text (byte 0xE9 at offset 27); Swift source is UTF-8\nlet tint = \"\u{FFFD}\"\n            ^\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Bad.swift"])
    }

    @Test("after SIGKILL the next run writing the same output removes the killed run's temporary file")
    func sigkillLeftoverIsRemovedByTheNextRun() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".out.gif.spinrender-") }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spinrenderBinary)
        process.arguments = ["--scale", "3", "--point-size", "200", "--fps", "20", "--duration", "10",
                             "--no-compact", "--max-memory", "4G", "-o", "out.gif"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while temporaries().isEmpty && process.isRunning && Date() < deadline { usleep(2_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = temporaries()
        let suffix: String = left.first.map { String($0.suffix(6)) } ?? ""
        let expectedName: String = ".out.gif.spinrender-\(process.processIdentifier)-" + suffix
        #expect(left == [expectedName], "\(left)")
        let again = try spinrender(["--duration", "0.2", "-o", "out.gif"], in: folder)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.gif"])
    }
}
