import Raster

/// Fixed, locale-free number and colour text for the SVG writer: the same value is always
/// written the same way, so the same scene gives the same bytes.
enum SVGText {
    /// What ``number(_:decimals:)`` writes for a value that is not finite: a noncharacter that no
    /// other part of a document holds, so that the document can be refused as a whole
    /// (``containsNonFinite(_:)``) rather than drawn with a made-up number.
    static let nonFiniteMarker = "\u{FFFF}"

    /// `value` rounded to at most `decimals` decimals, without trailing zeros, `-0` or an
    /// exponent: `1.5`, `-0.125`, `360`. Magnitudes from 9·10¹⁵ / 10^decimals up, where a
    /// decimal would have no digit after the point, are written as Swift spells them, with an
    /// exponent (`1e+19`), which SVG's number grammar allows (SVG 1.1 §4.2). Not-finite values
    /// are written as ``nonFiniteMarker``.
    static func number(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return nonFiniteMarker }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = (value * factor).rounded()
        guard abs(scaled) < 9e15 else {
            // Below 2⁵³ every whole value prints without an exponent.
            return abs(value) < 9e15 ? String(Int64(value.rounded())) : "\(value.rounded())"
        }
        var units = Int64(scaled)
        if units == 0 { return "0" }
        let negative = units < 0
        units = abs(units)
        let whole = units / Int64(factor)
        var fraction = units % Int64(factor)
        var digits = fraction == 0 ? 0 : decimals
        while digits > 0 && fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var text = negative ? "-" : ""
        text += String(whole)
        if digits > 0 {
            let raw = String(fraction)
            text += "." + String(repeating: "0", count: digits - raw.count) + raw
        }
        return text
    }

    /// Numbers separated by single spaces, the space left out before a minus sign (SVG's
    /// number lists and path data allow it).
    static func list(_ values: [Double]) -> String {
        var text = ""
        for value in values {
            let item = number(value)
            if !text.isEmpty && !item.hasPrefix("-") { text += " " }
            text += item
        }
        return text
    }

    /// Whether a written document holds a number that was not finite.
    static func containsNonFinite(_ document: String) -> Bool { document.contains(nonFiniteMarker) }

    /// `#rrggbb` of the colour's channels (0…255, rounded and clamped); alpha is written apart.
    static func colour(_ r: Double, _ g: Double, _ b: Double) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [r, g, b] {
            let byte = channel.isNaN ? 0 : Int(min(255, max(0, channel.rounded())))
            text.append(digits[byte >> 4])
            text.append(digits[byte & 15])
        }
        return text
    }

    /// `#rrggbb` of an 8-bit colour.
    static func colour(_ c: RGBA8) -> String { colour(Double(c.r), Double(c.g), Double(c.b)) }
}
