import Raster

/// A pixel coordinate, origin top-left.
public struct PixelPosition: Hashable, Sendable, CustomStringConvertible {
    /// Column, 0 at the left.
    public var x: Int
    /// Row, 0 at the top.
    public var y: Int

    /// Creates a position.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// The outcome of a comparison, in the order the checks run (issue 7 §3).
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

    /// The verdict this mismatch gives.
    public var verdict: Verdict {
        switch self {
        case .canvasSize: .sizeMismatch
        case .frameCount: .frameCountMismatch
        case .delay: .delayMismatch
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
        }
    }
}

/// How one frame compared.
public enum FrameStatus: String, Hashable, Sendable {
    /// Every pixel equal (or both fully transparent).
    case identical
    /// Some pixels differ, no more than the options allow (or all were anti-aliasing).
    case withinTolerance
    /// More pixels differ than the options allow.
    case different
    /// The expected sequence has this frame, the actual one does not.
    case missingInActual
    /// The actual sequence has this frame, the expected one does not.
    case missingInExpected

    /// Whether the frame passes.
    public var passed: Bool { self == .identical || self == .withinTolerance }
}

/// The comparison of one (merged) frame.
public struct FrameResult: Hashable, Sendable {
    /// Index in the merged sequences, from 0.
    public var index: Int
    /// How the frame compared.
    public var status: FrameStatus
    /// Pixels compared: the padded canvas, `max(widths) × max(heights)`.
    public var pixelCount: Int
    /// Pixels that differ and are not excused as anti-aliasing; pixels outside one of two
    /// different-sized canvases and every pixel of a missing frame count.
    public var differingPixels: Int
    /// Pixels taken for anti-aliasing (only with ``ComparisonOptions/ignoreAntialiasing``).
    public var antialiasedPixels: Int
    /// The largest ``PixelDistance`` of a pixel pair, 0…35215. When the canvases differ in size,
    /// a pixel outside one of them is measured against transparency.
    public var maxDelta: Double
    /// The first differing pixel in row-major order.
    public var firstDifference: PixelPosition?
    /// The original frame indices merged into this frame on the actual side (empty when missing).
    public var actualSourceFrames: Range<Int>
    /// The original frame indices merged into this frame on the expected side (empty when missing).
    public var expectedSourceFrames: Range<Int>

    /// ``maxDelta`` on the threshold's 0…1 scale: the smallest `--threshold` that accepts every
    /// pixel of this frame.
    public var maxDistance: Double { PixelDistance.thresholdEquivalent(ofDelta: maxDelta) }

    /// `differingPixels / pixelCount`, 0 for an empty canvas.
    public var differingRatio: Double { pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) }
}

/// Sums over all frames.
public struct ComparisonTotals: Hashable, Sendable {
    /// Frames compared (the longer sequence's merged frame count).
    public var frames: Int
    /// Frames that fail.
    public var failingFrames: Int
    /// Differing pixels over all frames.
    public var differingPixels: Int
    /// Anti-aliased pixels over all frames.
    public var antialiasedPixels: Int
    /// The largest ``PixelDistance`` over all frames.
    public var maxDelta: Double
}

/// Shape and timing of one side, after merging identical consecutive frames.
public struct SequenceSummary: Hashable, Sendable {
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Frames before merging.
    public var sourceFrameCount: Int
    /// Per merged frame, its display time in centiseconds (the merged frames' sum).
    public var delaysCentiseconds: [Int]
    /// How often the sequence plays.
    public var loopCount: LoopCount

    /// Frames after merging.
    public var frameCount: Int { delaysCentiseconds.count }
}

/// The result of ``FrameComparison/compare(actual:expected:options:)``: the verdict, what differs,
/// per-frame figures and (on demand) the diff images.
public struct FrameComparisonResult: Sendable {
    /// The first failing check in order (size, frame count, delays, loop count, pixels), or
    /// ``Verdict/equal``.
    public var verdict: Verdict
    /// Every shape and timing difference found, in check order.
    public var mismatches: [SequenceMismatch]
    /// The actual side.
    public var actual: SequenceSummary
    /// The expected side.
    public var expected: SequenceSummary
    /// One result per merged frame, in order; as many as the longer side has.
    public var frames: [FrameResult]
    /// Sums over ``frames``.
    public var totals: ComparisonTotals
    /// The options used.
    public var options: ComparisonOptions

    /// Inputs kept for ``makeDiff()``: merged frames of both sides and per-frame pixel marks.
    let actualFrames: [TimedFrame]
    let expectedFrames: [TimedFrame]
    let marks: [[UInt8]?]

    /// ``Verdict/exitStatus`` of ``verdict``: 0, 1 or 2.
    public var exitStatus: Int32 { verdict.exitStatus }

    /// The frames that fail, first differing frame first.
    public var failingFrames: [FrameResult] { frames.filter { !$0.status.passed } }

    /// Canvas of the diff: the larger width and the larger height of the two sides.
    public var paddedWidth: Int { max(actual.width, expected.width) }
    /// See ``paddedWidth``.
    public var paddedHeight: Int { max(actual.height, expected.height) }
}
