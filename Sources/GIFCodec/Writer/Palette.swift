/// The global colour table of one encoded animation and the map from frame colours to it.
///
/// Exact when the frames use at most `maxColors` colours: the colours sorted by their
/// `0xFF_RR_GG_BB` value (any fixed order gives the same LZW size: compression depends on
/// which pixels share an index, not on the index values). Otherwise the quantizer (`Quantizer`) reduces them.
struct Palette {
    /// The real colours; the transparent slot and the power-of-two padding come after them.
    var colors: [RGBTriple]
    /// Every colour seen in the frames → its index in ``colors``.
    var lookup: ColorIndexTable
    /// Largest per-channel difference between a frame colour and its palette colour (0 = exact).
    var worstChannelError: Int
    /// Whether ``colors`` is a reduction of the frame colours.
    var isQuantized: Bool { worstChannelError > 0 || quantizedAnyway }
    private var quantizedAnyway = false

    /// Builds the palette of the distinct colours in `seen` (whose values are ignored); when it
    /// must reduce them, the colours of `exact` (sorted keys) keep entries of their own.
    init(distinct seen: ColorIndexTable, maxColors: Int, exact: [UInt32] = []) {
        let keys = seen.sortedKeys
        var lookup = seen
        if keys.count <= maxColors {
            for (i, key) in keys.enumerated() { lookup.insert(key, value: Int32(i)) }
            colors = keys.map(Self.triple)
            worstChannelError = 0
        } else {
            let (representatives, assignment) = Quantizer.reduce(keys, to: maxColors, exact: exact)
            var worst = 0
            for (key, index) in zip(keys, assignment) {
                lookup.insert(key, value: Int32(index))
                let c = Self.triple(key), p = representatives[index]
                worst = max(worst, abs(Int(c.r) - Int(p.r)), abs(Int(c.g) - Int(p.g)), abs(Int(c.b) - Int(p.b)))
            }
            colors = representatives
            worstChannelError = worst
            quantizedAnyway = true
        }
        self.lookup = lookup
    }

    static func triple(_ key: UInt32) -> RGBTriple {
        RGBTriple(r: UInt8(truncatingIfNeeded: key >> 16), g: UInt8(truncatingIfNeeded: key >> 8),
                  b: UInt8(truncatingIfNeeded: key))
    }
}

