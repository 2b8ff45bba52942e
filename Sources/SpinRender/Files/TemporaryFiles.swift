import Glibc

import Synchronization

/// The temporary files and frame folders being written right now, so that a terminating signal
/// (SIGINT, SIGTERM, SIGQUIT, …, see ``cleanupSignals``) can remove them.
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

    // MARK: Frame folders

    /// Frame folders that can be registered at the same time (a command writes one or two).
    static let folderSlotCount = 8
    /// A folder's path, then room for `/frame_NNNN….png` and the terminating NUL, which the
    /// handler writes after it.
    private static let folderCapacity = Int(PATH_MAX) + 64

    nonisolated(unsafe) private static let folderPaths: UnsafeMutablePointer<CChar> =
        calloc(folderSlotCount * folderCapacity, 1)!.assumingMemoryBound(to: CChar.self)

    nonisolated(unsafe) private static let folderStates: UnsafeMutablePointer<Atomic<Int>> = {
        let pointer = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: folderSlotCount)
        for slot in 0..<folderSlotCount { (pointer + slot).initialize(to: Atomic(free)) }
        return pointer
    }()

    /// Per folder slot: frames `0..<count` may exist in the folder.
    nonisolated(unsafe) private static let folderFrameCounts: UnsafeMutablePointer<Atomic<Int>> = {
        let pointer = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: folderSlotCount)
        for slot in 0..<folderSlotCount { (pointer + slot).initialize(to: Atomic(0)) }
        return pointer
    }()

    /// Records a frame folder being written (``FrameFolder``'s staging folder) for removal on a
    /// signal, with the frames ``setFrameCount(_:_:)`` announces and `frames.json`; returns its
    /// slot for ``unregisterFolder(_:)``, or `nil` when all slots are taken or the path is too
    /// long to be held.
    ///
    /// The handler cannot list a folder (`opendir` allocates), so it removes the names this
    /// tool writes there: `frame_0000.png` … (``FrameFolder/frameName(_:)``) and `frames.json`;
    /// each frame's own temporary file is registered as a file (``OutputFile``) and removed first.
    static func registerFolder(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < Int(PATH_MAX) else { return nil }
        for slot in 0..<folderSlotCount
        where folderStates[slot].compareExchange(expected: free, desired: writing, ordering: .acquiring).exchanged {
            let buffer = folderPaths + slot * folderCapacity
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            folderFrameCounts[slot].store(0, ordering: .relaxed)
            folderStates[slot].store(ready, ordering: .releasing)
            return slot
        }
        return nil
    }

    /// Announces that frames `0..<count` may exist in a registered folder; called before each
    /// frame is written, so a frame renamed into place is always covered.
    static func setFrameCount(_ slot: Int?, _ count: Int) {
        guard let slot else { return }
        folderFrameCounts[slot].store(count, ordering: .releasing)
    }

    /// Forgets a folder registered by ``registerFolder(_:)`` (it was renamed or removed).
    static func unregisterFolder(_ slot: Int?) {
        guard let slot else { return }
        folderStates[slot].store(free, ordering: .releasing)
    }

    /// Removes every registered frame folder: its frames, `frames.json`, then the folder;
    /// called from the signal handler only, after ``removeRegisteredFiles()``. Only
    /// async-signal-safe calls (`unlink`, `rmdir`) and no allocation: the names are written
    /// into the slot's own buffer, after the folder's path.
    private static func removeRegisteredFolders() {
        for slot in 0..<folderSlotCount where folderStates[slot].load(ordering: .acquiring) == ready {
            let buffer = folderPaths + slot * folderCapacity
            let length = strlen(buffer)
            for frame in 0..<folderFrameCounts[slot].load(ordering: .acquiring) {
                buffer[length] = 0x2F  // "/"
                writeFrameName(frame, into: buffer + length + 1)
                unlink(buffer)
            }
            buffer[length + copy("/frames.json", into: buffer + length)] = 0
            unlink(buffer)
            buffer[length] = 0
            rmdir(buffer)
        }
    }

    /// Writes ``FrameFolder/frameName(_:)`` of `frame` (`frame_0042.png`) and a NUL at `buffer`,
    /// without allocating; at most 31 bytes.
    static func writeFrameName(_ frame: Int, into buffer: UnsafeMutablePointer<CChar>) {
        var end = copy("frame_", into: buffer)
        // At least four digits.
        var digits = 1, scale = 1
        while frame / scale >= 10 { scale *= 10; digits += 1 }
        for _ in digits..<max(4, digits) { buffer[end] = 0x30; end += 1 }
        while scale > 0 { buffer[end] = CChar(0x30 + frame / scale % 10); end += 1; scale /= 10 }
        end += copy(".png", into: buffer + end)
        buffer[end] = 0
    }

    /// Copies `text` to `buffer` without its NUL; returns its length.
    private static func copy(_ text: StaticString, into buffer: UnsafeMutablePointer<CChar>) -> Int {
        text.withUTF8Buffer { bytes in
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
        }
        return text.utf8CodeUnitCount
    }

    // MARK: Deferring the cleanup

    /// How many threads are in ``withCleanupDeferred(_:)`` now.
    private static let deferringThreads = Atomic<Int>(0)
    /// A cleanup signal that arrived while a thread was deferring it; 0 for none.
    private static let deferredSignal = Atomic<Int32>(0)

    /// Runs `body` with the cleanup held back on every thread: a ``cleanupSignals`` signal that
    /// arrives meanwhile, whichever thread receives it, only takes note, and the cleanup and
    /// exit happen when the last such `body` returns.
    ///
    /// For steps that must not be cut in half: creating a temporary file or folder and
    /// registering it (a signal in between would leave it behind), or the two renames that put
    /// a new frame folder in the place of an old one (cut between them, the old folder would be
    /// hidden away and the new one deleted). Blocking the signals with `pthread_sigmask` would
    /// hold them back on the calling thread only: the kernel hands a signal sent to the process
    /// to any thread that does not block it, such as an idle worker of the render.
    static func withCleanupDeferred<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        deferringThreads.add(1, ordering: .sequentiallyConsistent)
        defer {
            // The handler stores the signal before it looks at the count, and this thread
            // lowers the count before it looks at the signal: one of the two always sees the
            // other, so a signal is never dropped.
            if deferringThreads.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
                let signal = deferredSignal.load(ordering: .sequentiallyConsistent)
                if signal != 0 { cleanUpAndExit(signal) }
            }
        }
        return try body()
    }

    /// Removes the registered files and folders and exits with 128 + `signal`, as shells
    /// report a death by that signal.
    private static func cleanUpAndExit(_ signal: Int32) -> Never {
        removeRegisteredFiles()
        removeRegisteredFolders()
        _exit(128 + signal)
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
        _ = folderPaths
        _ = folderStates
        _ = folderFrameCounts
        _ = deferringThreads.load(ordering: .relaxed)
        _ = deferredSignal.load(ordering: .relaxed)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in cleanupSignals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for signal in cleanupSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                TemporaryFiles.deferredSignal.store(signal, ordering: .sequentiallyConsistent)
                if TemporaryFiles.deferringThreads.load(ordering: .sequentiallyConsistent) > 0 { return }
                TemporaryFiles.cleanUpAndExit(signal)
            }
            // One handler at a time on a thread: a second signal does not cut into the cleanup.
            sigemptyset(&action.sa_mask)
            for other in cleanupSignals { sigaddset(&action.sa_mask, other) }
            sigaction(signal, &action, nil)
        }
        // A closed pipe on standard output comes back as EPIPE, so the write can be told from
        // a real failure; the command line then exits quietly with 141 (SpinRenderError.Kind.outputClosed).
        signal(SIGPIPE, SIG_IGN)
    }
}
