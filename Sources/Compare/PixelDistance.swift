import Glibc
import Raster

/// Perceptual colour distance between two pixels: pixelmatch's YIQ metric, and its OKLab HyAB
/// metric (``oklabDistance(_:_:)``, chosen with ``ColourMetric/oklab``).
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

    /// ``delta(_:_:)`` for `metric`: the YIQ figure, or for ``ColourMetric/oklab`` the HyAB
    /// distance d put on the same scale as `35215 · d²`, so one threshold test serves both.
    @inline(__always)
    static func delta(_ p: UInt32, _ q: UInt32, metric: ColourMetric) -> Double {
        switch metric {
        case .yiq: return delta(p, q)
        case .oklab:
            let distance = oklabDistance(p, q)
            return maximum * distance * distance
        }
    }

    // MARK: OKLab HyAB

    /// pixelmatch 7's colour distance: HyAB (`|ΔL| + √(Δa² + Δb²)`, Abasi et al., "Distance
    /// metrics for very large color differences", 2019) between the two colours in OKLab
    /// (Björn Ottosson, "A perceptual color space for image processing", 2020), as pixelmatch's
    /// `colorDelta` computes it since its OKLab change (mapbox/pixelmatch PR #169).
    ///
    /// sRGB channels are linearised with the sRGB transfer function (IEC 61966-2-1), taken to
    /// LMS with Ottosson's matrix, cube-rooted, and taken to L, a, b with his second matrix.
    /// pixelmatch uses lookup tables for the transfer function and the cube root; this computes
    /// both exactly, so figures agree with it to about 1e-4. L is OKLab's own lightness, as that
    /// change defined it (pixelmatch's later "toe"-corrected lightness, Ottosson's Lr, is not
    /// used: it would move thresholds for dark colours). As with ``delta(_:_:)``, a pair
    /// that is not opaque is measured blended onto white (pixelmatch's backdrop) and onto black,
    /// and the larger distance kept, so that alpha differences are not hidden.
    ///
    /// - Returns: 0 for equal or both fully transparent pixels; 1 (to about 1e-8) for black
    ///   against white; a little more than 1 for a few pairs of saturated colours (blue
    ///   against yellow is about 1.03).
    public static func oklabDistance(_ a: RGBA8, _ b: RGBA8) -> Double {
        oklabDistance(packed(a), packed(b))
    }

    /// ``oklabDistance(_:_:)`` on packed pixels.
    static func oklabDistance(_ p: UInt32, _ q: UInt32) -> Double {
        if equivalent(p, q) { return 0 }
        let onWhite = hyab(p, q, backdrop: 255)
        guard (p & q) >> 24 != 255 else { return onWhite }
        return max(onWhite, hyab(p, q, backdrop: 0))
    }

    /// The HyAB distance of the pair blended onto a grey `backdrop` when not opaque.
    static func hyab(_ p: UInt32, _ q: UInt32, backdrop: Double) -> Double {
        let (l1, a1, b1) = oklab(blended(p, backdrop: backdrop))
        let (l2, a2, b2) = oklab(blended(q, backdrop: backdrop))
        let da = a1 - a2, db = b1 - b2
        return abs(l1 - l2) + (da * da + db * db).squareRoot()
    }

    /// OKLab L, a, b of sRGB channels on 0…255 (fractional after blending).
    static func oklab(_ rgb: (Double, Double, Double)) -> (Double, Double, Double) {
        let r = linear(rgb.0), g = linear(rgb.1), b = linear(rgb.2)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// The sRGB transfer function inverted: a channel on 0…255 to linear light 0…1.
    static func linear(_ channel: Double) -> Double {
        let c = channel / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
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
