import Testing
@testable import SpinRender

/// Every channel of every pixel of two equal-sized images: the largest difference.
private func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}

@Suite("SpinRenderer.renderWebP")
struct WebPRenderTests {
    static func request(_ mode: SceneMode, rotateAt: [Double] = [], transparent: Bool = false) -> RenderRequest {
        var request = RenderRequest()
        request.example.mode = mode
        request.scene.layoutChanges = rotateAt
        request.scene.transparentBackground = transparent
        request.format = .webp
        return request
    }

    /// The opaque GIF of the main job and the preview is checked against the WebP: the GIF's
    /// own reader and encoder are independent of libwebp, and the GIF's palette is exact for the
    /// main job (227 colours). For the many-colour preview and drift the GIF is quantized, so
    /// the WebP is checked against the rendered RGBA and shown to hold more colours than 256.
    @Test("lossless: every decoded frame equals the rendered RGBA at every pixel; 20 ms delays; the GIF's frames and loop",
          arguments: [(SceneMode.explicit, [Double]()), (.preview, [0.5])])
    func losslessFramesAreExact(mode: SceneMode, rotateAt: [Double]) throws {
        let request = Self.request(mode, rotateAt: rotateAt)
        let webp = try SpinRenderer.renderWebP(request)
        let decoded = try WebPDecoder.decode(webp.bytes)
        let rendered = SpinRenderer.renderWebPFrames(request).sequence
        #expect(decoded.sequence.frames.count == rendered.frames.count)
        #expect(decoded.sequence.frames.map(\.image) == rendered.frames.map(\.image))
        #expect(decoded.delaysMilliseconds == Array(repeating: 20, count: rendered.frames.count))
        var gifRequest = request
        gifRequest.format = .gif
        let gif = try GIFDecoder.decode(try SpinRenderer.renderGIF(gifRequest).bytes).sequence
        #expect(decoded.sequence.loopCount == gif.loopCount)
        #expect(decoded.sequence.frames.count == gif.frames.count)
        if mode == .explicit {
            #expect(decoded.sequence.frames.map(\.image) == gif.frames.map(\.image))
        } else {
            var colours = Set<UInt32>()
            for frame in decoded.sequence.frames {
                for i in stride(from: 0, to: frame.image.pixels.count, by: 4) {
                    let p = frame.image.pixels
                    colours.insert(UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]))
                }
            }
            #expect(colours.count > 256)
        }
    }

    /// The transparent WebP keeps coverage as alpha: composited over the background with the
    /// straight-alpha "over" operator, each pixel is the opaque render on that background to
    /// within rounding (1/255), at every pixel of every frame — an independent drawing of the
    /// same scene. Edges have alpha strictly between 0 and 255; the GIF of the same request has
    /// none.
    @Test("--transparent: 8-bit alpha, equal to the render and to the opaque render composited, no matte")
    func transparentKeepsAlpha() throws {
        let request = Self.request(.explicit, transparent: true)
        let decoded = try WebPDecoder.decode(try SpinRenderer.renderWebP(request).bytes).sequence
        let rendered = SpinRenderer.renderWebPFrames(request).sequence
        #expect(decoded.frames.map(\.image) == rendered.frames.map(\.image))
        var opaqueRequest = request
        opaqueRequest.scene.transparentBackground = false
        let opaque = SpinRenderer.renderWebPFrames(opaqueRequest).sequence
        let background = ViewRenderer(opaqueRequest.makeEngine()).palette.background
        var partial = 0
        for (frame, reference) in zip(decoded.frames, opaque.frames) {
            var composited = frame.image
            for i in stride(from: 0, to: composited.pixels.count, by: 4) {
                let a = Double(composited.pixels[i + 3]) / 255
                if composited.pixels[i + 3] > 0 && composited.pixels[i + 3] < 255 { partial += 1 }
                for (c, bg) in [(0, background.r), (1, background.g), (2, background.b)] {
                    let value = Double(composited.pixels[i + c]) * a + Double(bg) * (1 - a)
                    composited.pixels[i + c] = UInt8(value.rounded())
                }
                composited.pixels[i + 3] = 255
            }
            #expect(largestDifference(composited, reference.image) <= 1)
        }
        #expect(partial > 1000)
        var gifRequest = request
        gifRequest.format = .gif
        let gif = try GIFDecoder.decode(try SpinRenderer.renderGIF(gifRequest).bytes).sequence
        #expect(gif.frames.allSatisfy { frame in stride(from: 3, to: frame.image.pixels.count, by: 4).allSatisfy {
            frame.image.pixels[$0] == 0 || frame.image.pixels[$0] == 255 } })
    }

    @Test("byte-identical across runs and thread counts (frames of 64 Ki pixels and more are drawn by several workers)")
    func deterministic() throws {
        var request = Self.request(.explicit)
        request.scene.scale = 3
        request.example.pointSize = 80
        #expect(request.makeEngine().canvasWidth * request.makeEngine().canvasHeight >= 1 << 16)
        request.threads = 1
        let one = try SpinRenderer.renderWebP(request).bytes
        for threads in [1, 3] {
            request.threads = threads
            #expect(try SpinRenderer.renderWebP(request).bytes == one)
        }
    }

    @Test("--quality: lossy colour, alpha exact")
    func lossyAlphaExact() throws {
        var request = Self.request(.explicit, transparent: true)
        request.webpQuality = 60
        let decoded = try WebPDecoder.decode(try SpinRenderer.renderWebP(request).bytes).sequence
        let rendered = SpinRenderer.renderWebPFrames(request).sequence
        for (frame, reference) in zip(decoded.frames, rendered.frames) {
            let alpha = stride(from: 3, to: frame.image.pixels.count, by: 4).map { frame.image.pixels[$0] }
            #expect(alpha == stride(from: 3, to: reference.image.pixels.count, by: 4).map { reference.image.pixels[$0] })
        }
    }

    @Test("loop compaction keeps the loop count within WebP's 65535 plays")
    func compactionWithinLoopField() throws {
        var request = Self.request(.explicit)
        request.loopCount = .repeats(20_000)
        // 100 frames repeat every 25: 4 copies, 20 001 × 4 − 1 repeats: more than WebP holds.
        let webp = try SpinRenderer.renderWebP(request)
        #expect(webp.frameCount == 100)
        #expect(try WebPDecoder.decode(webp.bytes).sequence.loopCount == .repeats(20_000))
        request.loopCount = .repeats(9)
        let compacted = try SpinRenderer.renderWebP(request)
        #expect(compacted.frameCount == 25)
        #expect(try WebPDecoder.decode(compacted.bytes).sequence.loopCount == .repeats(39))
    }
}
