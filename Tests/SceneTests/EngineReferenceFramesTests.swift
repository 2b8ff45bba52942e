import Foundation
import PNGCodec
import Raster
import Scene
import Testing

/// The engine, given the documentation's views built by hand, draws the committed reference
/// frames (`assets/reference/<mode>-<appearance>@<scale>x/frame_NNNN.png`, one period of the
/// picture at 50 fps) to the pixel.
@Suite("View engine: the documentation's views equal the reference frames")
struct EngineReferenceFramesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/assets/reference/"

    struct Case: CustomTestStringConvertible, Sendable {
        var mode: SceneMode
        var appearance: Appearance
        var scale: Double
        var folder: String { "\(mode.rawValue)-\(appearance.rawValue)@\(Int(scale))x" }
        var testDescription: String { folder }
    }

    static let cases = SceneMode.allCases.flatMap { mode in
        Appearance.allCases.flatMap { appearance in [1.0, 2, 3].map { Case(mode: mode, appearance: appearance, scale: $0) } }
    }

    @Test(arguments: cases)
    func everyReferenceFrame(_ c: Case) throws {
        var output = SceneConfiguration()
        output.appearance = c.appearance
        output.scale = c.scale
        let renderer = ViewRenderer(ViewEngine(script: DocumentationScripts().script(c.mode), output: output))
        let folder = EngineReferenceFramesTests.root + c.folder
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        #expect(names.count == 25)   // 0.5 s at 50 fps: two ray spacings
        var rasterizer = renderer.makeRasterizer()
        for (index, name) in names.enumerated() {
            #expect(name == "frame_" + String(repeating: "0", count: 4 - String(index).count) + String(index) + ".png")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let reference = try PNGDecoder.decode(bytes)
            let frame = renderer.render(atSeconds: Double(index) / 50, using: &rasterizer)
            #expect(frame == reference, "\(c.folder)/\(name)")
        }
    }
}
