/// How strict a comparison is (the command line's `--threshold`, `--metric`, `--max-diff-pixels`,
/// `--max-diff-ratio`, `--ignore-antialiasing`, `--ignore` and `--mask`).
public struct ComparisonOptions: Hashable, Sendable {
    /// Per-pixel colour tolerance on pixelmatch's scale, 0…1 (1 is black against white): with
    /// ``ColourMetric/yiq`` a pixel differs when its ``PixelDistance`` exceeds `35215 · threshold²`,
    /// with ``ColourMetric/oklab`` when its HyAB distance exceeds `threshold`. 0 (the default) is
    /// exact: any difference in any channel counts, except between two fully transparent pixels.
    public var threshold: Double
    /// The colour distance ``threshold`` is measured with.
    public var metric: ColourMetric
    /// The most differing pixels a frame may have and still pass; `nil` sets no count limit.
    public var maxDiffPixels: Int?
    /// The largest fraction (0…1) of a frame's pixels that may differ; `nil` sets no ratio limit.
    ///
    /// When both limits are set a frame must satisfy both (as Playwright does); when neither is,
    /// no differing pixel is allowed.
    public var maxDiffRatio: Double?
    /// Skip pixels that pixelmatch's detector takes for anti-aliasing (counted and drawn yellow,
    /// but not failing the frame).
    public var ignoreAntialiasing: Bool
    /// Pixels left out of the comparison (`--ignore`, `--mask`): they never count as differing,
    /// and the diff hatches them.
    public var ignored: IgnoredRegions
    /// Compare what plays (the default) or the stored frames (`--stored-frames`).
    public var alignment: FrameAlignment

    /// Creates options; the defaults compare exactly, every pixel.
    public init(threshold: Double = 0, metric: ColourMetric = .default, maxDiffPixels: Int? = nil,
                maxDiffRatio: Double? = nil, ignoreAntialiasing: Bool = false, ignored: IgnoredRegions = .none,
                alignment: FrameAlignment = .default) {
        self.ignored = ignored
        self.alignment = alignment
        self.threshold = threshold
        self.metric = metric
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.ignoreAntialiasing = ignoreAntialiasing
    }

    /// Exact comparison: threshold 0, no differing pixel allowed, anti-aliasing counts.
    public static let exact = ComparisonOptions()

    /// What is wrong with these options, naming the CLI option and its range, or `nil` when they
    /// are valid. ``FrameComparison/compare(actual:expected:options:)`` requires valid options.
    public var validationMessage: String? {
        if !(threshold >= 0 && threshold <= 1) {
            return "--threshold must be between 0 and 1 (got \(threshold))"
        }
        if let pixels = maxDiffPixels, pixels < 0 {
            return "--max-diff-pixels must be 0 or more (got \(pixels))"
        }
        if let ratio = maxDiffRatio, !(ratio >= 0 && ratio <= 1) {
            return "--max-diff-ratio must be between 0 and 1 (got \(ratio))"
        }
        if let bad = ignored.rectangles.first(where: { $0.x < 0 || $0.y < 0 || $0.width < 1 || $0.height < 1 }) {
            return "--ignore needs X and Y of 0 or more and W and H of 1 or more (got \(bad))"
        }
        return nil
    }

    /// The squared-distance limit, `35215 · threshold²` (for OKLab, distances are put on this
    /// scale: ``PixelDistance/delta(_:_:metric:)``).
    var maxDelta: Double { PixelDistance.maximum * threshold * threshold }

    /// Whether `differing` of `pixelCount` pixels is within the allowance.
    func allows(differing: Int, of pixelCount: Int) -> Bool {
        if differing == 0 { return true }
        if maxDiffPixels == nil && maxDiffRatio == nil { return false }
        if let pixels = maxDiffPixels, differing > pixels { return false }
        if let ratio = maxDiffRatio, Double(differing) > ratio * Double(pixelCount) { return false }
        return true
    }
}
