import Raster

/// Draws the scene's frames: the pixels of ``SceneTimeline`` states.
///
/// Frames are `layout.canvasWidth × layout.canvasHeight` RGBA8 images: background, then the
/// stage outline and the preview border in `.secondary`, then each spinner's glyph,
/// anti-aliased with exact-area coverage and composited source-over.
public struct SceneRenderer: Sendable {
    /// The timeline whose states are drawn.
    public let timeline: SceneTimeline
    /// The resolved system colours.
    public let palette: SystemPalette

    /// The glyph upright, centred on the origin, flattened in device pixels: chords within
    /// ``CoverageRasterizer/defaultTolerance`` of the arcs. Turning and moving it keeps that
    /// bound; scaling it down (`scaleEffect` < 1) only tightens it.
    let glyphOutline: [[Point]]

    /// Prepares a renderer for a configuration.
    public init(_ configuration: SceneConfiguration) {
        timeline = SceneTimeline(configuration)
        palette = SystemPalette(appearance: configuration.appearance, generation: configuration.colorGeneration)
        glyphOutline = configuration.symbol.path(centre: .zero)
            .flattened(by: .scale(x: configuration.scale, y: configuration.scale),
                       tolerance: CoverageRasterizer.defaultTolerance)
    }

    /// The settings.
    public var configuration: SceneConfiguration { timeline.configuration }
    /// Canvas width in pixels.
    public var width: Int { timeline.layout.canvasWidth }
    /// Canvas height in pixels.
    public var height: Int { timeline.layout.canvasHeight }

    /// The canvas colour under everything: transparent, the override, or the appearance's.
    public var backgroundColor: RGBA8 {
        configuration.transparentBackground ? .transparent : (configuration.background ?? palette.background)
    }

    /// The paint of a spinner: the override, or primary (implicit) / orange (explicit).
    public func color(of role: SpinnerRole) -> RGBA8 {
        if let color = configuration.color { return color }
        return role == .implicit ? palette.primary : palette.orange
    }

    /// A scratch accumulator of the canvas size, for ``render(_:using:)``; one per thread.
    public func makeRasterizer() -> CoverageRasterizer { CoverageRasterizer(width: width, height: height) }

    /// The frame at `time` seconds.
    public func render(atSeconds time: Double) -> RGBAImage {
        var rasterizer = makeRasterizer()
        return render(timeline.state(atSeconds: time), using: &rasterizer)
    }

    /// Draws one state.
    ///
    /// - Parameter rasterizer: scratch accumulator from ``makeRasterizer()``.
    /// - Returns: the `width × height` frame.
    public func render(_ state: SceneState, using rasterizer: inout CoverageRasterizer) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: backgroundColor)
        let scale = configuration.scale
        let space = configuration.blendSpace
        let line = SceneLayout.borderWidth * scale
        if let stage = state.layout.stage {
            image.fill(.border(stage, lineWidth: line), color: palette.secondary, in: space, using: &rasterizer)
        }
        if timeline.layout.drawsBorder {
            image.fill(.border(state.layout.content, lineWidth: line), color: palette.secondary, in: space,
                       using: &rasterizer)
        }
        for spinner in state.spinners {
            var paint = color(of: spinner.role)
            paint.a = UInt8((Double(paint.a) * spinner.opacity).rounded())
            guard paint.a > 0, spinner.scaleFactor > 0 else { continue }
            // The glyph is flattened once; each frame only turns, scales and moves its vertices.
            let placement = AffineTransform.rotation(radians: spinner.rotationDegrees * Double.pi / 180)
                .concatenating(.scale(x: spinner.scaleFactor, y: spinner.scaleFactor))
                .concatenating(.translation(x: spinner.centre.x * scale, y: spinner.centre.y * scale))
            rasterizer.reset()
            for polygon in glyphOutline {
                rasterizer.addPolygon(polygon, transform: placement)
            }
            image.composite(paint, coverage: rasterizer, in: space)
            rasterizer.reset()
        }
        return image
    }
}
