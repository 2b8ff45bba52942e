import CFiber
import Dispatch
import Glibc
import SwiftCode

/// A `Task { … }` or `.task { … }` body: it runs on a thread of its own, one step at a time,
/// handing control back to the runner whenever it awaits `Task.sleep`, so that it sleeps on
/// the render's clock. Only one of the runner and its tasks runs at any moment, so the
/// evaluator is never used by two threads at once, and the order of everything is fixed.
final class CodeTask: @unchecked Sendable {
    /// The runner's number for the task.
    let serial: Int
    private let resume = DispatchSemaphore(value: 0)
    private let yield = DispatchSemaphore(value: 0)
    @exclusivity(unchecked) private var body: (() -> Void)?
    @exclusivity(unchecked) private var thread: pthread_t?
    /// The body has returned (or thrown).
    @exclusivity(unchecked) private(set) var isFinished = false
    /// Set by the runner at the end of the render: the next `Task.sleep` unwinds the task.
    @exclusivity(unchecked) var isCancelled = false
    /// What the body threw, if anything but the cancellation.
    @exclusivity(unchecked) var failure: Interrupt?
    /// Where the task waits (the `Task.sleep` call), for the runner's repeat check.
    @exclusivity(unchecked) var waitingAt = SourceLocation.start

    /// The name of a task's thread (at most 15 bytes).
    static let threadName = "spinrender-task"

    /// The stack a task's evaluation may use: as deep as the main thread's limits allow.
    static let stackBytes = 64 << 20

    init(serial: Int, body: @escaping () -> Void) {
        self.serial = serial
        self.body = body
    }

    /// Runs the task until it sleeps or finishes; the caller waits meanwhile.
    func step() {
        if thread == nil {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, Self.stackBytes)
            let box = Unmanaged.passRetained(self)
            var handle = pthread_t()
            let status = pthread_create(&handle, &attributes, { pointer in
                let task = Unmanaged<CodeTask>.fromOpaque(pointer!).takeRetainedValue()
                // Named, so that a task left waiting shows in a thread list.
                _ = spin_name_thread(CodeTask.threadName)
                task.resume.wait()
                task.body?()
                task.body = nil
                task.isFinished = true
                task.yield.signal()
                return nil
            }, box.toOpaque())
            pthread_attr_destroy(&attributes)
            guard status == 0 else {
                box.release()
                failure = .error("a task could not be started (no thread: error \(status))", at: .start)
                isFinished = true
                return
            }
            thread = handle
        }
        resume.signal()
        yield.wait()
        if isFinished, let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
    }

    /// Ends the task: one never started is dropped without running; one sleeping is resumed
    /// with ``isCancelled`` set, so that its `Task.sleep` unwinds it, and its thread is joined.
    func cancel() {
        isCancelled = true
        guard thread != nil else {
            body = nil
            isFinished = true
            return
        }
        step()
    }

    /// Called on the task's thread by `Task.sleep`: hands control back and waits to be resumed.
    ///
    /// - Throws: ``SwiftCode/Interrupt/cancelled`` when the render is over.
    func sleep() throws(Interrupt) {
        yield.signal()
        resume.wait()
        if isCancelled { throw .cancelled }
    }
}
