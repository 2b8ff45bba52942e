import Raster

/// The moments at which two animations are compared when comparing what plays.
///
/// A moment starts whenever either side starts showing a frame, over one common period; during
/// it both sides show one frame each. Times are in centiseconds, the GIF delay unit (GIF89a,
/// Graphic Control Extension), so every start is exact.
struct PlaybackPlan {
    /// The merged frame indices shown together.
    struct Pair: Hashable {
        var actual: Int
        var expected: Int
    }

    /// One moment: from `start` for `duration` centiseconds, `pair` is shown.
    struct Moment {
        var start: Int
        var duration: Int
        var pair: Pair
    }

    /// The moments, in time order, covering `0..<period`.
    let moments: [Moment]
    /// How many different pairs of frames the moments show: the frames compared.
    var distinctPairs: Int { Set(moments.map(\.pair)).count }
    /// The compared span in centiseconds.
    let period: Int
    /// Set when the loops last different times and cannot be compared over a common period.
    let durationMismatch: SequenceMismatch?

    static let maximumRepeats = FrameComparison.maximumCommonPeriodLoops
    static let maximumMoments = FrameComparison.maximumCommonPeriodMoments

    /// A plan, or `nil` when what plays cannot be compared: a side without timing (total delay
    /// 0), or both sides a single frame (stills, whose pixels alone are compared).
    init?(actual: [FrameComparison.MergedFrame], actualLoop: LoopCount,
          expected: [FrameComparison.MergedFrame], expectedLoop: LoopCount) {
        let actualDelays = actual.map(\.frame.delayCentiseconds), expectedDelays = expected.map(\.frame.delayCentiseconds)
        let actualLength = actualDelays.reduce(0, +), expectedLength = expectedDelays.reduce(0, +)
        guard actualLength > 0, expectedLength > 0, actual.count > 1 || expected.count > 1 else { return nil }
        func starts(_ delays: [Int]) -> [Int] {
            var result: [Int] = [], time = 0
            for delay in delays { result.append(time); time += delay }
            return result
        }
        let actualStarts = starts(actualDelays), expectedStarts = starts(expectedDelays)
        var period = max(actualLength, expectedLength)
        var mismatch: SequenceMismatch? = nil
        // Every start of either side within the period (a side shorter than the period repeats;
        // with a mismatch the shorter side holds its last frame, as a finished animation does);
        // `nil` as soon as there are more than `limit`.
        func collectStarts(within period: Int, limit: Int = .max) -> Set<Int>? {
            var times = Set<Int>()
            for (starts, length, loops) in [(actualStarts, actualLength, actualLoop), (expectedStarts, expectedLength, expectedLoop)] {
                var offset = 0
                while offset < period {
                    for start in starts where offset + start < period {
                        times.insert(offset + start)
                        if times.count > limit { return nil }
                    }
                    offset += length
                    if mismatch != nil && loops != .forever { break }
                }
            }
            return times
        }
        var planned: Set<Int>? = nil
        if actualLength != expectedLength {
            if actualLoop == .forever && expectedLoop == .forever {
                // Listing the moments stops at the limit, so a period too long costs no more
                // than one that fits.
                let common = Self.leastCommonMultiple(actualLength, expectedLength)
                if let common, common <= Self.maximumRepeats * period,
                   let moments = collectStarts(within: common, limit: Self.maximumMoments) {
                    period = common
                    planned = moments
                } else {
                    mismatch = .commonPeriodTooLong(actualMilliseconds: actualLength * 10, expectedMilliseconds: expectedLength * 10)
                }
            } else {
                mismatch = .loopDuration(actualMilliseconds: actualLength * 10, expectedMilliseconds: expectedLength * 10)
            }
        }
        let times = planned ?? collectStarts(within: period)!
        let sorted = times.sorted()
        func shown(at time: Int, starts: [Int], length: Int, loops: LoopCount) -> Int {
            let local = mismatch != nil && loops != .forever && time >= length ? length - 1 : time % length
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= local { low = middle } else { high = middle - 1 }
            }
            return low
        }
        var moments: [Moment] = []
        for (i, start) in sorted.enumerated() {
            let end = i + 1 < sorted.count ? sorted[i + 1] : period
            let pair = Pair(actual: shown(at: start, starts: actualStarts, length: actualLength, loops: actualLoop),
                            expected: shown(at: start, starts: expectedStarts, length: expectedLength, loops: expectedLoop))
            moments.append(Moment(start: start, duration: end - start, pair: pair))
        }
        self.moments = moments
        self.period = period
        self.durationMismatch = mismatch
    }

    /// `lcm(a, b)` for positive `a`, `b`, or `nil` when it overflows.
    static func leastCommonMultiple(_ a: Int, _ b: Int) -> Int? {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        let (product, overflow) = (a / x).multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }
}
