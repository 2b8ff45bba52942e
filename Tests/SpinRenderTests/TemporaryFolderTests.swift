import Foundation
import Testing
@testable import SpinRender

/// What the signal handler needs to remove a frame folder without allocating.
@Suite("Temporary frame folders")
struct TemporaryFolderTests {
    /// The handler spells each frame's name itself, into a fixed buffer; it must be the name
    /// the folder holds, also past four digits.
    @Test("the handler's frame names are FrameFolder's", arguments: [0, 7, 42, 999, 1000, 9999, 10_000, 123_456, Int.max])
    func handlerFrameNames(frame: Int) {
        var buffer = [CChar](repeating: 0x7F, count: 32)
        buffer.withUnsafeMutableBufferPointer { TemporaryFiles.writeFrameName(frame, into: $0.baseAddress!) }
        let written = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(written == String(format: "frame_%04ld.png", frame))
        #expect(written == FrameFolder.frameName(frame))
    }
}
