import Foundation
import RasterReference
@testable import SpinRender
import Testing

/// The canvas holds every pixel of ink the animation draws (`--canvas ink`, the default), or
/// only the layout bounds (`--canvas layout`): each frame checked at every pixel against a
/// drawing made here from the geometry (exact capsule areas from `RasterReference`).
@Suite("Ink canvas")
struct InkCanvasTests {
    static let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)

    /// A request for `source` at `scale`, with the defaults otherwise.
    static func request(_ source: String, scale: Double = 2, canvas: CanvasMode = .ink) throws -> RenderRequest {
        var request = RenderRequest()
        request.scene.scale = scale
        request.scene.canvas = canvas
        try request.setSource(source, fileName: "T.swift", view: nil)
        return request
    }

    /// `colour` over white with `coverage` (0…1) and the colour's alpha, as 8-bit sRGB.
    static func over(_ colour: RGBA8, _ coverage: Double) -> RGBA8 {
        let a = Double(colour.a) / 255 * min(1, max(0, coverage))
        func mix(_ c: UInt8) -> UInt8 { UInt8((255 + (Double(c) - 255) * a).rounded()) }
        return RGBA8(r: mix(colour.r), g: mix(colour.g), b: mix(colour.b), a: 255)
    }

    /// The largest channel difference between `image` and the expected colours, and where.
    static func worst(_ image: RGBAImage, _ expected: (Int, Int) -> RGBA8) -> (difference: Int, x: Int, y: Int) {
        var worst = (difference: 0, x: -1, y: -1)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let got = image[x, y], want = expected(x, y)
                let d = max(abs(Int(got.r) - Int(want.r)), abs(Int(got.g) - Int(want.g)), abs(Int(got.b) - Int(want.b)),
                            abs(Int(got.a) - Int(want.a)))
                if d > worst.difference { worst = (d, x, y) }
            }
        }
        return worst
    }

    static let slidingBar = """
        import SwiftUI
        struct ContentView: View {
            @State private var moving = false
            var body: some View {
                Capsule()
                    .fill(Color(red: 0, green: 0, blue: 1))
                    .frame(width: 40, height: 8)
                    .offset(x: moving ? 100 : -100)
                    .onAppear {
                        withAnimation(.linear(duration: 1).repeatForever(autoreverses: true)) { moving = true }
                    }
            }
        }
        """

    /// A 40 × 8 pt bar sliding by `offset(x: ±100)`: its layout is 40 × 8 with the 8 pt margin
    /// (56 × 24 pt), its ink reaches 120 pt either side of the centre, so the canvas is
    /// 240 + 2 × 8 pt wide and keeps the layout's height; at t = 0, 0.25 and 1 s the bar is at
    /// −100, −50 and +100 pt, each frame equal at every pixel to the exact capsule there.
    @Test func canvasGrowsToTheInkOfAnOffsetLoop() throws {
        let request = try Self.request(Self.slidingBar)
        let engine = request.makeEngine()
        #expect(engine.canvasWidth == 512 && engine.canvasHeight == 48)
        let renderer = ViewRenderer(engine)
        for (time, offset) in [(0.0, -100.0), (0.25, -50.0), (1.0, 100.0)] {
            let image = renderer.render(atSeconds: time)
            // Canvas pixels: the layout centre is 8 + 120 pt from the left, 12 pt from the top.
            let cx = (128 + offset) * 2, cy = 24.0
            let areas = CapsuleReference(a: Point(x: cx - 32, y: cy), b: Point(x: cx + 32, y: cy), radius: 8)
                .areas(width: image.width, height: image.height)
            let worst = Self.worst(image) { x, y in Self.over(Self.blue, areas[y * image.width + x]) }
            #expect(worst.difference <= 2, "t = \(time) s: off by \(worst.difference) at (\(worst.x), \(worst.y))")
        }
    }

    /// `--canvas layout` keeps the layout bounds (56 × 24 pt): the bar is cut off where it
    /// leaves them, and what remains is the same capsule at every pixel.
    @Test func layoutCanvasClipsTheInk() throws {
        let request = try Self.request(Self.slidingBar, canvas: .layout)
        let engine = request.makeEngine()
        #expect(engine.canvasWidth == 112 && engine.canvasHeight == 48)
        let renderer = ViewRenderer(engine)
        for (time, offset) in [(0.0, -100.0), (0.45, -10.0), (1.0, 100.0)] {
            let image = renderer.render(atSeconds: time)
            let cx = (28 + offset) * 2, cy = 24.0
            let areas = CapsuleReference(a: Point(x: cx - 32, y: cy), b: Point(x: cx + 32, y: cy), radius: 8)
                .areas(width: image.width, height: image.height)
            let worst = Self.worst(image) { x, y in Self.over(Self.blue, areas[y * image.width + x]) }
            #expect(worst.difference <= 2, "t = \(time) s: off by \(worst.difference) at (\(worst.x), \(worst.y))")
        }
        // At the ends the bar is wholly outside: the frame is blank.
        let blank = renderer.render(atSeconds: 0)
        #expect(Self.worst(blank) { _, _ in .white }.difference == 0)
    }

    /// A root that fills the screen it is offered (a 60 × 40 pt proposal here) is the screen:
    /// a background scaled by 1.5 behind it reaches past it on every side, off a device's
    /// screen, so the canvas keeps the root's size (60 + 2 × 8 by 40 + 2 × 8 pt at @1x); the
    /// same background scaled by 3 in a 20 × 10 pt frame, which fills neither axis, grows the
    /// canvas on both to its ink (60 × 30 pt) with 8 pt around it. Every pixel of the full-screen canvas is blue but the
    /// margin, where the scaled colour still shows (the margin is the preview's, around it).
    @Test func aRootThatFillsTheScreenKeepsItsCanvas() throws {
        func request(_ body: String) throws -> RenderRequest {
            var request = try Self.request("import SwiftUI\nstruct ContentView: View {\n    var body: some View {\n" + body + "\n    }\n}\n", scale: 1)
            request.scene.proposal = StageSize(width: 60, height: 40)
            return request
        }
        let full = try request("Color(red: 0, green: 0, blue: 1).scaleEffect(1.5)").makeEngine()
        #expect(full.canvasWidth == 76 && full.canvasHeight == 56)
        let image = ViewRenderer(full).render(atSeconds: 0)
        // The scaled colour covers 90 × 60 pt about the centre: the whole canvas.
        #expect(Self.worst(image) { _, _ in Self.blue }.difference == 0)
        let framed = try request("Color(red: 0, green: 0, blue: 1).scaleEffect(3).frame(width: 20, height: 10)").makeEngine()
        #expect(framed.canvasWidth == 76 && framed.canvasHeight == 46, "\(framed.canvasWidth) × \(framed.canvasHeight)")
    }

    /// Ink that would stretch the canvas past 2048 points (a 20 pt circle scaled by 200) keeps
    /// the layout's canvas on that axis, as `--canvas layout` does, and says so: it grew to
    /// nothing and cut the ink without a word. Scaled by 40 (800 pt) the canvas grows, silently.
    @Test(arguments: [(200.0, true), (40.0, false)])
    func inkPastTheCanvasLimitIsCutWithAWarning(scale: Double, cut: Bool) throws {
        let request = try Self.request("""
            import SwiftUI
            struct ContentView: View {
                @State private var on = false
                var body: some View {
                    Circle().frame(width: 20, height: 20).scaleEffect(on ? \(scale) : 1)
                        .onAppear { withAnimation(.easeInOut(duration: 1)) { on = true } }
                }
            }
            """, scale: 1)
        let engine = request.makeEngine()
        var layout = request
        layout.scene.canvas = .layout
        let plain = layout.makeEngine()
        #expect(engine.inkCut == cut)
        #expect((engine.canvasWidth == plain.canvasWidth) == cut, "\(engine.canvasWidth) for \(plain.canvasWidth)")
        let warnings = FramePlan(request).warnings.filter { $0.contains("past their layout") }
        #expect(warnings.count == (cut ? 1 : 0))
    }

    static let scaledIndicator = """
        import SwiftUI
        struct ContentView: View {
            var body: some View {
                ProgressView().scaleEffect(2)
            }
        }
        """

    /// `ProgressView().scaleEffect(2)`: the 20 × 20 pt indicator's ticks reach 20 pt from its
    /// centre once doubled, so the ink is 40 × 40 pt and the canvas that with 8 pt around it
    /// (56 pt, 112 px at @2x) instead of the layout's 36 pt. Each tick is a capsule from r/3 to
    /// r along its ray, r/5 wide (r = 10 pt × 2, the indicator's geometry), drawn at its
    /// opacity at that time; every pixel matches at t = 0, 0.3 and 0.6 s.
    @Test func canvasGrowsToTheInkOfAScaledProgressView() throws {
        let request = try Self.request(Self.scaledIndicator)
        let engine = request.makeEngine()
        #expect(engine.canvasWidth == 112 && engine.canvasHeight == 112)
        let layout = try Self.request(Self.scaledIndicator, canvas: .layout).makeEngine()
        #expect(layout.canvasWidth == 72 && layout.canvasHeight == 72)
        let renderer = ViewRenderer(engine)
        let colour = ActivityIndicator.defaultColor(for: .light)
        let r = 40.0, centre = Point(x: 56, y: 56)
        for time in [0.0, 0.3, 0.6] {
            let image = renderer.render(atSeconds: time)
            var alphas = [Double](repeating: 0, count: image.width * image.height)
            for index in 0..<8 {
                let angle = Double(index) * Double.pi / 4
                let direction = Point(x: sin(angle), y: -cos(angle))
                let near = r / 3 + r / 10, far = r - r / 10
                let areas = CapsuleReference(a: Point(x: centre.x + direction.x * near, y: centre.y + direction.y * near),
                                             b: Point(x: centre.x + direction.x * far, y: centre.y + direction.y * far),
                                             radius: r / 10).areas(width: image.width, height: image.height)
                // The tick's paint: the colour's alpha times its opacity, in 8 bits, as drawn.
                let alpha = (255 * ActivityIndicator.opacity(ofTick: index, atSeconds: time)).rounded() / 255
                for (pixel, area) in areas.enumerated() where area > 0 { alphas[pixel] += area * alpha }
            }
            let worst = Self.worst(image) { x, y in Self.over(colour, alphas[y * image.width + x]) }
            #expect(worst.difference <= 2, "t = \(time) s: off by \(worst.difference) at (\(worst.x), \(worst.y))")
        }
    }

    /// The built-in modes draw inside their layout: their canvas is the layout's, so their
    /// reference frames keep every pixel (`EngineReferenceFramesTests` checks the pixels).
    @Test(arguments: [SceneMode.explicit, .implicit, .preview])
    func builtInModesKeepTheirCanvas(mode: SceneMode) {
        var ink = RenderRequest()
        ink.example.mode = mode
        var layout = ink
        layout.scene.canvas = .layout
        let a = ink.makeEngine(), b = layout.makeEngine()
        #expect(a.canvasWidth == b.canvasWidth && a.canvasHeight == b.canvasHeight && a.inkOutset == .zero)
    }

    /// A circle `side` points wide enlarged or shrunk by `.scaleEffect(factor)`, blue on white,
    /// in a frame `outer` points wide.
    static func scaledCircle(side: Double, factor: Double, outer: Double) -> String {
        """
        import SwiftUI
        struct ContentView: View {
            var body: some View {
                Circle()
                    .fill(Color(red: 0, green: 0, blue: 1))
                    .frame(width: \(side), height: \(side))
                    .scaleEffect(\(factor))
                    .frame(width: \(outer), height: \(outer))
            }
        }
        """
    }

    /// A circle is flattened for the size it is drawn at on screen, not the size of its frame:
    /// enlarged 4 × (a 10 pt frame, a 40 pt disc) its chords still stray at most the
    /// rasterizer's tolerance from the circle, and shrunk to 0.3 × (a 100 pt frame) it keeps that
    /// accuracy with fewer chords. On the layout's canvas (the outer frame and 8 pt around it)
    /// at @3x, every pixel is within one level of the exact disc area (`RasterReference`) over
    /// white; flattened at the frame's size, the enlarged disc was off by 2 levels.
    @Test(arguments: [(10.0, 4.0, 48.0), (100.0, 0.3, 100.0)])
    func scaledCircleIsFlattenedForItsSizeOnScreen(side: Double, factor: Double, outer: Double) throws {
        let request = try Self.request(Self.scaledCircle(side: side, factor: factor, outer: outer), scale: 3, canvas: .layout)
        let engine = request.makeEngine()
        let canvas = Int((outer + 16) * 3)
        #expect(engine.canvasWidth == canvas && engine.canvasHeight == canvas)
        let image = ViewRenderer(engine).render(atSeconds: 0)
        let centre = Double(canvas) / 2, radius = side * factor * 3 / 2
        let areas = CapsuleReference(a: Point(x: centre, y: centre), b: Point(x: centre, y: centre), radius: radius)
            .areas(width: image.width, height: image.height)
        let worst = Self.worst(image) { x, y in Self.over(Self.blue, areas[y * image.width + x]) }
        #expect(worst.difference <= 1, "off by \(worst.difference) at (\(worst.x), \(worst.y))")
    }

    /// A blurred disc keeps all its ink: the blur spreads the disc's π·20² pt² of alpha some
    /// 3σ around it, so the canvas grows past the layout's 56 pt, no pixel of its edge is
    /// inked, and the alpha summed over every pixel is still the disc's area (on the layout's
    /// canvas the tails were cut off: its edge pixels were light blue).
    @Test func canvasGrowsToTheReachOfABlur() throws {
        let request = try Self.request("""
            import SwiftUI
            struct ContentView: View {
                var body: some View {
                    Circle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 40, height: 40).blur(radius: 10)
                }
            }
            """, scale: 1)
        let engine = request.makeEngine()
        #expect(engine.canvasWidth > 56 + 2 * 20 && engine.canvasHeight > 56 + 2 * 20)
        let image = ViewRenderer(engine).render(atSeconds: 0)
        for x in 0..<image.width { #expect(image[x, 0] == .white && image[x, image.height - 1] == .white) }
        for y in 0..<image.height { #expect(image[0, y] == .white && image[image.width - 1, y] == .white) }
        var alpha = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width { alpha += 1 - Double(image[x, y].r) / 255 }
        }
        #expect(abs(alpha - Double.pi * 400) < 0.005 * Double.pi * 400, "alpha \(alpha)")
    }

    /// A square turned 60° about the y axis: its near edge is magnified by 1 / w with
    /// w = 1 − 50 sin 60° / 100 (SwiftUI's perspective, d = the longer side), so it stands
    /// 50 / w pt either side of the centre, beyond the layout's 100 pt; the canvas grows to it
    /// with the 8 pt margin kept, and the margin rows stay empty.
    @Test func canvasGrowsToTheInkOfARotation3DEffect() throws {
        let request = try Self.request("""
            import SwiftUI
            struct ContentView: View {
                @State private var flip = false
                var body: some View {
                    Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 100, height: 100)
                        .rotation3DEffect(.degrees(flip ? 60 : 0), axis: (x: 0, y: 1, z: 0))
                        .onAppear { withAnimation(.linear(duration: 1).repeatForever()) { flip = true } }
                }
            }
            """, scale: 1)
        let engine = request.makeEngine()
        let half = 50 / (1 - 50 * sin(Double.pi / 3) / 100)
        let top = Int((58 - half).rounded(.down)), bottom = Int((58 + half).rounded(.up))
        #expect(engine.canvasWidth == 116 && engine.canvasHeight == bottom - top + 16)
        let image = ViewRenderer(engine).render(atSeconds: 1)
        for y in Array(0..<8) + Array((image.height - 8)..<image.height) {
            for x in 0..<image.width { #expect(image[x, y] == .white, "(\(x), \(y)) \(image[x, y])") }
        }
        // Inside the near edge's top corner, at (13.9, 8.8) in canvas pixels: x = 8 + 50 − 25 / w,
        // y = 8 − top + 50 − 50 / w (the canvas grown by 8 − top rows); the far corner is at
        // (75.4, 62.1). Pixel (15, 12) lies below the edge between them and right of the near edge.
        #expect(image[15, 12] == Self.blue)
    }

    /// A view whose body is `body`.
    static func view(_ body: String) -> String {
        "import SwiftUI\nstruct V: View {\n    var body: some View {\n        " + body + "\n    }\n}\n"
    }

    /// Pixels on a side of `points` at `scale`: the layout's, rounded up to whole pixels.
    static func pixels(_ points: Double, _ scale: Double) -> Int { Int((points * scale).rounded(.up)) }

    /// Curved shapes that touch the edges of a root that gets no margin (its outermost modifier
    /// a `background`, a `border` or a `padding` of one edge), with the root's size in points.
    /// Their flattened outlines have vertices a few thousandths of a pixel past the edges,
    /// depending on the chord count (so on the size and the scale); they used to count as ink
    /// beyond the layout and grow the canvas by 8 pt of blank on those sides (57 × 40 px for
    /// the first at @2x, 37 × 46, 73 × 56 and 109 × 134 for the 28 pt circle at @1x, @2x, @3x).
    static let touchingCurves: [(body: String, width: Double, height: Double)] = [
        ("Circle().frame(width: 20, height: 20).background(Color.red)", 20, 20),
        ("Circle().frame(width: 28, height: 28).background(Color.red)", 28, 28),
        ("Circle().frame(width: 10, height: 10).background(Color.red)", 10, 10),
        ("Circle().frame(width: 20, height: 20).border(Color.red)", 20, 20),
        ("Circle().frame(width: 28, height: 28).border(Color.red, width: 2)", 28, 28),
        ("Circle().frame(width: 10, height: 10).padding(.top, 4)", 10, 14),
        ("Circle().frame(width: 28, height: 28).padding(.leading, 3)", 31, 28),
        ("Capsule().frame(width: 28, height: 12).background(Color.red)", 28, 12),
        ("Ellipse().frame(width: 28, height: 10).background(Color.red)", 28, 10),
        ("Circle().stroke(Color.blue, lineWidth: 4).frame(width: 20, height: 20).padding(2).background(Color.red)", 24, 24),
        ("Circle().trim(from: 0, to: 0.75).frame(width: 28, height: 28).background(Color.red)", 28, 28),
    ]

    /// Every curve that ends on the root's edge keeps the layout's canvas at every scale: the
    /// same size as `--canvas layout`, the root's size rounded up to whole pixels, no outset.
    @Test(arguments: touchingCurves, [1.0, 2.0, 3.0])
    func aCurveTouchingAFramingRootsEdgeKeepsTheLayoutCanvas(root: (body: String, width: Double, height: Double),
                                                             scale: Double) throws {
        let engine = try Self.request(Self.view(root.body), scale: scale).makeEngine()
        let layout = try Self.request(Self.view(root.body), scale: scale, canvas: .layout).makeEngine()
        #expect(layout.margin == 0)
        let expected = (Self.pixels(root.width, scale), Self.pixels(root.height, scale))
        #expect((layout.canvasWidth, layout.canvasHeight) == expected)
        #expect((engine.canvasWidth, engine.canvasHeight) == expected,
                "\(root.body) @\(Int(scale))x: \(engine.canvasWidth) × \(engine.canvasHeight), not \(expected)")
        #expect(engine.inkOutset == .zero)
    }

    /// The first repro as the user saw it: the still at 0 s written as a PNG and decoded is
    /// 20 pt square at each scale, the same picture as `--canvas layout` at every pixel, and no
    /// edge of it is a blank strip: the red background's corners reach every side (it was
    /// 57 × 40 px at @2x, its 17 columns on the left white).
    @Test(arguments: [1.0, 2.0, 3.0])
    func theDecodedStillHasNoBlankStrip(scale: Double) throws {
        let source = Self.view("Circle().frame(width: 20, height: 20).background(Color.red)")
        let image = try PNGDecoder.decode(try SpinRenderer.renderStillPNG(try Self.request(source, scale: scale), atSeconds: 0))
        let side = Self.pixels(20, scale)
        #expect(image.width == side && image.height == side, "\(image.width) × \(image.height)")
        let layout = SpinRenderer.renderStill(try Self.request(source, scale: scale, canvas: .layout), atSeconds: 0)
        // Compared as a flag: a failure would print both images, every byte.
        let same = image == layout
        #expect(same, "differs from the --canvas layout still (\(layout.width) × \(layout.height))")
        let red = RGBA8(r: 255, g: 59, b: 48, a: 255)  // iOS's systemRed, in light mode
        let edges: [(String, [(Int, Int)])] = [
            ("left", (0..<image.height).map { (0, $0) }), ("right", (0..<image.height).map { (image.width - 1, $0) }),
            ("top", (0..<image.width).map { ($0, 0) }), ("bottom", (0..<image.width).map { ($0, image.height - 1) }),
        ]
        for (name, pixels) in edges {
            #expect(pixels.contains { image[$0.0, $0.1] == red }, "the \(name) edge has no red pixel")
            #expect(!pixels.allSatisfy { image[$0.0, $0.1] == .white }, "the \(name) edge is blank")
        }
    }

    /// How far past its content's edge, in pixels, a Gaussian shadow of `sigma` pixels of an
    /// opaque content still rounds to a level, as docs/swiftui.md states it: the x where
    /// Q(x / σ) = ½/255 (Q the normal distribution's upper tail), and a pixel for rounding.
    static func shadowReach(sigma: Double) -> Double {
        var low = 0.0, high = 10.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if erfc(middle / 2.0.squareRoot()) / 2 > 0.5 / 255 { low = middle } else { high = middle }
        }
        return high * sigma + 1
    }

    /// Ink that truly reaches past a framing root still grows the canvas, on the sides it
    /// reaches, to it and the 8 pt `--padding`, whole pixels counted outwards: a circle offset
    /// 30 pt right (to 50 pt; its top and bottom still touch the edges, which do not grow), a
    /// square turned 45° (its corners 10√2 − 10 pt past each side), and a square's opaque
    /// shadow of radius 3 moved 6 pt down (its blur reaching 2.88σ + 1 px, σ = 3 pt at the
    /// scale, less 6 pt at the top, more at the bottom).
    @Test(arguments: [1.0, 2.0, 3.0])
    func inkPastAFramingRootStillGrowsTheCanvas(scale: Double) throws {
        let pad = Self.pixels(8, scale)
        func size(_ body: String) throws -> (Int, Int) {
            let engine = try Self.request(Self.view(body), scale: scale).makeEngine()
            return (engine.canvasWidth, engine.canvasHeight)
        }
        // Whole pixels past an edge for ink `reach` pixels past it (a vertex within the rule's
        // 1/256 px of a pixel edge counts as on it).
        func past(_ reach: Double) -> Int { Int((reach - 1.0 / 256).rounded(.up)) }
        let offset = try size("Circle().frame(width: 20, height: 20).offset(x: 30).background(Color.red)")
        #expect(offset == (Self.pixels(20, scale) + past(30 * scale) + pad, Self.pixels(20, scale)), "offset: \(offset)")
        let turned = try size("Rectangle().fill(Color.blue).frame(width: 20, height: 20).rotationEffect(.degrees(45)).background(Color.red)")
        let corner = past((10 * 2.0.squareRoot() - 10) * scale) + pad
        #expect(turned == (Self.pixels(20, scale) + 2 * corner, Self.pixels(20, scale) + 2 * corner), "turned: \(turned)")
        let shadow = try size("""
            Rectangle().fill(Color.blue).frame(width: 20, height: 20)
                .shadow(color: Color(red: 0, green: 0, blue: 0), radius: 3, x: 0, y: 6).background(Color.red)
            """)
        let reach = Self.shadowReach(sigma: 3 * scale)
        let side = past(reach) + pad
        #expect(shadow == (Self.pixels(20, scale) + 2 * side,
                           Self.pixels(20, scale) + past(reach - 6 * scale) + pad + past(reach + 6 * scale) + pad), "shadow: \(shadow)")
    }

    /// Ink is any alpha a view draws, however faint, whatever the background: a white band at
    /// 5–18 % over white (a shimmer) offset past a 40 × 20 pt white root (to 55 pt, 7 pt past
    /// the root's 8 pt margin) grows the canvas to it and the padding, as it would show on a
    /// dark background or with `--transparent`; the same band clipped to the root, or with every
    /// stop clear, draws nothing past it and keeps the layout's canvas, the root and its margin.
    @Test(arguments: [1.0, 2.0, 3.0])
    func faintInkCountsAndClearInkDoesNot(scale: Double) throws {
        func size(_ stops: String, clipped: Bool = false) throws -> (Int, Int) {
            let body = """
                Color.white.frame(width: 40, height: 20)
                    .overlay(LinearGradient(colors: [\(stops)], startPoint: .leading, endPoint: .trailing)
                        .frame(width: 10).offset(x: 30))\(clipped ? ".clipped()" : "")
                """
            let engine = try Self.request(Self.view(body), scale: scale).makeEngine()
            return (engine.canvasWidth, engine.canvasHeight)
        }
        let (width, height) = (Self.pixels(8 + 40 + 8, scale), Self.pixels(8 + 20 + 8, scale))
        let faint = try size(".white.opacity(0.05), .white.opacity(0.18), .white.opacity(0.05)")
        #expect(faint == (Self.pixels(8 + 55 + 8, scale), height), "faint: \(faint)")
        let clipped = try size(".white.opacity(0.05), .white.opacity(0.18), .white.opacity(0.05)", clipped: true)
        #expect(clipped == (width, height), "clipped: \(clipped)")
        for clear in [".clear, .clear", ".white.opacity(0), .white.opacity(0)"] {
            let size = try size(clear)
            #expect(size == (width, height), "\(clear): \(size)")
        }
    }
}
