import Foundation
import SpinRender
import Testing

/// A spinner whose colour says which scheme `@Environment(\.colorScheme)` read, with every kind
/// of preview: named and unnamed `#Preview`s, their layout traits, `.preferredColorScheme`, and
/// a `PreviewProvider` whose `Group` shows two views, one named and laid out by its modifiers.
private let spinners = """
    import SwiftUI

    struct Spinner: View {
        @Environment(\\.colorScheme) private var scheme
        @State private var turned = false
        var body: some View {
            Image(systemName: "rays")
                .foregroundColor(scheme == .dark ? .orange : .blue)
                .rotationEffect(turned ? .degrees(360) : .zero)
                .onAppear {
                    withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { turned = true }
                }
        }
    }

    #Preview("Spinner") {
        Spinner()
    }

    #Preview("Dark, fitted", traits: .sizeThatFitsLayout) {
        Spinner()
            .preferredColorScheme(.dark)
    }

    #Preview(traits: .fixedLayout(width: 100, height: 60)) {
        Spinner()
    }

    struct Spinner_Previews: PreviewProvider {
        static var previews: some View {
            Group {
                Spinner()
                    .previewDisplayName("Big")
                    .previewLayout(.fixed(width: 80, height: 40))
                Spinner()
            }
        }
    }
    """

/// Short, small renders: the tests check names, sizes and bytes, not long animations.
private let quick: [String: [String]] = ["fps": ["10"], "duration": ["0.3"]]

private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

private func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

/// The bytes of one view of `text` rendered through the single-view path.
private func singleRender(_ text: String, view: String, values: [String: [String]]) throws -> [UInt8] {
    var settings = RenderSettings()
    let dark = values["appearance"] == ["dark"]
    try settings.loadSource("One.swift", bytes: Array(text.utf8), view: view, dark: dark)
    try settings.apply(SettingValues(values), options: RenderSettings.fileOptions + RenderSettings.renderOptions)
    try settings.setOutput("one.gif")
    return try SpinRenderer.render(settings.request).bytes
}

@Suite("Every preview into a folder")
struct PreviewFolderTests {
    @Test("a file's previews: #Preview names, the file's name for an unnamed one, a provider's Group split, each with its layout and line")
    func previewsOfAFile() throws {
        let program = try SwiftProgram(parsing: spinners, fileName: "Sources/Spinners.swift")
        let previews = try program.previews()
        #expect(previews.map(\.title) == ["Spinner", "Dark, fitted", "Spinners", "Big", "Spinner 2"])
        // `--view` tells the preview named like the view apart with a number.
        #expect(previews.map(\.view) == ["Spinner 2", "Dark, fitted", "Preview", "Spinner_Previews", "Spinner_Previews"])
        #expect(previews.map(\.index) == [0, 0, 0, 0, 1])
        #expect(previews.map(\.layout) == [.device, .sizeThatFits, .fixed(width: 100, height: 60), .fixed(width: 80, height: 40), .device])
        // A provider's view is located at its expression's last modifier, the one that names it.
        #expect(previews.map(\.line) == [16, 20, 25, 33, 35])
        // Each title the index gives is a name `--view` takes, for the same script (the first
        // `Spinner` is the view of that name, as names come before titles).
        for preview in previews where preview.title != "Spinner" {
            let named = try program.script(view: preview.title)
            let direct = try program.script(preview: preview)
            #expect(named.initial == direct.initial, "\(preview.title)")
            #expect(named.changes.count == direct.changes.count, "\(preview.title)")
        }
        #expect(throws: SwiftUISourceError.viewSelection(.unknownView(
            "Bog", available: ["Spinner", "Spinner 2", "Dark, fitted", "Preview", "Spinner_Previews", "Spinners", "Big"]))) {
            try program.script(view: "Bog")
        }
    }

    @Test("file names: the title's letters and digits, ~dark, @2x/@3x except for SVG, the extension", arguments: [
        ("Spinner", false, 2.0, OutputFormat.gif, "Spinner@2x.gif"),
        ("Spinner", true, 3.0, .webp, "Spinner~dark@3x.webp"),
        ("Spinner", false, 1.0, .gif, "Spinner.gif"),
        ("Spinner", true, 2.5, .apng, "Spinner~dark.png"),
        ("Spinner", true, 2.0, .svg, "Spinner~dark.svg"),
        ("Dark, fitted", false, 2.0, .mp4, "Dark-fitted@2x.mp4"),
        ("a/b~c@d.e", false, 1.0, .gif, "a-b-c-d-e.gif"),
        ("  ", false, 1.0, .gif, "Preview.gif"),
        ("Fortschritt 2 – Kreis", false, 1.0, .gif, "Fortschritt-2-Kreis.gif"),
    ])
    func fileNames(title: String, dark: Bool, scale: Double, format: OutputFormat, expected: String) {
        #expect(PreviewFolder.fileName(title: title, dark: dark, scale: scale, format: format) == expected)
    }

    @Test("a folder of files renders every preview, names unique across files, with an index; the pixels are the single-view path's")
    func folderRender() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(spinners, to: root + "/Sources/Spinners.swift")
        // A second file whose preview has a title the first file already gives.
        try write(spinners.components(separatedBy: "#Preview(\"Spinner\")")[0] + "#Preview(\"Spinner\") { Spinner() }\n",
                  to: root + "/Sources/More/Again.swift")
        try write("struct Plain {}\n", to: root + "/Sources/More/Model.swift")
        try write("not Swift at all {", to: root + "/Sources/.hidden/Broken.swift")
        let sources = try PreviewFolder.sources(root + "/Sources")
        #expect(sources == [root + "/Sources/More/Again.swift", root + "/Sources/More/Model.swift", root + "/Sources/Spinners.swift"])
        let jobs = try PreviewFolder.plan(sources: sources, values: SettingValues(quick), folder: root + "/Previews")
        #expect(jobs.map(\.fileName) == ["Spinner@2x.gif", "Spinner-2@2x.gif", "Dark-fitted@2x.gif", "Spinners@2x.gif", "Big@2x.gif", "Spinner-2-2@2x.gif"])
        let index = try PreviewFolder.write(jobs, into: root + "/Previews/")
        #expect(index.map(\.file) == ["Big@2x.gif", "Dark-fitted@2x.gif", "Spinner-2-2@2x.gif", "Spinner-2@2x.gif", "Spinner@2x.gif", "Spinners@2x.gif"])
        let listed = try FileManager.default.contentsOfDirectory(atPath: root + "/Previews").sorted()
        #expect(listed == (index.map(\.file) + ["previews.json"]).sorted())

        // The index on disk is what write returned, and says where each preview is written.
        let decoded = try PreviewFolder.readIndex(in: root + "/Previews")
        #expect(decoded == index)
        let big = try #require(index.first { $0.file == "Big@2x.gif" })
        #expect(big == PreviewFolder.Entry(file: "Big@2x.gif", title: "Big", source: root + "/Sources/Spinners.swift", line: 33, column: 18,
                                           view: "Spinner_Previews", variant: 0, layout: "fixed", layoutSize: [80, 40], appearance: "light",
                                           format: "gif", scale: 2, width: 160, height: 80))
        let dark = try #require(index.first { $0.file == "Dark-fitted@2x.gif" })
        #expect(dark.appearance == "dark")
        #expect(dark.layout == "sizeThatFits")

        // The same pixels as one view rendered alone: the dark preview as --appearance dark
        // (its colour read from @Environment(\.colorScheme)), the fixed one as a frame of that
        // size without a margin, the light one as it is.
        let darkAlone = try singleRender(spinners, view: "Spinner", values: quick.merging(["appearance": ["dark"]]) { a, _ in a })
        let lightAlone = try singleRender(spinners, view: "Spinner", values: quick)
        #expect(contents(root + "/Previews/Dark-fitted@2x.gif") == darkAlone)
        #expect(contents(root + "/Previews/Spinner@2x.gif") == lightAlone)
        #expect(darkAlone != lightAlone)
        let framed = spinners + "\nstruct Framed: View { var body: some View { Spinner().frame(width: 100, height: 60) } }\n"
        let framedAlone = try singleRender(framed, view: "Framed", values: quick.merging(["padding": ["0"]]) { a, _ in a })
        #expect(contents(root + "/Previews/Spinners@2x.gif") == framedAlone)
        let gif = try GIFDecoder.decode(try #require(contents(root + "/Previews/Spinners@2x.gif")))
        #expect((gif.sequence.width, gif.sequence.height) == (200, 120))
    }

    @Test("a dark run adds ~dark files beside the light ones and keeps their index entries; a failed run changes nothing")
    func darkRunAndFailure() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(spinners, to: root + "/Spinners.swift")
        let folder = root + "/Previews"
        _ = try PreviewFolder.write(try PreviewFolder.plan(sources: [root + "/Spinners.swift"], values: SettingValues(quick), folder: folder), into: folder)
        let darkValues = SettingValues(quick.merging(["appearance": ["dark"], "scale": ["3"]]) { a, _ in a })
        let index = try PreviewFolder.write(try PreviewFolder.plan(sources: [root + "/Spinners.swift"], values: darkValues, folder: folder), into: folder)
        #expect(index.map(\.file) == ["Big@2x.gif", "Big~dark@3x.gif", "Dark-fitted@2x.gif", "Dark-fitted~dark@3x.gif", "Spinner-2@2x.gif",
                                      "Spinner-2~dark@3x.gif", "Spinner@2x.gif", "Spinners@2x.gif", "Spinners~dark@3x.gif", "Spinner~dark@3x.gif"])
        #expect(index.filter { $0.file.contains("~dark") }.allSatisfy { $0.appearance == "dark" && $0.scale == 3 })

        // A source that cannot run: the run stops before writing, and the folder is as it was.
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { ($0, contents(folder + "/" + $0)) }
        try write(spinners.replacingOccurrences(of: ".preferredColorScheme(.dark)", with: ".preferredColorScheme(.dark).geometryGroup()"),
                  to: root + "/Spinners.swift")
        #expect(throws: SettingsError.self) {
            _ = try PreviewFolder.plan(sources: [root + "/Spinners.swift"], values: SettingValues(quick), folder: folder)
        }
        // An index that is not one is never replaced.
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: folder + "/previews.json"))
        try write(spinners, to: root + "/Spinners.swift")
        #expect(throws: SettingsError.self) {
            _ = try PreviewFolder.plan(sources: [root + "/Spinners.swift"], values: SettingValues(quick), folder: folder)
        }
        #expect(contents(folder + "/previews.json") == Array("[1, 2]".utf8))
        let after = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { ($0, contents(folder + "/" + $0)) }
        #expect(after.map(\.0) == before.map(\.0))
        #expect(zip(after, before).allSatisfy { $0.1 == $1.1 || $0.0 == "previews.json" })
    }

    @Test("a provider's ForEach over the colour schemes is one preview per scheme, each run in its scheme; nested Groups flatten")
    func forEachOverSchemes() throws {
        let text = spinners.components(separatedBy: "#Preview(\"Spinner\")")[0] + """
            struct Schemes_Previews: PreviewProvider {
                static var previews: some View {
                    Group {
                        ForEach([ColorScheme.light, .dark], id: \\.self) { scheme in
                            Spinner().preferredColorScheme(scheme)
                        }
                        Group { Spinner(); Spinner().previewDisplayName("Last") }
                    }
                    .previewLayout(.sizeThatFits)
                }
            }
            """
        let program = try SwiftProgram(parsing: text, fileName: "Schemes.swift")
        let previews = try program.previews()
        #expect(previews.map(\.title) == ["Schemes", "Schemes 2", "Schemes 3", "Last"])
        #expect(previews.allSatisfy { $0.layout == .sizeThatFits })
        let schemes = try previews.map { try program.script(preview: $0).preferredAppearance }
        #expect(schemes == [.light, .dark, nil, nil])
        // Run dark, the first preview is light all the same: its own scheme wins.
        #expect(try program.script(preview: previews[0], dark: true).preferredAppearance == .light)
    }

    @Test("an orientation trait is not supported, at its line and column; a file without previews is a usage error")
    func refusals() throws {
        let text = "import SwiftUI\nstruct S: View { var body: some View { Circle() } }\n#Preview(traits: .landscapeLeft) { S() }\n"
        let program = try SwiftProgram(parsing: text, fileName: "S.swift")
        #expect {
            _ = try program.previews()
        } throws: { error in
            guard case let .source(diagnostic) = error as? SwiftUISourceError else { return false }
            return (diagnostic.line, diagnostic.column) == (3, 18)
                && diagnostic.message.hasPrefix("'landscapeLeft' is not supported here: a preview has no device to turn")
        }
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("import SwiftUI\nstruct S: View { var body: some View { Circle() } }\n", to: root + "/S.swift")
        #expect {
            _ = try PreviewFolder.plan(sources: [root + "/S.swift"], values: SettingValues(), folder: root + "/out")
        } throws: { error in
            guard case let .invalid(message) = error as? SettingsError else { return false }
            return message.hasSuffix("S.swift' has no #Preview or PreviewProvider to render; give one view with '--view <name>' and a file as '-o'")
        }
        // Several files without a preview, and a folder without a Swift file, say so plainly.
        try write("import SwiftUI\nstruct T: View { var body: some View { Circle() } }\n", to: root + "/T.swift")
        #expect {
            _ = try PreviewFolder.plan(sources: [root + "/S.swift", root + "/T.swift"], values: SettingValues(), folder: root + "/out")
        } throws: { error in
            guard case let .invalid(message) = error as? SettingsError else { return false }
            return message == "none of the 2 Swift files has a #Preview or PreviewProvider to render; give one view with '--view <name>' and a file as '-o'"
        }
        try FileManager.default.createDirectory(atPath: root + "/Empty/.hidden", withIntermediateDirectories: true)
        try write("import SwiftUI\n", to: root + "/Empty/.hidden/H.swift")
        try write("text\n", to: root + "/Empty/notes.txt")
        #expect {
            _ = try PreviewFolder.sources(root + "/Empty/")
        } throws: { error in
            guard let error = error as? SpinRenderError else { return false }
            return error.kind == .usage && error.message == "'\(root)/Empty/' holds no .swift file; give a .swift file or a folder of them"
        }
    }
}
