/// How `compare` and `verify` compare and read their inputs: the tolerance
/// (``ComparisonOptions``), how inputs are read (``ReadOptions``) and the memory limit, filled
/// through ``toleranceOptions`` and ``readingOptions``.
public struct ComparisonSettings: SettingsRoot, Hashable, Sendable {
    /// The tolerance.
    public var options = ComparisonOptions()
    /// How GIF, WebP and PNG inputs are read.
    public var reading = ReadOptions()
    /// `--max-memory`: the most the comparison may hold at its peak, in bytes (1 GiB).
    public var maximumMemoryBytes = MemoryEstimate.defaultLimitBytes

    /// Exact comparison, browsers' reading rules, 1 GiB.
    public init() {}

    /// The tolerance settings `compare` and `verify` share, in the order help lists them.
    public static var toleranceOptions: [Setting<ComparisonSettings>] {
        [
            .number("threshold", value: "threshold", help: "Per-pixel colour tolerance on pixelmatch's YIQ scale, 0 to 1; 0 is exact.",
                    \.options.threshold, in: 0...1),
            .wholeNumber("max-diff-pixels", value: "count", help: "Differing pixels a frame may have and still pass.",
                         \.options.maxDiffPixels, in: 0...Int.max, default: nil),
            .value("max-diff-ratio", value: "ratio", help: "Fraction of a frame's pixels (0 to 1) that may differ and still pass.",
                   \.options.maxDiffRatio, default: nil) { text throws(ValueRefusal) in try SettingParsers.number(text, in: 0...1) },
            .flag("ignore-antialiasing", help: "Do not count pixels that are anti-aliasing on both sides.", \.options.ignoreAntialiasing),
        ]
    }

    /// `--strict` and `--timing`: how `frames`, `compare` and `verify` read their inputs.
    public static var readingOptions: [Setting<ComparisonSettings>] {
        [
            .flag("strict", help: "Refuse (exit 65) an input that browsers show only after a repair (stray data after the frames, truncated image data, a PNG without IEND …) instead of reading it with a warning.",
                  \.reading.strict),
            .choice("timing", value: "rule", help: "How GIF delays become frames: 'browser' plays 0–1 cs as 10 cs; 'spec' composes an image with delay 0 into the next frame, as GIF89a says.",
                    \.reading.timing),
        ]
    }

    /// `compare`'s memory limit, which counts both inputs, the comparison and the diff.
    public static var memoryOptions: [Setting<ComparisonSettings>] {
        [
            .bytes("max-memory", help: "Refuse comparisons that would need more memory in all: both inputs, the comparison and the diff (suffixes K, M, G; decimals allowed).",
                   \.maximumMemoryBytes),
        ]
    }
}
