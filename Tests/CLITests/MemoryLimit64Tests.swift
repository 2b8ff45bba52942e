import Foundation
import Testing

/// Every command under `--max-memory 64M`, with inputs sized either side of what the limit
/// allows: the one just over is refused (65) before it takes the memory, the one just under
/// runs, and both peaks — measured by the kernel for the child alone (``spinrenderMeasured(_:in:input:)``)
/// — stay below 64 MiB. Inputs are made in the test; the cases run in parallel.
@Suite("--max-memory 64M holds for every command")
struct MemoryLimit64Tests {
    static let limit = 64 << 20

    /// A looping GIF of `frames` 1 cs-apart… 20 ms frames on a `size` × `size` screen, each a
    /// 1 × 1 image at the corner alternating black and white (inverted: white first), so that
    /// neighbours differ and two such GIFs differ at every moment; `padding` bytes of comment
    /// extensions after the frames make a large file of small content. GIF89a sections 17–26;
    /// LZW codes clear, index, end at 3 bits: `0x44 0x01` for index 0, `0x4C 0x01` for 1.
    static func stripeGIF(frames: Int, size: Int, inverted: Bool = false, padding: Int = 0) -> Data {
        var bytes = Array("GIF89a".utf8)
        bytes += [UInt8(size & 0xFF), UInt8(size >> 8), UInt8(size & 0xFF), UInt8(size >> 8), 0x80, 0, 0]
        bytes += [0, 0, 0, 255, 255, 255]
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for index in 0..<frames {
            let white = (index % 2 == 1) != inverted
            bytes += [0x21, 0xF9, 4, 0, 2, 0, 0, 0]
            bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]
            bytes += [2, 2, white ? 0x4C : 0x44, 0x01, 0]
        }
        var left = padding
        while left > 0 {
            bytes += [0x21, 0xFE]
            var block = min(left, 1 << 20)
            left -= block
            while block > 0 {
                let count = min(255, block)
                bytes.append(UInt8(count))
                bytes += [UInt8](repeating: 0x78, count: count)
                block -= count
            }
            bytes.append(0)
        }
        bytes.append(0x3B)
        return Data(bytes)
    }

    /// `ContentView`: a `ZStack` of `views` turning circles.
    static func spinners(_ views: Int) -> String {
        """
        import SwiftUI

        struct ContentView: View {
            @State private var animating = false
            var body: some View {
                ZStack {
                    ForEach(0..<\(views)) { index in
                        Circle()
                            .frame(width: 4, height: 4)
                            .offset(y: -20)
                            .rotationEffect(.degrees(animating ? 360 : 0))
                    }
                }
                .onAppear {
                    withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { animating = true }
                }
            }
        }

        """
    }

    struct Run: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var status: Int32
        /// What standard error starts with (empty: anything).
        var message: String = ""
        var input: String? = nil
        /// The files of ``makeInputs(_:in:)`` it reads.
        var files: [String] = []
        var testDescription: String { name }
    }

    /// Writes the inputs `names` into `folder`.
    static func makeInputs(_ names: [String], in folder: String) throws {
        func write(_ data: @autoclosure () -> Data, _ name: String) throws {
            guard names.contains(name) else { return }
            try data().write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        // 33 MiB of file: more than the 32 MiB a 64M limit leaves beside the process.
        try write(stripeGIF(frames: 2, size: 8, padding: 33 << 20), "padded.gif")
        try write(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 17 << 20), "junk.png")
        // 100 and 99 frames of 20 ms: 9 900 moments. On 32 × 32 the comparison holds about
        // 19 MiB (52 MiB in all); on 48 × 48 about 31 MiB (65 MiB): just over.
        try write(stripeGIF(frames: 100, size: 32), "a32.gif")
        try write(stripeGIF(frames: 99, size: 32, inverted: true), "b32.gif")
        try write(stripeGIF(frames: 100, size: 48), "a48.gif")
        try write(stripeGIF(frames: 99, size: 48, inverted: true), "b48.gif")
        // 1 000 and 990 frames: a common period of 98 000 moments, refused at once (exit 2).
        try write(stripeGIF(frames: 1000, size: 8), "a1000.gif")
        try write(stripeGIF(frames: 990, size: 8, inverted: true), "b990.gif")
        try write(Data(spinners(100).utf8), "spinners.swift")
        try write(Data((["import SwiftUI", "struct ContentView: View {", "var body: some View {", "ZStack {"]
                        + Array(repeating: "Circle()", count: 30_000) + ["}", "}", "}"]).joined(separator: "\n").utf8), "circles.swift")
        try write(Data(#"""
            {"defaults": {"scale": 3, "duration": 0.1, "no-compact": true, "threads": 2},
             "entries": [{"output": "over.gif", "point-size": 160}, {"output": "under.gif", "point-size": 150}]}
            """#.utf8), "batch.json")
    }

    static let runs: [Run] = [
        // render: 638 × 555 × 5 frames is estimated at 65.1 MiB, 601 × 523 at 61.4 MiB.
        Run(name: "render over", arguments: ["-o", "over.gif", "--point-size", "160", "--scale", "3", "--duration", "0.1", "--no-compact", "--threads", "2"],
            status: 65, message: "Error: the render of 638 × 555 pixels × 5 frames needs about 65.1 MiB"),
        Run(name: "render under", arguments: ["-o", "under.gif", "--point-size", "150", "--scale", "3", "--duration", "0.1", "--no-compact", "--threads", "2"], status: 0),
        // frames: 601 × 523 × 25 frames 66.8 MiB, × 20 frames 60.8 MiB.
        Run(name: "frames over", arguments: ["frames", "-o", "over", "--point-size", "150", "--scale", "3", "--duration", "0.5", "--no-compact", "--threads", "2"],
            status: 65, message: "Error: the render of 601 × 523 pixels × 25 frames needs about 66.8 MiB"),
        Run(name: "frames under", arguments: ["frames", "-o", "under", "--point-size", "150", "--scale", "3", "--duration", "0.4", "--no-compact", "--threads", "2"], status: 0),
        Run(name: "frames of a 33 MiB file", arguments: ["frames", "padded.gif", "-o", "padded"], status: 65,
            message: "Error: reading 'padded.gif' (", files: ["padded.gif"]),
        Run(name: "frames of an endless stream", arguments: ["frames", "/dev/zero", "-o", "zero"], status: 65,
            message: "Error: reading '/dev/zero' needs more than --max-memory 64 MiB: more than 32 MiB arrived"),
        Run(name: "frames of an endless standard input", arguments: ["frames", "-", "-o", "stdin"], status: 65,
            message: "Error: reading standard input needs more than --max-memory 64 MiB", input: "/dev/zero"),
        // sheet: 74 × 68 × 250 frames 65.9 MiB. (A sheet just under takes seconds to encode in
        // a debug build; MemoryLimitTests runs one under 100M.)
        Run(name: "sheet over", arguments: ["sheet", "-o", "over.png", "--duration", "5", "--no-compact", "--threads", "2"],
            status: 65, message: "Error: the render of 74 × 68 pixels × 250 frames needs about 65.9 MiB"),
        // timeline streams: 100 views over 500 frames (13 MB of JSON) held whole took about 70 MB.
        Run(name: "timeline of 100 views", arguments: ["timeline", "spinners.swift", "--duration", "10", "--json"], status: 0, files: ["spinners.swift"]),
        Run(name: "verify against a 33 MiB reference", arguments: ["verify", "--reference", "padded.gif", "--record", "never", "--duration", "0.1"],
            status: 65, message: "Error: reading 'padded.gif' (", files: ["padded.gif"]),
        Run(name: "verify under", arguments: ["verify", "--reference", "ref", "--record", "missing", "--duration", "0.5"], status: 1),
        Run(name: "compare of two 17 MiB files", arguments: ["compare", "junk.png", "junk.png"], status: 65,
            message: "Error: reading 'junk.png' (17825800 bytes) needs about 66 MiB", files: ["junk.png"]),
        Run(name: "compare from an endless standard input", arguments: ["compare", "-", "a32.gif"], status: 65,
            message: "Error: reading standard input needs more than --max-memory 64 MiB", input: "/dev/zero", files: ["a32.gif"]),
        Run(name: "compare over 9900 moments over", arguments: ["compare", "a48.gif", "b48.gif"], status: 65,
            message: "Error: comparing 'a48.gif' (48 × 48 px, 100 frames) with 'b48.gif' (48 × 48 px, 99 frames) over 9900 moments needs about 65.", files: ["a48.gif", "b48.gif"]),
        Run(name: "compare over 9900 moments under", arguments: ["compare", "a32.gif", "b32.gif"], status: 1, files: ["a32.gif", "b32.gif"]),
        Run(name: "compare over a common period too long", arguments: ["compare", "a1000.gif", "b990.gif"], status: 2, files: ["a1000.gif", "b990.gif"]),
        Run(name: "batch", arguments: ["batch", "batch.json"], status: 1, files: ["batch.json"]),
        Run(name: "render of 30000 literal views", arguments: ["circles.swift", "-o", "circles.gif"], status: 65,
            message: "circles.swift:", files: ["circles.swift"]),
    ]

    @Test(arguments: runs)
    func peakStaysUnderTheLimit(_ run: Run) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.makeInputs(run.files, in: folder)
        let (result, peak) = try spinrenderMeasured(run.arguments + ["--max-memory", "64M"], in: folder, input: run.input)
        #expect(result.status == run.status, "\(result.standardError)")
        #expect(result.standardError.hasPrefix(run.message), "\(result.standardError)")
        if run.status == 65 && run.message.hasPrefix("Error: ") {
            #expect(result.standardError.contains("--max-memory 64 MiB"), "\(result.standardError)")
        }
        #expect(peak > 0 && peak < Self.limit, "peak \(peak) bytes")
        if run.status == 65 { #expect(result.standardError.split(separator: "\n").count <= 3) }
        switch run.name {
        case "timeline of 100 views":
            // 500 frames, each listing the 100 views.
            #expect(result.output.components(separatedBy: "\"angleDegrees\"").count - 1 == 500 * 100)
        case "compare over a common period too long":
            #expect(result.output.hasPrefix("loop duration differs: actual 20000 ms, expected 19800 ms, both looping forever; their common period is too long to compare"))
        case "batch":
            #expect(result.standardError.contains("entry 1 (over.gif): the render of 638 × 555 pixels × 5 frames needs about 65.1 MiB"), "\(result.standardError)")
            #expect(FileManager.default.fileExists(atPath: folder + "/under.gif") && !FileManager.default.fileExists(atPath: folder + "/over.gif"))
        default: break
        }
    }
}
