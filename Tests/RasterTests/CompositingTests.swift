import Testing
@testable import Raster

@Suite("Source-over compositing arithmetic")
struct CompositingTests {
    @Test func divisionBy255RoundsToNearest() {
        for x in 0...(255 * 255) {
            let exact = Double(x) / 255
            #expect(Compositing.divide255(x) == Int(exact.rounded()), "x = \(x)")
        }
    }

    @Test func halfCoverageOfBlackOnWhiteIsMidGrey() {
        let out = Compositing.sourceOver(.black, coverage: 128, onto: .white)
        // (0·128 + 255·127) / 255 = 127
        #expect(out == RGBA8(r: 127, g: 127, b: 127))
    }

    @Test func orangeOverWhiteMatchesTheOpaqueFormula() {
        let orange = RGBA8(r: 0xFF, g: 0x95, b: 0x00)
        for coverage in [0, 1, 64, 128, 200, 254, 255] {
            let out = Compositing.sourceOver(orange, coverage: UInt8(coverage), onto: .white)
            func expected(_ s: UInt8, _ d: UInt8) -> UInt8 {
                UInt8(((Double(s) * Double(coverage) + Double(d) * Double(255 - coverage)) / 255).rounded())
            }
            #expect(out == RGBA8(r: expected(0xFF, 255), g: expected(0x95, 255), b: expected(0, 255)))
        }
    }

    @Test func fullCoverageReplacesAndZeroCoverageKeeps() {
        let under = RGBA8(r: 10, g: 20, b: 30, a: 77)
        let paint = RGBA8(r: 200, g: 100, b: 50)
        #expect(Compositing.sourceOver(paint, coverage: 255, onto: under) == paint)
        #expect(Compositing.sourceOver(paint, coverage: 0, onto: under) == under)
    }

    @Test func overTransparentKeepsStraightColourAndScalesAlpha() {
        let out = Compositing.sourceOver(RGBA8(r: 255, g: 149, b: 0), coverage: 100, onto: .transparent)
        #expect(out == RGBA8(r: 255, g: 149, b: 0, a: 100))
    }

    @Test func translucentOverTranslucentFollowsPorterDuff() {
        // αs = 128, αd = 128: αo = 128 + 128·127/255 = 191.75 → 192;
        // C = (255·128·255 + 0·…) / (128·255 + 128·127) = 8323200 / 48896 = 170.2 → 170.
        let out = Compositing.sourceOver(RGBA8(r: 255, g: 0, b: 0, a: 128), coverage: 255,
                                         onto: RGBA8(r: 0, g: 0, b: 255, a: 128))
        #expect(out == RGBA8(r: 170, g: 0, b: 85, a: 192))
    }

    @Test func linearLightBlendIsBrighterThanSRGBForBlackOnWhite() {
        let srgb = Compositing.sourceOver(.black, coverage: 128, onto: .white, in: .sRGB)
        let linear = Compositing.sourceOver(.black, coverage: 128, onto: .white, in: .linear)
        // Half of white's linear light (0.498) encodes to sRGB 187.
        #expect(srgb.r == 127)
        #expect(linear.r == 187)
    }

    @Test func sRGBTransferRoundTripsEveryCode() {
        for code in 0...255 {
            #expect(SRGBTransfer.encode(SRGBTransfer.decode(UInt8(code))) == UInt8(code))
        }
    }
}

@Suite("Geometry")
struct GeometryTests {
    @Test func positiveRotationTurnsClockwiseOnAYDownScreen() {
        let up = Point(x: 0, y: -1)
        let turned = AffineTransform.rotation(radians: Double.pi / 2).apply(up)
        #expect(abs(turned.x - 1) < 1e-12 && abs(turned.y) < 1e-12)
    }

    @Test func concatenationAppliesSelfFirst() {
        let t = AffineTransform.scale(x: 2, y: 3).concatenating(.translation(x: 5, y: 7))
        #expect(t.apply(Point(x: 1, y: 1)) == Point(x: 7, y: 10))
    }

    @Test func maximumScaleIsTheLargestSingularValue() {
        let t = AffineTransform.scale(x: 2, y: 5).concatenating(.rotation(radians: 0.3))
        #expect(abs(t.maximumScale - 5) < 1e-9)
    }

    @Test func fullyCoveredPixelsAreExactlyOneAndOutsideExactlyZero() {
        var rasterizer = CoverageRasterizer(width: 10, height: 10)
        rasterizer.add(.rectangle(Rect(x: 2.5, y: 2.25, width: 5, height: 4.5)))
        let c = rasterizer.coverageValues()
        #expect(c[4 * 10 + 4] == 1)
        #expect(c[0] == 0 && c[9 * 10 + 9] == 0 && c[4 * 10 + 8] == 0)
        #expect(c[4 * 10 + 2] == 0.5)          // left edge at x = 2.5
        #expect(c[2 * 10 + 4] == 0.75)         // top edge at y = 2.25
        #expect(c[2 * 10 + 2] == 0.375)        // corner: 0.5 × 0.75
    }

    @Test func shapesBeyondTheCanvasAreClippedNotWrapped() {
        var rasterizer = CoverageRasterizer(width: 6, height: 4)
        rasterizer.add(.rectangle(Rect(x: -3, y: -2, width: 5.5, height: 4)))
        rasterizer.add(.rectangle(Rect(x: 4.5, y: 1, width: 10, height: 1)))
        let c = rasterizer.coverageValues()
        #expect(Array(c[0..<6]) == [1, 1, 0.5, 0, 0, 0])
        #expect(Array(c[6..<12]) == [1, 1, 0.5, 0, 0.5, 1])
        #expect(Array(c[12..<18]) == [0, 0, 0, 0, 0, 0])
    }

    @Test func overlappingEqualWindingsSaturateAtFullCoverage() {
        var rasterizer = CoverageRasterizer(width: 4, height: 4)
        rasterizer.add(.rectangle(Rect(x: 0, y: 0, width: 4, height: 4)))
        rasterizer.add(.rectangle(Rect(x: 1, y: 1, width: 2, height: 2)))
        #expect(rasterizer.coverageValues()[5] == 1)   // non-zero: winding 2 is still "inside"
    }
}
