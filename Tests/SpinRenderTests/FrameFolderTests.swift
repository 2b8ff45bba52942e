import Foundation
import Testing
@testable import SpinRender

@Suite("Frame folders are replaced whole")
struct FrameFolderTests {
    func frames(_ mode: SceneMode) -> FrameSequence {
        var request = RenderRequest()
        request.scene.mode = mode
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
