import Foundation
import Testing

/// Runs `shell -n script` (syntax check only) and returns its exit status and messages.
private func syntaxCheck(_ shell: String, _ script: String) throws -> (Int32, String) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("spinrender-completion-\(UUID().uuidString)")
    try Data(script.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [shell, "-n", file.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

private func installed(_ shell: String) -> Bool {
    ["/usr/bin", "/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(shell)") }
}

@Suite("Completion scripts")
struct CompletionScriptTests {
    @Test("every subcommand and every option --help lists is completed", arguments: ["bash", "zsh", "fish"])
    func coversEveryOption(shell: String) throws {
        let run = try BuiltTool.run(["--generate-completion-script", shell])
        #expect(run.status == 0)
        let script = run.standardOutput
        let subcommands = try BuiltTool.helpSubcommands()
        #expect(!subcommands.isEmpty)
        var missing: [String] = []
        for subcommand in subcommands {
            let named = switch shell {
            case "bash": script.contains("|\(subcommand)|") || script.contains("|\(subcommand))") || script.contains(" \(subcommand))")
            case "zsh": script.contains("'\(subcommand):") && script.contains("_spinrender_\(subcommand)()")
            default: script.contains("-a \(subcommand) ") && script.contains("__fish_seen_subcommand_from \(subcommand)'")
            }
            if !named { missing.append(subcommand) }
        }
        for command in [nil] + subcommands {
            for option in try BuiltTool.helpOptions(command) where option.hasPrefix("--") {
                let name = String(option.dropFirst(2))
                let completed = switch shell {
                case "bash": script.contains(" \(option) ") || script.contains(" \(option)\"") || script.contains("\"\(option) ")
                case "zsh": script.contains("--\(name)[") || script.contains("--\(name)}'[")
                default: script.contains(" -l \(name) ")
                }
                if !completed { missing.append("\(command ?? "spinrender") \(option)") }
            }
        }
        #expect(missing.isEmpty, "\(shell) completion lacks: \(missing.joined(separator: ", "))")
    }

    @Test("the bash script is valid bash")
    func bashSyntax() throws {
        let (status, errors) = try syntaxCheck("bash", try BuiltTool.run(["--generate-completion-script", "bash"]).standardOutput)
        #expect(status == 0, "\(errors)")
    }

    @Test("the zsh script is valid zsh", .enabled(if: installed("zsh")))
    func zshSyntax() throws {
        let (status, errors) = try syntaxCheck("zsh", try BuiltTool.run(["--generate-completion-script", "zsh"]).standardOutput)
        #expect(status == 0, "\(errors)")
    }

    @Test("the fish script is valid fish", .enabled(if: installed("fish")))
    func fishSyntax() throws {
        let (status, errors) = try syntaxCheck("fish", try BuiltTool.run(["--generate-completion-script", "fish"]).standardOutput)
        #expect(status == 0, "\(errors)")
    }

    @Test("bash completes subcommands, options and option values")
    func bashCompletes() throws {
        let script = try BuiltTool.run(["--generate-completion-script", "bash"]).standardOutput
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spinrender-bash-\(UUID().uuidString)")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = """
            source '\(file.path)'
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _spinrender; echo "${COMPREPLY[*]}"; }
            complete_words spinrender ba
            complete_words spinrender batch --sh
            complete_words spinrender --mode pre
            complete_words spinrender sheet --colu
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "-c", probe]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        process.waitUntilExit()
        #expect(Array(lines.prefix(4)) == ["batch", "--shard", "preview", "--columns"])
    }

    @Test("the option is hidden from --help, and an unknown shell is a usage error")
    func hiddenAndChecked() throws {
        #expect(!(try BuiltTool.run(["--help"]).standardOutput.contains("completion")))
        let run = try BuiltTool.run(["--generate-completion-script", "tcsh"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("'bash', 'zsh', 'fish'"))
    }
}
