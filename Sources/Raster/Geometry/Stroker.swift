import Glibc

/// How a stroke ends (Core Graphics' `CGLineCap`).
public enum StrokeCap: String, Hashable, Sendable {
    /// Flush with the end of the line.
    case butt
    /// A half disc of the line's half width around the end.
    case round
    /// A half square: the line extended by half its width.
    case square
}

/// How a stroke turns a corner (Core Graphics' `CGLineJoin`).
public enum StrokeJoin: String, Hashable, Sendable {
    /// The outer edges extended until they meet, bevelled past the miter limit.
    case miter
    /// A circular arc around the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// Turns polylines into the polygons of their stroke: the region a pen of `halfWidth` radius
/// covers along them, as Core Graphics strokes a path (`CGContextStrokePath`).
///
/// Each segment becomes a rectangle, each corner the wedge its join adds on the outer side,
/// each open end its cap; every piece is wound the same way (positive shoelace area), so their
/// union is what ``CoverageRasterizer/addPolygons(_:transform:rule:)`` fills under the
/// non-zero rule, exactly, however the pieces overlap.
public struct Stroker: Sendable {
    /// Half the line width, in the polylines' units.
    public var halfWidth: Double
    /// End caps of open polylines.
    public var cap: StrokeCap
    /// Corner joins.
    public var join: StrokeJoin
    /// Core Graphics' miter limit: a miter longer than `miterLimit` × the line width is
    /// bevelled (SwiftUI's `StrokeStyle` default 10).
    public var miterLimit: Double
    /// The largest distance of a chord from a round join's or cap's arc.
    public var tolerance: Double

    /// A stroker; Core Graphics' defaults are butt caps, miter joins and a limit of 10.
    public init(halfWidth: Double, cap: StrokeCap = .butt, join: StrokeJoin = .miter, miterLimit: Double = 10,
                tolerance: Double) {
        self.halfWidth = halfWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.tolerance = tolerance
    }

    /// The stroke's pieces, each wound positively (clockwise on a y-down screen).
    public func polygons(_ subpaths: [Path.FlatSubpath]) -> [[Point]] {
        guard halfWidth > 0, halfWidth.isFinite else { return [] }
        var out: [[Point]] = []
        for subpath in subpaths { stroke(subpath, into: &out) }
        return out
    }

    private func stroke(_ subpath: Path.FlatSubpath, into out: inout [[Point]]) {
        var points: [Point] = []
        for p in subpath.points where p.x.isFinite && p.y.isFinite {
            if let last = points.last, (p - last).length < 1e-12 { continue }
            points.append(p)
        }
        var closed = subpath.isClosed
        if closed, points.count >= 2, (points[0] - points[points.count - 1]).length < 1e-12 { points.removeLast() }
        if points.count < 2 {
            // A zero-length subpath draws its caps only (a dot with round caps), as in Core Graphics.
            guard let p = points.first ?? subpath.points.first, !closed else { return }
            addCap(at: p, direction: Point(x: 1, y: 0), into: &out)
            addCap(at: p, direction: Point(x: -1, y: 0), into: &out)
            return
        }
        if points.count == 2 { closed = false }
        let count = points.count
        let segmentCount = closed ? count : count - 1
        var directions: [Point] = []
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % count]
            let d = b - a
            let unit = d * (1 / d.length)
            directions.append(unit)
            let n = Point(x: -unit.y, y: unit.x) * halfWidth
            append([a + n, b + n, b - n, a - n], into: &out)
        }
        let joints = closed ? Array(0..<count) : Array(1..<(count - 1))
        for i in joints {
            let incoming = directions[(i - 1 + segmentCount) % segmentCount], outgoing = directions[i % segmentCount]
            addJoin(at: points[i], incoming, outgoing, into: &out)
        }
        if !closed {
            addCap(at: points[count - 1], direction: directions[segmentCount - 1], into: &out)
            addCap(at: points[0], direction: directions[0] * -1, into: &out)
        }
    }

    /// Adds `polygon` wound positively; one of no area is left out.
    private func append(_ polygon: [Point], into out: inout [[Point]]) {
        var area = 0.0
        for (index, p) in polygon.enumerated() {
            let q = polygon[(index + 1) % polygon.count]
            area += p.x * q.y - q.x * p.y
        }
        guard abs(area) > 1e-18 else { return }
        out.append(area > 0 ? polygon : polygon.reversed())
    }

    /// The outer wedge of the corner at `p` between the segments' directions `d1` and `d2`.
    private func addJoin(at p: Point, _ d1: Point, _ d2: Point, into out: inout [[Point]]) {
        let cross = d1.x * d2.y - d1.y * d2.x
        let cosine = d1.x * d2.x + d1.y * d2.y
        guard abs(cross) > 1e-12 || cosine < 0 else { return }
        // The outer side is the one the path turns away from.
        let side: Double = cross > 0 ? -1 : 1
        let n1 = Point(x: -d1.y, y: d1.x) * (side * halfWidth), n2 = Point(x: -d2.y, y: d2.x) * (side * halfWidth)
        let a = p + n1, b = p + n2
        switch join {
        case .bevel:
            append([p, a, b], into: &out)
        case .miter:
            // The miter is 1 / sin(φ/2) line widths long for the angle φ between the segments,
            // and sin(φ/2) = cos(θ/2) = √((1 + cos θ) / 2) for the turn θ.
            let half = ((1 + cosine) / 2).squareRoot()
            if half > 0, 1 / half <= miterLimit {
                append([p, a, p + (n1 + n2) * (1 / (1 + cosine)), b], into: &out)
            } else {
                append([p, a, b], into: &out)
            }
        case .round:
            append([p] + arc(around: p, from: a, to: b), into: &out)
        }
    }

    /// Points on the circle of `halfWidth` about `center` from `a` to `b` the short way
    /// (half a turn, on the side of `b`, when they are opposite), within ``tolerance``.
    private func arc(around center: Point, from a: Point, to b: Point, through side: Point? = nil) -> [Point] {
        let start = atan2(a.y - center.y, a.x - center.x)
        var sweep = atan2(b.y - center.y, b.x - center.x) - start
        while sweep > Double.pi { sweep -= 2 * Double.pi }
        while sweep < -Double.pi { sweep += 2 * Double.pi }
        if let side {
            // A half turn through `side`: the direction that passes it.
            let towards = atan2(side.y - center.y, side.x - center.x) - start
            let s = sin(towards)
            sweep = s >= 0 ? Double.pi : -Double.pi
        }
        let steps = Path.chordCount(radius: halfWidth, sweepRadians: sweep, tolerance: tolerance)
        // As `Path.flattened`: interior vertices just outside the circle keep each sector's area.
        let step = abs(sweep) / Double(steps)
        let outer = step > 0 ? halfWidth * (step / sin(step)).squareRoot() : halfWidth
        var points: [Point] = []
        for i in 0...steps {
            let angle = start + sweep * Double(i) / Double(steps)
            let r = (i == 0 || i == steps) ? halfWidth : outer
            points.append(Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle)))
        }
        return points
    }

    /// The cap at the end `p` of a line arriving in `direction` (a unit vector).
    private func addCap(at p: Point, direction t: Point, into out: inout [[Point]]) {
        let n = Point(x: -t.y, y: t.x) * halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            let ahead = t * halfWidth
            append([p + n, p + n + ahead, p - n + ahead, p - n], into: &out)
        case .round:
            append(arc(around: p, from: p + n, to: p - n, through: p + t * halfWidth), into: &out)
        }
    }

    /// The dashes of `subpaths`: the pieces where a pattern of alternating on and off lengths
    /// (`pattern`, in the polylines' units), started `phase` into it, is on, each an open
    /// polyline (Core Graphics' `CGContextSetLineDash`; SwiftUI's `StrokeStyle(dash:dashPhase:)`).
    /// Each subpath restarts the pattern at `phase`; a closed subpath is walked through its
    /// closing edge. A pattern with a negative length or no positive length is no dash at all
    /// (the subpaths come back whole). An on length of 0 gives a dot: a piece of one point's
    /// length along the line, so that round and square caps draw it.
    public static func dashed(_ subpaths: [Path.FlatSubpath], pattern: [Double], phase: Double) -> [Path.FlatSubpath] {
        let total = pattern.reduce(0, +)
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), total > 0, phase.isFinite else { return subpaths }
        // An odd count repeats the pattern once more, swapping on and off (SVG's and Core
        // Graphics' rule).
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let cycle = lengths.reduce(0, +)
        var pieces: [Path.FlatSubpath] = []
        for subpath in subpaths {
            var line = subpath.points
            if subpath.isClosed, let first = line.first { line.append(first) }
            guard line.count >= 2 else { continue }
            var start = phase.truncatingRemainder(dividingBy: cycle)
            if start < 0 { start += cycle }
            var index = 0
            while start >= lengths[index] { start -= lengths[index]; index = (index + 1) % lengths.count }
            var remaining = lengths[index] - start
            var on = index % 2 == 0
            var current: [Point] = on ? [line[0]] : []
            func finish(_ direction: Point) {
                if current.count >= 2 {
                    pieces.append(Path.FlatSubpath(points: current, isClosed: false))
                } else if let p = current.first {
                    pieces.append(Path.FlatSubpath(points: [p, p + direction * 1e-6], isClosed: false))
                }
                current = []
            }
            for i in 1..<line.count {
                var p = line[i - 1]
                let q = line[i]
                var length = (q - p).length
                guard length > 0 else { continue }
                let direction = (q - p) * (1 / length)
                while remaining <= length {
                    let cut = p + direction * remaining
                    length -= remaining
                    p = cut
                    if on { current.append(cut); finish(direction) } else { current = [cut] }
                    on.toggle()
                    index = (index + 1) % lengths.count
                    remaining = lengths[index]
                    if remaining == 0 && on {
                        // A zero-length dash: a dot here.
                        current = [cut]
                        finish(direction)
                        on = false
                        index = (index + 1) % lengths.count
                        remaining = lengths[index]
                    }
                }
                remaining -= length
                if on { current.append(q) }
            }
            if on, current.count >= 2 { pieces.append(Path.FlatSubpath(points: current, isClosed: false)) }
        }
        return pieces
    }
}
