import PNGCodec
import Raster
import Scene

extension SpinRenderer {
    /// The picture at one moment, for a thumbnail or a snapshot test that wants a frozen frame
    /// (`spinrender --at SECONDS -o still.png`).
    ///
    /// The views are sampled at `seconds` exactly, as every frame of an animation is: the frame
    /// of ``renderFrames(_:progress:)`` sampled at that time is the same picture, pixel for
    /// pixel, when the background is opaque. With a transparent background the still keeps the
    /// rendered 8-bit alpha (a PNG holds it), where the frames hold what a GIF can show.
    ///
    /// - Parameters:
    ///   - request: The render; its sampling (`framesPerSecond`, `durationSeconds`, loop and
    ///     encoder settings) does not matter.
    ///   - seconds: The animation time, in seconds after the views appear (≥ 0).
    /// - Returns: A `canvasWidth × canvasHeight` image, 8-bit sRGB with straight alpha.
    public static func renderStill(_ request: RenderRequest, atSeconds seconds: Double) -> RGBAImage {
        let engine = request.makeEngine()
        return ViewRenderer(engine).render(atSeconds: engine.pictureTime(seconds))
    }

    /// ``renderStill(_:atSeconds:)`` as PNG bytes (lossless, the smallest of palette, grey, RGB
    /// and RGBA, as recorded references are written).
    ///
    /// - Throws: ``SpinRenderError`` `.software` when the PNG encoder fails.
    public static func renderStillPNG(_ request: RenderRequest, atSeconds seconds: Double) throws(SpinRenderError) -> [UInt8] {
        let image = renderStill(request, atSeconds: seconds)
        do {
            return try PNGEncoder.encode(image)
        } catch {
            throw SpinRenderError(.software, "cannot encode the frame at \(seconds) s as PNG: \(error)")
        }
    }
}
