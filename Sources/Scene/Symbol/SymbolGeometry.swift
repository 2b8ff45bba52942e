import Glibc
import Motion
import Raster
import Typography

/// One piece of a symbol's skeleton, in template units: 1/100 of the font size at the Small
/// symbol scale (the unit ``RaysSymbol`` is measured in), y down, origin at the glyph's centre.
public enum SymbolSegment: Hashable, Sendable {
    /// A straight piece from one point to another.
    case line(Point, Point)
    /// A circular arc about `centre` from `fromDegrees` to `toDegrees` (> `fromDegrees`), angles
    /// measured from +x towards +y, so increasing angles turn clockwise on screen.
    case arc(centre: Point, radius: Double, fromDegrees: Double, toDegrees: Double)

    /// The point where the piece starts.
    public var start: Point {
        switch self {
        case let .line(a, _): a
        case let .arc(c, r, from, _): SymbolSegment.point(c, r, from)
        }
    }

    /// The point where the piece ends.
    public var end: Point {
        switch self {
        case let .line(_, b): b
        case let .arc(c, r, _, to): SymbolSegment.point(c, r, to)
        }
    }

    static func point(_ c: Point, _ r: Double, _ degrees: Double) -> Point {
        let a = degrees * Double.pi / 180
        return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
    }

    /// The piece scaled about the origin by `factor` and then moved by `offset`.
    func scaled(_ factor: Double, offset: Point = .zero) -> SymbolSegment {
        switch self {
        case let .line(a, b): .line(a * factor + offset, b * factor + offset)
        case let .arc(c, r, from, to): .arc(centre: c * factor + offset, radius: r * factor, fromDegrees: from, toDegrees: to)
        }
    }
}

/// A drawn part of a symbol. Every part is inked at the weight's stroke width `w`.
public enum SymbolPrimitive: Hashable, Sendable {
    /// Every point within `w / 2` of one of the segments: round caps and round joins.
    case stroke([SymbolSegment])
    /// The region a closed outline (the segments in order, end to start) encloses, and every
    /// point within `w / 2` of the outline, so a filled shape grows with the weight as its
    /// outlined twin does.
    case fill([SymbolSegment])
    /// A disc of `radius + w / 2` about a point.
    case dot(Point, radius: Double)

    func scaled(_ factor: Double, offset: Point = .zero) -> SymbolPrimitive {
        switch self {
        case let .stroke(s): .stroke(s.map { $0.scaled(factor, offset: offset) })
        case let .fill(s): .fill(s.map { $0.scaled(factor, offset: offset) })
        case let .dot(c, r): .dot(c * factor + offset, radius: r * factor)
        }
    }
}

/// The layers of SF Symbols' hierarchical and palette rendering.
public enum SymbolLayer: Int, Hashable, Sendable {
    /// The primary style (`foregroundStyle`'s first), opaque in hierarchical rendering.
    case primary
    /// The secondary style (`foregroundStyle`'s second), or the primary at reduced opacity.
    case secondary
}

/// One part of a symbol, on its layer.
public struct SymbolPart: Hashable, Sendable {
    /// The geometry.
    public var primitive: SymbolPrimitive
    /// Its layer.
    public var layer: SymbolLayer
    /// A knockout: in monochrome rendering it is cut out of every other part (the check in
    /// `checkmark.circle.fill`); in hierarchical and palette rendering it is drawn on the
    /// primary layer over the parts it was cut from.
    public var knockout: Bool

    /// A part.
    public init(_ primitive: SymbolPrimitive, layer: SymbolLayer = .primary, knockout: Bool = false) {
        self.primitive = primitive
        self.layer = layer
        self.knockout = knockout
    }
}

/// Which parts of a symbol one drawing operation paints.
public enum SymbolLayerSelection: Hashable, Sendable {
    /// Every part in one colour, knockouts cut out (`.monochrome`, and `.multicolor` for the
    /// library's symbols, which carry no multicolor annotations).
    case monochrome
    /// The primary layer and the knockouts, drawn on top.
    case primary
    /// The secondary layer, knockouts cut out.
    case secondary
    /// The parts that are not variable-colour layers (``SymbolDesigns/variableLayers(_:)``),
    /// knockouts cut out: what `.variableColor` leaves alone.
    case fixedParts
    /// The `n`th variable-colour layer alone (0: the first lit).
    case variableLayer(Int)
}

/// A library symbol at a font size, weight and symbol scale: its parts as paths in points.
///
/// The skeleton of each symbol (``SymbolDesigns``) is the library's own drawing; the weight sets
/// the stroke width `w` from the same measured SF Symbols masters as ``RaysSymbol``'s ray
/// width (2.49, 7.62 and 12.60 template units at Ultralight, Regular and Black, the others
/// interpolated), and the scale the unit, as for `rays`.
public struct SymbolGlyph: Hashable, Sendable {
    /// The symbol.
    public let name: SymbolName
    /// Font size, points.
    public let pointSize: Double
    /// Weight.
    public let weight: SymbolWeight
    /// Symbol scale.
    public let scale: SymbolScale
    /// Points per template unit: `pointSize / 100 × scale.factor`.
    public let unit: Double
    /// Stroke width in template units.
    public let strokeWidth: Double
    /// The ink's bounding box in template units.
    public let inkBounds: Rect

    /// Empty space left and right of the ink, in template units: `rays`' measured advance less
    /// its ink width, halved (6.8 units at every master).
    public static let sideBearing = 6.81

    /// The glyph of `name`.
    public init(name: SymbolName, pointSize: Double = 17, weight: SymbolWeight = .regular, scale: SymbolScale = .medium) {
        self.name = name
        self.pointSize = pointSize
        self.weight = weight
        self.scale = scale
        unit = pointSize / 100 * scale.factor
        strokeWidth = SymbolGlyph.strokeWidth(weight)
        inkBounds = SymbolGlyph.bounds(SymbolDesigns.parts(name), halfWidth: strokeWidth / 2)
    }

    /// The stroke width of `weight`, in template units: `rays`' ray width, interpolated
    /// between its measured masters.
    public static func strokeWidth(_ weight: SymbolWeight) -> Double {
        let position = weight.axisPosition
        let masters = RaysSymbol.masters
        let upper = masters.firstIndex { $0.position >= position } ?? masters.count - 1
        let lower = max(0, upper - 1)
        let (p0, m0) = masters[lower], (p1, m1) = masters[upper]
        let t = p1 == p0 ? 0 : (position - p0) / (p1 - p0)
        return m0.rayWidth + (m1.rayWidth - m0.rayWidth) * t
    }

    /// The parts of the symbol.
    public var parts: [SymbolPart] { SymbolDesigns.parts(name) }

    /// Whether any part is on the secondary layer.
    public var hasSecondaryLayer: Bool { parts.contains { $0.layer == .secondary && !$0.knockout } }

    /// The image frame, points: the ink's width plus ``sideBearing`` on each side, by the ink's
    /// height, as `rays`' frame is its advance by its ink height.
    public var frameSize: (width: Double, height: Double) {
        ((inkBounds.width + 2 * SymbolGlyph.sideBearing) * unit, inkBounds.height * unit)
    }

    /// The paths one operation draws, in points with the frame's centre at the origin (the
    /// ink's bounding box centred in the frame): what is inked, and what is cut out of it.
    public func paths(_ selection: SymbolLayerSelection) -> (ink: Path, knockout: Path) {
        let centre = inkBounds.center
        var ink = Path(), cut = Path()
        let half = strokeWidth / 2
        let variable = SymbolDesigns.variableLayers(name)
        for (index, part) in parts.enumerated() {
            let drawn: Bool, cutOut: Bool
            switch selection {
            case .monochrome: (drawn, cutOut) = (!part.knockout, part.knockout)
            case .primary: (drawn, cutOut) = (part.knockout || part.layer == .primary, false)
            case .secondary: (drawn, cutOut) = (!part.knockout && part.layer == .secondary, part.knockout)
            case .fixedParts: (drawn, cutOut) = (!part.knockout && !variable.contains(index), part.knockout)
            case let .variableLayer(n): (drawn, cutOut) = (n < variable.count && variable[n] == index, part.knockout)
            }
            guard drawn || cutOut else { continue }
            let path = SymbolGlyph.path(part.primitive, halfWidth: half, centre: centre, unit: unit)
            if drawn { ink.append(path) } else { cut.append(path) }
        }
        return (ink, cut)
    }

    /// A primitive as a path in points. Each chain of connected segments becomes one outline
    /// (its offsets at `w / 2` either side, round caps, round joins on the outer side of a turn
    /// and mitred on the inner), rather than a capsule per segment: the rasterizer sums the
    /// coverage of overlapping contours, so overlapping pieces would ink their shared edge
    /// pixels twice. Outlines are wound the way ``Path/capsule(from:to:radius:)`` is.
    static func path(_ primitive: SymbolPrimitive, halfWidth h: Double, centre: Point, unit: Double) -> Path {
        var path = Path()
        func device(_ points: [Point]) -> [Point] { points.map { ($0 - centre) * unit } }
        let r = h * unit
        switch primitive {
        case let .stroke(segments):
            for chain in chains(segments) {
                let points = device(chain.points)
                if chain.closed {
                    outline(points, closed: true, r, into: &path)
                    outline(points.reversed(), closed: true, r, into: &path)
                } else {
                    outline(points, closed: false, r, into: &path)
                }
            }
        case let .fill(segments):
            // The region and its stroke together: the outline's outer offset alone.
            let points = device(chains(segments).flatMap(\.points))
            let clockwise = signedArea(segments) > 0
            outline(clockwise ? points.reversed() : points, closed: true, r, into: &path)
        case let .dot(c, radius):
            path.append(.capsule(from: (c - centre) * unit, to: (c - centre) * unit, radius: (radius + h) * unit))
        }
        return path
    }

    /// Connected runs of segments as point lists (arcs in steps of at most 3°), and whether each
    /// run closes on itself.
    static func chains(_ segments: [SymbolSegment]) -> [(points: [Point], closed: Bool)] {
        var result: [(points: [Point], closed: Bool)] = []
        var current: [Point] = []
        func close() {
            guard !current.isEmpty else { return }
            let closed = current.count > 2 && (current[0] - current[current.count - 1]).length < 1e-9
            if closed { current.removeLast() }
            result.append((current, closed))
            current = []
        }
        for segment in segments {
            if let last = current.last, (last - segment.start).length > 1e-9 { close() }
            if current.isEmpty { current.append(segment.start) }
            switch segment {
            case let .line(_, b):
                current.append(b)
            case let .arc(c, radius, from, to):
                let steps = max(1, Int(((to - from) / 3).rounded(.up)))
                for i in 1...steps { current.append(SymbolSegment.point(c, radius, from + (to - from) * Double(i) / Double(steps))) }
            }
        }
        close()
        return result
    }

    /// Appends the outline of the points at distance `r`: for an open run, its +normal side
    /// forward, the end cap, the other side back and the start cap, as one contour; for a closed
    /// run, its +normal side only (call again with the points reversed for the other side).
    static func outline(_ points: [Point], closed: Bool, _ r: Double, into path: inout Path) {
        var points = points
        // Drop repeated points: a zero-length piece has no direction.
        points = points.enumerated().filter { i, p in i == 0 || (p - points[i - 1]).length > 1e-12 }.map(\.element)
        if closed, points.count > 1, (points[0] - points[points.count - 1]).length < 1e-12 { points.removeLast() }
        guard points.count >= 2 else {
            if let p = points.first { path.append(.capsule(from: p, to: p, radius: r)) }
            return
        }
        func normal(_ a: Point, _ b: Point) -> Point {
            let d = b - a, l = d.length
            return Point(x: -d.y / l, y: d.x / l)
        }
        func side(_ p: [Point], start: Bool) {
            let n = p.count
            let count = closed ? n : n - 1
            for k in 0..<count {
                let a = p[k], b = p[(k + 1) % n]
                let n1 = normal(a, b)
                if k == 0 {
                    if start { path.move(to: a + n1 * r) } else { path.addLine(to: a + n1 * r) }
                }
                let last = !closed && k == count - 1
                if last {
                    path.addLine(to: b + n1 * r)
                    continue
                }
                let c = p[(k + 2) % n]
                let n2 = normal(b, c)
                let cross = n1.x * n2.y - n1.y * n2.x, dot = n1.x * n2.x + n1.y * n2.y
                if cross < 0 {
                    // The outer side of the turn: round about the vertex.
                    path.addLine(to: b + n1 * r)
                    path.addArc(center: b, radius: r, startRadians: atan2(n1.y, n1.x), sweepRadians: atan2(cross, dot))
                } else {
                    // The inner side: where the two offset lines cross, when they cross along
                    // both pieces; past their ends (a heart's dip, whose two sides meet at a
                    // sharp angle after short chords) that point lies outside the grown shape,
                    // so the side goes through the vertex instead, the two offsets overlapping
                    // there (covered twice under the nonzero rule), as strokers join an inner
                    // corner.
                    let miter = 1 + dot > 0.05 ? (n1 + n2) * (r / (1 + dot)) : nil
                    let reach = miter.map { m in abs(m.x * n1.y - m.y * n1.x) } ?? .infinity
                    if let miter, reach <= min((b - a).length, (c - b).length) {
                        path.addLine(to: b + miter)
                    } else {
                        path.addLine(to: b + n1 * r)
                        path.addLine(to: b)
                        path.addLine(to: b + n2 * r)
                    }
                }
            }
        }
        if closed {
            side(points, start: true)
            path.closeSubpath()
            return
        }
        side(points, start: true)
        let end = points[points.count - 1], before = points[points.count - 2]
        let endNormal = normal(before, end)
        path.addArc(center: end, radius: r, startRadians: atan2(endNormal.y, endNormal.x), sweepRadians: -Double.pi)
        let reversed = Array(points.reversed())
        side(reversed, start: false)
        let startNormal = normal(reversed[reversed.count - 2], reversed[reversed.count - 1])
        path.addArc(center: points[0], radius: r, startRadians: atan2(startNormal.y, startNormal.x), sweepRadians: -Double.pi)
        path.closeSubpath()
    }

    /// The shoelace area of a closed outline (arcs sampled), positive when it turns
    /// counter-clockwise in y-down coordinates' arithmetic (the opposite of a capsule).
    static func signedArea(_ segments: [SymbolSegment]) -> Double {
        var points: [Point] = []
        for segment in segments {
            switch segment {
            case let .line(a, _): points.append(a)
            case let .arc(c, r, from, to):
                for i in 0..<16 { points.append(SymbolSegment.point(c, r, from + (to - from) * Double(i) / 16)) }
            }
        }
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        return area / 2
    }

    /// The bounding box of the inked parts (knockouts lie inside them), in template units.
    static func bounds(_ parts: [SymbolPart], halfWidth h: Double) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ q: Point, _ r: Double) {
            minX = min(minX, q.x - r); maxX = max(maxX, q.x + r)
            minY = min(minY, q.y - r); maxY = max(maxY, q.y + r)
        }
        func add(_ segments: [SymbolSegment]) {
            for segment in segments {
                add(segment.start, h)
                add(segment.end, h)
                if case let .arc(c, r, from, to) = segment {
                    // The outer edge's extremes at the multiples of 90° the arc passes.
                    var angle = (from / 90).rounded(.up) * 90
                    while angle <= to {
                        add(SymbolSegment.point(c, r + h, angle), 0)
                        angle += 90
                    }
                }
            }
        }
        for part in parts where !part.knockout {
            switch part.primitive {
            case let .stroke(s), let .fill(s): add(s)
            case let .dot(c, r): add(c, r + h)
            }
        }
        guard minX.isFinite else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension SymbolName {
    /// The library's names closest to `name`, closest first (edit distance, ignoring case; ties
    /// in the library's order): what a warning about a missing symbol offers.
    public static func closest(to name: String, count: Int = 3) -> [SymbolName] {
        let lowered = name.lowercased()
        return allCases.enumerated()
            .map { (symbol: $0.element, order: $0.offset, distance: Spelling.editDistance(lowered, $0.element.rawValue)) }
            .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
            .prefix(count).map(\.symbol)
    }
}

extension ViewNode {
    /// The names of `Image(systemName:)` views outside the library in this tree, in tree order,
    /// each once.
    public var missingSymbols: [String] {
        var names: [String] = []
        forEachNode { if case let .missingSymbol(name) = $0, !names.contains(name) { names.append(name) } }
        return names
    }
}

extension ViewScript {
    /// The symbol names outside the library in any of the script's trees, each once.
    public var missingSymbols: [String] {
        var names: [String] = []
        for name in ([initial] + changes.map(\.root)).flatMap(\.missingSymbols) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// Calls `visit` with every node of every tree of the script (the first tree, then each
    /// change's), depth first, a node before what it holds: the views a modifier attaches and
    /// a progress view's label too.
    func forEachNode(_ visit: (ViewNode) -> Void) {
        for root in [initial] + changes.map(\.root) { root.forEachNode(visit) }
    }

    /// The symbol effects of any of the script's trees, by spelling, each once in tree order.
    public var symbolEffects: [String] {
        var names: [String] = []
        forEachNode { node in
            if case let .modified(_, .effect(.symbolEffect(effect), _)) = node, !names.contains(effect.spelling) { names.append(effect.spelling) }
        }
        return names
    }

    /// The symbols of the library under a `.variableColor` effect that have no variable-colour
    /// layers in the library's drawing (``SymbolDesigns/variableLayers(_:)``), by the effect's
    /// spelling, each once in tree order; with whether some symbol under that effect has them.
    var stillVariableColours: [(spelling: String, symbols: [SymbolName], someMove: Bool)] {
        var found: [(spelling: String, symbols: [SymbolName], someMove: Bool)] = []
        forEachNode { node in
            guard case let .modified(child, .effect(.symbolEffect(effect), _)) = node, case .variableColor = effect.kind else { return }
            var names: [SymbolName] = []
            child.forEachNode { if case let .symbol(name) = $0, !names.contains(name) { names.append(name) } }
            let still = names.filter { SymbolDesigns.variableLayers($0).isEmpty }
            guard !still.isEmpty else { return }
            let moves = names.count > still.count
            if let index = found.firstIndex(where: { $0.spelling == effect.spelling }) {
                found[index].symbols += still.filter { !found[index].symbols.contains($0) }
                found[index].someMove = found[index].someMove || moves
            } else {
                found.append((effect.spelling, still, moves))
            }
        }
        return found
    }

    /// The one-line warning for each symbol effect drawn: its timing is assumed, since Apple
    /// publishes none (see ``SymbolEffect``); and for a `.variableColor` on a symbol whose
    /// drawing in the library has no variable-colour layers, that it is drawn still ("Variable
    /// color animations affect only symbols containing variable color layers", Apple's
    /// `VariableColorSymbolEffect`): Apple's symbol may have them, and then moves on a device.
    public var symbolEffectWarnings: [String] {
        let still = stillVariableColours
        var warnings: [String] = []
        for spelling in symbolEffects {
            if let entry = still.first(where: { $0.spelling == spelling }) {
                let names = entry.symbols.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                warnings.append("'.symbolEffect(\(spelling))' changes nothing on \(names): the library's drawing has no variable-colour layers (of its symbols only 'wifi' has), so it is drawn still; on a device it moves if SF Symbols gives the symbol such layers")
                if !entry.someMove { continue }
            }
            warnings.append("'.symbolEffect(\(spelling))' is drawn with assumed timing and amplitude: Apple's Symbols documentation and its WWDC sessions give none (docs/symbols.md lists the values used)")
        }
        return warnings
    }

    /// The one-line warning for each text with characters the packaged fonts do not draw
    /// (``Typography/FontLibrary/uncoveredCharacters(in:)``): drawn as boxes, where a device
    /// draws them with its system fonts. Each text once, in tree order; at most five of its
    /// characters named.
    public var uncoveredTextWarnings: [String] {
        var texts: [String] = []
        forEachNode { node in
            guard case let .text(content) = node else { return }
            let text = content.pieces.map(\.text).joined()
            if !texts.contains(text) { texts.append(text) }
        }
        return texts.compactMap { text in
            let missing = FontLibrary.shared.uncoveredCharacters(in: text)
            guard !missing.isEmpty else { return nil }
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            let named = missing.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (missing.count > 5 ? " and \(missing.count - 5) more" : "")
            return "the text '\(shown)' has characters the packaged fonts (Inter, Noto Color Emoji) do not draw, \(named): drawn as boxes, where a device draws them with its system fonts"
        }
    }

    /// The one-line warning for each missing symbol: what a device shows, and the closest names.
    public var missingSymbolWarnings: [String] {
        missingSymbols.map { name in
            let closest = SymbolName.closest(to: name).map { "'\($0.rawValue)'" }.joined(separator: ", ")
            return "no symbol named '\(name)' in spinrender's library: drawn as an empty image of a symbol's size, as a device draws an unknown name; closest: \(closest)"
        }
    }
}

extension ViewNode {
    /// Calls `visit` with this node and every node it holds, depth first, a node before its
    /// children: stack and grid children, a branch's, a view's body, a reader's content, the
    /// views a modifier attaches (backgrounds, overlays, masks) and the modified view, and a
    /// progress view's label.
    func forEachNode(_ visit: (ViewNode) -> Void) {
        visit(self)
        switch self {
        case let .stack(_, _, _, children): for child in children { child.forEachNode(visit) }
        case let .grid(grid): for cell in grid.cells { cell.forEachNode(visit) }
        case let .conditional(_, child), let .custom(_, child), let .geometryReader(_, child): child.forEachNode(visit)
        case let .modified(child, modifier):
            for view in modifier.attachedViews { view.forEachNode(visit) }
            child.forEachNode(visit)
        case let .progressBar(bar): bar.label?.forEachNode(visit)
        case .symbol, .missingSymbol, .bitmap, .progressView, .shape, .color, .text, .empty, .spacer: break
        }
    }
}
