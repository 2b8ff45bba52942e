import Testing
import Raster
@testable import Compare

/// Threshold, pixel-count and ratio allowances, anti-aliasing, and the YIQ distance itself.
@Suite struct ToleranceTests {
    /// The square with `count` pixels of the white background changed by one level of red.
    static func nudged(_ count: Int) -> RGBAImage {
        var image = Fixtures.square()
        for i in 0..<count { image[i % 10, 7 - i / 10] = RGBA8(r: 254, g: 255, b: 255) }
        return image
    }

    @Test func thresholdZeroCountsAnyChangeAToleranceAcceptsASmallOne() {
        let actual = Fixtures.still(Self.nudged(1)), expected = Fixtures.still(Fixtures.square())
        let exact = FrameComparison.compare(actual: actual, expected: expected, options: .exact)
        #expect(exact.verdict == .pixelsDiffer)
        // One level of red: ΔY = 0.2989, ΔI = 0.5960, ΔQ = 0.2115 → 0.160096; distance 0.00213.
        #expect(abs(exact.frames[0].maxDelta - 0.16009606846729635) < 1e-9)
        let tolerant = FrameComparison.compare(actual: actual, expected: expected,
                                               options: ComparisonOptions(threshold: 0.01))
        #expect(tolerant.verdict == .equal)
        #expect(tolerant.frames[0].status == .withinTolerance)
        #expect(tolerant.frames[0].differingPixels == 0)
        #expect(tolerant.summaryLine == "equal within tolerance: 1 frame, 10 × 8")
        // Just below the pixel's own distance it counts again.
        let tight = FrameComparison.compare(actual: actual, expected: expected,
                                            options: ComparisonOptions(threshold: 0.0021))
        #expect(tight.verdict == .pixelsDiffer)
    }

    @Test func maxDiffPixelsAllowsThatManyPixels() {
        let expected = Fixtures.still(Fixtures.square())
        let options = ComparisonOptions(maxDiffPixels: 3)
        #expect(FrameComparison.compare(actual: Fixtures.still(Self.nudged(3)), expected: expected, options: options).verdict == .equal)
        let four = FrameComparison.compare(actual: Fixtures.still(Self.nudged(4)), expected: expected, options: options)
        #expect(four.verdict == .pixelsDiffer)
        #expect(four.frames[0].differingPixels == 4)
    }

    @Test func maxDiffRatioAllowsThatFraction() {
        let expected = Fixtures.still(Fixtures.square())  // 80 pixels
        let options = ComparisonOptions(maxDiffRatio: 0.05)  // 4 pixels
        #expect(FrameComparison.compare(actual: Fixtures.still(Self.nudged(4)), expected: expected, options: options).verdict == .equal)
        #expect(FrameComparison.compare(actual: Fixtures.still(Self.nudged(5)), expected: expected, options: options).verdict == .pixelsDiffer)
    }

    @Test func bothLimitsMustHold() {
        let expected = Fixtures.still(Fixtures.square())
        let options = ComparisonOptions(maxDiffPixels: 10, maxDiffRatio: 0.05)
        #expect(FrameComparison.compare(actual: Fixtures.still(Self.nudged(5)), expected: expected, options: options).verdict == .pixelsDiffer)
        #expect(FrameComparison.compare(actual: Fixtures.still(Self.nudged(4)), expected: expected, options: options).verdict == .equal)
    }

    @Test func invalidOptionsAreNamed() {
        #expect(ComparisonOptions(threshold: 1.5).validationMessage == "--threshold must be between 0 and 1 (got 1.5)")
        #expect(ComparisonOptions(threshold: .nan).validationMessage != nil)
        #expect(ComparisonOptions(maxDiffPixels: -1).validationMessage == "--max-diff-pixels must be 0 or more (got -1)")
        #expect(ComparisonOptions(maxDiffRatio: 2).validationMessage != nil)
        #expect(ComparisonOptions(threshold: 1, maxDiffPixels: 0, maxDiffRatio: 1).validationMessage == nil)
    }

    @Test func antialiasedEdgeIsIgnoredOnlyWhenAsked() {
        // The edge column is grey 128 in one image and 100 in the other: a rasterizer difference.
        var actual = Fixtures.edge(grey: 100)
        actual[9, 3] = .black  // a real difference in the flat white area
        let expected = Fixtures.edge(grey: 128)
        let strict = FrameComparison.compare(actual: Fixtures.still(actual), expected: Fixtures.still(expected))
        #expect(strict.frames[0].differingPixels == 7)
        #expect(strict.frames[0].antialiasedPixels == 0)

        let lenient = FrameComparison.compare(actual: Fixtures.still(actual), expected: Fixtures.still(expected),
                                              options: ComparisonOptions(ignoreAntialiasing: true))
        #expect(lenient.frames[0].antialiasedPixels == 6)
        #expect(lenient.frames[0].differingPixels == 1)
        #expect(lenient.frames[0].firstDifference == PixelPosition(x: 9, y: 3))
        let diff = lenient.makeDiff().frames[0].image
        for y in 0..<6 { #expect(diff[5, y] == RGBA8(r: 255, g: 255, b: 0)) }
        #expect(diff[9, 3] == RGBA8(r: 255, g: 0, b: 0))
        #expect(diff[0, 0] == RGBA8(r: 230, g: 230, b: 230))  // black fades to 229.5 → 230
        #expect(lenient.reportLines == [
            "frame 0: 1 of 72 pixels differ (1.39 %), first at (9, 3), max distance 0.966, 6 anti-aliased pixels ignored",
        ])
    }

    @Test func onlyAntialiasingDifferencesPass() {
        let result = FrameComparison.compare(actual: Fixtures.still(Fixtures.edge(grey: 90)),
                                             expected: Fixtures.still(Fixtures.edge(grey: 160)),
                                             options: ComparisonOptions(ignoreAntialiasing: true))
        #expect(result.verdict == .equal)
        #expect(result.frames[0].status == .withinTolerance)
        #expect(result.totals.antialiasedPixels == 6)
    }

    @Test func aLoneChangedPixelInAFlatAreaIsNotAntialiasing() {
        let flat = RGBAImage(width: 5, height: 5, fill: .white)
        var dot = flat
        dot[2, 2] = RGBA8(r: 128, g: 128, b: 128)
        let result = FrameComparison.compare(actual: Fixtures.still(dot), expected: Fixtures.still(flat),
                                             options: ComparisonOptions(ignoreAntialiasing: true))
        #expect(result.frames[0].differingPixels == 1)
        #expect(result.frames[0].antialiasedPixels == 0)
    }

    @Test func pixelmatchDeltaMatchesTheReferenceImplementation() {
        // Values computed with pixelmatch 5's colorDelta (IEEE doubles, same operation order).
        #expect(PixelDistance.pixelmatchDelta(RGBA8(r: 100, g: 100, b: 100), RGBA8(r: 101, g: 100, b: 100)) == 0.16009606846729635)
        #expect(PixelDistance.pixelmatchDelta(.black, .white) == 32857.13315714265)
        #expect(PixelDistance.pixelmatchDelta(Fixtures.orange, RGBA8(r: 255, g: 255, b: 255, a: 128)) == 8023.241615852667)
        #expect(PixelDistance.pixelmatchDelta(.white, RGBA8(r: 255, g: 255, b: 255, a: 128)) == 0)
        #expect(PixelDistance.pixelmatchDelta(RGBA8(r: 0, g: 0, b: 255), RGBA8(r: 255, g: 255, b: 0)) <= PixelDistance.maximum)
    }

    @Test func distanceAlsoSeesAlphaAgainstBlack() {
        let translucent = RGBA8(r: 255, g: 255, b: 255, a: 128)
        #expect(PixelDistance.delta(.white, translucent) > 8000)
        #expect(PixelDistance.delta(.black, .white) == PixelDistance.pixelmatchDelta(.black, .white))
        #expect(PixelDistance.delta(RGBA8(r: 1, g: 2, b: 3, a: 0), RGBA8(r: 9, g: 8, b: 7, a: 0)) == 0)
        #expect(PixelDistance.thresholdEquivalent(ofDelta: PixelDistance.maximum) == 1)
    }
}
