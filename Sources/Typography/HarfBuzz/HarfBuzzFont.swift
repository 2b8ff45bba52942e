import CHarfBuzz

/// The raw layer over HarfBuzz: a blob, face and font of one font file, at a scale of one font
/// unit per unit, so advances and offsets come back in font units. Not thread-safe:
/// ``Typeface`` serializes every use.
final class HarfBuzzFont {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer

    /// Font units per em, from the `head` table (`hb_face_get_upem`): 2048 for Noto Color Emoji,
    /// whose bitmap-only face FreeType reports as 0 units per em.
    let unitsPerEm: Int

    /// Opens face 0 of the font file at `path` (`hb_blob_create_from_file_or_fail`, HarfBuzz 2.8.2+).
    init(path: String) throws(TypographyError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw TypographyError(operation: "hb_blob_create_from_file_or_fail", description: "\(path): HarfBuzz cannot read the file")
        }
        self.blob = blob
        face = hb_face_create(blob, 0)
        font = hb_font_create(face)
        unitsPerEm = max(1, Int(hb_face_get_upem(face)))
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The glyph the `cmap` gives `scalar`, or `nil` when the font has none.
    func nominalGlyph(_ scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? glyph : nil
    }

    /// One glyph of a shaped run, in font units.
    struct Glyph {
        var id: UInt32
        /// The index of the first scalar (in the shaped array) this glyph comes from.
        var cluster: Int
        var xAdvance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// Shapes `scalars` left to right with OpenType layout (`hb_shape`): the font's kerning
    /// (`kern`) and standard ligatures (`liga`) are on by HarfBuzz's defaults; `features` adds
    /// others in `hb_feature_from_string` syntax (`tnum` for tabular digits, `liga=0`).
    func shape(_ scalars: [UInt32], features: [String]) -> [Glyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { units in
            hb_buffer_add_utf32(buffer, units.baseAddress, Int32(units.count), 0, Int32(units.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        var parsed: [hb_feature_t] = features.compactMap { text in
            var feature = hb_feature_t()
            return hb_feature_from_string(text, Int32(text.utf8.count), &feature) != 0 ? feature : nil
        }
        parsed.withUnsafeMutableBufferPointer { list in
            hb_shape(font, buffer, list.baseAddress, UInt32(list.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { i in
            Glyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster), xAdvance: positions[i].x_advance,
                  xOffset: positions[i].x_offset, yOffset: positions[i].y_offset)
        }
    }
}
