import Glibc
import Motion
import Raster

/// A rectangle of whole pixels on a canvas: `minX..<maxX` × `minY..<maxY` (may reach beyond
/// the canvas, to negative coordinates).
public struct PixelBounds: Hashable, Sendable {
    /// The first column.
    public var minX: Int
    /// The first row.
    public var minY: Int
    /// One past the last column.
    public var maxX: Int
    /// One past the last row.
    public var maxY: Int

    /// Bounds from their edges.
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Whether the two rectangles share a pixel.
    public func intersects(_ other: PixelBounds) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

extension ViewRenderer {
    /// The pixels the drawing covers, at any of `times`: the smallest whole-pixel rectangle that
    /// holds every pixel of ink the frames at those times draw, or `nil` when they draw nothing.
    ///
    /// It is worked out from the same outlines, in the same device pixels, as
    /// ``render(atSeconds:using:)`` rasterizes: exact-area coverage is zero outside the
    /// bounding box of a polygon's vertices, so the box of every vertex, transformed as it is
    /// drawn, rounded outwards, holds every pixel with coverage, but for a vertex less than
    /// ``inkEdgeSlack`` past a pixel edge, which counts as on it (a flattened curve's chords
    /// straddle the curve by that little).
    ///
    /// Ink is whatever draws some alpha, however faint and whatever the background it falls
    /// on: a white band at 5 % over a white background counts, as it shows on a dark one or
    /// with `--transparent` (the canvas does not change with the colours around the views). A
    /// view at zero opacity, or a gradient whose every stop is clear, draws no ink; a masked
    /// view (`mask`, `clipShape`, `clipped`) only the part of it inside the box of its mask's
    /// ink; a blur or a shadow as far beyond its content as its blurred alpha can still round
    /// to a level (``visibleReach(sigma:alpha:)``; the shadow from where its offset puts it),
    /// and a `rotation3DEffect` or `projectionEffect` to where its projection takes its
    /// content's corners. Only what is drawn counts, not the layout frames: a `Color` or
    /// `Circle` that fills its frame draws exactly its frame.
    ///
    /// - Parameter times: Seconds from the moment the views appear (a render's frame times).
    public func inkBounds(atSeconds times: [Double]) -> PixelBounds? {
        var total = InkBox()
        for time in times {
            let ops = engine.program(atSeconds: time).ops
            // A mask (`mask`, `clipShape`, `clipped` …) draws no ink of its own and keeps only
            // what its views cover of its content: its content's ink is cut to the box of its
            // views' ink, level by level.
            var maskBoxes: [LayerKey: InkBox] = [:]
            for op in ops {
                guard let (layer, _) = Self.maskLayer(of: op) else { continue }
                var box = InkBox()
                addInk(of: op, atSeconds: time, to: &box)
                maskBoxes[layer, default: InkBox()].formUnion(box)
            }
            for op in ops where Self.maskLayer(of: op) == nil {
                var box = InkBox()
                addInk(of: op, atSeconds: time, to: &box)
                // The layers it is drawn in, innermost first: each filter moves the box as it
                // moves the layer's pixels.
                for position in op.effects.indices.reversed() {
                    switch op.effects[position] {
                    case let .masked(layer):
                        box.formIntersection(maskBoxes[layer] ?? InkBox())
                    case let .blur(radius, _, _):
                        let (_, stretch) = outsideGeometry(of: op.effects, layerAt: position, atSeconds: time)
                        box.expand(by: Self.visibleReach(sigma: max(0, engine.numbers[radius].number(atSeconds: time)) * stretch, alpha: 1))
                    case let .shadow(colour, radius, offset, _):
                        let (outside, stretch) = outsideGeometry(of: op.effects, layerAt: position, atSeconds: time)
                        let shadow = shadowInPixels(radius: radius, offset: offset, outside: outside, stretch: stretch, atSeconds: time)
                        var cast = box
                        cast.shift(dx: shadow.dx, dy: shadow.dy)
                        let alpha = Double(engine.colours[colour].colour(atSeconds: time).rgba8.a) / 255
                        cast.expand(by: Self.visibleReach(sigma: shadow.sigma, alpha: alpha))
                        box.formUnion(cast)
                    case let .rotation3D(track, axis, unit, anchorZ, perspective, anchorCentre, anchorSize, _):
                        let size = engine.points[anchorSize].point(atSeconds: time)
                        let local = Projection.rotation3D(degrees: engine.numbers[track].number(atSeconds: time), axis: axis,
                                                          anchorX: unit.x * size.x, anchorY: unit.y * size.y, anchorZ: anchorZ,
                                                          perspective: perspective, width: size.x, height: size.y)
                        project(&box, local, frameCentre: anchorCentre, frameSize: anchorSize, effects: op.effects,
                                layerAt: position, atSeconds: time)
                    case let .projection(local, anchorCentre, anchorSize, _):
                        project(&box, local, frameCentre: anchorCentre, frameSize: anchorSize, effects: op.effects,
                                layerAt: position, atSeconds: time)
                    case .rotation, .scale, .offset, .opacity, .symbolEffect, .variableLayer, .maskShape, .group, .blend, .colour,
                         .material:
                        break  // placed by the op's transform, or drawn inside the layer's own pixels
                    }
                }
                total.formUnion(box)
            }
        }
        return total.bounds
    }

    /// How far beyond a pixel edge, in pixels, a vertex may lie and still count as on the edge
    /// for ``inkBounds(atSeconds:)``: 1/256 px.
    ///
    /// A curve is drawn as chords that straddle it so as to keep its area
    /// (``Raster/Path/flattened(by:tolerance:)``, the stroker's round joins and caps): their
    /// inner vertices lie outside the true curve by up to about ⅔ of the flattening tolerance
    /// in device pixels, 0.0027 px for ``Raster/CoverageRasterizer/defaultTolerance`` (0.004
    /// px), and under 0.003 px for any circle over 0.1 px across. Shapes are flattened to that
    /// tolerance on the screen, whatever scales them, and this box takes the vertices drawing
    /// draws. So a circle that fills a frame on whole pixels has vertices up to 0.0027 px past
    /// the frame's edge. Past the edge of a root that gets no margin (its outermost modifier a
    /// `background`, a `border` or a `padding` of one edge) that was a column of "ink" beyond
    /// the layout with the former slack, 1/512 px, and the canvas grew by it and by
    /// `--padding`: a blank strip 8 pt wide beside the picture, on the sides where a vertex fell
    /// on the curve's extreme (which depends on the chord count, so on the size and the
    /// scale). With this slack the outline counts where the true curve is. What lies that
    /// little beyond an edge covers at most 1/256 of a pixel there, under one 8-bit level, and
    /// a circle's sliver less (under half a level, which draws nothing, up to a radius of
    /// 1000 px); anything that truly reaches past the edge (a shadow, a `scaleEffect`, an
    /// `offset`, a turned square's corner) reaches by more and still counts.
    static let inkEdgeSlack = 1.0 / 256

    /// The pixels `op` alone touches at `time` (every pixel its outlines' vertex box reaches,
    /// however little), or `nil` when it draws nothing then.
    func inkBounds(of op: DrawOp, atSeconds time: Double) -> PixelBounds? {
        var box = InkBox()
        addInk(of: op, atSeconds: time, to: &box)
        return box.touchedPixels
    }

    /// How far beyond its content's box a Gaussian blur of `sigma` pixels of content no more
    /// opaque than `alpha` still draws a pixel: past distance r in x (or y) the blurred alpha is
    /// at most `alpha` × Q(r / σ), the normal distribution's upper tail (the blur is separable
    /// and the other axis integrates to at most 1), and under half an 8-bit step it rounds to
    /// nothing; one pixel more for rounding. Tighter than the kernel's reach, 3.5σ: a faint
    /// shadow's ink ends well inside it.
    static func visibleReach(sigma: Double, alpha: Double) -> Double {
        guard sigma > 0, alpha > 0 else { return 0 }
        let threshold = 0.5 / 255 / min(1, alpha)
        guard threshold < 0.5 else { return 1 }
        // Q(x) = erfc(x / √2) / 2 falls from 1/2 at 0: bisection for Q(x) = threshold.
        var low = 0.0, high = 10.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if erfc(middle / 2.0.squareRoot()) / 2 > threshold { low = middle } else { high = middle }
        }
        return high * sigma + 1
    }

    /// `box` (canvas pixels) carried through a layer's projection as the renderer warps the
    /// layer: its corners mapped, the box of where they land (a corner behind the eye makes the
    /// ink unbounded on the canvas: the box is left as it is).
    private func project(_ box: inout InkBox, _ local: Projection, frameCentre: Int, frameSize: Int, effects: [DrawOp.Effect],
                         layerAt position: Int, atSeconds time: Double) {
        guard box.minX <= box.maxX, box.minY <= box.maxY else { return }
        let (outside, _) = outsideGeometry(of: effects, layerAt: position, atSeconds: time)
        let centre = engine.points[frameCentre].point(atSeconds: time), size = engine.points[frameSize].point(atSeconds: time)
        let place = Projection(affine: AffineTransform.translation(x: centre.x - size.x / 2, y: centre.y - size.y / 2)
            .concatenating(outside))
        guard let back = place.inverted else { return }
        let forward = back.concatenating(local).concatenating(place)
        var moved = InkBox()
        for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.maxX, box.maxY), (box.minX, box.maxY)] {
            guard let p = forward.apply(x: x, y: y), p.x.isFinite, p.y.isFinite else { return }
            moved.add(x: p.x, y: p.y)
        }
        box = moved
    }

    /// For an op that draws a mask's view: the masked layer the view cuts (the `masked` effect
    /// just before its `maskShape`).
    private static func maskLayer(of op: DrawOp) -> (LayerKey, Int)? {
        guard let index = op.effects.firstIndex(where: { if case .maskShape = $0 { true } else { false } }), index > 0,
              case let .masked(layer) = op.effects[index - 1] else { return nil }
        return (layer, index)
    }

    /// Adds the vertices `op` draws at `time`, in device pixels, to `box`.
    private func addInk(of op: DrawOp, atSeconds time: Double, to box: inout InkBox) {
        let scale = engine.output.scale
        let placement = engine.placement(of: op, atSeconds: time)
        var paint = placement.colour
        paint.a = UInt8((Double(paint.a) * placement.opacity).rounded())
        let linear = placement.linear
        guard paint.a > 0, linear.a * linear.d - linear.b * linear.c != 0 else { return }
        let transform = placement.transform(scale: scale)
        switch op.item {
        case let .glyph(symbol):
            guard let glyph = glyphs.first(where: { $0.symbol == symbol }) else { return }
            box.add(glyph.polygons, transform)
        case let .symbol(glyph, selection):
            guard let drawn = symbols.first(where: { $0.glyph == glyph && $0.selection == selection }) else { return }
            box.add(drawn.ink, transform)
        case let .border(width):
            // As drawn: snapped outwards to whole pixels when nothing turns or scales it.
            let lineWidth = width * scale
            if linear == .identity {
                let x = placement.centre.x + placement.displacement.x, y = placement.centre.y + placement.displacement.y
                let minX = ((x - placement.size.x / 2) * scale + 1e-9).rounded(.down)
                let minY = ((y - placement.size.y / 2) * scale + 1e-9).rounded(.down)
                let maxX = ((x + placement.size.x / 2) * scale - 1e-9).rounded(.up)
                let maxY = ((y + placement.size.y / 2) * scale - 1e-9).rounded(.up)
                let rect = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
                box.add(Path.border(rect, lineWidth: lineWidth).flattened(by: .identity, tolerance: CoverageRasterizer.defaultTolerance),
                        .identity)
            } else {
                let local = Rect(x: -placement.size.x / 2 * scale, y: -placement.size.y / 2 * scale,
                                 width: placement.size.x * scale, height: placement.size.y * scale)
                box.add(Path.border(local, lineWidth: lineWidth).flattened(by: .identity, tolerance: CoverageRasterizer.defaultTolerance),
                        transform)
            }
        case var .shape(shape):
            // The outline as drawn: trimmed, its stroke and shape modifiers at `time`, a custom
            // shape's path from its animatable data.
            if let (from, to) = op.trim {
                shape.trimFrom = engine.numbers[from].number(atSeconds: time)
                shape.trimTo = engine.numbers[to].number(atSeconds: time)
            }
            shape = engine.animated(shape, op, atSeconds: time)
            // A gradient whose every stop is clear at `time` (`[.clear, .clear]`, a colour at
            // `opacity(0)`) draws no pixel, as a clear colour draws none: it is no ink.
            if let gradient = shape.gradient,
               engine.gradientShading(gradient, op, atSeconds: time, alpha: paint.a).mostOpaqueAlpha == 0 { return }
            let local = Rect(x: -placement.size.x / 2 * scale, y: -placement.size.y / 2 * scale,
                             width: placement.size.x * scale, height: placement.size.y * scale)
            if shape.isBuiltInOutline {
                // The outlines drawing keeps: a frame's damage does not flatten them again.
                box.add(shapeOutlines.polygons(of: shape, in: local, scale: scale, tolerance: outlineTolerance(under: placement.linear)), transform)
            } else {
                var stroke: StrokeStyle?
                if case .stroke(_, let style) = shape.paint { stroke = style }
                let data = op.shapeKeys.flatMap { keys in keys.data.map { engine.shapeData(track: $0, count: keys.dataCount, atSeconds: time) } }
                // Flattened as drawing flattens it, to the tolerance on screen: flattened to it
                // before a placement that enlarges, its chords would stray as many times as far
                // past the curve (``inkEdgeSlack``).
                let tolerance = CoverageRasterizer.defaultTolerance / max(1, placement.linear.maximumScale)
                let (polygons, _) = shape.coverage(width: placement.size.x, height: placement.size.y, scale: scale,
                                                   data: data, style: stroke, tolerance: tolerance)
                box.add(polygons, AffineTransform.translation(x: local.minX, y: local.minY).concatenating(transform))
            }
        case let .text(drawing):
            guard let prepared = texts.first(where: { $0.drawing == drawing }) else { return }
            if transform.b == 0, transform.c == 0 {
                // Axis-aligned: the placed box's corners are the placed vertices' extremes.
                if let local = prepared.polygonBounds {
                    box.add([[Point(x: local.minX, y: local.minY), Point(x: local.maxX, y: local.minY),
                              Point(x: local.maxX, y: local.maxY), Point(x: local.minX, y: local.maxY)]], transform)
                }
            } else {
                for group in prepared.groups {
                    for (outline, x, y) in group.outlines {
                        box.add(outline.polygons, AffineTransform.translation(x: x, y: y).concatenating(transform))
                    }
                }
            }
            for (bitmap, local) in prepared.images {
                let w = Double(bitmap.width), h = Double(bitmap.height)
                box.add([[Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]],
                        local.concatenating(transform))
            }
        case let .bitmap(bitmap):
            guard let variant = bitmap.variant(forScale: scale) else { return }
            let w = Double(variant.pixels.width), h = Double(variant.pixels.height)
            box.add([[Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]],
                    ViewRenderer.bitmapPlacement(variant, frame: placement.size, scale: scale).concatenating(transform))
        case .linearBar:
            let width = placement.size.x * scale, height = placement.size.y * scale
            let full = Rect(x: -width / 2, y: -height / 2, width: width, height: height)
            // Flattened on screen, as drawing flattens it (``inkEdgeSlack``).
            box.add(ProgressBarLayout.capsule(full).flattened(by: transform, tolerance: CoverageRasterizer.defaultTolerance),
                    .identity)
        case .progressView:
            let indicator = ActivityIndicator(radius: min(placement.size.x, placement.size.y) / 2)
            for tick in indicator.ticks(atSeconds: time, centre: .zero, scale: scale) where tick.opacity > 0 {
                box.add(tick.polygons, transform)
            }
        }
    }
}

/// The running bounding box of transformed vertices, in device pixels.
private struct InkBox {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity

    /// Grows to hold `other`.
    mutating func formUnion(_ other: InkBox) {
        minX = min(minX, other.minX)
        minY = min(minY, other.minY)
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
    }

    /// Shrinks to what lies in `other` too (empty when they do not meet).
    mutating func formIntersection(_ other: InkBox) {
        minX = max(minX, other.minX)
        minY = max(minY, other.minY)
        maxX = min(maxX, other.maxX)
        maxY = min(maxY, other.maxY)
    }

    /// Grows by `distance` pixels on every side (nothing when empty).
    mutating func expand(by distance: Double) {
        guard minX <= maxX, minY <= maxY else { return }
        minX -= distance
        minY -= distance
        maxX += distance
        maxY += distance
    }

    /// Moves by `(dx, dy)` pixels.
    mutating func shift(dx: Double, dy: Double) {
        minX += dx
        maxX += dx
        minY += dy
        maxY += dy
    }

    /// Grows to hold the point.
    mutating func add(x: Double, y: Double) {
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
    }

    mutating func add(_ polygons: [[Point]], _ transform: AffineTransform) {
        for polygon in polygons where polygon.count > 2 {
            for vertex in polygon {
                let p = transform.apply(vertex)
                guard p.x.isFinite, p.y.isFinite else { continue }
                minX = min(minX, p.x)
                minY = min(minY, p.y)
                maxX = max(maxX, p.x)
                maxY = max(maxY, p.y)
            }
        }
    }

    /// Every pixel the box reaches, however little.
    var touchedPixels: PixelBounds? {
        guard minX <= maxX, minY <= maxY else { return nil }
        func pixel(_ value: Double) -> Int { Int(min(1e9, max(-1e9, value))) }
        return PixelBounds(minX: pixel(minX.rounded(.down)), minY: pixel(minY.rounded(.down)),
                           maxX: pixel(maxX.rounded(.up)), maxY: pixel(maxY.rounded(.up)))
    }

    /// The pixels the box touches, a vertex less than ``ViewRenderer/inkEdgeSlack`` beyond a
    /// pixel edge counting as on it (see there: a curve that ends on the edge is flattened
    /// into chords whose vertices lie that little beyond it).
    var bounds: PixelBounds? {
        guard minX <= maxX, minY <= maxY else { return nil }
        let epsilon = ViewRenderer.inkEdgeSlack
        // Ink a billion pixels away (an `offset` of 10¹⁸ points) is clamped there, so that
        // the bounds stay whole numbers; no canvas is grown that far.
        func pixel(_ value: Double) -> Int { Int(min(1e9, max(-1e9, value))) }
        return PixelBounds(minX: pixel((minX + epsilon).rounded(.down)), minY: pixel((minY + epsilon).rounded(.down)),
                           maxX: pixel((maxX - epsilon).rounded(.up)), maxY: pixel((maxY - epsilon).rounded(.up)))
    }
}
