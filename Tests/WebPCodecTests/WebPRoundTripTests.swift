import Raster
import Testing
@testable import WebPCodec

/// A frame drawn independently of any renderer: a diagonal gradient whose colour, alpha and
/// phase depend on the frame number, so that frames differ, colours are many (beyond a GIF
/// palette) and every alpha level from 0 to 255 occurs.
private func gradient(_ width: Int, _ height: Int, frame: Int, alpha: Bool) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            pixels[i] = UInt8((x * 7 + frame * 13) & 255)
            pixels[i + 1] = UInt8((y * 5 + frame * 29) & 255)
            pixels[i + 2] = UInt8((x * y + frame) & 255)
            pixels[i + 3] = alpha ? UInt8((x + y * width + frame) & 255) : 255
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)!
}

@Suite("WebP encoder and decoder round trip")
struct WebPRoundTripTests {
    @Test("lossless: every decoded frame equals the input at every pixel, transparent pixels' colour included; delays and loop kept",
          arguments: [false, true])
    func losslessRoundTrip(alpha: Bool) throws {
        let delays = [20, 30, 40, 20, 1000]
        let frames = delays.indices.map { gradient(33, 17, frame: $0, alpha: alpha) }
        var encoder = try WebPStreamEncoder(width: 33, height: 17, loopCount: .repeats(3))
        for (frame, delay) in zip(frames, delays) { try encoder.append(frame, delayMilliseconds: delay) }
        let result = try encoder.finish()
        #expect(result.storedFrameCount == 5)
        let decoded = try WebPDecoder.decode(result.bytes)
        #expect(decoded.animated)
        #expect(decoded.delaysMilliseconds == delays)
        #expect(decoded.sequence.frames.map(\.delayCentiseconds) == [2, 3, 4, 2, 100])
        // WebP's ANIM counts plays: 3 repeats after the first play are 4 plays.
        #expect(decoded.sequence.loopCount == .repeats(3))
        #expect(decoded.sequence.frames.map(\.image) == frames)
        #expect(decoded.warnings.isEmpty)
    }

    @Test("equal neighbours are stored once with their delays added")
    func equalFramesMerge() throws {
        let a = gradient(8, 8, frame: 0, alpha: false), b = gradient(8, 8, frame: 1, alpha: false)
        var encoder = try WebPStreamEncoder(width: 8, height: 8, loopCount: .forever)
        for image in [a, a, a, b, b, a] { try encoder.append(image, delayMilliseconds: 20) }
        let result = try encoder.finish()
        #expect(result.storedFrameCount == 3)
        let decoded = try WebPDecoder.decode(result.bytes)
        #expect(decoded.sequence.frames.map(\.image) == [a, b, a])
        #expect(decoded.delaysMilliseconds == [60, 40, 20])
        #expect(decoded.sequence.loopCount == .forever)
    }

    @Test("loop counts: once is 1 play, forever 0, 65534 repeats the most a WebP holds")
    func loopCounts() throws {
        let image = gradient(4, 4, frame: 0, alpha: false)
        for (loop, expected) in [(LoopCount.playOnce, LoopCount.playOnce), (.forever, .forever), (.repeats(65_534), .repeats(65_534))] {
            var encoder = try WebPStreamEncoder(width: 4, height: 4, loopCount: loop)
            try encoder.append(image, delayMilliseconds: 20)
            try encoder.append(gradient(4, 4, frame: 1, alpha: false), delayMilliseconds: 20)
            #expect(try WebPDecoder.decode(try encoder.finish().bytes).sequence.loopCount == expected)
        }
        #expect(throws: WebPError.self) { _ = try WebPStreamEncoder(width: 4, height: 4, loopCount: .repeats(65_535)) }
    }

    @Test("lossy (--quality) keeps every alpha value exactly")
    func lossyKeepsAlpha() throws {
        let frame = gradient(32, 32, frame: 3, alpha: true)
        var encoder = try WebPStreamEncoder(width: 32, height: 32, loopCount: .forever, options: .init(quality: 90))
        try encoder.append(frame, delayMilliseconds: 20)
        let decoded = try WebPDecoder.decode(try encoder.finish().bytes).sequence.frames[0].image
        let alphaIn = stride(from: 3, to: frame.pixels.count, by: 4).map { frame.pixels[$0] }
        let alphaOut = stride(from: 3, to: decoded.pixels.count, by: 4).map { decoded.pixels[$0] }
        #expect(alphaOut == alphaIn)
    }

    @Test("the encoder refuses bad input: a frame of another size, a negative delay, no frames, a bad quality")
    func refusals() throws {
        var encoder = try WebPStreamEncoder(width: 4, height: 4, loopCount: .forever)
        #expect(throws: WebPError.self) { try encoder.append(gradient(5, 4, frame: 0, alpha: false), delayMilliseconds: 20) }
        #expect(throws: WebPError.self) { try encoder.append(gradient(4, 4, frame: 0, alpha: false), delayMilliseconds: -1) }
        do {
            _ = try encoder.finish()
            Issue.record("finishing with no frames should throw")
        } catch {
            #expect(error.code == .invalidInput)
        }
        #expect(throws: WebPError.self) { _ = try WebPStreamEncoder(width: 4, height: 4, loopCount: .forever, options: .init(quality: 101)) }
        #expect(throws: WebPError.self) { _ = try WebPStreamEncoder(width: 16_384, height: 4, loopCount: .forever) }
    }
}

@Suite("WebP decoder on hostile input")
struct WebPHostileInputTests {
    static func sample() throws -> [UInt8] {
        var encoder = try WebPStreamEncoder(width: 40, height: 30, loopCount: .forever)
        for frame in 0..<4 { try encoder.append(gradient(40, 30, frame: frame, alpha: true), delayMilliseconds: 20) }
        return try encoder.finish().bytes
    }

    @Test("every truncation throws, never crashes")
    func truncations() throws {
        let bytes = try Self.sample()
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: WebPError.self) { try WebPDecoder.decode(Array(bytes.prefix(length))) }
        }
    }

    @Test("corrupted bytes either decode to canvas-sized frames or throw")
    func corruptions() throws {
        let bytes = try Self.sample()
        var failures = 0
        for offset in stride(from: 12, to: bytes.count, by: 5) {
            var damaged = bytes
            damaged[offset] ^= 0xA5
            do {
                let decoded = try WebPDecoder.decode(damaged)
                #expect(decoded.sequence.frames.allSatisfy { $0.image.pixels.count == decoded.sequence.width * decoded.sequence.height * 4 })
            } catch {
                failures += 1
            }
        }
        #expect(failures > 0)
    }

    @Test("limits are checked before decoding: frames and memory")
    func limits() throws {
        let bytes = try Self.sample()
        #expect(WebPDecoder.declaredSize(bytes)! == (40, 30, 4))
        #expect(throws: WebPError(.tooManyFrames, operation: "read the frames", detail: "4 frames, at most 3")) {
            try WebPDecoder.decode(bytes, limits: WebPDecodingLimits(maxFrames: 3))
        }
        // 4 frames and 2 working canvases of 40 × 30 × 4 bytes: 28 800 bytes.
        #expect(throws: WebPError.self) { try WebPDecoder.decode(bytes, limits: WebPDecodingLimits(maxMemoryBytes: 28_799)) }
        #expect(try WebPDecoder.decode(bytes, limits: WebPDecodingLimits(maxMemoryBytes: 28_800)).sequence.frames.count == 4)
    }
}
