import Foundation
import Testing
import Raster
@testable import PNGCodec

/// Malformed and odd PNGs (issue 5 §5), built byte by byte and committed under `Corpus/` for the
/// CLI tests and as `make fuzz` seeds. `SPINRENDER_WRITE_CORPUS=1 swift test --filter
/// PNGCorpusTests` rewrites the files from these definitions.
@Suite("PNG corpus: malformed and odd files")
struct PNGCorpusTests {
    enum Outcome {
        case pixels([RGBA8])
        case error([PNGError.Code])
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
        Case(name: "truncated", bytes: Array(valid.prefix(valid.count - 20)), outcome: .error([.libpng])),
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
        switch (corpus.outcome, result) {
        case let (.pixels(expected), .success(image)):
            var pixels: [RGBA8] = []
            for y in 0..<image.height { for x in 0..<image.width { pixels.append(image[x, y]) } }
            #expect(pixels == expected)
        case let (.error(codes), .failure(error)):
            #expect(codes.contains(error.code), "\(error)")
            #expect(!error.description.contains("\n"))
        case let (_, .failure(error)):
            Issue.record("\(corpus.name) should decode, but: \(error)")
        case let (_, .success(image)):
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
