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
/// once per size, then placed wherever it is drawn.
struct GlyphPolygonCache {
    struct Key: Hashable {
        var face: Int
        var glyph: UInt32
        var pixels: Double
        var shear: Double
    }
    var outlines: [Key: GlyphOutline] = [:]

    /// The outline of `glyph` at `pixels` per em, origin at the glyph origin, in device pixels.
    mutating func outline(_ glyph: PlacedGlyph, scale: Double) -> GlyphOutline {
        let key = Key(face: glyph.face, glyph: glyph.glyph, pixels: glyph.size * scale, shear: glyph.shear)
        if let known = outlines[key] { return known }
        guard let face = FontLibrary.shared.openedTypeface(glyph.face) else { return GlyphOutline(key: key, polygons: []) }
        let size = key.pixels
        let transform = AffineTransform(a: size, b: 0, c: -glyph.shear * size, d: size, tx: 0, ty: 0)
        let flat = face.outline(of: glyph.glyph).flattened(by: transform, tolerance: TextGlyphs.flatteningTolerance)
        let outline = GlyphOutline(key: key, polygons: flat)
        outlines[key] = outline
        return outline
    }
}

/// Polygons about an origin, in device pixels: a glyph's outline (keyed, so its coverage can be
/// kept per sub-pixel phase) or other ink (the placeholder bars).
struct GlyphOutline: Sendable {
    /// The glyph, or `nil` for ink that is not one.
    var key: GlyphPolygonCache.Key?
    var polygons: [[Point]]
    /// The box of the vertices of the polygons with more than two (those that ink); `nil` when
    /// there are none.
    let bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?

    init(key: GlyphPolygonCache.Key?, polygons: [[Point]]) {
        self.key = key
        self.polygons = polygons
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        for polygon in polygons where polygon.count > 2 {
            for p in polygon where p.x.isFinite && p.y.isFinite {
                box = box.map { (min($0.minX, p.x), min($0.minY, p.y), max($0.maxX, p.x), max($0.maxY, p.y)) } ?? (p.x, p.y, p.x, p.y)
            }
        }
        bounds = box
    }
}

/// The coverage cells of each glyph at each sub-pixel phase drawn so far, shared by the threads
/// drawing frames: a counter's digits, redrawn in every frame at a handful of phases, walk their
/// edges once per phase rather than once per frame.
///
/// A glyph whose text sits on whole pixels plus a phase (a translation, the common placement) is
/// rasterized with its origin at the phase, rounded to the rasterizer's 1/1024 px grid, and its
/// cells are added at the whole-pixel offset (``CoveragePatch``); the phase fixes the cells, so
/// a hit adds the very cells a miss makes. Holds at most ``byteLimit`` bytes: a glyph sliding
/// through every phase stops being stored once the limit is reached (it is still drawn by
/// the same cells).
final class GlyphPatchCache: Sendable {
    struct Key: Hashable {
        var glyph: GlyphPolygonCache.Key
        /// The phase in 1/1024 px, 0 ..< 1024 each way.
        var phaseX: Int32
        var phaseY: Int32
    }

    /// A glyph's cells at one phase, and where the patch's pixel (0, 0) lies from the glyph's
    /// whole-pixel origin.
    struct Entry: Sendable {
        var patch: CoveragePatch
        var x: Int
        var y: Int
    }

    /// 16 MiB: a few thousand glyph phases at @3x.
    static let byteLimit = 16 << 20
    /// Patches above this many pixels (a glyph hundreds of points tall) are not made: such a
    /// glyph's edges are walked on the canvas, as is one whose patch would leave the canvas.
    static let pixelLimit = 1 << 16

    private let state = Mutex<(entries: [Key: Entry], bytes: Int)>(([:], 0))

    /// The cells of `outline` at (`phaseX`, `phaseY`) / 1024 px, made and kept if new; `nil` when
    /// its patch would exceed ``pixelLimit`` or it has no ink.
    func entry(_ outline: GlyphOutline, key glyph: GlyphPolygonCache.Key, phaseX: Int, phaseY: Int) -> Entry? {
        let key = Key(glyph: glyph, phaseX: Int32(phaseX), phaseY: Int32(phaseY))
        if let known = state.withLock({ $0.entries[key] }) { return known }
        guard let bounds = outline.bounds else { return nil }
        let px = Double(phaseX) / 1024, py = Double(phaseY) / 1024
        // One pixel of margin on every side: nothing of the glyph is clipped by the patch.
        let x0 = Int((bounds.minX + px).rounded(.down)) - 1, y0 = Int((bounds.minY + py).rounded(.down)) - 1
        let width = Int((bounds.maxX + px).rounded(.up)) + 1 - x0, height = Int((bounds.maxY + py).rounded(.up)) + 1 - y0
        guard width * height <= Self.pixelLimit else { return nil }
        var rasterizer = CoverageRasterizer(width: width, height: height)
        let place = AffineTransform.translation(x: px - Double(x0), y: py - Double(y0))
        for polygon in outline.polygons { rasterizer.addPolygon(polygon, transform: place) }
        let entry = Entry(patch: CoveragePatch(rasterizer), x: x0, y: y0)
        state.withLock { state in
            guard state.entries[key] == nil, state.bytes + entry.patch.byteCount <= Self.byteLimit else { return }
            state.entries[key] = entry
            state.bytes += entry.patch.byteCount
        }
        return entry
    }
}

/// A ``TextDrawing`` flattened for one output scale: glyph outlines placed in device pixels
/// about the text frame's centre, grouped by colour, and the colour glyphs' bitmaps.
struct PreparedText: Sendable {
    let drawing: TextDrawing
    /// Outlines per group, each with its origin in local device pixels; a group's colour is a
    /// span's own colour, or `nil` for the paint.
    let groups: [(colour: RGBA8?, outlines: [(outline: GlyphOutline, x: Double, y: Double)])]
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
        var groups: [(colour: RGBA8?, outlines: [(outline: GlyphOutline, x: Double, y: Double)])] = []
        var images: [(image: ColorGlyphImage, transform: AffineTransform)] = []
        if drawing.redacted {
            let bars = TextRendering.placeholderBars(layout).flatMap { bar in
                ProgressBarLayout.capsule(Rect(x: (bar.minX + dx) * scale, y: (bar.minY + dy) * scale,
                                               width: bar.width * scale, height: bar.height * scale))
                    .flattened(by: .identity, tolerance: CoverageRasterizer.defaultTolerance)
            }
            groups.append((nil, [(GlyphOutline(key: nil, polygons: bars), 0, 0)]))
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
                let placed = (cache.outline(glyph, scale: scale), ox, oy)
                if let index = groups.firstIndex(where: { $0.colour == colour }) {
                    groups[index].outlines.append(placed)
                } else {
                    groups.append((colour, [placed]))
                }
            }
        }
        self.groups = groups
        self.images = images
        // The box of the placed vertices: each outline's own box moved (adding a number keeps
        // the order of the coordinates, so the extremes are the moved extremes).
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        for group in groups {
            for (outline, x, y) in group.outlines {
                guard let b = outline.bounds else { continue }
                let moved = (b.minX + x, b.minY + y, b.maxX + x, b.maxY + y)
                box = box.map { (min($0.minX, moved.0), min($0.minY, moved.1), max($0.maxX, moved.2), max($0.maxY, moved.3)) } ?? moved
            }
        }
        polygonBounds = box
    }

    /// Adds the outlines of `group` to `rasterizer` under `transform`: by their cells at their
    /// sub-pixel phase (``GlyphPatchCache``) when `transform` only moves them and the patch lies on
    /// the canvas, else by walking their edges.
    func accumulate(_ group: Int, transform: AffineTransform, into rasterizer: inout CoverageRasterizer,
                    patches: GlyphPatchCache) {
        let translation = transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
        for (outline, x, y) in groups[group].outlines {
            if translation, let key = outline.key {
                let (wholeX, phaseX) = Self.split(x + transform.tx), (wholeY, phaseY) = Self.split(y + transform.ty)
                if let wholeX, let wholeY, let entry = patches.entry(outline, key: key, phaseX: phaseX, phaseY: phaseY) {
                    let px = wholeX + entry.x, py = wholeY + entry.y
                    if px >= 0, py >= 0, px + entry.patch.width <= rasterizer.width, py + entry.patch.height <= rasterizer.height {
                        rasterizer.add(entry.patch, atX: px, y: py)
                        continue
                    }
                }
            }
            let place = AffineTransform.translation(x: x, y: y).concatenating(transform)
            for polygon in outline.polygons { rasterizer.addPolygon(polygon, transform: place) }
        }
    }

    /// A coordinate as whole pixels and a phase in 1/1024 px (0 ..< 1024); `nil` whole pixels
    /// when it is not finite or too far off to matter.
    static func split(_ value: Double) -> (Int?, Int) {
        guard value.isFinite, value.magnitude < 1e9 else { return (nil, 0) }
        let whole = value.rounded(.down)
        let phase = Int(((value - whole) * 1024).rounded())
        return phase == 1024 ? (Int(whole) + 1, 0) : (Int(whole), phase)
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
              index: Int, cache: TextCoverageCache, patches: GlyphPatchCache) {
        let placement = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        for (groupIndex, group) in groups.enumerated() {
            let key = TextCoverageCache.Key(text: index, group: groupIndex, transform: placement)
            // Coverage from the cache, or rasterized now and kept when this placement was drawn
            // before; compositing the levels or the rasterizer gives the same pixels.
            var coverage = cache.levels(key)
            if coverage == nil {
                rasterizer.reset()
                accumulate(groupIndex, transform: transform, into: &rasterizer, patches: patches)
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
