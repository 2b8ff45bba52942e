import Foundation
import FoundationXML
import SpinRender
import Testing

/// An SVG document parsed by Foundation's XMLParser: every element with its attributes and
/// children, in document order.
final class SVGTree: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var children: [Int] = []
    }

    var elements: [Element] = []
    private var stack: [Int] = []
    var error: String?

    /// Parses `text`; `nil` when it is not well-formed XML.
    static func parse(_ text: String) -> SVGTree? {
        let tree = SVGTree()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = tree
        return parser.parse() && tree.error == nil ? tree : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        elements.append(Element(name: name, attributes: attributes))
        if let parent = stack.last { elements[parent].children.append(elements.count - 1) }
        stack.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) { error = "\(parseError)" }

    var root: Element { elements[0] }

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    func children(of element: Element, named name: String) -> [Element] {
        element.children.map { elements[$0] }.filter { $0.name == name }
    }
}

/// Numbers of an SVG number list or path data (`0-5.6 3,4`).
func svgNumbers(_ text: Substring) -> [Double] {
    var numbers: [Double] = [], current = ""
    func flush() { if let value = Double(current) { numbers.append(value) }; current = "" }
    for character in text {
        if character == "-" { flush(); current = "-" }
        else if character.isNumber || character == "." { current.append(character) }
        else { flush() }
    }
    flush()
    return numbers
}

/// y of the CSS/SMIL cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) at x, found by bisection.
func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0, high = 1.0
    for _ in 0..<60 {
        let mid = (low + high) / 2
        if coordinate(mid, x1, x2) < x { low = mid } else { high = mid }
    }
    return coordinate((low + high) / 2, y1, y2)
}

/// The value an `animate` / `animateTransform` gives at `seconds` of document time, as SMIL
/// (SVG 1.1 §19.2.9) computes it: the simple duration repeated, keyTimes (even spacing without
/// them), linear, spline or discrete interpolation; a later keyframe at the same key time wins.
func smilValue(_ animation: SVGTree.Element, atSeconds seconds: Double) -> [Double] {
    let a = animation.attributes
    let duration = Double(a["dur"]!.dropLast())!
    let values = a["values"]!.split(separator: ";").map { svgNumbers($0) }
    let times = a["keyTimes"].map { $0.split(separator: ";").map { Double($0)! } }
        ?? values.indices.map { Double($0) / Double(max(1, values.count - 1)) }
    var local = seconds.truncatingRemainder(dividingBy: duration) / duration
    if let plays = a["repeatCount"].flatMap(Double.init), seconds >= plays * duration { local = 1 }
    if a["repeatCount"] == nil, a["fill"] == "freeze", seconds >= duration { local = 1 }
    guard let index = times.lastIndex(where: { $0 <= local + 1e-12 }), index + 1 < values.count else { return values.last! }
    if a["calcMode"] == "discrete" { return values[index] }
    var fraction = (local - times[index]) / (times[index + 1] - times[index])
    if a["calcMode"] == "spline" {
        let spline = svgNumbers(a["keySplines"]!.split(separator: ";")[index])
        fraction = bezier(spline[0], spline[1], spline[2], spline[3], at: fraction)
    }
    return zip(values[index], values[index + 1]).map { $0 + ($1 - $0) * fraction }
}

/// The translation and rotation an element's static `translate(…)` and its additive
/// `animateTransform`s give at `seconds`.
func placement(_ tree: SVGTree, _ element: SVGTree.Element, atSeconds seconds: Double) -> (x: Double, y: Double, degrees: Double) {
    var x = 0.0, y = 0.0, degrees = 0.0
    if let transform = element.attributes["transform"], transform.hasPrefix("translate(") {
        let n = svgNumbers(transform.dropFirst("translate(".count).prefix { $0 != ")" })
        x = n[0]
        y = n.count > 1 ? n[1] : 0
    }
    for animation in tree.children(of: element, named: "animateTransform") {
        let value = smilValue(animation, atSeconds: seconds)
        switch animation.attributes["type"] {
        case "translate": (x, y) = (x + value[0], y + (value.count > 1 ? value[1] : 0))
        case "rotate": degrees += value[0]
        default: break
        }
    }
    return (x, y, degrees)
}

/// `a` and `b` as angles: equal modulo `modulus` within `tolerance`.
func sameAngle(_ a: Double, _ b: Double, modulo modulus: Double, tolerance: Double = 2e-3) -> Bool {
    let r = (a - b).truncatingRemainder(dividingBy: modulus)
    return min(abs(r), modulus - abs(r)) <= tolerance
}

@Suite("Animated SVG output")
struct SVGOutputTests {
    static func svg(_ request: RenderRequest) -> String {
        do {
            return String(decoding: try SpinRenderer.renderSVG(request).bytes, as: UTF8.self)
        } catch {
            Issue.record("\(error.message)")
            return ""
        }
    }

    static func request(_ mode: SceneMode = .explicit, scale: Double = 2, rotateAt: [Double] = [],
                        appearance: Appearance = .light) -> RenderRequest {
        var request = RenderRequest()
        request.example.mode = mode
        request.scene.scale = scale
        request.scene.layoutChanges = rotateAt
        request.scene.appearance = appearance
        request.format = .svg
        return request
    }

    @Test("the explicit spinner: eight round-capped capsules turning 360° every 2 s, in a canvas of points × scale")
    func explicitSpinner() throws {
        let request = Self.request()
        let text = Self.svg(request)
        let tree = try #require(SVGTree.parse(text))
        let symbol = RaysSymbol()
        let renderer = ViewRenderer(request.makeEngine())
        #expect(tree.root.name == "svg")
        #expect(tree.root.attributes["width"] == "\(renderer.width)" && tree.root.attributes["height"] == "\(renderer.height)")
        let box = svgNumbers(Substring(try #require(tree.root.attributes["viewBox"])))
        #expect(box == [0, 0, Double(renderer.width) / 2, Double(renderer.height) / 2])
        // White background (light appearance), then one path.
        let background = try #require(tree.all("rect").first)
        #expect(background.attributes["fill"] == "#ffffff" && background.attributes["width"] == "100%")
        let paths = tree.all("path")
        #expect(paths.count == 1)
        let path = try #require(paths.first)
        #expect(path.attributes["stroke-linecap"] == "round")
        #expect(path.attributes["fill"] == "none")
        // The documentation's .orange: iOS systemOrange (255, 149, 0).
        #expect(path.attributes["stroke"] == "#ff9500")
        #expect(abs(Double(path.attributes["stroke-width"]!)! - symbol.rayWidth) <= 5e-4)
        // Eight segments, ray i pointing i × 45° clockwise from straight up, from the inner to
        // the outer end of the centre line.
        let d = try #require(path.attributes["d"])
        #expect(d.filter { $0 == "M" }.count == 8 && d.filter { $0 == "L" }.count == 8)
        let n = svgNumbers(Substring(d))
        #expect(n.count == 32)
        for ray in 0..<8 {
            let angle = Double(ray) * Double.pi / 4
            let (dx, dy) = (sin(angle), -cos(angle))
            let segment = Array(n[(4 * ray)..<(4 * ray + 4)])
            let expected = [dx * symbol.centreLineFrom, dy * symbol.centreLineFrom, dx * symbol.centreLineTo, dy * symbol.centreLineTo]
            #expect(zip(segment, expected).allSatisfy { abs($0 - $1) <= 5e-4 }, "ray \(ray): \(segment) vs \(expected)")
        }
        // One rotation, SMIL, linear; its value at every frame time of two turns is 180°/s · t
        // (modulo the 45° between rays, which the 0.25 s simple duration relies on).
        let rotations = tree.children(of: path, named: "animateTransform")
        #expect(rotations.count == 1)
        let rotation = try #require(rotations.first)
        #expect(rotation.attributes["type"] == "rotate" && rotation.attributes["repeatCount"] == "indefinite")
        #expect(rotation.attributes["dur"] == "0.25s")
        let views = request.makeEngine()
        for frame in 0..<200 {
            let t = Double(frame) / 50
            let p = placement(tree, path, atSeconds: t)
            #expect(sameAngle(p.degrees, 180 * t, modulo: 45), "t = \(t): \(p.degrees)°")
            let centre = views.views(atSeconds: t)[0].centre
            #expect(abs(p.x - centre.x) <= 5e-4 && abs(p.y - centre.y) <= 5e-4)
        }
        #expect(!text.contains("@keyframes"))
        #expect(text.utf8.count <= 1_536, "\(text.utf8.count) bytes")
    }

    @Test("every glyph's position and angle at every frame time is the timeline's",
          arguments: [(SceneMode.implicit, [Double]()), (.preview, []), (.preview, [0.5]), (.explicit, [0.3, 1.1])])
    func keyframesFollowTheTimeline(mode: SceneMode, rotateAt: [Double]) throws {
        for appearance in [Appearance.light, .dark] {
            let request = Self.request(mode, scale: 1, rotateAt: rotateAt, appearance: appearance)
            let tree = try #require(SVGTree.parse(Self.svg(request)))
            let engine = request.makeEngine()
            let paths = tree.all("path")
            let total = Double(request.frameCount) / request.framesPerSecond
            let duration = Double(tree.all("animateTransform").first!.attributes["dur"]!.dropLast())!
            let modulus = duration < total ? 45.0 : 360.0
            for frame in 0..<request.frameCount {
                let t = Double(frame) / request.framesPerSecond
                let glyphs = engine.views(atSeconds: t)
                #expect(glyphs.count == paths.count)
                for (path, view) in zip(paths, glyphs) {
                    let p = placement(tree, path, atSeconds: t)
                    #expect(abs(p.x - view.centre.x) <= 1e-3 && abs(p.y - view.centre.y) <= 1e-3,
                            "\(mode) \(rotateAt) t = \(t): (\(p.x), \(p.y)) vs \(view.centre)")
                    #expect(sameAngle(p.degrees, view.rotationDegrees, modulo: modulus), "\(mode) t = \(t): \(p.degrees)° vs \(view.rotationDegrees)°")
                }
            }
        }
    }

    @Test("the drift after a rotation at 0.5 s is a translation sawtooth: a linear slide every 2 s, jumping back")
    func driftSawtooth() throws {
        let request = Self.request(.preview, scale: 1, rotateAt: [0.5])
        let tree = try #require(SVGTree.parse(Self.svg(request)))
        // The implicit spinner is the first glyph: it slides; the explicit one jumps at 0.5 s.
        let implicit = tree.all("path")[0], explicit = tree.all("path")[1]
        let start = placement(tree, implicit, atSeconds: 0.49), end = placement(tree, implicit, atSeconds: 2.4999)
        let jumped = placement(tree, explicit, atSeconds: 0.5), before = placement(tree, explicit, atSeconds: 0.49)
        #expect(abs(jumped.x - before.x) + abs(jumped.y - before.y) > 10)
        for t in stride(from: 0.5, to: 4.5, by: 0.1) {
            let phase = ((t - 0.5) / 2).truncatingRemainder(dividingBy: 1)
            let p = placement(tree, implicit, atSeconds: t)
            #expect(abs(p.x - (start.x + (end.x - start.x) * phase)) <= 0.01 && abs(p.y - (start.y + (end.y - start.y) * phase)) <= 0.01,
                    "t = \(t)")
        }
        #expect(abs(placement(tree, implicit, atSeconds: 2.5).x - start.x) <= 1e-3)
        // The simple duration is the whole 4.5 s animation: it does not repeat before.
        #expect(tree.all("animateTransform").allSatisfy { $0.attributes["dur"] == "4.5s" })
    }

    static let pulse = """
        import SwiftUI
        struct ContentView: View {
            @State private var on = false
            var body: some View {
                Circle().fill(Color.orange).frame(width: 20, height: 20)
                    .scaleEffect(on ? 1.5 : 0.5).opacity(on ? 1 : 0.3)
                    .padding(8)
                    .onAppear { withAnimation(.easeInOut(duration: 1).repeatForever()) { on = true } }
            }
        }
        """

    @Test("an easeInOut curve becomes keySplines: scale and opacity follow the Bézier at every frame time")
    func easedPulse() throws {
        var request = RenderRequest()
        try request.setSource(Self.pulse, fileName: "Pulse.swift", view: nil)
        let text = Self.svg(request)
        let tree = try #require(SVGTree.parse(text))
        let circle = try #require(tree.all("circle").first)
        #expect(circle.attributes["r"] == "10")
        let scale = try #require(tree.children(of: circle, named: "animateTransform").first { $0.attributes["type"] == "scale" })
        let opacity = try #require(tree.children(of: circle, named: "animate").first { $0.attributes["attributeName"] == "opacity" })
        for animation in [scale, opacity] {
            #expect(animation.attributes["calcMode"] == "spline")
            #expect(animation.attributes["keySplines"]?.contains("0.42 0 0.58 1") == true)
            #expect(animation.attributes["dur"] == "2s")
        }
        for frame in 0..<200 {
            let t = Double(frame) / 50
            // Autoreversing: forwards in even seconds, backwards in odd ones.
            let cycle = t.rounded(.down), local = t - cycle
            let progress = bezier(0.42, 0, 0.58, 1, at: cycle.truncatingRemainder(dividingBy: 2) == 0 ? local : 1 - local)
            let s = smilValue(scale, atSeconds: t), o = smilValue(opacity, atSeconds: t)
            #expect(abs(s[0] - (0.5 + progress)) <= 1e-3 && abs(s[1] - (0.5 + progress)) <= 1e-3, "t = \(t): \(s)")
            #expect(abs(o[0] - (0.3 + 0.7 * progress)) <= 1e-3, "t = \(t): \(o)")
        }
    }

    @Test("ProgressView: eight ticks whose opacity steps every 1/8 s (Flutter's alpha table)")
    func progressView() throws {
        var request = RenderRequest()
        try request.setSource("import SwiftUI\nstruct ContentView: View { var body: some View { ProgressView() } }",
                              fileName: "P.swift", view: nil)
        let tree = try #require(SVGTree.parse(Self.svg(request)))
        let ticks = tree.all("rect").filter { $0.attributes["rx"] != nil }
        #expect(ticks.count == 8)
        let alphas = [47.0, 47, 47, 47, 72, 97, 122, 147]
        for (index, tick) in ticks.enumerated() {
            #expect(index == 0 ? tick.attributes["transform"] == nil : tick.attributes["transform"] == "rotate(\(index * 45))")
            // A 20 pt indicator: r = 10, ticks from r/3 to r, r/5 wide.
            #expect(tick.attributes["y"] == "-10" && tick.attributes["height"] == "6.667" && tick.attributes["width"] == "2")
            let animation = try #require(tree.children(of: tick, named: "animate").first)
            #expect(animation.attributes["calcMode"] == "discrete")
            for step in 0..<16 {
                let t = Double(step) / 8 + 0.01
                let expected = alphas[((index - step) % 8 + 8) % 8] / 255
                #expect(abs(smilValue(animation, atSeconds: t)[0] - expected) <= 1e-3, "tick \(index) at \(t) s")
            }
        }
    }

    @Test("shapes: stroked trimmed circle, rounded rectangle, capsule and border as SVG elements")
    func shapes() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct ContentView: View {
                var body: some View {
                    VStack {
                        Circle().trim(from: 0, to: 0.25).stroke(Color.blue, lineWidth: 2).frame(width: 20, height: 20)
                        RoundedRectangle(cornerRadius: 4, style: .circular).fill(Color.red).frame(width: 30, height: 10)
                        Capsule().fill(Color.green).frame(width: 30, height: 10)
                        RoundedRectangle(cornerRadius: 4).fill(Color.blue).frame(width: 30, height: 10)
                        Ellipse().stroke(Color.black, style: StrokeStyle(lineWidth: 2, lineJoin: .round, dash: [3, 1], dashPhase: 1)).frame(width: 30, height: 10)
                    }
                    .padding(4)
                    .border(Color.gray, width: 2)
                }
            }
            """, fileName: "S.swift", view: nil)
        let tree = try #require(SVGTree.parse(Self.svg(request)))
        let circle = try #require(tree.all("circle").first)
        #expect(circle.attributes["r"] == "9" || circle.attributes["r"] == "10")
        #expect(circle.attributes["pathLength"] == "1" && circle.attributes["stroke-dasharray"] == "0.25 2")
        #expect(circle.attributes["stroke"] == "#007aff" && circle.attributes["fill"] == "none")
        let rects = tree.all("rect")
        #expect(rects.contains { $0.attributes["rx"] == "4" && $0.attributes["width"] == "30" && $0.attributes["fill"] == "#ff3b30" })
        #expect(rects.contains { $0.attributes["rx"] == "5" && $0.attributes["height"] == "10" && $0.attributes["fill"] == "#34c759" })
        // SwiftUI's default continuous corners: a path about the frame's centre starting
        // 1.52866 r from the top-left corner along the top edge (PaintCode's reach), with curves.
        let paths = tree.all("path")
        #expect(paths.contains { $0.attributes["fill"] == "#007aff" && ($0.attributes["d"] ?? "").hasPrefix("M-8.885-5") && ($0.attributes["d"] ?? "").contains("C") })
        #expect(paths.contains {
            $0.attributes["stroke-dasharray"] == "3 1" && $0.attributes["stroke-dashoffset"] == "1" && $0.attributes["stroke-linejoin"] == "round"
                && ($0.attributes["d"] ?? "").hasPrefix("M15 0")
        })
        // The border: a 2 pt stroke centred 1 pt inside the frame.
        #expect(rects.contains { $0.attributes["stroke-width"] == "2" && $0.attributes["stroke"] == "#8e8e93" && $0.attributes["x"] == "1" })
    }

    /// A `ViewThatFits` is written as the one view it shows: in a 120 × 60 frame the 200 pt
    /// wide red does not fit, so the document holds the 100 × 20 green rectangle alone, centred
    /// (moved to the frame's centre, (60, 30), its corner 50 and 10 pt before it), and no red or
    /// blue.
    @Test("ViewThatFits: only the view it shows is an element")
    func viewThatFitsWritesTheViewItShows() throws {
        var request = RenderRequest()
        request.scene.scale = 1
        request.scene.padding = 0
        try request.setSource("""
            import SwiftUI
            struct ContentView: View {
                var body: some View {
                    ViewThatFits(in: .horizontal) {
                        Rectangle().fill(Color.red).frame(width: 200, height: 20)
                        Rectangle().fill(Color.green).frame(width: 100, height: 20)
                        Rectangle().fill(Color.blue).frame(width: 50, height: 50)
                    }
                    .frame(width: 120, height: 60)
                }
            }
            """, fileName: "F.swift", view: nil)
        request.format = .svg
        let tree = try #require(SVGTree.parse(Self.svg(request)))
        #expect(tree.root.attributes["width"] == "120" && tree.root.attributes["height"] == "60")
        let rects = tree.all("rect").filter { $0.attributes["fill"] != "#ffffff" }
        #expect(rects.count == 1)
        let green = try #require(rects.first)
        #expect(green.attributes["fill"] == "#34c759")
        #expect(green.attributes["width"] == "100" && green.attributes["height"] == "20")
        #expect(green.attributes["x"] == "-50" && green.attributes["y"] == "-10" && green.attributes["transform"] == "translate(60 30)")
    }

    /// A circle's animated line width (2 → 6 pt, linear over 1 s) animates `stroke-width` (it
    /// was written constant while the GIF showed it change); a rounded rectangle whose corners
    /// animate (0 → 10 pt) is a path whose data animates, square at 0 s and round at 1 s.
    @Test("a built-in shape's animated line width and corner radius animate in the SVG")
    func lineWidthAndCornersAnimate() throws {
        var request = RenderRequest()
        try request.setSource("""
            import SwiftUI
            struct ContentView: View {
                @State private var on = false
                var body: some View {
                    VStack {
                        Circle().stroke(Color.blue, lineWidth: on ? 6 : 2).frame(width: 20, height: 20)
                        RoundedRectangle(cornerRadius: on ? 10 : 0, style: .circular).fill(Color.red).frame(width: 30, height: 20)
                    }
                    .onAppear { withAnimation(.linear(duration: 1)) { on = true } }
                }
            }
            """, fileName: "S.swift", view: nil)
        request.format = .svg
        let tree = try #require(SVGTree.parse(Self.svg(request)))
        let circle = try #require(tree.all("circle").first)
        let width = try #require(tree.children(of: circle, named: "animate").first { $0.attributes["attributeName"] == "stroke-width" })
        for (t, expected) in [(0.0, 2.0), (0.5, 4.0), (1.0, 6.0)] {
            #expect(abs(smilValue(width, atSeconds: t)[0] - expected) < 0.05, "stroke-width at \(t) s")
        }
        let corner = try #require(tree.all("path").first { $0.attributes["fill"] == "#ff3b30" })
        let d = try #require(tree.children(of: corner, named: "animate").first { $0.attributes["attributeName"] == "d" })
        let shapes = try #require(d.attributes["values"]).split(separator: ";")
        #expect(shapes.count >= 2 && !shapes.first!.contains("A") && !shapes.first!.contains("C"))
        #expect(shapes.last!.contains("A") || shapes.last!.contains("C"))
    }

    @Test("an empty trim draws nothing: no element when it stays empty, butt caps while an animated one is empty")
    func emptyTrimHasNoCapDots() throws {
        var still = RenderRequest()
        try still.setSource("""
            import SwiftUI
            struct ContentView: View {
                var body: some View {
                    Circle().trim(from: 0, to: 0).stroke(Color.blue, style: StrokeStyle(lineWidth: 10, lineCap: .round)).frame(width: 40, height: 40)
                }
            }
            """, fileName: "T.swift", view: nil)
        let empty = try #require(SVGTree.parse(Self.svg(still)))
        #expect(empty.all("circle").isEmpty && empty.all("path").isEmpty)
        var growing = RenderRequest()
        try growing.setSource("""
            import SwiftUI
            struct ContentView: View {
                @State private var p = 0.0
                var body: some View {
                    Circle().trim(from: 0, to: p).stroke(Color.blue, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                        .frame(width: 40, height: 40)
                        .onAppear { withAnimation(.linear(duration: 1).repeatForever()) { p = 1 } }
                }
            }
            """, fileName: "T.swift", view: nil)
        let tree = try #require(SVGTree.parse(Self.svg(growing)))
        let circle = try #require(tree.all("circle").first)
        #expect(circle.attributes["stroke-linecap"] == "round")
        // Empty at 0 s and 2 s (the trim grows for 1 s and shrinks back): butt there, round between.
        let caps = tree.all("animate").first { $0.attributes["attributeName"] == "stroke-linecap" }
        #expect(caps?.attributes["values"] == "butt;round;round;butt" && caps?.attributes["calcMode"] == "discrete")
    }

    @Test("byte-identical across runs and thread counts")
    func deterministic() throws {
        for mode in [SceneMode.explicit, .preview] {
            var one = Self.request(mode, rotateAt: mode == .preview ? [0.5] : [])
            one.threads = 1
            var many = one
            many.threads = 3
            let first = try SpinRenderer.renderSVG(one).bytes
            #expect(try first == SpinRenderer.renderSVG(many).bytes)
            #expect(try first == SpinRenderer.renderSVG(one).bytes)
        }
    }

    @Test("the size does not grow with --scale; the main job stays under 1.5 KB")
    func sizeIndependentOfScale() throws {
        for (mode, rotateAt) in [(SceneMode.explicit, [Double]()), (.preview, []), (.preview, [0.5])] {
            let sizes = try [1.0, 2, 3].map { try SpinRenderer.renderSVG(Self.request(mode, scale: $0, rotateAt: rotateAt)).bytes.count }
            // Only the digits of the size attributes and of the content's whole-pixel placement
            // change: a few bytes, where the GIF's pixels grow with the square of the scale.
            #expect(Double(sizes.max()! - sizes.min()!) <= 0.03 * Double(sizes.min()!), "\(mode) \(rotateAt): \(sizes)")
        }
        #expect(try SpinRenderer.renderSVG(Self.request()).bytes.count <= 1_536)
    }

    @Test("--loop and --transparent: repeatCount and fill, background rect",
          arguments: [(LoopCount.forever, "indefinite", nil), (.playOnce, "8", "freeze"), (.repeats(2), "24", "freeze")])
    func loopAndBackground(loop: LoopCount, repeatCount: String, fill: String?) throws {
        var request = Self.request()
        request.loopCount = loop
        request.scene.transparentBackground = true
        let tree = try #require(SVGTree.parse(Self.svg(request)))
        let rotation = try #require(tree.all("animateTransform").first)
        #expect(rotation.attributes["repeatCount"] == repeatCount)
        #expect(rotation.attributes["fill"] == fill)
        #expect(tree.all("rect").isEmpty)
    }

    @Test("a picture that does not repeat plays its whole length once with --loop 0")
    func notPeriodicPlaysOnce() throws {
        var request = Self.request(.preview, scale: 1, rotateAt: [0.5])
        request.loopCount = .playOnce
        let tree = try #require(SVGTree.parse(Self.svg(request)))
        let animation = try #require(tree.all("animateTransform").first)
        #expect(animation.attributes["dur"] == "4.5s" && animation.attributes["repeatCount"] == nil && animation.attributes["fill"] == "freeze")
    }

    /// What SVG cannot hold is refused at the place it is written: the error's diagnostic names
    /// the file, the line and the column of the modifier, gradient or text (the column of its
    /// name, counted by hand below), shows that line, and names the view it is drawn in; its
    /// message is the diagnostic's one line. Each source's line 5 holds the construct, in a
    /// 12-space indented chain: `.rotation3DEffect` at column 13 names the effect at column 14.
    @Test("a refusal names the view and points at the construct's line and column", arguments: [
        (".rotation3DEffect(.degrees(30), axis: (x: 0, y: 1, z: 0))", 14,
         "rotation3DEffect is a perspective projection, which SVG transforms cannot hold; render it as GIF, WebP or PNG frames"),
        (".blendMode(.plusDarker)", 14, "blendMode(.plusDarker) has no CSS mix-blend-mode; render it as GIF, WebP or PNG frames"),
        (".blur(radius: 2, opaque: true)", 14,
         "blur(radius:opaque: true) keeps the content's alpha, which SVG's feGaussianBlur cannot; render it as GIF, WebP or PNG frames"),
        (".projectionEffect(ProjectionTransform(m13: 0.001))", 14,
         "a projectionEffect with perspective cannot be written as an SVG transform; render it as GIF, WebP or PNG frames"),
        // The material: at the style given to `background`.
        (".background(.ultraThinMaterial)", 25,
         "the ultraThinMaterial blurs what is behind it, which SVG filters cannot read in an image; render it as GIF, WebP or PNG frames"),
        // The gradient: at `AngularGradient`, in the overlay (column 36).
        (".overlay(Circle().fill(AngularGradient(colors: [.red, .blue], center: .center)))", 36,
         "an AngularGradient is a conic gradient, which SVG does not have; render it as GIF, WebP or PNG frames"),
    ] as [(String, Int, String)])
    func refusalsAreLocated(modifier: String, column: Int, reason: String) throws {
        let source = """
            import SwiftUI
            struct Loader: View {
                var body: some View {
                    Rectangle().fill(Color.red).frame(width: 20, height: 20)
                        \(modifier)
                }
            }
            """
        var request = RenderRequest()
        try request.setSource(source, fileName: "Loader.swift", view: nil)
        request.format = .svg
        let error = try #require(throws: SpinRenderError.self) { try SpinRenderer.render(request) }
        #expect(error.kind == .badData)
        let diagnostic = try #require(error.diagnostic)
        #expect(diagnostic.fileName == "Loader.swift" && diagnostic.line == 5 && diagnostic.column == column)
        #expect(diagnostic.message == "the view 'Loader' cannot be written as SVG: " + reason)
        #expect(diagnostic.sourceLine == "            " + modifier)
        #expect(error.message == "Loader.swift:5:\(column): error: the view 'Loader' cannot be written as SVG: " + reason)
    }

    /// The constructs of a `Text` and of the views inside a stack are found in their own views:
    /// a colour emoji at its `Text` (line 7, column 13, in the `Dots` view), and a view in a
    /// `--view` expression at its column in the expression, under the name `--view`.
    @Test("a refusal inside a nested view, and in a --view expression")
    func refusalsInNestedViewsAndExpressions() throws {
        let source = """
            import SwiftUI
            struct Dots: View {
                var body: some View {
                    HStack {
                        Circle().frame(width: 4, height: 4)
                        Circle().frame(width: 4, height: 4)
                        Text("Done ✅")
                    }
                }
            }
            struct Loader: View {
                var body: some View { Dots().padding() }
            }
            """
        var request = RenderRequest()
        try request.setSource(source, fileName: "Loader.swift", view: "Loader")
        request.format = .svg
        let emoji = try #require(throws: SpinRenderError.self) { try SpinRenderer.render(request) }
        #expect(emoji.message == "Loader.swift:7:13: error: the view 'Dots' cannot be written as SVG: a colour emoji is a bitmap glyph, which this SVG writer does not embed; render it as GIF, WebP or PNG frames")
        #expect(emoji.diagnostic?.sourceLine == "            Text(\"Done ✅\")")
        try request.setSource(source, fileName: "Loader.swift", view: "VStack { Dots(); Circle().frame(width: 8, height: 8).blendMode(.sourceAtop) }")
        let expression = try #require(throws: SpinRenderError.self) { try SpinRenderer.render(request) }
        // The `Dots` view comes first in the tree: its emoji is refused first.
        #expect(expression.diagnostic?.fileName == "Loader.swift" && expression.diagnostic?.line == 7)
        try request.setSource(source, fileName: "Loader.swift", view: "VStack { Circle().frame(width: 8, height: 8).blendMode(.sourceAtop); Dots() }")
        let first = try #require(throws: SpinRenderError.self) { try SpinRenderer.render(request) }
        #expect(first.message == "--view:1:46: error: the view 'Circle' cannot be written as SVG: blendMode(.sourceAtop) has no CSS mix-blend-mode; render it as GIF, WebP or PNG frames")
        #expect(first.diagnostic?.sourceLine == "VStack { Circle().frame(width: 8, height: 8).blendMode(.sourceAtop); Dots() }")
    }
}
