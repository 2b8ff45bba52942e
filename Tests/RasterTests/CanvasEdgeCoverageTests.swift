import Testing
import Raster

/// Shapes that reach or cross the canvas's right and bottom sides keep their coverage on the
/// last column and row: each pixel's coverage is checked against the exact area of the
/// axis-aligned rectangles, computed here from their corners.
@Suite("Coverage at the canvas sides")
struct CanvasEdgeCoverageTests {
    /// The length of [a0, a1) ∩ [b0, b1).
    static func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
        max(0, min(a1, b1) - max(a0, b0))
    }

    /// The area of `rect` inside pixel (x, y).
    static func area(of rect: Rect, inPixel x: Int, _ y: Int) -> Double {
        overlap(rect.minX, rect.maxX, Double(x), Double(x + 1)) * overlap(rect.minY, rect.maxY, Double(y), Double(y + 1))
    }

    /// Fills `path` on a `width × height` canvas and compares every pixel with `expected`.
    /// Corners lie on the 1/1024 px grid, so the only error is the 2⁻²⁰ accumulator rounding.
    static func check(_ path: Path, width: Int, height: Int, expected: (Int, Int) -> Double) {
        var rasterizer = CoverageRasterizer(width: width, height: height)
        rasterizer.add(path)
        let values = rasterizer.coverageValues()
        var wrong: [String] = []
        for y in 0..<height {
            for x in 0..<width where abs(values[y * width + x] - expected(x, y)) > 1e-5 {
                wrong.append("(\(x), \(y)): \(values[y * width + x]) instead of \(expected(x, y))")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) pixels wrong, first \(wrong.prefix(4))")
    }

    /// A border band whose outer edges lie on the canvas sides, as the preview's border and
    /// the stage outline do at @2x and @3x: the band is `line` pixels wide on all four sides.
    @Test(arguments: [(11, 9, 1.0), (11, 9, 2.0), (111, 180, 3.0), (12, 7, 2.5)])
    func borderBandOnTheCanvasSidesIsCoveredOnEverySide(width: Int, height: Int, line: Double) {
        let outer = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let inner = outer.outset(dx: -line, dy: -line)
        Self.check(.border(outer, lineWidth: line), width: width, height: height) { x, y in
            Self.area(of: outer, inPixel: x, y) - Self.area(of: inner, inPixel: x, y)
        }
    }

    /// Rectangles ending on, or running past, the right and bottom sides (and past all four).
    @Test(arguments: [
        Rect(x: 3.25, y: 2.5, width: 7.75, height: 6.5),     // right and bottom edges on the sides
        Rect(x: 6.5, y: 1.75, width: 20, height: 3),         // past the right side only
        Rect(x: 1.5, y: 4.25, width: 3, height: 30),         // past the bottom only
        Rect(x: 9.75, y: 8.5, width: 5, height: 5),          // the last column's and row's corner
        Rect(x: -2.5, y: -1.25, width: 20, height: 20),      // past every side
        Rect(x: 10.5, y: 0, width: 0.5, height: 9),          // half of the last column
    ])
    func rectangleRunningOntoTheLastColumnAndRowIsCovered(rect: Rect) {
        Self.check(.rectangle(rect), width: 11, height: 9) { x, y in Self.area(of: rect, inPixel: x, y) }
    }

    /// A band wholly right of the canvas but for one edge: its right edge is dropped, so only
    /// the bounds the dropped pieces set let the coverage reach the last column; two bands
    /// added in either order give the same coverage.
    @Test func coverageAddedAfterADroppedEdgeStillReachesTheLastColumn() {
        let right = Rect(x: 8.5, y: 2, width: 10, height: 4)
        let left = Rect(x: 0.25, y: 5, width: 2, height: 3)
        for order in [[right, left], [left, right]] {
            var path = Path()
            for rect in order { path.append(.rectangle(rect)) }
            Self.check(path, width: 11, height: 9) { x, y in
                Self.area(of: right, inPixel: x, y) + Self.area(of: left, inPixel: x, y)
            }
        }
    }
}
