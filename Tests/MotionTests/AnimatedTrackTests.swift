import Testing
@testable import Motion

/// SwiftUI's transactions and attachments, and the additive combination of changes.
@Suite("Animated tracks")
struct AnimatedTrackTests {
    static let spinnerAnimation = Animation.linear(duration: 2).repeatForever(autoreverses: false)
    static let oldCentre = AnimatablePoint(x: 100, y: 200)
    static let newCentre = AnimatablePoint(x: 300, y: 100)
    static let rotateAt = 0.5

    /// The centre of a spinner moved by a layout change (no animation in the transaction).
    static func centre(attachment: AnimationAttachment) -> AnimatedTrack<AnimatablePoint> {
        var track = AnimatedTrack(initial: oldCentre)
        track.set(newCentre, atSeconds: rotateAt, transaction: Transaction(), attachment: attachment)
        return track
    }

    static func near(_ a: AnimatablePoint, _ b: AnimatablePoint, _ tolerance: Double = 1e-9) -> Bool {
        close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
    }

    @Test("implicit .animation(_:) turns a layout move into a sawtooth: P_old + ΔP · frac((t − T) / 2 s)",
          arguments: [(0.5, 0.25), (1.0, 0.5), (1.999, 0.9995), (2.0, 0.0), (2.5, 0.25), (4.0, 0.0)])
    func implicitSawtooth(afterSeconds: Double, fraction: Double) {
        let track = Self.centre(attachment: .implicit(Self.spinnerAnimation))
        let expected = Self.oldCentre + (Self.newCentre - Self.oldCentre).scaled(by: fraction)
        #expect(Self.near(track.value(atSeconds: Self.rotateAt + afterSeconds), expected, 1e-9))
        #expect(track.target == Self.newCentre)
    }

    @Test("the implicit centre is at P_old up to the change and 25 % of the way at T + 0.5 s")
    func implicitNumbers() {
        let track = Self.centre(attachment: .implicit(Self.spinnerAnimation))
        #expect(track.value(atSeconds: 0) == Self.oldCentre)
        #expect(track.value(atSeconds: Self.rotateAt) == Self.oldCentre)
        #expect(Self.near(track.value(atSeconds: 1.0), AnimatablePoint(x: 150, y: 175)))
        #expect(Self.near(track.value(atSeconds: 1.5), AnimatablePoint(x: 200, y: 150)))
        #expect(track.isPeriodic)
        #expect(track.periodSeconds == 2)
        #expect(track.steadyFromSeconds == Self.rotateAt)
    }

    @Test("without an attachment (withAnimation on the rotation only) the centre lands at once and stays")
    func explicitLandsAtOnce() {
        let track = Self.centre(attachment: .none)
        #expect(track.value(atSeconds: Self.rotateAt - 0.001) == Self.oldCentre)
        for after in [0.0, 0.001, 0.5, 1, 1.999, 2, 7.3, 100] {
            #expect(track.value(atSeconds: Self.rotateAt + after) == Self.newCentre)
        }
        #expect(!track.isPeriodic)
        #expect(track.periodSeconds == nil)
        #expect(track.steadyFromSeconds == Self.rotateAt)
    }

    @Test("two changes stack additively, each with its own start")
    func stackedChanges() {
        let animation = Animation.linear(duration: 2).repeatForever(autoreverses: false)
        let p0 = AnimatablePoint(x: 0, y: 0), p1 = AnimatablePoint(x: 100, y: 0), p2 = AnimatablePoint(x: 100, y: 60)
        var track = AnimatedTrack(initial: p0)
        track.set(p1, atSeconds: 1, transaction: Transaction(), attachment: .implicit(animation))
        track.set(p2, atSeconds: 1.5, transaction: Transaction(), attachment: .implicit(animation))
        // At t = 2: first change 50 % in, second 25 % in.
        #expect(Self.near(track.value(atSeconds: 2), AnimatablePoint(x: 50, y: 15)))
        // At t = 3.25: first 12.5 % (wrapped), second 87.5 %.
        #expect(Self.near(track.value(atSeconds: 3.25), AnimatablePoint(x: 12.5, y: 52.5)))
        #expect(track.target == p2)
        #expect(track.periodSeconds == 2)
    }

    @Test("finite animations stack too: a second change mid-flight adds its own curve")
    func stackedFinite() {
        var track = AnimatedTrack(initial: 0.0)
        track.set(10, atSeconds: 0, transaction: Transaction(animation: .linear(duration: 1)))
        track.set(30, atSeconds: 0.5, transaction: Transaction(animation: .linear(duration: 1)))
        #expect(close(track.value(atSeconds: 0.5), 5))
        #expect(close(track.value(atSeconds: 1), 10 + 20 * 0.5))
        #expect(close(track.value(atSeconds: 1.5), 30))
        #expect(track.steadyFromSeconds == 1.5)
        #expect(track.periodSeconds == nil)
    }

    @Test(".animation(_:value:) animates only when its value changed")
    func valueBound() {
        let animation = Animation.linear(duration: 1)
        var changed = AnimatedTrack(initial: 0.0)
        changed.set(100, atSeconds: 0, transaction: Transaction(), attachment: .valueBound(animation), boundValueChanged: true)
        #expect(close(changed.value(atSeconds: 0.25), 25))
        var unchanged = AnimatedTrack(initial: 0.0)
        unchanged.set(100, atSeconds: 0, transaction: Transaction(), attachment: .valueBound(animation), boundValueChanged: false)
        #expect(unchanged.value(atSeconds: 0.25) == 100)
        // Unchanged, it still follows an explicit withAnimation.
        var explicit = AnimatedTrack(initial: 0.0)
        explicit.set(100, atSeconds: 0, transaction: Transaction(animation: .linear(duration: 2)),
                     attachment: .valueBound(animation), boundValueChanged: false)
        #expect(close(explicit.value(atSeconds: 0.5), 25))
    }

    @Test("which animation a change runs with",
          arguments: [
            (AnimationAttachment.none, Optional<Animation>.none, false, true, Optional<Animation>.none),
            (.none, .easeIn, false, true, .easeIn),
            (.implicit(.bouncy), nil, false, true, .bouncy),
            (.implicit(.bouncy), .easeIn, false, true, .bouncy),
            (.implicit(.bouncy), .easeIn, true, true, .easeIn),
            (.implicit(.bouncy), nil, true, true, nil),
            (.valueBound(.bouncy), .easeIn, false, true, .bouncy),
            (.valueBound(.bouncy), .easeIn, false, false, .easeIn),
            (.valueBound(.bouncy), nil, false, false, nil),
            (.valueBound(.bouncy), .easeIn, true, true, .easeIn),
          ])
    func effectiveAnimation(
        attachment: AnimationAttachment, transactionAnimation: Animation?, disables: Bool, changed: Bool, expected: Animation?
    ) {
        let transaction = Transaction(animation: transactionAnimation, disablesAnimations: disables)
        #expect(attachment.effectiveAnimation(for: transaction, boundValueChanged: changed) == expected)
    }

    @Test("the explicit spinner's rotation: θ(t) = 360° · frac((t − t0) / 2 s)")
    func spinnerRotation() {
        var angle = AnimatedTrack(initial: 0.0)
        angle.set(360, atSeconds: 0.1, transaction: Transaction(animation: Self.spinnerAnimation))
        for (time, expected) in [(0.1, 0.0), (0.6, 90.0), (1.1, 180.0), (2.0, 342.0), (2.1, 0.0), (3.6, 270.0)] {
            #expect(close(angle.value(atSeconds: time), expected, 1e-9), "at \(time)")
        }
        #expect(angle.periodSeconds == 2)
    }

    @Test("setting the current value again adds nothing")
    func noChange() {
        var track = AnimatedTrack(initial: AnimatablePoint(x: 1, y: 2))
        track.set(AnimatablePoint(x: 1, y: 2), atSeconds: 1, transaction: Transaction(animation: .linear.repeatForever()))
        #expect(track.segments.isEmpty)
        #expect(track.periodSeconds == nil)
    }

    @Test("periods of several repeating segments combine; an aperiodic one makes the track aperiodic")
    func trackPeriods() {
        var track = AnimatedTrack(initial: 0.0)
        track.set(1, atSeconds: 0, transaction: Transaction(animation: .linear(duration: 2).repeatForever(autoreverses: false)))
        track.set(2, atSeconds: 0.3, transaction: Transaction(animation: .linear(duration: 1.5).repeatForever()))
        track.set(3, atSeconds: 0.4, transaction: Transaction(animation: .easeIn.delay(1)))
        #expect(track.segmentPeriods == [2, 3])
        #expect(track.periodSeconds == 6)
        #expect(close(track.steadyFromSeconds ?? -1, 0.4 + 1.35))
        for time in [1.8, 2.5, 4.1] {
            #expect(close(track.value(atSeconds: time), track.value(atSeconds: time + 6), 1e-9))
        }
        track.set(4, atSeconds: 1, transaction: Transaction(animation: .spring(duration: 1, bounce: 1).speed(1.1)))
        #expect(track.isPeriodic)  // an undamped spring is periodic too: 1/1.1 s
        var diverging = AnimatedTrack(initial: 0.0)
        diverging.set(1, atSeconds: 0, transaction: Transaction(animation: .spring(response: 1, dampingFraction: -0.1)))
        #expect(diverging.steadyFromSeconds == nil)
        #expect(!diverging.isPeriodic)
    }
}
