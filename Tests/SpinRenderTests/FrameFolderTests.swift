import Foundation
import Testing
@testable import SpinRender

@Suite("Frame folders are replaced whole")
struct FrameFolderTests {
    func frames(_ mode: SceneMode) -> FrameSequence {
        var request = RenderRequest()
        request.example.mode = mode
        return SpinRenderer.renderFrames(request).sequence
    }

    @Test func replacingAFolderLeavesOnlyTheNewFramesAndNoHiddenFolders() throws {
        let scratch = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = scratch + "/frames"
        var long = frames(.explicit)
        long.frames += long.frames                        // 50 frames
        try FrameFolder.write(long, to: folder, scale: 2, arguments: nil)
        let preview = frames(.preview)                    // 25 frames, another size
        try FrameFolder.write(preview, to: folder + "/", scale: 2, arguments: ["--mode", "preview"])
        let read = try FrameFolder.read(folder)
        #expect(read.timed && read.sequence == preview)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 26)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == ["frames"])
    }

    /// The fonts a text's frames name are read back: `verify` recorded a reference of a view with
    /// text, then refused it on the next run ("missing key 'path'": the writer calls it `file`).
    @Test func fontsNamedInFramesJSONAreReadBack() throws {
        let scratch = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct Label: View { var body: some View { Text("Loading") } }
            """, fileName: "Label.swift", view: nil)
        let fonts = request.makeEngine().fonts
        #expect(fonts.contains { $0.family == "Inter" && ($0.path.hasSuffix(".ttf") || $0.path.hasSuffix(".otf")) })
        let sequence = SpinRenderer.renderFrames(request).sequence
        try FrameFolder.write(sequence, to: scratch + "/frames", scale: 2, arguments: nil, fonts: fonts)
        let json = try String(contentsOfFile: scratch + "/frames/frames.json", encoding: .utf8)
        #expect(json.contains("\"file\"") && !json.contains("\"path\""))
        let read = try FrameFolder.read(scratch + "/frames")
        #expect(read.sequence == sequence)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch + "/frames/frames.json"))
        #expect(try JSONDecoder().decode(FrameFolder.Metadata.self, from: bytes).fonts == fonts)
    }

    /// As for a file: the folder the link leads to is replaced and the link kept. Replacing the
    /// link itself removed the frames through the renamed link, emptying the real folder, and
    /// left the renamed link behind.
    @Test("a frame folder reached through a symbolic link is replaced where it is; the link stays", arguments: [false, true])
    func symbolicLinkToAFolderStaysALink(dangling: Bool) throws {
        let scratch = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        if !dangling { try FrameFolder.write(frames(.explicit), to: scratch + "/real", scale: 2, arguments: nil) }
        try FileManager.default.createSymbolicLink(atPath: scratch + "/link", withDestinationPath: "real")
        let preview = frames(.preview)
        try FrameFolder.write(preview, to: scratch + "/link", scale: 2, arguments: nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch + "/link") == "real")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).sorted() == ["link", "real"])
        let read = try FrameFolder.read(scratch + "/real")
        #expect(read.timed && read.sequence == preview)
    }

    @Test func aFolderWithOtherFilesIsRefusedAndLeftAlone() throws {
        let scratch = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Data("notes".utf8).write(to: URL(fileURLWithPath: scratch + "/notes.txt"))
        #expect {
            try FrameFolder.write(frames(.explicit), to: scratch, scale: 2, arguments: nil)
        } throws: { error in
            let failure = error as! SpinRenderError
            return failure.kind == .cannotCreate && failure.message.contains("notes.txt")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == ["notes.txt"])
    }

    @Test func negativeDelaysOrLoopCountsInMetadataAreBadData() throws {
        let scratch = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = scratch + "/frames"
        try FrameFolder.write(frames(.explicit), to: folder, scale: 2, arguments: nil)
        var json = try String(contentsOfFile: folder + "/frames.json", encoding: .utf8)
        json = json.replacingOccurrences(of: "\"loopCount\": 0", with: "\"loopCount\": -3")
        try json.write(toFile: folder + "/frames.json", atomically: true, encoding: .utf8)
        #expect {
            try FrameFolder.read(folder)
        } throws: { error in
            (error as! SpinRenderError).kind == .badData
        }
    }
}
