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
    /// The number of frames a request emits after loop compaction (what is drawn and kept),
    /// without drawing any: for memory checks before rendering.
    public static func emittedFrameCount(_ request: RenderRequest) -> Int {
        FramePlan(request).emittedCount
    }

    /// Renders every frame a request emits, kept in memory (for frame export and comparison).
    ///
    /// Frames are drawn in parallel (``RenderRequest/threads``) into fixed slots, so the result
    /// does not depend on scheduling. Repeating pictures are sampled so that repeats are
    /// identical to the pixel, and with ``RenderRequest/compact`` only the shortest whole repeat
    /// is kept, the loop count multiplied to play the same.
    ///
    /// - Parameter progress: advanced once per frame drawn (shown only on a terminal).
    public static func renderFrames(_ request: RenderRequest, progress: ProgressBar? = nil) -> RenderedAnimation {
        let plan = FramePlan(request)
        let images = renderImages(plan, range: 0..<plan.emittedCount, threads: request.threads, progress: progress)
        progress?.finish()
        let frames = images.enumerated().map { TimedFrame(image: $1, delayCentiseconds: plan.delay(ofFrame: $0)) }
        let sequence = FrameSequence(width: plan.renderer.width, height: plan.renderer.height, frames: frames,
                                     loopCount: plan.loopCount)
        return RenderedAnimation(sequence: sequence, uncompactedFrameCount: plan.frameCount, warnings: plan.warnings)
    }

    /// Renders a request and encodes it as a GIF in one pass with bounded memory.
    ///
    /// Frames are drawn a few per worker at a time and handed to a `GIFStreamEncoder`, which
    /// keeps one byte per pixel per frame; the RGBA frames themselves are not all kept.
    ///
    /// - Parameter progress: advanced once per frame drawn (shown only on a terminal).
    /// - Throws: ``SpinRenderError`` `.software` if the GIF encoder fails (it only fails on
    ///   inputs this renderer never makes).
    public static func renderGIF(_ request: RenderRequest, progress: ProgressBar? = nil) throws(SpinRenderError) -> RenderedGIF {
        let plan = FramePlan(request)
        var options = GIFEncodingOptions()
        options.optimize = request.optimize
        options.dither = request.dither
        if request.scene.transparentBackground {
            options.transparentBackground = request.matte ?? request.scene.background ?? plan.renderer.palette.background
        }
        let pixels = plan.renderer.width * plan.renderer.height
        let workers = workerCount(request.threads, frames: plan.emittedCount, pixelsPerFrame: pixels)
        options.threads = workers
        do {
            var encoder = try GIFStreamEncoder(width: plan.renderer.width, height: plan.renderer.height,
                                               loopCount: plan.loopCount, options: options)
            // Frames are drawn a chunk at a time, one per worker on one thread and two per
            // worker otherwise, and appended in order: few frames are alive at once, so their
            // memory is reused rather than freshly touched (each fresh page is a page fault).
            // Each worker keeps its rasterizer from chunk to chunk.
            let chunk = workers == 1 ? 1 : 2 * workers
            let rasterizers = RasterizerPool(plan.renderer, count: workers)
            var start = 0
            while start < plan.emittedCount {
                let end = min(plan.emittedCount, start + chunk)
                for (offset, image) in renderImages(plan, range: start..<end, threads: workers, progress: progress,
                                                    rasterizers: rasterizers).enumerated() {
                    try encoder.append(image, delayCentiseconds: plan.delay(ofFrame: start + offset))
                }
                start = end
            }
            progress?.finish()
            let result = try encoder.finish()
            let duration = (0..<plan.emittedCount).reduce(0) { $0 + plan.delay(ofFrame: $1) }
            return RenderedGIF(bytes: result.bytes, width: plan.renderer.width, height: plan.renderer.height,
                               frameCount: plan.emittedCount, uncompactedFrameCount: plan.frameCount,
                               durationCentiseconds: duration, loopCount: plan.loopCount, warnings: plan.warnings,
                               paletteSize: result.paletteSize, worstChannelError: result.worstChannelError,
                               storedFrameCount: result.storedFrameCount)
        } catch {
            throw SpinRenderError(.software, "GIF encoding failed: \(error)")
        }
    }

    /// Workers for `frames` frames: the requested count, or every core for work large enough to
    /// repay starting a thread (about 0.1 ms, plus the new thread's first touches of memory) —
    /// 64 Ki pixel-frames (the main job has 126 Ki); one below that.
    static func workerCount(_ threads: Int?, frames: Int, pixelsPerFrame: Int = .max) -> Int {
        if let threads { return max(1, min(frames, threads)) }
        let work = pixelsPerFrame.multipliedReportingOverflow(by: frames)
        guard work.overflow || work.partialValue >= 1 << 16 else { return 1 }
        return max(1, min(frames, ProcessorCount.online))
    }

    /// Draws the frames in `range` on up to `threads` threads, in order.
    ///
    /// - Parameter rasterizers: one scratch rasterizer per worker, reused across calls
    ///   (`nil`: made for this call).
    static func renderImages(_ plan: FramePlan, range: Range<Int>, threads: Int?, progress: ProgressBar?,
                             rasterizers: RasterizerPool? = nil) -> [RGBAImage] {
        let count = range.count
        let renderer = plan.renderer
        let workers = workerCount(threads, frames: count, pixelsPerFrame: renderer.width * renderer.height)
        let pool = rasterizers ?? RasterizerPool(renderer, count: workers)
        if workers == 1 {
            return pool.withRasterizer(0) { rasterizer in
                range.map { index in
                    defer { progress?.advance() }
                    return renderer.render(renderer.timeline.state(atSeconds: plan.sampleTime(ofFrame: index)),
                                           using: &rasterizer)
                }
            }
        }
        let slots = FrameSlots(count: count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            pool.withRasterizer(worker) { rasterizer in
                var slot = worker
                while slot < count {
                    let time = plan.sampleTime(ofFrame: range.lowerBound + slot)
                    slots.store(renderer.render(renderer.timeline.state(atSeconds: time), using: &rasterizer), at: slot)
                    progress?.advance()
                    slot += workers
                }
            }
        }
        return slots.images
    }
}

/// One scratch rasterizer per worker, made on first use by that worker and kept across chunks
/// (its coverage buffer is the size of the canvas: making one per chunk would touch fresh
/// memory every time).
final class RasterizerPool: @unchecked Sendable {
    // Worker k only ever touches slot k, and concurrentPerform's workers have distinct indices,
    // so the slots are plain memory rather than a Swift array (whose exclusivity check would
    // see two workers writing "the same" array).
    private let slots: UnsafeMutablePointer<CoverageRasterizer?>
    private let count: Int
    private let renderer: SceneRenderer

    init(_ renderer: SceneRenderer, count: Int) {
        self.renderer = renderer
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func withRasterizer<T>(_ worker: Int, _ body: (inout CoverageRasterizer) -> T) -> T {
        // A worker index beyond the pool (a caller asking for more threads) gets a fresh one.
        guard worker < count else {
            var rasterizer = renderer.makeRasterizer()
            return body(&rasterizer)
        }
        if slots[worker] == nil { slots[worker] = renderer.makeRasterizer() }
        return body(&slots[worker]!)
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
