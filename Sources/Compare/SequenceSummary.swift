import Raster

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

extension SequenceSummary {
    /// The summary a comparison gives `sequence`: identical consecutive frames merged, their
    /// delays added.
    public init(summarizing sequence: FrameSequence) {
        self.init(width: sequence.width, height: sequence.height, sourceFrameCount: sequence.frames.count,
                  delaysCentiseconds: FrameComparison.mergeIdenticalFrames(sequence.frames).map(\.frame.delayCentiseconds),
                  loopCount: sequence.loopCount)
    }
}
