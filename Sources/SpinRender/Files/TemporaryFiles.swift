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

    /// Installs SIGINT, SIGTERM and SIGHUP handlers that remove the temporary file being
    /// written and exit with status 128 + signal, as shells report a signal death.
    public static func installSignalCleanup() {
        _ = buffer
        for signal in [SIGINT, SIGTERM, SIGHUP] {
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
