import Motion
import Raster
import Synchronization
import Typography

/// The coverage of each text's colour groups at each placement already drawn, shared by the
/// threads drawing frames: a label that stays still is rasterized twice (its first drawing is
/// not kept), not every frame.
///
/// Keyed by the text, the group and the exact transform to the canvas, so a hit composites the
/// very pixels a fresh rasterization would. Holds at most ``byteLimit`` bytes of levels: a
/// text that moves every frame (turning, sliding) misses every time, and stops being stored
/// once the limit is reached.
final class TextCoverageCache: Sendable {
    struct Key: Hashable {
        var text: Int
        var group: Int
        var transform: [Double]
    }

    /// 32 MiB: a few hundred placements of a screen-wide label at @3x.
    static let byteLimit = 32 << 20

    /// The most placements remembered as seen once: a text moving every frame of a long
    /// animation is not remembered without end.
    static let seenLimit = 1 << 14

    private let state = Mutex<(entries: [Key: CoverageLevels], bytes: Int, seen: Set<Key>)>(([:], 0, []))

    /// The levels stored for `key`, if any.
    func levels(_ key: Key) -> CoverageLevels? { state.withLock { $0.entries[key] } }

    /// Whether `key` was asked about before (and remembers it): levels are kept from a
    /// placement's second drawing on, since a text drawn once (each value of a counter, a label
    /// moving every frame) would only pay for copying its coverage.
    func seenBefore(_ key: Key) -> Bool {
        state.withLock { state in
            if state.seen.contains(key) { return true }
            if state.seen.count < Self.seenLimit { state.seen.insert(key) }
            return false
        }
    }

    /// Stores `levels` for `key` while the cache is under its limit.
    func store(_ levels: CoverageLevels, for key: Key) {
        state.withLock { state in
            guard state.entries[key] == nil, state.bytes + levels.byteCount <= Self.byteLimit else { return }
            state.entries[key] = levels
            state.bytes += levels.byteCount
        }
    }
}

/// Flattened glyph outlines by face, glyph, em size in pixels and shear: a glyph is flattened
/// once per size, then moved to each place it is drawn.
struct GlyphPolygonCache {
    struct Key: Hashable {
        var face: Int
        var glyph: UInt32
        var pixels: Double
        var shear: Double
    }
    var polygons: [Key: [[Point]]] = [:]

    /// The outline of `glyph` at `pixels` per em, origin at the glyph origin, in device pixels.
    mutating func polygons(_ glyph: PlacedGlyph, scale: Double) -> [[Point]] {
        let key = Key(face: glyph.face, glyph: glyph.glyph, pixels: glyph.size * scale, shear: glyph.shear)
        if let known = polygons[key] { return known }
        guard let face = FontLibrary.shared.openedTypeface(glyph.face) else { return [] }
        let size = key.pixels
        let transform = AffineTransform(a: size, b: 0, c: -glyph.shear * size, d: size, tx: 0, ty: 0)
        let flat = face.outline(of: glyph.glyph).flattened(by: transform, tolerance: TextGlyphs.flatteningTolerance)
        polygons[key] = flat
        return flat
    }
}

/// A ``TextDrawing`` flattened for one output scale: polygons in device pixels about the text
/// frame's centre, grouped by colour, and the colour glyphs' bitmaps.
struct PreparedText: Sendable {
    let drawing: TextDrawing
    /// Polygons per group; a group's colour is a span's own colour, or `nil` for the paint.
    let groups: [(colour: RGBA8?, polygons: [[Point]])]
    /// Colour glyphs: the bitmap and the map from its pixels to local device pixels.
    let images: [(image: ColorGlyphImage, transform: AffineTransform)]
    /// The box of the vertices of the polygons with more than two (those that ink), in local
    /// device pixels; `nil` when there are none. An axis-aligned placement maps it to the box
    /// of the placed vertices exactly, so a frame's ink is found without moving every vertex.
    let polygonBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?

    init(_ drawing: TextDrawing, scale: Double, palette: SystemPalette, cache: inout GlyphPolygonCache) {
        self.drawing = drawing
        let layout = drawing.layout
        let dx = -layout.width / 2, dy = -layout.height / 2
        var groups: [(colour: RGBA8?, polygons: [[Point]])] = []
        var images: [(image: ColorGlyphImage, transform: AffineTransform)] = []
        if drawing.redacted {
            let bars = TextRendering.placeholderBars(layout).flatMap { bar in
                ProgressBarLayout.capsule(Rect(x: (bar.minX + dx) * scale, y: (bar.minY + dy) * scale,
                                               width: bar.width * scale, height: bar.height * scale))
                    .flattened(by: .identity, tolerance: CoverageRasterizer.defaultTolerance)
            }
            groups.append((nil, bars))
        } else {
            for glyph in layout.glyphs {
                let ox = (glyph.x + dx) * scale, oy = (glyph.baseline + dy) * scale
                if glyph.isColor {
                    if let face = FontLibrary.shared.openedTypeface(glyph.face), let image = face.colorImage(of: glyph.glyph) {
                        let s = glyph.size * scale / image.pixelsPerEm
                        images.append((image, AffineTransform(a: s, b: 0, c: 0, d: s, tx: ox + image.left * s, ty: oy - image.top * s)))
                    }
                    continue
                }
                let colour = glyph.span < drawing.spanColours.count ? drawing.spanColours[glyph.span] : nil
                let moved = cache.polygons(glyph, scale: scale).map { polygon in
                    polygon.map { Point(x: $0.x + ox, y: $0.y + oy) }
                }
                if let index = groups.firstIndex(where: { $0.colour == colour }) {
                    groups[index].polygons += moved
                } else {
                    groups.append((colour, moved))
                }
            }
        }
        self.groups = groups
        self.images = images
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        for group in groups {
            for polygon in group.polygons where polygon.count > 2 {
                for p in polygon where p.x.isFinite && p.y.isFinite {
                    box = box.map { (min($0.minX, p.x), min($0.minY, p.y), max($0.maxX, p.x), max($0.maxY, p.y)) } ?? (p.x, p.y, p.x, p.y)
                }
            }
        }
        polygonBounds = box
    }

    /// Draws the text with `paint` (the foreground, opacity applied) under `transform` (local
    /// device pixels to the canvas).
    ///
    /// - Parameters:
    ///   - index: the text's place in the renderer's list, for `cache`.
    ///   - cache: the coverage of each group at each placement drawn so far.
    ///   - shading: the text's gradient at this moment, when it is painted with one.
    func draw(into image: inout RGBAImage, paint: RGBA8, opacity: Double, transform: AffineTransform, frame: AnimatablePoint,
              scale: Double, shading: GradientShading?, space: BlendSpace, rasterizer: inout CoverageRasterizer,
              index: Int, cache: TextCoverageCache) {
        let placement = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        for (groupIndex, group) in groups.enumerated() {
            let key = TextCoverageCache.Key(text: index, group: groupIndex, transform: placement)
            // Coverage from the cache, or rasterized now and kept when this placement was drawn
            // before; compositing the levels or the rasterizer gives the same pixels.
            var coverage = cache.levels(key)
            if coverage == nil {
                rasterizer.reset()
                for polygon in group.polygons { rasterizer.addPolygon(polygon, transform: transform) }
                if cache.seenBefore(key) {
                    let levels = CoverageLevels(rasterizer)
                    cache.store(levels, for: key)
                    coverage = levels
                }
            }
            func composite(_ colour: RGBA8) {
                if let coverage {
                    image.composite(colour, levels: coverage, in: space)
                } else {
                    image.composite(colour, coverage: rasterizer, in: space)
                }
            }
            if drawing.redacted {
                var bar = paint
                bar.a = UInt8((Double(paint.a) * TextRendering.placeholderOpacity).rounded())
                composite(bar)
            } else if var own = group.colour {
                own.a = UInt8((Double(own.a) * opacity).rounded())
                composite(own)
            } else if let shading, let inverse = transform.inverted {
                let shade = { (x: Int, y: Int) -> RGBA8 in
                    let p = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    return shading.colour(atX: p.x / scale + frame.x / 2, y: p.y / scale + frame.y / 2,
                                          width: frame.x, height: frame.y)
                }
                if let coverage {
                    image.composite(shading: shade, levels: coverage, in: space)
                } else {
                    image.composite(shading: shade, coverage: rasterizer, in: space)
                }
            } else {
                composite(paint)
            }
            rasterizer.reset()
        }
        for (bitmap, local) in images {
            image.composite(premultiplied: bitmap.premultipliedRGBA, width: bitmap.width, height: bitmap.height,
                            transform: local.concatenating(transform), opacity: opacity, in: space)
        }
    }
}
