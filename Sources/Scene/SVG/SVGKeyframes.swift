import Motion

/// One animated value as SMIL keyframes: times, values and the timing curve of each interval.
///
/// Built from the value as a function of time over one simple duration: the duration is cut at
/// every moment where a timing curve may start or end (each animation's start, the start of
/// each run of its base curve, its settling time, each script change and device rotation).
/// On each piece the value is tried against every cubic Bézier timing curve the scene uses,
/// forwards and backwards (an autoreversing run plays its curve backwards): when
/// `v(a + u·(b − a)) = v(a) + (v(b) − v(a))·curve(u)` holds at interior points, the piece is one
/// `keySplines` interval (SMIL's spline interpolation is the same cubic Bézier in time, SVG 1.1
/// §19.2.9 `calcMode="spline"`). Any other piece (a spring, several animations blended, a
/// stepping indicator) is sampled at every frame time of the render and interpolated linearly
/// between them, so at each frame time the value is the one the GIF shows. Where the value
/// jumps (a repeating run restarting, a change without animation) two keyframes share a time.
/// Consecutive linear intervals on one straight line are merged.
struct SVGKeyframes {
    /// Seconds from the start of the simple duration, non-decreasing, first 0, last the duration.
    var times: [Double]
    /// One vector per time, all of one length.
    var values: [[Double]]
    /// One curve per interval (`times.count − 1`); `UnitCurve.linear` for a linear one.
    var curves: [UnitCurve]

    /// Whether every value is the same (to the written precision).
    var isConstant: Bool { values.allSatisfy { SVGKeyframes.same($0, values[0]) } }

    /// Whether every interval is linear.
    var isLinear: Bool { curves.allSatisfy { $0 == .linear } }

    /// Values closer than this are written alike (the writer keeps 3 decimals).
    static let tolerance = 4e-4

    static func same(_ a: [Double], _ b: [Double]) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The keyframes of `value` over `0…duration`.
    ///
    /// - Parameters:
    ///   - breakpoints: Ascending times in `0…duration`, including both ends, where a timing
    ///     curve may begin or end.
    ///   - curves: The Bézier curves to try on each piece (linear among them).
    ///   - framesPerSecond: Sampling rate of pieces no curve fits.
    ///   - value: The value at a time, in seconds.
    init(duration: Double, breakpoints: [Double], curves: [UnitCurve], framesPerSecond: Double,
         value: (Double) -> [Double]) {
        times = []
        values = []
        self.curves = []
        // Just before a time: a jump at exactly `b` belongs to the next piece. The view engine's
        // own step boundaries tolerate 1 ns, so this is well below any frame but above that.
        let before = 1e-7 * max(1, duration)
        for (a, b) in zip(breakpoints, breakpoints.dropFirst()) where b > a {
            let start = value(a)
            // The limit from the left, extrapolated from two points just before `b`, so that a
            // steep piece ends where its curve ends.
            let near = value(max(a, b - before)), nearer = value(max(a, b - 2 * before))
            let end = zip(near, nearer).map { 2 * $0 - $1 }
            if values.isEmpty {
                times.append(a)
                values.append(start)
            } else if !SVGKeyframes.same(values[values.count - 1], start) {
                // A jump: a second keyframe at the same time.
                times.append(a)
                values.append(start)
                self.curves.append(.linear)
            }
            if let curve = SVGKeyframes.fit(a, b, start, end, curves, value) {
                times.append(b)
                values.append(end)
                self.curves.append(curve)
                continue
            }
            // Sampled at the frame times inside the piece.
            var frame = (a * framesPerSecond).rounded(.down) + 1
            while frame / framesPerSecond < b - before {
                let t = frame / framesPerSecond
                times.append(t)
                values.append(value(t))
                self.curves.append(.linear)
                frame += 1
            }
            times.append(b)
            values.append(end)
            self.curves.append(.linear)
        }
        if times.isEmpty {
            times = [0]
            values = [value(0)]
        }
        mergeStraightRuns()
    }

    /// The curve (forwards, or backwards for a reversed run) that fits the piece `a…b`, if any.
    private static func fit(_ a: Double, _ b: Double, _ start: [Double], _ end: [Double], _ curves: [UnitCurve],
                            _ value: (Double) -> [Double]) -> UnitCurve? {
        let fractions = (1..<8).map { (Double($0) - 0.13) / 7 }
        let probes = fractions.map { value(a + $0 * (b - a)) }
        let candidates = curves.flatMap { [$0, UnitCurve(1 - $0.c1x, 1 - $0.c1y, 1 - $0.c0x, 1 - $0.c0y)] }
        for curve in candidates {
            let fits = zip(fractions, probes).allSatisfy { u, probe in
                let p = curve.value(at: u)
                return probe.indices.allSatisfy { i in
                    let expected = start[i] + (end[i] - start[i]) * p
                    return abs(probe[i] - expected) <= 1e-6 * max(1, abs(end[i] - start[i]))
                }
            }
            if fits { return curve }
        }
        return nil
    }

    /// Drops keyframes inside straight, linear runs (their value is the interpolation anyway).
    private mutating func mergeStraightRuns() {
        guard times.count > 2 else { return }
        var keptTimes = [times[0]], keptValues = [values[0]], keptCurves: [UnitCurve] = []
        var anchor = 0
        var index = 1
        while index < times.count {
            // Try to extend the run anchor…index+1 past `index`.
            var merged = false
            if index + 1 < times.count, curves[index - 1] == .linear, curves[index] == .linear,
               times[anchor] < times[index], times[index] < times[index + 1] {
                let a = times[anchor], b = times[index + 1]
                merged = (anchor + 1...index).allSatisfy { k in
                    let u = (times[k] - a) / (b - a)
                    return values[k].indices.allSatisfy { i in
                        abs(values[anchor][i] + (values[index + 1][i] - values[anchor][i]) * u - values[k][i]) <= SVGKeyframes.tolerance
                    }
                } && (anchor + 1...index).allSatisfy { curves[$0 - 1] == .linear && times[$0 - 1] < times[$0] }
            }
            if !merged {
                keptTimes.append(times[index])
                keptValues.append(values[index])
                keptCurves.append(curves[index - 1])
                anchor = index
            }
            index += 1
        }
        times = keptTimes
        values = keptValues
        curves = keptCurves
    }
}

extension SVGKeyframes {
    /// Keyframes as given.
    init(times: [Double], values: [[Double]], curves: [UnitCurve]) {
        self.times = times
        self.values = values
        self.curves = curves.isEmpty ? Array(repeating: .linear, count: max(0, times.count - 1)) : curves
    }
}
