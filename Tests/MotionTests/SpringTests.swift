import Testing
@testable import Motion

@Suite("Springs")
struct SpringTests {
    @Test("duration 0.5, bounce 0.3 gives stiffness 157.9 and damping 17.6 (Apple's Spring example)")
    func documentedCoefficients() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(close(spring.stiffness, 157.9, 0.05))
        #expect(close(spring.damping, 17.6, 0.05))
        #expect(spring.mass == 1)
        #expect(close(spring.dampingRatio, 0.7, 1e-12))
        #expect(close(spring.bounce, 0.3, 1e-12))
    }

    @Test("mass 1, stiffness 100, damping 10 gives duration 0.63 and bounce 0.5 (Apple's example)")
    func documentedInverse() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(close(spring.duration, 0.63, 0.005))
        #expect(close(spring.bounce, 0.5, 1e-12))
    }

    @Test("negative bounce is overdamped: ζ = 1 / (1 + bounce)")
    func negativeBounce() {
        #expect(close(Spring(duration: 1, bounce: -0.5).dampingRatio, 2, 1e-12))
        #expect(close(Spring(duration: 1, bounce: -0.5).bounce, -0.5, 1e-12))
    }

    static let springs: [(String, Animation, Spring)] = [
        (".spring", .spring, Spring(response: 0.5, dampingRatio: 0.825)),
        (".bouncy", .bouncy, Spring(response: 0.5, dampingRatio: 0.7)),
        (".snappy", .snappy, Spring(response: 0.5, dampingRatio: 0.85)),
        (".smooth (critical)", .smooth, Spring(response: 0.5, dampingRatio: 1)),
        (".default (critical)", .default, Spring(response: 0.55, dampingRatio: 1)),
        (".interactiveSpring", .interactiveSpring, Spring(response: 0.15, dampingRatio: 0.86)),
        ("overdamped", .spring(duration: 0.5, bounce: -0.5), Spring(response: 0.5, dampingRatio: 2)),
        ("very bouncy", .spring(response: 0.4, dampingFraction: 0.2), Spring(response: 0.4, dampingRatio: 0.2)),
    ]

    @Test("position at known times matches the closed form from stiffness and damping, and an ODE integration",
          arguments: springs)
    func positionAgainstReference(name: String, animation: Animation, spring: Spring) {
        // The parameters the vocabulary promises (Apple's documentation of `Animation`).
        guard case let .spring(actual, _) = animation.base else {
            Issue.record("\(name) is not a spring")
            return
        }
        #expect(close(actual.response, spring.response, 1e-12))
        #expect(close(actual.dampingRatio, spring.dampingRatio, 1e-12))
        let k = (2 * Double.pi / spring.response) * (2 * Double.pi / spring.response)
        let c = 2 * spring.dampingRatio * k.squareRoot()
        let settle = animation.settleSeconds ?? .infinity
        for time in [0.02, 0.05, 0.1, 0.2, 0.3, 0.5] {
            let reference = referenceSpringPosition(stiffness: k, damping: c, atSeconds: time)
            #expect(close(actual.position(atSeconds: time), reference, 1e-9), "\(name) at \(time) s")
            // The animation follows the motion until it settles, then holds 1.
            #expect(close(animation.progress(atSeconds: time), time < settle ? reference : 1, 1e-9), "\(name) at \(time) s")
            #expect(close(reference, integratedSpringPosition(stiffness: k, damping: c, atSeconds: time), 1e-7))
        }
    }

    @Test("a bouncy spring overshoots 1")
    func overshoot() {
        let peak = stride(from: 0.0, through: 1, by: 0.001).map { Animation.bouncy.progress(atSeconds: $0) }.max() ?? 0
        #expect(peak > 1.04)  // bounce 0.3: about 4.6 % overshoot
    }

    @Test("settles when it stays within 0.001 of the target for good, and is exactly 1 from then on",
          arguments: springs)
    func settling(name: String, animation: Animation, spring: Spring) throws {
        let settle = try #require(animation.settleSeconds)
        #expect(close(settle, try #require(spring.settlingDuration()), 1e-12))
        // Just before: the motion is still at the edge of the band (or outside it).
        #expect(close(abs(spring.position(atSeconds: settle) - 1), 0.001, 1e-6), "\(name)")
        #expect(abs(spring.position(atSeconds: settle - 1e-4) - 1) > 0.001 - 1e-5)
        // Afterwards, the raw motion never leaves the band, and the animation reports exactly 1.
        for step in 0..<2000 {
            let time = settle + Double(step) * 0.001
            #expect(abs(spring.position(atSeconds: time) - 1) <= 0.001 + 1e-12)
            #expect(animation.progress(atSeconds: time) == 1)
        }
        #expect(animation.periodSeconds == nil)
    }

    @Test("critically damped settling time is the root of (1 + ω t) e^(−ω t) = 0.001")
    func criticalSettlingTime() throws {
        let settle = try #require(Spring(response: 0.5, dampingRatio: 1).settlingDuration())
        let omega = 2 * Double.pi / 0.5
        // Check the defining equation rather than a number copied from elsewhere.
        #expect(close(referenceSpringPosition(stiffness: omega * omega, damping: 2 * omega, atSeconds: settle), 0.999, 1e-9))
    }

    @Test("an undamped spring (bounce 1) never settles and repeats with period = duration")
    func undamped() {
        let animation = Animation.spring(duration: 0.8, bounce: 1)
        #expect(animation.settleSeconds == nil)
        #expect(animation.periodSeconds == 0.8)
        #expect(close(animation.progress(atSeconds: 0.4), 2, 1e-12))  // 1 − cos π
        #expect(close(animation.progress(atSeconds: 0.2), 1, 1e-12))
        #expect(close(animation.progress(atSeconds: 0.3), animation.progress(atSeconds: 1.1), 1e-12))
        #expect(animation.speed(2).periodSeconds == 0.4)
    }

    @Test("response 0 is an infinitely stiff spring: a jump")
    func zeroResponse() {
        let animation = Animation.spring(response: 0)
        #expect(animation.progress(atSeconds: 0) == 0)
        #expect(animation.progress(atSeconds: 1e-9) == 1)
        #expect(animation.settleSeconds == 0)
    }

    @Test("the pre-iOS 17 default is easeInOut for 0.35 s")
    func legacyDefault() {
        let legacy = Animation.systemDefault(.beforeiOS17)
        #expect(close(legacy.progress(atSeconds: 0.35 * 0.25), UnitCurve.easeInOut.value(at: 0.25)))
        #expect(legacy.settleSeconds == 0.35)
        #expect(legacy.description == ".default")
    }
}
