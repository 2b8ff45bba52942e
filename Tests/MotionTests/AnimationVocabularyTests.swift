import Testing
@testable import Motion

@Suite("The animation vocabulary")
struct AnimationVocabularyTests {
    /// SwiftUI's physical spring: stiffness 100 and damping 10 at mass 1 is ω = √(100 / 1) = 10 rad/s,
    /// a response of 2π / 10 s and a damping fraction of 10 / (2·√100) = 0.5; mass 4 halves ω.
    @Test func interpolatingSpringCoefficients() {
        guard case let .spring(spring, blend) = Animation.interpolatingSpring(stiffness: 100, damping: 10).base else {
            Issue.record("not a spring")
            return
        }
        #expect(abs(spring.response - 2 * Double.pi / 10) < 1e-12)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-12)
        #expect(blend == 0)
        guard case let .spring(heavy, _) = Animation.interpolatingSpring(mass: 4, stiffness: 100, damping: 10).base else { return }
        #expect(abs(heavy.response - 2 * Double.pi / 5) < 1e-12)
        #expect(abs(heavy.dampingRatio - 10 / (2 * 20)) < 1e-12)
    }
}
