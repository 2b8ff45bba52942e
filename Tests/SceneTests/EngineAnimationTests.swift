import Foundation
import Motion
import Raster
import Scene
import Testing

/// Helpers: one-tree scripts, a glyph or a colour swatch turned, moved or faded by one change.
private let linear2Forever = Animation.linear(duration: 2).repeatForever(autoreverses: false)

private func engine(_ initial: ViewNode, _ changes: [ViewChange], scale: Double = 1,
                    rotateAt: [Double] = []) -> ViewEngine {
    var output = SceneConfiguration()
    output.scale = scale
    output.layoutChanges = rotateAt
    return ViewEngine(script: ViewScript(initial: initial, changes: changes), output: output)
}

private func sample(_ engine: ViewEngine, _ time: Double, _ name: String? = nil) -> ViewSample {
    let views = engine.views(atSeconds: time)
    return name.map { name in views.first { $0.name == name }! } ?? views[0]
}

/// `t` of SwiftUI's cubic timing curve with control points (x1, y1), (x2, y2): solves
/// x(u) = t by bisection and returns y(u).
private func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at t: Double) -> Double {
    func coordinate(_ a: Double, _ b: Double, _ u: Double) -> Double {
        3 * (1 - u) * (1 - u) * u * a + 3 * (1 - u) * u * u * b + u * u * u
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if coordinate(x1, x2, middle) < t { low = middle } else { high = middle }
    }
    return coordinate(y1, y2, (low + high) / 2)
}

@Suite("View engine: animation semantics")
struct EngineAnimationTests {
    /// `.animation(_:value:)` bound to `animating`: the rotation at t = 0 changes the value, so it
    /// spins; the device rotation does not, so the centre lands at once: no drift.
    @Test func valueBoundAnimationSpinsWithoutDrift() {
        func spinner(_ animating: Bool) -> ViewNode {
            .custom(name: "Spinner", body: .modified(.modified(.symbol(.rays),
                .rotationEffect(degrees: animating ? 360 : 0, anchor: .center)),
                .animation(linear2Forever, value: .bool(animating))))
        }
        let bound = engine(spinner(false), [ViewChange(timeSeconds: 0, transaction: Transaction(), root: spinner(true))],
                           scale: 2, rotateAt: [0.5])
        // The deprecated modifier, same tree otherwise, drifts: the two differ only in that.
        func implicitSpinner(_ animating: Bool) -> ViewNode {
            .custom(name: "Spinner", body: .modified(.modified(.symbol(.rays),
                .rotationEffect(degrees: animating ? 360 : 0, anchor: .center)), .animation(linear2Forever, value: nil)))
        }
        let drifting = engine(implicitSpinner(false), [ViewChange(timeSeconds: 0, transaction: Transaction(),
                                                                  root: implicitSpinner(true))], scale: 2, rotateAt: [0.5])
        let portrait = sample(bound, 0.4).centre, landscape = sample(bound, 0.5).centre
        #expect((landscape - portrait).length > 20)
        for centisecond in 50...250 {
            let time = Double(centisecond) / 100
            let view = sample(bound, time)
            #expect(view.centre == landscape, "at \(time)")
            let turn = (360 * time / 2).truncatingRemainder(dividingBy: 360)
            #expect(abs(view.rotationDegrees.truncatingRemainder(dividingBy: 360) - turn) < 1e-9, "at \(time)")
        }
        let fraction = 0.5 / 2
        #expect((sample(drifting, 1).centre - (portrait + (landscape - portrait) * fraction)).length < 1e-9)
    }

    /// Two `.animation(_:)` around one rotation: the nearer one (inside) wins, whatever the
    /// transaction carries.
    @Test func nearestAnimationModifierWins() {
        func tree(_ degrees: Double) -> ViewNode {
            .modified(.modified(.modified(.symbol(.rays), .rotationEffect(degrees: degrees, anchor: .center)),
                                .animation(.linear(duration: 1), value: nil)), .animation(.linear(duration: 4), value: nil))
        }
        let e = engine(tree(0), [ViewChange(timeSeconds: 0, transaction: Transaction(animation: .easeIn(duration: 3)),
                                            root: tree(360))])
        for (time, degrees) in [(0.25, 90.0), (0.5, 180.0), (0.75, 270.0), (1.5, 360.0)] {
            #expect(abs(sample(e, time).rotationDegrees - degrees) < 1e-9, "at \(time)")
        }
    }

    /// `.transaction { $0.animation = nil }` removes `withAnimation`'s animation from the views
    /// it wraps; an `.animation(_:)` inside it still applies (it is nearer).
    @Test func transactionEditCancelsTheAnimation() {
        func cancelled(_ degrees: Double) -> ViewNode {
            .modified(.modified(.symbol(.rays), .rotationEffect(degrees: degrees, anchor: .center)),
                      .transaction(TransactionEdit(animation: .some(nil))))
        }
        let withAnimation = Transaction(animation: .linear(duration: 2))
        let e = engine(cancelled(0), [ViewChange(timeSeconds: 0, transaction: withAnimation, root: cancelled(90))])
        #expect(sample(e, 0).rotationDegrees == 90)
        #expect(sample(e, 1).rotationDegrees == 90)
        func reanimated(_ degrees: Double) -> ViewNode {
            .modified(.modified(.modified(.symbol(.rays), .rotationEffect(degrees: degrees, anchor: .center)),
                                .animation(.linear(duration: 1), value: nil)), .transaction(TransactionEdit(animation: .some(nil))))
        }
        let f = engine(reanimated(0), [ViewChange(timeSeconds: 0, transaction: withAnimation, root: reanimated(90))])
        #expect(abs(sample(f, 0.5).rotationDegrees - 45) < 1e-9)
        // disablesAnimations: the `.animation(_:)` inside no longer inserts its animation.
        func disabled(_ degrees: Double) -> ViewNode {
            .modified(.modified(.modified(.symbol(.rays), .rotationEffect(degrees: degrees, anchor: .center)),
                                .animation(.linear(duration: 1), value: nil)), .transaction(TransactionEdit(disablesAnimations: true)))
        }
        let g = engine(disabled(0), [ViewChange(timeSeconds: 0, transaction: withAnimation, root: disabled(90))])
        #expect(abs(sample(g, 0.5).rotationDegrees - 22.5) < 1e-9)   // withAnimation's 2 s linear
    }

    /// `withAnimation(.easeInOut)` moves an offset along the cubic (0.42, 0, 0.58, 1) over
    /// 0.35 s; a spring along 1 − e^(−ζωt)(cos ω_d t + ζω/ω_d sin ω_d t), ω = 2π / response.
    @Test func easeInOutAndSpringFollowTheirCurves() {
        func moved(_ x: Double) -> ViewNode { .modified(.symbol(.rays), .offset(x: x, y: 0)) }
        let ease = engine(moved(0), [ViewChange(timeSeconds: 0, transaction: Transaction(animation: .easeInOut), root: moved(100))])
        let spring = engine(moved(0), [ViewChange(timeSeconds: 0, transaction: Transaction(animation: .spring(response: 0.5, dampingFraction: 0.6)), root: moved(100))])
        let rest = sample(ease, 0).centre.x
        #expect(sample(ease, 0).centre.x == sample(engine(moved(0), []), 0).centre.x)
        let omega = 2 * Double.pi / 0.5, zeta = 0.6, omegaD = omega * (1 - zeta * zeta).squareRoot()
        for step in 1...24 {
            let time = Double(step) * 0.025
            let expectedEase = 100 * bezier(0.42, 0, 0.58, 1, at: min(1, time / 0.35))
            #expect(abs(sample(ease, time).centre.x - rest - expectedEase) < 1e-6, "easeInOut at \(time)")
            let expectedSpring = 100 * (1 - exp(-zeta * omega * time)
                * (cos(omegaD * time) + zeta * omega / omegaD * sin(omegaD * time)))
            #expect(abs(sample(spring, time).centre.x - rest - expectedSpring) < 1e-6, "spring at \(time)")
        }
        #expect(sample(spring, 0.3).centre.x - rest > 109)   // it overshoots by e^(−ζπ/√(1−ζ²)) ≈ 9.5 %
    }

    /// A change at t = 0.5 (`asyncAfter`) shows from the frame sampled at 0.5 on, not before.
    @Test func delayedChangeLandsAtItsFrame() {
        func turned(_ degrees: Double) -> ViewNode {
            .modified(.modified(.symbol(.rays), .foregroundStyle(.system("red"))), .rotationEffect(degrees: degrees, anchor: .center))
        }
        let e = engine(turned(0), [ViewChange(timeSeconds: 0.5, transaction: Transaction(), root: turned(20))], scale: 2)
        #expect(sample(e, 0.49).rotationDegrees == 0 && sample(e, 0.5).rotationDegrees == 20)
        let renderer = ViewRenderer(e)
        let still = ViewRenderer(engine(turned(0), [], scale: 2)), turnedStill = ViewRenderer(engine(turned(20), [], scale: 2))
        #expect(renderer.render(atSeconds: 0.48) == still.render(atSeconds: 0))
        #expect(renderer.render(atSeconds: 0.5) == turnedStill.render(atSeconds: 0))
        #expect(renderer.render(atSeconds: 0.5) != still.render(atSeconds: 0))
        #expect(e.pictureRepeatSeconds == nil && e.lastChangeSeconds == 0.5)
    }

    /// A view in a branch that appears later appears at once, without animation, even inside
    /// `withAnimation`.
    @Test func viewInANewBranchAppearsWithoutAnimation() {
        func tree(_ shown: Bool) -> ViewNode {
            .stack(.horizontal, alignment: .center, spacing: nil, children: [
                .modified(.color(.system("red")), .frame(width: 10, height: 10, alignment: .center)),
                shown ? .conditional(branch: 0, .modified(.color(.system("blue")), .frame(width: 10, height: 10, alignment: .center))) : .empty,
            ])
        }
        let e = engine(tree(false), [ViewChange(timeSeconds: 0.5, transaction: Transaction(animation: .linear(duration: 1)), root: tree(true))])
        #expect(e.views(atSeconds: 0.4).count == 1)
        let after = e.views(atSeconds: 0.5)
        #expect(after.count == 2)
        // The canvas holds the wider tree (10 + 8 + 10 pt and the 8 pt margin); the first tree
        // sits centred in it on whole pixels.
        #expect(e.canvasWidth == 44 && e.canvasHeight == 26)
        #expect(e.views(atSeconds: 0.4)[0].frame == Rect(x: 17, y: 8, width: 10, height: 10))
        #expect(after[1].frame == Rect(x: 26, y: 8, width: 10, height: 10))
        // The red swatch's move is animated (it was there before): 17 → 8 over 1 s.
        #expect(after[0].frame.minX == 17)
        #expect(abs(e.views(atSeconds: 1)[0].frame.minX - 12.5) < 1e-9)
        #expect(e.views(atSeconds: 1.5)[0].frame.minX == 8)
    }
}

@Suite("View engine: layout")
struct EngineLayoutTests {
    func swatch(_ color: String, _ width: Double, _ height: Double) -> ViewNode {
        .modified(.color(.system(color)), .frame(width: width, height: height, alignment: .center))
    }

    func frames(_ root: ViewNode, scale: Double = 1) -> (engine: ViewEngine, rects: [Rect]) {
        var output = SceneConfiguration()
        output.scale = scale
        let e = ViewEngine(script: ViewScript(initial: root), output: output)
        return (e, e.views(atSeconds: 0).map(\.frame))
    }

    /// HStack with default spacing in uneven padding: fitting size 2 + 20 + 8 + 30 + 4 by
    /// 1 + 40 + 3; the short child centred vertically.
    @Test func hStackInPadding() {
        let root = ViewNode.modified(.stack(.horizontal, alignment: .center, spacing: nil,
                                            children: [swatch("red", 20, 10), swatch("blue", 30, 40)]),
                                     .padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)))
        let (e, rects) = frames(root)
        #expect(e.canvasWidth == 64 && e.canvasHeight == 44 && e.margin == 0)
        #expect(rects == [Rect(x: 2, y: 16, width: 20, height: 10), Rect(x: 30, y: 1, width: 30, height: 40)])
    }

    /// VStack, leading, spacing 4, with the 8 pt canvas margin (the root does not frame itself).
    @Test func vStackLeadingWithMargin() {
        let root = ViewNode.stack(.vertical, alignment: Alignment(horizontal: 0, vertical: 0.5), spacing: 4,
                                  children: [swatch("red", 10, 5), swatch("blue", 30, 5)])
        let (e, rects) = frames(root, scale: 3)
        #expect(e.canvasWidth == (30 + 16) * 3 && e.canvasHeight == (14 + 16) * 3)
        #expect(rects == [Rect(x: 8, y: 8, width: 10, height: 5), Rect(x: 8, y: 17, width: 30, height: 5)])
    }

    /// ZStack top-leading and a frame aligning its content bottom-trailing.
    @Test func zStackAndFrameAlignment() {
        let root = ViewNode.modified(.stack(.depth, alignment: Alignment(horizontal: 0, vertical: 0), spacing: nil, children: [
            swatch("red", 40, 30),
            .modified(swatch("blue", 10, 10), .frame(width: 25, height: 20, alignment: Alignment(horizontal: 1, vertical: 1))),
        ]), .padding(EdgeInsets(all: 5)))
        let (_, rects) = frames(root)
        #expect(rects == [Rect(x: 5, y: 5, width: 40, height: 30), Rect(x: 20, y: 15, width: 10, height: 10)])
    }

    /// A shape at the root takes the whole size a preview proposes (393 × 852 pt by default,
    /// the margin around it), and SwiftUI's 10 × 10 pt placeholder where nothing is proposed
    /// (`fixedSize()` offers no size).
    @Test func unframedShapeFillsTheProposalAndTakesThePlaceholderWithoutOne() {
        let (e, rects) = frames(.shape(ShapeView(kind: .circle)))
        #expect(rects == [Rect(x: 8, y: 8, width: 393, height: 852)])
        #expect(e.canvasWidth == 409 && e.canvasHeight == 868)
        let fixed = ViewNode.modified(.shape(ShapeView(kind: .circle)), .layout(.fixedSize(horizontal: true, vertical: true)))
        let (f, fixedRects) = frames(fixed, scale: 2)
        #expect(fixedRects == [Rect(x: 8, y: 8, width: 10, height: 10)])
        #expect(f.canvasWidth == 52 && f.canvasHeight == 52)
    }

    /// Colours fill their frames: every pixel against the rectangles drawn here (1 pt of
    /// padding keeps the fills off the canvas's right edge; see the next test).
    @Test func swatchesFillTheirRectanglesExactly() {
        let root = ViewNode.modified(.modified(.stack(.horizontal, alignment: .center, spacing: 2,
                                                      children: [swatch("red", 3, 2), swatch("blue", 1, 4)]),
                                               .background(.color(.system("green")))), .padding(EdgeInsets(all: 1)))
        let (e, _) = frames(root, scale: 2)
        let image = ViewRenderer(e).render(atSeconds: 0)
        #expect(image.width == 16 && image.height == 12)
        let red = e.palette.named("red")!, blue = e.palette.named("blue")!, green = e.palette.named("green")!
        for y in 0..<12 {
            for x in 0..<16 {
                var expected = RGBA8.white
                if (2..<14).contains(x) && (2..<10).contains(y) { expected = green }
                if (2..<8).contains(x) && (4..<8).contains(y) { expected = red }
                if (12..<14).contains(x) && (2..<10).contains(y) { expected = blue }
                #expect(image[x, y] == expected, "pixel (\(x), \(y))")
            }
        }
    }

    /// A fill reaching the canvas's right and bottom edges covers the last column and row.
    @Test func fillTouchingTheRightEdge() {
        // `padding(0)`: a root that frames itself gets no canvas margin, so the fill is the canvas.
        let (e, _) = frames(.modified(.modified(.color(.system("red")), .frame(width: 4, height: 2, alignment: .center)),
                                      .padding(EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))))
        let image = ViewRenderer(e).render(atSeconds: 0)
        #expect(image.width == 4 && image.height == 2)
        for y in 0..<2 { for x in 0..<4 { #expect(image[x, y] == e.palette.named("red")!, "pixel (\(x), \(y))") } }
    }

    /// `Circle().trim(from: 0, to: 0.7).stroke(lineWidth: 5)` in a 50 pt frame: the ink is 0.7 of
    /// a ring 5 pt wide centred on radius 25 (the stroke is centred on the outline; the canvas
    /// margin keeps its outer half on the canvas), 0.7 · 2π · 25 · 5 pt², within 1 %.
    @Test(arguments: [1.0, 2.0, 3.0])
    func trimmedStrokedCircleHasTheAnalyticInk(scale: Double) {
        let circle = ViewNode.modified(.shape(ShapeView(kind: .circle, trimFrom: 0, trimTo: 0.7,
                                                        paint: .stroke(nil, StrokeStyle(lineWidth: 5)))),
                                       .frame(width: 50, height: 50, alignment: .center))
        var output = SceneConfiguration()
        output.scale = scale
        output.transparentBackground = true
        let image = ViewRenderer(ViewEngine(script: ViewScript(initial: circle), output: output)).render(atSeconds: 0)
        var ink = 0.0
        for y in 0..<image.height { for x in 0..<image.width { ink += Double(image[x, y].a) / 255 } }
        let area = ink / (scale * scale), expected = 0.7 * 2 * Double.pi * 25 * 5
        #expect(abs(area - expected) / expected < 0.01)
    }
}
