/// The alpha of SwiftUI's `shadow`: a picture's alpha moved by (`dx`, `dy`) pixels and blurred by
/// a Gaussian of standard deviation `sigma` pixels (``GaussianBlur``), read one row at a time, so
/// that no canvas-sized plane is made for it.
///
/// The whole-pixel part of the move is an index shift; the fraction is linear interpolation
/// (exact for a blurred picture: it is smooth at the pixel scale once blurred). A large `sigma`
/// keeps the blur at low resolution (``GaussianBlur/Reduced``) and interpolates each row from it.
struct ShadowMask {
    /// Where the shadow may be non-zero: the moved alpha's bounds (one pixel wider for the
    /// interpolation) grown by the blur's reach, cut to the canvas.
    let area: PixelRect
    /// The blur at low resolution, for large deviations.
    private let reduced: GaussianBlur.Reduced?
    /// Otherwise the shadow at full resolution over `area`, row-major.
    private let plane: [Float]

    /// The shadow of the alpha inside `bounds` (zero outside); pixel `(x, y)` of that alpha is
    /// `alpha[(y − originY) · stride + x − originX]`. `width × height` is the canvas.
    init(alpha: UnsafeBufferPointer<Float>, stride: Int, originX: Int, originY: Int, bounds: PixelRect, sigma: Double,
         dx: Double, dy: Double, width: Int, height: Int) {
        let ix = Int(dx.rounded(.down)), iy = Int(dy.rounded(.down))
        let fx = Float(dx - Double(ix)), fy = Float(dy - Double(iy))
        let moved = bounds.offset(dx: ix, dy: iy, width: width, height: height).expanded(by: 1, width: width, height: height)
        guard !moved.isEmpty else {
            area = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
            reduced = nil
            plane = []
            return
        }
        // The moved alpha over `moved`.
        let mw = moved.x1 - moved.x0
        var shifted = [Float](repeating: 0, count: mw * (moved.y1 - moved.y0))
        shifted.withUnsafeMutableBufferPointer { target in
            // Outside bounds every pixel is transparent; inside, every index is in alpha.
            @inline(__always) func at(_ x: Int, _ y: Int) -> Float {
                x < bounds.x0 || y < bounds.y0 || x >= bounds.x1 || y >= bounds.y1 ? 0 : alpha[(y - originY) * stride + x - originX]
            }
            if fx == 0 && fy == 0 {
                // A whole-pixel move (no offset, most shadows) reads each pixel once: with
                // weights 1 and 0 the interpolation below gives the same values.
                let x0 = max(moved.x0, bounds.x0 + ix), x1 = min(moved.x1, bounds.x1 + ix)
                guard x0 < x1 else { return }
                for y in max(moved.y0, bounds.y0 + iy)..<min(moved.y1, bounds.y1 + iy) {
                    let from = (y - iy - originY) * stride + x0 - ix - originX, to = (y - moved.y0) * mw + x0 - moved.x0
                    for k in 0..<(x1 - x0) { target[to + k] = alpha[from + k] }
                }
                return
            }
            for y in moved.y0..<moved.y1 {
                for x in moved.x0..<moved.x1 {
                    let sx = x - ix, sy = y - iy
                    let top = at(sx, sy) * (1 - fx) + at(sx - 1, sy) * fx
                    let bottom = at(sx, sy - 1) * (1 - fx) + at(sx - 1, sy - 1) * fx
                    target[(y - moved.y0) * mw + x - moved.x0] = top * (1 - fy) + bottom * fy
                }
            }
        }
        guard sigma > 0 else {
            area = moved
            reduced = nil
            plane = shifted
            return
        }
        let area = moved.expanded(by: GaussianBlur.reach(sigma: sigma), width: width, height: height)
        self.area = area
        if GaussianBlur.blockSize(sigma: sigma) > 1 {
            reduced = shifted.withUnsafeBufferPointer { shifted in
                GaussianBlur.Reduced(shifted, stride: mw, originX: moved.x0, originY: moved.y0, nonZero: moved, region: area,
                                     sigma: sigma)
            }
            plane = []
            return
        }
        // Full resolution: the moved alpha placed in the area and convolved there (rows outside
        // `moved` are zero before the first pass, so only its rows are convolved across).
        let aw = area.x1 - area.x0, ah = area.y1 - area.y0
        var plane = [Float](repeating: 0, count: aw * ah)
        for y in moved.y0..<moved.y1 {
            for x in moved.x0..<moved.x1 { plane[(y - area.y0) * aw + x - area.x0] = shifted[(y - moved.y0) * mw + x - moved.x0] }
        }
        let kernel = GaussianBlur.kernel(sigma: sigma)
        plane.withUnsafeMutableBufferPointer { buffer in
            GaussianBlur.convolve(buffer, stride: 1, lineStride: aw, count: aw, lines: (moved.y0 - area.y0)..<(moved.y1 - area.y0),
                                  start: 0, kernel: kernel)
            GaussianBlur.convolve(buffer, stride: aw, lineStride: 1, count: ah, lines: 0..<aw, start: 0, kernel: kernel)
        }
        reduced = nil
        self.plane = plane
    }

    /// How many `Float`s of scratch ``prepare(row:scratch:)`` writes.
    var scratchCount: Int { reduced.map { $0.lowWidth + 2 } ?? 0 }

    /// Readies row `y` (inside the area) for ``span(row:scratch:above:)`` and ``fill(row:scratch:_:into:)``.
    func prepare(row y: Int, scratch: UnsafeMutablePointer<Float>) {
        reduced?.lowRow(y, into: scratch)
    }

    /// The columns of row `y` outside of which the shadow is at most `threshold`.
    func span(row y: Int, scratch: UnsafeMutablePointer<Float>, above threshold: Float) -> Range<Int> {
        if let reduced { return reduced.span(of: scratch, above: threshold) }
        // At full resolution the row is read from both ends: a faint shadow rounds to nothing
        // well inside the blur's reach, and what is not written is not a frame's damage.
        let aw = area.x1 - area.x0
        return plane.withUnsafeBufferPointer { plane in
            let start = (y - area.y0) * aw
            var low = 0, high = aw
            while low < high && plane[start + low] <= threshold { low += 1 }
            while high > low && plane[start + high - 1] <= threshold { high -= 1 }
            return (area.x0 + low)..<(area.x0 + high)
        }
    }

    /// The shadow at columns `xs` (inside the area) of row `y`, written to `out[0 ..< xs.count]`.
    func fill(row y: Int, scratch: UnsafeMutablePointer<Float>, _ xs: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        if let reduced {
            reduced.fill(from: scratch, xs, into: out)
            return
        }
        let aw = area.x1 - area.x0
        plane.withUnsafeBufferPointer { plane in
            let start = (y - area.y0) * aw + xs.lowerBound - area.x0
            for k in 0..<xs.count { out[k] = plane[start + k] }
        }
    }
}

extension Layer {
    /// SwiftUI's `shadow`: this layer's alpha blurred by `sigma` pixels, moved by (`dx`, `dy`)
    /// pixels and painted `colour` (straight, 0…1), drawn under the layer (``ShadowMask``).
    public mutating func addShadow(red: Double, green: Double, blue: Double, alpha: Double, sigma: Double, dx: Double, dy: Double) {
        guard !bounds.isEmpty, alpha > 0 else { return }
        let mask = a.withUnsafeBufferPointer { a in
            ShadowMask(alpha: a, stride: width, originX: 0, originY: 0, bounds: bounds, sigma: sigma, dx: dx, dy: dy,
                       width: width, height: height)
        }
        let area = mask.area
        guard !area.isEmpty else { return }
        let cr = Float(red * alpha), cg = Float(green * alpha), cb = Float(blue * alpha), ca = Float(alpha)
        let w = width
        var row = [Float](repeating: 0, count: area.x1 - area.x0)
        var scratch = [Float](repeating: 0, count: mask.scratchCount)
        row.withUnsafeMutableBufferPointer { row in
            scratch.withUnsafeMutableBufferPointer { scratch in
                r.withUnsafeMutableBufferPointer { r in
                    g.withUnsafeMutableBufferPointer { g in
                        b.withUnsafeMutableBufferPointer { b in
                            a.withUnsafeMutableBufferPointer { a in
                                guard let shadow = row.baseAddress, let scratch = scratch.baseAddress else { return }
                                // area lies inside the canvas, so every i < width × height.
                                for y in area.y0..<area.y1 {
                                    mask.prepare(row: y, scratch: scratch)
                                    mask.fill(row: y, scratch: scratch, area.x0..<area.x1, into: shadow)
                                    for x in area.x0..<area.x1 {
                                        let s = shadow[x - area.x0]
                                        guard s > 0 else { continue }
                                        // The layer over the shadow, premultiplied source-over.
                                        let i = y * w + x
                                        let under = s * (1 - a[i])
                                        r[i] += cr * under
                                        g[i] += cg * under
                                        b[i] += cb * under
                                        a[i] += ca * under
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        bounds = area.union(bounds)
    }
}

extension RGBAImage {
    /// Composites `content` with SwiftUI's `shadow` under it onto this image: the same pixels as
    /// `Layer(content)`, ``Layer/addShadow(red:green:blue:alpha:sigma:dx:dy:)`` and
    /// ``composite(_:opacity:mode:in:)`` with `opacity`, without their canvas-sized planes.
    /// Where the content is transparent the shadow is drawn straight from its ``ShadowMask``
    /// rows, and where it rounds to no coverage it is skipped by whole runs.
    ///
    /// - Parameters:
    ///   - colour: the shadow's colour, straight alpha.
    ///   - sigma: the blur's standard deviation in pixels (SwiftUI's `radius` times the scale).
    ///   - dx, dy: the shadow's offset in pixels.
    ///   - opacity: the opacity of the content and its shadow together, 0…1.
    ///   - region: A rectangle holding every non-zero byte of `content`, when the caller knows
    ///     one (the box of the views drawn into it): `content` is read only inside it.
    /// - Returns: `content`: `content`'s ``nonZeroBounds(within:)``, outside which every byte
    ///   of it is 0 (what a caller that reuses the content's buffer must clear); `written`: a
    ///   rectangle holding every pixel of this image the call wrote (empty when none), outside
    ///   which the image is as it was (a frame's damage: where the shadow is faint enough to
    ///   round to no coverage, well inside the blur's reach, nothing is written).
    /// - Precondition: `content` has this image's size.
    @discardableResult
    public mutating func compositeShadowed(_ content: RGBAImage, within region: PixelRect? = nil, shadow colour: RGBA8, sigma: Double,
                                           dx: Double, dy: Double, opacity: Double,
                                           in space: BlendSpace = .sRGB) -> (content: PixelRect, written: PixelRect) {
        precondition(content.width == width && content.height == height, "canvas sizes differ")
        // What the caller must clear; inside it, the shadow's geometry follows the pixels with
        // alpha, as Layer(content) measures them (a pixel knocked to alpha 0 by a blend mode may
        // keep its colour, and must not move the reduced blur's blocks).
        let drawn = content.nonZeroBounds(within: region)
        let bounds = content.inkBounds(within: drawn)
        let none = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        guard !bounds.isEmpty, opacity > 0 else { return (drawn, none) }
        let w = width, o = Float(min(1, opacity))
        let scale: Float = 1 / 255
        // The content's alpha over its bounds, as Layer(content) has it.
        let bw = bounds.x1 - bounds.x0
        var alpha = [Float](repeating: 0, count: bw * (bounds.y1 - bounds.y0))
        content.pixels.withUnsafeBytes { bytes in
            guard let source = bytes.baseAddress else { return }
            for y in bounds.y0..<bounds.y1 {
                for x in bounds.x0..<bounds.x1 {
                    alpha[(y - bounds.y0) * bw + x - bounds.x0] = Float(source.load(fromByteOffset: (y * w + x) * 4 + 3, as: UInt8.self)) * scale
                }
            }
        }
        let mask: ShadowMask? =
            colour.a == 0
            ? nil
            : alpha.withUnsafeBufferPointer { alpha in
                ShadowMask(alpha: alpha, stride: bw, originX: bounds.x0, originY: bounds.y0, bounds: bounds, sigma: sigma, dx: dx, dy: dy,
                           width: width, height: height)
            }
        let area = mask?.area ?? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        let all = area.union(bounds)
        // The colour as addShadow mixes it (premultiplied), and as a source pixel: where the
        // content is transparent the straight colour is the shadow's own.
        let sa = Double(colour.a) / 255
        let cr = Float(Double(colour.r) / 255 * sa), cg = Float(Double(colour.g) / 255 * sa), cb = Float(Double(colour.b) / 255 * sa)
        let ca = Float(sa)
        let shadowKey = UInt64(RGBA8(r: colour.r, g: colour.g, b: colour.b, a: 255).packed & 0x00FF_FFFF)
        let shadowSource = RGBA8(r: colour.r, g: colour.g, b: colour.b, a: 255)
        // Below this a shadow alone rounds to coverage 0 (ca·s·o·255 + 0.5 < 1, with room for
        // Float rounding), so runs of it are not read.
        let threshold = ca > 0 ? 0.499 / (255 * ca * o) : .infinity
        var row = [Float](repeating: 0, count: all.x1 - all.x0)
        var scratch = [Float](repeating: 0, count: mask?.scratchCount ?? 0)
        // Source-over through the cache of the last result per slot, as composite(_:opacity:) does.
        var cache = [UInt64](repeating: 0, count: 2048)
        // The columns and rows of the pixels the rows below may write.
        var written = none
        content.pixels.withUnsafeBytes { sourceBytes in
            pixels.withUnsafeMutableBytes { bytes in
                row.withUnsafeMutableBufferPointer { row in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        cache.withUnsafeMutableBufferPointer { cache in
                            guard let source = sourceBytes.baseAddress, let base = bytes.baseAddress, let shadow = row.baseAddress,
                                  let cache = cache.baseAddress
                            else { return }
                            let scratch = scratch.baseAddress ?? shadow
                            @inline(__always) func blend(_ source: RGBA8, _ sourceKey: UInt64, _ coverage: UInt8, _ packedUnder: UInt32) -> UInt32 {
                                let key = (sourceKey | UInt64(coverage) << 24) << 32 | UInt64(packedUnder)
                                let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54) * 2
                                if cache[slot] == key && cache[slot + 1] >> 32 == 1 { return UInt32(truncatingIfNeeded: cache[slot + 1]) }
                                let packedOut = Compositing.sourceOver(source, coverage: coverage, onto: RGBA8(packed: packedUnder), in: space).packed
                                cache[slot] = key
                                cache[slot + 1] = 1 << 32 | UInt64(packedOut)
                                return packedOut
                            }
                            // The shadow alone at (x, y): the layer's pixel is its colour at alpha
                            // ca·s. Along a row the shadow changes slowly, so the last pixel's result
                            // is tried first.
                            var lastCoverage: UInt8 = 0, lastUnder: UInt32 = 0, lastOut: UInt32 = 0
                            @inline(__always) func shadowAlone(_ s: Float, _ offset: Int) {
                                let covered = min(1, ca * s) * o
                                guard covered > 0 else { return }
                                let coverage = UInt8(min(255, covered * 255 + 0.5))
                                guard coverage > 0 else { return }
                                let packedUnder = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                                if coverage != lastCoverage || packedUnder != lastUnder {
                                    lastOut = blend(shadowSource, shadowKey, coverage, packedUnder)
                                    lastCoverage = coverage
                                    lastUnder = packedUnder
                                }
                                base.storeBytes(of: lastOut, toByteOffset: offset, as: UInt32.self)
                            }
                            // Every pixel touched lies in `all`, inside the canvas.
                            for y in all.y0..<all.y1 {
                                let inContent = y >= bounds.y0 && y < bounds.y1
                                var xs = area.x0..<area.x0
                                if let mask, y >= area.y0 && y < area.y1 {
                                    mask.prepare(row: y, scratch: scratch)
                                    xs = mask.span(row: y, scratch: scratch, above: threshold)
                                    if inContent {
                                        // The content's pixels need the shadow under them, however faint.
                                        let lo = min(xs.isEmpty ? bounds.x0 : xs.lowerBound, bounds.x0)
                                        let hi = max(xs.isEmpty ? bounds.x1 : xs.upperBound, bounds.x1)
                                        xs = max(lo, area.x0)..<max(max(lo, area.x0), min(hi, area.x1))
                                    }
                                    mask.fill(row: y, scratch: scratch, xs, into: shadow + (xs.lowerBound - all.x0))
                                }
                                // Every write of this row lies in xs or, in the content's rows, its columns.
                                let low = inContent ? (xs.isEmpty ? bounds.x0 : min(xs.lowerBound, bounds.x0)) : xs.lowerBound
                                let high = inContent ? (xs.isEmpty ? bounds.x1 : max(xs.upperBound, bounds.x1)) : xs.upperBound
                                if low < high {
                                    written = written.union(PixelRect(x0: low, y0: y, x1: high, y1: y + 1))
                                }
                                let line = y * w
                                // The shadow alone, left and right of the content.
                                let left = inContent ? xs.lowerBound..<max(xs.lowerBound, min(xs.upperBound, bounds.x0)) : xs
                                for x in left { shadowAlone(shadow[x - all.x0], (line + x) * 4) }
                                guard inContent else { continue }
                                for x in max(xs.lowerBound, bounds.x1)..<max(max(xs.lowerBound, bounds.x1), xs.upperBound) {
                                    shadowAlone(shadow[x - all.x0], (line + x) * 4)
                                }
                                // The content over its shadow, premultiplied, then composited.
                                for x in bounds.x0..<bounds.x1 {
                                    let offset = (line + x) * 4
                                    let s = xs.contains(x) ? shadow[x - all.x0] : 0
                                    let own = source.load(fromByteOffset: offset + 3, as: UInt8.self)
                                    guard own > 0 else {
                                        if s > 0 { shadowAlone(s, offset) }
                                        continue
                                    }
                                    let ac = Float(own) * scale
                                    var r = Float(source.load(fromByteOffset: offset, as: UInt8.self)) * scale * ac
                                    var g = Float(source.load(fromByteOffset: offset + 1, as: UInt8.self)) * scale * ac
                                    var b = Float(source.load(fromByteOffset: offset + 2, as: UInt8.self)) * scale * ac
                                    var a = ac
                                    if s > 0 {
                                        let under = s * (1 - a)
                                        r += cr * under
                                        g += cg * under
                                        b += cb * under
                                        a += ca * under
                                    }
                                    let covered = min(1, a) * o
                                    // Non-negative, so + 0.5 and truncation round half up as rounded() does.
                                    let coverage = UInt8(min(255, covered * 255 + 0.5))
                                    guard coverage > 0 else { continue }
                                    let inverse = 255 / a
                                    @inline(__always) func straight(_ v: Float) -> UInt8 { UInt8(min(255, max(0, v * inverse + 0.5))) }
                                    let pixel = RGBA8(r: straight(r), g: straight(g), b: straight(b), a: 255)
                                    let packedUnder = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                                    let packedOut = blend(pixel, UInt64(pixel.packed & 0x00FF_FFFF), coverage, packedUnder)
                                    base.storeBytes(of: packedOut, toByteOffset: offset, as: UInt32.self)
                                }
                            }
                        }
                    }
                }
            }
        }
        return (drawn, written)
    }
}
