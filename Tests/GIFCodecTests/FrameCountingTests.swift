import Testing
@testable import GIFCodec

/// The encoder's per-frame passes that count by runs and words, against per-pixel loops written
/// here: the palette order's histogram of a changed box, and the planner's reading of a
/// rectangle of opaque pixels over a canvas.
@Suite("Counting a frame's pixels")
struct FrameCountingTests {
    /// A deterministic generator (SplitMix64), so a failure reproduces.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A canvas of runs (1 to `longest` pixels of one index out of `symbols`), like a frame's
    /// background and antialiased edges, and the frame before it: the same with some runs and
    /// single pixels changed.
    static func frames(width: Int, height: Int, symbols: Int, longest: Int,
                       using generator: inout Generator) -> (image: [UInt8], previous: [UInt8]) {
        var image: [UInt8] = []
        while image.count < width * height {
            let symbol = UInt8(Int.random(in: 0..<symbols, using: &generator))
            image += repeatElement(symbol, count: Int.random(in: 1...longest, using: &generator))
        }
        image.removeLast(image.count - width * height)
        var previous = image
        var i = 0
        while i < previous.count {
            let length = Int.random(in: 1...longest, using: &generator)
            if Bool.random(using: &generator) {
                let symbol = UInt8(Int.random(in: 0..<symbols, using: &generator))
                for k in i..<min(previous.count, i + length) { previous[k] = symbol }
            }
            i += length
        }
        return (image, previous)
    }

    /// The palette order's count, one pixel at a time.
    static func naiveCount(_ image: [UInt8], over previous: [UInt8], in box: (x0: Int, y0: Int, x1: Int, y1: Int),
                           width: Int) -> (histogram: [Int], changed: [Int], runs: Int) {
        var histogram = [Int](repeating: 0, count: 256), changed = histogram, runs = 0
        for y in box.y0..<box.y1 {
            var left = -1
            for x in box.x0..<box.x1 {
                let i = y * width + x, value = Int(image[i])
                histogram[value] += 1
                if previous.isEmpty || image[i] != previous[i] {
                    changed[value] += 1
                    if value != left { runs += 1 }
                }
                left = value
            }
        }
        return (histogram, changed, runs)
    }

    @Test("the histogram, changed colours and runs of a box match a per-pixel count",
          arguments: [(symbols: 2, longest: 40), (symbols: 5, longest: 3), (symbols: 200, longest: 1), (symbols: 3, longest: 300)])
    func paletteCount(symbols: Int, longest: Int) {
        var generator = Generator(state: UInt64(symbols * 1000 + longest))
        let width = 97, height = 23
        let (image, previous) = Self.frames(width: width, height: height, symbols: symbols, longest: longest,
                                            using: &generator)
        // Boxes with edges on and off eight-pixel steps, a single column, and the whole canvas.
        let boxes = [(x0: 0, y0: 0, x1: width, y1: height), (x0: 3, y0: 2, x1: 90, y1: 21),
                     (x0: 8, y0: 0, x1: 16, y1: 5), (x0: 50, y0: 7, x1: 51, y1: 23), (x0: 1, y0: 1, x1: 96, y1: 2)]
        for box in boxes {
            for before in [previous, []] {
                var histogram = [Int](repeating: 0, count: 256), changed = histogram
                let runs = image.withUnsafeBufferPointer { a in
                    before.withUnsafeBufferPointer { p in
                        histogram.withUnsafeMutableBufferPointer { h in
                            changed.withUnsafeMutableBufferPointer { c in
                                GIFEncoder.count(a, over: p, in: box, width: width, histogram: h, changed: c)
                            }
                        }
                    }
                }
                let expected = Self.naiveCount(image, over: before, in: box, width: width)
                #expect(histogram == expected.histogram, "box \(box), first frame \(before.isEmpty)")
                #expect(changed == expected.changed, "box \(box), first frame \(before.isEmpty)")
                #expect(runs == expected.runs, "box \(box), first frame \(before.isEmpty)")
            }
        }
    }

    @Test("a rectangle of opaque pixels over a canvas reads as written indices, unchanged flags and drawn colours",
          arguments: [(symbols: 2, longest: 40), (symbols: 7, longest: 2), (symbols: 256, longest: 1)])
    func rectangleOverCanvas(symbols: Int, longest: Int) {
        var generator = Generator(state: UInt64(symbols * 7 + longest))
        let width = 61, height = 19
        let (image, canvas) = Self.frames(width: width, height: height, symbols: symbols, longest: longest,
                                          using: &generator)
        let order = (0..<256).map { UInt8($0) }.shuffled(using: &generator)
        let planner = FramePlanner(width: width, height: height, transparentSymbol: nil, order: order, tableSize: 256)
        for rect in [PixelRect(x: 0, y: 0, width: width, height: height), PixelRect(x: 5, y: 3, width: 17, height: 9),
                     PixelRect(x: 60, y: 18, width: 1, height: 1)] {
            let pixels = planner.rectPixels(image, over: canvas, in: rect)
            var values: [UInt8] = [], unchanged: [Bool] = [], drawn = [UInt8](repeating: 0, count: 257)
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    let i = y * width + x, index = order[Int(image[i])], same = image[i] == canvas[i]
                    values.append(index)
                    unchanged.append(same)
                    drawn[Int(index)] |= same ? 1 : 3
                }
            }
            #expect(pixels.values == values, "rect \(rect)")
            #expect(pixels.unchanged == unchanged, "rect \(rect)")
            #expect(pixels.drawn == drawn, "rect \(rect)")
            #expect(pixels.anyUnchanged == unchanged.contains(true), "rect \(rect)")
            #expect(!pixels.anyTransparent)
        }
    }
}
