import Glibc
import Raster

/// Rasterized polygons and the independent drawing they are compared with, for the shape and
/// activity-indicator tests.
struct CoverageDrawing {
    let width: Int
    let height: Int
    /// Exact coverage per pixel, row-major.
    let values: [Double]

    /// The polygons accumulated in one rasterizer, as the view engine draws one shape.
    init(_ polygons: [[Point]], width: Int, height: Int) {
        var rasterizer = CoverageRasterizer(width: width, height: height)
        for polygon in polygons { rasterizer.addPolygon(polygon) }
        self.width = width
        self.height = height
        self.values = rasterizer.coverageValues()
    }

    /// Total ink area in square pixels.
    var area: Double { values.reduce(0, +) }

    func coverage(x: Int, y: Int) -> Double { values[y * width + x] }

    /// Samples per pixel side of the reference drawing.
    static let samplesPerSide = 16

    /// The fraction of pixel (x, y) inside `contains`, from 16 × 16 samples at the centres of
    /// a regular grid of sub-cells.
    static func supersampled(x: Int, y: Int, _ contains: (Point) -> Bool) -> Double {
        let n = samplesPerSide
        var inside = 0
        for j in 0..<n {
            for i in 0..<n {
                let p = Point(x: Double(x) + (Double(i) + 0.5) / Double(n), y: Double(y) + (Double(j) + 0.5) / Double(n))
                if contains(p) { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    /// Largest allowed per-pixel difference between a supersampled region and its
    /// rasterization.
    ///
    /// The samples sit at the centres of 16 rows of 16 cells. Where a straight edge crosses a
    /// row, the row's true covered area is its height times the covered length along its centre
    /// line, and the samples on that line misjudge that length by at most half a sample, so the
    /// row is off by at most (1/32)·(1/16) and the pixel by 1/32 per edge crossing it (the
    /// curvature of a circle of ≥ 20 px over one pixel adds far less). A corner (a miter, a
    /// square cap) puts two edges in one pixel: 2/32. The rasterizer itself is exact to well
    /// under 1/255 per pixel (its accuracy test).
    static let pixelTolerance = 2.0 / 32 + 1.0 / 255

    /// Compares every pixel with the supersampled region; returns the worst difference and the
    /// first pixel over ``pixelTolerance``.
    func compare(with contains: (Point) -> Bool) -> (worst: Double, firstBad: (Int, Int)?) {
        var worst = 0.0
        var firstBad: (Int, Int)? = nil
        for y in 0..<height {
            for x in 0..<width {
                let expected = CoverageDrawing.supersampled(x: x, y: y, contains)
                let difference = abs(coverage(x: x, y: y) - expected)
                if difference > worst { worst = difference }
                if difference > CoverageDrawing.pixelTolerance, firstBad == nil { firstBad = (x, y) }
            }
        }
        return (worst, firstBad)
    }
}

/// Plane geometry for the reference drawings.
enum Reference {
    static func distance(_ a: Point, _ b: Point) -> Double { (a - b).length }

    /// Distance from `p` to the segment a–b.
    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let lengthSquared = ab.x * ab.x + ab.y * ab.y
        let t = lengthSquared > 0 ? min(1, max(0, (ap.x * ab.x + ap.y * ab.y) / lengthSquared)) : 0
        return distance(p, a + ab * t)
    }

    /// Signed distance from `p` to a rounded rectangle (negative inside), the usual rounded-box
    /// distance: the corner circles' distance in the corner regions, the sides' elsewhere.
    static func signedDistance(_ p: Point, roundedRect rect: Rect, radius r: Double) -> Double {
        let c = rect.center
        let qx = abs(p.x - c.x) - (rect.width / 2 - r)
        let qy = abs(p.y - c.y) - (rect.height / 2 - r)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - r
    }

    /// The clockwise angle of `p` about `centre` from 3 o'clock, in 0 ..< 2π.
    static func clockwiseAngle(_ p: Point, about centre: Point) -> Double {
        let angle = atan2(p.y - centre.y, p.x - centre.x)
        return angle < 0 ? angle + 2 * Double.pi : angle
    }
}
