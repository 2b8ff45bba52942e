import Foundation
import Testing
import SpinRender

/// One setting as the documents show it.
private struct Shown: Hashable {
    var name: String
    var short: Character?
    var synopsis: String
    var values: [String]?
    var defaultText: String?
    var isFlag: Bool

    init<Root>(_ setting: Setting<Root>) {
        (name, short, synopsis, values, defaultText, isFlag) =
            (setting.name, setting.short, setting.synopsis, setting.values, setting.defaultText, setting.kind == .flag)
    }
}

private let render = RenderSettings.renderOptions.map(Shown.init)
private let file = RenderSettings.fileOptions.map(Shown.init)
private let still = RenderSettings.stillOptions.map(Shown.init)
private let tolerance = ComparisonSettings.toleranceOptions.map(Shown.init)
private let reading = ComparisonSettings.readingOptions.map(Shown.init)
private let memory = ComparisonSettings.memoryOptions.map(Shown.init)
private let batch = BatchSettings.options.map(Shown.init)
private let shaping = render.filter { RenderSettings.builtInShapingOptions.contains($0.name) }

/// The schema's settings of each command (`nil`: the root, which renders).
private let commands: [(name: String?, settings: [Shown])] = [
    (nil, file + still + render), ("render", file + still + render), ("frames", render + reading),
    ("compare", tolerance + memory + reading), ("verify", tolerance + render + reading.filter { $0.name == "strict" }),
    ("timeline", render), ("batch", batch), ("sheet", render), ("source", shaping),
]

/// The options a command declares itself, outside the schema: its outputs, reports and verbosity,
/// and the hidden one that writes the completion scripts.
private let commandOwn: Set<String> = [
    "output", "all-previews", "poster", "diff", "json", "junit", "html", "artifacts", "reference", "record", "columns", "verbose", "quiet", "help",
    "version", "generate-completion-script",
]

/// Every name the schema has.
private let schemaNames = Set((render + file + still + tolerance + reading + memory + batch).map(\.name))

/// `--help`'s OPTIONS rows: the synopsis and the help text with its wrapped lines joined.
private func helpRows(_ command: String?) throws -> [String: String] {
    let help = try BuiltTool.run(command.map { [$0, "--help"] } ?? ["--help"]).standardOutput
    var rows: [(String, String)] = []
    var inOptions = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasSuffix(":") && !line.hasPrefix(" ") { inOptions = line == "OPTIONS:"; continue }
        guard inOptions else { continue }
        if line.hasPrefix("  -") {
            let parts = line.dropFirst(2).split(separator: "  ", maxSplits: 1)
            rows.append((String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""))
        } else if line.hasPrefix("      "), !rows.isEmpty {
            let text = line.trimmingCharacters(in: .whitespaces)
            rows[rows.count - 1].1 += rows[rows.count - 1].1.isEmpty ? text : " " + text
        }
    }
    return Dictionary(rows, uniquingKeysWith: { first, _ in first })
}

/// The man page's `.TP` entries as plain text, by their header line.
private func manualEntries() throws -> [(header: String, body: String)] {
    var text = try String(contentsOf: BuiltTool.packageRoot.appendingPathComponent("docs/spinrender.1"), encoding: .utf8)
    for font in ["\\fB", "\\fI", "\\fR", "\\fP", "\\&"] { text = text.replacingOccurrences(of: font, with: "") }
    text = text.replacingOccurrences(of: "\\-", with: "-")
    return text.components(separatedBy: "\n.TP\n").dropFirst().map { block in
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.dropFirst().prefix { !$0.hasPrefix(".SH") && !$0.hasPrefix(".SS") }.map { line in
            var line = Substring(line)
            for macro in [".BR ", ".RB ", ".IR ", ".B ", ".I "] where line.hasPrefix(macro) { line = line.dropFirst(macro.count) }
            return line.replacingOccurrences(of: "\"", with: "")
        }
        return (String(lines.first ?? ""), body.joined(separator: " "))
    }
}

/// The `--name` words of a text.
private func optionWords(_ text: String) -> Set<String> {
    var words: Set<String> = []
    var scanner = text[...]
    while let range = scanner.range(of: "--") {
        let rest = scanner[range.upperBound...]
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        if let first = name.first, first.isLetter { words.insert(String(name)) }
        scanner = rest
    }
    return words
}

@Suite("The settings schema is the source of every document")
struct SchemaTests {
    @Test("--help of each command lists each of its settings with its values and default, and nothing else")
    func help() throws {
        for (command, settings) in commands {
            let rows = try helpRows(command)
            for setting in settings {
                let help = try #require(rows[setting.synopsis], "\(command ?? "spinrender"): no row '\(setting.synopsis)'")
                if let values = setting.values {
                    #expect(help.contains("(values: \(values.joined(separator: ", ")))"), "\(command ?? "spinrender") \(setting.synopsis): \(help)")
                }
                // `source --mode` says what leaving it out does there: the page as it is.
                if let defaultText = setting.defaultText, !(command == "source" && setting.name == "mode") {
                    #expect(help.contains("(default: \(defaultText))"), "\(command ?? "spinrender") \(setting.synopsis): \(help)")
                }
            }
            let names = Set(settings.map(\.name))
            for synopsis in rows.keys {
                let name = String(try #require(synopsis.split(separator: " ").first { $0.hasPrefix("--") }).dropFirst(2))
                #expect(names.contains(name) || commandOwn.contains(name), "\(command ?? "spinrender") lists '\(synopsis)', which is no setting of it")
            }
        }
    }

    @Test("the man page has an entry for every setting, with its values and its default")
    func manualPage() throws {
        let entries = try manualEntries()
        for setting in Set(commands.flatMap(\.settings)) {
            let matching = entries.filter { optionWords($0.header).contains(setting.name) }
            #expect(!matching.isEmpty, "docs/spinrender.1: no entry for --\(setting.name)")
            if let values = setting.values {
                #expect(matching.contains { $0.header.contains(values.joined(separator: "|")) },
                        "docs/spinrender.1: the entry of --\(setting.name) does not list \(values.joined(separator: "|"))")
            }
            // A default that is a value (not a description such as "all cores") is stated as such.
            if let defaultText = setting.defaultText, !defaultText.contains(" ") {
                #expect(matching.contains { $0.body.contains("Default: \(defaultText)") },
                        "docs/spinrender.1: the entry of --\(setting.name) does not say 'Default: \(defaultText)'")
            }
        }
        let documented = Set(entries.flatMap { optionWords($0.header) })
        for name in documented {
            #expect(schemaNames.contains(name) || commandOwn.contains(name), "docs/spinrender.1 documents '--\(name)', which is no setting")
        }
    }

    @Test("the completion scripts complete every setting and its values, and no other option", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let script = try BuiltTool.run(["--generate-completion-script", shell]).standardOutput
        for setting in Set(commands.flatMap(\.settings)) {
            let spelled = shell == "fish" ? "-l \(setting.name)" : "--\(setting.name)"
            #expect(script.contains(spelled), "\(shell): no '\(spelled)'")
            for value in setting.values ?? [] {
                #expect(script.contains(value), "\(shell): --\(setting.name) does not complete '\(value)'")
            }
        }
        let completed = shell == "fish"
            ? Set(script.components(separatedBy: " -l ").dropFirst().map { String($0.prefix { $0.isLetter || $0 == "-" }) })
            : optionWords(script)
        for name in completed {
            #expect(schemaNames.contains(name) || commandOwn.contains(name), "\(shell) completes '--\(name)', which is no setting")
        }
    }

    @Test("a manifest entry takes exactly the render and file settings, plus output and source")
    func manifestKeys() throws {
        let accepted = Set(BatchRenderer.entryOptions.map(\.name))
        #expect(accepted == Set((file + render).map(\.name)))
        for name in schemaNames.union(commandOwn) {
            let value = (file + render).first { $0.name == name }?.isFlag == true ? "true" : "\"1\""
            let json = #"[{"\#(name)": \#(value), "output": "a.gif"}]"#
            do {
                _ = try BatchManifest.parse(Array(json.utf8), path: "batch.json")
                // `output` and `reference` are an entry's own keys, beside its settings.
                #expect(accepted.contains(name) || name == "output" || name == "reference", "the manifest key '\(name)' is accepted, but is no entry setting")
            } catch {
                #expect(!accepted.contains(name), "the manifest key '\(name)' is refused: \(error.message)")
                // `ignore` and `mask` are an entry's own keys too, for its comparison with a reference.
                let ownKey = ["ignore", "mask"].contains(name) && error.message.contains("entry 1: key '\(name)'")
                #expect(error.message.contains("unknown key '\(name)'") || name == "output" || ownKey, "\(error.message)")
            }
        }
    }
}
