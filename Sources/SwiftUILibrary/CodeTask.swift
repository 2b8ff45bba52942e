import CFiber
import Dispatch
import Glibc
import SwiftCode

/// A `Task { … }` or `.task { … }` body: it runs on a stack of its own, one step at a time,
/// handing control back to the runner whenever it awaits `Task.sleep`, so that it sleeps on
/// the render's clock. Only one of the runner and its tasks runs at any moment, so the order
/// of everything is fixed.
///
/// The task's stack is switched to on the runner's thread (`swapcontext`, as
/// ``LargeStack`` does): a step costs a microsecond, where handing over to a thread and back
/// cost about 50 µs. Under a sanitizer, which does not follow a switch of stacks, the task
/// runs on a thread of its own, handed over by semaphores.
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

    /// The task's context and the runner's (where ``step()`` waits), and the task's stack,
    /// while it runs on the runner's thread.
    @exclusivity(unchecked) private var context: UnsafeMutablePointer<ucontext_t>?
    @exclusivity(unchecked) private var runner: UnsafeMutablePointer<ucontext_t>?
    @exclusivity(unchecked) private var stack: LargeStack.Stack?

    deinit {
        // A finished task has given its stack back; one never finished (the runner unwinds
        // every task it started) would leave its stack to be unmapped.
        context?.deallocate()
        runner?.deallocate()
    }

    /// Runs the task until it sleeps or finishes; the caller waits meanwhile.
    func step() {
        guard !isFinished else { return }
        if !LargeStack.isSanitized, thread == nil {
            if let context, let runner {
                _ = spin_fiber_switch(runner, context)
                finishStep()
                return
            }
            if let stack = LargeStack.Stacks.shared.take() ?? LargeStack.Stack() {
                let context = UnsafeMutablePointer<ucontext_t>.allocate(capacity: 1)
                let runner = UnsafeMutablePointer<ucontext_t>.allocate(capacity: 1)
                self.context = context
                self.runner = runner
                self.stack = stack
                let started = spin_fiber_start(context, runner, stack.base, LargeStack.bytes, { pointer in
                    let task = Unmanaged<CodeTask>.fromOpaque(pointer!).takeUnretainedValue()
                    task.runBody()
                }, Unmanaged.passUnretained(self).toOpaque())
                if started == 0 {
                    finishStep()
                    return
                }
                self.context = nil
                self.runner = nil
                self.stack = nil
                context.deallocate()
                runner.deallocate()
                LargeStack.Stacks.shared.put(stack)
            }
        }
        stepOnThread()
    }

    /// The body, run once: the task is finished when it returns.
    private func runBody() {
        body?()
        body = nil
        isFinished = true
    }

    /// After a step on the runner's thread: a finished task's stack is given back.
    private func finishStep() {
        guard isFinished, let stack else { return }
        stack.releaseDeepPages()
        LargeStack.Stacks.shared.put(stack)
        self.stack = nil
    }

    /// A step on the task's own thread (started at the first step).
    private func stepOnThread() {
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
                task.runBody()
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
    /// with ``isCancelled`` set, so that its `Task.sleep` unwinds it (its stack given back, its
    /// thread joined).
    func cancel() {
        guard !isFinished else { return }
        isCancelled = true
        guard thread != nil || context != nil else {
            body = nil
            isFinished = true
            return
        }
        step()
    }

    /// Called by the task's `Task.sleep` (on its stack or thread): hands control back and waits
    /// to be resumed.
    ///
    /// - Throws: ``SwiftCode/Interrupt/cancelled`` when the render is over.
    func sleep() throws(Interrupt) {
        if let context, let runner {
            _ = spin_fiber_switch(context, runner)
        } else {
            yield.signal()
            resume.wait()
        }
        if isCancelled { throw .cancelled }
    }
}
