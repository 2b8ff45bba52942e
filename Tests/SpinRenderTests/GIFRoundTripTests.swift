import Testing
@testable import SpinRender

/// The frame shown at each centisecond of `plays` loops of a sequence.
func timeline(_ sequence: FrameSequence, loops: Int) -> [RGBAImage] {
    var shown: [RGBAImage] = []
    for _ in 0..<loops {
        for frame in sequence.frames {
            shown.append(contentsOf: repeatElement(frame.image, count: frame.delayCentiseconds))
        }
    }
    return shown
}

/// Byte offset just after the global colour table, from the logical screen descriptor (GIF89a §18, §19).
func endOfGlobalColorTable(_ bytes: [UInt8]) -> Int {
    let packed = bytes[10]
    let hasTable = packed & 0x80 != 0
    let tableSize = hasTable ? 3 * (1 << (Int(packed & 0x07) + 1)) : 0
    return 13 + tableSize
}

@Suite("GIF round trip through giflib")
struct GIFRoundTripTests {
    static let modes: [SceneMode] = [.explicit, .implicit, .preview]

    @Test(arguments: modes)
    func everyDecodedPixelEqualsTheRenderedFrame(mode: SceneMode) throws {
        var request = RenderRequest()
        request.example.mode = mode
        request.compact = false
        let rendered = SpinRenderer.renderFrames(request)
        let gif = try SpinRenderer.renderGIF(request)
        let bytes = gif.bytes
        #expect(Array(bytes[0..<6]) == Array("GIF89a".utf8))
        // NETSCAPE2.0 block right after the global colour table, loop count 0 (forever).
        let at = endOfGlobalColorTable(bytes)
        let expectedBlock: [UInt8] = [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        #expect(Array(bytes[at..<(at + expectedBlock.count)]) == expectedBlock)
        #expect(bytes.last == 0x3B)

        let decoded = try GIFDecoder.decode(bytes)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.sequence.loopCount == .forever)
        #expect(decoded.sequence.width == rendered.sequence.width && decoded.sequence.height == rendered.sequence.height)
        #expect(decoded.sequence.frames.count == 100)
        #expect(decoded.sequence.frames.allSatisfy { $0.delayCentiseconds == 2 })
        // Single spinners fit an exact palette; the preview's colours are quantized (≤ 3/255).
        for (shown, source) in zip(decoded.sequence.frames, rendered.sequence.frames) {
            var worst = 0
            for i in 0..<shown.image.pixels.count {
                worst = max(worst, abs(Int(shown.image.pixels[i]) - Int(source.image.pixels[i])))
            }
            #expect(worst <= (mode == .preview ? 3 : 0))
            if mode != .preview { #expect(shown.image == source.image) }
        }
    }

    @Test(arguments: [(LoopCount.forever, 0), (.repeats(3), 3)])
    func loopCountIsWritten(loop: LoopCount, count: Int) throws {
        var request = RenderRequest()
        request.loopCount = loop
        request.compact = false
        let bytes = try SpinRenderer.renderGIF(request).bytes
        let at = endOfGlobalColorTable(bytes)
        #expect(bytes[at + 16] == UInt8(count & 0xFF) && bytes[at + 17] == UInt8(count >> 8))
        #expect(try GIFDecoder.decode(bytes).sequence.loopCount == loop)
    }

    @Test func playOnceWritesNoLoopBlock() throws {
        var request = RenderRequest()
        request.loopCount = .playOnce
        request.compact = false
        let bytes = try SpinRenderer.renderGIF(request).bytes
        #expect(!bytes.indices.dropLast(11).contains { Array(bytes[$0..<($0 + 11)]) == Array("NETSCAPE2.0".utf8) })
    }

    /// Loop compaction keeps playback identical, centisecond for centisecond: 25 frames looped
    /// four times show what 100 frames show once.
    @Test(arguments: [(50.0, 25), (30.0, 15), (24.0, 6)])
    func compactedPlaybackEqualsUncompacted(fps: Double, expectedFrames: Int) throws {
        var full = RenderRequest()
        full.framesPerSecond = fps
        full.compact = false
        var compact = full
        compact.compact = true
        let long = try GIFDecoder.decode(SpinRenderer.renderGIF(full).bytes).sequence
        let short = try GIFDecoder.decode(SpinRenderer.renderGIF(compact).bytes).sequence
        #expect(short.frames.count == expectedFrames)
        let loops = long.durationCentiseconds / short.durationCentiseconds
        #expect(loops * short.durationCentiseconds == long.durationCentiseconds)
        #expect(timeline(short, loops: loops) == timeline(long, loops: 1))
    }

    @Test func compactionMultipliesAFiniteLoopCount() {
        var request = RenderRequest()
        request.loopCount = .repeats(2)      // 3 plays of 100 frames = 12 plays of 25
        #expect(SpinRenderer.renderFrames(request).sequence.loopCount == .repeats(11))
        request.loopCount = .playOnce
        #expect(SpinRenderer.renderFrames(request).sequence.loopCount == .repeats(3))
    }

    @Test func nothingIsCompactedWhenTheSceneIsNotPeriodic() {
        var request = RenderRequest()
        request.example.mode = .preview
        request.scene.layoutChanges = [0.5]
        let animation = SpinRenderer.renderFrames(request)
        #expect(animation.sequence.frames.count == 225)   // 0.5 s + two 2 s periods at 50 fps
    }

    @Test func sameRequestGivesIdenticalBytesWithOneOrTwoThreads() throws {
        var request = RenderRequest()
        request.example.mode = .preview
        request.threads = 1
        let one = try SpinRenderer.renderGIF(request).bytes
        request.threads = 2
        let two = try SpinRenderer.renderGIF(request).bytes
        let again = try SpinRenderer.renderGIF(request).bytes
        #expect(one == two)
        #expect(two == again)
    }

    /// Frames of 64 Ki pixels and more are drawn by several workers and handed over in order
    /// through a ring of slots: the same bytes as one thread, with 2 or 3 workers, opaque or
    /// transparent.
    @Test(arguments: [false, true])
    func framesDrawnOnSeveralThreadsArriveInOrder(transparent: Bool) throws {
        var request = RenderRequest()
        request.scene.scale = 3
        request.example.pointSize = 80
        request.scene.transparentBackground = transparent
        request.threads = 1
        let one = try SpinRenderer.renderGIF(request)
        #expect(one.width * one.height >= 1 << 16)                    // several drawers
        for threads in [2, 3] {
            request.threads = threads
            #expect(try SpinRenderer.renderGIF(request).bytes == one.bytes, "\(threads) threads")
        }
    }

    /// Large opaque animations compress their frames in parallel: same bytes as one thread.
    @Test func parallelFrameCompressionGivesTheSameBytes() throws {
        var request = RenderRequest()
        request.scene.scale = 3
        request.example.pointSize = 48
        request.threads = 1
        let one = try SpinRenderer.renderGIF(request)
        request.threads = 2
        let two = try SpinRenderer.renderGIF(request)
        #expect(one.width * one.height * one.frameCount >= 1 << 20)   // takes the parallel path
        #expect(one.bytes == two.bytes)
    }
}
