import Raster
import Scene
import SpinRender
import SwiftUISource
import Testing

/// iOS 17's static members of `Shape` (`.rect(cornerRadius:)`, `.circle`, `.capsule` …), as
/// placeholders and cards clip with them: each reads into the shape of the initialiser it
/// names, with that initialiser's defaults, and a clipped frame is drawn at every pixel as the
/// shape's area worked out here.
@Suite struct ShapeShorthandTests {
    func root(_ body: String) throws -> ViewNode {
        let source = """
        import SwiftUI
        struct Card: View {
            var body: some View {
                \(body)
            }
        }
        """
        return try SwiftProgram(parsing: source, fileName: "Card.swift").script(view: "Card").initial
    }

    /// The shape the card's outermost `clipShape` clips to.
    func clip(_ shape: String) throws -> ShapeKind? {
        guard case let .custom(_, .modified(_, .effect(.mask(.shape(mask), alignment: _), _))) =
                try root("Color.red.frame(width: 40, height: 20).clipShape(\(shape))") else { return nil }
        return mask.kind
    }

    @Test func eachShorthandIsTheShapeItNames() throws {
        let cases: [(String, ShapeKind)] = [
            (".rect", .rectangle),
            (".rect(cornerRadius: 4)", .styledRectangle(CornerRadii(width: 4, height: 4), .continuous)),
            (".rect(cornerRadius: 6, style: .circular)", .roundedRectangle(cornerRadius: 6)),
            (".rect(cornerSize: CGSize(width: 3, height: 5))", .styledRectangle(CornerRadii(width: 3, height: 5), .continuous)),
            (".rect(topLeadingRadius: 2, bottomTrailingRadius: 7)",
             .styledRectangle(CornerRadii(topLeading: (2, 2), bottomLeading: (0, 0), bottomTrailing: (7, 7), topTrailing: (0, 0)), .continuous)),
            (".rect(cornerRadii: RectangleCornerRadii(topLeading: 1, topTrailing: 9), style: .circular)",
             .styledRectangle(CornerRadii(topLeading: (1, 1), bottomLeading: (0, 0), bottomTrailing: (0, 0), topTrailing: (9, 9)), .circular)),
            (".circle", .circle),
            (".capsule", .capsule),
            (".capsule(style: .continuous)", .continuousCapsule),
            (".ellipse", .ellipse),
            (".containerRelative", .rectangle),
        ]
        for (shape, expected) in cases {
            #expect(try clip(shape) == expected, "\(shape)")
        }
    }

    /// `AnyShape` (iOS 16) is the shape it wraps: the same tree as the shape written alone, as
    /// a view and as a clip, for a library shape and one of the file's own.
    @Test func anyShapeIsTheShapeItWraps() throws {
        #expect(try root("AnyShape(RoundedRectangle(cornerRadius: 8)).fill(Color.gray).frame(width: 120, height: 16)")
                == root("RoundedRectangle(cornerRadius: 8).fill(Color.gray).frame(width: 120, height: 16)"))
        #expect(try clip("AnyShape(Capsule())") == .capsule)
        #expect(try clip("AnyShape(.rect(cornerRadius: 4))") == .styledRectangle(CornerRadii(width: 4, height: 4), .continuous))
        let own = """
        import SwiftUI
        struct Wedge: Shape {
            func path(in rect: CGRect) -> Path { Path { p in p.move(to: .zero); p.addLine(to: CGPoint(x: rect.maxX, y: 0)); p.addLine(to: CGPoint(x: 0, y: rect.maxY)) } }
        }
        struct Card: View {
            var body: some View { VIEW.frame(width: 20, height: 10) }
        }
        """
        func tree(_ view: String) throws -> ViewNode {
            try SwiftProgram(parsing: own.replacingOccurrences(of: "VIEW", with: view), fileName: "Card.swift").script(view: "Card").initial
        }
        #expect(try tree("AnyShape(Wedge())") == tree("Wedge()"))
        // A transition of text content is refused by name, whatever transition is written.
        for transition in [".numericText()", ".numericText(countsDown: true)", ".numericText(value: 3)", ".interpolate", ".opacity", ".identity"] {
            do {
                _ = try root("Text(\"40%\").contentTransition(\(transition))")
                Issue.record("\(transition) accepted")
            } catch {
                #expect("\(error)".contains("'contentTransition' is not supported"), "\(transition): \(error)")
            }
        }
    }

    @Test func theShorthandsAreShapesWhereverAShapeIsExpected() throws {
        guard case let .custom(_, .modified(_, modifier)) = try root("Text(\"a\").background(Color.blue, in: .capsule)") else {
            Issue.record("no modifier")
            return
        }
        #expect(modifier == .background(.shape(ShapeView(kind: .capsule, paint: .fill(.system("blue"))))))
    }

    @Test func aWrongLabelIsReportedAsTheInitialisersIs() throws {
        let error = #expect(throws: SwiftUISourceError.self) { try root("Color.red.clipShape(.rect(radius: 4))") }
        guard case let .source(diagnostic)? = error else { return }
        #expect(diagnostic.line == 4)
        #expect(diagnostic.message.contains("radius"), "\(diagnostic.message)")
    }

    /// The frame of one source view at t = 0, @1x, light, with no padding around it.
    func frame(_ body: String) throws -> RGBAImage {
        var request = RenderRequest()
        try request.setSource("struct G: View {\n    var body: some View {\n        \(body)\n    }\n}\n", fileName: "G.swift", view: "G")
        request.scene.scale = 1
        request.scene.padding = 0
        return ViewRenderer(request.makeEngine()).render(atSeconds: 0)
    }

    /// The share of pixel (x, y) inside `inside`, from 32 × 32 samples at the centres of its
    /// sub-squares.
    func coverage(_ x: Int, _ y: Int, _ inside: (Double, Double) -> Bool) -> Double {
        let n = 32
        var count = 0
        for j in 0..<n {
            for i in 0..<n where inside(Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n)) {
                count += 1
            }
        }
        return Double(count) / Double(n * n)
    }

    /// Black clipped to the shape over light mode's white background: each pixel's level is
    /// 255 × (1 − coverage), within 4 levels (the sampled area's own error is under 1/32 of a
    /// pixel along an edge), and exactly black or white where the pixel is wholly in or out.
    func expectClipped(_ image: RGBAImage, width: Int, height: Int, _ inside: (Double, Double) -> Bool) {
        #expect(image.width == width && image.height == height)
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = coverage(x, y, inside)
                let level = Int((255 * (1 - c)).rounded())
                let pixel = image[x, y]
                #expect(pixel.r == pixel.g && pixel.g == pixel.b, "(\(x), \(y))")
                if c == 1 || c == 0 { #expect(Int(pixel.r) == level, "(\(x), \(y))") }
                worst = max(worst, abs(Int(pixel.r) - level))
            }
        }
        #expect(worst <= 4, "worst \(worst)")
    }

    /// `.circle` in a 30 × 20 frame: the circle of radius 10 about (15, 10).
    @Test func aCircleClipsEveryPixel() throws {
        let image = try frame("Color.black.frame(width: 30, height: 20).clipShape(.circle)")
        // The ink of the circle, 20 wide, centred in the 30-wide frame: the canvas is the frame.
        expectClipped(image, width: 30, height: 20) { x, y in (x - 15) * (x - 15) + (y - 10) * (y - 10) <= 100 }
    }

    /// `.capsule` in a 32 × 12 frame: the rectangle 6 … 26 × 0 … 12 and the two half-discs of
    /// radius 6 about (6, 6) and (26, 6).
    @Test func aCapsuleClipsEveryPixel() throws {
        let image = try frame("Color.black.frame(width: 32, height: 12).clipShape(.capsule)")
        expectClipped(image, width: 32, height: 12) { x, y in
            let cx = min(max(x, 6), 26)
            return (x - cx) * (x - cx) + (y - 6) * (y - 6) <= 36
        }
    }

    /// `.rect(cornerRadius: 5, style: .circular)` on a 24 × 16 frame: quarter circles of
    /// radius 5 in each corner, straight sides between.
    @Test func aCircularCorneredRectClipsEveryPixel() throws {
        let image = try frame("Color.black.frame(width: 24, height: 16).clipShape(.rect(cornerRadius: 5, style: .circular))")
        expectClipped(image, width: 24, height: 16) { x, y in
            let cx = min(max(x, 5), 19), cy = min(max(y, 5), 11)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= 25
        }
    }
}
