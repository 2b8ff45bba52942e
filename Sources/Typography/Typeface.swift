import Raster
import Synchronization

/// A colour glyph's bitmap (Noto Color Emoji's CBDT strikes), premultiplied RGBA rows.
public struct ColorGlyphImage: Hashable, Sendable {
    /// Width in bitmap pixels.
    public var width: Int
    /// Height in bitmap pixels.
    public var height: Int
    /// `width × height` pixels, 4 bytes each (R, G, B, A), colours premultiplied by alpha.
    public var premultipliedRGBA: [UInt8]
    /// The bitmap's left edge right of the glyph origin, in bitmap pixels.
    public var left: Double
    /// The bitmap's top edge above the baseline, in bitmap pixels.
    public var top: Double
    /// The strike's size: bitmap pixels per em (109 for Noto Color Emoji).
    public var pixelsPerEm: Double
}

/// What a font file says about itself, for reports (`timeline --json`, `frames.json`).
public struct FontFileInfo: Codable, Hashable, Sendable {
    /// The file, at its Debian path.
    public var path: String
    /// The Debian package that installs it.
    public var package: String
    /// The typographic family (`name` ID 16, else ID 1): `Inter`.
    public var family: String
    /// The style (`Semi Bold`).
    public var style: String
    /// `name` ID 5 (`Version 4.000;git-…`).
    public var version: String

    /// As `frames.json` and `timeline --json` write it: the path is `file`.
    enum CodingKeys: String, CodingKey {
        case path = "file", package, family, style, version
    }
}

/// One font file opened with FreeType (outlines, colour bitmaps, metrics) and HarfBuzz
/// (shaping), with its outlines cached: each glyph is decomposed once.
///
/// Safe to use from any thread: every call into the C libraries holds the typeface's lock.
public final class Typeface: Sendable {
    /// The file and its names.
    public let info: FontFileInfo
    /// Font units per em.
    public let unitsPerEm: Int
    /// Whether the glyphs are colour bitmaps (emoji) rather than outlines.
    public let hasColorGlyphs: Bool

    private struct Handles: ~Copyable {
        let freeType: FreeTypeFace
        let harfBuzz: HarfBuzzFont
        var outlines: [UInt32: Path] = [:]
        var bitmaps: [UInt32: ColorGlyphImage?] = [:]
    }
    private let handles: Mutex<Handles>

    /// Opens the font file at `path`.
    ///
    /// - Throws: ``TypographyError`` when FreeType or HarfBuzz cannot read it.
    public init(path: String, package: String) throws(TypographyError) {
        let freeType = try FreeTypeFace(path: path)
        let harfBuzz = try HarfBuzzFont(path: path)
        // HarfBuzz's: FreeType gives a bitmap-only face (the emoji's) 0 units per em, which
        // made every advance 0.
        unitsPerEm = harfBuzz.unitsPerEm
        hasColorGlyphs = freeType.hasColor
        info = FontFileInfo(path: path, package: package, family: freeType.name(16) ?? freeType.name(1) ?? freeType.familyName,
                            style: freeType.name(17) ?? freeType.name(2) ?? freeType.styleName, version: freeType.name(5) ?? "")
        handles = Mutex(Handles(freeType: freeType, harfBuzz: harfBuzz))
    }

    /// The glyph for `scalar`, or `nil` when the font has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        handles.withLock { $0.harfBuzz.nominalGlyph(scalar.value) }
    }

    /// `scalars` shaped left to right (kerning and standard ligatures on), advances and offsets in
    /// font units; `features` in HarfBuzz's syntax (`tnum`, `liga=0`).
    func shape(_ scalars: [UInt32], features: [String]) -> [HarfBuzzFont.Glyph] {
        handles.withLock { $0.harfBuzz.shape(scalars, features: features) }
    }

    /// The outline of `glyph` in ems (font units ÷ units per em), y down, origin on the
    /// baseline at the glyph's origin; an empty path for a glyph without an outline.
    public func outline(of glyph: UInt32) -> Path {
        handles.withLock { handles in
            if let known = handles.outlines[glyph] { return known }
            let scale = 1 / Double(unitsPerEm)
            let path = ((try? handles.freeType.outline(glyph: glyph)) ?? Path()).applying(.scale(x: scale, y: scale))
            handles.outlines[glyph] = path
            return path
        }
    }

    /// The colour bitmap of `glyph`, or `nil` when it has none.
    public func colorImage(of glyph: UInt32) -> ColorGlyphImage? {
        handles.withLock { handles in
            if let known = handles.bitmaps[glyph] { return known }
            let image = (try? handles.freeType.colorBitmap(glyph: glyph)) ?? nil
            handles.bitmaps[glyph] = image
            return image
        }
    }
}

/// How glyph outlines become polygons.
public enum TextGlyphs {
    /// The flattening tolerance of glyph curves, in device pixels (Wang's formula bounds each
    /// chord's distance from the curve by it). Half a hundredth of a pixel keeps a glyph's
    /// edge coverage within about 1/255 of the exact curve's, at a few dozen chords per curve.
    public static let flatteningTolerance = 0.005
}
