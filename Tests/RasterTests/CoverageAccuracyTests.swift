import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

/// An independent reference: the exact area of a capsule inside each pixel, by integrating the
/// capsule's vertical chord length over the pixel's width (Gauss–Legendre on fine subintervals).
/// It shares no code with the rasterizer: no flattening, no accumulation.
struct CapsuleReference {
    let a: Point, b: Point, radius: Double

    /// The y-interval where the vertical line at `x` meets the capsule, or nil.
    func chord(atX x: Double) -> (Double, Double)? {
        var low = Double.infinity, high = -Double.infinity
        for c in [a, b] {
            let dx = x - c.x
            if abs(dx) < radius {
                let h = (radius * radius - dx * dx).squareRoot()
                low = min(low, c.y - h)
                high = max(high, c.y + h)
            }
        }
        // The rectangle a→b of half-width radius: 0 ≤ s ≤ L and −r ≤ t ≤ r, each linear in y.
        let d = b - a
        let length = d.length
        if length > 0 {
            let u = Point(x: d.x / length, y: d.y / length)
            let n = Point(x: -u.y, y: u.x)
            let s0 = (x - a.x) * u.x - a.y * u.y   // s(y) = s0 + u.y·y
            let t0 = (x - a.x) * n.x - a.y * n.y   // t(y) = t0 + n.y·y
            var lo = -Double.infinity, hi = Double.infinity, empty = false
            // Each constraint: c0 + c1·y ≥ 0.
            for (c0, c1) in [(s0, u.y), (length - s0, -u.y), (t0 + radius, n.y), (radius - t0, -n.y)] {
                if c1 == 0 {
                    if c0 < 0 { empty = true }
                } else if c1 > 0 {
                    lo = max(lo, -c0 / c1)
                } else {
                    hi = min(hi, -c0 / c1)
                }
            }
            if !empty && lo < hi {
                low = min(low, lo)
                high = max(high, hi)
            }
        }
        return low < high ? (low, high) : nil
    }

    /// Exact covered area of each pixel of a width × height canvas.
    func areas(width: Int, height: Int, subintervals: Int = 256) -> [Double] {
        let nodes = [-(0.6).squareRoot(), 0, (0.6).squareRoot()]
        let weights = [5.0 / 9, 8.0 / 9, 5.0 / 9]
        var result = [Double](repeating: 0, count: width * height)
        for column in 0..<width {
            var chords: [(Double, Double, Double)] = []   // (weight × dx, low, high)
            let h = 1.0 / Double(subintervals)
            for k in 0..<subintervals {
                let mid = Double(column) + (Double(k) + 0.5) * h
                for (node, weight) in zip(nodes, weights) {
                    if let (lo, hi) = chord(atX: mid + node * h / 2) {
                        chords.append((weight * h / 2, lo, hi))
                    }
                }
            }
            for row in 0..<height {
                let top = Double(row), bottom = Double(row + 1)
                var area = 0.0
                for (w, lo, hi) in chords {
                    area += w * max(0, min(hi, bottom) - max(lo, top))
                }
                result[row * width + column] = area
            }
        }
        return result
    }
}

struct CoverageError {
    var maximum = 0.0
    var sum = 0.0
    var edgePixels = 0
}

func measureCapsuleError(length: Double, radius: Double, angles: Int, offsets: Int) -> CoverageError {
    var error = CoverageError()
    let size = Int((length + 2 * radius + 4).rounded(.up))
    for angleStep in 0..<angles {
        // Angles spread over a half turn (a capsule is symmetric under 180°), avoiding round
        // multiples so edges fall at all slopes.
        let angle = Double.pi * (Double(angleStep) + 0.37) / Double(angles)
        for ox in 0..<offsets {
            for oy in 0..<offsets {
                let center = Point(x: Double(size) / 2 + Double(ox) / Double(offsets),
                                   y: Double(size) / 2 + Double(oy) / Double(offsets))
                let half = Point(x: cos(angle), y: sin(angle)) * (length / 2)
                let a = center - half, b = center + half
                var rasterizer = CoverageRasterizer(width: size, height: size)
                rasterizer.add(Path.capsule(from: a, to: b, radius: radius))
                let measured = rasterizer.coverageValues()
                let exact = CapsuleReference(a: a, b: b, radius: radius).areas(width: size, height: size)
                for (m, e) in zip(measured, exact) {
                    let difference = abs(m - e)
                    error.maximum = max(error.maximum, difference)
                    if (m > 0 && m < 1) || (e > 1e-9 && e < 1 - 1e-9) {
                        error.sum += difference
                        error.edgePixels += 1
                    }
                }
            }
        }
    }
    return error
}

@Suite("Rasterizer accuracy against exact capsule areas")
struct CoverageAccuracyTests {
    /// The rays of the default spinner at @1x, @2x and @3x (ray width 1.64 pt, centre line
    /// 2.53 pt long) and a hairline capsule: every pixel's coverage within 1/255 of the exact
    /// area, and the mean over anti-aliased pixels within 0.2/255.
    @Test(arguments: [(2.53, 0.82), (5.06, 1.64), (7.59, 2.46), (6.0, 0.5)])
    func capsuleCoverageErrorIsWithinOneLevel(length: Double, radius: Double) {
        let error = measureCapsuleError(length: length, radius: radius, angles: 19, offsets: 3)
        let mean = error.sum / Double(error.edgePixels)
        #expect(error.edgePixels > 100)
        #expect(error.maximum * 255 <= 1.0, "max error \(error.maximum * 255)/255")
        #expect(mean * 255 <= 0.2, "mean error \(mean * 255)/255")
    }

    @Test func referenceIntegratesAWholeDiscToPiR2() {
        let reference = CapsuleReference(a: Point(x: 5.3, y: 4.9), b: Point(x: 5.3, y: 4.9), radius: 3)
        let total = reference.areas(width: 11, height: 11).reduce(0, +)
        #expect(abs(total - Double.pi * 9) < 1e-4)
    }

    @Test func rasterizedAreaSumsToTheCapsuleArea() {
        var rasterizer = CoverageRasterizer(width: 20, height: 20)
        let a = Point(x: 6.2, y: 7.1), b = Point(x: 13.9, y: 12.4)
        rasterizer.add(Path.capsule(from: a, to: b, radius: 2))
        let total = rasterizer.coverageValues().reduce(0, +)
        let exact = Double.pi * 4 + (b - a).length * 4
        #expect(abs(total - exact) < 1e-3)
    }
}
