import Testing
@testable import SpinRender

private func parse(_ json: String, path: String = "ci/batch.json") throws(SpinRenderError) -> BatchManifest {
    try BatchManifest.parse(Array(json.utf8), path: path)
}

private func failure(_ json: String) -> SpinRenderError? {
    do { _ = try parse(json); return nil } catch { return error }
}

@Suite("Batch manifest")
struct BatchManifestTests {
    @Test("entries become the command line's words, keys sorted, output resolved against the manifest's folder")
    func entriesBecomeArguments() throws {
        let manifest = try parse("""
            [{"mode": "preview", "scale": 3, "rotate-at": [0.5, 1], "transparent": true, "output": "out/preview@3x.gif"},
             {"mode": "explicit", "transparent": false, "output": "/tmp/abs.gif"}]
            """)
        #expect(manifest.entries.count == 2)
        #expect(manifest.entries[0].number == 1)
        #expect(manifest.entries[0].arguments == ["--mode", "preview", "--rotate-at", "0.5", "--rotate-at", "1", "--scale", "3", "--transparent"])
        #expect(manifest.entries[0].output == "out/preview@3x.gif")
        #expect(manifest.entries[0].resolvedOutput == "ci/out/preview@3x.gif")
        #expect(manifest.entries[1].arguments == ["--mode", "explicit"])
        #expect(manifest.entries[1].resolvedOutput == "/tmp/abs.gif")
    }

    @Test("a manifest in the working folder keeps relative outputs as they are")
    func manifestInWorkingFolder() throws {
        let manifest = try parse(#"[{"output": "a.gif"}]"#, path: "batch.json")
        #expect(manifest.entries[0].resolvedOutput == "a.gif")
    }

    @Test("defaults apply to every entry that does not set the key itself")
    func defaultsMerge() throws {
        let manifest = try parse("""
            {"defaults": {"fps": 25, "appearance": "dark"},
             "entries": [{"output": "a.gif"}, {"fps": 10, "output": "b.gif"}]}
            """)
        #expect(manifest.entries[0].arguments == ["--appearance", "dark", "--fps", "25"])
        #expect(manifest.entries[1].arguments == ["--appearance", "dark", "--fps", "10"])
    }

    @Test("a repeatable option also takes a single value")
    func repeatableSingleValue() throws {
        #expect(try parse(#"[{"rotate-at": 0.5, "output": "a.gif"}]"#).entries[0].arguments == ["--rotate-at", "0.5"])
    }

    @Test("bad manifests are data errors (65) naming the file, the entry and the key", arguments: [
        ("not json", "ci/batch.json: not valid JSON"),
        (#"{"entries": [{"output": "a.gif"}], "extra": 1}"#, "unknown top-level key 'extra'"),
        (#"{"defaults": {}}"#, "no 'entries' array"),
        ("[]", "the manifest has no entries"),
        (#"[{"output": "a.gif"}, 3]"#, "entry 2: expected an object of options, found a number"),
        (#"[{"output": "a.gif"}, {"mdoe": "preview", "output": "b.gif"}]"#, "entry 2: unknown key 'mdoe'; did you mean 'mode'?"),
        (#"[{"--mode": "preview", "output": "b.gif"}]"#, "entry 1: unknown key '--mode'; write option names without dashes"),
        (#"[{"scale": [1], "output": "a.gif"}]"#, "entry 1: key 'scale': expected a string or a number, found an array"),
        (#"[{"transparent": "yes", "output": "a.gif"}]"#, "entry 1: key 'transparent': expected true or false, found a string"),
        (#"[{"rotate-at": [true], "output": "a.gif"}]"#, "entry 1: key 'rotate-at': expected an array of strings or numbers, found a boolean in it"),
        (#"[{"mode": "preview"}]"#, "entry 1: key 'output' is missing"),
        (#"[{"output": 3}]"#, "entry 1: key 'output': expected a file path string, found a number"),
        (#"[{"output": "-"}]"#, "entry 1: key 'output': standard output ('-') cannot take a batch's files"),
        (#"[{"output": "a.gif"}, {"output": "./x/../a.gif"}]"#, "entry 2: key 'output': './x/../a.gif' is also the output of entry 1"),
        (#"[{"output": "a.gif"}, {"output": "b.Jpg"}]"#, "entry 2: key 'output': the value 'b.Jpg' is invalid: an entry is written as GIF, WebP, SVG, PNG (APNG) or MP4, not '.Jpg'"),
        (#"{"defaults": {"output": "a.gif"}, "entries": [{"output": "b.gif"}]}"#, "defaults: key 'output'"),
        (#"{"defaults": {"bogus": 1}, "entries": [{"output": "b.gif"}]}"#, "defaults: unknown key 'bogus'"),
    ])
    func badManifests(json: String, expected: String) {
        let error = failure(json)
        #expect(error?.kind == .badData)
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "no error")")
        #expect(error?.message.contains("\n") == false)
    }

    @Test("a number no Double can hold is a range error (65) naming the entry or defaults and the key, not a type error", arguments: [
        (#"[{"fps": 1e400, "output": "a.gif"}]"#, "entry 1: key 'fps': the number"),
        (#"{"entries": [{"output": "a.gif"}, {"scale": -1e400, "output": "b.gif"}]}"#, "entry 2: key 'scale': the number"),
        (#"[{"rotate-at": [0.5, 1e-400], "output": "a.gif"}]"#, "entry 1: key 'rotate-at', element 2: the number"),
        (#"{"defaults": {"fps": 1e999}, "entries": [{"output": "a.gif"}]}"#, "defaults: key 'fps': the number"),
    ])
    func numberOutOfRange(json: String, place: String) {
        let error = failure(json)
        #expect(error?.kind == .badData)
        let message = error?.message ?? "no error"
        #expect(message.hasPrefix("ci/batch.json: \(place)"), "\(message)")
        #expect(message.contains("is out of range"), "\(message)")
        #expect(!message.contains("String") && !message.contains("not valid JSON"), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test("a manifest that does not exist is a missing input (66)")
    func missingManifest() {
        #expect(throws: SpinRenderError.self) { try BatchManifest(contentsOf: "/nonexistent/batch.json") }
        do {
            _ = try BatchManifest(contentsOf: "/nonexistent/batch.json")
        } catch {
            #expect(error.kind == .missingInput)
            #expect(error.message.contains("/nonexistent/batch.json"))
        }
    }

    @Test("numbers are spelled as the command line would", arguments: [
        (3.0, "3"), (0.5, "0.5"), (-1.0, "-1"), (1e-7, "1e-07"),
    ])
    func numberSpelling(value: Double, text: String) {
        #expect(Spelling.number(value) == text)
    }
}

@Suite("Batch shards")
struct BatchShardTests {
    @Test("shards together take every entry exactly once", arguments: 1...7)
    func shardsPartitionEntries(count: Int) {
        for entries in 0...23 {
            var seen = Array(repeating: 0, count: entries + 1)
            var sizes: [Int] = []
            for index in 1...count {
                let shard = BatchShard(index: index, count: count)!
                let taken = (1...max(1, entries)).filter { entries > 0 && shard.contains(entry: $0) }
                taken.forEach { seen[$0] += 1 }
                sizes.append(taken.count)
            }
            #expect(seen.dropFirst().allSatisfy { $0 == 1 }, "entries \(entries), shards \(count)")
            #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
        }
    }

    @Test("shard 2/3 takes entries 2, 5, 8")
    func shardPicksEveryNth() {
        let shard = BatchShard(parsing: "2/3")!
        #expect((1...9).filter { shard.contains(entry: $0) } == [2, 5, 8])
        #expect(shard.description == "2/3")
    }

    @Test("I/N must be whole numbers with 1 ≤ I ≤ N", arguments: ["0/2", "3/2", "1/0", "1", "a/b", "1/2/3", "-1/2", "+1/2", " 1/2", "1/"])
    func invalidShards(text: String) {
        #expect(BatchShard(parsing: text) == nil)
    }
}
