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
/// them in is kept. Writes are committed once everything due at their instant has run.
/// Deterministic: actions run in tree order, timed events by time and then by the order they
/// were scheduled.
public final class ProgramRunner {
    /// `Date()` at t = 0 on the render's clock: 2026-01-01 00:00:00 UTC and 2⁻¹⁰ s (just under
    /// a millisecond, exact in binary), as seconds since 1970.
    ///
    /// Not midnight itself: a round date is a whole multiple of most periods a loader divides it
    /// by (`date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 1.6)`), so the
    /// remainder would wrap exactly at t = 0 and at every period's end, where an update falls,
    /// and rounding alone would decide on which side: periods would not repeat, as they do on
    /// a device, whose clock is never that round.
    public static let epochSeconds = 1_767_225_600.0 + 1.0 / 1024
    /// The most state changes one script may hold.
    public static let maximumChanges = 5_000
    /// The most timers running at once (a loader runs one to a few).
    public static let maximumTimers = 1_000
    /// The most timed events one script may run (timer ticks, tasks waking, blocks run): a
    /// 0.01 s timer over the 10 s horizon is 1 000.
    public static let maximumEvents = 100_000

    let evaluator: Evaluator
    let library: SwiftUILibrary
    let resolver: ViewResolver
    private let root: () throws(Interrupt) -> Value
    private let rootLocation: SourceLocation
    /// Where the code of the event being run is (what a runaway state-change loop is reported at).
    private lazy var eventLocation = rootLocation
    /// Events after this time are not run: the script covers the render.
    let horizonSeconds: Double

    /// The clock, in seconds since the views appeared.
    @exclusivity(unchecked) private(set) var now = 0.0
    @exclusivity(unchecked) private var transactions: [Transaction] = []
    @exclusivity(unchecked) private var pending = Transaction()
    @exclusivity(unchecked) private var dirty = false
    @exclusivity(unchecked) private var failure: Interrupt?
    @exclusivity(unchecked) private var script = ViewScript(initial: .empty)
    /// The places of the `onAppear`s of the last tree, in tree order (a view appears when its place is new).
    @exclusivity(unchecked) private var present: [String] = []

    private struct Event {
        enum Kind {
            case action(Function)
            case timer(Int)
            case subscription(String)
            case task(Int)
            /// The next update of the `TimelineView`s: the tick's number.
            case timeline(Int)
        }
        var time: Double
        var order: Int
        var kind: Kind
        var location: SourceLocation
    }

    @exclusivity(unchecked) private var events: [Event] = []
    @exclusivity(unchecked) private var scheduled = 0
    private struct RunningTimer {
        var interval: Double
        var repeats: Bool
        var block: Function
    }
    @exclusivity(unchecked) private var timers: [Int: RunningTimer] = [:]
    @exclusivity(unchecked) private var timerCount = 0
    @exclusivity(unchecked) private var subscriptions: [String: (interval: Double, action: Function)] = [:]
    @exclusivity(unchecked) private var tasks: [Int: CodeTask] = [:]
    @exclusivity(unchecked) private var taskCount = 0
    @exclusivity(unchecked) private var startedTaskKeys: Set<String> = []
    /// The task whose code runs now, if any.
    @exclusivity(unchecked) private var currentTask: CodeTask?
    /// The shortest update interval the `TimelineView`s of the tree being resolved ask for.
    @exclusivity(unchecked) private var requestedUpdateInterval: Double?
    /// The shortest update interval the `TimelineView`s of the current tree ask for, if any.
    @exclusivity(unchecked) private var updateInterval: Double?
    /// Whether a `TimelineView` update is waiting in `events`.
    @exclusivity(unchecked) private var updateScheduled = false
    /// The values the `onChange` modifiers of the current tree read, by place.
    @exclusivity(unchecked) private var watchedValues: [String: Value] = [:]

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
        evaluator.onObjectWrite = { [weak self] _ in
            self?.resolver.noteObjectWrite()
            self?.willChangeState()
        }
        if evaluator.hasMutableGlobalStorage || !library.keepsUnchangedViews { resolver.stopKeeping() }
    }

    /// The script: the first tree and every change up to the horizon.
    func run() throws(Interrupt) -> ViewScript {
        // The tasks still sleeping when the run ends, by the horizon or by an error, are
        // unwound: each holds its stack (or thread) and the run's evaluator.
        defer { finishTasks() }
        script = ViewScript(initial: try tree())
        script.preferredAppearance = resolver.preferredScheme?.appearance
        for request in resolver.appearances { schedule(.action(request.action), at: 0, location: Self.location(of: request.action, or: rootLocation)) }
        present = resolver.appearances.map(\.key)
        updateSubscriptions()
        startNewTasks()
        scheduleTimelineUpdate()
        scheduleChangeActions()
        var seen: [Snapshot: Double] = [:]
        var eventsRun = 0
        while true {
            let next = nextEvent()
            // Every event at one instant runs before the update, as on a device, where the
            // blocks and timers due in one pass of the run loop all run before SwiftUI updates
            // the views once: their writes in one transaction make one change. The update may
            // schedule more at this instant (the `onAppear` of views it shows).
            if dirty, next.map({ events[$0].time > now }) ?? true {
                try commit()
                continue
            }
            guard let index = next else { break }
            if events[index].time > now, events[index].time <= horizonSeconds {
                // Every event before this time has run: if the run is where it was earlier, it
                // repeats from there. The snapshot holds the event about to run too (a timer's
                // next tick): without it, a blink's "off" after its last block and the "off"
                // before its timer's first tick looked alike.
                // Looked up and recorded in one hashing of the snapshot (the run ends at a repeat,
                // so the time recorded over the earlier one is never read).
                if let earlier = seen.updateValue(now, forKey: self.snapshot()), now > earlier {
                    script.repeating = ScriptRepeat(start: earlier, period: now - earlier)
                    break
                }
            }
            let event = events.remove(at: index)
            eventsRun += 1
            guard eventsRun <= Self.maximumEvents else {
                throw .error("more than \(Self.maximumEvents) timed events before \(now) s: do timers or tasks multiply?", at: event.location)
            }
            guard event.time <= horizonSeconds else {
                reachedHorizon = true
                break
            }
            now = event.time
            eventLocation = event.location
            evaluator.resetWork()
            switch event.kind {
            case let .action(function):
                try perform { () throws(Interrupt) in _ = try evaluator.call(function, [], at: event.location) }
            case let .timer(serial):
                guard let timer = timers[serial] else { continue }
                if timer.repeats { schedule(.timer(serial), at: now + timer.interval, location: event.location) } else { timers[serial] = nil }
                try perform { () throws(Interrupt) in _ = try evaluator.call(timer.block, [.native(TimerValue(serial: serial))], at: event.location) }
            case let .task(serial):
                guard let task = tasks[serial] else { continue }
                try perform { () throws(Interrupt) in try step(task) }
            case .timeline:
                updateScheduled = false
                guard updateInterval != nil else { continue }
                timelineUpdated = true
                // The content of the `TimelineView`s is evaluated again at the new time; the
                // update is not animated (no transaction), and one that draws the same tree as
                // before is not a change.
                pending = Transaction()
                dirty = true
                try perform { () throws(Interrupt) in }
            case let .subscription(key):
                guard let subscription = subscriptions[key] else { continue }
                schedule(.subscription(key), at: now + subscription.interval, location: event.location)
                try perform { () throws(Interrupt) in
                    _ = try evaluator.call(subscription.action, [.native(DateValue(seconds: now))], at: event.location)
                }
            }
        }
        if resolver.usesGeometryReader { script.rootProposal = library.rootProposal }
        if script.repeating == nil, reachedHorizon {
            if timelineUpdated, let interval = updateInterval {
                declareTimelinePeriod(interval: interval)
            } else {
                declareCounterPeriod()
            }
        }
        return script
    }

    /// Whether the run stopped at the horizon with events still waiting.
    @exclusivity(unchecked) private var reachedHorizon = false
    /// Whether a `TimelineView` update has run.
    @exclusivity(unchecked) private var timelineUpdated = false

    /// A script driven by a `TimelineView` never comes back to an earlier state (the date moves
    /// on), so it runs to the horizon; when the trees it drew there repeat with a period — the
    /// shortest whole number of updates, at most half the horizon, after which every tree is the
    /// one a period earlier, over the whole horizon — and no change started an animation, it is
    /// declared repeating from t = 0 with that period, its changes cut to one period, as a
    /// script whose timers cycle is. A content of `date.truncatingRemainder(dividingBy: 1)`
    /// loops every second instead of running 10 s and standing still.
    private func declareTimelinePeriod(interval: Double) {
        let horizon = min(horizonSeconds, now)
        let most = Int((horizon / 2 / interval + 1e-9).rounded(.down))
        guard most >= 1 else { return }
        declarePicturePeriod(trying: (1...most).map { Double($0) * interval })
    }

    /// A script whose timers count without end (`phase += 1` every 0.5 s) never comes back to
    /// an earlier state either, though the picture may (`String(repeating: "•", count: phase %
    /// 3 + 1)`): when its trees repeat over the whole horizon with a period of at most half of
    /// it, and no change started an animation, it is declared repeating from t = 0 with that
    /// period, as a `TimelineView`'s is. A tree that comes back comes back at the time of a
    /// change a period after the first change, so the periods tried are the times from the
    /// first change to each later one.
    private func declareCounterPeriod() {
        let times = script.changes.map(\.timeSeconds)
        guard let first = times.first else { return }
        let half = min(horizonSeconds, now) / 2 + 1e-9
        var periods: [Double] = []
        // At most a thousand periods are tried (a timer every millisecond changes the tree 12 000
        // times in 12 s); a tree that never comes back fails each at its first comparison.
        for time in times.dropFirst() where time - first > 1e-9 && time - first <= half && periods.count < 1_000 {
            if let last = periods.last, abs(last - (time - first)) < 1e-9 { continue }
            periods.append(time - first)
        }
        declarePicturePeriod(trying: periods)
    }

    /// Declares the script repeating from t = 0 with the first of `periods` (shortest first)
    /// after which every tree over the horizon is the one a period earlier, when no change
    /// started an animation; its changes are cut to one period.
    private func declarePicturePeriod(trying periods: [Double]) {
        let changes = script.changes
        guard !changes.isEmpty, !periods.isEmpty, changes.allSatisfy({ $0.transaction == Transaction() }) else { return }
        let times = changes.map(\.timeSeconds)
        let epsilon = 1e-9
        // Trees by index (0 the first tree, i + 1 change i's), each hashed once: most times that
        // differ are told apart by their hashes alone.
        let trees = [script.initial] + changes.map(\.root)
        let hashes = trees.map(\.hashValue)
        /// The index of the tree drawn at `time`: the last change at or before it, else the first.
        func tree(at time: Double) -> Int {
            var low = 0, high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] <= time + epsilon { low = middle + 1 } else { high = middle }
            }
            return low
        }
        // A date far from the reference date (the render's epoch is one) carries rounding of
        // about 1e-7 s into `truncatingRemainder`, so a period's trees may differ from the
        // last period's in the seventh decimal: numbers that agree to a millionth are the same.
        var descriptions: [Int: [UInt8]] = [:]
        func description(_ index: Int) -> [UInt8] {
            if let known = descriptions[index] { return known }
            let text = Array(String(describing: trees[index]).utf8)
            descriptions[index] = text
            return text
        }
        func same(_ a: Int, _ b: Int) -> Bool {
            a == b || (hashes[a] == hashes[b] && trees[a] == trees[b]) || Self.nearlyEqual(description(a), description(b))
        }
        let horizon = min(horizonSeconds, now)
        for period in periods {
            // The trees are constant between changes: comparing at 0 and at every change time,
            // either side of the period, covers every time in [0, horizon − period].
            var points: [Double] = [0]
            for time in times {
                if time <= horizon - period + epsilon { points.append(time) }
                if time >= period - epsilon { points.append(time - period) }
            }
            guard points.allSatisfy({ same(tree(at: $0), tree(at: $0 + period)) }) else { continue }
            script.repeating = ScriptRepeat(start: 0, period: period)
            script.changes = changes.filter { $0.timeSeconds <= period + epsilon }
            return
        }
    }

    /// Whether two descriptions of values are the same but for numbers that differ by at most a
    /// millionth (of the larger one's magnitude, when it is over 1).
    static func nearlyEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var i = 0, j = 0
        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        /// The end of the number starting at `start` (digits, a point, an exponent).
        func numberEnd(_ text: [UInt8], _ start: Int) -> Int {
            var k = start
            if text[k] == UInt8(ascii: "-") { k += 1 }
            while k < text.count, isDigit(text[k]) || text[k] == UInt8(ascii: ".") { k += 1 }
            if k + 1 < text.count, text[k] == UInt8(ascii: "e") || text[k] == UInt8(ascii: "E") {
                var e = k + 1
                if text[e] == UInt8(ascii: "-") || text[e] == UInt8(ascii: "+") { e += 1 }
                if e < text.count, isDigit(text[e]) {
                    k = e
                    while k < text.count, isDigit(text[k]) { k += 1 }
                }
            }
            return k
        }
        func startsNumber(_ text: [UInt8], _ k: Int) -> Bool {
            isDigit(text[k]) || (text[k] == UInt8(ascii: "-") && k + 1 < text.count && isDigit(text[k + 1]))
        }
        while i < a.count && j < b.count {
            if startsNumber(a, i) && startsNumber(b, j) {
                let endA = numberEnd(a, i), endB = numberEnd(b, j)
                guard let x = Double(String(decoding: a[i..<endA], as: UTF8.self)),
                      let y = Double(String(decoding: b[j..<endB], as: UTF8.self)),
                      abs(x - y) <= 1e-6 * max(1, abs(x), abs(y)) else { return false }
                i = endA
                j = endB
                continue
            }
            guard a[i] == b[j] else { return false }
            i += 1
            j += 1
        }
        return i == a.count && j == b.count
    }

    /// What decides the rest of a run: the tree, the state, the random numbers and the events
    /// waiting, timed relative to now.
    private struct Snapshot: Hashable {
        var tree: ViewNode
        var state: [ViewResolver.StateItem]
        var random: UInt64
        var events: [WaitingEvent]
        /// The finite animations still running, with how long ago they started: the picture
        /// differs while one is in flight (a dot lit by an animated change at 1.6 s is still
        /// fading in where the same state at 0 s is still).
        var running: [String]

        /// The tree last: a dictionary compares a snapshot with each one in its probe, and the
        /// state, the events or the animations tell most apart before a tree is walked.
        static func == (a: Snapshot, b: Snapshot) -> Bool {
            a.random == b.random && a.state == b.state && a.events == b.events && a.running == b.running && a.tree == b.tree
        }

        /// Everything but the tree, which equality still compares: the state already tells
        /// most snapshots apart, and hashing every node of the tree at every instant cost
        /// more than the rest of the run's bookkeeping.
        func hash(into hasher: inout Hasher) {
            hasher.combine(state)
            hasher.combine(random)
            hasher.combine(events)
            hasher.combine(running)
        }
    }

    /// An event waiting, as a snapshot compares it: its kind, what it is (a block's place in the
    /// code, a timer's or task's number and where the task waits, a subscription's place, a
    /// timeline tick) and how long until it runs, in nanoseconds (a period added up in floating
    /// point must still match).
    private struct WaitingEvent: Hashable, Comparable {
        var kind: UInt8
        var number: Int
        /// A task's place in the code where it waits (a byte offset).
        var waitsAt = 0
        var place = ""
        var delayNanoseconds: Int

        static func < (a: WaitingEvent, b: WaitingEvent) -> Bool {
            (a.kind, a.number, a.waitsAt, a.delayNanoseconds, a.place) < (b.kind, b.number, b.waitsAt, b.delayNanoseconds, b.place)
        }
    }

    private func snapshot() -> Snapshot {
        var waiting = events.map { event -> WaitingEvent in
            let delay = Int(((event.time - now) * 1e9).rounded())
            switch event.kind {
            case .action: return WaitingEvent(kind: 0, number: event.location.offset, delayNanoseconds: delay)
            case let .timer(serial): return WaitingEvent(kind: 1, number: serial, delayNanoseconds: delay)
            case let .subscription(key): return WaitingEvent(kind: 2, number: 0, place: key, delayNanoseconds: delay)
            case let .task(serial):
                return WaitingEvent(kind: 3, number: serial, waitsAt: tasks[serial]?.waitingAt.offset ?? 0, delayNanoseconds: delay)
            case let .timeline(tick): return WaitingEvent(kind: 4, number: tick, delayNanoseconds: delay)
            }
        }
        waiting.sort()
        // A `TimelineView`'s content is a function of the date, which never comes back: while
        // the tree has one, the absolute time keeps the run from ever looking repeated.
        if updateInterval != nil { waiting.append(WaitingEvent(kind: 5, number: Int(bitPattern: UInt(now.bitPattern)), delayNanoseconds: 0)) }
        var running: [String] = []
        // Walked once per tree, not at every event time the snapshot is taken.
        if implicitSettle.changes != script.changes.count {
            implicitSettle = (script.changes.count, Self.longestImplicitSettle(script.changes.last?.root ?? script.initial))
        }
        let implicitSettle = self.implicitSettle.seconds
        for (index, change) in script.changes.enumerated().reversed() {
            let age = now - change.timeSeconds
            // A change with no animation of its own may still move under the tree's implicit
            // ones (`animation(_:value:)`) for as long as the longest of them runs.
            let implicit = change.transaction.animation == nil && age < implicitSettle
            guard let animation = implicit ? Animation.linear(duration: implicitSettle) : change.transaction.animation,
                  animation.periodSeconds == nil else { continue }
            let settle = animation.settleSeconds ?? .infinity
            // With the tree it animates from: a slide from 60 and one from 30 to the same place
            // are different pictures while they run.
            let from = index > 0 ? script.changes[index - 1].root : script.initial
            if age < settle { running.append("\(animation)@" + String(Int((age * 1e9).rounded())) + "<" + String(from.hashValue)) }
            // Changes further back than any animation runs cannot be in flight.
            if age > 60 { break }
        }
        return Snapshot(tree: script.changes.last?.root ?? script.initial, state: resolver.stateItems,
                        random: evaluator.random.state, events: waiting, running: running)
    }

    /// ``longestImplicitSettle(_:)`` of the latest tree, and the change count it was found at.
    @exclusivity(unchecked) private var implicitSettle: (changes: Int, seconds: Double) = (-1, 0)

    /// The longest a finite implicit animation of `node` (`animation(_:)`, `animation(_:value:)`
    /// on it or the views in it, overlays aside) runs: 0 when it has none. Repeating ones are
    /// left out, as they are from the explicit animations in flight: they never settle.
    static func longestImplicitSettle(_ node: ViewNode) -> Double {
        switch node {
        case let .stack(_, _, _, children): return children.map(longestImplicitSettle).max() ?? 0
        case let .conditional(_, child), let .custom(_, child), let .geometryReader(_, child): return longestImplicitSettle(child)
        case let .grid(grid): return grid.rows.flatMap(\.cells).map(longestImplicitSettle).max() ?? 0
        case let .modified(child, modifier):
            var own = 0.0
            if case let .transaction(.animation(animation?, _)) = modifier, animation.periodSeconds == nil {
                own = animation.settleSeconds ?? 0
            }
            return max(own, longestImplicitSettle(child))
        case .symbol, .progressView, .text, .progressBar, .shape, .color, .missingSymbol, .bitmap, .empty, .spacer:
            return 0
        }
    }

    private func nextEvent() -> Int? {
        events.indices.min { (events[$0].time, events[$0].order) < (events[$1].time, events[$1].order) }
    }

    private func schedule(_ kind: Event.Kind, at time: Double, location: SourceLocation) {
        scheduled += 1
        events.append(Event(time: time, order: scheduled, kind: kind, location: location))
    }

    /// Runs an action; what it changed is committed once every event at this instant has run
    /// (a tree equal to the last one is not a change).
    private func perform(_ body: () throws(Interrupt) -> Void) throws(Interrupt) {
        do {
            try body()
        } catch .thrown {
            // An error an action throws and nothing catches ends that action, as a `Task` would.
        }
        if let failure { throw failure }
    }

    private func tree() throws(Interrupt) -> ViewNode {
        requestedUpdateInterval = nil
        let tree = try resolver.tree(root, at: rootLocation)
        updateInterval = requestedUpdateInterval
        // Content on the clock or sized by layout runs on every tree.
        if resolver.isKeeping, updateInterval != nil || resolver.usesGeometryReader { resolver.stopKeeping() }
        return tree
    }

    /// The transaction of the change being made (none for a timed update or the first tree).
    var currentTransaction: Transaction { pending }

    /// A `TimelineView` in the tree being resolved asks to be evaluated again every `seconds`.
    func requestUpdates(every seconds: Double) {
        requestedUpdateInterval = min(requestedUpdateInterval ?? seconds, seconds)
    }

    /// Schedules the next `TimelineView` update while the tree has one: at the next whole
    /// multiple of its interval (computed from the tick's number, so that updates stay on exact
    /// times however many there are, and a periodic picture repeats exactly).
    private func scheduleTimelineUpdate() {
        guard let interval = updateInterval, !updateScheduled else { return }
        let tick = Int((now / interval + 1e-9).rounded(.down)) + 1
        updateScheduled = true
        schedule(.timeline(tick), at: Double(tick) * interval, location: rootLocation)
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
        guard timers.count < Self.maximumTimers else {
            throw .error("more than \(Self.maximumTimers) timers running at once: does the code start a timer each time a view or object is made?", at: location)
        }
        timerCount += 1
        timers[timerCount] = RunningTimer(interval: interval, repeats: repeats, block: block)
        schedule(.timer(timerCount), at: now + interval, location: location)
        return timerCount
    }

    /// `Task { body }`, `.task { body }`: starts the body at the current time.
    func startTask(_ body: Function, at location: SourceLocation) {
        taskCount += 1
        let serial = taskCount
        let task = CodeTask(serial: serial) { [unowned self] in
            do throws(Interrupt) {
                _ = try evaluator.call(body, [], at: location)
            } catch {
                switch error {
                // An error the task throws and nothing catches ends the task, as in Swift.
                case .cancelled, .thrown: break
                default: tasks[serial]?.failure = error
                }
            }
        }
        tasks[serial] = task
        schedule(.task(serial), at: now, location: location)
    }

    /// `Task.sleep`: the task in force waits `seconds` on the render's clock.
    func sleep(_ seconds: Double, at location: SourceLocation) throws(Interrupt) {
        guard let task = currentTask else {
            throw .error("'Task.sleep' is only available inside a 'Task { }' or '.task { }'", at: location)
        }
        task.waitingAt = location
        schedule(.task(task.serial), at: now + seconds, location: location)
        try task.sleep()
        evaluator.resetWork()
    }

    private func step(_ task: CodeTask) throws(Interrupt) {
        let outer = currentTask
        currentTask = task
        task.step()
        currentTask = outer
        if task.isFinished { tasks[task.serial] = nil }
        if let failure = task.failure { throw failure }
    }

    /// Unwinds the tasks still sleeping when the render is over (their `Task.sleep` throws
    /// ``SwiftCode/Interrupt/cancelled``, which runs no more of their code), and drops those
    /// never started.
    private func finishTasks() {
        for serial in tasks.keys.sorted() {
            guard let task = tasks[serial] else { continue }
            currentTask = task
            task.cancel()
            currentTask = nil
        }
        tasks = [:]
    }

    /// Where an action's code is: its closure's body, else `fallback`.
    static func location(of action: Function, or fallback: SourceLocation) -> SourceLocation {
        if case let .closure(closure) = action.body { return closure.body.location }
        return fallback
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
            throw .error("more than \(Self.maximumChanges) state changes: do actions change the state back and forth for ever?", at: eventLocation)
        }
        let tree = try self.tree()
        // A write that leaves the tree as it was (a state set to the value it has, a TimelineView
        // update that draws the same) changes nothing on screen: no change and no transaction,
        // as in SwiftUI.
        if tree != (script.changes.last?.root ?? script.initial) {
            script.changes.append(ViewChange(timeSeconds: now, transaction: pending, root: tree))
        }
        // The views that appear: those whose `onAppear` place the last tree did not have (none
        // when the places are the last tree's, in order, as when every view was kept).
        let appearing = resolver.appearances.map(\.key)
        if appearing != present {
            let before = Set(present)
            for request in resolver.appearances where !before.contains(request.key) {
                schedule(.action(request.action), at: now, location: Self.location(of: request.action, or: rootLocation))
            }
            present = appearing
        }
        updateSubscriptions()
        startNewTasks()
        scheduleTimelineUpdate()
        scheduleChangeActions()
    }

    /// Schedules, at the current time, the `onChange` actions whose value differs from the one
    /// the same place read in the previous tree (and those with `initial: true` new in the
    /// tree), in tree order, as SwiftUI runs them after the update that changed the value.
    private func scheduleChangeActions() {
        var values: [String: Value] = [:]
        for request in resolver.changes {
            guard let change = request.change else { continue }
            values[request.key] = change.value
            let old = watchedValues[request.key]
            if let old, old.isEqual(to: change.value) { continue }
            if old == nil, !change.initial { continue }
            let arguments = change.form.arguments(for: request.action, old: old ?? change.value, new: change.value)
            let action = request.action
            let work = Function(.native([NativeFunction([]) { [unowned self] call throws(Interrupt) in
                try evaluator.call(action, arguments, at: call.location)
            }]), environment: evaluator.globals, name: "onChange")
            schedule(.action(work), at: now, location: Self.location(of: action, or: rootLocation))
        }
        watchedValues = values
    }

    /// `.task { }` of views new in the tree: started once per place, as SwiftUI starts them
    /// when the view appears.
    private func startNewTasks() {
        for request in resolver.tasks where !startedTaskKeys.contains(request.key) {
            startedTaskKeys.insert(request.key)
            startTask(request.action, at: rootLocation)
        }
    }

    /// The `.onReceive`s of subjects in the tree, in tree order: the subject's number and the
    /// view's latest action.
    @exclusivity(unchecked) private var subjectSubscribers: [(key: String, serial: Int, action: Function)] = []

    /// Delivers `value` sent into `subject` to each `.onReceive` of it in the tree, in order,
    /// now (Combine delivers on the sending thread, inside `send`).
    func deliver(_ subject: SubjectValue, _ value: Value, at location: SourceLocation) throws(Interrupt) {
        for subscriber in subjectSubscribers where subscriber.serial == subject.serial {
            _ = try evaluator.call(subscriber.action, [value], at: location)
        }
    }

    /// The `.onReceive` requests of the tree the subscriptions were last updated for: their
    /// places and actions (held, so that an action's identity is never another's).
    @exclusivity(unchecked) private var subscribedRequests: [(key: String, action: Function)] = []

    /// Starts the timers of `.onReceive` subscriptions new in the tree, and stops those gone.
    private func updateSubscriptions() {
        // A tree whose views that subscribe were all kept asks for what the last one did.
        let requests = resolver.subscriptions
        if requests.count == subscribedRequests.count,
           zip(requests, subscribedRequests).allSatisfy({ $0.action === $1.action && $0.key == $1.key }) { return }
        subscribedRequests = requests.map { ($0.key, $0.action) }
        var keys: Set<String> = []
        let subscribed = Set(subjectSubscribers.map(\.key))
        subjectSubscribers = []
        for request in resolver.subscriptions {
            if let subject = request.publisher?.subject {
                subjectSubscribers.append((request.key, subject.serial, request.action))
                // A subject that holds a value gives it to a new subscriber when it subscribes.
                if !subscribed.contains(request.key), let value = subject.current, subject.kind != .passthrough {
                    let action = request.action
                    let work = Function(.native([NativeFunction([]) { [unowned self] call throws(Interrupt) in
                        try evaluator.call(action, [value], at: call.location)
                    }]), environment: evaluator.globals, name: "onReceive")
                    schedule(.action(work), at: now, location: Self.location(of: action, or: rootLocation))
                }
                continue
            }
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
