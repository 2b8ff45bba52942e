import Foundation
import Testing
import Raster
@testable import PNGCodec

/// Malformed and odd PNGs, built byte by byte and committed under `Corpus/` for the
/// CLI tests and as `make fuzz` seeds. `SPINRENDER_WRITE_CORPUS=1 swift test --filter
/// PNGCorpusTests` rewrites the files from these definitions.
@Suite("PNG corpus: malformed and odd files")
struct PNGCorpusTests {
    /// The pixels, or the error codes allowed. A struct rather than a two-payload enum: Swift
    /// keeps such an enum's tag in the spare bits of its array pointers, which LeakSanitizer
    /// cannot follow, so `make sanitize` reported the arrays of this static table as leaks.
    struct Outcome {
        var pixels: [RGBA8]?
        var errors: [PNGError.Code]?
        static func pixels(_ pixels: [RGBA8]) -> Outcome { Outcome(pixels: pixels, errors: nil) }
        static func error(_ codes: [PNGError.Code]) -> Outcome { Outcome(pixels: nil, errors: codes) }
    }

    struct Case: CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var outcome: Outcome
        var description: String { name }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus").path

    static let valid = HandMadePNG.make(width: 2, height: 1, bitDepth: 8, colourType: .rgba,
                                        rows: [[255, 0, 0, 255, 0, 0, 255, 128]])

    static let cases: [Case] = [
        Case(name: "valid-2x1", bytes: valid,
             outcome: .pixels([RGBA8(r: 255, g: 0, b: 0), RGBA8(r: 0, g: 0, b: 255, a: 128)])),
        Case(name: "truncated", bytes: Array(valid.prefix(valid.count - 20)), outcome: .error([.malformed])),
        // An unknown ancillary chunk declaring 1.1 GB in an 86-byte file: libpng took 7.6 s and
        // 1.5 GB before failing (found by make fuzz; Fuzz/Regressions/png/).
        Case(name: "huge-chunk-length", bytes: fuzzFinding, outcome: .error([.malformed])),
        Case(name: "bad-crc-idat", bytes: corrupt(valid, chunk: "IDAT"), outcome: .error([.libpng])),
        // A damaged ancillary chunk is dropped with a warning, as libpng's defaults say.
        Case(name: "bad-crc-text", bytes: corrupt(HandMadePNG.make(width: 2, height: 1, bitDepth: 8, colourType: .rgba,
                                                                    rows: [[255, 0, 0, 255, 0, 0, 255, 128]],
                                                                    chunks: [("tEXt", Array("Comment\0hello".utf8))]),
                                                  chunk: "tEXt"),
             outcome: .pixels([RGBA8(r: 255, g: 0, b: 0), RGBA8(r: 0, g: 0, b: 255, a: 128)])),
        Case(name: "huge-ihdr", bytes: HandMadePNG.headerOnly(width: 100_000, height: 100_000), outcome: .error([.tooLarge])),
        Case(name: "huge-ihdr-width", bytes: HandMadePNG.headerOnly(width: 0x7FFF_FFFF, height: 1),
             outcome: .error([.libpng, .tooLarge, .unsupportedSize])),
        Case(name: "zero-width-ihdr", bytes: HandMadePNG.headerOnly(width: 0, height: 5), outcome: .error([.libpng, .unsupportedSize])),
        Case(name: "palette-without-plte", bytes: HandMadePNG.make(width: 1, height: 1, bitDepth: 8, colourType: .palette, rows: [[0]]),
             outcome: .error([.libpng])),
        Case(name: "idat-not-zlib", bytes: replaceIDAT(valid, with: Array(repeating: 0xAB, count: 40)), outcome: .error([.libpng])),
        Case(name: "idat-too-short", bytes: HandMadePNG.make(width: 4, height: 4, bitDepth: 8, colourType: .rgba,
                                                             rows: [Array(repeating: 7, count: 16)]),
             outcome: .error([.libpng])),
    ]

    /// The fuzzer's timeout input, byte for byte.
    static let fuzzFinding: [UInt8] = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAACCAQAAAAziH5DaGFyYXRFWHRrAHbLBPOQAAAADklEQVR4nGNo+M8gwAAABqIBkCof1P8AAAAAAA1JSERCYII=")!)

    /// `bytes` with one payload byte of the first `chunk` flipped (its CRC no longer matches).
    static func corrupt(_ bytes: [UInt8], chunk: String) -> [UInt8] {
        var out = bytes
        out[PNGDecoderHostileInputTests.find(chunk, in: bytes)! + 5] ^= 0x20
        return out
    }

    static func replaceIDAT(_ bytes: [UInt8], with data: [UInt8]) -> [UInt8] {
        let start = PNGDecoderHostileInputTests.find("IDAT", in: bytes)! - 4
        let length = Int(bytes[start]) << 24 | Int(bytes[start + 1]) << 16 | Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
        return Array(bytes[..<start]) + HandMadePNG.chunk("IDAT", data) + Array(bytes[(start + 12 + length)...])
    }

    @Test("each corpus file decodes to its pixels or fails with a one-line PNGError", arguments: cases)
    func outcome(_ corpus: Case) {
        let result = Result { () throws(PNGError) in try PNGDecoder.decode(corpus.bytes) }
        switch (corpus.outcome.pixels, result) {
        case let (expected?, .success(image)):
            var pixels: [RGBA8] = []
            for y in 0..<image.height { for x in 0..<image.width { pixels.append(image[x, y]) } }
            #expect(pixels == expected)
        case let (nil, .failure(error)):
            #expect(corpus.outcome.errors?.contains(error.code) == true, "\(error)")
            #expect(!error.description.contains("\n"))
        case let (_?, .failure(error)):
            Issue.record("\(corpus.name) should decode, but: \(error)")
        case let (nil, .success(image)):
            Issue.record("\(corpus.name) should fail, but decoded a \(image.width)×\(image.height) image")
        }
    }

    @Test("the committed corpus files are the ones the definitions build")
    func committedFilesMatch() throws {
        let write = ProcessInfo.processInfo.environment["SPINRENDER_WRITE_CORPUS"] == "1"
        for corpus in Self.cases {
            let path = Self.folder + "/" + corpus.name + ".png"
            if write { try Data(corpus.bytes).write(to: URL(fileURLWithPath: path)) }
            #expect(FileManager.default.contents(atPath: path) == Data(corpus.bytes),
                    "\(path) differs; regenerate with SPINRENDER_WRITE_CORPUS=1 swift test --filter PNGCorpusTests")
        }
    }
}
