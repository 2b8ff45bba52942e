import Raster

/// One way to store an image's pixels in a PNG without loss.
enum PNGLayout {
    /// Indices into a colour map of at most 256 RGBA entries.
    case colormap(Palette)
    /// One grey sample per pixel; needs r = g = b and alpha 255 everywhere.
    case gray
    /// Grey and alpha; needs r = g = b everywhere.
    case grayAlpha
    /// Red, green, blue; needs alpha 255 everywhere.
    case rgb
    /// All four channels.
    case rgba

    /// The simplified API's `format` value for this layout.
    var format: UInt32 {
        switch self {
        case .colormap(let palette): palette.hasAlpha ? PNGFormat.rgbaColormap : PNGFormat.rgbColormap
        case .gray: PNGFormat.gray
        case .grayAlpha: PNGFormat.grayAlpha
        case .rgb: PNGFormat.rgb
        case .rgba: PNGFormat.rgba
        }
    }

    /// Number of colour-map entries (0 without a map).
    var colormapEntries: Int {
        if case .colormap(let palette) = self { palette.colours.count } else { 0 }
    }

    /// The colour map in the layout's sample format (RGB or RGBA per entry), empty without one.
    var colormapBytes: [UInt8] {
        guard case .colormap(let palette) = self else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(palette.colours.count * 4)
        for colour in palette.colours {
            bytes.append(UInt8(truncatingIfNeeded: colour >> 24))
            bytes.append(UInt8(truncatingIfNeeded: colour >> 16))
            bytes.append(UInt8(truncatingIfNeeded: colour >> 8))
            if palette.hasAlpha { bytes.append(UInt8(truncatingIfNeeded: colour)) }
        }
        return bytes
    }

    /// The image's samples in this layout, rows packed without padding.
    func samples(of image: RGBAImage) -> [UInt8] {
        switch self {
        case .rgba: return image.pixels
        case .rgb: return keepChannels(image, [0, 1, 2])
        case .gray: return keepChannels(image, [0])
        case .grayAlpha: return keepChannels(image, [0, 3])
        case .colormap(let palette): return palette.indices(of: image)
        }
    }

    /// Copies the listed channels of every pixel, in order.
    private func keepChannels(_ image: RGBAImage, _ channels: [Int]) -> [UInt8] {
        let stride = channels.count
        return [UInt8](unsafeUninitializedCapacity: image.pixelCount * stride) { out, count in
            image.pixels.withUnsafeBufferPointer { pixels in
                // Pixel p occupies pixels[4p ..< 4p + 4] and out[stride·p ..< stride·p + stride].
                for p in 0..<image.pixelCount {
                    for (k, channel) in channels.enumerated() {
                        out[p * stride + k] = pixels[p * 4 + channel]
                    }
                }
            }
            count = image.pixelCount * stride
        }
    }
}

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
