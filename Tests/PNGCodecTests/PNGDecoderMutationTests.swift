import Testing
import Raster
@testable import PNGCodec

/// A small deterministic fuzz: mutated PNGs (with chunk CRCs repaired, so libpng parses the
/// mutated content instead of stopping at the checksum) either decode or throw; none crashes.
@Suite struct PNGDecoderMutationTests {
    /// Valid seeds in the layouts the encoder writes and in ones it never does.
    static let seeds: [[UInt8]] = {
        var orange = RGBAImage(width: 19, height: 7, fill: .white)
        for x in 0..<19 { orange[x, x % 7] = RGBA8(r: 255, g: 149, b: 0, a: UInt8(x * 13)) }
        var noise = RGBAImage(width: 9, height: 9)
        for y in 0..<9 { for x in 0..<9 { noise[x, y] = RGBA8(r: UInt8(x * 28), g: UInt8(y * 28), b: UInt8(x ^ y), a: 200) } }
        return [
            try! PNGEncoder.encode(orange),
            try! PNGEncoder.encode(noise),
            try! PNGEncoder.write(orange, as: .rgba),
            HandMadePNG.make(width: 5, height: 1, bitDepth: 2, colourType: .palette,
                             rows: [[0b0001_1011, 0b1000_0000]], chunks: [("PLTE", [0, 0, 0, 255, 255, 255, 9, 9, 9, 1, 2, 3])]),
            HandMadePNG.make(width: 2, height: 1, bitDepth: 16, colourType: .rgba,
                             rows: [HandMadePNG.be16([1, 2, 3, 4, 5, 6, 7, 8])], chunks: [("gAMA", HandMadePNG.be32(45_455))]),
        ]
    }()

    /// Chunk boundaries: (start of the length field, data length), after the 8-byte signature.
    static func chunks(_ png: [UInt8]) -> [(start: Int, length: Int)] {
        var found: [(Int, Int)] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard i + 12 + length <= png.count else { break }
            found.append((i, length))
            i += 12 + length
        }
        return found
    }

    /// Recomputes every chunk's CRC after a mutation.
    static func repairCRCs(_ png: inout [UInt8]) {
        for (start, length) in chunks(png) {
            let crc = HandMadePNG.crc32(Array(png[start + 4..<start + 8 + length]))
            png.replaceSubrange(start + 8 + length..<start + 12 + length, with: HandMadePNG.be32(Int(crc)))
        }
    }

    @Test(arguments: 0..<5)
    func mutatedInputDecodesOrThrows(seedIndex: Int) {
        let seed = Self.seeds[seedIndex]
        var state = UInt32(seedIndex + 1) &* 2_654_435_761
        func next(_ bound: Int) -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8) % max(1, bound)
        }
        var decoded = 0, refused = 0
        for _ in 0..<600 {
            var bytes = seed
            for _ in 0...next(4) {
                let position = 8 + next(bytes.count - 8)
                switch next(4) {
                case 0: bytes[position] ^= UInt8(1 << next(8))
                case 1: bytes[position] = [0, 0xFF, 0x7F, 0x80][next(4)]
                case 2: bytes.insert(UInt8(next(256)), at: position)
                default: bytes.removeSubrange(position..<min(bytes.count, position + 1 + next(8)))
                }
            }
            if next(3) > 0 { Self.repairCRCs(&bytes) }
            do {
                let image = try PNGDecoder.decode(bytes, limits: PNGDecodingLimits(maxMemoryBytes: 1 << 24))
                #expect(image.pixels.count == image.width * image.height * 4)
                decoded += 1
            } catch {
                #expect(!error.description.contains("\n"))
                refused += 1
            }
        }
        #expect(decoded + refused == 600)
    }
}
