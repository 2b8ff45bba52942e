import Testing
import Glibc
import Motion
import Raster
@testable import Scene

/// The library's symbols against their own analytic description.
///
/// The test reads each symbol's parts (segments, arcs, dots, filled outlines and the stroke
/// width of the weight) and works out, with code of its own, which points of the plane they ink:
/// within half the stroke width of a line or an arc (angle in range, or near an end), inside a
/// filled outline (point in polygon, arcs sampled every ¼°), within a dot's radius, and not in a
/// knockout. From that it computes the ink area (a turned 0.6-unit lattice) and the bounding box, and
/// checks them against the frame the engine renders: the alpha summed over every pixel, and
/// the box of the pixels with any ink.
@Suite("Library symbols: ink area and bounding box from their geometry")
struct SymbolLibraryTests {
    static let library = SymbolName.allCases.filter { $0 != .rays }

    /// A part ready for point tests: its filled outline as a polygon, and a box around it.
    struct Prepared {
        var part: SymbolPart
        var polygon: [Point]
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    }

    static func prepare(_ parts: [SymbolPart], _ h: Double) -> [Prepared] {
        parts.map { part in
            var polygon: [Point] = []
            if case let .fill(segments) = part.primitive { polygon = outline(segments) }
            return Prepared(part: part, polygon: polygon, box: bounds([SymbolPart(part.primitive)], h))
        }
    }

    /// Whether the parts ink point `q` (template units) at half stroke width `h`.
    static func inked(_ q: Point, _ parts: [Prepared], _ h: Double) -> Bool {
        var ink = false, cut = false
        for prepared in parts where prepared.part.knockout ? !cut : !ink {
            let box = prepared.box
            guard q.x >= box.minX, q.x <= box.maxX, q.y >= box.minY, q.y <= box.maxY else { continue }
            if contains(prepared.part.primitive, prepared.polygon, q, h) {
                if prepared.part.knockout { cut = true } else { ink = true }
            }
        }
        return ink && !cut
    }

    static func distance(_ q: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : min(1, max(0, ((q.x - a.x) * dx + (q.y - a.y) * dy) / length))
        return ((q.x - a.x - t * dx) * (q.x - a.x - t * dx) + (q.y - a.y - t * dy) * (q.y - a.y - t * dy)).squareRoot()
    }

    static func near(_ segment: SymbolSegment, _ q: Point, _ h: Double) -> Bool {
        switch segment {
        case let .line(a, b):
            return distance(q, a, b) <= h
        case let .arc(c, r, from, to):
            let d = ((q.x - c.x) * (q.x - c.x) + (q.y - c.y) * (q.y - c.y)).squareRoot()
            if abs(d - r) <= h {
                if to - from >= 360 { return true }
                var angle = atan2(q.y - c.y, q.x - c.x) * 180 / Double.pi
                while angle < from { angle += 360 }
                while angle >= from + 360 { angle -= 360 }
                if angle <= to { return true }
            }
            return distance(q, segment.start, segment.start) <= h || distance(q, segment.end, segment.end) <= h
        }
    }

    static func outline(_ segments: [SymbolSegment]) -> [Point] {
        segments.flatMap { segment -> [Point] in
            switch segment {
            case let .line(a, _): return [a]
            case let .arc(c, r, from, to):
                let steps = max(1, Int(((to - from) * 4).rounded(.up)))
                return (0..<steps).map { i in
                    let a = (from + (to - from) * Double(i) / Double(steps)) * Double.pi / 180
                    return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
                }
            }
        }
    }

    static func contains(_ primitive: SymbolPrimitive, _ polygon: [Point], _ q: Point, _ h: Double) -> Bool {
        switch primitive {
        case let .stroke(segments):
            return segments.contains { near($0, q, h) }
        case let .fill(segments):
            if segments.contains(where: { near($0, q, h) }) { return true }
            var inside = false
            var j = polygon.count - 1
            for i in polygon.indices {
                let a = polygon[i], b = polygon[j]
                if (a.y > q.y) != (b.y > q.y), q.x < (b.x - a.x) * (q.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
            return inside
        case let .dot(c, r):
            return distance(q, c, c) <= r + h
        }
    }

    /// The bounding box of the inked parts, from points on their outer edges.
    static func bounds(_ parts: [SymbolPart], _ h: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        func disc(_ c: Point, _ r: Double) {
            box = (min(box.minX, c.x - r), min(box.minY, c.y - r), max(box.maxX, c.x + r), max(box.maxY, c.y + r))
        }
        for part in parts where !part.knockout {
            let segments: [SymbolSegment]
            switch part.primitive {
            case let .stroke(s), let .fill(s): segments = s
            case let .dot(c, r): disc(c, r + h); continue
            }
            for segment in segments {
                switch segment {
                case let .line(a, b): disc(a, h); disc(b, h)
                case let .arc(c, r, from, to):
                    for i in 0...Int((to - from) * 20) {
                        let a = (from + Double(i) / 20) * Double.pi / 180
                        disc(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)), h)
                    }
                }
            }
        }
        return box
    }

    /// The inked area in template units², counted on a square lattice of 0.6-unit pitch turned
    /// by 0.2 rad, so that no edge of a symbol runs along its rows (an axis-aligned grid would
    /// count a horizontal stroke a whole row too thick or too thin).
    static func area(_ parts: [SymbolPart], _ h: Double) -> Double {
        let box = bounds(parts, h)
        let prepared = prepare(parts, h)
        let step = 0.6, angle = 0.2
        let (c, s) = (cos(angle), sin(angle))
        let centre = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
        let reach = Int((max(box.maxX - box.minX, box.maxY - box.minY) * 0.75 / step).rounded(.up))
        var count = 0
        for j in -reach...reach {
            for i in -reach...reach {
                let u = (Double(i) + 0.5) * step, v = (Double(j) + 0.5) * step
                let q = Point(x: centre.x + u * c - v * s, y: centre.y + u * s + v * c)
                guard q.x >= box.minX, q.x <= box.maxX, q.y >= box.minY, q.y <= box.maxY else { continue }
                if inked(q, prepared, h) { count += 1 }
            }
        }
        return Double(count) * step * step
    }

    /// The engine's frame of one symbol, black on transparent, at `scale` pixels per point.
    static func render(_ node: ViewNode, pointSize: Double = 17, weight: SymbolWeight, symbolScale: SymbolScale,
                       scale: Double = 2) -> (image: RGBAImage, frame: Rect) {
        let tree = ViewNode.modified(.modified(.modified(node, .font(FontValue(pointSize: pointSize, weight: weight))),
                                               .imageScale(symbolScale)), .foregroundStyle(.fixed(.black)))
        var configuration = SceneConfiguration()
        configuration.scale = scale
        configuration.transparentBackground = true
        let engine = ViewEngine(script: ViewScript(initial: tree), output: configuration)
        let frame = engine.views(atSeconds: 0).first?.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        return (ViewRenderer(engine).render(atSeconds: 0), frame)
    }

    @Test(arguments: library, [SymbolWeight.light, .heavy])
    func inkAreaAndBoundsMatchTheGeometry(name: SymbolName, weight: SymbolWeight) {
        let parts = SymbolDesigns.parts(name)
        let h = SymbolGlyph.strokeWidth(weight) / 2
        let box = Self.bounds(parts, h)
        let area = Self.area(parts, h)
        for symbolScale in [SymbolScale.small, .large] {
            let unit = 17.0 / 100 * symbolScale.factor
            let scale = 3.0
            let (image, frame) = Self.render(.symbol(name), weight: weight, symbolScale: symbolScale, scale: scale)
            var alpha = 0.0
            var inkBox = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
            for py in 0..<image.height {
                for px in 0..<image.width {
                    let a = Int(image.pixels[(py * image.width + px) * 4 + 3])
                    guard a > 0 else { continue }
                    alpha += Double(a) / 255
                    inkBox = (min(inkBox.minX, px), min(inkBox.minY, py), max(inkBox.maxX, px + 1), max(inkBox.maxY, py + 1))
                }
            }
            // Ink area: the rendered alpha against the geometry's, within 1 % and a pixel.
            let expected = area * unit * unit * scale * scale
            #expect(abs(alpha - expected) <= 0.01 * expected + 1, "\(name.rawValue) \(weight) \(symbolScale): ink \(alpha) px², geometry \(expected) px²")
            // The frame: the ink's width plus the side bearings, by its height.
            let width = (box.maxX - box.minX + 2 * 6.81) * unit, height = (box.maxY - box.minY) * unit
            #expect(abs(frame.width - width) < 1e-6 && abs(frame.height - height) < 1e-6,
                    "\(name.rawValue): frame \(frame.width)×\(frame.height), geometry \(width)×\(height)")
            // The ink's box, centred in the frame, to within a pixel on each side.
            let left = (frame.center.x - (box.maxX - box.minX) / 2 * unit) * scale
            let top = (frame.center.y - (box.maxY - box.minY) / 2 * unit) * scale
            let right = left + (box.maxX - box.minX) * unit * scale, bottom = top + (box.maxY - box.minY) * unit * scale
            #expect(abs(Double(inkBox.minX) - left) <= 1 && abs(Double(inkBox.maxX) - right) <= 1
                    && abs(Double(inkBox.minY) - top) <= 1 && abs(Double(inkBox.maxY) - bottom) <= 1,
                    "\(name.rawValue) \(weight) \(symbolScale): ink box \(inkBox), geometry \((left, top, right, bottom))")
        }
    }

    /// Filled symbols whose outline has a sharp inner corner (a heart's dip) at the heaviest
    /// weights, large (120 pt at @2x): every pixel whose centre lies more than 1.5 px inside
    /// the geometry (the region grown by half the stroke width) is fully inked, and every one
    /// more than 1.5 px outside it is empty. The grown outline used to loop back on itself at the
    /// dip: a pinhole where it crossed, and a spike above it.
    @Test(arguments: [SymbolName.heartFill, .suitHeartFill], [SymbolWeight.heavy, .black])
    func sharpInnerCornersAreFilledEveryPixel(name: SymbolName, weight: SymbolWeight) {
        let parts = SymbolDesigns.parts(name)
        let h = SymbolGlyph.strokeWidth(weight) / 2
        let box = Self.bounds(parts, h)
        let prepared = Self.prepare(parts, h)
        let pointSize = 120.0, scale = 2.0
        let unit = pointSize / 100 * SymbolScale.medium.factor
        let (image, frame) = Self.render(.symbol(name), pointSize: pointSize, weight: weight, symbolScale: .medium, scale: scale)
        let left = frame.center.x - (box.maxX - box.minX) / 2 * unit, top = frame.center.y - (box.maxY - box.minY) / 2 * unit
        // 1.5 px in template units; the eight neighbours at that distance decide "well inside".
        let margin = 1.5 / scale / unit
        var wrong = 0, first = ""
        for py in 0..<image.height {
            for px in 0..<image.width {
                let q = Point(x: box.minX + ((Double(px) + 0.5) / scale - left) / unit,
                              y: box.minY + ((Double(py) + 0.5) / scale - top) / unit)
                let around = (0..<8).map { k -> Bool in
                    let a = Double(k) * Double.pi / 4
                    return Self.inked(Point(x: q.x + margin * cos(a), y: q.y + margin * sin(a)), prepared, h)
                }
                let centre = Self.inked(q, prepared, h)
                guard around.allSatisfy({ $0 == centre }) else { continue }
                let alpha = Int(image.pixels[(py * image.width + px) * 4 + 3])
                if alpha != (centre ? 255 : 0) {
                    wrong += 1
                    if first.isEmpty { first = "(\(px), \(py)) alpha \(alpha), geometry \(centre ? "inked" : "empty")" }
                }
            }
        }
        #expect(wrong == 0, "\(name.rawValue) \(weight): \(wrong) pixels wrong, first \(first)")
    }

    @Test func variantsPickTheLibrarysVariantOrKeepTheName() {
        #expect(SymbolName.circle.applying(.fill) == .circleFill)
        #expect(SymbolName.checkmark.applying(.circle) == .checkmarkCircle)
        #expect(SymbolName.checkmark.applying([.fill, .circle]) == .checkmarkCircleFill)
        #expect(SymbolName.ellipsis.applying(.circle) == .ellipsisCircle)
        #expect(SymbolName.ellipsis.applying([.circle, .fill]) == .ellipsisCircleFill)
        #expect(SymbolName.arrow2Circlepath.applying([.circle, .fill]) == .arrow2CirclepathCircleFill)
        #expect(SymbolName.star.applying(.slash) == .star)
        #expect(SymbolName.heartFill.applying(.fill) == .heartFill)
    }

    /// Palette: the check on the primary layer, the disc (the check cut out of it) on the
    /// secondary; together they ink the whole disc, and the primary colour inks the check.
    /// Two foreground styles with no rendering mode set are drawn in palette mode: SwiftUI
    /// picks the mode "using the current image and foreground style" when none is set
    /// (`EnvironmentValues.symbolRenderingMode`), so the same pixels as with `.palette`.
    @Test(arguments: [true, false])
    func paletteDrawsTheSecondaryLayerInTheSecondColour(explicitMode: Bool) {
        let symbol = ViewNode.symbol(.checkmarkCircleFill)
        let tree = ViewNode.modified(explicitMode ? .modified(symbol, .symbolRenderingMode(.palette)) : symbol,
                                     .foregroundStyles(.fixed(RGBA8(r: 255, g: 0, b: 0, a: 255)), .fixed(RGBA8(r: 0, g: 0, b: 255, a: 255))))
        var configuration = SceneConfiguration()
        configuration.scale = 3
        configuration.transparentBackground = true
        let image = ViewRenderer(ViewEngine(script: ViewScript(initial: tree), output: configuration)).render(atSeconds: 0)
        var total = 0.0, red = 0.0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = Double(image.pixels[i + 3]) / 255
            total += a
            red += a * Double(image.pixels[i]) / 255
        }
        let unit = 17.0 / 100 * 1.264, h = SymbolGlyph.strokeWidth(.regular) / 2
        let disc = Double.pi * (38 + h) * (38 + h) * unit * unit * 9
        #expect(abs(total - disc) < 0.01 * disc)
        // The check alone, as its own stroke.
        let check = SymbolDesigns.parts(.checkmarkCircleFill).filter(\.knockout).map { SymbolPart($0.primitive) }
        let checkArea = Self.area(check, h) * unit * unit * 9
        #expect(abs(red - checkArea) < 0.01 * checkArea, "red \(red), check \(checkArea)")
    }

    /// A name outside the library: nothing drawn, a circle's frame kept (the next view in the
    /// stack moves over by it), one warning naming the closest names.
    @Test func unknownSymbolDrawsNothingAndKeepsItsFrame() {
        let stack = ViewNode.stack(.horizontal, alignment: .center, spacing: nil,
                                   children: [.missingSymbol("hexagon.filll"), .symbol(.circle)])
        let (image, frame) = Self.render(stack, weight: .regular, symbolScale: .medium)
        let (alone, circleFrame) = Self.render(.symbol(.circle), weight: .regular, symbolScale: .medium)
        // The circle is the only drawn view; it sits half of (its own frame and the 8 pt spacing)
        // right of the canvas's centre, as it would beside a drawn symbol of a circle's frame.
        #expect(abs(frame.width - circleFrame.width) < 1e-9)
        let canvasCentre = Double(image.width) / 2 / 2
        #expect(abs(frame.center.x - (canvasCentre + (circleFrame.width + 8) / 2)) < 0.5 / 2 + 1e-9)
        // Every pixel left of the circle's frame is empty, and the ink is the lone circle's.
        func ink(_ image: RGBAImage, fromColumn: Int = 0, toColumn: Int? = nil) -> Double {
            var total = 0.0
            for y in 0..<image.height {
                for x in fromColumn..<(toColumn ?? image.width) { total += Double(image.pixels[(y * image.width + x) * 4 + 3]) }
            }
            return total / 255
        }
        #expect(ink(image, toColumn: Int((frame.minX * 2).rounded(.down))) == 0)
        #expect(abs(ink(image) - ink(alone)) < 0.005 * ink(alone))
        let script = ViewScript(initial: stack, changes: [ViewChange(timeSeconds: 1, transaction: Transaction(), root: stack)])
        #expect(script.missingSymbols == ["hexagon.filll"])
        #expect(script.missingSymbolWarnings.count == 1)
        #expect(script.missingSymbolWarnings[0].contains("'hexagon.filll'") && script.missingSymbolWarnings[0].contains("closest: 'hexagon.fill'"))
    }
}
