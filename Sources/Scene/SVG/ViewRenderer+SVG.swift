extension ViewRenderer {
    /// The views as an animated SVG document (SVG 1.1 with SMIL animation), drawn from the same
    /// layout and tracks as the frames, not traced from pixels.
    ///
    /// The root's `width` and `height` are the canvas in pixels (points × scale), its `viewBox`
    /// the canvas in points, so the document scales without loss. The background is a `rect`
    /// unless it is transparent; the simulated stage's outline follows. Each drawn view is one
    /// element, back to front, in its frame's local coordinates (points, origin at the frame's
    /// centre): a rays glyph is one `path` of eight round-capped lines (the capsules), a shape is
    /// a `rect` (`rx` for rounded rectangles and capsules) or a `circle`, filled or stroked
    /// (SwiftUI strokes are centred on the outline as SVG's; a trimmed stroke is a dash of
    /// `pathLength="1"`, which starts where SwiftUI's path starts: a circle at 3 o'clock, a
    /// rectangle at its top-left corner, both clockwise), a border is a stroked `rect` inside
    /// its frame snapped outward to whole pixels as the frames are, and a `ProgressView` is a
    /// group of eight tick `rect`s.
    ///
    /// Animation is SMIL (`animateTransform`, `animate`; SVG 1.1 §19), which browsers also
    /// play inside `<img>`: the frame centre as a `translate`, then every rotation and scale
    /// effect outermost first (`additive="sum"` on the static part before it), opacity (the
    /// colour's alpha times every `opacity` above the view), colour, size and trim. Timing curves
    /// become `calcMode="spline"` intervals and everything else keyframes at the frame times (see
    /// ``SVGKeyframes``); every animation has the timeline's `dur` and `repeatCount`. Numbers
    /// have at most 3 decimals (key times 6), with no locale, so the text is deterministic.
    ///
    /// Gradients are `linearGradient` and `radialGradient` elements in the shape's user space
    /// (so they turn and scale with it); an `AngularGradient` has no SVG counterpart (see
    /// ``ViewEngine/svgRefusal``).
    ///
    /// Limits: a trimmed fill is drawn with the trim it has at t = 0, and a `ProgressView` with
    /// its size at t = 0.
    ///
    /// - Parameter timeline: The simple duration, play count and frame rate.
    /// - Returns: The UTF-8 text of the document, or `nil` when a number it would hold is not
    ///   finite (a transform whose scale overflows, say): a number SVG cannot write is refused
    ///   rather than replaced by a made-up one. Every finite number is written, however large.
    public func animatedSVG(_ timeline: SVGTimeline) -> String? {
        var writer = SVGWriter(renderer: self, timeline: timeline)
        let document = writer.document()
        return SVGText.containsNonFinite(document) ? nil : document
    }
}

/// Why the views cannot be written as SVG: what cannot, the view that draws it, and where it
/// is written.
public struct SVGRefusal: Hashable, Sendable {
    /// What SVG cannot hold and what to render instead, in one line, naming the construct
    /// (`rotation3DEffect is a perspective projection, …`).
    public var reason: String
    /// The view it is drawn in: the file's own view (`Loader`), else the kind of view drawn
    /// (`Circle`, `Text`).
    public var view: String
    /// Where the construct is written: the modifier, the gradient, the image or the text; `nil`
    /// for one the reader made itself (a `GeometryEffect`'s projection).
    public var mark: SourceMark?

    /// A refusal.
    public init(reason: String, view: String, mark: SourceMark?) {
        self.reason = reason
        self.view = view
        self.mark = mark
    }

    /// `the view 'Loader' cannot be written as SVG: <reason>`.
    public var message: String { "the view '\(view)' cannot be written as SVG: \(reason)" }
}

extension ViewEngine {
    /// Why the views cannot be written as SVG, or `nil` when they can: the first drawing, in
    /// tree order, that ``SVGWriter`` cannot write as an element (SVG 1.1 and 2 have linear and
    /// radial gradients but no conic one, no perspective transform, no backdrop filter; this
    /// writer embeds no bitmap), with its view and place.
    public var svgRefusal: SVGRefusal? {
        for entry in programs {
            for op in entry.program.ops {
                func refusal(_ reason: String, at mark: SourceMark?) -> SVGRefusal { SVGRefusal(reason: reason, view: op.name, mark: mark) }
                for (index, effect) in op.effects.enumerated() {
                    if let reason = SVGWriter.refusal(of: effect) {
                        return refusal(reason, at: index < op.effectMarks.count ? op.effectMarks[index] : nil)
                    }
                }
                let angular = "an AngularGradient is a conic gradient, which SVG does not have; render it as GIF, WebP or PNG frames"
                if case let .shape(shape) = op.item, let gradient = shape.gradient, case .angular = gradient.geometry {
                    return refusal(angular, at: gradient.mark.known)
                }
                if case let .text(drawing) = op.item, let gradient = drawing.gradient, case .angular = gradient.geometry {
                    return refusal(angular, at: gradient.mark.known)
                }
                if case let .bitmap(bitmap) = op.item, !bitmap.variants.isEmpty {
                    return refusal("the asset image '\(bitmap.name)' is a bitmap, which this SVG writer does not embed; render it as GIF, WebP or PNG frames",
                                   at: bitmap.mark.known)
                }
                if case let .text(drawing) = op.item, !drawing.redacted, let emoji = drawing.layout.glyphs.first(where: \.isColor) {
                    return refusal("a colour emoji is a bitmap glyph, which this SVG writer does not embed; render it as GIF, WebP or PNG frames",
                                   at: emoji.span < drawing.spanMarks.count ? drawing.spanMarks[emoji.span].known : nil)
                }
            }
        }
        return nil
    }
}

extension SVGWriter {
    /// Why `effect` cannot be written as SVG, or `nil` when ``SVGWriter/element(_:)`` writes it:
    /// every drawing effect is named here, so a new one is written or refused by name.
    static func refusal(of effect: DrawOp.Effect) -> String? {
        switch effect {
        case .rotation, .scale, .offset, .opacity, .shadow, .masked, .maskShape, .group, .colour: nil
        case let .blur(_, opaque, _):
            opaque ? "blur(radius:opaque: true) keeps the content's alpha, which SVG's feGaussianBlur cannot; render it as GIF, WebP or PNG frames" : nil
        case let .blend(mode, _):
            cssBlendMode(mode) == nil
                ? "blendMode(.\(mode.rawValue)) has no CSS mix-blend-mode; render it as GIF, WebP or PNG frames" : nil
        case .rotation3D:
            "rotation3DEffect is a perspective projection, which SVG transforms cannot hold; render it as GIF, WebP or PNG frames"
        case let .material(material, _, _):
            "the \(material.rawValue)Material blurs what is behind it, which SVG filters cannot read in an image; render it as GIF, WebP or PNG frames"
        case let .projection(matrix, _, _, _):
            matrix.isAffine ? nil
                : "a projectionEffect with perspective cannot be written as an SVG transform; render it as GIF, WebP or PNG frames"
        case let .symbolEffect(effect, _, _, _), let .variableLayer(effect, _, _, _):
            "'.symbolEffect(\(effect.spelling))' is drawn from assumed timing that the SVG writer does not write; render it as GIF, WebP or PNG frames"
        }
    }
}
