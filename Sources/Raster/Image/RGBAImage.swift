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
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .transparent {
            bytes.withUnsafeMutableBufferPointer { buffer in
                // 4 bytes per pixel: i steps over pixel starts, i + 3 < count.
                var i = 0
                while i < buffer.count {
                    buffer[i] = fill.r
                    buffer[i + 1] = fill.g
                    buffer[i + 2] = fill.b
                    buffer[i + 3] = fill.a
                    i += 4
                }
            }
        }
        self.pixels = bytes
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
