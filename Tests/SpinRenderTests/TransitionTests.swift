import Raster
import Scene
import SpinRender
import Testing

/// `transition(_:)`: a view inserted by an animated change enters from its transition's state
/// (Apple's `AnyTransition` documentation); inserted without animation, or there from the
/// first tree, it is simply there. A 10 × 10 red square in a 30 × 10 frame, inserted 0.5 s
/// after the views appear by `withAnimation(.linear(duration: 1))`: every pixel at the
/// insertion, half-way through and after, against the square placed here.
@Suite("Transitions")
struct TransitionTests {
    static func engine(_ transition: String, animated: Bool = true, initially: Bool = false) throws -> ViewEngine {
        var request = RenderRequest()
        request.scene.scale = 1
        request.scene.padding = 0
        let change = animated ? "withAnimation(.linear(duration: 1)) { on.toggle() }" : "on.toggle()"
        try request.setSource("""
            import SwiftUI
            struct ContentView: View {
                @State private var on = \(initially)
                var body: some View {
                    ZStack {
                        if on {
                            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 10, height: 10)\(transition)
                        }
                    }
                    .frame(width: 30, height: 10)
                    .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { \(change) } }
                }
            }
            """, fileName: "T.swift", view: nil)
        return request.makeEngine()
    }

    /// Every pixel of the 30 × 10 frame is white but the square at `x` (whole pixels) in `colour`.
    static func expectSquare(_ engine: ViewEngine, at time: Double, x: Int?, colour: RGBA8 = RGBA8(r: 255, g: 0, b: 0),
                             tolerance: Int = 0) {
        #expect(engine.canvasWidth == 30 && engine.canvasHeight == 10)
        let image = ViewRenderer(engine).render(atSeconds: time)
        var bad = 0, first = ""
        for py in 0..<image.height {
            for px in 0..<image.width {
                let inside = x.map { px >= $0 && px < $0 + 10 } ?? false
                let want = inside ? colour : RGBA8.white
                let got = image[px, py]
                let close = abs(Int(got.r) - Int(want.r)) <= tolerance && abs(Int(got.g) - Int(want.g)) <= tolerance
                    && abs(Int(got.b) - Int(want.b)) <= tolerance && got.a == want.a
                if !close {
                    bad += 1
                    if first.isEmpty { first = "(\(px), \(py)): \(got) instead of \(want)" }
                }
            }
        }
        #expect(bad == 0, "at \(time) s: \(bad) pixels differ, first \(first)")
    }

    /// `.move(edge: .leading)`: from one width left of its place (x 0) to its place (x 10).
    @Test func moveEntersFromItsEdge() throws {
        let engine = try Self.engine(".transition(.move(edge: .leading))")
        Self.expectSquare(engine, at: 0.4, x: nil)
        Self.expectSquare(engine, at: 0.5, x: 0)
        Self.expectSquare(engine, at: 1.0, x: 5)
        Self.expectSquare(engine, at: 1.6, x: 10)
        // `.slide` inserts from the leading edge too; `.offset(x: 10)` from 10 pt right.
        Self.expectSquare(try Self.engine(".transition(.slide)"), at: 1.0, x: 5)
        Self.expectSquare(try Self.engine(".transition(.offset(x: 10))"), at: 1.0, x: 15)
        Self.expectSquare(try Self.engine(".transition(.asymmetric(insertion: .offset(x: 10), removal: .opacity))"), at: 0.5, x: 20)
    }

    /// `.opacity`: half-way, the square is half red over white (within one 8-bit step of
    /// 255 × 0.5); `.push(from:)` moves and fades at once.
    @Test func opacityFadesIn() throws {
        let half = RGBA8(r: 255, g: 128, b: 128)
        Self.expectSquare(try Self.engine(".transition(.opacity)"), at: 1.0, x: 10, colour: half, tolerance: 1)
        Self.expectSquare(try Self.engine(".transition(.opacity)"), at: 0.5, x: nil)
        Self.expectSquare(try Self.engine(".transition(.push(from: .trailing))"), at: 1.0, x: 15, colour: half, tolerance: 1)
        // The transition's own animation, however the change animates (here: none).
        let own = try Self.engine(".transition(.opacity.animation(.linear(duration: 1)))", animated: false)
        Self.expectSquare(own, at: 1.0, x: 10, colour: half, tolerance: 1)
    }

    /// With no `transition(_:)`, a branch's view fades in and out as with `.opacity` (SwiftUI's
    /// default): half-way through the insertion and the removal, half red; without animation
    /// it is there, or gone, at once.
    @Test func aViewWithoutATransitionFades() throws {
        let half = RGBA8(r: 255, g: 128, b: 128)
        let entering = try Self.engine("")
        Self.expectSquare(entering, at: 0.5, x: nil)
        Self.expectSquare(entering, at: 1.0, x: 10, colour: half, tolerance: 1)
        Self.expectSquare(entering, at: 1.5, x: 10)
        let leaving = try Self.engine("", initially: true)
        Self.expectSquare(leaving, at: 0.4, x: 10)
        Self.expectSquare(leaving, at: 1.0, x: 10, colour: half, tolerance: 1)
        Self.expectSquare(leaving, at: 1.6, x: nil)
        Self.expectSquare(try Self.engine("", animated: false), at: 0.5, x: 10)
        Self.expectSquare(try Self.engine("", animated: false, initially: true), at: 0.5, x: nil)
    }

    /// Without animation the square is there at once; in the first tree it is simply there.
    @Test func unanimatedAndInitialViewsAppearAtOnce() throws {
        Self.expectSquare(try Self.engine(".transition(.move(edge: .leading))", animated: false), at: 0.5, x: 10)
        Self.expectSquare(try Self.engine(".transition(.opacity)", initially: true), at: 0, x: 10)
    }

    /// Removed at 0.5 s, the square stays drawn while its removal runs, then is gone: `.opacity`
    /// fades it out; `.slide` takes it out past the trailing edge (x 10 → 20); `.asymmetric`
    /// removes with its removal half; without animation it leaves at once.
    @Test func removedViewsLeaveWithTheirTransition() throws {
        let half = RGBA8(r: 255, g: 128, b: 128)
        let fading = try Self.engine(".transition(.opacity)", initially: true)
        Self.expectSquare(fading, at: 0.4, x: 10)
        Self.expectSquare(fading, at: 1.0, x: 10, colour: half, tolerance: 1)
        Self.expectSquare(fading, at: 1.5, x: nil)
        Self.expectSquare(fading, at: 2, x: nil)
        let sliding = try Self.engine(".transition(.slide)", initially: true)
        Self.expectSquare(sliding, at: 1.0, x: 15)
        Self.expectSquare(sliding, at: 1.6, x: nil)
        Self.expectSquare(try Self.engine(".transition(.asymmetric(insertion: .slide, removal: .move(edge: .leading)))", initially: true),
                          at: 1.0, x: 5)
        Self.expectSquare(try Self.engine(".transition(.opacity)", animated: false, initially: true), at: 0.5, x: nil)
    }

    /// `id(_:)` makes a new view of a new value: the old one leaves and the new one enters with
    /// their transitions (here the old blue square out past the trailing edge, the new red one
    /// in from the leading edge: half-way, blue at x 15 and red at x 5).
    @Test func aNewIdentityReplacesTheViewWithItsTransition() throws {
        var request = RenderRequest()
        request.scene.scale = 1
        request.scene.padding = 0
        try request.setSource("""
            import SwiftUI
            struct ContentView: View {
                @State private var on = false
                var body: some View {
                    ZStack {
                        Rectangle().fill(on ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 1))
                            .frame(width: 10, height: 10)
                            .id(on)
                            .transition(.asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing)))
                    }
                    .frame(width: 30, height: 10)
                    .onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { withAnimation(.linear(duration: 1)) { on = true } } }
                }
            }
            """, fileName: "T.swift", view: nil)
        let engine = request.makeEngine()
        #expect(engine.canvasWidth == 30 && engine.canvasHeight == 10)
        LayoutTests.expectPixels(ViewRenderer(engine).render(atSeconds: 1.0), [
            (Rect(x: 5, y: 0, width: 10, height: 10), RGBA8(r: 255, g: 0, b: 0)),
            (Rect(x: 15, y: 0, width: 10, height: 10), RGBA8(r: 0, g: 0, b: 255)),
        ])
        LayoutTests.expectPixels(ViewRenderer(engine).render(atSeconds: 1.6), [(Rect(x: 10, y: 0, width: 10, height: 10), RGBA8(r: 255, g: 0, b: 0))])
    }

    /// A view that never changes under one that moves is drawn once, as the frames' underlay;
    /// a view that moves first is not, and the frames are the same either way (a square fading
    /// in over a still blue one: every pixel at three times).
    @Test func aStillBackdropIsDrawnOnce() throws {
        var request = RenderRequest()
        request.scene.scale = 1
        request.scene.padding = 0
        try request.setSource("""
            import SwiftUI
            struct ContentView: View {
                @State private var on = false
                var body: some View {
                    ZStack {
                        Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 30, height: 10)
                        Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 10, height: 10).opacity(on ? 1 : 0)
                    }
                    .onAppear { withAnimation(.linear(duration: 1)) { on = true } }
                }
            }
            """, fileName: "T.swift", view: nil)
        let engine = request.makeEngine()
        #expect(engine.drawsStaticUnderlay)
        for (time, red) in [(0.0, 0), (0.5, 128), (1.0, 255)] {
            let over = RGBA8(r: UInt8(red), g: 0, b: UInt8(255 - red))
            Self.expectSquareOver(ViewRenderer(engine).render(atSeconds: time), colour: over, tolerance: 1)
        }
        #expect(try !Self.engine(".transition(.opacity)").drawsStaticUnderlay)
    }

    /// A still view drawn after a moving one (a label under a spinner) is drawn once too, over
    /// the underlay, in the frames where the moving view keeps off its pixels; where they meet,
    /// the frame is drawn in order. A red square slides from x = 0 to 30 under a blue one at
    /// 30: every pixel at 0, 0.5 and 1 s, the blue one on top when they meet.
    @Test func aStillViewAfterAMovingOneJoinsTheUnderlayWhileApart() throws {
        // A red square sliding from x = 0 to 30 under a still blue one at x = 30.
        let request = try FrameDamageTests.slidingSquare()
        let engine = request.makeEngine()
        #expect(engine.staticUnderlayFrames == 2)
        let renderer = ViewRenderer(engine)
        for (time, red) in [(0.0, 0), (0.5, 15), (1.0, 30)] {
            let image = renderer.render(atSeconds: time)
            var bad: [String] = []
            for y in 0..<10 {
                for x in 0..<40 {
                    let want = x >= 30 ? RGBA8(r: 0, g: 0, b: 255) : x >= red && x < red + 10 ? RGBA8(r: 255, g: 0, b: 0) : .white
                    if image[x, y] != want { bad.append("(\(x), \(y)) \(image[x, y])") }
                }
            }
            #expect(image.width == 40 && image.height == 10 && bad.isEmpty, "at \(time) s: \(bad.prefix(5))")
        }
    }

    /// Every pixel of the 30 × 10 canvas blue but the 10 × 10 middle square in `colour`.
    static func expectSquareOver(_ image: RGBAImage, colour: RGBA8, tolerance: Int) {
        var bad = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let want = x >= 10 && x < 20 ? colour : RGBA8(r: 0, g: 0, b: 255)
                let got = image[x, y]
                if abs(Int(got.r) - Int(want.r)) > tolerance || abs(Int(got.b) - Int(want.b)) > tolerance || got.g != 0 { bad += 1 }
            }
        }
        #expect(image.width == 30 && image.height == 10 && bad == 0, "\(bad) pixels differ")
    }
}
