import Foundation
import Testing
import Raster
@testable import GIFCodec

/// A deterministic pseudo-random sequence (64-bit LCG, high bits).
struct SeededRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % bound
    }
}

/// Decodes LZW data with giflib (through ``GIFDecoder``) as a one-row image of a grey ramp
/// palette, returning the indices (the red channel).
private func decodeIndices(_ lzw: [UInt8], count: Int, minCodeSize: Int) throws -> [Int] {
    let palette = (0..<256).map { RGBA8(r: UInt8($0), g: 0, b: 0) }
    var gif = GIFBytes(width: count, height: 1, palette: palette)
    gif.compressedImage(width: count, height: 1, minCodeSize: minCodeSize, lzw: lzw)
    gif.trailer()
    let image = try GIFDecoder.decode(gif.bytes).sequence.frames[0].image
    return (0..<count).map { Int(image[$0, 0].r) }
}

@Suite("LZW encoder")
struct LZWEncoderTests {
    @Test("giflib decodes what the encoder writes, at every code size, across dictionary resets",
          arguments: [2, 3, 5, 8], [false, true])
    func roundTrip(minCodeSize: Int, flexible: Bool) throws {
        var random = SeededRandom(state: UInt64(minCodeSize))
        // Runs and noise, long enough to fill the 4096-code dictionary several times.
        var pixels: [UInt8] = []
        while pixels.count < 30_000 {
            let value = UInt8(random.next(1 << minCodeSize))
            pixels += repeatElement(value, count: random.next(3) == 0 ? random.next(40) + 1 : 1)
        }
        let encoder = LZWEncoder()
        let (lzw, count) = pixels.withUnsafeBufferPointer { encoder.compress($0, minCodeSize: minCodeSize, flexible: flexible) }
        #expect(lzw.count == count)
        let measured = pixels.withUnsafeBufferPointer {
            encoder.compress($0, minCodeSize: minCodeSize, flexible: flexible, countOnly: true)
        }
        #expect(measured.count == count && measured.bytes.isEmpty)
        #expect(try decodeIndices(lzw, count: pixels.count, minCodeSize: minCodeSize) == pixels.map(Int.init))
    }

    /// Greedy LZW as GIF89a appendix F describes it, with a plain dictionary: the codes the
    /// encoder's hash table and run chains must reproduce exactly.
    static func textbookGreedy(_ pixels: [UInt8], minCodeSize: Int) -> [UInt8] {
        var codes: [(code: Int, width: Int)] = []
        let clear = 1 << minCodeSize, end = clear + 1
        var dictionary: [Int: Int] = [:], next = end + 1, width = minCodeSize + 1
        codes.append((clear, width))
        if let first = pixels.first {
            var current = Int(first)
            for pixel in pixels.dropFirst() {
                let key = current << 8 | Int(pixel)
                if let code = dictionary[key] {
                    current = code
                    continue
                }
                codes.append((current, width))
                dictionary[key] = next
                if next >= 1 << width && width < 12 { width += 1 }
                if next == 4095 {
                    codes.append((clear, width))
                    dictionary = [:]
                    (width, next) = (minCodeSize + 1, end + 1)
                } else {
                    next += 1
                }
                current = Int(pixel)
            }
            codes.append((current, width))
        }
        codes.append((end, width))
        return GIFBytes.pack(codes)
    }

    /// Runs of every length, from one pixel to well past the run chains' 256 (a background of
    /// thousands of pixels), between noise, over several dictionary clears.
    @Test("greedy LZW along runs gives the textbook encoder's bytes", arguments: [2, 4, 8])
    func greedyRunsMatchTheTextbook(minCodeSize: Int) {
        var random = SeededRandom(state: 11 + UInt64(minCodeSize))
        var pixels: [UInt8] = []
        while pixels.count < 60_000 {
            let value = UInt8(random.next(1 << minCodeSize))
            let length = [1, 1 + random.next(8), 1 + random.next(300), 1 + random.next(3000)][random.next(4)]
            pixels += repeatElement(value, count: length)
        }
        let encoder = LZWEncoder()
        for input in [pixels, Array(pixels.prefix(1)), Array(repeating: 0, count: 5000)] {
            let bytes = input.withUnsafeBufferPointer { encoder.compress($0, minCodeSize: minCodeSize, flexible: false).bytes }
            #expect(bytes == Self.textbookGreedy(input, minCodeSize: minCodeSize))
        }
    }

    /// A candidate given a byte limit reports a count past it once it is longer, and within the
    /// limit is the same data.
    @Test("greedy LZW with a limit gives up past it and is unchanged within it")
    func limit() {
        var random = SeededRandom(state: 5)
        let pixels = (0..<20_000).map { _ in UInt8(random.next(16)) }
        let encoder = LZWEncoder()
        let whole = pixels.withUnsafeBufferPointer { encoder.compress($0, minCodeSize: 4, flexible: false) }
        for limit in [0, 100, whole.count - 1] {
            let cut = pixels.withUnsafeBufferPointer { encoder.compress($0, minCodeSize: 4, flexible: false, limit: limit) }
            // Past the limit only with the last codes, it may have finished: then the whole data.
            #expect(cut.count > limit && (cut.bytes.isEmpty || cut.bytes == whole.bytes))
        }
        for limit in [whole.count, whole.count + 1, Int.max] {
            let kept = pixels.withUnsafeBufferPointer { encoder.compress($0, minCodeSize: 4, flexible: false, limit: limit) }
            #expect(kept.bytes == whole.bytes && kept.count == whole.count)
        }
    }

    @Test("the code table finds every entry it stores, no other, and forgets them on reset")
    func codeTable() {
        let table = CodeTable()
        defer { table.deallocate() }
        var random = SeededRandom(state: 7)
        var stored: [Int: Int] = [:]                  // prefix << 8 | symbol → code
        // As many entries as one dictionary holds between clears (codes 258…4095).
        for code in 258..<4096 {
            var key: Int
            repeat { key = random.next(4096) << 8 | random.next(256) } while stored[key] != nil
            let slot = table.find(key >> 8, key & 0xFF)
            #expect(table.code(at: slot) == 0)
            table.insert(key >> 8, key & 0xFF, code: code, at: slot)
            stored[key] = code
        }
        #expect(stored.allSatisfy { key, code in table.child(key >> 8, key & 0xFF) == code })
        var absent = 0
        for _ in 0..<2000 {
            let key = random.next(4096) << 8 | random.next(256)
            if stored[key] == nil { absent += 1; #expect(table.child(key >> 8, key & 0xFF) == 0) }
        }
        #expect(absent > 1000)
        table.reset()
        #expect(stored.keys.allSatisfy { table.child($0 >> 8, $0 & 0xFF) == 0 })
    }

    @Test("with alternatives every decoded pixel is one of its two options", arguments: [false, true])
    func alternatives(flexible: Bool) throws {
        var random = SeededRandom(state: 99)
        var pixels: [UInt8] = [], alternatives: [UInt8] = []
        for _ in 0..<20_000 {
            let value = UInt8(random.next(6))
            pixels.append(value)
            alternatives.append(random.next(2) == 0 ? 7 : value)     // 7 plays the transparent index
        }
        let encoder = LZWEncoder()
        let lzw = pixels.withUnsafeBufferPointer { p in
            alternatives.withUnsafeBufferPointer { a in encoder.compress(p, alternatives: a, minCodeSize: 3, flexible: flexible).bytes }
        }
        let decoded = try decodeIndices(lzw, count: pixels.count, minCodeSize: 3)
        #expect(zip(decoded.indices, decoded).allSatisfy { i, v in v == Int(pixels[i]) || v == Int(alternatives[i]) })
        let plain = pixels.withUnsafeBufferPointer { encoder.compress($0, minCodeSize: 3, flexible: flexible).count }
        #expect(lzw.count < plain)
    }

    @Test("empty and one-pixel inputs")
    func tiny() throws {
        let encoder = LZWEncoder()
        let one = [UInt8(3)].withUnsafeBufferPointer { encoder.compress($0, minCodeSize: 2).bytes }
        #expect(try decodeIndices(one, count: 1, minCodeSize: 2) == [3])
        let empty = [UInt8]().withUnsafeBufferPointer { encoder.compress($0, minCodeSize: 2).bytes }
        #expect(empty == [0x2C])      // clear (4) then end (5), 3 bits each: 100 101 -> 0b101100
    }
}

@Suite("Quantizer")
struct QuantizerTests {
    /// The colours a preview frame has: white→orange, white→black and white→grey ramps.
    static func previewColors() -> [UInt32] {
        var set = Set<UInt32>()
        func blend(_ c: (Int, Int, Int), _ a: Int) -> UInt32 {
            let r = (c.0 * a + 255 * (255 - a) + 127) / 255, g = (c.1 * a + 255 * (255 - a) + 127) / 255
            let b = (c.2 * a + 255 * (255 - a) + 127) / 255
            return 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
        for a in 0...255 {
            set.insert(blend((255, 149, 0), a))
            set.insert(blend((0, 0, 0), a))
            set.insert(blend((60, 60, 67), a * 60 / 100))
        }
        return set.sorted()
    }

    static func worst(_ keys: [UInt32], _ colors: [RGBTriple], _ assignment: [Int]) -> Int {
        zip(keys, assignment).map { key, index in
            let c = Palette.triple(key), p = colors[index]
            return max(abs(Int(c.r) - Int(p.r)), abs(Int(c.g) - Int(p.g)), abs(Int(c.b) - Int(p.b)))
        }.max() ?? 0
    }

    /// The 1 101 colours of a large drift render (`Corpus/drift-colours-scale3.txt`): the inks'
    /// blends with the background, the border and each other, where median cut alone leaves
    /// 4/255 and the cube cover brings the worst error back within 3/255.
    @Test("a large drift render's colours stay within 3/255 where median cut alone does not")
    func largeDriftColours() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Corpus/drift-colours-scale3.txt").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let keys = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { 0xFF00_0000 | UInt32($0, radix: 16)! }
        #expect(keys.count == 1101)
        let cut = Quantizer.medianCut(keys, to: 255)
        #expect(Self.worst(keys, cut.colors, cut.assignment) == 4)
        let (colors, assignment) = Quantizer.reduce(keys, to: 255)
        #expect(colors.count <= 255)
        #expect(Self.worst(keys, colors, assignment) == 3)
        #expect(Quantizer.reduce(keys, to: 255).assignment == assignment)        // deterministic
    }

    @Test("preview colours fit 255 entries within 3/255 per channel")
    func previewBound() {
        let keys = Self.previewColors()
        #expect(keys.count > 256)
        let (colors, assignment) = Quantizer.reduce(keys, to: 255)
        #expect(colors.count == 255)
        #expect(Self.worst(keys, colors, assignment) <= 3)
    }

    @Test("the same colours always give the same palette, and the error is what Palette reports")
    func deterministic() {
        var random = SeededRandom(state: 7)
        let keys = Set((0..<5000).map { _ in 0xFF00_0000 | UInt32(random.next(1 << 24)) }).sorted()
        let first = Quantizer.reduce(keys, to: 256), second = Quantizer.reduce(keys, to: 256)
        #expect(first.colors == second.colors && first.assignment == second.assignment)
        var table = ColorIndexTable()
        for key in keys.reversed() { table.insert(key) }       // insertion order must not matter
        let palette = Palette(distinct: table, maxColors: 256)
        #expect(palette.colors == first.colors)
        #expect(palette.worstChannelError == Self.worst(keys, first.colors, first.assignment))
        // Boxes split at the middle of the widest extent: 256 boxes over a 256³ cube leave no
        // extent above 64, so no error above 32.
        #expect(palette.worstChannelError > 0 && palette.worstChannelError <= 32)
    }
}
