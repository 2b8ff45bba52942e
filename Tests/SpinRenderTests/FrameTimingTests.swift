import Testing
@testable import SpinRender

@Suite("Frame timing in centiseconds")
struct FrameTimingTests {
    @Test(arguments: [
        (50.0, [2, 2, 2, 2, 2, 2]),
        (30.0, [3, 4, 3, 3, 4, 3]),
        (24.0, [4, 4, 5, 4, 4, 4]),
        (25.0, [4, 4, 4, 4, 4, 4]),
        (20.0, [5, 5, 5, 5, 5, 5]),
    ])
    func delaysRoundTheRunningEndTime(fps: Double, expected: [Int]) {
        let timing = FrameTiming(frameCount: expected.count, framesPerSecond: fps)
        #expect(timing.delaysCentiseconds == expected)
        #expect(timing.raisedDelayCount == 0)
    }

    @Test func oneSecondAtThirtyFPSLastsExactlyOneHundredCentiseconds() {
        let timing = FrameTiming(frameCount: 30, framesPerSecond: 30)
        #expect(timing.delaysCentiseconds.reduce(0, +) == 100)
    }

    /// 60 fps ends frames at 1.67, 3.33, 5 cs → 2, 1, 2: the 1 cs delay is raised to 2 and counted.
    @Test func delaysUnderTwoCentisecondsAreRaisedAndCounted() {
        let timing = FrameTiming(frameCount: 6, framesPerSecond: 60)
        #expect(timing.delaysCentiseconds == [2, 2, 2, 2, 2, 2])
        #expect(timing.raisedDelayCount == 2)
        let hundred = FrameTiming(frameCount: 4, framesPerSecond: 100)
        #expect(hundred.delaysCentiseconds == [2, 2, 2, 2])
        #expect(hundred.raisedDelayCount == 4)
    }

    @Test func delayPatternPeriod() {
        #expect(FrameTiming(frameCount: 1, framesPerSecond: 50).delayPatternPeriod == 1)
        #expect(FrameTiming(frameCount: 1, framesPerSecond: 30).delayPatternPeriod == 3)
        #expect(FrameTiming(frameCount: 1, framesPerSecond: 24).delayPatternPeriod == 6)
    }

    @Test func sampleTimesAreFrameIndexOverRate() {
        let timing = FrameTiming(frameCount: 10, framesPerSecond: 50)
        #expect(timing.sampleTime(ofFrame: 0) == 0)
        #expect(timing.sampleTime(ofFrame: 25) == 0.5)
    }
}
