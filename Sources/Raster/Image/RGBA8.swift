/// One pixel: 8-bit sRGB-encoded red, green, blue and straight (non-premultiplied) alpha.
///
/// The byte order in memory is R, G, B, A — the layout of libpng's `PNG_FORMAT_RGBA` and of a
/// decoded GIF canvas. Alpha 0 is fully transparent, 255 opaque.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    /// Red, sRGB-encoded, 0…255.
    public var r: UInt8
    /// Green, sRGB-encoded, 0…255.
    public var g: UInt8
    /// Blue, sRGB-encoded, 0…255.
    public var b: UInt8
    /// Straight alpha, 0 (transparent) … 255 (opaque).
    public var a: UInt8

    /// Creates a pixel from its four channels; alpha defaults to opaque.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Opaque black, `#000000`.
    public static let black = RGBA8(r: 0, g: 0, b: 0)
    /// Opaque white, `#FFFFFF`.
    public static let white = RGBA8(r: 255, g: 255, b: 255)
    /// Fully transparent black: the state of a browser's GIF canvas before the first frame.
    public static let transparent = RGBA8(r: 0, g: 0, b: 0, a: 0)

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, hex digits in either case).
    ///
    /// - Returns: the colour, or `nil` when the text is not 6 or 8 hex digits.
    public init?(hex text: String) {
        var digits = Substring(text)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8,
              digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 {
            self.init(r: UInt8(value >> 16 & 0xFF), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF))
        } else {
            self.init(r: UInt8(value >> 24), g: UInt8(value >> 16 & 0xFF), b: UInt8(value >> 8 & 0xFF),
                      a: UInt8(value & 0xFF))
        }
    }

    /// `#RRGGBB` for opaque pixels, `#RRGGBBAA` otherwise, upper-case hex.
    public var description: String {
        func hex(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + hex(r) + hex(g) + hex(b) + (a == 255 ? "" : hex(a))
    }
}
