import Glibc
import Synchronization

/// Runs a job on a few threads started for it: worker 0 on the calling thread, the others on
/// POSIX threads of their own, joined before returning.
///
/// For work of a few milliseconds, where the start-up of a thread pool counts: a job here
/// begins on its threads within one `pthread_create` (tens of microseconds), while
/// `DispatchQueue.concurrentPerform` in a fresh process may finish the whole job on the
/// calling thread before its pool's first worker is up. Results must not depend on which
/// thread runs which worker; callers give each worker fixed slots.
public enum Workers {
    /// The online processor count (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1: how many
    /// workers can run at once.
    public static var processorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Calls `body(k)` once for every `k` in `0..<count` (`count ≤ 1`: just `body(0)`), each on
    /// its own thread, and returns when all have returned. A thread that cannot be started
    /// runs its worker on the calling thread instead, after worker 0.
    ///
    /// Like `DispatchQueue.concurrentPerform`, `body` runs on several threads at once but does
    /// not escape: whatever it captures must be safe to use from each worker as it does.
    public static func run(_ count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            body(0)
            return
        }
        withoutActuallyEscaping(body) { body in
            // Every thread is joined before this closure returns.
            nonisolated(unsafe) let body = body
            start(count) { body($0) }
        }
    }

    private static func start(_ count: Int, _ body: @escaping (Int) -> Void) {
        var started: [pthread_t] = []
        var fallback: [Int] = []
        for worker in 1..<count {
            let job = Unmanaged.passRetained(Job { body(worker) }).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { context in
                Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().work()
                return nil
            }, job)
            if status == 0 {
                started.append(thread)
            } else {
                Unmanaged<Job>.fromOpaque(job).release()
                fallback.append(worker)
            }
        }
        body(0)
        for worker in fallback { body(worker) }
        for thread in started { pthread_join(thread, nil) }
    }

    /// A worker's closure, handed to its thread through `pthread_create`'s context pointer.
    private final class Job: @unchecked Sendable {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }
}

/// One result slot per index, filled by the workers of ``Workers/run(_:_:)`` and read once they
/// have all returned: the fixed places that keep a job's results independent of which thread
/// computed which.
///
/// Each index should be stored once; a lock orders the stores (one uncontended lock per result
/// costs nanoseconds, far below the frames and bands these hold).
public final class ResultSlots<Value: Sendable>: Sendable {
    private let storage: Mutex<[Value?]>

    /// `count` empty slots.
    public init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

    /// Stores the result for `index` (`0 ≤ index < count`).
    public func store(_ value: Value, at index: Int) { storage.withLock { $0[index] = value } }

    /// Every slot's value, in index order. Traps if a slot was never stored.
    public var values: [Value] { storage.withLock { $0.map { $0! } } }
}
