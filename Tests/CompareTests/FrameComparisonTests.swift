import Testing
import Raster
@testable import Compare

/// Verdicts of ``FrameComparison/compare(actual:expected:options:)``.
@Suite struct FrameComparisonTests {
    @Test func identicalStillsAreEqualWithExitStatusZero() {
        let result = FrameComparison.compare(actual: Fixtures.still(Fixtures.square()),
                                             expected: Fixtures.still(Fixtures.square()))
        #expect(result.verdict == .equal)
        #expect(result.exitStatus == 0)
        #expect(result.mismatches.isEmpty)
        #expect(result.frames.count == 1)
        #expect(result.frames[0].status == .identical)
        #expect(result.frames[0].differingPixels == 0)
        #expect(result.frames[0].firstDifference == nil)
        #expect(result.reportLines.isEmpty)
        #expect(result.summaryLine == "equal: 1 frame, 10 × 8")
    }

    @Test func onePixelOffIsCountedAtItsCoordinates() {
        var actual = Fixtures.square()
        actual[7, 6] = RGBA8(r: 254, g: 255, b: 255)
        let result = FrameComparison.compare(actual: Fixtures.still(actual), expected: Fixtures.still(Fixtures.square()))
        #expect(result.verdict == .pixelsDiffer)
        #expect(result.exitStatus == 1)
        let frame = result.frames[0]
        #expect(frame.status == .different)
        #expect(frame.differingPixels == 1)
        #expect(frame.firstDifference == PixelPosition(x: 7, y: 6))
        #expect(frame.pixelCount == 80)
        #expect(result.totals.differingPixels == 1)
        #expect(result.totals.failingFrames == 1)

        let diff = result.makeDiff()
        #expect(diff.width == 10 && diff.height == 8)
        #expect(diff.frames[0].image[7, 6] == RGBA8(r: 255, g: 0, b: 0))
        #expect(diff.frames[0].image[0, 0] == .white)  // white fades to white
        // Orange fades to 255 + (Y − 255) · 0.1 = 245.86 → 246.
        #expect(diff.frames[0].image[3, 3] == RGBA8(r: 246, g: 246, b: 246))
        #expect(diff.frames[0].image.pixels.count { $0 == 0 } == 2)  // only the red pixel has zero channels
    }

    @Test func differingOnlyInColourHiddenUnderAlphaZeroIsEqual() {
        var expected = Fixtures.square()
        var actual = Fixtures.square()
        expected[0, 0] = RGBA8(r: 0, g: 0, b: 0, a: 0)
        actual[0, 0] = RGBA8(r: 200, g: 10, b: 99, a: 0)
        let result = FrameComparison.compare(actual: Fixtures.still(actual), expected: Fixtures.still(expected))
        #expect(result.verdict == .equal)
        #expect(result.frames[0].status == .identical)
        #expect(result.frames[0].maxDelta == 0)
    }

    @Test func alphaOnlyChangeDiffersEvenOnWhite() {
        // White at alpha 255 and at alpha 128 both blend to white onto white: pixelmatch alone
        // would call them equal. They are not (alpha counts).
        let opaque = RGBAImage(width: 4, height: 4, fill: .white)
        var translucent = opaque
        translucent[1, 2] = RGBA8(r: 255, g: 255, b: 255, a: 128)
        let exact = FrameComparison.compare(actual: Fixtures.still(translucent), expected: Fixtures.still(opaque))
        #expect(exact.verdict == .pixelsDiffer)
        #expect(exact.frames[0].firstDifference == PixelPosition(x: 1, y: 2))
        let tolerant = FrameComparison.compare(actual: Fixtures.still(translucent), expected: Fixtures.still(opaque),
                                               options: ComparisonOptions(threshold: 0.2))
        #expect(tolerant.verdict == .pixelsDiffer)
        #expect(tolerant.frames[0].differingPixels == 1)
    }

    @Test func sizeMismatchHasStatusTwoAndAPaddedDiff() {
        let actual = Fixtures.square(width: 10, height: 8)
        let expected = Fixtures.square(width: 12, height: 7)
        let result = FrameComparison.compare(actual: Fixtures.still(actual), expected: Fixtures.still(expected))
        #expect(result.verdict == .sizeMismatch)
        #expect(result.exitStatus == 2)
        #expect(result.mismatches == [.canvasSize(actualWidth: 10, actualHeight: 8, expectedWidth: 12, expectedHeight: 7)])
        #expect(result.summaryLine == "canvas size differs: actual 10 × 8, expected 12 × 7")
        #expect(result.reportLines.first?.hasPrefix("frame 0: 26 of 96 pixels differ") == true)
        // Padded canvas 12 × 8; the overlap 10 × 7 is equal, the other 96 − 70 = 26 pixels differ.
        #expect(result.frames[0].pixelCount == 96)
        #expect(result.frames[0].differingPixels == 26)
        #expect(result.frames[0].firstDifference == PixelPosition(x: 10, y: 0))
        let diff = result.makeDiff()
        #expect(diff.width == 12 && diff.height == 8)
        #expect(diff.frames[0].image[11, 0] == RGBA8(r: 255, g: 0, b: 0))
        #expect(diff.frames[0].image[0, 7] == RGBA8(r: 255, g: 0, b: 0))
        #expect(diff.frames[0].image[0, 0] == .white)
    }

    @Test func frameCountMismatchHasStatusTwoAndMarksTheMissingFrame() {
        var second = Fixtures.square()
        second[0, 0] = .black
        let actual = Fixtures.animation([Fixtures.square(), second])
        let expected = Fixtures.animation([Fixtures.square(), second, Fixtures.square()])
        let result = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        #expect(result.verdict == .frameCountMismatch)
        #expect(result.exitStatus == 2)
        #expect(result.mismatches == [.frameCount(actual: 2, expected: 3)])
        #expect(result.frames.map(\.status) == [.identical, .identical, .missingInActual])
        #expect(result.frames[2].differingPixels == 80)
        #expect(result.makeDiff().frames.count == 3)
        #expect(result.summaryLine == "frame count differs: actual 2, expected 3")
        #expect(result.reportLines == ["frame 2: missing in actual"])
    }

    @Test func delayMismatchHasStatusTwo() {
        var second = Fixtures.square()
        second[0, 0] = .black
        let actual = Fixtures.animation([Fixtures.square(), second], delays: [5, 7])
        let expected = Fixtures.animation([Fixtures.square(), second], delays: [5, 6])
        let result = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        #expect(result.verdict == .delayMismatch)
        #expect(result.exitStatus == 2)
        #expect(result.mismatches == [.delay(frame: 1, actualCentiseconds: 7, expectedCentiseconds: 6)])
        #expect(result.totals.failingFrames == 0)
    }

    @Test func loopCountMismatchHasStatusTwo() {
        var second = Fixtures.square()
        second[0, 0] = .black
        let actual = Fixtures.animation([Fixtures.square(), second], loop: .repeats(2))
        let expected = Fixtures.animation([Fixtures.square(), second], loop: .forever)
        let result = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        #expect(result.verdict == .loopCountMismatch)
        #expect(result.mismatches == [.loopCount(actual: .repeats(2), expected: .forever)])
        #expect(result.exitStatus == 2)
    }

    @Test func checksRunInOrderSizeFirst() {
        let actual = Fixtures.animation([Fixtures.square(width: 10), Fixtures.square(width: 10)], delays: [3, 4], loop: .playOnce)
        var other = Fixtures.square(width: 11)
        other[0, 0] = .black
        let expected = Fixtures.animation([Fixtures.square(width: 11), other, Fixtures.square(width: 11)])
        let result = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        #expect(result.verdict == .sizeMismatch)
        #expect(result.mismatches.map(\.verdict) == [.sizeMismatch, .frameCountMismatch, .loopCountMismatch])
    }

    @Test func identicalConsecutiveFramesAreMergedBeforeCounting() {
        var other = Fixtures.square()
        other[9, 7] = .black
        var hiddenVariant = Fixtures.square()
        hiddenVariant[0, 0] = RGBA8(r: 0, g: 0, b: 0, a: 0)
        var hiddenVariant2 = hiddenVariant
        hiddenVariant2[0, 0] = RGBA8(r: 50, g: 60, b: 70, a: 0)
        // Actual: A A A B (10 cs each) and C C' (transparent pixel, different hidden colour).
        let actual = Fixtures.animation([Fixtures.square(), Fixtures.square(), Fixtures.square(), other,
                                         hiddenVariant, hiddenVariant2], delays: [10, 10, 10, 10, 4, 6])
        let expected = Fixtures.animation([Fixtures.square(), other, hiddenVariant], delays: [30, 10, 10])
        let result = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        #expect(result.verdict == .equal)
        #expect(result.actual.frameCount == 3)
        #expect(result.actual.sourceFrameCount == 6)
        #expect(result.actual.delaysCentiseconds == [30, 10, 10])
        #expect(result.frames[1].actualSourceFrames == 3..<4)
        #expect(result.frames[2].actualSourceFrames == 4..<6)
    }

    @Test func mergedFramesAreNamedInReportLines() {
        var other = Fixtures.square()
        other[9, 7] = .black
        var changed = other
        changed[8, 7] = .black
        let actual = Fixtures.animation([Fixtures.square(), Fixtures.square(), changed], delays: [5, 5, 10])
        let expected = Fixtures.animation([Fixtures.square(), other], delays: [10, 10])
        let result = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        #expect(result.verdict == .pixelsDiffer)
        #expect(result.reportLines == [
            "frame 1: 1 of 80 pixels differ (1.25 %), first at (8, 7), max distance 0.966 (actual frame 2)",
        ])
    }

    @Test("the human report lists 20 failing frames, then counts the rest")
    func longReportsAreCut() {
        let frames = (0..<25).map { k -> RGBAImage in
            var image = Fixtures.square()
            image[k % 10, 0] = .black
            return image
        }
        let actual = Fixtures.animation(frames, delays: Array(repeating: 4, count: 25))
        // Distinct neighbours on both sides, so no frames merge.
        let expected = Fixtures.animation((0..<25).map { k -> RGBAImage in
            var image = Fixtures.square()
            image[k % 10, 1] = .black
            return image
        }, delays: Array(repeating: 4, count: 25))
        let result = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        #expect(result.totals.failingFrames == 25)
        #expect(result.reportLines.count == 21)
        #expect(result.reportLines[19].hasPrefix("frame 19: 2 of 80 pixels differ"))
        #expect(result.reportLines[20] == "… and 5 more frames (--json lists every frame)")
    }

    @Test func stillImagesCompareDirectly() {
        var actual = Fixtures.square()
        actual[9, 0] = RGBA8(r: 255, g: 255, b: 255, a: 0)
        let result = FrameComparison.compare(actual: actual, expected: Fixtures.square())
        #expect(result.verdict == .pixelsDiffer)
        #expect(result.frames[0].firstDifference == PixelPosition(x: 9, y: 0))
        #expect(FrameComparison.compare(actual: Fixtures.square(), expected: Fixtures.square()).exitStatus == 0)
    }

    @Test func missingFramesAreRedInTheDiff() {
        var second = Fixtures.square()
        second[0, 0] = .black
        let result = FrameComparison.compare(actual: Fixtures.animation([Fixtures.square(), second]),
                                             expected: Fixtures.animation([Fixtures.square()]), options: Fixtures.storedFrames)
        let diff = result.makeDiff()
        #expect(diff.frames.count == 2)
        #expect(diff.frames[1].image.pixels == RGBAImage(width: 10, height: 8, fill: RGBA8(r: 255, g: 0, b: 0)).pixels)
        #expect(diff.frames[1].delayCentiseconds == 5)
        #expect(diff.loopCount == .forever)
    }

    @Test func stillsIgnoreTiming() {
        let still = Fixtures.still(Fixtures.square())
        let oneFrameGIF = Fixtures.animation([Fixtures.square()], delays: [10], loop: .forever)
        #expect(FrameComparison.compare(actual: oneFrameGIF, expected: still).verdict == .equal)
    }

    @Test func firstDifferingFrameIsReportedFirst() {
        // Four distinct expected frames (a black pixel moving along the bottom row).
        let expectedImages = (0..<4).map { i -> RGBAImage in
            var image = Fixtures.square()
            image[i, 7] = .black
            return image
        }
        var actualImages = expectedImages
        actualImages[1][1, 1] = .black
        actualImages[3][2, 1] = .black
        actualImages[3][3, 1] = .black
        let actual = Fixtures.animation(actualImages)
        let expected = Fixtures.animation(expectedImages)
        let result = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        #expect(result.failingFrames.map(\.index) == [1, 3])
        #expect(result.reportLines.count == 2)
        #expect(result.reportLines[0].hasPrefix("frame 1: 1 of 80 pixels differ"))
        #expect(result.reportLines[1].hasPrefix("frame 3: 2 of 80 pixels differ (2.50 %), first at (2, 1)"))
        #expect(result.summaryLine == "pixels differ in 2 of 4 frames")
    }
}
