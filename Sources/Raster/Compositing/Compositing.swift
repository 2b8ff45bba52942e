import Glibc

/// The space in which colours are mixed when a translucent or partly covered source is
/// composited.
public enum BlendSpace: String, Hashable, Sendable, CaseIterable {
    /// Mix the sRGB-encoded values directly, as Core Graphics and browsers do by default.
    case sRGB = "srgb"
    /// Decode to linear light (IEC 61966-2-1 transfer function), mix, encode again.
    case linear
}

/// Porter–Duff source-over compositing of 8-bit sRGB pixels with straight alpha.
///
/// The arithmetic is premultiplied: with source alpha `αs` (coverage × colour alpha) and
/// destination alpha `αd`, the result is `A = αs·255 + αd·(255 − αs)` (alpha × 255) and
/// `C = (Cs·αs·255 + Cd·αd·(255 − αs)) / A`, each division rounded to nearest. Over an
/// opaque destination this is the familiar `(Cs·αs + Cd·(255 − αs)) / 255`.
public enum Compositing {
    /// `x / 255` rounded to nearest, for `0 ≤ x ≤ 255 · 255` (exact: 255 is odd, so no ties).
    @inlinable public static func divide255(_ x: Int) -> Int { (x + 127) / 255 }

    /// Composites `source`, scaled by `coverage` (0…255), over `destination`.
    ///
    /// - Parameters:
    ///   - source: the paint colour, straight alpha.
    ///   - coverage: the fraction of the pixel the shape covers, 0…255.
    ///   - destination: the pixel underneath, straight alpha.
    ///   - space: where the colour channels are mixed.
    /// - Returns: the composited pixel, straight alpha.
    @inlinable
    public static func sourceOver(_ source: RGBA8, coverage: UInt8, onto destination: RGBA8,
                                  in space: BlendSpace = .sRGB) -> RGBA8 {
        let alphaS = divide255(Int(coverage) * Int(source.a))
        if alphaS == 0 { return destination }
        let alphaD = Int(destination.a)
        let weightD = alphaD * (255 - alphaS)
        let total = alphaS * 255 + weightD          // output alpha × 255, > 0
        let alphaOut = UInt8(divide255(total))
        if weightD == 0 { return RGBA8(r: source.r, g: source.g, b: source.b, a: alphaOut) }
        switch space {
        case .sRGB:
            @inline(__always) func mix(_ s: UInt8, _ d: UInt8) -> UInt8 {
                UInt8((Int(s) * alphaS * 255 + Int(d) * weightD + total / 2) / total)
            }
            return RGBA8(r: mix(source.r, destination.r), g: mix(source.g, destination.g),
                         b: mix(source.b, destination.b), a: alphaOut)
        case .linear:
            let ws = Double(alphaS * 255) / Double(total)
            let wd = Double(weightD) / Double(total)
            @inline(__always) func mix(_ s: UInt8, _ d: UInt8) -> UInt8 {
                SRGBTransfer.encode(SRGBTransfer.decode(s) * ws + SRGBTransfer.decode(d) * wd)
            }
            return RGBA8(r: mix(source.r, destination.r), g: mix(source.g, destination.g),
                         b: mix(source.b, destination.b), a: alphaOut)
        }
    }
}

/// The sRGB transfer function (IEC 61966-2-1).
public enum SRGBTransfer {
    /// Linear-light value (0…1) of each 8-bit sRGB code.
    public static let decodeTable: [Double] = (0..<256).map { code in
        let v = Double(code) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear-light value of an 8-bit sRGB code.
    @inlinable public static func decode(_ code: UInt8) -> Double { decodeTable[Int(code)] }

    /// The nearest 8-bit sRGB code for a linear-light value (clamped to 0…1).
    public static func encode(_ linear: Double) -> UInt8 {
        let l = min(1, max(0, linear))
        let v = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8((v * 255).rounded())
    }
}

extension RGBAImage {
    /// Composites `color` over this image wherever `rasterizer` has coverage.
    ///
    /// Coverage is rounded to nearest 8-bit before compositing, so a one-colour shape on a
    /// solid background yields at most 256 distinct pixels (one per coverage level).
    ///
    /// - Precondition: the rasterizer's canvas has this image's size.
    public mutating func composite(_ color: RGBA8, coverage rasterizer: CoverageRasterizer,
                                   in space: BlendSpace = .sRGB) {
        precondition(rasterizer.width == width && rasterizer.height == height, "canvas sizes differ")
        compositeRuns(color, in: space) { body in rasterizer.forEachCoverageRun(body) }
    }

    /// Composites `color` over this image wherever `rasterizer` has coverage, as
    /// ``composite(_:coverage:in:)`` does, and leaves the rasterizer empty (as its
    /// ``CoverageRasterizer/reset()`` would): the sweep clears what it reads.
    ///
    /// - Precondition: the rasterizer's canvas has this image's size.
    public mutating func composite(_ color: RGBA8, draining rasterizer: inout CoverageRasterizer,
                                   in space: BlendSpace = .sRGB) {
        precondition(rasterizer.width == width && rasterizer.height == height, "canvas sizes differ")
        compositeRuns(color, in: space) { body in rasterizer.drainCoverageRuns(body) }
    }

    /// Composites `color` over the runs of one level that `sweep` hands its body (x, y, count,
    /// level), each pixel as ``Compositing/sourceOver(_:coverage:onto:in:)`` gives.
    @inline(__always)
    private mutating func compositeRuns(_ color: RGBA8, in space: BlendSpace,
                                        _ sweep: ((_ x: Int, _ y: Int, _ count: Int, _ level: UInt8) -> Void) -> Void) {
        let w = width
        // Full coverage of an opaque colour gives the colour, whatever lies under it: a shape's
        // inside is stored, not blended.
        let solid: UInt32? = color.a == 255 ? color.packed : nil
        // Source-over is a pure function of (level, pixel underneath) for one paint: remember the
        // last result per level. Under one shape most pixels lie on the same background, so
        // nearly every pixel is a lookup; entry `level` holds (under, out) packed, with bit 32 of
        // the key marking it as set.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 512) { cache in
            cache.initialize(repeating: 0)
            pixels.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                sweep { x, y, count, level in
                    // The run lies inside the canvas's row y, so offset + 4 × count ≤ width × height × 4.
                    var offset = (y * w + x) * 4
                    let stop = offset + count * 4
                    if level == 255, let solid {
                        while offset < stop {
                            base.storeBytes(of: solid, toByteOffset: offset, as: UInt32.self)
                            offset += 4
                        }
                        return
                    }
                    let slot = Int(level) * 2
                    while offset < stop {
                        let under = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        let key = UInt64(under) | 1 << 32
                        if cache[slot] != key {
                            let destination = RGBA8(packed: under)
                            let out = Compositing.sourceOver(color, coverage: level, onto: destination, in: space)
                            cache[slot] = key
                            cache[slot + 1] = UInt64(out.packed)
                        }
                        base.storeBytes(of: UInt32(truncatingIfNeeded: cache[slot + 1]), toByteOffset: offset, as: UInt32.self)
                        offset += 4
                    }
                }
            }
        }
    }

    /// Composites a colour that varies per pixel (a gradient) where the rasterizer has
    /// coverage, source-over: `shade(x, y)` gives the colour of pixel (`x`, `y`), and coverage
    /// is rounded to 8 bits as for one colour.
    ///
    /// - Precondition: the rasterizer's canvas has this image's size.
    public mutating func composite(shading shade: (_ x: Int, _ y: Int) -> RGBA8, coverage rasterizer: CoverageRasterizer,
                                   in space: BlendSpace = .sRGB) {
        precondition(rasterizer.width == width && rasterizer.height == height, "canvas sizes differ")
        let w = width
        pixels.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            rasterizer.forEachCoverageLevel { x, y, level in
                let offset = (y * w + x) * 4
                let under = RGBA8(packed: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                let out = Compositing.sourceOver(shade(x, y), coverage: level, onto: under, in: space)
                base.storeBytes(of: out.packed, toByteOffset: offset, as: UInt32.self)
            }
        }
    }

    /// Fills `path` (transformed to device pixels) with `color`, anti-aliased, source-over.
    ///
    /// - Parameters:
    ///   - rasterizer: scratch accumulator of this image's size, reset before and after use,
    ///     so callers can reuse one per thread.
    public mutating func fill(_ path: Path, transform: AffineTransform = .identity, color: RGBA8,
                              in space: BlendSpace = .sRGB, using rasterizer: inout CoverageRasterizer) {
        rasterizer.reset()
        rasterizer.add(path, transform: transform)
        composite(color, draining: &rasterizer, in: space)
    }
}

extension RGBA8 {
    /// The pixel from its four bytes as laid out in memory (R, G, B, A), read as one
    /// native-endian `UInt32`.
    @inline(__always)
    init(packed value: UInt32) {
        let bytes = value.littleEndian
        self.init(r: UInt8(truncatingIfNeeded: bytes), g: UInt8(truncatingIfNeeded: bytes >> 8),
                  b: UInt8(truncatingIfNeeded: bytes >> 16), a: UInt8(truncatingIfNeeded: bytes >> 24))
    }

    /// The four bytes as laid out in memory (R, G, B, A), as one native-endian `UInt32`.
    @inline(__always)
    var packed: UInt32 {
        UInt32(littleEndian: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
    }
}
