import Testing
@testable import Motion

@Suite("Timing curves")
struct UnitCurveTests {
    @Test("easeInOut matches an independent Bézier evaluation at 0.25, 0.5 and 0.75 to 1e-6",
          arguments: [0.25, 0.5, 0.75])
    func easeInOutAgainstReference(time: Double) {
        let expected = referenceCurveValue(atTime: time, (0.42, 0), (0.58, 1))
        #expect(close(UnitCurve.easeInOut.value(at: time), expected, 1e-6))
        // Through an animation of 2 s the same value comes at twice the time.
        #expect(close(Animation.easeInOut(duration: 2).progress(atSeconds: 2 * time), expected, 1e-6))
    }

    @Test("easeInOut is symmetric: exactly half way at half time")
    func easeInOutMidpoint() {
        #expect(close(UnitCurve.easeInOut.value(at: 0.5), 0.5, 1e-12))
        #expect(close(UnitCurve.easeInOut.value(at: 0.25) + UnitCurve.easeInOut.value(at: 0.75), 1, 1e-9))
    }

    @Test("named and custom curves match the reference across the interval",
          arguments: [
            (UnitCurve.easeIn, (0.42, 0.0), (1.0, 1.0)),
            (UnitCurve.easeOut, (0.0, 0.0), (0.58, 1.0)),
            (UnitCurve(0.2, 0.8, 0.2, 1), (0.2, 0.8), (0.2, 1.0)),
            (UnitCurve(0.68, -0.55, 0.265, 1.55), (0.68, -0.55), (0.265, 1.55)),  // overshoots both ends
            (UnitCurve(1, 0, 0, 1), (1.0, 0.0), (0.0, 1.0)),  // flat slope in the middle
          ])
    func curveAgainstReference(curve: UnitCurve, p1: (Double, Double), p2: (Double, Double)) {
        // Odd fortieths: avoids 0.5, where the last curve is vertical and bisection on the
        // reference itself cannot resolve y to 1e-6.
        for step in 0..<20 {
            let time = Double(2 * step + 1) / 40
            #expect(close(curve.value(at: time), referenceCurveValue(atTime: time, p1, p2), 1e-6), "at \(time)")
        }
    }

    @Test("linear is the identity and every curve pins 0 and 1")
    func endpoints() {
        for time in [0.0, 0.1, 0.333, 0.9] { #expect(UnitCurve.linear.value(at: time) == time) }
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut, UnitCurve(0.68, -0.55, 0.265, 1.55)] {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -1) == 0)
            #expect(curve.value(at: 2) == 1)
        }
    }

    @Test("default duration is 0.35 s")
    func defaultDuration() {
        #expect(close(Animation.linear.progress(atSeconds: 0.175), 0.5))
        #expect(Animation.easeIn.settleSeconds == 0.35)
        #expect(close(Animation.easeOut.progress(atSeconds: 0.35 * 0.3), UnitCurve.easeOut.value(at: 0.3)))
        #expect(Animation.timingCurve(0.1, 0.2, 0.3, 0.4).settleSeconds == 0.35)
    }
}
