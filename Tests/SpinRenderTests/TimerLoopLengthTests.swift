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
}
