import Foundation
import SpinRender
import Testing

/// Two previews of a dot that fades in: a `#Preview` and a `PreviewProvider` in dark.
private let dots = """
    import SwiftUI

    struct Dot: View {
        @State private var shown = false
        var body: some View {
            Circle()
                .fill(Color.blue)
                .frame(width: 12, height: 12)
                .opacity(shown ? 1 : 0.2)
                .onAppear { withAnimation(.easeIn(duration: 0.2)) { shown = true } }
        }
    }

    #Preview("Dot") { Dot() }

    struct Dot_Previews: PreviewProvider {
        static var previews: some View {
            Dot().preferredColorScheme(.dark).previewDisplayName("Dot in the dark")
        }
    }
    """

private func put(_ text: String, _ path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

private func files(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

@Suite("Every preview, end to end: render -o DIR/, verify --all-previews, a batch entry's folder")
struct PreviewsCommandTests {
    @Test("render writes each preview and previews.json; one file output, '-', --poster and a bad source are refused with their statuses, leaving the folder alone")
    func render() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try put(dots, folder + "/Dots.swift")
        let run = try spinrender(["Dots.swift", "--fps", "10", "-o", "out/"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(files(folder + "/out") == ["Dot-in-the-dark@2x.gif", "Dot@2x.gif", "previews.json"])
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/out/previews.json"))) as? [String: Any]
        let entries = try #require(index?["previews"] as? [[String: Any]])
        #expect(entries.map { $0["file"] as? String } == ["Dot-in-the-dark@2x.gif", "Dot@2x.gif"])
        #expect(entries.map { $0["appearance"] as? String } == ["dark", "light"])
        #expect(entries.map { $0["line"] as? Int } == [18, 14])
        let dot = try GIFDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out/Dot@2x.gif"))))
        // A 12-point dot with the 8-point margin on each side, at 2×.
        #expect((dot.sequence.width, dot.sequence.height) == (56, 56))
        // --appearance dark adds the ~dark variants beside them.
        let dark = try spinrender(["Dots.swift", "--fps", "10", "--appearance", "dark", "--all-previews", "-o", "out"], in: folder)
        #expect(dark.status == 0, "\(dark.standardError)")
        #expect(files(folder + "/out") == ["Dot-in-the-dark@2x.gif", "Dot-in-the-dark~dark@2x.gif", "Dot@2x.gif", "Dot~dark@2x.gif", "previews.json"])

        let before = files(folder + "/out").map { FileManager.default.contents(atPath: folder + "/out/" + $0) }
        let single = try spinrender(["Dots.swift", "-o", "one.gif"], in: folder)
        #expect(single.status == 64)
        #expect(single.standardError.hasPrefix("Error: Dots.swift: several views could be rendered (Dot, Dot 2, Preview, Dot_Previews): choose one with --view, or render every preview into a folder with '-o DIR/'") || single.standardError.contains("render every preview into a folder with '-o DIR/'"))
        let toStandardOutput = try spinrender(["Dots.swift", "--all-previews", "-o", "-"], in: folder)
        #expect(toStandardOutput.status == 64)
        #expect(toStandardOutput.standardError.hasPrefix("Error: The previews of 'Dots.swift' are several files; give a folder as '-o, --output <output>', not '-'"))
        let poster = try spinrender(["Dots.swift", "--poster", "p.png", "-o", "out/"], in: folder)
        #expect(poster.status == 64)
        #expect(poster.standardError.hasPrefix("Error: The option '--poster' applies to one output file"))
        try put(dots.replacingOccurrences(of: ".fill(Color.blue)", with: ".fill(Color.blue).geometryGroup()"), folder + "/Dots.swift")
        let broken = try spinrender(["Dots.swift", "-o", "out/"], in: folder)
        #expect(broken.status == 65)
        #expect(broken.standardError.hasPrefix("Dots.swift:7:31: error: modifier 'geometryGroup' is not supported"))
        #expect(files(folder + "/out").map { FileManager.default.contents(atPath: folder + "/out/" + $0) } == before)
        let missing = try spinrender(["Nowhere/", "-o", "out/"], in: folder)
        #expect(missing.status == 66)
    }

    /// A folder named like an output file (`out.gif`, written without a slash) is in the way of
    /// that file: it was taken as a request for every preview ("has no #Preview …", 64).
    @Test("a folder named like a GIF is in the way of it (73); one without an extension still takes every preview")
    func folderNamedLikeAFile() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try put("import SwiftUI\nstruct Dot: View { var body: some View { Circle().frame(width: 12, height: 12) } }\n", folder + "/Dot.swift")
        try FileManager.default.createDirectory(atPath: folder + "/out.gif", withIntermediateDirectories: false)
        let blocked = try spinrender(["Dot.swift", "-o", "out.gif"], in: folder)
        #expect(blocked.status == 73)
        #expect(blocked.standardError == "Error: cannot create 'out.gif': it is a directory\n")
        #expect(files(folder + "/out.gif").isEmpty)
        try put(dots, folder + "/Dots.swift")
        try FileManager.default.createDirectory(atPath: folder + "/previews", withIntermediateDirectories: false)
        let every = try spinrender(["Dots.swift", "--fps", "10", "-o", "previews"], in: folder)
        #expect(every.status == 0, "\(every.standardError)")
        #expect(files(folder + "/previews").contains("previews.json"))
    }

    @Test("verify --all-previews records a reference per preview, then passes; a changed preview fails with the comparison's status")
    func verify() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try put(dots, folder + "/Views/Dots.swift")
        let arguments = ["verify", "Views", "--fps", "10", "--reference", "refs"]
        let record = try spinrender(arguments + ["--record", "missing"], in: folder, environment: ["CI": "false"])
        #expect(record.status == 1, "\(record.standardError)")
        #expect(files(folder + "/refs") == ["Dot-in-the-dark@2x", "Dot@2x"])
        #expect(files(folder + "/refs/Dot@2x").contains("frames.json"))
        let lines = record.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("recorded refs/Dot@2x (Views/Dots.swift:14 Dot): no reference") == true)
        #expect(lines.last?.hasPrefix("recorded refs/Dot-in-the-dark@2x (Views/Dots.swift:18 Dot in the dark): no reference") == true)
        let pass = try spinrender(arguments + ["--record", "never"], in: folder)
        #expect(pass.status == 0, "\(pass.standardError)")
        #expect(pass.output == "ok refs/Dot@2x (Views/Dots.swift:14 Dot)\nok refs/Dot-in-the-dark@2x (Views/Dots.swift:18 Dot in the dark)\n")
        try put(dots.replacingOccurrences(of: "Color.blue", with: "Color.red"), folder + "/Views/Dots.swift")
        let fail = try spinrender(arguments + ["--record", "never"], in: folder)
        #expect(fail.status == 1)
        #expect(fail.output.hasPrefix("FAILED refs/Dot@2x (Views/Dots.swift:14 Dot): "))
        let html = try spinrender(arguments + ["--record", "never", "--html", "report.html"], in: folder)
        #expect(html.status == 1)
        let page = try String(contentsOfFile: folder + "/report.html", encoding: .utf8)
        #expect(page.contains("Views/Dots.swift:14 Dot") && page.contains("Views/Dots.swift:18 Dot in the dark"))
        // --json: one document, each preview's verify report in it, the lines on standard
        // error; --junit: a suite per preview, the failing one with its failing frames.
        let json = try spinrender(arguments + ["--record", "never", "--json", "--junit", "report.xml"], in: folder)
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(document["exitStatus"] as? Int == 1)
        let previews = try #require(document["previews"] as? [[String: Any]])
        #expect(previews.map { $0["title"] as? String } == ["Dot", "Dot in the dark"])
        #expect(previews.map { $0["line"] as? Int } == [14, 18])
        let verdicts = previews.map { ($0["report"] as? [String: Any])?["verdict"] as? String }
        #expect(verdicts[0] != "equal" && verdicts[0] != nil)
        #expect(json.standardError.contains("FAILED refs/Dot@2x (Views/Dots.swift:14 Dot)"))
        let xml = try String(contentsOfFile: folder + "/report.xml", encoding: .utf8)
        #expect(xml.components(separatedBy: "<testsuite name=").count == 3)
        #expect(xml.contains("<testsuite name=\"spinrender verify refs/Dot@2x\"") && xml.contains("<failure "))
        let both = try spinrender(arguments + ["--json", "--junit", "-"], in: folder)
        #expect(both.status == 64)
        #expect(both.standardError.hasPrefix("Error: The options '--json' and '--junit -' both write standard output"))
        let diff = try spinrender(arguments + ["--diff", "d.png"], in: folder)
        #expect(diff.status == 64)
        #expect(diff.standardError.hasPrefix("Error: The option '--diff' reports one comparison"))
    }

    @Test("a batch entry whose output is a folder writes every preview of its source and the index, compared file by file with its reference folder")
    func batch() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try put(dots, folder + "/Dots.swift")
        try put(#"{"defaults": {"fps": 10}, "entries": [{"source": "Dots.swift", "output": "previews/"}, {"source": "Dots.swift", "output": "again/", "reference": "previews"}]}"#,
                folder + "/batch.json")
        let run = try spinrender(["batch", "batch.json"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(files(folder + "/previews") == ["Dot-in-the-dark@2x.gif", "Dot@2x.gif", "previews.json"])
        let render = try spinrender(["Dots.swift", "--fps", "10", "-o", "by-hand/"], in: folder)
        #expect(render.status == 0)
        for name in ["Dot-in-the-dark@2x.gif", "Dot@2x.gif"] {
            #expect(FileManager.default.contents(atPath: folder + "/previews/" + name) == FileManager.default.contents(atPath: folder + "/by-hand/" + name))
        }
        // A reference folder whose file differs fails that entry, naming the file.
        try FileManager.default.copyItem(atPath: folder + "/previews/Dot@2x.gif", toPath: folder + "/previews/Dot-in-the-dark@2x.gif.tmp")
        try FileManager.default.removeItem(atPath: folder + "/previews/Dot-in-the-dark@2x.gif")
        try FileManager.default.moveItem(atPath: folder + "/previews/Dot-in-the-dark@2x.gif.tmp", toPath: folder + "/previews/Dot-in-the-dark@2x.gif")
        try put(#"{"defaults": {"fps": 10}, "entries": [{"source": "Dots.swift", "output": "again/", "reference": "previews"}]}"#, folder + "/check.json")
        let check = try spinrender(["batch", "check.json"], in: folder)
        #expect(check.status == 1)
        #expect(check.standardError.contains("'Dot-in-the-dark@2x.gif' differs from its reference"))
    }
}
