// Imported for its link: mimalloc then serves malloc and free for the whole process.
import CMimalloc
import Glibc
import SpinRender

enum CommandTable {
    static var subcommands: [any Command.Type] {
        [RenderCommand.self, FramesCommand.self, CompareCommand.self, VerifyCommand.self, TimelineCommand.self,
         BatchCommand.self, SheetCommand.self, SourceCommand.self]
    }
}

func == (a: any Command.Type, b: any Command.Type) -> Bool { a.name == b.name }

/// The subcommands' names, in the table's order.
nonisolated var subcommandNames: [String] {
    var names: [String] = []
    for command in CommandTable.subcommands { names.append(command.name) }
    return names
}

/// The process environment, read once.
enum Environment {
    static var variables: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

/// Results on standard output, written with write(2) and every write checked.
///
/// No stdio buffer sits in between, so nothing is left to flush at exit and a failure cannot go
/// unnoticed: a full disk throws `.ioError` (74, "cannot write 'standard output': …", as
/// `render -o -` reports it), a pipe whose reader has gone throws `.outputClosed` (141, quiet).
enum StandardOutput {
    static func write(_ text: String) throws(SpinRenderError) {
        try OutputFile.write(Array(text.utf8), to: "-")
    }
}

extension StandardOutput {
    /// Refuses to write binary data (a GIF, a PNG) to standard output when it is a terminal,
    /// as gifski and curl do: the bytes would garble the screen and are of no use there.
    ///
    /// - Parameter format: what would be written, e.g. "GIF".
    /// - Throws: ``UsageError`` (64) telling to redirect the output.
    static func refuseTerminal(output: String, format: String) throws {
        guard output == "-", isatty(STDOUT_FILENO) == 1 else { return }
        throw UsageError(message: "The value '-' for '-o, --output <output>' would write a binary \(format) to the terminal; redirect standard output to a file or a pipe (… -o - > out.\(format.lowercased())) or give a file name")
    }
}

enum StandardError {
    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Parses the command line, runs the command and returns the exit status.
func runMain(_ arguments: [String]) -> Int32 {
    var arguments = arguments
    var command: any Command.Type = RenderCommand.self
    var isRoot = true
    do {
        if let first = arguments.first {
            if first == "help" {
                let target = arguments.dropFirst().first.flatMap { name in CommandTable.subcommands.first { $0.name == name } }
                if let name = arguments.dropFirst().first, target == nil {
                    throw UsageError(message: "Unknown subcommand '\(Echo.cut(name))'")
                }
                try StandardOutput.write(HelpFormatter.help(for: target ?? RootHelp.self))
                return 0
            }
            if let sub = CommandTable.subcommands.first(where: { $0.name == first }) {
                command = sub
                isRoot = false
                arguments.removeFirst()
            } else if !first.hasPrefix("-"), !first.contains("."), !first.contains("/"), !InputFile.exists(first),
                      let near = subcommandNames.first(where: { Spelling.editDistance($0, first) <= 2 }) {
                // `compar a.gif b.gif`: a word that names no file and is one slip from a
                // subcommand is a misspelt subcommand, not a source path.
                throw UsageError(message: "Unknown subcommand '\(Echo.cut(first))' (did you mean '\(near)'?)")
            }
        }
        if arguments.contains("-h") || arguments.contains("--help") {
            try StandardOutput.write(HelpFormatter.help(for: isRoot ? RootHelp.self : command))
            return 0
        }
        if isRoot && arguments == ["--version"] {
            try StandardOutput.write(SpinRenderVersion.current + "\n")
            return 0
        }
        // Hidden, as in swift-argument-parser: `make install` writes the scripts with it.
        if isRoot, arguments.first == "--generate-completion-script" {
            guard arguments.count == 2, let shell = CompletionScript.Shell(rawValue: arguments[1]) else {
                command = RootHelp.self
                throw UsageError(message: "'--generate-completion-script' needs one of 'bash', 'zsh', 'fish'")
            }
            try StandardOutput.write(CompletionScript.script(for: shell))
            return 0
        }
        var console = Console()
        let parsed = try ParsedArguments.parse(arguments, options: command.options, positionalCount: command.positionalCount,
                                               positionalNames: command.arguments.map(\.name))
        if let (spec, _) = zip(command.arguments, parsed.positionals).first(where: { $0.1.isEmpty }) {
            throw UsageError(message: "The value '' is invalid for '<\(spec.name)>': an empty path")
        }
        if parsed.has("quiet") && parsed.has("verbose") {
            throw UsageError(message: "The flags '-q, --quiet' and '-v, --verbose' contradict each other; give one of them")
        }
        console.quiet = parsed.has("quiet")
        console.verbose = parsed.has("verbose")
        return try command.run(parsed, console: console)
    } catch let error as UsageError {
        return usageError(error, command: command, isRoot: isRoot)
    } catch let error as SettingsError {
        switch error {
        case let .invalid(message):
            return usageError(UsageError(message: message), command: command, isRoot: isRoot)
        case let .source(diagnostic):
            StandardError.write(diagnostic.description + "\n")
            return SpinRenderError.Kind.badData.exitStatus
        case let .failure(error):
            return report(error)
        }
    } catch let error as SpinRenderError {
        return report(error)
    } catch {
        StandardError.write("Error: \(error)\n")
        return SpinRenderError.Kind.software.exitStatus
    }
}

/// Prints a failure (nothing for a closed pipe) and returns its status.
func report(_ error: SpinRenderError) -> Int32 {
    // `spinrender -o - | head -c 10`: the reader took what it wanted. Like `cat`, go quietly.
    // A place in the source is shown as the reader's own diagnostics are, with its line and caret.
    if let diagnostic = error.diagnostic {
        StandardError.write(diagnostic.description + "\n")
    } else if error.kind != .outputClosed {
        StandardError.write("Error: \(error.message)\n")
    }
    return error.exitStatus
}

func usageError(_ error: UsageError, command: any Command.Type, isRoot: Bool) -> Int32 {
    let helpName = isRoot ? "spinrender" : "spinrender \(command.name)"
    StandardError.write("Error: \(error.message)\nUsage: \(isRoot ? RootHelp.usage : command.usage)\n  See '\(helpName) --help' for more information.\n")
    return SpinRenderError.Kind.usage.exitStatus
}

/// The root's help: the render command's options plus the subcommand list.
enum RootHelp: Command {
    static let name = ""
    static let abstract = RenderCommand.abstract
    static let discussion = RenderCommand.discussion
    static let usage = "spinrender [<source>] [<options>] --output <output>\n       spinrender <source> [--all-previews] [<options>] --output <folder>/\n       spinrender <subcommand>"
    static var arguments: [ArgumentSpec] { RenderCommand.arguments }
    static var positionalCount: ClosedRange<Int> { RenderCommand.positionalCount }
    static var options: [OptionDeclaration] { RenderCommand.options }
    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        try RenderCommand.run(arguments, console: console)
    }
}

TemporaryFiles.installSignalCleanup()
exit(runMain(Array(CommandLine.arguments.dropFirst())))
