import Foundation
import Glibc
import Testing
@testable import SpinRender

/// The hidden temporaries a run killed by SIGKILL leaves next to its output, removed by the next
/// run that writes the same output once their process has ended.
@Suite("Stale temporaries")
struct StaleTemporaryTests {
    /// The ID of a process that has ended (started, waited for and reaped).
    static func endedProcess() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    static func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test("the names hold the process and parse back; other names are not ours")
    func namesParse() {
        let template = StaleTemporaries.template(in: "/x", name: "a.gif")
        #expect(template == "/x/.a.gif.spinrender-\(getpid())-XXXXXX")
        #expect(StaleTemporaries.parse(".a.gif.spinrender-123-AbC9_z", name: "a.gif")! == ("", 123))
        #expect(StaleTemporaries.parse(".f.spinrender-old-77-abcdef", name: "f")! == ("old", 77))
        for other in [".a.gif.spinrender-abcdef", ".a.gif.spinrender-12-abc", ".b.gif.spinrender-12-abcdef",
                      ".a.gif.spinrender-zip-12-abcdef", ".a.gif.spinrender--12-abcdef", "a.gif", ".a.gif.spinrender-0-abcdef"] {
            #expect(StaleTemporaries.parse(other, name: "a.gif") == nil, "\(other)")
        }
    }

    @Test("writing a file removes its ended processes' temporaries, keeps a live process's and other outputs'")
    func fileTemporaries() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ended = try Self.endedProcess(), live = getppid()
        let planted = [".out.gif.spinrender-\(ended)-q1W2e3", ".out.gif.spinrender-\(live)-r4T5y6", ".other.gif.spinrender-\(ended)-u7I8o9",
                       ".out.gif.spinrender-x7Yz01"]
        for name in planted { try Data(repeating: 7, count: 300).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        try OutputFile.write([1, 2, 3], to: folder + "/out.gif")
        // Kept: the live process's, another output's, and one named before process IDs were.
        #expect(try Self.names(folder) == [".other.gif.spinrender-\(ended)-u7I8o9", ".out.gif.spinrender-\(live)-r4T5y6",
                                           ".out.gif.spinrender-x7Yz01", "out.gif"])
        #expect(FileManager.default.contents(atPath: folder + "/out.gif") == Data([1, 2, 3]))
    }

    @Test("writing a frame folder removes a killed run's staging folder, and puts back a retired folder that nothing replaced")
    func folderTemporaries() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ended = try Self.endedProcess()
        let fm = FileManager.default
        // A run killed while filling its staging folder, and one killed between the two renames
        // of a replacement: the old frames hidden, nothing in the output's place.
        let staging = folder + "/.frames.spinrender-new-\(ended)-a1b2c3"
        let retired = folder + "/.frames.spinrender-old-\(ended)-d4e5f6"
        for path in [staging, retired] { try fm.createDirectory(atPath: path, withIntermediateDirectories: false) }
        try Data([9]).write(to: URL(fileURLWithPath: staging + "/frame_0000.png"))
        try Data([8]).write(to: URL(fileURLWithPath: retired + "/frame_0000.png"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: retired + "/frames.json"))
        // The other output's retired folder comes back first, then the new frames replace it.
        let image = RGBAImage(width: 2, height: 1, fill: RGBA8(r: 1, g: 2, b: 3, a: 255))
        let sequence = FrameSequence(width: 2, height: 1, frames: [TimedFrame(image: image, delayCentiseconds: 5)], loopCount: .forever)
        try FrameFolder.write(sequence, to: folder + "/frames", scale: 1, arguments: nil)
        #expect(try Self.names(folder) == ["frames"])
        #expect(try Self.names(folder + "/frames") == ["frame_0000.png", "frames.json"])
        #expect(try FrameFolder.read(folder + "/frames").sequence.frames.map(\.image) == [image])
    }

    @Test("a retired folder whose output exists again is removed with its frames")
    func retiredFolderBesideItsOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ended = try Self.endedProcess()
        let retired = folder + "/.frames.spinrender-old-\(ended)-g7h8i9"
        try FileManager.default.createDirectory(atPath: retired, withIntermediateDirectories: true)
        try Data([8]).write(to: URL(fileURLWithPath: retired + "/frame_0003.png"))
        try FileManager.default.createDirectory(atPath: folder + "/frames", withIntermediateDirectories: true)
        StaleTemporaries.remove(in: folder, name: "frames", target: folder + "/frames")
        #expect(try Self.names(folder) == ["frames"])
    }
}
