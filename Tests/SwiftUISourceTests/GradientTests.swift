import Glibc
import SpinRender
import Testing

/// Gradient shape styles: the parameter geometry worked out by hand, the trees the reader
/// makes of SwiftUI's initialisers, and rendered frames checked at every pixel against the
/// gradient computed here from its definition.
@Suite("Gradients")
struct GradientTests {
    let blackToWhite = [GradientPaint.Stop(color: .fixed(.black), location: 0), GradientPaint.Stop(color: .fixed(.white), location: 1)]

    @Test func parameterGeometry() {
        let down = GradientPaint(geometry: .linear(start: UnitPoint(x: 0.5, y: 0), end: UnitPoint(x: 0.5, y: 1)), stops: blackToWhite)
        // A 10 × 20 frame: y = 5 is a quarter of the way down, whatever x.
        #expect(down.parameter(atX: 0, y: 5, width: 10, height: 20) == 0.25)
        #expect(down.parameter(atX: 9, y: 5, width: 10, height: 20) == 0.25)
        // Diagonal from the top-leading corner to the bottom-trailing one of a 10 × 10 frame:
        // (10, 0) projects onto the middle of the diagonal.
        let diagonal = GradientPaint(geometry: .linear(start: UnitPoint(x: 0, y: 0), end: UnitPoint(x: 1, y: 1)), stops: blackToWhite)
        #expect(abs(diagonal.parameter(atX: 10, y: 0, width: 10, height: 10) - 0.5) < 1e-12)
        // Around the centre, clockwise on screen from the trailing direction.
        let around = GradientPaint(geometry: .angular(center: UnitPoint(x: 0.5, y: 0.5), startDegrees: 0, endDegrees: 360), stops: blackToWhite)
        #expect(around.parameter(atX: 20, y: 10, width: 20, height: 20) == 0)
        #expect(abs(around.parameter(atX: 10, y: 20, width: 20, height: 20) - 0.25) < 1e-12)
        #expect(abs(around.parameter(atX: 0, y: 10, width: 20, height: 20) - 0.5) < 1e-12)
        #expect(abs(around.parameter(atX: 10, y: 0, width: 20, height: 20) - 0.75) < 1e-12)
        // A half turn from 0° to 180°: the upper half is the missing sector, the last colour
        // up to its middle (270°) and the first after.
        let half = GradientPaint(geometry: .angular(center: UnitPoint(x: 0.5, y: 0.5), startDegrees: 0, endDegrees: 180), stops: blackToWhite)
        #expect(abs(half.parameter(atX: 10, y: 20, width: 20, height: 20) - 0.5) < 1e-12)
        #expect(half.parameter(atX: 1, y: 5, width: 20, height: 20) == 1)    // about 211°
        #expect(half.parameter(atX: 19, y: 5, width: 20, height: 20) == 0)   // about 329°
        let radial = GradientPaint(geometry: .radial(center: UnitPoint(x: 0.5, y: 0.5), startRadius: 2, endRadius: 6), stops: blackToWhite)
        #expect(radial.parameter(atX: 10 + 3, y: 10 + 4, width: 20, height: 20) == 0.75)   // distance 5
    }

    func root(_ body: String) throws -> ViewNode {
        let text = "struct G: View {\n    var body: some View {\n        \(body)\n    }\n}\n"
        let program = try SwiftProgram(parsing: text, fileName: "G.swift")
        guard case let .custom(_, node) = try program.script(view: "G").initial else { return .empty }
        return node
    }

    @Test func initialisersMakeTheDocumentedGradients() throws {
        let colours: [ColorValue] = [.system("white"), .system("blue")]
        let centre = UnitPoint(x: 0.5, y: 0.5)
        #expect(try root("Circle().stroke(AngularGradient(gradient: Gradient(colors: [.white, .blue]), center: .center), lineWidth: 4)")
            == .shape(ShapeView(kind: .circle, paint: .stroke(nil, StrokeStyle(lineWidth: 4)),
                                gradient: GradientPaint(geometry: .angular(center: centre, startDegrees: 0, endDegrees: 360), colors: colours))))
        #expect(try root("Circle().fill(AngularGradient(colors: [.white, .blue], center: .center, angle: .degrees(90)))")
            == .shape(ShapeView(kind: .circle,
                                gradient: GradientPaint(geometry: .angular(center: centre, startDegrees: 90, endDegrees: 450), colors: colours))))
        #expect(try root("Rectangle().fill(.linearGradient(colors: [.white, .blue], startPoint: .top, endPoint: .bottom))")
            == .shape(ShapeView(kind: .rectangle, gradient: GradientPaint(
                geometry: .linear(start: UnitPoint(x: 0.5, y: 0), end: UnitPoint(x: 0.5, y: 1)), colors: colours))))
        let stops = "Gradient(stops: [Gradient.Stop(color: .blue, location: 0.8), .init(color: .white, location: 0.2)])"
        #expect(try root("Circle().fill(RadialGradient(gradient: \(stops), center: .center, startRadius: 1, endRadius: 9))")
            == .shape(ShapeView(kind: .circle, gradient: GradientPaint(
                geometry: .radial(center: centre, startRadius: 1, endRadius: 9),
                stops: [.init(color: .system("white"), location: 0.2), .init(color: .system("blue"), location: 0.8)]))))
    }

    @Test(arguments: [
        ("Circle().fill(LinearGradient(gradient: [Color.red], startPoint: .top, endPoint: .bottom))", 48,
         "cannot convert value of type '[Color]' to expected argument type 'Gradient'"),
        ("Circle().fill(LinearGradient(gradient: [.red], startPoint: .top, endPoint: .bottom))", 48,
         "cannot convert value of type '[Color]' to expected argument type 'Gradient'"),
        ("Circle().fill(LinearGradient(gradient: [.top], startPoint: .top, endPoint: .bottom))", 49,
         "cannot infer the type of '.top' here: write the type, e.g. 'Alignment.top'"),
        ("Circle().fill(LinearGradient(colors: [], startPoint: .top, endPoint: .bottom))", 46, "expected a non-empty array of colours"),
        ("Circle().fill(LinearGradient(colors: [.red], startPoint: .top))", 23, "missing argument for parameter 'endPoint' in call"),
        ("Circle().fill(RadialGradient(colors: [.red], center: .center, startRadius: -1, endRadius: 3))", 84,
         "'startRadius' must be between 0 and 10000"),
        ("Circle().fill(LinearGradient(stops: [.init(color: .red, location: 2000)], startPoint: .top, endPoint: .bottom))", 75,
         "'location' must be between -1000 and 1000"),
        ("Circle().tint(.linearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))", 23,
         "a gradient is drawn as a shape's fill or stroke here, e.g. 'Circle().fill(LinearGradient(…))'"),
    ])
    func mistakesAreNamed(body: String, column: Int, message: String) throws {
        let program = try SwiftProgram(parsing: "struct G: View {\n    var body: some View {\n        \(body)\n    }\n}\n", fileName: "G.swift")
        let error = #expect(throws: SwiftUISourceError.self) { try program.script(view: "G") }
        guard case let .source(diagnostic) = error else { return }
        #expect(diagnostic.message == message)
        #expect(diagnostic.line == 3 && diagnostic.column == column, "\(diagnostic.line):\(diagnostic.column)")
    }

    /// The frame of one source view at t = 0, @1x, light, opaque, with no padding around it.
    func frame(_ body: String) throws -> RGBAImage {
        var request = RenderRequest()
        try request.setSource("struct G: View {\n    var body: some View {\n        \(body)\n    }\n}\n", fileName: "G.swift", view: "G")
        request.scene.scale = 1
        request.scene.padding = 0
        return ViewRenderer(request.makeEngine()).render(atSeconds: 0)
    }

    /// A 40 × 8 rectangle, black at its leading edge to white at its trailing one: pixel
    /// column x is 255 × (x + ½) / 40, rounded, in every row; a whole-pixel frame covers
    /// every pixel fully, so nothing is blended with the background.
    @Test func linearFillEveryPixel() throws {
        let image = try frame("Rectangle().fill(LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing)).frame(width: 40, height: 8)")
        #expect(image.width == 40 && image.height == 8)
        for y in 0..<8 {
            for x in 0..<40 {
                let level = UInt8((255 * (Double(x) + 0.5) / 40).rounded())
                #expect(image[x, y] == RGBA8(r: level, g: level, b: level), "(\(x), \(y))")
            }
        }
    }

    /// A 24 × 24 square filled with red to blue around its centre: each pixel is the mix at
    /// its centre's angle, clockwise from the trailing direction, worked out here with atan2.
    @Test func angularFillEveryPixel() throws {
        let image = try frame("Rectangle().fill(AngularGradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)], center: .center)).frame(width: 24, height: 24)")
        #expect(image.width == 24 && image.height == 24)
        var mismatches = 0
        for y in 0..<24 {
            for x in 0..<24 {
                let dy: Double = Double(y) + 0.5 - 12, dx: Double = Double(x) + 0.5 - 12
                var degrees: Double = atan2(dy, dx) * 180 / Double.pi
                if degrees < 0 { degrees += 360 }
                let t = degrees / 360
                let expected = RGBA8(r: UInt8((255 * (1 - t)).rounded()), g: 0, b: UInt8((255 * t).rounded()))
                if image[x, y] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// The view's opacity multiplies the gradient's alpha, as it does a colour's: 0.5 is alpha
    /// 128 of 255 (127.5 rounded), so black over light mode's white background is
    /// 255 × (255 − 128) / 255 = 127 at every pixel, as a black fill at that opacity is.
    @Test func opacityScalesTheGradient() throws {
        let image = try frame("Rectangle().fill(LinearGradient(colors: [.black, .black], startPoint: .top, endPoint: .bottom)).frame(width: 6, height: 6).opacity(0.5)")
        let solid = try frame("Rectangle().fill(Color.black).frame(width: 6, height: 6).opacity(0.5)")
        for y in 0..<6 {
            for x in 0..<6 {
                #expect(image[x, y] == RGBA8(r: 127, g: 127, b: 127), "(\(x), \(y))")
                #expect(solid[x, y] == image[x, y])
            }
        }
    }

    /// Stops beyond 0…1 lie before the start or after the end: black at −1 and white at 1
    /// across a 40-point rectangle make pixel column x the ramp's value at t = (x + ½) / 40,
    /// 255 × (t + 1) / 2, from half-grey at the leading edge to white at the trailing one.
    @Test func locationsBeyondTheEnds() throws {
        let image = try frame("Rectangle().fill(LinearGradient(stops: [.init(color: .black, location: -1), .init(color: .white, location: 1)], startPoint: .leading, endPoint: .trailing)).frame(width: 40, height: 8)")
        var mismatches: [String] = []
        for y in 0..<8 {
            for x in 0..<40 {
                let t = (Double(x) + 0.5) / 40
                let level = UInt8((255 * (t + 1) / 2).rounded())
                if image[x, y] != RGBA8(r: level, g: level, b: level) { mismatches.append("(\(x), \(y)) \(image[x, y])") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Frames of `G`, a view whose `phase` goes from 0 to 1 linearly over 1 s when it appears,
    /// with `fill` as the fill of a 40 × 8 rectangle (@1x, light, no padding).
    func animatedFrames(_ fill: String, at times: [Double]) throws -> [RGBAImage] {
        let source = """
            struct G: View {
                @State private var phase: CGFloat = 0
                var body: some View {
                    Rectangle()
                        .fill(\(fill))
                        .frame(width: 40, height: 8)
                        .onAppear { withAnimation(.linear(duration: 1)) { phase = 1 } }
                }
            }
            """
        var request = RenderRequest()
        try request.setSource(source, fileName: "G.swift", view: "G")
        request.scene.scale = 1
        request.scene.padding = 0
        let renderer = ViewRenderer(request.makeEngine())
        return times.map { renderer.render(atSeconds: $0) }
    }

    /// Every pixel of a 40 × 8 frame against `level(t)`, grey at the gradient parameter
    /// t = (x + ½) / 40 of its column.
    func expectColumns(_ image: RGBAImage, _ level: (Double) -> Double, _ label: String) {
        var mismatches: [String] = []
        for y in 0..<8 {
            for x in 0..<40 {
                let value = UInt8(min(255, max(0, level((Double(x) + 0.5) / 40)).rounded()))
                if image[x, y] != RGBA8(r: value, g: value, b: value) { mismatches.append("(\(x), \(y)) \(image[x, y]) not \(value)") }
            }
        }
        #expect(mismatches.isEmpty, "\(label): \(mismatches.prefix(5))")
    }

    /// A shimmer's stops slide: black at phase − 1 and white at phase. Under the animation the
    /// stops move with it, so at 0.25 s the ramp runs from black at −0.75 to white at 0.25
    /// (white beyond), and at 1 s it spans the frame; unanimated, the gradient would snap.
    @Test func stopLocationsAnimate() throws {
        let frames = try animatedFrames("LinearGradient(stops: [.init(color: .black, location: phase - 1), .init(color: .white, location: phase)], startPoint: .leading, endPoint: .trailing)",
                                        at: [0, 0.25, 0.5, 1])
        for (image, phase) in zip(frames, [0, 0.25, 0.5, 1.0]) {
            expectColumns(image, { t in t >= phase ? 255 : 255 * (t - (phase - 1)) }, "phase \(phase)")
        }
    }

    /// The start point moves from the leading edge to the middle: at 0.5 s it is at x = 0.25,
    /// so the ramp is black up to a quarter of the width and reaches white at the trailing edge.
    @Test func startPointAnimates() throws {
        let frames = try animatedFrames("LinearGradient(colors: [.black, .white], startPoint: UnitPoint(x: phase / 2, y: 0.5), endPoint: .trailing)",
                                        at: [0.5, 1])
        for (image, start) in zip(frames, [0.25, 0.5]) {
            expectColumns(image, { t in 255 * (t - start) / (1 - start) }, "start \(start)")
        }
    }

    /// A stop's colour animates as a colour does, channel by channel: the trailing stop goes
    /// from black to white, 127.5 (128 as a byte) half-way, and the ramp mixes towards it.
    @Test func stopColoursAnimate() throws {
        let frames = try animatedFrames("LinearGradient(colors: [.black, Color(white: phase)], startPoint: .leading, endPoint: .trailing)",
                                        at: [0.5, 1])
        for (image, end) in zip(frames, [128.0, 255]) {
            expectColumns(image, { t in (end * t).rounded() }, "end \(end)")
        }
    }

    /// A change of the number of stops is not a change of their values: it takes effect at
    /// once, even under an animation. From the change at 0 s on, every frame is the final
    /// three-stop gradient.
    @Test func aChangeOfStopCountSnaps() throws {
        let frames = try animatedFrames("LinearGradient(colors: phase < 1 ? [.black, .white] : [.white, .black, .white], startPoint: .leading, endPoint: .trailing)",
                                        at: [0, 0.5])
        for (image, time) in zip(frames, [0, 0.5]) {
            expectColumns(image, { t in 255 * abs(1 - 2 * t) }, "three stops at \(time) s")
        }
    }

    /// SVG clamps stop offsets to 0…1, so stops beyond them stretch the gradient's line over
    /// their span instead: black at −1 and white at 1 across a 40-point frame (−20…20 about
    /// its centre) run from x = −20 − 40 = −60 to 20, with a stop of the ramp's colour at each end.
    @Test func svgStopsBeyondTheEnds() throws {
        var request = RenderRequest()
        try request.setSource("struct G: View {\n    var body: some View {\n        Rectangle().fill(LinearGradient(stops: [.init(color: .black, location: -1), .init(color: .white, location: 1)], startPoint: .leading, endPoint: .trailing)).frame(width: 40, height: 8)\n    }\n}\n", fileName: "G.swift", view: "G")
        request.format = .svg
        let svg = String(decoding: try SpinRenderer.render(request).bytes, as: UTF8.self)
        #expect(svg.contains("<linearGradient id=\"g0\" gradientUnits=\"userSpaceOnUse\" x1=\"-60\" y1=\"0\" x2=\"20\" y2=\"0\"><stop offset=\"0\" stop-color=\"#000000\"/><stop offset=\"0\" stop-color=\"#000000\"/><stop offset=\"1\" stop-color=\"#ffffff\"/><stop offset=\"1\" stop-color=\"#ffffff\"/></linearGradient>"), "\(svg)")
    }

    /// In SVG a linear gradient is a `linearGradient` in the shape's own user space (its frame
    /// about the origin: −20…20 × −4…4 points here), stops as written; an angular one has no SVG
    /// element and the render says so, at the `AngularGradient` (line 3, column 23).
    @Test func svgGradientsAndTheAngularRefusal() throws {
        var request = RenderRequest()
        try request.setSource("struct G: View {\n    var body: some View {\n        Rectangle().fill(LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing)).frame(width: 40, height: 8)\n    }\n}\n", fileName: "G.swift", view: "G")
        request.format = .svg
        let svg = String(decoding: try SpinRenderer.render(request).bytes, as: UTF8.self)
        #expect(svg.contains("<linearGradient id=\"g0\" gradientUnits=\"userSpaceOnUse\" x1=\"-20\" y1=\"0\" x2=\"20\" y2=\"0\"><stop offset=\"0\" stop-color=\"#000000\"/><stop offset=\"1\" stop-color=\"#ffffff\"/></linearGradient>"), "\(svg)")
        #expect(svg.contains("fill=\"url(#g0)\""))
        try request.setSource("struct G: View {\n    var body: some View {\n        Circle().fill(AngularGradient(colors: [.black, .white], center: .center)).frame(width: 8, height: 8)\n    }\n}\n", fileName: "G.swift", view: "G")
        #expect(throws: SpinRenderError.self) { try SpinRenderer.render(request) }
        do {
            _ = try SpinRenderer.render(request)
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message == "G.swift:3:23: error: the view 'G' cannot be written as SVG: an AngularGradient is a conic gradient, which SVG does not have; render it as GIF, WebP or PNG frames")
            #expect(error.diagnostic?.sourceLine == "        Circle().fill(AngularGradient(colors: [.black, .white], center: .center)).frame(width: 8, height: 8)")
        }
        request.format = .gif
        #expect(throws: Never.self) { try SpinRenderer.render(request) }
    }
}
