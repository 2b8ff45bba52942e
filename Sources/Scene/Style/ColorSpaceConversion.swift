import Glibc

/// Colour components in another RGB space as sRGB components (0…1, clamped: a Display P3
/// colour outside sRGB's gamut is clipped, as an sRGB display shows it). `Color(.displayP3, …)`
/// and an asset catalogue's Display P3 colour sets are both converted here.
///
/// sRGB's transfer function (IEC 61966-2-1), which Display P3 shares; Display P3 to sRGB
/// through CIE XYZ (D65) with the matrices of CSS Color Module Level 4 (W3C, §"Sample code for
/// color conversions": `lin_P3_to_XYZ`, `XYZ_to_lin_sRGB`).
public enum ColorSpaceConversion {
    static func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }

    static func encoded(_ v: Double) -> Double {
        let c = min(1, max(0, v))
        return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    /// Linear-light sRGB components (`Color(.sRGBLinear, …)`, `extended-linear-srgb`) encoded.
    public static func linearToSRGB(_ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        (encoded(red), encoded(green), encoded(blue))
    }

    /// Display P3 components as sRGB.
    public static func displayP3ToSRGB(_ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let x = 0.4865709486482162 * r + 0.26566769316909306 * g + 0.1982172852343625 * b
        let y = 0.2289745640697488 * r + 0.6917385218365064 * g + 0.079286914093745 * b
        let z = 0.0 * r + 0.04511338185890264 * g + 1.043944368900976 * b
        return (encoded(3.2409699419045226 * x - 1.537383177570094 * y - 0.4986107602930034 * z),
                encoded(-0.9692436362808796 * x + 1.8759675015077202 * y + 0.04155505740717559 * z),
                encoded(0.05563007969699366 * x - 0.20397695888897652 * y + 1.0569715142428786 * z))
    }
}
