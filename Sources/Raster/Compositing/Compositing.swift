#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let w = width
        pixels.withUnsafeMutableBufferPointer { bytes in
            rasterizer.forEachCoverage { x, y, c in
                let level = UInt8((c * 255).rounded())
                guard level > 0 else { return }
                // (x, y) lies inside the canvas, so i + 3 < width × height × 4.
                let i = (y * w + x) * 4
                let under = RGBA8(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
                let out = Compositing.sourceOver(color, coverage: level, onto: under, in: space)
                bytes[i] = out.r
                bytes[i + 1] = out.g
                bytes[i + 2] = out.b
                bytes[i + 3] = out.a
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
        composite(color, coverage: rasterizer, in: space)
        rasterizer.reset()
    }
}
