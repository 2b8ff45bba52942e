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
    /// Index in the merged sequences, from 0; when comparing what plays, the moment's index.
    public var index: Int
    /// When comparing what plays (``FrameAlignment/playback``): when this moment starts, in
    /// milliseconds from the start of the loop; `nil` when comparing stored frames.
    public var startMilliseconds: Int? = nil
    /// When comparing what plays: how long both sides keep showing these frames, in milliseconds.
    public var durationMilliseconds: Int? = nil
    /// How the frame compared.
    public var status: FrameStatus
    /// Pixels compared: the padded canvas, `max(widths) × max(heights)`.
    public var pixelCount: Int
    /// Pixels that differ and are not excused as anti-aliasing; pixels outside one of two
    /// different-sized canvases and every pixel of a missing frame count.
    public var differingPixels: Int
    /// Pixels taken for anti-aliasing (only with ``ComparisonOptions/ignoreAntialiasing``).
    public var antialiasedPixels: Int
    /// Pixels of the canvas left out by ``ComparisonOptions/ignored``, whether or not they differ.
    public var ignoredPixels: Int
    /// The largest ``PixelDistance`` of a pixel pair, 0…35215 (with ``ColourMetric/oklab``, the
    /// HyAB distance d as `35215 · d²`). When the canvases differ in size,
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
