import Glibc
import Testing
@testable import Raster

/// A patch added at a whole-pixel offset accumulates what its polygons add moved by that
/// offset: the same cells, so the same coverage at every pixel, whatever else the canvas holds.
@Suite("Coverage patches place rasterized polygons at whole-pixel offsets")
struct CoveragePatchTests {
    /// A glyph-like outline about the origin: a ring (outer contour clockwise, inner one
    /// counter-clockwise) with a notch, at a sub-pixel phase.
    static func outline(phaseX: Double, phaseY: Double) -> [[Point]] {
        func circle(_ radius: Double, clockwise: Bool) -> [Point] {
            (0..<48).map { k in
                let angle = Double(k) / 48 * 2 * Double.pi * (clockwise ? 1 : -1)
                return Point(x: phaseX + 9 + radius * cos(angle), y: phaseY + 9 + radius * sin(angle))
            }
        }
        let notch = [Point(x: phaseX + 1, y: phaseY + 1), Point(x: phaseX + 6.3, y: phaseY + 1.7),
                     Point(x: phaseX + 2.2, y: phaseY + 7.9)]
        return [circle(8.4, clockwise: true), circle(4.1, clockwise: false), notch]
    }

    @Test(arguments: [(0.0, 0.0), (0.25, 0.5), (0.8125, 0.3671875)])
    func patchEqualsPolygonsMovedByWholePixels(phaseX: Double, phaseY: Double) {
        let polygons = Self.outline(phaseX: phaseX, phaseY: phaseY)
        var local = CoverageRasterizer(width: 20, height: 20)
        for polygon in polygons { local.addPolygon(polygon) }
        let patch = CoveragePatch(local)
        #expect(patch.width == 20 && patch.height == 20)

        // The canvas already holds a rectangle overlapping where the patch goes: sums, not
        // overwrites.
        let under = [Point(x: 30.5, y: 12.25), Point(x: 52.75, y: 12.25), Point(x: 52.75, y: 40.5), Point(x: 30.5, y: 40.5)]
        for (x, y) in [(0, 0), (37, 15), (44, 30), (60, 30)] {
            var direct = CoverageRasterizer(width: 80, height: 50)
            var patched = CoverageRasterizer(width: 80, height: 50)
            direct.addPolygon(under)
            patched.addPolygon(under)
            for polygon in polygons {
                direct.addPolygon(polygon, transform: .translation(x: Double(x), y: Double(y)))
            }
            patched.add(patch, atX: x, y: y)
            #expect(patched.cells == direct.cells, "cells at (\(x), \(y))")
            #expect(patched.coverageMask() == direct.coverageMask(), "coverage at (\(x), \(y))")
            // Coverage is found where the touched bounds say: every covered pixel lies inside them.
            let bounds = patched.touchedBounds
            var outside = 0
            patched.forEachCoverage { px, py, _ in
                if !bounds.columns.contains(px) || !bounds.rows.contains(py) { outside += 1 }
            }
            #expect(outside == 0)
            // Reset clears what the patch added.
            patched.reset()
            #expect(patched.cells.allSatisfy { $0 == 0 })
        }
    }

    @Test func emptyPatchAddsNothing() {
        let patch = CoveragePatch(CoverageRasterizer(width: 6, height: 4))
        var canvas = CoverageRasterizer(width: 10, height: 10)
        canvas.add(patch, atX: 2, y: 3)
        #expect(canvas.cells.allSatisfy { $0 == 0 })
        #expect(canvas.touchedBounds.rows.isEmpty)
        #expect(patch.byteCount == 0)
    }
}
