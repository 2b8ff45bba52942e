import Foundation
import Raster
import Scene
import Testing
@testable import SpinRender

/// `Canvas { context, size in … }` draws the paths its renderer fills and strokes, in the size
/// the canvas takes, under the context's transform and opacity. Axis-aligned rectangles on whole
/// pixels at @2x, so every pixel of the frame is known exactly.
@Suite struct CanvasTests {
    /// Whether pixel (x, y) of a @2x frame with the 8 pt margin has its centre in `rect` (points,
    /// in the canvas's own coordinates).
    static func inside(_ x: Int, _ y: Int, _ rect: (Double, Double, Double, Double)) -> Bool {
        let px = (Double(x) + 0.5) / 2 - 8, py = (Double(y) + 0.5) / 2 - 8
        return px >= rect.0 && px < rect.0 + rect.2 && py >= rect.1 && py < rect.1 + rect.3
    }

    /// How many pixels of `image` differ from `expected` by more than `tolerance` in a channel.
    static func mismatches(_ image: RGBAImage, tolerance: Int, _ expected: (Int, Int) -> RGBA8) -> Int {
        var wrong = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let got = image[x, y], want = expected(x, y)
                if abs(Int(got.r) - Int(want.r)) > tolerance || abs(Int(got.g) - Int(want.g)) > tolerance
                    || abs(Int(got.b) - Int(want.b)) > tolerance { wrong += 1 }
            }
        }
        return wrong
    }

    static let source = """
        import SwiftUI
        struct Dial: View {
            var body: some View {
                Canvas { context, size in
                    context.fill(Path(CGRect(x: 10, y: 5, width: size.width / 3, height: 10)), with: .color(Color(red: 1, green: 0, blue: 0)))
                    var moved = context
                    moved.translateBy(x: 30, y: 20)
                    moved.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(Color(red: 0, green: 0, blue: 1)))
                    context.opacity = 0.5
                    context.fill(Path(CGRect(x: 45, y: 25, width: 5, height: 5)), with: .color(Color(red: 0, green: 1, blue: 0)))
                    moved.scaleBy(x: 2, y: 1)
                    moved.fill(Path(CGRect(x: -10, y: 10, width: 2, height: 5)), with: .color(Color(red: 0, green: 0, blue: 0)))
                }
                .frame(width: 60, height: 40)
            }
        }
        """

    @Test("fills under translate, scale and opacity land on their pixels, and the canvas takes its frame's size")
    func rectanglesLandOnTheirPixels() throws {
        var request = RenderRequest()
        request.scene.scale = 2
        try request.setSource(Self.source, fileName: "Dial.swift", view: nil)
        let image = ViewRenderer(request.makeEngine()).render(atSeconds: 0)
        // 60 × 40 pt and the 8 pt margin, at 2x.
        #expect(image.width == 152 && image.height == 112)
        let wrong = Self.mismatches(image, tolerance: 1) { x, y in
            var want = RGBA8(r: 255, g: 255, b: 255)
            if Self.inside(x, y, (10, 5, 20, 10)) { want = RGBA8(r: 255, g: 0, b: 0) }
            if Self.inside(x, y, (30, 20, 10, 10)) { want = RGBA8(r: 0, g: 0, b: 255) }
            if Self.inside(x, y, (45, 25, 5, 5)) { want = RGBA8(r: 128, g: 255, b: 128) }
            // Scaled by 2 across after the move: x from 30 − 20 to 30 − 16, y from 30 to 35.
            if Self.inside(x, y, (10, 30, 4, 5)) { want = RGBA8(r: 0, g: 0, b: 0) }
            return want
        }
        #expect(wrong == 0, "\(wrong) pixels differ")
    }

    /// A rectangle filled after `translateBy` then `rotate(by: .degrees(90))` (y down: the
    /// rectangle's x runs down, its y to the left), and a square stroked 2 pt wide (1 pt either
    /// side of its edges).
    @Test("a rotated fill and a stroke land on their pixels")
    func rotatedFillAndStroke() throws {
        var request = RenderRequest()
        request.scene.scale = 2
        try request.setSource("""
            import SwiftUI
            struct Dial: View {
                var body: some View {
                    Canvas { context, size in
                        var turned = context
                        turned.translateBy(x: 30, y: 10)
                        turned.rotate(by: .degrees(90))
                        turned.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 4)), with: .color(Color(red: 1, green: 0, blue: 0)))
                        context.stroke(Path(CGRect(x: 40, y: 20, width: 10, height: 10)), with: .color(Color(red: 0, green: 0, blue: 1)), lineWidth: 2)
                    }
                    .frame(width: 60, height: 40)
                }
            }
            """, fileName: "Dial.swift", view: nil)
        let image = ViewRenderer(request.makeEngine()).render(atSeconds: 0)
        let wrong = Self.mismatches(image, tolerance: 2) { x, y in
            if Self.inside(x, y, (26, 10, 4, 10)) { return RGBA8(r: 255, g: 0, b: 0) }
            if Self.inside(x, y, (39, 19, 12, 12)) && !Self.inside(x, y, (41, 21, 8, 8)) { return RGBA8(r: 0, g: 0, b: 255) }
            return RGBA8(r: 255, g: 255, b: 255)
        }
        #expect(wrong == 0, "\(wrong) pixels differ")
    }
}
