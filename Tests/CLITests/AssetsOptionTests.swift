import Foundation
import SpinRender
import Testing

/// `--assets` end to end: a catalogue written here (one colour set with a dark variant, one
/// image set), a loader that draws both, rendered as a still with and without it, and the
/// exit statuses of `--strict` and of a catalogue that is not there or not JSON.
@Suite("--assets")
struct AssetsOptionTests {
    static let loader = """
        import SwiftUI

        struct Loader: View {
            var body: some View {
                HStack(spacing: 0) {
                    Color("Brand").frame(width: 2, height: 2)
                    Image("dot")
                }
            }
        }
        """

    /// A scratch folder with `Loader.swift` and `App.xcassets`: `Brand` is "0x33", "102",
    /// "0.600" (51, 102, 153) in light and (1, 0, 0) in dark; `dot` a 2 × 2 px @1x PNG of
    /// (0, 0, 255), 2 × 2 pt.
    static func project() throws -> String {
        let folder = makeFolder()
        let catalogue = folder + "/App.xcassets"
        try FileManager.default.createDirectory(atPath: catalogue + "/Brand.colorset", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: catalogue + "/dot.imageset", withIntermediateDirectories: true)
        func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + path)) }
        try write(loader, "Loader.swift")
        try write("""
            {"colors": [
              {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0x33", "green": "102", "blue": "0.600", "alpha": "1.000"}}},
              {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
               "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}}
            ], "info": {"author": "xcode", "version": 1}}
            """, "App.xcassets/Brand.colorset/Contents.json")
        try write("""
            {"images": [{"idiom": "universal", "scale": "1x", "filename": "dot.png"}], "info": {"author": "xcode", "version": 1}}
            """, "App.xcassets/dot.imageset/Contents.json")
        let png = try PNGEncoder.encode(RGBAImage(width: 2, height: 2, fill: RGBA8(r: 0, g: 0, b: 255)))
        try Data(png).write(to: URL(fileURLWithPath: catalogue + "/dot.imageset/dot.png"))
        return folder
    }

    static func still(_ path: String) throws -> RGBAImage {
        try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Every pixel of the 4 × 2 still: the brand colour left, the image right; with `--appearance
    /// dark` the dark colour. No warning is printed.
    @Test(arguments: [("light", RGBA8(r: 51, g: 102, b: 153)), ("dark", RGBA8(r: 255, g: 0, b: 0))])
    func catalogueColoursAndImages(appearance: String, brand: RGBA8) throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try spinrender(["Loader.swift", "--assets", "App.xcassets", "--appearance", appearance, "--scale", "1", "--padding", "0",
                                  "--at", "0", "-o", "still.png"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        let image = try Self.still(folder + "/still.png")
        #expect(image.width == 4 && image.height == 2)
        for y in 0..<2 {
            for x in 0..<4 { #expect(image[x, y] == (x < 2 ? brand : RGBA8(r: 0, g: 0, b: 255)), "(\(x), \(y))") }
        }
    }

    /// Without the catalogue the render goes on: the colour is systemGray, the image empty (the
    /// still is 2 × 2), one warning per asset on standard error; `--strict` exits 65.
    @Test func withoutTheCatalogueWarnsAndStrictRefuses() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try spinrender(["Loader.swift", "--scale", "1", "--padding", "0", "--at", "0", "-o", "still.png"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == """
            warning: the colour asset 'Brand' comes from the app's asset catalogue, which was not given: drawn as the stand-in colour systemGray; give the catalogue with --assets PATH.xcassets
            warning: the image asset 'dot' comes from the app's asset catalogue, which was not given: drawn as an empty image of size zero, as a device draws an image it cannot find; give the catalogue with --assets PATH.xcassets

            """)
        let image = try Self.still(folder + "/still.png")
        #expect(image.width == 2 && image.height == 2)
        #expect((0..<4).allSatisfy { image[$0 % 2, $0 / 2] == RGBA8(r: 142, g: 142, b: 147) })
        let strict = try spinrender(["Loader.swift", "--strict", "-o", "strict.gif"], in: folder)
        #expect(strict.status == 65)
        #expect(strict.standardError.hasPrefix("Error: the colour asset 'Brand'") && strict.standardError.hasSuffix("--strict refuses an asset the catalogue does not hold\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict.gif"))
    }

    /// A catalogue that is not there is exit 66, one that is not JSON 65: one line naming the file.
    @Test func badCataloguesExitWithTheirStatus() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = try spinrender(["Loader.swift", "--assets", "Other.xcassets", "-o", "x.gif"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.standardError == "Error: Other.xcassets: no such asset catalogue (--assets takes a .xcassets folder or a folder holding one)\n")
        try Data("{".utf8).write(to: URL(fileURLWithPath: folder + "/App.xcassets/Brand.colorset/Contents.json"))
        let broken = try spinrender(["Loader.swift", "--assets", ".", "-o", "x.gif"], in: folder)
        #expect(broken.status == 65)
        #expect(broken.standardError.hasPrefix("Error: ./App.xcassets/Brand.colorset/Contents.json: not valid JSON"))
        #expect(broken.standardError.filter { $0 == "\n" }.count == 1)
    }

    /// A batch entry's `assets` is found from the manifest's folder, as its `source` is; an
    /// entry without it warns of each asset, and with `strict` fails (exit 1 for the batch).
    @Test func batchEntriesReadTheirCatalogue() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("""
            [{"source": "Loader.swift", "output": "with.gif", "assets": "App.xcassets", "duration": 0.2},
             {"source": "Loader.swift", "output": "without.gif", "duration": 0.2},
             {"source": "Loader.swift", "output": "strict.gif", "strict": true, "duration": 0.2}]
            """.utf8).write(to: URL(fileURLWithPath: folder + "/batch.json"))
        let run = try spinrender(["batch", folder + "/batch.json"])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder + "/with.gif") && FileManager.default.fileExists(atPath: folder + "/without.gif"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict.gif"))
        let lines = run.standardError.split(separator: "\n")
        #expect(!lines.contains { $0.contains("entry 1") }, "\(run.standardError)")
        #expect(lines.contains { $0.hasPrefix("warning: \(folder)/batch.json: entry 2: the colour asset 'Brand' comes from the app's asset catalogue") })
        #expect(lines.contains { $0.contains("entry 3") && $0.hasSuffix("--strict refuses an asset the catalogue does not hold") })
    }
}
