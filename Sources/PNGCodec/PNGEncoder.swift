import CPNG
import Raster

/// Writes ``RGBAImage``s as small, deterministic, lossless PNG files through libpng's simplified
/// API.
///
/// Reference frames are committed to the repository, so size matters. The encoder writes every
/// layout that can hold the image without loss and keeps the smallest, preferring, on a tie, the
/// earlier of:
/// 1. colour-mapped (`PNG_FORMAT_FLAG_COLORMAP`), when the image has at most 256 distinct RGBA
///    values; libpng packs 2-, 4- and 16-entry maps into 1, 2 and 4 bits per pixel;
/// 2. grey (`PNG_FORMAT_GRAY`, or `PNG_FORMAT_GA` with alpha), when every pixel has r = g = b;
/// 3. RGB when every pixel is opaque, RGBA otherwise.
///
/// The colour map is ordered by alpha, then red, green, blue, so the same pixels always give the
/// same bytes and the non-opaque entries come first (a shorter tRNS chunk). Colours hidden under
/// alpha 0 are kept: decoding returns exactly the bytes that were encoded.
public enum PNGEncoder {
    /// The most pixels a side may have: libpng's `PNG_USER_WIDTH_MAX` and `PNG_USER_HEIGHT_MAX`
    /// (1,000,000), which `png_check_IHDR` applies when writing as well as reading.
    public static let maximumSide = min(Int(PNG_USER_WIDTH_MAX), Int(PNG_USER_HEIGHT_MAX))

    /// Encodes an image.
    ///
    /// - Parameter image: at least 1 × 1 pixels.
    /// - Returns: a complete PNG data stream; equal images give equal bytes.
    /// - Throws: ``PNGError`` with ``PNGError/Code/empty`` for an image with no pixels,
    ///   ``PNGError/Code/unsupportedSize`` for a side longer than ``maximumSide``, or
    ///   ``PNGError/Code/libpng`` when libpng fails.
    public static func encode(_ image: RGBAImage) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw PNGError(code: .empty, operation: "encode",
                           message: "image is \(image.width) × \(image.height) pixels; PNG needs at least 1 × 1")
        }
        guard image.width <= maximumSide, image.height <= maximumSide else {
            throw PNGError(code: .unsupportedSize, operation: "encode",
                           message: "image is \(image.width) × \(image.height) pixels; libpng writes at most \(maximumSide) a side")
        }
        let analysis = ColourAnalysis(image)
        var candidates: [PNGLayout] = []
        if let palette = analysis.palette { candidates.append(.colormap(palette)) }
        if analysis.isGrey { candidates.append(analysis.isOpaque ? .gray : .grayAlpha) }
        candidates.append(analysis.isOpaque ? .rgb : .rgba)

        var best = try write(image, as: candidates[0])
        for layout in candidates.dropFirst() {
            let bytes = try write(image, as: layout)
            if bytes.count < best.count { best = bytes }
        }
        return best
    }

    /// Writes `image` in one layout.
    static func write(_ image: RGBAImage, as layout: PNGLayout) throws(PNGError) -> [UInt8] {
        let samples = layout.samples(of: image)
        let colormap = layout.colormapBytes
        let control = PNGControl()
        control.image.pointee.width = UInt32(image.width)
        control.image.pointee.height = UInt32(image.height)
        control.image.pointee.format = layout.format
        control.image.pointee.colormap_entries = UInt32(layout.colormapEntries)

        // Deflate never grows data by more than 5 bytes per 16 KiB stored block; add room for
        // the filter bytes, the chunks and the colour map. A second pass takes libpng's figure.
        var capacity = samples.count + image.height + samples.count / 16_000 * 5 + colormap.count + 4096
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var written = png_alloc_size_t(capacity)
            let ok = output.withUnsafeMutableBytes { out in
                samples.withUnsafeBytes { pixels in
                    colormap.withUnsafeBytes { map in
                        png_image_write_to_memory(control.image, out.baseAddress, &written, 0,
                                                  pixels.baseAddress, 0,
                                                  map.isEmpty ? nil : map.baseAddress)
                    }
                }
            }
            if ok != 0 {
                output.removeSubrange(Int(written)...)
                return output
            }
            guard Int(written) > capacity else { break }
            // The buffer was too small; libpng says how much it needs. Start from a clean control.
            capacity = Int(written)
            png_image_free(control.image)
            control.image.pointee.warning_or_error = 0
        }
        throw control.error("encode")
    }
}
