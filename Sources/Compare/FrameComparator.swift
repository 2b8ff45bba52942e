import Raster

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

/// How a pixel is drawn in the diff image.
enum PixelMark: UInt8 {
    /// Equal within the threshold: a faded grey copy of the expected pixel.
    case same = 0
    /// Differs: red.
    case different = 1
    /// Differs but is anti-aliasing: yellow.
    case antialiased = 2
}

/// Compares two images of the same size pixel by pixel.
enum FrameComparator {
    /// Compares `actual` with `expected` (same width and height).
    ///
    /// Rows whose bytes are identical are skipped with one word-wise pass; that is the whole cost
    /// for equal frames. Within a row, equal or both-transparent pixels are skipped before any
    /// colour maths.
    static func compare(_ actual: RGBAImage, _ expected: RGBAImage, options: ComparisonOptions) -> FrameDifference {
        precondition(actual.width == expected.width && actual.height == expected.height)
        var result = FrameDifference()
        actual.pixels.withUnsafeBytes { a in
            expected.pixels.withUnsafeBytes { e in
                let gridA = PixelGrid(bytes: a, width: actual.width, height: actual.height)
                let gridE = PixelGrid(bytes: e, width: expected.width, height: expected.height)
                compare(gridA, gridE, options: options, into: &result)
            }
        }
        return result
    }

    private static func compare(_ a: PixelGrid, _ e: PixelGrid, options: ComparisonOptions,
                                into result: inout FrameDifference) {
        let rowBytes = a.width * 4
        let exact = options.threshold == 0
        let maxDelta = options.maxDelta
        var detector: AntialiasingDetector? = nil
        for y in 0..<a.height {
            if rowsEqual(a.bytes, e.bytes, offset: y * rowBytes, count: rowBytes) { continue }
            for x in 0..<a.width {
                let p = a.pixel(x, y), q = e.pixel(x, y)
                if PixelDistance.equivalent(p, q) { continue }
                let delta = PixelDistance.delta(p, q)
                if delta > result.maxDelta { result.maxDelta = delta }
                guard exact || delta > maxDelta else { continue }
                if options.ignoreAntialiasing && isAntialiased(x: x, y: y, a, e, detector: &detector) {
                    result.antialiased += 1
                    mark(.antialiased, x: x, y: y, width: a.width, height: a.height, in: &result)
                } else {
                    result.differing += 1
                    if result.first == nil { result.first = PixelPosition(x: x, y: y) }
                    mark(.different, x: x, y: y, width: a.width, height: a.height, in: &result)
                }
            }
        }
    }

    /// pixelmatch's anti-aliasing test both ways, through a detector made on first use.
    @inline(__always)
    private static func isAntialiased(x: Int, y: Int, _ a: PixelGrid, _ e: PixelGrid,
                                      detector: inout AntialiasingDetector?) -> Bool {
        if detector == nil { detector = AntialiasingDetector(a, e) }
        return detector!.isAntialiased(x: x, y: y)
    }

    /// Whether `count` bytes from `offset` are equal in both buffers, 8 bytes at a time.
    @inline(__always)
    static func rowsEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, offset: Int, count: Int) -> Bool {
        // offset + count ≤ a.count == b.count: callers pass whole rows of equal-sized images.
        var i = 0
        var differ: UInt64 = 0
        while i + 32 <= count {
            differ |= a.loadUnaligned(fromByteOffset: offset + i, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: offset + i, as: UInt64.self)
            differ |= a.loadUnaligned(fromByteOffset: offset + i + 8, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: offset + i + 8, as: UInt64.self)
            differ |= a.loadUnaligned(fromByteOffset: offset + i + 16, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: offset + i + 16, as: UInt64.self)
            differ |= a.loadUnaligned(fromByteOffset: offset + i + 24, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: offset + i + 24, as: UInt64.self)
            i += 32
        }
        while i < count {
            if a[offset + i] != b[offset + i] { return false }
            i += 1
        }
        return differ == 0
    }

    @inline(__always)
    private static func mark(_ mark: PixelMark, x: Int, y: Int, width: Int, height: Int,
                             in result: inout FrameDifference) {
        if result.marks == nil { result.marks = [UInt8](repeating: 0, count: width * height) }
        result.marks![y * width + x] = mark.rawValue
    }

    /// Whether two equal-sized images look the same (byte-equal, or differing only in colours
    /// hidden under alpha 0). Used to merge identical consecutive frames.
    static func equivalent(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        if a.pixels == b.pixels { return true }
        return a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                let ga = PixelGrid(bytes: pa, width: a.width, height: a.height)
                let gb = PixelGrid(bytes: pb, width: b.width, height: b.height)
                let rowBytes = a.width * 4
                for y in 0..<a.height where !rowsEqual(pa, pb, offset: y * rowBytes, count: rowBytes) {
                    for x in 0..<a.width where !PixelDistance.equivalent(ga.pixel(x, y), gb.pixel(x, y)) {
                        return false
                    }
                }
                return true
            }
        }
    }
}
