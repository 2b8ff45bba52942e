import CPNG

/// The simplified API's sample formats, spelled out from their flags.
///
/// png.h defines `PNG_FORMAT_RGBA` and friends as macros built from other macros, which Swift
/// does not import; these are the same values, built from the single-flag macros it does.
enum PNGFormat {
    static let alpha = UInt32(PNG_FORMAT_FLAG_ALPHA)
    static let color = UInt32(PNG_FORMAT_FLAG_COLOR)
    static let linear = UInt32(PNG_FORMAT_FLAG_LINEAR)
    static let colormap = UInt32(PNG_FORMAT_FLAG_COLORMAP)

    /// `PNG_FORMAT_GRAY`: one 8-bit sRGB sample per pixel.
    static let gray: UInt32 = 0
    /// `PNG_FORMAT_GA`: grey and alpha.
    static let grayAlpha = alpha
    /// `PNG_FORMAT_RGB`: three 8-bit sRGB samples.
    static let rgb = color
    /// `PNG_FORMAT_RGBA`: three 8-bit sRGB samples and straight alpha.
    static let rgba = color | alpha
    /// `PNG_FORMAT_RGB_COLORMAP`: one index byte per pixel into an RGB colour map.
    static let rgbColormap = rgb | colormap
    /// `PNG_FORMAT_RGBA_COLORMAP`: one index byte per pixel into an RGBA colour map.
    static let rgbaColormap = rgba | colormap
    /// `PNG_FORMAT_LINEAR_Y`: one 16-bit linear sample.
    static let linearGray = linear
    /// `PNG_FORMAT_LINEAR_RGB_ALPHA`: 16-bit linear RGB and alpha (premultiplied on write).
    static let linearRGBA = linear | color | alpha
}
