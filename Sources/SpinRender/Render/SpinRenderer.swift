import Dispatch
import Synchronization
import GIFCodec
import Raster
import Scene

/// Renders scenes to frames and GIFs: the library's main entry point.
///
/// ```swift
/// var request = RenderRequest()
/// request.scene.mode = .preview
/// let gif = try SpinRenderer.renderGIF(request)
/// try OutputFile.write(gif.bytes, to: "preview.gif")
/// ```
public enum SpinRenderer {
    /// Renders the frames a request describes.
    ///
    /// Frames are drawn in parallel (``RenderRequest/threads``) into fixed slots, so the
    /// result does not depend on scheduling. When the picture repeats every `p` frames
    /// (``SceneTimeline/framePeriod(framesPerSecond:maximumFrames:)``), frame `k` is drawn at
    /// the time of frame `k mod p`, the same state, so repeats are identical to the pixel;
    /// with ``RenderRequest/compact`` only the shortest whole repeat of frames and delays is
    /// kept and the loop count multiplied to play the same.
    ///
    /// - Parameter progress: advanced once per frame drawn (shown only on a terminal).
    public static func renderFrames(_ request: RenderRequest, progress: ProgressBar? = nil) -> RenderedAnimation {
        let renderer = SceneRenderer(request.scene)
        let frameCount = request.frameCount
        let timing = FrameTiming(frameCount: frameCount, framesPerSecond: request.framesPerSecond)
        var warnings: [String] = []
        if timing.raisedDelayCount > 0 {
            warnings.append("\(timing.raisedDelayCount) frame delays under 2 cs were raised to 2 cs (browsers play 0–1 cs as 10 cs); use --fps 50 or less for exact timing")
        }
        if request.loopCount != .playOnce, let period = request.scene.animation.periodSeconds,
           request.scene.layoutChanges.isEmpty, let repeatSeconds = renderer.timeline.pictureRepeatSeconds {
            let duration = Double(frameCount) / request.framesPerSecond
            let repeats = duration / repeatSeconds
            if abs(repeats - repeats.rounded()) > 1e-6 {
                warnings.append("the animation repeats every \(shortDecimal(period)) s; a \(shortDecimal(duration)) s GIF cuts it, so it jumps when it loops (use --duration \(shortDecimal(period)))")
            }
        }
        let statePeriod = renderer.timeline.framePeriod(framesPerSecond: request.framesPerSecond)
        var emitted = frameCount
        var loop = request.loopCount
        if request.compact, let statePeriod, let delayPeriod = timing.delayPatternPeriod {
            let repeatFrames = leastCommonMultiple(statePeriod, delayPeriod)
            if repeatFrames < frameCount, frameCount % repeatFrames == 0,
               let compactedLoop = multiplied(request.loopCount, by: frameCount / repeatFrames) {
                emitted = repeatFrames
                loop = compactedLoop
            }
        }
        let images = renderImages(renderer, count: emitted, threads: request.threads, progress: progress) { index in
            let stateIndex = statePeriod.map { index % $0 } ?? index
            return timing.sampleTime(ofFrame: stateIndex)
        }
        progress?.finish()
        let frames = (0..<emitted).map { TimedFrame(image: images[$0], delayCentiseconds: timing.delaysCentiseconds[$0]) }
        let sequence = FrameSequence(width: renderer.width, height: renderer.height, frames: frames, loopCount: loop)
        return RenderedAnimation(sequence: sequence, uncompactedFrameCount: frameCount, warnings: warnings)
    }

    /// Renders a request and encodes it as a GIF.
    ///
    /// - Throws: ``SpinRenderError`` with `.software` if the GIF encoder fails (it only fails
    ///   on inputs this renderer never makes).
    ///
    /// - Parameter progress: advanced once per frame drawn (shown only on a terminal).
    public static func renderGIF(_ request: RenderRequest, progress: ProgressBar? = nil) throws(SpinRenderError) -> RenderedGIF {
        let animation = renderFrames(request, progress: progress)
        var options = GIFEncodingOptions()
        options.optimize = request.optimize
        options.dither = request.dither
        if request.scene.transparentBackground {
            let palette = SystemPalette(appearance: request.scene.appearance, generation: request.scene.colorGeneration)
            options.transparentBackground = request.matte ?? request.scene.background ?? palette.background
        }
        do {
            let result = try GIFEncoder.encode(animation.sequence, options: options)
            return RenderedGIF(bytes: result.bytes, animation: animation, paletteSize: result.paletteSize,
                               worstChannelError: result.worstChannelError, storedFrameCount: result.storedFrameCount)
        } catch {
            throw SpinRenderError(.software, "GIF encoding failed: \(error)")
        }
    }

    /// Draws `count` frames on up to `threads` threads; frame `i` is drawn at `time(i)`.
    static func renderImages(_ renderer: SceneRenderer, count: Int, threads: Int?, progress: ProgressBar?,
                             time: @Sendable (Int) -> Double) -> [RGBAImage] {
        let workers = max(1, min(count, threads ?? ProcessorCount.online))
        let slots = FrameSlots(count: count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var rasterizer = renderer.makeRasterizer()
            var index = worker
            while index < count {
                slots.store(renderer.render(renderer.timeline.state(atSeconds: time(index)), using: &rasterizer), at: index)
                progress?.advance()
                index += workers
            }
        }
        return slots.images
    }

    /// The loop count that plays `times` copies of a compacted sequence as often as `loop`
    /// plays the whole one, or `nil` when NETSCAPE2.0's 16-bit count cannot hold it.
    static func multiplied(_ loop: LoopCount, by times: Int) -> LoopCount? {
        switch loop {
        case .forever: return .forever
        case .playOnce: return times == 1 ? .playOnce : .repeats(times - 1)
        case .repeats(let n):
            let total = (n + 1) * times - 1
            return total <= 65_535 ? .repeats(total) : nil
        }
    }

    static func leastCommonMultiple(_ a: Int, _ b: Int) -> Int {
        func gcd(_ x: Int, _ y: Int) -> Int { y == 0 ? x : gcd(y, x % y) }
        return a / gcd(a, b) * b
    }
}

/// Fixed slots that worker threads fill, each index written by exactly one worker.
private final class FrameSlots: Sendable {
    private let storage: Mutex<[RGBAImage?]>

    init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

    func store(_ image: RGBAImage, at index: Int) {
        storage.withLock { $0[index] = image }
    }

    var images: [RGBAImage] { storage.withLock { $0.map { $0! } } }
}
