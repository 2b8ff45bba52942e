import Raster

/// Frame-by-frame comparison of two animations or stills, in 8-bit sRGB
/// RGBA: fully transparent pixels are equal whatever their hidden colour, alpha differences count.
public enum FrameComparison {
    /// The longest common period compared, in loops of the longer side: beyond it two
    /// animations that loop forever are taken to differ in duration rather than compared for
    /// minutes of playback.
    public static let maximumCommonPeriodLoops = 100

    /// The most moments a common period may hold: beyond it two animations that loop forever
    /// are taken to differ in duration
    /// (``SequenceMismatch/commonPeriodTooLong(actualMilliseconds:expectedMilliseconds:)``) at
    /// once, from their delays, instead of comparing and holding a result for every moment.
    /// Loops of 60 and 59 frames meet after about 7 000 moments; 1 000 and 990 frames after
    /// about 98 000, which would take seconds and a frame's worth of marks per moment.
    public static let maximumCommonPeriodMoments = 10_000

    /// Compares an actual sequence with the expected (reference) one.
    ///
    /// Both are 8-bit sRGB RGBA; a still image is a one-frame sequence. Identical consecutive
    /// frames are merged first on each side (their delays added), so the same animation written
    /// with or without repeated frames compares equal.
    ///
    /// With ``FrameAlignment/playback`` (the default), when both sides have timing and either
    /// has more than one merged frame, what plays is compared: canvas size, loop count, then the
    /// pixels at every moment either side starts showing a frame, over one common period (the
    /// least common multiple of the loop durations when both loop forever, else the loop, whose
    /// durations must then agree: ``SequenceMismatch/loopDuration(actualMilliseconds:expectedMilliseconds:)``).
    /// Each ``FrameResult`` is then a moment, with its start and duration in milliseconds and
    /// the frames each side shows. Frame counts and per-frame delays are not compared: only
    /// what they show over time.
    ///
    /// Otherwise (``FrameAlignment/stored``, stills, untimed sides), in order: canvas size, frame
    /// count, per-frame delays and loop count (timing only when either side has more than one
    /// merged frame: a still has none), then pixels, frame by frame. Pixels are compared even when an
    /// earlier check failed, on the canvas padded to the larger size, so a diff exists for every
    /// outcome. Fully transparent pixels are equal whatever their hidden colour; alpha counts.
    ///
    /// - Parameters:
    ///   - actual: what was rendered or decoded now.
    ///   - expected: the reference.
    ///   - options: tolerance; must be valid (``ComparisonOptions/validationMessage`` is `nil`).
    ///   - frameCompared: called after each (merged) frame is compared, with the number done
    ///     and the total, e.g. to advance a progress bar.
    /// - Returns: the verdict, per-frame results and what is needed to draw the diff.
    public static func compare(actual: FrameSequence, expected: FrameSequence,
                               options: ComparisonOptions = .exact,
                               frameCompared: ((_ done: Int, _ total: Int) -> Void)? = nil) -> FrameComparisonResult {
        prepare(actual: actual, expected: expected, options: options).run(frameCompared: frameCompared)
    }

    /// The first half of ``compare(actual:expected:options:frameCompared:)``: merges identical
    /// neighbours and plans what is compared, without comparing a pixel, so that a caller can
    /// check what the comparison will hold (``PreparedComparison/resultCount``,
    /// ``PreparedComparison/comparedPairs``) before running it.
    ///
    /// - Parameter options: as for ``compare(actual:expected:options:frameCompared:)``.
    public static func prepare(actual: FrameSequence, expected: FrameSequence,
                               options: ComparisonOptions = .exact) -> PreparedComparison {
        precondition(options.validationMessage == nil, options.validationMessage ?? "")
        let mergedActual = mergeIdenticalFrames(actual.frames)
        let mergedExpected = mergeIdenticalFrames(expected.frames)
        let plan = options.alignment == .playback
            ? PlaybackPlan(actual: mergedActual, actualLoop: actual.loopCount, expected: mergedExpected, expectedLoop: expected.loopCount)
            : nil
        return PreparedComparison(actual: actual, expected: expected, mergedActual: mergedActual,
                                  mergedExpected: mergedExpected, plan: plan, options: options)
    }
}

/// Two sequences ready to compare: identical neighbours merged, the moments planned (see
/// ``FrameComparison/prepare(actual:expected:options:)``).
public struct PreparedComparison {
    let actual: FrameSequence
    let expected: FrameSequence
    let mergedActual: [FrameComparison.MergedFrame]
    let mergedExpected: [FrameComparison.MergedFrame]
    let plan: PlaybackPlan?
    let options: ComparisonOptions

    /// The ``FrameResult``s the comparison makes: one per moment when comparing what plays,
    /// else one per merged frame of the longer side.
    public var resultCount: Int { plan?.moments.count ?? max(mergedActual.count, mergedExpected.count) }

    /// The different pairs of frames compared: each is compared once, and keeps a byte a
    /// pixel of the padded canvas for the diff when its pixels differ.
    public var comparedPairs: Int { plan?.distinctPairs ?? resultCount }

    /// `98000 moments` when comparing what plays, else `25 frames`: what ``resultCount`` counts.
    public var resultDescription: String {
        "\(resultCount) \(plan == nil ? "frame" : "moment")\(resultCount == 1 ? "" : "s")"
    }

    /// The two sequences, as given.
    public var sequences: (actual: FrameSequence, expected: FrameSequence) { (actual, expected) }

    /// Compares the pixels.
    ///
    /// - Parameter frameCompared: called after each frame or moment, with the number done and
    ///   the total.
    public func run(frameCompared: ((_ done: Int, _ total: Int) -> Void)? = nil) -> FrameComparisonResult {
        typealias F = FrameComparison
        let options = self.options
        let mergedActual = self.mergedActual, mergedExpected = self.mergedExpected
        let actualSummary = SequenceSummary(
            width: actual.width, height: actual.height, sourceFrameCount: actual.frames.count,
            delaysCentiseconds: mergedActual.map(\.frame.delayCentiseconds), loopCount: actual.loopCount)
        let expectedSummary = SequenceSummary(
            width: expected.width, height: expected.height, sourceFrameCount: expected.frames.count,
            delaysCentiseconds: mergedExpected.map(\.frame.delayCentiseconds), loopCount: expected.loopCount)

        let width = max(actual.width, expected.width), height = max(actual.height, expected.height)
        let ignored = options.ignored.bitmap(width: width, height: height)
        var mismatches: [SequenceMismatch]
        var frames: [FrameResult] = []
        var marks: [[UInt8]?] = []
        var shownActual: [TimedFrame], shownExpected: [TimedFrame]
        if let plan {
            mismatches = F.sequenceMismatches(actualSummary, expectedSummary).filter {
                if case .canvasSize = $0 { return true }
                if case .loopCount = $0 { return true }
                return false
            }
            if let duration = plan.durationMismatch { mismatches.append(duration) }
            shownActual = []
            shownExpected = []
            // Pairs repeat over a common period: each is compared once.
            var done: [PlaybackPlan.Pair: (FrameResult, [UInt8]?)] = [:]
            for (index, moment) in plan.moments.enumerated() {
                let pair = moment.pair
                var (result, frameMarks) = done[pair] ?? F.compareFrame(
                    index: index, actual: mergedActual[pair.actual], expected: mergedExpected[pair.expected],
                    width: width, height: height, options: options, ignored: ignored)
                if done[pair] == nil { done[pair] = (result, frameMarks) }
                result.index = index
                result.startMilliseconds = moment.start * 10
                result.durationMilliseconds = moment.duration * 10
                frames.append(result)
                marks.append(frameMarks)
                shownActual.append(TimedFrame(image: mergedActual[pair.actual].frame.image, delayCentiseconds: moment.duration))
                shownExpected.append(TimedFrame(image: mergedExpected[pair.expected].frame.image, delayCentiseconds: moment.duration))
                frameCompared?(index + 1, plan.moments.count)
            }
        } else {
            mismatches = F.sequenceMismatches(actualSummary, expectedSummary)
            let frameCount = max(mergedActual.count, mergedExpected.count)
            for index in 0..<frameCount {
                let a = index < mergedActual.count ? mergedActual[index] : nil
                let e = index < mergedExpected.count ? mergedExpected[index] : nil
                let (result, frameMarks) = F.compareFrame(index: index, actual: a, expected: e,
                                                        width: width, height: height, options: options, ignored: ignored)
                frames.append(result)
                marks.append(frameMarks)
                frameCompared?(index + 1, frameCount)
            }
            shownActual = mergedActual.map(\.frame)
            shownExpected = mergedExpected.map(\.frame)
        }

        let totals = ComparisonTotals(
            frames: frames.count,
            failingFrames: frames.count { !$0.status.passed },
            differingPixels: frames.reduce(0) { $0 + $1.differingPixels },
            antialiasedPixels: frames.reduce(0) { $0 + $1.antialiasedPixels },
            ignoredPixels: frames.reduce(0) { $0 + $1.ignoredPixels },
            maxDelta: frames.reduce(0) { max($0, $1.maxDelta) })
        let verdict = mismatches.first?.verdict ?? (totals.failingFrames > 0 ? .pixelsDiffer : .equal)
        return FrameComparisonResult(
            verdict: verdict, mismatches: mismatches, actual: actualSummary, expected: expectedSummary,
            frames: frames, totals: totals, options: options,
            actualFrames: shownActual, expectedFrames: shownExpected, marks: marks,
            ignored: ignored)
    }
}

extension FrameComparison {
    /// Compares two still images: ``compare(actual:expected:options:)`` on one-frame sequences
    /// (no timing is compared for stills).
    public static func compare(actual: RGBAImage, expected: RGBAImage,
                               options: ComparisonOptions = .exact) -> FrameComparisonResult {
        func still(_ image: RGBAImage) -> FrameSequence {
            FrameSequence(width: image.width, height: image.height,
                          frames: [TimedFrame(image: image, delayCentiseconds: 0)], loopCount: .playOnce)
        }
        return compare(actual: still(actual), expected: still(expected), options: options)
    }

    /// A merged frame and the original indices it stands for.
    typealias MergedFrame = (frame: TimedFrame, sources: Range<Int>)

    /// Merges runs of identical consecutive frames into one, adding their delays.
    static func mergeIdenticalFrames(_ frames: [TimedFrame]) -> [MergedFrame] {
        var merged: [MergedFrame] = []
        for (index, frame) in frames.enumerated() {
            if let last = merged.last, FrameComparator.equivalent(last.frame.image, frame.image) {
                merged[merged.count - 1].frame.delayCentiseconds += frame.delayCentiseconds
                merged[merged.count - 1].sources = last.sources.lowerBound..<index + 1
            } else {
                merged.append((frame, index..<index + 1))
            }
        }
        return merged
    }

    /// Canvas size, frame count, delays, loop count, in that order.
    static func sequenceMismatches(_ actual: SequenceSummary, _ expected: SequenceSummary) -> [SequenceMismatch] {
        var found: [SequenceMismatch] = []
        if actual.width != expected.width || actual.height != expected.height {
            found.append(.canvasSize(actualWidth: actual.width, actualHeight: actual.height,
                                     expectedWidth: expected.width, expectedHeight: expected.height))
        }
        if actual.frameCount != expected.frameCount {
            found.append(.frameCount(actual: actual.frameCount, expected: expected.frameCount))
        }
        let animated = actual.frameCount > 1 || expected.frameCount > 1
        if animated && actual.frameCount == expected.frameCount {
            for (index, (a, e)) in zip(actual.delaysCentiseconds, expected.delaysCentiseconds).enumerated() where a != e {
                found.append(.delay(frame: index, actualCentiseconds: a, expectedCentiseconds: e))
            }
        }
        if animated && actual.loopCount != expected.loopCount {
            found.append(.loopCount(actual: actual.loopCount, expected: expected.loopCount))
        }
        return found
    }

    /// Compares one merged frame on the padded `width × height` canvas.
    static func compareFrame(index: Int, actual: MergedFrame?, expected: MergedFrame?,
                             width: Int, height: Int, options: ComparisonOptions,
                             ignored: [UInt8]? = nil) -> (FrameResult, [UInt8]?) {
        let pixelCount = width * height
        var result = FrameResult(
            index: index, status: .identical, pixelCount: pixelCount, differingPixels: 0,
            antialiasedPixels: 0, ignoredPixels: ignored?.count { $0 != 0 } ?? 0, maxDelta: 0, firstDifference: nil,
            actualSourceFrames: actual?.sources ?? 0..<0, expectedSourceFrames: expected?.sources ?? 0..<0)
        guard let actual, let expected else {
            result.status = actual == nil ? .missingInActual : .missingInExpected
            result.differingPixels = pixelCount
            result.firstDifference = pixelCount > 0 ? PixelPosition(x: 0, y: 0) : nil
            return (result, [UInt8](repeating: PixelMark.different.rawValue, count: pixelCount))
        }
        let a = actual.frame.image, e = expected.frame.image
        let difference: FrameDifference
        if a.width == width && a.height == height && e.width == width && e.height == height {
            difference = FrameComparator.compare(a, e, options: options, ignored: ignored)
        } else {
            difference = comparePadded(a, e, width: width, height: height, options: options, ignored: ignored)
        }
        result.differingPixels = difference.differing
        result.antialiasedPixels = difference.antialiased
        result.maxDelta = difference.maxDelta
        result.firstDifference = difference.first
        if difference.differing == 0 && difference.antialiased == 0 && difference.maxDelta == 0 {
            result.status = .identical
        } else {
            result.status = options.allows(differing: difference.differing, of: pixelCount) ? .withinTolerance : .different
        }
        return (result, difference.marks)
    }

    /// Compares images of different sizes on the padded canvas: the overlap pixel by pixel (on
    /// copies padded with transparency, so anti-aliasing sees real neighbours), every pixel that
    /// only one image covers as different.
    static func comparePadded(_ a: RGBAImage, _ e: RGBAImage, width: Int, height: Int,
                              options: ComparisonOptions, ignored: [UInt8]? = nil) -> FrameDifference {
        let paddedA = padded(a, width: width, height: height)
        let paddedE = padded(e, width: width, height: height)
        var difference = FrameComparator.compare(paddedA, paddedE, options: options, ignored: ignored)
        var marks = difference.marks ?? [UInt8](repeating: 0, count: width * height)
        let overlapWidth = min(a.width, e.width), overlapHeight = min(a.height, e.height)
        var first: PixelPosition? = nil
        var differing = 0, antialiased = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if (x >= overlapWidth || y >= overlapHeight) && ignored?[i] != 1 {
                    marks[i] = PixelMark.different.rawValue
                }
                switch PixelMark(rawValue: marks[i]) {
                case .different?:
                    differing += 1
                    if first == nil { first = PixelPosition(x: x, y: y) }
                case .antialiased?: antialiased += 1
                default: break
                }
            }
        }
        difference.differing = differing
        difference.antialiased = antialiased
        difference.first = first
        difference.marks = marks
        return difference
    }

    /// `image` on a `width × height` transparent canvas, top-left aligned.
    static func padded(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        if image.width == width && image.height == height { return image }
        var canvas = RGBAImage(width: width, height: height)
        let rowBytes = image.width * 4
        for y in 0..<image.height {
            canvas.pixels.replaceSubrange(y * width * 4..<y * width * 4 + rowBytes,
                                          with: image.pixels[y * rowBytes..<(y + 1) * rowBytes])
        }
        return canvas
    }
}
