import Testing
@testable import Raster

/// The fast paths must change no pixel: each is checked against what it replaced.
@Suite("Fast rasterizer paths match the reference results exactly")
struct FastRasterizerTests {
    /// xorshift64: deterministic inputs without Foundation.
    struct Noise {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        /// Uniform in `range`.
        mutating func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }

    /// Values where rounding is delicate: ties, the doubles either side of them, signed zeros,
    /// and the magnitudes where doubles stop having fractions.
    static var awkwardValues: [Double] {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 0.49999999999999994, -0.49999999999999994, 1.5, -1.5, 2.5,
                                -2.5, 0x1p52, -0x1p52, 0x1p52 + 1, 0x1p53, 0x1p52 - 0.5, -(0x1p52 - 0.5),
                                0x1p51 + 0.5, 0x1p51 - 0.5, -(0x1p51 - 0.5), 0x1p51 - 1.5, 1e-300, -1e-300, .leastNonzeroMagnitude, 3e9, -3e9]
        for k in -300...300 {
            let tie = Double(k) + 0.5
            values += [tie, tie.nextUp, tie.nextDown, Double(k), Double(k).nextUp, Double(k).nextDown,
                       Double(k) / 1024, Double(k) / 2048]
        }
        return values
    }

    @Test func roundingHelpersAgreeWithLibm() {
        var noise = Noise(state: 0x9E37_79B9_7F4A_7C15)
        var values = Self.awkwardValues
        for scale in [1e-6, 1.0, 300.0, 1e6, 0x1p52, 1e18] {
            for _ in 0..<2000 { values.append(noise.uniform(-scale...scale)) }
        }
        for v in values {
            if abs(v) < 2e9 {
                #expect(FastRounding.roundedInt32(v) == Int32(v.rounded(.toNearestOrEven)), "roundedInt32(\(v))")
            }
            if abs(v) < 1e18 {
                #expect(FastRounding.floorInt(v) == Int(v.rounded(.down)), "floorInt(\(v))")
                #expect(FastRounding.ceilInt(v) == Int(v.rounded(.up)), "ceilInt(\(v))")
            }
            if abs(v) < 0x1p51 {
                #expect(FastRounding.floorInt(inCanvas: v) == Int(v.rounded(.down)), "floorInt(inCanvas: \(v))")
                #expect(FastRounding.ceilInt(inCanvas: v) == Int(v.rounded(.up)), "ceilInt(inCanvas: \(v))")
            }
        }
    }

    /// The cells of rows 0..<height, without the leading spare cell the reference lacks.
    static func rowCells(_ rasterizer: CoverageRasterizer) -> [Int32] {
        Array(rasterizer.cells.dropFirst(CoverageRasterizer.leadingCells))
    }

    /// Random polygons spilling over every side of the canvas, with vertices on the pixel and
    /// fixed-point grids, on the canvas sides, and tiny chords like those of flattened caps.
    @Test(arguments: [(1, 1), (7, 5), (33, 20), (74, 68), (0, 4)])
    func randomPolygonsAccumulateTheSameCells(width: Int, height: Int) {
        var noise = Noise(state: UInt64(width * 1000 + height + 1))
        var fast = CoverageRasterizer(width: width, height: height)
        var reference = LegacyCoverageRasterizer(width: width, height: height)
        for round in 0..<60 {
            fast.reset()
            reference.reset()
            for _ in 0..<4 {
                let polygon = Self.spillingPolygon(&noise, width: width, height: height, gridSteps: true)
                let angle = noise.uniform(0...6.3)
                let transform = AffineTransform.rotation(radians: angle)
                    .concatenating(.translation(x: noise.uniform(-1...1), y: noise.uniform(-1...1)))
                if round % 2 == 0 {
                    fast.addPolygon(polygon)
                    reference.addPolygon(polygon)
                } else {
                    fast.addPolygon(polygon, transform: transform)
                    reference.addPolygon(polygon.map(transform.apply))
                }
            }
            #expect(Self.rowCells(fast) == reference.cells, "round \(round)")
            #expect(fast.touchedBounds == reference.touchedBounds, "round \(round)")
        }
    }

    /// The spinner's own shapes: capsules flattened at the default tolerance, turned and placed
    /// at sub-pixel offsets, partly off the canvas.
    @Test func placedCapsulesAccumulateTheSameCells() {
        var noise = Noise(state: 42)
        var fast = CoverageRasterizer(width: 40, height: 30)
        var reference = LegacyCoverageRasterizer(width: 40, height: 30)
        for _ in 0..<200 {
            let a = Point(x: noise.uniform(-5...45), y: noise.uniform(-5...35))
            let b = a + Point(x: noise.uniform(-12...12), y: noise.uniform(-12...12))
            let path = Path.capsule(from: a, to: b, radius: noise.uniform(0.2...6))
            let polygons = path.flattened(by: .identity, tolerance: CoverageRasterizer.defaultTolerance)
            let placement = AffineTransform.rotation(radians: noise.uniform(0...6.3))
                .concatenating(.translation(x: noise.uniform(-3...3), y: noise.uniform(-3...3)))
            fast.reset()
            reference.reset()
            for polygon in polygons {
                fast.addPolygon(polygon, transform: placement)
                reference.addPolygon(polygon.map(placement.apply))
            }
            #expect(Self.rowCells(fast) == reference.cells)
            #expect(fast.touchedBounds == reference.touchedBounds)
        }
    }

    /// A rasterizer holding a few random, overlapping polygons (windings up to ±3).
    static func randomCoverage(width: Int, height: Int, seed: UInt64) -> CoverageRasterizer {
        var noise = Noise(state: seed)
        var rasterizer = CoverageRasterizer(width: width, height: height)
        for _ in 0..<5 {
            let polygon = (0..<(3 + Int(noise.next() % 9))).map { _ in
                Point(x: noise.uniform(-3...Double(width) + 3), y: noise.uniform(-3...Double(height) + 3))
            }
            rasterizer.addPolygon(polygon)
        }
        return rasterizer
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func integerCoverageLevelsMatchTheMask(seed: UInt64) {
        let rasterizer = Self.randomCoverage(width: 23, height: 17, seed: seed)
        var levels = [UInt8](repeating: 0, count: 23 * 17)
        rasterizer.forEachCoverageLevel { x, y, level in levels[y * 23 + x] = level }
        #expect(levels == rasterizer.coverageMask())
    }

    /// Compositing as it was: each covered pixel through ``Compositing/sourceOver``.
    static func referenceComposite(_ image: RGBAImage, _ color: RGBA8, _ rasterizer: CoverageRasterizer,
                                   _ space: BlendSpace) -> RGBAImage {
        var result = image
        rasterizer.forEachCoverage { x, y, c in
            let level = UInt8((c * 255).rounded())
            guard level > 0 else { return }
            result[x, y] = Compositing.sourceOver(color, coverage: level, onto: result[x, y], in: space)
        }
        return result
    }

    @Test(arguments: BlendSpace.allCases)
    func compositeMatchesPixelByPixelSourceOver(space: BlendSpace) {
        var noise = Noise(state: 7)
        for round in 0..<12 {
            // Backgrounds: solid opaque, solid translucent, and noise with every alpha.
            var image = RGBAImage(width: 23, height: 17, fill: RGBA8(r: 250, g: 240, b: 10, a: round % 2 == 0 ? 255 : 90))
            if round % 3 == 2 {
                for y in 0..<17 {
                    for x in 0..<23 {
                        let v = noise.next()
                        image[x, y] = RGBA8(r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
                                            b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
                    }
                }
            }
            let colors = [RGBA8(r: 255, g: 149, b: 0), RGBA8(r: 10, g: 20, b: 200, a: 128), .transparent]
            let color = colors[round % 3]
            let rasterizer = Self.randomCoverage(width: 23, height: 17, seed: UInt64(100 + round))
            let expected = Self.referenceComposite(image, color, rasterizer, space)
            image.composite(color, coverage: rasterizer, in: space)
            #expect(image == expected, "round \(round)")
        }
    }

    /// A random polygon spilling over every side of a `width × height` canvas: jumps anywhere,
    /// tiny chords, vertices on the canvas sides and on half-pixel rows, and, with `gridSteps`,
    /// steps to x positions on the 1/2048-pixel grid.
    static func spillingPolygon(_ noise: inout Noise, width: Int, height: Int, gridSteps: Bool) -> [Point] {
        let w = Double(width), h = Double(height)
        var polygon: [Point] = []
        var current = Point(x: noise.uniform(-0.5 * w - 2...1.5 * w + 2), y: noise.uniform(-0.5 * h - 2...1.5 * h + 2))
        for _ in 0..<(3 + Int(noise.next() % 40)) {
            var step = noise.next() % (gridSteps ? 6 : 5)
            if !gridSteps && step >= 2 { step += 1 }
            switch step {
            case 0: current = Point(x: noise.uniform(-0.5 * w - 2...1.5 * w + 2), y: noise.uniform(-0.5 * h - 2...1.5 * h + 2))
            case 1: current.x += noise.uniform(-0.08...0.08); current.y += noise.uniform(-0.08...0.08)
            case 2: current = Point(x: Double(Int(noise.next() % 4096)) / 2048 - 0.5, y: current.y)
            case 3: current = Point(x: [0, w, -0.0, w / 2][Int(noise.next() % 4)], y: noise.uniform(-2...h + 2))
            case 4: current.y = Double(Int(noise.next() % UInt64(2 * height + 4))) / 2 - 1
            default: current = Point(x: current.x + noise.uniform(-3...3), y: current.y)
            }
            polygon.append(current)
        }
        return polygon
    }

    /// Random polygons spilling over every side of a `width × height` canvas, with vertices on
    /// the canvas sides and tiny chords, as ``randomPolygonsAccumulateTheSameCells`` draws them.
    static func spillingCoverage(width: Int, height: Int, seed: UInt64) -> CoverageRasterizer {
        var noise = Noise(state: seed)
        var rasterizer = CoverageRasterizer(width: width, height: height)
        for _ in 0..<4 {
            let polygon = spillingPolygon(&noise, width: width, height: height, gridSteps: false)
            rasterizer.addPolygon(polygon, transform: .rotation(radians: noise.uniform(0...6.3)))
        }
        return rasterizer
    }

    /// The runs cover exactly the pixels and levels the per-pixel sweep visits.
    @Test(arguments: [(1, 1), (7, 5), (33, 20), (74, 68), (0, 4)])
    func coverageRunsMatchTheLevels(width: Int, height: Int) {
        for seed in UInt64(1)...40 {
            let rasterizer = Self.spillingCoverage(width: width, height: height, seed: seed)
            var levels = [UInt8](repeating: 0, count: width * height)
            rasterizer.forEachCoverageLevel { x, y, level in levels[y * width + x] = level }
            var runs = [UInt8](repeating: 0, count: width * height)
            rasterizer.forEachCoverageRun { x, y, count, level in
                for i in x..<(x + count) { runs[y * width + i] = level }
            }
            #expect(runs == levels, "seed \(seed)")
        }
    }

    /// Compositing while draining gives the same pixels, and leaves every cell zero as
    /// ``CoverageRasterizer/reset()`` does.
    @Test(arguments: [(1, 1), (7, 5), (33, 20), (74, 68), (0, 4)])
    func drainingCompositeMatchesAndEmpties(width: Int, height: Int) {
        for seed in UInt64(1)...40 {
            let rasterizer = Self.spillingCoverage(width: width, height: height, seed: seed)
            let background = RGBAImage(width: width, height: height, fill: RGBA8(r: 250, g: 240, b: 10, a: seed % 2 == 0 ? 255 : 90))
            for color in [RGBA8(r: 255, g: 149, b: 0), RGBA8(r: 10, g: 20, b: 200, a: 128)] {
                var expected = background
                expected.composite(color, coverage: rasterizer, in: .sRGB)
                var drained = background
                var copy = rasterizer
                drained.composite(color, draining: &copy, in: .sRGB)
                #expect(drained == expected, "seed \(seed)")
                #expect(copy.cells.allSatisfy { $0 == 0 }, "seed \(seed)")
                #expect(copy.touchedBounds.rows.isEmpty)
            }
        }
    }

    @Test(arguments: [(0, 5), (1, 1), (3, 3), (4, 1), (5, 7), (74, 68)])
    func filledImageHoldsTheColourInEveryPixel(width: Int, height: Int) {
        for color in [RGBA8(r: 1, g: 2, b: 3, a: 4), .transparent, .white] {
            let image = RGBAImage(width: width, height: height, fill: color)
            let expected = (0..<(width * height)).flatMap { _ in [color.r, color.g, color.b, color.a] }
            #expect(image.pixels == expected)
        }
    }
}
