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
