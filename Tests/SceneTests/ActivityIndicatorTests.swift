import Testing
import Glibc
import Raster
@testable import Scene

@Suite("ProgressView: the iOS activity indicator's ticks, opacities and steps")
struct ActivityIndicatorTests {
    /// Flutter's `_kAlphaValues` going clockwise from the top at t = 0.
    static let alphasAtZero: [Double] = [47, 47, 47, 47, 72, 97, 122, 147]

    /// The pattern at step k is the one at t = 0 turned k ticks clockwise.
    static func alphas(step k: Int) -> [Double] {
        (0..<8).map { alphasAtZero[(($0 - k) % 8 + 8) % 8] }
    }

    @Test func alphasAtTheFirstThreeStepsAreThePatternTurnedOneTickEachStep() {
        // Written out, not computed: t = 0, 1/8 s and 2/8 s.
        let expected: [(Double, [Double])] = [
            (0, [47, 47, 47, 47, 72, 97, 122, 147]),
            (0.125, [147, 47, 47, 47, 47, 72, 97, 122]),
            (0.25, [122, 147, 47, 47, 47, 47, 72, 97]),
        ]
        for (time, alphas) in expected {
            let measured = (0..<8).map { ActivityIndicator.opacity(ofTick: $0, atSeconds: time) * 255 }
            for (m, e) in zip(measured, alphas) { #expect(abs(m - e) < 1e-9, "t = \(time): \(measured)") }
        }
    }

    @Test(arguments: [0.0, 0.01, 0.0625, 0.1249, 0.125, 0.2, 0.37, 0.5, 0.99, 1.0, 1.125, 7.3])
    func theOpacitiesHoldForAWholeStepAndRepeatEverySecond(time: Double) {
        let step = Int((time * 8).rounded(.down)) % 8
        let measured = (0..<8).map { ActivityIndicator.opacity(ofTick: $0, atSeconds: time) * 255 }
        let expected = Self.alphas(step: step)
        for (m, e) in zip(measured, expected) { #expect(abs(m - e) < 1e-9, "t = \(time): \(measured) vs \(expected)") }
    }

    @Test func eightTicksTheBrightestOneStepAnticlockwiseOfTheTopAtZero() {
        let indicator = ActivityIndicator()
        let centre = Point(x: 20.5, y: 20.25)
        let ticks = indicator.ticks(atSeconds: 0, centre: centre, scale: 2)
        #expect(ticks.count == 8)
        #expect(ticks.map(\.index) == Array(0..<8))
        let brightest = ticks.max { $0.opacity < $1.opacity }!
        // Tick 7: up and to the left, 45° anticlockwise of 12 o'clock.
        let points = brightest.polygons[0]
        let mean = points.reduce(Point.zero) { $0 + $1 } * (1 / Double(points.count))
        #expect(brightest.index == 7)
        #expect(mean.x < centre.x && mean.y < centre.y && abs((mean.x - centre.x) - (mean.y - centre.y)) < 0.5)
        // After one step it is the top tick.
        let next = indicator.ticks(atSeconds: 0.125, centre: centre, scale: 2).max { $0.opacity < $1.opacity }!
        #expect(next.index == 0)
    }

    /// Each tick is a capsule: 2r/10 wide, from r/3 to r, ends of radius r/10; area
    /// w·h − (4 − π)(w/2)², and every pixel matches a supersampled capsule.
    @Test(arguments: [1.0, 2.0, 3.0], [ActivityIndicator.regularRadius, ActivityIndicator.largeRadius])
    func eachTickIsTheRoundedRectangleOfTheIndicator(scale: Double, radius: Double) {
        let indicator = ActivityIndicator(radius: radius)
        let r = radius * scale
        let side = Int((2 * r + 4).rounded(.up))
        let centre = Point(x: r + 1.3, y: r + 1.7)
        let width = r / 5, height = r - r / 3
        let exactArea = width * height - (4 - Double.pi) * (r / 10) * (r / 10)
        // The rasterizer snaps vertices to 1/1024 px, moving each edge by at most √2/2048 px:
        // the area may change by up to the perimeter times that (0.014 px² at 10 px).
        let perimeter = 2 * (height - width) + Double.pi * width
        let snapping = perimeter * 2.0.squareRoot() / 2048
        for tick in indicator.ticks(atSeconds: 0.3, centre: centre, scale: scale) {
            let picture = CoverageDrawing(tick.polygons, width: side, height: side)
            #expect(abs(picture.area - exactArea) <= snapping, "tick \(tick.index): \(picture.area) vs \(exactArea)")
            // The capsule's axis: from r/3 + r/10 to r − r/10 along the tick's direction.
            let angle = Double(tick.index) * Double.pi / 4
            let direction = Point(x: sin(angle), y: -cos(angle))
            let a = centre + direction * (r / 3 + r / 10), b = centre + direction * (r - r / 10)
            let result = picture.compare { Reference.distance($0, toSegment: a, b) <= r / 10 }
            #expect(result.firstBad == nil, "tick \(tick.index) at \(scale)x: worst \(result.worst)")
        }
    }

    @Test func sizesAndColours() {
        #expect(ActivityIndicator().fittingSize == (20, 20))
        #expect(ActivityIndicator(controlSize: .regular).fittingSize == (20, 20))
        #expect(ActivityIndicator(controlSize: .large).fittingSize == (37, 37))
        #expect(ActivityIndicator(controlSize: .small).fittingSize == (20, 20))
        #expect(ActivityIndicator.defaultColor(for: .light) == RGBA8(r: 0x3C, g: 0x3C, b: 0x44))
        #expect(ActivityIndicator.defaultColor(for: .dark) == RGBA8(r: 0xEB, g: 0xEB, b: 0xF5))
    }

    /// Frame times built from sums of frame durations may fall a hair short of a step.
    @Test func aTimeJustShortOfAStepBoundaryCountsAsThatStep() {
        var time = 0.0
        for _ in 0..<10 { time += 0.0125 }   // 0.12499999999999999 or so
        #expect(ActivityIndicator.step(atSeconds: time) == 1)
        #expect(ActivityIndicator.step(atSeconds: 0.124) == 0)
        #expect(ActivityIndicator.step(atSeconds: -0.01) == 7)
    }
}
