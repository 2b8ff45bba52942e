import Raster

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
    /// One byte per pixel of the padded canvas, 1 where ignored; `nil` when nothing is.
    let ignored: [UInt8]?

    /// ``Verdict/exitStatus`` of ``verdict``: 0, 1 or 2.
    public var exitStatus: Int32 { verdict.exitStatus }

    /// The frames that fail, first differing frame first.
    public var failingFrames: [FrameResult] { frames.filter { !$0.status.passed } }

    /// What each side shows in compared frame `index` (a moment when comparing what plays), on
    /// its own canvas; `nil` for a side that has no such frame (``FrameStatus/missingInActual``,
    /// ``FrameStatus/missingInExpected``).
    ///
    /// - Precondition: `index` is an index of ``frames``.
    public func shownImages(at index: Int) -> (actual: RGBAImage?, expected: RGBAImage?) {
        (index < actualFrames.count ? actualFrames[index].image : nil,
         index < expectedFrames.count ? expectedFrames[index].image : nil)
    }

    /// Canvas of the diff: the larger width and the larger height of the two sides.
    public var paddedWidth: Int { max(actual.width, expected.width) }
    /// See ``paddedWidth``.
    public var paddedHeight: Int { max(actual.height, expected.height) }
}
