import GIFCodec
import Motion
import Raster
import Scene

/// Everything that decides a rendered animation: the scene, the sampling and the GIF encoding.
///
/// The same request always gives the same frames and the same bytes.
public struct RenderRequest: Hashable, Sendable {
    /// What is drawn.
    public var scene = SceneConfiguration()
    /// Frames per second (> 0). 50 fps gives 2 cs delays, the shortest browsers honour.
    public var framesPerSecond: Double = 50
    /// Length of the animation in seconds; `nil` derives it from the animation (see
    /// ``effectiveDurationSeconds``).
    public var durationSeconds: Double?
    /// How often the GIF plays (GIF NETSCAPE2.0 loop block).
    public var loopCount: LoopCount = .forever
    /// Store only what changes between frames (GIFCodec frame optimisation).
    public var optimize = true
    /// When the picture repeats within the animation, emit only the shortest whole number of
    /// frames that repeats exactly and let the loop count do the rest.
    public var compact = true
    /// Matte colour for transparent output: partly transparent pixels are composited onto it,
    /// then thresholded at 50 % alpha. `nil` uses the appearance's background.
    public var matte: RGBA8?
    /// Dithering when more than 256 colours must be quantized.
    public var dither: GIFDither = .none
    /// LZW effort: `.max` adds flexible parsing and interlaced rows where smaller, about 1.5 %
    /// smaller and slower.
    public var effort: GIFEffort = .normal
    /// The file format ``SpinRenderer/render(_:progress:)`` writes.
    public var format: OutputFormat = .gif
    /// WebP only: `nil` for lossless (every pixel exact), or 0…100 for lossy VP8 colour with
    /// exact alpha (libwebp `WebPConfig.quality`).
    public var webpQuality: Int?
    /// Worker threads for rendering frames; `nil` uses every core. Never changes the output.
    public var threads: Int?

    /// The default request: the documentation's explicit spinner, 2 s at 50 fps, looping.
    public init() {}

    /// The animation's length: the explicit `durationSeconds`, or else one period of a
    /// repeating animation (2 s for the documentation's spinner), 2 s for animations that do
    /// not repeat; with layout changes, at least until two periods after the last one (2 s for
    /// an animation that does not repeat).
    ///
    /// A layout move animated by a repeating animation (the implicit spinner's drift) repeats
    /// with the animation's period, so two periods show it twice: with the documentation's
    /// spinner it slides, jumps back and slides again.
    public var effectiveDurationSeconds: Double {
        if let durationSeconds { return durationSeconds }
        let period = scene.animation.periodSeconds
        var duration = max(period ?? 2, scene.animation.settleSeconds ?? 0)
        if let lastChange = scene.layoutChanges.max() {
            duration = max(duration, lastChange + (period.map { 2 * $0 } ?? 2))
        }
        return duration
    }

    /// Number of frames: duration × fps, rounded to nearest, at least 1 (and at most 10⁹, so
    /// an absurd duration cannot overflow; the command line refuses long ones before this).
    public var frameCount: Int {
        let frames = (effectiveDurationSeconds * framesPerSecond).rounded()
        guard frames.isFinite else { return 1_000_000_000 }
        return Int(min(1e9, max(1, frames)))
    }
}
