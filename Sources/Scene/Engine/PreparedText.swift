import Motion
import Raster
import Typography

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
    }

    /// Draws the text with `paint` (the foreground, opacity applied) under `transform` (local
    /// device pixels to the canvas).
    func draw(into image: inout RGBAImage, paint: RGBA8, opacity: Double, transform: AffineTransform, frame: AnimatablePoint,
              scale: Double, palette: SystemPalette, space: BlendSpace, rasterizer: inout CoverageRasterizer) {
        for group in groups {
            rasterizer.reset()
            for polygon in group.polygons { rasterizer.addPolygon(polygon, transform: transform) }
            if drawing.redacted {
                var bar = paint
                bar.a = UInt8((Double(paint.a) * TextRendering.placeholderOpacity).rounded())
                image.composite(bar, coverage: rasterizer, in: space)
            } else if var own = group.colour {
                own.a = UInt8((Double(own.a) * opacity).rounded())
                image.composite(own, coverage: rasterizer, in: space)
            } else if let gradient = drawing.gradient, let inverse = transform.inverted {
                let shading = GradientShading(gradient, palette: palette, alpha: paint.a)
                image.composite(shading: { x, y in
                    let p = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    return shading.colour(atX: p.x / scale + frame.x / 2, y: p.y / scale + frame.y / 2,
                                          width: frame.x, height: frame.y)
                }, coverage: rasterizer, in: space)
            } else {
                image.composite(paint, coverage: rasterizer, in: space)
            }
            rasterizer.reset()
        }
        for (bitmap, local) in images {
            image.composite(premultiplied: bitmap.premultipliedRGBA, width: bitmap.width, height: bitmap.height,
                            transform: local.concatenating(transform), opacity: opacity, in: space)
        }
    }
}
