import Foundation
import SpinRender
import Testing

@Suite("spinrender --at, --width, --height, end to end")
struct StillCommandTests {
    /// Frame 15 of `frames` is sampled at 15 / 50 s = 0.3 s.
    @Test("--at 0.3 -o still.png writes the frame that `frames` writes as frame_0015.png, every pixel")
    func stillEqualsFramesFrame() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let still = try spinrender(["--at", "0.3", "--appearance", "dark", "-o", "still.png"], in: folder)
        #expect(still.status == 0, "\(still.standardError)")
        #expect(still.standardError.isEmpty)
        let frames = try spinrender(["frames", "--appearance", "dark", "-o", "frames"], in: folder)
        #expect(frames.status == 0, "\(frames.standardError)")
        let image = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/still.png"))))
        let frame = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/frames/frame_0015.png"))))
        #expect((image.width, image.height) == (74, 68))
        #expect(image == frame)
    }

    @Test("--width 128 writes a GIF 128 pixels wide and 118 high (the content is 36.87 × 33.94 points)")
    func widthInPixels() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["--width", "128", "-o", "w.gif"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let gif = try GIFDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/w.gif"))))
        #expect((gif.sequence.width, gif.sequence.height) == (128, 118))
    }

    @Test("--scale with --width is a usage error (64) naming both; nothing is written")
    func scaleAndWidthConflict() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["--scale", "2", "--width", "128", "-o", "w.gif"], in: folder)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The options '--scale <scale>' and '--width <pixels>' both set the image's size; give one of them\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/w.gif"))
    }
}
