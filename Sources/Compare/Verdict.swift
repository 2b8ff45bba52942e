/// The outcome of a comparison, in the order the checks run.
public enum Verdict: String, Hashable, Sendable, CaseIterable {
    /// Same canvas, frames and timing; every frame's pixels equal within the tolerance.
    case equal
    /// Same canvas, frames and timing; some frame has more differing pixels than allowed.
    case pixelsDiffer
    /// The canvas sizes differ.
    case sizeMismatch
    /// The number of frames differs (after merging identical consecutive frames).
    case frameCountMismatch
    /// Some frame is shown for a different time.
    case delayMismatch
    /// The loop counts differ.
    case loopCountMismatch

    /// The CLI's exit status: 0 equal within tolerance, 1 pixels differ, 2 size, frame count,
    /// delay or loop count differ.
    public var exitStatus: Int32 {
        switch self {
        case .equal: 0
        case .pixelsDiffer: 1
        case .sizeMismatch, .frameCountMismatch, .delayMismatch, .loopCountMismatch: 2
        }
    }
}
