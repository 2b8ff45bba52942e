import Testing
import Raster
import Scene
@testable import SpinRender

/// Frames drawn into recycled buffers, their backdrops and damage, and the GIF written from
/// them: the pixels are those of frames drawn afresh.
@Suite struct FrameDamageTests {
    /// A 40 × 10 canvas: a red 10 × 10 square sliding from x = 0 to x = 30 over 1 s, drawn
    /// under a still blue square at x = 30 (so the blue one is a late alike op), over white.
    static func slidingSquare() throws -> RenderRequest {
        var request = RenderRequest()
        request.scene.scale = 1
        request.scene.padding = 0
        try request.setSource("""
            import SwiftUI
            struct ContentView: View {
                @State private var on = false
                var body: some View {
                    ZStack(alignment: .leading) {
                        Color.clear.frame(width: 40, height: 10)
                        Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 10, height: 10).offset(x: on ? 30 : 0)
                        Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 10, height: 10).offset(x: 30)
                    }
                    .onAppear { withAnimation(.linear(duration: 1)) { on = true } }
                }
            }
            """, fileName: "T.swift", view: nil)
        return request
    }

    /// The frame with the red square's left edge at whole pixel `left`, every pixel.
    static func expected(left: Int) -> RGBAImage {
        var image = RGBAImage(width: 40, height: 10, fill: .white)
        for y in 0..<10 {
            for x in 0..<40 {
                if x >= 30 { image[x, y] = RGBA8(r: 0, g: 0, b: 255) }
                if x >= left && x < left + 10 && x < 30 { image[x, y] = RGBA8(r: 255, g: 0, b: 0) }
            }
        }
        return image
    }

    @Test("recycled frames hold every pixel a fresh frame holds, and frames a consumer keeps are never drawn over")
    func recycledFramesAreExact() throws {
        let renderer = ViewRenderer(try Self.slidingSquare().makeEngine())
        var rasterizer = renderer.makeRasterizer()
        var recycler = FrameRecycler(capacity: 2)
        var kept: [(left: Int, frame: RenderedFrame)] = []
        // Whole-pixel positions, there and back, so buffers return to both backdrops.
        for left in [0, 3, 6, 9, 12, 15, 18, 20, 24, 27, 30, 21, 20, 3, 0, 9] {
            let frame = renderer.renderFrame(atSeconds: Double(left) / 30, using: &rasterizer, recycling: &recycler)
            // Kept only some of the time: the other buffers come back unshared and are drawn in place.
            if left % 2 == 0 { kept.append((left, frame)) }
            let want = Self.expected(left: left)
            let exact = frame.image == want
            #expect(exact, "red at \(left): \(frame.image == renderer.render(atSeconds: Double(left) / 30) ? "same as a fresh frame, both wrong" : "differs from a fresh frame")")
            // Apart from the blue square (its ink ends where the blue's begins): drawn over the
            // late underlay, its damage the red square's ink and a pixel around it.
            if left <= 20 {
                #expect(frame.backdrop == .lateUnderlay)
                #expect(frame.damage == PixelRect(x0: max(0, left - 1), y0: 0, x1: left + 11, y1: 10))
            } else {
                #expect(frame.backdrop == .underlay)
            }
        }
        for (left, frame) in kept {
            let intact = frame.image == Self.expected(left: left)
            #expect(intact, "kept frame at \(left) was drawn over")
        }
    }

    @Test("two frames over one backdrop change only inside their damage; over two, the region is not known")
    func changedRegion() throws {
        let renderer = ViewRenderer(try Self.slidingSquare().makeEngine())
        var rasterizer = renderer.makeRasterizer()
        var recycler = FrameRecycler(capacity: 0)
        let a = renderer.renderFrame(atSeconds: 3.0 / 30, using: &rasterizer, recycling: &recycler)
        let b = renderer.renderFrame(atSeconds: 9.0 / 30, using: &rasterizer, recycling: &recycler)
        let c = renderer.renderFrame(atSeconds: 27.0 / 30, using: &rasterizer, recycling: &recycler)
        #expect(b.changedRegion(since: a) == PixelRect(x0: 2, y0: 0, x1: 20, y1: 10))
        #expect(c.changedRegion(since: b) == nil)
        // Every pixel outside the region is the same in both frames.
        for y in 0..<10 {
            for x in 0..<40 where x < 2 || x >= 20 { #expect(a.image[x, y] == b.image[x, y], "(\(x), \(y))") }
        }
    }

    @Test("a GIF drawn with recycled frames and changed regions decodes to the frames drawn afresh")
    func gifFromRecycledFrames() throws {
        var request = try Self.slidingSquare()
        request.durationSeconds = 1
        request.framesPerSecond = 30
        request.compact = false
        for threads in [1, 2] {
            request.threads = threads
            let gif = try SpinRenderer.renderGIF(request)
            let decoded = try GIFDecoder.decode(gif.bytes)
            let renderer = ViewRenderer(request.makeEngine())
            #expect(decoded.sequence.frames.count == 30)
            for (index, frame) in decoded.sequence.frames.enumerated() {
                let same = frame.image == renderer.render(atSeconds: Double(index) / 30)
                #expect(same, "frame \(index), \(threads) threads")
            }
        }
    }

    /// Views whose ops are drawn over a backdrop with their damage known, each as public
    /// loaders write them.
    static let damageFixtures = [
        // A custom open path, stroked, trimmed from 0…0 to 1…1.4 and a faint copy under it.
        """
        struct Wave: Shape {
            func path(in rect: CGRect) -> Path {
                var path = Path()
                path.move(to: CGPoint(x: 5, y: 20))
                path.addLine(to: CGPoint(x: 14, y: 20))
                path.addLine(to: CGPoint(x: 19, y: 34))
                path.addLine(to: CGPoint(x: 31, y: 6))
                path.addLine(to: CGPoint(x: 43, y: 21))
                return path
            }
        }
        struct ContentView: View {
            @State var from: CGFloat = 0
            @State var to: CGFloat = 0
            var body: some View {
                ZStack {
                    Wave().stroke(.red.opacity(0.3), lineWidth: 3)
                    Wave().trim(from: from, to: to).stroke(.red, lineWidth: 3)
                }
                .frame(width: 50, height: 40)
                .onAppear {
                    withAnimation(.easeInOut(duration: 1.5).repeatForever(autoreverses: false)) { from = 1; to = 1.4 }
                }
            }
        }
        """,
        // Dots that scale and fade in turn, round a label.
        """
        struct ContentView: View {
            @State private var on = false
            var body: some View {
                VStack {
                    HStack {
                        ForEach(0..<3) { i in
                            Circle().fill(Color.blue).frame(width: 10, height: 10)
                                .scaleEffect(on ? 1 : 0.4).opacity(on ? 1 : 0.3)
                                .animation(.easeInOut(duration: 0.6).repeatForever().delay(Double(i) * 0.2), value: on)
                        }
                    }
                    Text("Wait")
                }
                .onAppear { on = true }
            }
        }
        """,
        // A trimmed ring turning, its track under it, and a rounded bar sliding.
        """
        struct ContentView: View {
            @State private var turn = false
            var body: some View {
                VStack {
                    ZStack {
                        Circle().stroke(Color.gray, lineWidth: 4)
                        Circle().trim(from: 0, to: 0.3).stroke(Color.orange, style: StrokeStyle(lineWidth: 4, lineCap: .round))
                            .rotationEffect(.degrees(turn ? 360 : 0))
                    }
                    .frame(width: 30, height: 30)
                    RoundedRectangle(cornerRadius: 3).fill(Color.green).frame(width: 20, height: 6).offset(x: turn ? 20 : -20)
                }
                .padding(20)
                .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { turn = true } }
            }
        }
        """,
        // Rays turning with a wide shadow (blurred at reduced resolution) over a still disc.
        """
        struct ContentView: View {
            @State private var on = false
            var body: some View {
                ZStack {
                    Circle().fill(Color.white).frame(width: 30, height: 30)
                    Image(systemName: "rays")
                        .rotationEffect(.degrees(on ? 360 : 0))
                        .shadow(color: .black.opacity(0.3), radius: 8)
                }
                .padding(20)
                .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { on = true } }
            }
        }
        """,
        // A sliding, scaling capsule with a narrow shadow moved down and right, the scale
        // outside the shadow (it stretches the blur and the offset).
        """
        struct ContentView: View {
            @State private var on = false
            var body: some View {
                Capsule().fill(Color.orange).frame(width: 24, height: 8)
                    .shadow(color: .blue.opacity(0.5), radius: 3, x: 4, y: 6)
                    .scaleEffect(on ? 1.3 : 0.8)
                    .offset(x: on ? 15 : -15)
                    .padding(30)
                    .onAppear { withAnimation(.easeInOut(duration: 0.7).repeatForever()) { on = true } }
            }
        }
        """,
    ]

    @Test("frames drawn into recycled buffers equal fresh frames, and differ from the frame before only inside the changed region",
          arguments: damageFixtures.indices)
    func recycledFramesOfLoaders(fixture: Int) throws {
        var request = RenderRequest()
        request.scene.scale = 2
        try request.setSource("import SwiftUI\n" + Self.damageFixtures[fixture], fileName: "T.swift", view: nil)
        let renderer = ViewRenderer(request.makeEngine())
        var rasterizer = renderer.makeRasterizer()
        var recycler = FrameRecycler(capacity: 1)
        var previous: RenderedFrame?
        var known = 0
        for index in 0..<75 {
            let time = Double(index) / 50
            let frame = renderer.renderFrame(atSeconds: time, using: &rasterizer, recycling: &recycler)
            let fresh = renderer.render(atSeconds: time)
            let same = frame.image == fresh
            #expect(same, "frame \(index)")
            if let previous, let region = frame.changedRegion(since: previous) {
                known += 1
                var outside = 0
                for y in 0..<fresh.height {
                    for x in 0..<fresh.width where !(x >= region.x0 && x < region.x1 && y >= region.y0 && y < region.y1) {
                        if frame.image[x, y] != previous.image[x, y] { outside += 1 }
                    }
                }
                #expect(outside == 0, "frame \(index): \(outside) pixels changed outside \(region)")
            }
            previous = frame
        }
        #expect(known > 0)
    }

    @Test("a faint wide shadow's frame damage is the pixels its compositing wrote, not the whole reach of its blur")
    func faintShadowDamageIsWhatItWrote() throws {
        var request = RenderRequest()
        request.scene.scale = 2
        let fixture = try #require(Self.damageFixtures.first { $0.contains("radius: 8)") })
        try request.setSource("import SwiftUI\n" + fixture, fileName: "T.swift", view: nil)
        let renderer = ViewRenderer(request.makeEngine())
        var rasterizer = renderer.makeRasterizer()
        var recycler = FrameRecycler(capacity: 0)
        // The blur's σ is 16 px at 2x: its reach, 57 px around the 36 px rays, covers the whole
        // 140 px canvas, while the shadow (30 % black over thin strokes) rounds to no coverage
        // some 40 px out.
        #expect(GaussianBlur.reach(sigma: 16) == 57)
        #expect(renderer.width == 140 && renderer.height == 140)
        for time in [0.1, 0.35, 0.8] {
            let frame = renderer.renderFrame(atSeconds: time, using: &rasterizer, recycling: &recycler)
            #expect(frame.backdrop != nil)
            let damage = frame.damage
            #expect(!damage.isEmpty && damage.x0 > 0 && damage.y0 > 0 && damage.x1 < 140 && damage.y1 < 140, "t \(time): \(damage)")
        }
    }
}
