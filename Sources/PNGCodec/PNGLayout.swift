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
