import Foundation
import SpinRender
import Testing

/// SwiftUI source as the input of every rendering command: the page's code renders as the
/// built-in modes do, bad code is reported as a compiler reports it, and the options the code
/// decides are refused.
@Suite("SwiftUI source input")
struct SourceInputTests {
    /// The documentation's code in a scratch folder, as a user would paste it.
    private static func pagedSource(_ text: String = DocumentationSource.text, name: String = "Spinner.swift") -> (folder: String, path: String) {
        let folder = makeFolder()
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return (folder, path)
    }

    private static func read(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    /// The page's code, verbatim, gives the GIF of the mode whose view it names, byte for byte,
    /// also with a rotation (the drift) and at every scale. Each mode and each option set at
    /// least once, paired round-robin (the trees are compared for every mode in-process, in
    /// `DocumentationSourceTests`; here the whole command runs, twice a case), and the preview's
    /// drift, the page's main picture, in both appearances.
    @Test(arguments: [
        ((SceneMode.implicit, "Spinner"), ["--scale", "1"]),
        ((SceneMode.explicit, "Spinner2"), ["--scale", "2", "--appearance", "dark"]),
        ((SceneMode.preview, "ContentView"), ["--scale", "3"]),
        ((SceneMode.implicit, "Spinner"), ["--rotate-at", "0.5", "--scale", "1", "--appearance", "dark"]),
        ((SceneMode.explicit, "Spinner2"), ["--rotate-at", "0.5", "--duration", "1"]),
        ((SceneMode.preview, "ContentView"), ["--rotate-at", "0.5", "--scale", "1", "--appearance", "dark"]),
        ((SceneMode.preview, "ContentView"), ["--rotate-at", "0.5", "--duration", "1"]),
    ])
    func pageCodeRendersAsTheMode(mode: (SceneMode, String), options: [String]) throws {
        let (folder, path) = Self.pagedSource()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fromSource = try spinrender([path, "--view", mode.1] + options + ["-o", folder + "/source.gif"])
        #expect(fromSource.status == 0, "\(fromSource.standardError)")
        let fromMode = try spinrender(["--mode", mode.0.rawValue] + options + ["-o", folder + "/mode.gif"])
        #expect(fromMode.status == 0, "\(fromMode.standardError)")
        #expect(Self.read(folder + "/source.gif").count > 100)
        #expect(Self.read(folder + "/source.gif") == Self.read(folder + "/mode.gif"))
    }

    /// `spinrender source --mode M` prints a file that renders as `--mode M`, shaping included,
    /// through standard input.
    @Test(arguments: ["implicit", "explicit", "preview"])
    func printedSourceRendersAsTheMode(mode: String) throws {
        let shaping = ["--mode", mode, "--weight", "ultralight", "--point-size", "30", "--color", "#3366CC"]
        let printed = try spinrender(["source"] + shaping)
        #expect(printed.status == 0, "\(printed.standardError)")
        let (folder, path) = Self.pagedSource(printed.output)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fromSource = try spinrender(["render", path, "--duration", "0.5", "-o", folder + "/source.gif"])
        #expect(fromSource.status == 0, "\(fromSource.standardError)")
        let fromMode = try spinrender(shaping + ["--duration", "0.5", "-o", folder + "/mode.gif"])
        #expect(fromMode.status == 0, "\(fromMode.standardError)")
        #expect(Self.read(folder + "/source.gif") == Self.read(folder + "/mode.gif"))
    }

    /// `.animation(_:value:)` instead of the deprecated modifier: after a rotation the spinner is
    /// at its new place at once and stays there, still turning 180° a second.
    @Test func valueBoundAnimationDoesNotDrift() throws {
        let text = DocumentationSource.text.replacing(
            ".animation(.linear(duration: 2).repeatForever(autoreverses: false))",
            with: ".animation(.linear(duration: 2).repeatForever(autoreverses: false), value: animating)")
        let (folder, path) = Self.pagedSource(text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["timeline", path, "--json", "--rotate-at", "0.5", "--fps", "10", "--duration", "3"])
        #expect(result.status == 0, "\(result.standardError)")
        let frames = try #require((try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])?["frames"] as? [[String: Any]])
        func spinner(_ frame: Int, _ view: String) -> (angle: Double, x: Double, y: Double) {
            let s = (frames[frame]["spinners"] as! [[String: Any]]).first { $0["view"] as! String == view }!
            let centre = s["centre"] as! [String: Double]
            return (s["angleDegrees"] as! Double, centre["x"]!, centre["y"]!)
        }
        let before = spinner(4, "Spinner"), landed = spinner(5, "Spinner")
        #expect(landed.x != before.x || landed.y != before.y)
        let explicitOffset = (x: spinner(5, "Spinner2").x - landed.x, y: spinner(5, "Spinner2").y - landed.y)
        for frame in 5..<30 {
            let s = spinner(frame, "Spinner")
            #expect(s.x == landed.x && s.y == landed.y, "frame \(frame)")
            #expect(abs(s.angle - (Double(frame) * 18).truncatingRemainder(dividingBy: 360)) < 1e-9, "frame \(frame)")
            let e = spinner(frame, "Spinner2")
            #expect(e.x - s.x == explicitOffset.x && e.y - s.y == explicitOffset.y)
        }
    }

    /// Unsupported or malformed code: exit 65, `file:line:column: error:` then the line and a
    /// caret under the column, nothing written, and an existing output kept.
    @Test(arguments: [
        ("struct ContentView: View {\n    var body: some View {\n        Toggle(\"Hi\")\n    }\n}\n", 3, 9, "'Toggle' is not supported"),
        ("struct ContentView: View {\n    var body: some View {\n        Image(systemName: \"star\").symbolEffect(.appear)\n    }\n}\n", 3, 48, "'.symbolEffect(.appear)' is not supported"),
        ("struct ContentView: View {\n    var body: some View {\n        Circle().geometryGroup()\n    }\n}\n", 3, 18, "modifier 'geometryGroup' is not supported"),
        // Cut short: the missing '}' is reported where the file ends (line 4, after the last
        // line break), as swiftc reports it.
        ("struct ContentView: View {\n    var body: some View {\n        Circle()\n", 4, 1, "expected '}' at end of brace statement"),
    ])
    func badSourceIsACompilerStyleError(text: String, line: Int, column: Int, message: String) throws {
        let (folder, path) = Self.pagedSource(text, name: "Bad.swift")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let existing = Data("keep me".utf8)
        _ = FileManager.default.createFile(atPath: folder + "/out.gif", contents: existing)
        let result = try spinrender([path, "-o", folder + "/out.gif"])
        #expect(result.status == 65)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4, "\(result.standardError)")   // summary, source line, caret, end
        #expect(lines.first?.contains(": error: \(message)") == true, "\(result.standardError)")
        #expect(lines.first?.hasPrefix("\(path):\(line):\(column): error: ") == true, "\(result.standardError)")
        if lines.count >= 3 {
            #expect(lines[2] == String(repeating: " ", count: column - 1) + "^")
        }
        #expect(Self.read(folder + "/out.gif") == existing)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["Bad.swift", "out.gif"])
    }

    /// The options the code decides are usage errors naming the option; `--view` needs a source.
    @Test(arguments: [["--mode", "preview"], ["--color", "#FF0000"], ["--animation", ".linear"], ["--point-size", "30"]])
    func shapingOptionsConflictWithASource(option: [String]) throws {
        let (folder, path) = Self.pagedSource()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender([path] + option + ["-o", folder + "/x.gif"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The option '\(option[0])'"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.gif"))
        let noSource = try spinrender(["--view", "Spinner", "-o", folder + "/x.gif"])
        #expect(noSource.status == 64)
    }

    /// Several views and no ContentView or preview: a usage error that lists them; an unknown
    /// `--view` lists the views too; a missing file is 66.
    @Test func viewSelectionErrors() throws {
        let text = "struct A: View { var body: some View { Circle() } }\nstruct B: View { var body: some View { Capsule() } }\n"
        let (folder, path) = Self.pagedSource(text, name: "Two.swift")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ambiguous = try spinrender([path, "-o", folder + "/x.gif"])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.standardError.contains("(A, B)"), "\(ambiguous.standardError)")
        let unknown = try spinrender([path, "--view", "C", "-o", folder + "/x.gif"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("the source has: A, B"), "\(unknown.standardError)")
        let chosen = try spinrender([path, "--view", "B", "-o", folder + "/x.gif"])
        #expect(chosen.status == 0, "\(chosen.standardError)")
        let missing = try spinrender([folder + "/Missing.swift", "-o", folder + "/y.gif"])
        #expect(missing.status == 66)
    }

    /// `--view` with an expression renders what a `#Preview` with that body renders (the same
    /// bytes); a mistake in it is a usage error located in the expression, and nothing is written.
    @Test func aViewExpressionRendersAsAPreviewBodyWould() throws {
        let text = "import SwiftUI\nstruct Bar: View {\n    let width: CGFloat\n    @State private var on = false\n"
            + "    var body: some View {\n        Capsule().frame(width: on ? width : width / 2, height: 6)\n"
            + "            .onAppear { withAnimation(.easeInOut(duration: 0.5).repeatForever()) { on = true } }\n    }\n}\n"
        let (folder, path) = Self.pagedSource(text, name: "Bar.swift")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let preview = folder + "/BarPreview.swift"
        try (text + "#Preview { Bar(width: 40).padding(4) }\n").write(toFile: preview, atomically: true, encoding: .utf8)
        let common = ["--duration", "0.5", "--scale", "1"]
        let expression = try spinrender([path, "--view", "Bar(width: 40).padding(4)"] + common + ["-o", folder + "/expression.gif"])
        #expect(expression.status == 0, "\(expression.standardError)")
        let previewed = try spinrender([preview] + common + ["-o", folder + "/preview.gif"])
        #expect(previewed.status == 0, "\(previewed.standardError)")
        #expect(Self.read(folder + "/expression.gif") == Self.read(folder + "/preview.gif"))
        let bare = try spinrender([path, "-o", folder + "/bare.gif"])
        #expect(bare.status == 65)
        #expect(bare.standardError.contains("render it with --view 'Bar(width: …)'"), "\(bare.standardError)")
        let wrong = try spinrender([path, "--view", "Bar(widht: 40)", "-o", folder + "/wrong.gif"])
        #expect(wrong.status == 64)
        let lines = wrong.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("--view:1:5: error: incorrect argument label in call (have 'widht:', expected 'width:')") == true,
                "\(wrong.standardError)")
        #expect(lines.dropFirst().first == "Bar(widht: 40)")
        #expect(lines.dropFirst(2).first == "    ^")
        #expect(!FileManager.default.fileExists(atPath: folder + "/wrong.gif"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/bare.gif"))
    }

    /// `frames`, `sheet`, `verify` and `batch` take the source too, and agree with `render`.
    @Test func everyRenderingCommandTakesTheSource() throws {
        let (folder, path) = Self.pagedSource()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = ["--view", "Spinner", "--duration", "0.5", "--scale", "1"]
        #expect(try spinrender(["frames", path] + common + ["-o", folder + "/src"]).status == 0)
        #expect(try spinrender(["frames", "--mode", "implicit", "--duration", "0.5", "--scale", "1", "-o", folder + "/mode"]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/mode").filter { $0.hasSuffix(".png") }.sorted()
        #expect(names.count == 25)
        for name in names {
            #expect(Self.read(folder + "/src/" + name) == Self.read(folder + "/mode/" + name), "\(name)")
        }
        let sheet = try spinrender(["sheet", path] + common + ["-o", folder + "/sheet.png"])
        #expect(sheet.status == 0, "\(sheet.standardError)")
        let verify = try spinrender(["verify", path] + common + ["--reference", folder + "/mode", "--record", "never"])
        #expect(verify.status == 0, "\(verify.standardError)")
        let manifest = #"{"entries": [{"source": "Spinner.swift", "view": "Spinner", "duration": 0.5, "scale": 1, "output": "b.gif"}]}"#
        _ = FileManager.default.createFile(atPath: folder + "/m.json", contents: Data(manifest.utf8))
        let batch = try spinrender(["batch", folder + "/m.json"])
        #expect(batch.status == 0, "\(batch.standardError)")
        #expect(try spinrender(["--mode", "implicit", "--duration", "0.5", "--scale", "1", "-o", folder + "/m.gif"]).status == 0)
        #expect(Self.read(folder + "/b.gif") == Self.read(folder + "/m.gif"))
    }

    /// `border` is an overlay, as SwiftUI's: every pixel of a 20 pt green square within 3 pt of
    /// its edge is red, every other pixel green.
    @Test func borderIsDrawnOverItsContent() throws {
        var request = RenderRequest()
        request.scene.scale = 1
        request.durationSeconds = 0.02
        try request.setSource("struct ContentView: View { var body: some View { Color.green.frame(width: 20, height: 20).border(.red, width: 3) } }",
                              fileName: "Border.swift", view: nil)
        let frame = try #require(SpinRenderer.renderFrames(request).sequence.frames.first?.image)
        #expect(frame.width == 20 && frame.height == 20)
        let red = RGBA8(r: 0xFF, g: 0x3B, b: 0x30), green = RGBA8(r: 0x34, g: 0xC7, b: 0x59)
        for y in 0..<20 {
            for x in 0..<20 {
                let edge = min(x, y, 19 - x, 19 - y) < 3
                #expect(frame[x, y] == (edge ? red : green), "pixel (\(x), \(y))")
            }
        }
    }

    /// A byte order mark before the code is not part of it, as for swiftc.
    @Test func byteOrderMarkIsSkipped() throws {
        let (folder, path) = Self.pagedSource("\u{FEFF}" + DocumentationSource.text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender([path, "--duration", "0.1", "-o", folder + "/x.gif"])
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// A batch entry whose source does not interpret fails alone, naming the place in the code;
    /// the other entries are written.
    @Test func batchEntryWithBadSourceFailsAlone() throws {
        let (folder, _) = Self.pagedSource("struct ContentView: View { var body: some View { Toggle(\"x\") } }", name: "Bad.swift")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = #"{"entries": [{"source": "Bad.swift", "output": "a.gif"}, {"duration": 0.1, "output": "b.gif"}]}"#
        _ = FileManager.default.createFile(atPath: folder + "/m.json", contents: Data(manifest.utf8))
        let batch = try spinrender(["batch", folder + "/m.json"])
        #expect(batch.status == 1, "\(batch.standardError)")
        #expect(batch.standardError.contains("Bad.swift:1:"), "\(batch.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder + "/b.gif"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/a.gif"))
    }

    /// An empty source is bad data (65) with a compiler-style line; a word one slip from a
    /// subcommand that names no file is a misspelt subcommand (64), not a source path.
    @Test func emptySourceAndMisspeltSubcommands() throws {
        let (folder, path) = Self.pagedSource("", name: "Empty.swift")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let empty = try spinrender([path, "-o", folder + "/e.gif"])
        #expect(empty.status == 65)
        #expect(empty.standardError.hasPrefix("\(path):1:1: error: the source is empty: it declares no view"), "\(empty.standardError)")
        let misspelt = try spinrender(["compar", "a.gif", "b.gif"], in: folder)
        #expect(misspelt.status == 64)
        #expect(misspelt.standardError.hasPrefix("Error: Unknown subcommand 'compar' (did you mean 'compare'?)\n"), "\(misspelt.standardError)")
    }
}

/// A symbol outside the library: one warning naming it and the closest names, the image drawn
/// empty; `--strict` makes it exit 65 and writes nothing.
@Suite("Unknown symbol names")
struct UnknownSymbolCommandTests {
    static let source = "struct ContentView: View {\n    var body: some View {\n        HStack { Image(systemName: \"hexagon.filll\"); Image(systemName: \"hexagon.filll\") }\n    }\n}\n"

    @Test func warnsOnceAndStrictExits65() throws {
        let folder = NSTemporaryDirectory() + "spinrender-symbols-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Unknown.swift"
        try Data(Self.source.utf8).write(to: URL(fileURLWithPath: path))
        let warned = try spinrender([path, "--duration", "0.02", "-o", folder + "/out.gif"])
        #expect(warned.status == 0, "\(warned.standardError)")
        let warnings = warned.standardError.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1, "\(warned.standardError)")
        #expect(warnings.first?.contains("no symbol named 'hexagon.filll'") == true && warnings.first?.contains("closest: 'hexagon.fill'") == true)
        let strict = try spinrender([path, "--strict", "-o", folder + "/strict.gif"])
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("--strict refuses a symbol outside the library"), "\(strict.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict.gif"))
        // `--quiet` prints no warning; `--strict` still refuses what it would have named.
        let quiet = try spinrender([path, "--duration", "0.02", "-q", "-o", folder + "/quiet.gif"])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
        let quietStrict = try spinrender([path, "-q", "--strict", "-o", folder + "/quiet-strict.gif"])
        #expect(quietStrict.status == 65)
    }
}

/// A symbol effect: drawn from assumed timing with one warning per effect; `--strict` refuses
/// it with exit 65 and writes nothing.
@Suite("Symbol effect warnings")
struct SymbolEffectCommandTests {
    static let source = "struct ContentView: View {\n    var body: some View {\n        HStack { Image(systemName: \"heart.fill\").symbolEffect(.pulse); Image(systemName: \"star\").symbolEffect(.pulse) }\n    }\n}\n"

    @Test func warnsOnceAndStrictExits65() throws {
        let folder = NSTemporaryDirectory() + "spinrender-effects-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Pulse.swift"
        try Data(Self.source.utf8).write(to: URL(fileURLWithPath: path))
        let warned = try spinrender([path, "--duration", "1", "-o", folder + "/out.gif"])
        #expect(warned.status == 0, "\(warned.standardError)")
        let warnings = warned.standardError.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings == ["warning: '.symbolEffect(.pulse)' is drawn with assumed timing and amplitude: Apple's Symbols documentation and its WWDC sessions give none (docs/symbols.md lists the values used)"],
                "\(warned.standardError)")
        let strict = try spinrender([path, "--strict", "-o", folder + "/strict.gif"])
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("--strict refuses a symbol effect whose timing has no source"), "\(strict.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict.gif"))
    }
}
