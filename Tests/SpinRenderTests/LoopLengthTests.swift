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
        request.example.animation = try AnimationExpression.parse(expression)
        #expect(abs(request.effectiveDurationSeconds - seconds) < 1e-9)
        // The last frame is followed, when the GIF loops, by the state at t = 0 again.
        let renderer = ViewRenderer(request.makeEngine())
        let period = request.effectiveDurationSeconds
        #expect(renderer.render(atSeconds: period) == renderer.render(atSeconds: 0))
    }

    @Test func rotationShowsTwoPeriodsAfterTheLastChange() throws {
        var request = RenderRequest()
        request.scene.layoutChanges = [0.5, 1.25]
        #expect(request.effectiveDurationSeconds == 5.25)
        #expect(request.frameCount == 263)   // 262.5 frames, rounded to nearest
        request.example.animation = try AnimationExpression.parse(".linear(duration: 1.5).repeatForever(autoreverses: false)")
        request.scene.layoutChanges = [0.5]
        #expect(request.effectiveDurationSeconds == 3.5)
        // An animation that does not repeat moves the spinner once: 2 s after the change.
        request.example.animation = try AnimationExpression.parse(".easeOut(duration: 0.5)")
        #expect(request.effectiveDurationSeconds == 2.5)
    }

    /// The README's drift GIF (`--mode preview --rotate-at 0.5`): 4.5 s, 225 frames of 2 cs,
    /// and the implicit spinner's slide, which restarts every 2 s after the rotation, is shown
    /// twice: each frame of the second slide (2.5 s … 4.48 s) is the frame 2 s before it.
    @Test func driftGIFShowsTheSlideTwice() throws {
        var request = RenderRequest()
        request.example.mode = .preview
        request.scene.layoutChanges = [0.5]
        // @1x: the loop length and the slide do not depend on the scale, and a quarter of the
        // pixels keeps the test quick.
        request.scene.scale = 1
        #expect(request.effectiveDurationSeconds == 4.5)
        #expect(request.frameCount == 225)
        let decoded = try GIFDecoder.decode(SpinRenderer.renderGIF(request).bytes).sequence
        #expect(decoded.frames.count == 225)
        #expect(decoded.frames.allSatisfy { $0.delayCentiseconds == 2 })
        let renderer = ViewRenderer(request.makeEngine())
        for frame in stride(from: 125, to: 225, by: 9) {
            let time = Double(frame) / 50
            #expect(renderer.render(atSeconds: time) == renderer.render(atSeconds: time - 2), "t = \(time) s")
        }
    }

    @Test func finiteAnimationsLastUntilTheySettle() throws {
        var request = RenderRequest()
        request.example.animation = try AnimationExpression.parse(".linear(duration: 3)")
        #expect(request.effectiveDurationSeconds == 3)
        request.example.animation = try AnimationExpression.parse(".easeOut(duration: 0.5)")
        #expect(request.effectiveDurationSeconds == 2)
    }

    /// Eight dots fading in turn, each `index × 0.1` s after the one before: SwiftUI runs each
    /// delay once, before the dot's first fade, so the picture repeats every 2 × 0.8 s only
    /// from 0.7 s on. A looping GIF starts there, so that it loops without the jump back to all
    /// dots waiting; one played once starts at 0 and shows them start.
    static let staggeredDots = """
    struct Dots: View {
        @State private var on = false
        var body: some View {
            ZStack {
                ForEach(0..<8) { index in
                    Circle()
                        .frame(width: 4, height: 4)
                        .offset(y: -9)
                        .rotationEffect(.degrees(Double(index) * 45))
                        .opacity(on ? 0.2 : 1)
                        .animation(.easeInOut(duration: 0.8).repeatForever().delay(Double(index) * 0.1), value: on)
                }
            }
            .frame(width: 24, height: 24)
            .onAppear { on = true }
        }
    }
    """

    /// Marching ants whose phase loops every 0.25 s: 12.5 frames at 50 fps, so the GIF is two
    /// loops, 25 frames, rather than 13 frames showing 0.26 s and jumping back a hundredth at
    /// every loop; the SVG is one 0.25 s loop played for ever; `--loop once` keeps one loop.
    @Test func aLoopOfAHalfFrameIsRenderedTwice() throws {
        var request = RenderRequest()
        try request.setSource("""
            struct Ants: View {
                @State private var on = false
                var body: some View {
                    Rectangle()
                        .stroke(Color.red, style: StrokeStyle(lineWidth: 2, dash: [10, 10], dashPhase: on ? 0 : 20))
                        .frame(width: 100, height: 100)
                        .animation(.linear(duration: 0.25).repeatForever(autoreverses: false), value: on)
                        .onAppear { on = true }
                }
            }
            """, fileName: "Ants.swift", view: nil)
        let engine = request.makeEngine()
        #expect(engine.pictureRepeatSeconds == 0.25)
        #expect(abs(request.effectiveDurationSeconds - 0.5) < 1e-12 && request.frameCount == 25)
        let timeline = SpinRenderer.svgTimeline(request)
        #expect(timeline.durationSeconds == 0.25 && timeline.plays == nil)
        request.loopCount = .playOnce
        #expect(abs(request.effectiveDurationSeconds - 0.25) < 1e-12)
    }

    /// A slow shimmer whose loop is 0.35 s / 0.15 = 2.33 s: 116.7 frames at 50 fps. One loop of
    /// 117 frames strays by 0.3 % of it at each loop, where whole frames would take three
    /// loops, 7 s and three times the frames: it is rendered once.
    @Test func aLongLoopWithinAFrameOfWholeIsRenderedOnce() throws {
        var request = RenderRequest()
        try request.setSource("""
            struct Sweep: View {
                @State private var on = false
                var body: some View {
                    Rectangle().frame(width: 40, height: 10).offset(x: on ? 20 : -20)
                        .onAppear { withAnimation(.easeInOut.speed(0.15).repeatForever(autoreverses: false)) { on = true } }
                }
            }
            """, fileName: "Sweep.swift", view: nil)
        let engine = request.makeEngine()
        #expect(engine.pictureRepeatSeconds.map { abs($0 - 0.35 / 0.15) < 1e-9 } == true)
        #expect(abs(request.effectiveDurationSeconds - 0.35 / 0.15) < 1e-9 && request.frameCount == 117)
    }

    /// A spinner started by a block 0.5 s in (`asyncAfter` around `withAnimation(…repeatForever…)`)
    /// loops as one started with `.delay(0.5)` does: from 0.5 s, every second (it had no loop,
    /// and its 2.5 s GIF stood still for half a second at every play).
    @Test func aRepeatStartedLaterLoopsFromItsStart() throws {
        var request = RenderRequest()
        try request.setSource("""
            struct Late: View {
                @State private var angle = 0.0
                var body: some View {
                    Rectangle().frame(width: 30, height: 6).rotationEffect(.degrees(angle))
                        .onAppear {
                            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                                withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { angle = 360 }
                            }
                        }
                }
            }
            """, fileName: "Late.swift", view: nil)
        let engine = request.makeEngine()
        #expect(engine.loopStartSeconds == 0.5 && engine.pictureRepeatSeconds == 1)
        #expect(abs(request.effectiveDurationSeconds - 1) < 1e-12 && request.frameCount == 50)
    }

    /// A countdown whose timer keeps ticking after it reaches 0: its state repeats from 3 s on
    /// only because nothing changes any more. Looping that still would show "0" alone; the
    /// render is the count, 3 s, and then the two seconds that follow a last change.
    @Test func aRunThatComesToRestIsRenderedUpToIt() throws {
        var request = RenderRequest()
        try request.setSource("""
            struct Countdown: View {
                @State private var remaining = 3
                let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                var body: some View {
                    Rectangle().frame(width: 10 + 10 * Double(remaining), height: 10)
                        .onReceive(timer) { _ in if remaining > 0 { remaining -= 1 } }
                }
            }
            """, fileName: "Countdown.swift", view: nil)
        request.scene.scale = 1
        let engine = request.makeEngine()
        #expect(engine.script.repeating?.start == 3)
        #expect(engine.pictureRepeatSeconds == nil && engine.loopStartSeconds == 0)
        #expect(request.startSeconds(using: engine) == 0)
        #expect(abs(request.effectiveDurationSeconds - 5) < 1e-9)
        let renderer = ViewRenderer(engine)
        let shown = [0.5, 1.5, 2.5, 3.5].map { renderer.render(atSeconds: $0) }
        #expect(Set(shown.map(\.pixels)).count == 4)
        #expect(renderer.render(atSeconds: 4.9) == shown[3])
    }

    /// The same with a timer every 0.1 s (a bar filled in tenths): the rest after the last
    /// change is still the two seconds, not two periods of the timer (0.2 s, which showed the
    /// full bar for a blink before the loop started over).
    @Test func aFastTimerThatComesToRestHoldsTwoSeconds() throws {
        var request = RenderRequest()
        try request.setSource("""
            struct Bar: View {
                @State private var amount = 0.0
                let timer = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()
                var body: some View {
                    ProgressView(value: amount, total: 100)
                        .onReceive(timer) { _ in if amount < 100 { amount += 10 } }
                }
            }
            """, fileName: "Bar.swift", view: nil)
        let engine = request.makeEngine()
        let last = try #require(engine.lastChangeSeconds)
        #expect(abs(last - 1) < 1e-9 && engine.repeatPeriodSeconds == nil && engine.pictureRepeatSeconds == nil)
        #expect(abs(request.effectiveDurationSeconds - 3) < 1e-9)
    }

    /// Three bars sliding on a 2 s sawtooth, delayed by thirds of it: the loop starts at the
    /// last delay, ⅔ · 2 s, where that bar's sawtooth wraps. Compared at its start, the wrap's
    /// two sides (1 and 0, decided by the rounding of 4/3 + 2) made it look aperiodic, and the
    /// GIF replayed the start-up on every loop.
    @Test func aLoopThatStartsWhereASawtoothWrapsStillLoops() throws {
        var request = RenderRequest()
        try request.setSource("""
            struct Bars: View {
                @State private var go = false
                var body: some View {
                    HStack {
                        ForEach(0..<3) { i in
                            Capsule().frame(width: 20, height: 6).offset(x: go ? 30 : -30)
                                .animation(.linear(duration: 2).repeatForever(autoreverses: false).delay(Double(i) * (2.0 / 3.0)), value: go)
                        }
                    }
                    .onAppear { go.toggle() }
                }
            }
            """, fileName: "Bars.swift", view: nil)
        request.scene.scale = 1
        let engine = request.makeEngine()
        #expect(abs(engine.loopStartSeconds - 2 * (2.0 / 3.0)) < 1e-9)
        #expect(engine.pictureRepeatSeconds.map { abs($0 - 2) < 1e-9 } == true)
        let renderer = ViewRenderer(engine)
        let start = engine.loopStartSeconds
        for t in [0.01, 0.5, 1.3] { #expect(renderer.render(atSeconds: start + t) == renderer.render(atSeconds: start + t + 2)) }
    }

    @Test func staggeredDelaysLoopFromWhereThePictureRepeats() throws {
        var request = RenderRequest()
        try request.setSource(Self.staggeredDots, fileName: "Dots.swift", view: nil)
        request.scene.scale = 1
        let engine = request.makeEngine()
        #expect(abs(engine.loopStartSeconds - 0.7) < 1e-9)
        #expect(abs(engine.pictureRepeatSeconds! - 1.6) < 1e-9)
        #expect(abs(request.startSeconds(using: engine) - 0.7) < 1e-9)
        #expect(abs(request.effectiveDurationSeconds - 1.6) < 1e-9)
        let renderer = ViewRenderer(engine)
        let frames = SpinRenderer.renderFrames(request).sequence.frames
        #expect(frames.count == 80)
        // Frame k shows t = 0.7 + k / 50, and the frame after the last one, t = 0.7 + 1.6, is the
        // first again: every pixel the same.
        for k in [0, 1, 40, 79] {
            #expect(frames[k].image == renderer.render(atSeconds: 0.7 + Double(k) / 50), "frame \(k)")
        }
        #expect(renderer.render(atSeconds: 0.7 + 1.6) == frames[0].image)
        // Before the last delay has passed the picture is not yet the loop's: the first dot has
        // faded for 0.7 s while the last has not started.
        #expect(renderer.render(atSeconds: 0) != frames[0].image)

        request.loopCount = .playOnce
        #expect(request.startSeconds(using: nil) == 0)
        let once = SpinRenderer.renderFrames(request).sequence.frames
        #expect(once[0].image == renderer.render(atSeconds: 0))
    }

    @Test func documentationSpinnersLoopFromTheStart() {
        for mode in SceneMode.allCases {
            var request = RenderRequest()
            request.example.mode = mode
            #expect(request.makeEngine().loopStartSeconds == 0)
            #expect(request.startSeconds(using: nil) == 0)
        }
    }
}
