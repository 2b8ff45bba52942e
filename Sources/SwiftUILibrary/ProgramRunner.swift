import Motion
import Scene
import SwiftCode

/// Runs a view's life on the render's clock: the first tree, its `onAppear` actions at t = 0,
/// the state changes they make, timed blocks (`asyncAfter`), timers (`Timer.publish` with
/// `.onReceive`, `Timer.scheduledTimer`), and the `onAppear` of views that appear later.
///
/// Each run of state writes in one transaction becomes one ``Scene/ViewChange``: writes inside
/// `withAnimation(a) { … }` carry `a`, writes outside it none, and a write in another
/// transaction than the writes before it first commits those, so the order SwiftUI applies
/// them in is kept. Deterministic: actions run in tree order, timed events by time and then
/// by the order they were scheduled.
public final class ProgramRunner {
    /// `Date()` at t = 0 on the render's clock: 2026-01-01 00:00:00 UTC, as seconds since 1970.
    public static let epochSeconds = 1_767_225_600.0
    /// The most state changes one script may hold.
    public static let maximumChanges = 5_000

    let evaluator: Evaluator
    let library: SwiftUILibrary
    let resolver: ViewResolver
    private let root: () throws(Interrupt) -> Value
    private let rootLocation: SourceLocation
    /// Events after this time are not run: the script covers the render.
    let horizonSeconds: Double

    /// The clock, in seconds since the views appeared.
    private(set) var now = 0.0
    private var transactions: [Transaction] = []
    private var pending = Transaction()
    private var dirty = false
    private var failure: Interrupt?
    private var script = ViewScript(initial: .empty)
    private var present: Set<String> = []

    private struct Event {
        enum Kind {
            case action(Function)
            case timer(Int)
            case subscription(String)
        }
        var time: Double
        var order: Int
        var kind: Kind
        var location: SourceLocation
    }

    private var events: [Event] = []
    private var scheduled = 0
    private struct RunningTimer {
        var interval: Double
        var repeats: Bool
        var block: Function
    }
    private var timers: [Int: RunningTimer] = [:]
    private var timerCount = 0
    private var subscriptions: [String: (interval: Double, action: Function)] = [:]

    /// A runner for the view `root` makes.
    init(evaluator: Evaluator, library: SwiftUILibrary, horizonSeconds: Double, at location: SourceLocation,
         root: @escaping () throws(Interrupt) -> Value) {
        self.evaluator = evaluator
        self.library = library
        self.resolver = ViewResolver(evaluator: evaluator, library: library)
        self.root = root
        self.rootLocation = location
        self.horizonSeconds = horizonSeconds
        library.runner = self
        evaluator.onObjectWrite = { [weak self] _ in self?.willChangeState() }
    }

    /// The script: the first tree and every change up to the horizon.
    func run() throws(Interrupt) -> ViewScript {
        script = ViewScript(initial: try tree())
        for request in resolver.appearances { schedule(.action(request.action), at: 0, location: rootLocation) }
        present = Set(resolver.appearances.map(\.key))
        updateSubscriptions()
        while let index = nextEvent() {
            let event = events.remove(at: index)
            guard event.time <= horizonSeconds else { break }
            now = event.time
            evaluator.resetWork()
            switch event.kind {
            case let .action(function):
                try perform { () throws(Interrupt) in _ = try evaluator.call(function, [], at: event.location) }
            case let .timer(serial):
                guard let timer = timers[serial] else { continue }
                if timer.repeats { schedule(.timer(serial), at: now + timer.interval, location: event.location) } else { timers[serial] = nil }
                try perform { () throws(Interrupt) in _ = try evaluator.call(timer.block, [.native(TimerValue(serial: serial))], at: event.location) }
            case let .subscription(key):
                guard let subscription = subscriptions[key] else { continue }
                schedule(.subscription(key), at: now + subscription.interval, location: event.location)
                try perform { () throws(Interrupt) in
                    _ = try evaluator.call(subscription.action, [.native(DateValue(seconds: now))], at: event.location)
                }
            }
        }
        return script
    }

    private func nextEvent() -> Int? {
        events.indices.min { (events[$0].time, events[$0].order) < (events[$1].time, events[$1].order) }
    }

    private func schedule(_ kind: Event.Kind, at time: Double, location: SourceLocation) {
        scheduled += 1
        events.append(Event(time: time, order: scheduled, kind: kind, location: location))
    }

    /// Runs an action and commits what it changed.
    private func perform(_ body: () throws(Interrupt) -> Void) throws(Interrupt) {
        do {
            try body()
        } catch .thrown(let error, let location) {
            // An error an action throws and nothing catches ends that action, as a `Task` would.
            _ = error
            _ = location
        }
        if let failure { throw failure }
        try commit()
    }

    private func tree() throws(Interrupt) -> ViewNode {
        try resolver.tree(root, at: rootLocation)
    }

    // MARK: Hooks for the definitions

    /// A state write is about to happen in the transaction in force.
    func willChangeState() {
        let current = transactions.last ?? Transaction()
        if dirty, current != pending {
            do { try commit() } catch { if failure == nil { failure = error } }
        }
        pending = current
        dirty = true
    }

    /// Runs `body` in `transaction` (`withAnimation`); a nested one joins the enclosing transaction.
    func withTransaction(_ transaction: Transaction, _ body: () throws(Interrupt) -> Value) throws(Interrupt) -> Value {
        transactions.append(transactions.last ?? transaction)
        let result: Value
        do {
            result = try body()
        } catch {
            transactions.removeLast()
            throw error
        }
        transactions.removeLast()
        if transactions.isEmpty { try commit() }
        if let failure { throw failure }
        return result
    }

    /// Runs `work` at `time` (`asyncAfter`).
    func schedule(_ work: Function, at time: Double, location: SourceLocation) throws(Interrupt) {
        guard scheduled < Self.maximumChanges * 4 else {
            throw .error("more than \(Self.maximumChanges * 4) timed blocks: does the code schedule work for ever?", at: location)
        }
        schedule(.action(work), at: time, location: location)
    }

    /// Starts a `Timer.scheduledTimer`; its number.
    func startTimer(interval: Double, repeats: Bool, block: Function, at location: SourceLocation) throws(Interrupt) -> Int {
        timerCount += 1
        timers[timerCount] = RunningTimer(interval: interval, repeats: repeats, block: block)
        schedule(.timer(timerCount), at: now + interval, location: location)
        return timerCount
    }

    /// `timer.invalidate()`.
    func stopTimer(_ serial: Int) { timers[serial] = nil }

    /// `timer.isValid`.
    func isTimerRunning(_ serial: Int) -> Bool { timers[serial] != nil }

    // MARK: Commits

    private func commit() throws(Interrupt) {
        guard dirty else { return }
        dirty = false
        guard script.changes.count < Self.maximumChanges else {
            throw .error("more than \(Self.maximumChanges) state changes: do actions change the state back and forth for ever?", at: rootLocation)
        }
        let tree = try self.tree()
        script.changes.append(ViewChange(timeSeconds: now, transaction: pending, root: tree))
        for request in resolver.appearances where !present.contains(request.key) {
            schedule(.action(request.action), at: now, location: rootLocation)
        }
        present = Set(resolver.appearances.map(\.key))
        updateSubscriptions()
    }

    /// Starts the timers of `.onReceive` subscriptions new in the tree, and stops those gone.
    private func updateSubscriptions() {
        var keys: Set<String> = []
        for request in resolver.subscriptions {
            guard let publisher = request.publisher, publisher.isConnected else { continue }
            keys.insert(request.key)
            if subscriptions[request.key] == nil {
                schedule(.subscription(request.key), at: now + publisher.intervalSeconds, location: rootLocation)
            }
            // The view's latest closure is the one called (it captured the latest values).
            subscriptions[request.key] = (publisher.intervalSeconds, request.action)
        }
        for key in subscriptions.keys where !keys.contains(key) { subscriptions[key] = nil }
    }
}
