import SwiftCode

// `AnyView`, `UUID`, and timers made unscheduled and added to a run loop: the Foundation and
// type-erasure pieces loader code leans on.

/// A `UUID`: the number of the `UUID()` call that made it, so that every render makes the same
/// identifiers in the same order (a device makes random ones; only their distinctness matters to
/// a view's identity).
struct UUIDValue: NativeValue, Equatable {
    var serial: Int
    var nativeTypeName: String { "UUID" }
    /// RFC 4122's textual form, version 4 and variant bits set, the serial in the last group.
    var text: String {
        let hex = String(serial, radix: 16, uppercase: true)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }
}

/// `Timer(timeInterval:repeats:block:)`: a timer not yet scheduled; `RunLoop.add(_:forMode:)`
/// starts it.
final class PendingTimerValue: NativeValue {
    let interval: Double
    let repeats: Bool
    let block: Function
    /// The runner's number once added.
    var serial: Int?
    init(interval: Double, repeats: Bool, block: Function) {
        self.interval = interval
        self.repeats = repeats
        self.block = block
    }
    var nativeTypeName: String { "Timer" }
    func isEqual(to other: any NativeValue) -> Bool { (other as? PendingTimerValue) === self }
}

extension SwiftUILibrary {
    func defineFoundation() {
        let anyView = NativeType("AnyView", protocols: ["View"], summary: "`AnyView(view)`: the view, its type erased.")
        anyView.initializer([NativeParameter(nil, .named("View"))]) { [unowned self] call throws(Interrupt) in
            .native(try view(call[0], at: call.location))
        }
        anyView.initializer([NativeParameter("erasing", .named("View"))]) { [unowned self] call throws(Interrupt) in
            .native(try view(call[0], at: call.location))
        }
        native.add(anyView)

        let uuid = NativeType("UUID", summary: "`UUID()`: a new identifier, numbered in the order they are made.")
        uuid.initializer([]) { [unowned self] _ throws(Interrupt) in
            uuidCount += 1
            return .native(UUIDValue(serial: uuidCount))
        }
        uuid.property("uuidString", type: .string) { call throws(Interrupt) in
            guard case let .native(value as UUIDValue)? = call.receiver else { return .string("") }
            return .string(value.text)
        }
        uuid.property("description", type: .string) { call throws(Interrupt) in
            guard case let .native(value as UUIDValue)? = call.receiver else { return .string("") }
            return .string(value.text)
        }
        native.add(uuid)

        guard let timer = native.types["Timer"], let runLoop = native.types["RunLoop"] else { return }
        timer.initializer([NativeParameter("timeInterval", .double), NativeParameter("repeats", .bool),
                           NativeParameter("block", .function(parameters: [.named("Timer")], result: .void))]) { call throws(Interrupt) in
            let seconds = try call.number(0)
            guard seconds >= 0.001, seconds <= 86_400 else {
                throw call.error("a timer's interval must be between 0.001 and 86400 seconds", argument: 0)
            }
            guard case let .function(block) = call[2] else { throw call.error("'Timer' takes its block in a closure", argument: 2) }
            return .native(PendingTimerValue(interval: seconds, repeats: try call.bool(1), block: block))
        }
        // `RunLoop.current.add(timer, forMode: .common)`: starts a timer made with
        // `Timer(timeInterval:…)`; one from `scheduledTimer` already runs (adding it again to
        // another mode does not run it twice).
        runLoop.method("add", [NativeParameter(nil, .named("Timer")), NativeParameter("forMode", .named("RunLoop.Mode"))]) { [unowned self] call throws(Interrupt) in
            guard case let .native(pending as PendingTimerValue) = call[0].dereferenced, pending.serial == nil, let runner else { return .void }
            pending.serial = try runner.startTimer(interval: pending.interval, repeats: pending.repeats, block: pending.block, at: call.location)
            return .void
        }
    }
}
