import Foundation
import Testing
import SpinRender

private func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

private func isSVG(_ bytes: [UInt8]?) -> Bool {
    guard let bytes else { return false }
    return bytes.starts(with: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"".utf8)) && bytes.suffix(7) == Array("</svg>\n".utf8)
}

@Suite("SVG output, end to end")
struct SVGCommandTests {
    @Test("the .svg extension or --format svg writes an SVG, for the built-in modes and a SwiftUI source",
          arguments: [["-o", "a.svg"], ["-o", "a.SVG"], ["-o", "a", "--format", "svg"], ["--mode", "preview", "--rotate-at", "0.5", "-o", "a.svg"],
                      ["--mode", "implicit", "--appearance", "dark", "-o", "a.svg"], ["Spinner.swift", "-o", "a.svg"]])
    func formatSelection(arguments: [String]) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/Spinner.swift", contents: Data("""
            import SwiftUI
            struct ContentView: View {
                @State private var turning = false
                var body: some View {
                    Image(systemName: "rays").rotationEffect(.degrees(turning ? 360 : 0))
                        .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { turning = true } }
                }
            }
            """.utf8))
        let run = try spinrender(arguments, in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let file = arguments[arguments.firstIndex(of: "-o")! + 1]
        #expect(isSVG(bytes(folder + "/" + file)))
    }

    @Test("standard output takes --format svg; -v reports the play and the bytes")
    func standardOutput() throws {
        let run = try spinrender(["-o", "-", "--format", "svg", "-v"], in: makeFolder())
        #expect(run.status == 0)
        #expect(isSVG([UInt8](run.standardOutput)))
        #expect(run.standardError.contains("0.25 s per play, plays for ever, \(run.standardOutput.count) bytes"), "\(run.standardError)")
    }

    @Test("conflicts are usage errors (64) naming the options, and leave an existing output alone",
          arguments: [(["-o", "x.gif", "--format", "svg"], "names a GIF file, but '--format svg' asks for SVG"),
                      (["-o", "x.svg", "--format", "webp"], "names a SVG file, but '--format webp' asks for WEBP"),
                      (["-o", "x.svg", "--format", "gif"], "names a SVG file, but '--format gif' asks for GIF"),
                      (["-o", "x.svg", "--quality", "50"], "'--quality <N>' applies only to WebP output"),
                      (["-o", "x.svg", "--dither", "ordered"], "applies only to GIF output; leave it out for SVG"),
                      (["-o", "x.svg", "--no-optimize"], "'--no-optimize' applies only to GIF output; leave it out for SVG")])
    func conflicts(arguments: [String], message: String) throws {
        try expectUsageErrorKeepingOutput(arguments, message: message)
    }

    /// What a user sees for a view SVG cannot hold: the compiler-style diagnostic at the
    /// modifier (file:line:column, the line, a caret under the name) naming the view, exit 65,
    /// and no file written.
    @Test("a view SVG cannot hold: file:line:column, the line and a caret, exit 65, nothing written")
    func refusalIsLocated() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/Flip.swift", contents: Data("""
            import SwiftUI
            struct Flip: View {
                @State private var turned = false
                var body: some View {
                    RoundedRectangle(cornerRadius: 4).frame(width: 30, height: 30)
                        .rotation3DEffect(.degrees(turned ? 180 : 0), axis: (x: 0, y: 1, z: 0))
                        .onAppear { withAnimation(.easeInOut(duration: 1).repeatForever()) { turned = true } }
                }
            }
            """.utf8))
        let run = try spinrender(["Flip.swift", "-o", "flip.svg"], in: folder)
        #expect(run.status == 65)
        #expect(run.standardError == """
            Flip.swift:6:14: error: the view 'Flip' cannot be written as SVG: rotation3DEffect is a perspective projection, which SVG transforms cannot hold; render it as GIF, WebP or PNG frames
                        .rotation3DEffect(.degrees(turned ? 180 : 0), axis: (x: 0, y: 1, z: 0))
                         ^

            """)
        #expect(!FileManager.default.fileExists(atPath: folder + "/flip.svg"))
    }

    @Test("frames, compare and verify cannot read an SVG back: one line, exit 65",
          arguments: [["frames", "s.svg", "-o", "out"], ["compare", "s.svg", "s.gif"], ["compare", "s.gif", "s.svg"],
                      ["frames", "-", "-o", "out"], ["compare", "renamed.gif", "s.gif"]])
    func readingSVG(arguments: [String]) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "s.svg"], in: folder).status == 0)
        #expect(try spinrender(["-o", "s.gif"], in: folder).status == 0)
        try FileManager.default.copyItem(atPath: folder + "/s.svg", toPath: folder + "/renamed.gif")
        let run: RunResult
        if arguments.contains("-") {
            run = try shell("\"\(spinrenderBinary)\" \(arguments.joined(separator: " ")) < s.svg", in: folder)
        } else {
            run = try spinrender(arguments, in: folder)
        }
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("Error: ") && run.standardError.filter { $0 == "\n" }.count == 1, "\(run.standardError)")
        #expect(run.standardError.contains("is an SVG, which spinrender writes but cannot read back"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test("batch: the extension or the key 'format' chooses SVG; a disagreement fails that entry alone")
    func batchFormats() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = """
        [{"output": "a.svg", "mode": "preview"}, {"output": "b", "format": "svg", "scale": 3},
         {"output": "c.gif", "format": "svg"}, {"output": "d.svg", "quality": 50}, {"output": "e.gif"}]
        """
        _ = FileManager.default.createFile(atPath: folder + "/m.json", contents: Data(manifest.utf8))
        let run = try spinrender(["batch", "m.json", "--jobs", "1"], in: folder)
        #expect(run.status == 1)
        #expect(isSVG(bytes(folder + "/a.svg")))
        #expect(isSVG(bytes(folder + "/b")))
        #expect(try #require(bytes(folder + "/e.gif")).starts(with: Array("GIF89a".utf8)))
        #expect(!FileManager.default.fileExists(atPath: folder + "/c.gif"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.svg"))
        #expect(run.standardError.contains("but '--format svg' asks for SVG"))
        #expect(run.standardError.contains("'--quality <N>' applies only to WebP output"))
    }
}

@Suite("verify with a GIF or WebP file as the reference")
struct VerifyFileReferenceTests {
    @Test("a missing reference is recorded in the file's format, then passes; another render fails", arguments: ["ref.webp", "ref.gif"])
    func recordAndCompare(reference: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try spinrender(["verify", "--mode", "preview", "--reference", reference], in: folder)
        #expect(first.status == 1)
        #expect(first.standardError.contains("no reference file '\(reference)' (record mode 'missing'); recorded 25 frames as the reference"), "\(first.standardError)")
        let written = try #require(bytes(folder + "/" + reference))
        if reference.hasSuffix(".webp") {
            #expect(WebPDecoder.isWebP(written))
            // Lossless: the frames read back are the rendered ones, every pixel.
            var request = RenderRequest()
            request.example.mode = .preview
            let frames = SpinRenderer.renderWebPFrames(request).sequence.frames.map(\.image)
            #expect(try WebPDecoder.decode(written).sequence.frames.map(\.image) == frames)
        } else {
            #expect(written.starts(with: Array("GIF89a".utf8)))
        }
        let again = try spinrender(["verify", "--mode", "preview", "--reference", reference], in: folder)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.output.contains("equal: 25 frames"), "\(again.output)")
        let other = try spinrender(["verify", "--mode", "preview", "--appearance", "dark", "--reference", reference, "--record", "never"], in: folder)
        #expect(other.status == 1)
        #expect(bytes(folder + "/" + reference) == written)
    }

    @Test("a corrupt WebP reference: 65 naming it under 'missing', recorded over under 'failed'")
    func corruptReference() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/ref.webp", contents: Data("RIFF\u{10}\0\0\0WEBPVP8L".utf8))
        let missing = try spinrender(["verify", "--reference", "ref.webp"], in: folder)
        #expect(missing.status == 65)
        #expect(missing.standardError.hasPrefix("Error: 'ref.webp'"), "\(missing.standardError)")
        let failed = try spinrender(["verify", "--reference", "ref.webp", "--record", "failed"], in: folder)
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("the reference cannot be read"), "\(failed.standardError)")
        #expect(try WebPDecoder.decode(try #require(bytes(folder + "/ref.webp"))).sequence.frames.count == 25)
    }

    @Test("an SVG reference is a usage error: it cannot be read back")
    func svgReference() throws {
        let run = try spinrender(["verify", "--reference", "ref.svg"], in: makeFolder())
        #expect(run.status == 64)
        #expect(run.standardError.contains("is an SVG, which spinrender cannot read back"))
    }
}
