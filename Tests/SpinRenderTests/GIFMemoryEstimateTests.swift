import GIFCodec
import Raster
import SpinRender
import Testing

/// The GIF encoder keeps every frame as colour ids, whose width depends on how many colours
/// the frames hold: 1 byte up to 256, 2 up to 65 536, 4 beyond. Code's colours are not known
/// before drawing, so a render of code is estimated at the widest ids: a render of 300
/// overlapping translucent hues (more than 65 536 colours) peaked at 3.7 bytes a pixel a frame
/// over a 1.2 GB run, above the 3 bytes the estimate allowed.
@Suite struct GIFMemoryEstimateTests {
    @Test func codeRendersAreEstimatedAtTheWidestColourIDs() throws {
        var request = RenderRequest()
        try request.setSource("""
            struct Hues: View {
                var body: some View {
                    ZStack { ForEach(0..<30) { i in Circle().fill(Color(hue: Double(i) / 30, saturation: 1, brightness: 1).opacity(0.5)) } }
                        .frame(width: 40, height: 40)
                }
            }
            """, fileName: "Hues.swift", view: "Hues")
        let engine = request.makeEngine()
        let pixelFrames = Double(engine.canvasWidth * engine.canvasHeight) * Double(SpinRenderer.emittedFrameCount(request))
        let estimate = SpinRenderer.memoryEstimate(request, holding: .streamedGIF)
        let frames = estimate.parts.filter { $0.name == "frames" }.map(\.bytes).reduce(0, +)
        #expect(frames >= 4 * pixelFrames, "frames \(frames) bytes for \(pixelFrames) pixel-frames")
        // The built-in example draws one ink on one background: at most 256 colours, 1 byte ids.
        let example = SpinRenderer.memoryEstimate(RenderRequest(), holding: .streamedGIF)
        let exampleEngine = RenderRequest().makeEngine()
        let examplePixelFrames = Double(exampleEngine.canvasWidth * exampleEngine.canvasHeight)
            * Double(SpinRenderer.emittedFrameCount(RenderRequest()))
        #expect(example.parts.filter { $0.name == "frames" }.map(\.bytes).reduce(0, +) == 2 * examplePixelFrames)
    }
}
