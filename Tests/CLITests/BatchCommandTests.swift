import Foundation
import Testing
import SpinRender

/// Writes `json` as `m/batch.json` in a new folder and returns the folder.
private func manifestFolder(_ json: String) throws -> URL {
    let root = try BuiltTool.temporaryFolder()
    try FileManager.default.createDirectory(at: root.appendingPathComponent("m"), withIntermediateDirectories: true)
    try Data(json.utf8).write(to: root.appendingPathComponent("m/batch.json"))
    return root
}

private func contents(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

/// The entry numbers in a summary table's rows.
private func summaryEntries(_ output: String) -> [Int] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix { !$0.isEmpty }.compactMap { line in
        line.split(separator: " ").first.flatMap { Int($0) }
    }
}

@Suite("spinrender batch")
struct BatchCommandTests {
    static let mixed = """
        {"defaults": {"scale": 1, "fps": 10},
         "entries": [
           {"mode": "explicit", "output": "out/explicit.gif"},
           {"mode": "implicit", "scale": 5, "output": "out/bad-scale.gif"},
           {"mode": "preview", "rotate-at": [0.5], "output": "out/drift.gif"},
           {"animation": ".linear(", "output": "out/bad-animation.gif"},
           {"appearance": "dark", "output": "blocker/dark.gif"},
           {"mode": "implicit", "transparent": true, "output": "out/implicit.gif"}
         ]}
        """

    @Test("good entries are all written, bad ones named; exit 1 and a summary of every entry")
    func mixedEntries() throws {
        let root = try manifestFolder(Self.mixed)
        defer { try? FileManager.default.removeItem(at: root) }
        // A file where entry 5 needs a folder.
        try Data("x".utf8).write(to: root.appendingPathComponent("m/blocker"))
        let run = try BuiltTool.run(["batch", "m/batch.json"], in: root)
        #expect(run.status == 1)

        // Outputs resolve against the manifest's folder, not the working folder.
        for name in ["explicit", "drift", "implicit"] {
            let bytes = contents(root.appendingPathComponent("m/out/\(name).gif"))
            #expect(bytes?.starts(with: Data("GIF89a".utf8)) == true, "\(name).gif")
        }
        #expect(contents(root.appendingPathComponent("m/out/bad-scale.gif")) == nil)
        #expect(contents(root.appendingPathComponent("m/out/bad-animation.gif")) == nil)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))

        // Each entry's bytes are what the command line renders with the same options.
        let single = try BuiltTool.run(["--mode", "explicit", "--scale", "1", "--fps", "10", "-o", "-"])
        #expect(contents(root.appendingPathComponent("m/out/explicit.gif")) == single.outputBytes)

        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ENTRY  OUTPUT") == true)
        #expect(summaryEntries(run.standardOutput) == [1, 2, 3, 4, 5, 6])
        #expect(lines.last == "6 entries: 3 written, 3 failed (entries 2, 4, 5)")
        for (entry, status) in [(1, "written"), (2, "failed"), (3, "written"), (4, "failed"), (5, "failed"), (6, "written")] {
            let row = lines.first { $0.split(separator: " ").first == Substring(String(entry)) }
            #expect(row?.contains("  \(status)") == true, "entry \(entry): \(row ?? "no row")")
        }

        // Failures are named on standard error with the command line's own messages.
        let cli = try BuiltTool.run(["--scale", "5", "-o", "x.gif"])
        let cliMessage = cli.standardError.split(separator: "\n")[0].dropFirst("Error: ".count)
        #expect(run.standardError.contains("Error: m/batch.json: entry 2 (m/out/bad-scale.gif): \(cliMessage)"))
        #expect(run.standardError.contains("Error: m/batch.json: entry 4 (m/out/bad-animation.gif): The value for '--animation <expression>' is invalid"))
        #expect(run.standardError.contains("Error: m/batch.json: entry 5 (m/blocker/dark.gif): cannot create 'm/blocker/dark.gif': Not a directory"))
        // Standard error is not a terminal here: no progress bar, no escape sequences.
        #expect(!run.standardError.contains("\u{1B}") && !run.standardError.contains("\r"))
    }

    @Test("every entry written: exit 0")
    func allGood() throws {
        let root = try manifestFolder(#"[{"scale": 1, "fps": 5, "output": "a.gif"}, {"scale": 1, "fps": 5, "mode": "implicit", "output": "b.gif"}]"#)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try BuiltTool.run(["batch", "--quiet", root.appendingPathComponent("m/batch.json").path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.hasSuffix("2 entries: 2 written, 0 failed\n"))
        #expect(contents(root.appendingPathComponent("m/a.gif")) != nil && contents(root.appendingPathComponent("m/b.gif")) != nil)
    }

    static let seven = "[" + (1...7).map { #"{"scale": 1, "fps": 5, "duration": 0.4, "padding": \#($0), "output": "out/\#($0).gif"}"# }
        .joined(separator: ",") + "]"

    @Test("shards 1/3, 2/3 and 3/3 together render every entry exactly once")
    func shardsCoverEveryEntryOnce() throws {
        let root = try manifestFolder(Self.seven)
        defer { try? FileManager.default.removeItem(at: root) }
        var seen: [Int] = []
        for shard in 1...3 {
            let run = try BuiltTool.run(["batch", "m/batch.json", "--shard", "\(shard)/3"], in: root)
            #expect(run.status == 0, "\(run.standardError)")
            let entries = summaryEntries(run.standardOutput)
            #expect(entries == Array(stride(from: shard, through: 7, by: 3)))
            seen += entries
        }
        #expect(seen.sorted() == Array(1...7))
        let written = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("m/out").path)
        #expect(written.count == 7)
    }

    @Test("--jobs 4 writes byte-identical files to --jobs 1")
    func parallelMatchesSerial() throws {
        let serial = try manifestFolder(Self.seven)
        let parallel = try manifestFolder(Self.seven)
        defer {
            try? FileManager.default.removeItem(at: serial)
            try? FileManager.default.removeItem(at: parallel)
        }
        #expect(try BuiltTool.run(["batch", "m/batch.json", "--jobs", "1"], in: serial).status == 0)
        #expect(try BuiltTool.run(["batch", "m/batch.json", "-j", "4"], in: parallel).status == 0)
        for entry in 1...7 {
            let a = contents(serial.appendingPathComponent("m/out/\(entry).gif"))
            #expect(a != nil)
            #expect(a == contents(parallel.appendingPathComponent("m/out/\(entry).gif")), "entry \(entry)")
        }
    }

    @Test("a manifest that is not valid exits 65 with one line naming the entry and key, and renders nothing", arguments: [
        (#"[{"output": "a.gif"}, {"mdoe": "preview", "output": "b.gif"}]"#, "entry 2: unknown key 'mdoe'; did you mean 'mode'?"),
        (#"[{"scale": true, "output": "a.gif"}]"#, "entry 1: key 'scale': expected a string or a number, found a boolean"),
        ("{not json", "not valid JSON"),
        (#"[{"output": "a.gif"}, {"fps": 1e400, "output": "b.gif"}]"#, "entry 2: key 'fps': the number 1e400 is out of range"),
        (#"[{"output": "a.gif"}, {"output": "out/b.jpeg"}]"#,
         "entry 2: key 'output': the value 'out/b.jpeg' is invalid: an entry is written as GIF, WebP, SVG, PNG (APNG) or MP4, not '.jpeg'; give a path ending in .gif, .webp, .svg, .png or .mp4"),
        (#"[{"output": "a.gif"}, {"output": "b.gif"}, {"output": "c.JPG"}]"#, "entry 3: key 'output': the value 'c.JPG' is invalid"),
        (#"[{"output": "a.gif"}, {"output": "x\u0000y.gif"}]"#, "entry 2: key 'output': a path cannot contain a NUL character"),
    ])
    func invalidManifest(json: String, message: String) throws {
        let root = try manifestFolder(json)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try BuiltTool.run(["batch", "m/batch.json"], in: root)
        #expect(run.status == 65)
        #expect(run.standardError.hasPrefix("Error: m/batch.json: "))
        #expect(run.standardError.contains(message))
        #expect(run.standardError.split(separator: "\n").count == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(contents(root.appendingPathComponent("m/a.gif")) == nil)
    }

    @Test("two entries writing one file through different spellings (absolute and relative, a linked folder) exit 65 before any render",
          arguments: [false, true])
    func sameOutputSpelledTwoWays(throughLink: Bool) throws {
        let root = try manifestFolder("[]")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("m/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("m/link").path, withDestinationPath: "sub")
        let second = throughLink ? "link/a.gif" : root.appendingPathComponent("m/sub/a.gif").path
        try Data(#"[{"output": "sub/a.gif"}, {"fps": 5, "output": "\#(second)"}]"#.utf8).write(to: root.appendingPathComponent("m/batch.json"))
        let run = try BuiltTool.run(["batch", "m/batch.json"], in: root)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError == "Error: m/batch.json: entry 2: key 'output': '\(second)' is also the output of entry 1\n")
        #expect(contents(root.appendingPathComponent("m/sub/a.gif")) == nil)
    }

    @Test("an entry writing through a dangling symbolic link and one naming the file it creates exit 65 before any render")
    func sameOutputThroughDanglingLink() throws {
        let root = try manifestFolder("[]")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("m"), withIntermediateDirectories: true)
        // -o through a dangling link creates the file the link names: b.gif, the second entry's.
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("m/a.gif").path, withDestinationPath: "b.gif")
        try Data(#"[{"output": "a.gif"}, {"fps": 5, "output": "b.gif"}]"#.utf8).write(to: root.appendingPathComponent("m/batch.json"))
        let run = try BuiltTool.run(["batch", "m/batch.json"], in: root)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError == "Error: m/batch.json: entry 2: key 'output': 'b.gif' is also the output of entry 1\n")
        #expect(contents(root.appendingPathComponent("m/b.gif")) == nil)
    }

    @Test("a key given twice in an entry keeps its first value, as the help says")
    func duplicateKeyKeepsTheFirstValue() throws {
        let root = try manifestFolder(#"[{"fps": 5, "output": "a.gif", "output": "b.gif"}]"#)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try BuiltTool.run(["batch", "m/batch.json", "--quiet"], in: root)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(contents(root.appendingPathComponent("m/a.gif")) != nil)
        #expect(contents(root.appendingPathComponent("m/b.gif")) == nil)
    }

    @Test("values an entry's options refuse (out of range, unknown word) fail that entry alone (exit 1)")
    func badEntryValuesFailTheEntryAlone() throws {
        let root = try manifestFolder(#"[{"scale": 5, "output": "a.gif"}, {"threads": 0, "output": "b.gif"}, {"effort": "MAX", "output": "c.gif"}, {"fps": 5, "output": "d.gif"}]"#)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try BuiltTool.run(["batch", "m/batch.json", "--quiet"], in: root)
        #expect(run.status == 1)
        for entry in 1...3 { #expect(run.standardError.contains("entry \(entry) ("), "\(run.standardError)") }
        #expect(contents(root.appendingPathComponent("m/d.gif")) != nil)
    }

    @Test("outputs ending in .gif in any case, or without an extension, are written as GIF")
    func gifOutputNames() throws {
        let root = try manifestFolder(#"[{"scale": 1, "fps": 5, "output": "a.GIF"}, {"scale": 1, "fps": 5, "output": "out/b"}]"#)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try BuiltTool.run(["batch", "--quiet", "m/batch.json"], in: root)
        #expect(run.status == 0, "\(run.standardError)")
        for name in ["a.GIF", "out/b"] {
            #expect(contents(root.appendingPathComponent("m/\(name)"))?.starts(with: Data("GIF89a".utf8)) == true, "\(name)")
        }
    }

    @Test("a missing manifest exits 66; bad --jobs and --shard are usage errors (64)")
    func missingManifestAndBadOptions() throws {
        let missing = try BuiltTool.run(["batch", "/nonexistent/batch.json"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("/nonexistent/batch.json"))
        for arguments in [["--jobs", "0"], ["--shard", "4/3"], ["--shard", "x"]] {
            let run = try BuiltTool.run(["batch", "m.json"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.standardError.contains("See 'spinrender batch --help'"))
        }
        let bare = try BuiltTool.run(["batch"])
        #expect(bare.status == 64)
        #expect(bare.standardError.hasPrefix("Error: Missing expected argument '<manifest>'\n"), "\(bare.standardError)")
    }
}
