import Foundation
import Testing

/// Faults on output, through the built executable: a full disk, a missing folder,
/// a directory in the way, a read-only file system, SIGINT/SIGTERM/SIGQUIT/SIGUSR1 mid-render, a FIFO. Each
/// gives a clear message and its exit status, leaves no temporary file and an existing output
/// byte-identical. Rename-based writes are only ever aimed into scratch folders (tests run as
/// root: never at anything under /dev).
@Suite("Output faults, end to end")
struct OutputFaultTests {
    /// The temporary files a render leaves in `folder` (there must be none after it ends).
    static func temporaryFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".spinrender-") }
    }

    @Test func standardOutputOnAFullDiskExits74() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spinrenderBinary)
        process.arguments = ["-o", "-"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")!
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(message.contains("Error: cannot write 'standard output': No space left on device"), "\(message)")
    }

    /// `spinrender -o - | head -c 10`: the reader leaves before the GIF is written. As `cat`
    /// and `yes` do, the tool goes quietly: no message, status 141 (128 + SIGPIPE).
    @Test("standard output into a pipe nobody reads exits 141 without a message",
          arguments: [["-o", "-"], ["sheet", "--fps", "5", "-o", "-"]])
    func standardOutputIntoAClosedPipeExits141Quietly(arguments: [String]) throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])   // no reader left anywhere: the first write fails with EPIPE
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spinrenderBinary)
        process.arguments = arguments
        process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 141)
        #expect(message.isEmpty, "\(message)")
    }

    /// The file's owner made it read-only: like a shell's `>`, the tool refuses (73) although
    /// its folder would let the rename replace it; a writable file in the same folder is
    /// replaced. Run as another user, since root may write anything.
    @Test("a read-only output file is refused (73) and kept; a writable one is replaced",
          .enabled(if: canRunAsAnotherUser))
    func readOnlyOutputFileIsKept() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(chmod(folder, 0o777) == 0)
        let kept = Array("keep me".utf8), loose = Array("replace me".utf8)
        #expect(FileManager.default.createFile(atPath: folder + "/kept.gif", contents: Data(kept),
                                               attributes: [.posixPermissions: 0o444]))
        #expect(FileManager.default.createFile(atPath: folder + "/loose.gif", contents: Data(loose),
                                               attributes: [.posixPermissions: 0o666]))
        let refused = try spinrenderAsAnotherUser(["--fps", "5", "-o", "kept.gif"], in: folder)
        #expect(refused.status == 73)
        #expect(refused.standardError.contains("cannot write 'kept.gif': Permission denied"), "\(refused.standardError)")
        #expect(FileManager.default.contents(atPath: folder + "/kept.gif") == Data(kept))
        let replaced = try spinrenderAsAnotherUser(["--fps", "5", "-o", "loose.gif"], in: folder)
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(FileManager.default.contents(atPath: folder + "/loose.gif")?.prefix(6) == Data("GIF89a".utf8))
        #expect(Self.temporaryFiles(in: folder).isEmpty)
    }

    /// A recorded reference folder the user may not write is kept too: `verify --record all`
    /// would otherwise swap it for a new one by renames, then fail to delete the old frames.
    @Test("a read-only frame folder is refused (73) and kept", .enabled(if: canRunAsAnotherUser))
    func readOnlyFrameFolderIsKept() throws {
        let folder = makeFolder()
        defer {
            chmod(folder + "/frames", 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        #expect(chmod(folder, 0o777) == 0)
        #expect(try spinrender(["frames", "--fps", "5", "-o", "frames"], in: folder).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").sorted()
        #expect(chmod(folder + "/frames", 0o555) == 0)
        for arguments in [["frames", "--fps", "5", "--mode", "implicit", "-o", "frames"],
                          ["verify", "--fps", "5", "--mode", "implicit", "--record", "all", "--reference", "frames"]] {
            let result = try spinrenderAsAnotherUser(arguments, in: folder)
            #expect(result.status == 73, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("cannot replace frame folder 'frames': Permission denied"),
                    "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").sorted() == before)
        #expect(Self.temporaryFiles(in: folder).isEmpty)
    }

    /// A reference folder behind a folder the user may not search is unreadable (66), not
    /// missing: recording over it would fail anyway (73) and say the wrong thing.
    @Test("a reference folder that cannot be looked up exits 66, not recorded", .enabled(if: canRunAsAnotherUser))
    func unsearchableReferenceExits66() throws {
        let folder = makeFolder()
        defer {
            chmod(folder + "/private", 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        #expect(chmod(folder, 0o777) == 0)
        #expect(try spinrender(["verify", "--fps", "5", "--reference", "private/ref"], in: folder).status == 1)
        #expect(chmod(folder + "/private", 0o700) == 0)
        let result = try spinrenderAsAnotherUser(["verify", "--fps", "5", "--reference", "private/ref"], in: folder)
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError.contains("cannot read 'private/ref/frames.json': Permission denied"), "\(result.standardError)")
    }

    @Test func missingParentFolderExits73BeforeRendering() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["-o", "no/such/folder/out.gif"], in: folder)
        #expect(result.status == 73)
        #expect(result.standardError.contains("cannot create 'no/such/folder/out.gif': No such file or directory"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aDirectoryAsTheOutputExits73AndStaysADirectory() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/out.gif", withIntermediateDirectories: false)
        let result = try spinrender(["-o", "out.gif"], in: folder)
        #expect(result.status == 73)
        #expect(result.standardError.contains("cannot create 'out.gif': it is a directory"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder + "/out.gif", isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(Self.temporaryFiles(in: folder).isEmpty)
    }

    @Test("a symbolic link as the output stays a link: the file it points to is replaced, or created when the link dangles")
    func aSymbolicLinkIsFollowed() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = FileManager.default
        try files.createDirectory(atPath: folder + "/real", withIntermediateDirectories: false)
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/real/target.gif"))
        try files.createSymbolicLink(atPath: folder + "/link.gif", withDestinationPath: "real/target.gif")
        try files.createSymbolicLink(atPath: folder + "/chain.gif", withDestinationPath: "dangling.gif")
        try files.createSymbolicLink(atPath: folder + "/dangling.gif", withDestinationPath: "real/new.gif")
        for name in ["link.gif", "chain.gif"] {
            let result = try spinrender(["-o", name], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(try files.destinationOfSymbolicLink(atPath: folder + "/link.gif") == "real/target.gif")
        #expect(try files.destinationOfSymbolicLink(atPath: folder + "/chain.gif") == "dangling.gif")
        #expect(try files.destinationOfSymbolicLink(atPath: folder + "/dangling.gif") == "real/new.gif")
        #expect(files.contents(atPath: folder + "/real/target.gif")?.starts(with: Data("GIF89a".utf8)) == true)
        #expect(files.contents(atPath: folder + "/real/new.gif")?.starts(with: Data("GIF89a".utf8)) == true)
        #expect(Self.temporaryFiles(in: folder).isEmpty && Self.temporaryFiles(in: folder + "/real").isEmpty)
    }

    @Test("a loop of symbolic links, or one into a missing folder, exits 73 naming the output and stays as it was",
          arguments: [("loop.gif", "loop.gif", "Too many levels of symbolic links"), ("away.gif", "no/such/out.gif", "No such file or directory")])
    func aSymbolicLinkThatCannotBeWrittenThroughExits73(name: String, destination: String, reason: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: destination)
        let result = try spinrender(["-o", name], in: folder)
        #expect(result.status == 73)
        #expect(result.standardError == "Error: cannot create '\(name)': \(reason)\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name) == destination)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])
    }

    /// A tmpfs mounted read-only inside a scratch folder; skipped with a note when mounting is
    /// not permitted (not root, or a sandbox without CAP_SYS_ADMIN).
    @Test func readOnlyFileSystemExits73AndKeepsTheFile() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mountPoint = folder + "/ro"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        guard Self.shell("mount -t tmpfs -o size=1m tmpfs '\(mountPoint)'") == 0 else {
            print("note: skipping the read-only file system test: mount is not permitted here")
            return
        }
        defer { _ = Self.shell("umount '\(mountPoint)'") }
        let original = Data("an existing GIF".utf8)
        try original.write(to: URL(fileURLWithPath: mountPoint + "/out.gif"))
        guard Self.shell("mount -o remount,ro '\(mountPoint)'") == 0 else {
            print("note: skipping the read-only file system test: remount,ro is not permitted here")
            return
        }
        for name in ["out.gif", "new.gif"] {
            let result = try spinrender(["-o", mountPoint + "/" + name])
            #expect(result.status == 73)
            #expect(result.standardError.contains("Read-only file system"), "\(result.standardError)")
        }
        #expect(FileManager.default.contents(atPath: mountPoint + "/out.gif") == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint) == ["out.gif"])
    }

    /// A long render interrupted once its temporary file exists: exit 128 + signal, the
    /// temporary file removed, the existing output byte-identical.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGQUIT, Int32(131)), (SIGUSR1, Int32(138))])
    func signalMidRenderRemovesTheTemporaryFile(signal: Int32, status: Int32) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = Data("the previous render".utf8)
        try original.write(to: URL(fileURLWithPath: folder + "/out.gif"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spinrenderBinary)
        // About 200 frames of 700 × 700 px: seconds of work, far longer than the wait below.
        process.arguments = ["--scale", "3", "--point-size", "200", "--fps", "20", "--duration", "10",
                             "--no-compact", "--max-memory", "4G", "-o", "out.gif"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Self.temporaryFiles(in: folder).isEmpty && process.isRunning && Date() < deadline {
            usleep(2_000)
        }
        let sawTemporaryFile = !Self.temporaryFiles(in: folder).isEmpty
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(sawTemporaryFile, "the render never created its temporary file")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == status)
        #expect(Self.temporaryFiles(in: folder).isEmpty)
        #expect(FileManager.default.contents(atPath: folder + "/out.gif") == original)
    }

    /// A FIFO is written in place (opened for writing, never replaced by a rename).
    @Test func aFIFOIsWrittenInPlace() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.gif"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Thread.detachNewThreadWithResult { FileHandle(forReadingAtPath: fifo)!.readDataToEndOfFile() }
        let result = try spinrender(["-o", fifo])
        #expect(result.status == 0, "\(result.standardError)")
        let bytes = reader.value
        #expect(bytes.prefix(6) == Data("GIF89a".utf8))
        #expect(bytes.last == 0x3B)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["pipe.gif"])
    }

    /// A FIFO is a channel, not a file named for a format: its extension is not checked.
    @Test func aFIFOWithAnotherExtensionIsStillWritten() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/stream.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Thread.detachNewThreadWithResult { FileHandle(forReadingAtPath: fifo)!.readDataToEndOfFile() }
        let result = try spinrender(["--fps", "5", "-o", fifo])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(reader.value.prefix(6) == Data("GIF89a".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["stream.fifo"])
    }

    static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " 2>/dev/null"]
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
