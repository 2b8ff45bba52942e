import Foundation
import Testing

/// `--max-memory` bounds the whole command's peak, measured as the maximum resident set size
/// that GNU time reports (`/usr/bin/time -f %M`, in KiB): either the run stays under the limit,
/// or it is refused (65) before anything large is allocated.
@Suite("--max-memory bounds the whole run, end to end",
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
struct MemoryLimitTests {
    /// Runs the tool under GNU time; returns the result without time's last line, and the peak
    /// resident set size in bytes.
    static func measured(_ arguments: [String], in folder: String? = nil) throws -> (RunResult, peakBytes: Int) {
        var result = try spinrender(arguments, in: folder, launcher: ["/usr/bin/time", "-f", "peak %M"])
        var lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last == "" { lines.removeLast() }
        // GNU time adds "Command exited with non-zero status N" before its own line.
        guard let last = lines.popLast(), last.hasPrefix("peak "), let kib = Int(last.dropFirst(5)) else {
            Issue.record("no peak from /usr/bin/time in \(result.standardError)")
            return (result, 0)
        }
        lines.removeAll { $0.hasPrefix("Command exited with non-zero status") }
        result.standardError = lines.map { $0 + "\n" }.joined()
        return (result, kib * 1024)
    }

    /// A GIF whose logical screen is `width` × `height` pixels, holding one 1 × 1 image: a few
    /// dozen bytes that decode to a whole canvas (GIF89a sections 17–24; LZW codes clear, 0,
    /// end at 3 bits: 0x44 0x01).
    static func bigScreenGIF(width: Int, height: Int) -> Data {
        var bytes = Array("GIF89a".utf8)
        bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0]
        bytes += [0, 0, 0, 255, 255, 255]                    // global colour table: black, white
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]           // image descriptor: 1 × 1 at (0, 0)
        bytes += [2, 2, 0x44, 0x01, 0, 0x3B]                 // LZW data, trailer
        return Data(bytes)
    }

    /// A 2500 × 2500 GIF decodes to 25 MB a canvas and fits a 100M limit alone (a frame and two
    /// working canvases, 75 MB); compared with a 10 × 10 PNG with a diff, the comparison and the
    /// diff of the padded canvas come on top, so the whole run cannot fit: refused up front.
    @Test func compareCountsBothInputsTheComparisonAndTheDiff() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.bigScreenGIF(width: 2500, height: 2500).write(to: URL(fileURLWithPath: folder + "/big.gif"))
        #expect(try spinrender(["-o", "small.gif", "--duration", "0.1"], in: folder).status == 0)
        let limit = 100 << 20
        let (refused, peak) = try Self.measured(["compare", "big.gif", "small.gif", "--diff", "d.gif", "--max-memory", "100M"], in: folder)
        #expect(refused.status == 65, "\(refused.standardError)")
        #expect(refused.standardError.hasPrefix("Error: comparing 'big.gif' (2500 × 2500 px, 1 frame) with 'small.gif' (74 × 68 px, 5 frames) needs about "),
                "\(refused.standardError)")
        #expect(refused.standardError.contains("more than --max-memory 100 MiB"))
        #expect(refused.standardError.split(separator: "\n").count == 1)
        #expect(peak < limit / 2, "refused before decoding: peak \(peak) bytes")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.gif"))

        // With room for the whole estimate, the run goes through and stays under the limit.
        let (allowed, allowedPeak) = try Self.measured(["compare", "big.gif", "small.gif", "--diff", "d.gif", "--max-memory", "600M"], in: folder)
        #expect(allowed.status == 2, "\(allowed.standardError)")
        #expect(allowedPeak > 75 << 20, "the inputs were decoded: peak \(allowedPeak)")
        #expect(allowedPeak < 600 << 20, "peak \(allowedPeak) bytes")
    }

    /// One input may come from standard input; the limit then counts its bytes and frames too.
    @Test func compareReadsOneInputFromStandardInput() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "a.gif", "--duration", "0.1"], in: folder).status == 0)
        #expect(try spinrender(["-o", "b.gif", "--duration", "0.1", "--color", "#112233"], in: folder).status == 0)
        for (pipe, other, status) in [("a.gif", "a.gif", Int32(0)), ("b.gif", "a.gif", 1)] {
            let result = try shell("'\(spinrenderBinary)' compare - \(other) < \(pipe)", in: folder)
            #expect(result.status == status, "\(result.standardError)")
            let reversed = try shell("cat \(pipe) | '\(spinrenderBinary)' compare \(other) -", in: folder)
            #expect(reversed.status == status, "\(reversed.standardError)")
        }
        let both = try spinrender(["compare", "-", "-"], in: folder)
        #expect(both.status == 64)
        #expect(both.standardError.hasPrefix("Error: Both inputs are '-'"))
    }

    /// 60 s of frames without compaction (3000 frames of 74 × 68) take 60 MB, their sheet 85 MB,
    /// each under 300M; with the sheet's PNG encoding the run peaks above it. Refused before
    /// any frame is drawn.
    @Test func sheetCountsTheFramesTheSheetAndItsEncodingBeforeRendering() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (result, peak) = try Self.measured(["sheet", "--duration", "60", "--no-compact", "--max-memory", "300M", "-o", "s.png"], in: folder)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: the render of 74 × 68 pixels × 3000 frames needs about "), "\(result.standardError)")
        #expect(result.standardError.contains("sheet "))
        #expect(peak < 100 << 20, "refused before rendering: peak \(peak) bytes")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.png"))

        let (allowed, allowedPeak) = try Self.measured(["sheet", "--duration", "6", "--no-compact", "--max-memory", "100M", "-o", "s.png"], in: folder)
        #expect(allowed.status == 0, "\(allowed.standardError)")
        #expect(allowedPeak < 100 << 20, "peak \(allowedPeak) bytes")
    }

    /// Every worker thread holds canvas-sized buffers: 64 threads on a 785 × 682 canvas need
    /// far more than one, and the estimate counts them.
    @Test(arguments: [["-o", "t.gif"], ["frames", "-o", "dir"]])
    func threadsCountInTheEstimate(command: [String]) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = ["--point-size", "200", "--scale", "3", "--duration", "0.5", "--threads", "64"]
        let (refused, peak) = try Self.measured(command + render + ["--max-memory", "110M"], in: folder)
        #expect(refused.status == 65, "\(refused.standardError)")
        #expect(refused.standardError.contains("25 threads"), "\(refused.standardError)")
        #expect(peak < 60 << 20, "refused before rendering: peak \(peak) bytes")

        let (allowed, allowedPeak) = try Self.measured(command + render + ["--max-memory", "300M"], in: folder)
        #expect(allowed.status == 0, "\(allowed.standardError)")
        #expect(allowedPeak < 300 << 20, "peak \(allowedPeak) bytes")
        // One thread's run needs less: the threads were what did not fit.
        let single = try spinrender(command.map { $0 == "t.gif" ? "u.gif" : $0 == "dir" ? "dir1" : $0 }
                                    + ["--point-size", "200", "--scale", "3", "--duration", "0.5", "--threads", "1", "--max-memory", "110M"], in: folder)
        #expect(single.status == 0, "\(single.standardError)")
    }

    /// Entries rendered at once add up. Two 490 × 428 renders of 100 frames need about 60 MB
    /// each: under the batch's 110M, one runs at a time (a warning says so when --jobs asked
    /// for more) and the peak stays under the limit; an entry needing more than the limit alone
    /// fails by itself.
    @Test func batchRunsFewerEntriesAtOnceWhenTogetherTheyWouldNotFit() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = #"""
            {"defaults": {"point-size": 120, "scale": 3, "duration": 2, "no-compact": true},
             "entries": [{"output": "a.gif"}, {"output": "b.gif", "color": "#123456"}]}
            """#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/m.json"))
        let (result, peak) = try Self.measured(["batch", "m.json", "--jobs", "2", "--max-memory", "110M"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "warning: rendering 1 entry at once instead of 2: more would need more than --max-memory 110 MiB\n")
        #expect(peak < 110 << 20, "peak \(peak) bytes")
        #expect(FileManager.default.fileExists(atPath: folder + "/a.gif") && FileManager.default.fileExists(atPath: folder + "/b.gif"))

        let tight = try spinrender(["batch", "m.json", "--max-memory", "50M"], in: folder)
        #expect(tight.status == 1)
        #expect(tight.standardError.contains("entry 1 (a.gif): the render of 490 × 428 pixels × 100 frames needs about"), "\(tight.standardError)")
    }

    /// verify holds the rendered frames, the reference frames, the comparison and the diff at
    /// once: a reference declaring 4000 × 4000 × 10 frames (610 MiB, under 700M alone) is
    /// refused with the comparison counted, before rendering or reading a frame.
    @Test func verifyCountsTheReferenceAndTheComparison() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/ref", withIntermediateDirectories: false)
        let json = #"{"width": 4000, "height": 4000, "delaysCentiseconds": [2,2,2,2,2,2,2,2,2,2], "loopCount": 0}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/ref/frames.json"))
        let (result, peak) = try Self.measured(["verify", "--reference", "ref", "--record", "never", "--max-memory", "700M"], in: folder)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: the render of 74 × 68 pixels × 25 frames and its comparison needs about "), "\(result.standardError)")
        #expect(result.standardError.contains("reference frames 610.4 MiB"), "\(result.standardError)")
        #expect(peak < 100 << 20, "peak \(peak) bytes")
    }

    /// `--max-memory` takes decimals: 1.5G is 1.5 GiB.
    @Test func decimalSizesAreAccepted() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["--max-memory", "1.5G", "--duration", "0.1", "-o", "a.gif"], in: folder).status == 0)
        // 0.04G is 41 MiB: too little for a 1934 × 1670 canvas; the message says 41 MiB.
        let small = try spinrender(["--max-memory", "0.04G", "--point-size", "512", "--scale", "3", "-o", "b.gif"], in: folder)
        #expect(small.status == 65)
        #expect(small.standardError.contains("more than --max-memory 41 MiB"), "\(small.standardError)")
    }
}

