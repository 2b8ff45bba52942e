import Scene
import Motion
import SwiftCode

// Time: `withAnimation`, `DispatchQueue.main.asyncAfter`, `Timer.publish(every:on:in:)` with
// `.autoconnect()` and `.onReceive`, `Timer.scheduledTimer(withTimeInterval:repeats:block:)`.
// Everything runs on the render's clock (seconds since the views appeared), so a render is the
// same on every run.

extension SwiftUILibrary {
    func defineTime() {
        let withAnimation = NativeFunction([NativeParameter(nil, .optional(.named("Animation")), default: .native(AnimationBox(animation: .default))),
                                            NativeParameter(nil, .function(parameters: [], result: .any))]) { [unowned self] call throws(Interrupt) in
            var animation: Animation?
            if case let .native(native) = call[0].dereferenced, let box = native as? AnimationBox { animation = box.animation }
            guard let runner else { return try call.call(1, []) }
            return try runner.withTransaction(Transaction(animation: animation)) { () throws(Interrupt) in try call.call(1, []) }
        }
        native.addFunction("withAnimation", withAnimation)

        let transaction = NativeType("Transaction", summary: "`.transaction { $0.animation = nil }`, `withTransaction`.")
        transaction.initializer([NativeParameter("animation", .optional(.named("Animation")), default: .nilValue)]) { call throws(Interrupt) in
            var edit = TransactionEdit()
            if case let .native(native) = call[0].dereferenced, let box = native as? AnimationBox { edit.animation = .some(box.animation) }
            return .native(TransactionBox(edit: edit))
        }
        transaction.setter("animation") { receiver, value, location throws(Interrupt) in
            guard case let .native(native) = receiver, var box = native as? TransactionBox else { throw Interrupt.error("expected a Transaction", at: location) }
            if case let .native(animation) = value.dereferenced, let animationBox = animation as? AnimationBox {
                box.edit.animation = .some(animationBox.animation)
            } else if case .nilValue = value.dereferenced {
                box.edit.animation = .some(nil)
            } else {
                throw Interrupt.error("expected an Animation or nil", at: location)
            }
            return .native(box)
        }
        transaction.setter("disablesAnimations") { receiver, value, location throws(Interrupt) in
            guard case let .native(native) = receiver, var box = native as? TransactionBox, case let .bool(flag) = value.dereferenced else {
                throw Interrupt.error("expected a Bool", at: location)
            }
            box.edit.disablesAnimations = flag
            return .native(box)
        }
        transaction.property("animation", type: .optional(.named("Animation"))) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver, let box = native as? TransactionBox, case let .some(animation?) = box.edit.animation else { return .nilValue }
            return .native(AnimationBox(animation: animation))
        }
        transaction.property("disablesAnimations", type: .bool) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver, let box = native as? TransactionBox else { return .bool(false) }
            return .bool(box.edit.disablesAnimations ?? false)
        }
        native.add(transaction)
        native.addFunction("withTransaction", NativeFunction([NativeParameter(nil, .named("Transaction")), NativeParameter(nil, .function(parameters: [], result: .any))]) { [unowned self] call throws(Interrupt) in
            let edit = try call.native(0, TransactionBox.self, "a Transaction").edit
            var transaction = Transaction()
            if case let .some(animation)? = edit.animation { transaction.animation = animation }
            transaction.disablesAnimations = edit.disablesAnimations ?? false
            guard let runner else { return try call.call(1, []) }
            return try runner.withTransaction(transaction) { () throws(Interrupt) in try call.call(1, []) }
        })

        let deadline = NativeType("DispatchTime", summary: "A time on the render's clock (`.now() + seconds`).")
        deadline.staticMethod("now", []) { [unowned self] _ throws(Interrupt) in .native(DeadlineValue(seconds: runner?.now ?? 0)) }
        deadline.binaryOperator("+", right: .double) { call throws(Interrupt) in
            let base = try call.native(0, DeadlineValue.self, "a DispatchTime")
            return .native(DeadlineValue(seconds: base.seconds + (try call.number(1))))
        }
        deadline.binaryOperator("+", right: .named("DispatchTimeInterval")) { call throws(Interrupt) in
            let base = try call.native(0, DeadlineValue.self, "a DispatchTime")
            let interval = try call.native(1, Boxed<Double>.self, "a DispatchTimeInterval")
            return .native(DeadlineValue(seconds: base.seconds + interval.value))
        }
        native.add(deadline)
        let interval = NativeType("DispatchTimeInterval", summary: "`.seconds(n)`, `.milliseconds(n)` …")
        for (name, unit) in [("seconds", 1.0), ("milliseconds", 1e-3), ("microseconds", 1e-6), ("nanoseconds", 1e-9)] {
            interval.staticMethod(name, [NativeParameter(nil, .int)]) { call throws(Interrupt) in
                .native(Boxed(value: Double(try call.integer(0)) * unit, typeName: "DispatchTimeInterval"))
            }
        }
        native.add(interval)

        let queue = NativeType("DispatchQueue", summary: "`DispatchQueue.main.asyncAfter(deadline:execute:)` and `async(execute:)`.")
        queue.constant("main", .native(Boxed(value: "main", typeName: "DispatchQueue")))
        queue.staticMethod("global", [NativeParameter("qos", .any, default: .nilValue)]) { _ throws(Interrupt) in
            .native(Boxed(value: "main", typeName: "DispatchQueue"))
        }
        queue.method("asyncAfter", [NativeParameter("deadline", .named("DispatchTime")), NativeParameter("execute", .function(parameters: [], result: .void))]) { [unowned self] call throws(Interrupt) in
            let time = try call.native(0, DeadlineValue.self, "a DispatchTime such as '.now() + 0.5'").seconds
            let delay = time - (runner?.now ?? 0)
            guard delay >= 0, delay <= 86_400 else { throw call.error("the delay must be between 0 and 86400 seconds", argument: 0) }
            guard case let .function(work) = call[1] else { throw call.error("'asyncAfter' takes its work in a closure", argument: 1) }
            try runner?.schedule(work, at: time, location: call.location)
            return .void
        }
        queue.method("async", [NativeParameter("execute", .function(parameters: [], result: .void))]) { [unowned self] call throws(Interrupt) in
            guard case let .function(work) = call[0] else { throw call.error("'async' takes its work in a closure", argument: 0) }
            try runner?.schedule(work, at: runner?.now ?? 0, location: call.location)
            return .void
        }
        native.add(queue)

        let runLoop = NativeType("RunLoop", summary: "`RunLoop.main` and its modes, for `Timer.publish(every:on:in:)`.")
        runLoop.constant("main", .native(Boxed(value: "main", typeName: "RunLoop")))
        runLoop.constant("current", .native(Boxed(value: "main", typeName: "RunLoop")))
        let mode = runLoop.nested(NativeType("Mode"))
        for name in ["common", "default", "tracking"] { mode.constant(name, .native(Boxed(value: name, typeName: "RunLoop.Mode"))) }
        native.types["RunLoop.Mode"] = mode
        native.add(runLoop)

        let timer = NativeType("Timer", summary: "`Timer.publish(every:on:in:)` and `Timer.scheduledTimer(withTimeInterval:repeats:block:)`.")
        timer.staticMethod("publish", [NativeParameter("every", .double), NativeParameter("tolerance", .optional(.double), default: .nilValue),
                                       NativeParameter("on", .named("RunLoop")), NativeParameter("in", .named("RunLoop.Mode")),
                                       NativeParameter("options", .any, default: .nilValue)], result: .named("Timer.TimerPublisher")) { [unowned self] call throws(Interrupt) in
            .native(PublisherValue(intervalSeconds: try timerInterval(call, 0), isConnected: false))
        }
        timer.staticMethod("scheduledTimer", [NativeParameter("withTimeInterval", .double), NativeParameter("repeats", .bool),
                                              NativeParameter("block", .function(parameters: [.named("Timer")], result: .void))]) { [unowned self] call throws(Interrupt) in
            let seconds = try timerInterval(call, 0)
            guard case let .function(block) = call[2] else { throw call.error("'scheduledTimer' takes its block in a closure", argument: 2) }
            guard let runner else { return .native(TimerValue(serial: 0)) }
            return .native(TimerValue(serial: try runner.startTimer(interval: seconds, repeats: try call.bool(1), block: block, at: call.location)))
        }
        timer.method("invalidate", []) { [unowned self] call throws(Interrupt) in
            if case let .native(pending as PendingTimerValue)? = call.receiver, let serial = pending.serial {
                runner?.stopTimer(serial)
                return .void
            }
            guard case let .native(native)? = call.receiver, let value = native as? TimerValue else { return .void }
            runner?.stopTimer(value.serial)
            return .void
        }
        timer.property("isValid", type: .bool) { [unowned self] call throws(Interrupt) in
            guard case let .native(native)? = call.receiver, let value = native as? TimerValue else { return .bool(false) }
            return .bool(runner?.isTimerRunning(value.serial) ?? false)
        }
        native.add(timer)
        let publisher = NativeType("Timer.TimerPublisher", protocols: ["Publisher"])
        publisher.method("autoconnect", [], result: .named("Publishers.Autoconnect")) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver, var value = native as? PublisherValue else { throw call.error("expected a timer publisher") }
            value.isConnected = true
            return .native(value)
        }
        let connected = NativeType("Publishers.Autoconnect", protocols: ["Publisher"])
        for type in [publisher, connected] { defineSubscriptions(on: type) }
        native.types["Timer.TimerPublisher"] = publisher
        native.types["Publishers.Autoconnect"] = connected
        native.addProtocol(NativeType("Publisher"))
        let cancellable = NativeType("AnyCancellable", summary: "What `sink` returns: `cancel()` stops the subscription; `store(in:)` keeps it.")
        cancellable.method("cancel", []) { [unowned self] call throws(Interrupt) in
            if case let .native(value as CancellableValue)? = call.receiver?.dereferenced, let serial = value.serial { runner?.stopTimer(serial) }
            return .void
        }
        cancellable.method("store", [NativeParameter("in", .any)]) { _ throws(Interrupt) in .void }
        native.add(cancellable)

        let date = NativeType("Date", summary: "A time on the render's clock.")
        date.initializer([]) { [unowned self] _ throws(Interrupt) in .native(DateValue(seconds: runner?.now ?? 0)) }
        date.property("timeIntervalSince1970", type: .double) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver, let value = native as? DateValue else { return .double(0) }
            return .double(ProgramRunner.epochSeconds + value.seconds)
        }
        date.property("timeIntervalSinceReferenceDate", type: .double) { call throws(Interrupt) in
            guard case let .native(native)? = call.receiver, let value = native as? DateValue else { return .double(0) }
            return .double(ProgramRunner.epochSeconds - 978_307_200 + value.seconds)
        }
        native.add(date)
    }

    /// A timer's interval: at least 1 ms, so a typo cannot flood the render with events.
    private func timerInterval(_ call: NativeCall, _ index: Int) throws(Interrupt) -> Double {
        let seconds = try call.number(index)
        guard seconds >= 0.001, seconds <= 86_400 else {
            throw call.error("a timer's interval must be between 0.001 and 86400 seconds", argument: index)
        }
        return seconds
    }
}

// Swift concurrency on the render's clock: `Task { }`, `.task { }` and `Task.sleep`.
extension SwiftUILibrary {
    func defineTasks() {
        let task = NativeType("Task", summary: "`Task { … }` with `try await Task.sleep(…)`, on the render's clock.")
        task.initializer([NativeParameter("priority", .optional(.named("TaskPriority")), default: .nilValue), NativeParameter("operation", .function(parameters: [], result: .any))]) { [unowned self] call throws(Interrupt) in
            guard case let .function(body) = call[1] else { throw call.error("'Task' takes its work in a closure", argument: 1) }
            runner?.startTask(body, at: call.location)
            return .native(Boxed(value: "task", typeName: "Task"))
        }
        // `Task.detached { }` runs as `Task { }` does: the render has one clock and no actors.
        task.staticMethod("detached", [NativeParameter("priority", .optional(.named("TaskPriority")), default: .nilValue), NativeParameter("operation", .function(parameters: [], result: .any))],
                          result: .named("Task")) { [unowned self] call throws(Interrupt) in
            guard case let .function(body) = call[1] else { throw call.error("'Task.detached' takes its work in a closure", argument: 1) }
            runner?.startTask(body, at: call.location)
            return .native(Boxed(value: "task", typeName: "Task"))
        }
        task.staticMethod("sleep", [NativeParameter("nanoseconds", .int)], result: .void) { [unowned self] call throws(Interrupt) in
            let nanoseconds = try call.number(0)
            guard nanoseconds >= 0, nanoseconds <= 86_400e9 else { throw call.error("the sleep must be between 0 and 86400 seconds", argument: 0) }
            try sleep(nanoseconds / 1e9, call)
            return .void
        }
        task.staticMethod("sleep", [NativeParameter("for", .named("Duration")), NativeParameter("tolerance", .any, default: .nilValue)], result: .void) { [unowned self] call throws(Interrupt) in
            let seconds = try call.native(0, Boxed<Double>.self, "a Duration such as '.seconds(1)'").value
            guard seconds >= 0, seconds <= 86_400 else { throw call.error("the sleep must be between 0 and 86400 seconds", argument: 0) }
            try sleep(seconds, call)
            return .void
        }
        task.staticMethod("sleep", [NativeParameter(nil, .int)], result: .void) { [unowned self] call throws(Interrupt) in
            try sleep(try call.number(0) / 1e9, call)
            return .void
        }
        task.staticMethod("yield", [], result: .void) { _ throws(Interrupt) in .void }
        task.constant("isCancelled", .bool(false))
        task.method("cancel", []) { _ throws(Interrupt) in .void }
        native.add(task)

        // A task's priority changes nothing on one clock: accepted, as `Task(priority: .high)`.
        let priority = NativeType("TaskPriority", summary: "`.high`, `.medium`, `.low`, `.background`, … for `Task(priority:)`: accepted; a render has one clock.")
        for name in ["high", "medium", "low", "background", "userInitiated", "utility"] {
            priority.constant(name, .native(Boxed(value: name, typeName: "TaskPriority")))
        }
        native.add(priority)

        let duration = NativeType("Duration", summary: "`.seconds(x)`, `.milliseconds(x)` for `Task.sleep(for:)`.")
        for (name, unit) in [("seconds", 1.0), ("milliseconds", 1e-3), ("microseconds", 1e-6), ("nanoseconds", 1e-9)] {
            duration.staticMethod(name, [NativeParameter(nil, .double)]) { call throws(Interrupt) in
                .native(Boxed(value: (try call.number(0)) * unit, typeName: "Duration"))
            }
        }
        native.add(duration)

        let mainActor = NativeType("MainActor", summary: "`MainActor.run { }`: runs its body.")
        mainActor.staticMethod("run", [NativeParameter("resultType", .any, default: .nilValue), NativeParameter("body", .function(parameters: [], result: .any))]) { call throws(Interrupt) in
            try call.call(1, [])
        }
        native.add(mainActor)
    }

    private func sleep(_ seconds: Double, _ call: NativeCall) throws(Interrupt) {
        guard let runner else { throw call.error("'Task.sleep' is only available while the views run") }
        try runner.sleep(seconds, at: call.location)
    }
}

/// `AnyCancellable`: a `sink` subscription to a timer; its timer's number in the runner once started.
final class CancellableValue: NativeValue {
    var serial: Int?
    var nativeTypeName: String { "AnyCancellable" }
    func isEqual(to other: any NativeValue) -> Bool { (other as? CancellableValue) === self }
}

extension SwiftUILibrary {
    /// Combine's `sink(receiveValue:)` (and with `receiveCompletion:`, which a timer never
    /// calls) on a timer publisher, and `receive(on:)`, which leaves a timer on the main run loop
    /// as it was: a connected timer calls the closure with the date every interval on the
    /// render's clock, as `.onReceive` does, until the `AnyCancellable` is cancelled. A publisher
    /// not connected (no `.autoconnect()`) never fires.
    func defineSubscriptions(on type: NativeType) {
        let receive = NativeParameter("receiveValue", .function(parameters: [.named("Date")], result: .void))
        let completion = NativeParameter("receiveCompletion", .function(parameters: [.any], result: .void))
        for parameters in [[receive], [completion, receive]] {
            type.method("sink", parameters, result: .named("AnyCancellable")) { [unowned self] call throws(Interrupt) in
                guard case let .native(publisher as PublisherValue)? = call.receiver?.dereferenced,
                      case let .function(action) = call[parameters.count - 1] else {
                    throw call.error("'sink' takes its closure on a timer publisher")
                }
                let cancellable = CancellableValue()
                guard publisher.isConnected, let runner else { return .native(cancellable) }
                let evaluator = runner.evaluator
                let block = Function(.native([NativeFunction([NativeParameter(nil, .any)]) { [unowned runner] inner throws(Interrupt) in
                    try evaluator.call(action, [.native(DateValue(seconds: runner.now))], at: inner.location)
                }]), environment: evaluator.globals, name: "sink")
                cancellable.serial = try runner.startTimer(interval: publisher.intervalSeconds, repeats: true, block: block, at: call.location)
                return .native(cancellable)
            }
        }
        type.method("receive", [NativeParameter("on", .any), NativeParameter("options", .any, default: .nilValue)]) { call throws(Interrupt) in
            call.receiver?.dereferenced ?? .void
        }
    }
}
