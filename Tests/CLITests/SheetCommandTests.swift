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
        request.example.mode = .preview
        request.scene.scale = 2
        request.framesPerSecond = 10
        let frames = SpinRenderer.renderFrames(request).sequence.mergingHeldFrames()
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

    @Test("an output whose extension is not .png is a usage error (64) naming --output and .png; nothing is written",
          arguments: ["x.gif", "sheet.GIF", "x.jpg", "sheet.png.tmp"])
    func nonPNGExtensionIsRefused(name: String) throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = Data("an earlier file".utf8)
        try existing.write(to: folder.appendingPathComponent("kept.gif"))
        for output in [name, "kept.gif"] {
            let run = try BuiltTool.run(["sheet", "--fps", "5", "-o", output], in: folder)
            #expect(run.status == 64, "\(output): \(run.standardError)")
            let lines = run.standardError.split(separator: "\n")
            #expect(lines.first?.hasPrefix("Error: The value '\(output)' is invalid for '-o, --output <output>'") == true, "\(run.standardError)")
            #expect(lines.first?.contains(".png") == true)
            #expect(run.standardError.contains("See 'spinrender sheet --help'"))
        }
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("kept.gif").path) == existing)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kept.gif"])
    }

    @Test("a .png output in any case, a name without an extension and '-' are written as PNG",
          arguments: ["sheet.png", "SHEET.PNG", "sheet", "v1.2/sheet", "-"])
    func pngOutputsAreWritten(output: String) throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("v1.2"), withIntermediateDirectories: false)
        let run = try BuiltTool.run(["sheet", "--fps", "5", "-o", output], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let bytes = output == "-" ? run.outputBytes : FileManager.default.contents(atPath: folder.appendingPathComponent(output).path)
        #expect(bytes?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }

    @Test("a still view's sheet is its one frame, held for the whole render, as its GIF holds it")
    func stillViewIsOneFrame() throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = "import SwiftUI\nstruct Dot: View {\n    var body: some View { Circle().frame(width: 20, height: 20) }\n}\n"
        try Data(source.utf8).write(to: folder.appendingPathComponent("Dot.swift"))
        let run = try BuiltTool.run(["sheet", "Dot.swift", "--fps", "10", "--scale", "1", "--verbose", "-o", "sheet.png"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains(" 1 frames in 1 columns × 1 rows"), "\(run.standardError)")
        let bytes = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent("sheet.png").path))
        let image = try PNGDecoder.decode([UInt8](bytes))
        var request = RenderRequest()
        try request.setSource(source, fileName: "Dot.swift", view: nil)
        request.scene.scale = 1
        request.framesPerSecond = 10
        let rendered = SpinRenderer.renderFrames(request).sequence
        #expect(rendered.frames.count == 20)
        let held = rendered.mergingHeldFrames()
        #expect(held.frames.count == 1 && held.frames[0].delayCentiseconds == 200 && held.frames[0].image == rendered.frames[0].image)
        #expect(image == ContactSheet(sequence: held, fontScale: 2).render())
    }

    @Test("missing --output and a bad --columns are usage errors")
    func usageErrors() throws {
        #expect(try BuiltTool.run(["sheet"]).status == 64)
        let run = try BuiltTool.run(["sheet", "--columns", "0", "-o", "x.png"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--columns <count>"))
    }

    @Test("a sheet taller than libpng writes (1000000 rows) is bad data (65) naming the size, not an internal error; nothing is written")
    func sheetTallerThanPNGAllows() throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BuiltTool.run(["sheet", "--point-size", "1", "--scale", "3", "--padding", "0", "--columns", "1",
                                     "--fps", "50", "--duration", "600", "--no-compact", "-q", "-o", "tall.png"], in: folder)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("Error: the sheet would be 99 × "), "\(run.standardError)")
        #expect(run.standardError.contains("at most 1000000 pixels a side; give more --columns"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("an output folder that does not exist exits 73 before the frames are rendered")
    func unwritableOutputFailsBeforeRendering() throws {
        let started = ContinuousClock.now
        let run = try BuiltTool.run(["sheet", "--fps", "50", "--duration", "120", "--no-compact", "-o", "/nonexistent/sheet.png"])
        #expect(run.status == 73)
        #expect(run.standardError == "Error: cannot create '/nonexistent/sheet.png': No such file or directory\n")
        // Rendering 6000 frames takes minutes in a debug build; failing first takes
        // milliseconds (the bound leaves room for a process start on a loaded machine).
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}
