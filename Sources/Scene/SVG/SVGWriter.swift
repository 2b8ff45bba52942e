import Glibc
import Motion
import Raster
import Typography

/// Writes one document; see ``ViewRenderer/animatedSVG(_:)``.
struct SVGWriter {
    let renderer: ViewRenderer
    let engine: ViewEngine
    let duration: Double
    let fps: Double
    /// The animation time at document time 0 (``SVGTimeline/startSeconds``): every engine
    /// query is made at `offset + t`.
    let offset: Double
    /// ` dur="…" repeatCount="…"` (and `fill="freeze"` when finite).
    let timing: String
    let breakpoints: [Double]
    let curves: [UnitCurve]
    var text = ""
    /// Gradients written so far: the next one's id is `g` and this number.
    var gradientCount = 0

    init(renderer: ViewRenderer, timeline: SVGTimeline) {
        self.renderer = renderer
        engine = renderer.engine
        duration = timeline.durationSeconds
        fps = timeline.framesPerSecond
        offset = timeline.startSeconds
        var timing = " dur=\"\(SVGText.number(duration, decimals: 6))s\""
        if let plays = timeline.plays {
            if plays > 1 { timing += " repeatCount=\"\(plays)\"" }
            timing += " fill=\"freeze\""
        } else {
            timing += " repeatCount=\"indefinite\""
        }
        self.timing = timing
        (breakpoints, curves) = SVGWriter.pieces(engine, duration: duration, framesPerSecond: fps, offset: offset)
    }

    /// Where curves may start or end within the duration (in document time: engine time less
    /// `offset`), and the Bézier curves the scene uses (linear first).
    static func pieces(_ engine: ViewEngine, duration: Double, framesPerSecond: Double, offset: Double = 0) -> ([Double], [UnitCurve]) {
        var times: Set<Double> = [0, duration]
        var curves: [UnitCurve] = [.linear]
        let limit = Int(duration * framesPerSecond) * 4 + 64
        var runBoundaries: [Double] = []
        // Takes an engine time.
        func add(_ t: Double) { if t - offset > 0 && t - offset < duration { times.insert(t - offset) } }
        let segments = (engine.numbers + engine.points + engine.colours).flatMap(\.segments)
        for segment in segments {
            add(segment.startSeconds)
            guard let animation = segment.animation else { continue }
            if case let .curve(curve, _) = animation.base, !curves.contains(curve) { curves.append(curve) }
            let first = segment.startSeconds + animation.delaySeconds
            add(first)
            if let settle = animation.settleSeconds { add(segment.startSeconds + settle) }
            let run = animation.durationSeconds / animation.speedFactor
            guard run.isFinite, run > 0 else { continue }
            let end = min(offset + duration, animation.settleSeconds.map { segment.startSeconds + $0 } ?? offset + duration)
            var k = max(1, ((offset - first) / run).rounded(.down))
            while first + k * run < end && runBoundaries.count <= limit {
                runBoundaries.append(first + k * run)
                k += 1
            }
        }
        if runBoundaries.count <= limit { runBoundaries.forEach(add) }
        engine.programs.forEach { add($0.start) }
        engine.rotationTimes.forEach(add)
        if engine.showsActivityIndicator {
            var step = 1.0
            while step / ActivityIndicator.stepsPerSecond < offset + duration {
                add(step / ActivityIndicator.stepsPerSecond)
                step += 1
            }
        }
        return (times.sorted(), curves)
    }

    /// Keyframes of `value`, a function of engine time, over the document's duration.
    func keyframes(_ value: (Double) -> [Double]) -> SVGKeyframes {
        let offset = offset
        return withoutActuallyEscaping(value) { value in
            SVGKeyframes(duration: duration, breakpoints: breakpoints, curves: curves, framesPerSecond: fps,
                         value: { value(offset + $0) })
        }
    }

    /// An `animate` or `animateTransform` element playing `frames`, each value written by `format`.
    func animation(_ frames: SVGKeyframes, attribute: String, transform type: String? = nil, additive: Bool = false,
                   discrete: Bool = false, format: ([Double]) -> String) -> String {
        var element = type == nil ? "<animate" : "<animateTransform"
        element += " attributeName=\"\(attribute)\""
        if let type { element += " type=\"\(type)\"" }
        element += " values=\"" + frames.values.map(format).joined(separator: ";") + "\""
        let times = frames.times
        if !(times.count == 2 && times[0] == 0 && times[1] == duration) || discrete {
            element += " keyTimes=\"" + times.map(keyTime).joined(separator: ";") + "\""
        }
        if discrete {
            element += " calcMode=\"discrete\""
        } else if !frames.isLinear {
            element += " calcMode=\"spline\" keySplines=\""
                + frames.curves.map { SVGText.list([$0.c0x, $0.c0y, $0.c1x, $0.c1y]) }.joined(separator: ";") + "\""
        }
        if additive { element += " additive=\"sum\"" }
        return element + timing + "/>"
    }

    /// A discrete `stroke-linecap` animation: butt at each keyframe whose kept length is 0,
    /// and `cap` again just after it when the length then grows.
    func emptyTrimCaps(_ trim: SVGKeyframes, cap: String) -> String {
        var times: [Double] = [], caps: [String] = []
        for (index, values) in trim.values.enumerated() {
            let time = trim.times[index], empty = values[1] <= 0
            if let last = times.last, time <= last { caps[caps.count - 1] = empty ? "butt" : cap } else {
                times.append(time)
                caps.append(empty ? "butt" : cap)
            }
            if empty, index + 1 < trim.values.count, trim.values[index + 1][1] > 0 {
                let next = trim.times[index + 1]
                let after = min(time + 1e-4, time + (next - time) / 2)
                if after > time && after < next {
                    times.append(after)
                    caps.append(cap)
                }
            }
        }
        return "<animate attributeName=\"stroke-linecap\" values=\"\(caps.joined(separator: ";"))\" keyTimes=\"\(times.map(keyTime).joined(separator: ";"))\" calcMode=\"discrete\"" + timing + "/>"
    }

    /// `t` seconds as a key time, a fraction of the duration: rounded down, so that a jump at a
    /// frame's time is already made at that frame.
    func keyTime(_ t: Double) -> String {
        t >= duration ? "1" : SVGText.number(((t / duration + 1e-9) * 1e6).rounded(.down) / 1e6, decimals: 6)
    }

    mutating func document() -> String {
        let scale = engine.output.scale
        let width = Double(renderer.width) / scale, height = Double(renderer.height) / scale
        text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(renderer.width)\" height=\"\(renderer.height)\" viewBox=\"0 0 \(SVGText.list([width, height]))\">"
        let background = renderer.backgroundColor
        if background.a > 0 {
            text += "<rect width=\"100%\" height=\"100%\" fill=\"\(SVGText.colour(background))\"\(alpha(Double(background.a) / 255, "fill-opacity"))/>"
        }
        if engine.stage != nil { stageOutline() }
        // Programs shown within the duration, those drawing the same operations joined.
        var shown: [(start: Double, end: Double, program: Program, key: String)] = []
        for (index, entry) in engine.programs.enumerated() {
            let start = max(0, entry.start - offset)
            let end = index + 1 < engine.programs.count ? min(duration, engine.programs[index + 1].start - offset) : duration
            guard end > start else { continue }
            let key = entry.program.ops.map(SVGWriter.key).joined(separator: "/")
            if let last = shown.last, last.key == key, last.end == start {
                shown[shown.count - 1].end = end
            } else {
                shown.append((start, end, entry.program, key))
            }
        }
        for part in shown {
            let grouped = shown.count > 1
            if grouped {
                var times: [Double] = [0], values: [[Double]] = [[part.start == 0 ? 1 : 0]]
                if part.start > 0 { times.append(part.start); values.append([1]) }
                if part.end < duration { times.append(part.end); values.append([0]) }
                let visible = SVGKeyframes(times: times, values: values, curves: [])
                text += "<g visibility=\"\(part.start == 0 ? "visible" : "hidden")\">"
                text += animation(visible, attribute: "visibility", discrete: true) { $0[0] == 1 ? "visible" : "hidden" }
            }
            layered(part.program.ops)
            if grouped { text += "</g>" }
        }
        return text + "</svg>\n"
    }

    /// An operation's identity: its item and tracks.
    static func key(_ op: DrawOp) -> String {
        "\(op.item)|\(op.centre)|\(op.size)|\(op.colour)|\(op.effects)|\(op.trim.map { "\($0.from),\($0.to)" } ?? "")"
    }

    /// A `linearGradient` or `radialGradient` element for `gradient` in the user space of a
    /// shape whose frame is `width × height` points about the origin; `nil` for an angular one,
    /// which SVG cannot hold (refused before writing, see ``ViewEngine/svgRefusal``). Where
    /// the op's gradient animates, its points or radii and its stops animate too.
    ///
    /// SVG clamps stop offsets to 0…1, so stops beyond them are brought inside by stretching
    /// the gradient's line (or radii) over the stops' whole span, which draws every point
    /// alike; an animated gradient is written that way throughout, with a stop at each end.
    func gradientElement(_ gradient: GradientPaint, op: DrawOp?, id: String, width: Double, height: Double) -> String? {
        let name: String
        switch gradient.geometry {
        case .linear: name = "linearGradient"
        case .radial: name = "radialGradient"
        case .angular: return nil
        }
        let engine = engine
        func shading(_ t: Double) -> GradientShading {
            guard let op else { return GradientShading(gradient, palette: engine.palette, alpha: 255) }
            return engine.gradientShading(gradient, op, atSeconds: t, alpha: 255)
        }
        let first = shading(0)
        let animated = op?.shapeKeys?.gradient.map { keys in
            !([keys.geometry] + keys.locations + keys.stops).allSatisfy { engine.colours[$0].segments.allSatisfy { $0.animation == nil } }
        } ?? false
        // The span the stops cover over the whole animation, so that the line or radii stay
        // put and the offsets move as the locations do.
        var span: (low: Double, high: Double)?
        if animated {
            let bounds = keyframes { t in
                let stops = shading(t).stops
                return [stops.first?.location ?? 0, stops.last?.location ?? 1]
            }.values
            span = (min(0, bounds.map { $0[0] }.min() ?? 0), max(1, bounds.map { $0[1] }.max() ?? 1))
        } else if let low = first.stops.first?.location, let high = first.stops.last?.location, low < 0 || high > 1 {
            span = (min(0, low), max(1, high))
        }
        // Geometry (x1 y1 x2 y2, or cx cy r fr), then offset, r, g, b, alpha of each stop.
        func values(_ t: Double) -> [Double] {
            let frame = SVGGradientFrame(shading(t), width: width, height: height, span: span)
            return frame.geometry + frame.stops.flatMap { [$0.offset, Double($0.colour.r), Double($0.colour.g), Double($0.colour.b), Double($0.colour.a) / 255] }
        }
        let frames = animated ? keyframes(values) : SVGKeyframes(times: [0], values: [values(0)], curves: [])
        func track(_ index: Int) -> SVGKeyframes {
            SVGKeyframes(times: frames.times, values: frames.values.map { [$0[index]] }, curves: frames.curves)
        }
        func attribute(_ index: Int, _ attribute: String) -> (text: String, animation: String) {
            let values = track(index)
            let text = " \(attribute)=\"\(SVGText.number(values.values[0][0]))\""
            return (text, values.isConstant ? "" : animation(values, attribute: attribute) { SVGText.number($0[0]) })
        }
        let v = frames.values[0]
        var element = "<\(name) id=\"\(id)\" gradientUnits=\"userSpaceOnUse\""
        var geometryAnimations = ""
        let attributes = name == "linearGradient" ? ["x1", "y1", "x2", "y2"] : ["cx", "cy", "r", "fr"]
        for (index, attributeName) in attributes.enumerated() where !(attributeName == "fr" && v[3] == 0 && track(3).isConstant) {
            let (text, animation) = attribute(index, attributeName)
            element += text
            geometryAnimations += animation
        }
        element += ">" + geometryAnimations
        for stop in 0..<(v.count - 4) / 5 {
            let base = 4 + stop * 5
            let offset = attribute(base, "offset")
            let colour = SVGKeyframes(times: frames.times, values: frames.values.map { Array($0[(base + 1)...(base + 3)]) }, curves: frames.curves)
            let opacity = track(base + 4)
            element += "<stop\(offset.text) stop-color=\"\(SVGText.colour(v[base + 1], v[base + 2], v[base + 3]))\"\(alpha(v[base + 4], "stop-opacity"))"
            var animations = offset.animation
            if !colour.isConstant { animations += animation(colour, attribute: "stop-color") { SVGText.colour($0[0], $0[1], $0[2]) } }
            if !opacity.isConstant { animations += animation(opacity, attribute: "stop-opacity") { SVGText.number($0[0]) } }
            element += animations.isEmpty ? "/>" : ">\(animations)</stop>"
        }
        return element + "</\(name)>"
    }

    /// ` name="value"` for an opacity below 1.
    func alpha(_ value: Double, _ name: String = "opacity") -> String {
        SVGText.number(value) == "1" ? "" : " \(name)=\"\(SVGText.number(value))\""
    }

    /// The stage's 1 pt outline in `.secondary`, inside the screen, which turns at each device rotation.
    mutating func stageOutline() {
        let scale = engine.output.scale
        let frames = keyframes { t in
            let rect = engine.stageRect(atSeconds: t)!
            return [rect.width / scale, rect.height / scale]
        }
        let first = frames.values[0]
        text += "<rect x=\"0.5\" y=\"0.5\" width=\"\(SVGText.number(first[0] - 1))\" height=\"\(SVGText.number(first[1] - 1))\" fill=\"none\" stroke=\"\(SVGText.colour(engine.palette.secondary))\"\(alpha(Double(engine.palette.secondary.a) / 255, "stroke-opacity"))>"
        if !frames.isConstant {
            text += animation(frames, attribute: "width") { SVGText.number($0[0] - 1) }
            text += animation(frames, attribute: "height") { SVGText.number($0[1] - 1) }
        }
        text += "</rect>"
    }

    /// One drawing operation as an element with its animations.
    mutating func element(_ op: DrawOp) {
        let scale = engine.output.scale
        // The effects' linear parts, outermost first; offsets only move the centre.
        var parts: [(type: String, frames: SVGKeyframes, identity: [Double])] = []
        parts.append(("translate", keyframes { t in
            let p = engine.placement(of: op, atSeconds: t)
            return [p.centre.x + p.displacement.x, p.centre.y + p.displacement.y]
        }, [0, 0]))
        for effect in op.effects {
            switch effect {
            case let .rotation(track, _, _, _):
                parts.append(("rotate", keyframes { [engine.numbers[track].number(atSeconds: $0)] }, [0]))
            case let .scale(track, _, _, _):
                parts.append(("scale", keyframes { t in
                    let s = engine.points[track].point(atSeconds: t)
                    return [s.x, s.y]
                }, [1, 1]))
            case .offset, .opacity, .symbolEffect, .variableLayer:
                continue  // offsets move the translated centre; opacities multiply below
            case .shadow, .blur, .masked, .maskShape, .group, .blend, .colour, .rotation3D, .projection, .material:
                continue  // layers: groups around the element (``layered(_:)``)
            }
        }
        let size = keyframes { t in
            let s = engine.points[op.size].point(atSeconds: t)
            return [s.x, s.y]
        }
        let paint = keyframes { t in
            let c = engine.colours[op.colour].colour(atSeconds: t)
            return [c.r, c.g, c.b]
        }
        let opacity = keyframes { t in
            var value = min(255, max(0, engine.colours[op.colour].colour(atSeconds: t).a)) / 255
            for effect in op.effects {
                switch effect {
                case let .opacity(track): value *= min(1, max(0, engine.numbers[track].number(atSeconds: t)))
                case .rotation, .scale, .offset, .symbolEffect, .variableLayer: continue
                // The opacities outside a layer are the layer group's.
                case .shadow, .blur, .masked, .maskShape, .group, .blend, .colour, .rotation3D, .projection, .material: value = 1
                }
            }
            return [value]
        }
        // A border is snapped to whole pixels on the canvas, as the frames draw it, when nothing
        // turns or scales it.
        var snapped = false
        if case .border = op.item {
            snapped = parts.dropFirst().allSatisfy { $0.frames.isConstant && SVGKeyframes.same($0.frames.values[0], $0.identity) }
        }
        var transform = ""
        var animations = ""
        var animating = false
        for part in parts where !(snapped && part.type == "translate") {
            let format = { (v: [Double]) in SVGText.list(v) }
            if part.frames.isConstant && !animating {
                if !SVGKeyframes.same(part.frames.values[0], part.identity) {
                    transform += (transform.isEmpty ? "" : " ") + "\(part.type)(\(format(part.frames.values[0])))"
                }
            } else {
                if part.frames.isConstant && SVGKeyframes.same(part.frames.values[0], part.identity) { continue }
                animating = true
                animations += animation(part.frames, attribute: "transform", transform: part.type, additive: true, format: format)
            }
        }
        let colour = SVGText.colour(paint.values[0][0], paint.values[0][1], paint.values[0][2])
        var attributes = transform.isEmpty ? "" : " transform=\"\(transform)\""
        attributes += alpha(opacity.values[0][0])
        if !opacity.isConstant { animations += animation(opacity, attribute: "opacity") { SVGText.number($0[0]) } }
        var gradientID: String?
        func paintWith(_ attribute: String) {
            if let gradientID {
                attributes += " \(attribute)=\"url(#\(gradientID))\""
                return
            }
            attributes += " \(attribute)=\"\(colour)\""
            if !paint.isConstant { animations += animation(paint, attribute: attribute) { SVGText.colour($0[0], $0[1], $0[2]) } }
        }
        let s0 = size.values[0]
        switch op.item {
        case let .glyph(symbol):
            var d = ""
            for index in 0..<RaysSymbol.rayCount {
                let direction = RaysSymbol.rayDirection(index: index, rotationDegrees: 0)
                let from = direction * symbol.centreLineFrom, to = direction * symbol.centreLineTo
                d += "M" + SVGText.list([from.x, from.y]) + "L" + SVGText.list([to.x, to.y])
            }
            attributes += " fill=\"none\" stroke-width=\"\(SVGText.number(symbol.rayWidth))\" stroke-linecap=\"round\""
            paintWith("stroke")
            text += "<path d=\"\(d)\"\(attributes)>\(animations)</path>"
        case let .symbol(glyph, selection):
            let (ink, knockout) = glyph.paths(selection)
            if !knockout.elements.isEmpty {
                // The knockout as a mask in the symbol's own coordinates: black where it cuts.
                let id = "m\(gradientCount)"
                gradientCount += 1
                text += "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"-1000\" y=\"-1000\" width=\"2000\" height=\"2000\">"
                    + "<rect x=\"-1000\" y=\"-1000\" width=\"2000\" height=\"2000\" fill=\"#fff\"/>"
                    + "<path d=\"\(SVGText.pathData(knockout))\" fill=\"#000\"/></mask>"
                attributes += " mask=\"url(#\(id))\""
            }
            paintWith("fill")
            text += "<path d=\"\(SVGText.pathData(ink))\"\(attributes)>\(animations)</path>"
        case let .border(width):
            attributes += " fill=\"none\" stroke-width=\"\(SVGText.number(width))\""
            paintWith("stroke")
            let rect: SVGKeyframes
            if snapped {
                rect = keyframes { t in
                    let p = engine.placement(of: op, atSeconds: t)
                    let x = p.centre.x + p.displacement.x, y = p.centre.y + p.displacement.y
                    let minX = ((x - p.size.x / 2) * scale + 1e-9).rounded(.down) / scale
                    let minY = ((y - p.size.y / 2) * scale + 1e-9).rounded(.down) / scale
                    let maxX = ((x + p.size.x / 2) * scale - 1e-9).rounded(.up) / scale
                    let maxY = ((y + p.size.y / 2) * scale - 1e-9).rounded(.up) / scale
                    return [minX + width / 2, minY + width / 2, maxX - minX - width, maxY - minY - width]
                }
            } else {
                rect = keyframes { t in
                    let s = engine.points[op.size].point(atSeconds: t)
                    return [(width - s.x) / 2, (width - s.y) / 2, s.x - width, s.y - width]
                }
            }
            rectElement(rect, attributes: attributes, animations: animations)
        case let .shape(shape):
            if let gradient = shape.gradient, let definition = gradientElement(gradient, op: op, id: "g\(gradientCount)", width: s0[0], height: s0[1]) {
                gradientID = "g\(gradientCount)"
                gradientCount += 1
                text += definition
            }
            // A rounded rectangle whose corners animate is a path whose data animates.
            let cornersAnimate = op.shapeKeys.flatMap { keys in
                keys.data.map { track in !keyframes { t in engine.shapeData(track: track, count: keys.dataCount, atSeconds: t) }.isConstant }
            } ?? false
            if !shape.isBuiltInOutline || cornersAnimate {
                let general = generalShape(shape, op)
                attributes += general.attributes
                paintWith(general.paint)
                animations += general.animations
                text += "<path d=\"\(general.d)\"\(attributes)>\(animations)</path>"
                return
            }
            switch shape.paint {
            case .fill:
                paintWith("fill")
            case let .stroke(_, style):
                let width = keyframes { t in
                    [op.shapeKeys?.lineWidth.map { max(0, engine.numbers[$0].number(atSeconds: t)) } ?? style.lineWidth]
                }
                attributes += " fill=\"none\" stroke-width=\"\(SVGText.number(width.values[0][0]))\""
                if !width.isConstant { animations += animation(width, attribute: "stroke-width") { SVGText.number($0[0]) } }
                if style.lineCap != .butt { attributes += " stroke-linecap=\"\(style.lineCap.rawValue)\"" }
                paintWith("stroke")
            }
            var trimmed = false
            if let (fromTrack, toTrack) = op.trim {
                let trim = keyframes { t in
                    let from = min(max(engine.numbers[fromTrack].number(atSeconds: t), 0), 1)
                    let to = min(max(engine.numbers[toTrack].number(atSeconds: t), 0), 1)
                    return [from, max(0, to - from)]
                }
                trimmed = !(trim.isConstant && SVGKeyframes.same(trim.values[0], [0, 1]))
                if trimmed, case .stroke = shape.paint {
                    // One dash of the kept length and a gap longer than the outline; the whole
                    // outline is a dash without a gap, so it stays closed, with no caps, as
                    // SwiftUI draws an untrimmed stroke.
                    func dashes(_ length: Double) -> String {
                        let kept = SVGText.number(length)
                        return kept == "1" ? "1 0" : kept + " 2"
                    }
                    attributes += " pathLength=\"1\" stroke-dasharray=\"\(dashes(trim.values[0][1]))\" stroke-dashoffset=\"\(SVGText.number(-trim.values[0][0]))\""
                    if !trim.isConstant {
                        animations += animation(trim, attribute: "stroke-dasharray") { dashes($0[1]) }
                        animations += animation(trim, attribute: "stroke-dashoffset") { SVGText.number(-$0[0]) }
                    }
                    // An empty trim draws nothing (SwiftUI's trimmed path is empty), where SVG caps
                    // a zero-length dash with a dot: the caps are butt while the kept length is 0.
                    if case let .stroke(_, style) = shape.paint, style.lineCap != .butt, trim.values.contains(where: { $0[1] <= 0 }) {
                        if trim.isConstant { return }
                        animations += emptyTrimCaps(trim, cap: style.lineCap.rawValue)
                    }
                } else if trimmed {
                    // A trimmed fill: the kept part of the outline closed by a line, at t = 0.
                    var cut = shape
                    cut.trimFrom = trim.values[0][0]
                    cut.trimTo = trim.values[0][0] + trim.values[0][1]
                    text += "<path d=\"\(SVGWriter.trimmedFill(cut, width: s0[0], height: s0[1]))\"\(attributes)>\(animations)</path>"
                    return
                }
            }
            switch shape.kind {
            case .circle:
                let radius = keyframes { t in
                    let s = engine.points[op.size].point(atSeconds: t)
                    return [min(s.x, s.y) / 2]
                }
                if !radius.isConstant { animations += animation(radius, attribute: "r") { SVGText.number($0[0]) } }
                text += "<circle r=\"\(SVGText.number(radius.values[0][0]))\"\(attributes)>\(animations)</circle>"
            case .capsule, .rectangle, .roundedRectangle:
                let corner: (Double, Double) -> Double
                switch shape.kind {
                case .capsule: corner = { min($0, $1) / 2 }
                case let .roundedRectangle(radius): corner = { min(max(0, radius), min($0, $1) / 2) }
                default: corner = { _, _ in 0 }
                }
                let rect = keyframes { t in
                    let s = engine.points[op.size].point(atSeconds: t)
                    return [-s.x / 2, -s.y / 2, s.x, s.y, corner(s.x, s.y)]
                }
                rectElement(rect, attributes: attributes, animations: animations)
            case .styledRectangle, .continuousCapsule, .ellipse, .custom:
                break  // drawn by generalShape above
            }
        case .bitmap:
            // Refused by ``ViewEngine/svgRefusal`` unless it is a missing image, which draws nothing.
            return
        case let .text(drawing):
            if let gradient = drawing.gradient,
               let definition = gradientElement(gradient, op: op, id: "g\(gradientCount)", width: s0[0], height: s0[1]) {
                gradientID = "g\(gradientCount)"
                gradientCount += 1
                text += definition
            }
            if drawing.redacted {
                paintWith("fill")
                var bars = ""
                for bar in TextRendering.placeholderBars(drawing.layout) {
                    bars += "<rect x=\"\(SVGText.number(bar.minX - s0[0] / 2))\" y=\"\(SVGText.number(bar.minY - s0[1] / 2))\" width=\"\(SVGText.number(bar.width))\" height=\"\(SVGText.number(bar.height))\" rx=\"\(SVGText.number(bar.height / 2))\"/>"
                }
                text += "<g\(attributes)>\(animations)<g\(alpha(TextRendering.placeholderOpacity))>\(bars)</g></g>"
                return
            }
            paintWith("fill")
            // Glyph outlines as path data, one path per span colour, in points about the frame's centre.
            var own: [(colour: RGBA8?, d: String)] = []
            for glyph in drawing.layout.glyphs where !glyph.isColor {
                let colour = glyph.span < drawing.spanColours.count ? drawing.spanColours[glyph.span] : nil
                var moved = glyph
                moved.x -= s0[0] / 2
                moved.baseline -= s0[1] / 2
                let d = SVGWriter.pathData(TextRendering.outline(moved))
                if let index = own.firstIndex(where: { $0.colour == colour }) { own[index].d += d } else { own.append((colour, d)) }
            }
            var paths = ""
            for group in own {
                var fill = ""
                if let colour = group.colour {
                    fill = " fill=\"\(SVGText.colour(colour))\"" + (colour.a < 255 ? alpha(Double(colour.a) / 255, "fill-opacity") : "")
                }
                paths += "<path d=\"\(group.d)\"\(fill)/>"
            }
            text += "<g\(attributes)>\(animations)\(paths)</g>"
        case .linearBar:
            // The track, then the fill over the completed fraction (its width animated).
            let track = ProgressBarLayout.trackColour(primary: renderer.palette.primary)
            let radius = SVGText.number(s0[1] / 2)
            var bar = "<rect x=\"\(SVGText.number(-s0[0] / 2))\" y=\"\(SVGText.number(-s0[1] / 2))\" width=\"\(SVGText.number(s0[0]))\" height=\"\(SVGText.number(s0[1]))\" rx=\"\(radius)\" fill=\"\(SVGText.colour(track))\"\(alpha(Double(track.a) / 255, "fill-opacity"))/>"
            paintWith("fill")
            let fill = keyframes { t in
                [op.trim.map { min(1, max(0, engine.numbers[$0.to].number(atSeconds: t))) } ?? 0]
            }
            bar += "<rect x=\"\(SVGText.number(-s0[0] / 2))\" y=\"\(SVGText.number(-s0[1] / 2))\" width=\"\(SVGText.number(s0[0] * fill.values[0][0]))\" height=\"\(SVGText.number(s0[1]))\" rx=\"\(radius)\">"
            if !fill.isConstant { bar += animation(fill, attribute: "width") { SVGText.number(s0[0] * $0[0]) } }
            bar += "</rect>"
            text += "<g\(attributes)>\(animations)\(bar)</g>"
        case .progressView:
            paintWith("fill")
            // Ticks as ActivityIndicator draws them: tick i turned i × 45°, its opacity stepping
            // 8 times a second.
            let radius = min(s0[0], s0[1]) / 2
            var ticks = ""
            for index in 0..<ActivityIndicator.tickCount {
                let level = keyframes { [ActivityIndicator.opacity(ofTick: index, atSeconds: $0)] }
                let steps = SVGWriter.steps(level)
                ticks += "<rect x=\"\(SVGText.number(-radius / 10))\" y=\"\(SVGText.number(-radius))\" width=\"\(SVGText.number(radius / 5))\" height=\"\(SVGText.number(radius * 2 / 3))\" rx=\"\(SVGText.number(radius / 10))\""
                if index > 0 { ticks += " transform=\"rotate(\(index * 45))\"" }
                ticks += alpha(level.values[0][0]) + ">"
                if !level.isConstant {
                    ticks += animation(steps, attribute: "opacity", discrete: true) { SVGText.number($0[0]) }
                }
                ticks += "</rect>"
            }
            text += "<g\(attributes)>\(animations)\(ticks)</g>"
        }
    }

    /// A `rect` from keyframes of x, y, width, height and optionally rx.
    /// A shape drawn through its path (``ShapeView/path(width:height:data:inset:)``): a `path`
    /// element about the frame's centre whose `d` is the outline sampled at every keyframe
    /// (interpolated between them when each sample has the same commands, held otherwise), with
    /// the stroke's width, joins, miter limit, dashes and dash phase (animated where they
    /// animate) and the fill rule. A trim cuts the sampled outline into lines.
    ///
    /// - Returns: the element's attributes (before its paint), the attribute its colour
    ///   paints (`fill` or `stroke`), its animations and its first path data.
    func generalShape(_ shape: ShapeView, _ op: DrawOp) -> (attributes: String, paint: String, animations: String, d: String) {
        let engine = engine
        var attributes = "", animations = "", paint = "fill"
        var style: StrokeStyle?
        if case let .stroke(_, declared) = shape.paint { style = declared }
        func lineWidth(_ t: Double) -> Double {
            guard let track = op.shapeKeys?.lineWidth else { return style?.lineWidth ?? 0 }
            return max(0, engine.numbers[track].number(atSeconds: t))
        }
        func d(_ t: Double) -> Path {
            let size = engine.points[op.size].point(atSeconds: t)
            let data = op.shapeKeys.flatMap { keys in keys.data.map { engine.shapeData(track: $0, count: keys.dataCount, atSeconds: t) } }
            let shape = engine.animated(shape, op, atSeconds: t)
            var path = shape.path(width: size.x, height: size.y, data: data,
                                  inset: shape.strokesInside ? lineWidth(t) / 2 : 0)
            path = path.applying(.translation(x: -size.x / 2, y: -size.y / 2))
            if let (from, to) = op.trim {
                let a = engine.numbers[from].number(atSeconds: t), b = engine.numbers[to].number(atSeconds: t)
                if !(a <= 0 && b >= 1) {
                    var trimmed = path.trimmed(from: a, to: b, tolerance: 0.01)
                    if case .fill = shape.paint, !trimmed.isEmpty {
                        var closed = Path()
                        for element in trimmed.elements {
                            if case .move = element, !closed.isEmpty { closed.closeSubpath() }
                            switch element {
                            case let .move(p): closed.move(to: p)
                            case let .line(p): closed.addLine(to: p)
                            default: break
                            }
                        }
                        closed.closeSubpath()
                        trimmed = closed
                    }
                    path = trimmed
                }
            }
            return path
        }
        // Each sample as its command letters and its numbers.
        // Every frame's time (document time), and the outline then.
        let frameCount = max(1, min(100_000, Int((duration * fps).rounded(.up))))
        let times = (0...frameCount).map { min(duration, Double($0) / fps) }
        let samples = times.map { SVGText.pathData(d(offset + $0)) }
        let letters = samples.map { $0.filter { $0.isLetter } }
        switch shape.paint {
        case .fill:
            if shape.fillRule == .evenOdd { attributes += " fill-rule=\"evenodd\"" }
        case .stroke(_, let declared):
            let width = keyframes { [lineWidth($0)] }
            attributes += " fill=\"none\" stroke-width=\"\(SVGText.number(width.values[0][0]))\""
            if !width.isConstant { animations += animation(width, attribute: "stroke-width") { SVGText.number($0[0]) } }
            if declared.lineCap != .butt { attributes += " stroke-linecap=\"\(declared.lineCap.rawValue)\"" }
            if declared.lineJoin != .miter { attributes += " stroke-linejoin=\"\(declared.lineJoin.rawValue)\"" }
            if declared.miterLimit != 4 { attributes += " stroke-miterlimit=\"\(SVGText.number(max(1, declared.miterLimit)))\"" }
            if !declared.dash.isEmpty {
                attributes += " stroke-dasharray=\"\(SVGText.list(declared.dash))\""
                let phase = keyframes { t in [op.shapeKeys?.dashPhase.map { engine.numbers[$0].number(atSeconds: t) } ?? declared.dashPhase] }
                attributes += " stroke-dashoffset=\"\(SVGText.number(phase.values[0][0]))\""
                if !phase.isConstant { animations += animation(phase, attribute: "stroke-dashoffset") { SVGText.number($0[0]) } }
            }
            paint = "stroke"
        }
        if Set(samples).count > 1 {
            let discrete = Set(letters).count > 1
            var element = "<animate attributeName=\"d\" values=\"" + samples.joined(separator: ";") + "\" keyTimes=\""
            element += times.map { t in
                t >= duration ? "1" : SVGText.number(((t / duration + 1e-9) * 1e6).rounded(.down) / 1e6, decimals: 6)
            }.joined(separator: ";") + "\""
            if discrete { element += " calcMode=\"discrete\"" }
            animations += element + timing + "/>"
        }
        return (attributes, paint, animations, samples[0])
    }

    mutating func rectElement(_ rect: SVGKeyframes, attributes: String, animations: String) {
        let names = ["x", "y", "width", "height", "rx"]
        let first = rect.values[0]
        var element = "<rect"
        var animations = animations
        for (index, value) in first.enumerated() {
            if index == 4 && SVGText.number(value) == "0" && rect.isConstant { continue }
            element += " \(names[index])=\"\(SVGText.number(value))\""
            let column = rect.values.map { $0[index] }
            if column.contains(where: { abs($0 - value) > SVGKeyframes.tolerance }) {
                animations += animation(rect, attribute: names[index]) { SVGText.number($0[index]) }
            }
        }
        text += element + attributes + ">" + animations + "</rect>"
    }

    /// Step keyframes as `calcMode="discrete"` wants them: each value from its time to the
    /// next, the jumps' second keyframes kept and straight-line runs (none in a step function)
    /// left as they are.
    static func steps(_ frames: SVGKeyframes) -> SVGKeyframes {
        var times: [Double] = [], values: [[Double]] = []
        for (t, v) in zip(frames.times, frames.values) where t < frames.times[frames.times.count - 1] {
            if let last = times.last, last == t {
                values[values.count - 1] = v
            } else if let last = values.last, SVGKeyframes.same(last, v) {
                continue
            } else {
                times.append(t)
                values.append(v)
            }
        }
        return SVGKeyframes(times: times, values: values, curves: [])
    }

    /// SVG path data of `path` (lines, quadratic and cubic curves; arcs as SVG arcs), in its
    /// own units.
    static func pathData(_ path: Path) -> String {
        var d = ""
        for element in path.elements {
            switch element {
            case let .move(p): d += "M" + SVGText.list([p.x, p.y])
            case let .line(p): d += "L" + SVGText.list([p.x, p.y])
            case let .quadCurve(c, p): d += "Q" + SVGText.list([c.x, c.y, p.x, p.y])
            case let .cubicCurve(c1, c2, p): d += "C" + SVGText.list([c1.x, c1.y, c2.x, c2.y, p.x, p.y])
            case let .arc(center, radius, start, sweep):
                let end = Point(x: center.x + radius * cos(start + sweep), y: center.y + radius * sin(start + sweep))
                d += "A" + SVGText.list([radius, radius]) + " 0 \(abs(sweep) > Double.pi ? 1 : 0) \(sweep > 0 ? 1 : 0) " + SVGText.list([end.x, end.y])
            case .close: d += "Z"
            }
        }
        return d
    }

    /// Path data of a trimmed filled shape of `width` × `height` points about the origin.
    static func trimmedFill(_ shape: ShapeView, width: Double, height: Double) -> String {
        let rect = Rect(x: -width / 2, y: -height / 2, width: width, height: height)
        let contour = ShapeContour(kind: shape.kind, in: rect, scale: 1)
        guard shape.trimTo > shape.trimFrom, contour.length > 0 else { return "" }
        let pieces = contour.trimmed(from: shape.trimFrom * contour.length, to: shape.trimTo * contour.length)
        guard let first = pieces.first else { return "" }
        var d = "M" + SVGText.list([first.startPoint.x, first.startPoint.y])
        for piece in pieces {
            switch piece {
            case let .line(_, to):
                d += "L" + SVGText.list([to.x, to.y])
            case let .arc(_, radius, _, sweep):
                // Arcs of at most half a turn each, so the large-arc flag is never ambiguous.
                let parts = Int((abs(sweep) / Double.pi).rounded(.up))
                for k in 1...max(1, parts) {
                    let end = piece.point(at: piece.length * Double(k) / Double(max(1, parts)))
                    d += "A" + SVGText.list([radius, radius]) + " 0 0 \(sweep > 0 ? 1 : 0) " + SVGText.list([end.x, end.y])
                }
            }
        }
        return d + "Z"
    }
}

/// A gradient at one moment as an SVG gradient element holds it: its geometry in the shape's
/// user space (the frame's centre at the origin, points) and its stops, offsets within 0…1.
struct SVGGradientFrame {
    /// `x1 y1 x2 y2` of a linear gradient, `cx cy r fr` of a radial one.
    var geometry: [Double]
    var stops: [(offset: Double, colour: RGBA8)]

    /// The frame of `shading` in a `width × height` frame. Without a span, the stops are
    /// written as they are (they lie within 0…1). With one (covering 0…1 and every stop), the
    /// gradient's line or radii are stretched over it and a stop of the ramp's colour is added
    /// at each end, so that every point has the colour it has in the raster and the number of
    /// stops never changes (SVG animates stops one by one).
    init(_ shading: GradientShading, width: Double, height: Double, span: (low: Double, high: Double)?) {
        var low = span?.low ?? 0, high = span?.high ?? 1
        func x(_ unit: Double) -> Double { -width / 2 + unit * width }
        func y(_ unit: Double) -> Double { -height / 2 + unit * height }
        switch shading.gradient.geometry {
        case let .linear(start, end):
            func point(_ t: Double) -> [Double] { [x(start.x + t * (end.x - start.x)), y(start.y + t * (end.y - start.y))] }
            geometry = point(low) + point(high)
        case let .radial(center, startRadius, endRadius):
            // Only where the radius is not negative does the gradient reach a point.
            if endRadius != startRadius {
                let zero = -startRadius / (endRadius - startRadius)
                if endRadius > startRadius { low = max(low, zero) } else { high = min(high, zero) }
            }
            func radius(_ t: Double) -> Double { max(0, startRadius + t * (endRadius - startRadius)) }
            geometry = [x(center.x), y(center.y), radius(high), radius(low)]
        case .angular:
            geometry = [0, 0, 0, 0]
        }
        guard span != nil, high > low else {
            stops = shading.stops.map { (min(1, max(0, $0.location)), $0.colour) }
            return
        }
        var stops = [(offset: 0.0, colour: shading.ramp(low))]
        for stop in shading.stops {
            let clamped = min(high, max(low, stop.location))
            stops.append(((clamped - low) / (high - low), clamped == stop.location ? stop.colour : shading.ramp(clamped)))
        }
        stops.append((1, shading.ramp(high)))
        self.stops = stops
    }
}
