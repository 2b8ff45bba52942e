import SpinRender

/// `--strict` and `--timing`: how `frames`, `compare` and `verify` read their inputs.
enum ReadingArguments {
    static let specs: [OptionSpec] = [
        .flag("strict", help: "Refuse (exit 65) an input that browsers show only after a repair (stray data after the frames, truncated image data, a PNG without IEND …) instead of reading it with a warning."),
        .option("timing", value: "rule", help: "How GIF delays become frames: 'browser' plays 0–1 cs as 10 cs; 'spec' composes an image with delay 0 into the next frame, as GIF89a says.",
                values: GIFTiming.allCases.map(\.rawValue), default: "browser"),
    ]

    /// The options given; `--timing` values are checked by the parser against ``specs``.
    static func options(from arguments: ParsedArguments) throws -> ReadOptions {
        var options = ReadOptions(strict: arguments.has("strict"))
        if let text = arguments.value("timing") {
            guard let timing = GIFTiming(rawValue: text) else {
                throw UsageError(message: "The value '\(Echo.cut(text))' is invalid for '--timing <rule>': expected browser or spec")
            }
            options.timing = timing
        }
        return options
    }
}
