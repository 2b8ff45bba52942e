/// The per-pixel colour distance a comparison measures (`--metric`).
///
/// Both put a `threshold` t (0…1) on one scale where 1 is the distance of black from white,
/// so `--threshold` keeps its range with either; the values differ in between (a pair at
/// YIQ distance 0.1 is not at OKLab distance 0.1). At threshold 0, the default, both are exact:
/// any difference counts.
public enum ColourMetric: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// pixelmatch 5 and 6's YIQ distance (Kotsarenko & Ramos 2010): ``PixelDistance/delta(_:_:)``.
    /// The default, so that thresholds chosen before `--metric` existed keep their meaning.
    case yiq
    /// pixelmatch 7's HyAB distance in OKLab (Abasi et al. 2019, Ottosson 2020):
    /// ``PixelDistance/oklabDistance(_:_:)``, closer to what people see for large differences.
    case oklab

    /// The default: ``yiq``.
    public static let `default`: ColourMetric = .yiq

    /// Parses `yiq` or `oklab`, ignoring letter case; `nil` for anything else.
    public init?(parsing text: String) {
        guard let metric = ColourMetric(rawValue: text.lowercased()) else { return nil }
        self = metric
    }

    /// The raw value.
    public var description: String { rawValue }
}
