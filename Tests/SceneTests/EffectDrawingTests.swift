import Glibc
import Motion
import Raster
import Scene
import Testing

/// The drawing effects against drawings made here at every pixel: Gaussians convolved in the
/// test (sampled, normalised, untruncated), colour matrices from the SVG specification's
/// `feColorMatrix` definitions, masks from their rectangles, the blend modes' W3C formulas,
/// and the 3D projection from Core Animation's 4 × 4 matrices multiplied out here.
@Suite("Drawing effects match independent drawings")
struct EffectDrawingTests {
    /// A filled rectangle of `width × height` points in `colour`.
    static func rectangle(_ width: Double, _ height: Double, _ colour: ColorValue) -> ViewNode {
        .modified(.shape(ShapeView(kind: .rectangle, paint: .fill(colour))), .frame(width: width, height: height, alignment: .center))
    }

    static let red = ColorValue.rgb(red: 1, green: 0, blue: 0, opacity: 1)
    static let blue = ColorValue.rgb(red: 0, green: 0, blue: 1, opacity: 1)

    /// The frame at `time` of `root` on a white canvas with `margin` points around it.
    static func render(_ root: ViewNode, scale: Double = 2, margin: Double = 8, atSeconds time: Double = 0,
                       changes: [ViewChange] = []) -> RGBAImage {
        var output = SceneConfiguration()
        output.scale = scale
        output.padding = margin
        output.background = .white
        return ViewRenderer(ViewEngine(script: ViewScript(initial: root, changes: changes), output: output)).render(atSeconds: time)
    }

    /// The sampled Gaussian of standard deviation `sigma`, normalised over ±10σ.
    static func gaussian(_ sigma: Double) -> (Int) -> Double {
        let reach = Int(10 * sigma)
        let total = (-reach...reach).reduce(0.0) { $0 + exp(-Double($1 * $1) / (2 * sigma * sigma)) }
        return { d in exp(-Double(d * d) / (2 * sigma * sigma)) / total }
    }

    /// The Gaussian blur, at pixel `p`, of the indicator of pixels `range` (one axis).
    static func blurred(_ p: Int, _ range: Range<Int>, _ g: (Int) -> Double) -> Double {
        range.reduce(0.0) { $0 + g(p - $1) }
    }

    /// The largest difference between two images' channels, in 8-bit levels.
    static func maximumDifference(_ image: RGBAImage, _ expected: (Int, Int) -> [Double]) -> Double {
        var worst = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y], e = expected(x, y)
                let got = [Double(p.r), Double(p.g), Double(p.b), Double(p.a)]
                for k in 0..<4 { worst = max(worst, abs(got[k] - e[k])) }
            }
        }
        return worst
    }

    @Test("shadow(color:radius:x:y:) is a Gaussian of standard deviation radius under the view",
          arguments: [(3.0, 2.0, 1.0, 2.0), (8.0, -3.0, 4.0, 2.0), (20.0, 0.0, 5.0, 1.0)])
    func shadowIsAGaussian(radius: Double, dx: Double, dy: Double, scale: Double) {
        // A 20 pt red square with a half-black shadow, the margin wide enough for the shadow.
        let side = 20.0, margin = (3.5 * radius + 8).rounded(.up)
        let root = ViewNode.modified(Self.rectangle(side, side, Self.red),
                                     .effect(.shadow(color: .rgb(red: 0, green: 0, blue: 0, opacity: 0.5), radius: radius, x: dx, y: dy)))
        let image = Self.render(root, scale: scale, margin: margin)
        let lo = Int(margin * scale), hi = Int((margin + side) * scale)
        let g = Self.gaussian(radius * scale)
        let sx = Int(dx * scale), sy = Int(dy * scale)
        let columns = (0..<image.width).map { Self.blurred($0 - sx, lo..<hi, g) }
        let rows = (0..<image.height).map { Self.blurred($0 - sy, lo..<hi, g) }
        let worst = Self.maximumDifference(image) { x, y in
            if (lo..<hi).contains(x) && (lo..<hi).contains(y) { return [255, 0, 0, 255] }
            let a = 0.5 * columns[x] * rows[y]
            return [255 * (1 - a), 255 * (1 - a), 255 * (1 - a), 255]
        }
        #expect(worst <= 2, "largest difference \(worst) levels")
    }

    @Test("blur(radius:) blurs colour and coverage by a Gaussian of standard deviation radius", arguments: [2.0, 12.0])
    func blurIsAGaussian(radius: Double) {
        let side = 16.0, margin = (3.5 * radius + 4).rounded(.up), scale = 2.0
        let image = Self.render(.modified(Self.rectangle(side, side, Self.blue), .effect(.blur(radius: radius, opaque: false))),
                                scale: scale, margin: margin)
        let lo = Int(margin * scale), hi = Int((margin + side) * scale)
        let g = Self.gaussian(radius * scale)
        let columns = (0..<image.width).map { Self.blurred($0, lo..<hi, g) }
        let rows = (0..<image.height).map { Self.blurred($0, lo..<hi, g) }
        let worst = Self.maximumDifference(image) { x, y in
            let a = columns[x] * rows[y]
            // Blue at coverage a over white.
            return [255 * (1 - a), 255 * (1 - a), 255, 255]
        }
        #expect(worst <= 2, "largest difference \(worst) levels")
    }

    @Test func maskKeepsTheContentWhereTheMaskIsOpaque() {
        // A 20 pt square masked by a 10 × 6 pt rectangle at its top-leading corner, and one
        // masked by a half-transparent rectangle (the mask's alpha scales the content).
        let mask = ViewNode.modified(.shape(ShapeView(kind: .rectangle, paint: .fill(.rgb(red: 0, green: 1, blue: 0, opacity: 1)))),
                                     .frame(width: 10, height: 6, alignment: .center))
        let scale = 2.0, margin = 8.0
        let image = Self.render(.modified(Self.rectangle(20, 20, Self.red), .effect(.mask(mask, alignment: Alignment(horizontal: 0, vertical: 0)))),
                                scale: scale, margin: margin)
        let x0 = Int(margin * scale), y0 = x0
        let worst = Self.maximumDifference(image) { x, y in
            let inside = (x0..<(x0 + 20)).contains(x) && (y0..<(y0 + 12)).contains(y)
            return inside ? [255, 0, 0, 255] : [255, 255, 255, 255]
        }
        #expect(worst == 0)
        let faint = ViewNode.modified(.shape(ShapeView(kind: .rectangle, paint: .fill(.rgb(red: 0, green: 0, blue: 0, opacity: 0.5)))),
                                      .frame(width: 20, height: 20, alignment: .center))
        let half = Self.render(.modified(Self.rectangle(20, 20, Self.red), .effect(.mask(faint, alignment: .center))), scale: scale, margin: margin)
        let halfWorst = Self.maximumDifference(half) { x, y in
            let inside = (x0..<(x0 + 40)).contains(x) && (y0..<(y0 + 40)).contains(y)
            return inside ? [255, 127.5, 127.5, 255] : [255, 255, 255, 255]
        }
        #expect(halfWorst <= 1)
    }

    /// An empty mask (a clear view, an unknown symbol's empty image) has no opaque pixel: the
    /// content is hidden, and the layout keeps its frame.
    @Test func anEmptyMaskHidesTheContent() {
        let scale = 2.0, margin = 8.0
        let empty = ViewNode.modified(.empty, .frame(width: 20, height: 20, alignment: .center))
        let image = Self.render(.modified(Self.rectangle(20, 20, Self.red), .effect(.mask(empty, alignment: .center))),
                                scale: scale, margin: margin)
        #expect(image.width == Int((20 + 2 * margin) * scale) && image.height == image.width)
        #expect(Self.maximumDifference(image) { _, _ in [255, 255, 255, 255] } == 0)
        // Beside it, an unmasked square still draws: only the masked content goes.
        let pair = ViewNode.stack(.horizontal, alignment: .center, spacing: 0, children: [
            .modified(Self.rectangle(20, 20, Self.red), .effect(.mask(empty, alignment: .center))),
            Self.rectangle(20, 20, Self.blue),
        ])
        let both = Self.render(pair, scale: scale, margin: margin)
        let x0 = Int(margin * scale), y0 = x0
        #expect(Self.maximumDifference(both) { x, y in
            let blue = (x0 + 40..<(x0 + 80)).contains(x) && (y0..<(y0 + 40)).contains(y)
            return blue ? [0, 0, 255, 255] : [255, 255, 255, 255]
        } == 0)
    }

    @Test func cornerRadiusClipsToARoundedRectangle() {
        // cornerRadius(6) on a 20 pt square: the coverage of the rounded square, counted on a
        // 32 × 32 grid per pixel where a corner arc crosses it.
        let scale = 2.0, margin = 4.0, side = 20.0, radius = 6.0
        let clip = ViewNode.modified(.shape(ShapeView(kind: .roundedRectangle(cornerRadius: radius), paint: .fill(.fixed(.black)))),
                                     .frame(width: side, height: side, alignment: .center))
        let image = Self.render(.modified(Self.rectangle(side, side, Self.blue), .effect(.mask(clip, alignment: .center))),
                                scale: scale, margin: margin)
        let lo = margin * scale, hi = (margin + side) * scale, r = radius * scale
        func inside(_ x: Double, _ y: Double) -> Bool {
            guard x >= lo, x <= hi, y >= lo, y <= hi else { return false }
            let cx = min(max(x, lo + r), hi - r), cy = min(max(y, lo + r), hi - r)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        }
        let n = 32
        let worst = Self.maximumDifference(image) { x, y in
            var count = 0
            for j in 0..<n {
                for i in 0..<n where inside(Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n)) {
                    count += 1
                }
            }
            let a = Double(count) / Double(n * n)
            return [255 * (1 - a), 255 * (1 - a), 255, 255]
        }
        #expect(worst <= 3, "largest difference \(worst) levels")
    }

    /// The SVG specification's `feColorMatrix` definitions (Filter Effects Module Level 1,
    /// §9.6), written out here: `saturate`, `hueRotate` and `luminanceToAlpha`.
    static func svgSaturate(_ s: Double) -> [[Double]] {
        [[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
         [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
         [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]]
    }

    static func svgHueRotate(_ degrees: Double) -> [[Double]] {
        let c = cos(degrees * Double.pi / 180), s = sin(degrees * Double.pi / 180)
        return [[0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
                [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
                [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072]]
    }

    @Test("colour effects are their matrices on the straight colour",
          arguments: [ColourEffect.brightness(0.2), .contrast(0.5), .contrast(-1), .saturation(0.3), .grayscale(1), .hueRotation(90),
                      .colorMultiply(.rgb(red: 0.5, green: 1, blue: 0.25, opacity: 1)), .colorInvert, .luminanceToAlpha])
    func colourEffect(_ effect: ColourEffect) {
        // An orange square on white; the effect acts on the square's layer only.
        let colour = [1.0, 0.6, 0.2]
        let root = ViewNode.modified(Self.rectangle(10, 10, .rgb(red: colour[0], green: colour[1], blue: colour[2], opacity: 1)),
                                     .effect(.colour(effect)))
        let image = Self.render(root, scale: 1, margin: 4)
        func multiply(_ m: [[Double]]) -> [Double] { m.map { row in zip(row, colour).reduce(0) { $0 + $1.0 * $1.1 } } }
        var rgb: [Double]
        var alpha = 1.0
        switch effect {
        case let .brightness(a): rgb = colour.map { $0 + a }
        case let .contrast(a): rgb = colour.map { ($0 - 0.5) * a + 0.5 }
        case let .saturation(s): rgb = multiply(Self.svgSaturate(s))
        case let .grayscale(g): rgb = multiply(Self.svgSaturate(1 - g))
        case let .hueRotation(d): rgb = multiply(Self.svgHueRotate(d))
        case .colorMultiply: rgb = [colour[0] * 0.5, colour[1], colour[2] * 0.25]
        case .colorInvert: rgb = colour.map { 1 - $0 }
        case .luminanceToAlpha:
            rgb = [0, 0, 0]
            alpha = 0.2125 * colour[0] + 0.7154 * colour[1] + 0.0721 * colour[2]
        }
        let inside = rgb.map { min(1, max(0, $0)) }.map { 255 * (alpha * $0 + (1 - alpha)) }
        let worst = Self.maximumDifference(image) { x, y in
            (4..<14).contains(x) && (4..<14).contains(y) ? inside + [255] : [255, 255, 255, 255]
        }
        #expect(worst <= 1, "\(effect): largest difference \(worst) levels")
    }

    @Test func blendModeMixesWithWhatIsBehind() {
        // A red square half over a blue one, on white: multiply makes the overlap black and
        // leaves red over white, screen makes magenta and white, difference magenta and cyan.
        let cases: [(BlendMode, [Double], [Double])] = [(.multiply, [0, 0, 0], [255, 0, 0]), (.screen, [255, 0, 255], [255, 255, 255]),
                                                        (.difference, [255, 0, 255], [0, 255, 255])]
        for (mode, overlap, overWhite) in cases {
            let top = ViewNode.modified(.modified(Self.rectangle(10, 10, Self.red), .effect(.blendMode(mode))), .offset(x: 5, y: 0))
            let root = ViewNode.stack(.depth, alignment: .center, spacing: nil, children: [Self.rectangle(10, 10, Self.blue), top])
            let image = Self.render(root, scale: 1, margin: 4)
            let worst = Self.maximumDifference(image) { x, y in
                guard (4..<14).contains(y) else { return [255, 255, 255, 255] }
                if (9..<14).contains(x) { return overlap + [255] }
                if (4..<9).contains(x) { return [0, 0, 255, 255] }
                if (14..<19).contains(x) { return overWhite + [255] }
                return [255, 255, 255, 255]
            }
            #expect(worst == 0, "\(mode): largest difference \(worst)")
        }
    }

    @Test func shadowsOfSeparateViewsFallOnEachOtherUnlessGrouped() {
        // SwiftUI applies a shadow to each view inside (as opacity): the front square's shadow
        // darkens the back one. In a compositingGroup, only the union casts one.
        let shadow = DrawingEffect.shadow(color: .rgb(red: 0, green: 0, blue: 0, opacity: 1), radius: 0, x: 2, y: 0)
        let pair = ViewNode.stack(.horizontal, alignment: .center, spacing: 0,
                                  children: [Self.rectangle(10, 10, Self.blue), Self.rectangle(10, 10, Self.red)])
        let separate = Self.render(.modified(pair, .effect(shadow)), scale: 1, margin: 4)
        let grouped = Self.render(.modified(.modified(pair, .effect(.compositingGroup)), .effect(shadow)), scale: 1, margin: 4)
        // Just right of the blue square's edge, the red square is drawn over blue's shadow; the
        // red's own shadow falls outside at x 24…25.
        #expect(separate[14, 8] == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(separate[24, 8] == RGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(grouped[24, 8] == RGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(grouped[3, 8] == RGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    /// Core Animation's 4 × 4 transforms (row vectors), multiplied out here.
    typealias Matrix4 = [[Double]]
    static func multiply(_ a: Matrix4, _ b: Matrix4) -> Matrix4 {
        var product: Matrix4 = Array(repeating: Array(repeating: 0.0, count: 4), count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a[i][k] * b[k][j] }
                product[i][j] = sum
            }
        }
        return product
    }
    static func translate(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]
    }
    /// `CATransform3DMakeRotation(angle, x, y, z)`, axis normalised, as a row-vector matrix.
    static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        let l = (x * x + y * y + z * z).squareRoot()
        let (x, y, z) = (x / l, y / l, z / l), c = cos(angle), s = sin(angle), t = 1 - c
        return [[t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0],
                [t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0],
                [t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0],
                [0, 0, 0, 1]]
    }

    /// Where SwiftUI's `rotation3DEffect` puts a point of a `w × h` frame: T(−a)·R·P·T(a) with
    /// P's `m34 = −perspective / max(w, h)`, the point (x, y, 0, 1), divided by w.
    static func projected(_ x: Double, _ y: Double, degrees: Double, axis: (Double, Double, Double), anchor: (Double, Double),
                          anchorZ: Double, perspective: Double, w: Double, h: Double) -> (Double, Double) {
        var p = translate(0, 0, 0)
        p[2][3] = -perspective / max(w, h)
        let m = multiply(multiply(multiply(translate(-anchor.0, -anchor.1, -anchorZ),
                                           rotation(degrees * Double.pi / 180, axis.0, axis.1, axis.2)), p),
                         translate(anchor.0, anchor.1, anchorZ))
        let v = [x, y, 0, 1]
        let out = (0..<4).map { j in (0..<4).reduce(0) { $0 + v[$1] * m[$1][j] } }
        return (out[0] / out[3], out[1] / out[3])
    }

    @Test("rotation3DEffect projects as Core Animation's matrices do", arguments: [
        (45.0, (0.0, 1.0, 0.0), 1.0, 0.0), (-30, (1, 0, 0), 1, 0), (60, (1, 1, 0), 0.5, 5), (20, (0, 0, 1), 1, 0),
    ])
    func rotation3DCorners(degrees: Double, axis: (Double, Double, Double), perspective: Double, anchorZ: Double) {
        let w = 30.0, h = 20.0
        let local = Projection.rotation3D(degrees: degrees, axis: Axis3D(x: axis.0, y: axis.1, z: axis.2), anchorX: w / 2, anchorY: h / 2,
                                          anchorZ: anchorZ, perspective: perspective, width: w, height: h)
        for (x, y) in [(0.0, 0.0), (w, 0), (0, h), (w, h), (7, 3)] {
            let expected = Self.projected(x, y, degrees: degrees, axis: axis, anchor: (w / 2, h / 2), anchorZ: anchorZ,
                                          perspective: perspective, w: w, h: h)
            let got = local.apply(x: x, y: y)!
            #expect(abs(got.x - expected.0) < 1e-9 && abs(got.y - expected.1) < 1e-9, "(\(x), \(y)) → \(got), expected \(expected)")
        }
    }

    @Test func rotation3DDrawsTheProjectedQuadrilateral() {
        // A 30 × 20 pt red rectangle turned 45° about y, at 2 px per point: every pixel more
        // than 0.75 px inside the projected corners is red, every pixel more than 0.75 px
        // outside is the white canvas, and the corners of the ink lie within 0.5 px of the
        // projected ones (measured on the ink's bounding box).
        let w = 30.0, h = 20.0, scale = 2.0, margin = 10.0
        let root = ViewNode.modified(Self.rectangle(w, h, Self.red),
                                     .effect(.rotation3D(degrees: 45, axis: Axis3D(x: 0, y: 1, z: 0), anchor: .center, anchorZ: 0, perspective: 1)))
        let image = Self.render(root, scale: scale, margin: margin)
        let corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { corner -> (Double, Double) in
            let p = Self.projected(corner.0, corner.1, degrees: 45, axis: (0, 1, 0), anchor: (w / 2, h / 2), anchorZ: 0, perspective: 1, w: w, h: h)
            return ((p.0 + margin) * scale, (p.1 + margin) * scale)
        }
        // Signed distance to the convex quadrilateral (negative inside), edges clockwise.
        func distance(_ x: Double, _ y: Double) -> Double {
            var d = -Double.infinity
            for i in 0..<4 {
                let (ax, ay) = corners[i], (bx, by) = corners[(i + 1) % 4]
                // The outward normal of a clockwise edge on a y-down canvas.
                let nx = by - ay, ny = ax - bx, l = (nx * nx + ny * ny).squareRoot()
                d = max(d, ((x - ax) * nx + (y - ay) * ny) / l)
            }
            return d
        }
        var wrong = 0
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width {
                let d = distance(Double(x) + 0.5, Double(y) + 0.5), p = image[x, y]
                if d < -0.75 && !(p.r == 255 && p.g <= 2 && p.b <= 2) { wrong += 1 }
                if d > 0.75 && p != RGBA8(r: 255, g: 255, b: 255, a: 255) { wrong += 1 }
                if p.g < 128 {  // at least half covered
                    minX = min(minX, x)
                    maxX = max(maxX, x + 1)
                    minY = min(minY, y)
                    maxY = max(maxY, y + 1)
                }
            }
        }
        #expect(wrong == 0)
        let box = (corners.map(\.0).min()!, corners.map(\.0).max()!, corners.map(\.1).min()!, corners.map(\.1).max()!)
        #expect(abs(Double(minX) - box.0) <= 1 && abs(Double(maxX) - box.1) <= 1)
        #expect(abs(Double(minY) - box.2) <= 1 && abs(Double(maxY) - box.3) <= 1)
    }

    @Test func shadowRadiusAnimatesOnItsTrack() {
        // The radius animates linearly from 0 to 6 pt over 1 s: at 0.5 s the shadow is the
        // Gaussian of 3 pt.
        func tree(_ radius: Double) -> ViewNode {
            .modified(Self.rectangle(10, 10, Self.red), .effect(.shadow(color: .rgb(red: 0, green: 0, blue: 0, opacity: 1), radius: radius, x: 0, y: 0)))
        }
        let change = ViewChange(timeSeconds: 0, transaction: Transaction(animation: .linear(duration: 1)), root: tree(6))
        let animated = Self.render(tree(0), scale: 1, margin: 12, atSeconds: 0.5, changes: [change])
        let still = Self.render(tree(3), scale: 1, margin: 12)
        #expect(animated == still)
    }

    @Test("a material blurs what is behind it and tints it", arguments: [Material.ultraThin, .thick])
    func materialBlursTheBackdrop(_ material: Material) {
        // Red and blue halves behind a 20 × 10 pt material rectangle, on white, at 1 px per
        // point: inside the rectangle, the backdrop averaged with Gaussian weights over the
        // canvas (the blur's standard deviation the material's radius), then the tint over it.
        let halves = ViewNode.stack(.horizontal, alignment: .center, spacing: 0,
                                    children: [Self.rectangle(20, 40, Self.red), Self.rectangle(20, 40, Self.blue)])
        let glass = ViewNode.modified(.modified(.shape(ShapeView(kind: .rectangle, paint: .fill(.fixed(.black)))),
                                                .frame(width: 20, height: 10, alignment: .center)), .effect(.material(material)))
        let margin = 6.0
        let image = Self.render(.stack(.depth, alignment: .center, spacing: nil, children: [halves, glass]), scale: 1, margin: margin)
        let width = image.width, height = image.height
        func backdrop(_ x: Int, _ y: Int) -> [Double] {
            guard (6..<46).contains(y), (6..<46).contains(x) else { return [255, 255, 255] }
            return x < 26 ? [255, 0, 0] : [0, 0, 255]
        }
        let g = Self.gaussian(material.blurRadius)
        let tint = material.tint(dark: false)
        let ta = Double(tint.a) / 255
        let worst = Self.maximumDifference(image) { x, y in
            guard (16..<36).contains(x), (21..<31).contains(y) else { return backdrop(x, y) + [255] }
            var sum = [0.0, 0.0, 0.0], total = 0.0
            for j in 0..<height {
                for i in 0..<width {
                    let w = g(x - i) * g(y - j)
                    let c = backdrop(i, j)
                    for k in 0..<3 { sum[k] += w * c[k] }
                    total += w
                }
            }
            let blurred = sum.map { $0 / total }
            let tinted = (0..<3).map { k in blurred[k] * (1 - ta) + [Double(tint.r), Double(tint.g), Double(tint.b)][k] * ta }
            return tinted + [255]
        }
        #expect(worst <= 2, "largest difference \(worst) levels")
    }

    @Test func svgWritesShadowsAsFiltersAndRefusesPerspective() {
        var output = SceneConfiguration()
        output.background = .white
        let shadowed = ViewNode.modified(Self.rectangle(10, 10, Self.red), .effect(.shadow(color: .rgb(red: 0, green: 0, blue: 0, opacity: 0.5), radius: 3, x: 1, y: 2)))
        let renderer = ViewRenderer(ViewEngine(script: ViewScript(initial: shadowed), output: output))
        let svg = renderer.animatedSVG(SVGTimeline(durationSeconds: 1, plays: nil, framesPerSecond: 10)) ?? ""
        #expect(svg.contains("<feDropShadow stdDeviation=\"3\" dx=\"1\" dy=\"2\" flood-color=\"#000000\" flood-opacity=\"0.502\">"))
        #expect(svg.contains("filter=\"url(#"))
        #expect(renderer.engine.svgRefusal == nil)
        let turned = ViewNode.modified(Self.rectangle(10, 10, Self.red), .effect(.rotation3D(degrees: 30, axis: Axis3D(x: 0, y: 1, z: 0), anchor: .center, anchorZ: 0, perspective: 1)))
        let engine = ViewEngine(script: ViewScript(initial: turned), output: output)
        #expect(engine.svgRefusal?.reason.hasPrefix("rotation3DEffect is a perspective projection") == true)
        // Built without a source, the tree carries no place: the refusal names the view drawn.
        #expect(engine.svgRefusal?.view == "Rectangle" && engine.svgRefusal?.mark == nil)
    }
}
