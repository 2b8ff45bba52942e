import Raster

/// Perceptual colour distance between two pixels: pixelmatch's YIQ metric.
///
/// Port of `colorDelta` from pixelmatch 5 (Mapbox, ISC licence), after Kotsarenko & Ramos,
/// "Measuring perceived color difference using YIQ NTSC transmission color space in mobile
/// applications" (2010): the squared distance `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²` between the
/// two colours in YIQ, 0 for identical pixels and at most ``maximum`` (35215, black against
/// white). A `threshold` t in 0…1 accepts distances up to `35215 · t²`.
///
/// pixelmatch first blends a non-opaque pixel onto white. On its own that flattens onto one
/// background, which would hide alpha differences: white at alpha 255 and at alpha 128 would both be
/// white. ``delta(_:_:)`` therefore also measures the pair blended onto black and keeps the
/// larger distance; for two opaque pixels both are pixelmatch's figure. ``pixelmatchDelta(_:_:)``
/// is the unmodified port.
public enum PixelDistance {
    /// The largest possible distance, black against white (pixelmatch's 35215).
    public static let maximum: Double = 35215

    /// The distance used by the comparison: the larger of the YIQ distances with both pixels
    /// blended onto white and onto black.
    ///
    /// - Returns: 0 when the pixels are equal or both fully transparent, else 0…35215.
    public static func delta(_ a: RGBA8, _ b: RGBA8) -> Double {
        delta(packed(a), packed(b))
    }

    /// pixelmatch's `colorDelta`: the YIQ distance with non-opaque pixels blended onto white.
    ///
    /// - Returns: 0…35215, unsigned.
    public static func pixelmatchDelta(_ a: RGBA8, _ b: RGBA8) -> Double {
        let p = packed(a), q = packed(b)
        return p == q ? 0 : yiqDelta(p, q, backdrop: 255)
    }

    /// The threshold (0…1) whose limit `35215 · t²` equals `delta`: the distance on the scale of
    /// `--threshold`.
    public static func thresholdEquivalent(ofDelta delta: Double) -> Double {
        (max(0, delta) / maximum).squareRoot()
    }

    // MARK: Packed pixels (internal, hot)

    /// A pixel as `r | g << 8 | b << 16 | a << 24`: the little-endian load of its 4 bytes.
    @inline(__always)
    static func packed(_ p: RGBA8) -> UInt32 {
        UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
    }

    /// Whether two packed pixels look the same: equal, or both fully transparent.
    @inline(__always)
    static func equivalent(_ p: UInt32, _ q: UInt32) -> Bool {
        p == q || (p | q) >> 24 == 0
    }

    /// ``delta(_:_:)`` on packed pixels.
    @inline(__always)
    static func delta(_ p: UInt32, _ q: UInt32) -> Double {
        if equivalent(p, q) { return 0 }
        let onWhite = yiqDelta(p, q, backdrop: 255)
        guard (p & q) >> 24 != 255 else { return onWhite }
        return max(onWhite, yiqDelta(p, q, backdrop: 0))
    }

    /// pixelmatch's YIQ distance with non-opaque pixels blended onto a grey `backdrop` (255 is
    /// pixelmatch's white).
    @inline(__always)
    static func yiqDelta(_ p: UInt32, _ q: UInt32, backdrop: Double) -> Double {
        let (r1, g1, b1) = blended(p, backdrop: backdrop)
        let (r2, g2, b2) = blended(q, backdrop: backdrop)
        let y = luma(r1, g1, b1) - luma(r2, g2, b2)
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let qd = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * qd * qd
    }

    /// pixelmatch's brightness difference `Y(p) − Y(q)` with both blended onto white
    /// (`colorDelta(…, yOnly: true)`), used by anti-aliasing detection.
    @inline(__always)
    static func lumaDelta(_ p: UInt32, _ q: UInt32) -> Double {
        if p == q { return 0 }
        let (r1, g1, b1) = blended(p, backdrop: 255)
        let (r2, g2, b2) = blended(q, backdrop: 255)
        return luma(r1, g1, b1) - luma(r2, g2, b2)
    }

    /// The pixel's r, g, b, blended onto `backdrop` when not opaque (pixelmatch's `blend`).
    @inline(__always)
    static func blended(_ p: UInt32, backdrop: Double) -> (Double, Double, Double) {
        let r = Double(p & 0xFF), g = Double(p >> 8 & 0xFF), b = Double(p >> 16 & 0xFF)
        let alpha = p >> 24
        guard alpha < 255 else { return (r, g, b) }
        let a = Double(alpha) / 255
        return (backdrop + (r - backdrop) * a, backdrop + (g - backdrop) * a, backdrop + (b - backdrop) * a)
    }

    /// NTSC Y (pixelmatch's `rgb2y`).
    @inline(__always)
    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// NTSC I (pixelmatch's `rgb2i`).
    @inline(__always)
    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    /// NTSC Q (pixelmatch's `rgb2q`).
    @inline(__always)
    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
}
