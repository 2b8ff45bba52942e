import Glibc

/// A shape outline made of lines, circular arcs and quadratic and cubic Bézier curves, in a
/// y-down coordinate space.
///
/// Paths are filled with the non-zero winding rule. Arcs and curves are kept exact until
/// ``flattened(by:tolerance:)`` turns them into polygons in device space, so the flattening
/// error is bounded in pixels, whatever the transform.
public struct Path: Hashable, Sendable {
    /// One drawing command.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(Point)
        /// A straight line from the current point.
        case line(Point)
        /// A circular arc about `center`, from angle `startRadians` turning by `sweepRadians`.
        /// Angles are measured from +x towards +y, so positive sweeps turn clockwise on screen.
        /// A line joins the current point to the arc's start.
        case arc(center: Point, radius: Double, startRadians: Double, sweepRadians: Double)
        /// A quadratic Bézier curve from the current point to `to`, pulled towards `control`
        /// (TrueType glyph outlines).
        case quadCurve(control: Point, to: Point)
        /// A cubic Bézier curve from the current point to `to` (CFF glyph outlines).
        case cubicCurve(control1: Point, control2: Point, to: Point)
        /// Closes the current subpath with a line back to its start.
        case close
    }

    /// The commands in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) { elements.append(.move(point)) }
    /// Adds a line from the current point to `point`.
    public mutating func addLine(to point: Point) { elements.append(.line(point)) }
    /// Adds a circular arc (see ``Element/arc(center:radius:startRadians:sweepRadians:)``).
    public mutating func addArc(center: Point, radius: Double, startRadians: Double, sweepRadians: Double) {
        elements.append(.arc(center: center, radius: radius, startRadians: startRadians, sweepRadians: sweepRadians))
    }
    /// Adds a quadratic Bézier curve from the current point to `point`.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(control: control, to: point))
    }
    /// Adds a cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.cubicCurve(control1: control1, control2: control2, to: point))
    }
    /// Closes the current subpath.
    public mutating func closeSubpath() { elements.append(.close) }

    /// The path with every point mapped by `transform` (an affine map takes a Bézier curve to
    /// the curve of the mapped control points). Arcs stay arcs under a uniform scale and a
    /// translation; under any other map each becomes cubic curves of at most 22.5° of the
    /// circle (``arcCurves(center:radius:startRadians:sweepRadians:)``).
    public func applying(_ transform: AffineTransform) -> Path {
        var path = Path()
        path.elements.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case let .move(p): path.elements.append(.move(transform.apply(p)))
            case let .line(p): path.elements.append(.line(transform.apply(p)))
            case let .quadCurve(c, p): path.elements.append(.quadCurve(control: transform.apply(c), to: transform.apply(p)))
            case let .cubicCurve(c1, c2, p):
                path.elements.append(.cubicCurve(control1: transform.apply(c1), control2: transform.apply(c2), to: transform.apply(p)))
            case let .arc(center, radius, start, sweep):
                if transform.b == 0 && transform.c == 0 && transform.a == transform.d && transform.a > 0 {
                    path.elements.append(.arc(center: transform.apply(center), radius: radius * transform.a,
                                              startRadians: start, sweepRadians: sweep))
                } else {
                    // Any other map takes the circle to an ellipse: the arc as cubic curves.
                    path.elements.append(.line(transform.apply(Path.arcPoint(center, radius, start))))
                    for curve in Path.arcCurves(center: center, radius: radius, startRadians: start, sweepRadians: sweep) {
                        path.elements.append(.cubicCurve(control1: transform.apply(curve.0), control2: transform.apply(curve.1),
                                                         to: transform.apply(curve.2)))
                    }
                }
            case .close: path.elements.append(.close)
            }
        }
        return path
    }

    /// Appends every subpath of `other`.
    public mutating func append(_ other: Path) { elements.append(contentsOf: other.elements) }

    /// A capsule: the segment `start`–`end` stroked with round caps, i.e. every point within
    /// `radius` of the segment. A zero-length segment gives a disc.
    ///
    /// The outline runs in one consistent direction so that several capsules in one path add
    /// up under the non-zero rule.
    public static func capsule(from start: Point, to end: Point, radius: Double) -> Path {
        var path = Path()
        let delta = end - start
        let length = delta.length
        guard length > 0 else {
            path.addArc(center: start, radius: radius, startRadians: 0, sweepRadians: -2 * Double.pi)
            path.closeSubpath()
            return path
        }
        let axis = atan2(delta.y, delta.x)
        let normal = Point(x: -delta.y / length, y: delta.x / length) * radius
        path.move(to: start + normal)
        path.addLine(to: end + normal)
        // Around the end cap from +normal to −normal through the axis direction.
        path.addArc(center: end, radius: radius, startRadians: axis + Double.pi / 2, sweepRadians: -Double.pi)
        path.addLine(to: start - normal)
        path.addArc(center: start, radius: radius, startRadians: axis - Double.pi / 2, sweepRadians: -Double.pi)
        path.closeSubpath()
        return path
    }

    /// An axis-aligned rectangle, wound in the same direction as ``capsule(from:to:radius:)``.
    public static func rectangle(_ rect: Rect) -> Path {
        var path = Path()
        path.move(to: Point(x: rect.minX, y: rect.minY))
        path.addLine(to: Point(x: rect.minX, y: rect.maxY))
        path.addLine(to: Point(x: rect.maxX, y: rect.maxY))
        path.addLine(to: Point(x: rect.maxX, y: rect.minY))
        path.closeSubpath()
        return path
    }

    /// A rectangular frame `lineWidth` wide drawn inside `rect`, as SwiftUI's `border` draws:
    /// the outer rectangle and the inner one wound the other way, so the middle stays empty.
    public static func border(_ rect: Rect, lineWidth: Double) -> Path {
        var path = rectangle(rect)
        let inner = rect.outset(dx: -lineWidth, dy: -lineWidth)
        guard inner.width > 0, inner.height > 0 else { return path }
        path.move(to: Point(x: inner.minX, y: inner.minY))
        path.addLine(to: Point(x: inner.maxX, y: inner.minY))
        path.addLine(to: Point(x: inner.maxX, y: inner.maxY))
        path.addLine(to: Point(x: inner.minX, y: inner.maxY))
        path.closeSubpath()
        return path
    }

    /// The path turned into closed polygons in device space.
    ///
    /// Each arc becomes chords whose sagitta (greatest distance from the true arc) is at most
    /// `tolerance` after the transform. Each Bézier curve becomes `n` chords at equal steps of
    /// its parameter, with `n` from Wang's formula, `n = ⌈√(d(d − 1)/8 · M / tolerance)⌉` for a
    /// curve of degree `d` whose control points' largest second difference is `M` pixels
    /// (after the transform), which bounds every chord's distance from the curve by `tolerance`.
    ///
    /// - Parameters:
    ///   - transform: maps path coordinates to device pixels.
    ///   - tolerance: the largest allowed flattening error, in device pixels (> 0).
    /// - Returns: one array of vertices per subpath; the closing edge is implied.
    public func flattened(by transform: AffineTransform, tolerance: Double) -> [[Point]] {
        subpaths(by: transform, tolerance: tolerance).compactMap { $0.points.count >= 3 ? $0.points : nil }
    }

    /// One subpath flattened into a polyline, and whether it was closed (`closeSubpath()`).
    public struct FlatSubpath: Hashable, Sendable {
        /// The vertices in device space; a closed subpath's closing edge is implied.
        public var points: [Point]
        /// Whether the subpath ends with `closeSubpath()` (a stroke joins it round, with no caps).
        public var isClosed: Bool

        /// A polyline.
        public init(points: [Point], isClosed: Bool) {
            self.points = points
            self.isClosed = isClosed
        }
    }

    /// The subpaths as polylines in device space, open or closed, as ``flattened(by:tolerance:)``
    /// flattens them; a subpath of one point (a lone `move`) is left out.
    public func subpaths(by transform: AffineTransform, tolerance: Double) -> [FlatSubpath] {
        var polygons: [FlatSubpath] = []
        var current: [Point] = []
        var last = Point(x: 0, y: 0)
        // After a close the current point is the subpath's start, where the next piece begins
        // (Core Graphics' rule), so a line after `closeSubpath()` starts a new subpath there.
        var subpathStart = last
        let stretch = transform.maximumScale
        func finish(closed: Bool = false) {
            if current.count >= 2 { polygons.append(FlatSubpath(points: current, isClosed: closed)) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                last = transform.apply(p)
                subpathStart = last
                current.append(last)
            case .line(let p):
                if current.isEmpty { current.append(last) }
                last = transform.apply(p)
                current.append(last)
            case let .quadCurve(control, to):
                if current.isEmpty { current.append(last) }
                let (c, p) = (transform.apply(control), transform.apply(to))
                let m = (last - c * 2 + p).length
                let n = Path.curveSteps(secondDifference: m, degreeFactor: 0.25, tolerance: tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(last * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                last = p
            case let .cubicCurve(control1, control2, to):
                if current.isEmpty { current.append(last) }
                let (c1, c2, p) = (transform.apply(control1), transform.apply(control2), transform.apply(to))
                let m = max((last - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
                let n = Path.curveSteps(secondDifference: m, degreeFactor: 0.75, tolerance: tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(last * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
                last = p
            case .arc(let center, let radius, let start, let sweep):
                let segments = Path.chordCount(radius: radius * stretch, sweepRadians: sweep, tolerance: tolerance)
                let step = abs(sweep) / Double(segments)
                // Interior vertices sit slightly outside the circle, at the radius that gives each
                // chord's sector the true sector's area (R² sin φ = r² φ), so chords straddle the
                // arc instead of cutting inside it; the end vertices stay on the circle, where the
                // arc meets straight edges.
                let outer = radius * (step / sin(step)).squareRoot()
                for i in 0...segments {
                    let angle = start + sweep * Double(i) / Double(segments)
                    let r = (i == 0 || i == segments) ? radius : outer
                    let p = Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
                    current.append(transform.apply(p))
                }
                last = current[current.count - 1]
            case .close:
                finish(closed: true)
                last = subpathStart
            }
        }
        finish()
        return polygons
    }

    /// Wang's formula: the chords a Bézier curve needs so that none strays more than
    /// `tolerance` pixels from it, `⌈√(factor · M / tolerance)⌉` with `factor` = d(d − 1)/8
    /// (¼ quadratic, ¾ cubic) and `M` the largest second difference of its control points, in
    /// pixels; at most 1000, for a degenerate huge curve.
    static func curveSteps(secondDifference m: Double, degreeFactor: Double, tolerance: Double) -> Int {
        guard m > 0, m.isFinite else { return 1 }
        return min(1000, max(1, Int((degreeFactor * m / tolerance).squareRoot().rounded(.up))))
    }

    /// The number of equal chords that keep the sagitta of an arc of `radius` device pixels
    /// within `tolerance` pixels: each chord spans at most 2·acos(1 − tolerance / radius).
    ///
    /// At most ``maximumChordCount``: an arc millions of pixels across (a shape scaled by 10¹⁹)
    /// would otherwise need more chords than memory holds, or more than `Int` counts.
    static func chordCount(radius: Double, sweepRadians: Double, tolerance: Double) -> Int {
        let step = radius > tolerance ? 2 * acos(1 - tolerance / radius) : Double.pi / 2
        let count = (abs(sweepRadians) / step).rounded(.up)
        // `!(count < …)` also catches NaN (a sweep or radius that is not finite).
        guard count < Double(maximumChordCount) else { return count.isNaN ? 1 : maximumChordCount }
        return max(1, Int(count))
    }

    /// The most chords one arc is flattened into: 65 536 keep the sagitta within 0.1 px up to a
    /// radius of about 10⁸ px, far beyond any canvas.
    static let maximumChordCount = 1 << 16
}
