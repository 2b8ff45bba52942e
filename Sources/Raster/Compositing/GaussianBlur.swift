import Glibc

/// Gaussian blur of one `Float` plane in linear time or better in the radius.
///
/// Small deviations (under 10 px) are a direct separable convolution with the sampled,
/// normalised Gaussian out to 3.5σ: O(σ) per pixel. Larger ones are blurred at a lower
/// resolution (``Reduced``), as Skia and WebKit do for large blur radii: the plane is averaged
/// over `f × f` blocks (`f = ⌊σ / 5⌋`), blurred there by σ′ with σ′² = σ²/f² − 1/4 (the block
/// average adds a variance of f²/12 and the bilinear return to full resolution f²/6, so the
/// total is σ²), and interpolated back. The cost per full-resolution pixel is then constant
/// whatever σ, and the result stays within 0.75/255 of the exact Gaussian, under one 8-bit
/// level (ShadowBlurTests measures it at every pixel of squares, lines and single pixels: at
/// most 0.69/255, at σ = 15 px where blocks of 3 begin; the direct convolution below 10 px
/// within 0.15/255).
public enum GaussianBlur {
    /// How far the kernel reaches, in pixels.
    public static func reach(sigma: Double) -> Int { Int((3.5 * sigma).rounded(.up)) + 1 }

    /// The side of the blocks a blur of `sigma` pixels is computed on: 1 (full resolution)
    /// below 10 px, else `⌊σ / 5⌋`, so that σ′ stays at least about 4.9 blocks and the
    /// interpolation's error below 1/255 (see the type's notes).
    public static func blockSize(sigma: Double) -> Int {
        let f = Int(sigma / 5)
        return f < 2 ? 1 : f
    }

    /// Blurs `plane` (rows of `width`) inside `region`; values outside `region` are taken as 0
    /// and left untouched.
    ///
    /// - Parameter nonZero: where the plane may be non-zero inside `region` (all of it when
    ///   `nil`): only those pixels are read, which saves the reading of a wide empty margin.
    public static func blur(_ plane: inout [Float], width: Int, region: PixelRect, sigma: Double, nonZero: PixelRect? = nil) {
        guard sigma > 0, !region.isEmpty else { return }
        if blockSize(sigma: sigma) == 1 {
            let kernel = self.kernel(sigma: sigma)
            plane.withUnsafeMutableBufferPointer { buffer in
                convolve(buffer, stride: 1, lineStride: width, count: region.x1 - region.x0, lines: region.y0..<region.y1,
                         start: region.x0, kernel: kernel)
                convolve(buffer, stride: width, lineStride: 1, count: region.y1 - region.y0, lines: region.x0..<region.x1,
                         start: region.y0 * width, kernel: kernel)
            }
            return
        }
        var source = nonZero ?? region
        source = PixelRect(x0: max(source.x0, region.x0), y0: max(source.y0, region.y0),
                           x1: min(source.x1, region.x1), y1: min(source.y1, region.y1))
        let reduced = plane.withUnsafeBufferPointer { plane in
            Reduced(plane, stride: width, originX: 0, originY: 0, nonZero: source, region: region, sigma: sigma)
        }
        var low = [Float](repeating: 0, count: reduced.lowWidth + 2)
        plane.withUnsafeMutableBufferPointer { plane in
            low.withUnsafeMutableBufferPointer { low in
                guard let base = plane.baseAddress, let low = low.baseAddress else { return }
                for y in region.y0..<region.y1 {
                    reduced.lowRow(y, into: low)
                    reduced.fill(from: low, region.x0..<region.x1, into: base + y * width + region.x0)
                }
            }
        }
    }

    /// A plane blurred at `1/f` of its resolution, read back one full-resolution row at a time
    /// by bilinear interpolation (see ``GaussianBlur``). Block `(i, j)` covers the pixels
    /// `region.x0 + i·f ..< region.x0 + (i + 1)·f` and the rows likewise; blocks past the
    /// region's edge average zeros.
    struct Reduced {
        let region: PixelRect
        let f: Int
        /// The blocks across and down.
        let lowWidth: Int, lowHeight: Int
        /// The blurred block averages, `lowWidth × lowHeight`, row-major.
        private var low: [Float]
        /// For each column of the region: the index into a low row padded by one value at each
        /// end (``lowRow(_:into:)``) of the block centre on its left, and the weight of the one
        /// on its right.
        private let columns: [Int32], weights: [Float]

        /// Averages the pixels of `nonZero` (inside `region`; the plane holds zeros elsewhere)
        /// and blurs the averages. Pixel `(x, y)` of the plane is
        /// `plane[(y − originY) · stride + x − originX]`.
        init(_ plane: UnsafeBufferPointer<Float>, stride: Int, originX: Int, originY: Int, nonZero: PixelRect,
             region: PixelRect, sigma: Double) {
            let f = GaussianBlur.blockSize(sigma: sigma)
            self.region = region
            self.f = f
            let lw = (region.x1 - region.x0 + f - 1) / f, lh = (region.y1 - region.y0 + f - 1) / f
            lowWidth = lw
            lowHeight = lh
            var low = [Float](repeating: 0, count: lw * lh)
            let norm = 1 / Float(f * f)
            if !nonZero.isEmpty {
                low.withUnsafeMutableBufferPointer { low in
                    // Every block index is below lw × lh (nonZero lies inside region), every
                    // pixel read inside nonZero.
                    for y in nonZero.y0..<nonZero.y1 {
                        let row = (y - region.y0) / f * lw
                        let line = (y - originY) * stride - originX
                        var x = nonZero.x0
                        while x < nonZero.x1 {
                            // One block's pixels on this row summed before adding: the sums do
                            // not wait on one another.
                            let block = (x - region.x0) / f
                            let end = min(nonZero.x1, region.x0 + (block + 1) * f)
                            var sum: Float = 0
                            for i in x..<end { sum += plane[line + i] }
                            low[row + block] += sum * norm
                            x = end
                        }
                    }
                }
                let lowSigma = (max(0.01, sigma * sigma / Double(f * f) - 0.25)).squareRoot()
                let kernel = GaussianBlur.kernel(sigma: lowSigma)
                low.withUnsafeMutableBufferPointer { buffer in
                    GaussianBlur.convolve(buffer, stride: 1, lineStride: lw, count: lw, lines: 0..<lh, start: 0, kernel: kernel)
                    GaussianBlur.convolve(buffer, stride: lw, lineStride: 1, count: lh, lines: 0..<lw, start: 0, kernel: kernel)
                }
            }
            self.low = low
            // Block j's centre is at pixel j·f + (f − 1)/2 of the region; before the first
            // centre and after the last the value is held (the padding repeats the end values).
            var columns = [Int32](), weights = [Float]()
            columns.reserveCapacity(region.x1 - region.x0)
            weights.reserveCapacity(region.x1 - region.x0)
            for i in 0..<(region.x1 - region.x0) {
                let (j, t) = Self.position(i, f)
                columns.append(Int32(j + 1))
                weights.append(t)
            }
            self.columns = columns
            self.weights = weights
        }

        /// Where full-resolution index `i` falls between block centres: the block on its left
        /// (−1 before the first) and the distance past it, 0…1 blocks.
        private static func position(_ i: Int, _ f: Int) -> (Int, Float) {
            let u = (Double(i) + 0.5) / Double(f) - 0.5
            let j = Int(u.rounded(.down))
            return (j, Float(u - Double(j)))
        }

        /// Row `y` (inside the region) at low resolution across: `lowWidth + 2` values, the
        /// first and last repeating their neighbours.
        func lowRow(_ y: Int, into out: UnsafeMutablePointer<Float>) {
            let (j, t) = Self.position(y - region.y0, f)
            let lw = lowWidth
            let row0 = min(max(j, 0), lowHeight - 1) * lw, row1 = min(max(j + 1, 0), lowHeight - 1) * lw
            low.withUnsafeBufferPointer { low in
                for i in 0..<lw { out[i + 1] = low[row0 + i] * (1 - t) + low[row1 + i] * t }
            }
            out[0] = out[1]
            out[lw + 1] = out[lw]
        }

        /// The full-resolution values of columns `xs` (inside the region) of a row made by
        /// ``lowRow(_:into:)``, written to `out[0 ..< xs.count]`.
        func fill(from lowRow: UnsafePointer<Float>, _ xs: Range<Int>, into out: UnsafeMutablePointer<Float>) {
            columns.withUnsafeBufferPointer { columns in
                weights.withUnsafeBufferPointer { weights in
                    let start = xs.lowerBound - region.x0
                    for k in 0..<xs.count {
                        let j = Int(columns[start + k]), t = weights[start + k]
                        out[k] = lowRow[j] * (1 - t) + lowRow[j + 1] * t
                    }
                }
            }
        }

        /// The columns of a row made by ``lowRow(_:into:)`` outside of which every value is at
        /// most `threshold`: each value is a mix of the two padded low values around it.
        func span(of lowRow: UnsafePointer<Float>, above threshold: Float) -> Range<Int> {
            var first = 0, last = lowWidth + 1
            while first <= last && lowRow[first] <= threshold { first += 1 }
            guard first <= last else { return region.x0..<region.x0 }
            while lowRow[last] <= threshold { last -= 1 }
            // Column k mixes padded values columns[k] and columns[k] + 1: it may exceed the
            // threshold when columns[k] + 1 ≥ first and columns[k] ≤ last.
            // columns ascends: two binary searches.
            let lo = columns.withUnsafeBufferPointer { columns in GaussianBlur.firstIndex(in: columns) { Int($0) + 1 >= first } }
            let hi = columns.withUnsafeBufferPointer { columns in GaussianBlur.firstIndex(in: columns) { Int($0) > last } }
            return (region.x0 + lo)..<(region.x0 + max(lo, hi))
        }
    }

    /// The first index of `values` (ascending) where `holds` becomes true, `values.count` if never.
    private static func firstIndex(in values: UnsafeBufferPointer<Int32>, where holds: (Int32) -> Bool) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if holds(values[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The sampled Gaussian from −reach to reach, normalised to sum 1.
    static func kernel(sigma: Double) -> [Float] {
        let reach = Int((3.5 * sigma).rounded(.up))
        let values = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = values.reduce(0, +)
        return values.map { Float($0 / total) }
    }

    /// Convolves each line in `lines` (`count` samples `stride` apart, line `k` starting at
    /// `start + k × lineStride`) with `kernel`, zeros outside the line.
    static func convolve(_ buffer: UnsafeMutableBufferPointer<Float>, stride: Int, lineStride: Int, count: Int,
                         lines: Range<Int>, start: Int, kernel: [Float]) {
        let reach = kernel.count / 2
        var line = [Float](repeating: 0, count: count + 2 * reach)
        var out = [Float](repeating: 0, count: count)
        kernel.withUnsafeBufferPointer { k in
            line.withUnsafeMutableBufferPointer { line in
                out.withUnsafeMutableBufferPointer { out in
                    for lineIndex in lines {
                        let base = start + lineIndex * lineStride
                        // Every index is base + i × stride for i < count: inside the region.
                        var any = false
                        for i in 0..<count {
                            let v = buffer[base + i * stride]
                            line[reach + i] = v
                            if v != 0 { any = true }
                        }
                        guard any else { continue }
                        // Eight outputs at a time, each adding its taps in order as the scalar
                        // loop does: the eight sums do not wait on one another. Every load ends
                        // by i + 8 + k.count − 1 ≤ count + 2·reach.
                        let samples = UnsafeRawPointer(line.baseAddress!)
                        var i = 0
                        while i + 8 <= count {
                            var sum = SIMD8<Float>()
                            for j in 0..<k.count {
                                sum += samples.loadUnaligned(fromByteOffset: (i + j) * 4, as: SIMD8<Float>.self) * k[j]
                            }
                            for lane in 0..<8 { out[i + lane] = sum[lane] }
                            i += 8
                        }
                        while i < count {
                            var sum: Float = 0
                            for j in 0..<k.count { sum += line[i + j] * k[j] }
                            out[i] = sum
                            i += 1
                        }
                        for i in 0..<count { buffer[base + i * stride] = out[i] }
                    }
                }
            }
        }
    }
}
