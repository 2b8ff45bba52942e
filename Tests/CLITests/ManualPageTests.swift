import Foundation
import Testing

/// The man page as plain text: roff escapes for dashes and fonts removed.
private func manualText() throws -> String {
    let url = BuiltTool.packageRoot.appendingPathComponent("docs/spinrender.1")
    var text = try String(contentsOf: url, encoding: .utf8)
    for font in ["\\fB", "\\fI", "\\fR", "\\fP"] { text = text.replacingOccurrences(of: font, with: "") }
    return text.replacingOccurrences(of: "\\-", with: "-")
}

/// Whether `name` (`--scale`, `-o`) occurs in `text` as a whole option, not inside a longer one.
private func mentions(_ text: String, _ name: String) -> Bool {
    let optionCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-"))
    var searchRange = text.startIndex..<text.endIndex
    while let found = text.range(of: name, range: searchRange) {
        let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
        let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
        let clean = { (c: Character?) in c.map { !$0.unicodeScalars.allSatisfy(optionCharacters.contains) } ?? true }
        if clean(before) && clean(after) { return true }
        searchRange = found.upperBound..<text.endIndex
    }
    return false
}

@Suite("Man page")
struct ManualPageTests {
    @Test("docs/spinrender.1 lists every option that --help lists, for the root and every subcommand")
    func listsEveryOption() throws {
        let manual = try manualText()
        var missing: [String] = []
        for command in [nil] + (try BuiltTool.helpSubcommands()) {
            let options = try BuiltTool.helpOptions(command)
            #expect(options.contains("--help"), "help of \(command ?? "spinrender") lists no options")
            for option in options where !mentions(manual, option) {
                missing.append("\(command ?? "spinrender"): \(option)")
            }
        }
        #expect(missing.isEmpty, "missing from docs/spinrender.1: \(missing.joined(separator: ", "))")
    }

    @Test("every subcommand has its own section")
    func sectionPerSubcommand() throws {
        let manual = try manualText()
        let subcommands = try BuiltTool.helpSubcommands()
        #expect(subcommands.contains("batch") && subcommands.contains("sheet"))
        for subcommand in subcommands {
            #expect(manual.contains("\n.SS spinrender \(subcommand)"), "no '.SS spinrender \(subcommand)' section")
        }
    }

    @Test("the header names the version --version prints")
    func versionInHeader() throws {
        let version = try BuiltTool.run(["--version"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try manualText().contains(".TH SPINRENDER 1 \"") )
        #expect(try manualText().contains("\"spinrender \(version)\""))
    }

    @Test("groff formats it without warnings", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
    func formatsCleanly() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        process.arguments = ["-man", "-ww", "-z", BuiltTool.packageRoot.appendingPathComponent("docs/spinrender.1").path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.isEmpty, "\(text)")
    }
}
