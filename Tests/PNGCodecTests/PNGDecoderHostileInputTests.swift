import Testing
import Raster
@testable import PNGCodec

/// Malformed, truncated and oversized input gives a one-line error, never a crash.
@Suite struct PNGDecoderHostileInputTests {
    static let valid: [UInt8] = {
        var image = RGBAImage(width: 20, height: 10, fill: .white)
        for x in 0..<20 { image[x, x / 2] = RGBA8(r: UInt8(x * 10), g: 50, b: 200, a: 180) }
        return try! PNGEncoder.encode(image)
    }()

    /// The header's size is believed only when its CRC holds: a damaged height is no size at
    /// all (a memory check must not refuse a 4-billion-row image that is really a bad header),
    /// and decoding then names the damage.
    @Test func declaredSizeNeedsAnIntactHeader() {
        #expect(PNGDecoder.declaredSize(Self.valid).map { [$0.width, $0.height] } == [20, 10])
        var damaged = Self.valid
        damaged[20] = 0xFF   // the height's first byte
        #expect(PNGDecoder.declaredSize(damaged) == nil)
        #expect(throws: PNGError.self) { try PNGDecoder.decode(damaged) }
    }

    /// Cut before the end of IDAT's data: an error. Cut inside IDAT's CRC or anywhere in IEND
    /// (the last 16 bytes): read as browsers show it, to the same pixels, with warnings.
    @Test func everyTruncationThrowsUntilTheLastCRC() throws {
        let image = try PNGDecoder.decode(Self.valid)
        for length in 0..<Self.valid.count - 16 {
            #expect(throws: PNGError.self, "length \(length)") {
                try PNGDecoder.decode(Array(Self.valid.prefix(length)))
            }
        }
        for length in (Self.valid.count - 16)..<Self.valid.count {
            let read = try PNGDecoder.read(Array(Self.valid.prefix(length)))
            #expect(read.image == image, "length \(length)")
            #expect(!read.warnings.isEmpty && read.warnings.allSatisfy { $0.hasPrefix("byte ") }, "length \(length): \(read.warnings)")
        }
        #expect(try PNGDecoder.read(Self.valid).warnings.isEmpty)
    }

    @Test func truncatedDataGivesOneLineMessage() throws {
        do {
            _ = try PNGDecoder.decode(Array(Self.valid.prefix(Self.valid.count - 20)))
            Issue.record("truncated PNG decoded")
        } catch {
            #expect(error.code == .malformed)   // the IDAT chunk runs past the end (PNGChunkCheck)
            #expect(error.message.contains("'IDAT'"), "\(error)")
            #expect(error.operation == "decode")
            #expect(!error.message.isEmpty)
            #expect(!error.description.contains("\n"))
            #expect(error.description.hasPrefix("cannot decode PNG: "))
        }
    }

    @Test func corruptPixelDataThrows() {
        var bytes = Self.valid
        // Flip a byte inside the IDAT payload: the chunk CRC no longer matches.
        let idat = Self.find("IDAT", in: bytes)!
        bytes[idat + 8] ^= 0x55
        #expect(throws: PNGError.self) { try PNGDecoder.decode(bytes) }
    }

    @Test func badSignatureAndGarbageThrow() {
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Array("GIF89a not a png at all".utf8)) }
        var bytes = Self.valid
        bytes[1] = 0x51
        #expect(throws: PNGError.self) { try PNGDecoder.decode(bytes) }
        #expect(throws: PNGError.self) { try PNGDecoder.decode([UInt8](repeating: 0xFF, count: 4096)) }
    }

    @Test func emptyInputIsItsOwnError() {
        do {
            _ = try PNGDecoder.decode([])
            Issue.record("empty input decoded")
        } catch {
            #expect(error.code == .empty)
        }
    }

    @Test func oversizeImageIsRefusedFromItsHeaderAlone() {
        // 100 000 × 100 000 RGBA would need 40 GB; the file has no IDAT, so only a check made
        // before reading pixels (and before allocating them) can produce `tooLarge`.
        let header = HandMadePNG.headerOnly(width: 100_000, height: 100_000)
        do {
            _ = try PNGDecoder.decode(header)
            Issue.record("oversize header decoded")
        } catch {
            #expect(error.code == .tooLarge)
            #expect(error.description.contains("100000 × 100000"))
            #expect(error.description.contains("40000000000 bytes"))
        }
    }

    @Test func memoryLimitIsConfigurable() throws {
        let limits = PNGDecodingLimits(maxMemoryBytes: 20 * 10 * 4 - 1)
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Self.valid, limits: limits) }
        let exact = PNGDecodingLimits(maxMemoryBytes: 20 * 10 * 4)
        #expect(try PNGDecoder.decode(Self.valid, limits: exact).width == 20)
    }

    @Test func zeroWidthHeaderThrows() {
        #expect(throws: PNGError.self) { try PNGDecoder.decode(HandMadePNG.headerOnly(width: 0, height: 5)) }
    }

    static func find(_ type: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(type.utf8)
        for i in 0...(bytes.count - needle.count) where Array(bytes[i..<i + needle.count]) == needle {
            return i
        }
        return nil
    }
}
