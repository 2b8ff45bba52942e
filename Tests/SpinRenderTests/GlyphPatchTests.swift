import Testing
import Raster
import Scene
@testable import SpinRender

/// Text glyphs are drawn from their coverage cells at each sub-pixel phase, kept by the
/// renderer once made: what a frame shows must not depend on which frames were drawn before it
/// (a cache hit adds the cells a miss makes), on any placement.
@Suite struct GlyphPatchTests {
    /// A count that changes every 0.1 s through values whose digits come back at the same and
    /// at other sub-pixel phases, centred; a copy moved left past the frame, and one turned
    /// (its glyphs placed by their edges).
    static func counter() throws -> RenderRequest {
        let values = [11, 17, 71, 711, 11, 1, 117, 17]
        let steps = values.enumerated().map { k, value in
            "DispatchQueue.main.asyncAfter(deadline: .now() + \(Double(k + 1) / 10)) { count = \(value) }"
        }.joined(separator: "\n")
        var request = RenderRequest()
        request.scene.scale = 3
        try request.setSource("""
            import SwiftUI
            struct Counter: View {
                @State private var count = 0
                var body: some View {
                    VStack(spacing: 4) {
                        Text("\\(count) of 100")
                        Text("\\(count)").offset(x: -62)
                        Text("\\(count)").rotationEffect(.degrees(30))
                    }
                    .frame(width: 120)
                    .onAppear {
                        \(steps)
                    }
                }
            }
            """, fileName: "Counter.swift", view: nil)
        return request
    }

    @Test("every frame of a counter is the frame a fresh renderer draws, in any order")
    func framesDoNotDependOnTheGlyphsDrawnBefore() throws {
        let request = try Self.counter()
        let engine = request.makeEngine()
        let times = (0...9).map { Double($0) / 10 + 0.05 }
        let inOrder = ViewRenderer(engine)
        var rasterizer = inOrder.makeRasterizer()
        var recycler = FrameRecycler(capacity: 2)
        var shown: [RGBAImage] = []
        for time in times {
            shown.append(inOrder.renderFrame(atSeconds: time, using: &rasterizer, recycling: &recycler).image)
        }
        // Backwards, on another renderer, then each on a renderer of its own.
        let backwards = ViewRenderer(engine)
        for (k, time) in times.enumerated().reversed() {
            #expect(backwards.render(atSeconds: time) == shown[k], "frame at \(time) s drawn after later ones")
            #expect(ViewRenderer(engine).render(atSeconds: time) == shown[k], "frame at \(time) s drawn alone")
        }
        // Counts 0, 11, 17, 71, 711, 11, 1, 117, 17, 17: seven pictures, the same count the same
        // picture whenever it is drawn.
        #expect(Set(shown.map(\.pixels)).count == 7)
        #expect(shown[1] == shown[5] && shown[2] == shown[8] && shown[8] == shown[9])
    }
}
