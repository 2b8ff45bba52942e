import Foundation
import Testing
import SpinRender

@Suite("spinrender sheet")
struct SheetCommandTests {
    @Test("writes a PNG contact sheet: the library's sheet of the same frames, each frame at its cell")
    func writesContactSheet() throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BuiltTool.run(["sheet", "--mode", "preview", "--scale", "2", "--fps", "10", "--columns", "4", "-o", "sheet.png"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let bytes = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent("sheet.png").path))
        let image = try PNGDecoder.decode([UInt8](bytes))

        var request = RenderRequest()
        request.scene.mode = .preview
        request.scene.scale = 2
        request.framesPerSecond = 10
        let frames = SpinRenderer.renderFrames(request).sequence
        let sheet = ContactSheet(sequence: frames, columns: 4, fontScale: 2)
        let layout = sheet.layout
        #expect(layout.columns == 4 && layout.rows == (frames.frames.count + 3) / 4)
        #expect(image.width == layout.width && image.height == layout.height)
        #expect(image == sheet.render())

        let index = min(5, frames.frames.count - 1)
        let origin = layout.frameOrigin(index)
        let frame = frames.frames[index].image
        for (x, y) in [(0, 0), (frame.width / 2, frame.height / 2), (frame.width - 1, frame.height - 1)] {
            #expect(image[origin.x + x, origin.y + y] == frame[x, y])
        }
    }

    @Test("missing --output and a bad --columns are usage errors")
    func usageErrors() throws {
        #expect(try BuiltTool.run(["sheet"]).status == 64)
        let run = try BuiltTool.run(["sheet", "--columns", "0", "-o", "x.png"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--columns <count>"))
    }
}
