import PNGCodec
import Raster

/// The encoded animated PNG and facts about it.
public struct RenderedAPNG: Sendable {
    /// The PNG file (APNG when it has more than one distinct frame).
    public var bytes: [UInt8]
    /// Canvas width and height in pixels.
    public var width: Int
    public var height: Int
    /// Frames rendered into the file, after loop compaction.
    public var frameCount: Int
    /// Frames the animation has before loop compaction.
    public var uncompactedFrameCount: Int
    /// Each frame's delay, as stored (before equal neighbours are merged).
    public var delay: APNGDelay
    /// The loop count written (`acTL` `num_plays`, multiplied when frames were compacted).
    public var loopCount: LoopCount
    /// Human-readable warnings, one line each.
    public var warnings: [String]
}

extension SpinRenderer {
    /// Renders a request as an animated PNG.
    ///
    /// The frames are those of ``renderWebPFrames(_:progress:)``: the plan of
    /// ``renderGIF(_:progress:)``, with the rendered 8-bit alpha itself when transparent (no
    /// matte, no threshold), so a decoder gives back every rendered pixel exactly. Each delay is
    /// exact, `1 / fps` as a fraction (``FrameTiming/exactTimescale``: 1/50 s at 50 fps, 1/30 s at
    /// 30 fps where GIF alternates 3 and 4 cs), or in milliseconds with the running end time
    /// rounded for a rate with more than three decimals or a timescale over 16 bits.
    ///
    /// - Throws: ``SpinRenderError`` `.software` if the encoder fails (it only fails on inputs
    ///   this renderer never makes, or when memory runs out).
    public static func renderAPNG(_ request: RenderRequest, progress: ProgressBar? = nil) throws(SpinRenderError) -> RenderedAPNG {
        let animation = renderWebPFrames(request, progress: progress)
        let timing = FramePlan.Schedule(request, engine: request.makeEngine()).timing
        let count = animation.sequence.frames.count
        let delays: [APNGDelay]
        if let exact = timing.exactTimescale, exact.timescale <= Int(UInt16.max), exact.ticksPerFrame <= Int(UInt16.max) {
            delays = Array(repeating: APNGDelay(numerator: UInt16(exact.ticksPerFrame), denominator: UInt16(exact.timescale)), count: count)
        } else {
            delays = timing.durationsTicks(timescale: 1000, frameCount: count).map { APNGDelay(numerator: UInt16(min($0, 65_535)), denominator: 1000) }
        }
        do throws(PNGError) {
            let bytes = try APNGEncoder.encode(animation.sequence.frames.map(\.image), delays: delays,
                                               plays: animation.sequence.loopCount.totalPlays)
            return RenderedAPNG(bytes: bytes, width: animation.sequence.width, height: animation.sequence.height,
                                frameCount: count, uncompactedFrameCount: animation.uncompactedFrameCount, delay: delays[0],
                                loopCount: animation.sequence.loopCount, warnings: animation.warnings)
        } catch {
            throw SpinRenderError(.software, "APNG encoding failed: \(error)")
        }
    }
}
