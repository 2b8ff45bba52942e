/// A rectangle of the canvas in pixels.
struct PixelRect: Hashable {
    var x: Int, y: Int, width: Int, height: Int
    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
    var isEmpty: Bool { width <= 0 || height <= 0 }

    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// One image as it will be written: where, its LZW data, how it is disposed, how long it shows.
struct PlannedFrame {
    var rect: PixelRect
    /// LZW data for the rectangle (code size byte and sub-block framing added when writing).
    var lzw: [UInt8]
    /// GIF disposal method: 1 keep, 2 restore to background (transparent), 3 restore previous.
    var disposal: Int
    var delayCentiseconds: Int
}

/// Chooses, for each displayed target frame, the rectangle, pixels and disposal that reproduce
/// it exactly with the fewest bytes (issue 4 §1).
///
/// Works on palette-index images of the whole canvas, `T` standing for a transparent pixel. The
/// canvas a frame is drawn on is what the previous frame's disposal leaves:
/// - keep (1): the previous displayed image; impossible when a pixel must turn transparent,
///   because a GIF frame can only leave a pixel or paint it opaque (DESIGN.md §3);
/// - restore to background (2): the previous image with its rectangle cleared; the rectangle is
///   enlarged to cover every pixel that must turn transparent, and the next frame is diffed
///   against that cleared canvas;
/// - restore previous (3): the canvas from before the previous frame.
/// The options are tried in that order and the smallest total wins (ties keep the earlier
/// option), so the plan is deterministic. The first frame always covers the whole canvas, so
/// players that do or do not clear the canvas when the loop restarts show the same; when the
/// last frame leaves opaque pixels where the first frame is transparent, it is disposed with
/// restore to background over a rectangle covering them.
///
/// Inside a frame's rectangle an unchanged pixel may be written as its colour or as the
/// transparent index; three encodings are measured (all colours, all unchanged transparent,
/// and ``LZWEncoder``'s per-pixel choice) and the smallest kept.
struct FramePlanner {
    let width: Int
    let height: Int
    /// The transparent index, if the palette has one.
    let transparent: UInt8?
    /// Whether some target has transparent pixels (only then can disposal 2 or 3 be needed).
    let hasTransparentPixels: Bool
    var encoder: LZWEncoder

    private var count: Int { width * height }

    /// Bounding box of the pixels where `wanted` differs from `canvas`.
    func changedRect(_ wanted: [UInt8], _ canvas: [UInt8]) -> PixelRect {
        bbox(wanted, canvas) { w, c in w != c }
    }

    /// Bounding box of the pixels opaque in `canvas` but transparent in `wanted`.
    func mustClearRect(_ wanted: [UInt8], _ canvas: [UInt8]) -> PixelRect {
        guard let t = transparent, hasTransparentPixels else { return .empty }
        return bbox(wanted, canvas) { w, c in w == t && c != t }
    }

    @inline(__always)
    private func bbox(_ a: [UInt8], _ b: [UInt8], _ differs: (UInt8, UInt8) -> Bool) -> PixelRect {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var x0 = width, x1 = -1, y0 = height, y1 = -1
                // a and b both hold width * height indices; row + x < that.
                for y in 0..<height {
                    let row = y * width
                    var first = -1, last = -1
                    for x in 0..<width where differs(a[row + x], b[row + x]) {
                        if first < 0 { first = x }
                        last = x
                    }
                    if first >= 0 {
                        x0 = min(x0, first); x1 = max(x1, last)
                        y0 = min(y0, y); y1 = y
                    }
                }
                return x1 < 0 ? .empty : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
            }
        }
    }

    /// The smallest LZW encoding of `wanted` inside `rect`, drawn over `canvas`.
    mutating func encode(_ wanted: [UInt8], over canvas: [UInt8], in rect: PixelRect) -> [UInt8] {
        let n = rect.width * rect.height
        var primary = [UInt8](repeating: 0, count: n)
        var unchanged = [UInt8](repeating: 0, count: n)
        var anyUnchanged = false
        let t = transparent
        primary.withUnsafeMutableBufferPointer { p in
            unchanged.withUnsafeMutableBufferPointer { u in
                wanted.withUnsafeBufferPointer { w in
                    canvas.withUnsafeBufferPointer { c in
                        // rect lies inside the canvas, so src < width * height; dst < n.
                        var dst = 0
                        for y in rect.y..<(rect.y + rect.height) {
                            var src = y * width + rect.x
                            for _ in 0..<rect.width {
                                let value = w[src]
                                p[dst] = value
                                if let t, value == c[src] {
                                    u[dst] = t
                                    anyUnchanged = true
                                } else {
                                    u[dst] = value
                                }
                                dst += 1
                                src += 1
                            }
                        }
                    }
                }
            }
        }
        var best = primary.withUnsafeBufferPointer { encoder.compress($0).bytes }
        guard anyUnchanged else { return best }
        let allTransparent = unchanged.withUnsafeBufferPointer { encoder.compress($0).bytes }
        if allTransparent.count < best.count { best = allTransparent }
        let chosen = primary.withUnsafeBufferPointer { p in
            unchanged.withUnsafeBufferPointer { u in encoder.compress(p, alternatives: u).bytes }
        }
        if chosen.count < best.count { best = chosen }
        return best
    }

    /// The rectangle to store for `wanted` over `canvas` (1 × 1 when nothing changed).
    func frameRect(_ wanted: [UInt8], over canvas: [UInt8]) -> PixelRect {
        let r = changedRect(wanted, canvas)
        return r.isEmpty ? PixelRect(x: 0, y: 0, width: 1, height: 1) : r
    }

    /// `image` with `rect` set to the transparent index.
    func cleared(_ image: [UInt8], _ rect: PixelRect) -> [UInt8] {
        var out = image
        let t = transparent ?? 0
        for y in rect.y..<(rect.y + rect.height) {
            let start = y * width + rect.x
            out.replaceSubrange(start..<(start + rect.width), with: repeatElement(t, count: rect.width))
        }
        return out
    }

    /// Plans every frame.
    ///
    /// - Parameters:
    ///   - images: palette-index images of the whole canvas.
    ///   - targets: displayed frames in order, as (image number, delay ≤ 65535 cs).
    ///   - loops: whether playback restarts (then the last frame's disposal must suit frame 0).
    mutating func plan(images: [[UInt8]], targets: [(image: Int, delay: Int)], loops: Bool) -> [PlannedFrame] {
        var planned: [PlannedFrame] = []
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        var before = [UInt8](repeating: transparent ?? 0, count: count)   // canvas before the previous frame
        for (t, target) in targets.enumerated() {
            let wanted = images[target.image]
            if t == 0 {
                planned.append(PlannedFrame(rect: full, lzw: encode(wanted, over: before, in: full), disposal: 1,
                                            delayCentiseconds: target.delay))
                continue
            }
            let shown = images[targets[t - 1].image]
            let previous = planned[t - 1]
            // Option keep.
            var bestCost = Int.max
            var bestCanvas: [UInt8] = []
            var bestPrevious = previous
            var bestFrame = previous
            let mustClear = mustClearRect(wanted, shown)
            if mustClear.isEmpty {
                let rect = frameRect(wanted, over: shown)
                let lzw = encode(wanted, over: shown, in: rect)
                bestCost = lzw.count
                bestCanvas = shown
                bestPrevious.disposal = 1
                bestFrame = PlannedFrame(rect: rect, lzw: lzw, disposal: 1, delayCentiseconds: target.delay)
            }
            if hasTransparentPixels {
                // Option restore to background over a rectangle covering what must clear.
                var disposed = previous
                disposed.disposal = 2
                let cover = previous.rect.union(mustClear)
                var extra = 0
                if cover != previous.rect {
                    disposed.rect = cover
                    disposed.lzw = encode(shown, over: before, in: cover)
                    extra = disposed.lzw.count - previous.lzw.count
                }
                let canvas = cleared(shown, cover)
                let rect = frameRect(wanted, over: canvas)
                let lzw = encode(wanted, over: canvas, in: rect)
                if extra + lzw.count < bestCost {
                    bestCost = extra + lzw.count
                    bestCanvas = canvas
                    bestPrevious = disposed
                    bestFrame = PlannedFrame(rect: rect, lzw: lzw, disposal: 1, delayCentiseconds: target.delay)
                }
                // Option restore previous.
                if mustClearRect(wanted, before).isEmpty {
                    let rect = frameRect(wanted, over: before)
                    let lzw = encode(wanted, over: before, in: rect)
                    if lzw.count < bestCost {
                        bestCost = lzw.count
                        bestCanvas = before
                        bestPrevious = previous
                        bestPrevious.disposal = 3
                        bestFrame = PlannedFrame(rect: rect, lzw: lzw, disposal: 1, delayCentiseconds: target.delay)
                    }
                }
            }
            precondition(bestCost < Int.max, "restore to background is always possible")
            planned[t - 1] = bestPrevious
            planned.append(bestFrame)
            before = bestCanvas
        }
        if loops, targets.count > 1, let last = targets.last {
            let shown = images[last.image]
            let mustClear = mustClearRect(images[targets[0].image], shown)
            if !mustClear.isEmpty {
                var final = planned[planned.count - 1]
                final.disposal = 2
                let cover = final.rect.union(mustClear)
                if cover != final.rect {
                    final.rect = cover
                    final.lzw = encode(shown, over: before, in: cover)
                }
                planned[planned.count - 1] = final
            }
        }
        return planned
    }
}
