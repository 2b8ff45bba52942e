import CFreeType
import Raster
import Testing
@testable import Typography

/// Every glyph's ink against FreeType's own anti-aliased rendering of the same outline, pixel by
/// pixel.
///
/// The reference is FreeType's smooth rasterizer (`FT_Render_Glyph`, `FT_RENDER_MODE_NORMAL`,
/// unhinted) at 16 × the size, box-filtered down: a pixel's exact covered area is the mean of
/// its 256 sub-pixels' areas, so the reference is exact up to FreeType's own flattening of
/// curves, whose error (about 0.07 px at 48 ppem, enough to move an edge pixel by 15 levels at
/// the test size) shrinks 16-fold this way.
@Suite struct GlyphCoverageTests {
    /// The largest difference allowed at any pixel, out of 255: FreeType's 8-bit levels (each
    /// ±½ before the mean), its flattening at 16 × and its 1/64 px outline grid.
    static let tolerance = 3
    /// Pixels per em of the comparison.
    static let pixelsPerEm = 48
    /// The supersampling factor of the reference.
    static let factor = 16

    struct Bitmap {
        var levels: [UInt8]
        var width: Int
        var rows: Int
        var left: Int
        var top: Int
    }

    /// FreeType's bitmap of `glyph` in `file` at `pixelsPerEm`.
    static func freeTypeBitmap(_ path: String, glyph: UInt32, pixelsPerEm: Int) throws -> Bitmap {
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        #expect(FT_New_Face(library, path, 0, &face) == 0)
        defer { FT_Done_Face(face) }
        #expect(FT_Set_Pixel_Sizes(face, 0, UInt32(pixelsPerEm)) == 0)
        #expect(FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING)) == 0)
        let slot = try #require(face?.pointee.glyph)
        #expect(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0)
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var levels = [UInt8](repeating: 0, count: width * rows)
        for y in 0..<rows { for x in 0..<width { levels[y * width + x] = bitmap.buffer[y * pitch + x] } }
        return Bitmap(levels: levels, width: width, rows: rows, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }

    /// The reference and our mask of `glyph` on one canvas: (reference levels, ours, width).
    static func compare(_ typeface: Typeface, path: String, glyph: UInt32) throws -> (reference: [Int], ours: [Int], width: Int) {
        let big = try freeTypeBitmap(path, glyph: glyph, pixelsPerEm: pixelsPerEm * factor)
        // The glyph origin at canvas pixel (ox, oy), with a pixel of margin on every side.
        let ox = (factor - big.left + factor - 1) / factor + 1
        let oy = (factor + big.top + factor - 1) / factor + 1
        let width = (ox * factor + big.left + big.width + factor - 1) / factor + 1
        let height = (oy * factor - big.top + big.rows + factor - 1) / factor + 1
        var sums = [Int](repeating: 0, count: width * height)
        for by in 0..<big.rows {
            for bx in 0..<big.width {
                let x = (ox * factor + big.left + bx) / factor, y = (oy * factor - big.top + by) / factor
                sums[y * width + x] += Int(big.levels[by * big.width + bx])
            }
        }
        let reference = sums.map { ($0 + factor * factor / 2) / (factor * factor) }
        var rasterizer = CoverageRasterizer(width: width, height: height)
        let size = Double(pixelsPerEm)
        rasterizer.add(typeface.outline(of: glyph),
                       transform: AffineTransform.scale(x: size, y: size).concatenating(.translation(x: Double(ox), y: Double(oy))),
                       tolerance: TextGlyphs.flatteningTolerance)
        return (reference, rasterizer.coverageMask().map(Int.init), width)
    }

    @Test(arguments: [
        ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", "aegQ@&%8"),
        ("/usr/share/fonts/opentype/inter/Inter-Bold.otf", "Rings"),
        ("/usr/share/fonts/truetype/quicksand/Quicksand-Regular.ttf", "Loading"),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "0123"),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "Sg"),
    ])
    func glyphInkMatchesFreeType(path: String, characters: String) throws {
        let typeface = try Typeface(path: path, package: "test")
        for scalar in characters.unicodeScalars {
            let glyph = try #require(typeface.glyph(for: scalar))
            let (reference, ours, _) = try Self.compare(typeface, path: path, glyph: glyph)
            var worst = 0
            for (theirs, mine) in zip(reference, ours) { worst = max(worst, abs(theirs - mine)) }
            let inkTheirs = reference.reduce(0, +), inkOurs = ours.reduce(0, +)
            #expect(inkTheirs > 255 * 20, "'\(scalar)' draws ink")
            #expect(worst <= Self.tolerance, "'\(scalar)' in \(path): largest difference \(worst)/255")
            // The total ink agrees within 0.2 %.
            #expect(abs(inkOurs - inkTheirs) * 500 <= inkTheirs, "'\(scalar)': ink \(inkOurs) against \(inkTheirs)")
        }
    }
}
