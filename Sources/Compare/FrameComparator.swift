import Workers
import Raster

/// Compares two images of the same size pixel by pixel.
enum FrameComparator {
    /// Compares `actual` with `expected` (same width and height).
    ///
    /// Rows whose bytes are identical are skipped with one word-wise pass; that is the whole cost
    /// for equal frames. Within a row, equal or both-transparent pixels are skipped before any
    /// colour maths. Large frames are split into horizontal bands compared in parallel; the
    /// result does not depend on the split.
    ///
    /// - Parameter bandOverride: the number of bands, for tests; `nil` chooses by size.
    /// - Parameter ignored: one byte per pixel, 1 where the pixel is left out (``IgnoredRegions``).
    static func compare(_ actual: RGBAImage, _ expected: RGBAImage, options: ComparisonOptions,
                        ignored: [UInt8]? = nil, bandOverride: Int? = nil) -> FrameDifference {
        precondition(actual.width == expected.width && actual.height == expected.height)
        let width = actual.width, height = actual.height
        return actual.pixels.withUnsafeBytes { a in
            expected.pixels.withUnsafeBytes { e in
                let gridA = PixelGrid(bytes: a, width: width, height: height)
                let gridE = PixelGrid(bytes: e, width: width, height: height)
                let bands = max(1, min(height, bandOverride ?? bandCount(width: width, height: height)))
                if bands == 1 {
                    return compareRows(0..<height, gridA, gridE, options: options, ignored: ignored)
                }
                let partials = ResultSlots<FrameDifference>(count: bands)
                Workers.run(bands) { band in
                    let rows = band * height / bands..<(band + 1) * height / bands
                    partials.store(compareRows(rows, gridA, gridE, options: options, ignored: ignored), at: band)
                }
                return merge(partials.values, width: width, height: height, bands: bands)
            }
        }
    }

    /// Pixels per band below which splitting costs more than it saves.
    static let minimumPixelsPerBand = 1 << 17

    /// How many bands to compare in parallel: 1 for small frames, else up to 4.
    static func bandCount(width: Int, height: Int) -> Int {
        max(1, min(4, height / 16, width * height / minimumPixelsPerBand))
    }

    /// Joins band results (in row order) into one, with marks for the whole frame.
    private static func merge(_ partials: [FrameDifference], width: Int, height: Int, bands: Int) -> FrameDifference {
        var result = FrameDifference()
        var anyMarks = false
        for partial in partials {
            result.differing += partial.differing
            result.antialiased += partial.antialiased
            result.maxDelta = max(result.maxDelta, partial.maxDelta)
            if result.first == nil { result.first = partial.first }
            anyMarks = anyMarks || partial.marks != nil
        }
        guard anyMarks else { return result }
        var marks = [UInt8](repeating: 0, count: width * height)
        for (band, partial) in partials.enumerated() {
            guard let bandMarks = partial.marks else { continue }
            let start = band * height / bands * width
            marks.replaceSubrange(start..<start + bandMarks.count, with: bandMarks)
        }
        result.marks = marks
        return result
    }

    /// Compares the given rows; the result's marks cover just these rows.
    private static func compareRows(_ rows: Range<Int>, _ a: PixelGrid, _ e: PixelGrid,
                                    options: ComparisonOptions, ignored: [UInt8]?) -> FrameDifference {
        var result = FrameDifference()
        let rowBytes = a.width * 4
        let exact = options.threshold == 0
        let maxDelta = options.maxDelta
        var detector: AntialiasingDetector? = nil
        var marks = MarkBuffer(count: rows.count * a.width)
        for y in rows {
            if rowsEqual(a.bytes, e.bytes, offset: y * rowBytes, count: rowBytes) { continue }
            let rowStart = (y - rows.lowerBound) * a.width
            for x in 0..<a.width {
                let p = a.pixel(x, y), q = e.pixel(x, y)
                if PixelDistance.equivalent(p, q) { continue }
                if let ignored, ignored[y * a.width + x] != 0 { continue }
                let delta = PixelDistance.delta(p, q, metric: options.metric)
                if delta > result.maxDelta { result.maxDelta = delta }
                guard exact || delta > maxDelta else { continue }
                if options.ignoreAntialiasing && isAntialiased(x: x, y: y, a, e, detector: &detector) {
                    result.antialiased += 1
                    marks.set(.antialiased, at: rowStart + x)
                } else {
                    result.differing += 1
                    if result.first == nil { result.first = PixelPosition(x: x, y: y) }
                    marks.set(.different, at: rowStart + x)
                }
            }
        }
        result.marks = marks.finish()
        return result
    }

    /// Per-pixel marks of one band, allocated on the first mark.
    private struct MarkBuffer: ~Copyable {
        let count: Int
        var storage: UnsafeMutableBufferPointer<UInt8>? = nil

        init(count: Int) { self.count = count }

        deinit { storage?.deallocate() }

        /// - Precondition: `0 ≤ index < count`.
        @inline(__always)
        mutating func set(_ mark: PixelMark, at index: Int) {
            if storage == nil {
                let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
                buffer.initialize(repeating: PixelMark.same.rawValue)
                storage = buffer
            }
            storage.unsafelyUnwrapped[index] = mark.rawValue
        }

        /// The marks as an array, `nil` when nothing was marked.
        consuming func finish() -> [UInt8]? {
            storage.map { Array($0) }
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
