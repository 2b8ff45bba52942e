import Raster

extension FrameComparisonResult {
    /// The machine-readable report (`spinrender compare --json`), deterministic and pretty-printed.
    ///
    /// Keys, in this order: `version` (1), `verdict`, `exitStatus`, `summary`, `options`
    /// (`threshold`, `metric`, `maxDiffPixels`, `maxDiffRatio`, `ignoreAntialiasing`, `alignment`
    /// — `playback` or `stored` as asked; frames carry times only when what plays was compared —, `ignore` as
    /// `[x, y, w, h]` rectangles, `maskPixels`: the pixels the mask ignores, or `null` without one),
    /// `actual`, `expected` (`width`, `height`, `frameCount`, `sourceFrameCount`,
    /// `delaysCentiseconds`, `loopCount`, `plays` — `null` for forever), `mismatches` (each with
    /// `kind`, `message` and its figures), `totals`, `frames` (`index`, `startMilliseconds` and
    /// `durationMilliseconds` — the moment when comparing what plays, else `null` —, `status`, `passed`,
    /// `pixelCount`, `differingPixels`, `differingRatio`, `antialiasedPixels`, `ignoredPixels`
    /// (pixels left out by `--ignore` and `--mask`; `totals` sums them), `maxDelta`,
    /// `maxDistance`, `firstDifference` `{x, y}` or `null`, `actualSourceFrames` and
    /// `expectedSourceFrames` as `[first, last]` or `null`). `maxDelta` is on pixelmatch's 0…35215
    /// scale (with ``ColourMetric/oklab``, `35215 · d²` for the HyAB distance d), `maxDistance` on
    /// the threshold's 0…1 scale.
    public var jsonReport: String { JSONText.object(jsonMembers).rendered }

    /// The members of ``jsonReport``, in order, for reports that build on it
    /// (`spinrender verify --json` adds what was recorded).
    public var jsonMembers: [(String, JSONText)] {
        [
            ("version", .int(1)),
            ("verdict", .string(verdict.rawValue)),
            ("exitStatus", .int(Int(exitStatus))),
            ("summary", .string(summaryLine)),
            ("options", options.json),
            ("actual", actual.json),
            ("expected", expected.json),
            ("mismatches", .array(mismatches.map(\.json))),
            ("totals", totals.json),
            ("frames", .array(frames.map(\.json))),
        ]
    }
}

extension ComparisonOptions {
    /// The `options` object of ``FrameComparisonResult/jsonReport``.
    public var json: JSONText {
        .object([
            ("threshold", .double(threshold)),
            ("metric", .string(metric.rawValue)),
            ("maxDiffPixels", maxDiffPixels.map { .int($0) } ?? .null),
            ("maxDiffRatio", maxDiffRatio.map { .double($0) } ?? .null),
            ("ignoreAntialiasing", .bool(ignoreAntialiasing)),
            ("alignment", .string(alignment.rawValue)),
            ("ignore", .array(ignored.rectangles.map { .array([.int($0.x), .int($0.y), .int($0.width), .int($0.height)]) })),
            ("maskPixels", ignored.mask.map { .int($0.ignoredCount) } ?? .null),
        ])
    }
}

extension SequenceSummary {
    /// The `actual` and `expected` objects of ``FrameComparisonResult/jsonReport``.
    public var json: JSONText {
        .object([
            ("width", .int(width)),
            ("height", .int(height)),
            ("frameCount", .int(frameCount)),
            ("sourceFrameCount", .int(sourceFrameCount)),
            ("delaysCentiseconds", .array(delaysCentiseconds.map { .int($0) })),
            ("loopCount", .string(loopCount.description)),
            ("plays", loopCount.totalPlays.map { .int($0) } ?? .null),
        ])
    }
}

extension SequenceMismatch {
    var json: JSONText {
        var members: [(String, JSONText)] = [("kind", .string(verdict.rawValue)), ("message", .string(description))]
        switch self {
        case let .canvasSize(aw, ah, ew, eh):
            members += [("actualWidth", .int(aw)), ("actualHeight", .int(ah)),
                        ("expectedWidth", .int(ew)), ("expectedHeight", .int(eh))]
        case let .frameCount(actual, expected):
            members += [("actual", .int(actual)), ("expected", .int(expected))]
        case let .delay(frame, actual, expected):
            members += [("frame", .int(frame)), ("actual", .int(actual)), ("expected", .int(expected))]
        case let .loopCount(actual, expected):
            members += [("actual", .string(actual.description)), ("expected", .string(expected.description))]
        case let .loopDuration(actual, expected), let .commonPeriodTooLong(actual, expected):
            members += [("actualMilliseconds", .int(actual)), ("expectedMilliseconds", .int(expected))]
        }
        return .object(members)
    }
}

extension ComparisonTotals {
    var json: JSONText {
        .object([
            ("frames", .int(frames)),
            ("failingFrames", .int(failingFrames)),
            ("differingPixels", .int(differingPixels)),
            ("antialiasedPixels", .int(antialiasedPixels)),
            ("ignoredPixels", .int(ignoredPixels)),
            ("maxDelta", .double(maxDelta)),
        ])
    }
}

extension FrameResult {
    var json: JSONText {
        func range(_ r: Range<Int>) -> JSONText {
            r.isEmpty ? .null : .array([.int(r.lowerBound), .int(r.upperBound - 1)])
        }
        return .object([
            ("index", .int(index)),
            ("startMilliseconds", startMilliseconds.map { .int($0) } ?? .null),
            ("durationMilliseconds", durationMilliseconds.map { .int($0) } ?? .null),
            ("status", .string(status.rawValue)),
            ("passed", .bool(status.passed)),
            ("pixelCount", .int(pixelCount)),
            ("differingPixels", .int(differingPixels)),
            ("differingRatio", .double(differingRatio)),
            ("antialiasedPixels", .int(antialiasedPixels)),
            ("ignoredPixels", .int(ignoredPixels)),
            ("maxDelta", .double(maxDelta)),
            ("maxDistance", .double(maxDistance)),
            ("firstDifference", firstDifference.map { .object([("x", .int($0.x)), ("y", .int($0.y))]) } ?? .null),
            ("actualSourceFrames", range(actualSourceFrames)),
            ("expectedSourceFrames", range(expectedSourceFrames)),
        ])
    }
}
