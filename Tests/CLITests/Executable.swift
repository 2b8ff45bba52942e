import Foundation
import Testing

/// The built `spinrender` executable, next to the test bundle in the build folder (or the
/// path in `SPINRENDER_BINARY`).
let spinrenderBinary: String = {
    if let path = ProcessInfo.processInfo.environment["SPINRENDER_BINARY"] { return path }
    let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("spinrender").path
}()

/// The result of one run of the executable.
struct RunResult {
    var status: Int32
    var standardOutput: Data
    var standardError: String
    var output: String { String(decoding: standardOutput, as: UTF8.self) }
}

/// Runs `spinrender` with arguments, in `folder`, and waits for it; `launcher` (a command and
/// its arguments) runs it through another program.
func spinrender(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
                launcher: [String] = []) throws -> RunResult {
    let process = Process()
    let command = launcher + [spinrenderBinary] + arguments
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    var env = toolEnvironment
    env.merge(environment) { $1 }
    process.environment = env
    return try collect(process)
}

/// The environment the tool runs in: this process's, without `CI`. CI runs the tests with
/// `CI=true`, which makes `never` the default record mode; a test that relies on a record mode
/// states it (the default one by running where `CI` is unset, as here), and the tests of the CI
/// default set `CI` themselves.
let toolEnvironment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = nil
    return environment
}()

/// Runs `process` to its end with its output and errors captured.
func collect(_ process: Process) throws -> RunResult {
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting, so a large output cannot block the child.
    let errorReader = Thread.detachNewThreadWithResult { err.fileHandleForReading.readDataToEndOfFile() }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, standardOutput: data,
                     standardError: String(decoding: errorReader.value, as: UTF8.self))
}

/// Whether ``spinrenderAsAnotherUser(_:in:)`` can run: as root only through util-linux's
/// `setpriv`; any other user runs the tool as itself.
let canRunAsAnotherUser = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

/// Runs `spinrender` as a user who owns none of the test's files: root may write anything, so
/// permission checks are only seen by others. As root the tool runs as `nobody` (65534) through
/// `setpriv`; the folder must then let others in.
func spinrenderAsAnotherUser(_ arguments: [String], in folder: String) throws -> RunResult {
    let launcher = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    return try spinrender(arguments, in: folder, launcher: launcher)
}

/// A fresh scratch folder.
func makeFolder() -> String {
    let path = NSTemporaryDirectory() + "spinrender-cli-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

final class ThreadResult<T>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: T?
    func set(_ value: T) { condition.lock(); result = value; condition.broadcast(); condition.unlock() }
    var value: T {
        condition.lock()
        while result == nil { condition.wait() }
        defer { condition.unlock() }
        return result!
    }
}

extension Thread {
    static func detachNewThreadWithResult<T>(_ body: @escaping @Sendable () -> T) -> ThreadResult<T> {
        let holder = ThreadResult<T>()
        Thread.detachNewThread { holder.set(body()) }
        return holder
    }
}

/// Runs a `/bin/sh -c` command line in `folder` (for redirections and pipes into the tool).
func shell(_ command: String, in folder: String) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    return try collect(process)
}

/// Runs `arguments`, whose second word is the output (`-o x.svg`), in a new folder where that
/// output already exists, and expects a usage error (64) whose one line contains `message`,
/// with the existing file left as it was.
func expectUsageErrorKeepingOutput(_ arguments: [String], message: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    let folder = makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let existing = folder + "/" + arguments[1]
    _ = FileManager.default.createFile(atPath: existing, contents: Data("keep".utf8))
    let run = try spinrender(arguments, in: folder)
    #expect(run.status == 64, sourceLocation: sourceLocation)
    #expect(run.standardError.hasPrefix("Error: "), sourceLocation: sourceLocation)
    #expect(run.standardError.contains(message), "\(run.standardError)", sourceLocation: sourceLocation)
    #expect(FileManager.default.contents(atPath: existing).map(Array.init) == Array("keep".utf8), sourceLocation: sourceLocation)
}
