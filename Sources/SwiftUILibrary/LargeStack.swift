import CFiber
import Glibc
import SwiftCode

/// Runs evaluation on a large stack: the evaluator walks the syntax tree recursively, and a
/// long modifier chain or deep nesting (within the evaluator's own limits) needs more stack
/// than a process's main thread has in a debug build. The stack is reserved, not touched, so
/// it costs memory only as deep as the code goes.
///
/// The evaluation runs on the calling thread, switched onto a stack of its own
/// (`makecontext`/`swapcontext`), and the stacks are kept for the next evaluation: starting a
/// thread for each (mapping and unmapping its stack, faulting in the pages it touches, waking
/// it and being woken) cost about 0.14 ms, a quarter of reading a 300-line loader file. A
/// kept stack holds at most ``residentBytes`` in memory: the pages a deeper evaluation touched
/// are given back when it ends. Under a sanitizer, which does not follow a switch of stacks,
/// each evaluation runs on a thread of its own instead.
public enum LargeStack {
    /// The stack size, in bytes.
    public static let bytes = 512 << 20
    /// The most of an idle stack kept in memory, in bytes: more than ordinary view code uses.
    static let residentBytes = 1 << 20
    /// The most idle stacks kept (one per evaluation running at once; a batch runs one per core).
    static let maximumIdle = 16

    /// `body`'s result, computed on a ``bytes`` stack (on the current one when none can be
    /// mapped).
    public static func run<T>(_ body: () throws(Interrupt) -> T) throws(Interrupt) -> T {
        if isSanitized { return try evaluate(body, by: onThread) }
        guard let stack = Stacks.shared.take() ?? Stack() else { return try body() }
        defer { Stacks.shared.put(stack) }
        return try run(on: stack, body)
    }

    /// `body`'s result, computed on `stack`, whose deep pages are given back afterwards.
    static func run<T>(on stack: Stack, _ body: () throws(Interrupt) -> T) throws(Interrupt) -> T {
        try evaluate(body) { job in
            if spin_fiber_run(stack.base, bytes, { Unmanaged<Job>.fromOpaque($0!).takeUnretainedValue().run() },
                              Unmanaged.passUnretained(job).toOpaque()) != 0 {
                job.run()
            }
            stack.releaseDeepPages()
        }
    }

    /// `body`'s result, computed by `runner`, which runs the job it is given once.
    private static func evaluate<T>(_ body: () throws(Interrupt) -> T,
                                    by runner: (Job) -> Void) throws(Interrupt) -> T {
        var result: Result<T, Interrupt>?
        withoutActuallyEscaping(body) { body in
            runner(Job {
                do throws(Interrupt) { result = .success(try body()) } catch { result = .failure(error) }
            })
        }
        return try result!.get()
    }

    private final class Job {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Whether the process runs under AddressSanitizer or ThreadSanitizer (whose runtimes
    /// export these entry points): evaluation then runs on threads of its own, which they
    /// follow, not on stacks switched to.
    public static let isSanitized = ["__asan_init", "__tsan_init"].contains { (name: String) in
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
    }

    /// Runs `job` on a new thread with a ``bytes`` stack, waiting for it (on this thread when
    /// none can be started).
    private static func onThread(_ job: Job) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, bytes)
        var handle = pthread_t()
        let box = Unmanaged.passRetained(job)
        let status = pthread_create(&handle, &attributes, { pointer in
            Unmanaged<Job>.fromOpaque(pointer!).takeRetainedValue().run()
            return nil
        }, box.toOpaque())
        if status == 0 {
            pthread_join(handle, nil)
        } else {
            box.release()
            job.run()
        }
    }

    /// A mapped stack, its lowest page a guard.
    final class Stack {
        let base: UnsafeMutableRawPointer
        private static let pageBytes = max(sysconf(Int32(_SC_PAGESIZE)), 4096)

        init?() {
            guard let base = mmap(nil, LargeStack.bytes, PROT_READ | PROT_WRITE,
                                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0),
                  base != MAP_FAILED else { return nil }
            // An overflow faults on the guard rather than writing below the stack.
            mprotect(base, Self.pageBytes, PROT_NONE)
            self.base = base
        }

        deinit { munmap(base, LargeStack.bytes) }

        /// Gives back the pages deeper than ``residentBytes`` (the stack grows down from its
        /// highest address): the kernel maps zero pages again if a later evaluation reaches them.
        func releaseDeepPages() {
            madvise(base + Self.pageBytes, LargeStack.bytes - LargeStack.residentBytes - Self.pageBytes, MADV_DONTNEED)
        }
    }

    /// The idle stacks, shared by every evaluation in the process.
    final class Stacks: @unchecked Sendable {
        static let shared = Stacks()
        private var lock = pthread_mutex_t()
        @exclusivity(unchecked) private var idle: [Stack] = []

        private init() { pthread_mutex_init(&lock, nil) }

        func take() -> Stack? {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            return idle.popLast()
        }

        func put(_ stack: Stack) {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            if idle.count < LargeStack.maximumIdle { idle.append(stack) }
        }
    }
}
