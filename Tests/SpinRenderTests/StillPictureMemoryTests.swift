import Testing
import GIFCodec
@testable import SpinRender

/// A view that never changes shows one picture however long the GIF lasts: the engine says so,
/// the memory estimate counts one frame for it, and the encoder holds one index image, so a
/// full-screen still is not refused at `--scale 3` for the memory of frames it never holds.
@Suite("A still picture's memory")
struct StillPictureMemoryTests {
    static func request(_ members: String) throws -> RenderRequest {
        var request = RenderRequest()
        try request.setSource("struct V: View {\n\(members)\n}", fileName: "V.swift", view: "V")
        request.scene.scale = 2
        return request
    }

    static let still = "var body: some View { Circle().stroke(Color.blue, lineWidth: 4).frame(width: 40, height: 40) }"

    @Test("an engine draws one picture only when nothing changes after the views appear", arguments: [
        (still, true),
        ("@State private var on = false\nvar body: some View { Circle().fill(on ? Color.red : .blue).frame(width: 40, height: 40).onAppear { on = true } }", true),
        ("@State private var on = false\nvar body: some View { Circle().fill(on ? Color.red : .blue).frame(width: 40, height: 40).onAppear { withAnimation(.easeIn(duration: 1)) { on = true } } }", false),
        ("@State private var turn = false\nvar body: some View { Image(systemName: \"rays\").rotationEffect(.degrees(turn ? 360 : 0)).animation(.linear(duration: 2).repeatForever(autoreverses: false), value: turn).onAppear { turn = true } }", false),
        ("@State private var step = 0\nlet timer = Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()\nvar body: some View { Circle().fill(step % 2 == 0 ? Color.red : .blue).frame(width: 40, height: 40).onReceive(timer) { _ in step += 1 } }", false),
        ("var body: some View { ProgressView() }", false),
        // Shape modifiers and a trim, unchanging.
        ("let progress: Double = 0.6\nvar body: some View { Circle().inset(by: 1.5).trim(from: 0, to: CGFloat(progress)).stroke(Color.blue, lineWidth: 1).rotationEffect(Angle(degrees: -90)) }", true),
        ("@State private var inset: CGFloat = 0\nvar body: some View { Circle().inset(by: inset).stroke(Color.blue, lineWidth: 1).onAppear { withAnimation(.easeInOut(duration: 1).repeatForever()) { inset = 8 } } }", false),
    ])
    func drawsOnePicture(members: String, expected: Bool) throws {
        let engine = try Self.request(members).makeEngine()
        #expect(engine.drawsOnePicture == expected)
    }

    @Test("a still GIF's estimate holds one frame; an animation's holds them all")
    func estimateCountsOneFrame() throws {
        let still = try Self.request(Self.still)
        let engine = still.makeEngine()
        let pixels = Double(engine.canvasWidth * engine.canvasHeight)
        #expect(SpinRenderer.emittedFrameCount(still) == 100)
        let frames = SpinRenderer.memoryEstimate(still, holding: .streamedGIF).parts.first { $0.name == "frames" }
        #expect(frames?.bytes == pixels * 3)

        let turning = try Self.request("@State private var turn = false\nvar body: some View { Circle().trim(from: 0, to: 0.7).stroke(Color.blue, lineWidth: 4).frame(width: 40, height: 40).rotationEffect(.degrees(turn ? 360 : 0)).animation(.linear(duration: 2).repeatForever(autoreverses: false), value: turn).onAppear { turn = true } }")
        let turningEngine = turning.makeEngine()
        let turningFrames = SpinRenderer.memoryEstimate(turning, holding: .streamedGIF).parts.first { $0.name == "frames" }
        #expect(turningFrames?.bytes == Double(turningEngine.canvasWidth * turningEngine.canvasHeight)
            * Double(SpinRenderer.emittedFrameCount(turning)) * 3)
    }

    /// Under a limit the estimate just meets, the encoder's share is one frame's: the still's
    /// 100 frames must share one index image for the render to finish.
    @Test("a still renders under a --max-memory its one-frame estimate meets, as one image of the picture")
    func rendersUnderItsEstimate() throws {
        var still = try Self.request(Self.still)
        still.maximumMemoryBytes = Int(SpinRenderer.memoryEstimate(still, holding: .streamedGIF).totalBytes.rounded(.up))
        let gif = try SpinRenderer.renderGIF(still)
        let decoded = try GIFDecoder.decode(gif.bytes).sequence
        #expect(decoded.frames.count == 1)
        #expect(decoded.frames.first?.delayCentiseconds == 200)
        let picture = SpinRenderer.renderFrames(still).sequence.frames[0].image
        #expect(decoded.frames.first?.image.pixels == picture.pixels)
    }
}

@Suite("Memory sizes in messages")
struct MemorySizeWordingTests {
    @Test("sizes are spelt in the largest binary unit they reach, one byte in the singular", arguments: [
        (1.0, "1 byte"), (0, "0 bytes"), (512, "512 bytes"), (1536, "1.5 KiB"), (Double(3 << 20), "3 MiB"), (Double(1 << 30) * 1.25, "1.3 GiB"),
    ])
    func wording(bytes: Double, text: String) {
        #expect(MemoryEstimate.describe(bytes) == text)
    }
}
