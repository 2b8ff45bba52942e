import Testing
@testable import Motion

/// Progress of repeat, autoreverse, delay and speed, at times where the exact value is known.
@Suite("Repeat, delay and speed")
struct AnimationTimelineTests {
    @Test("repeatForever(autoreverses: false) restarts every cycle: the spinner's sawtooth",
          arguments: [(0.0, 0.0), (0.5, 0.25), (1.0, 0.5), (1.999, 0.9995), (2.0, 0.0), (2.5, 0.25), (101.0, 0.5)])
    func sawtooth(time: Double, expected: Double) {
        let animation = Animation.linear(duration: 2).repeatForever(autoreverses: false)
        #expect(close(animation.progress(atSeconds: time), expected, 1e-9))
    }

    @Test("repeatForever autoreverses by default: forwards, then backwards",
          arguments: [(0.25, 0.25), (1.0, 1.0), (1.25, 0.75), (2.0, 0.0), (2.25, 0.25), (3.5, 0.5)])
    func pingPong(time: Double, expected: Double) {
        let animation = Animation.linear(duration: 1).repeatForever()
        #expect(close(animation.progress(atSeconds: time), expected, 1e-9))
        #expect(animation.periodSeconds == 2)
        #expect(animation.settleSeconds == nil)
    }

    @Test("periods and settling of the repeat modifiers")
    func periods() {
        #expect(Animation.linear(duration: 2).repeatForever(autoreverses: false).periodSeconds == 2)
        #expect(Animation.linear(duration: 2).repeatForever().periodSeconds == 4)
        #expect(Animation.linear(duration: 2).repeatForever(autoreverses: false).speed(4).periodSeconds == 0.5)
        #expect(Animation.linear(duration: 2).repeatForever(autoreverses: false).delay(3).periodSeconds == 2)
        #expect(Animation.linear(duration: 2).periodSeconds == nil)
        #expect(Animation.linear(duration: 2).repeatCount(3).periodSeconds == nil)
        #expect(Animation.linear(duration: 2).repeatCount(3).settleSeconds == 6)
        #expect(Animation.linear(duration: 2).settleSeconds == 2)
        #expect(Animation.linear(duration: 2).repeatForever().repeatsForever)
    }

    @Test("repeatCount counts each reversal as one repeat and ends on the new value",
          arguments: [
            // 3 runs: forwards, backwards, forwards.
            (3, 0.5, 0.5), (3, 1.25, 0.75), (3, 2.25, 0.25), (3, 2.999, 0.999), (3, 3.0, 1.0), (3, 10.0, 1.0),
            // 2 runs: forwards, backwards, then the jump to the new value SwiftUI makes.
            (2, 1.25, 0.75), (2, 1.999, 0.001), (2, 2.0, 1.0),
            // 1 run: no reversal even though autoreverses is true.
            (1, 0.5, 0.5), (1, 1.5, 1.0),
          ])
    func repeatCountAutoreversing(count: Int, time: Double, expected: Double) {
        let animation = Animation.linear(duration: 1).repeatCount(count)
        #expect(close(animation.progress(atSeconds: time), expected, 1e-9))
        #expect(animation.settleSeconds == Double(count))
    }

    @Test("repeatCount without autoreverse restarts each run",
          arguments: [(0.5, 0.5), (1.25, 0.25), (2.5, 0.5), (2.999, 0.999), (3.0, 1.0)])
    func repeatCountRestarting(time: Double, expected: Double) {
        let animation = Animation.linear(duration: 1).repeatCount(3, autoreverses: false)
        #expect(close(animation.progress(atSeconds: time), expected, 1e-9))
    }

    @Test("delay waits, then the animation runs; progress is 0 during the delay",
          arguments: [(-1.0, 0.0), (0.0, 0.0), (0.4, 0.0), (0.5, 0.0), (0.75, 0.25), (1.25, 0.75), (1.5, 1.0), (9.0, 1.0)])
    func delay(time: Double, expected: Double) {
        let animation = Animation.linear(duration: 1).delay(0.5)
        #expect(close(animation.progress(atSeconds: time), expected, 1e-9))
        #expect(animation.settleSeconds == 1.5)
    }

    @Test("speed scales elapsed time",
          arguments: [(2.0, 0.5, 0.5), (2.0, 1.0, 1.0), (0.5, 2.0, 0.5), (0.5, 4.0, 1.0)])
    func speed(factor: Double, time: Double, expected: Double) {
        let animation = Animation.linear(duration: 2).speed(factor)
        #expect(close(animation.progress(atSeconds: time), expected, 1e-9))
        #expect(animation.settleSeconds == 2 / factor)
    }

    @Test("a speed written after a delay scales the delay too; one written before does not")
    func speedAndDelayOrder() {
        let scaledDelay = Animation.linear(duration: 1).delay(1).speed(2)  // delay 0.5 s, run 0.5 s
        #expect(scaledDelay.delaySeconds == 0.5)
        #expect(scaledDelay.progress(atSeconds: 0.5) == 0)
        #expect(close(scaledDelay.progress(atSeconds: 0.75), 0.5))
        #expect(scaledDelay.settleSeconds == 1)
        let plainDelay = Animation.linear(duration: 1).speed(2).delay(1)  // delay 1 s, run 0.5 s
        #expect(plainDelay.delaySeconds == 1)
        #expect(close(plainDelay.progress(atSeconds: 1.25), 0.5))
        #expect(plainDelay.settleSeconds == 1.5)
    }

    @Test("a delay happens once, before the first run, even when written inside a repeat")
    func delayBeforeRepeat() {
        let animation = Animation.linear(duration: 1).delay(1).repeatForever(autoreverses: false)
        #expect(animation.progress(atSeconds: 0.9) == 0)
        #expect(close(animation.progress(atSeconds: 1.5), 0.5))
        #expect(close(animation.progress(atSeconds: 2.5), 0.5))
        #expect(close(animation.progress(atSeconds: 3.25), 0.25))
        #expect(animation.periodSeconds == 1)
    }

    @Test("repeat, speed and delay together: period and values")
    func combined() {
        let animation = Animation.easeInOut(duration: 1).repeatForever().speed(2).delay(0.3)
        #expect(animation.periodSeconds == 1)  // 2 runs of 0.5 s
        #expect(close(animation.progress(atSeconds: 0.3 + 0.125), UnitCurve.easeInOut.value(at: 0.25)))
        #expect(close(animation.progress(atSeconds: 0.3 + 0.625), UnitCurve.easeInOut.value(at: 0.75)))  // backwards
        for time in [0.31, 0.5, 0.77, 1.2] {
            #expect(close(animation.progress(atSeconds: time), animation.progress(atSeconds: time + 1), 1e-9))
            #expect(close(animation.progress(atSeconds: time), animation.progress(atSeconds: time + 7), 1e-9))
        }
    }

    @Test("a spring repeats over its settling time")
    func repeatedSpring() throws {
        let settle = try #require(Animation.snappy.settleSeconds)
        let animation = Animation.snappy.repeatCount(2, autoreverses: false)
        #expect(close(try #require(animation.settleSeconds), 2 * settle, 1e-12))
        #expect(close(animation.progress(atSeconds: settle + 0.1), Animation.snappy.progress(atSeconds: 0.1), 1e-12))
        #expect(close(try #require(Animation.snappy.repeatForever().periodSeconds), 2 * settle, 1e-12))
    }

    @Test("a zero duration is a jump, and repeating it changes nothing")
    func zeroDuration() {
        let animation = Animation.linear(duration: 0).repeatForever()
        #expect(animation.progress(atSeconds: 0) == 0)
        #expect(animation.progress(atSeconds: 0.001) == 1)
        #expect(animation.periodSeconds == nil)
        #expect(animation.settleSeconds == 0)
    }

    @Test("description prints SwiftUI syntax", arguments: [
        (Animation.linear(duration: 2).repeatForever(autoreverses: false), ".linear(duration: 2).repeatForever(autoreverses: false)"),
        (.easeInOut(duration: 1).repeatForever(), ".easeInOut(duration: 1).repeatForever()"),
        (.easeIn, ".easeIn"),
        (.default.speed(2).delay(0.1), ".default.speed(2).delay(0.1)"),
        (.spring(response: 0.4, dampingFraction: 0.6), ".spring(response: 0.4, dampingFraction: 0.6)"),
        (.spring(), ".spring()"),
        (.spring(duration: 0.5, bounce: 0), ".spring(duration: 0.5)"),
        (.spring(blendDuration: 1), ".spring(blendDuration: 1)"),
        (.timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5), ".timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5)"),
        (.timingCurve(0.2, 0.8, 0.2, 1), ".timingCurve(0.2, 0.8, 0.2, 1)"),
        (.linear.repeatCount(3, autoreverses: false), ".linear.repeatCount(3, autoreverses: false)"),
        (.linear.repeatCount(3), ".linear.repeatCount(3)"),
        (.bouncy(duration: 0.4, extraBounce: 0.1), ".bouncy(duration: 0.4, extraBounce: 0.1)"),
        (.interactiveSpring(duration: 0.15), ".interactiveSpring(duration: 0.15)"),
        (.linear(duration: 0.001), ".linear(duration: 0.001)"),
        (.linear(duration: 1e-5), ".linear(duration: 1e-05)"),
    ])
    func description(animation: Animation, expected: String) {
        #expect(animation.description == expected)
    }
}
