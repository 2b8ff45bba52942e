import Testing
import Foundation
import Raster
@testable import GIFCodec

/// Merges identical consecutive frames (adding delays): how a viewer's output is compared.
func merged(_ sequence: FrameSequence) -> FrameSequence {
    var frames: [TimedFrame] = []
    for frame in sequence.frames {
        if let last = frames.last, last.image == frame.image {
            frames[frames.count - 1].delayCentiseconds += frame.delayCentiseconds
        } else {
            frames.append(frame)
        }
    }
    return FrameSequence(width: sequence.width, height: sequence.height, frames: frames, loopCount: sequence.loopCount)
}

/// A small animation: a background gradient (few colours), a block moving right with
/// anti-aliased (partly transparent when `transparent`) edges, a still frame repeated.
func movingBlock(width: Int = 20, height: Int = 12, frames count: Int = 8, transparent: Bool = false,
                 loop: LoopCount = .forever) -> FrameSequence {
    var frames: [TimedFrame] = []
    for f in 0..<count {
        var image = RGBAImage(width: width, height: height,
                              fill: transparent ? .transparent : RGBA8(r: 250, g: 250, b: 240))
        if !transparent {
            for x in 0..<width { image[x, height - 1] = RGBA8(r: UInt8(x * 10), g: 100, b: 50) }
        }
        let left = min(f, 4) * 2 + 1          // frames 4… are identical: merged
        for y in 3..<8 {
            for x in left..<(left + 5) {
                let edge = x == left || x == left + 4 || y == 3 || y == 7
                image[x, y] = RGBA8(r: 255, g: 149, b: 0, a: edge ? (min(f, 4) % 2 == 0 ? 90 : 200) : 255)
            }
        }
        frames.append(TimedFrame(image: image, delayCentiseconds: 2 + f % 3))
    }
    return FrameSequence(width: width, height: height, frames: frames, loopCount: loop)
}

/// Encodes, decodes with ``GIFDecoder`` and checks every displayed frame and delay.
@discardableResult
func expectRoundTrip(_ sequence: FrameSequence, _ options: GIFEncodingOptions = .init(),
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> (GIFEncodingResult, GIFBlockWalk) {
    let result = try GIFEncoder.encode(sequence, options: options)
    let decoded = try GIFDecoder.decode(result.bytes)
    #expect(decoded.warnings.isEmpty, sourceLocation: sourceLocation)
    // Read as browsers play it: delays of 0 and 1 cs become 10 cs.
    var displayed = options.displayedSequence(of: sequence)
    for i in displayed.frames.indices where displayed.frames[i].delayCentiseconds <= 1 {
        displayed.frames[i].delayCentiseconds = 10
    }
    let expected = merged(displayed)
    let actual = merged(decoded.sequence)
    #expect(actual.width == expected.width && actual.height == expected.height, sourceLocation: sourceLocation)
    #expect(actual.loopCount == expected.loopCount, sourceLocation: sourceLocation)
    #expect(actual.frames.map(\.delayCentiseconds) == expected.frames.map(\.delayCentiseconds),
            sourceLocation: sourceLocation)
    #expect(actual.frames.count == expected.frames.count, sourceLocation: sourceLocation)
    for (i, (a, e)) in zip(actual.frames, expected.frames).enumerated() where a.image != e.image {
        Issue.record("frame \(i) differs", sourceLocation: sourceLocation)
        break
    }
    let walk = try #require(GIFBlockWalk(result.bytes), sourceLocation: sourceLocation)
    #expect(walk.version == "GIF89a", sourceLocation: sourceLocation)
    #expect(walk.hasTrailer, sourceLocation: sourceLocation)
    #expect(walk.images.count == result.storedFrameCount, sourceLocation: sourceLocation)
    return (result, walk)
}

@Suite("GIF writer round trips")
struct GIFEncoderTests {
    @Test("every displayed frame survives encoding", arguments: [
        GIFEncodingOptions(optimize: true),
        GIFEncodingOptions(optimize: false),
        GIFEncodingOptions(optimize: true, transparentBackground: .white),
        GIFEncodingOptions(optimize: false, transparentBackground: RGBA8(r: 10, g: 20, b: 30)),
    ])
    func roundTrip(options: GIFEncodingOptions) throws {
        let sequence = movingBlock(transparent: options.transparentBackground != nil)
        let (result, walk) = try expectRoundTrip(sequence, options)
        #expect(result.worstChannelError == 0)
        if options.optimize {
            #expect(result.storedFrameCount == 5)           // frames 4…7 are identical
        } else {
            #expect(result.storedFrameCount == 8)
            #expect(walk.images.allSatisfy { $0 == (0, 0, 20, 12) })
        }
    }

    @Test("optimised frames store only the changed rectangle")
    func croppedFrames() throws {
        let (_, walk) = try expectRoundTrip(movingBlock())
        #expect(walk.images[0] == (0, 0, 20, 12))
        // The block moves 2 px right each frame: old and new positions span 7 columns, 5 rows.
        for image in walk.images.dropFirst() {
            #expect(image.width == 7 && image.height == 5 && image.y == 3, "\(image)")
        }
        #expect(walk.controls.allSatisfy { $0.disposal == 1 })
    }

    @Test("unchanged pixels inside the rectangle may become the transparent index")
    func transparentUnchanged() throws {
        // A 1-px dot jumps between two far corners on a noisy background: the rectangle spans
        // the canvas, and all but two pixels in it are unchanged.
        var frames: [TimedFrame] = []
        for f in 0..<6 {
            var image = RGBAImage(width: 40, height: 30)
            for y in 0..<30 { for x in 0..<40 { image[x, y] = RGBA8(r: UInt8((x * 7 + y * 13) % 5 * 40), g: 9, b: 9) } }
            image[f % 2 == 0 ? 0 : 39, f % 2 == 0 ? 0 : 29] = .white
            frames.append(TimedFrame(image: image, delayCentiseconds: 5))
        }
        let sequence = FrameSequence(width: 40, height: 30, frames: frames, loopCount: .forever)
        let (optimised, walk) = try expectRoundTrip(sequence)
        let (plain, _) = try expectRoundTrip(sequence, GIFEncodingOptions(optimize: false))
        #expect(walk.images.dropFirst().allSatisfy { $0 == (0, 0, 40, 30) })
        // The noise between the two dots is written as the frame's transparent index.
        #expect(walk.controls.dropFirst().allSatisfy { $0.transparent != nil })
        #expect(optimised.bytes.count < plain.bytes.count)
    }

    /// Diagonal stripes (period 9 px) moving 3 px a frame in two 50 px columns at the left and
    /// right of a 300 × 260 canvas, a still texture between them, all inside a 10 px margin:
    /// every frame changes a 280 × 240 rectangle (67 200 pixels, over the 64 Ki where the
    /// candidates are first ranked on a band of rows), most of it unchanged.
    static func largeStripes(transparent: Bool) -> FrameSequence {
        let width = 300, height = 260
        let colors = [RGBA8(r: 255, g: 149, b: 0), RGBA8(r: 40, g: 40, b: 40), RGBA8(r: 255, g: 149, b: 0, a: 120)]
        let frames = (0..<5).map { f in
            var image = RGBAImage(width: width, height: height, fill: transparent ? .transparent : .white)
            for y in 10..<(height - 10) {
                for x in 10..<(width - 10) {
                    let moving = x < 60 || x >= width - 60
                    image[x, y] = moving ? colors[(x + y + 3 * f) / 3 % 3] : colors[(x * 7 + y * 3) / 5 % 3]
                }
            }
            return TimedFrame(image: image, delayCentiseconds: 4)
        }
        return FrameSequence(width: width, height: height, frames: frames, loopCount: .forever)
    }

    @Test("rectangles over 64 Ki pixels round-trip, opaque or transparent, on 1 or 2 threads",
          arguments: [false, true], [1, 2])
    func largeRectangles(transparent: Bool, threads: Int) throws {
        var options = GIFEncodingOptions()
        options.threads = threads
        if transparent { options.transparentBackground = .white }
        let (result, walk) = try expectRoundTrip(Self.largeStripes(transparent: transparent), options)
        #expect(walk.images.dropFirst().allSatisfy { $0.width * $0.height > FramePlanner.flexibleParsingLimit })
        // The still middle is worth the transparent index: the frames after the first use it.
        #expect(walk.controls.dropFirst().allSatisfy { $0.transparent != nil })
        var one = options
        one.threads = 1
        #expect(try GIFEncoder.encode(Self.largeStripes(transparent: transparent), options: one).bytes == result.bytes)
    }

    @Test("effort max (flexible parsing) round-trips and is never larger than normal", arguments: [false, true])
    func effortMax(transparent: Bool) throws {
        var options = GIFEncodingOptions()
        if transparent { options.transparentBackground = .white }
        let normal = try expectRoundTrip(movingBlock(width: 24, height: 16, transparent: transparent), options).0
        options.effort = .max
        let max = try expectRoundTrip(movingBlock(width: 24, height: 16, transparent: transparent), options).0
        #expect(max.bytes.count <= normal.bytes.count)
    }

    /// A turning anti-aliased cross, as the spinner's rays turn: effort max stores some of its
    /// frames with interlaced rows, where they encode smaller, and the reader, which
    /// de-interlaces as browsers do, gets every frame back. Effort normal never interlaces.
    @Test("effort max stores frames interlaced where that is smaller, and they round-trip")
    func interlacedWhereSmaller() throws {
        let size = 40
        var frames: [TimedFrame] = []
        for f in 0..<12 {
            var rasterizer = CoverageRasterizer(width: size, height: size)
            let angle = Double(f) * Double.pi / 24
            for arm in 0..<4 {
                let a = angle + Double(arm) * Double.pi / 2
                let (c, s) = (cos(a), sin(a))
                // A bar from near the centre outwards, 3 px wide.
                let corners = [(4.0, -1.5), (17.0, -1.5), (17.0, 1.5), (4.0, 1.5)].map { x, y in
                    Point(x: 20 + x * c - y * s, y: 20 + x * s + y * c)
                }
                rasterizer.addPolygon(corners)
            }
            var image = RGBAImage(width: size, height: size, fill: .white)
            image.composite(RGBA8(r: 255, g: 149, b: 0), coverage: rasterizer, in: .sRGB)
            frames.append(TimedFrame(image: image, delayCentiseconds: 4))
        }
        let sequence = FrameSequence(width: size, height: size, frames: frames, loopCount: .forever)
        var options = GIFEncodingOptions()
        let (normal, normalWalk) = try expectRoundTrip(sequence, options)
        #expect(!normalWalk.interlaced.contains(true))
        options.effort = .max
        let (max, walk) = try expectRoundTrip(sequence, options)
        #expect(walk.interlaced.contains(true), "\(walk.interlaced)")
        #expect(max.bytes.count < normal.bytes.count)
    }

    @Test("the interlaced row order is GIF89a's four passes")
    func interlacedRowOrder() {
        #expect(FramePlanner.interlacedRows(10) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        #expect(FramePlanner.interlacedRows(1) == [0])
        #expect(FramePlanner.interlacedRows(0) == [])
    }

    @Test("finish hands the frames over: a second finish has none, and the encoder starts afresh")
    func finishEmptiesTheEncoder() throws {
        let sequence = movingBlock()
        var stream = try GIFStreamEncoder(width: sequence.width, height: sequence.height, loopCount: sequence.loopCount)
        for frame in sequence.frames { try stream.append(frame.image, delayCentiseconds: frame.delayCentiseconds) }
        let first = try stream.finish()
        #expect(stream.frameCount == 0)
        #expect(throws: GIFError.self) { try stream.finish() }
        for frame in sequence.frames { try stream.append(frame.image, delayCentiseconds: frame.delayCentiseconds) }
        #expect(try stream.finish().bytes == first.bytes)
        #expect(first.bytes == (try GIFEncoder.encode(sequence)).bytes)
    }

    @Test("a promised changed region gives the bytes a whole-canvas comparison gives", arguments: [false, true])
    func changedRegionHint(transparent: Bool) throws {
        let sequence = movingBlock(width: 24, height: 16, frames: 8, transparent: transparent)
        let options = GIFEncodingOptions(transparentBackground: transparent ? .black : nil)
        var hinted = try GIFStreamEncoder(width: 24, height: 16, loopCount: sequence.loopCount, options: options)
        for (f, frame) in sequence.frames.enumerated() {
            // The block's columns in this frame and the one before (movingBlock's layout), its
            // rows 3..<8; frames 5… repeat frame 4, so their promise is the empty rectangle.
            let left = min(f, 4) * 2 + 1, before = min(max(f - 1, 0), 4) * 2 + 1
            let region = f >= 5 ? Raster.PixelRect(x0: 7, y0: 7, x1: 7, y1: 7)
                : Raster.PixelRect(x0: min(left, before) - 3, y0: 3 - (f == 1 ? 9 : 0), x1: max(left, before) + 5, y1: 8 + (f == 2 ? 99 : 0))
            try hinted.append(frame.image, delayCentiseconds: frame.delayCentiseconds, changedWithin: f == 0 ? .init(x0: 0, y0: 0, x1: 1, y1: 1) : region)
        }
        let plain = try GIFEncoder.encode(sequence, options: options)
        let result = try hinted.finish()
        #expect(result.bytes == plain.bytes)
        #expect(result.storedFrameCount == 5)
    }

    @Test("identical consecutive frames merge by adding their delays")
    func mergedDuplicates() throws {
        let a = RGBAImage(width: 4, height: 4, fill: .white), b = RGBAImage(width: 4, height: 4, fill: .black)
        let sequence = FrameSequence(width: 4, height: 4, frames: [
            TimedFrame(image: a, delayCentiseconds: 2), TimedFrame(image: a, delayCentiseconds: 3),
            TimedFrame(image: a, delayCentiseconds: 4), TimedFrame(image: b, delayCentiseconds: 5),
            TimedFrame(image: b, delayCentiseconds: 6),
        ], loopCount: .forever)
        let (result, walk) = try expectRoundTrip(sequence)
        #expect(result.storedFrameCount == 2)
        #expect(walk.controls.map(\.delay) == [9, 11])
    }

    @Test("a delay beyond 65535 cs is split over repeated frames")
    func longDelays() throws {
        let a = RGBAImage(width: 2, height: 2, fill: .white), b = RGBAImage(width: 2, height: 2, fill: .black)
        for optimize in [true, false] {
            let sequence = FrameSequence(width: 2, height: 2, frames: [
                TimedFrame(image: a, delayCentiseconds: 70_000), TimedFrame(image: a, delayCentiseconds: 65_535),
                TimedFrame(image: b, delayCentiseconds: 7),
            ], loopCount: .playOnce)
            let options = GIFEncodingOptions(optimize: optimize)
            let (_, walk) = try expectRoundTrip(optimize ? sequence : merged(sequence), options)
            #expect(walk.controls.map(\.delay) == [65535, 65535, 4465, 7])
        }
    }

    @Test("pixels turning transparent use restore-to-background, diffed against the cleared canvas")
    func disposeToBackground() throws {
        let sequence = movingBlock(transparent: true)
        let (_, walk) = try expectRoundTrip(sequence, GIFEncodingOptions(transparentBackground: .white))
        let disposals = walk.controls.map(\.disposal)
        #expect(disposals.contains(2))
        #expect(walk.controls.contains { $0.transparent != nil })
    }

    @Test("an overlay that comes and goes uses restore-previous")
    func disposeToPrevious() throws {
        // Clearing the overlay's rectangle (disposal 2) would cost redrawing the noisy block
        // under it; restoring the previous canvas costs nothing.
        var base = RGBAImage(width: 14, height: 14)
        var random = SeededRandom(state: 3)
        for y in 0..<10 { for x in 0..<10 { base[x, y] = RGBA8(r: UInt8(random.next(8) * 30), g: 60, b: 90) } }
        var overlay = base
        for y in 4..<13 { for x in 4..<13 { overlay[x, y] = .white } }
        let frames = (0..<6).map { TimedFrame(image: $0 % 2 == 0 ? base : overlay, delayCentiseconds: 10) }
        let sequence = FrameSequence(width: 14, height: 14, frames: frames, loopCount: .forever)
        let (_, walk) = try expectRoundTrip(sequence, GIFEncodingOptions(transparentBackground: .black))
        #expect(walk.controls.map(\.disposal).contains(3))
    }

    @Test("a frame drawing few colours gets a small LZW code size")
    func perFrameCodeSize() throws {
        var first = RGBAImage(width: 16, height: 8, fill: .white)
        for i in 0..<64 { first[i % 16, i / 16] = RGBA8(r: UInt8(i * 4), g: 10, b: 200) }
        var second = first
        for x in 0..<16 { second[x, 6] = .black; second[x, 7] = .black }
        let sequence = FrameSequence(width: 16, height: 8, frames: [TimedFrame(image: first, delayCentiseconds: 5),
                                                                    TimedFrame(image: second, delayCentiseconds: 5)],
                                     loopCount: .forever)
        let (_, walk) = try expectRoundTrip(sequence)
        #expect(walk.globalTableSize == 128)           // 66 colours
        let sizes = walk.blocks.compactMap { if case let .image(_, _, _, _, size, _) = $0 { size } else { nil } }
        #expect(sizes.first == 7)
        #expect(sizes.last! <= 3)                      // black and the transparent index
    }

    @Test("transparency and more than 256 colours together: quantized to 255 plus transparent")
    func transparentQuantized() throws {
        var frames: [TimedFrame] = []
        for f in 0..<3 {
            var image = RGBAImage(width: 40, height: 20)
            for y in 0..<20 {
                for x in 0..<40 where (x + y + f) % 5 != 0 {
                    image[x, y] = RGBA8(r: UInt8(x * 6), g: UInt8(y * 12), b: UInt8(f * 50), a: x == 0 ? 100 : 255)
                }
            }
            frames.append(TimedFrame(image: image, delayCentiseconds: 3))
        }
        let sequence = FrameSequence(width: 40, height: 20, frames: frames, loopCount: .forever)
        let options = GIFEncodingOptions(transparentBackground: .white)
        let result = try GIFEncoder.encode(sequence, options: options)
        #expect(result.paletteSize == 255 && result.worstChannelError > 0)
        let decoded = try GIFDecoder.decode(result.bytes).sequence
        let expected = options.displayedSequence(of: sequence)
        #expect(decoded.frames.count == 3)
        for (a, e) in zip(decoded.frames, expected.frames) {
            for y in 0..<20 {
                for x in 0..<40 {
                    let p = a.image[x, y], q = e.image[x, y]
                    #expect(p.a == q.a)
                    if p.a != 0 {
                        #expect(max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                                <= result.worstChannelError)
                    }
                }
            }
        }
    }

    @Test("semi-transparent pixels are composited onto the matte, then thresholded at 50 %")
    func matte() throws {
        var image = RGBAImage(width: 4, height: 1, fill: .transparent)
        image[0, 0] = RGBA8(r: 255, g: 255, b: 255, a: 150)      // white on white matte: stays white
        image[1, 0] = RGBA8(r: 0, g: 0, b: 0, a: 200)            // 200/255 black over white
        image[2, 0] = RGBA8(r: 0, g: 0, b: 0, a: 127)            // below 50 %: transparent
        image[3, 0] = RGBA8(r: 255, g: 149, b: 0, a: 128)        // orange over white
        let sequence = FrameSequence(width: 4, height: 1, frames: [TimedFrame(image: image, delayCentiseconds: 10)],
                                     loopCount: .playOnce)
        let options = GIFEncodingOptions(transparentBackground: .white)
        try expectRoundTrip(sequence, options)
        let decoded = try GIFDecoder.decode(try GIFEncoder.encode(sequence, options: options).bytes)
        let shown = decoded.sequence.frames[0].image
        #expect(shown[0, 0] == .white)
        #expect(shown[1, 0] == RGBA8(r: 55, g: 55, b: 55))
        #expect(shown[2, 0] == .transparent)
        #expect(shown[3, 0] == RGBA8(r: 255, g: 202, b: 127))
        // No dark fringe: an edge of a colour at least as light as the matte is never darker.
        #expect(shown[3, 0].r >= 255 && shown[3, 0].g >= 149)
    }

    @Test("the header, loop block and its position", arguments: [LoopCount.playOnce, .forever, .repeats(5), .repeats(65535)])
    func headerAndLoopBlock(loop: LoopCount) throws {
        let (result, walk) = try expectRoundTrip(movingBlock(loop: loop))
        #expect(Array(result.bytes.prefix(6)) == Array("GIF89a".utf8))
        let loops = walk.blocks.filter { if case .application = $0 { true } else { false } }
        switch loop {
        case .playOnce:
            #expect(loops.isEmpty)
        case .forever, .repeats:
            let n = loop == .forever ? 0 : loop.totalPlays! - 1
            #expect(loops.count == 1)
            #expect(loops.first == .application(identifier: "NETSCAPE2.0", data: [1, UInt8(n & 0xFF), UInt8(n >> 8)],
                                                offset: 13 + 3 * walk.globalTableSize))
            #expect(walk.blocks.first == loops.first)
        }
    }

    @Test("the global table is the smallest power of two holding the colours")
    func tableSize() throws {
        var image = RGBAImage(width: 3, height: 1)
        image[0, 0] = .white; image[1, 0] = .black; image[2, 0] = RGBA8(r: 1, g: 2, b: 3)
        let still = FrameSequence(width: 3, height: 1, frames: [TimedFrame(image: image, delayCentiseconds: 0)],
                                  loopCount: .playOnce)
        let (result, walk) = try expectRoundTrip(still)
        #expect(result.paletteSize == 3 && walk.globalTableSize == 4)
        #expect(walk.controls.allSatisfy { $0.transparent == nil })
        var other = image
        other[0, 0] = .black
        let animated = FrameSequence(width: 3, height: 1, frames: [TimedFrame(image: image, delayCentiseconds: 5),
                                                                   TimedFrame(image: other, delayCentiseconds: 5)],
                                     loopCount: .forever)
        let (_, animatedWalk) = try expectRoundTrip(animated)
        #expect(animatedWalk.globalTableSize == 4)
        #expect(animatedWalk.controls.first?.transparent == nil)    // the first frame draws everything
    }

    @Test("256 colours are kept exactly")
    func exactPalette256() throws {
        var image = RGBAImage(width: 16, height: 16)
        for i in 0..<256 { image[i % 16, i / 16] = RGBA8(r: UInt8(i), g: UInt8(255 - i), b: 7) }
        let sequence = FrameSequence(width: 16, height: 16, frames: [TimedFrame(image: image, delayCentiseconds: 3),
                                                                     TimedFrame(image: RGBAImage(width: 16, height: 16, fill: RGBA8(r: 0, g: 255, b: 7)), delayCentiseconds: 3)],
                                     loopCount: .forever)
        let (result, walk) = try expectRoundTrip(sequence)
        #expect(result.paletteSize == 256 && result.worstChannelError == 0 && walk.globalTableSize == 256)
    }

    @Test("more than 256 colours are quantized within the reported error", arguments: [GIFDither.none, .ordered])
    func quantized(dither: GIFDither) throws {
        var frames: [TimedFrame] = []
        for f in 0..<3 {
            var image = RGBAImage(width: 48, height: 32)
            for y in 0..<32 {
                for x in 0..<48 {
                    let dark = (f * 12..<(f * 12 + 10)).contains(x)
                    image[x, y] = RGBA8(r: UInt8(x * 5), g: UInt8(dark ? 20 : y * 8), b: UInt8((x + y) * 2))
                }
            }
            frames.append(TimedFrame(image: image, delayCentiseconds: 4))
        }
        let sequence = FrameSequence(width: 48, height: 32, frames: frames, loopCount: .forever)
        let options = GIFEncodingOptions(dither: dither)
        let result = try GIFEncoder.encode(sequence, options: options)
        #expect(result.paletteSize <= 256)
        #expect(result.worstChannelError > 0 && result.worstChannelError <= (dither == .none ? 12 : 40), "\(result.worstChannelError) \(result.paletteSize)")
        let decoded = try GIFDecoder.decode(result.bytes)
        #expect(decoded.sequence.frames.count == 3)
        var worst = 0
        for (a, e) in zip(decoded.sequence.frames, frames) {
            for i in a.image.pixels.indices {
                worst = max(worst, abs(Int(a.image.pixels[i]) - Int(e.image.pixels[i])))
            }
        }
        #expect(worst == result.worstChannelError)
        #expect(try GIFEncoder.encode(sequence, options: options).bytes == result.bytes)
    }

    /// A background among more than 256 colours stays its own colour: median cut put an
    /// off-white background in a box with the colours near it and drew every one of its pixels
    /// as the box's centre (a rocket emoji's loader came out (246, 249, 249) on white). A colour
    /// covering at least 1 % of the pixels that the reduction moves by more than 3/255 keeps an
    /// entry of its own.
    @Test("a background among more than 256 colours is kept exact", arguments: [false, true])
    func coveringColourKeptExact(transparent: Bool) throws {
        let background = RGBA8(r: 251, g: 247, b: 250)
        var frames: [TimedFrame] = []
        for f in 0..<4 {
            var image = RGBAImage(width: 120, height: 90, fill: background)
            // A 60 × 60 patch of 3 600 distinct colours near the background and far from it,
            // moving 6 px a frame.
            for y in 0..<60 {
                for x in 0..<60 {
                    image[8 + 6 * f + x, 15 + y] = RGBA8(r: UInt8(190 + x), g: UInt8(195 + y), b: UInt8((x * 40 + y * 7) % 256))
                }
            }
            if transparent { image[0, 0] = .transparent }
            frames.append(TimedFrame(image: image, delayCentiseconds: 4))
        }
        let sequence = FrameSequence(width: 120, height: 90, frames: frames, loopCount: .forever)
        let result = try GIFEncoder.encode(sequence)
        #expect(result.worstChannelError > 3)
        let decoded = try GIFDecoder.decode(result.bytes)
        for (a, e) in zip(decoded.sequence.frames, frames) {
            for y in 0..<90 {
                for x in 0..<120 where e.image[x, y] == background {
                    #expect(a.image[x, y] == background, "(\(x), \(y))")
                }
            }
        }
        // Without the kept colour the same frames put the background elsewhere.
        var distinct = Set<UInt32>()
        for frame in frames {
            for y in 0..<90 {
                for x in 0..<120 {
                    let c = frame.image[x, y]
                    guard c.a == 255 else { continue }
                    let rgb = UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
                    distinct.insert(0xFF00_0000 | rgb)
                }
            }
        }
        let keys = distinct.sorted()
        let plain = Quantizer.reduce(keys, to: transparent ? 255 : 256)
        let index = try #require(keys.firstIndex(of: 0xFF_FB_F7_FA))
        let moved = plain.colors[plain.assignment[index]]
        #expect(max(abs(Int(moved.r) - 251), abs(Int(moved.g) - 247), abs(Int(moved.b) - 250)) > 3)
    }

    /// The encoder keeps colour ids in 8 bits up to 256 colours, 16 up to a limit (65 536), 32
    /// beyond, moving the earlier frames up a tier as the colours grow: 200, then 1 200, then
    /// 3 000 with the 16-bit limit lowered to 2 048, so small frames reach every tier. `make
    /// bench` times the full-size case (71 200 colours, `GIFCodecBenchmark.colourIDTiersSeconds`).
    @Test("frames whose colours outgrow 8 and then 16-bit ids decode within the reported error")
    func colourIDTiers() throws {
        let width = 80, height = 50
        let counts = [200, 1_200, 3_000]                       // distinct colours seen so far
        let frames = counts.enumerated().map { f, distinct in
            var image = RGBAImage(width: width, height: height)
            for i in 0..<(width * height) {
                let v = i % distinct                           // colours 0 ..< distinct, in a ramp
                image[i % width, i / width] = RGBA8(r: UInt8(v >> 10 & 0xFF) &+ UInt8(f), g: UInt8(v >> 5 & 0x1F) * 8,
                                                    b: UInt8(v & 0x1F) * 8)
            }
            return TimedFrame(image: image, delayCentiseconds: 5)
        }
        func encode() throws -> GIFEncodingResult {
            var encoder = try GIFStreamEncoder(width: width, height: height, loopCount: .forever)
            encoder.mediumIDLimit = 2_048
            for frame in frames { try encoder.append(frame.image, delayCentiseconds: frame.delayCentiseconds) }
            return try encoder.finish()
        }
        let result = try encode()
        let decoded = try GIFDecoder.decode(result.bytes)
        #expect(decoded.sequence.frames.count == 3)
        var worst = 0
        for (a, e) in zip(decoded.sequence.frames, frames) {
            for i in a.image.pixels.indices { worst = max(worst, abs(Int(a.image.pixels[i]) - Int(e.image.pixels[i]))) }
        }
        #expect(result.worstChannelError > 0)
        #expect(worst == result.worstChannelError)
        #expect(try encode().bytes == result.bytes)
    }

    @Test("encoding twice gives identical bytes", arguments: [false, true])
    func deterministic(transparent: Bool) throws {
        let sequence = movingBlock(frames: 12, transparent: transparent)
        let options = GIFEncodingOptions(transparentBackground: transparent ? .black : nil)
        #expect(try GIFEncoder.encode(sequence, options: options).bytes == GIFEncoder.encode(sequence, options: options).bytes)
    }

    @Test("a failing write is an error naming giflib's code", arguments: [0, 6, 13, 40, 200])
    func writeFailure(after: Int) throws {
        do {
            _ = try GIFEncoder.encode(movingBlock(), options: .init(), failAfterBytes: after)
            Issue.record("encoding succeeded despite the failing sink")
        } catch {
            #expect([.writeFailed, .diskIsFull, .encoderCloseFailed].contains(error.code))
            #expect(!error.description.isEmpty)
        }
    }

    @Test("invalid sequences are refused")
    func invalidInput() {
        let image = RGBAImage(width: 2, height: 2)
        let bad = [
            FrameSequence(width: 2, height: 2, frames: [], loopCount: .forever),
            FrameSequence(width: 2, height: 2, frames: [TimedFrame(image: image, delayCentiseconds: -1)], loopCount: .forever),
            FrameSequence(width: 2, height: 2, frames: [TimedFrame(image: image, delayCentiseconds: 1)], loopCount: .repeats(0)),
            FrameSequence(width: 2, height: 2, frames: [TimedFrame(image: image, delayCentiseconds: 1)], loopCount: .repeats(65536)),
        ]
        for sequence in bad {
            do {
                _ = try GIFEncoder.encode(sequence)
                Issue.record("encoded an invalid sequence")
            } catch { #expect(error.code == .invalidInput) }
        }
    }
}

@Suite("Streaming encoder")
struct GIFStreamEncoderTests {
    @Test("frame by frame gives the same bytes as the whole sequence", arguments: [false, true])
    func sameBytes(transparent: Bool) throws {
        let sequence = movingBlock(frames: 9, transparent: transparent)
        let options = GIFEncodingOptions(transparentBackground: transparent ? .white : nil)
        var stream = try GIFStreamEncoder(width: sequence.width, height: sequence.height,
                                          loopCount: sequence.loopCount, options: options)
        for frame in sequence.frames { try stream.append(frame.image, delayCentiseconds: frame.delayCentiseconds) }
        #expect(stream.frameCount == 9)
        #expect(try stream.finish().bytes == GIFEncoder.encode(sequence, options: options).bytes)
    }

    /// The stream looks for each frame's changes only inside the box where its pixels changed:
    /// the bytes are those of comparing whole canvases, with and without transparency, with
    /// ordered dithering over more than 256 colours, and with a still stretch merged.
    @Test("looking only where frames changed gives the bytes of comparing whole canvases",
          arguments: [(false, false), (true, false), (false, true)])
    func changedBoxesKeepTheBytes(transparent: Bool, manyColours: Bool) throws {
        let (width, height) = (61, 27)
        var frames: [RGBAImage] = []
        for f in 0..<12 {
            var image = RGBAImage(width: width, height: height, fill: transparent ? .transparent : RGBA8(r: 250, g: 250, b: 240))
            for x in 0..<width { image[x, height - 1] = RGBA8(r: UInt8(x * 4), g: 90, b: 40) }
            let step = min(f, 8)           // frames 8… are the same picture
            for y in 3..<(9 + step) {
                for x in (40 + step)..<(47 + step) {
                    image[x, y] = manyColours ? RGBA8(r: UInt8(truncatingIfNeeded: x * 5 + f), g: UInt8(y * 9), b: UInt8(truncatingIfNeeded: x * y))
                        : RGBA8(r: 200, g: UInt8(20 * step), b: 60, a: x == 40 + step ? 128 : 255)
                }
            }
            frames.append(image)
        }
        let options = GIFEncodingOptions(transparentBackground: transparent ? .white : nil,
                                         dither: manyColours ? .ordered : .none)
        func encode(tracking: Bool) throws -> [UInt8] {
            var stream = try GIFStreamEncoder(width: width, height: height, loopCount: .forever, options: options)
            stream.tracksChanges = tracking
            for frame in frames { try stream.append(frame, delayCentiseconds: 4) }
            return try stream.finish().bytes
        }
        #expect(try encode(tracking: true) == encode(tracking: false))
    }

    /// The changed box inside a bound, scanned eight pixels at a time from each end, against a
    /// per-pixel bounding box: differences planted at random places of a random bound (touching
    /// its edges too) on a canvas whose width is not a multiple of eight.
    @Test("the changed box inside a bound is every differing pixel's bounding box")
    func changedBoxInsideABound() {
        var random = SeededRandom(state: 7)
        let (width, height) = (53, 19)
        for _ in 0..<400 {
            let x = random.next(width), y = random.next(height)
            let bound = PixelRect(x: x, y: y, width: 1 + random.next(width - x), height: 1 + random.next(height - y))
            let a = (0..<(width * height)).map { _ in UInt8(random.next(4)) }
            var b = a
            var x0 = width, x1 = -1, y0 = height, y1 = -1
            for _ in 0..<random.next(4) {
                let px = [bound.x, bound.x + bound.width - 1, bound.x + random.next(bound.width)][random.next(3)]
                let py = bound.y + random.next(bound.height)
                b[py * width + px] &+= 1
                (x0, x1, y0, y1) = (min(x0, px), max(x1, px), min(y0, py), max(y1, py))
            }
            let expected = x1 < 0 ? PixelRect.empty : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
            #expect(PixelRect.changedBox(a, b, width: width, height: height, within: bound) == expected)
            #expect(PixelRect.changedBox(a, b, width: width, height: height) == expected)
        }
    }

    /// The frames' colour ids are kept within `frameByteLimit`: ids widen from 1 to 2 bytes
    /// a pixel once the colours pass 256, which is when a bound that held may no longer hold.
    @Test("past the frames' byte limit the stream stops with a memory failure")
    func frameByteLimit() throws {
        // Every pixel of every frame a colour of its own: 64 new colours a frame.
        let frames = (0..<5).map { f in
            var image = RGBAImage(width: 8, height: 8)
            for i in 0..<64 { image[i % 8, i / 8] = RGBA8(r: UInt8(f), g: UInt8(i), b: 7, a: 255) }
            return image
        }
        var bounded = try GIFStreamEncoder(width: 8, height: 8, loopCount: .forever)
        bounded.frameByteLimit = 6 * 64
        // Four frames, 256 colours: 1-byte ids, 256 bytes.
        for frame in frames.prefix(4) { try bounded.append(frame, delayCentiseconds: 2) }
        do {
            // The fifth passes 256 colours: 2-byte ids for five frames, 640 bytes.
            try bounded.append(frames[4], delayCentiseconds: 2)
            Issue.record("the fifth frame was kept past the limit")
        } catch {
            #expect(error.code == .encoderNotEnoughMemory)
            #expect(error.detail == "5 frames take 640 bytes (their colour ids, then an index image for each that changed), more than 384")
        }
        var unbounded = try GIFStreamEncoder(width: 8, height: 8, loopCount: .forever)
        for frame in frames { try unbounded.append(frame, delayCentiseconds: 2) }
        #expect(try unbounded.finish().bytes.count > 0)
    }

    /// Frames that change a pixel each keep a pixel of ids each, but finish() makes a
    /// whole-canvas index image per frame: the limit counts those.
    @Test("the frames' byte limit counts the index images finish() makes, however little a frame changes")
    func frameByteLimitCountsTheIndexImages() throws {
        var bounded = try GIFStreamEncoder(width: 100, height: 100, loopCount: .forever)
        bounded.frameByteLimit = 50_000
        var image = RGBAImage(width: 100, height: 100, fill: .white)
        for frame in 0..<20 {
            image[frame, frame] = .black
            do {
                try bounded.append(image, delayCentiseconds: 2)
                #expect(frame < 5, "frame \(frame + 1) kept past the limit")
            } catch {
                #expect(frame == 5)
                #expect(error.code == .encoderNotEnoughMemory)
                #expect(error.detail == "6 frames take 60000 bytes (their colour ids, then an index image for each that changed), more than 50000")
                return
            }
        }
        Issue.record("twenty frames of 10 000 pixels were kept under 50 000 bytes")
    }

    /// A still picture's frames change nothing after the first: they hold no ids and share the
    /// first frame's index image, so the limit counts one image, and the file is the one an
    /// unbounded encoder writes.
    @Test("frames equal to the one before count no index image of their own against the byte limit")
    func unchangedFramesShareTheirIndexImage() throws {
        var image = RGBAImage(width: 100, height: 100, fill: .white)
        for i in 0..<100 { image[i, i] = .black; image[99 - i, i] = RGBA8(r: 200, g: 30, b: 10, a: 255) }
        var bounded = try GIFStreamEncoder(width: 100, height: 100, loopCount: .forever)
        bounded.frameByteLimit = 15_000
        var unbounded = try GIFStreamEncoder(width: 100, height: 100, loopCount: .forever)
        for _ in 0..<40 {
            try bounded.append(image, delayCentiseconds: 2)
            try unbounded.append(image, delayCentiseconds: 2)
        }
        let written = try bounded.finish().bytes
        #expect(written == (try unbounded.finish().bytes))
        let decoded = try GIFDecoder.decode(written).sequence
        #expect(decoded.frames.count == 1)
        #expect(decoded.frames.first?.image.pixels == image.pixels)
        #expect(decoded.frames.first?.delayCentiseconds == 80)
        // A second changed frame needs an image of its own: 20 000 bytes, over the limit.
        var twice = try GIFStreamEncoder(width: 100, height: 100, loopCount: .forever)
        twice.frameByteLimit = 15_000
        try twice.append(image, delayCentiseconds: 2)
        try twice.append(image, delayCentiseconds: 2)
        image[50, 0] = .black
        do {
            try twice.append(image, delayCentiseconds: 2)
            Issue.record("a second changed frame was kept past the limit")
        } catch {
            #expect(error.code == .encoderNotEnoughMemory)
            #expect(error.detail == "3 frames take 20000 bytes (their colour ids, then an index image for each that changed), more than 15000")
        }
    }

    @Test("a frame of the wrong size is refused")
    func wrongSize() throws {
        var stream = try GIFStreamEncoder(width: 4, height: 4, loopCount: .forever)
        do {
            try stream.append(RGBAImage(width: 4, height: 5), delayCentiseconds: 2)
            Issue.record("accepted a 4×5 frame on a 4×4 canvas")
        } catch { #expect(error.code == .invalidInput) }
        #expect(throws: GIFError.self) { try GIFStreamEncoder(width: 0, height: 4, loopCount: .forever) }
    }
}

@Suite("Frame planner")
struct FramePlannerTests {
    /// The first frame of an opaque animation is drawn over nothing: no pixel is "unchanged",
    /// so it needs no transparent index — whatever memory lies beyond an empty canvas array.
    /// (A 1000 × 700 frame once read 700 000 bytes past the empty array's storage here and
    /// crashed renders from about 600 000 canvas pixels.)
    @Test("a first frame over no canvas has no unchanged pixels, at any size", arguments: [(8, 8), (1000, 700)])
    func firstFrameOverNothing(width: Int, height: Int) throws {
        var planner = FramePlanner(width: width, height: height, transparentSymbol: nil,
                                   order: (0..<256).map { UInt8($0) }, tableSize: 256)
        let frame = [UInt8](repeating: 0, count: width * height)
        let encoded = planner.encode(frame, over: nil, in: PixelRect(x: 0, y: 0, width: width, height: height))
        #expect(encoded.transparentIndex == nil)
        #expect(encoded.minCodeSize == 2)
    }
}
