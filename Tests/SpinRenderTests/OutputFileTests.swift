import Foundation
import Testing
@testable import SpinRender

/// A fresh folder under the system temporary folder, removed by the caller.
func makeScratchFolder() -> String {
    let path = NSTemporaryDirectory() + "spinrender-tests-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("Atomic output files")
struct OutputFileTests {
    @Test func newFileGetsNormalPermissionsAndTheBytes() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.gif"
        try OutputFile.write([1, 2, 3], to: path)
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int
        #expect(mode == 0o666 & ~Int(OutputFile.currentUmask))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.gif"])
    }

    @Test func existingFileIsReplacedWhole() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.gif"
        try Data(repeating: 9, count: 1000).write(to: URL(fileURLWithPath: path))
        try OutputFile.write([7], to: path)
        #expect(FileManager.default.contents(atPath: path) == Data([7]))
    }

    /// A full disk part-way through: exit 74, the old file byte-identical, no temporary file left.
    @Test func failedWriteLeavesTheExistingFileAndNoTemporaryFile() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.gif"
        let original = Data("original contents".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        var calls = 0
        let diskFullAfterOneChunk: OutputFile.Writer = { fd, buffer in
            calls += 1
            if calls == 1 { return OutputFile.systemWrite(fd, UnsafeRawBufferPointer(rebasing: buffer.prefix(10))) }
            errno = ENOSPC
            return -1
        }
        #expect {
            try OutputFile.write(Array(repeating: 1, count: 100), to: path, using: diskFullAfterOneChunk)
        } throws: { error in
            let failure = error as! SpinRenderError
            return failure.kind == .ioError && failure.message.contains("No space left on device") && failure.message.contains(path)
        }
        #expect(FileManager.default.contents(atPath: path) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.gif"])
    }

    @Test func missingFolderCannotBeCreated() {
        #expect {
            try OutputFile.write([1], to: "/nonexistent-spinrender-folder/out.gif")
        } throws: { error in
            let failure = error as! SpinRenderError
            return failure.kind == .cannotCreate && failure.message.contains("/nonexistent-spinrender-folder/out.gif")
        }
    }

    @Test func aDirectoryInTheWayIsNotReplaced() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: SpinRenderError.self) { try OutputFile.write([1], to: folder) }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// Devices are written in place: `/dev/full` reports ENOSPC and stays a device.
    @Test func deviceIsWrittenInPlaceNeverRenamedOver() throws {
        #expect {
            try OutputFile.write([1, 2, 3], to: "/dev/full")
        } throws: { error in
            (error as! SpinRenderError).kind == .ioError
        }
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
        try OutputFile.write([1, 2, 3], to: "/dev/null")
    }
}

@Suite("Outputs prepared before the work")
struct PendingOutputTests {
    @Test func preparingCreatesTheTemporaryFileAndDroppingItRemovesIt() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.gif"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let pending = try OutputFile.prepare(path)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(names.count == 2 && names.contains { $0.hasPrefix(".out.gif.spinrender-") })
            _ = pending
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.gif"])
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
    }

    @Test func commitReplacesTheFileOnceAndLeavesNoTemporaryFile() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.gif"
        let pending = try OutputFile.prepare(path)
        try pending.commit([4, 5])
        #expect(FileManager.default.contents(atPath: path) == Data([4, 5]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.gif"])
        #expect(throws: SpinRenderError.self) { try pending.commit([6]) }
        #expect(FileManager.default.contents(atPath: path) == Data([4, 5]))
    }

    /// More outputs pending at once than ``TemporaryFiles`` has slots: all are written, none
    /// leaves a temporary file (the ones beyond the slots are just not removed on a signal).
    @Test func moreConcurrentOutputsThanSlotsAreAllWritten() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = TemporaryFiles.slotCount + 6
        // Each output is committed by exactly one worker.
        nonisolated(unsafe) let pending = try (0..<count).map { index in try OutputFile.prepare(folder + "/out\(index).bin") }
        DispatchQueue.concurrentPerform(iterations: count) { index in
            try! pending[index].commit([UInt8(index)])
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == count && !names.contains { $0.contains(".spinrender-") })
        #expect(FileManager.default.contents(atPath: folder + "/out69.bin") == Data([69]))
    }

    @Test func anOutputThatCannotBeCreatedFailsBeforeTheWork() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for path in [folder + "/missing/out.gif", folder] {
            #expect {
                _ = try OutputFile.prepare(path)
            } throws: { error in
                (error as! SpinRenderError).kind == .cannotCreate
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aSymbolicLinkStaysALinkAndAReplacedFileKeepsItsMode() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/keep.gif"))
        chmod(folder + "/keep.gif", 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.gif", withDestinationPath: "keep.gif")
        try OutputFile.write([1, 2], to: folder + "/link.gif")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.gif") == "keep.gif")
        #expect(FileManager.default.contents(atPath: folder + "/keep.gif") == Data([1, 2]))
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/keep.gif")[.posixPermissions] as! Int
        #expect(mode == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["keep.gif", "link.gif"])
    }

    @Test func theLongestNameTheFileSystemAllowsCanBeWritten() throws {
        let folder = makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = String(repeating: "a", count: 251) + ".gif"
        try OutputFile.write([7], to: folder + "/" + name)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])
    }
}
