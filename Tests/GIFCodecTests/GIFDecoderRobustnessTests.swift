import Testing
import Raster
@testable import GIFCodec

@Suite("GIF reader on odd and damaged files")
struct GIFDecoderRobustnessTests {
    private static let palette = [RGBA8(r: 255, g: 0, b: 0), RGBA8(r: 0, g: 255, b: 0), RGBA8(r: 0, g: 0, b: 255), .white]

    @Test("LZW minimum code sizes outside 2…8 fail or decode, never crash", arguments: [0, 1, 9, 12, 255])
    func oddCodeSizes(size: Int) {
        var gif = GIFBytes(width: 2, height: 1, palette: Self.palette)
        gif.bytes += [0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0, UInt8(size), 2, 0xFF, 0xFF, 0, 0x3B]
        _ = try? GIFDecoder.decode(gif.bytes)
    }

    /// A 65535 × 65535 screen is refused before any frame: the message names the screen, the
    /// bytes of one canvas and the two working canvases, not "0 frame(s)".
    @Test("a huge logical screen is refused naming the screen and its working canvases")
    func hugeScreen() {
        let bytes = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0x3B]
        let canvas = 65535 * 65535 * 4
        #expect(GIFDecoder.declaredSize(bytes)! == (65535, 65535, 0))
        do {
            _ = try GIFDecoder.decode(bytes)
            Issue.record("decoded")
        } catch {
            #expect("\(error)" == "allocate canvas: too large: the logical screen is 65535×65535 pixels, \(canvas) bytes a canvas: its two working canvases alone need \(2 * canvas) bytes, limit \(1 << 30)")
        }
        var one = GIFBytes(width: 20000, height: 10000, palette: Self.palette)
        one.image(width: 1, height: 1, indices: [1])
        one.trailer()
        #expect(throws: (any Error).self) { try GIFDecoder.decode(one.bytes, limits: GIFDecodingLimits(maxMemoryBytes: 1 << 30)) }
        do {
            _ = try GIFDecoder.decode(one.bytes)
        } catch {
            #expect("\(error)".hasSuffix("the logical screen is 20000×10000 pixels, 800000000 bytes a canvas: its two working canvases alone need 1600000000 bytes, limit \(1 << 30)"), "\(error)")
        }
    }

    @Test("extra LZW data after the last pixel is ignored")
    func tooMuchData() throws {
        var gif = GIFBytes(width: 2, height: 1, palette: Self.palette)
        gif.image(width: 2, height: 1, indices: [1, 2, 3, 3, 3, 3, 3, 3, 3])
        gif.trailer()
        let frame = try GIFDecoder.decode(gif.bytes).sequence.frames[0].image
        #expect(frame[0, 0] == Self.palette[1] && frame[1, 0] == Self.palette[2])
    }

    @Test("unknown extensions are skipped; a short graphic control extension is refused")
    func oddExtensions() throws {
        var gif = GIFBytes(width: 1, height: 1, palette: Self.palette)
        gif.bytes += [0x21, 0x42, 3, 1, 2, 3, 0]                 // unknown label
        gif.image(width: 1, height: 1, indices: [2])
        gif.trailer()
        let decoded = try GIFDecoder.decode(gif.bytes)
        #expect(decoded.sequence.frames[0].image[0, 0] == Self.palette[2])
        #expect(decoded.warnings.isEmpty)

        // Chromium reads at least 4 bytes of a graphic control extension whatever its declared
        // size, so a 2-byte one desynchronises the stream there: refused here with a message.
        var short = GIFBytes(width: 1, height: 1, palette: Self.palette)
        short.bytes += [0x21, 0xF9, 2, 0x09, 5, 0]
        short.image(width: 1, height: 1, indices: [2])
        short.trailer()
        #expect(throws: GIFError.self) { try GIFDecoder.decode(short.bytes) }
    }

    @Test("a stream that fills the dictionary without a clear code decodes (deferred clear)")
    func deferredClear() throws {
        // 8000 pixels of two colours alternating in a pattern that keeps adding codes, encoded
        // by hand: a clear code, then literal codes only, at the widths a decoder expects,
        // never clearing again (codes stop being added at 4095).
        var codes: [(Int, Int)] = [(4, 3)]
        var next = 6, width = 3
        var pixels: [Int] = []
        for i in 0..<8000 {
            let value = (i / 3 + i / 7) % 2
            pixels.append(value)
            codes.append((value, width))
            if i > 0 && next < 4096 {
                next += 1
                if next == 1 << width && width < 12 { width += 1 }
            }
        }
        codes.append((5, width))
        var out: [UInt8] = [], acc = 0, bits = 0
        for (code, w) in codes {
            acc |= code << bits
            bits += w
            while bits >= 8 { out.append(UInt8(acc & 0xFF)); acc >>= 8; bits -= 8 }
        }
        if bits > 0 { out.append(UInt8(acc & 0xFF)) }
        var gif = GIFBytes(width: 8000, height: 1, palette: Self.palette)
        gif.compressedImage(width: 8000, height: 1, minCodeSize: 2, lzw: out)
        gif.trailer()
        let image = try GIFDecoder.decode(gif.bytes).sequence.frames[0].image
        #expect((0..<8000).allSatisfy { image[$0, 0] == Self.palette[pixels[$0]] })
    }

    @Test("thousands of damaged variants of a valid GIF never crash")
    func mutations() throws {
        var frames: [TimedFrame] = []
        for f in 0..<3 {
            var image = RGBAImage(width: 9, height: 7, fill: .white)
            for x in 0..<9 { image[x, (x + f) % 7] = RGBA8(r: UInt8(x * 20), g: 0, b: 255, a: f == 1 ? 0 : 255) }
            frames.append(TimedFrame(image: image, delayCentiseconds: 3))
        }
        let valid = try GIFEncoder.encode(FrameSequence(width: 9, height: 7, frames: frames, loopCount: .forever),
                                          options: GIFEncodingOptions(transparentBackground: .white)).bytes
        var random = SeededRandom(state: 2024)
        var failures = 0
        for _ in 0..<3000 {
            var bytes = valid
            switch random.next(3) {
            case 0: bytes = Array(bytes.prefix(random.next(bytes.count)))
            case 1:
                for _ in 0..<(1 + random.next(4)) { bytes[random.next(bytes.count)] = UInt8(random.next(256)) }
            default:
                let at = random.next(bytes.count)
                bytes.insert(contentsOf: (0..<random.next(6)).map { _ in UInt8(random.next(256)) }, at: at)
            }
            do {
                let decoded = try GIFDecoder.decode(bytes, limits: GIFDecodingLimits(maxMemoryBytes: 1 << 24))
                #expect(decoded.sequence.frames.allSatisfy { $0.image.pixels.count == decoded.sequence.width * decoded.sequence.height * 4 })
            } catch {
                failures += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(failures > 0)
    }
}
