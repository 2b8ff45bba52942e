import Foundation
import Testing

/// `--html` on compare, verify and batch: what is written, what is refused, what is never clobbered.
@Suite("--html")
struct HTMLReportCommandTests {
    static func folderWithRenders() throws -> String {
        let folder = makeFolder()
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--blend", "linear", "-o", "l.gif"], in: folder).status == 0)
        return folder
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func compareWritesTheReport() throws {
        let folder = try Self.folderWithRenders()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try spinrender(["compare", "l.gif", "a.gif", "--html", "r.html"], in: folder)
        #expect(run.status == 1)
        let html = try #require(Self.read(folder + "/r.html"))
        #expect(html.contains("<code>spinrender compare l.gif a.gif --html r.html</code>"))
        #expect(html.contains("<h2 id=\"c0-title\">l.gif compared with a.gif</h2>"))
        #expect(html.contains(">Pixels differ</span>"))
        #expect(html.utf8.count < 1_000_000)
    }

    @Test func refusedAndNeverClobbered() throws {
        let folder = try Self.folderWithRenders()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dash = try spinrender(["compare", "a.gif", "a.gif", "--html", "-"], in: folder)
        #expect(dash.status == 64 && dash.standardError.hasPrefix("Error: The value '-' is invalid for '--html <file>'"))
        let shared = try spinrender(["compare", "a.gif", "l.gif", "--html", "d.png", "--diff", "./d.png"], in: folder)
        #expect(shared.status == 64 && shared.standardError.contains("'--diff' and '--html' are one file"), "\(shared.standardError)")
        let input = try spinrender(["compare", "a.gif", "l.gif", "--html", "a.gif"], in: folder)
        #expect(input.status == 64 && input.standardError.contains("is one of the inputs"))
        // A run that fails leaves an existing report as it was.
        try "old".write(toFile: folder + "/r.html", atomically: true, encoding: .utf8)
        let missing = try spinrender(["compare", "a.gif", "missing.gif", "--html", "r.html"], in: folder)
        #expect(missing.status == 66)
        #expect(Self.read(folder + "/r.html") == "old")
        // An output that cannot be created is found before comparing: exit 73, no verdict.
        let uncreatable = try spinrender(["compare", "a.gif", "l.gif", "--html", "no/such/folder/r.html"], in: folder)
        #expect(uncreatable.status == 73 && uncreatable.output.isEmpty)
        #expect(uncreatable.standardError.hasPrefix("Error: ") && uncreatable.standardError.contains("no/such/folder/r.html"))
    }

    @Test func verifyWritesAReportOnlyWhenItCompared() throws {
        let folder = try Self.folderWithRenders()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = try spinrender(["verify", "--reference", "ref", "--html", "first.html"], in: folder)
        #expect(record.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/first.html"))
        let check = try spinrender(["verify", "--reference", "ref", "--html", "second.html"], in: folder)
        #expect(check.status == 0)
        let html = try #require(Self.read(folder + "/second.html"))
        #expect(html.contains("the render compared with ref") && html.contains(">Equal</span>"))
    }

    @Test func batchComparesEntriesWithTheirReferences() throws {
        let folder = try Self.folderWithRenders()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = #"{"entries": [{"output": "out/a.gif", "reference": "a.gif"}, {"output": "out/l.gif", "blend": "linear", "reference": "a.gif"}, {"output": "out/m.gif", "reference": "missing.gif"}, {"output": "out/p.gif"}]}"#
        try manifest.write(toFile: folder + "/m.json", atomically: true, encoding: .utf8)
        let run = try spinrender(["batch", "m.json", "--html", "report.html", "--artifacts", "art"], in: folder)
        #expect(run.status == 1)
        // Only the entry that differs leaves artifacts: its frames, diffs and reports.
        let artifacts = try FileManager.default.contentsOfDirectory(atPath: folder + "/art")
        #expect(artifacts == ["entry-2-l-failure"])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/art/entry-2-l-failure")
        #expect(files.contains("report.html") && files.contains("report.txt") && files.contains("diff.gif"), "\(files)")
        #expect(files.contains { $0.hasSuffix("-diff.png") })
        #expect(run.standardError.contains("Error: m.json: entry 2 (out/l.gif): differs from its reference 'a.gif': pixels differ in 25 of 25 frames"))
        #expect(run.standardError.contains("Error: m.json: entry 3 (out/m.gif): cannot be compared with its reference:"))
        #expect(!run.standardError.contains("entry 1 ") && !run.standardError.contains("entry 4 "))
        let html = try #require(Self.read(folder + "/report.html"))
        #expect(html.contains("<h2 id=\"c0-title\">entry 1: out/a.gif</h2>") && html.contains("<h2 id=\"c1-title\">entry 2: out/l.gif</h2>"))
        #expect(!html.contains("id=\"c2\""))
        #expect(html.contains("<p>2 comparisons, 1 failing.</p>"))
        let onManifest = try spinrender(["batch", "m.json", "--html", "./m.json"], in: folder)
        #expect(onManifest.status == 64 && onManifest.standardError.contains("is the manifest"))
        let onEntry = try spinrender(["batch", "m.json", "--html", "out/p.gif"], in: folder)
        #expect(onEntry.status == 64 && onEntry.standardError.contains("is the output of entry 4"))
        let badReference = #"[{"output": "x.gif", "reference": 3}]"#
        try badReference.write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try spinrender(["batch", "bad.json"], in: folder)
        #expect(bad.status == 65 && bad.standardError.contains("entry 1: key 'reference'"))
    }

    /// An entry's `ignore` and `mask` leave pixels out of its comparison with its reference, as
    /// `compare --ignore` and `--mask` do: the linear-blend render differs from the sRGB one in
    /// every frame, and passes once the whole canvas (74 × 68 at @2x) is left out.
    @Test func batchEntriesIgnorePixelsOfTheirComparison() throws {
        let folder = try Self.folderWithRenders()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An opaque frame of the render is a mask of the canvas's size that leaves out everything.
        #expect(try spinrender(["frames", "a.gif", "-o", "fr"], in: folder).status == 0)
        let manifest = #"{"defaults": {"blend": "linear"}, "entries": [{"output": "out/all.gif", "reference": "a.gif", "ignore": "0,0,74,68"}, {"output": "out/half.gif", "reference": "a.gif", "ignore": ["0,0,37,68"]}, {"output": "out/mask.gif", "reference": "a.gif", "mask": "fr/frame_0000.png"}, {"output": "out/nomask.gif", "reference": "a.gif", "mask": "none.png"}]}"#
        try manifest.write(toFile: folder + "/m.json", atomically: true, encoding: .utf8)
        let run = try spinrender(["batch", "m.json"], in: folder)
        #expect(run.status == 1)
        #expect(!run.standardError.contains("entry 1 ") && !run.standardError.contains("entry 3 "), "\(run.standardError)")
        #expect(run.standardError.contains("Error: m.json: entry 2 (out/half.gif): differs from its reference 'a.gif': pixels differ"))
        #expect(run.standardError.contains("Error: m.json: entry 4 (out/nomask.gif): cannot be compared with its reference:"))
        for (json, message) in [
            (#"[{"output": "x.gif", "ignore": "0,0,1,1"}]"#, "entry 1: key 'ignore' applies to the comparison with a 'reference'"),
            (#"[{"output": "x.gif", "reference": "a.gif", "ignore": "0,0,-1,1"}]"#, "entry 1: key 'ignore': the value '0,0,-1,1' is invalid"),
            (#"[{"output": "x.gif", "reference": "a.gif", "ignore": [3]}]"#, "entry 1: key 'ignore': expected \"x,y,w,h\" strings, found a number"),
            (#"[{"output": "x.gif", "reference": "a.gif", "mask": ""}]"#, "entry 1: key 'mask': expected the path of a PNG"),
        ] {
            try json.write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
            let bad = try spinrender(["batch", "bad.json"], in: folder)
            #expect(bad.status == 65, "\(json): \(bad.standardError)")
            #expect(bad.standardError.contains(message), "\(json): \(bad.standardError)")
        }
    }
}
