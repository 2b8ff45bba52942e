import Testing
import Raster
@testable import PNGCodec

/// Encoding then decoding gives back exactly the pixels, in whichever layout the encoder chose.
@Suite struct PNGRoundTripTests {
    /// A deterministic pseudo-random image with `colours` distinct opaque colours or more.
    static func noise(width: Int, height: Int, opaque: Bool, seed: UInt32 = 1) -> RGBAImage {
        var state = seed
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let v = state >> 8
                image[x, y] = RGBA8(r: UInt8(v & 0xFF), g: UInt8(v >> 8 & 0xFF), b: UInt8(v >> 16 & 0xFF),
                                    a: opaque ? 255 : UInt8(state >> 1 & 0xFF))
            }
        }
        return image
    }

    /// The colour type byte of a PNG's IHDR (offset 25) and its bit depth (offset 24).
    static func header(_ png: [UInt8]) -> (bitDepth: UInt8, colourType: UInt8) {
        (png[24], png[25])
    }

    @Test func opaqueImageWithManyColoursRoundTripsAsRGB() throws {
        let image = Self.noise(width: 37, height: 23, opaque: true)
        let png = try PNGEncoder.encode(image)
        #expect(Self.header(png) == (8, 2))
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test func transparentImageWithManyColoursRoundTripsAsRGBA() throws {
        let image = Self.noise(width: 40, height: 31, opaque: false)
        let png = try PNGEncoder.encode(image)
        #expect(Self.header(png) == (8, 6))
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test func fewColoursWithAlphaRoundTripAsPaletteKeepingHiddenColours() throws {
        let noise = Self.noise(width: 64, height: 64, opaque: false, seed: 7)
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                // 16 colours scattered at random, some of them semi- or fully transparent.
                let v = noise[x, y].r >> 4
                image[x, y] = RGBA8(r: v &* 17, g: 149, b: v, a: v < 4 ? v * 60 : 255)
            }
        }
        image[0, 0] = RGBA8(r: 12, g: 34, b: 56, a: 0)      // hidden colours under alpha 0
        image[1, 0] = RGBA8(r: 0, g: 0, b: 0, a: 0)
        let png = try PNGEncoder.encode(image)
        #expect(Self.header(png) == (8, 3))
        #expect(try PNGDecoder.decode(png) == image)
        let palette = try #require(ColourAnalysis(image).palette)
        #expect(palette.colours.count == 18)
        #expect(try PNGDecoder.decode(PNGEncoder.write(image, as: .colormap(palette))) == image)
    }

    @Test func greyOpaqueImageRoundTrips() throws {
        var image = RGBAImage(width: 300, height: 2, fill: .white)
        for x in 0..<300 { let v = UInt8(x % 256); image[x, 1] = RGBA8(r: v, g: v, b: v) }
        // 256 greys: a palette would need a 768-byte PLTE, plain grey does not.
        let png = try PNGEncoder.encode(image)
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test func moreThan256ColoursRoundTrip() throws {
        var image = RGBAImage(width: 257, height: 3)
        for x in 0..<257 {
            image[x, 0] = RGBA8(r: UInt8(x & 0xFF), g: UInt8(x >> 8), b: 7, a: 200)
            image[x, 1] = RGBA8(r: 1, g: 2, b: 3, a: 0)
            image[x, 2] = RGBA8(r: 9, g: UInt8(x & 0xFF), b: 9)
        }
        let png = try PNGEncoder.encode(image)
        #expect(Self.header(png).colourType == 6)
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test(arguments: [RGBA8.white, .black, .transparent, RGBA8(r: 10, g: 20, b: 30, a: 40)])
    func onePixelImageRoundTrips(colour: RGBA8) throws {
        let image = RGBAImage(width: 1, height: 1, fill: colour)
        #expect(try PNGDecoder.decode(PNGEncoder.encode(image)) == image)
    }

    @Test func encodingIsDeterministic() throws {
        let image = Self.noise(width: 64, height: 64, opaque: false, seed: 42)
        let first = try PNGEncoder.encode(image)
        let second = try PNGEncoder.encode(image)
        #expect(first == second)
        var few = RGBAImage(width: 20, height: 20, fill: .white)
        for i in 0..<20 { few[i, i] = RGBA8(r: UInt8(i * 12), g: 0, b: 0) }
        #expect(try PNGEncoder.encode(few) == PNGEncoder.encode(few))
    }

    @Test func paletteIsChosenWhenSmallerThanTrueColour() throws {
        // Two colours: the palette packs 8 pixels per byte.
        var image = RGBAImage(width: 128, height: 128, fill: .white)
        for y in 0..<128 { for x in 0..<128 where (x / 3 + y / 5) % 2 == 0 { image[x, y] = RGBA8(r: 255, g: 149, b: 0) } }
        let png = try PNGEncoder.encode(image)
        #expect(Self.header(png) == (1, 3))
        let rgb = try PNGEncoder.write(image, as: .rgb)
        #expect(png.count < rgb.count)
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test func paletteOrderPutsTransparentEntriesFirst() {
        let palette = Palette(colours: [0xFF00_00FF, 0x0000_0000, 0x00FF_0080, 0x0000_00FF])
        #expect(palette.colours == [0x0000_0000, 0x00FF_0080, 0x0000_00FF, 0xFF00_00FF])
        #expect(palette.hasAlpha)
    }

    @Test func emptyImageIsRefused() {
        #expect(throws: PNGError.self) { try PNGEncoder.encode(RGBAImage(width: 0, height: 5)) }
        do {
            _ = try PNGEncoder.encode(RGBAImage(width: 3, height: 0))
        } catch {
            #expect(error.code == .empty)
            #expect(error.operation == "encode")
        }
    }
}

/// ``PNGQuickEncoder``: every layout decodes (through libpng) to exactly the pixels encoded.
@Suite struct PNGQuickEncoderTests {
    /// A width × height image of `colours` distinct values (cycled), with the given alpha.
    static func image(width: Int, height: Int, colours: Int, alpha: (Int) -> UInt8) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (x * 7 + y * 13) % colours
                image[x, y] = RGBA8(r: UInt8(i & 0xFF), g: UInt8((i >> 8) * 40 & 0xFF), b: UInt8(255 - i % 256), a: alpha(i))
            }
        }
        return image
    }

    @Test(arguments: [(1, 255), (2, 255), (200, 255), (256, 128), (257, 255), (5000, 255), (5000, 100), (300, 0)])
    func roundTrip(colours: Int, alpha: Int) throws {
        let original = Self.image(width: 37, height: 11, colours: colours) { i in alpha == 255 ? 255 : UInt8((i * alpha) % 256) }
        let png = try PNGQuickEncoder.encode(original)
        let read = try PNGDecoder.read(png)
        #expect(read.image == original)
        #expect(read.warnings.isEmpty)
        #expect(try PNGQuickEncoder.encode(original) == png)   // deterministic
        // Colour type: 3 (colour-mapped) up to 256 colours, else 2 (RGB) opaque, 6 (RGBA).
        let opaque = original.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }
        let distinct = Set(stride(from: 0, to: original.pixels.count, by: 4).map { Array(original.pixels[$0..<$0 + 4]) }).count
        #expect(png[25] == (distinct <= 256 ? 3 : opaque ? 2 : 6))
    }

    @Test func emptyImageIsRefused() {
        #expect(throws: PNGError.self) { try PNGQuickEncoder.encode(RGBAImage(width: 0, height: 3)) }
    }
}
