import Raster

/// What the encoder needs to know about an image's colours, gathered in one pass.
struct ColourAnalysis {
    /// Every alpha is 255.
    var isOpaque = true
    /// Every pixel has r = g = b.
    var isGrey = true
    /// The distinct colours, when there are at most 256.
    var palette: Palette?

    init(_ image: RGBAImage) {
        var seen: Set<UInt32> = []
        var overflowed = false
        var last: UInt32? = nil
        image.pixels.withUnsafeBufferPointer { pixels in
            // i steps over pixel starts; i + 3 < pixels.count because count is a multiple of 4.
            var i = 0
            while i < pixels.count {
                let r = pixels[i], g = pixels[i + 1], b = pixels[i + 2], a = pixels[i + 3]
                if a != 255 { isOpaque = false }
                if r != g || g != b { isGrey = false }
                let colour = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
                if !overflowed, colour != last {
                    last = colour
                    seen.insert(colour)
                    if seen.count > 256 { overflowed = true; seen = [] }
                }
                i += 4
            }
        }
        palette = overflowed ? nil : Palette(colours: seen)
    }
}
