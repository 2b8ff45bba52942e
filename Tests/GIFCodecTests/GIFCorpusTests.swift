import Foundation
import Testing
import Raster
@testable import GIFCodec

/// The odd and malformed GIFs of ``GIFCorpus``: pixels as browsers show them, or an error;
/// never a crash. Decoding times go to standard output (the bound asserted is a hang detector,
/// not a benchmark); `make fuzz` also runs every corpus file under libFuzzer's `-timeout=1`.
@Suite("GIF corpus: malformed and odd files")
struct GIFCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus").path

    @Test("each corpus file decodes to the browser's pixels or fails with a GIFError", arguments: GIFCorpus.cases)
    func outcome(_ corpus: GIFCorpus.Case) throws {
        let start = ContinuousClock.now
        let result = Result { () throws(GIFError) in try GIFDecoder.decode(corpus.bytes) }
        let elapsed = ContinuousClock.now - start
        print("GIF corpus \(corpus.name): \(corpus.bytes.count) bytes, decoded in \(elapsed)")
        #expect(elapsed < .seconds(10), "decoding \(corpus.name) took \(elapsed)")
        switch (corpus.outcome, result) {
        case let (.frames(expected, loop, warnings), .success(decoded)):
            #expect(decoded.sequence.frames.map { pixels($0.image) } == expected)
            #expect(decoded.sequence.loopCount == loop)
            #expect(decoded.warnings.count == warnings, "\(decoded.warnings)")
        case let (.error(codes), .failure(error)):
            #expect(codes.contains(error.code), "\(error)")
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        case let (.frames, .failure(error)):
            Issue.record("\(corpus.name) should decode, but: \(error)")
        case let (.error(codes), .success(decoded)):
            Issue.record("\(corpus.name) should fail with \(codes), but decoded \(decoded.sequence.frames.count) frame(s): \(decoded.sequence.frames.map { pixels($0.image) })")
        }
    }

    @Test("the committed corpus files are the ones the definitions build")
    func committedFilesMatch() throws {
        let write = ProcessInfo.processInfo.environment["SPINRENDER_WRITE_CORPUS"] == "1"
        for corpus in GIFCorpus.cases {
            let path = Self.folder + "/" + corpus.name + ".gif"
            if write { try Data(corpus.bytes).write(to: URL(fileURLWithPath: path)) }
            #expect(FileManager.default.contents(atPath: path) == Data(corpus.bytes),
                    "\(path) differs; regenerate with SPINRENDER_WRITE_CORPUS=1 swift test --filter GIFCorpusTests")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".gif") }
        #expect(Set(names) == Set(GIFCorpus.cases.map { $0.name + ".gif" }))
    }

    @Test("every prefix of every decodable corpus file decodes or throws, never crashes")
    func everyTruncation() {
        for corpus in GIFCorpus.cases where corpus.bytes.count < 2000 {
            for length in 0..<corpus.bytes.count {
                _ = try? GIFDecoder.decode(Array(corpus.bytes.prefix(length)))
            }
        }
    }

    @Test("a frame limit refuses many-frame files before decoding them")
    func frameLimit() {
        let bytes = GIFCorpus.build(1, 1, trailer: true) { gif in
            for _ in 0..<50 { gif.image(width: 1, height: 1, indices: [0]) }
        }
        do {
            _ = try GIFDecoder.decode(bytes, limits: GIFDecodingLimits(maxFrames: 49))
            Issue.record("50 frames decoded with a limit of 49")
        } catch {
            #expect(error.code == .tooManyFrames)
            #expect(error.description.contains("50 frames, limit 49"), "\(error)")
        }
        #expect((try? GIFDecoder.decode(bytes, limits: GIFDecodingLimits(maxFrames: 50)))?.sequence.frames.count == 50)
    }

    @Test("the memory refusal names the canvas size and the bytes it would need")
    func memoryMessage() throws {
        let bomb = GIFCorpus.cases.first { $0.name == "bomb-many-frames" }!
        do {
            _ = try GIFDecoder.decode(bomb.bytes)
            Issue.record("decoded")
        } catch {
            #expect(error.description.contains("1000×1000"), "\(error)")
            #expect(error.description.contains("limit \(1 << 30)"), "\(error)")
        }
    }
}
