import Raster
import WebPCodec

/// The encoded WebP and facts about it.
public struct RenderedWebP: Sendable {
    /// The RIFF WebP file.
    public var bytes: [UInt8]
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Frames rendered into the file, after loop compaction.
    public var frameCount: Int
    /// Frames the animation has before loop compaction.
    public var uncompactedFrameCount: Int
    /// Play time of one loop of the file, in milliseconds.
    public var durationMilliseconds: Int
    /// The loop count written (multiplied when frames were compacted).
    public var loopCount: LoopCount
    /// Human-readable warnings, one line each.
    public var warnings: [String]
    /// Frames stored in the file (identical neighbours merged).
    public var storedFrameCount: Int
    /// `nil` when lossless, else the lossy quality used.
    public var quality: Int?
}

extension SpinRenderer {
    /// The largest repeat count a WebP holds: its `ANIM` loop count is plays in all, 16 bits.
    static let webpMaximumRepeats = WebPStreamEncoder.maximumLoopCount - 1

    /// The frame plan of a WebP render: as a GIF's, but compacted only while the multiplied
    /// loop count fits the `ANIM` chunk.
    static func webpPlan(_ request: RenderRequest) -> FramePlan {
        FramePlan(request, maximumRepeats: webpMaximumRepeats)
    }

    /// Renders a request and encodes it as an animated WebP in one pass.
    ///
    /// The frames are those of ``renderGIF(_:progress:)`` — the same frame plan, sample times,
    /// loop compaction and loop count — with each delay the GIF's centiseconds × 10 ms (50 fps
    /// is 20 ms a frame). What differs is the pixels kept: lossless by default, so decoding
    /// gives back the rendered RGBA exactly, however many colours; with a transparent
    /// background the rendered 8-bit alpha itself (no matte, no threshold); with
    /// ``RenderRequest/webpQuality`` lossy colour and exact alpha. Frames are drawn as for the
    /// GIF (several workers for large frames); libwebp encodes on the calling thread, so the
    /// bytes never depend on the thread count.
    ///
    /// - Parameter progress: advanced once per frame drawn (shown only on a terminal).
    /// - Throws: ``SpinRenderError`` `.badData` for a canvas over 16383 pixels a side
    ///   (`WEBP_MAX_DIMENSION`), checked before drawing; `.software` if libwebp fails (it only fails on inputs this
    ///   renderer never makes, or when memory runs out).
    public static func renderWebP(_ request: RenderRequest, progress: ProgressBar? = nil) throws(SpinRenderError) -> RenderedWebP {
        let plan = webpPlan(request)
        let side = WebPStreamEncoder.maximumSide
        guard plan.renderer.width <= side, plan.renderer.height <= side else {
            throw SpinRenderError(.badData, "the canvas would be \(plan.renderer.width) × \(plan.renderer.height) pixels, but a WebP can have at most \(side) pixels a side; lower --scale, --point-size, --padding or --stage, or write a GIF")
        }
        let pixels = plan.renderer.width * plan.renderer.height
        let workers = workerCount(request.threads, frames: plan.emittedCount, pixelsPerFrame: pixels)
        do throws(WebPError) {
            var encoder = try WebPStreamEncoder(width: plan.renderer.width, height: plan.renderer.height,
                                                loopCount: plan.loopCount,
                                                options: WebPEncodingOptions(quality: request.webpQuality))
            try drawInOrder(plan, workers: workers, progress: progress) { (index, image) throws(WebPError) in
                try encoder.append(image, delayMilliseconds: plan.delay(ofFrame: index) * 10)
            }
            progress?.finish()
            let result = try encoder.finish()
            let duration = (0..<plan.emittedCount).reduce(0) { $0 + plan.delay(ofFrame: $1) * 10 }
            return RenderedWebP(bytes: result.bytes, width: plan.renderer.width, height: plan.renderer.height,
                                frameCount: plan.emittedCount, uncompactedFrameCount: plan.frameCount,
                                durationMilliseconds: duration, loopCount: plan.loopCount, warnings: plan.warnings,
                                storedFrameCount: result.storedFrameCount, quality: request.webpQuality)
        } catch {
            throw SpinRenderError(.software, "WebP encoding failed: \(error)")
        }
    }

    /// The frames a WebP render stores, as rendered (true alpha when transparent: no matte),
    /// kept in memory: what decoding a lossless ``renderWebP(_:progress:)`` gives back.
    public static func renderWebPFrames(_ request: RenderRequest, progress: ProgressBar? = nil) -> RenderedAnimation {
        let plan = webpPlan(request)
        let images = renderImages(plan, threads: request.threads, progress: progress)
        progress?.finish()
        let frames = images.enumerated().map { TimedFrame(image: $1, delayCentiseconds: plan.delay(ofFrame: $0)) }
        let sequence = FrameSequence(width: plan.renderer.width, height: plan.renderer.height, frames: frames,
                                     loopCount: plan.loopCount)
        return RenderedAnimation(sequence: sequence, uncompactedFrameCount: plan.frameCount, warnings: plan.warnings)
    }
}
