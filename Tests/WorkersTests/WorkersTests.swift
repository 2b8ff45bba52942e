import Glibc
import Testing
import Workers

@Suite("Workers")
struct WorkersTests {
    /// Each worker writes only its own slots, and the slots are read after `run` has joined the
    /// threads: no lock, so ThreadSanitizer checks the join itself.
    @Test("every worker runs exactly once, each on a thread of its own, all done on return", arguments: [1, 2, 3, 8])
    func eachWorkerOnce(count: Int) {
        let runs = UnsafeMutablePointer<Int>.allocate(capacity: count)
        let threads = UnsafeMutablePointer<UInt>.allocate(capacity: count)
        runs.initialize(repeating: 0, count: count)
        threads.initialize(repeating: 0, count: count)
        defer {
            runs.deallocate()
            threads.deallocate()
        }
        Workers.run(count) { worker in
            usleep(2_000)                                  // overlap: all threads alive at once
            runs[worker] += 1
            threads[worker] = UInt(bitPattern: Int(bitPattern: pthread_self()))
        }
        #expect(Array(UnsafeBufferPointer(start: runs, count: count)) == [Int](repeating: 1, count: count))
        #expect(Set(UnsafeBufferPointer(start: threads, count: count)).count == count)
        #expect(threads[0] == UInt(bitPattern: Int(bitPattern: pthread_self())))   // worker 0: the caller
    }

    @Test("a count below 2 runs worker 0 alone, on the calling thread", arguments: [0, 1])
    func smallCounts(count: Int) {
        var ran: [Int] = []
        Workers.run(count) { worker in ran.append(worker) }
        #expect(ran == [0])
    }
}
