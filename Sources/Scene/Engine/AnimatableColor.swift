import Motion
import Raster

/// An sRGB colour as an animatable value: 8-bit channel values as real numbers, interpolated
/// component-wise (straight alpha), rounded to bytes when drawn.
public struct AnimatableColor: VectorArithmetic, Hashable {
    /// Red, green, blue and alpha, 0…255.
    public var r, g, b, a: Double

    /// The colour of an 8-bit pixel value.
    public init(_ color: RGBA8) {
        r = Double(color.r)
        g = Double(color.g)
        b = Double(color.b)
        a = Double(color.a)
    }

    init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Transparent black, the additive identity.
    public static var zero: AnimatableColor { AnimatableColor(r: 0, g: 0, b: 0, a: 0) }

    /// Component-wise sum.
    public static func + (lhs: AnimatableColor, rhs: AnimatableColor) -> AnimatableColor {
        AnimatableColor(r: lhs.r + rhs.r, g: lhs.g + rhs.g, b: lhs.b + rhs.b, a: lhs.a + rhs.a)
    }

    /// Component-wise difference.
    public static func - (lhs: AnimatableColor, rhs: AnimatableColor) -> AnimatableColor {
        AnimatableColor(r: lhs.r - rhs.r, g: lhs.g - rhs.g, b: lhs.b - rhs.b, a: lhs.a - rhs.a)
    }

    /// Multiplies every channel by `factor`.
    public mutating func scale(by factor: Double) {
        r *= factor
        g *= factor
        b *= factor
        a *= factor
    }

    /// The nearest 8-bit colour, channels clamped to 0…255.
    public var rgba8: RGBA8 {
        func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v.rounded()))) }
        return RGBA8(r: byte(r), g: byte(g), b: byte(b), a: byte(a))
    }
}

extension SystemPalette {
    /// The sRGB value of a SwiftUI colour in this palette's appearance.
    ///
    /// System colours by SwiftUI name (`primary`, `secondary`, `orange`, `red`, `green`, `blue`,
    /// `yellow`, `pink`, `purple`, `gray`, `white`, `black`, `clear`, `accentColor`, which is
    /// `blue` without an asset catalogue); `Color(red:green:blue:opacity:)` components rounded
    /// to bytes. An unknown name resolves to `primary`.
    public func resolve(_ color: ColorValue) -> RGBA8 {
        switch color {
        case let .fixed(value):
            return value
        case let .rgb(red, green, blue, opacity):
            func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v * 255).rounded()))) }
            return RGBA8(r: byte(red), g: byte(green), b: byte(blue), a: byte(opacity))
        case let .system(name):
            return named(name) ?? primary
        case let .appearance(light, dark):
            return resolve(primary == .black ? light : dark)
        case let .opacity(base, factor):
            var value = resolve(base)
            value.a = UInt8(min(255, max(0, (Double(value.a) * factor).rounded())))
            return value
        }
    }

    /// A system colour by SwiftUI name, or `nil` when the name is not one.
    ///
    /// Values other than primary, secondary and orange are the iOS system colours of Apple's
    /// Human Interface Guidelines colour table (Color → Specifications, iOS default light and
    /// dark): red (255,59,48) / (255,69,58), green (52,199,89) / (48,209,88), blue (0,122,255) /
    /// (10,132,255), yellow (255,204,0) / (255,214,10), pink (255,45,85) / (255,55,95), purple
    /// (175,82,222) / (191,90,242), gray (142,142,147) in both; the other names are
    /// ``SystemColors``'s (`mint`, `systemGray4`, `label`, `systemBackground` …).
    public func named(_ name: String) -> RGBA8? {
        let light = primary == .black
        switch name {
        case "primary": return primary
        case "secondary": return secondary
        case "orange": return orange
        case "red": return light ? RGBA8(r: 255, g: 59, b: 48) : RGBA8(r: 255, g: 69, b: 58)
        case "green": return light ? RGBA8(r: 52, g: 199, b: 89) : RGBA8(r: 48, g: 209, b: 88)
        case "blue", "accentColor": return light ? RGBA8(r: 0, g: 122, b: 255) : RGBA8(r: 10, g: 132, b: 255)
        case "yellow": return light ? RGBA8(r: 255, g: 204, b: 0) : RGBA8(r: 255, g: 214, b: 10)
        case "pink": return light ? RGBA8(r: 255, g: 45, b: 85) : RGBA8(r: 255, g: 55, b: 95)
        case "purple": return light ? RGBA8(r: 175, g: 82, b: 222) : RGBA8(r: 191, g: 90, b: 242)
        case "gray": return RGBA8(r: 142, g: 142, b: 147)
        case "white": return .white
        case "black": return .black
        case "clear": return .transparent
        case "systemOrange": return orange
        default: return SystemColors.table[name].map { light ? $0.light : $0.dark }
        }
    }
}
