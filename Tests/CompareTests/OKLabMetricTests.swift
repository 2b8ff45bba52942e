import Glibc
import Testing
import Raster
@testable import Compare

/// `--metric oklab`: pixelmatch 7's HyAB distance in OKLab, checked against OKLab computed here
/// from Ottosson's published matrices, and cross-checked by another route (through CIE XYZ).
@Suite struct OKLabMetricTests {
    /// Ottosson's `linear_srgb_to_oklab` ("A perceptual color space for image processing", 2020)
    /// after the sRGB transfer function (IEC 61966-2-1), as matrix products.
    static func referenceOKLab(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        func decode(_ v: Double) -> Double {
            let c = v / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let toLMS: [[Double]] = [[0.4122214708, 0.5363325363, 0.0514459929],
                                 [0.2119034982, 0.6806995451, 0.1073969566],
                                 [0.0883024619, 0.2817188376, 0.6299787005]]
        let toLab: [[Double]] = [[0.2104542553, 0.7936177850, -0.0040720468],
                                 [1.9779984951, -2.4285922050, 0.4505937099],
                                 [0.0259040371, 0.7827717662, -0.8086757660]]
        let linear = [decode(r), decode(g), decode(b)]
        let lms = toLMS.map { row in cbrt(zip(row, linear).map(*).reduce(0, +)) }
        let lab = toLab.map { row in zip(row, lms).map(*).reduce(0, +) }
        return (lab[0], lab[1], lab[2])
    }

    /// OKLab through CIE XYZ (D65): the sRGB → XYZ matrix, then Ottosson's M1 (XYZ → LMS),
    /// cube roots and M2. M1 puts white at L = 1.00012, so this route agrees to about 1e-4.
    static func xyzRouteOKLab(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        func decode(_ v: Double) -> Double {
            let c = v / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (lr, lg, lb) = (decode(r), decode(g), decode(b))
        let x = 0.4123907993 * lr + 0.3575843394 * lg + 0.1804807884 * lb
        let y = 0.2126390059 * lr + 0.7151686788 * lg + 0.0721923154 * lb
        let z = 0.0193308187 * lr + 0.1191947798 * lg + 0.9505321522 * lb
        let l = cbrt(0.8189330101 * x + 0.3618667424 * y - 0.1288597137 * z)
        let m = cbrt(0.0329845436 * x + 0.9293118715 * y + 0.0361456387 * z)
        let s = cbrt(0.0482003018 * x + 0.2643662691 * y + 0.6338517070 * z)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// HyAB: |ΔL| + √(Δa² + Δb²) of two opaque colours.
    static func referenceDistance(_ p: RGBA8, _ q: RGBA8,
                                  oklab: (Double, Double, Double) -> (Double, Double, Double) = referenceOKLab) -> Double {
        let a = oklab(Double(p.r), Double(p.g), Double(p.b))
        let b = oklab(Double(q.r), Double(q.g), Double(q.b))
        return abs(a.0 - b.0) + ((a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot()
    }

    static let colours: [RGBA8] = [
        .black, .white, RGBA8(r: 255, g: 0, b: 0), RGBA8(r: 0, g: 255, b: 0), RGBA8(r: 0, g: 0, b: 255),
        RGBA8(r: 255, g: 255, b: 0), RGBA8(r: 255, g: 149, b: 0), RGBA8(r: 128, g: 128, b: 128),
        RGBA8(r: 10, g: 10, b: 10), RGBA8(r: 254, g: 255, b: 255), RGBA8(r: 31, g: 97, b: 200),
    ]

    @Test func blackAgainstWhiteIsOne() {
        #expect(abs(PixelDistance.oklabDistance(.black, .white) - 1) < 1e-7)
        #expect(abs(Self.referenceDistance(.black, .white) - 1) < 1e-7)
        #expect(abs(Self.referenceDistance(.black, .white, oklab: Self.xyzRouteOKLab) - 1) < 2e-4)
        #expect(PixelDistance.oklabDistance(.white, .white) == 0)
        #expect(PixelDistance.oklabDistance(RGBA8(r: 1, g: 2, b: 3, a: 0), RGBA8(r: 200, g: 0, b: 0, a: 0)) == 0)
    }

    @Test func everyOpaquePairMatchesTheIndependentOKLab() {
        for p in Self.colours {
            for q in Self.colours {
                let expected = Self.referenceDistance(p, q)
                let measured = PixelDistance.oklabDistance(p, q)
                #expect(abs(measured - expected) < 1e-12, "\(p) \(q): \(measured) vs \(expected)")
                let viaXYZ = Self.referenceDistance(p, q, oklab: Self.xyzRouteOKLab)
                #expect(abs(measured - viaXYZ) < 2e-4, "\(p) \(q): \(measured) vs \(viaXYZ) through XYZ")
                #expect(measured == PixelDistance.oklabDistance(q, p))
            }
        }
        // Blue against yellow is a little beyond black against white.
        let blueYellow = Self.referenceDistance(RGBA8(r: 0, g: 0, b: 255), RGBA8(r: 255, g: 255, b: 0))
        #expect(blueYellow > 1.02 && blueYellow < 1.04)
    }

    @Test func translucentPairsTakeTheLargerOfWhiteAndBlackBackdrops() {
        // White at alpha 128 against opaque white: on white the same, on black a grey.
        let half = RGBA8(r: 255, g: 255, b: 255, a: 128)
        let grey = 255.0 * 128 / 255
        let (g, w) = (Self.referenceOKLab(grey, grey, grey), Self.referenceOKLab(255, 255, 255))
        let onBlack = abs(g.0 - w.0) + ((g.1 - w.1) * (g.1 - w.1) + (g.2 - w.2) * (g.2 - w.2)).squareRoot()
        #expect(abs(PixelDistance.oklabDistance(half, .white) - onBlack) < 1e-12)
        #expect(onBlack > 0.2)
    }

    @Test func thresholdCountsExactlyThePairsFartherThanIt() {
        // A row of pairs: actual colour i against expected colour (i + 3) mod n.
        let n = Self.colours.count
        var actual = RGBAImage(width: n, height: 1), expected = RGBAImage(width: n, height: 1)
        for i in 0..<n {
            actual[i, 0] = Self.colours[i]
            expected[i, 0] = Self.colours[(i + 3) % n]
        }
        for threshold in [0.0, 0.05, 0.2, 0.5, 0.8, 1.0] {
            let options = ComparisonOptions(threshold: threshold, metric: .oklab)
            let result = FrameComparison.compare(actual: actual, expected: expected, options: options)
            let distances = (0..<n).map { Self.referenceDistance(Self.colours[$0], Self.colours[($0 + 3) % n]) }
            let farther = distances.filter { threshold == 0 ? $0 > 0 : $0 > threshold }.count
            #expect(result.frames[0].differingPixels == farther, "threshold \(threshold)")
            #expect(abs(result.frames[0].maxDistance - distances.max()!) < 1e-12)
        }
    }

    @Test func yiqStaysTheDefaultAndDiffersFromOKLab() {
        #expect(ComparisonOptions().metric == .yiq)
        #expect(ColourMetric(parsing: "OKLab") == .oklab && ColourMetric(parsing: "lab") == nil)
        // Orange against white: YIQ and OKLab put it at different threshold distances.
        let orange = RGBA8(r: 255, g: 149, b: 0)
        let yiq = PixelDistance.thresholdEquivalent(ofDelta: PixelDistance.delta(orange, .white))
        let oklab = PixelDistance.oklabDistance(orange, .white)
        #expect(abs(oklab - Self.referenceDistance(orange, .white)) < 1e-12)
        #expect(abs(yiq - oklab) > 0.05)
    }
}
