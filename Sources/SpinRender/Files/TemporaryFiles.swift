#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary file being written right now, so that SIGINT or SIGTERM can remove it.
///
/// The path lives in a fixed C buffer that the signal handler reads without allocating or
/// locking (`unlink` and `_exit` are async-signal-safe). Only one output is written at a
/// time per process; batch rendering writes its outputs one after another.
public enum TemporaryFiles {
    nonisolated(unsafe) private static var buffer: UnsafeMutablePointer<CChar> = {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
        pointer.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
        return pointer
    }()

    static func register(_ path: String) {
        let bytes = Array(path.utf8.prefix(Int(PATH_MAX)))
        // Write the terminator first so a signal never sees a half-written path as complete.
        buffer[0] = 0
        for (index, byte) in bytes.enumerated().dropFirst() { buffer[index] = CChar(bitPattern: byte) }
        buffer[bytes.count] = 0
        if let first = bytes.first { buffer[0] = CChar(bitPattern: first) }
    }

    static func unregister() { buffer[0] = 0 }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back on this thread, so a temporary file
    /// is never created without being registered for removal (a signal in between would leave
    /// it behind). A signal that arrived meanwhile is delivered when they are unblocked.
    static func withCleanupSignalsBlocked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var block = sigset_t(), previous = sigset_t()
        sigemptyset(&block)
        for signal in cleanupSignals { sigaddset(&block, signal) }
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    static let cleanupSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Installs SIGINT, SIGTERM and SIGHUP handlers that remove the temporary file being
    /// written and exit with status 128 + signal, as shells report a signal death.
    ///
    /// The three signals are also unblocked: a process started from a thread that blocks them
    /// (a test runner's worker thread, some CI agents) inherits that mask, and would otherwise
    /// ignore Ctrl-C and `kill` until the render ends.
    public static func installSignalCleanup() {
        _ = buffer
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in cleanupSignals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for signal in cleanupSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if TemporaryFiles.buffer[0] != 0 { unlink(TemporaryFiles.buffer) }
                _exit(128 + signal)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        // A closed pipe on standard output is reported as EPIPE, not a silent death.
        signal(SIGPIPE, SIG_IGN)
    }
}
