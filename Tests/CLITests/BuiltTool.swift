import Foundation

/// Helpers of the ecosystem tests (batch, sheet, man page, completions, install) over the
/// shared ``spinrender(_:in:environment:)`` runner in Executable.swift.
enum BuiltTool {
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var outputBytes: Data
    }

    /// The package root, from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built executable (see `spinrenderBinary`).
    static var executable: URL { URL(fileURLWithPath: spinrenderBinary) }

    /// Runs `spinrender arguments…` in `folder` and waits for it.
    static func run(_ arguments: [String], in folder: URL? = nil) throws -> Run {
        let result = try spinrender(arguments, in: folder?.path)
        return Run(status: result.status, standardOutput: result.output, standardError: result.standardError,
                   outputBytes: result.standardOutput)
    }

    /// A new empty folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spinrender-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The long and short option names `--help` lists for the root (`nil`) or a subcommand.
    static func helpOptions(_ subcommand: String?) throws -> [String] {
        let help = try run(subcommand.map { ["help", $0] } ?? ["--help"]).standardOutput
        var names: [String] = []
        var inOptions = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(":") && !line.hasPrefix(" ") { inOptions = line == "OPTIONS:"; continue }
            guard inOptions, line.hasPrefix("  -") else { continue }
            let synopsis = line.dropFirst(2).split(separator: "  ", maxSplits: 1).first ?? ""
            for word in synopsis.split(separator: " ") where word.hasPrefix("-") {
                names.append(String(word.hasSuffix(",") ? word.dropLast() : word))
            }
        }
        return names
    }

    /// The subcommands the root's `--help` lists.
    static func helpSubcommands() throws -> [String] {
        let help = try run(["--help"]).standardOutput
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        let section = help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        return section.compactMap { line in
            guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first.isLetter else { return nil }
            return String(line.dropFirst(2).split(separator: " ")[0])
        }
    }
}
