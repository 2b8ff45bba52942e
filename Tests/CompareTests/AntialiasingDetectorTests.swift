import Testing
import Raster
@testable import Compare

/// The fast detector answers exactly as the plain pixelmatch port, pixel for pixel.
@Suite struct AntialiasingDetectorTests {
    /// A `width × height` image of blocks and speckles drawn from a few colours, so that flat
    /// areas, ties, equal neighbours and transparent pixels with different hidden colours occur.
    static func patchwork(width: Int, height: Int, seed: UInt32, colours: [RGBA8]) -> RGBAImage {
        var state = seed
        func next() -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 16)
        }
        var image = RGBAImage(width: width, height: height, fill: colours[0])
        for _ in 0..<(width * height / 6) {
            let x = next() % width, y = next() % height
            let size = next() % 3 == 0 ? 1 + next() % 4 : 1
            let colour = colours[next() % colours.count]
            for dy in 0..<size where y + dy < height {
                for dx in 0..<size where x + dx < width { image[x + dx, y + dy] = colour }
            }
        }
        return image
    }

    static let palettes: [[RGBA8]] = [
        [.white, .black, RGBA8(r: 128, g: 128, b: 128), RGBA8(r: 200, g: 200, b: 200)],
        [.white, Fixtures.orange, RGBA8(r: 255, g: 200, b: 120), RGBA8(r: 255, g: 170, b: 60)],
        [RGBA8(r: 0, g: 0, b: 0, a: 0), RGBA8(r: 9, g: 9, b: 9, a: 0), RGBA8(r: 255, g: 149, b: 0, a: 128),
         Fixtures.orange, .white, RGBA8(r: 255, g: 255, b: 255, a: 200)],
    ]

    @Test(arguments: 0..<12)
    func detectorAgreesWithThePlainPort(seed: Int) {
        let palette = Self.palettes[seed % Self.palettes.count]
        let width = 23 + seed, height = 17 + seed % 5
        let a = Self.patchwork(width: width, height: height, seed: UInt32(seed * 2 + 1), colours: palette)
        let b = Self.patchwork(width: width, height: height, seed: UInt32(seed * 2 + 2), colours: palette)
        var disagreements: [PixelPosition] = []
        var antialiased = 0
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                let ga = PixelGrid(bytes: pa, width: width, height: height)
                let gb = PixelGrid(bytes: pb, width: width, height: height)
                let detector = AntialiasingDetector(ga, gb)
                for y in 0..<height {
                    for x in 0..<width {
                        let plain = Antialiasing.isAntialiased(ga, gb, x: x, y: y) || Antialiasing.isAntialiased(gb, ga, x: x, y: y)
                        if plain { antialiased += 1 }
                        if detector.isAntialiased(x: x, y: y) != plain { disagreements.append(PixelPosition(x: x, y: y)) }
                    }
                }
                // Out of row order too: the ring refills rows on demand.
                for (x, y) in [(5, 9), (3, 2), (width - 2, height - 2), (1, 1), (7, 8)] {
                    let plain = Antialiasing.isAntialiased(ga, gb, x: x, y: y) || Antialiasing.isAntialiased(gb, ga, x: x, y: y)
                    if detector.isAntialiased(x: x, y: y) != plain { disagreements.append(PixelPosition(x: x, y: y)) }
                }
            }
        }
        #expect(disagreements.isEmpty)
        #expect(antialiased > 0, "the fixture should exercise the positive case")
    }
}

/// Comparing in parallel bands gives the same result as one pass.
@Suite struct BandedComparisonTests {
    @Test(arguments: [2, 3, 4, 7])
    func bandsDoNotChangeTheResult(bands: Int) {
        let width = 64, height = 45
        let palette = AntialiasingDetectorTests.palettes[0]
        let a = AntialiasingDetectorTests.patchwork(width: width, height: height, seed: 11, colours: palette)
        var b = a
        // Differences on and around band boundaries, and an anti-aliasing-prone region.
        for (x, y) in [(0, 0), (5, 14), (6, 15), (7, 22), (8, 29), (63, 44), (30, 30)] { b[x, y] = RGBA8(r: 1, g: 2, b: 3) }
        let other = AntialiasingDetectorTests.patchwork(width: width, height: height, seed: 12, colours: palette)
        for y in 20..<26 { for x in 0..<width { b[x, y] = other[x, y] } }
        for ignoreAntialiasing in [false, true] {
            let options = ComparisonOptions(ignoreAntialiasing: ignoreAntialiasing)
            let single = FrameComparator.compare(a, b, options: options, bandOverride: 1)
            let banded = FrameComparator.compare(a, b, options: options, bandOverride: bands)
            #expect(banded.differing == single.differing)
            #expect(banded.antialiased == single.antialiased)
            #expect(banded.maxDelta == single.maxDelta)
            #expect(banded.first == single.first)
            #expect(banded.marks == single.marks)
            #expect(single.differing > 0)
        }
    }

    @Test func largeFramesAreSplitAndSmallOnesAreNot() {
        #expect(FrameComparator.bandCount(width: 1024, height: 1024) == 4)
        #expect(FrameComparator.bandCount(width: 100, height: 100) == 1)
        #expect(FrameComparator.bandCount(width: 100_000, height: 8) == 1)
    }
}
