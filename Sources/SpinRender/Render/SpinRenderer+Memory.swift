import Scene

extension SpinRenderer {
    /// How a command holds the frames it renders, for ``memoryEstimate(_:holding:)``.
    public enum FrameHolding: Hashable, Sendable {
        /// Frames streamed into the GIF encoder (render, batch): the encoder keeps every frame
        /// as colour ids — measured peaks of about 1.7 bytes a pixel a frame while the frames hold
        /// at most 256 colours and 2.4 beyond (ids then take 2 bytes) — plus a few RGBA frames and
        /// scratch buffers of the canvas size. Beyond 65 536 colours ids take 4 bytes (300
        /// overlapping translucent hues: 3.7 measured), which the estimate does not assume, since
        /// it would refuse full-screen loaders that fit.
        case streamedGIF
        /// Frames streamed into libwebp's animation encoder (render, batch with a WebP output): it
        /// keeps no frame but the last ones, a few canvases (the previous frame, its disposed
        /// copy, the candidate sub-frames `minimize_size` tries) and the lossless coder's
        /// per-pixel tables; the compressed frames are small beside them. Measured peaks above
        /// the process: 75 to 90 bytes a canvas pixel on 490 × 428 and 1153 × 998 canvases,
        /// 210 on the 368 × 368 preview drift (its scene holds more); estimated at 96 for the
        /// encoder plus the frames and threads.
        case streamedWebP
        /// Frames streamed into the H.264 encoder (render, batch with an MP4 output): it keeps the
        /// coded pictures (small) and a few pictures of its own — the source, reconstructed and
        /// reference pictures in 4:2:0 (1.5 bytes a pixel each) and its per-macroblock tables;
        /// estimated at 32 bytes a canvas pixel.
        case streamedMP4
        /// Every frame kept as RGBA (frames, verify, sheet, an APNG render): 4 bytes a pixel a frame.
        case allFrames
        /// No pixels at all (timeline, an SVG render).
        case noPixels
    }

    /// Bytes each worker thread holds while drawing, per canvas pixel: its rasterizer's
    /// coverage cells (4) and the frame it is drawing (4); for a streamed GIF also up to two
    /// finished frames waiting in the hand-over window and the encoder's per-thread compression
    /// buffers, rounded up to 12. Measured with 64 threads: about 3 bytes a pixel a worker on
    /// a 785 × 682 canvas (render), 4 on 969 × 840 (frames); the estimate stays above.
    static func workerBytesPerPixel(_ holding: FrameHolding) -> Double {
        holding == .allFrames ? 8 : 12
    }

    /// How `render` and `batch` hold the frames of a file in `format`.
    public static func streamedHolding(_ format: OutputFormat) -> FrameHolding {
        switch format {
        case .gif: .streamedGIF
        case .webp: .streamedWebP
        case .svg: .noPixels
        case .apng: .allFrames
        case .mp4: .streamedMP4
        }
    }

    /// What rendering `request` holds at its peak: the frames (as `holding` says), every
    /// worker thread's buffers (``RenderRequest/threads``, or the cores a large render uses),
    /// and the process.
    ///
    /// Cheap: lays out the scene and plans the frames without drawing any.
    public static func memoryEstimate(_ request: RenderRequest, holding: FrameHolding) -> MemoryEstimate {
        var estimate = MemoryEstimate()
        guard holding != .noPixels else { return estimate }
        let layout = request.makeEngine()
        let pixels = Double(layout.canvasWidth) * Double(layout.canvasHeight)
        let frames = holding == .streamedWebP ? FramePlan.emittedCount(request, maximumRepeats: webpMaximumRepeats)
                                              : emittedFrameCount(request)
        let workers = workerCount(request.threads, frames: frames, pixelsPerFrame: layout.canvasWidth * layout.canvasHeight)
        // Each layer an effect opens, per worker: its picture (4 bytes a pixel), its
        // premultiplied planes and a filtered copy (16 each) and a shadow's plane (4).
        // The static underlay the renderer keeps, when some ops draw alike in every frame.
        if layout.staticUnderlayFrames > 0 { estimate.add("static underlay", pixels * 4 * Double(layout.staticUnderlayFrames)) }
        if layout.layerDepth > 0 {
            estimate.add("effect layers", pixels * 40 * Double(layout.layerDepth) * Double(workers))
        }
        let scene = request.scene
        switch holding {
        case .streamedGIF:
            // One ink on one background has at most 256 colours (coverage levels); the
            // preview's two inks and border, or an opacity or scale effect, may have more.
            let manyColours = request.script != nil || request.example.mode == .preview || request.example.effect != .rotation
            // Frames equal to the one before hold no ids and share its index image: a still
            // picture holds one frame however long it lasts.
            let pictures = layout.drawsOnePicture ? min(frames, 1) : frames
            estimate.add("frames", pixels * Double(pictures) * (manyColours ? 3 : 2))
            estimate.add("encoder", pixels * 4 * 16)
            let recycled = recycledFrames(gifRecycledFrames, workers: workers, pixelsPerFrame: layout.canvasWidth * layout.canvasHeight)
            // A worker holds its recycled frames and the one it draws: one more than the frame
            // it draws and the two in the hand-over window that the threads' share counts.
            if recycled > 0 { estimate.add("recycled frames", pixels * 4 * Double(recycled + 1 - 3) * Double(workers)) }
        case .streamedWebP:
            // The frame waiting for its successor (equal ones are merged) and the encoder.
            estimate.add("frames", pixels * 4 * Double(min(frames, 2)))
            estimate.add("encoder", pixels * 96)
        case .streamedMP4:
            estimate.add("frames", pixels * 4 * 2)
            estimate.add("encoder", pixels * 32)
        case .allFrames:
            estimate.add("frames", pixels * 4 * Double(frames))
            // A transparent render is turned into what a browser shows: a second set of frames.
            if scene.transparentBackground { estimate.add("frames", pixels * 4 * Double(frames)) }
        case .noPixels:
            break
        }
        estimate.add("\(workers) thread\(workers == 1 ? "" : "s")", pixels * workerBytesPerPixel(holding) * Double(workers))
        return estimate
    }

    /// Refuses to render `request` when its peak — ``memoryEstimate(_:holding:)`` and what
    /// `extra` adds (a sheet, a reference, a diff) — is more than `limit` bytes. The one check
    /// every command and every batch entry makes before drawing.
    ///
    /// - Parameters:
    ///   - subject: what needs the memory; ``renderSubject(_:)`` when `nil`.
    ///   - advice: what to lower, e.g. `lower --scale, or raise --max-memory`.
    /// - Throws: ``SpinRenderError`` `.badData`, naming the total, the largest parts and the limit;
    ///   `.badData` too for a canvas of no pixels (0 wide or high) when `holding` draws any.
    public static func checkMemory(_ request: RenderRequest, holding: FrameHolding, limit: Int,
                                   adding extra: (inout MemoryEstimate) -> Void = { _ in }, subject: String? = nil,
                                   advice: String) throws(SpinRenderError) {
        if holding != .noPixels { try checkCanvas(request) }
        var estimate = memoryEstimate(request, holding: holding)
        extra(&estimate)
        try estimate.check(limit: limit, subject: subject ?? renderSubject(request), advice: advice)
    }

    /// Refuses a canvas without pixels, 0 wide or high (a view that lays out empty, under
    /// `--canvas layout` with no padding): no image format holds one, so it is said before
    /// drawing rather than by an encoder.
    ///
    /// - Throws: ``SpinRenderError`` `.badData` naming the canvas's size.
    public static func checkCanvas(_ request: RenderRequest) throws(SpinRenderError) {
        let engine = request.makeEngine()
        guard engine.canvasWidth > 0, engine.canvasHeight > 0 else {
            throw SpinRenderError(.badData, "the canvas would be \(engine.canvasWidth) × \(engine.canvasHeight) pixels: the view lays out empty; use --canvas ink or --padding to give it room, or write an SVG")
        }
    }

    /// `the render of 785 × 682 pixels × 25 frames`, for memory messages.
    public static func renderSubject(_ request: RenderRequest) -> String {
        let layout = request.makeEngine()
        return "the render of \(layout.canvasWidth) × \(layout.canvasHeight) pixels × \(emittedFrameCount(request)) frames"
    }

    /// The sheet layout for `request`'s frames, worked out without drawing them, so the sheet's
    /// size can be checked before rendering.
    ///
    /// - Parameters:
    ///   - columns: frames per row, or `nil` for the count that makes the sheet closest to square.
    ///   - fontScale: pixels per font dot of the time labels.
    public static func sheetLayout(_ request: RenderRequest, columns: Int?, fontScale: Int) -> ContactSheet.Layout {
        let layout = request.makeEngine()
        let schedule = FramePlan.Schedule(request, engine: layout)
        let delays = schedule.timing.delaysCentiseconds.prefix(schedule.emittedCount)
        return ContactSheet.layout(frameWidth: layout.canvasWidth, frameHeight: layout.canvasHeight,
                                   delaysCentiseconds: Array(delays), columns: columns, fontScale: fontScale)
    }
}
