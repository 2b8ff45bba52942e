import Foundation
import Testing
import SpinRender

private func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

@Suite("WebP output and input, end to end")
struct WebPCommandTests {
    @Test("the output's extension or --format chooses the format; GIF when neither says",
          arguments: [(["-o", "a.webp"], "a.webp", "webp"), (["-o", "a.WebP"], "a.WebP", "webp"), (["-o", "a.gif"], "a.gif", "gif"),
                      (["-o", "a", "--format", "webp"], "a", "webp"), (["-o", "a"], "a", "gif"),
                      (["-o", "a.webp", "--format", "webp"], "a.webp", "webp"), (["render", "-o", "a.gif", "--format", "gif"], "a.gif", "gif")])
    func formatSelection(arguments: [String], file: String, format: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try spinrender(arguments, in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let written = try #require(bytes(folder + "/" + file))
        if format == "webp" {
            #expect(WebPDecoder.isWebP(written))
            #expect(try WebPDecoder.decode(written).sequence.frames.count == 25)
        } else {
            #expect(written.starts(with: Array("GIF89a".utf8)))
        }
    }

    @Test("standard output takes --format webp")
    func standardOutput() throws {
        let run = try spinrender(["-o", "-", "--format", "webp"], in: makeFolder())
        #expect(run.status == 0)
        #expect(try WebPDecoder.decode([UInt8](run.standardOutput)).sequence.frames.count == 25)
    }

    @Test("conflicts and misuse are usage errors (64) naming the options, and leave an existing output alone",
          arguments: [(["-o", "x.gif", "--format", "webp"], "names a GIF file, but '--format webp' asks for WEBP"),
                      (["-o", "x.webp", "--format", "gif"], "names a WEBP file, but '--format gif' asks for GIF"),
                      (["-o", "x.jpg"], "the spinner is written as GIF, WebP, SVG, PNG (APNG) or MP4, not '.jpg'"),
                      (["-o", "x.webp", "--format", "svgz"], "--format"),
                      (["-o", "x.gif", "--quality", "50"], "'--quality <N>' applies only to WebP output"),
                      (["-o", "x.webp", "--quality", "101"], "is invalid for '--quality <N>': expected a whole number from 0 to 100"),
                      (["-o", "x.webp", "--quality", "7.5"], "is invalid for '--quality <N>'"),
                      (["-o", "x.webp", "--transparent", "--matte", "#FFFFFF"], "'--matte <#RRGGBB>' applies only to GIF output"),
                      (["-o", "x.webp", "--effort", "max"], "'--effort <level>' applies only to GIF output"),
                      (["-o", "x.webp", "--no-optimize"], "'--no-optimize' applies only to GIF output")])
    func conflicts(arguments: [String], message: String) throws {
        try expectUsageErrorKeepingOutput(arguments, message: message)
    }

    @Test("frames and compare read a WebP: the frames are the rendered ones, the WebP equals the GIF of an exact palette")
    func framesAndCompareReadWebP() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "a.webp"], in: folder).status == 0)
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        let compare = try spinrender(["compare", "a.webp", "a.gif"], in: folder)
        #expect(compare.status == 0, "\(compare.output) \(compare.standardError)")
        #expect(try spinrender(["frames", "a.webp", "-o", "fw"], in: folder).status == 0)
        #expect(try spinrender(["frames", "-o", "fr"], in: folder).status == 0)
        #expect(try spinrender(["compare", "fw", "fr"], in: folder).status == 0)
        let piped = try shell("cat a.webp | \"\(spinrenderBinary)\" compare - a.gif", in: folder)
        #expect(piped.status == 0, "\(piped.standardError)")
    }

    /// Truncations at several depths (inside the header, inside a frame, before the last frame)
    /// and corruptions of the container and of the image data.
    @Test("truncated and corrupted WebP files exit 65 with one line naming the file", arguments: ["frames", "compare"])
    func hostileFiles(command: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "good.webp"], in: folder).status == 0)
        let good = try #require(bytes(folder + "/good.webp"))
        var damaged: [String: [UInt8]] = [:]
        for length in [11, 20, 40, good.count / 2, good.count - 1] { damaged["cut-\(length).webp"] = Array(good.prefix(length)) }
        var riff = good
        riff[4] = 0xFF; riff[5] = 0xFF          // RIFF size beyond the data
        damaged["riff-size.webp"] = riff
        var chunk = good
        chunk[12] = UInt8(ascii: "X")           // VP8X -> XP8X: an unknown first chunk
        damaged["chunk.webp"] = chunk
        var image = good
        for i in stride(from: good.count / 2, to: good.count / 2 + 64, by: 1) { image[i] = 0xFF }
        damaged["image-data.webp"] = image
        for (name, data) in damaged.sorted(by: { $0.key < $1.key }) {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(data))
            let arguments = command == "frames" ? ["frames", name, "-o", "out-\(name.dropLast(5))"] : ["compare", name, "good.webp"]
            let run = try spinrender(arguments, in: folder)
            #expect(run.status == 65, "\(name): \(run.standardError)")
            #expect(run.standardError.hasPrefix("Error: '\(name)' is not a readable WebP: "), "\(name): \(run.standardError)")
            #expect(run.standardError.filter { $0 == "\n" }.count == 1, "\(name): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out-\(name.dropLast(5))"))
        }
    }

    @Test("batch: the extension or the key 'format' chooses; a disagreement fails that entry alone")
    func batchFormats() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = """
        [{"output": "a.webp", "transparent": true}, {"output": "b", "format": "webp", "quality": 70},
         {"output": "c.gif", "format": "webp"}, {"output": "d.gif", "quality": 50}, {"output": "e.gif"}]
        """
        _ = FileManager.default.createFile(atPath: folder + "/m.json", contents: Data(manifest.utf8))
        let run = try spinrender(["batch", "m.json", "--jobs", "1"], in: folder)
        #expect(run.status == 1)
        #expect(WebPDecoder.isWebP(try #require(bytes(folder + "/a.webp"))))
        #expect(WebPDecoder.isWebP(try #require(bytes(folder + "/b"))))
        #expect(try #require(bytes(folder + "/e.gif")).starts(with: Array("GIF89a".utf8)))
        #expect(!FileManager.default.fileExists(atPath: folder + "/c.gif"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.gif"))
        #expect(run.standardError.contains("entry 3 ("))
        #expect(run.standardError.contains("but '--format webp' asks for WEBP"))
        #expect(run.standardError.contains("entry 4 ("))
        #expect(run.standardError.contains("'--quality <N>' applies only to WebP output"))
    }

    @Test("--max-memory counts the WebP encoder: a large render is refused before drawing")
    func memoryLimit() throws {
        let run = try spinrender(["--scale", "3", "--point-size", "512", "--max-memory", "40M", "-o", "big.webp"], in: makeFolder())
        #expect(run.status == 65)
        #expect(run.standardError.contains("encoder"), "\(run.standardError)")
    }
}
