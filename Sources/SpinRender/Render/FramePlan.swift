import Raster
import Scene

/// Which frames a request emits and when each is sampled, decided before any pixel is drawn.
///
/// When the picture repeats every `p` frames (`ViewEngine.framePeriod(framesPerSecond:maximumFrames:)`)
/// frame `k` is sampled at the time of frame `k mod p` — the same state — so repeats are
/// identical to the pixel. With ``RenderRequest/compact`` only the shortest whole repeat of
/// frames *and* delays is emitted, and the loop count is multiplied so the GIF plays the same,
/// centisecond for centisecond.
struct FramePlan: Sendable {
    let renderer: ViewRenderer
    let timing: FrameTiming
    /// Frames the animation has before compaction.
    let frameCount: Int
    /// Frames emitted (≤ `frameCount`).
    let emittedCount: Int
    /// Loop count of the emitted frames.
    let loopCount: LoopCount
    /// Frames after which the scene's state repeats exactly, when it does.
    let statePeriod: Int?
    /// One line each, for the user.
    let warnings: [String]

    /// - Parameter maximumRepeats: the largest repeat count the output's loop field holds
    ///   (65535 for GIF's NETSCAPE2.0 block, 65534 for WebP's `ANIM` chunk, which counts plays):
    ///   frames are not compacted when the multiplied loop count would not fit.
    init(_ request: RenderRequest, maximumRepeats: Int = 65_535) {
        renderer = ViewRenderer(request.makeEngine())
        let schedule = Schedule(request, engine: renderer.engine, maximumRepeats: maximumRepeats)
        timing = schedule.timing
        frameCount = schedule.frameCount
        emittedCount = schedule.emittedCount
        loopCount = schedule.loopCount
        statePeriod = schedule.statePeriod
        warnings = schedule.warnings
    }

    /// The frames emitted for `request`, without preparing to draw them (no glyph flattened):
    /// for the memory check before a render.
    static func emittedCount(_ request: RenderRequest, maximumRepeats: Int = 65_535) -> Int {
        Schedule(request, engine: request.makeEngine(), maximumRepeats: maximumRepeats).emittedCount
    }

    /// Everything about a request's frames but their drawing.
    struct Schedule {
        let timing: FrameTiming
        let frameCount: Int
        let emittedCount: Int
        let loopCount: LoopCount
        let statePeriod: Int?
        let warnings: [String]

        init(_ request: RenderRequest, engine: ViewEngine, maximumRepeats: Int = 65_535) {
            frameCount = request.frameCount(using: engine)
            timing = FrameTiming(frameCount: frameCount, framesPerSecond: request.framesPerSecond,
                                 startSeconds: request.startSeconds(using: engine))
            var warnings: [String] = []
            if timing.raisedDelayCount > 0 {
                warnings.append("\(timing.raisedDelayCount) frame delays under 2 cs were raised to 2 cs (browsers play 0–1 cs as 10 cs); use --fps 50 or less for exact timing")
            }
            if request.loopCount != .playOnce, let period = engine.repeatPeriodSeconds,
               request.scene.layoutChanges.isEmpty, let repeatSeconds = engine.pictureRepeatSeconds {
                let duration = Double(frameCount) / request.framesPerSecond
                // A picture that repeats between two frame times (a spring's period of 2.5397 s
                // at 50 fps) loops as well as whole frames allow: only a cut of more than half a
                // frame shows as a jump.
                let cut = abs(duration - max(1, (duration / repeatSeconds).rounded()) * repeatSeconds)
                if cut > 0.5 / request.framesPerSecond + 1e-9 {
                    warnings.append("the animation repeats every \(shortDecimal(period)) s; a \(shortDecimal(duration)) s \(request.format.displayName) cuts it, so it jumps when it loops (use --duration \(shortDecimal(period)))")
                }
            }
            // Periods such as 0.7 s and 1.1 s meet only after 7.7 s: the default length holds
            // all of it, which is right for a seamless loop but worth knowing about.
            let periods = engine.repeatingPeriodsSeconds
            if request.durationSeconds == nil, periods.count > 1, let longest = periods.last,
               let common = engine.repeatPeriodSeconds, common >= 3 * longest {
                let each = periods.map { shortDecimal($0) + " s" }
                let listed = each.dropLast().joined(separator: ", ") + " and " + each.last!
                warnings.append("the animations repeat every \(listed), and together only every \(shortDecimal(common)) s: the \(request.format.displayName) holds all \(shortDecimal(common)) s (\(frameCount) frames); give --duration to make it shorter (it then jumps when it loops)")
            }
            if engine.inkCut {
                warnings.append("the views draw so far past their layout that the canvas would be longer than \(shortDecimal(RenderRequest.maximumInkCanvasPoints)) points (a scale or offset that large leaves any screen): it keeps the layout's size on that side, as with --canvas layout, and cuts off what lies beyond")
            }
            let end = Double(frameCount) / request.framesPerSecond
            if let late = request.scene.layoutChanges.first(where: { $0 >= end }) {
                warnings.append("the rotation at \(shortDecimal(late)) s comes after the animation ends at \(shortDecimal(end)) s and is not shown")
            }
            self.warnings = warnings
            // Frames repeat with the picture's period only from its loop start: a render that
            // starts before it (played once, from t = 0) shows what comes first as it happens
            // (sampling frame k at k mod the period drew a timer's wait before its first tick
            // over and over).
            statePeriod = timing.startSeconds + 1e-9 >= engine.loopStartSeconds
                ? engine.framePeriod(framesPerSecond: request.framesPerSecond) : nil
            var emitted = frameCount
            var loop = request.loopCount
            if request.compact, let statePeriod, let delayPeriod = timing.delayPatternPeriod {
                let repeatFrames = FramePlan.leastCommonMultiple(statePeriod, delayPeriod)
                if repeatFrames < frameCount, frameCount % repeatFrames == 0,
                   let compactedLoop = FramePlan.multiplied(request.loopCount, by: frameCount / repeatFrames,
                                                                 maximumRepeats: maximumRepeats) {
                    emitted = repeatFrames
                    loop = compactedLoop
                }
            }
            emittedCount = emitted
            loopCount = loop
        }
    }

    /// Seconds at which emitted frame `index` is sampled.
    func sampleTime(ofFrame index: Int) -> Double {
        renderer.engine.pictureTime(timing.sampleTime(ofFrame: statePeriod.map { index % $0 } ?? index))
    }

    /// Display time of emitted frame `index`, in centiseconds.
    func delay(ofFrame index: Int) -> Int { timing.delaysCentiseconds[index] }

    /// The loop count that plays `times` copies of a compacted sequence as often as `loop`
    /// plays the whole one, or `nil` when the output's count cannot hold it (NETSCAPE2.0's 16-bit
    /// count: 65535 repeats).
    static func multiplied(_ loop: LoopCount, by times: Int, maximumRepeats: Int = 65_535) -> LoopCount? {
        switch loop {
        case .forever: return .forever
        case .playOnce: return times == 1 ? .playOnce : .repeats(times - 1)
        case .repeats(let n):
            let total = (n + 1) * times - 1
            return total <= maximumRepeats ? .repeats(total) : nil
        }
    }

    static func leastCommonMultiple(_ a: Int, _ b: Int) -> Int {
        func gcd(_ x: Int, _ y: Int) -> Int { y == 0 ? x : gcd(y, x % y) }
        return a / gcd(a, b) * b
    }
}
