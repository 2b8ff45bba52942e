import Raster
import Scene
import SpinRender
import Testing

/// The default length of a render whose changes come from a timer that cycles through states.
@Suite struct TimerLoopLengthTests {
    /// Four dots, one lit every 0.4 s, each change animated for 0.35 s: the picture repeats every
    /// 1.6 s, the last change's animation included, so the GIF is 1.6 s long (not stretched to
    /// the 1.95 s at which the animation of the change at 1.6 s settles).
    static let cyclingDots = """
    import SwiftUI
    struct Dots: View {
        @State private var lit = 0
        let timer = Timer.publish(every: 0.4, on: .main, in: .common).autoconnect()
        var body: some View {
            HStack(spacing: 4) {
                ForEach(0..<4) { index in
                    Circle().frame(width: 6, height: 6).opacity(lit == index ? 1 : 0.3)
                }
            }
            .onReceive(timer) { _ in
                withAnimation(.easeInOut(duration: 0.35)) { lit = (lit + 1) % 4 }
            }
        }
    }
    """

    @Test func oneCycleOfATimerLoopIsTheDefaultLength() throws {
        var request = RenderRequest()
        try request.setSource(Self.cyclingDots, fileName: "Dots.swift", view: nil)
        request.scene.scale = 1
        let engine = request.makeEngine()
        #expect(abs((engine.script.repeating?.period ?? 0) - 1.6) < 1e-9)
        #expect(abs(request.effectiveDurationSeconds - 1.6) < 1e-9)
        let frames = SpinRenderer.renderFrames(request).sequence.frames
        #expect(frames.count == 80)
        // The frame after the last one, one cycle later, is the first again: every pixel.
        let renderer = ViewRenderer(engine)
        let start = request.startSeconds(using: engine)
        #expect(renderer.render(atSeconds: start + 1.6) == frames[0].image)
        // The loop starts at the first change, whose animation is then where the one of the
        // change a cycle later is at the end of the loop.
        #expect(abs(start - 0.4) < 1e-9)
    }

    /// A blink played once (`--loop once`): from t = 0, the dot waits 1 s for the timer's first
    /// tick, then is on for 0.5 s and off for 0.5 s, again and again: every frame of the 3 s
    /// render is the "on" or the "off" picture as that rhythm says (each frame used to be the
    /// first second's again, the render starting before the loop; and frames past one repeat
    /// of the script stood still). A still at 2.2 s is the "on" picture, as frame 110 is.
    @Test func aBlinkPlayedOnceShowsItsWaitThenItsRhythm() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct Blink: View {
                @State private var x: CGFloat = 0
                var body: some View {
                    Circle().frame(width: 20, height: 20).offset(x: x)
                        .onAppear {
                            Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                                x = 40
                                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { x = 0 }
                            }
                        }
                }
            }
            """, fileName: "Blink.swift", view: nil)
        request.loopCount = .playOnce
        request.durationSeconds = 3
        let frames = SpinRenderer.renderFrames(request).sequence.frames.map(\.image)
        #expect(frames.count == 150)
        let off = SpinRenderer.renderStill(request, atSeconds: 0.5), on = SpinRenderer.renderStill(request, atSeconds: 1.2)
        #expect(off != on)
        for (k, frame) in frames.enumerated() {
            let t = Double(k) / 50
            let lit = (t >= 1 && t < 1.5) || (t >= 2 && t < 2.5)
            #expect(frame == (lit ? on : off), "frame \(k) at \(t) s")
        }
        #expect(SpinRenderer.renderStill(request, atSeconds: 2.2) == frames[110])
    }

    /// A chain of tasks, each started by the `onChange` of the state the last one set, never
    /// comes back to an earlier run state (each step is a new task), so it runs to the horizon:
    /// the 10 s default, or the render's `--duration` when longer, so that a 20 s render
    /// shows the dots stepping for all 20 s rather than standing still after 10.
    @Test func aTaskChainRunsForTheWholeRequestedDuration() throws {
        let chain = """
            import SwiftUI
            struct Chain: View {
                @State private var step = -1
                var body: some View {
                    HStack(spacing: 8) {
                        ForEach(0..<3) { index in
                            Circle().fill(index == step ? Color.gray : Color.gray.opacity(0.3)).frame(width: 8, height: 8)
                        }
                    }
                    .onChange(of: step) { newValue in
                        Task.detached {
                            try? await Task.sleep(nanoseconds: 300_000_000)
                            withAnimation(.spring(duration: 0.5)) { step = (newValue + 1) % 3 }
                        }
                    }
                    .onAppear { step = 0 }
                }
            }
            """
        func lastChange(duration: Double?) throws -> Double {
            var settings = RenderSettings()
            try settings.loadSource("Chain.swift", bytes: Array(chain.utf8), view: nil, durationSeconds: duration)
            return settings.request.makeEngine().script.changes.last?.timeSeconds ?? 0
        }
        // A change every 0.3 s from t = 0.
        let byDefault = try lastChange(duration: nil)
        #expect(byDefault > 9.5 && byDefault <= 10)
        #expect(try lastChange(duration: 4) == byDefault)
        let twenty = try lastChange(duration: 20)
        #expect(twenty > 19.5 && twenty <= 20)
        #expect(RenderSettings.horizonSeconds(forDuration: 1_000) == RenderSettings.maximumDurationSeconds)
        #expect(RenderSettings.horizonSeconds(forDuration: .nan) == 10)
    }
}

/// Dots stepped by a timer beside a spinner whose period does not divide the dots' loop: the
/// dots repeat every 0.75 s (three states, one every 0.25 s), the spinner every 1 s, so the
/// picture repeats every 3 s, and the dots go on stepping for all of it (they stood still after
/// their first 0.75 s: the script held one loop of its changes, and the render looked for them
/// in a 3 s loop).
@Suite struct TimerBesideSpinnerTests {
    static let source = """
    import SwiftUI
    struct Dots: View {
        @State private var phase = 0
        let timer = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
        var body: some View {
            HStack(spacing: 4) {
                ForEach(0..<3) { i in
                    Circle().fill(Color.blue).frame(width: 8, height: 8).opacity(phase == i ? 1 : 0.3)
                }
            }
            .onReceive(timer) { _ in phase = (phase + 1) % 3 }
        }
    }
    struct Spinner: View {
        @State private var turning = false
        var body: some View {
            Image(systemName: "rays")
                .rotationEffect(.degrees(turning ? 360 : 0))
                .animation(.linear(duration: 1).repeatForever(autoreverses: false), value: turning)
                .onAppear { turning = true }
        }
    }
    struct Loader: View {
        var body: some View {
            VStack(spacing: 30) {
                Dots()
                Spinner()
            }
        }
    }
    """

    /// The pixels of `image` in `box` (x, y, width, height).
    private func crop(_ image: RGBAImage, _ box: (x: Int, y: Int, width: Int, height: Int)) -> [RGBA8] {
        (box.y..<box.y + box.height).flatMap { y in (box.x..<box.x + box.width).map { x in image[x, y] } }
    }

    @Test func theDotsStepForTheWholeCommonPeriod() throws {
        var request = RenderRequest()
        try request.setSource(Self.source, fileName: "Loader.swift", view: "Loader")
        request.scene.scale = 1
        request.framesPerSecond = 40
        #expect(abs(request.effectiveDurationSeconds - 3) < 1e-9)
        let frames = SpinRenderer.renderFrames(request).sequence.frames.map(\.image)
        #expect(frames.count == 120)
        // Where the dots are: what differs between 0.1 s and 1.1 s, when the spinner is at the
        // same angle and the dots a step apart.
        let (a, b) = (frames[4], frames[44])
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { xs.append(x); ys.append(y) } }
        let minX = try #require(xs.min()), maxX = try #require(xs.max()), minY = try #require(ys.min()), maxY = try #require(ys.max())
        let box = (x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        // The three steps look different, and every frame's dots are those of its step: frame k
        // (at k / 40 s) shows step ⌊k / 10⌋ mod 3, as frame k mod 30 of the first loop does.
        let steps = [0, 10, 20].map { crop(frames[$0], box) }
        #expect(steps[0] != steps[1] && steps[1] != steps[2] && steps[0] != steps[2])
        for k in 30..<frames.count {
            #expect(crop(frames[k], box) == steps[(k / 10) % 3], "frame \(k) at \(Double(k) / 40) s")
        }
    }
}
