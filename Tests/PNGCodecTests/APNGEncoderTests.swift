import Raster
import Testing
@testable import PNGCodec

/// An APNG read back in the test, independently of the encoder: chunks split by their lengths,
/// each frame's data rebuilt into a standalone PNG (the file's `IHDR` with the frame's size,
/// its `PLTE` and `tRNS`, the frame's zlib data as `IDAT`) and decoded by libpng, then
/// composited onto the canvas as APNG 1.0 §4 says: SOURCE replaces, OVER is source-over of
/// straight-alpha pixels; dispose NONE leaves the canvas, BACKGROUND clears the rectangle,
/// PREVIOUS restores it.
struct APNGReading {
    struct Control: Equatable {
        var sequence: Int, width: Int, height: Int, x: Int, y: Int
        var delay: APNGDelay
        var dispose: UInt8, blend: UInt8
    }

    var chunkTypes: [String] = []
    var frameCount = 0, plays = 0
    var colourType: UInt8 = 0
    var controls: [Control] = []
    /// The canvas after each frame.
    var frames: [RGBAImage] = []
    /// Sequence numbers of every fcTL and fdAT, in file order.
    var sequenceNumbers: [Int] = []

    init(_ bytes: [UInt8]) throws {
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [(type: String, data: [UInt8])] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(be32(bytes, at))
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            chunks.append((type, Array(bytes[at + 8..<at + 8 + length])))
            at += 12 + length
        }
        #expect(at == bytes.count)
        chunkTypes = chunks.map(\.type)
        let ihdr = try #require(chunks.first { $0.type == "IHDR" }).data
        colourType = ihdr[9]
        let width = Int(be32(ihdr, 0)), height = Int(be32(ihdr, 4))
        if let actl = chunks.first(where: { $0.type == "acTL" })?.data {
            frameCount = Int(be32(actl, 0))
            plays = Int(be32(actl, 4))
        }
        let palette = chunks.filter { $0.type == "PLTE" || $0.type == "tRNS" }
        var canvas = RGBAImage(width: width, height: height)
        var pending: Control?
        var data: [UInt8] = []
        func flush() throws {
            guard let control = pending else { return }
            var header = ihdr
            header.replaceSubrange(0..<8, with: APNGReading.bigEndian(control.width) + APNGReading.bigEndian(control.height))
            var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            PNGQuickEncoder.chunk("IHDR", header, into: &png)
            for chunk in palette { PNGQuickEncoder.chunk(chunk.type, chunk.data, into: &png) }
            PNGQuickEncoder.chunk("IDAT", data, into: &png)
            PNGQuickEncoder.chunk("IEND", [], into: &png)
            let image = try PNGDecoder.decode(png)
            let before = canvas
            for y in 0..<control.height {
                for x in 0..<control.width {
                    let source = image[x, y]
                    let (cx, cy) = (control.x + x, control.y + y)
                    canvas[cx, cy] = control.blend == 0 ? source : APNGReading.over(source, canvas[cx, cy])
                }
            }
            frames.append(canvas)
            switch control.dispose {
            case 1:
                for y in control.y..<control.y + control.height {
                    for x in control.x..<control.x + control.width { canvas[x, y] = .transparent }
                }
            case 2: canvas = before
            default: break
            }
            data = []
        }
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                try flush()
                let d = chunk.data
                sequenceNumbers.append(Int(be32(d, 0)))
                let control = Control(sequence: Int(be32(d, 0)), width: Int(be32(d, 4)), height: Int(be32(d, 8)),
                                      x: Int(be32(d, 12)), y: Int(be32(d, 16)),
                                      delay: APNGDelay(numerator: UInt16(d[20]) << 8 | UInt16(d[21]), denominator: UInt16(d[22]) << 8 | UInt16(d[23])),
                                      dispose: d[24], blend: d[25])
                #expect(control.x + control.width <= width && control.y + control.height <= height)
                controls.append(control)
                pending = control
            case "IDAT":
                data += chunk.data
            case "fdAT":
                sequenceNumbers.append(Int(be32(chunk.data, 0)))
                data += chunk.data.dropFirst(4)
            default:
                break
            }
        }
        try flush()
    }

    /// Straight-alpha source-over (APNG 1.0 §4.3, the PNG specification's alpha compositing),
    /// exact when the source is opaque or transparent, which is all the encoder uses OVER for.
    static func over(_ source: RGBA8, _ destination: RGBA8) -> RGBA8 {
        if source.a == 255 { return source }
        if source.a == 0 { return destination }
        let sa = Double(source.a) / 255, da = Double(destination.a) / 255
        let a = sa + da * (1 - sa)
        func mix(_ s: UInt8, _ d: UInt8) -> UInt8 { UInt8(((Double(s) * sa + Double(d) * da * (1 - sa)) / a).rounded()) }
        return RGBA8(r: mix(source.r, destination.r), g: mix(source.g, destination.g), b: mix(source.b, destination.b),
                     a: UInt8((a * 255).rounded()))
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
    }
}

private func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
}

/// Frames drawn in the test: a background (opaque grey, or transparent) with a disc of `ink`
/// whose edge has partial coverage (straight alpha, or blended onto the grey), moving 3 px a
/// frame; `many` adds a gradient under it so that the frames hold more than 256 colours.
private func disc(frame: Int, transparent: Bool, many: Bool = false, ink: RGBA8 = RGBA8(r: 255, g: 149, b: 0, a: 255)) -> RGBAImage {
    var image = RGBAImage(width: 40, height: 24)
    for y in 0..<24 {
        for x in 0..<40 {
            let background = many ? RGBA8(r: UInt8(x * 6), g: UInt8(y * 10), b: UInt8((x + y) * 3), a: transparent ? UInt8(128 + x) : 255)
                                  : (transparent ? RGBA8.transparent : RGBA8(r: 242, g: 242, b: 247, a: 255))
            let dx = Double(x) + 0.5 - Double(8 + frame * 3), dy = Double(y) + 0.5 - 12
            let coverage = max(0, min(1, 6 - (dx * dx + dy * dy).squareRoot()))
            if coverage == 0 { image[x, y] = background; continue }
            let level = UInt8((coverage * 255).rounded())
            if transparent && !many {
                image[x, y] = RGBA8(r: ink.r, g: ink.g, b: ink.b, a: level)
            } else {
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * coverage + Double(b) * (1 - coverage)).rounded()) }
                image[x, y] = RGBA8(r: mix(ink.r, background.r), g: mix(ink.g, background.g), b: mix(ink.b, background.b),
                                    a: mix(255, background.a))
            }
        }
    }
    return image
}

@Suite("APNG writer")
struct APNGEncoderTests {
    static let fiftieth = APNGDelay(numerator: 1, denominator: 50)

    @Test("every frame, composited as APNG says, equals the input at every pixel; chunks in order, one sequence count, delays and plays as given",
          arguments: [(false, false, UInt8(3)), (true, false, UInt8(3)), (false, true, UInt8(2)), (true, true, UInt8(6))])
    func roundTrip(transparent: Bool, many: Bool, colourType: UInt8) throws {
        let frames = (0..<6).map { disc(frame: $0, transparent: transparent, many: many) }
        let delays = [Self.fiftieth, APNGDelay(numerator: 3, denominator: 100), Self.fiftieth, Self.fiftieth,
                      APNGDelay(numerator: 1, denominator: 30), Self.fiftieth]
        let bytes = try APNGEncoder.encode(frames, delays: delays, plays: 3)
        let read = try APNGReading(bytes)
        #expect(read.colourType == colourType)
        #expect(read.frameCount == 6 && read.plays == 3)
        #expect(read.frames == frames)
        #expect(read.controls.map(\.delay) == delays)
        #expect(read.sequenceNumbers == Array(0..<11))
        // A colour map always has a transparent entry (added when the frames have none), for OVER.
        var expectedOrder: [String] = ["IHDR", "acTL"]
        if colourType == 3 { expectedOrder += ["PLTE", "tRNS"] }
        expectedOrder += ["fcTL", "IDAT"]
        for _ in 0..<5 { expectedOrder += ["fcTL", "fdAT"] }
        expectedOrder.append("IEND")
        #expect(read.chunkTypes == expectedOrder)
        // The first frame is the default image: the whole canvas. Later ones cover what changed.
        #expect(read.controls[0].width == 40 && read.controls[0].height == 24 && read.controls[0].x == 0)
        for control in read.controls.dropFirst() {
            #expect(control.width < 40 && control.height <= 24, "frame \(control.sequence): a rectangle, not the canvas")
            #expect(control.dispose == 0)
        }
    }

    @Test("OVER, with unchanged pixels transparent, where it is smaller and exact; SOURCE where a changed pixel is partly transparent")
    func blendChoice() throws {
        // Two dots moving apart over a patterned background: the rectangle spans the pattern
        // between them, which costs more as itself than as a run of the transparent index.
        let patterned = (0..<4).map { frame in
            var image = RGBAImage(width: 40, height: 24)
            for y in 0..<24 {
                for x in 0..<40 {
                    let shade = UInt8(100 + Int((UInt32(x * 40 + y) &* 2_654_435_761) >> 24) % 8 * 20)
                    let dot = (abs(x - 10 + frame * 2) < 2 || abs(x - 29 - frame * 2) < 2) && abs(y - 12) < 2
                    image[x, y] = dot ? RGBA8(r: 255, g: 149, b: 0, a: 255) : RGBA8(r: shade, g: shade, b: 200, a: 255)
                }
            }
            return image
        }
        let opaque = try APNGReading(APNGEncoder.encode(patterned, delays: Array(repeating: Self.fiftieth, count: 4), plays: nil))
        #expect(opaque.frames == patterned)
        #expect(opaque.controls.dropFirst().allSatisfy { $0.blend == 1 }, "\(opaque.controls.map(\.blend))")
        let partial = try APNGReading(APNGEncoder.encode((0..<4).map { disc(frame: $0, transparent: true) },
                                                         delays: Array(repeating: Self.fiftieth, count: 4), plays: nil))
        #expect(partial.controls.allSatisfy { $0.blend == 0 })
        #expect(partial.plays == 0, "forever")
    }

    @Test("equal neighbours are merged, their delays added; one distinct frame is a plain PNG")
    func merging() throws {
        let a = disc(frame: 0, transparent: false), b = disc(frame: 1, transparent: false)
        let read = try APNGReading(APNGEncoder.encode([a, a, b, b, b, a], delays: Array(repeating: Self.fiftieth, count: 6), plays: 1))
        #expect(read.frames == [a, b, a])
        #expect(read.controls.map(\.delay.numerator) == [2, 3, 1])
        let still = try APNGEncoder.encode([a, a], delays: [Self.fiftieth, Self.fiftieth], plays: nil)
        #expect(!(try APNGReading(still)).chunkTypes.contains("acTL"))
        #expect(try PNGDecoder.decode(still) == a)
    }

    @Test("frames of mixed sizes, or delays that do not match them, are refused")
    func refusals() {
        let a = disc(frame: 0, transparent: false)
        #expect(throws: PNGError.self) { _ = try APNGEncoder.encode([a, RGBAImage(width: 3, height: 3)], delays: [Self.fiftieth, Self.fiftieth], plays: nil) }
        #expect(throws: PNGError.self) { _ = try APNGEncoder.encode([a], delays: [], plays: nil) }
        #expect(throws: PNGError.self) { _ = try APNGEncoder.encode([], delays: [], plays: nil) }
    }
}
