import Foundation
import Testing
import SpinRender

/// `--artifacts DIR`: a failing comparison leaves its frames, diffs and reports in one folder.
@Suite("compare and verify --artifacts")
struct ArtifactsCommandTests {
    /// The decoded pixels of a PNG file.
    static func png(_ path: String) throws -> RGBAImage {
        try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func failingComparisonWritesBothSidesTheDiffAndTheReports() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["--fps", "25", "-o", "slow.gif"], in: folder).status == 0)
        #expect(try spinrender(["--fps", "50", "-o", "fast.gif"], in: folder).status == 0)
        let result = try spinrender(["compare", "slow.gif", "fast.gif", "--artifacts", "out/artifacts"], in: folder)
        #expect(result.status == 1)
        let dir = folder + "/out/artifacts/fast-failure"
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        // 25 failing moments (20 ms, 60 ms, …): the first 20 are written, as the text report lists them.
        let moments = (0..<20).map { 2 * $0 + 1 }
        let framesWritten = moments.flatMap { i -> [String] in
            let stem = String(FrameFolder.frameName(i).dropLast(4))
            return ["\(stem)-actual.png", "\(stem)-diff.png", "\(stem)-expected.png"]
        }
        #expect(files == (["diff.gif"] + framesWritten + ["report.html", "report.json", "report.txt"]).sorted())
        // Each side's picture is the frame it shows then: moment 2k + 1 is slow frame k, fast frame 2k + 1.
        #expect(try spinrender(["frames", "slow.gif", "-o", "slow"], in: folder).status == 0)
        #expect(try spinrender(["frames", "fast.gif", "-o", "fast"], in: folder).status == 0)
        for k in [0, 3, 19] {
            let stem = String(FrameFolder.frameName(2 * k + 1).dropLast(4))
            let actual = try Self.png("\(dir)/\(stem)-actual.png"), expected = try Self.png("\(dir)/\(stem)-expected.png")
            #expect(actual.pixels == (try Self.png(folder + "/slow/" + FrameFolder.frameName(k))).pixels)
            #expect(expected.pixels == (try Self.png(folder + "/fast/" + FrameFolder.frameName((2 * k + 1) % 25))).pixels)
            // The diff is red exactly where the two differ (threshold 0), grey elsewhere.
            let diff = try Self.png("\(dir)/\(stem)-diff.png")
            for i in 0..<actual.pixelCount {
                let a = Array(actual.pixels[i * 4..<i * 4 + 4]), e = Array(expected.pixels[i * 4..<i * 4 + 4])
                let same = a == e || (a[3] == 0 && e[3] == 0)
                let red = diff.pixels[i * 4] == 255 && diff.pixels[i * 4 + 1] == 0 && diff.pixels[i * 4 + 2] == 0
                #expect(red == !same, "pixel \(i) of moment \(2 * k + 1)")
            }
        }
        let text = try String(contentsOfFile: dir + "/report.txt", encoding: .utf8)
        #expect(text == result.output)
        #expect(try String(contentsOfFile: dir + "/report.json", encoding: .utf8).contains("\"verdict\": \"pixelsDiffer\""))
    }

    @Test func passingComparisonWritesNothing() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["compare", "a.gif", "a.gif", "--artifacts", "art"], in: folder).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/art"))
        #expect(try spinrender(["verify", "--reference", "ref", "--record", "missing"], in: folder).status == 1)
        #expect(try spinrender(["verify", "--reference", "ref", "--artifacts", "art"], in: folder).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/art"))
        // A failing verify names its folder after the reference.
        let failing = try spinrender(["verify", "--mode", "implicit", "--reference", "ref", "--artifacts", "art"], in: folder)
        #expect(failing.status == 1)
        #expect(FileManager.default.fileExists(atPath: folder + "/art/ref-failure/report.json"))
        #expect(FileManager.default.fileExists(atPath: folder + "/art/ref-failure/frame_0000-expected.png"))
    }

    @Test func artifactsOverlappingAnInputAreRefused() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "b.gif"], in: folder).status == 0)
        try FileManager.default.createDirectory(atPath: folder + "/art/b-failure", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/b.gif", toPath: folder + "/art/b-failure/a.gif")
        let result = try spinrender(["compare", "art/b-failure/a.gif", "b.gif", "--artifacts", "art"], in: folder)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The artifacts folder 'art/b-failure' would overlap the input 'art/b-failure/a.gif'"))
    }
}
