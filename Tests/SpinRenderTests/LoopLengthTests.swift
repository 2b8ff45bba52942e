import Testing
@testable import SpinRender

@Suite("Loop length computed from the animation")
struct LoopLengthTests {
    @Test(arguments: [
        (".linear(duration: 2).repeatForever(autoreverses: false)", 2.0),
        (".easeInOut(duration: 1).repeatForever()", 2.0),                     // there and back
        (".linear(duration: 1.5).repeatForever(autoreverses: false)", 1.5),
        (".easeIn(duration: 0.8).speed(2).repeatForever()", 0.8),           // 0.4 s each way
    ])
    func defaultDurationIsOnePeriod(expression: String, seconds: Double) throws {
        var request = RenderRequest()
        request.scene.animation = try Animation.parse(expression)
        #expect(abs(request.effectiveDurationSeconds - seconds) < 1e-9)
        // The last frame is followed, when the GIF loops, by the state at t = 0 again.
        let renderer = ViewRenderer(request.makeEngine())
        let period = request.effectiveDurationSeconds
        #expect(renderer.render(atSeconds: period) == renderer.render(atSeconds: 0))
    }

    @Test func rotationShowsOneWholePeriodAfterTheLastChange() {
        var request = RenderRequest()
        request.scene.layoutChanges = [0.5, 1.25]
        #expect(request.effectiveDurationSeconds == 3.25)
        #expect(request.frameCount == 163)
    }

    @Test func finiteAnimationsLastUntilTheySettle() throws {
        var request = RenderRequest()
        request.scene.animation = try Animation.parse(".linear(duration: 3)")
        #expect(request.effectiveDurationSeconds == 3)
        request.scene.animation = try Animation.parse(".easeOut(duration: 0.5)")
        #expect(request.effectiveDurationSeconds == 2)
    }
}
