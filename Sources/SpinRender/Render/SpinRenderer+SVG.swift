import Scene

/// The written SVG and facts about it.
public struct RenderedSVG: Sendable {
    /// The UTF-8 text of the SVG document.
    public var bytes: [UInt8]
    /// The `width` attribute: the canvas width in pixels (points × scale), as the GIF's.
    public var width: Int
    /// The `height` attribute: the canvas height in pixels, as the GIF's.
    public var height: Int
    /// How it plays: the simple duration, the play count, the sampling rate.
    public var timeline: SVGTimeline
    /// Human-readable warnings, one line each.
    public var warnings: [String]
}

extension SpinRenderer {
    /// The SMIL timeline of a request: what the GIF plays, as one simple duration repeated.
    ///
    /// The animation lasts the GIF's frames (frame count ÷ fps). When the picture repeats
    /// (`ViewEngine.pictureRepeatSeconds`, shortened by the rays' 8-fold symmetry: 0.25 s for the
    /// documentation's spinner) a whole number of times in it, the simple duration is one repeat
    /// and the play count is multiplied, as loop compaction multiplies the GIF's loop count;
    /// otherwise it is the whole animation. `--loop` gives the plays: for ever, or the loop's
    /// repeats plus one.
    public static func svgTimeline(_ request: RenderRequest) -> SVGTimeline {
        let engine = request.makeEngine()
        let total = Double(request.frameCount(using: engine)) / request.framesPerSecond
        var duration = total, cycles = 1
        if let repeatSeconds = engine.pictureRepeatSeconds, repeatSeconds > 0 {
            let repeats = total / repeatSeconds
            // A picture that repeats more than a million times in the animation (a period of
            // 10⁻³⁰⁰ s) is written whole: its repeat count would not be a whole `Int`.
            if abs(repeats - repeats.rounded()) < 1e-6, repeats.rounded() >= 1, repeats < 1e6 {
                duration = repeatSeconds
                cycles = Int(repeats.rounded())
            }
        }
        let plays: Int?
        switch request.loopCount {
        case .forever: plays = nil
        case .playOnce: plays = cycles
        case .repeats(let n): plays = (n + 1).multipliedReportingOverflow(by: cycles).overflow ? Int.max : (n + 1) * cycles
        }
        return SVGTimeline(durationSeconds: duration, plays: plays, framesPerSecond: request.framesPerSecond,
                           startSeconds: request.startSeconds(using: engine))
    }

    /// Renders a request as an animated SVG: the views as vector elements animated with SMIL
    /// (see `ViewRenderer.animatedSVG(_:)`), from the same engine as the GIF; no pixel is
    /// drawn, so the size barely depends on `--scale` and the thread count changes nothing.
    ///
    /// - Throws: ``SpinRenderError`` `.badData` when a number of the document is not finite
    ///   (an animated scale or offset so large that its transform overflows).
    public static func renderSVG(_ request: RenderRequest) throws(SpinRenderError) -> RenderedSVG {
        let engine = request.makeEngine()
        let renderer = ViewRenderer(engine)
        let timeline = svgTimeline(request)
        guard let text = renderer.animatedSVG(timeline) else {
            throw SpinRenderError(.badData, "the views cannot be written as SVG: a position, size or transform overflows to a number that is not finite; use smaller offsets and scales")
        }
        // The frame plan's warnings but the one about GIF centisecond delays.
        let warnings = FramePlan.Schedule(request, engine: engine).warnings.filter { !$0.contains("frame delays under") }
        return RenderedSVG(bytes: Array(text.utf8), width: renderer.width, height: renderer.height,
                           timeline: timeline, warnings: warnings)
    }
}
