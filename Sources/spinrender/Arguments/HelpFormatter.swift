/// Formats `--help` in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, with option help aligned in one column.
enum HelpFormatter {
    static let column = 30

    static func help(for command: any Command.Type) -> String {
        var text = "OVERVIEW: \(command.abstract)\n"
        if let discussion = command.discussion { text += "\n" + discussion + "\n" }
        text += "\nUSAGE: \(command.usage)\n"
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in command.arguments {
                text += row("<\(argument.name)>", argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in command.options {
            var help = option.help
            if let values = option.values { help += " (values: \(values.joined(separator: ", ")))" }
            if let defaultText = option.defaultText { help += " (default: \(defaultText))" }
            text += row(option.synopsis, help)
        }
        if command.name.isEmpty {
            text += row("--version", "Show the version.")
        }
        text += row("-h, --help", "Show help information.")
        if command.name.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for sub in CommandTable.subcommands {
                text += row(sub.name + (sub == RenderCommand.self ? " (default)" : ""), sub.abstract)
            }
            text += "\n  See 'spinrender help <subcommand>' for detailed help.\n"
        }
        return text
    }

    /// `  name` padded to the help column, then the help text wrapped at 100 characters.
    static func row(_ name: String, _ help: String) -> String {
        let lead = "  " + name
        let indent = String(repeating: " ", count: column)
        var lines: [String] = []
        var current = ""
        for word in help.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > 100 - column {
                lines.append(current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        if lines.isEmpty { lines = [""] }
        var text: String
        if lead.count < column - 1 {
            text = lead + String(repeating: " ", count: column - lead.count) + lines[0] + "\n"
        } else {
            text = lead + "\n" + indent + lines[0] + "\n"
        }
        for line in lines.dropFirst() { text += indent + line + "\n" }
        return text
    }
}
