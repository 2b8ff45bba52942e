import Scene
import SwiftCode

// `TimelineView` with its schedules, and the `Date` and `Calendar` arithmetic its content does
// with `context.date`. The render's clock starts at `ProgramRunner.epochSeconds`
// (2026-01-01 00:00:00 UTC and 2⁻¹⁰ s), and calendar fields are read in UTC, so a render is the same on
// every machine and in every time zone.

/// A `TimelineView`'s schedule: how often its content is evaluated again.
struct TimelineScheduleValue: NativeValue, Equatable {
    /// Seconds between two updates; `nil` for a paused schedule (the content stays as first drawn).
    var intervalSeconds: Double?
    var nativeTypeName: String { "TimelineSchedule" }
}

/// A `TimelineView`'s context: the date of the update being drawn.
struct TimelineContextValue: NativeValue, Equatable {
    var date: DateValue
    var nativeTypeName: String { "TimelineView.Context" }
}

extension SwiftUILibrary {
    /// How often `.animation` updates a `TimelineView`: once per frame of a 60 Hz display, the
    /// refresh rate of iPhones without ProMotion ("the animation schedule … updates at the
    /// display's refresh rate": Apple, `AnimationTimelineSchedule`; UIScreen.maximumFramesPerSecond
    /// is 60 on those devices).
    public static let animationScheduleInterval = 1.0 / 60

    func defineTimeline() {
        let schedule = NativeType("TimelineSchedule", summary: "`.animation`, `.animation(minimumInterval:paused:)`, `.periodic(from:by:)`, `.everyMinute`, `.everySecond`.")
        let animation: (NativeCall) throws(Interrupt) -> Value = { _ throws(Interrupt) in
            .native(TimelineScheduleValue(intervalSeconds: Self.animationScheduleInterval))
        }
        let animationWithInterval = NativeFunction([NativeParameter("minimumInterval", .optional(.double), default: .nilValue),
                                                    NativeParameter("paused", .bool, default: .bool(false))],
                                                   result: .named("TimelineSchedule")) { call throws(Interrupt) in
            if try call.bool(1) { return .native(TimelineScheduleValue(intervalSeconds: nil)) }
            var interval = Self.animationScheduleInterval
            if case .nilValue = call[0].dereferenced {} else {
                let minimum = try call.number(0)
                guard minimum >= 0, minimum <= 86_400 else { throw call.error("the minimum interval must be between 0 and 86400 seconds", argument: 0) }
                // A shorter interval than a display frame still updates once per frame.
                interval = max(minimum, Self.animationScheduleInterval)
            }
            return .native(TimelineScheduleValue(intervalSeconds: interval))
        }
        schedule.staticMembers["animation"] = .overloaded(.named("TimelineSchedule"), animation, [animationWithInterval])
        schedule.staticMethod("periodic", [NativeParameter("from", .named("Date")), NativeParameter("by", .double)]) { call throws(Interrupt) in
            let interval = try call.number(1)
            guard interval >= 0.001, interval <= 86_400 else { throw call.error("the interval must be between 0.001 and 86400 seconds", argument: 1) }
            return .native(TimelineScheduleValue(intervalSeconds: interval))
        }
        schedule.constant("everyMinute", .native(TimelineScheduleValue(intervalSeconds: 60)))
        schedule.constant("everySecond", .native(TimelineScheduleValue(intervalSeconds: 1)))
        native.add(schedule)
        // `.animation` where a `TimelineSchedule` is expected is written as a member of each
        // concrete schedule type in SwiftUI; they are one type here.
        for name in ["AnimationTimelineSchedule", "PeriodicTimelineSchedule", "EveryMinuteTimelineSchedule"] {
            native.types[name] = schedule
        }

        let context = NativeType("TimelineView.Context", summary: "`context.date`: the time of the update.")
        context.property("date", type: .named("Date")) { call throws(Interrupt) in
            guard case let .native(value as TimelineContextValue)? = call.receiver else { return .native(DateValue(seconds: 0)) }
            return .native(value.date)
        }
        // A render is always watched live: `.live` is the cadence of every update (the others are
        // for the Always-On display of a watch).
        context.property("cadence", type: .named("TimelineView.Context.Cadence")) { _ throws(Interrupt) in
            .native(Boxed(value: 0, typeName: "TimelineView.Context.Cadence"))
        }
        native.types["TimelineView.Context"] = context
        let cadence = NativeType("TimelineView.Context.Cadence")
        for (index, name) in ["live", "seconds", "minutes"].enumerated() {
            cadence.constant(name, .native(Boxed(value: index, typeName: "TimelineView.Context.Cadence")))
        }
        for op in ["<", ">", "<=", ">=", "==", "!="] {
            cadence.binaryOperator(op, right: .named("TimelineView.Context.Cadence"), result: .bool) { call throws(Interrupt) in
                let left = (try call.native(0, Boxed<Int>.self, "a cadence")).value
                let right = (try call.native(1, Boxed<Int>.self, "a cadence")).value
                switch op {
                case "<": return .bool(left < right)
                case ">": return .bool(left > right)
                case "<=": return .bool(left <= right)
                case ">=": return .bool(left >= right)
                case "==": return .bool(left == right)
                default: return .bool(left != right)
                }
            }
        }
        native.types["TimelineView.Context.Cadence"] = cadence

        let timeline = NativeType("TimelineView", protocols: ["View"], summary: "`TimelineView(.animation) { context in … }`: its content evaluated again at each update of its schedule, with `context.date` on the render's clock.")
        timeline.initializer([NativeParameter(nil, .named("TimelineSchedule")),
                              NativeParameter("content", .function(parameters: [.named("TimelineView.Context")], result: .named("View")), builder: "ViewBuilder")]) { call throws(Interrupt) in
            let schedule = try call.native(0, TimelineScheduleValue.self, "a timeline schedule such as '.animation'")
            guard case let .function(content) = call[1] else {
                throw call.error("'TimelineView' takes its content in braces: 'TimelineView(.animation) { context in … }'", argument: 1)
            }
            // The content is called when the tree is made (``ViewResolver``), at every update.
            return .native(ViewDescription.timeline(intervalSeconds: schedule.intervalSeconds, content: content, at: call.location))
        }
        native.add(timeline)

        defineDateArithmetic()
    }

    /// `Date.now`, `timeIntervalSince(_:)`, `addingTimeInterval(_:)`, `+`/`-` with seconds,
    /// comparisons, `description`, and `Calendar.current.component(_:from:)` in UTC.
    private func defineDateArithmetic() {
        guard let date = native.types["Date"] else { return }
        date.staticMembers["now"] = .property(.named("Date"), { [unowned self] _ throws(Interrupt) in .native(DateValue(seconds: runner?.now ?? 0)) })
        date.initializer([NativeParameter("timeIntervalSinceNow", .double)]) { [unowned self] call throws(Interrupt) in
            .native(DateValue(seconds: (runner?.now ?? 0) + (try call.number(0))))
        }
        date.method("timeIntervalSince", [NativeParameter(nil, .named("Date"))], result: .double) { call throws(Interrupt) in
            guard case let .native(value as DateValue)? = call.receiver else { return .double(0) }
            return .double(value.seconds - (try call.native(0, DateValue.self, "a Date")).seconds)
        }
        date.property("timeIntervalSinceNow", type: .double) { [unowned self] call throws(Interrupt) in
            guard case let .native(value as DateValue)? = call.receiver else { return .double(0) }
            return .double(value.seconds - (runner?.now ?? 0))
        }
        date.method("addingTimeInterval", [NativeParameter(nil, .double)], result: .named("Date")) { call throws(Interrupt) in
            guard case let .native(value as DateValue)? = call.receiver else { return .nilValue }
            return .native(DateValue(seconds: value.seconds + (try call.number(0))))
        }
        date.binaryOperator("+", right: .double) { call throws(Interrupt) in
            .native(DateValue(seconds: (try call.native(0, DateValue.self, "a Date")).seconds + (try call.number(1))))
        }
        date.binaryOperator("-", right: .double) { call throws(Interrupt) in
            .native(DateValue(seconds: (try call.native(0, DateValue.self, "a Date")).seconds - (try call.number(1))))
        }
        for op in ["<", ">", "<=", ">="] {
            date.binaryOperator(op, right: .named("Date"), result: .bool) { call throws(Interrupt) in
                let left = (try call.native(0, DateValue.self, "a Date")).seconds
                let right = (try call.native(1, DateValue.self, "a Date")).seconds
                switch op {
                case "<": return .bool(left < right)
                case ">": return .bool(left > right)
                case "<=": return .bool(left <= right)
                default: return .bool(left >= right)
                }
            }
        }
        // `Date.description`: "2026-01-01 00:00:00 +0000", as Foundation prints a date (in UTC).
        date.property("description", type: .string) { call throws(Interrupt) in
            guard case let .native(value as DateValue)? = call.receiver else { return .string("") }
            let fields = CalendarFields(seconds: ProgramRunner.epochSeconds + value.seconds)
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
            return .string("\(fields.year)-\(two(fields.month))-\(two(fields.day)) \(two(fields.hour)):\(two(fields.minute)):\(two(fields.second)) +0000")
        }

        let calendar = NativeType("Calendar", summary: "`Calendar.current.component(_:from:)`, in UTC.")
        calendar.constant("current", .native(Boxed(value: "gregorian", typeName: "Calendar")))
        calendar.constant("autoupdatingCurrent", .native(Boxed(value: "gregorian", typeName: "Calendar")))
        let component = calendar.nested(NativeType("Component"))
        for name in ["year", "month", "day", "hour", "minute", "second", "nanosecond", "weekday"] {
            component.constant(name, .native(Boxed(value: name, typeName: "Calendar.Component")))
        }
        native.types["Calendar.Component"] = component
        calendar.method("component", [NativeParameter(nil, .named("Calendar.Component")), NativeParameter("from", .named("Date"))], result: .int) { call throws(Interrupt) in
            let name = try call.native(0, Boxed<String>.self, "a Calendar.Component").value
            let seconds = ProgramRunner.epochSeconds + (try call.native(1, DateValue.self, "a Date")).seconds
            let fields = CalendarFields(seconds: seconds)
            switch name {
            case "year": return .int(fields.year)
            case "month": return .int(fields.month)
            case "day": return .int(fields.day)
            case "hour": return .int(fields.hour)
            case "minute": return .int(fields.minute)
            case "second": return .int(fields.second)
            case "weekday": return .int(fields.weekday)
            default: return .int(Int(((seconds - seconds.rounded(.down)) * 1e9).rounded(.down)))
            }
        }
        native.add(calendar)
    }
}

/// The Gregorian calendar fields of a time in seconds since 1970, in UTC (days from the civil
/// date algorithm of Howard Hinnant, "chrono-Compatible Low-Level Date Algorithms").
struct CalendarFields: Equatable {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// 1 is Sunday, as `Calendar.component(.weekday, from:)` counts.
    var weekday: Int

    init(seconds: Double) {
        let whole = Int(seconds.rounded(.down))
        var days = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        hour = rest / 3_600
        minute = rest % 3_600 / 60
        second = rest % 60
        // 1970-01-01 was a Thursday (weekday 5).
        weekday = ((days % 7) + 7 + 4) % 7 + 1
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}
