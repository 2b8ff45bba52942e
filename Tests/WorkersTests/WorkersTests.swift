#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Testing
import Workers

@Suite("Workers")
struct WorkersTests {
    @Test("every worker runs exactly once, each on a thread of its own, all done on return", arguments: [1, 2, 3, 8])
    func eachWorkerOnce(count: Int) {
        let runs = Mutex([Int](repeating: 0, count: count))
        let threads = Mutex(Set<UInt>())
        let caller = UInt(bitPattern: Int(bitPattern: pthread_self()))
        let callerRan = Mutex(false)
        Workers.run(count) { worker in
            let me = UInt(bitPattern: Int(bitPattern: pthread_self()))
            usleep(2_000)                                  // overlap: all threads alive at once
            runs.withLock { $0[worker] += 1 }
            threads.withLock { _ = $0.insert(me) }
            if worker == 0 { callerRan.withLock { $0 = me == caller } }
        }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
        #expect(threads.withLock { $0.count } == count)
        #expect(callerRan.withLock { $0 })                // worker 0 is the calling thread
    }

    @Test("a count below 2 runs worker 0 alone")
    func smallCounts() {
        let runs = Mutex([Int]())
        Workers.run(0) { worker in runs.withLock { $0.append(worker) } }
        #expect(runs.withLock { $0 } == [0])
    }
}
