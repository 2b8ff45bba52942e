/// Maps displayed colours to palette indices through an ordered dither.
struct DitherMapper {
    let palette: Palette
    private(set) var worstDitherError = 0
    private var nearestCache = ColorIndexTable()

    init(palette: Palette) { self.palette = palette }

    /// The 8 × 8 Bayer matrix, values 0…63, row-major.
    static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// The palette entry nearest to `key` moved by the Bayer threshold at (x, y).
    mutating func ditheredIndex(_ key: UInt32, x: Int, y: Int) -> UInt8 {
        let step = max(2, 2 * palette.worstChannelError)
        let offset = ((2 * Self.bayer[(y & 7) * 8 + (x & 7)] + 1) * step) / 128 - step / 2
        func moved(_ shift: UInt32) -> Int { max(0, min(255, Int(key >> shift & 0xFF) + offset)) }
        let r = moved(16), g = moved(8), b = moved(0)
        let probe = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        let index: Int
        if let cached = nearestCache.value(for: probe) {
            index = Int(cached)
        } else {
            var best = 0, bestDistance = Int.max
            for (i, c) in palette.colors.enumerated() {
                let dr = Int(c.r) - r, dg = Int(c.g) - g, db = Int(c.b) - b
                let d = dr * dr + dg * dg + db * db
                if d < bestDistance { bestDistance = d; best = i }
            }
            nearestCache.insert(probe, value: Int32(best))
            index = best
        }
        let c = palette.colors[index]
        worstDitherError = max(worstDitherError, abs(Int(c.r) - Int(key >> 16 & 0xFF)),
                               abs(Int(c.g) - Int(key >> 8 & 0xFF)), abs(Int(c.b) - Int(key & 0xFF)))
        return UInt8(index)
    }
}
