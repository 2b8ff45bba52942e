import Raster

/// Fixed, locale-free number and colour text for the SVG writer: the same value is always
/// written the same way, so the same scene gives the same bytes.
enum SVGText {
    /// `value` rounded to at most `decimals` decimals, without trailing zeros, `-0` or an
    /// exponent: `1.5`, `-0.125`, `360`. Not-finite values are written `0`.
    static func number(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return "0" }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = (value * factor).rounded()
        guard abs(scaled) < 9e15 else { return String(Int64(value.rounded())) }
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

    /// `#rrggbb` of the colour's channels (0…255, rounded and clamped); alpha is written apart.
    static func colour(_ r: Double, _ g: Double, _ b: Double) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [r, g, b] {
            let byte = Int(min(255, max(0, channel.rounded())))
            text.append(digits[byte >> 4])
            text.append(digits[byte & 15])
        }
        return text
    }

    /// `#rrggbb` of an 8-bit colour.
    static func colour(_ c: RGBA8) -> String { colour(Double(c.r), Double(c.g), Double(c.b)) }
}
