import Glibc
import Raster

/// The ink of a shape view in a frame, as closed polygons in device pixels ready for
/// `CoverageRasterizer.addPolygon`.
///
/// The outline follows SwiftUI's path for each shape (the geometry of ``ShapeContour``), running
/// clockwise on screen as SwiftUI's `Path.addEllipse(in:)` documents ("all moves oriented in the
/// clockwise direction"):
/// - `Circle()`: the largest circle centred in `rect`, starting at its rightmost point (SwiftUI
///   "draws its shapes so that 0 degrees is directly to the right", Hacking with Swift's
///   `trim()` article), so `trim(from: 0, to: 0.25)` is the lower-right quarter;
/// - `Rectangle()`: from the top-left corner along the top edge (`CGMutablePath.addRect`
///   starts "by moving to the bottom-left corner and then adding lines counter-clockwise" in
///   Core Graphics' y-up space, which is the top-left and clockwise on SwiftUI's y-down screen);
/// - `RoundedRectangle(cornerRadius:)` (circular corners, the radius clamped to half the shorter
///   side) and `Capsule()` (radius half the shorter side): from the left end of the top edge,
///   which is where the rectangle's path starts as the radius goes to 0 (Apple does not
///   document this start point). SwiftUI's `RoundedRectangle(cornerRadius:)` defaults to
///   `.continuous` corners; ``ShapeKind`` carries no corner style, so corners are circular.
///
/// - `fill`: the region inside the outline; trimmed, the kept part of the outline closed by a
///   straight line (`Path.trimmedPath(from:to:)` then a non-zero fill).
/// - `stroke`: every point within half the line width of the outline, centred on it as
///   SwiftUI's `stroke` draws. An untrimmed outline is closed, so it has no caps; its sharp
///   corners (a `Rectangle`'s) get SwiftUI's default miter join (`StrokeStyle.lineJoin` `.miter`,
///   `miterLimit` 10, so a right angle is always mitred). A trimmed outline is open and ends in
///   the style's caps: butt (flush with the end), square (extended by half the width) or round
///   (a half disc).
///
/// `trim(from:to:)` keeps the part of the outline between the fractions `from` and `to` of its
/// length (each clamped to 0…1); `from ≥ to` keeps nothing.
///
/// Winding: the rasterizer sums signed areas and takes their magnitude (the non-zero rule for
/// contours that never overlap with opposite windings), so each piece of ink is one simple
/// contour, counter-clockwise on screen (the winding of `Path.rectangle` and `Path.capsule`),
/// and the hole of a stroked closed outline is a contour wound the other way that lies inside
/// it. Arcs are flattened within ``CoverageRasterizer/defaultTolerance`` by `Path.flattened`,
/// whose chords keep each sector's area.
///
/// Where the pieces of a stroke would overlap, they are built not to: an end of a trimmed stroke
/// in a tight spot (on a corner arc tighter than half the line width, or within half a line
/// width of a sharp corner) is drawn as pieces cut so that they do not overlap the neighbouring
/// side's band; round caps meeting across a circle's small gap give the exact union (an outer
/// contour and a hole); a circle stroked wider than its diameter is two sectors that meet only
/// at the centre. What remains approximate: square caps meeting across a gap, caps meeting
/// across the gap of a trimmed rectangle or rounded rectangle, the caps of a circle stroked
/// wider than its diameter, and a trimmed piece shorter than half a line width between two
/// tight spots. There the overlapping parts count twice in the few pixels where both have
/// edges (coverage too high there, never cancelled).
///
/// - Parameters:
///   - shape: the shape, its trim and its paint (only the stroke style is used; colours are the
///     caller's).
///   - rect: the frame the shape fills, in device pixels.
///   - scale: device pixels per point, for the line width (in points) and the corner radius
///     (in points).
///   - tolerance: the flattening tolerance in the units of `rect`: the rasterizer's default,
///     or ``outlineTolerance(under:)`` for an outline a placement then turns and scales.
/// - Returns: closed polygons (closing edge implied) in device pixels; empty when nothing is
///   drawn.
public func outline(of shape: ShapeView, in rect: Rect, scale: Double,
                    tolerance: Double = CoverageRasterizer.defaultTolerance) -> [[Point]] {
    let contour = ShapeContour(kind: shape.kind, in: rect, scale: scale)
    let from = min(max(shape.trimFrom, 0), 1)
    let to = min(max(shape.trimTo, 0), 1)
    guard to > from, contour.length > 0 else { return [] }
    let whole = from == 0 && to == 1
    let pieces = whole ? contour.pieces : contour.trimmed(from: from * contour.length, to: to * contour.length)
    guard !pieces.isEmpty else { return [] }
    let polygons: [[Point]]
    switch shape.paint {
    case .fill:
        polygons = Path.polyline(pieces, reversed: false).flattened(by: .identity, tolerance: tolerance)
    case .stroke(_, let style):
        let halfWidth = style.lineWidth * scale / 2
        guard halfWidth > 0 else { return [] }
        if whole {
            polygons = contour.closedStroke(halfWidth: halfWidth).flattened(by: .identity, tolerance: tolerance)
        } else {
            polygons = ShapeContour.openStrokePolygons(pieces, halfWidth: halfWidth, cap: style.lineCap, tolerance: tolerance)
        }
    }
    // Built clockwise on screen (SwiftUI's direction); flipped to the package's winding.
    return polygons.map { $0.reversed() }
}

/// The tolerance to flatten an outline with when `linear` (a placement's turn and scale, no
/// translation) maps it to device pixels: the rasterizer's default divided by the placement's
/// largest scale, so that the chords stray at most ``CoverageRasterizer/defaultTolerance`` from
/// the curve on screen, whether a `scaleEffect` enlarges the shape or shrinks it.
///
/// The scale is rounded up to a power of 2^¼ (a scale within 10⁻⁶ of one counts as one, as a
/// turn's is): a shape whose scale animates is flattened a few times over a whole animation,
/// not every frame, with at most 19 % more chords than its exact scale needs; a shape that only
/// turns and moves is flattened with the default tolerance, as before.
///
/// - Returns: a tolerance in device pixels before the placement, between 1/64 and 64 times
///   the default (scales beyond 2⁻⁶…2⁶ are clamped).
public func outlineTolerance(under linear: AffineTransform) -> Double {
    let largest = linear.maximumScale
    guard largest.isFinite, largest > 0 else { return CoverageRasterizer.defaultTolerance }
    let quarters = min(24, max(-24, (4 * log2(largest) - 1e-6).rounded(.up)))
    return CoverageRasterizer.defaultTolerance / exp2(quarters / 4)
}

/// One straight or circular piece of a shape's outline, in device pixels.
enum OutlinePiece: Hashable, Sendable {
    /// A segment.
    case line(from: Point, to: Point)
    /// A circular arc; `sweepRadians > 0` turns clockwise on screen (angles from +x towards +y).
    case arc(center: Point, radius: Double, startRadians: Double, sweepRadians: Double)

    /// Length along the piece.
    var length: Double {
        switch self {
        case .line(let a, let b): (b - a).length
        case .arc(_, let radius, _, let sweep): radius * abs(sweep)
        }
    }

    /// The point `distance` along the piece from its start.
    func point(at distance: Double) -> Point {
        switch self {
        case .line(let a, let b):
            let length = (b - a).length
            return length > 0 ? a + (b - a) * (distance / length) : a
        case .arc(let center, let radius, let start, let sweep):
            let angle = start + (sweep < 0 ? -1 : 1) * distance / radius
            return center + Point(x: cos(angle), y: sin(angle)) * radius
        }
    }

    var startPoint: Point { point(at: 0) }
    var endPoint: Point { point(at: length) }

    /// Unit tangent (direction of travel) `distance` along the piece.
    func tangent(at distance: Double) -> Point {
        switch self {
        case .line(let a, let b):
            let length = (b - a).length
            return length > 0 ? (b - a) * (1 / length) : Point(x: 1, y: 0)
        case .arc(_, let radius, let start, let sweep):
            let direction: Double = sweep < 0 ? -1 : 1
            let angle = start + direction * distance / radius
            return Point(x: -sin(angle), y: cos(angle)) * direction
        }
    }

    var startTangent: Point { tangent(at: 0) }
    var endTangent: Point { tangent(at: length) }

    /// The part of the piece from `a` to `b` along it (0 ≤ a ≤ b ≤ length).
    func slice(from a: Double, to b: Double) -> OutlinePiece {
        switch self {
        case .line:
            return .line(from: point(at: a), to: point(at: b))
        case .arc(let center, let radius, let start, let sweep):
            let direction: Double = sweep < 0 ? -1 : 1
            return .arc(center: center, radius: radius, startRadians: start + direction * a / radius,
                        sweepRadians: direction * (b - a) / radius)
        }
    }
}

/// The outward normal of a clockwise-on-screen outline for the travel direction `t`: its
/// left-hand side on a y-down screen.
@inline(__always)
private func outwardNormal(_ t: Point) -> Point { Point(x: t.y, y: -t.x) }

@inline(__always)
private func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }

/// A built-in shape's outline in device pixels: its pieces in SwiftUI's order, clockwise on
/// screen, closed.
struct ShapeContour: Hashable, Sendable {
    /// The pieces, each starting where the previous one ends; the last ends at the first's start.
    let pieces: [OutlinePiece]
    /// The outline's total length.
    let length: Double
    /// The circle's bounding square or the rectangle, in pixels.
    let rect: Rect
    /// Corner radius in pixels (a circle's radius, 0 for sharp corners); a circle is the square
    /// `rect` with this radius at half its side.
    let cornerRadius: Double
    /// Whether this is a `Circle`, whose path starts at 3 o'clock.
    let isCircle: Bool

    /// The outline of `kind` filling `rect` (pixels); `scale` converts a corner radius in points.
    init(kind: ShapeKind, in frame: Rect, scale: Double) {
        let width = max(0, frame.width), height = max(0, frame.height)
        let shorter = min(width, height)
        switch kind {
        case .circle:
            let radius = shorter / 2
            let center = frame.center
            rect = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
            cornerRadius = radius
            isCircle = true
            pieces = radius > 0 ? [.arc(center: center, radius: radius, startRadians: 0, sweepRadians: 2 * Double.pi)] : []
        case .capsule, .rectangle, .roundedRectangle, .styledRectangle, .continuousCapsule, .ellipse, .custom:
            // Only the first three reach here (``ShapeView/isBuiltInOutline``); the others are
            // drawn through their paths, and their frame stands in.
            rect = Rect(x: frame.minX, y: frame.minY, width: width, height: height)
            switch kind {
            case .capsule: cornerRadius = shorter / 2
            case .roundedRectangle(let points): cornerRadius = min(max(0, points * scale), shorter / 2)
            default: cornerRadius = 0
            }
            isCircle = false
            pieces = width > 0 || height > 0 ? ShapeContour.roundedRectanglePieces(rect, radius: cornerRadius) : []
        }
        length = pieces.reduce(0) { $0 + $1.length }
    }

    /// A rounded rectangle from the left end of its top edge, clockwise on screen; pieces of
    /// zero length are left out, so sharp corners are junctions of two lines.
    static func roundedRectanglePieces(_ rect: Rect, radius r: Double) -> [OutlinePiece] {
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        let half = Double.pi / 2
        let all: [OutlinePiece] = [
            .line(from: Point(x: x0 + r, y: y0), to: Point(x: x1 - r, y: y0)),
            .arc(center: Point(x: x1 - r, y: y0 + r), radius: r, startRadians: -half, sweepRadians: half),
            .line(from: Point(x: x1, y: y0 + r), to: Point(x: x1, y: y1 - r)),
            .arc(center: Point(x: x1 - r, y: y1 - r), radius: r, startRadians: 0, sweepRadians: half),
            .line(from: Point(x: x1 - r, y: y1), to: Point(x: x0 + r, y: y1)),
            .arc(center: Point(x: x0 + r, y: y1 - r), radius: r, startRadians: half, sweepRadians: half),
            .line(from: Point(x: x0, y: y1 - r), to: Point(x: x0, y: y0 + r)),
            .arc(center: Point(x: x0 + r, y: y0 + r), radius: r, startRadians: Double.pi, sweepRadians: half),
        ]
        return all.filter { $0.length > 0 }
    }

    /// The pieces between the distances `a` and `b` along the outline (0 ≤ a < b ≤ length).
    func trimmed(from a: Double, to b: Double) -> [OutlinePiece] {
        var result: [OutlinePiece] = []
        var offset = 0.0
        for piece in pieces {
            let pieceLength = piece.length
            let lower = max(a, offset), upper = min(b, offset + pieceLength)
            if upper > lower { result.append(piece.slice(from: lower - offset, to: upper - offset)) }
            offset += pieceLength
        }
        return result
    }

    /// The stroke of the closed outline: the outline grown by `halfWidth` (mitred at sharp
    /// corners, round where the outline is) with the outline shrunk by `halfWidth` cut out
    /// when anything of it is left. Growing a convex shape by d grows each corner radius by d
    /// (a sharp corner stays sharp: the miter); shrinking it shrinks each radius by d, down to
    /// a sharp corner.
    func closedStroke(halfWidth d: Double) -> Path {
        var path = Path()
        if isCircle {
            let center = rect.center, radius = cornerRadius
            path.addArc(center: center, radius: radius + d, startRadians: 0, sweepRadians: 2 * Double.pi)
            path.closeSubpath()
            if radius - d > 0 {
                path.addArc(center: center, radius: radius - d, startRadians: 0, sweepRadians: -2 * Double.pi)
                path.closeSubpath()
            }
            return path
        }
        let outer = rect.outset(dx: d, dy: d)
        path.append(.polyline(ShapeContour.roundedRectanglePieces(outer, radius: cornerRadius > 0 ? cornerRadius + d : 0),
                              reversed: false))
        let inner = rect.outset(dx: -d, dy: -d)
        if inner.width > 0, inner.height > 0 {
            path.append(.polyline(ShapeContour.roundedRectanglePieces(inner, radius: max(0, cornerRadius - d)),
                                  reversed: true))
        }
        return path
    }

    /// SwiftUI's miter limit (`StrokeStyle.miterLimit` default 10): beyond it a join is bevelled.
    static let miterLimit = 10.0

    /// The stroke of an open run of pieces as polygons clockwise on screen.
    ///
    /// Where an end of the run lies in a tight spot — on an arc tighter than `halfWidth`, or on
    /// a line shorter than the inner overlap of a sharp corner — the end's own ink overlaps the
    /// band of the neighbouring line. That end piece is then drawn apart: the run keeps a butt
    /// end at the neighbour, and the end piece's ink (its outer sector or band, the miter, the
    /// cap) is cut by that band into pieces that do not overlap it, so no area counts twice.
    static func openStrokePolygons(_ pieces: [OutlinePiece], halfWidth d: Double, cap: LineCap,
                                   tolerance: Double) -> [[Point]] {
        if pieces.count == 1, case .arc(let center, let radius, let start, let sweep) = pieces[0] {
            if radius <= d {
                return foldedArcStroke(center: center, radius: radius, start: start, sweep: sweep, halfWidth: d,
                                       cap: cap, tolerance: tolerance)
            }
            if cap == .round, let contours = roundCapsMeeting(center: center, radius: radius, start: start, sweep: sweep,
                                                              halfWidth: d) {
                return contours.flattened(by: .identity, tolerance: tolerance)
            }
        }
        var body = pieces
        var extra: [[Point]] = []
        var startCap = cap, endCap = cap
        if body.count >= 2, let split = tightEnd(of: body, atEnd: true, halfWidth: d, cap: cap, tolerance: tolerance) {
            body.removeLast()
            extra += split
            endCap = .butt
        }
        if body.count >= 2, let split = tightEnd(of: body, atEnd: false, halfWidth: d, cap: cap, tolerance: tolerance) {
            body.removeFirst()
            extra += split
            startCap = .butt
        }
        let main = openStroke(body, halfWidth: d, startCap: startCap, endCap: endCap).flattened(by: .identity, tolerance: tolerance)
        return main + extra.filter { $0.count >= 3 }.map { polygonArea($0) < 0 ? $0.reversed() : $0 }
    }

    /// A trimmed circle stroked with round caps whose caps overlap (the trim's gap is shorter
    /// than the caps): the exact union of the band and the two discs. The discs meet at two
    /// points on the gap's middle radius, which split the gap into an outer notch (part of the
    /// outside) and an inner notch (part of the hole), so the ink is an outer contour (outer
    /// arc, end disc, start disc) and a hole (inner arc, end disc, start disc) wound the other
    /// way. `nil` when the caps do not overlap.
    static func roundCapsMeeting(center: Point, radius: Double, start: Double, sweep: Double, halfWidth d: Double) -> Path? {
        let gap = 2 * Double.pi - sweep
        let chord = 2 * radius * sin(gap / 2)
        guard gap > 0, chord < 2 * d else { return nil }
        let end = start + sweep, middle = end + gap / 2
        func unit(_ angle: Double) -> Point { Point(x: cos(angle), y: sin(angle)) }
        func angle(_ v: Point) -> Double { atan2(v.y, v.x) }
        /// `angle` brought into 0 ..< 2π.
        func positive(_ angle: Double) -> Double {
            let turned = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
            return turned < 0 ? turned + 2 * Double.pi : turned
        }
        let a = center + unit(start) * radius, b = center + unit(end) * radius
        let halfChord = (d * d - chord * chord / 4).squareRoot()
        let midpoint = center + unit(middle) * (radius * cos(gap / 2))
        let outerMeet = midpoint + unit(middle) * halfChord
        let innerMeet = midpoint - unit(middle) * halfChord
        var path = Path()
        // Outer contour, clockwise: outer arc, then round the end disc to the outer meeting
        // point and round the start disc back to the outer arc's start.
        path.addArc(center: center, radius: radius + d, startRadians: start, sweepRadians: sweep)
        path.addArc(center: b, radius: d, startRadians: end, sweepRadians: positive(angle(outerMeet - b) - end))
        let fromOuter = angle(outerMeet - a)
        path.addArc(center: a, radius: d, startRadians: fromOuter, sweepRadians: positive(start - fromOuter))
        path.closeSubpath()
        if radius - d > 0 {
            // The hole, anticlockwise: from the inner meeting point round the end disc to the
            // inner arc, back along it, then round the start disc.
            let fromInnerAtEnd = angle(innerMeet - b)
            path.move(to: innerMeet)
            path.addArc(center: b, radius: d, startRadians: fromInnerAtEnd,
                        sweepRadians: positive(end + Double.pi - fromInnerAtEnd))
            path.addArc(center: center, radius: radius - d, startRadians: end, sweepRadians: -sweep)
            path.addArc(center: a, radius: d, startRadians: start + Double.pi,
                        sweepRadians: positive(angle(innerMeet - a) - start - Double.pi))
            path.closeSubpath()
        }
        return path
    }

    /// A trimmed circle stroked wider than its diameter: every normal passes through the centre,
    /// so the ink is the sector of radius r + d over the trim and, past the centre, the sector
    /// of radius d − r over the opposite angles not already inside the first; caps are separate
    /// pieces (where they overlap the sectors they count twice in edge pixels, never cancel).
    static func foldedArcStroke(center: Point, radius r: Double, start: Double, sweep: Double, halfWidth d: Double,
                                cap: LineCap, tolerance: Double) -> [[Point]] {
        var path = Path()
        path.move(to: center)
        path.addArc(center: center, radius: r + d, startRadians: start, sweepRadians: sweep)
        path.closeSubpath()
        if d - r > 0 {
            let (from, turn) = sweep <= Double.pi ? (start + Double.pi, sweep) : (start + sweep, 2 * Double.pi - sweep)
            path.move(to: center)
            path.addArc(center: center, radius: d - r, startRadians: from, sweepRadians: turn)
            path.closeSubpath()
        }
        let piece = OutlinePiece.arc(center: center, radius: r, startRadians: start, sweepRadians: sweep)
        for (end, t) in [(piece.endPoint, piece.endTangent), (piece.startPoint, piece.startTangent * -1)] {
            let n = Point(x: -t.y, y: t.x)
            switch cap {
            case .butt:
                break
            case .square:
                path.move(to: end + n * d)
                path.addLine(to: end + n * d + t * d)
                path.addLine(to: end - n * d + t * d)
                path.addLine(to: end - n * d)
                path.closeSubpath()
            case .round:
                path.addArc(center: end, radius: d, startRadians: atan2(n.y, n.x), sweepRadians: -Double.pi)
                path.closeSubpath()
            }
        }
        return path.flattened(by: .identity, tolerance: tolerance).map { polygonArea($0) < 0 ? $0.reversed() : $0 }
    }

    /// The ink of the end piece of `pieces` (the last when `atEnd`, else the first) outside the
    /// band of its neighbour, when that end piece is tight (see ``openStrokePolygons``); `nil`
    /// when it is not, or when the neighbour is not a line.
    static func tightEnd(of pieces: [OutlinePiece], atEnd: Bool, halfWidth d: Double, cap: LineCap,
                         tolerance: Double) -> [[Point]]? {
        let piece = atEnd ? pieces[pieces.count - 1] : pieces[0]
        let neighbour = atEnd ? pieces[pieces.count - 2] : pieces[1]
        guard case .line(let la, let lb) = neighbour else { return nil }
        let ln = outwardNormal(neighbour.startTangent)
        let band = [la + ln * d, lb + ln * d, lb - ln * d, la - ln * d]
        var own: [[Point]] = []       // disjoint from the band already
        var cut: [[Point]] = []       // to be cut by the band
        func flattened(_ path: Path) -> [Point] { path.flattened(by: .identity, tolerance: tolerance).first ?? [] }
        switch piece {
        case .arc(let center, let radius, let start, let sweep) where radius < d:
            // The normals' outer parts: a sector beyond the neighbour's end normal.
            var outer = Path()
            outer.move(to: center)
            outer.addArc(center: center, radius: radius + d, startRadians: start, sweepRadians: sweep)
            outer.closeSubpath()
            own.append(flattened(outer))
            // Their parts past the centre: a sector of radius d − r on the opposite side.
            var opposite = Path()
            opposite.move(to: center)
            opposite.addArc(center: center, radius: d - radius, startRadians: start + Double.pi, sweepRadians: sweep)
            opposite.closeSubpath()
            cut.append(flattened(opposite))
        case .line(let a, let b):
            let corner = atEnd ? a : b
            let n1 = outwardNormal(atEnd ? neighbour.endTangent : piece.endTangent)
            let n2 = outwardNormal(atEnd ? piece.startTangent : neighbour.startTangent)
            let cosine = dot(n1, n2)
            guard cosine < 1 - 1e-12 else { return nil }
            // Tight when the inner offsets of the two sides do not cross within both.
            let pn = outwardNormal(piece.startTangent)
            let crossing = segmentIntersection(a - pn * d, b - pn * d, la - ln * d, lb - ln * d)
            guard crossing == nil else { return nil }
            let half = ((1 + cosine) / 2).squareRoot()
            if half > 0, 1 / half <= miterLimit {
                own.append([corner, corner + n1 * d, corner + (n1 + n2) * (d / (1 + cosine)), corner + n2 * d])
            } else {
                own.append([corner, corner + n1 * d, corner + n2 * d])
            }
            cut.append([a + pn * d, b + pn * d, b - pn * d, a - pn * d])
        default:
            return nil
        }
        // The cap at the free end, tangent `t` pointing out of the stroke.
        let end = atEnd ? piece.endPoint : piece.startPoint
        let t = atEnd ? piece.endTangent : piece.startTangent * -1
        let n = outwardNormal(atEnd ? piece.endTangent : piece.startTangent)
        switch cap {
        case .butt:
            break
        case .square:
            cut.append([end + n * d, end + n * d + t * d, end - n * d + t * d, end - n * d])
        case .round:
            var disc = Path()
            let turn = n.x * t.y - n.y * t.x > 0 ? Double.pi : -Double.pi
            disc.addArc(center: end, radius: d, startRadians: atan2(n.y, n.x), sweepRadians: turn)
            disc.closeSubpath()
            cut.append(flattened(disc))
        }
        return own + cut.flatMap { subtract(convex: band, from: $0) }
    }

    /// The signed area (shoelace) of a polygon; positive is clockwise on a y-down screen.
    static func polygonArea(_ polygon: [Point]) -> Double {
        var sum = 0.0
        for (index, p) in polygon.enumerated() {
            let q = polygon[(index + 1) % polygon.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum / 2
    }

    /// `subject` minus the convex polygon `clip`, as disjoint pieces: the part outside the
    /// first edge, then the part inside it and outside the second, and so on (Sutherland–Hodgman
    /// clipping by one half-plane at a time).
    static func subtract(convex clip: [Point], from subject: [Point]) -> [[Point]] {
        let orientation: Double = polygonArea(clip) >= 0 ? 1 : -1
        var pieces: [[Point]] = []
        var remaining = subject
        for index in clip.indices {
            let a = clip[index], b = clip[(index + 1) % clip.count]
            // > 0 inside the clip's half-plane of this edge.
            func side(_ p: Point) -> Double { orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
            let outside = clipHalfPlane(remaining) { -side($0) }
            if outside.count >= 3, abs(polygonArea(outside)) > 1e-12 { pieces.append(outside) }
            remaining = clipHalfPlane(remaining, side)
            if remaining.count < 3 { break }
        }
        return pieces
    }

    /// The part of `polygon` where `value` ≥ 0 (`value` affine), one Sutherland–Hodgman pass.
    static func clipHalfPlane(_ polygon: [Point], _ value: (Point) -> Double) -> [Point] {
        var result: [Point] = []
        guard var previous = polygon.last else { return result }
        var previousValue = value(previous)
        for point in polygon {
            let current = value(point)
            if (current >= 0) != (previousValue >= 0) {
                let t = previousValue / (previousValue - current)
                result.append(previous + (point - previous) * t)
            }
            if current >= 0 { result.append(point) }
            previous = point
            previousValue = current
        }
        return result
    }

    /// The stroke of an open run of pieces as one contour, clockwise on screen: along the outer
    /// side, around the end cap, back along the inner side, around the start cap.
    ///
    /// On the inner side of a sharp corner (or of an arc tighter than `halfWidth`) the two
    /// offset sides cross; they are cut where they cross, so the contour stays simple. When
    /// they do not cross within both sides (a trim ending within half a line width of that
    /// corner), the contour passes through the outline's own point there, which lies inside
    /// the stroke: a small loop of the same winding.
    static func openStroke(_ pieces: [OutlinePiece], halfWidth d: Double, startCap: LineCap, endCap: LineCap) -> Path {
        var path = Path()
        let first = pieces[0], last = pieces[pieces.count - 1]
        // Outer side.
        path.move(to: first.startPoint + outwardNormal(first.startTangent) * d)
        for (index, piece) in pieces.enumerated() {
            if index > 0 {
                let previous = pieces[index - 1]
                let corner = piece.startPoint
                let n1 = outwardNormal(previous.endTangent), n2 = outwardNormal(piece.startTangent)
                let cosine = dot(n1, n2)
                if cosine < 1 - 1e-12 {
                    // Miter length over line width is 1 / sin(φ/2), φ the angle between the
                    // segments: sin(φ/2) = cos(θ/2) for the turn θ, and cos(θ/2)² = (1 + cos θ)/2.
                    let half = ((1 + cosine) / 2).squareRoot()
                    path.addLine(to: corner + n1 * d)
                    if half > 0, 1 / half <= miterLimit {
                        path.addLine(to: corner + (n1 + n2) * (d / (1 + cosine)))
                    }
                }
            }
            switch piece {
            case .line(let a, let b):
                let n = outwardNormal(piece.startTangent)
                path.addLine(to: a + n * d)
                path.addLine(to: b + n * d)
            case .arc(let center, let radius, let start, let sweep):
                path.addArc(center: center, radius: radius + d, startRadians: start, sweepRadians: sweep)
            }
        }
        // End cap: from the outer side to the inner side around the end.
        let end = last.endPoint, endTangent = last.endTangent, endNormal = outwardNormal(endTangent)
        switch endCap {
        case .butt:
            path.addLine(to: end + endNormal * d)
        case .square:
            path.addLine(to: end + endNormal * d + endTangent * d)
            path.addLine(to: end - endNormal * d + endTangent * d)
        case .round:
            path.addArc(center: end, radius: d, startRadians: atan2(endNormal.y, endNormal.x), sweepRadians: Double.pi)
        }
        // The inner side may begin past a folded arc's centre, so its end is given explicitly.
        path.addLine(to: end - endNormal * d)
        // Inner side, backwards.
        for point in innerSide(pieces, halfWidth: d) {
            switch point {
            case .point(let p): path.addLine(to: p)
            case .arc(let center, let radius, let start, let sweep):
                path.addArc(center: center, radius: radius, startRadians: start, sweepRadians: sweep)
            }
        }
        // Start cap: from the inner side back to the outer side around the start.
        let start = first.startPoint, startTangent = first.startTangent, startNormal = outwardNormal(startTangent)
        path.addLine(to: start - startNormal * d)
        switch startCap {
        case .butt:
            break
        case .square:
            path.addLine(to: start - startNormal * d - startTangent * d)
            path.addLine(to: start + startNormal * d - startTangent * d)
        case .round:
            path.addArc(center: start, radius: d, startRadians: atan2(-startNormal.y, -startNormal.x),
                        sweepRadians: Double.pi)
        }
        path.closeSubpath()
        return path
    }

    /// A step of the inner side: a vertex, or an arc (a line joins the previous step to its start).
    enum InnerStep {
        case point(Point)
        case arc(center: Point, radius: Double, startRadians: Double, sweepRadians: Double)
    }

    /// The inner side of the stroke of `pieces`, from the end back to the start.
    static func innerSide(_ pieces: [OutlinePiece], halfWidth d: Double) -> [InnerStep] {
        /// An offset piece on the inner side, travelled backwards. An arc tighter than `d` folds
        /// over: its normals reach past the centre, and their ends trace the arc of radius
        /// d − r on the opposite side.
        enum Side {
            case line(Point, Point)
            case arc(center: Point, radius: Double, startRadians: Double, sweepRadians: Double)
            case folded(center: Point, radius: Double, startRadians: Double, sweepRadians: Double)
        }
        var sides: [Side] = []
        // The outline's own point at the junction after each side (for the fallback).
        var junctions: [Point] = []
        for piece in pieces.reversed() {
            switch piece {
            case .line(let a, let b):
                let n = outwardNormal(piece.startTangent)
                sides.append(.line(b - n * d, a - n * d))
            case .arc(let center, let radius, let start, let sweep):
                if radius - d > 1e-9 {
                    sides.append(.arc(center: center, radius: radius - d, startRadians: start + sweep, sweepRadians: -sweep))
                } else {
                    sides.append(.folded(center: center, radius: d - radius, startRadians: start + sweep + Double.pi,
                                         sweepRadians: -sweep))
                }
            }
            junctions.append(piece.startPoint)
        }
        // Cut consecutive straight sides where they cross; a folded arc between two straight
        // sides is dropped when they cross, and stands in for their junction when they do not.
        var steps: [InnerStep] = []
        var index = 0
        var cutStart: Point? = nil
        while index < sides.count {
            switch sides[index] {
            case .arc(let center, let radius, let start, let sweep):
                steps.append(.arc(center: center, radius: radius, startRadians: start, sweepRadians: sweep))
                cutStart = nil
                index += 1
            case .folded(let center, let radius, let start, let sweep):
                steps.append(.arc(center: center, radius: radius, startRadians: start, sweepRadians: sweep))
                cutStart = nil
                index += 1
            case .line(let a, let b):
                let from = cutStart ?? a
                cutStart = nil
                steps.append(.point(from))
                var next = index + 1
                var foldSkipped = false
                if next < sides.count, case .folded = sides[next] { next += 1; foldSkipped = true }
                guard next < sides.count, case .line(let c, let e) = sides[next] else {
                    steps.append(.point(b))
                    index += 1
                    continue
                }
                if let crossing = segmentIntersection(from, b, c, e) {
                    steps.append(.point(crossing))
                    cutStart = crossing
                    index = next
                } else {
                    steps.append(.point(b))
                    // A sharp corner whose sides do not cross: through the outline's corner.
                    if !foldSkipped { steps.append(.point(junctions[index])) }
                    index += 1
                }
            }
        }
        return steps
    }

    /// Where segments p0–p1 and q0–q1 cross, if they do (parallel segments never do).
    static func segmentIntersection(_ p0: Point, _ p1: Point, _ q0: Point, _ q1: Point) -> Point? {
        let r = p1 - p0, s = q1 - q0
        let denominator = r.x * s.y - r.y * s.x
        guard abs(denominator) > 1e-12 else { return nil }
        let w = q0 - p0
        let t = (w.x * s.y - w.y * s.x) / denominator
        let u = (w.x * r.y - w.y * r.x) / denominator
        let slack = 1e-9
        guard t >= -slack, t <= 1 + slack, u >= -slack, u <= 1 + slack else { return nil }
        return p0 + r * t
    }
}

extension Path {
    /// One closed subpath through `pieces` in order (or backwards when `reversed`).
    static func polyline(_ pieces: [OutlinePiece], reversed: Bool) -> Path {
        var path = Path()
        guard let first = reversed ? pieces.last?.endPoint : pieces.first?.startPoint else { return path }
        path.move(to: first)
        for piece in reversed ? pieces.reversed() : pieces {
            switch piece {
            case .line(let a, let b):
                path.addLine(to: reversed ? a : b)
            case .arc(let center, let radius, let start, let sweep):
                if reversed {
                    path.addArc(center: center, radius: radius, startRadians: start + sweep, sweepRadians: -sweep)
                } else {
                    path.addArc(center: center, radius: radius, startRadians: start, sweepRadians: sweep)
                }
            }
        }
        path.closeSubpath()
        return path
    }
}
