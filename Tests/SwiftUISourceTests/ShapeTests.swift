import Glibc
import SpinRender
import Testing

/// Shapes of the file's own and the new built-in ones, rendered from Swift source and checked
/// at every pixel against an independent drawing made here: the exact area of each pixel
/// square inside the expected polygon (the polygon clipped to the square, then its shoelace
/// area), for outlines worked out in this file from their definitions.
@Suite("Shapes")
struct ShapeTests {
    typealias P = (x: Double, y: Double)

    /// The frame at `time` of a source's view, @1x, light, no padding.
    func frames(_ source: String, view: String, at times: [Double]) throws -> [RGBAImage] {
        var request = RenderRequest()
        try request.setSource(source, fileName: "Shapes.swift", view: view)
        request.scene.scale = 1
        request.scene.padding = 0
        // The drawings below are of the frame itself: a stroke half outside it (a dashed circle's)
        // would grow the default ink canvas.
        request.scene.canvas = .layout
        let renderer = ViewRenderer(request.makeEngine())
        return times.map { renderer.render(atSeconds: $0) }
    }

    /// The area of pixel (x, y) inside `polygon` (any simple polygon, either winding).
    static func area(of polygon: [P], inPixel x: Int, _ y: Int) -> Double {
        var subject = polygon
        let (x0, y0, x1, y1) = (Double(x), Double(y), Double(x + 1), Double(y + 1))
        let sides: [(P) -> Double] = [{ $0.x - x0 }, { x1 - $0.x }, { $0.y - y0 }, { y1 - $0.y }]
        for inside in sides {
            guard let last = subject.last else { return 0 }
            var output: [P] = []
            var previous = last
            for point in subject {
                let a = inside(previous), b = inside(point)
                if (a >= 0) != (b >= 0) {
                    let t = a / (a - b)
                    output.append((previous.x + (point.x - previous.x) * t, previous.y + (point.y - previous.y) * t))
                }
                if b >= 0 { output.append(point) }
                previous = point
            }
            subject = output
        }
        var sum = 0.0
        for (i, p) in subject.enumerated() {
            let q = subject[(i + 1) % subject.count]
            sum += p.x * q.y - q.x * p.y
        }
        return abs(sum) / 2
    }

    /// Every pixel of `image` against black ink of coverage `coverage(x, y)` on the light
    /// background (white): the level is 255 × (1 − coverage), within 2 levels (the
    /// rasterizer's error is under 1/255, plus 8-bit rounding).
    static func expectInk(_ image: RGBAImage, width: Int, height: Int, _ coverage: (Int, Int) -> Double,
                          sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(image.width == width && image.height == height, sourceLocation: sourceLocation)
        guard image.width == width, image.height == height else { return }
        var worst = 0.0
        var bad: (Int, Int)?
        for y in 0..<height {
            for x in 0..<width {
                let expected = 255 * (1 - min(1, coverage(x, y)))
                let pixel = image[x, y]
                let error = abs(Double(pixel.r) - expected)
                if error > worst { worst = error }
                if error > 2, bad == nil { bad = (x, y) }
                if pixel.r != pixel.g || pixel.g != pixel.b { bad = bad ?? (x, y) }
            }
        }
        #expect(bad == nil, "worst difference \(worst) levels, first at \(String(describing: bad))", sourceLocation: sourceLocation)
    }

    @Test func triangleShapeFillsItsPath() throws {
        let source = LibraryReuseTests.triangleFile
        let image = try frames(source, view: "T", at: [0])[0]
        let triangle: [P] = [(20, 0), (40, 30), (0, 30)]
        Self.expectInk(image, width: 40, height: 30) { Self.area(of: triangle, inPixel: $0, $1) }
    }

    /// A star of 5 points whose inner radius ratio and turn are its `animatableData`; the
    /// outline at each time is the one `path(in:)` draws for the interpolated pair, which is
    /// not the interpolation of the two outlines' vertices (the turn moves them on circles).
    static func star(ratio: Double, degrees: Double, centre: P, radius: Double) -> [P] {
        (0..<10).map { i in
            let angle = (Double(i) * 36 + degrees - 90) * Double.pi / 180
            let r = i % 2 == 0 ? radius : radius * ratio
            return (centre.x + r * cos(angle), centre.y + r * sin(angle))
        }
    }

    @Test func starAnimatesThroughItsAnimatableData() throws {
        let source = """
            struct Star: Shape {
                var ratio: Double
                var turn: Double
                var animatableData: AnimatablePair<Double, Double> {
                    get { AnimatablePair(ratio, turn) }
                    set {
                        ratio = newValue.first
                        turn = newValue.second
                    }
                }
                func path(in rect: CGRect) -> Path {
                    let centre = CGPoint(x: rect.midX, y: rect.midY)
                    let radius = min(rect.width, rect.height) / 2
                    var path = Path()
                    for i in 0..<10 {
                        let angle = (Double(i) * 36 + turn - 90) * Double.pi / 180
                        let r = i % 2 == 0 ? radius : radius * ratio
                        let point = CGPoint(x: centre.x + r * cos(angle), y: centre.y + r * sin(angle))
                        if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
                    }
                    path.closeSubpath()
                    return path
                }
            }
            struct S: View {
                @State private var on = false
                var body: some View {
                    Star(ratio: on ? 0.7 : 0.3, turn: on ? 72 : 0)
                        .fill(Color.black)
                        .frame(width: 48, height: 48)
                        .onAppear {
                            withAnimation(.linear(duration: 1)) { on = true }
                        }
                }
            }
            """
        let times = [0.25, 0.5, 0.75]
        let images = try frames(source, view: "S", at: times)
        for (time, image) in zip(times, images) {
            let star = Self.star(ratio: 0.3 + 0.4 * time, degrees: 72 * time, centre: (24, 24), radius: 24)
            Self.expectInk(image, width: 48, height: 48) { Self.area(of: star, inPixel: $0, $1) }
        }
    }

    /// A pentagram drawn point to point: filled non-zero it is the whole star; even-odd
    /// (`FillStyle(eoFill: true)`) leaves its inner pentagon empty.
    @Test(arguments: [false, true])
    func pentagramUnderEachFillRule(evenOdd: Bool) throws {
        let source = """
            struct Pentagram: Shape {
                func path(in rect: CGRect) -> Path {
                    Path { path in
                        for k in 0..<5 {
                            let angle = (Double(k * 144) - 90) * Double.pi / 180
                            let point = CGPoint(x: rect.midX + rect.width / 2 * cos(angle), y: rect.midY + rect.height / 2 * sin(angle))
                            if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
                        }
                        path.closeSubpath()
                    }
                }
            }
            struct P: View {
                var body: some View {
                    Pentagram().fill(Color.black, style: FillStyle(eoFill: \(evenOdd))).frame(width: 50, height: 50)
                }
            }
            """
        let image = try frames(source, view: "P", at: [0])[0]
        // The outline of the union: outer points and the crossings at the inner radius
        // R · cos 72° / cos 36°; the inner pentagon is the crossings alone.
        let inner = 25 * cos(72 * Double.pi / 180) / cos(36 * Double.pi / 180)
        let outline = Self.star(ratio: inner / 25, degrees: 0, centre: (25, 25), radius: 25)
        let pentagon = (0..<5).map { k -> P in
            let angle = (Double(k) * 72 + 36 - 90) * Double.pi / 180
            return (25 + inner * cos(angle), 25 + inner * sin(angle))
        }
        Self.expectInk(image, width: 50, height: 50) { x, y in
            Self.area(of: outline, inPixel: x, y) - (evenOdd ? Self.area(of: pentagon, inPixel: x, y) : 0)
        }
    }

    /// A point of a cubic Bézier curve.
    static func cubic(_ p0: P, _ c1: P, _ c2: P, _ p3: P, _ t: Double) -> P {
        let u = 1 - t
        return (u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p3.x,
                u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p3.y)
    }

    /// The continuous rounded rectangle written out from PaintCode's published coefficients
    /// for iOS 7's `UIBezierPath(roundedRect:cornerRadius:)` (per corner, in units of r from
    /// the corner: 1.52866483 along the edge, curves through (0.66993427, 0.06549600) and
    /// (0.63149399, 0.07491100), …), each curve sampled at 400 points.
    static func continuousRectangle(width w: Double, height h: Double, radius r: Double) -> [P] {
        let curves: [[(Double, Double)]] = [
            [(1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600)],
            [(0.63149399, 0.07491100), (0.37282392, 0.16905899), (0.16906013, 0.37282401), (0.07491176, 0.63149399)],
            [(0.06549600, 0.66993427), (0, 0.86840701), (0, 1.08849299), (0, 1.52866483)],
        ]
        // Each corner: its point, the unit vector back along the edge arrived on, the one along the next edge.
        let corners: [(P, P, P)] = [((w, 0), (-1, 0), (0, 1)), ((w, h), (0, -1), (-1, 0)), ((0, h), (1, 0), (0, -1)), ((0, 0), (0, 1), (1, 0))]
        var points: [P] = []
        for (corner, u, v) in corners {
            func map(_ p: (Double, Double)) -> P { (corner.x + (u.x * p.0 + v.x * p.1) * r, corner.y + (u.y * p.0 + v.y * p.1) * r) }
            for curve in curves {
                for i in 0...100 {
                    points.append(cubic(map(curve[0]), map(curve[1]), map(curve[2]), map(curve[3]), Double(i) / 100))
                }
            }
        }
        return points
    }

    @Test func continuousCornersFollowThePublishedCurve() throws {
        let source = """
            struct R: View {
                var body: some View {
                    RoundedRectangle(cornerRadius: 12, style: .continuous).fill(Color.black).frame(width: 64, height: 40)
                }
            }
            """
        let image = try frames(source, view: "R", at: [0])[0]
        let outline = Self.continuousRectangle(width: 64, height: 40, radius: 12)
        Self.expectInk(image, width: 64, height: 40) { Self.area(of: outline, inPixel: $0, $1) }
        // And SwiftUI's default style is the continuous one: the same pixels.
        let plain = try frames(source.replacing(", style: .continuous", with: ""), view: "R", at: [0])[0]
        #expect(plain == image)
    }

    /// The dashes of a horizontal line 4 pt wide, pattern [10, 5], as rectangles: the pattern
    /// started `phase` into it.
    static func dashes(phase: Double, length: Double, y: Double) -> [[P]] {
        var rectangles: [[P]] = []
        var x = -phase.truncatingRemainder(dividingBy: 15)
        while x < length {
            let a = max(0, x), b = min(length, x + 10)
            if b > a { rectangles.append([(a, y - 2), (b, y - 2), (b, y + 2), (a, y + 2)]) }
            x += 15
        }
        return rectangles
    }

    @Test func marchingAntsMoveTheirDashPhase() throws {
        let source = """
            struct Ants: View {
                @State private var phase: CGFloat = 0
                var body: some View {
                    Path { path in
                        path.move(to: CGPoint(x: 0, y: 10))
                        path.addLine(to: CGPoint(x: 100, y: 10))
                    }
                    .stroke(Color.black, style: StrokeStyle(lineWidth: 4, dash: [10, 5], dashPhase: phase))
                    .frame(width: 100, height: 20)
                    .onAppear {
                        withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { phase = 15 }
                    }
                }
            }
            """
        let times = [0.0, 0.2, 0.7]
        let images = try frames(source, view: "Ants", at: times)
        for (time, image) in zip(times, images) {
            let rectangles = Self.dashes(phase: 15 * time, length: 100, y: 10)
            Self.expectInk(image, width: 100, height: 20) { x, y in rectangles.reduce(0) { $0 + Self.area(of: $1, inPixel: x, y) } }
        }
    }

    /// `Path.applying(_:)` with each way of making a `CGAffineTransform`: the path's points
    /// mapped by it (scale, then translation, as `translatedBy` composes).
    @Test func aPathAppliesAnAffineTransform() throws {
        let source = """
            struct Moved: View {
                let scale = CGAffineTransform(scaleX: 2, y: 3)
                var body: some View {
                    Path(CGRect(x: 1, y: 1, width: 10, height: 5))
                        .applying(scale.translatedBy(x: 1, y: 0).concatenating(CGAffineTransform(translationX: 0, y: 0.5)))
                        .fill(Color.black)
                        .frame(width: 30, height: 20)
                }
            }
            """
        let image = try frames(source, view: "Moved", at: [0])[0]
        // (1, 1)…(11, 6) moved by 1 in x, scaled (2, 3), then moved by 0.5 in y.
        let rectangle: [P] = [(4, 3.5), (24, 3.5), (24, 18.5), (4, 18.5)]
        Self.expectInk(image, width: 30, height: 20) { x, y in Self.area(of: rectangle, inPixel: x, y) }
    }

    /// A shape whose `animatableData` holds four numbers (nested pairs) is drawn from its stored
    /// values, at every pixel as its `path(in:)` says; only animating them is out of reach.
    @Test func aShapeWithFourAnimatableNumbersIsDrawn() throws {
        let source = """
            struct Box: Shape {
                var x = 2.0, y = 3.0, w = 10.0, h = 5.0
                var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
                    get { AnimatablePair(AnimatablePair(x, y), AnimatablePair(w, h)) }
                    set { x = newValue.first.first; y = newValue.first.second; w = newValue.second.first; h = newValue.second.second }
                }
                func path(in rect: CGRect) -> Path { Path(CGRect(x: x, y: y, width: w, height: h)) }
            }
            struct Boxed: View {
                var body: some View { Box(x: 4.5).fill(Color.black).frame(width: 20, height: 10) }
            }
            """
        let image = try frames(source, view: "Boxed", at: [0])[0]
        let rectangle: [P] = [(4.5, 3), (14.5, 3), (14.5, 8), (4.5, 8)]
        Self.expectInk(image, width: 20, height: 10) { x, y in Self.area(of: rectangle, inPixel: x, y) }
    }

    /// A pattern far finer than a pixel (millions of dashes along the line) is drawn in bounded
    /// time, and covers each pixel as its dashes do on average: a quarter, for dashes a quarter
    /// of the cycle long.
    @Test func aDashPatternFinerThanAPixelCoversItsOnFraction() throws {
        let source = """
            struct Fine: View {
                var body: some View {
                    Path { path in
                        path.move(to: CGPoint(x: 0, y: 10))
                        path.addLine(to: CGPoint(x: 100, y: 10))
                    }
                    .stroke(Color.black, style: StrokeStyle(lineWidth: 4, dash: [0.00001, 0.00003]))
                    .frame(width: 100, height: 20)
                }
            }
            """
        let clock = ContinuousClock()
        let start = clock.now
        let image = try frames(source, view: "Fine", at: [0])[0]
        #expect(clock.now - start < .seconds(10))
        Self.expectInk(image, width: 100, height: 20) { x, y in y >= 8 && y < 12 ? 0.25 : 0 }
    }

    @Test func strokeWidthAnimates() throws {
        let source = """
            struct W: View {
                @State private var wide = false
                var body: some View {
                    Rectangle()
                        .stroke(Color.black, lineWidth: wide ? 10 : 2)
                        .frame(width: 30, height: 20)
                        .padding(6)
                        .onAppear {
                            withAnimation(.linear(duration: 1)) { wide = true }
                        }
                }
            }
            """
        let times = [0.0, 0.5, 1.0]
        let images = try frames(source, view: "W", at: times)
        for (time, image) in zip(times, images) {
            let half = (2 + 8 * time) / 2
            let outer: [P] = [(6 - half, 6 - half), (36 + half, 6 - half), (36 + half, 26 + half), (6 - half, 26 + half)]
            let inner: [P] = [(6 + half, 6 + half), (36 - half, 6 + half), (36 - half, 26 - half), (6 + half, 26 - half)]
            Self.expectInk(image, width: 42, height: 32) { x, y in Self.area(of: outer, inPixel: x, y) - Self.area(of: inner, inPixel: x, y) }
        }
    }

    /// The fraction of pixel (x, y) inside `contains`, from 16 × 16 samples; off from the
    /// exact area by at most 1/32 per edge crossing the pixel (two at a corner).
    static func supersampled(_ x: Int, _ y: Int, _ contains: (Double, Double) -> Bool) -> Double {
        var inside = 0
        for j in 0..<16 {
            for i in 0..<16 where contains(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16) { inside += 1 }
        }
        return Double(inside) / 256
    }

    /// Every pixel against a supersampled region, within 2/32 + 1/255 of coverage.
    static func expectSupersampled(_ image: RGBAImage, width: Int, height: Int, _ contains: (Double, Double) -> Bool,
                                   sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(image.width == width && image.height == height, sourceLocation: sourceLocation)
        guard image.width == width, image.height == height else { return }
        var bad: (Int, Int)?
        for y in 0..<height {
            for x in 0..<width {
                let expected = 255 * (1 - supersampled(x, y, contains))
                if abs(Double(image[x, y].r) - expected) > 255 * (2.0 / 32 + 1.0 / 255), bad == nil { bad = (x, y) }
            }
        }
        #expect(bad == nil, "first pixel off at \(String(describing: bad))", sourceLocation: sourceLocation)
    }

    /// A dashed circle: the dashes are arcs of the circle from 3 o'clock clockwise, as long
    /// along it as the pattern says, with butt ends (radial cuts).
    @Test func dashedCircleFollowsItsArcLength() throws {
        let source = """
            struct D: View {
                var body: some View {
                    Circle().stroke(Color.black, style: StrokeStyle(lineWidth: 6, dash: [10, 6], dashPhase: 4)).frame(width: 60, height: 60)
                }
            }
            """
        let image = try frames(source, view: "D", at: [0])[0]
        Self.expectSupersampled(image, width: 60, height: 60) { x, y in
            let (dx, dy) = (x - 30, y - 30)
            guard abs((dx * dx + dy * dy).squareRoot() - 30) <= 3 else { return false }
            var angle = atan2(dy, dx)
            if angle < 0 { angle += 2 * Double.pi }
            return (angle * 30 + 4).truncatingRemainder(dividingBy: 16) < 10
        }
    }

    /// A shape of the file's own whose path is an open arc's stroke (`strokedPath`), filled:
    /// every point within half the line width of the arc (three quarters of a turn from
    /// 3 o'clock, clockwise on screen) or of its ends (round caps).
    @Test func strokedPathIsTheOutlineOfTheStroke() throws {
        let source = """
            struct Hook: Shape {
                func path(in rect: CGRect) -> Path {
                    var arc = Path()
                    arc.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: 24,
                               startAngle: .degrees(0), endAngle: .degrees(270), clockwise: false)
                    return arc.strokedPath(StrokeStyle(lineWidth: 6, lineCap: .round))
                }
            }
            struct H: View {
                var body: some View { Hook().fill(Color.black).frame(width: 60, height: 60) }
            }
            """
        let image = try frames(source, view: "H", at: [0])[0]
        Self.expectSupersampled(image, width: 60, height: 60) { x, y in
            let (dx, dy) = (x - 30, y - 30)
            func near(_ px: Double, _ py: Double) -> Bool { (x - px) * (x - px) + (y - py) * (y - py) <= 9 }
            if near(54, 30) || near(30, 6) { return true }
            guard abs((dx * dx + dy * dy).squareRoot() - 24) <= 3 else { return false }
            var angle = atan2(dy, dx)
            if angle < 0 { angle += 2 * Double.pi }
            return angle <= 1.5 * Double.pi
        }
    }

    /// A rectangle stroked with round joins: every point within half the line width of its
    /// outline (rounded outer corners, sharp inner ones).
    @Test func roundJoinsRoundTheOuterCorners() throws {
        let source = """
            struct J: View {
                var body: some View {
                    Rectangle().stroke(Color.black, style: StrokeStyle(lineWidth: 8, lineJoin: .round)).frame(width: 30, height: 20).padding(6)
                }
            }
            """
        let image = try frames(source, view: "J", at: [0])[0]
        Self.expectSupersampled(image, width: 42, height: 32) { x, y in
            // Distance to the rectangle 6…36 × 6…26's outline.
            let inside = x > 6 && x < 36 && y > 6 && y < 26
            let distance: Double
            if inside {
                distance = min(x - 6, 36 - x, y - 6, 26 - y)
            } else {
                let cx = min(max(x, 6), 36), cy = min(max(y, 6), 26)
                distance = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
            }
            return distance <= 4
        }
    }

    /// `rotation(_:)` and `offset(x:y:)` on a shape animate (`RotatedShape` and `OffsetShape`
    /// are animatable): the rectangle turned about its frame's centre by the interpolated angle.
    @Test func shapeModifiersAnimate() throws {
        let source = """
            struct R: View {
                @State private var on = false
                var body: some View {
                    Rectangle()
                        .rotation(.degrees(on ? 90 : 0))
                        .offset(x: on ? 8 : 0)
                        .fill(Color.black)
                        .frame(width: 40, height: 16)
                        .padding(12)
                        .onAppear {
                            withAnimation(.linear(duration: 1)) { on = true }
                        }
                }
            }
            """
        let times = [0.0, 0.25, 0.5]
        let images = try frames(source, view: "R", at: times)
        for (time, image) in zip(times, images) {
            let angle = 90 * time * Double.pi / 180, shift = 8 * time
            let corners: [P] = [(-20, -8), (20, -8), (20, 8), (-20, 8)].map { p in
                (32 + shift + p.0 * cos(angle) - p.1 * sin(angle), 20 + p.0 * sin(angle) + p.1 * cos(angle))
            }
            Self.expectInk(image, width: 64, height: 40) { Self.area(of: corners, inPixel: $0, $1) }
        }
    }
}
