/// A width × height raster of 8-bit sRGB RGBA pixels with straight (non-premultiplied) alpha.
///
/// Layout: row-major, top row first, 4 bytes per pixel in the order R, G, B, A, no row padding,
/// so `pixels.count == width * height * 4` and pixel (x, y) starts at byte `(y * width + x) * 4`.
/// This is the exchange format between the rasterizer, the GIF and PNG codecs and the frame
/// comparison; premultiplied arithmetic happens only inside compositing.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels (≥ 0).
    public let width: Int
    /// Height in pixels (≥ 0).
    public let height: Int
    /// `width * height * 4` bytes, row-major RGBA8, straight alpha.
    public var pixels: [UInt8]

    /// Creates an image filled with one colour.
    ///
    /// - Precondition: `width ≥ 0`, `height ≥ 0`; callers that take sizes from input check
    ///   them (and the memory they imply) before calling.
    public init(width: Int, height: Int, fill: RGBA8 = .transparent) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        self.width = width
        self.height = height
        let count = width * height * 4
        // Each byte is written once: the pattern a whole pixel at a time, no zeroing first.
        self.pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            if let base = buffer.baseAddress {
                let raw = UnsafeMutableRawPointer(base)
                let pattern = fill.packed
                // Four pixels per store while 16 bytes remain, then one pixel per store: count
                // is a multiple of 4 (whole pixels), so every store ends by count.
                let quads = SIMD4<UInt32>(repeating: pattern)
                let wholeQuads = count & ~15
                for offset in Swift.stride(from: 0, to: wholeQuads, by: 16) {
                    raw.storeBytes(of: quads, toByteOffset: offset, as: SIMD4<UInt32>.self)
                }
                for offset in Swift.stride(from: wholeQuads, to: count, by: 4) {
                    raw.storeBytes(of: pattern, toByteOffset: offset, as: UInt32.self)
                }
            }
            initializedCount = count
        }
    }

    /// Wraps existing RGBA8 bytes.
    ///
    /// - Returns: `nil` when `pixels.count != width * height * 4` or a size is negative.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0,
              width.multipliedReportingOverflow(by: height).overflow == false,
              pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (origin top-left).
    ///
    /// - Precondition: `0 ≤ x < width`, `0 ≤ y < height`.
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = (y * width + x) * 4
            return RGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Number of pixels, `width * height`.
    public var pixelCount: Int { width * height }
}
