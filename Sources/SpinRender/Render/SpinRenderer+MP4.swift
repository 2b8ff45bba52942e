import Raster
import VideoCodec

/// The encoded MP4 and facts about it.
public struct RenderedMP4: Sendable {
    /// The MP4 file.
    public var bytes: [UInt8]
    /// The video's width and height in pixels: the canvas's, each rounded up to even.
    public var width: Int
    public var height: Int
    /// Frames in one copy, after loop compaction.
    public var frameCount: Int
    /// Frames the animation has before loop compaction.
    public var uncompactedFrameCount: Int
    /// Copies of the frames stored one after another (the plays `--loop` asks for; one for
    /// `--loop 0`, which a player loops).
    public var copies: Int
    /// Ticks per second of the stored durations, and the ticks of one copy.
    public var timescale: Int
    public var copyTicks: Int
    /// The video's first frame as rendered (padded to the video's size), for a poster image.
    public var firstFrame: RGBAImage
    /// The quantizer every picture was coded with.
    public var quantizer: Int
    /// Human-readable warnings, one line each.
    public var warnings: [String]
}

extension SpinRenderer {
    /// The longest MP4, all copies together, in seconds: the longest animation.
    public static let maximumVideoSeconds = RenderSettings.maximumDurationSeconds

    /// How many copies of its frames an MP4 of `loop` stores: MP4 has no loop count, so each
    /// play is stored; forever (`--loop 0`) stores one, for the player to loop (HTML's
    /// `<video loop>`, DocC's `@Video` in a page that loops it).
    public static func videoCopies(_ loop: LoopCount) -> Int { loop.totalPlays ?? 1 }

    /// Renders a request and encodes it as an H.264 MP4 in one pass.
    ///
    /// The frames are those of ``renderGIF(_:progress:)`` (the same plan, sample times and loop
    /// compaction), opaque (``RenderSettings/setOutput(_:)`` refuses `--transparent`: H.264 has
    /// no alpha), each encoded as it is drawn. Durations are exact: in ticks of
    /// ``FrameTiming/exactTimescale`` (50 a second at 50 fps, one tick a frame), or of
    /// 90 kHz with the running end time rounded for a rate with more decimals. The loop count
    /// becomes copies (``videoCopies(_:)``); an odd canvas side is padded to even (the last
    /// column or row repeated).
    ///
    /// - Throws: ``SpinRenderError`` `.badData` for a canvas over 4096 pixels a side (H.264
    ///   level 5.2) or under 16 (one macroblock), checked before drawing; `.software` if OpenH264 fails.
    public static func renderMP4(_ request: RenderRequest, progress: ProgressBar? = nil) throws(SpinRenderError) -> RenderedMP4 {
        let plan = FramePlan(request)
        let side = MP4StreamEncoder.maximumSide
        let (width, height) = (plan.renderer.width, plan.renderer.height)
        guard width <= side, height <= side else {
            throw SpinRenderError(.badData, "the canvas would be \(width) × \(height) pixels, but an H.264 video here has at most \(side) pixels a side; lower --scale, --padding or --stage, or write a GIF")
        }
        guard width >= MP4StreamEncoder.minimumSide, height >= MP4StreamEncoder.minimumSide else {
            throw SpinRenderError(.badData, "the canvas would be \(width) × \(height) pixels, but an H.264 video has at least \(MP4StreamEncoder.minimumSide) pixels a side (one macroblock); raise --scale or --padding, or write a GIF")
        }
        let (timescale, _) = plan.timing.exactTimescale ?? (90_000, 0)
        let durations = plan.timing.durationsTicks(timescale: timescale, frameCount: plan.emittedCount)
        let copies = videoCopies(plan.loopCount)
        do throws(VideoError) {
            var encoder = try MP4StreamEncoder(width: width, height: height, timescale: timescale,
                                               framesPerSecond: request.framesPerSecond)
            var first: RGBAImage?
            try drawInOrder(plan, workers: workerCount(request.threads, frames: plan.emittedCount, pixelsPerFrame: width * height),
                            progress: progress) { (index, image) throws(VideoError) in
                if index == 0 { first = image }
                try encoder.append(image, durationTicks: durations[index])
            }
            progress?.finish()
            let result = try encoder.finish(copies: copies)
            return RenderedMP4(bytes: result.bytes, width: result.width, height: result.height,
                               frameCount: plan.emittedCount, uncompactedFrameCount: plan.frameCount, copies: copies,
                               timescale: timescale, copyTicks: durations.reduce(0, +),
                               firstFrame: padded(first!, width: result.width, height: result.height),
                               quantizer: VideoEncodingOptions().quantizer, warnings: plan.warnings)
        } catch {
            throw SpinRenderError(.software, "MP4 encoding failed: \(error)")
        }
    }

    /// `image` grown to `width × height` by repeating its last column and row, as the video
    /// encoder pads an odd side.
    static func padded(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        guard width != image.width || height != image.height else { return image }
        var out = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                out[x, y] = image[min(x, image.width - 1), min(y, image.height - 1)]
            }
        }
        return out
    }
}
