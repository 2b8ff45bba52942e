import Raster
import Scene
import SwiftUISource
import Testing

/// `Image(systemName:).resizable()`: the symbol takes the frame it is offered and is stretched
/// to fill it, each axis on its own.
@Suite("Resizable symbols")
struct ResizableSymbolTests {
    func renderer(_ body: String) throws -> ViewRenderer {
        let text = "struct S: View {\n    var body: some View {\n        \(body)\n    }\n}\n"
        let script = try SwiftProgram(parsing: text, fileName: "S.swift").script(view: "S")
        var output = SceneConfiguration()
        output.scale = 2
        return ViewRenderer(ViewEngine(script: script, output: output))
    }

    /// The bounding box of the pixels that differ from the background, in pixels.
    func ink(_ renderer: ViewRenderer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        let image = renderer.render(atSeconds: 0)
        var box = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != renderer.backgroundColor {
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x + 1), max(box.maxY, y + 1))
            }
        }
        return box
    }

    /// A stretched `circle.fill` is the natural one's ink scaled by frame ÷ natural size on each
    /// axis about the frame's centre (within a pixel), and the frame is the one offered.
    @Test(arguments: [(80.0, 40.0), (30.0, 90.0), (50.0, 50.0)])
    func resizableFillsTheFrame(width: Double, height: Double) throws {
        let natural = try renderer("Image(systemName: \"circle.fill\")")
        let stretched = try renderer("Image(systemName: \"circle.fill\").resizable().frame(width: \(width), height: \(height))")
        let base = try #require(natural.engine.views(atSeconds: 0).first)
        let sample = try #require(stretched.engine.views(atSeconds: 0).first)
        let sx = width / base.frame.width, sy = height / base.frame.height
        #expect(abs(sample.scaleFactor - sx) < 1e-9)
        #expect(abs(sample.frame.width * sx - width) < 1e-9 && abs(sample.frame.height * sy - height) < 1e-9)
        // Ink, in points from the frame centre, scaled.
        let a = ink(natural), b = ink(stretched)
        let ac = (x: (base.centre.x) * 2, y: (base.centre.y) * 2)
        let bc = (x: sample.centre.x * 2, y: sample.centre.y * 2)
        #expect(abs((Double(b.minX) - bc.x) - (Double(a.minX) - ac.x) * sx) <= 1 + sx)
        #expect(abs((Double(b.maxX) - bc.x) - (Double(a.maxX) - ac.x) * sx) <= 1 + sx)
        #expect(abs((Double(b.minY) - bc.y) - (Double(a.minY) - ac.y) * sy) <= 1 + sy)
        #expect(abs((Double(b.maxY) - bc.y) - (Double(a.maxY) - ac.y) * sy) <= 1 + sy)
    }

    /// A resizable root takes what the canvas offers: its own size and the margin rounded up to
    /// whole pixels, less the margin; offered one axis by a frame, it takes that axis and the
    /// canvas's offer on the other.
    @Test func resizableTakesTheOfferOnEachAxis() throws {
        let natural = try #require(try renderer("Image(systemName: \"star.fill\")").engine.views(atSeconds: 0).first)
        // A resizable root takes the size a preview proposes to the root (as on a device, the
        // screen's): stretched on each axis, its scale is the proposed width over its own.
        let free = try #require(try renderer("Image(systemName: \"star.fill\").resizable()").engine.views(atSeconds: 0).first)
        #expect(abs(free.scaleFactor - SceneConfiguration.defaultProposal.width / natural.frame.width) < 1e-9, "\(free.scaleFactor)")
        #expect(free.frame.width == natural.frame.width && free.frame.height == natural.frame.height)
        let wide = try #require(try renderer("Image(systemName: \"star.fill\").resizable().frame(width: 100)").engine.views(atSeconds: 0).first)
        #expect(abs(wide.scaleFactor - 100 / natural.frame.width) < 1e-9)
        #expect(wide.frame.width == natural.frame.width && wide.frame.height == natural.frame.height)
    }
}
