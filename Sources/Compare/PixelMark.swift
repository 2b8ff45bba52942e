/// How a pixel is drawn in the diff image.
enum PixelMark: UInt8 {
    /// Equal within the threshold: a faded grey copy of the expected pixel.
    case same = 0
    /// Differs: red.
    case different = 1
    /// Differs but is anti-aliasing: yellow.
    case antialiased = 2
}
