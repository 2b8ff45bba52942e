import Foundation
import SpinRender
import Testing

/// The animated SVG as Chromium plays it, against the GIF of the same request.
@Suite(.enabled(if: Chromium.isAvailable))
struct SVGBrowserTests {
    /// A scratch folder for pages, removed by the caller.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("svg-browser-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The GIF's frames as a browser shows them, one per frame time of the render (the GIF
    /// merges identical neighbours into one frame with a longer delay, and stores one repeat of
    /// a looping picture), and the SVG's text, for one request.
    static func render(_ request: RenderRequest) throws -> (frames: [RGBAImage], svg: String, width: Int, height: Int) {
        let gif = try SpinRenderer.renderGIF(request)
        let stored = try GIFDecoder.decode(gif.bytes).sequence.frames
        var shown: [RGBAImage] = []
        for frame in 0..<request.frameCount {
            // The stored frame showing at the frame's time, in whole centiseconds as the GIF's delays.
            let time = Int((Double(frame) * 100 / request.framesPerSecond).rounded())
            var elapsed = 0, index = 0
            let local = time % stored.reduce(0) { $0 + $1.delayCentiseconds }
            while index + 1 < stored.count && elapsed + stored[index].delayCentiseconds <= local {
                elapsed += stored[index].delayCentiseconds
                index += 1
            }
            shown.append(stored[index].image)
        }
        var svgRequest = request
        svgRequest.format = .svg
        let svg = try SpinRenderer.renderSVG(svgRequest)
        return (shown, String(decoding: svg.bytes, as: UTF8.self), gif.width, gif.height)
    }

    /// Whether the pixel lies on an anti-aliased edge of `image`: some channel varies by more
    /// than 24 within its 3 × 3 neighbourhood.
    static func isEdge(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
        var low = [255, 255, 255], high = [0, 0, 0]
        for dy in -1...1 {
            for dx in -1...1 {
                let px = min(max(x + dx, 0), image.width - 1), py = min(max(y + dy, 0), image.height - 1)
                let p = image[px, py]
                for (i, v) in [Int(p.r), Int(p.g), Int(p.b)].enumerated() {
                    low[i] = min(low[i], v)
                    high[i] = max(high[i], v)
                }
            }
        }
        return (0..<3).contains { high[$0] - low[$0] > 24 }
    }

    /// Screenshots the SVG paused at each of `times` (one inline copy per time, side by side,
    /// each `<svg>` its own timeline) and checks each tile against the GIF's frame at every
    /// pixel: mean per-channel difference at most 2/255, and a pixel differing by more than
    /// 24/255 in a channel only on an anti-aliased edge.
    func check(_ request: RenderRequest, frames indices: [Int], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (frames, svg, width, height) = try Self.render(request)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let times = indices.map { Double($0) / request.framesPerSecond }
        var page = "<!doctype html><html><head><style>html,body{margin:0;padding:0}body{display:flex;align-items:flex-start}svg{display:block;flex:none}</style></head><body>"
        // Each copy's ids made its own: one page's ids are global, and a filter, mask or
        // gradient found by id would otherwise be the first copy's, at the first copy's time.
        for tile in indices.indices {
            page += svg.replacingOccurrences(of: "id=\"", with: "id=\"t\(tile)").replacingOccurrences(of: "url(#", with: "url(#t\(tile)")
        }
        page += "<pre id=\"results\"></pre><script>const times=[\(times.map { String($0) }.joined(separator: ","))];"
        page += "document.querySelectorAll('svg').forEach((s,i)=>{s.pauseAnimations();s.setCurrentTime(times[i]);});"
        page += "document.getElementById('results').textContent='paused '+document.querySelectorAll('svg').length;</script></body></html>"
        let path = folder + "/page.html"
        try page.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try Chromium.load(page: path, virtualTimeBudget: 500, screenshotSize: (width * indices.count, height))
        #expect(loaded.dom.contains("paused \(indices.count)"), "the page's script did not run: \(loaded.console)", sourceLocation: sourceLocation)
        #expect(!loaded.console.contains { $0.hasPrefix("error: ") }, "\(loaded.console)", sourceLocation: sourceLocation)
        let shot = try PNGDecoder.decode(try #require(loaded.screenshotPNG))
        #expect(shot.width == width * indices.count && shot.height >= height, sourceLocation: sourceLocation)
        for (tile, index) in indices.enumerated() {
            let expected = frames[index]
            var total = 0, outliers: [String] = []
            for y in 0..<height {
                for x in 0..<width {
                    let a = shot[tile * width + x, y], b = expected[x, y]
                    let dr = abs(Int(a.r) - Int(b.r)), dg = abs(Int(a.g) - Int(b.g)), db = abs(Int(a.b) - Int(b.b))
                    total += dr + dg + db
                    if max(dr, dg, db) > 24 && !Self.isEdge(expected, x, y) { outliers.append("(\(x), \(y))") }
                }
            }
            let mean = Double(total) / Double(3 * width * height)
            #expect(mean <= 2, "frame \(index) at \(times[tile]) s: mean difference \(mean)/255", sourceLocation: sourceLocation)
            #expect(outliers.count == 0, "frame \(index) at \(times[tile]) s: \(outliers.count) pixels off an edge differ by more than 24/255, first \(outliers.prefix(5))", sourceLocation: sourceLocation)
        }
    }

    @Test("explicit spinner @1x and @3x: every frame of the repeat matches the GIF")
    func explicitSpinner() throws {
        for scale in [1.0, 3.0] {
            var request = RenderRequest()
            request.scene.scale = scale
            try check(request, frames: Array(0..<25))
        }
    }

    @Test("implicit spinner, dark appearance")
    func implicitDark() throws {
        var request = RenderRequest()
        request.example.mode = .implicit
        request.scene.appearance = .dark
        try check(request, frames: [0, 4, 9, 13, 21])
    }

    @Test("preview: both spinners, padding and border")
    func preview() throws {
        var request = RenderRequest()
        request.example.mode = .preview
        try check(request, frames: [0, 3, 7, 12, 18, 24])
    }

    @Test("drift after a device rotation at 0.5 s: the sawtooth's slides and jumps")
    func drift() throws {
        var request = RenderRequest()
        request.example.mode = .preview
        request.scene.scale = 1
        request.scene.layoutChanges = [0.5]
        try check(request, frames: [0, 24, 25, 26, 60, 99, 100, 124, 125, 126, 170, 224])
    }

    @Test("an ease-in-out pulse written as keySplines")
    func easedPulse() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct ContentView: View {
                @State private var on = false
                var body: some View {
                    Circle().fill(Color.orange).frame(width: 20, height: 20)
                        .scaleEffect(on ? 1.5 : 0.5).opacity(on ? 1 : 0.3)
                        .padding(8)
                        .onAppear { withAnimation(.easeInOut(duration: 1).repeatForever()) { on = true } }
                }
            }
            """, fileName: "Pulse.swift", view: nil)
        let svg = String(decoding: try SpinRenderer.renderSVG(request).bytes, as: UTF8.self)
        #expect(svg.contains("calcMode=\"spline\""))
        try check(request, frames: [0, 10, 25, 40, 50, 63, 75, 99])
    }

    @Test("staggered dots: the SVG starts where the GIF's loop starts, after the last delay")
    func staggeredDots() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct Dots: View {
                @State private var on = false
                var body: some View {
                    ZStack {
                        ForEach(0..<8) { index in
                            Circle().frame(width: 4, height: 4).offset(y: -9)
                                .rotationEffect(.degrees(Double(index) * 45))
                                .opacity(on ? 0.2 : 1)
                                .animation(.easeInOut(duration: 0.8).repeatForever().delay(Double(index) * 0.1), value: on)
                        }
                    }
                    .frame(width: 24, height: 24)
                    .onAppear { on = true }
                }
            }
            """, fileName: "Dots.swift", view: nil)
        #expect(request.startSeconds(using: nil) > 0.69)
        try check(request, frames: [0, 7, 20, 35, 52, 79])
    }

    @Test("transitions: a square moved in, then replaced by another through id, the old one sliding out")
    func transitions() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct Swap: View {
                @State private var shown = false
                @State private var second = false
                var body: some View {
                    ZStack {
                        if shown {
                            Rectangle().fill(second ? Color.orange : Color.blue).frame(width: 12, height: 12)
                                .id(second)
                                .transition(.asymmetric(insertion: .move(edge: .leading), removal: .slide.combined(with: .opacity)))
                        }
                    }
                    .frame(width: 40, height: 16)
                    .onAppear {
                        withAnimation(.easeOut(duration: 0.4)) { shown = true }
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { withAnimation(.linear(duration: 0.4)) { second = true } }
                    }
                }
            }
            """, fileName: "Swap.swift", view: nil)
        try check(request, frames: [0, 5, 10, 25, 30, 35, 49])
    }

    /// Greys only: the GIF holds every level exactly (no quantization), so the comparison sees
    /// the gradients' geometry.
    @Test("linear and radial gradients turning with their shapes")
    func gradients() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct Gradients: View {
                @State private var on = false
                var body: some View {
                    HStack(spacing: 6) {
                        Rectangle()
                            .fill(LinearGradient(colors: [.black, .white], startPoint: .topLeading, endPoint: .bottomTrailing))
                            .frame(width: 30, height: 20)
                            .rotationEffect(.degrees(on ? 360 : 0))
                        Circle()
                            .fill(RadialGradient(colors: [.white, .black], center: .center, startRadius: 2, endRadius: 14))
                            .frame(width: 28, height: 28)
                    }
                    .padding(8)
                    .onAppear { withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) { on = true } }
                }
            }
            """, fileName: "Gradients.swift", view: nil)
        let svg = String(decoding: try SpinRenderer.renderSVG(request).bytes, as: UTF8.self)
        #expect(svg.contains("<linearGradient") && svg.contains("<radialGradient"))
        try check(request, frames: [0, 12, 30, 61])
    }

    /// A shimmer whose stops slide through −0.5…1.5, a linear gradient whose start point
    /// moves and a radial one whose inner radius grows: the SVG animates the stops' offsets over
    /// a line stretched across their whole span, and the points and radii themselves.
    @Test("gradients animating their stops, points and radii, with stops beyond 0…1")
    func animatedGradients() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct Shimmers: View {
                @State private var phase: CGFloat = 0
                var body: some View {
                    HStack(spacing: 6) {
                        Rectangle()
                            .fill(LinearGradient(stops: [.init(color: .black, location: phase - 0.5), .init(color: .white, location: phase),
                                                         .init(color: .black, location: phase + 0.5)], startPoint: .leading, endPoint: .trailing))
                            .frame(width: 40, height: 20)
                        Rectangle()
                            .fill(LinearGradient(colors: [.black, .white], startPoint: UnitPoint(x: phase / 2, y: 0), endPoint: .bottomTrailing))
                            .frame(width: 24, height: 20)
                        Circle()
                            .fill(RadialGradient(colors: [.white, .black], center: .center, startRadius: 2 + 6 * phase, endRadius: 14))
                            .frame(width: 28, height: 28)
                    }
                    .padding(8)
                    .onAppear { withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) { phase = 1 } }
                }
            }
            """, fileName: "Shimmers.swift", view: nil)
        let svg = String(decoding: try SpinRenderer.renderSVG(request).bytes, as: UTF8.self)
        #expect(svg.contains("attributeName=\"offset\"") && svg.contains("attributeName=\"x1\"") && svg.contains("attributeName=\"fr\""))
        try check(request, frames: [0, 12, 30, 61, 90])
    }

    @Test("effects: an animated shadow, a blur, masks and clips, colour matrices and a blend mode")
    func effects() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct Effects: View {
                @State private var on = false
                var body: some View {
                    VStack(spacing: 10) {
                        HStack(spacing: 10) {
                            RoundedRectangle(cornerRadius: 4).fill(Color.white).frame(width: 24, height: 24)
                                .shadow(color: .black.opacity(0.5), radius: on ? 6 : 1, x: 0, y: on ? 4 : 1)
                            Circle().fill(Color.blue).frame(width: 20, height: 20).blur(radius: on ? 3 : 0.5)
                            Rectangle().fill(Color.orange).frame(width: 24, height: 24).mask { Circle() }
                            Rectangle().fill(Color.purple).frame(width: 24, height: 24).cornerRadius(8)
                        }
                        HStack(spacing: 10) {
                            Rectangle().fill(Color.red).frame(width: 24, height: 24).grayscale(on ? 1 : 0)
                            Rectangle().fill(Color.green).frame(width: 24, height: 24).hueRotation(.degrees(on ? 180 : 0))
                            Rectangle().fill(Color.yellow).frame(width: 24, height: 24).colorInvert()
                            ZStack {
                                Rectangle().fill(Color.blue).frame(width: 24, height: 24)
                                Circle().fill(Color.red).frame(width: 16, height: 16).blendMode(.multiply)
                            }
                            Capsule().fill(Color.pink).frame(width: 24, height: 12).clipShape(Circle())
                        }
                    }
                    .padding(12)
                    .background(Color.white)
                    .onAppear { withAnimation(.easeInOut(duration: 1).repeatForever(autoreverses: true)) { on = true } }
                }
            }
            """, fileName: "Effects.swift", view: nil)
        let svg = String(decoding: try SpinRenderer.renderSVG(request).bytes, as: UTF8.self)
        #expect(svg.contains("<feDropShadow") && svg.contains("<feGaussianBlur") && svg.contains("<feColorMatrix") && svg.contains("<mask"))
        try check(request, frames: [0, 13, 25, 40])
    }

    @Test("a view replaced at 0.5 s, a spring, an animated trim, ProgressView ticks and a border")
    func shapesAndTicks() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct ContentView: View {
                @State private var on = false
                var body: some View {
                    HStack {
                        if on {
                            Circle().fill(Color.green).frame(width: 20, height: 20)
                        } else {
                            RoundedRectangle(cornerRadius: 4).stroke(Color.red, lineWidth: 2).frame(width: 20, height: 20)
                        }
                        ProgressView()
                        Capsule().trim(from: 0, to: on ? 1 : 0.3).stroke(Color.blue, lineWidth: 3).frame(width: 30, height: 12)
                    }
                    .padding(6)
                    .border(Color.gray)
                    .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { withAnimation(.spring()) { on = true } } }
                }
            }
            """, fileName: "Toggle.swift", view: nil)
        try check(request, frames: [0, 6, 24, 25, 26, 31, 40, 57, 80, 124])
    }

    @Test("a custom shape animating its animatableData, marching ants, an even-odd fill and continuous corners")
    func pathShapes() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct Star: Shape {
                var ratio: Double
                var animatableData: Double {
                    get { ratio }
                    set { ratio = newValue }
                }
                func path(in rect: CGRect) -> Path {
                    Path { path in
                        for i in 0..<10 {
                            let angle = (Double(i) * 36 - 90) * Double.pi / 180
                            let r = (i % 2 == 0 ? 1 : ratio) * rect.width / 2
                            let point = CGPoint(x: rect.midX + r * cos(angle), y: rect.midY + r * sin(angle))
                            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
                        }
                        path.closeSubpath()
                    }
                }
            }
            struct Pentagram: Shape {
                func path(in rect: CGRect) -> Path {
                    var path = Path()
                    for k in 0..<5 {
                        let angle = (Double(k * 144) - 90) * Double.pi / 180
                        let point = CGPoint(x: rect.midX + rect.width / 2 * cos(angle), y: rect.midY + rect.height / 2 * sin(angle))
                        if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
                    }
                    path.closeSubpath()
                    return path
                }
            }
            struct ContentView: View {
                @State private var on = false
                @State private var phase: CGFloat = 0
                var body: some View {
                    HStack {
                        Star(ratio: on ? 0.8 : 0.3).fill(Color.orange).frame(width: 24, height: 24)
                        Ellipse().stroke(Color.purple, style: StrokeStyle(lineWidth: 3, dash: [6, 3], dashPhase: phase)).frame(width: 30, height: 20)
                        Pentagram().fill(Color.black, style: FillStyle(eoFill: true)).frame(width: 24, height: 24)
                        RoundedRectangle(cornerRadius: 8).strokeBorder(Color.blue, lineWidth: on ? 4 : 1).frame(width: 24, height: 24)
                    }
                    .padding(6)
                    .onAppear {
                        withAnimation(.easeInOut(duration: 1).repeatForever()) { on = true }
                        withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { phase = 9 }
                    }
                }
            }
            """, fileName: "Paths.swift", view: nil)
        try check(request, frames: [0, 7, 13, 25, 38])
    }

    /// Screenshots of separate loads of a page showing `svg` in an `<img>`: the distinct
    /// pictures, after at most `loads` loads, stopping once two differ.
    ///
    /// Chromium plays an `<img>`'s animation on the wall clock, not on the page's virtual time,
    /// so an animated image is caught at a different moment by most loads; a still one is the
    /// same every time. Two loads can catch the same moment (on a busy machine the first paint
    /// comes at the same point of the 0.25 s repeat), so an animated image gets up to `loads`.
    func imgScreenshots(_ svg: String, loads: Int, size: (Int, Int)) throws -> Set<RGBAImage> {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try svg.write(toFile: folder + "/image.svg", atomically: true, encoding: .utf8)
        let page = folder + "/img.html"
        var pictures = Set<RGBAImage>()
        for load in 0..<loads where pictures.count < 2 {
            // Each load keeps the page busy for a different stretch of real time after the
            // image starts (a loop of its own length: virtual time does not count it), so the
            // loads catch the animation at different moments even when first paints line up.
            try "<!doctype html><html><body style=\"margin:0\"><img src=\"image.svg\" style=\"display:block\"><script>for (let i = 0; i < \(load * 3_000_000); i++) {}</script></body></html>"
                .write(toFile: page, atomically: true, encoding: .utf8)
            let loaded = try Chromium.load(page: page, virtualTimeBudget: 300, screenshotSize: size, screenshotOnly: true)
            pictures.insert(try PNGDecoder.decode(try #require(loaded.screenshotPNG)))
        }
        return pictures
    }

    @Test("the SMIL animation plays inside <img>; the same picture without it stays still")
    func playsInImg() throws {
        var request = RenderRequest()
        request.scene.scale = 1
        let svg = String(decoding: try SpinRenderer.renderSVG(request).bytes, as: UTF8.self)
        let size = (37, 34)
        #expect(try imgScreenshots(svg, loads: 10, size: size).count >= 2)
        let still = svg.replacingOccurrences(of: #"<animateTransform[^>]*/>"#, with: "", options: .regularExpression)
        #expect(still != svg)
        #expect(try imgScreenshots(still, loads: 2, size: size).count == 1)
    }

    @Test("a CSS @keyframes variant of the same SVG plays inside <img> too (Chromium)")
    func cssKeyframesInImg() throws {
        var request = RenderRequest()
        request.scene.scale = 1
        let svg = String(decoding: try SpinRenderer.renderSVG(request).bytes, as: UTF8.self)
        // The same rotation as CSS: the static translate moved into the keyframes.
        let translate = try #require(svg.range(of: #"transform="translate\(([^)]*)\)""#, options: .regularExpression))
        let offset = svg[translate].dropFirst("transform=\"translate(".count).dropLast(2).split(separator: " ").map { "\($0)px" }
        let place = "translate(\(offset.joined(separator: ",")))"
        var css = svg.replacingOccurrences(of: #"<animateTransform[^>]*/>"#, with: "", options: .regularExpression)
        css.removeSubrange(try #require(css.range(of: #" transform="translate\([^)]*\)""#, options: .regularExpression)))
        css = css.replacingOccurrences(of: "<rect", with: "<style>@keyframes r{from{transform:\(place) rotate(0deg)}to{transform:\(place) rotate(45deg)}}path{animation:r .25s linear infinite}</style><rect")
        #expect(try imgScreenshots(css, loads: 10, size: (37, 34)).count >= 2)
    }
}
