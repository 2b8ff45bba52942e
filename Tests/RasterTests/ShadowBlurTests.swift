import Glibc
import Testing
@testable import Raster

/// The Gaussian blur against the exact Gaussian at every pixel, and the shadow drawn straight
/// onto an image (`compositeShadowed`) against the shadow added to a layer and composited.
@Suite("Gaussian blur and shadow")
struct ShadowBlurTests {
    /// A rectangle of value `value` over columns `xs` and rows `ys`: blurred, the product of two
    /// one-dimensional blurs, so the exact result is cheap to compute here.
    struct Block {
        var xs: Range<Int>, ys: Range<Int>, value: Double
    }

    /// The exact Gaussian of standard deviation `sigma` (sampled, normalised over ±10σ, not cut
    /// at 3.5σ as the blur's kernel is) of the indicator of `range`, at each of `count` pixels.
    static func blurredIndicator(_ range: Range<Int>, sigma: Double, count: Int) -> [Double] {
        let reach = Int(10 * sigma)
        let weights = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        return (0..<count).map { p in range.reduce(0.0) { sum, q in abs(p - q) <= reach ? sum + weights[p - q + reach] : sum } / total }
    }

    /// The largest difference, over every pixel of a `size × size` plane, between the blur of
    /// `blocks` and the exact Gaussian blur of them.
    static func worstError(_ blocks: [Block], sigma: Double, size: Int) -> Double {
        var plane = [Float](repeating: 0, count: size * size)
        for block in blocks {
            for y in block.ys { for x in block.xs { plane[y * size + x] += Float(block.value) } }
        }
        GaussianBlur.blur(&plane, width: size, region: PixelRect(x0: 0, y0: 0, x1: size, y1: size), sigma: sigma)
        let profiles = blocks.map { (blurredIndicator($0.xs, sigma: sigma, count: size), blurredIndicator($0.ys, sigma: sigma, count: size), $0.value) }
        var worst = 0.0
        for y in 0..<size {
            for x in 0..<size {
                let exact = profiles.reduce(0.0) { $0 + $1.2 * $1.0[x] * $1.1[y] }
                worst = max(worst, abs(Double(plane[y * size + x]) - exact))
            }
        }
        return worst
    }

    @Test("the blur is within 0.75/255 of the exact Gaussian at every pixel, at full and at low resolution",
          arguments: [4.0, 9.5, 10.0, 14.9, 15.0, 17.0, 20.0, 30.0, 60.0])
    func blurMatchesTheExactGaussian(sigma: Double) {
        // A square, a one-pixel line, a single pixel and a faint wide bar, on a plane wide enough
        // for the kernel's reach around them. From σ = 10 the blur is computed on blocks of
        // ⌊σ/5⌋ pixels (blockSize) and interpolated back.
        let margin = GaussianBlur.reach(sigma: sigma)
        let m = margin
        let blocks = [Block(xs: m..<(m + 24), ys: m..<(m + 24), value: 1), Block(xs: (m + 30)..<(m + 31), ys: m..<(m + 40), value: 1),
                      Block(xs: (m + 5)..<(m + 6), ys: (m + 33)..<(m + 34), value: 1),
                      Block(xs: m..<(m + 40), ys: (m + 36)..<(m + 40), value: 0.25)]
        let worst = Self.worstError(blocks, sigma: sigma, size: 2 * margin + 40)
        // Measured, in 1/255: 0.14 (σ 4), 0.09 (9.5), 0.40 (10), 0.10 (14.9), 0.69 (15), 0.22 (17),
        // 0.21 (20), 0.09 (30), 0.05 (60): the largest where a block size begins (σ′ is then
        // smallest, 4.97 blocks), below the 1/255 of one 8-bit level.
        #expect(worst * 255 <= 0.75, "σ \(sigma): largest difference \(worst * 255)/255")
    }

    @Test func blockSizeKeepsFullResolutionBelowTenPixels() {
        #expect(GaussianBlur.blockSize(sigma: 9.99) == 1)
        #expect(GaussianBlur.blockSize(sigma: 10) == 2)
        #expect(GaussianBlur.blockSize(sigma: 60) == 12)
    }

    /// A 24 × 24 picture with an opaque square, a half-transparent rim and a few stray
    /// pixels, at `(x0, y0)` on a `width × height` canvas.
    static func content(width: Int, height: Int, x0: Int, y0: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<24 {
            for x in 0..<24 {
                let inner = (4..<20).contains(x) && (4..<20).contains(y)
                let rim = (2..<22).contains(x) && (2..<22).contains(y)
                if inner {
                    image[x0 + x, y0 + y] = RGBA8(r: 200, g: UInt8(10 * x), b: UInt8(10 * y), a: 255)
                } else if rim {
                    image[x0 + x, y0 + y] = RGBA8(r: 30, g: 60, b: 250, a: UInt8(40 + 8 * x))
                }
            }
        }
        image[x0 + 23, y0] = RGBA8(r: 255, g: 255, b: 0, a: 17)
        image[x0, y0 + 23] = RGBA8(r: 0, g: 255, b: 0, a: 255)
        return image
    }

    /// A backdrop that is not one colour: opaque white on the left half, a transparent top band
    /// and a half-transparent green square in the middle.
    static func backdrop(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                if y < 10 { continue }
                if (width / 2 - 15..<width / 2 + 15).contains(x) && (height / 2 - 15..<height / 2 + 15).contains(y) {
                    image[x, y] = RGBA8(r: 0, g: 180, b: 0, a: 128)
                } else if x < width / 2 {
                    image[x, y] = .white
                }
            }
        }
        return image
    }

    @Test("compositeShadowed draws the pixels of Layer.addShadow composited",
          arguments: [(0.0, 0.0, 0.0), (3.0, 2.5, -1.25), (9.5, -4.0, 3.0), (12.0, 0.3, 0.7), (37.0, 6.0, 11.5)])
    func shadowStraightOntoTheImageMatchesTheLayer(sigma: Double, dx: Double, dy: Double) {
        let width = 180, height = 150
        let content = Self.content(width: width, height: height, x0: 70, y0: 60)
        for (colour, opacity, space) in [(RGBA8(r: 0, g: 0, b: 0, a: 77), 1.0, BlendSpace.sRGB), (RGBA8(r: 200, g: 40, b: 90, a: 200), 0.6, .sRGB),
                                         (RGBA8(r: 0, g: 0, b: 0, a: 255), 1.0, .linear), (RGBA8(r: 9, g: 99, b: 199, a: 3), 0.9, .sRGB)] {
            var expected = Self.backdrop(width: width, height: height)
            var layer = Layer(content)
            layer.addShadow(red: Double(colour.r) / 255, green: Double(colour.g) / 255, blue: Double(colour.b) / 255,
                            alpha: Double(colour.a) / 255, sigma: sigma, dx: dx, dy: dy)
            expected.composite(layer, opacity: opacity, in: space)
            let backdrop = Self.backdrop(width: width, height: height)
            var image = backdrop
            let written = image.compositeShadowed(content, shadow: colour, sigma: sigma, dx: dx, dy: dy, opacity: opacity, in: space).written
            var differing = 0
            for i in 0..<image.pixels.count where image.pixels[i] != expected.pixels[i] { differing += 1 }
            #expect(differing == 0, "σ \(sigma), \(colour), opacity \(opacity): \(differing) bytes differ")
            // Every pixel changed lies in the rectangle reported written, and that lies in the
            // blur's reach around the content's box moved by the offset (or the box itself).
            var outside = 0
            for y in 0..<height {
                for x in 0..<width where image[x, y] != backdrop[x, y] {
                    if !(x >= written.x0 && x < written.x1 && y >= written.y0 && y < written.y1) { outside += 1 }
                }
            }
            #expect(outside == 0, "σ \(sigma), \(colour): \(outside) changed pixels outside \(written)")
            let box = PixelRect(x0: 70, y0: 60, x1: 94, y1: 84)
            let reach = (sigma > 0 ? GaussianBlur.reach(sigma: sigma) : 0) + 2
            let area = box.union(PixelRect(x0: box.x0 + Int(dx.rounded(.down)) - reach, y0: box.y0 + Int(dy.rounded(.down)) - reach,
                                           x1: box.x1 + Int(dx.rounded(.down)) + 1 + reach, y1: box.y1 + Int(dy.rounded(.down)) + 1 + reach))
            #expect(written.union(area) == area, "σ \(sigma): \(written) beyond \(area)")
            // A faint shadow writes only where it rounds to some coverage: well inside the reach.
            if colour.a == 3 && sigma >= 9 {
                #expect(2 * (written.x1 - written.x0) < area.x1 - area.x0, "σ \(sigma): \(written) is the reach, not the ink")
            }
            // The shadow is drawn at all: just past the content's right edge it changes the backdrop.
            if sigma > 0 && colour.a > 50 && dx >= 0 {
                #expect(expected[70 + 24 + Int(dx) + 1, 60 + 12] != Self.backdrop(width: width, height: height)[70 + 24 + Int(dx) + 1, 60 + 12])
            }
        }
    }

    @Test func shadowOfAnEmptyPictureDrawsNothing() {
        var image = Self.backdrop(width: 40, height: 30)
        image.compositeShadowed(RGBAImage(width: 40, height: 30), shadow: .black, sigma: 20, dx: 0, dy: 0, opacity: 1)
        #expect(image == Self.backdrop(width: 40, height: 30))
    }

    @Test("inkBounds is the box of the pixels whose alpha is not 0", arguments: [1, 7, 8, 9, 17, 64, 101])
    func inkBoundsFindsTheInkedBox(width: Int) {
        // Single inked pixels at each column in turn (the first and last of a row included),
        // and pairs far apart, against a scan here.
        let height = 5
        for x in 0..<width {
            for (other, row) in [(x, 2), (width - 1 - x, 4), (0, 0)] {
                var image = RGBAImage(width: width, height: height, fill: RGBA8(r: 255, g: 255, b: 255, a: 0))
                image[x, 1] = RGBA8(r: 0, g: 0, b: 0, a: 1)
                image[other, row] = RGBA8(r: 0, g: 0, b: 0, a: 255)
                let expected = PixelRect(x0: min(x, other), y0: min(1, row), x1: max(x, other) + 1, y1: max(1, row) + 1)
                #expect(image.inkBounds() == expected, "width \(width), x \(x), other \(other)")
            }
        }
        #expect(RGBAImage(width: width, height: height, fill: RGBA8(r: 9, g: 9, b: 9, a: 0)).inkBounds().isEmpty)
    }

    @Test("nonZeroBounds is the box of the pixels with any byte not 0, alpha or not", arguments: [1, 7, 8, 9, 17, 64, 101])
    func nonZeroBoundsFindsEveryWrittenByte(width: Int) {
        let height = 5
        for x in 0..<width {
            for (channel, other, row) in [(0, x, 2), (1, width - 1 - x, 4), (2, 0, 0), (3, width / 2, 3)] {
                var image = RGBAImage(width: width, height: height)
                // One byte of one channel at (x, 1), a whole pixel at (other, row).
                image.pixels[(width + x) * 4 + channel] = 1
                image[other, row] = RGBA8(r: 5, g: 0, b: 0, a: 0)
                let expected = PixelRect(x0: min(x, other), y0: min(1, row), x1: max(x, other) + 1, y1: max(1, row) + 1)
                #expect(image.nonZeroBounds() == expected, "width \(width), x \(x), channel \(channel), other \(other)")
                // Within a region holding both (reaching past the image), the same; within one
                // holding only the row of (x, 1), only what it holds is read.
                #expect(image.nonZeroBounds(within: PixelRect(x0: -3, y0: expected.y0, x1: width + 9, y1: expected.y1)) == expected)
                let alone = image.nonZeroBounds(within: PixelRect(x0: 0, y0: 1, x1: width, y1: 2))
                #expect(alone == PixelRect(x0: row == 1 ? min(x, other) : x, y0: 1, x1: (row == 1 ? max(x, other) : x) + 1, y1: 2))
            }
        }
        #expect(RGBAImage(width: width, height: height).nonZeroBounds().isEmpty)
    }

    @Test("an unblurred shadow moved by whole pixels is the alpha moved, every pixel, off the canvas's edges too",
          arguments: [(0, 0), (5, -3), (-7, 4), (30, 0), (0, -40), (-200, 0)])
    func wholePixelMoveIsTheAlphaMoved(dx: Int, dy: Int) {
        let width = 60, height = 50
        let bounds = PixelRect(x0: 20, y0: 15, x1: 44, y1: 39)
        let bw = bounds.x1 - bounds.x0
        // Every alpha different, so a pixel read from the wrong place shows.
        let alpha = (0..<(bw * (bounds.y1 - bounds.y0))).map { Float($0 % 251 + 1) / 255 }
        let mask = alpha.withUnsafeBufferPointer { alpha in
            ShadowMask(alpha: alpha, stride: bw, originX: bounds.x0, originY: bounds.y0, bounds: bounds, sigma: 0,
                       dx: Double(dx), dy: Double(dy), width: width, height: height)
        }
        var wrong = 0, drawn = 0
        var row = [Float](repeating: -1, count: width)
        for y in mask.area.y0..<mask.area.y1 {
            row.withUnsafeMutableBufferPointer { row in
                mask.fill(row: y, scratch: row.baseAddress!, mask.area.x0..<mask.area.x1, into: row.baseAddress!)
            }
            for x in mask.area.x0..<mask.area.x1 {
                let sx = x - dx, sy = y - dy
                let inside = sx >= bounds.x0 && sx < bounds.x1 && sy >= bounds.y0 && sy < bounds.y1
                let expected = inside ? alpha[(sy - bounds.y0) * bw + sx - bounds.x0] : 0
                if row[x - mask.area.x0] != expected { wrong += 1 }
                if inside { drawn += 1 }
            }
        }
        let visible = max(0, min(width, bounds.x1 + dx) - max(0, bounds.x0 + dx)) * max(0, min(height, bounds.y1 + dy) - max(0, bounds.y0 + dy))
        #expect(wrong == 0, "(\(dx), \(dy)): \(wrong) pixels wrong")
        #expect(drawn == visible, "(\(dx), \(dy)): \(drawn) of the \(visible) moved pixels on the canvas are in the area")
    }

    @Test("clear zeroes every byte inside the rectangle cut to the image, and none outside")
    func clearZeroesTheRectangle() {
        let width = 23, height = 9
        let fill = RGBA8(r: 1, g: 2, b: 3, a: 4)
        for rect in [PixelRect(x0: 3, y0: 2, x1: 11, y1: 7), PixelRect(x0: -5, y0: -1, x1: 4, y1: 30), PixelRect(x0: 20, y0: 8, x1: 40, y1: 9),
                     PixelRect(x0: 5, y0: 5, x1: 5, y1: 9), PixelRect(x0: 30, y0: 0, x1: 40, y1: 9)] {
            var image = RGBAImage(width: width, height: height, fill: fill)
            image.clear(rect)
            var wrong = 0
            for y in 0..<height {
                for x in 0..<width {
                    let inside = x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1
                    if image[x, y] != (inside ? RGBA8(r: 0, g: 0, b: 0, a: 0) : fill) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(rect): \(wrong) pixels wrong")
        }
    }

    @Test("compositeShadowed returns the content's nonZeroBounds, drawn or not, and nothing written at zero opacity")
    func compositeShadowedReturnsTheContentsBounds() {
        let content = Self.content(width: 180, height: 150, x0: 70, y0: 60)
        var image = Self.backdrop(width: 180, height: 150)
        // The content's square is 24 pixels wide, its corners inked.
        #expect(content.nonZeroBounds() == PixelRect(x0: 70, y0: 60, x1: 94, y1: 84))
        #expect(image.compositeShadowed(content, shadow: .black, sigma: 9, dx: 2, dy: 3, opacity: 1).content == content.nonZeroBounds())
        // At zero opacity nothing is drawn, and the bounds are still the content's.
        let before = image
        let none = image.compositeShadowed(content, shadow: .black, sigma: 9, dx: 0, dy: 0, opacity: 0)
        #expect(none.content == content.nonZeroBounds())
        #expect(none.written.isEmpty)
        #expect(image == before)
    }

    @Test("a pixel with colour but alpha 0 (a blend mode's knockout) moves no part of the shadow, and is in the bounds returned",
          arguments: [4.0, 12.0, 30.0])
    func colourWithoutAlphaLeavesTheShadowAlone(sigma: Double) {
        let width = 180, height = 150
        var content = Self.content(width: width, height: height, x0: 70, y0: 60)
        // Just left of and above the content's box: the box of bytes grows, the box of alpha not.
        content[67, 57] = RGBA8(r: 255, g: 0, b: 0, a: 0)
        var expected = Self.backdrop(width: width, height: height)
        var layer = Layer(content)
        layer.addShadow(red: 0, green: 0, blue: 0, alpha: 77.0 / 255, sigma: sigma, dx: 0, dy: 0)
        expected.composite(layer, opacity: 1)
        var image = Self.backdrop(width: width, height: height)
        let drawn = image.compositeShadowed(content, shadow: RGBA8(r: 0, g: 0, b: 0, a: 77), sigma: sigma, dx: 0, dy: 0, opacity: 1).content
        var differing = 0
        for i in 0..<image.pixels.count where image.pixels[i] != expected.pixels[i] { differing += 1 }
        #expect(differing == 0, "σ \(sigma): \(differing) bytes differ from the layer's shadow")
        #expect(drawn == PixelRect(x0: 67, y0: 57, x1: 94, y1: 84))
    }

    @Test("a rasterizer lends layers transparent canvases: a kept one comes back with every byte 0")
    func layerImagesComeBackTransparent() {
        var rasterizer = CoverageRasterizer(width: 30, height: 20)
        var first = rasterizer.takeLayerImage()
        #expect(first.width == 30 && first.height == 20 && first.pixels.allSatisfy { $0 == 0 })
        // Drawn on inside a rectangle, kept with that rectangle cleared.
        for y in 4..<9 {
            for x in 2..<17 { first[x, y] = RGBA8(r: UInt8(x), g: UInt8(y), b: 7, a: UInt8(x * y % 256)) }
        }
        let drawn = first.nonZeroBounds()
        #expect(drawn == PixelRect(x0: 2, y0: 4, x1: 17, y1: 9))
        rasterizer.keepLayerImage(first, clearing: drawn)
        let again = rasterizer.takeLayerImage()
        #expect(again.width == 30 && again.height == 20 && again.pixels.allSatisfy { $0 == 0 })
    }
}
