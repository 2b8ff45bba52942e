import Foundation
import Testing
@testable import SpinRender

@Suite("Settings schema")
struct SettingsTests {
    @Test("a library user loads and runs a manifest without the command line: each file is the render of its entry's request")
    func runsManifest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = """
        {"defaults": {"fps": 10, "scale": 1},
         "entries": [
           {"mode": "preview", "appearance": "dark", "rotate-at": [1, 0.5], "output": "out/preview.gif"},
           {"transparent": true, "loop": "once", "output": "out/clear.webp"},
           {"scale": 5, "output": "out/bad.gif"},
           {"matte": "#102030", "output": "out/matte.gif"}
         ]}
        """
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/batch.json"))
        let outcomes = try BatchRenderer.run(manifest: folder + "/batch.json")

        // The requests the entries describe, built field by field rather than through the schema.
        var preview = RenderRequest()
        preview.framesPerSecond = 10
        preview.scene.scale = 1
        preview.example.mode = .preview
        preview.scene.appearance = .dark
        preview.scene.layoutChanges = [0.5, 1]
        var clear = RenderRequest()
        clear.framesPerSecond = 10
        clear.scene.scale = 1
        clear.scene.transparentBackground = true
        clear.loopCount = .playOnce
        clear.format = .webp

        #expect(outcomes.map(\.number) == [1, 2, 3, 4])
        #expect(outcomes.map(\.succeeded) == [true, true, false, false])
        for (outcome, request) in zip(outcomes, [preview, clear]) {
            let expected = try SpinRenderer.render(request).bytes
            let written = try #require(FileManager.default.contents(atPath: outcome.outputPath))
            #expect([UInt8](written) == expected, "\(outcome.outputPath)")
            #expect(outcome.byteCount == expected.count)
        }
        #expect(outcomes[2].failure == "The value '5' is invalid for '--scale <scale>'. Please provide one of '1', '2', '3'.")
        #expect(outcomes[3].failure == "The option '--matte <#RRGGBB>' applies only with '--transparent'; add '--transparent' or leave out '--matte'")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/bad.gif"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/matte.gif"))
    }

    @Test("a plan renders only its shard and counts the memory limit of the batch")
    func planShard() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let entries = (1...5).map { #"{"fps": 10, "scale": 1, "output": "\#($0).gif"}"# }.joined(separator: ",")
        try Data("[\(entries)]".utf8).write(to: URL(fileURLWithPath: folder + "/batch.json"))
        var settings = BatchSettings()
        try BatchSettings.options.apply(SettingValues(["shard": ["2/2"], "max-memory": ["1K"]]), to: &settings)
        #expect(settings.shard == BatchShard(index: 2, count: 2))
        #expect(settings.maximumMemoryBytes == 1024)
        let plan = BatchRenderer.plan(try BatchManifest(contentsOf: folder + "/batch.json"), settings: settings)
        #expect(plan.selected.map(\.number) == [2, 4])
        #expect(plan.jobs.isEmpty)
        // 1 KiB is less than the process alone: each entry fails on its own with the batch's advice.
        for number in [2, 4] {
            let failure = try #require(plan.failures[number]?.failure)
            #expect(failure.hasSuffix("more than --max-memory 1 KiB; lower its point-size, scale, fps or duration, or raise the batch's --max-memory"))
        }
    }

    @Test("applied values set the request's fields; a bad value is refused with the command line's wording", arguments: [
        (["fps": ["60"]], "The value '60' is invalid for '--fps <fps>': spinrender renders at most 50 frames per second, in every format (one frame timing serves them all, and a GIF's delays are whole centiseconds, which browsers play as 10 cs below 2); give 50 or less"),
        (["point-size": ["0x10"]], "The value '0x10' is invalid for '--point-size <points>': expected a number from 1 to 512"),
        (["duration": ["0"]], "The value '0' is invalid for '--duration <seconds>': expected a number from 0 (exclusive) to 600"),
        (["threads": ["65"]], "The value '65' is invalid for '--threads <count>': expected a whole number from 1 to 64"),
        (["loop": ["-1"]], "The value '-1' is invalid for '--loop <count>': expected 'once' or a whole number from 0 to 65535"),
        (["color": ["#12345"]], "The value '#12345' is invalid for '--color <#RRGGBB>': expected a hex colour like #FF9500"),
        (["max-memory": ["0"]], "The value '0' is invalid for '--max-memory <bytes>': expected a positive size like 512M, 1.5G or 2G"),
    ])
    func refusals(values: [String: [String]], message: String) {
        var settings = RenderSettings()
        #expect(throws: SettingsError.invalid(message)) { try settings.apply(SettingValues(values)) }
    }

    @Test("every render setting given once sets the field it names")
    func appliesEveryField() throws {
        var settings = RenderSettings()
        try settings.apply(SettingValues([
            "appearance": ["dark"], "system-colors": ["ios26"], "scale": ["3"], "point-size": ["40"], "weight": ["bold"],
            "symbol-scale": ["large"], "padding": ["0"], "color": ["#FF0000"], "background": ["#00FF00"], "transparent": [],
            "matte": ["#0000FF"], "blend": ["linear"], "fps": ["25"], "duration": ["1.5"], "loop": ["3"],
            "animation": [".easeIn(duration: 1)"], "effect": ["opacity"], "rotate-at": ["2", "1"], "stage": ["400x800"],
            "appear-from-origin": [], "no-optimize": [], "no-compact": [], "dither": ["ordered"], "effort": ["max"],
            "threads": ["2"], "max-memory": ["1.5G"],
        ]))
        var expected = RenderRequest()
        expected.scene.appearance = .dark
        expected.scene.colorGeneration = .iOS26
        expected.scene.scale = 3
        expected.example.pointSize = 40
        expected.example.weight = .bold
        expected.example.symbolScale = .large
        expected.scene.padding = 0
        expected.example.color = RGBA8(r: 255, g: 0, b: 0, a: 255)
        expected.scene.background = RGBA8(r: 0, g: 255, b: 0, a: 255)
        expected.scene.transparentBackground = true
        expected.matte = RGBA8(r: 0, g: 0, b: 255, a: 255)
        expected.scene.blendSpace = .linear
        expected.framesPerSecond = 25
        expected.durationSeconds = 1.5
        expected.loopCount = .repeats(3)
        expected.example.animation = .easeIn(duration: 1)
        expected.example.effect = .opacity
        expected.scene.layoutChanges = [1, 2]
        expected.scene.stage = StageSize(width: 400, height: 800)
        expected.scene.appearsFromOrigin = true
        expected.optimize = false
        expected.compact = false
        expected.dither = .ordered
        expected.effort = .max
        expected.threads = 2
        #expect(settings.request == expected)
        #expect(settings.maximumMemoryBytes == 1_610_612_736)
    }
}
