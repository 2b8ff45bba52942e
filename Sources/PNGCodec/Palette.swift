import Raster

/// A deterministic colour map of at most 256 RGBA colours, each packed as `0xRRGGBBAA`.
struct Palette {
    /// Entries ordered by alpha, then red, green, blue: non-opaque entries first.
    let colours: [UInt32]
    /// Whether any entry has alpha below 255 (the map then needs a tRNS chunk).
    let hasAlpha: Bool
    /// Entry index by packed colour.
    private let indexByColour: [UInt32: UInt8]

    init(colours: Set<UInt32>) {
        let sorted = colours.sorted { lhs, rhs in
            let lhsKey = (lhs & 0xFF) << 24 | lhs >> 8
            let rhsKey = (rhs & 0xFF) << 24 | rhs >> 8
            return lhsKey < rhsKey
        }
        self.colours = sorted
        hasAlpha = sorted.contains { $0 & 0xFF != 0xFF }
        var index: [UInt32: UInt8] = [:]
        for (i, colour) in sorted.enumerated() { index[colour] = UInt8(i) }
        indexByColour = index
    }

    /// One index byte per pixel.
    ///
    /// - Precondition: every pixel's colour is in the map (it was built from this image).
    func indices(of image: RGBAImage) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: image.pixelCount) { out, count in
            image.pixels.withUnsafeBufferPointer { pixels in
                var lastColour: UInt32 = 0
                var lastIndex: UInt8? = nil
                // Pixel p occupies pixels[4p ..< 4p + 4]; out has pixelCount bytes.
                for p in 0..<image.pixelCount {
                    let i = p * 4
                    let colour = UInt32(pixels[i]) << 24 | UInt32(pixels[i + 1]) << 16
                        | UInt32(pixels[i + 2]) << 8 | UInt32(pixels[i + 3])
                    if let index = lastIndex, colour == lastColour {
                        out[p] = index
                    } else {
                        let index = indexByColour[colour]!
                        out[p] = index
                        lastColour = colour
                        lastIndex = index
                    }
                }
            }
            count = image.pixelCount
        }
    }
}
