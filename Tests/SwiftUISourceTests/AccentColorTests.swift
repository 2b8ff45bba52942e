import Raster
import Scene
import SpinRender
import SwiftUISource
import Testing

/// The deprecated `accentColor(_:)`, as older loaders write it on a `ProgressView`: the accent
/// a control with no tint shows (a linear bar's fill, a button's label), never the grey
/// indeterminate spinner's, and a `tint(_:)` wins over it wherever it is written.
@Suite struct AccentColorTests {
    /// The frame of one source view at t = 0, @1x, light, with no padding around it.
    func frame(_ body: String) throws -> RGBAImage {
        var request = RenderRequest()
        try request.setSource("struct G: View {\n    var body: some View {\n        \(body)\n    }\n}\n", fileName: "G.swift", view: "G")
        request.scene.scale = 1
        request.scene.padding = 0
        return ViewRenderer(request.makeEngine()).render(atSeconds: 0)
    }

    @Test func itReadsAsTheEnvironmentsAccent() throws {
        let source = """
        import SwiftUI
        struct Loader: View {
            var body: some View {
                ProgressView().accentColor(.white)
            }
        }
        """
        let root = try SwiftProgram(parsing: source, fileName: "Loader.swift").script(view: "Loader").initial
        guard case let .custom(_, .modified(_, modifier)) = root else {
            Issue.record("not a modified view: \(root)")
            return
        }
        #expect(modifier == .accentColor(.system("white")))
    }

    /// A full bar in a 40-point frame is the capsule 40 × 4 (radius 2 about (2, 2) and
    /// (38, 2)): each pixel wholly inside it is iOS's light red, (255, 59, 48), exactly; a
    /// pixel the capsule's ends cut is red over the grey track over white, redder than grey
    /// and lighter than the red.
    @Test func aFullLinearBarIsFilledInTheAccentAtEveryPixel() throws {
        let image = try frame("ProgressView(value: 1).accentColor(.red).frame(width: 40)")
        #expect(image.width == 40 && image.height == 4)
        func inside(_ x: Double, _ y: Double) -> Bool {
            let cx = min(max(x, 2), 38)
            return (x - cx) * (x - cx) + (y - 2) * (y - 2) <= 4 + 1e-9
        }
        var whole = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                let corners = [(0, 0), (1, 0), (0, 1), (1, 1)].map { inside(Double(x + $0.0), Double(y + $0.1)) }
                if corners.allSatisfy({ $0 }) {
                    whole += 1
                    #expect(p == RGBA8(r: 255, g: 59, b: 48), "(\(x), \(y)) \(p)")
                } else {
                    #expect(p.r >= 245 && p.g >= 59 && p.b >= 48 && p.g > p.b && Int(p.r) - Int(p.g) >= 50, "(\(x), \(y)) \(p)")
                }
            }
        }
        // Columns 2 … 37 whole in every row, and columns 1 and 38 in the middle two rows.
        #expect(whole == 36 * 4 + 4)
    }

    @Test func theAccentIsTheTintsFallback() throws {
        // Where no tint is in force the accent is what `tint(_:)` would show …
        #expect(try frame("ProgressView(value: 0.5).accentColor(.orange).frame(width: 60)")
                == frame("ProgressView(value: 0.5).tint(.orange).frame(width: 60)"))
        #expect(try frame("Button(\"Go\") { }.accentColor(.green)") == frame("Button(\"Go\") { }.tint(.green)"))
        // … and a tint wins over it, inside or outside.
        #expect(try frame("ProgressView(value: 0.5).tint(.orange).accentColor(.red).frame(width: 60)")
                == frame("ProgressView(value: 0.5).tint(.orange).frame(width: 60)"))
        #expect(try frame("ProgressView(value: 0.5).accentColor(.red).tint(.orange).frame(width: 60)")
                == frame("ProgressView(value: 0.5).tint(.orange).frame(width: 60)"))
    }

    @Test func theIndeterminateSpinnerStaysGrey() throws {
        #expect(try frame("ProgressView().accentColor(.white)") == frame("ProgressView()"))
        #expect(try frame("ProgressView().accentColor(nil)") == frame("ProgressView()"))
    }
}
