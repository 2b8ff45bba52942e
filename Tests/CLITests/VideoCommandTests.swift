import Foundation
import Testing
import SpinRender

private func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

/// The chunk types of a PNG file, in order.
private func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var at = 8
    while at + 12 <= png.count {
        let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
        types.append(String(decoding: png[at + 4..<at + 8], as: UTF8.self))
        at += 12 + length
    }
    return types
}

@Suite("MP4 and APNG output, end to end")
struct VideoCommandTests {
    @Test("-o x.mp4 --poster x.png writes the video and its first frame, every pixel the rendered frame's; -o x.png writes an APNG whose default image is that frame; --format mp4 writes to standard output")
    func outputs() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try spinrender(["-o", "s.mp4", "--poster", "s-poster.png", "-v"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("s.mp4: 74×68 px, 25 frames (100 before loop compaction) × 1 copy, 25/50 s a copy"), "\(run.standardError)")
        let mp4 = try #require(bytes(folder + "/s.mp4"))
        #expect(String(decoding: mp4[4..<8], as: UTF8.self) == "ftyp")
        let first = SpinRenderer.renderFrames(RenderRequest()).sequence.frames[0].image
        #expect(try PNGDecoder.decode(try #require(bytes(folder + "/s-poster.png"))) == first)

        let apng = try spinrender(["-o", "s.png"], in: folder)
        #expect(apng.status == 0, "\(apng.standardError)")
        let png = try #require(bytes(folder + "/s.png"))
        #expect(chunkTypes(png).prefix(2) == ["IHDR", "acTL"])
        #expect(try PNGDecoder.decode(png) == first)

        let piped = try spinrender(["-o", "-", "--format", "mp4", "--loop", "2"], in: folder)
        #expect(piped.status == 0)
        #expect(piped.standardOutput.count > mp4.count * 2, "three copies")
    }

    @Test("misuse is a usage error (64) naming the option, and leaves an existing output alone", arguments: [
        (["-o", "x.mp4", "--transparent"], "'--transparent' cannot apply to MP4 output: H.264 video has no alpha"),
        (["-o", "x.mp4", "--poster", "p.jpg"], "the poster is a PNG; give a path ending in .png"),
        (["-o", "x.mp4", "--loop", "300"], "each of the 301 plays is stored, 602 s in all, more than 600 s; give --loop 299 or less"),
        (["-o", "x.mp4", "--quality", "80"], "'--quality <N>' applies only to WebP output"),
        (["-o", "x.png", "--dither", "ordered"], "applies only to GIF output; leave it out for APNG"),
    ])
    func misuse(arguments: [String], message: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/" + arguments[1]
        try Data("keep".utf8).write(to: URL(fileURLWithPath: output))
        let run = try spinrender(arguments, in: folder)
        #expect(run.status == 64, "\(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(bytes(output) == Array("keep".utf8))
    }

    @Test("--poster with another format is a usage error")
    func posterWithGIF() throws {
        let run = try spinrender(["-o", "x.gif", "--poster", "p.png"], in: makeFolder())
        #expect(run.status == 64)
        #expect(run.standardError.contains("'--poster <file.png>' applies only to MP4 output"), "\(run.standardError)")
    }
}
