import Raster

/// A difference in the shape or timing of the two sequences (everything but pixels).
public enum SequenceMismatch: Hashable, Sendable, CustomStringConvertible {
    /// The canvases have different sizes, in pixels.
    case canvasSize(actualWidth: Int, actualHeight: Int, expectedWidth: Int, expectedHeight: Int)
    /// The sequences have different numbers of (merged) frames.
    case frameCount(actual: Int, expected: Int)
    /// Merged frame `frame` is shown for different times, in centiseconds.
    case delay(frame: Int, actualCentiseconds: Int, expectedCentiseconds: Int)
    /// The loop counts differ.
    case loopCount(actual: LoopCount, expected: LoopCount)
    /// One loop lasts a different time, in milliseconds, and the two cannot be compared over a
    /// common period (they do not both loop forever, or the period would be too long).
    case loopDuration(actualMilliseconds: Int, expectedMilliseconds: Int)
    /// Both loop forever, for different times in milliseconds, and their common period (the
    /// least common multiple of the two) is too long to compare: more than
    /// ``FrameComparison/maximumCommonPeriodLoops`` loops of the longer side or more than
    /// ``FrameComparison/maximumCommonPeriodMoments`` moments. They are taken to differ in duration.
    case commonPeriodTooLong(actualMilliseconds: Int, expectedMilliseconds: Int)

    /// The verdict this mismatch gives.
    public var verdict: Verdict {
        switch self {
        case .canvasSize: .sizeMismatch
        case .frameCount: .frameCountMismatch
        case .delay, .loopDuration, .commonPeriodTooLong: .delayMismatch
        case .loopCount: .loopCountMismatch
        }
    }

    /// One line, e.g. `canvas size differs: actual 40 × 30, expected 40 × 32`.
    public var description: String {
        switch self {
        case let .canvasSize(aw, ah, ew, eh):
            "canvas size differs: actual \(aw) × \(ah), expected \(ew) × \(eh)"
        case let .frameCount(actual, expected):
            "frame count differs: actual \(actual), expected \(expected)"
        case let .delay(frame, actual, expected):
            "frame \(frame) delay differs: actual \(actual) cs, expected \(expected) cs"
        case let .loopCount(actual, expected):
            "loop count differs: actual \(actual), expected \(expected)"
        case let .loopDuration(actual, expected):
            "loop duration differs: actual \(actual) ms, expected \(expected) ms"
        case let .commonPeriodTooLong(actual, expected):
            "loop duration differs: actual \(actual) ms, expected \(expected) ms, both looping forever; their common period is too long to compare (more than \(FrameComparison.maximumCommonPeriodLoops) loops or \(FrameComparison.maximumCommonPeriodMoments) moments)"
        }
    }
}
