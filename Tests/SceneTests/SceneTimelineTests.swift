import Testing
import Motion
import Raster
@testable import Scene

@Suite("Scene timeline: the spinner, layout changes and the drift")
struct SceneTimelineTests {
    @Test(arguments: [(0.0, 0.0), (0.5, 90.0), (1.0, 180.0), (1.999, 359.82), (2.0, 0.0), (2.5, 90.0)])
    func bothSpinnersTurnOnceEveryTwoSecondsClockwise(time: Double, degrees: Double) {
        var configuration = SceneConfiguration()
        configuration.mode = .preview
        let state = SceneTimeline(configuration).state(atSeconds: time)
        for spinner in state.spinners {
            #expect(abs(spinner.rotationDegrees - degrees) < 1e-9, "\(spinner.role) at \(time)")
        }
    }

    /// After a layout change at T the implicit spinner's centre is
    /// P_old + (P_new − P_old) · frac((t − T) / 2 s); the explicit one is at P_new.
    @Test(arguments: [(0.5, 0.25), (1.0, 0.5), (1.999, 0.9995), (2.0, 0.0), (2.5, 0.25)])
    func implicitCentreIsASawtoothAndExplicitLandsAtOnce(after: Double, fraction: Double) {
        var configuration = SceneConfiguration()
        configuration.mode = .preview
        configuration.layoutChanges = [0.5]
        let timeline = SceneTimeline(configuration)
        let scale = configuration.scale
        func resting(_ role: SpinnerRole, _ rotations: Int) -> Point {
            timeline.layout.snapshot(afterRotations: rotations).centres[role]! * (1 / scale)
        }
        let state = timeline.state(atSeconds: 0.5 + after)
        let implicit = state.spinners.first { $0.role == .implicit }!
        let explicit = state.spinners.first { $0.role == .explicit }!
        let old = resting(.implicit, 0), new = resting(.implicit, 1)
        let expected = old + (new - old) * fraction
        #expect((implicit.centre - expected).length < 1e-9)
        #expect((explicit.centre - resting(.explicit, 1)).length < 1e-12)
        #expect((old - new).length > 20)   // the rotation really moves the content
    }

    @Test func beforeTheChangeBothRestInPortrait() {
        var configuration = SceneConfiguration()
        configuration.mode = .preview
        configuration.layoutChanges = [0.5]
        let timeline = SceneTimeline(configuration)
        let state = timeline.state(atSeconds: 0.499)
        for spinner in state.spinners {
            let resting = timeline.layout.snapshot(afterRotations: 0).centres[spinner.role]! * (1 / configuration.scale)
            #expect((spinner.centre - resting).length < 1e-12)
        }
        #expect(state.rotations == 0)
        #expect(timeline.state(atSeconds: 0.5).rotations == 1)
    }

    @Test func secondRotationStacksAdditively() {
        var configuration = SceneConfiguration()
        configuration.mode = .implicit
        configuration.layoutChanges = [0.5, 1.0]
        let timeline = SceneTimeline(configuration)
        let p0 = timeline.layout.snapshot(afterRotations: 0).centres[.implicit]! * 0.5
        let p1 = timeline.layout.snapshot(afterRotations: 1).centres[.implicit]! * 0.5
        let p2 = timeline.layout.snapshot(afterRotations: 2).centres[.implicit]! * 0.5
        #expect(p0 == p2)   // portrait again
        // At t = 1.5: first change 1 s in (50 %), second 0.5 s in (25 %).
        let expected = p0 + (p1 - p0) * 0.5 + (p2 - p1) * 0.25
        let centre = timeline.state(atSeconds: 1.5).spinners[0].centre
        #expect((centre - expected).length < 1e-9)
    }

    @Test func appearFromOriginSlidesTheImplicitSpinnerInFromTheCorner() {
        var configuration = SceneConfiguration()
        configuration.mode = .preview
        configuration.appearsFromOrigin = true
        let timeline = SceneTimeline(configuration)
        let start = timeline.state(atSeconds: 0)
        let resting = timeline.layout.snapshot(afterRotations: 0).centres
        #expect(start.spinners.first { $0.role == .implicit }!.centre == .zero)
        #expect(start.spinners.first { $0.role == .explicit }!.centre == resting[.explicit]! * 0.5)
        let halfway = timeline.state(atSeconds: 1).spinners.first { $0.role == .implicit }!.centre
        #expect((halfway - resting[.implicit]! * 0.25).length < 1e-9)
    }

    @Test func pictureRepeatsEveryRaySpacingForTheLinearTurn() {
        let timeline = SceneTimeline(SceneConfiguration())
        #expect(abs(timeline.pictureRepeatSeconds! - 0.25) < 1e-12)
        #expect(timeline.framePeriod(framesPerSecond: 50) == 25)   // 12.5 frames → 2 repeats
        #expect(timeline.framePeriod(framesPerSecond: 24) == 6)
        #expect(timeline.framePeriod(framesPerSecond: 30) == 15)
    }

    @Test func otherAnimationsRepeatWithTheirOwnPeriod() throws {
        var configuration = SceneConfiguration()
        configuration.animation = try Animation.parse(".easeInOut(duration: 1).repeatForever()")
        #expect(SceneTimeline(configuration).pictureRepeatSeconds == 2)
        configuration.animation = SceneConfiguration.documentationAnimation
        configuration.effect = .opacity
        #expect(SceneTimeline(configuration).pictureRepeatSeconds == 2)
        configuration.effect = .rotation
        configuration.layoutChanges = [0.5]
        #expect(SceneTimeline(configuration).pictureRepeatSeconds == nil)
        configuration.layoutChanges = []
        configuration.animation = .linear(duration: 2)
        #expect(SceneTimeline(configuration).pictureRepeatSeconds == nil)
        configuration.animation = SceneConfiguration.documentationAnimation.delay(0.3)
        #expect(SceneTimeline(configuration).pictureRepeatSeconds == nil)
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
                // Coverage estimated from the green channel's position between background and ink.
                let span = Double(color.g) - Double(background.g)
                let c = (Double(p.g) - Double(background.g)) / span
                // Accept only pixels whose hue matches: red/blue channels consistent with the ink.
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
        var configuration = SceneConfiguration()
        configuration.mode = .preview
        configuration.layoutChanges = [0.5]
        let renderer = SceneRenderer(configuration)
        let orange = renderer.palette.orange
        let white = RGBA8.white
        let layout = renderer.timeline.layout
        let old = layout.snapshot(afterRotations: 0).centres[.implicit]!
        let new = layout.snapshot(afterRotations: 1).centres[.implicit]!
        var explicitCentroids: [Point] = []
        for (after, fraction) in [(0.1, 0.05), (0.7, 0.35), (1.3, 0.65), (1.9, 0.95)] {
            let frame = renderer.render(atSeconds: 0.5 + after)
            let implicit = centroid(frame, near: .black, background: white)
            let expected = old + (new - old) * fraction
            #expect((implicit - expected).length < 0.1, "implicit ink at \(implicit), expected \(expected)")
            explicitCentroids.append(centroid(frame, near: orange, background: white))
        }
        let explicitResting = layout.snapshot(afterRotations: 1).centres[.explicit]!
        for c in explicitCentroids { #expect((c - explicitResting).length < 0.1) }
    }
}
