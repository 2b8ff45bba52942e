import Raster

/// The comparison speed figures, for `make bench` to print.
///
/// Each runs ``FrameComparison/compare(actual:expected:options:)`` in-process on 1024 × 1024
/// frames (1 megapixel), wall-clock time, fastest of several runs: two identical frames
/// (target ≤ 2 ms); two unrelated noise frames, where every pixel differs and anti-aliasing
/// detection runs its full path at every pixel — the worst case (target ≤ 25 ms; pixelmatch
/// takes about 243 ms); and a smooth gradient against the same gradient one level brighter,
/// every pixel different but most neighbourhoods regular. Measure a release build on an idle
/// machine: large frames are compared in parallel bands.
public enum CompareBenchmark {
    /// One measured figure.
    public struct Figure: Sendable {
        /// What was measured.
        public var name: String
        /// The fastest of the runs, in milliseconds.
        public var milliseconds: Double
        /// The target, in milliseconds.
        public var targetMilliseconds: Double
    }

    /// Runs each case `repetitions` times and reports the fastest run.
    public static func run(side: Int = 1024, repetitions: Int = 5) -> [Figure] {
        let base = noise(side: side, seed: 1)
        let copy = noise(side: side, seed: 1)  // equal pixels in a separate buffer
        let other = noise(side: side, seed: 2)
        let identical = fastest(repetitions) {
            FrameComparison.compare(actual: still(base), expected: still(copy)).totals.differingPixels
        }
        let allDifferent = fastest(repetitions) {
            FrameComparison.compare(actual: still(base), expected: still(other),
                                    options: ComparisonOptions(ignoreAntialiasing: true)).totals.differingPixels
        }
        let ramp = gradient(side: side, offset: 0), brighter = gradient(side: side, offset: 1)
        let smooth = fastest(repetitions) {
            FrameComparison.compare(actual: still(ramp), expected: still(brighter),
                                    options: ComparisonOptions(ignoreAntialiasing: true)).totals.differingPixels
        }
        return [
            Figure(name: "compare identical \(side)x\(side)", milliseconds: identical, targetMilliseconds: 2),
            Figure(name: "compare all-different noise \(side)x\(side), anti-aliasing detection",
                   milliseconds: allDifferent, targetMilliseconds: 25),
            Figure(name: "compare all-different gradient \(side)x\(side), anti-aliasing detection",
                   milliseconds: smooth, targetMilliseconds: 25),
        ]
    }

    private static func still(_ image: RGBAImage) -> FrameSequence {
        FrameSequence(width: image.width, height: image.height,
                      frames: [TimedFrame(image: image, delayCentiseconds: 0)], loopCount: .playOnce)
    }

    /// Opaque pseudo-random pixels (a linear congruential generator: deterministic).
    static func noise(side: Int, seed: UInt32) -> RGBAImage {
        var state = seed
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels[i] = UInt8(truncatingIfNeeded: state >> 24)
            pixels[i + 1] = UInt8(truncatingIfNeeded: state >> 16)
            pixels[i + 2] = UInt8(truncatingIfNeeded: state >> 8)
        }
        return RGBAImage(width: side, height: side, pixels: pixels)!
    }

    /// Opaque horizontal grey ramp, `offset` levels brighter (clamped at 255).
    static func gradient(side: Int, offset: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let level = UInt8(min(255, (i / 4 % side) * 254 / max(1, side - 1) + offset))
            pixels[i] = level
            pixels[i + 1] = level
            pixels[i + 2] = level
        }
        return RGBAImage(width: side, height: side, pixels: pixels)!
    }

    private static func fastest(_ repetitions: Int, _ body: () -> Int) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        var sink = 0
        for _ in 0..<max(1, repetitions) {
            let elapsed = clock.measure { sink &+= body() }
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            best = min(best, ms)
        }
        if sink == Int.min { print(sink) }  // keep the work observable
        return best
    }
}
