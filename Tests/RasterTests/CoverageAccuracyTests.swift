import Testing
import Glibc
@testable import Raster
import RasterReference

@Suite("Rasterizer accuracy against exact capsule areas")
struct CoverageAccuracyTests {
    /// The rays of the default spinner at @1x, @2x and @3x (ray width 1.64 pt, centre line
    /// 2.53 pt long) and a hairline capsule: every pixel's coverage within 1/255 of the exact
    /// area, and the mean over anti-aliased pixels within 0.2/255.
    @Test(arguments: [(2.53, 0.82), (5.06, 1.64), (7.59, 2.46), (6.0, 0.5)])
    func capsuleCoverageErrorIsWithinOneLevel(length: Double, radius: Double) {
        let error = CoverageError.measure(length: length, radius: radius, angles: 11, offsets: 3)
        let mean = error.sum / Double(error.edgePixels)
        #expect(error.edgePixels > 100)
        #expect(error.maximum * 255 <= 1.0, "max error \(error.maximum * 255)/255")
        #expect(mean * 255 <= 0.2, "mean error \(mean * 255)/255")
    }

    /// Discs from a dot to a ring's width at @3x (radius 8, 30 and 90 px), whose arcs are
    /// flattened into chords of the default tolerance: every pixel within 1/255 of the exact
    /// area, the mean over anti-aliased pixels within 0.2/255.
    @Test(arguments: [8.0, 30.0, 90.0])
    func discCoverageErrorIsWithinOneLevel(radius: Double) {
        let error = CoverageError.measure(length: 0, radius: radius, angles: 1, offsets: 3)
        #expect(error.edgePixels > Int(4 * radius))
        #expect(error.maximum * 255 <= 1.0, "max error \(error.maximum * 255)/255")
        #expect(error.mean * 255 <= 0.2, "mean error \(error.mean * 255)/255")
    }

    @Test func referenceIntegratesAWholeDiscToPiR2() {
        let reference = CapsuleReference(a: Point(x: 5.3, y: 4.9), b: Point(x: 5.3, y: 4.9), radius: 3)
        let total = reference.areas(width: 11, height: 11).reduce(0, +)
        #expect(abs(total - Double.pi * 9) < 1e-4)
    }

    @Test func rasterizedAreaSumsToTheCapsuleArea() {
        var rasterizer = CoverageRasterizer(width: 20, height: 20)
        let a = Point(x: 6.2, y: 7.1), b = Point(x: 13.9, y: 12.4)
        rasterizer.add(Path.capsule(from: a, to: b, radius: 2))
        let total = rasterizer.coverageValues().reduce(0, +)
        let exact = Double.pi * 4 + (b - a).length * 4
        // Each cap is flattened into n chords whose interior vertices sit at the radius R that
        // gives their sectors the true area; the two chords that end a cap on the circle, from
        // r to R, each miss ½r²φ − ½rR·sin φ, which the fixed-point grid blurs by far less.
        let (r, tolerance) = (2.0, CoverageRasterizer.defaultTolerance)
        let n = (Double.pi / (2 * acos(1 - tolerance / r))).rounded(.up)
        let phi = Double.pi / n
        let outer = r * (phi / sin(phi)).squareRoot()
        let endChordLoss = 0.5 * r * r * phi - 0.5 * r * outer * sin(phi)
        #expect(abs(total - (exact - 4 * endChordLoss)) < 3e-4, "area \(total), exact \(exact), end chords \(4 * endChordLoss)")
    }
}
