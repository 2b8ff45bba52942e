import Motion
import Raster
import Scene
import Testing

/// The documentation's preview laid out by hand at @2x in the default stage: the content
/// (`VStack` of two glyph frames, 8 pt apart, `padding(8)`) is rounded up to whole pixels and
/// centred on whole pixels in the stage's current orientation.
struct PreviewGeometry {
    let scale = 2.0
    let symbol = RaysSymbol()

    var frame: (width: Double, height: Double) { symbol.frameSize }
    var contentPixels: (width: Double, height: Double) {
        (((frame.width + 16) * scale).rounded(.up), ((2 * frame.height + 8 + 16) * scale).rounded(.up))
    }
    var stageWidth: Double { (max(frame.width + 16, 2 * frame.height + 24) + 32).rounded(.up) }

    /// Centre of `Spinner` (first) or `Spinner2`, in points, after `rotations` device rotations.
    /// `staged: false`: the canvas is the content itself.
    func centre(first: Bool, rotations: Int, staged: Bool = true) -> Point {
        let portrait = rotations % 2 == 0
        var w = (portrait ? stageWidth : 2 * stageWidth) * scale, h = (portrait ? 2 * stageWidth : stageWidth) * scale
        if !staged { (w, h) = contentPixels }
        let x = ((w - contentPixels.width) / 2).rounded(.down) + contentPixels.width / 2
        let y = ((h - contentPixels.height) / 2).rounded(.down) + contentPixels.height / 2
        let offset = (frame.height + 8) / 2
        return Point(x: x / scale, y: y / scale + (first ? -offset : offset))
    }
}

@Suite("View engine: the spinners, layout changes and the drift")
struct EngineTimelineTests {
    func engine(_ mode: SceneMode, rotateAt: [Double] = [], configure: (inout SceneConfiguration) -> Void = { _ in },
                shape: (inout DocumentationScripts) -> Void = { _ in }) -> ViewEngine {
        var output = SceneConfiguration()
        output.layoutChanges = rotateAt
        configure(&output)
        var scripts = DocumentationScripts()
        shape(&scripts)
        return ViewEngine(script: scripts.script(mode), output: output)
    }

    func view(_ engine: ViewEngine, _ name: String, _ time: Double) -> ViewSample {
        engine.views(atSeconds: time).first { $0.name == name }!
    }

    @Test(arguments: [(0.0, 0.0), (0.5, 90.0), (1.0, 180.0), (1.999, 359.82), (2.0, 0.0), (2.5, 90.0)])
    func bothSpinnersTurnOnceEveryTwoSecondsClockwise(time: Double, degrees: Double) {
        let views = engine(.preview).views(atSeconds: time)
        #expect(views.map(\.name) == ["Spinner", "Spinner2"])
        for view in views {
            let turned = view.rotationDegrees.truncatingRemainder(dividingBy: 360)
            #expect(abs(turned - degrees) < 1e-9, "\(view.name) at \(time)")
        }
    }

    /// After a layout change at T the implicit spinner's centre is
    /// P_old + (P_new − P_old) · frac((t − T) / 2 s); the explicit one is at P_new.
    @Test(arguments: [(0.5, 0.25), (1.0, 0.5), (1.999, 0.9995), (2.0, 0.0), (2.5, 0.25)])
    func implicitCentreIsASawtoothAndExplicitLandsAtOnce(after: Double, fraction: Double) {
        let engine = engine(.preview, rotateAt: [0.5])
        let geometry = PreviewGeometry()
        let old = geometry.centre(first: true, rotations: 0), new = geometry.centre(first: true, rotations: 1)
        let expected = old + (new - old) * fraction
        #expect((view(engine, "Spinner", 0.5 + after).centre - expected).length < 1e-9)
        #expect((view(engine, "Spinner2", 0.5 + after).centre - geometry.centre(first: false, rotations: 1)).length < 1e-9)
        #expect((old - new).length > 20)   // the rotation really moves the content
    }

    @Test func beforeTheChangeBothRestInPortrait() {
        let engine = engine(.preview, rotateAt: [0.5])
        let geometry = PreviewGeometry()
        #expect((view(engine, "Spinner", 0.499).centre - geometry.centre(first: true, rotations: 0)).length < 1e-9)
        #expect((view(engine, "Spinner2", 0.499).centre - geometry.centre(first: false, rotations: 0)).length < 1e-9)
        #expect(engine.rotations(atSeconds: 0.499) == 0)
        #expect(engine.rotations(atSeconds: 0.5) == 1)
        #expect(engine.canvasWidth == Int(2 * geometry.stageWidth * 2) && engine.canvasHeight == engine.canvasWidth)
    }

    @Test func secondRotationStacksAdditively() {
        let engine = engine(.implicit, rotateAt: [0.5, 1.0])
        // The explicit spinner has the same frame and lands at once: its centres are the
        // resting places, portrait and landscape.
        let reference = self.engine(.explicit, rotateAt: [0.5])
        let p0 = view(reference, "Spinner2", 0.4).centre, p1 = view(reference, "Spinner2", 1).centre
        // Portrait again after two rotations: at t = 1.5 the first change is 1 s in (50 %),
        // the second 0.5 s in (25 %), from P1 back to P0.
        let expected = p0 + (p1 - p0) * 0.5 + (p0 - p1) * 0.25
        #expect((view(engine, "Spinner", 1.5).centre - expected).length < 1e-9)
        #expect((p1 - p0).length > 20)
    }

    @Test func appearFromOriginSlidesTheImplicitSpinnerInFromTheCorner() {
        let engine = engine(.preview) { $0.appearsFromOrigin = true }
        let geometry = PreviewGeometry()
        #expect(view(engine, "Spinner", 0).centre == .zero)
        #expect((view(engine, "Spinner2", 0).centre - geometry.centre(first: false, rotations: 0, staged: false)).length < 1e-9)
        let halfway = view(engine, "Spinner", 1).centre
        #expect((halfway - geometry.centre(first: true, rotations: 0, staged: false) * 0.5).length < 1e-9)
    }

    @Test func pictureRepeatsEveryRaySpacingForTheLinearTurn() {
        let engine = engine(.explicit)
        #expect(abs(engine.pictureRepeatSeconds! - 0.25) < 1e-12)
        #expect(engine.framePeriod(framesPerSecond: 50) == 25)   // 12.5 frames → 2 repeats
        #expect(engine.framePeriod(framesPerSecond: 24) == 6)
        #expect(engine.framePeriod(framesPerSecond: 30) == 15)
        #expect(abs(self.engine(.preview).pictureRepeatSeconds! - 0.25) < 1e-12)
    }

    @Test func otherAnimationsRepeatWithTheirOwnPeriod() throws {
        let easeInOut = Animation.easeInOut(duration: 1).repeatForever()
        #expect(engine(.explicit, shape: { $0.animation = easeInOut }).pictureRepeatSeconds == 2)
        #expect(engine(.explicit, shape: { $0.effect = .opacity }).pictureRepeatSeconds == 2)
        #expect(engine(.explicit, rotateAt: [0.5]).pictureRepeatSeconds == nil)
        #expect(engine(.explicit, shape: { $0.animation = .linear(duration: 2) }).pictureRepeatSeconds == nil)
        // Delayed, the turn repeats from its delay on: the loop starts there.
        let delayed = DocumentationScripts().animation.delay(0.3)
        let late = engine(.explicit, shape: { $0.animation = delayed })
        #expect(late.pictureRepeatSeconds.map { abs($0 - 0.25) < 1e-12 } == true)
        #expect(abs(late.loopStartSeconds - 0.3) < 1e-12)
    }

    @Test func defaultDurationFigures() throws {
        let plain = engine(.preview)
        #expect(plain.repeatPeriodSeconds == 2 && plain.settleSeconds == nil && plain.lastChangeSeconds == 0)
        let rotated = engine(.implicit, rotateAt: [1.25, 0.5])
        #expect(rotated.lastChangeSeconds == 1.25 && rotated.repeatPeriodSeconds == 2)
        let finite = engine(.explicit, shape: { $0.animation = .easeOut(duration: 0.5) })
        #expect(finite.repeatPeriodSeconds == nil && finite.settleSeconds == 0.5)
    }
}

@Suite("Rendered frames show the drift")
struct RenderedDriftTests {
    /// Ink centroid of pixels close to a colour, weighted by how far they are from the background.
    func centroid(_ image: RGBAImage, near color: RGBA8, background: RGBA8) -> Point {
        var sx = 0.0, sy = 0.0, total = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                let span = Double(color.g) - Double(background.g)
                let c = (Double(p.g) - Double(background.g)) / span
                let expectedR = Double(background.r) + c * (Double(color.r) - Double(background.r))
                let expectedB = Double(background.b) + c * (Double(color.b) - Double(background.b))
                guard c > 0.02, abs(Double(p.r) - expectedR) < 3, abs(Double(p.b) - expectedB) < 3 else { continue }
                sx += (Double(x) + 0.5) * c
                sy += (Double(y) + 0.5) * c
                total += c
            }
        }
        return Point(x: sx / total, y: sy / total)
    }

    @Test func implicitInkMovesAndExplicitInkStays() {
        var output = SceneConfiguration()
        output.layoutChanges = [0.5]
        // The border is an overlay: where the drifting spinner passes under it, it hides ink and
        // moves the centroid. Without it the layout is the same (it is drawn inside the bounds).
        func withoutBorder(_ node: ViewNode) -> ViewNode {
            guard case let .custom(name, .modified(inner, .decoration(.border))) = node else { return node }
            return .custom(name: name, body: inner)
        }
        var script = DocumentationScripts().script(.preview)
        script.initial = withoutBorder(script.initial)
        script.changes = script.changes.map { ViewChange(timeSeconds: $0.timeSeconds, transaction: $0.transaction, root: withoutBorder($0.root)) }
        let renderer = ViewRenderer(ViewEngine(script: script, output: output))
        let geometry = PreviewGeometry()
        let old = geometry.centre(first: true, rotations: 0) * 2, new = geometry.centre(first: true, rotations: 1) * 2
        var explicitCentroids: [Point] = []
        for (after, fraction) in [(0.1, 0.05), (0.7, 0.35), (1.3, 0.65), (1.9, 0.95)] {
            let frame = renderer.render(atSeconds: 0.5 + after)
            let implicit = centroid(frame, near: .black, background: .white)
            let expected = old + (new - old) * fraction
            #expect((implicit - expected).length < 0.1, "implicit ink at \(implicit), expected \(expected)")
            explicitCentroids.append(centroid(frame, near: renderer.palette.orange, background: .white))
        }
        let explicitResting = geometry.centre(first: false, rotations: 1) * 2
        for c in explicitCentroids { #expect((c - explicitResting).length < 0.1) }
    }
}
