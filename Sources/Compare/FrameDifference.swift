/// What comparing one pair of equal-sized images found.
struct FrameDifference: Sendable {
    /// Pixels that differ beyond the threshold and are not excused as anti-aliasing.
    var differing = 0
    /// Pixels beyond the threshold that were taken for anti-aliasing (only with
    /// ``ComparisonOptions/ignoreAntialiasing``).
    var antialiased = 0
    /// The largest ``PixelDistance`` of any pixel pair, 0…35215.
    var maxDelta = 0.0
    /// The first differing pixel in row-major order.
    var first: PixelPosition? = nil
    /// One byte per pixel (``PixelMark``), allocated only once some pixel is marked.
    var marks: [UInt8]? = nil
}
