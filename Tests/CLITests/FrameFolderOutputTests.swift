import Foundation
import Testing

/// Frame folders as outputs (`frames -o`, `verify --record`, `compare --diff DIR/`), end to end:
/// what may be replaced, and what the folder's bytes depend on.
@Suite("Frame folder outputs, end to end")
struct FrameFolderOutputTests {
    /// What a test puts under a frame's or the metadata's name in an existing frame folder.
    enum Squatter: String, CaseIterable {
        case folder, symbolicLink, fifo

        /// Creates it at `path`; a folder holds a file `keep`, a link leads to `target`.
        func make(at path: String, target: String) throws {
            switch self {
            case .folder:
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                try Data("keep me".utf8).write(to: URL(fileURLWithPath: path + "/keep"))
            case .symbolicLink:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            case .fifo:
                #expect(mkfifo(path, 0o600) == 0)
            }
        }

        /// Whether `path` is still what ``make(at:target:)`` made.
        func isIntact(at path: String, target: String) -> Bool {
            var info = stat()
            guard lstat(path, &info) == 0 else { return false }
            switch self {
            case .folder:
                return info.st_mode & S_IFMT == S_IFDIR && FileManager.default.contents(atPath: path + "/keep") == Data("keep me".utf8)
            case .symbolicLink:
                return info.st_mode & S_IFMT == S_IFLNK && (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == target
            case .fifo:
                return info.st_mode & S_IFMT == S_IFIFO
            }
        }
    }

    /// Every file under `folder`, by relative path, with its bytes (links and FIFOs as a label).
    static func snapshot(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: result[name] = FileManager.default.contents(atPath: path)
            case S_IFLNK: result[name] = Data("link to \(try FileManager.default.destinationOfSymbolicLink(atPath: path))".utf8)
            case S_IFDIR: result[name] = Data("folder".utf8)
            default: result[name] = Data("other".utf8)
            }
        }
        return result
    }

    /// A folder, a symbolic link or a FIFO under a frame's name (or frames.json's) is not a file
    /// the tool wrote: `frames -o` refuses the folder (73) and keeps everything, as it does for a
    /// stray file. Before, the subfolder went away with the old frames and the run exited 0.
    @Test("frames -o refuses a folder where a frame's or frames.json's name is not a regular file (73), and keeps everything",
          arguments: Squatter.allCases, ["frame_0001.png", "frames.json"])
    func framesRefusesAFolderHoldingSomethingElseUnderAFrameName(squatter: Squatter, name: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["frames", "--fps", "5", "-o", "out"], in: folder).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/out/" + name)
        try Data("elsewhere".utf8).write(to: URL(fileURLWithPath: folder + "/elsewhere.txt"))
        try squatter.make(at: folder + "/out/" + name, target: "../elsewhere.txt")
        let before = try Self.snapshot(folder)

        let result = try spinrender(["frames", "--fps", "5", "-o", "out"], in: folder)
        #expect(result.status == 73, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: 'out' holds '\(name)', which is "), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(squatter.isIntact(at: folder + "/out/" + name, target: "../elsewhere.txt"))
        #expect(try Self.snapshot(folder) == before)
    }

    /// The same rule for the folder `verify` records into and the diff folder `compare` writes.
    @Test("verify --record all and compare --diff DIR/ refuse a folder under a frame's name (73) and keep it")
    func verifyAndCompareRefuseAFolderUnderAFrameName() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["verify", "--fps", "5", "--reference", "ref", "--record", "all"], in: folder).status == 1)
        #expect(try spinrender(["--fps", "5", "-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--fps", "5", "--color", "#FF9400", "-o", "b.gif"], in: folder).status == 0)
        for target in ["ref", "diff"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + target, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: folder + "/\(target)/frame_0002.png")
            try Squatter.folder.make(at: folder + "/\(target)/frame_0002.png", target: "")
        }
        let before = try Self.snapshot(folder)
        let verify = try spinrender(["verify", "--fps", "5", "--reference", "ref", "--record", "all"], in: folder)
        #expect(verify.status == 73, "\(verify.standardError)")
        #expect(verify.standardError.contains("'ref' holds 'frame_0002.png', which is a folder"), "\(verify.standardError)")
        let compare = try spinrender(["compare", "a.gif", "b.gif", "--diff", "diff/"], in: folder)
        #expect(compare.status == 73, "\(compare.standardError)")
        #expect(compare.standardError.contains("'diff' holds 'frame_0002.png', which is a folder"), "\(compare.standardError)")
        #expect(try Self.snapshot(folder) == before)
    }

    /// A `frames` or `verify --record` run interrupted while it writes its frames into the
    /// hidden staging folder: exit 128 + signal, the staging folder and every frame in it
    /// removed, an existing frame folder byte-identical, no reference recorded. Before, the
    /// `.out.spinrender-new-XXXXXX` folder stayed with the frames written so far.
    /// Each signal once and each command at least once: the three signals share one handler.
    @Test("SIGINT, SIGTERM or SIGHUP while frames or verify --record writes its frames removes the temporary folder",
          arguments: zip([SIGINT, SIGTERM, SIGHUP], ["frames", "verify", "frames"]))
    func signalWhileWritingFramesRemovesTheTemporaryFolder(signal: Int32, command: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An existing output to keep: frames replaces a folder; verify records a missing reference.
        if command == "frames" { #expect(try spinrender(["frames", "--fps", "5", "-o", "out"], in: folder).status == 0) }
        let before = try Self.snapshot(folder)
        // 500 frames: seconds of PNG writing in a debug build, far longer than the wait below.
        let render = ["--point-size", "60", "--fps", "50", "--duration", "10", "--no-compact", "--max-memory", "4G"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spinrenderBinary)
        process.arguments = command == "frames" ? ["frames"] + render + ["-o", "out"]
                                                : ["verify"] + render + ["--reference", "out", "--record", "missing"]
        process.environment = toolEnvironment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the staging folder holds a few frames.
        func staged() -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard let staging = names.first(where: { $0.hasPrefix(".out.spinrender-new-") }) else { return [] }
            return (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + staging)) ?? []
        }
        let deadline = Date().addingTimeInterval(60)
        while staged().filter({ $0.hasPrefix("frame_") }).count < 3 && process.isRunning && Date() < deadline {
            usleep(2_000)
        }
        let sawFrames = staged().filter { $0.hasPrefix("frame_") }.count >= 3
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(sawFrames, "the run never wrote frames into its temporary folder")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".spinrender-") } == [])
        #expect(try Self.snapshot(folder) == before)
    }

    /// frames.json records the arguments that change the frames, not the thread count, the
    /// memory limit or the GIF encoder's settings: the folders are byte-identical. Before,
    /// frames.json held `"--threads", "1"`.
    @Test("frames with --threads 1 and --threads 2 (and other settings that leave the frames alone) write byte-identical folders")
    func framesFoldersDoNotDependOnTheThreadCount() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 2 s at 10 fps, every frame kept: 20 frames for the threads to share.
        let options = ["frames", "--mode", "preview", "--fps", "10", "--no-compact"]
        let one = try spinrender(options + ["--threads", "1", "-o", "one"], in: folder)
        #expect(one.status == 0, "\(one.standardError)")
        let two = try spinrender(options + ["--threads", "2", "--max-memory", "2G", "--effort", "max", "--dither", "ordered",
                                            "--no-optimize", "-q", "-o", "two"], in: folder)
        #expect(two.status == 0, "\(two.standardError)")
        let first = try Self.snapshot(folder + "/one"), second = try Self.snapshot(folder + "/two")
        #expect(first.count == 21)
        #expect(first == second)
        let metadata = try JSONSerialization.jsonObject(with: first["frames.json"]!) as! [String: Any]
        #expect((metadata["arguments"] as? [String]) == ["--mode", "preview", "--fps", "10", "--no-compact"])
    }
}
