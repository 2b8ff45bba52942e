import Testing
import Raster
@testable import Compare

/// `--ignore` rectangles and `--mask`: ignored pixels never count, are counted as ignored, and
/// are hatched in the diff.
@Suite struct IgnoredRegionTests {
    /// pixelmatch's faded grey of an expected pixel, computed here: `255 + (Y − 255) · 0.1 · a / 255`.
    static func faded(_ p: RGBA8) -> UInt8 {
        let y = 0.29889531 * Double(p.r) + 0.58662247 * Double(p.g) + 0.11448223 * Double(p.b)
        return UInt8((255 + (y - 255) * 0.1 * Double(p.a) / 255 + 0.5).rounded(.down))
    }

    @Test func ignoredPixelsDoNotCountAndAreHatched() {
        let expected = Fixtures.square()   // 10 × 8
        var actual = expected
        let changed = [(0, 0), (5, 5), (9, 7), (3, 3), (6, 5), (1, 7)]
        for (x, y) in changed { actual[x, y] = RGBA8(r: 0, g: 0, b: 0) }
        // A rectangle reaching past the right edge, and a mask of the left column.
        var maskImage = RGBAImage(width: 10, height: 8)
        for y in 0..<8 { maskImage[0, y] = RGBA8(r: 0, g: 0, b: 0, a: 1) }
        let mask = IgnoreMask(image: maskImage, source: "m.png")
        let regions = IgnoredRegions(rectangles: [PixelRectangle(x: 5, y: 4, width: 20, height: 2)], mask: mask)
        func isIgnored(_ x: Int, _ y: Int) -> Bool { x == 0 || (x >= 5 && (4..<6).contains(y)) }
        let result = FrameComparison.compare(actual: actual, expected: expected, options: ComparisonOptions(ignored: regions))

        let counted = changed.filter { !isIgnored($0.0, $0.1) }
        #expect(result.frames[0].differingPixels == counted.count)   // (9, 7), (3, 3) and (1, 7)
        #expect(counted.count == 3)
        #expect(result.frames[0].ignoredPixels == 8 + 5 * 2)
        #expect(result.totals.ignoredPixels == 18)
        #expect(result.frames[0].firstDifference == PixelPosition(x: 3, y: 3))
        #expect(mask.ignoredCount == 8)

        let diff = result.makeDiff().frames[0].image
        for y in 0..<8 {
            for x in 0..<10 {
                let want: RGBA8
                if isIgnored(x, y) {
                    let grey = Self.faded(expected[x, y])
                    want = (x + y) % 8 < 2 ? RGBA8(r: 0, g: 112, b: 255) : RGBA8(r: grey, g: grey, b: grey)
                } else if counted.contains(where: { $0 == (x, y) }) {
                    want = RGBA8(r: 255, g: 0, b: 0)
                } else {
                    let grey = Self.faded(expected[x, y])
                    want = RGBA8(r: grey, g: grey, b: grey)
                }
                #expect(diff[x, y] == want, "(\(x), \(y))")
            }
        }
    }

    @Test func everythingIgnoredIsEqual() {
        let expected = Fixtures.square()
        let actual = RGBAImage(width: 10, height: 8, fill: .black)
        let all = IgnoredRegions(rectangles: [PixelRectangle(x: 0, y: 0, width: 10, height: 8)])
        let result = FrameComparison.compare(actual: actual, expected: expected, options: ComparisonOptions(ignored: all))
        #expect(result.verdict == .equal)
        #expect(result.frames[0].differingPixels == 0 && result.frames[0].ignoredPixels == 80)
        #expect(result.frames[0].maxDelta == 0)
    }

    @Test func countsReachTheJSONAndJUnitReports() {
        let expected = Fixtures.square()
        var actual = expected
        actual[9, 0] = .black
        let regions = IgnoredRegions(rectangles: [PixelRectangle(x: 0, y: 0, width: 3, height: 2)])
        let result = FrameComparison.compare(actual: Fixtures.animation([actual, expected]), expected: Fixtures.animation([expected, actual]),
                                             options: ComparisonOptions(ignored: regions))
        #expect(result.totals.ignoredPixels == 12)
        #expect(result.jsonReport.contains("\"ignore\": [\n      [0, 0, 3, 2]\n    ],"))
        #expect(result.jsonReport.contains("\"ignoredPixels\": 6,"))
        #expect(result.jsonReport.contains("\"ignoredPixels\": 12,"))
        let xml = result.junitXML(suiteName: "s")
        #expect(xml.contains("    <properties>\n      <property name=\"ignoredPixels\" value=\"12\"/>\n    </properties>\n"))
        #expect(xml.components(separatedBy: "<property name=\"ignoredPixels\" value=\"6\"/>").count == 3)
        // Black on white: only luma differs, ΔY = 255 · (0.29889531 + 0.58662247 + 0.11448223).
        let luma = 255 * (0.29889531 + 0.58662247 + 0.11448223)
        let distance = (0.5053 * luma * luma / 35215).squareRoot()
        #expect(abs(distance - 0.966) < 0.0005)
        #expect(result.reportLines[0] == "at 0 ms (actual frame 0, expected frame 0): 1 of 80 pixels differ (1.25 %), first at (9, 0), max distance 0.966, 6 pixels in ignored regions")
    }

    @Test(arguments: [("1,2,3,4", PixelRectangle(x: 1, y: 2, width: 3, height: 4)), (" 0, 0 ,1,1 ", PixelRectangle(x: 0, y: 0, width: 1, height: 1))])
    func parsesRectangles(text: String, rectangle: PixelRectangle) throws {
        #expect(try PixelRectangle.parse(text).get() == rectangle)
    }

    @Test(arguments: [("1,2,3", "expected X,Y,W,H"), ("a,b,c,d", "expected X,Y,W,H"), ("1,2,3,4,5", "expected X,Y,W,H"),
                      ("-1,0,2,2", "X and Y must be 0 or more"), ("0,0,0,2", "W and H must be 1 or more"), ("0,0,2,-2", "W and H must be 1 or more"),
                      ("0,0,1000001,1", "X, Y, W and H must be at most 1000000"),
                      ("9223372036854775807,9223372036854775807,9223372036854775807,9223372036854775807", "X, Y, W and H must be at most 1000000")])
    func refusesBadRectangles(text: String, reason: String) {
        guard case .failure(let error) = PixelRectangle.parse(text) else { Issue.record("accepted \(text)"); return }
        #expect(error.reason.hasPrefix(reason))
    }

    @Test func maskSizeMustMatch() {
        let mask = IgnoreMask(image: RGBAImage(width: 4, height: 3), source: "m.png")
        #expect(mask.sizeProblem(width: 4, height: 3, canvas: "x") == nil)
        #expect(mask.sizeProblem(width: 5, height: 3, canvas: "the expected 'b.gif'")
            == "the mask 'm.png' is 4 × 3 but the expected 'b.gif' is 5 × 3; a mask must have the canvas's size")
        #expect(mask.ignoredCount == 0)
    }
}

@Suite struct IgnoredRegionValidationTests {
    @Test func rectanglesOutsideTheRulesAreInvalidOptions() {
        let bad = ComparisonOptions(ignored: IgnoredRegions(rectangles: [PixelRectangle(x: 1, y: 1, width: 0, height: 3)]))
        #expect(bad.validationMessage == "--ignore needs X and Y of 0 or more and W and H of 1 or more (got 1,1,0,3)")
        let negative = IgnoredRegions(rectangles: [PixelRectangle(x: -3, y: 2, width: 5, height: 1)])
        #expect(ComparisonOptions(ignored: negative).validationMessage != nil)
        // The bitmap keeps only the part on the canvas, whatever the rectangle.
        #expect(negative.bitmap(width: 4, height: 4)?.count { $0 == 1 } == 2)
        #expect(IgnoredRegions(rectangles: [PixelRectangle(x: 9, y: 9, width: 2, height: 2)]).bitmap(width: 4, height: 4)?.contains(1) == false)
    }
}
