import Testing
import Raster
@testable import PNGCodec

/// Inputs the encoder never writes are converted by libpng to 8-bit sRGB RGBA.
@Suite struct PNGDecoderConversionTests {
    @Test func sixteenBitRGBAWithoutGammaIsTakenAsSRGB() throws {
        let png = HandMadePNG.make(
            width: 2, height: 1, bitDepth: 16, colourType: .rgba,
            rows: [HandMadePNG.be16([0x1212, 0xFFFF, 0x0000, 0xFFFF, 0x8080, 0x4040, 0xC0C0, 0xFFFF])])
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == RGBA8(r: 0x12, g: 0xFF, b: 0x00, a: 0xFF))
        #expect(image[1, 0] == RGBA8(r: 0x80, g: 0x40, b: 0xC0, a: 0xFF))
    }

    @Test func sixteenBitValuesRoundToNearest() throws {
        // 0x1280 / 257 = 18.43 → 18; 0x12FF / 257 = 18.93 → 19.
        let png = HandMadePNG.make(
            width: 2, height: 1, bitDepth: 16, colourType: .rgb,
            rows: [HandMadePNG.be16([0x1280, 0x12FF, 0xFFFF, 0, 0, 0])])
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == RGBA8(r: 18, g: 19, b: 255))
        #expect(image[1, 0] == .black)
    }

    @Test func sixteenBitLinearTaggedWithGammaOneIsEncodedToSRGB() throws {
        // gAMA 100000 = gamma 1.0: linear samples. libpng encodes with its sRGB approximation,
        // gamma 1/2.2 (png.h PNG_GAMMA_sRGB_INVERSE): 0.5^(1/2.2) = 0.7297 → 186 (the exact
        // piecewise sRGB curve would give 188).
        let png = HandMadePNG.make(
            width: 3, height: 1, bitDepth: 16, colourType: .rgb,
            rows: [HandMadePNG.be16([0, 0, 0, 0x8000, 0x8000, 0x8000, 0xFFFF, 0xFFFF, 0xFFFF])],
            chunks: [("gAMA", HandMadePNG.be32(100_000))])
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == .black)
        #expect(image[1, 0] == RGBA8(r: 186, g: 186, b: 186))
        #expect(image[2, 0] == .white)
    }

    @Test func eightBitGammaTaggedImageIsConvertedToSRGB() throws {
        // gAMA 100000 on 8-bit data: (128/255)^(1/2.2) = 0.7311 → 186, as above.
        let png = HandMadePNG.make(
            width: 2, height: 1, bitDepth: 8, colourType: .grey,
            rows: [[128, 255]], chunks: [("gAMA", HandMadePNG.be32(100_000))])
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == RGBA8(r: 186, g: 186, b: 186))
        #expect(image[1, 0] == .white)
    }

    @Test func paletteWithTransparencyIsExpanded() throws {
        let plte: [UInt8] = [255, 0, 0, 0, 255, 0, 10, 20, 30]
        let trns: [UInt8] = [255, 128, 0]
        let png = HandMadePNG.make(
            width: 3, height: 2, bitDepth: 8, colourType: .palette,
            rows: [[0, 1, 2], [2, 1, 0]], chunks: [("PLTE", plte), ("tRNS", trns)])
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == RGBA8(r: 255, g: 0, b: 0))
        #expect(image[1, 0] == RGBA8(r: 0, g: 255, b: 0, a: 128))
        #expect(image[2, 0] == RGBA8(r: 10, g: 20, b: 30, a: 0))
        #expect(image[0, 1] == RGBA8(r: 10, g: 20, b: 30, a: 0))
    }

    @Test func twoBitPaletteIsUnpacked() throws {
        let plte: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 149, 0, 1, 2, 3]
        // Indices 0, 1, 2, 3, 2 packed four to a byte, high bits first.
        let png = HandMadePNG.make(
            width: 5, height: 1, bitDepth: 2, colourType: .palette,
            rows: [[0b0001_1011, 0b1000_0000]], chunks: [("PLTE", plte)])
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == .black)
        #expect(image[1, 0] == .white)
        #expect(image[2, 0] == RGBA8(r: 255, g: 149, b: 0))
        #expect(image[3, 0] == RGBA8(r: 1, g: 2, b: 3))
        #expect(image[4, 0] == RGBA8(r: 255, g: 149, b: 0))
    }

    @Test func greyIsReplicatedToRGB() throws {
        let png = HandMadePNG.make(width: 3, height: 1, bitDepth: 8, colourType: .grey, rows: [[0, 77, 255]])
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == .black)
        #expect(image[1, 0] == RGBA8(r: 77, g: 77, b: 77))
        #expect(image[2, 0] == .white)
    }

    @Test func oneBitGreyIsScaledToFullRange() throws {
        let png = HandMadePNG.make(width: 3, height: 1, bitDepth: 1, colourType: .grey, rows: [[0b1010_0000]])
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == .white)
        #expect(image[1, 0] == .black)
        #expect(image[2, 0] == .white)
    }

    @Test func greyWithAlphaKeepsStraightAlpha() throws {
        let png = HandMadePNG.make(width: 2, height: 1, bitDepth: 8, colourType: .greyAlpha, rows: [[200, 255, 90, 64]])
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0] == RGBA8(r: 200, g: 200, b: 200))
        #expect(image[1, 0] == RGBA8(r: 90, g: 90, b: 90, a: 64))
    }

    @Test func adam7InterlacedImageIsDeinterlaced() throws {
        // A 3 × 3 grey image v(x, y) = 10·(3y + x) + 5. Adam7 passes that hold pixels at this
        // size: 1 (0,0); 4 (2,0); 5 (0,2) (2,2); 6 (1,0) (1,2); 7 row 1 whole. Each reduced row
        // carries its own filter byte, which `make` adds per listed row.
        func v(_ x: Int, _ y: Int) -> UInt8 { UInt8(10 * (3 * y + x) + 5) }
        let rows: [[UInt8]] = [[v(0, 0)], [v(2, 0)], [v(0, 2), v(2, 2)], [v(1, 0)], [v(1, 2)], [v(0, 1), v(1, 1), v(2, 1)]]
        let png = HandMadePNG.make(width: 3, height: 3, bitDepth: 8, colourType: .grey, rows: rows, interlaced: true)
        let image = try PNGDecoder.decode(png)
        for y in 0..<3 {
            for x in 0..<3 { #expect(image[x, y] == RGBA8(r: v(x, y), g: v(x, y), b: v(x, y)), "(\(x), \(y))") }
        }
    }

    @Test func eightBitRGBAIsCopiedUnchanged() throws {
        let row: [UInt8] = [1, 2, 3, 4, 250, 251, 252, 0, 9, 8, 7, 255]
        let png = HandMadePNG.make(width: 3, height: 1, bitDepth: 8, colourType: .rgba, rows: [row])
        #expect(try PNGDecoder.decode(png).pixels == row)
    }
}
