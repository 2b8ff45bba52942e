import Testing
import Raster
@testable import GIFCodec

@Suite("GIF reader: Chromium's forgiveness and timing rules")
struct GIFBrowserRulesTests {
    /// Four images with delays 0, 1, 5, 0 drawing one pixel each on a 4 × 1 screen.
    static let delays = [0, 1, 5, 0]
    static var fourImages: [UInt8] {
        var gif = GIFBytes(width: 4, height: 1, palette: rgbw)
        for (i, delay) in delays.enumerated() {
            gif.control(disposal: 1, delay: delay)
            gif.image(x: i, width: 1, height: 1, indices: [i])
        }
        gif.trailer()
        return gif.bytes
    }

    /// The canvas after image `k` (0-based) is drawn: pixels 0…k set to their colours.
    static func canvas(after k: Int) -> [RGBA8] { (0..<4).map { $0 <= k ? rgbw[$0] : clear } }

    @Test("browser timing: one frame per image, delays of 0 and 1 cs play as 10 cs")
    func browserTiming() throws {
        let frames = try GIFDecoder.decode(Self.fourImages).sequence.frames
        #expect(frames.map { pixels($0.image) } == (0..<4).map(Self.canvas(after:)))
        #expect(frames.map(\.delayCentiseconds) == Self.delays.map { $0 <= 1 ? 10 : $0 })
    }

    @Test("spec timing: an image with delay 0 is composed into the next frame; the last stays")
    func specTiming() throws {
        let frames = try GIFDecoder.decode(Self.fourImages, timing: .spec).sequence.frames
        // Image 0 (delay 0) joins image 1; images 1 and 2 show; image 3 (delay 0) is the last
        // image, so it is shown as it is, with its delay 0.
        let shown = Self.delays.indices.filter { Self.delays[$0] != 0 || $0 == Self.delays.count - 1 }
        #expect(frames.map { pixels($0.image) } == shown.map(Self.canvas(after:)))
        #expect(frames.map(\.delayCentiseconds) == shown.map { Self.delays[$0] })
    }

    @Test("spec timing: a last image with delay 0 is shown before its disposal clears it")
    func specLastImageDisposed() throws {
        var gif = GIFBytes(width: 2, height: 1, palette: rgbw)
        gif.control(disposal: 1, delay: 0)
        gif.image(width: 1, height: 1, indices: [0])
        gif.control(disposal: 2, delay: 0)
        gif.image(x: 1, width: 1, height: 1, indices: [1])
        gif.trailer()
        let frames = try GIFDecoder.decode(gif.bytes, timing: .spec).sequence.frames
        #expect(frames.map { pixels($0.image) } == [[red, green]])
        #expect(frames.map(\.delayCentiseconds) == [0])
    }

    @Test("a 'high colour' GIF of tiles without graphic control shows as one frame under spec timing")
    func highColourTiles() throws {
        var gif = GIFBytes(width: 2, height: 2, palette: rgbw)
        for (i, index) in [0, 1, 2, 3].enumerated() {
            gif.image(x: i % 2, y: i / 2, width: 1, height: 1, indices: [0], local: [rgbw[index]])
        }
        gif.trailer()
        let spec = try GIFDecoder.decode(gif.bytes, timing: .spec).sequence.frames
        #expect(spec.map { pixels($0.image) } == [rgbw])
        #expect(try GIFDecoder.decode(gif.bytes).sequence.frames.count == 4)
    }

    @Test("LZW minimum code sizes above 8 are refused naming the size and its byte", arguments: [9, 10, 11])
    func codeSizeAbove8(size: Int) {
        var gif = GIFBytes(width: 2, height: 1, palette: rgbw)
        gif.image(width: 2, height: 1, indices: [0, 1])
        gif.trailer()
        // The code size byte follows the 13-byte header, the 12-byte table and the 10-byte descriptor.
        gif.bytes[35] = UInt8(size)
        do {
            _ = try GIFDecoder.decode(gif.bytes)
            Issue.record("decoded")
        } catch {
            #expect(error.code == .malformed)
            #expect(error.description.contains("LZW minimum code size \(size) at byte 35: at most 8"), "\(error)")
            #expect(!error.description.contains("data ends"), "\(error)")
        }
    }

    @Test("literal widths 0…8 all decode with Chromium's code widths", arguments: 0...8)
    func everyLiteralWidth(width: Int) throws {
        let colours: [RGBA8] = (0..<(1 << width)).map { (i: Int) -> RGBA8 in
            let red: UInt8 = UInt8(i & 0xFF), green: UInt8 = UInt8((255 - i) & 0xFF)
            return RGBA8(r: red, g: green, b: 7)
        }
        let indices = (0..<50).map { ($0 * 5 + 3) % (1 << width) }
        var gif = GIFBytes(width: 10, height: 5, palette: colours.count >= 2 ? colours : colours + [.black])
        gif.compressedImage(width: 10, height: 5, minCodeSize: width, lzw: GIFBytes.clearedLZW(indices, minCodeSize: width))
        gif.trailer()
        let decoded = try GIFDecoder.decode(gif.bytes)
        #expect(pixels(decoded.sequence.frames[0].image) == indices.map { colours[$0] })
        #expect(decoded.warnings.isEmpty)
    }

    @Test("garbage before the trailer ends the file after the frames read so far")
    func garbageBeforeTrailer() throws {
        var gif = GIFBytes(width: 1, height: 1, palette: rgbw)
        gif.image(width: 1, height: 1, indices: [1])
        gif.image(width: 1, height: 1, indices: [2])
        let stray = gif.bytes.count
        gif.bytes += Array("trailing junk".utf8)
        gif.trailer()
        let decoded = try GIFDecoder.decode(gif.bytes)
        #expect(decoded.sequence.frames.map { pixels($0.image) } == [[green], [blue]])
        #expect(decoded.warnings == ["byte \(stray): stray data (0x74, not an extension, image or trailer) after 2 image(s): the rest of the file is ignored, as browsers do"])
    }

    @Test("a file with no image shows one transparent frame of the screen, with the pending delay")
    func noImage() throws {
        var gif = GIFBytes(width: 3, height: 2, palette: rgbw)
        gif.control(delay: 40)
        gif.trailer()
        let decoded = try GIFDecoder.decode(gif.bytes)
        #expect(decoded.sequence.width == 3 && decoded.sequence.height == 2)
        #expect(decoded.sequence.frames.map { pixels($0.image) } == [Array(repeating: clear, count: 6)])
        #expect(decoded.sequence.frames.map(\.delayCentiseconds) == [40])
    }

    @Test("an interlaced image cut short keeps the rows of the passes decoded so far")
    func truncatedInterlaced() throws {
        // 1 × 8, stored rows 0, 4, 2, 6, 1, 3, 5, 7; the data ends after 3 stored rows.
        var gif = GIFBytes(width: 1, height: 8, palette: rgbw)
        let descriptor = gif.bytes.count
        gif.compressedImage(width: 1, height: 8, minCodeSize: 2,
                            lzw: GIFBytes.pack([4, 1, 1, 1, 5], width: 3))   // clear, three pixels, end
        gif.bytes[descriptor + 9] |= 0x40   // the interlace flag
        gif.trailer()
        let decoded = try GIFDecoder.decode(gif.bytes)
        let shownRows: Set<Int> = [0, 4, 2]
        #expect(pixels(decoded.sequence.frames[0].image) == (0..<8).map { shownRows.contains($0) ? green : clear })
        #expect(decoded.warnings.count == 1)
    }
}
