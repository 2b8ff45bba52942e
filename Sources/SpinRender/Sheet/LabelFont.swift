/// A tiny built-in bitmap font for contact sheet labels: the digits, `.` and `s`, 3 × 5 dots.
///
/// Built in so that labels are the same pixels on every machine, with no font files, no
/// hinting and no anti-aliasing: each dot becomes a `scale × scale` square. Glyphs are 3 dots
/// wide (`.` is 1) with one dot of space after each.
public enum LabelFont {
    /// Glyph height in dots.
    public static let heightInDots = 5

    /// Rows top to bottom, `#` for ink, for every character the font has.
    static let glyphs: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"],
        "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["###", "..#", "###", "#..", "###"],
        "3": ["###", "..#", "###", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"],
        "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"],
        "7": ["###", "..#", "..#", "..#", "..#"],
        "8": ["###", "#.#", "###", "#.#", "###"],
        "9": ["###", "#.#", "###", "..#", "###"],
        ".": [".", ".", ".", ".", "#"],
        "s": ["...", ".##", "#..", "..#", "##."],
    ]

    /// Whether the font can draw every character of `text`.
    public static func canDraw(_ text: String) -> Bool { text.allSatisfy { glyphs[$0] != nil } }

    /// Width of `text` in pixels at `scale` pixels per dot (no space after the last glyph).
    public static func width(of text: String, scale: Int) -> Int {
        let dots = text.reduce(0) { $0 + (glyphs[$1]?.first?.count ?? 0) + 1 }
        return max(0, dots - 1) * scale
    }

    /// Draws `text` with its top-left corner at (`x`, `y`) pixels; ink outside the image is clipped.
    ///
    /// - Precondition: ``canDraw(_:)`` is true for `text`.
    public static func draw(_ text: String, into image: inout RGBAImage, x: Int, y: Int, scale: Int, color: RGBA8) {
        var left = x
        for character in text {
            let rows = glyphs[character]!
            for (row, dots) in rows.enumerated() {
                for (column, dot) in dots.enumerated() where dot == "#" {
                    fill(&image, x: left + column * scale, y: y + row * scale, size: scale, color: color)
                }
            }
            left += (rows[0].count + 1) * scale
        }
    }

    private static func fill(_ image: inout RGBAImage, x: Int, y: Int, size: Int, color: RGBA8) {
        for py in max(0, y)..<min(image.height, y + size) {
            for px in max(0, x)..<min(image.width, x + size) { image[px, py] = color }
        }
    }
}
