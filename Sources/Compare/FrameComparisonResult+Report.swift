extension FrameComparisonResult {
    /// One line for the whole comparison, e.g. `pixels differ in 2 of 12 frames`.
    public var summaryLine: String {
        switch verdict {
        case .equal:
            let within = totals.differingPixels > 0 || totals.antialiasedPixels > 0 || totals.maxDelta > 0
            return "equal\(within ? " within tolerance" : ""): \(plural(frames.count, "frame")), "
                + "\(paddedWidth) × \(paddedHeight)"
        case .pixelsDiffer:
            let first = failingFrames.first?.startMilliseconds.map { " (first at \($0) ms)" } ?? ""
            return "pixels differ in \(totals.failingFrames) of \(plural(frames.count, "frame"))\(first)"
        case .sizeMismatch, .frameCountMismatch, .delayMismatch, .loopCountMismatch:
            return mismatches.first.map(\.description) ?? verdict.rawValue
        }
    }

    /// How many failing frames the human report lists one by one; the JSON and JUnit reports
    /// list them all.
    public static let reportedFrameLimit = 20

    /// The human report's lines after ``summaryLine``: one line per shape or timing mismatch (in
    /// check order) but the first, which the summary line already states, then one line per
    /// failing frame, first differing frame first, up to ``reportedFrameLimit`` and then one line
    /// counting the rest. Empty when the sequences are equal.
    ///
    /// A frame line reads `frame 3: 12 of 10000 pixels differ (0.12 %), first at (4, 5),
    /// max distance 0.132`, plus the anti-aliased pixels ignored and the source frame numbers when
    /// merging identical frames made them differ from the index.
    public var reportLines: [String] {
        let stated = mismatches.first.map(\.description) == summaryLine ? 1 : 0
        let failing = failingFrames
        var lines = mismatches.dropFirst(stated).map(\.description) + failing.prefix(Self.reportedFrameLimit).map(Self.line(for:))
        if failing.count > Self.reportedFrameLimit {
            lines.append("… and \(plural(failing.count - Self.reportedFrameLimit, "more frame")) (--json lists every frame)")
        }
        return lines
    }

    /// The report line of one frame.
    static func line(for frame: FrameResult) -> String {
        if frame.startMilliseconds != nil { return momentLine(for: frame) }
        let sources = sourceNote(frame)
        switch frame.status {
        case .missingInActual:
            return "frame \(frame.index): missing in actual\(sources)"
        case .missingInExpected:
            return "frame \(frame.index): missing in expected\(sources)"
        case .identical, .withinTolerance, .different:
            return "frame \(frame.index): " + pixelCounts(frame) + sources
        }
    }

    /// The report line of a moment when comparing what plays, e.g. `at 40 ms (actual frame 2,
    /// expected frames 8–11): 12 of 5032 pixels differ (0.24 %), first at (4, 5), max distance 0.132`.
    static func momentLine(for frame: FrameResult) -> String {
        "\(momentName(frame)) (\(frames("actual", frame.actualSourceFrames)), \(frames("expected", frame.expectedSourceFrames))): "
            + pixelCounts(frame)
    }

    /// `12 of 5032 pixels differ (0.24 %), first at (4, 5), max distance 0.132`, then the
    /// anti-aliased and ignored pixels when there are any: what a frame's or a moment's line says
    /// of its pixels.
    static func pixelCounts(_ frame: FrameResult) -> String {
        var line = "\(frame.differingPixels) of \(frame.pixelCount) pixels differ (\(percent(frame.differingRatio)))"
        if let first = frame.firstDifference { line += ", first at \(first)" }
        line += ", max distance \(fixed(frame.maxDistance, 3))"
        if frame.antialiasedPixels > 0 {
            line += ", \(plural(frame.antialiasedPixels, "anti-aliased pixel")) ignored"
        }
        if frame.ignoredPixels > 0 {
            line += ", \(plural(frame.ignoredPixels, "pixel")) in ignored regions"
        }
        return line
    }

    /// `at 40 ms` for a moment, `frame 3` for a stored frame: the JUnit test case's name too.
    static func momentName(_ frame: FrameResult) -> String {
        frame.startMilliseconds.map { "at \($0) ms" } ?? "frame \(frame.index)"
    }

    /// `actual frame 2`, `expected frames 8–11`: the file's frame numbers, from 0.
    private static func frames(_ side: String, _ range: Range<Int>) -> String {
        range.count == 1 ? "\(side) frame \(range.lowerBound)" : "\(side) frames \(range.lowerBound)–\(range.upperBound - 1)"
    }

    /// ` (actual frames 3–4, expected frame 5)` when merging moved the numbering, else empty.
    private static func sourceNote(_ frame: FrameResult) -> String {
        let identity = frame.index..<frame.index + 1
        var parts: [String] = []
        for (side, range) in [("actual", frame.actualSourceFrames), ("expected", frame.expectedSourceFrames)]
        where !range.isEmpty && range != identity {
            parts.append(range.count == 1 ? "\(side) frame \(range.lowerBound)"
                                          : "\(side) frames \(range.lowerBound)–\(range.upperBound - 1)")
        }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }
}

/// `1 frame`, `3 frames`.
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// A ratio as a percentage with two decimals; `< 0.01 %` rather than a misleading `0.00 %`.
func percent(_ ratio: Double) -> String {
    let value = ratio * 100
    if value > 0 && value < 0.005 { return "< 0.01 %" }
    return "\(fixed(value, 2)) %"
}

/// `value` rounded to `digits` decimals, written without exponent (`0.132`, `12.50`); the
/// fixed-point text of every report and table (Foundation's `String(format:)` is not used).
public func fixed(_ value: Double, _ digits: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9.0e15 else { return "\(value)" }
    let units = Int(scaled)
    let whole = units / Int(scale), fraction = units % Int(scale)
    var fractionText = String(fraction)
    while fractionText.count < digits { fractionText = "0" + fractionText }
    let sign = value < 0 && units != 0 ? "-" : ""
    return digits == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fractionText)"
}
