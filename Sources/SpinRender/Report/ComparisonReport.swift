import Compare
import PNGCodec
import Raster

/// A self-contained HTML report of one or more comparisons, for a person to look at: the
/// verdict and the command, and per comparison the actual, expected and diff frames side by side,
/// a swipe slider, onion skin, blink and the diff overlaid, a frame scrubber and synchronized
/// playback.
///
/// The page is one file: every image is an inline `data:` PNG (``PNGQuickEncoder``: one pass, the report is written on every failing run), the style and
/// script are inline, no font, script or image is fetched, so it opens from disk in any current
/// browser (standard HTML, CSS and JavaScript only; Chromium, Firefox and WebKit). Identical frame
/// images are stored once, and a diff image only for frames that are not identical: the main
/// job's 25 frames compared with themselves take a few tens of kilobytes.
///
/// ```swift
/// let (result, _) = try FileComparison.compare(actual: "a.gif", expected: "b.gif")
/// let report = ComparisonReport(command: "spinrender compare a.gif b.gif",
///                               comparisons: [.init(actualName: "a.gif", expectedName: "b.gif", result: result)])
/// try OutputFile.write(try report.html(), to: "report.html")
/// ```
public struct ComparisonReport: Sendable {
    /// One comparison shown in the report.
    public struct Comparison: Sendable {
        /// The heading, e.g. `a.gif compared with b.gif` or a batch entry's output.
        public var title: String
        /// How the actual side is named (its path).
        public var actualName: String
        /// How the expected side is named (its path or reference folder).
        public var expectedName: String
        /// The comparison; its compared frames are the images shown.
        public var result: FrameComparisonResult

        /// Creates a comparison; `title` defaults to `actual compared with expected`.
        public init(title: String? = nil, actualName: String, expectedName: String, result: FrameComparisonResult) {
            self.title = title ?? "\(actualName) compared with \(expectedName)"
            self.actualName = actualName
            self.expectedName = expectedName
            self.result = result
        }

        /// The scrubber's rows, one per compared frame (``ReportFrame/rows(of:)``).
        public var rows: [ReportFrame] { ReportFrame.rows(of: result) }
    }

    /// The command line that made the report, shown under the verdict.
    public var command: String
    /// The comparisons, in the order shown.
    public var comparisons: [Comparison]

    /// Creates a report.
    public init(command: String, comparisons: [Comparison]) {
        self.command = command
        self.comparisons = comparisons
    }

    /// The report's overall verdict: the verdict of the comparison with the highest exit status
    /// (the first of them), ``Verdict/equal`` when there is none.
    public var verdict: Verdict {
        var worst = Verdict.equal
        for comparison in comparisons where comparison.result.verdict.exitStatus > worst.exitStatus {
            worst = comparison.result.verdict
        }
        return worst
    }
}

/// One row of a report's frame scrubber: a compared frame, when it plays and how it compared.
///
/// Times are those of the expected side (the actual side's for frames only it has), from the
/// start of the loop, in milliseconds: a GIF delay of `d` centiseconds is `10·d` ms (GIF89a §23,
/// "Delay Time").
public struct ReportFrame: Hashable, Sendable {
    /// Index among the compared (merged) frames, from 0.
    public var index: Int
    /// When the frame starts, in ms from the start of the loop.
    public var startMilliseconds: Int
    /// How long the frame is shown, in ms (0 for untimed stills).
    public var durationMilliseconds: Int
    /// The original frame numbers it stands for on the actual side (empty when missing there).
    public var actualFrames: Range<Int>
    /// The original frame numbers it stands for on the expected side (empty when missing there).
    public var expectedFrames: Range<Int>
    /// How the frame compared.
    public var status: FrameStatus
    /// Pixels compared (the padded canvas).
    public var pixelCount: Int
    /// Pixels that differ and count.
    public var differingPixels: Int
    /// Pixels excused as anti-aliasing.
    public var antialiasedPixels: Int
    /// Pixels inside ignored regions, not compared; 0 when the comparison ignores none.
    public var ignoredPixels: Int
    /// The largest pixel distance on the threshold's 0…1 scale.
    public var maxDistance: Double

    /// The rows of `result`, one per entry of ``FrameComparisonResult/frames``.
    public static func rows(of result: FrameComparisonResult) -> [ReportFrame] {
        var start = 0
        return result.frames.map { frame in
            let delays = frame.index < result.expected.frameCount ? result.expected.delaysCentiseconds
                                                                  : result.actual.delaysCentiseconds
            // Compared as they play, each row is a moment with its own time and length;
            // compared as stored, a frame lasts its delay.
            let duration = frame.durationMilliseconds ?? (frame.index < delays.count ? delays[frame.index] * 10 : 0)
            let moment = frame.startMilliseconds ?? start
            start = moment + duration
            return ReportFrame(index: frame.index, startMilliseconds: moment, durationMilliseconds: duration,
                               actualFrames: frame.actualSourceFrames, expectedFrames: frame.expectedSourceFrames,
                               status: frame.status, pixelCount: frame.pixelCount, differingPixels: frame.differingPixels,
                               antialiasedPixels: frame.antialiasedPixels, ignoredPixels: frame.ignoredPixels,
                               maxDistance: frame.maxDistance)
        }
    }
}
