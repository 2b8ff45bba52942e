import Raster

// The four colours the byte-built test GIFs use, and a frame's pixels in reading order: shared
// by the decoder's tests and the browser-rule tests.
let red = RGBA8(r: 255, g: 0, b: 0)
let green = RGBA8(r: 0, g: 255, b: 0)
let blue = RGBA8(r: 0, g: 0, b: 255)
let white = RGBA8.white
let clear = RGBA8.transparent
/// The palette of the byte-built GIFs: indices 0 red, 1 green, 2 blue, 3 white.
let rgbw = [red, green, blue, white]

/// The pixels of a frame, row-major.
func pixels(_ image: RGBAImage) -> [RGBA8] {
    var out: [RGBA8] = []
    for y in 0..<image.height { for x in 0..<image.width { out.append(image[x, y]) } }
    return out
}
