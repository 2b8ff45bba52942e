import Testing
import Raster
@testable import GIFCodec

private func decode(_ gif: GIFBytes, limits: GIFDecodingLimits = .default) throws(GIFError) -> DecodedGIF {
    try GIFDecoder.decode(gif.bytes, limits: limits)
}

/// The error decoding gives, or `nil` when it succeeds.
private func failure(_ gif: GIFBytes, limits: GIFDecodingLimits = .default) -> GIFError? {
    do {
        _ = try decode(gif, limits: limits)
        return nil
    } catch { return error }
}

@Suite("GIF reader composites like browsers")
struct GIFDecoderTests {
    @Test("the classic 42-byte 1×1 GIF decodes to one transparent pixel")
    func smallestGIF() throws {
        let bytes: [UInt8] = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
                              0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00,
                              0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x01, 0x44, 0x00, 0x3B]
        #expect(bytes.count == 42)
        let decoded = try GIFDecoder.decode(bytes)
        #expect(decoded.sequence.width == 1 && decoded.sequence.height == 1)
        #expect(decoded.sequence.frames.count == 1)
        #expect(decoded.sequence.frames[0].image[0, 0] == clear)
        #expect(decoded.sequence.loopCount == .playOnce)
        #expect(decoded.warnings.isEmpty)
    }

    @Test("disposal 2 clears the frame rectangle to transparent, not to the background colour")
    func disposeToBackground() throws {
        var gif = GIFBytes(width: 3, height: 1, palette: rgbw)
        gif.control(disposal: 1, delay: 4)
        gif.image(width: 3, height: 1, indices: [0, 0, 0])
        gif.control(disposal: 2, delay: 5)
        gif.image(x: 1, width: 1, height: 1, indices: [1])
        gif.control(delay: 6)
        gif.image(x: 2, width: 1, height: 1, indices: [2])
        gif.trailer()
        let frames = try decode(gif).sequence.frames
        #expect(frames.map { pixels($0.image) } == [[red, red, red], [red, green, red], [red, clear, blue]])
        #expect(frames.map(\.delayCentiseconds) == [4, 5, 6])
    }

    @Test("disposal 3 restores the canvas from before the frame")
    func disposeToPrevious() throws {
        var gif = GIFBytes(width: 3, height: 1, palette: rgbw)
        gif.control(disposal: 1)
        gif.image(width: 3, height: 1, indices: [0, 0, 0])
        gif.control(disposal: 3)
        gif.image(width: 2, height: 1, indices: [1, 1])
        gif.control(disposal: 1)
        gif.image(x: 2, width: 1, height: 1, indices: [2])
        gif.trailer()
        let frames = try decode(gif).sequence.frames
        #expect(frames.map { pixels($0.image) } == [[red, red, red], [green, green, red], [red, red, blue]])
    }

    @Test("disposal 3 on the first frame restores the transparent canvas")
    func firstFrameDisposeToPrevious() throws {
        var gif = GIFBytes(width: 3, height: 1, palette: rgbw)
        gif.control(disposal: 3)
        gif.image(width: 1, height: 1, indices: [0])
        gif.control(disposal: 1)
        gif.image(x: 1, width: 1, height: 1, indices: [1])
        gif.trailer()
        let frames = try decode(gif).sequence.frames
        #expect(frames.map { pixels($0.image) } == [[red, clear, clear], [clear, green, clear]])
    }

    @Test("the last of two graphic control extensions before a frame wins")
    func lastControlWins() throws {
        var gif = GIFBytes(width: 2, height: 1, palette: rgbw)
        gif.control(disposal: 2, delay: 5)
        gif.control(disposal: 1, delay: 7, transparent: 1)
        gif.image(width: 2, height: 1, indices: [0, 1])
        gif.control(delay: 9)
        gif.image(x: 1, width: 1, height: 1, indices: [2])
        gif.trailer()
        let frames = try decode(gif).sequence.frames
        // Transparent index 1 leaves pixel 1 transparent; disposal 1 (not 2) keeps red.
        #expect(frames.map { pixels($0.image) } == [[red, clear], [red, blue]])
        #expect(frames.map(\.delayCentiseconds) == [7, 9])
    }

    @Test("a frame partly outside the screen is clipped; one fully outside changes nothing")
    func clipping() throws {
        // The first image fits; only later ones are clipped (the first grows the canvas instead).
        var gif = GIFBytes(width: 2, height: 2, palette: rgbw)
        gif.image(width: 1, height: 1, indices: [2])
        gif.image(x: 1, y: 1, width: 2, height: 2, indices: [0, 1, 2, 3])
        gif.image(x: 5, y: 5, width: 2, height: 1, indices: [1, 1])
        gif.trailer()
        let decoded = try decode(gif)
        let frames = decoded.sequence.frames
        #expect(decoded.sequence.width == 2 && decoded.sequence.height == 2)
        #expect(frames.count == 3)
        #expect(pixels(frames[1].image) == [blue, clear, clear, red])
        #expect(pixels(frames[2].image) == [blue, clear, clear, red])
        #expect(decoded.warnings.isEmpty)
    }

    @Test("an index not below the colour count is an error")
    func indexOutOfPalette() throws {
        var gif = GIFBytes(width: 2, height: 1, palette: [red, green])   // 2 colours, code size 2 allows 0…3
        gif.image(width: 2, height: 1, indices: [0, 3])
        gif.trailer()
        #expect(failure(gif)?.code == .indexOutOfPalette)
    }

    @Test("the transparent index may lie outside the palette")
    func transparentIndexOutsidePalette() throws {
        var gif = GIFBytes(width: 2, height: 1, palette: [red, green])
        gif.control(transparent: 3)
        gif.image(width: 2, height: 1, indices: [1, 3])
        gif.trailer()
        #expect(pixels(try decode(gif).sequence.frames[0].image) == [green, clear])
    }

    @Test("interlaced rows are put back in order", arguments: [1, 2, 3, 5, 8, 9, 10, 17])
    func interlace(height: Int) throws {
        // Row r has colour r % 4; stored in the four-pass order.
        let order = Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
            + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
        var gif = GIFBytes(width: 1, height: height, palette: rgbw)
        gif.image(width: 1, height: height, indices: order.map { $0 % 4 }, interlaced: true)
        gif.trailer()
        let image = try decode(gif).sequence.frames[0].image
        #expect((0..<height).map { image[0, $0] } == (0..<height).map { rgbw[$0 % 4] })
    }

    @Test("a local colour table overrides the global one for its frame only")
    func localPalette() throws {
        var gif = GIFBytes(width: 2, height: 1, palette: [red, green])
        gif.image(width: 1, height: 1, indices: [0], local: [blue, white])
        gif.image(x: 1, width: 1, height: 1, indices: [0])
        gif.trailer()
        let frames = try decode(gif).sequence.frames
        #expect(pixels(frames[1].image) == [blue, red])
    }

    @Test("a frame with neither a global nor a local colour table is drawn in opaque black, with a warning")
    func missingPalettes() throws {
        var gif = GIFBytes(width: 3, height: 1, palette: nil)
        gif.control(transparent: 7)
        gif.image(width: 3, height: 1, indices: [0, 7, 5], minCodeSize: 3)
        gif.trailer()
        let decoded = try decode(gif)
        #expect(pixels(decoded.sequence.frames[0].image) == [.black, clear, .black])
        #expect(decoded.warnings.count == 1 && decoded.warnings[0].contains("no colour table"), "\(decoded.warnings)")
        var local = GIFBytes(width: 1, height: 1, palette: nil)
        local.image(width: 1, height: 1, indices: [1], local: [red, green])
        local.trailer()
        #expect(pixels(try decode(local).sequence.frames[0].image) == [green])
    }

    @Test("a missing trailer after whole frames is read with a warning")
    func missingTrailer() throws {
        var gif = GIFBytes(width: 1, height: 1, palette: rgbw)
        gif.image(width: 1, height: 1, indices: [2])
        let decoded = try decode(gif)
        #expect(decoded.sequence.frames.count == 1)
        #expect(decoded.sequence.frames[0].image[0, 0] == blue)
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.contains("trailer") == true)
    }

    @Test("truncated image data shows the pixels decoded so far, the rest transparent", arguments: [0, 1, 2, 5])
    func truncatedData(keep: Int) throws {
        var gif = GIFBytes(width: 4, height: 4, palette: rgbw)
        gif.image(width: 4, height: 4, indices: Array(repeating: 1, count: 16), truncateDataTo: keep)
        // The builder writes 3-bit codes: clear, 1, 1, clear, 1, 1, …; `keep` bytes hold
        // keep × 8 / 3 whole codes, two of every three a pixel.
        let codes = keep * 8 / 3
        let shown = (0..<codes).filter { $0 % 3 != 0 }.count
        let decoded = try decode(gif)
        #expect(decoded.sequence.frames.map { pixels($0.image) } == [(0..<16).map { $0 < shown ? green : clear }])
        #expect(decoded.warnings.count == 1 && decoded.warnings[0].contains("pixel \(shown) of 16"), "\(decoded.warnings)")
    }

    @Test("image data ending (end code) before the last pixel shows the pixels so far")
    func earlyEndCode() throws {
        var gif = GIFBytes(width: 4, height: 1, palette: rgbw)
        gif.image(width: 4, height: 1, indices: [3, 3, 3, 3])
        gif.image(width: 4, height: 1, indices: [1, 1])   // descriptor says 4 pixels, data has 2
        gif.trailer()
        let decoded = try decode(gif)
        // The rest of the rectangle keeps what the canvas held.
        #expect(decoded.sequence.frames.map { pixels($0.image) } == [[white, white, white, white], [green, green, white, white]])
        #expect(decoded.warnings.count == 1 && decoded.warnings[0].contains("pixel 2 of 4"), "\(decoded.warnings)")
    }

    @Test("a zero-size frame is a frame that changes nothing", arguments: [(0, 1), (1, 0), (0, 0)])
    func zeroSizeFrame(size: (Int, Int)) throws {
        var gif = GIFBytes(width: 2, height: 1, palette: rgbw)
        gif.image(width: 2, height: 1, indices: [0, 1])
        gif.control(delay: 3)
        gif.image(width: size.0, height: size.1, indices: [])
        gif.control(delay: 4)
        gif.image(x: 1, width: 1, height: 1, indices: [2])
        gif.trailer()
        let frames = try decode(gif).sequence.frames
        #expect(frames.map { pixels($0.image) } == [[red, green], [red, green], [red, blue]])
        #expect(frames.map(\.delayCentiseconds) == [10, 3, 4])   // no control: delay 0, played as 10
    }

    @Test("a huge canvas is refused before allocating, with the size in the message")
    func oversizedCanvas() throws {
        var gif = GIFBytes(width: 65535, height: 65535, palette: rgbw)
        gif.image(width: 1, height: 1, indices: [0])
        gif.trailer()
        let error = failure(gif)
        #expect(error?.code == .tooLarge)
        #expect(error?.description.contains("65535×65535") == true)
        #expect(error?.description.contains("\(65535 * 65535 * 4 * 2)") == true)
    }

    @Test("the memory limit counts every decoded frame")
    func frameMemoryLimit() throws {
        var gif = GIFBytes(width: 10, height: 10, palette: rgbw)
        for _ in 0..<5 { gif.image(width: 1, height: 1, indices: [0]) }
        gif.trailer()
        // 4 frames + 2 canvases of 400 bytes fit in 2400; the fifth frame does not.
        #expect(throws: GIFError.self) { try decode(gif, limits: GIFDecodingLimits(maxMemoryBytes: 2400)) }
        #expect(try decode(gif, limits: GIFDecodingLimits(maxMemoryBytes: 2800)).sequence.frames.count == 5)
        #expect(failure(gif, limits: GIFDecodingLimits(maxFrames: 4))?.code == .tooManyFrames)
    }

    @Test("a huge frame on a small screen is refused by the decoded-pixel bound")
    func decompressionBomb() throws {
        var gif = GIFBytes(width: 1, height: 1, palette: rgbw)
        gif.image(width: 65535, height: 65535, indices: [0])
        gif.trailer()
        #expect(failure(gif)?.code == .tooLarge)
    }

    @Test("loop count: none plays once, 0 forever, N repeats; the first block wins")
    func loopCount() throws {
        for (loops, expected) in [([Int](), LoopCount.playOnce), ([0], .forever), ([3], .repeats(3)),
                                  ([2, 0], .repeats(2))] {
            var gif = GIFBytes(width: 1, height: 1, palette: rgbw)
            for n in loops { gif.netscape(loop: n) }
            gif.comment("hello")
            gif.image(width: 1, height: 1, indices: [0])
            gif.comment("after the last frame")
            gif.trailer()
            let decoded = try decode(gif)
            #expect(decoded.sequence.loopCount == expected)
            #expect(decoded.warnings.count == max(0, loops.count - 1))
        }
    }

    @Test("data that is not a GIF is an error")
    func notAGIF() {
        for bytes: [UInt8] in [[], Array("GIF8".utf8), Array("PNG89a\u{1}\0\u{1}\0\0\0\0".utf8)] {
            #expect(throws: GIFError.self) { try GIFDecoder.decode(bytes) }
        }
    }
}
