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
/// Each polyline becomes one outline (two loops for a closed one): along its left side with
/// the joins, around the end cap, back along its right side, around the start cap. Its winding
/// number is the sum of those of each segment's band, each join's wedge and each cap, all
/// wound one way, so ``CoverageRasterizer/addPolygons(_:transform:rule:)`` filling it under the
/// non-zero rule covers exactly their union, however they overlap (tight turns, a line crossing
/// itself, dashes that meet).
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

    /// The stroke's outlines, to be filled under the non-zero rule.
    public func polygons(_ subpaths: [Path.FlatSubpath]) -> [[Point]] {
        guard halfWidth > 0, halfWidth.isFinite else { return [] }
        var out: [[Point]] = []
        for subpath in subpaths { stroke(subpath, into: &out) }
        return out
    }

    private func stroke(_ subpath: Path.FlatSubpath, into out: inout [[Point]]) {
        var points: [Point] = []
        for p in subpath.points where p.x.isFinite && p.y.isFinite {
            if let last = points.last, (p - last).length < 1e-9 { continue }
            points.append(p)
        }
        var closed = subpath.isClosed
        if closed, points.count >= 2, (points[0] - points[points.count - 1]).length < 1e-9 { points.removeLast() }
        if points.count < 2 {
            // A zero-length subpath draws its caps only (a dot with round caps), as in Core Graphics.
            guard let p = points.first ?? subpath.points.first, !closed, cap != .butt else { return }
            var dot: [Point] = []
            appendCap(at: p, direction: Point(x: 1, y: 0), into: &dot)
            appendCap(at: p, direction: Point(x: -1, y: 0), into: &dot)
            out.append(dot)
            return
        }
        if points.count == 2 { closed = false }
        let count = points.count
        let segmentCount = closed ? count : count - 1
        var directions: [Point] = []
        for i in 0..<segmentCount {
            let d = points[(i + 1) % count] - points[i]
            directions.append(d * (1 / d.length))
        }
        // One side of the line: offsets by +halfWidth along the left normal (side 1) or the right
        // (side −1), in the order of travel, with the joins between the segments.
        // The length of each segment, for the inner joins that meet at the offsets' crossing.
        var lengths: [Double] = []
        for i in 0..<segmentCount { lengths.append((points[(i + 1) % count] - points[i]).length) }
        func side(_ sign: Double, _ order: [Int], into polygon: inout [Point]) {
            var startsAtCrossing = false
            // A closed side whose last join met the first segment at the offsets' crossing
            // begins there instead of at the first segment's own offset point.
            var firstPoint: Int?
            for (k, i) in order.enumerated() {
                let d = directions[i] * sign
                let n = Point(x: -d.y, y: d.x) * halfWidth
                let a = sign > 0 ? points[i] : points[(i + 1) % count]
                let b = sign > 0 ? points[(i + 1) % count] : points[i]
                if k == 0 {
                    firstPoint = polygon.count
                    polygon.append(a + n)
                } else if !startsAtCrossing, polygon[polygon.count - 1] != a + n {
                    polygon.append(a + n)
                }
                polygon.append(b + n)
                let next = k + 1 < order.count ? order[k + 1] : (closed ? order[0] : nil)
                startsAtCrossing = false
                if let next {
                    let d2 = directions[next] * sign
                    startsAtCrossing = appendJoin(at: b, d, d2, lengths: (lengths[i], lengths[next]), into: &polygon)
                    if startsAtCrossing, k + 1 == order.count, let first = firstPoint {
                        // The crossing closes the loop: it replaces the first segment's start.
                        polygon[first] = polygon.removeLast()
                    }
                }
            }
        }
        if closed {
            // The two sides are two loops; each joins at every vertex.
            var outer: [Point] = []
            side(1, Array(0..<segmentCount), into: &outer)
            out.append(outer)
            var inner: [Point] = []
            side(-1, Array((0..<segmentCount).reversed()), into: &inner)
            out.append(inner)
        } else {
            var outline: [Point] = []
            side(1, Array(0..<segmentCount), into: &outline)
            appendCap(at: points[count - 1], direction: directions[segmentCount - 1], into: &outline)
            side(-1, Array((0..<segmentCount).reversed()), into: &outline)
            appendCap(at: points[0], direction: directions[0] * -1, into: &outline)
            out.append(outline)
        }
    }

    /// The join at `p` from a segment in direction `d1` to one in direction `d2`, on the left
    /// side of travel: where the line turns away from that side, its outer corner (a miter,
    /// an arc, or nothing for a bevel), ending at the next segment's offset point; where it
    /// turns towards it, through the vertex itself. Going round the vertex on the inner side
    /// makes the outline the sum of each segment's band and each join's wedge, so the non-zero
    /// rule fills exactly their union (as stroke-to-path conversions in Skia and Cairo do).
    ///
    /// On the inner side, where the two offset edges cross within the first half of each
    /// segment (`lengths`), the corner is that crossing: the union's own boundary, and the same
    /// coverage as going round the vertex, without the spoke back to it. A flattened curve
    /// gentler than the pen (its radius above half the line width) joins this way at every
    /// vertex, so its inner side stays one simple edge chain instead of a fan of crossing
    /// spokes. Returns whether it did: the crossing replaced the first segment's end point
    /// and also stands for the next segment's start.
    @discardableResult
    private func appendJoin(at p: Point, _ d1: Point, _ d2: Point, lengths: (Double, Double) = (0, 0),
                            into polygon: inout [Point]) -> Bool {
        let n1 = Point(x: -d1.y, y: d1.x) * halfWidth, n2 = Point(x: -d2.y, y: d2.x) * halfWidth
        let cross = d1.x * d2.y - d1.y * d2.x
        let cosine = d1.x * d2.x + d1.y * d2.y
        if abs(cross) <= 1e-12 && cosine > 0 { return false }
        // The left side is outer when the path turns right (a negative cross product on a
        // y-down screen turns towards the left normal's opposite … see the sign below).
        let leftIsOuter = cross < 0 || (abs(cross) <= 1e-12 && cosine < 0)
        guard leftIsOuter else {
            // The offsets cross tan(θ/2) half widths from the vertex, for the turn θ;
            // tan(θ/2) = sin θ / (1 + cos θ).
            if cosine > 0 {
                let back = halfWidth * abs(cross) / (1 + cosine)
                if back <= lengths.0 / 2 && back <= lengths.1 / 2 {
                    polygon[polygon.count - 1] = p + n1 - d1 * back
                    return true
                }
            }
            polygon.append(p)
            polygon.append(p + n2)
            return false
        }
        switch join {
        case .bevel:
            break
        case .miter:
            // The miter is 1 / sin(φ/2) line widths long for the angle φ between the segments,
            // and sin(φ/2) = cos(θ/2) = √((1 + cos θ) / 2) for the turn θ.
            let half = ((1 + cosine) / 2).squareRoot()
            if half > 0, 1 / half <= miterLimit { polygon.append(p + (n1 + n2) * (1 / (1 + cosine))) }
        case .round:
            let arcPoints = arc(around: p, from: p + n1, to: p + n2, through: abs(cross) <= 1e-12 ? p + d1 * halfWidth : nil)
            polygon.append(contentsOf: arcPoints.dropFirst().dropLast())
        }
        polygon.append(p + n2)
        return false
    }

    /// Points on the circle of `halfWidth` about `center` from `a` to `b` the short way
    /// (half a turn through `side` when they are opposite), within ``tolerance``.
    private func arc(around center: Point, from a: Point, to b: Point, through side: Point? = nil) -> [Point] {
        let start = atan2(a.y - center.y, a.x - center.x)
        var sweep = atan2(b.y - center.y, b.x - center.x) - start
        while sweep > Double.pi { sweep -= 2 * Double.pi }
        while sweep < -Double.pi { sweep += 2 * Double.pi }
        if let side {
            let towards = atan2(side.y - center.y, side.x - center.x) - start
            sweep = sin(towards) >= 0 ? Double.pi : -Double.pi
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

    /// The cap at the end `p` of a line arriving in `direction` (a unit vector), from the
    /// left offset point (already in the outline) to the right one.
    private func appendCap(at p: Point, direction t: Point, into polygon: inout [Point]) {
        let n = Point(x: -t.y, y: t.x) * halfWidth
        switch cap {
        case .butt:
            polygon.append(p - n)
        case .square:
            let ahead = t * halfWidth
            polygon.append(p + n + ahead)
            polygon.append(p - n + ahead)
            polygon.append(p - n)
        case .round:
            polygon.append(contentsOf: arc(around: p, from: p + n, to: p - n, through: p + t * halfWidth).dropFirst())
        }
    }

    /// The most dashes ``dashed(_:pattern:phase:)`` makes along one call's subpaths.
    public static let maximumDashes = 2_000

    /// The dashes of `subpaths`: the pieces where a pattern of alternating on and off lengths
    /// (`pattern`, in the polylines' units), started `phase` into it, is on, each an open
    /// polyline (Core Graphics' `CGContextSetLineDash`; SwiftUI's `StrokeStyle(dash:dashPhase:)`).
    /// Each subpath restarts the pattern at `phase`; a closed subpath is walked through its
    /// closing edge. A pattern with a negative length or no positive length is no dash at all
    /// (the subpaths come back whole). An on length of 0 gives a dot: a piece of one point's
    /// length along the line, so that round and square caps draw it.
    ///
    /// A pattern so fine that the subpaths would hold more than ``maximumDashes`` dashes (a
    /// dash of 0.0001 pt along a circle: millions) is stretched, with its phase, until they hold
    /// that many: its dashes are then still far under a pixel, so they cover each pixel as the
    /// finer ones would on average, and drawing them stays bounded.
    public static func dashed(_ subpaths: [Path.FlatSubpath], pattern: [Double], phase: Double) -> [Path.FlatSubpath] {
        let total = pattern.reduce(0, +)
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), total > 0, phase.isFinite else { return subpaths }
        // An odd count repeats the pattern once more, swapping on and off (SVG's and Core
        // Graphics' rule).
        var lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        var cycle = lengths.reduce(0, +)
        var phase = phase
        var pathLength = 0.0
        for subpath in subpaths {
            let points = subpath.points
            for i in points.indices.dropFirst() { pathLength += (points[i] - points[i - 1]).length }
            if subpath.isClosed, let first = points.first, let last = points.last { pathLength += (first - last).length }
        }
        let dashes = pathLength / cycle * Double(lengths.count / 2)
        if dashes > Double(maximumDashes) {
            let stretch = dashes / Double(maximumDashes)
            lengths = lengths.map { $0 * stretch }
            cycle *= stretch
            phase *= stretch
        }
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
