import Raster

extension SVGWriter {
    /// Writes `ops` back to front, each layer effect a group around the elements it holds, as
    /// the renderer draws them into layers: a shadow or blur is a `filter` of `feDropShadow` or
    /// `feGaussianBlur`, a colour effect a `filter` of `feColorMatrix` (in sRGB, as the frames
    /// mix), a mask a `mask` of `mask-type: alpha` holding the mask's elements, a blend mode
    /// CSS `mix-blend-mode`, an affine projection a `transform`. Filter regions are the whole
    /// canvas, so no filter clips its ink. The opacities between a layer and the one around it
    /// are its group's `opacity`. What SVG cannot hold is refused before writing
    /// (``SVGWriter/refusal(of:)``).
    mutating func layered(_ ops: [DrawOp]) {
        var open: [(key: LayerKey, closing: String)] = []
        for op in ops {
            let wanted = op.effects.indices.compactMap { index in op.effects[index].layer.map { (index, $0) } }
            var common = 0
            while common < min(open.count, wanted.count) && open[common].key == wanted[common].1 { common += 1 }
            while open.count > common { text += open.removeLast().closing }
            for (index, key) in wanted[common...] {
                open.append((key, openGroup(op, position: index)))
            }
            element(op)
        }
        while let last = open.popLast() { text += last.closing }
    }

    /// Writes the start of the group for the layer effect at `position` in `op`'s effects and
    /// returns what closes it.
    private mutating func openGroup(_ op: DrawOp, position: Int) -> String {
        let effects = op.effects
        let scale = engine.output.scale
        let canvas = " x=\"0\" y=\"0\" width=\"\(SVGText.number(Double(renderer.width) / scale))\" height=\"\(SVGText.number(Double(renderer.height) / scale))\""
        // The opacities between this layer and the one around it.
        let opacity = keyframes { t in
            var value = 1.0
            var outer = position - 1
            while outer >= 0 && effects[outer].layer == nil {
                if case let .opacity(track) = effects[outer] { value *= min(1, max(0, engine.numbers[track].number(atSeconds: t))) }
                outer -= 1
            }
            return [value]
        }
        var attributes = alpha(opacity.values[0][0])
        var animations = opacity.isConstant ? "" : animation(opacity, attribute: "opacity") { SVGText.number($0[0]) }
        // The geometry outside the layer, in canvas points: how far its lengths stretch.
        func outside(_ t: Double) -> AffineTransform { engine.geometry(effects[..<position], atSeconds: t) }
        let id = "f\(gradientCount)"
        switch effects[position] {
        case .rotation, .scale, .offset, .opacity, .symbolEffect, .variableLayer:
            return ""
        case let .shadow(colourTrack, radiusTrack, offsetTrack, _):
            gradientCount += 1
            let values = keyframes { t in
                let map = outside(t)
                let stretch = abs(map.a * map.d - map.b * map.c).squareRoot()
                let shift = engine.points[offsetTrack].point(atSeconds: t)
                let c = engine.colours[colourTrack].colour(atSeconds: t)
                return [max(0, engine.numbers[radiusTrack].number(atSeconds: t)) * stretch,
                        map.a * shift.x + map.c * shift.y, map.b * shift.x + map.d * shift.y, c.r, c.g, c.b, min(255, max(0, c.a)) / 255]
            }
            let v = values.values[0]
            var primitive = "<feDropShadow stdDeviation=\"\(SVGText.number(v[0]))\" dx=\"\(SVGText.number(v[1]))\" dy=\"\(SVGText.number(v[2]))\" flood-color=\"\(SVGText.colour(v[3], v[4], v[5]))\" flood-opacity=\"\(SVGText.number(v[6]))\">"
            if !values.isConstant {
                primitive += animation(values, attribute: "stdDeviation") { SVGText.number($0[0]) }
                primitive += animation(values, attribute: "dx") { SVGText.number($0[1]) }
                primitive += animation(values, attribute: "dy") { SVGText.number($0[2]) }
                primitive += animation(values, attribute: "flood-color") { SVGText.colour($0[3], $0[4], $0[5]) }
                primitive += animation(values, attribute: "flood-opacity") { SVGText.number($0[6]) }
            }
            text += "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\"\(canvas) color-interpolation-filters=\"sRGB\">\(primitive)</feDropShadow></filter>"
            attributes += " filter=\"url(#\(id))\""
        case let .blur(radiusTrack, _, _):
            gradientCount += 1
            let values = keyframes { t in
                let map = outside(t)
                return [max(0, engine.numbers[radiusTrack].number(atSeconds: t)) * abs(map.a * map.d - map.b * map.c).squareRoot()]
            }
            var primitive = "<feGaussianBlur stdDeviation=\"\(SVGText.number(values.values[0][0]))\">"
            if !values.isConstant { primitive += animation(values, attribute: "stdDeviation") { SVGText.number($0[0]) } }
            text += "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\"\(canvas) color-interpolation-filters=\"sRGB\">\(primitive)</feGaussianBlur></filter>"
            attributes += " filter=\"url(#\(id))\""
        case let .masked(key):
            attributes += " mask=\"url(#m\(key.node))\""
        case let .maskShape(key):
            // The mask's own elements: written inside a `mask`, which draws nothing itself.
            text += "<mask id=\"m\(key.node)\" maskUnits=\"userSpaceOnUse\"\(canvas) style=\"mask-type:alpha\"><g\(attributes)>\(animations)"
            return "</g></mask>"
        case .group:
            break
        case let .blend(mode, _):
            attributes += " style=\"mix-blend-mode:\(Self.cssBlendMode(mode) ?? "normal")\""
        case let .colour(effect, amountTrack, colourTrack, _):
            gradientCount += 1
            let values = keyframes { t in
                let c = colourTrack.map { engine.colours[$0].colour(atSeconds: t).rgba8 } ?? .white
                return ColourEffect.matrix(effect, amount: amountTrack.map { engine.numbers[$0].number(atSeconds: t) } ?? 0,
                                           colour: (Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255))
            }
            var primitive = "<feColorMatrix type=\"matrix\" values=\"\(SVGText.list(values.values[0]))\">"
            if !values.isConstant { primitive += animation(values, attribute: "values") { SVGText.list($0) } }
            text += "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\"\(canvas) color-interpolation-filters=\"sRGB\">\(primitive)</feColorMatrix></filter>"
            attributes += " filter=\"url(#\(id))\""
        case .rotation3D, .material:
            break  // refused before writing
        case let .projection(local, frameCentre, frameSize, _):
            // Affine (others are refused): in canvas points, frame → local → frame → canvas.
            let centre = engine.points[frameCentre].point(atSeconds: offset), size = engine.points[frameSize].point(atSeconds: offset)
            let place = Projection(affine: AffineTransform.translation(x: centre.x - size.x / 2, y: centre.y - size.y / 2)
                .concatenating(outside(offset)))
            if let back = place.inverted {
                let m = back.concatenating(local).concatenating(place)
                attributes += " transform=\"matrix(\(SVGText.list([m.m11, m.m12, m.m21, m.m22, m.m31, m.m32])))\""
            }
        }
        text += "<g\(attributes)>\(animations)"
        animations = ""
        return "</g>"
    }

    /// CSS `mix-blend-mode`'s name for `mode`, or `nil` when CSS has none.
    static func cssBlendMode(_ mode: BlendMode) -> String? {
        switch mode {
        case .normal: "normal"
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .softLight: "soft-light"
        case .hardLight: "hard-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        case .plusLighter: "plus-lighter"
        case .sourceAtop, .destinationOver, .destinationOut, .plusDarker: nil
        }
    }
}
