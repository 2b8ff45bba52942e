import Testing
import Glibc
import Raster
import Scene

/// Whole preview frames against a drawing made here from the published facts: the glyph's
/// template measurements, `padding(8)`, the VStack's 8 pt spacing, the 1 pt border drawn inside
/// the bounds, the system colours, and the documentation's linear two-second turn.
///
/// The drawing shares no code with the renderer: coverage is counted from point samples
/// (point-in-rectangle for the border, point-in-capsule for the rays) and composited in
/// doubles.
@Suite("Preview frames match an independent drawing at every pixel")
struct PreviewFrameDrawingTests {
    /// Template units per point: the Regular master measured per 100 pt at Small scale, drawn at
    /// the 17 pt body size, Medium scale (1.264 × Small).
    static let unit = 17.0 / 100 * 1.264
    /// Ray width (the capsule's diameter), in points.
    static let rayWidth = 7.62 * unit
    /// Distances from the glyph centre to the ends of each ray's centre line, in points.
    static let centreLine = (from: 26.17 * unit, to: 37.94 * unit)
    /// The glyph's advance: the image frame's width, in points.
    static let advance = 97.12 * unit
    /// The image frame's height: twice the outer tip radius, in points.
    static let frameHeight = 2 * (37.94 * unit + rayWidth / 2)

    /// A ray in pixels: the points within `radius` of the segment a–b.
    struct Capsule {
        var ax, ay, bx, by, radius: Double

        /// Distance from (x, y) to the centre line, less the radius (negative inside).
        func signedDistance(_ x: Double, _ y: Double) -> Double {
            let dx = bx - ax, dy = by - ay
            let t = min(1, max(0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
            let px = x - (ax + t * dx), py = y - (ay + t * dy)
            return (px * px + py * py).squareRoot() - radius
        }
    }

    /// The eight rays of a glyph centred at (cx, cy) pixels, turned clockwise by `degrees`.
    static func rays(cx: Double, cy: Double, degrees: Double, scale: Double) -> [Capsule] {
        (0..<8).map { index in
            let radians = (Double(index) * 45 + degrees) * Double.pi / 180
            // Ray 0 points up; clockwise on a y-down canvas.
            let ux = sin(radians), uy = -cos(radians)
            return Capsule(ax: cx + ux * centreLine.from * scale, ay: cy + uy * centreLine.from * scale,
                           bx: cx + ux * centreLine.to * scale, by: cy + uy * centreLine.to * scale,
                           radius: rayWidth / 2 * scale)
        }
    }

    /// Samples per pixel side for the glyph's edge pixels.
    static let glyphSamples = 64
    /// Samples per pixel side for the border.
    static let borderSamples = 16

    /// The covered fraction of each pixel of a `width × height` canvas by the union of `rays`.
    ///
    /// Pixels whose centre lies more than half a diagonal inside or outside every ray are
    /// wholly covered or empty; the rest count a regular grid of `glyphSamples`² points.
    static func coverage(of rays: [Capsule], width: Int, height: Int) -> [Double] {
        var result = [Double](repeating: 0, count: width * height)
        let halfDiagonal = 0.5 * 2.0.squareRoot()
        let n = glyphSamples
        for y in 0..<height {
            for x in 0..<width {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let near = rays.filter { $0.signedDistance(cx, cy) < halfDiagonal }
                guard !near.isEmpty else { continue }
                if near.contains(where: { $0.signedDistance(cx, cy) <= -halfDiagonal }) {
                    result[y * width + x] = 1
                    continue
                }
                var inside = 0
                for j in 0..<n {
                    let sy = Double(y) + (Double(j) + 0.5) / Double(n)
                    for i in 0..<n {
                        let sx = Double(x) + (Double(i) + 0.5) / Double(n)
                        if near.contains(where: { $0.signedDistance(sx, sy) <= 0 }) { inside += 1 }
                    }
                }
                result[y * width + x] = Double(inside) / Double(n * n)
            }
        }
        return result
    }

    /// The covered fraction of each pixel by the band between the canvas bounds and the same
    /// rectangle inset by `line` pixels.
    static func borderCoverage(width: Int, height: Int, line: Double) -> [Double] {
        let w = Double(width), h = Double(height)
        let n = borderSamples
        var result = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var inside = 0
                for j in 0..<n {
                    let sy = Double(y) + (Double(j) + 0.5) / Double(n)
                    for i in 0..<n {
                        let sx = Double(x) + (Double(i) + 0.5) / Double(n)
                        let inOuter = sx >= 0 && sx < w && sy >= 0 && sy < h
                        let inInner = sx >= line && sx < w - line && sy >= line && sy < h - line
                        if inOuter && !inInner { inside += 1 }
                    }
                }
                result[y * width + x] = Double(inside) / Double(n * n)
            }
        }
        return result
    }

    /// Colours as (r, g, b, opacity): `.primary`, `.orange` (iOS 13–18), `.secondary` at 60 %
    /// opacity, and the window background (Apple's Human Interface Guidelines colour tables).
    static func palette(_ appearance: Appearance)
        -> (background: [Double], primary: [Double], orange: [Double], secondary: [Double]) {
        switch appearance {
        case .light: ([255, 255, 255], [0, 0, 0], [255, 149, 0], [60, 60, 67])
        case .dark: ([0, 0, 0], [255, 255, 255], [255, 159, 10], [235, 235, 245])
        }
    }

    /// The largest difference allowed in any channel, in 1/255.
    ///
    /// The drawing's own error: the 64 × 64 grid on the glyph's edge pixels misses at most half
    /// a grid step, 1/128 of a pixel, per edge (2 levels at full contrast, where an edge runs
    /// along the grid, as the upright and level rays do at t = 0; far less at other angles);
    /// none on the border, whose edges lie on pixel boundaries. The renderer's: the
    /// rasterizer's coverage within 1/255 of the exact area (flattening and its fixed-point
    /// grid), coverage rounded to 8 bits (½ level) and the composite rounded (½ level). Summed:
    /// 4 levels. (Measured: at most 2.2 at t = 0 and 0.93 at t = 0.37.)
    static let tolerance = 4.0

    @Test(arguments: [1.0, 2.0, 3.0], Appearance.allCases)
    func previewFrameMatchesTheDrawing(scale: Double, appearance: Appearance) {
        var configuration = SceneConfiguration()
        configuration.scale = scale
        configuration.appearance = appearance
        let renderer = ViewRenderer(ViewEngine(script: DocumentationScripts().script(.preview), output: configuration))

        // padding(8) around the VStack of two image frames 8 pt apart, on whole pixels.
        let width = Int(((Self.advance + 16) * scale).rounded(.up))
        let height = Int(((2 * Self.frameHeight + 8 + 16) * scale).rounded(.up))
        let colours = Self.palette(appearance)
        let border = Self.borderCoverage(width: width, height: height, line: scale)
        let cx = Double(width) / 2, cy = Double(height) / 2
        let offset = (Self.frameHeight + 8) / 2 * scale

        for time in [0, 0.37] {
            let frame = renderer.render(atSeconds: time)
            #expect(frame.width == width && frame.height == height)
            guard frame.width == width && frame.height == height else { return }
            // The documentation's turn: 360° every 2 s, linear, for both spinners from t = 0.
            let degrees = 360 * time / 2
            let top = Self.coverage(of: Self.rays(cx: cx, cy: cy - offset, degrees: degrees, scale: scale),
                                    width: width, height: height)
            let bottom = Self.coverage(of: Self.rays(cx: cx, cy: cy + offset, degrees: degrees, scale: scale),
                                       width: width, height: height)
            var wrong: [String] = []
            for y in 0..<height {
                for x in 0..<width {
                    let index = y * width + x
                    // Source-over onto an opaque background: the result stays opaque.
                    let layers = [(colours.secondary, border[index] * 0.6),
                                  (colours.primary, top[index]), (colours.orange, bottom[index])]
                    var expected = colours.background
                    for (paint, alpha) in layers {
                        for c in 0..<3 { expected[c] = paint[c] * alpha + expected[c] * (1 - alpha) }
                    }
                    let pixel = frame[x, y]
                    let actual = [Double(pixel.r), Double(pixel.g), Double(pixel.b)]
                    let difference = (0..<3).map { abs(actual[$0] - expected[$0]) }.max()!
                    if difference > Self.tolerance || pixel.a != 255 {
                        wrong.append("(\(x), \(y)) \(pixel) instead of \(expected.map { ($0 * 10).rounded() / 10 })")
                    }
                }
            }
            #expect(wrong.isEmpty, "@\(scale)x \(appearance) t = \(time): \(wrong.count) pixels differ, first \(wrong.prefix(4))")
        }
    }
}
