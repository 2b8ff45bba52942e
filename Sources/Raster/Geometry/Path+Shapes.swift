import Glibc

/// A rounded rectangle's corner shape (SwiftUI's `RoundedCornerStyle`).
public enum CornerStyle: String, Hashable, Sendable {
    /// Quarter circles (or quarter ellipses for unequal corner sizes).
    case circular
    /// Apple's continuous-curvature corner (see ``Path/addContinuousCorner(_:_:_:_:)``).
    case continuous
}

/// The corner sizes of a rounded rectangle, each a width and height in the path's units,
/// in SwiftUI's order for `RectangleCornerRadii`.
public struct CornerRadii: Hashable, Sendable {
    /// Width and height of each corner: top-leading, bottom-leading, bottom-trailing,
    /// top-trailing, each as (width, height).
    public var values: [Double]

    /// Corner sizes as (width, height) pairs.
    public init(topLeading: (Double, Double), bottomLeading: (Double, Double), bottomTrailing: (Double, Double),
                topTrailing: (Double, Double)) {
        values = [topLeading.0, topLeading.1, bottomLeading.0, bottomLeading.1, bottomTrailing.0, bottomTrailing.1,
                  topTrailing.0, topTrailing.1]
    }

    /// Whether every corner has the same size (`RoundedRectangle(cornerRadius:)`).
    public var isUniform: Bool {
        values.count == 8 && stride(from: 2, to: 8, by: 2).allSatisfy { values[$0] == values[0] && values[$0 + 1] == values[1] }
    }

    /// Every corner `width × height`.
    public init(width: Double, height: Double) {
        self.init(topLeading: (width, height), bottomLeading: (width, height), bottomTrailing: (width, height),
                  topTrailing: (width, height))
    }

    /// Corner `index` (0 top-leading, 1 bottom-leading, 2 bottom-trailing, 3 top-trailing).
    public subscript(index: Int) -> (width: Double, height: Double) { (values[2 * index], values[2 * index + 1]) }

    /// Each size reduced by `amount` (at least 0): the corners of the rectangle inset by it.
    public func inset(by amount: Double) -> CornerRadii {
        var copy = self
        copy.values = values.map { max(0, $0 - amount) }
        return copy
    }
}

extension Path {
    /// The point at `angle` radians on the circle about `center`.
    static func arcPoint(_ center: Point, _ radius: Double, _ angle: Double) -> Point {
        Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
    }

    /// A circular arc as cubic Bézier curves `(control1, control2, end)` of at most 22.5° each,
    /// with the standard control distance `4/3 · tan(θ/4) · r` (Riškus, "Approximation of a
    /// cubic Bézier curve by circular arcs and vice versa", 2006); the radial error of each is
    /// below 1e-7 of the radius.
    public static func arcCurves(center: Point, radius: Double, startRadians: Double, sweepRadians: Double) -> [(Point, Point, Point)] {
        guard sweepRadians != 0, sweepRadians.isFinite, radius.isFinite else { return [] }
        let count = max(1, min(4096, Int((abs(sweepRadians) / (Double.pi / 8)).rounded(.up))))
        let step = sweepRadians / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        var curves: [(Point, Point, Point)] = []
        for i in 0..<count {
            let a0 = startRadians + step * Double(i), a1 = a0 + step
            let p0 = arcPoint(center, radius, a0), p1 = arcPoint(center, radius, a1)
            let c1 = Point(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0))
            let c2 = Point(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1))
            curves.append((c1, c2, p1))
        }
        return curves
    }

    /// The current point: where the next line or curve starts (the start of the last subpath
    /// after a close), or `nil` for an empty path.
    public var currentPoint: Point? {
        var start: Point?
        var point: Point?
        for element in elements {
            switch element {
            case let .move(p): start = p; point = p
            case let .line(p), let .quadCurve(_, p), let .cubicCurve(_, _, p): point = p
            case let .arc(center, radius, s, sweep): point = Path.arcPoint(center, radius, s + sweep)
            case .close: point = start
            }
        }
        return point
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Adds an ellipse inscribed in `rect`, starting at its rightmost point and running
    /// clockwise on a y-down screen, then closed: SwiftUI's `Path.addEllipse(in:)` ("all moves
    /// oriented in the clockwise direction"). A circle is one exact arc; other ellipses are
    /// a circle's cubic curves scaled to the rectangle.
    public mutating func addEllipse(in rect: Rect) {
        let center = rect.center
        let rx = rect.width / 2, ry = rect.height / 2
        guard rx > 0, ry > 0 else { return }
        if rx == ry {
            move(to: Point(x: center.x + rx, y: center.y))
            addArc(center: center, radius: rx, startRadians: 0, sweepRadians: 2 * Double.pi)
        } else {
            let map = AffineTransform.scale(x: rx, y: ry).concatenating(.translation(x: center.x, y: center.y))
            move(to: map.apply(Point(x: 1, y: 0)))
            for (c1, c2, p) in Path.arcCurves(center: .zero, radius: 1, startRadians: 0, sweepRadians: 2 * Double.pi) {
                addCurve(to: map.apply(p), control1: map.apply(c1), control2: map.apply(c2))
            }
        }
        closeSubpath()
    }

    /// Adds `rect` as a closed subpath from its top-left corner, clockwise on a y-down screen
    /// (Core Graphics' `addRect`: "bottom-left … counter-clockwise" in its y-up space).
    public mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// Adds a circular arc the way Core Graphics' and SwiftUI's
    /// `addArc(center:radius:startAngle:endAngle:clockwise:)` do: a line from the current point
    /// to the arc's start, then the arc from `startRadians` to `endRadians`. Angles grow from +x
    /// towards +y; `clockwise` is named for a y-up space, so `clockwise: false` turns towards
    /// growing angles, which is clockwise on a y-down screen (Apple's "Core Graphics" note on
    /// flipped coordinates). A difference of a whole turn or more draws the whole circle.
    public mutating func addArc(center: Point, radius: Double, startRadians: Double, endRadians: Double, clockwise: Bool) {
        let turn = 2 * Double.pi
        var sweep = endRadians - startRadians
        if !clockwise {
            if sweep >= turn { sweep = turn } else if sweep < 0 {
                sweep = sweep.truncatingRemainder(dividingBy: turn)
                if sweep < 0 { sweep += turn }
            }
        } else {
            if sweep <= -turn { sweep = -turn } else if sweep > 0 {
                sweep = sweep.truncatingRemainder(dividingBy: turn)
                if sweep > 0 { sweep -= turn }
            }
        }
        if currentPoint == nil { move(to: Path.arcPoint(center, radius, startRadians)) }
        addArc(center: center, radius: radius, startRadians: startRadians, sweepRadians: sweep)
    }

    /// `addArc(tangent1End:tangent2End:radius:)` (PostScript's `arct`): the arc of `radius`
    /// tangent to the line from the current point to `tangent1End` and to the line from
    /// `tangent1End` to `tangent2End`, preceded by a line from the current point to its first
    /// tangent point. Collinear points, or a zero radius, give a line to `tangent1End`.
    public mutating func addArc(tangent1End p1: Point, tangent2End p2: Point, radius: Double) {
        guard let p0 = currentPoint else { move(to: p1); return }
        let a = p0 - p1, b = p2 - p1
        let la = a.length, lb = b.length
        let cross = a.x * b.y - a.y * b.x
        guard la > 0, lb > 0, radius > 0, abs(cross) > 1e-12 * la * lb else { addLine(to: p1); return }
        let u = a * (1 / la), v = b * (1 / lb)
        let cosine = max(-1, min(1, u.x * v.x + u.y * v.y))
        let half = acos(cosine) / 2
        let distance = radius / tan(half)
        let t1 = p1 + u * distance, t2 = p1 + v * distance
        let bisector = u + v
        let center = p1 + bisector * (radius / sin(half) / bisector.length)
        let start = atan2(t1.y - center.y, t1.x - center.x)
        let end = atan2(t2.y - center.y, t2.x - center.x)
        var sweep = end - start
        while sweep > Double.pi { sweep -= 2 * Double.pi }
        while sweep < -Double.pi { sweep += 2 * Double.pi }
        addLine(to: t1)
        addArc(center: center, radius: radius, startRadians: start, sweepRadians: sweep)
    }

    /// Adds a rounded rectangle as SwiftUI's `RoundedRectangle` draws it: from the leading end
    /// of the top edge, clockwise on a y-down screen, closed. Each corner's size is clamped to
    /// half the rectangle's side it lies along; `.circular` corners are quarter ellipses,
    /// `.continuous` ones Apple's curve (``addContinuousCorner(_:_:_:_:)``).
    public mutating func addRoundedRect(_ rect: Rect, radii: CornerRadii, style: CornerStyle) {
        let w = max(0, rect.width), h = max(0, rect.height)
        guard w > 0, h > 0 else { return }
        // Corners in drawing order: top-trailing, bottom-trailing, bottom-leading, top-leading.
        let order = [3, 2, 1, 0]
        let corners = [Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.minX, y: rect.minY)]
        // Unit vectors from each corner along the edge it arrives on (backwards) and leaves on.
        let back = [Point(x: -1, y: 0), Point(x: 0, y: -1), Point(x: 1, y: 0), Point(x: 0, y: 1)]
        let ahead = [Point(x: 0, y: 1), Point(x: -1, y: 0), Point(x: 0, y: -1), Point(x: 1, y: 0)]
        var sizes: [(along: Double, across: Double)] = []
        for (i, index) in order.enumerated() {
            let size = radii[index]
            // "along" the edge arrived on: horizontal for the top and bottom edges.
            let horizontalFirst = i % 2 == 0
            var rw = min(max(0, size.width), w / 2), rh = min(max(0, size.height), h / 2)
            if !(rw > 0 && rh > 0) { rw = 0; rh = 0 }
            sizes.append(horizontalFirst ? (rw, rh) : (rh, rw))
        }
        let reach = style == .continuous ? Path.continuousReach : 1
        func extent(_ i: Int, _ first: Bool) -> Double {
            let (along, across) = sizes[i]
            let r = first ? along : across
            let side = (i % 2 == 0) == first ? w : h
            return min(r * reach, side / 2)
        }
        move(to: corners[3] + ahead[3] * extent(3, false))
        for i in 0..<4 {
            let corner = corners[i]
            let (along, across) = sizes[i]
            addLine(to: corner + back[i] * extent(i, true))
            guard along > 0, across > 0 else { continue }
            if style == .continuous {
                // The reach 1.52866 r is squeezed to half the side where it would pass it.
                let scaleIn = extent(i, true) / (along * reach), scaleOut = extent(i, false) / (across * reach)
                addContinuousCorner(corner, back[i] * (along * scaleIn), ahead[i] * (across * scaleOut))
            } else {
                if along == across {
                    let center = corner + back[i] * along + ahead[i] * across
                    let start = atan2(-ahead[i].y, -ahead[i].x)
                    addArc(center: center, radius: along, startRadians: start, sweepRadians: Double.pi / 2)
                } else {
                    // A quarter ellipse: a quarter circle mapped onto the corner's axes.
                    let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)
                    let p0 = corner + back[i] * along, p3 = corner + ahead[i] * across
                    addCurve(to: p3, control1: p0 - back[i] * (along * k), control2: p3 - ahead[i] * (across * k))
                }
            }
        }
        closeSubpath()
    }

    /// How far along each edge a continuous corner of radius r reaches, in units of r:
    /// 1.52866483 (PaintCode, "The Code for iOS 7 Rounded Corners", measured from
    /// `UIBezierPath(roundedRect:cornerRadius:)`).
    public static let continuousReach = 1.52866483

    /// One continuous corner, from 1.52866 r before `corner` on the edge arrived on to 1.52866 r
    /// after it on the next edge, as the three cubic curves and
    /// two short lines PaintCode measured from iOS 7's `UIBezierPath(roundedRect:cornerRadius:)`
    /// ("The Code for iOS 7 Rounded Corners", PaintCode blog, 2014), which SwiftUI's
    /// `RoundedCornerStyle.continuous` ("continuous curvature rounded rect corners") and
    /// `UICornerCurve.continuous` draw. Coordinates are in units of r from the corner: along the
    /// edge arrived on, then along the edge left.
    ///
    /// Where the reach would pass the middle of a side (a capsule), the corner is squeezed
    /// along that side to end there: PaintCode's figures stop at `min(w, h) / 2 / 1.52866`,
    /// past which this scaling is the renderer's own choice.
    ///
    /// - Parameters:
    ///   - corner: the rectangle's corner point.
    ///   - u: r along the edge arrived on, pointing back from the corner (shortened by the
    ///     squeeze).
    ///   - v: r along the next edge, pointing away from the corner (shortened likewise).
    mutating func addContinuousCorner(_ corner: Point, _ u: Point, _ v: Point) {
        func p(_ a: Double, _ b: Double) -> Point { corner + u * a + v * b }
        // PaintCode's points for the top-right corner, as (distance back from the corner along
        // the top edge, distance down the right edge), in units of r.
        addCurve(to: p(0.66993427, 0.06549600), control1: p(1.08849323, 0), control2: p(0.86840689, 0))
        addLine(to: p(0.63149399, 0.07491100))
        addCurve(to: p(0.07491176, 0.63149399), control1: p(0.37282392, 0.16905899), control2: p(0.16906013, 0.37282401))
        addLine(to: p(0.06549600, 0.66993427))
        addCurve(to: p(0, 1.52866483), control1: p(0, 0.86840701), control2: p(0, 1.08849299))
    }

    /// A rounded rectangle path (see ``addRoundedRect(_:radii:style:)``).
    public static func roundedRect(_ rect: Rect, radii: CornerRadii, style: CornerStyle) -> Path {
        var path = Path()
        path.addRoundedRect(rect, radii: radii, style: style)
        return path
    }

    /// An ellipse path (see ``addEllipse(in:)``).
    public static func ellipse(in rect: Rect) -> Path {
        var path = Path()
        path.addEllipse(in: rect)
        return path
    }

    /// The smallest rectangle holding every point and control point (for lines and arcs'
    /// end points and extremes it is the tight box; for curves it may be larger).
    public var controlPointBounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case let .move(p), let .line(p): add(p)
            case let .quadCurve(c, p): add(c); add(p)
            case let .cubicCurve(c1, c2, p): add(c1); add(c2); add(p)
            case let .arc(center, radius, start, sweep):
                for (c1, c2, p) in Path.arcCurves(center: center, radius: radius, startRadians: start, sweepRadians: sweep) {
                    add(c1); add(c2); add(p)
                }
                add(Path.arcPoint(center, radius, start))
            case .close: break
            }
        }
        guard minX.isFinite, minY.isFinite else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The part of the path between the fractions `from` and `to` of its length (SwiftUI's
    /// `trimmedPath(from:to:)`), as lines through its flattened outline: the path is flattened
    /// within `tolerance` of its own units and cut by length. Closed subpaths are cut open;
    /// `from ≥ to` gives an empty path.
    public func trimmed(from: Double, to: Double, tolerance: Double) -> Path {
        let polylines = subpaths(by: .identity, tolerance: tolerance).map { $0.isClosed ? $0.points + [$0.points[0]] : $0.points }
        var result = Path()
        for line in Path.trim(polylines, from: from, to: to) {
            result.move(to: line[0])
            for point in line.dropFirst() { result.addLine(to: point) }
        }
        return result
    }

    /// The parts of `polylines` (closed ones given with their first point repeated at the end)
    /// between the fractions `from` and `to` (each clamped to 0…1) of their total length.
    public static func trim(_ polylines: [[Point]], from: Double, to: Double) -> [[Point]] {
        let a = min(max(from, 0), 1), b = min(max(to, 0), 1)
        guard b > a else { return [] }
        var total = 0.0
        for line in polylines { for i in 1..<max(1, line.count) { total += (line[i] - line[i - 1]).length } }
        guard total > 0 else { return [] }
        let start = a * total, end = b * total
        var pieces: [[Point]] = []
        var offset = 0.0
        for line in polylines where line.count >= 2 {
            var piece: [Point] = []
            for i in 1..<line.count {
                let p = line[i - 1], q = line[i]
                let length = (q - p).length
                let s0 = offset, s1 = offset + length
                offset = s1
                let lower = max(start, s0), upper = min(end, s1)
                guard upper > lower || (length == 0 && s0 >= start && s0 <= end && !piece.isEmpty) else {
                    if !piece.isEmpty, s0 >= end { break }
                    continue
                }
                let t0 = length > 0 ? (lower - s0) / length : 0, t1 = length > 0 ? (upper - s0) / length : 0
                if piece.isEmpty { piece.append(p + (q - p) * t0) }
                piece.append(p + (q - p) * t1)
            }
            if piece.count >= 2 { pieces.append(piece) }
        }
        return pieces
    }
}
