#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import Synchronization

/// The temporary files being written right now, so that a terminating signal (SIGINT, SIGTERM,
/// SIGQUIT, …, see ``cleanupSignals``) can remove them.
///
/// Each registered path lives in one of ``slotCount`` fixed C buffers with an atomic state
/// (free, being written, ready); the signal handler reads the ready ones without allocating or
/// locking (`unlink` and `_exit` are async-signal-safe). Several threads may write outputs at
/// once (a library user, the test suite); each claims its own slot. With every slot taken, a
/// file is written unregistered: a signal then leaves it behind, nothing worse.
public enum TemporaryFiles {
    /// Outputs that can be registered at the same time.
    static let slotCount = 64
    private static let pathCapacity = Int(PATH_MAX) + 1
    private static let free = 0, writing = 1, ready = 2

    /// From `calloc`: its 256 KiB of zero pages are mapped only when a slot is written, so a
    /// process that writes one file touches one page instead of clearing 64.
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<CChar> =
        calloc(slotCount * pathCapacity, 1)!.assumingMemoryBound(to: CChar.self)

    nonisolated(unsafe) private static let states: UnsafeMutablePointer<Atomic<Int>> = {
        let pointer = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: slotCount)
        for slot in 0..<slotCount { (pointer + slot).initialize(to: Atomic(free)) }
        return pointer
    }()

    /// Records `path` for removal on a signal; returns its slot for ``unregister(_:)``, or
    /// `nil` when all slots are taken.
    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8.prefix(pathCapacity - 1))
        for slot in 0..<slotCount
        where states[slot].compareExchange(expected: free, desired: writing, ordering: .acquiring).exchanged {
            // The slot is ours until we store `free`; the handler ignores it until `ready`.
            let buffer = paths + slot * pathCapacity
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            states[slot].store(ready, ordering: .releasing)
            return slot
        }
        return nil
    }

    /// Forgets a path registered by ``register(_:)`` (the file was renamed or removed).
    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        states[slot].store(free, ordering: .releasing)
    }

    /// Removes every registered file; called from the signal handler only.
    private static func removeRegisteredFiles() {
        for slot in 0..<slotCount where states[slot].load(ordering: .acquiring) == ready {
            unlink(paths + slot * pathCapacity)
        }
    }

    /// Runs `body` with the ``cleanupSignals`` held back on this thread, so a temporary file
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

    /// Every signal whose default action ends the process and that a process can catch, except
    /// SIGPIPE (ignored, see ``installSignalCleanup()``) and the faults (SIGSEGV, SIGBUS, SIGFPE,
    /// SIGILL, SIGTRAP, SIGSYS), after which nothing in the process can be trusted. With
    /// SIGQUIT, SIGXCPU and SIGXFSZ the process exits instead of dumping core.
    static let cleanupSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
                                 SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ]

    /// Installs handlers for the ``cleanupSignals`` that remove the temporary file being
    /// written and exit with status 128 + signal, as shells report a signal death.
    ///
    /// The signals are also unblocked: a process started from a thread that blocks them
    /// (a test runner's worker thread, some CI agents) inherits that mask, and would otherwise
    /// ignore Ctrl-C and `kill` until the render ends.
    public static func installSignalCleanup() {
        _ = paths
        _ = states
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in cleanupSignals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for signal in cleanupSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                TemporaryFiles.removeRegisteredFiles()
                _exit(128 + signal)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        // A closed pipe on standard output comes back as EPIPE, so the write can be told from
        // a real failure; the command line then exits quietly with 141 (SpinRenderError.Kind.outputClosed).
        signal(SIGPIPE, SIG_IGN)
    }
}
