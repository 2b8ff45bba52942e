import Testing
import Glibc
import Raster
@testable import Scene

/// Shapes placed at a non-integer origin, so that no edge falls on the pixel grid by luck.
private let origin = (x: 7.3, y: 6.6)
/// Points of canvas around the frame.
private let margin = 12.0

private func frame(width: Double, height: Double, scale: Double, inset: Double = 0) -> Rect {
    Rect(x: (origin.x + inset) * scale, y: (origin.y + inset) * scale, width: width * scale, height: height * scale)
}

/// The shape drawn in a frame at ``origin`` (moved right and down by `inset` points).
private func drawing(_ shape: ShapeView, width: Double, height: Double, scale: Double, inset: Double = 0) -> CoverageDrawing {
    let polygons = outline(of: shape, in: frame(width: width, height: height, scale: scale, inset: inset), scale: scale)
    let side = { (length: Double) in Int(((length + origin.x + 2 * inset + margin) * scale).rounded(.up)) }
    return CoverageDrawing(polygons, width: side(width), height: side(height))
}

private func stroke(_ kind: ShapeKind, from: Double = 0, to: Double = 1, width: Double, cap: LineCap = .butt) -> ShapeView {
    ShapeView(kind: kind, trimFrom: from, trimTo: to, paint: .stroke(nil, StrokeStyle(lineWidth: width, lineCap: cap)))
}

private func fill(_ kind: ShapeKind, from: Double = 0, to: Double = 1) -> ShapeView {
    ShapeView(kind: kind, trimFrom: from, trimTo: to, paint: .fill(nil))
}

/// Twice the signed area (shoelace) of a polygon: negative is counter-clockwise on a y-down screen.
private func signedArea(_ polygon: [Point]) -> Double {
    var sum = 0.0
    for (i, p) in polygon.enumerated() {
        let q = polygon[(i + 1) % polygon.count]
        sum += p.x * q.y - q.x * p.y
    }
    return sum / 2
}

private func relativeError(_ measured: Double, _ exact: Double) -> Double { abs(measured - exact) / exact }

/// The angle φ lies on the clockwise arc from `start` sweeping `sweep` (0 < sweep ≤ 2π).
private func onArc(_ phi: Double, start: Double, sweep: Double) -> Bool {
    var offset = (phi - start).truncatingRemainder(dividingBy: 2 * Double.pi)
    if offset < 0 { offset += 2 * Double.pi }
    return offset <= sweep
}

/// Within `d` of the segment a–b along one of its normals (the band of a butt-ended segment).
private func inLineBand(_ p: Point, _ a: Point, _ b: Point, _ d: Double) -> Bool {
    let ab = b - a, length = ab.length
    let t = ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / length
    let across = ((p.x - a.x) * ab.y - (p.y - a.y) * ab.x) / length
    return t >= 0 && t <= length && abs(across) <= d
}

/// On a normal of the arc within `d` of it; for an arc tighter than `d` the normals reach past
/// the centre, to d − r on the opposite side.
private func inArcBand(_ p: Point, centre: Point, radius r: Double, start: Double, sweep: Double, _ d: Double) -> Bool {
    let rho = (p - centre).length
    let phi = Reference.clockwiseAngle(p, about: centre)
    if onArc(phi, start: start, sweep: sweep), abs(rho - r) <= d { return true }
    return d > r && rho <= d - r && onArc(phi + Double.pi, start: start, sweep: sweep)
}

/// In the square cap beyond `end` (tangent `t` pointing out of the stroke).
private func inSquareCap(_ p: Point, end: Point, tangent t: Point, _ d: Double) -> Bool {
    let v = p - end
    let along = v.x * t.x + v.y * t.y, across = v.x * t.y - v.y * t.x
    return along >= 0 && along <= d && abs(across) <= d
}

private func inBox(_ p: Point, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
    p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1
}

@Suite("Shape outlines: SwiftUI's shapes filled, stroked and trimmed, in device pixels")
struct ShapeOutlineTests {
    // MARK: Extent

    /// A shape's flattened outline reaches past the frame it fills (a stroke's, past the frame
    /// grown by half the line) by less than ``ViewRenderer/inkEdgeSlack``, the slack the ink
    /// bounds give a vertex past a pixel edge: chords that keep each sector's area put their
    /// vertices up to ⅔ of the tolerance outside the curve. At some sizes that was more than the
    /// former slack, 1/512 px, and a circle that filled a root without margin grew the canvas
    /// by a blank strip. Frames from 2 to 60 pt on whole pixels, at each scale.
    @Test(arguments: [1.0, 2.0, 3.0])
    func outlinesReachPastTheirFrameByLessThanTheInkSlack(scale: Double) {
        let shapes: [(ShapeView, Double)] = [
            (fill(.circle), 0), (fill(.capsule), 0), (fill(.ellipse), 0), (fill(.roundedRectangle(cornerRadius: 5)), 0),
            (stroke(.circle, width: 3), 1.5), (stroke(.capsule, width: 2, cap: .round), 1),
        ]
        var worst = 0.0
        for (shape, grow) in shapes {
            for step in 4...120 {
                let side = Double(step) / 2, height = shape.kind == .circle ? side : (side / 2).rounded(.up)
                let rect = Rect(x: 0, y: 0, width: side * scale, height: height * scale)
                for polygon in outline(of: shape, in: rect, scale: scale) {
                    for p in polygon {
                        let past = max(rect.minX - grow * scale - p.x, p.x - rect.maxX - grow * scale,
                                       rect.minY - grow * scale - p.y, p.y - rect.maxY - grow * scale)
                        worst = max(worst, past)
                    }
                }
            }
        }
        #expect(worst < ViewRenderer.inkEdgeSlack, "\(worst) px past the frame")
        #expect(worst > 1.0 / 512, "\(worst) px: the former slack would hold it")
    }

    // MARK: Areas

    /// Exact areas: πR² for the circle; w·h − (4 − π)r² for a rounded rectangle (each corner
    /// square loses r² − πr²/4); the capsule is the rounded rectangle with r = h/2.
    @Test(arguments: [1.0, 2.0, 3.0])
    func filledShapesCoverTheirExactArea(scale: Double) {
        let s2 = scale * scale
        let cases: [(ShapeKind, Double, Double, Double)] = [
            (.circle, 50, 40, Double.pi * 20 * 20),
            (.rectangle, 50, 30, 50 * 30),
            (.roundedRectangle(cornerRadius: 8), 50, 30, 50 * 30 - (4 - Double.pi) * 64),
            (.capsule, 60, 24, 60 * 24 - (4 - Double.pi) * 144),
            // A radius over half the shorter side is clamped to it: the capsule.
            (.roundedRectangle(cornerRadius: 40), 60, 24, 60 * 24 - (4 - Double.pi) * 144),
        ]
        for (kind, width, height, area) in cases {
            let measured = drawing(fill(kind), width: width, height: height, scale: scale).area
            #expect(relativeError(measured, area * s2) < 1e-4, "\(kind) at \(scale)x: \(measured) vs \(area * s2)")
        }
    }

    /// A closed stroke of width w centred on a convex outline of perimeter P covers P·w
    /// (Steiner: growing by w/2 adds P·w/2 + corner terms that shrinking by w/2 removes again),
    /// written out per shape.
    @Test(arguments: [1.0, 2.0, 3.0])
    func closedStrokesCoverTheirExactArea(scale: Double) {
        let s2 = scale * scale
        let w = 4.0, d = 2.0, r = 8.0
        let cases: [(ShapeKind, Double, Double, Double)] = [
            (.circle, 50, 50, 2 * Double.pi * 25 * w),
            (.rectangle, 50, 30, (50 + w) * (30 + w) - (50 - w) * (30 - w)),
            (.roundedRectangle(cornerRadius: r), 50, 30,
             (50 + w) * (30 + w) - (4 - Double.pi) * (r + d) * (r + d) - ((50 - w) * (30 - w) - (4 - Double.pi) * (r - d) * (r - d))),
            (.capsule, 60, 24, (60 + w) * (24 + w) - (4 - Double.pi) * 14 * 14 - ((60 - w) * (24 - w) - (4 - Double.pi) * 10 * 10)),
        ]
        for (kind, width, height, area) in cases {
            let measured = drawing(stroke(kind, width: w), width: width, height: height, scale: scale).area
            #expect(relativeError(measured, area * s2) < 1e-4, "\(kind) at \(scale)x: \(measured) vs \(area * s2)")
        }
    }

    /// A curve gentler than the pen strokes to two simple loops: on the inner side each joint
    /// of the flattened circle is where the neighbouring offset edges cross, on the circle of
    /// radius r − w/2 / cos(θ/2) for the turn θ, and no edge crosses another, so the sweep
    /// that fills it has no crossings to cut at (a fan of spokes to every vertex made an
    /// animated stroke of a rounded rectangle take half a second a frame).
    @Test func aGentleCurveStrokesToTwoSimpleLoops() {
        let n = 200, r = 20.0, half = 3.0
        let circle = (0..<n).map { i in
            let angle = 2 * Double.pi * Double(i) / Double(n)
            return Point(x: r * cos(angle), y: r * sin(angle))
        }
        let loops = Stroker(halfWidth: half, join: .miter, tolerance: 0.001).polygons([Path.FlatSubpath(points: circle, isClosed: true)])
        #expect(loops.count == 2)
        guard loops.count == 2 else { return }
        let turn = 2 * Double.pi / Double(n)
        // The left side of a circle drawn this way round (clockwise on a y-down screen) is its inside.
        let inner = loops[0], outer = loops[1]
        #expect(inner.count == n, "\(inner.count) vertices inside")
        for p in inner {
            #expect(abs(p.length - (r - half / cos(turn / 2))) < 1e-9, "\(p) at \(p.length)")
        }
        // Outside, each segment's two offset points and the miter between segments (the last
        // join ends on the first point again).
        #expect(outer.count == 3 * n + 1, "\(outer.count) vertices outside")
        for loop in [inner, outer] {
            // No two edges that do not share a vertex meet.
            var crossings = 0
            for i in 0..<loop.count {
                let a = loop[i], b = loop[(i + 1) % loop.count]
                for j in stride(from: i + 2, to: loop.count + (i == 0 ? -1 : 0), by: 1) {
                    let c = loop[j], d = loop[(j + 1) % loop.count]
                    func side(_ p: Point, _ q: Point, _ s: Point) -> Double { (q.x - p.x) * (s.y - p.y) - (q.y - p.y) * (s.x - p.x) }
                    if side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0 { crossings += 1 }
                }
            }
            #expect(crossings == 0)
        }
        // The ring between the polygons' areas is the stroke's: each loop is a regular polygon.
        #expect(abs(signedArea(loops[0])) < abs(signedArea(loops[1])))
    }

    /// The figure of the issue: `Circle().trim(from: 0, to: 0.7).stroke(lineWidth: 5)` in a 50 pt
    /// frame inks 0.7 · 2π · 25 · 5 pt²; round caps add two half discs, π(w/2)², square caps two
    /// w/2 × w boxes, w².
    @Test(arguments: [1.0, 2.0, 3.0], [LineCap.butt, .round, .square])
    func trimmedCircleStrokeHasTheAnalyticInkArea(scale: Double, cap: LineCap) {
        let w = 5.0
        let capArea: Double = switch cap {
        case .butt: 0
        case .round: Double.pi * (w / 2) * (w / 2)
        case .square: w * w
        }
        let exact = (0.7 * 2 * Double.pi * 25 * w + capArea) * scale * scale
        let measured = drawing(stroke(.circle, to: 0.7, width: w, cap: cap), width: 50, height: 50, scale: scale).area
        #expect(relativeError(measured, exact) < 0.01)
        // Far tighter in fact: the chords keep each sector's area and vertices snap to 1/1024 px.
        #expect(relativeError(measured, exact) < 1e-4, "\(measured) vs \(exact)")
    }

    /// An open stroke along a mitred right angle covers length × width: the inner overlap of the
    /// two bands (d²) is the miter square's area (d²). Square caps add w², as on the circle.
    @Test(arguments: [(LineCap.butt, 0.0), (.square, 1.0)])
    func trimmedRectangleStrokeAroundACornerCoversLengthTimesWidth(cap: LineCap, squareCaps: Double) {
        let scale = 2.0, w = 6.0
        // Perimeter 160: from 16 (on the top edge) to 64 (14 down the right edge), 48 long.
        let exact = (48 * w + squareCaps * w * w) * scale * scale
        let measured = drawing(stroke(.rectangle, from: 0.1, to: 0.4, width: w, cap: cap), width: 50, height: 30, scale: scale).area
        #expect(relativeError(measured, exact) < 1e-4, "\(measured) vs \(exact)")
    }

    // MARK: Where the ink lies

    /// `trim(from: 0, to: 0.25)` of a circle is the quarter from 3 o'clock clockwise to
    /// 6 o'clock: the lower-right quadrant on screen, nothing anywhere else.
    @Test(arguments: [1.0, 2.0, 3.0])
    func quarterTrimInksOnlyTheLowerRightQuadrant(scale: Double) {
        let w = 5.0, d = w / 2 * scale
        let rect = frame(width: 50, height: 50, scale: scale)
        let centre = rect.center, radius = 25 * scale
        let picture = drawing(stroke(.circle, to: 0.25, width: w), width: 50, height: 50, scale: scale)
        var inkInQuadrant = 0.0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let c = picture.coverage(x: x, y: y)
                // The pixel's nearest and farthest points from the centre.
                let nx = min(max(centre.x, Double(x)), Double(x + 1)) - centre.x
                let ny = min(max(centre.y, Double(y)), Double(y + 1)) - centre.y
                let fx = max(abs(Double(x) - centre.x), abs(Double(x + 1) - centre.x))
                let fy = max(abs(Double(y) - centre.y), abs(Double(y + 1) - centre.y))
                let nearest = (nx * nx + ny * ny).squareRoot(), farthest = (fx * fx + fy * fy).squareRoot()
                let outsideBand = nearest > radius + d + 0.01 || farthest < radius - d - 0.01
                if Double(x + 1) <= centre.x || Double(y + 1) <= centre.y || outsideBand {
                    #expect(c == 0, "pixel (\(x), \(y)) has \(c) outside the quadrant's band")
                } else {
                    inkInQuadrant += c
                }
            }
        }
        let exact = 0.25 * 2 * Double.pi * 25 * w * scale * scale
        #expect(relativeError(inkInQuadrant, exact) < 1e-4)
        let result = picture.compare { p in
            p.x >= centre.x && p.y >= centre.y && abs((p - centre).length - radius) <= d
        }
        #expect(result.firstBad == nil, "worst \(result.worst) at \(String(describing: result.firstBad))")
    }

    /// Every pixel of each case against a 16 × 16-sample drawing of the region defined
    /// independently (membership tests on the centre line's normals, caps and miters).
    @Test(arguments: 0..<14)
    func everyPixelMatchesASupersampledDrawing(caseIndex: Int) {
        let scale = [2.0, 1.0, 2.0, 2.0, 1.5, 1.0, 2.0, 3.0, 3.0, 2.0, 2.0, 2.0, 3.0, 2.0][caseIndex]
        var inset = 0.0
        let shape: ShapeView
        let size: (Double, Double)
        let rect: Rect
        let contains: (Point) -> Bool
        switch caseIndex {
        case 0:
            // Round caps on a circle trimmed 0.1…0.85.
            shape = stroke(.circle, from: 0.1, to: 0.85, width: 6, cap: .round)
            size = (50, 50); rect = frame(width: 50, height: 50, scale: scale)
            let c = rect.center, r = 25 * scale, d = 3 * scale
            let a = 0.2 * Double.pi, b = 1.7 * Double.pi
            let ends = [c + Point(x: cos(a), y: sin(a)) * r, c + Point(x: cos(b), y: sin(b)) * r]
            contains = { p in
                inArcBand(p, centre: c, radius: r, start: a, sweep: b - a, d) || ends.contains { ($0 - p).length <= d }
            }
        case 1:
            // Square caps on a circle trimmed 0.6…0.95.
            shape = stroke(.circle, from: 0.6, to: 0.95, width: 6, cap: .square)
            size = (50, 50); rect = frame(width: 50, height: 50, scale: scale)
            let c = rect.center, r = 25 * scale, d = 3 * scale
            let a = 1.2 * Double.pi, b = 1.9 * Double.pi
            let start = c + Point(x: cos(a), y: sin(a)) * r, end = c + Point(x: cos(b), y: sin(b)) * r
            // Clockwise tangents (−sin, cos); the start cap points backwards.
            let startOut = Point(x: sin(a), y: -cos(a)), endOut = Point(x: -sin(b), y: cos(b))
            contains = { p in
                inArcBand(p, centre: c, radius: r, start: a, sweep: b - a, d)
                    || inSquareCap(p, end: start, tangent: startOut, d) || inSquareCap(p, end: end, tangent: endOut, d)
            }
        case 2:
            // A rectangle trimmed round its top-right corner, square caps, mitred corner.
            shape = stroke(.rectangle, from: 0.1, to: 0.4, width: 6, cap: .square)
            size = (50, 30); rect = frame(width: 50, height: 30, scale: scale)
            let (x0, y0, s, d) = (rect.minX, rect.minY, scale, 3 * scale)
            contains = { p in
                inBox(p, x0 + 16 * s - d, y0 - d, x0 + 50 * s + d, y0 + d)
                    || inBox(p, x0 + 50 * s - d, y0 - d, x0 + 50 * s + d, y0 + 14 * s + d)
            }
        case 3:
            // A filled circle trimmed 0.1…0.6: the arc closed by its chord.
            shape = fill(.circle, from: 0.1, to: 0.6)
            size = (50, 50); rect = frame(width: 50, height: 50, scale: scale)
            let c = rect.center, r = 25 * scale
            let a = 0.2 * Double.pi, b = 1.2 * Double.pi
            let pa = c + Point(x: cos(a), y: sin(a)) * r, pb = c + Point(x: cos(b), y: sin(b)) * r
            let mid = c + Point(x: cos((a + b) / 2), y: sin((a + b) / 2)) * r
            func side(_ p: Point) -> Double { (pb.x - pa.x) * (p.y - pa.y) - (pb.y - pa.y) * (p.x - pa.x) }
            let arcSide = side(mid) > 0
            contains = { p in (p - c).length <= r && (side(p) > 0) == arcSide }
        case 4:
            // A closed stroke of a rounded rectangle: within w/2 of its outline.
            shape = stroke(.roundedRectangle(cornerRadius: 8), width: 4)
            size = (50, 30); rect = frame(width: 50, height: 30, scale: scale)
            let r = 8 * scale, d = 2 * scale
            contains = { p in abs(Reference.signedDistance(p, roundedRect: rect, radius: r)) <= d }
        case 5:
            // A closed stroke of a rectangle: mitred corners, so the outer box minus the inner.
            shape = stroke(.rectangle, width: 6)
            size = (50, 30); rect = frame(width: 50, height: 30, scale: scale)
            let d = 3 * scale
            contains = { p in
                inBox(p, rect.minX - d, rect.minY - d, rect.maxX + d, rect.maxY + d)
                    && !inBox(p, rect.minX + d, rect.minY + d, rect.maxX - d, rect.maxY - d)
            }
        case 6:
            // Corner radius 2 under a 6 pt stroke, trimmed round the top-right corner: the arc's
            // normals reach past its centre, inside the bands of the two sides.
            shape = stroke(.roundedRectangle(cornerRadius: 2), from: 0.1, to: 0.4, width: 6)
            size = (50, 30); rect = frame(width: 50, height: 30, scale: scale)
            let (x0, y0, s, d, r) = (rect.minX, rect.minY, scale, 3 * scale, 2 * scale)
            let perimeter = 2 * (50 + 30) - 8 * 2 + 2 * Double.pi * 2
            let from = 0.1 * perimeter, to = 0.4 * perimeter
            let topLength = 46.0, arcLength = Double.pi
            let startX = x0 + (2 + from) * s, endY = y0 + (2 + to - topLength - arcLength) * s
            contains = { p in
                inLineBand(p, Point(x: startX, y: y0), Point(x: x0 + 48 * s, y: y0), d)
                    || inArcBand(p, centre: Point(x: x0 + 48 * s, y: y0 + r), radius: r,
                                 start: -Double.pi / 2, sweep: Double.pi / 2, d)
                    || inLineBand(p, Point(x: x0 + 50 * s, y: y0 + r), Point(x: x0 + 50 * s, y: endY), d)
            }
        case 8, 9:
            // Corner radius 2 under an 8 pt stroke, the trim ending inside the bottom-left
            // corner's arc (case 8, square caps) or both ends inside corner arcs (case 9, round
            // caps): the caps stand on the arc's normals, which reach past its centre.
            let (from, to, cap): (Double, Double, LineCap) = caseIndex == 8 ? (0.1, 0.8, .square) : (0.3, 0.8, .round)
            shape = stroke(.roundedRectangle(cornerRadius: 2), from: from, to: to, width: 8, cap: cap)
            size = (50, 30); rect = frame(width: 50, height: 30, scale: scale)
            let (x0, y0, x1, y1, d, r) = (rect.minX, rect.minY, rect.maxX, rect.maxY, 4 * scale, 2 * scale)
            let quarter = Double.pi / 2
            // The centre line, written out: (start, end, centre, radius, start angle) per piece,
            // lines with radius 0.
            let pieces: [(Point, Point, Point, Double, Double)] = [
                (Point(x: x0 + r, y: y0), Point(x: x1 - r, y: y0), .zero, 0, 0),
                (.zero, .zero, Point(x: x1 - r, y: y0 + r), r, -quarter),
                (Point(x: x1, y: y0 + r), Point(x: x1, y: y1 - r), .zero, 0, 0),
                (.zero, .zero, Point(x: x1 - r, y: y1 - r), r, 0),
                (Point(x: x1 - r, y: y1), Point(x: x0 + r, y: y1), .zero, 0, 0),
                (.zero, .zero, Point(x: x0 + r, y: y1 - r), r, quarter),
                (Point(x: x0, y: y1 - r), Point(x: x0, y: y0 + r), .zero, 0, 0),
                (.zero, .zero, Point(x: x0 + r, y: y0 + r), r, 2 * quarter),
            ]
            func length(_ piece: (Point, Point, Point, Double, Double)) -> Double {
                piece.3 > 0 ? piece.3 * quarter : (piece.1 - piece.0).length
            }
            let perimeter = pieces.reduce(0) { $0 + length($1) }
            // Each piece cut to the trimmed range; the ends with their outward tangents.
            var kept: [(Point, Point, Point, Double, Double, Double)] = []   // + sweep
            var ends: [(Point, Point)] = []
            var offset = 0.0
            for piece in pieces {
                let l = length(piece)
                let a = max(from * perimeter, offset) - offset, b = min(to * perimeter, offset + l) - offset
                if b > a {
                    if piece.3 > 0 {
                        let start = piece.4 + a / piece.3, sweep = (b - a) / piece.3
                        kept.append((.zero, .zero, piece.2, piece.3, start, sweep))
                        func at(_ angle: Double) -> Point { piece.2 + Point(x: cos(angle), y: sin(angle)) * piece.3 }
                        let tangent = { (angle: Double) in Point(x: -sin(angle), y: cos(angle)) }
                        if a > 0 { ends.append((at(start), tangent(start) * -1)) }
                        if b < l { ends.append((at(start + sweep), tangent(start + sweep))) }
                    } else {
                        let u = (piece.1 - piece.0) * (1 / l)
                        kept.append((piece.0 + u * a, piece.0 + u * b, .zero, 0, 0, 0))
                        if a > 0 { ends.append((piece.0 + u * a, u * -1)) }
                        if b < l { ends.append((piece.0 + u * b, u)) }
                    }
                }
                offset += l
            }
            contains = { p in
                for piece in kept {
                    if piece.3 > 0 {
                        if inArcBand(p, centre: piece.2, radius: piece.3, start: piece.4, sweep: piece.5, d) { return true }
                    } else if inLineBand(p, piece.0, piece.1, d) {
                        return true
                    }
                }
                return ends.contains { end in
                    cap == .square ? inSquareCap(p, end: end.0, tangent: end.1, d) : (p - end.0).length <= d
                }
            }
        case 10:
            // A rectangle trimmed from 2 pt before its top-right corner to 3 pt past its
            // bottom-right one, 8 pt wide, square caps: both ends within half a line width of a
            // mitred corner. The union of the bands, miters and caps is three boxes.
            shape = stroke(.rectangle, from: 48.0 / 160, to: 83.0 / 160, width: 8, cap: .square)
            size = (50, 30); rect = frame(width: 50, height: 30, scale: scale)
            let (x0, y0, s) = (rect.minX, rect.minY, scale)
            contains = { p in
                inBox(p, x0 + 44 * s, y0 - 4 * s, x0 + 54 * s, y0 + 4 * s)
                    || inBox(p, x0 + 46 * s, y0 - 4 * s, x0 + 54 * s, y0 + 34 * s)
                    || inBox(p, x0 + 43 * s, y0 + 26 * s, x0 + 54 * s, y0 + 34 * s)
            }
        case 11:
            // Round caps meeting across a small gap (trim 0.02…0.99, 6 pt wide): the gap is
            // split into an outer and an inner notch.
            shape = stroke(.circle, from: 0.02, to: 0.99, width: 6, cap: .round)
            size = (50, 50); rect = frame(width: 50, height: 50, scale: scale)
            let c = rect.center, r = 25 * scale, d = 3 * scale
            let a = 0.04 * Double.pi, b = 1.98 * Double.pi
            let ends = [c + Point(x: cos(a), y: sin(a)) * r, c + Point(x: cos(b), y: sin(b)) * r]
            contains = { p in
                inArcBand(p, centre: c, radius: r, start: a, sweep: b - a, d) || ends.contains { ($0 - p).length <= d }
            }
        case 12, 13:
            // A stroke wider than the circle's diameter (r = 5, 14 pt wide), trimmed to less
            // (case 12) and more (case 13) than half: every normal passes through the centre.
            let to = caseIndex == 12 ? 0.4 : 0.7
            shape = stroke(.circle, to: to, width: 14)
            inset = 10
            size = (10, 10); rect = frame(width: 10, height: 10, scale: scale, inset: inset)
            let c = rect.center, r = 5 * scale, d = 7 * scale
            contains = { p in inArcBand(p, centre: c, radius: r, start: 0, sweep: to * 2 * Double.pi, d) }
        default:
            // A capsule filled.
            shape = fill(.capsule)
            size = (60, 24); rect = frame(width: 60, height: 24, scale: scale)
            let r = 12 * scale
            contains = { p in Reference.signedDistance(p, roundedRect: rect, radius: r) <= 0 }
        }
        let picture = drawing(shape, width: size.0, height: size.1, scale: scale, inset: inset)
        let result = picture.compare(with: contains)
        #expect(result.firstBad == nil, "case \(caseIndex): worst \(result.worst) at \(String(describing: result.firstBad))")
    }

    // MARK: Winding and degenerate cases

    /// Every piece of ink is wound counter-clockwise on screen (as `Path.rectangle`), holes the
    /// other way, so pieces never cancel.
    @Test func inkIsWoundOneWayAndHolesTheOther() {
        let rect = frame(width: 50, height: 30, scale: 2)
        let inks: [ShapeView] = [
            fill(.circle), fill(.roundedRectangle(cornerRadius: 5), from: 0.2, to: 0.9),
            stroke(.circle, from: 0.1, to: 0.6, width: 4, cap: .round), stroke(.rectangle, from: 0.3, to: 0.95, width: 3, cap: .square),
        ]
        for shape in inks {
            let polygons = outline(of: shape, in: rect, scale: 2)
            #expect(polygons.count == 1)
            #expect(polygons.allSatisfy { signedArea($0) < 0 }, "\(shape)")
        }
        for kind in [ShapeKind.circle, .rectangle, .capsule, .roundedRectangle(cornerRadius: 6)] {
            let polygons = outline(of: stroke(kind, width: 4), in: rect, scale: 2)
            #expect(polygons.count == 2)
            #expect(signedArea(polygons[0]) < 0 && signedArea(polygons[1]) > 0, "\(kind)")
            #expect(abs(signedArea(polygons[0])) > abs(signedArea(polygons[1])))
        }
        // A stroke wider than the shape leaves no hole.
        #expect(outline(of: stroke(.circle, width: 40), in: frame(width: 20, height: 20, scale: 1), scale: 1).count == 1)
    }

    /// Flattening error: every vertex of a circle's outline lies within the rasterizer's tolerance
    /// of the true circle (chord ends on it, interior vertices just outside it).
    @Test func circleVerticesStayWithinTheFlatteningTolerance() {
        let rect = frame(width: 50, height: 50, scale: 3)
        let polygon = outline(of: fill(.circle), in: rect, scale: 3)[0]
        #expect(polygon.count > 100)
        for p in polygon {
            #expect(abs((p - rect.center).length - 75) <= CoverageRasterizer.defaultTolerance)
        }
    }

    @Test func emptyTrimsAndZeroWidthsDrawNothing() {
        let rect = frame(width: 50, height: 50, scale: 1)
        #expect(outline(of: fill(.circle, from: 0.5, to: 0.5), in: rect, scale: 1).isEmpty)
        #expect(outline(of: fill(.circle, from: 0.7, to: 0.2), in: rect, scale: 1).isEmpty)
        #expect(outline(of: stroke(.circle, width: 0), in: rect, scale: 1).isEmpty)
        #expect(outline(of: fill(.circle), in: Rect(x: 3, y: 3, width: 0, height: 10), scale: 1).isEmpty)
        // Trim ends outside 0…1 are clamped: the whole outline, closed, so no caps.
        let whole = outline(of: stroke(.circle, from: -0.5, to: 1.5, width: 4, cap: .round), in: rect, scale: 1)
        #expect(whole == outline(of: stroke(.circle, width: 4), in: rect, scale: 1))
    }
}
