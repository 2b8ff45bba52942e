import Motion

extension ViewEngine {
    /// Every segment of every track, with whether it belongs to a glyph rotation.
    private var allSegments: [(start: Double, animation: Animation?)] {
        numbers.flatMap { $0.segments.map { ($0.startSeconds, $0.animation) } }
            + points.flatMap { $0.segments.map { ($0.startSeconds, $0.animation) } }
            + colours.flatMap { $0.segments.map { ($0.startSeconds, $0.animation) } }
    }

    /// The common period, in seconds, of every animation that repeats for ever; `nil` when none
    /// does or they share none within 600 s (one period, however long, is its own). For the
    /// documentation's spinners: 2 s.
    ///
    /// A script that repeats only because nothing changes any more (a bar that is full and a
    /// timer that still ticks) adds no period: its picture is still from there, and the render
    /// holds it as after changes that stop (see ``computePictureRepeat()``).
    public var repeatPeriodSeconds: Double? {
        var periods = repeatingPeriodsSeconds
        if let repeating = script.repeating, !periods.isEmpty || script.changes.contains(where: { $0.timeSeconds > repeating.start }) {
            periods = Array(Set(periods + [repeating.period])).sorted()
        }
        if periods.count == 1 { return periods.first }
        return periods.isEmpty ? nil : commonPeriod(periods)
    }

    /// The distinct periods, in seconds, of the animations that repeat for ever, shortest
    /// first (a `ProgressView`'s pattern among them): what ``repeatPeriodSeconds`` is the common
    /// period of.
    public var repeatingPeriodsSeconds: [Double] {
        var periods = Set(allSegments.compactMap { $0.animation?.periodSeconds })
        if showsActivityIndicator { periods.insert(ActivityIndicator.patternPeriodSeconds) }
        return periods.sorted()
    }

    /// Whether a `ProgressView` is drawn at any time: its ticks step on their own, repeating
    /// every ``ActivityIndicator/patternPeriodSeconds``.
    var showsActivityIndicator: Bool {
        programs.contains { $0.program.ops.contains { if case .progressView = $0.item { true } else { false } } }
    }

    /// When the last finite animation settles, in seconds; `nil` when there is none.
    public var settleSeconds: Double? {
        allSegments.compactMap { segment in
            guard let animation = segment.animation, animation.periodSeconds == nil,
                  let settle = animation.settleSeconds else { return nil }
            return segment.start + settle
        }.max()
    }

    /// The time of the last change, script change or device rotation, in seconds; `nil` when
    /// there is none.
    public var lastChangeSeconds: Double? {
        // A script that repeats has its changes in the loop: only those before it count.
        if let repeating = script.repeating { return (rotationTimes + [repeating.start]).max() }
        return (script.changes.map(\.timeSeconds) + rotationTimes).max()
    }

    /// The shortest time after which the picture repeats exactly, from t = 0, or `nil` when it
    /// is not periodic from the start (device rotations, later changes, finite animations still
    /// running, no repeating animation).
    ///
    /// The common period of all repeating animations, shortened by the rays glyph's 8-fold
    /// symmetry when every rotation of a lone glyph advances by the same whole multiple of 45°
    /// every fraction of the period and every other property repeats at that fraction (as the
    /// documentation's linear turn does: one ray spacing every 0.25 s).
    public var pictureRepeatSeconds: Double? { pictureRepeat?.period }

    /// The time, in seconds, from which the picture repeats every ``pictureRepeatSeconds``: 0
    /// for the documentation's spinners; later when a repeating animation waits for a `delay`
    /// before its first run (staggered dots, `.delay(Double(index) * 0.1)`) or a finite one
    /// started at t = 0 is still running (a fade-in beside a spin). 0 when the picture does not
    /// repeat.
    public var loopStartSeconds: Double { pictureRepeat?.start ?? 0 }

    /// The time, in seconds, whose picture is the one at `time`: for a script driven by timers,
    /// which holds its changes for one repeat only (``Scene/ViewScript/repeating``), a time in a
    /// later repeat (a render played once, or longer than one loop) is its place in the first;
    /// any other time is itself (animations alone are evaluated at any time as they are).
    public func pictureTime(_ time: Double) -> Double {
        guard script.repeating != nil, let (start, period) = pictureRepeat, period > 0, time >= start + period else { return time }
        return start + (time - start).truncatingRemainder(dividingBy: period)
    }

    /// ``loopStartSeconds`` and ``pictureRepeatSeconds``, worked out once.
    func computePictureRepeat() -> (start: Double, period: Double)? {
        // Timers drive the changes: the loop is the script's, lengthened to a period every
        // repeating animation shares with it.
        if let repeating = script.repeating {
            guard rotationTimes.isEmpty, repeating.period > 0 else { return nil }
            let periods = repeatingPeriodsSeconds
            // A run that repeats only because nothing changes any more (a countdown that
            // reached 0 and a timer that still ticks, a bar that is full) has a still picture
            // from there: looping that still would never show the count. The render is then
            // the run up to it, as for changes that stop.
            if periods.isEmpty, !script.changes.contains(where: { $0.timeSeconds > repeating.start }) { return nil }
            if periods.isEmpty { return (repeating.start, repeating.period) }
            guard let common = commonPeriod(Array(Set(periods + [repeating.period])).sorted()) else { return nil }
            return (repeating.start, common)
        }
        // Device rotations are shown as they happen, not looped. A change after t = 0 is shown
        // as it happens too, unless the picture stands still until it and it starts the loop
        // (a spinner started by a block 0.5 s in): the loop then starts after it, as it would
        // after a `delay`; a toggle that animates beside a turning indicator is not looped.
        // The loop starts once every delay has passed and every finite animation has settled;
        // a repeating animation repeats with its period from its start, whatever its phase.
        guard rotationTimes.isEmpty else { return nil }
        let lastChange = max(0, programs.map(\.start).max() ?? 0)
        if lastChange > 0 {
            guard !showsActivityIndicator, programs.allSatisfy({ $0.start <= 0 || $0.start == lastChange }),
                  allSegments.allSatisfy({ $0.animation == nil || $0.start == lastChange }) else { return nil }
        }
        var start = lastChange
        for segment in allSegments {
            guard let animation = segment.animation else {
                start = max(start, segment.start)
                continue
            }
            if animation.periodSeconds != nil {
                start = max(start, segment.start + animation.delaySeconds)
            } else {
                guard let settle = animation.settleSeconds else { return nil }
                start = max(start, segment.start + settle)
            }
        }
        var periods: [Double] = []
        for segment in allSegments {
            guard let animation = segment.animation, let period = animation.periodSeconds else { continue }
            guard period > 0 else { return nil }
            // Times from the segment's own start, which its progress counts from.
            let samples = (0..<16).map { start - segment.start + period * (Double($0) + 0.318) / 16 }
            let periodic = samples.allSatisfy {
                abs(animation.progress(atSeconds: $0) - animation.progress(atSeconds: $0 + period)) < 1e-9
            } && {
                // Just after the start rather than at it: a loop that starts where a sawtooth
                // wraps (the last of three delays of ⅔ s in a 2 s period) would compare its two
                // sides, 1 and 0, as a rounding of the sum decides.
                let after = start - segment.start + period * 1e-7
                return abs(animation.progress(atSeconds: after) - animation.progress(atSeconds: after + period)) < 1e-9
            }()
            guard periodic else { return nil }
            periods.append(period)
        }
        // The indicator's pattern turns one tick every 1/8 s: its picture repeats only after a
        // whole pattern period (its ticks differ in opacity, so no symmetry shortens it).
        let indicator = showsActivityIndicator
        if indicator { periods.append(ActivityIndicator.patternPeriodSeconds) }
        let distinct = Set(periods)
        guard let period = distinct.count == 1 ? distinct.first : commonPeriod(distinct.sorted()) else { return nil }
        let samples = (0..<16).map { start + period * (Double($0) + 0.318) / 16 }
        func modulo(_ x: Double, _ m: Double) -> Double {
            let r = x.truncatingRemainder(dividingBy: m)
            return r < 0 ? r + m : r
        }
        for divisions in [8, 4, 2] {
            let shift = period / Double(divisions)
            if indicator {
                let cycles = shift / ActivityIndicator.patternPeriodSeconds
                guard abs(cycles - cycles.rounded()) < 1e-9, cycles.rounded() >= 1 else { continue }
            }
            func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
            // Tracks that never change repeat at any shift.
            let numbersRepeat = numbers.indices.allSatisfy { index in
                let track = numbers[index]
                guard !track.segments.isEmpty else { return true }
                guard glyphRotationTracks.contains(index) else {
                    return samples.allSatisfy { same(track.number(atSeconds: $0 + shift), track.number(atSeconds: $0)) }
                }
                let turns = samples.map { track.number(atSeconds: $0 + shift) - track.number(atSeconds: $0) }
                let reference = modulo(turns[0], 360)
                return turns.allSatisfy { turn in
                    let ray = modulo(turn, RaysSymbol.raySpacingDegrees)
                    let full = modulo(turn, 360)
                    return min(ray, RaysSymbol.raySpacingDegrees - ray) < 1e-6
                        && min(abs(full - reference), 360 - abs(full - reference)) < 1e-6
                }
            }
            let pointsRepeat = points.allSatisfy { track in
                track.segments.isEmpty || samples.allSatisfy {
                    let a = track.point(atSeconds: $0 + shift), b = track.point(atSeconds: $0)
                    return same(a.x, b.x) && same(a.y, b.y)
                }
            }
            let coloursRepeat = colours.allSatisfy { track in
                track.segments.isEmpty || samples.allSatisfy {
                    track.colour(atSeconds: $0 + shift).rgba8 == track.colour(atSeconds: $0).rgba8
                }
            }
            if numbersRepeat && pointsRepeat && coloursRepeat { return (start, shift) }
        }
        return (start, period)
    }

    /// The number of frames after which frames repeat exactly at `framesPerSecond`, or `nil`
    /// when the picture is not periodic or its period is not a whole number of frames within
    /// `maximumFrames`.
    public func framePeriod(framesPerSecond: Double, maximumFrames: Int = 100_000) -> Int? {
        guard let seconds = pictureRepeatSeconds else { return nil }
        let framesPerRepeat = seconds * framesPerSecond
        var multiple = 1
        while Double(multiple) * framesPerRepeat <= Double(maximumFrames) {
            let frames = Double(multiple) * framesPerRepeat
            if abs(frames - frames.rounded()) < 1e-9 * max(1, frames) && frames.rounded() >= 1 {
                return Int(frames.rounded())
            }
            multiple += 1
            if multiple > 1000 { break }
        }
        return nil
    }
}
