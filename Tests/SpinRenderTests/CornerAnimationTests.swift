import Foundation
import Raster
import Scene
import Testing
@testable import SpinRender

/// A rounded rectangle's corner size animates, as `RoundedRectangle`'s animatable data is its
/// corner size: `RoundedRectangle(cornerRadius: on ? 20 : 0)` under a 2 s linear animation has
/// radius 10 after 1 s (it was drawn at 20 from the first frame). Each frame is checked at every
/// pixel against the exact area of a 60 × 40 pt rectangle with quarter-circle corners of that
/// radius, computed here by integrating its vertical extent across each pixel column.
@Suite struct CornerAnimationTests {
    static let source = """
        import SwiftUI
        struct ContentView: View {
            @State private var on = false
            var body: some View {
                RoundedRectangle(cornerRadius: on ? 20 : 0, style: .circular)
                    .fill(Color(red: 0, green: 0, blue: 1))
                    .frame(width: 60, height: 40)
                    .onAppear { withAnimation(.linear(duration: 2)) { on = true } }
            }
        }
        """

    /// The area of pixel (x, y) covered by a `w × h` rectangle at (`left`, `top`) whose corners are
    /// quarter circles of radius `r`, in pixels, by the midpoint rule over 256 slices per column.
    static func area(x: Int, y: Int, left: Double, top: Double, w: Double, h: Double, r: Double) -> Double {
        let slices = 256
        var total = 0.0
        for k in 0..<slices {
            let px = Double(x) + (Double(k) + 0.5) / Double(slices)
            let u = px - left
            guard u > 0, u < w else { continue }
            // How far the corner arc cuts into the top and bottom at this column.
            let d = u < r ? r - u : (u > w - r ? u - (w - r) : 0)
            let cut = d > 0 ? r - (r * r - d * d).squareRoot() : 0
            let low = max(Double(y), top + cut), high = min(Double(y + 1), top + h - cut)
            if high > low { total += high - low }
        }
        return total / Double(slices)
    }

    @Test(arguments: [(0.0, 0.0), (1.0, 10.0), (0.5, 5.0), (2.0, 20.0)])
    func cornerRadiusAnimatesAtEveryPixel(time: Double, radius: Double) throws {
        var request = RenderRequest()
        request.scene.scale = 2
        try request.setSource(Self.source, fileName: "T.swift", view: nil)
        let engine = request.makeEngine()
        let image = ViewRenderer(engine).render(atSeconds: time)
        // The 60 × 40 pt shape with the 8 pt margin around it, at 2x.
        #expect(image.width == 152 && image.height == 112)
        var worst = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = Self.area(x: x, y: y, left: 16, top: 16, w: 120, h: 80, r: radius * 2)
                let blue = UInt8((255 * (1 - a)).rounded())
                let got = image[x, y]
                worst = max(worst, abs(Int(got.r) - Int(blue)), abs(Int(got.g) - Int(blue)), abs(Int(got.b) - 255))
            }
        }
        #expect(worst <= 2, "t = \(time) s, radius \(radius): off by \(worst)")
    }
}
