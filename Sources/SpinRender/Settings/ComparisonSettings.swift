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
            .number("threshold", value: "threshold", help: "Per-pixel colour tolerance on the --metric's scale, 0 to 1 (1 is black against white); 0 is exact.",
                    \.options.threshold, in: 0...1),
            .choice("metric", value: "metric", help: "Colour distance of --threshold: pixelmatch 5's YIQ distance, or pixelmatch 7's HyAB distance in OKLab.",
                    \.options.metric),
            .wholeNumber("max-diff-pixels", value: "count", help: "Differing pixels a frame may have and still pass.",
                         \.options.maxDiffPixels, in: 0...Int.max, default: nil),
            .value("max-diff-ratio", value: "ratio", help: "Fraction of a frame's pixels (0 to 1) that may differ and still pass.",
                   \.options.maxDiffRatio, default: nil) { text throws(ValueRefusal) in try SettingParsers.number(text, in: 0...1) },
            .flag("ignore-antialiasing", help: "Do not count pixels that are anti-aliasing on both sides.", \.options.ignoreAntialiasing),
            .repeatable("ignore", value: "x,y,w,h", help: "Leave a rectangle of pixels out of the comparison (repeatable); the diff hatches it.",
                        \.options.ignored.rectangles) { text throws(ValueRefusal) in
                switch PixelRectangle.parse(text) {
                case let .success(rectangle): return rectangle
                case let .failure(error): throw ValueRefusal(error.reason)
                }
            },
            Setting(name: "mask", kind: .option, valueName: "png",
                    help: "Leave out the pixels whose alpha is above 0 in this PNG, of the expected canvas's size.", isPath: true) {
                root, texts throws(SettingsError) in
                guard let path = texts.last else { return }
                do throws(SpinRenderError) { root.options.ignored.mask = try IgnoreMask.load(path: path) } catch { throw .failure(error) }
            },
            .flag("stored-frames", help: "Compare the stored frames one by one (counts and delays must agree) instead of what plays over time.",
                  \.options.alignment, to: .stored),
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
