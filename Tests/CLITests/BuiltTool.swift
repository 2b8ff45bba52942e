import Foundation

/// The built `spinrender` executable, run as a user runs it.
///
/// Found next to the test bundle (SwiftPM puts products and the test runner in one folder, so
/// this follows `--scratch-path` and `-c release`), else in `.build/debug` of the package root.
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

    static let executable: URL = {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var candidates = [runner.deletingLastPathComponent().appendingPathComponent("spinrender")]
        if let bundle = Bundle.main.executableURL {
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("spinrender"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/spinrender"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()

    /// Runs `spinrender arguments…` in `folder` and waits for it.
    static func run(_ arguments: [String], in folder: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs, so a full pipe never blocks it.
        let errorData = ErrorBuffer()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Run(status: process.terminationStatus,
                   standardOutput: String(decoding: outputData, as: UTF8.self),
                   standardError: String(decoding: errorData.value, as: UTF8.self),
                   outputBytes: outputData)
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

private final class ErrorBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return data != nil }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data ?? Data() }
}
