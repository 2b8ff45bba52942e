import Glibc
import Raster

/// The exact area of a capsule inside each pixel, independent of the rasterizer.
///
/// It integrates the capsule's vertical chord length over each pixel's width with 3-point
/// Gauss–Legendre on fine subintervals, so it shares no code with the rasterizer — no
/// flattening, no accumulation. Used by the rasterizer's accuracy test and by `make bench`.
public struct CapsuleReference {
    /// Ends of the centre line, in pixels.
    public let a: Point, b: Point
    /// Half the capsule's width, in pixels.
    public let radius: Double

    /// A capsule from `a` to `b` with round caps of `radius`, all in pixels.
    public init(a: Point, b: Point, radius: Double) {
        self.a = a
        self.b = b
        self.radius = radius
    }

    /// The y-interval where the vertical line at `x` meets the capsule, or nil.
    public func chord(atX x: Double) -> (Double, Double)? {
        var low = Double.infinity, high = -Double.infinity
        func disc(_ c: Point) {
            let dx = x - c.x
            if abs(dx) < radius {
                let h = (radius * radius - dx * dx).squareRoot()
                low = min(low, c.y - h)
                high = max(high, c.y + h)
            }
        }
        disc(a)
        disc(b)
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
            func constrain(_ c0: Double, _ c1: Double) {
                if c1 == 0 {
                    if c0 < 0 { empty = true }
                } else if c1 > 0 {
                    lo = max(lo, -c0 / c1)
                } else {
                    hi = min(hi, -c0 / c1)
                }
            }
            constrain(s0, u.y)
            constrain(length - s0, -u.y)
            constrain(t0 + radius, n.y)
            constrain(radius - t0, -n.y)
            if !empty && lo < hi {
                low = min(low, lo)
                high = max(high, hi)
            }
        }
        return low < high ? (low, high) : nil
    }

    /// Exact covered area of each pixel of a width × height canvas.
    public func areas(width: Int, height: Int, subintervals: Int = 256) -> [Double] {
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
            // Each chord adds to the rows it crosses only, in the same order for every row.
            for (w, lo, hi) in chords {
                let first = Int(max(lo, 0).rounded(.down)), last = Int(min(hi, Double(height - 1)).rounded(.down))
                guard first <= last else { continue }
                for row in first...last {
                    let top = Double(row), bottom = Double(row + 1)
                    result[row * width + column] += w * max(0, min(hi, bottom) - max(lo, top))
                }
            }
        }
        return result
    }
}

/// Coverage error of the rasterizer against ``CapsuleReference``, in coverage units (0…1).
public struct CoverageError {
    /// No measurement yet.
    public init() {}

    /// Largest error of any pixel, before 8-bit rounding.
    public var maximum = 0.0
    /// Sum of errors over anti-aliased pixels (partly covered in either), for the mean.
    public var sum = 0.0
    /// Anti-aliased pixels counted in `sum`.
    public var edgePixels = 0
    /// Largest error of the 8-bit mask (`coverageMask()`) against exact area × 255, in 1/255.
    public var maximum8Bit = 0.0

    /// Mean error over anti-aliased pixels.
    public var mean: Double { edgePixels == 0 ? 0 : sum / Double(edgePixels) }

    /// Combines the figures of two measurements.
    public mutating func merge(_ other: CoverageError) {
        maximum = max(maximum, other.maximum)
        maximum8Bit = max(maximum8Bit, other.maximum8Bit)
        sum += other.sum
        edgePixels += other.edgePixels
    }

    /// Rasterizes a capsule of centre-line `length` and `radius` (pixels) at `angles` angles over
    /// a half turn and `offsets × offsets` sub-pixel positions, as the accuracy test does, its
    /// arcs flattened within `tolerance` pixels.
    public static func measure(length: Double, radius: Double, angles: Int, offsets: Int,
                               tolerance: Double = CoverageRasterizer.defaultTolerance) -> CoverageError {
        var error = CoverageError()
        let size = Int((length + 2 * radius + 4).rounded(.up))
        for angleStep in 0..<angles {
            // Avoid round multiples so edges fall at all slopes.
            let angle = Double.pi * (Double(angleStep) + 0.37) / Double(angles)
            for ox in 0..<offsets {
                for oy in 0..<offsets {
                    let center = Point(x: Double(size) / 2 + Double(ox) / Double(offsets),
                                       y: Double(size) / 2 + Double(oy) / Double(offsets))
                    let half = Point(x: cos(angle), y: sin(angle)) * (length / 2)
                    let a = center - half, b = center + half
                    var rasterizer = CoverageRasterizer(width: size, height: size)
                    rasterizer.add(Path.capsule(from: a, to: b, radius: radius), tolerance: tolerance)
                    let measured = rasterizer.coverageValues()
                    let mask = rasterizer.coverageMask()
                    let exact = CapsuleReference(a: a, b: b, radius: radius).areas(width: size, height: size)
                    for index in exact.indices {
                        let m = measured[index], e = exact[index]
                        let difference = abs(m - e)
                        error.maximum = max(error.maximum, difference)
                        error.maximum8Bit = max(error.maximum8Bit, abs(Double(mask[index]) - e * 255))
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
}
