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

/// Runs `spinrender` in `folder` (standard input from `input`, else `/dev/null`) and measures
/// its peak resident set size: the high-water mark of the tool's own address space (`VmHWM`
/// in `/proc/PID/status`, proc(5)), read when the tool stops at its exit under `ptrace(2)`'s
/// `PTRACE_O_TRACEEXIT`, once nothing more can be allocated. Measured for this one child, so
/// runs in parallel do not see each other's peaks, and without `/usr/bin/time`.
///
/// Not `wait4(2)`'s `ru_maxrss`: the kernel folds into it the address space the child had
/// before `execve` — for a child spawned by this test process, the test process's own peak,
/// hundreds of MB — so only a small parent such as GNU time can measure that way.
///
/// - Returns: the result and the peak in bytes (0 when it could not be read).
func spinrenderMeasured(_ arguments: [String], in folder: String, input: String? = nil) throws -> (RunResult, peakBytes: Int) {
    var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
    guard pipe(&out) == 0, pipe(&err) == 0 else { throw POSIXError(.EMFILE) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, out[1], 1)
    posix_spawn_file_actions_adddup2(&actions, err[1], 2)
    for fd in out + err { posix_spawn_file_actions_addclose(&actions, fd) }
    // Into the folder through the shell, which then becomes the tool (exec keeps the process).
    let command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder, spinrenderBinary] + arguments
    let argv = command.map { strdup($0) } + [nil]
    let envp = toolEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
    close(out[1])
    close(err[1])
    guard spawned == 0 else {
        close(out[0]); close(err[0])
        throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
    }
    let traced = Tracer.seize(pid)
    let outRead = out[0], errorRead = err[0]
    let outputReader = Thread.detachNewThreadWithResult {
        FileHandle(fileDescriptor: outRead, closeOnDealloc: true).readDataToEndOfFile()
    }
    let errorReader = Thread.detachNewThreadWithResult {
        FileHandle(fileDescriptor: errorRead, closeOnDealloc: true).readDataToEndOfFile()
    }
    var status: Int32 = 0
    var peak = 0
    while true {
        if waitpid(pid, &status, Tracer.waitAll) < 0 {
            if errno == EINTR { continue }
            break
        }
        let stopped = status & 0xFF == 0x7F
        guard stopped else { break }
        let signal = (status >> 8) & 0xFF, event = status >> 16
        if signal == SIGTRAP && event == Tracer.eventExit {
            peak = Tracer.highWaterMark(pid)
            Tracer.resume(pid, signal: 0)
        } else if event == Tracer.eventStop {
            Tracer.listen(pid)
        } else {
            Tracer.resume(pid, signal: signal)   // a signal meant for the tool: delivered
        }
    }
    // WIFEXITED / WEXITSTATUS, and 128 + the signal as a shell reports a killed child.
    let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    if !traced { Issue.record("could not trace pid \(pid): \(String(cString: strerror(errno)))") }
    return (RunResult(status: exit, standardOutput: outputReader.value, standardError: String(decoding: errorReader.value, as: UTF8.self)),
            peak)
}

/// The few `ptrace(2)` requests ``spinrenderMeasured(_:in:input:)`` makes. `ptrace` is a
/// variadic C function, which Swift does not import; it is called through its address with
/// its four arguments spelled out, as its manual page gives them.
enum Tracer {
    typealias Call = @convention(c) (CInt, pid_t, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> CLong
    // RTLD_DEFAULT is a null handle in glibc's <dlfcn.h>.
    static let call: Call? = dlsym(nil, "ptrace").map { unsafeBitCast($0, to: Call.self) }
    // <sys/ptrace.h>
    static let seizeRequest: CInt = 0x4206, continueRequest: CInt = 7, listenRequest: CInt = 0x4208
    static let optionTraceExit = 0x40
    static let eventExit: Int32 = 6, eventStop: Int32 = 128
    /// `__WALL`: wait for the tracee whatever its kind.
    static let waitAll: Int32 = 0x4000_0000

    /// Attaches to `pid` without stopping it, asking for a stop at its exit.
    static func seize(_ pid: pid_t) -> Bool {
        guard let call else { return false }
        return call(seizeRequest, pid, nil, UnsafeMutableRawPointer(bitPattern: optionTraceExit)) == 0
    }

    static func resume(_ pid: pid_t, signal: Int32) {
        _ = call?(continueRequest, pid, nil, UnsafeMutableRawPointer(bitPattern: Int(signal)))
    }

    static func listen(_ pid: pid_t) { _ = call?(listenRequest, pid, nil, nil) }

    /// `VmHWM` of `/proc/PID/status` in bytes (proc(5): kB), 0 when absent.
    static func highWaterMark(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).dropLast(3).trimmingCharacters(in: .whitespaces))
        else { return 0 }
        return kib * 1024
    }
}
