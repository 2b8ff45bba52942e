import Foundation
import Testing
import SpinRender

@Suite("spinrender frames, compare and verify, end to end")
struct CompareCommandTests {
    @Test func framesWritesPNGsAndMetadataThatCompareEqualToTheGIF() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["frames", "--mode", "explicit", "-o", "frames"], in: folder).status == 0)
        #expect(try spinrender(["--mode", "explicit", "-o", "spinner.gif"], in: folder).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").sorted()
        #expect(names.count == 26 && names.first == "frame_0000.png" && names.last == "frames.json")
        let metadata = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/frames/frames.json"))) as! [String: Any]
        #expect(metadata["width"] as? Int == 74 && metadata["height"] as? Int == 68)
        #expect(metadata["loopCount"] as? Int == 0)
        #expect((metadata["delaysCentiseconds"] as? [Int]) == Array(repeating: 2, count: 25))
        #expect((metadata["arguments"] as? [String]) == ["--mode", "explicit"])
        let result = try spinrender(["compare", "spinner.gif", "frames"], in: folder)
        #expect(result.status == 0, "\(result.output)\(result.standardError)")
        #expect(result.output.hasPrefix("equal"))
        // Frames of a GIF exported back give the same frames.
        #expect(try spinrender(["frames", "spinner.gif", "-o", "again"], in: folder).status == 0)
        #expect(try spinrender(["compare", "again", "frames"], in: folder).status == 0)
    }

    @Test func differentPixelsExit1WithADiffAndReports() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "light.gif"], in: folder).status == 0)
        #expect(try spinrender(["--color", "#FF9400", "-o", "shifted.gif"], in: folder).status == 0)
        let result = try spinrender(["compare", "shifted.gif", "light.gif", "--diff", "diff.png", "--junit", "report.xml"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("pixels differ in 25 of 25 frames"))
        #expect(result.output.contains("\nat 0 ms (actual frame 0, expected frame 0): "))
        let diff = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/diff.png"))))
        #expect(diff.width == 74 && diff.height == 68)
        #expect((0..<diff.pixelCount).contains { diff.pixels[$0 * 4] == 255 && diff.pixels[$0 * 4 + 1] == 0 && diff.pixels[$0 * 4 + 2] == 0 })
        let xml = try String(contentsOfFile: folder + "/report.xml", encoding: .utf8)
        #expect(xml.contains("<testsuite") && xml.contains("failures=\"25\""))
        // A tolerance that accepts a one-step change in green passes.
        #expect(try spinrender(["compare", "shifted.gif", "light.gif", "--threshold", "0.05"], in: folder).status == 0)
        let json = try spinrender(["compare", "shifted.gif", "light.gif", "--json"], in: folder)
        let report = try JSONSerialization.jsonObject(with: json.standardOutput) as! [String: Any]
        #expect(report["verdict"] as? String == "pixelsDiffer")
    }

    @Test func sizeMismatchExits2AndStillWritesAPaddedDiff() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--scale", "3", "-o", "b.gif"], in: folder).status == 0)
        let result = try spinrender(["compare", "a.gif", "b.gif", "--diff", "diff.gif"], in: folder)
        #expect(result.status == 2)
        // Said once, as the summary line; 20 of the 25 frame lines follow, then the count of the rest.
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "canvas size differs: actual 74 × 68, expected 111 × 102", "\(result.output)")
        #expect(lines.count { $0.contains("canvas size differs") } == 1, "\(result.output)")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("at ") && $0.contains(" ms (actual frame ") }, "\(result.output)")
        #expect(lines.count == 22 && lines.last == "… and 5 more frames (--json lists every frame)", "\(result.output)")
        let json = try spinrender(["compare", "a.gif", "b.gif", "--json"], in: folder)
        #expect(json.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(report["summary"] as? String == lines.first)
        #expect((report["mismatches"] as? [[String: Any]])?.count == 1)
        let diff = try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/diff.gif"))))
        #expect(diff.sequence.width == 111 && diff.sequence.height == 102)
    }

    @Test func delayMismatchExits2WithStoredFramesAndPixelsDifferInPlayback() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["--fps", "50", "-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--fps", "25", "-o", "b.gif"], in: folder).status == 0)
        #expect(try spinrender(["compare", "a.gif", "b.gif", "--stored-frames"], in: folder).status == 2)
        // Played, the 25 fps animation holds each frame while the 50 fps one moves on.
        #expect(try spinrender(["compare", "a.gif", "b.gif"], in: folder).status == 1)
    }

    @Test(arguments: [
        (["compare", "missing.gif", "missing.png"], Int32(66), "cannot read 'missing.gif'"),
        (["compare", "junk.gif", "junk.gif"], Int32(65), "'junk.gif' is not a GIF, a WebP, a PNG or a frame folder"),
        (["compare", "only-one.gif"], Int32(64), "Missing expected argument '<expected>'"),
        (["compare", "a", "b", "--threshold", "2"], Int32(64), "'--threshold <threshold>'"),
        (["verify", "--mode", "explicit"], Int32(64), "'--reference <reference>'"),
        (["verify", "--reference", "r", "--record", "sometimes"], Int32(64), "'--record <mode>'"),
    ])
    func badInputsGetTheirDocumentedStatus(arguments: [String], status: Int32, message: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/junk.gif"))
        let result = try spinrender(arguments, in: folder)
        #expect(result.status == status)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test("--diff with an extension other than .png or .gif is a usage error (64) naming --diff and the extension, before any work",
          arguments: [("diff.jpg", ".jpg"), ("out/diff.PNGX", ".PNGX"), ("diff.txt", ".txt"), ("report.v2", ".v2")])
    func diffWithAnUnknownExtensionIsAUsageError(path: String, extensionText: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["--fps", "5", "-o", "a.gif"], in: folder).status == 0)
        for arguments in [["compare", "a.gif", "a.gif", "--diff", path],
                          ["verify", "--fps", "5", "--reference", "ref", "--diff", path]] {
            let result = try spinrender(arguments, in: folder)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            let first = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("Error: The value '\(path)' is invalid for '--diff <path>'"), "\(first)")
            #expect(first.contains("'\(extensionText)'") && first.contains(".png") && first.contains(".gif"), "\(first)")
            #expect(result.standardOutput.isEmpty)
        }
        // Nothing was written: no diff, no folder in its place, no reference recorded.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.gif"])
    }

    @Test("--diff writes a folder for a path ending in '/', an existing folder or a name without an extension; a file for .png and .gif in any case",
          arguments: [("diffs/", "folder"), ("existing.png", "folder"), ("frames", "folder"), ("v1.2/", "folder"),
                      ("D.PNG", "png"), ("d.Gif", "gif")])
    func diffDestinations(path: String, kind: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/existing.png", withIntermediateDirectories: false)
        #expect(try spinrender(["--fps", "5", "-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--fps", "5", "--mode", "implicit", "-o", "b.gif"], in: folder).status == 0)
        let result = try spinrender(["compare", "a.gif", "b.gif", "--diff", path], in: folder)
        #expect(result.status == 1, "\(result.standardError)")
        let target = folder + "/" + path
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory))
        switch kind {
        case "folder":
            #expect(isDirectory.boolValue)
            #expect(FileManager.default.fileExists(atPath: target + "/frames.json"))
        case "png":
            #expect(FileManager.default.contents(atPath: target)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        default:
            #expect(FileManager.default.contents(atPath: target)?.starts(with: Data("GIF89a".utf8)) == true)
        }
    }

    /// Runs `spinrender arguments…` in `folder` under `umask`, set by a shell for the child
    /// alone (changing the test process's umask would race with the other tests).
    static func runUnderUmask(_ arguments: [String], in folder: String, umask: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\" 2>/dev/null", spinrenderBinary] + arguments
        process.environment = toolEnvironment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func permissions(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int
    }

    @Test("frame folders written by frames and --diff get 0777 minus the umask, their files 0666 minus the umask",
          arguments: [("022", 0o755, 0o644), ("027", 0o750, 0o640)])
    func frameFoldersGetTheModeMkdirGives(umask: String, folderMode: Int, fileMode: Int) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.runUnderUmask(["frames", "--fps", "5", "-o", "frames"], in: folder, umask: umask) == 0)
        #expect(try Self.runUnderUmask(["frames", "--fps", "5", "-o", "deep/er/frames"], in: folder, umask: umask) == 0)
        #expect(try Self.runUnderUmask(["--fps", "5", "-o", "a.gif"], in: folder, umask: umask) == 0)
        #expect(try Self.runUnderUmask(["--fps", "5", "--mode", "implicit", "-o", "b.gif"], in: folder, umask: umask) == 0)
        #expect(try Self.runUnderUmask(["compare", "a.gif", "b.gif", "--diff", "diff/"], in: folder, umask: umask) == 1)
        #expect(try Self.runUnderUmask(["frames", "a.gif", "-o", "exported"], in: folder, umask: umask) == 0)
        #expect(try Self.runUnderUmask(["verify", "--fps", "5", "--reference", "recorded"], in: folder, umask: umask) == 1)
        for written in ["frames", "deep", "deep/er", "deep/er/frames", "diff", "exported", "recorded"] {
            #expect(try Self.permissions(folder + "/" + written) == folderMode, "\(written)")
        }
        for file in ["frames/frame_0000.png", "frames/frames.json", "diff/frame_0000.png", "exported/frames.json"] {
            #expect(try Self.permissions(folder + "/" + file) == fileMode, "\(file)")
        }
    }

    @Test("a frame folder written over an existing one keeps the existing folder's mode, as a replaced file does")
    func aReplacedFrameFolderKeepsItsMode() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.runUnderUmask(["frames", "--fps", "5", "-o", "ref"], in: folder, umask: "022") == 0)
        #expect(chmod(folder + "/ref", 0o750) == 0)
        #expect(try Self.runUnderUmask(["frames", "--fps", "10", "-o", "ref"], in: folder, umask: "022") == 0)
        #expect(try Self.permissions(folder + "/ref") == 0o750)
        #expect(try Self.permissions(folder + "/ref/frame_0000.png") == 0o644)
    }

    /// The top-level keys of a pretty-printed report, in order.
    static func topLevelKeys(_ json: String) -> [String] {
        json.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  \""), !line.hasPrefix("   "), let end = line.dropFirst(3).firstIndex(of: "\"") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
    }

    @Test("verify --json prints one report for every run: recorded, referenceMissing, or the comparison's, with what was recorded")
    func verifyJSONAlwaysPrintsOneReport() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func verify(_ extra: [String], environment: [String: String] = [:]) throws -> (status: Int32, report: [String: Any], keys: [String]) {
            let result = try spinrender(["verify", "--fps", "5", "--json"] + extra, in: folder, environment: environment)
            let object = try JSONSerialization.jsonObject(with: result.standardOutput)
            let report = try #require(object as? [String: Any], "\(result.output)\(result.standardError)")
            #expect(report["exitStatus"] as? Int == Int(result.status))
            return (result.status, report, Self.topLevelKeys(result.output))
        }
        #expect(try spinrender(["--fps", "5", "-o", "a.gif"], in: folder).status == 0)
        let compared = try spinrender(["compare", "a.gif", "a.gif", "--json"], in: folder)
        let expectedKeys = Self.topLevelKeys(compared.output) + ["reference", "recordMode", "recordedFrames"]
        #expect(expectedKeys.count == 13 && expectedKeys.first == "version")

        // No reference yet: recorded, nothing compared.
        let first = try verify(["--reference", "ref"])
        #expect(first.status == 1)
        #expect(first.keys == expectedKeys)
        #expect(first.report["verdict"] as? String == "recorded")
        #expect(first.report["recordedFrames"] as? Int == 5)
        #expect(first.report["recordMode"] as? String == "missing")
        #expect(first.report["reference"] as? String == "ref")
        #expect((first.report["summary"] as? String)?.contains("recorded 5 reference frames in 'ref'") == true)
        #expect(first.report["expected"] is NSNull && first.report["totals"] is NSNull)
        #expect((first.report["frames"] as? [Any])?.isEmpty == true && (first.report["mismatches"] as? [Any])?.isEmpty == true)
        #expect((first.report["actual"] as? [String: Any])?["sourceFrameCount"] as? Int == 5)

        // Compared and equal: the comparison's report, nothing recorded.
        let second = try verify(["--reference", "ref"])
        #expect(second.status == 0)
        #expect(second.keys == expectedKeys)
        #expect(second.report["verdict"] as? String == "equal")
        #expect(second.report["recordedFrames"] as? Int == 0)
        #expect((second.report["frames"] as? [Any])?.count == 5)

        // Record mode all: recorded over an existing reference without comparing.
        let all = try verify(["--reference", "ref", "--record", "all"])
        #expect(all.status == 1 && all.report["verdict"] as? String == "recorded" && all.report["recordedFrames"] as? Int == 5)

        // Compared, differs, recorded over (failed): the comparison's verdict, and what was written.
        let failed = try verify(["--reference", "ref", "--record", "failed", "--mode", "implicit"])
        #expect(failed.status == 1 && failed.report["verdict"] as? String == "pixelsDiffer")
        #expect(failed.report["recordedFrames"] as? Int == 5)

        // No reference and record mode never: nothing compared, nothing recorded.
        let never = try verify(["--reference", "none"], environment: ["SPINRENDER_RECORD": "never"])
        #expect(never.status == 1 && never.keys == expectedKeys)
        #expect(never.report["verdict"] as? String == "referenceMissing" && never.report["recordedFrames"] as? Int == 0)
        #expect(never.report["recordMode"] as? String == "never")
        #expect(!FileManager.default.fileExists(atPath: folder + "/none"))
    }

    /// Reference frames recorded for `--fps 5`, then one PNG or `frames.json` spoiled.
    static func corruptReference(in folder: String, file: String) throws {
        #expect(try spinrender(["frames", "--fps", "5", "-o", "ref"], in: folder).status == 0)
        try Data("not a PNG, not JSON".utf8).write(to: URL(fileURLWithPath: folder + "/ref/" + file))
    }

    @Test("verify --record failed or all re-records a corrupt reference, says so and exits 1; the new reference then passes",
          arguments: [("failed", "frame_0003.png"), ("failed", "frames.json"), ("all", "frame_0003.png")])
    func corruptReferenceIsRerecorded(mode: String, file: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.corruptReference(in: folder, file: file)
        let result = try spinrender(["verify", "--fps", "5", "--reference", "ref", "--record", mode], in: folder)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("recorded 5 reference frames in 'ref'"), "\(result.standardError)")
        if mode == "failed" {
            #expect(result.standardError.contains("ref/\(file)"), "the message names the corrupt file: \(result.standardError)")
        }
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        let again = try spinrender(["verify", "--fps", "5", "--reference", "ref", "--record", "never"], in: folder)
        #expect(again.status == 0, "\(again.standardError)")
    }

    @Test("verify --record never or missing keeps a corrupt reference and exits 65 with one line naming the file",
          arguments: [("never", "frame_0003.png"), ("missing", "frame_0003.png"), ("never", "frames.json")])
    func corruptReferenceIsKept(mode: String, file: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.corruptReference(in: folder, file: file)
        let before = FileManager.default.contents(atPath: folder + "/ref/" + file)
        let result = try spinrender(["verify", "--fps", "5", "--reference", "ref", "--record", mode], in: folder)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("ref/\(file)"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(FileManager.default.contents(atPath: folder + "/ref/" + file) == before)
    }

    @Test("a frame folder without frames.json plays in number order: unpadded frame_%d.png names (ffmpeg's) compare equal")
    func unpaddedFrameNamesPlayInNumberOrder() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["frames", "-o", "padded"], in: folder).status == 0)
        let files = FileManager.default
        try files.removeItem(atPath: folder + "/padded/frames.json")
        try files.createDirectory(atPath: folder + "/unpadded", withIntermediateDirectories: false)
        for index in 0..<25 {
            try files.copyItem(atPath: folder + "/padded/" + FrameFolder.frameName(index), toPath: folder + "/unpadded/frame_\(index + 1).png")
        }
        let result = try spinrender(["compare", "unpadded", "padded"], in: folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "equal: 25 frames, 74 × 68\n")
        // Two files of one number: which is the frame is not clear.
        try files.copyItem(atPath: folder + "/padded/frame_0000.png", toPath: folder + "/unpadded/frame_0001.png")
        let twice = try spinrender(["compare", "unpadded", "padded"], in: folder)
        #expect(twice.status == 65)
        #expect(twice.standardError == "Error: 'unpadded' holds both 'frame_0001.png' and 'frame_1.png', two files for one frame\n")
    }

    @Test func verifyRecordsMissingReferencesFailsThenPasses() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try spinrender(["verify", "--mode", "implicit", "--reference", "ref"], in: folder)
        #expect(first.status == 1)
        #expect(first.standardError.contains("recorded 25 reference frames"))
        #expect(try spinrender(["verify", "--mode", "implicit", "--reference", "ref"], in: folder).status == 0)
        let changed = try spinrender(["verify", "--mode", "explicit", "--reference", "ref", "--diff", "diff.gif"], in: folder)
        #expect(changed.status == 1)
        #expect(FileManager.default.fileExists(atPath: folder + "/diff.gif"))
        let never = try spinrender(["verify", "--reference", "empty"], in: folder, environment: ["SPINRENDER_RECORD": "never"])
        #expect(never.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/empty"))
    }
}
