import Testing
import Raster
@testable import Compare

/// Comparing what plays: moments at every frame start of either side, over a common period.
@Suite struct PlaybackComparisonTests {
    /// The square, and the square with its corner pixel black: two distinct frames.
    static let a = Fixtures.square()
    static let b: RGBAImage = {
        var image = Fixtures.square()
        image[0, 0] = .black
        return image
    }()

    @Test func sameAnimationStoredWithMoreFramesIsEqual() {
        // A for 10 cs then B for 10 cs, against the same loop stored twice over at 5 cs frames
        // whose neighbours differ only where both are fully transparent (they merge as identical).
        let actual = Fixtures.animation([Self.a, Self.b], delays: [10, 10])
        let expected = Fixtures.animation([Self.a, Self.b, Self.a, Self.b], delays: [10, 10, 10, 10])
        let result = FrameComparison.compare(actual: actual, expected: expected)
        #expect(result.verdict == .equal, "\(result.summaryLine)")
        #expect(result.mismatches.isEmpty)
        #expect(result.frames.map(\.startMilliseconds) == [0, 100, 200, 300])
        #expect(result.frames.map(\.durationMilliseconds) == [100, 100, 100, 100])
        #expect(result.frames.map(\.actualSourceFrames) == [0..<1, 1..<2, 0..<1, 1..<2])
        #expect(result.frames.map(\.expectedSourceFrames) == [0..<1, 1..<2, 2..<3, 3..<4])
        // Stored frame by frame they differ in count.
        let stored = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        #expect(stored.verdict == .frameCountMismatch)
        #expect(stored.exitStatus == 2)
    }

    @Test func momentsAreTheUnionOfStartTimes() {
        // Actual shows A for 3 cs then B for 5; expected A for 4 then B for 4. Starts: 0, 3, 4.
        let actual = Fixtures.animation([Self.a, Self.b], delays: [3, 5])
        let expected = Fixtures.animation([Self.a, Self.b], delays: [4, 4])
        let result = FrameComparison.compare(actual: actual, expected: expected)
        #expect(result.frames.map(\.startMilliseconds) == [0, 30, 40])
        #expect(result.frames.map(\.durationMilliseconds) == [30, 10, 40])
        #expect(result.frames.map(\.status) == [.identical, .different, .identical])
        #expect(result.verdict == .pixelsDiffer && result.exitStatus == 1)
        #expect(result.frames[1].differingPixels == 1 && result.frames[1].firstDifference == PixelPosition(x: 0, y: 0))
        #expect(result.summaryLine == "pixels differ in 1 of 3 frames (first at 30 ms)")
        #expect(result.reportLines == ["at 30 ms (actual frame 1, expected frame 0): 1 of 80 pixels differ (1.25 %), first at (0, 0), max distance 0.966"])
        let xml = result.junitXML(suiteName: "s")
        #expect(xml.contains("<testcase classname=\"s\" name=\"at 0 ms\"/>"))
        #expect(xml.contains("<testcase classname=\"s\" name=\"at 30 ms\">\n      <failure message=\"at 30 ms (actual frame 1, expected frame 0):"))
        #expect(result.jsonReport.contains("\"startMilliseconds\": 30,\n      \"durationMilliseconds\": 10,"))
        // The diff plays the moments at their own durations: the failing one has the red pixel.
        let diff = result.makeDiff()
        #expect(diff.frames.map(\.delayCentiseconds) == [3, 1, 4])
        #expect(diff.frames[1].image[0, 0] == RGBA8(r: 255, g: 0, b: 0))
        // Elsewhere the faded grey of the expected white: 255 + (255 − 255) · 0.1 = 255.
        #expect(diff.frames[0].image[0, 0] == RGBA8(r: 255, g: 255, b: 255))
    }

    @Test func loopsOfDifferentLengthsUseTheirCommonPeriodWhenBothLoopForever() {
        // A 2-frame loop of 20 cs against a 3-frame loop of 30 cs (A, B, A): over 60 cs they part.
        let actual = Fixtures.animation([Self.a, Self.b], delays: [10, 10])
        let expected = Fixtures.animation([Self.a, Self.b, Self.a], delays: [10, 10, 10])
        let result = FrameComparison.compare(actual: actual, expected: expected)
        #expect(result.mismatches.isEmpty)
        #expect(result.frames.map(\.startMilliseconds) == [0, 100, 200, 300, 400, 500])
        // Actual: A B A B A B; expected: A B A A B A.
        #expect(result.frames.map(\.status.passed) == [true, true, true, false, false, false])
        #expect(result.frames.map(\.expectedSourceFrames) == [0..<1, 1..<2, 2..<3, 0..<1, 1..<2, 2..<3])
    }

    @Test func finiteLoopsOfDifferentLengthsDifferInDuration() {
        let actual = Fixtures.animation([Self.a, Self.b], delays: [10, 10], loop: .playOnce)
        let expected = Fixtures.animation([Self.a, Self.b, Self.a, Self.b], delays: [10, 10, 10, 10], loop: .playOnce)
        let result = FrameComparison.compare(actual: actual, expected: expected)
        #expect(result.mismatches == [.loopDuration(actualMilliseconds: 200, expectedMilliseconds: 400)])
        #expect(result.verdict == .delayMismatch && result.exitStatus == 2)
        #expect(result.summaryLine == "loop duration differs: actual 200 ms, expected 400 ms")
        // The finished side holds its last frame: B against A, then B against B.
        #expect(result.frames.map(\.startMilliseconds) == [0, 100, 200, 300])
        #expect(result.frames.map(\.actualSourceFrames) == [0..<1, 1..<2, 1..<2, 1..<2])
        #expect(result.frames.map(\.status.passed) == [true, true, false, true])
    }

    @Test func loopCountsThatDifferStillFail() {
        let actual = Fixtures.animation([Self.a, Self.b], delays: [10, 10], loop: .forever)
        let expected = Fixtures.animation([Self.a, Self.b], delays: [10, 10], loop: .playOnce)
        let result = FrameComparison.compare(actual: actual, expected: expected)
        #expect(result.verdict == .loopCountMismatch && result.exitStatus == 2)
        #expect(result.totals.failingFrames == 0)
    }

    @Test func stillsAndUntimedSidesCompareStoredFrames() {
        let still = FrameComparison.compare(actual: Fixtures.still(Self.a), expected: Fixtures.still(Self.a))
        #expect(still.frames.map(\.startMilliseconds) == [nil])
        let untimed = Fixtures.animation([Self.a, Self.b], delays: [0, 0])
        let timed = Fixtures.animation([Self.a, Self.b], delays: [10, 10])
        let result = FrameComparison.compare(actual: untimed, expected: timed)
        #expect(result.frames.map(\.startMilliseconds) == [nil, nil])
        #expect(result.verdict == .delayMismatch)
    }
}
