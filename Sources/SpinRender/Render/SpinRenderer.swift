import Dispatch
import Foundation
import Workers
import Synchronization
import GIFCodec
import Raster
import Scene

/// Renders views to frames and GIFs: the library's main entry point.
///
/// ```swift
/// var request = RenderRequest()
/// request.example.mode = .preview
/// let gif = try SpinRenderer.renderGIF(request)
/// try OutputFile.write(gif.bytes, to: "preview.gif")
/// ```
public enum SpinRenderer {
    /// The number of frames a request emits after loop compaction (what is drawn and kept),
    /// without drawing any: for memory checks before rendering.
    public static func emittedFrameCount(_ request: RenderRequest) -> Int {
        FramePlan.emittedCount(request)
    }

    /// Renders every frame a request emits, kept in memory (for frame export and comparison).
    ///
    /// Frames are drawn in parallel (``RenderRequest/threads``) into fixed slots, so the result
    /// does not depend on scheduling. Repeating pictures are sampled so that repeats are
    /// identical to the pixel, and with ``RenderRequest/compact`` only the shortest whole repeat
    /// is kept, the loop count multiplied to play the same.
    ///
    /// With a transparent background the frames hold what the GIF shows (GIF has no partial
    /// transparency): pixels under 50 % alpha transparent, the others composited onto the matte
    /// (``GIFEncodingOptions/displayedColor(of:)``), so `compare` finds a rendered GIF equal to
    /// them.
    ///
    /// - Parameter progress: advanced once per frame drawn (shown only on a terminal).
    public static func renderFrames(_ request: RenderRequest, progress: ProgressBar? = nil) -> RenderedAnimation {
        let plan = FramePlan(request)
        let images = renderImages(plan, threads: request.threads, progress: progress)
        progress?.finish()
        let frames = images.enumerated().map { TimedFrame(image: $1, delayCentiseconds: plan.delay(ofFrame: $0)) }
        var sequence = FrameSequence(width: plan.renderer.width, height: plan.renderer.height, frames: frames,
                                     loopCount: plan.loopCount)
        if request.scene.transparentBackground {
            sequence = encodingOptions(request, plan).displayedSequence(of: sequence)
        }
        return RenderedAnimation(sequence: sequence, uncompactedFrameCount: plan.frameCount, warnings: plan.warnings)
    }

    /// The GIF encoder's settings for a request.
    static func encodingOptions(_ request: RenderRequest, _ plan: FramePlan) -> GIFEncodingOptions {
        var options = GIFEncodingOptions()
        options.optimize = request.optimize
        options.dither = request.dither
        options.effort = request.effort
        if request.scene.transparentBackground {
            options.transparentBackground = request.matte ?? request.scene.background ?? plan.renderer.palette.background
        }
        return options
    }

    /// Renders a request and encodes it as a GIF in one pass with bounded memory.
    ///
    /// Frames are drawn in order (by several workers for frames of 64 Ki pixels and more, each
    /// at most two frames ahead) and handed to a `GIFStreamEncoder`, which keeps a byte per
    /// pixel of each frame's changed box, and at the end an index image per frame; the RGBA
    /// frames themselves are not kept. Compression is shared among
    /// the workers (``RenderRequest/threads``; by default every core from a million
    /// pixel-frames). The bytes never depend on the thread count.
    ///
    /// - Parameter progress: advanced once per frame drawn (shown only on a terminal).
    /// - Throws: ``SpinRenderError`` `.software` if the GIF encoder fails (it only fails on
    ///   inputs this renderer never makes).
    public static func renderGIF(_ request: RenderRequest, progress: ProgressBar? = nil) throws(SpinRenderError) -> RenderedGIF {
        let plan = FramePlan(request)
        var options = encodingOptions(request, plan)
        let pixels = plan.renderer.width * plan.renderer.height
        let workers = workerCount(request.threads, frames: plan.emittedCount, pixelsPerFrame: pixels)
        options.threads = workers
        do {
            var encoder = try GIFStreamEncoder(width: plan.renderer.width, height: plan.renderer.height,
                                               loopCount: plan.loopCount, options: options)
            if let limit = request.maximumMemoryBytes {
                let estimate = memoryEstimate(request, holding: .streamedGIF)
                let frames = estimate.parts.filter { $0.name == "frames" }.reduce(0) { $0 + $1.bytes }
                encoder.frameByteLimit = max(0, limit - Int((estimate.totalBytes - frames).rounded(.up)))
            }
            var previous: RenderedFrame?
            try drawFramesInOrder(plan, workers: workers, progress: progress, recycling: gifRecycledFrames) { (index, frame) throws(GIFError) in
                try encoder.append(frame.image, delayCentiseconds: plan.delay(ofFrame: index),
                                   changedWithin: previous.flatMap { frame.changedRegion(since: $0) })
                previous = frame
            }
            progress?.finish()
            let result = try encoder.finish()
            let duration = (0..<plan.emittedCount).reduce(0) { $0 + plan.delay(ofFrame: $1) }
            return RenderedGIF(bytes: result.bytes, width: plan.renderer.width, height: plan.renderer.height,
                               frameCount: plan.emittedCount, uncompactedFrameCount: plan.frameCount,
                               durationCentiseconds: duration, loopCount: plan.loopCount, warnings: plan.warnings,
                               paletteSize: result.paletteSize, worstChannelError: result.worstChannelError,
                               storedFrameCount: result.storedFrameCount)
        } catch where error.code == .encoderNotEnoughMemory {
            throw SpinRenderError(.badData, "\(renderSubject(request)) needs more than --max-memory \(MemoryEstimate.describe(Double(request.maximumMemoryBytes ?? 0))): its frames hold more colours than the estimate assumed (\(error.detail)); lower --scale, --fps or --duration, or raise --max-memory")
        } catch {
            throw SpinRenderError(.software, "GIF encoding failed: \(error)")
        }
    }

    /// Draws every emitted frame of `plan` in order and hands each to `consume` on the calling
    /// thread, a few frames alive at a time.
    ///
    /// Frames are drawn and consumed in order, so their memory is reused rather than freshly
    /// touched (each fresh page is a page fault). With more than one worker, the workers take
    /// frames one at a time (``FrameHandOver``): the calling thread (worker 0) consumes every
    /// frame and draws those no other worker has taken, the others hand theirs over, at most
    /// two frames a worker ahead. Handing a frame between threads costs a few wake-ups (tens of
    /// microseconds here), more than drawing a small frame: the calling thread draws the first
    /// frame alone and shares the rest only when the frame has at least 64 Ki pixels or took at
    /// least ``sharedDrawingSeconds`` to draw (a spinner with a counter's text). Which thread
    /// draws a frame does not change its pixels. After `consume` throws, the remaining frames
    /// are still drawn and taken (so no worker waits forever) but not consumed, and the error is
    /// rethrown.
    static func drawInOrder<E: Error>(_ plan: FramePlan, workers: Int, progress: ProgressBar?,
                                      _ consume: (Int, RGBAImage) throws(E) -> Void) throws(E) {
        try drawFramesInOrder(plan, workers: workers, progress: progress, recycling: 0) { (index, frame) throws(E) in
            try consume(index, frame.image)
        }
    }

    /// ``drawInOrder(_:workers:progress:_:)`` handing over each frame with its backdrop and
    /// damage, each worker drawing into the buffers of its last `recycling` frames (see
    /// ``Scene/FrameRecycler``) when they hold at most ``recycledBytesLimit`` in all.
    static func drawFramesInOrder<E: Error>(_ plan: FramePlan, workers: Int, progress: ProgressBar?, recycling: Int,
                                            _ consume: (Int, RenderedFrame) throws(E) -> Void) throws(E) {
        let pixels = plan.renderer.width * plan.renderer.height
        let count = plan.emittedCount
        guard count > 0 else { return }
        let recycled = recycledFrames(recycling, workers: workers, pixelsPerFrame: pixels)
        let rasterizers = RasterizerPool(plan.renderer, count: workers, recycling: recycled)
        func draw(_ index: Int, _ rasterizer: inout CoverageRasterizer, _ recycler: inout FrameRecycler) -> RenderedFrame {
            plan.renderer.renderFrame(atSeconds: plan.sampleTime(ofFrame: index), using: &rasterizer, recycling: &recycler)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let first = rasterizers.withWorkspace(0) { draw(0, &$0, &$1) }
        let firstSeconds = Self.seconds(clock.now - start)
        progress?.advance()
        try consume(0, first)
        let drawers = workers > 1 && (pixels >= 1 << 16 || firstSeconds >= sharedDrawingSeconds) ? workers : 1
        if drawers == 1 {
            try rasterizers.withWorkspace(0) { (rasterizer, recycler) throws(E) in
                for index in 1..<count {
                    let frame = draw(index, &rasterizer, &recycler)
                    progress?.advance()
                    try consume(index, frame)
                }
            }
            return
        }
        let handOver = FrameHandOver<RenderedFrame>(slots: 2 * drawers, first: 1)
        var failure: E? = nil
        Workers.run(drawers) { worker in
            rasterizers.withWorkspace(worker) { rasterizer, recycler in
                guard worker == 0 else {
                    handOver.drawFrames(below: count) { draw($0, &rasterizer, &recycler) }
                    return
                }
                handOver.consumeFrames(below: count, drawing: { draw($0, &rasterizer, &recycler) }, consuming: { index, frame in
                    progress?.advance()
                    guard failure == nil else { return }
                    do throws(E) {
                        try consume(index, frame)
                    } catch {
                        failure = error
                    }
                })
            }
        }
        if let failure { throw failure }
    }

    /// The frames each worker of a GIF render keeps to draw into: one more than the hand-over
    /// holds ahead of the encoder (two a worker), so the buffer drawn into has usually
    /// been consumed, and the encoder compares with a later frame.
    static let gifRecycledFrames = 3

    /// The most bytes the workers' recycled frames may hold in all: beyond it (a large canvas,
    /// many cores) frames start from a copy of their backdrop, and a render under a tight
    /// `--max-memory` keeps its room.
    static let recycledBytesLimit = 8 << 20

    /// The frames each worker keeps for recycling: `requested`, or none when `workers` workers
    /// keeping that many frames of `pixelsPerFrame` pixels would hold more than ``recycledBytesLimit``.
    static func recycledFrames(_ requested: Int, workers: Int, pixelsPerFrame: Int) -> Int {
        let bytes = pixelsPerFrame.multipliedReportingOverflow(by: 4 * requested * max(1, workers))
        return bytes.overflow || bytes.partialValue > recycledBytesLimit ? 0 : requested
    }

    /// The drawing time of a first frame above which the rest are shared between workers even
    /// under 64 Ki pixels: about ten times a hand-over between threads.
    static let sharedDrawingSeconds = 50e-6

    /// `duration` in seconds.
    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Workers for `frames` frames: the requested count, or every core for work large enough to
    /// repay starting threads and handing work between them — a million pixel-frames; one
    /// below that, because a thread's start, its first touches of memory and each wake-up cost tens
    /// of microseconds, more than smaller jobs share.
    static func workerCount(_ threads: Int?, frames: Int, pixelsPerFrame: Int = .max) -> Int {
        if let threads { return max(1, min(frames, threads)) }
        let work = pixelsPerFrame.multipliedReportingOverflow(by: frames)
        guard work.overflow || work.partialValue >= 1 << 20 else { return 1 }
        return max(1, min(frames, Workers.processorCount))
    }

    /// Draws every emitted frame on up to `threads` threads, in order.
    static func renderImages(_ plan: FramePlan, threads: Int?, progress: ProgressBar?) -> [RGBAImage] {
        let count = plan.emittedCount
        let renderer = plan.renderer
        let workers = workerCount(threads, frames: count, pixelsPerFrame: renderer.width * renderer.height)
        let pool = RasterizerPool(renderer, count: workers)
        if workers == 1 {
            return pool.withRasterizer(0) { rasterizer in
                (0..<count).map { index in
                    defer { progress?.advance() }
                    return renderer.render(atSeconds: plan.sampleTime(ofFrame: index), using: &rasterizer)
                }
            }
        }
        let slots = ResultSlots<RGBAImage>(count: count)
        Workers.run(workers) { worker in
            pool.withRasterizer(worker) { rasterizer in
                var slot = worker
                while slot < count {
                    let time = plan.sampleTime(ofFrame: slot)
                    slots.store(renderer.render(atSeconds: time, using: &rasterizer), at: slot)
                    progress?.advance()
                    slot += workers
                }
            }
        }
        return slots.values
    }
}

/// One scratch rasterizer per worker, made on first use by that worker and kept across chunks
/// (its coverage buffer is the size of the canvas: making one per chunk would touch fresh
/// memory every time).
final class RasterizerPool: @unchecked Sendable {
    // Worker k only ever touches slot k, and Workers.run's workers have distinct indices,
    // so the slots are plain memory rather than a Swift array (whose exclusivity check would
    // see two workers writing "the same" array).
    private let slots: UnsafeMutablePointer<CoverageRasterizer?>
    private let recyclers: UnsafeMutablePointer<FrameRecycler>
    private let count: Int
    private let renderer: ViewRenderer

    /// `count` workers' rasterizers (made when first used), each worker keeping its last
    /// `recycling` frames to draw into.
    init(_ renderer: ViewRenderer, count: Int, recycling: Int = 0) {
        self.renderer = renderer
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
        recyclers = .allocate(capacity: count)
        recyclers.initialize(repeating: FrameRecycler(capacity: recycling), count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
        recyclers.deinitialize(count: count)
        recyclers.deallocate()
    }

    /// Runs `body` with worker `worker`'s rasterizer (`worker` < the pool's count).
    func withRasterizer<T, E: Error>(_ worker: Int, _ body: (inout CoverageRasterizer) throws(E) -> T) throws(E) -> T {
        try withWorkspace(worker) { (rasterizer, _) throws(E) in try body(&rasterizer) }
    }

    /// Runs `body` with worker `worker`'s rasterizer and frame recycler (`worker` < the pool's count).
    func withWorkspace<T, E: Error>(_ worker: Int, _ body: (inout CoverageRasterizer, inout FrameRecycler) throws(E) -> T) throws(E) -> T {
        precondition(worker < count, "one rasterizer per worker")
        if slots[worker] == nil { slots[worker] = renderer.makeRasterizer() }
        return try body(&slots[worker]!, &recyclers[worker])
    }
}

/// Frames handed from drawing workers to the thread that consumes them in order (worker 0),
/// which draws a frame itself whenever no other worker has taken it yet.
///
/// Workers take frame numbers one at a time from a shared counter, so the worker that also
/// encodes draws fewer frames, as many as its time allows, and no worker idles while another
/// has a backlog (a counter's text under a spinner, 100 frames at @3x on 2 cores: drawing and
/// appending went from 6.5 to 5.0 ms against every other frame on each worker). Drawn frames wait in a window of `slots` places
/// ahead of the next frame to consume (frame `i` in place `i mod slots`): a worker holding a
/// frame past the window waits, so memory stays at `slots` frames plus one per worker. If a
/// worker's thread never starts, worker 0 finds its frames untaken and draws them all.
final class FrameHandOver<Frame>: @unchecked Sendable {
    private let count: Int
    /// The next frame number no worker has taken.
    private let next: Atomic<Int>
    // Guarded by `condition`'s lock.
    private let condition = NSCondition()
    private var places: [Frame?]
    private var consumed: Int
    private let first: Int

    /// Hands over frames from `first` on (the frames before it are the caller's).
    init(slots: Int, first: Int) {
        count = slots
        next = Atomic(first)
        places = Array(repeating: nil, count: slots)
        consumed = first
        self.first = first
    }

    /// Takes the next frame number for a drawing worker.
    func claim() -> Int { next.wrappingAdd(1, ordering: .relaxed).oldValue }

    /// Takes the next frame number for the consumer to draw ahead, when it lies within the
    /// window (`nil` otherwise, or when every frame is taken).
    func claimAhead(below end: Int) -> Int? {
        var index = next.load(ordering: .relaxed)
        while true {
            let limit = condition.withLock { consumed } + count
            guard index < end, index < limit else { return nil }
            let (exchanged, original) = next.compareExchange(expected: index, desired: index + 1, ordering: .relaxed)
            if exchanged { return index }
            index = original
        }
    }

    /// Stores frame `index`, once it lies within the window ahead of the consumer.
    func put(_ frame: Frame, at index: Int) {
        condition.lock()
        while index >= consumed + count { condition.wait() }
        places[index % count] = frame
        condition.broadcast()
        condition.unlock()
    }

    /// Takes frame `index` (the next to consume) once a worker has put it; without `waiting`,
    /// `nil` when it is not there yet.
    func take(_ index: Int, waiting: Bool = true) -> Frame? {
        condition.lock()
        defer { condition.unlock() }
        // Frames in the window have distinct places, and `index` is its first.
        while places[index % count] == nil {
            guard waiting else { return nil }
            condition.wait()
        }
        let frame = places[index % count]!
        places[index % count] = nil
        consumed = index + 1
        condition.broadcast()
        return frame
    }

    /// A drawing worker's part: draws the frames it takes, below `end`, and puts them.
    func drawFrames(below end: Int, _ draw: (Int) -> Frame) {
        while case let index = claim(), index < end {
            put(draw(index), at: index)
        }
    }

    /// The consumer's part: hands `consume` every frame from `first` to `end` in order, taking
    /// the ones other workers drew and drawing with `draw` the ones no worker has taken, ahead
    /// of the next to consume while it waits for another worker's.
    func consumeFrames(below end: Int, drawing draw: (Int) -> Frame, consuming consume: (Int, Frame) -> Void) {
        // Frames this worker drew ahead, by number: at most the window's worth.
        var own: [Int: Frame] = [:]
        for index in first..<end {
            var next = own.removeValue(forKey: index)
            if next != nil { passed(index) }
            while next == nil {
                if let taken = take(index, waiting: false) {
                    next = taken
                } else if let ahead = claimAhead(below: end) {
                    // Drawn while another worker draws frame `index`, or `index` itself.
                    own[ahead] = draw(ahead)
                    if let drawn = own.removeValue(forKey: index) {
                        next = drawn
                        passed(index)
                    }
                } else {
                    next = take(index)
                }
            }
            consume(index, next!)
        }
    }

    /// Moves the window past frame `index`, which the consumer drew itself.
    func passed(_ index: Int) {
        condition.lock()
        consumed = index + 1
        condition.broadcast()
        condition.unlock()
    }
}
