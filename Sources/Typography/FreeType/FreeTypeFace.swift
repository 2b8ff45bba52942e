import CFreeType
import Raster

/// The raw layer over FreeType: one `FT_Library` and one `FT_Face` of a font file, and the few
/// calls the text renderer makes. Not thread-safe: ``Typeface`` serializes every use.
final class FreeTypeFace {
    private let library: FT_Library
    let face: FT_Face
    let path: String

    /// Opens face 0 of the font file at `path`.
    init(path: String) throws(TypographyError) {
        var library: FT_Library?
        try FreeTypeStatus.check(FT_Init_FreeType(&library), "FT_Init_FreeType", path)
        guard let library else { throw TypographyError(operation: "FT_Init_FreeType", description: "\(path): FreeType did not start") }
        var face: FT_Face?
        let opened = FT_New_Face(library, path, 0, &face)
        guard opened == 0, let face else {
            FT_Done_FreeType(library)
            try FreeTypeStatus.check(opened == 0 ? 1 : opened, "FT_New_Face", path)
            throw TypographyError(operation: "FT_New_Face", description: "\(path): no face")
        }
        self.library = library
        self.face = face
        self.path = path
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Font units per em (`head.unitsPerEm`; 2048 for Inter, 1000 for most CFF fonts).
    var unitsPerEm: Int { Int(face.pointee.units_per_EM) }
    /// The family name (`Inter`).
    var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? "" }
    /// The style name (`Semi Bold Italic`).
    var styleName: String { face.pointee.style_name.map { String(cString: $0) } ?? "" }
    /// Whether the face holds colour glyphs (Noto Color Emoji's CBDT bitmaps).
    var hasColor: Bool { face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 }

    /// The `name` table's entry `nameID` in Windows Unicode English, else any platform's.
    func name(_ nameID: UInt16) -> String? {
        let count = FT_Get_Sfnt_Name_Count(face)
        var fallback: String?
        for index in 0..<count {
            var entry = FT_SfntName()
            guard FT_Get_Sfnt_Name(face, index, &entry) == 0, entry.name_id == nameID, let bytes = entry.string else { continue }
            let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.string_len))
            if entry.platform_id == 3 || entry.platform_id == 0 {
                // UTF-16 big-endian.
                var units: [UInt16] = []
                var i = 0
                while i + 1 < buffer.count {
                    units.append(UInt16(buffer[i]) << 8 | UInt16(buffer[i + 1]))
                    i += 2
                }
                return String(decoding: units, as: UTF16.self)
            }
            fallback = String(decoding: buffer, as: UTF8.self)
        }
        return fallback
    }

    /// The outline of `glyph` in font units, y down (FreeType's y up, negated), each contour
    /// closed: `FT_Load_Glyph` with `FT_LOAD_NO_SCALE` (no hinting, no bitmap), then
    /// `FT_Outline_Decompose`.
    func outline(glyph: UInt32) throws(TypographyError) -> Path {
        try FreeTypeStatus.check(FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_BITMAP)), "FT_Load_Glyph", path)
        guard let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }
        return try Self.decompose(&slot.pointee.outline, path)
    }

    /// `outline`'s contours as a ``Path`` in `outline`'s units, y negated.
    static func decompose(_ outline: UnsafeMutablePointer<FT_Outline>, _ subject: String) throws(TypographyError) -> Path {
        final class Builder {
            var path = Path()
            var open = false
            func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
                guard let v else { return Point(x: 0, y: 0) }
                return Point(x: Double(v.pointee.x) / 256, y: -Double(v.pointee.y) / 256)
            }
        }
        let builder = Builder()
        var funcs = FT_Outline_Funcs()
        funcs.move_to = { to, user in
            let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
            if b.open { b.path.closeSubpath() }
            b.path.move(to: b.point(to))
            b.open = true
            return 0
        }
        funcs.line_to = { to, user in
            let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
            b.path.addLine(to: b.point(to))
            return 0
        }
        funcs.conic_to = { control, to, user in
            let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
            b.path.addQuadCurve(to: b.point(to), control: b.point(control))
            return 0
        }
        funcs.cubic_to = { c1, c2, to, user in
            let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
            b.path.addCurve(to: b.point(to), control1: b.point(c1), control2: b.point(c2))
            return 0
        }
        // Coordinates reach the emitters multiplied by 2⁸: FreeType computes a TrueType
        // contour's implied on-curve points (midpoints of two controls) in the integer
        // coordinates it hands out, and in bare font units that halving rounds by up to half a
        // unit (0.024 px on a 48 px em), which is visible in edge pixels.
        funcs.shift = 8
        funcs.delta = 0
        let status = withExtendedLifetime(builder) {
            FT_Outline_Decompose(outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        try FreeTypeStatus.check(status, "FT_Outline_Decompose", subject)
        if builder.open { builder.path.closeSubpath() }
        return builder.path
    }

    /// The colour bitmap of `glyph` from the face's first strike (`FT_Select_Size(0)`, then
    /// `FT_Load_Glyph` with `FT_LOAD_COLOR`): premultiplied BGRA from FreeType, returned as
    /// premultiplied RGBA rows; `nil` when the glyph has no colour bitmap.
    func colorBitmap(glyph: UInt32) throws(TypographyError) -> ColorGlyphImage? {
        guard face.pointee.num_fixed_sizes > 0, let sizes = face.pointee.available_sizes else { return nil }
        try FreeTypeStatus.check(FT_Select_Size(face, 0), "FT_Select_Size", path)
        try FreeTypeStatus.check(FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)), "FT_Load_Glyph", path)
        guard let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer else { return nil }
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = buffer + y * pitch
            for x in 0..<width {
                let o = (y * width + x) * 4
                pixels[o] = row[x * 4 + 2]
                pixels[o + 1] = row[x * 4 + 1]
                pixels[o + 2] = row[x * 4]
                pixels[o + 3] = row[x * 4 + 3]
            }
        }
        let ppem = Double(sizes[0].y_ppem) / 64
        return ColorGlyphImage(width: width, height: height, premultipliedRGBA: pixels,
                               left: Double(slot.pointee.bitmap_left), top: Double(slot.pointee.bitmap_top),
                               pixelsPerEm: ppem)
    }
}
