/// Wall-clock timing of in-process work: the median of several runs after one warm-up.
///
/// `ContinuousClock` is monotonic and needs no Foundation. The median, not the mean, because
/// the benchmark shares its cores with other work and a single preempted run should not move
/// the figure.
enum Timing {
    /// Runs `body` once to warm caches, then `runs` times, and returns the run times in
    /// milliseconds, sorted.
    static func measure(runs: Int, _ body: () -> Void) -> [Double] {
        body()
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(runs)
        for _ in 0..<runs {
            times.append(milliseconds(clock.measure(body)))
        }
        return times.sorted()
    }

    /// The median time of each of `bodies`, measured in turns, one run of each per round after a
    /// round that warms them up: a machine slowing down or speeding up during the benchmark
    /// weighs on every body alike, so the ratios between them (the targets) hold.
    static func medianInTurns(runs: Int, _ bodies: [() -> Void]) -> [Double] {
        let clock = ContinuousClock()
        var rounds = [[Double]](repeating: [], count: bodies.count)
        for round in 0...runs {
            for (index, body) in bodies.enumerated() {
                let elapsed = clock.measure(body)
                if round > 0 { rounds[index].append(milliseconds(elapsed)) }
            }
        }
        return rounds.map { median($0.sorted()) }
    }

    /// The median of sorted values.
    static func median(_ sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty)
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}

/// Prints `PASS` or `MISS` for a target, in the format `scripts/bench.py` collects for its
/// summary. A miss is a finding to report, not a failure: the benchmark never exits non-zero
/// for it.
func target(_ met: Bool, _ text: String) {
    print("\(met ? "PASS" : "MISS")  \(text)")
}


/// Pads `text` on the left to `width` characters (right-aligned numbers in tables).
func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}
