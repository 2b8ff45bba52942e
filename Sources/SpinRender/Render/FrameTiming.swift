/// Frame delays for a frame rate, in GIF centiseconds.
///
/// GIF89a §23 stores each frame's delay in hundredths of a second. For rates that do not
/// divide 100 the running end time is rounded, so the error never accumulates: at 30 fps the
/// frames end at 3.33, 6.67, 10, 13.33, 16.67 cs → delays 3, 4, 3, 3, 4. Browsers play delays
/// of 0 or 1 cs as 10 cs, so 2 cs (50 fps) is the shortest honoured delay; shorter ones are
/// raised to 2 and reported.
public struct FrameTiming: Hashable, Sendable {
    /// Shortest delay browsers honour, in centiseconds.
    public static let minimumDelayCentiseconds = 2
    /// Longest delay one graphic control extension can hold, in centiseconds.
    public static let maximumDelayCentiseconds = 65_535

    /// Frames per second (> 0).
    public let framesPerSecond: Double
    /// One delay per frame, in centiseconds, each ≥ ``minimumDelayCentiseconds``.
    public let delaysCentiseconds: [Int]
    /// How many delays were raised to the minimum.
    public let raisedDelayCount: Int
    /// The animation time of the first frame, in seconds (see ``RenderRequest/startSeconds(using:)``).
    public let startSeconds: Double

    /// Delays for `frameCount` frames at `framesPerSecond`, the first sampled at `startSeconds`.
    ///
    /// - Precondition: `framesPerSecond > 0`, `frameCount ≥ 0`.
    public init(frameCount: Int, framesPerSecond: Double, startSeconds: Double = 0) {
        precondition(framesPerSecond > 0 && frameCount >= 0)
        self.framesPerSecond = framesPerSecond
        self.startSeconds = startSeconds
        var delays: [Int] = []
        delays.reserveCapacity(frameCount)
        var previousEnd = 0
        var raised = 0
        for index in 0..<frameCount {
            let end = Int((Double(index + 1) * 100 / framesPerSecond).rounded())
            var delay = end - previousEnd
            if delay < FrameTiming.minimumDelayCentiseconds {
                delay = FrameTiming.minimumDelayCentiseconds
                raised += 1
            }
            delays.append(min(delay, FrameTiming.maximumDelayCentiseconds))
            previousEnd = end
        }
        delaysCentiseconds = delays
        raisedDelayCount = raised
    }

    /// The time at which frame `index` is sampled: `startSeconds + index / framesPerSecond`.
    public func sampleTime(ofFrame index: Int) -> Double { startSeconds + Double(index) / framesPerSecond }

    /// The number of frames after which the delay pattern repeats: the smallest `q` with
    /// `q × 100 / fps` a whole number of centiseconds (1 for 50 fps, 3 for 30 fps), or `nil`
    /// when there is none below 10 000.
    public var delayPatternPeriod: Int? {
        for q in 1...10_000 {
            let centiseconds = Double(q) * 100 / framesPerSecond
            if abs(centiseconds - centiseconds.rounded()) < 1e-9 * max(1, centiseconds) { return q }
        }
        return nil
    }

    /// The smallest timescale (ticks per second) in which one frame lasts a whole number of
    /// ticks, with the ticks per frame: `(50, 1)` at 50 fps, `(2997, 100)` at 29.97 fps; `nil`
    /// for a rate with more than three decimals. Video and APNG store durations in such ticks,
    /// so their timing is exact where GIF's centiseconds round (30 fps: 3, 4, 3 cs).
    public var exactTimescale: (timescale: Int, ticksPerFrame: Int)? {
        let milli = (framesPerSecond * 1000).rounded()
        guard abs(framesPerSecond * 1000 - milli) < 1e-6, milli >= 1, milli < 1e9 else { return nil }
        func gcd(_ x: Int, _ y: Int) -> Int { y == 0 ? x : gcd(y, x % y) }
        let g = gcd(Int(milli), 1000)
        return (Int(milli) / g, 1000 / g)
    }

    /// The duration of each of the first `frameCount` frames in ticks of `timescale`: frame `k`
    /// ends at `(k + 1) × timescale / fps` ticks, rounded, so the error never accumulates; each
    /// at least 1 tick.
    public func durationsTicks(timescale: Int, frameCount: Int) -> [Int] {
        var previousEnd = 0
        return (0..<frameCount).map { index in
            let end = Int((Double(index + 1) * Double(timescale) / framesPerSecond).rounded())
            defer { previousEnd = max(end, previousEnd + 1) }
            return max(1, end - previousEnd)
        }
    }
}
