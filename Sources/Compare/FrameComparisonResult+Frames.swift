import Raster

extension FrameComparisonResult {
    /// The actual side's frames as compared: identical consecutive frames merged (their delays
    /// added), one per ``SequenceSummary/delaysCentiseconds`` entry of ``actual``; frame `i` is
    /// the one ``frames```[i]` judged. What a report shows next to the expected frames.
    public var comparedActualFrames: [TimedFrame] { actualFrames }

    /// The expected side's frames as compared, as ``comparedActualFrames`` gives the actual ones.
    public var comparedExpectedFrames: [TimedFrame] { expectedFrames }

    /// The diff image of compared frame `index` alone, as ``makeDiff()`` draws it: O(pixels of
    /// one frame), for callers that want the diff of a few frames only (a report draws none for
    /// identical frames).
    ///
    /// - Precondition: `frames.indices.contains(index)`.
    public func diffImage(at index: Int) -> RGBAImage {
        precondition(frames.indices.contains(index), "frame \(index) is not one of the \(frames.count) compared")
        return DiffPainter.paint(expected: index < expectedFrames.count ? expectedFrames[index].image : nil,
                                 marks: marks[index], width: paddedWidth, height: paddedHeight)
    }
}
