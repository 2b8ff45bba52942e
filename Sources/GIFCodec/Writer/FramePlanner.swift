import Workers
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One image as it will be written: where, its LZW data, how it is disposed, how long it shows.
struct PlannedFrame {
    var rect: PixelRect
    /// LZW data for the rectangle (code size byte and sub-block framing added when writing).
    var lzw: [UInt8]
    /// The LZW minimum code size: just enough bits for the largest index the frame uses.
    var minCodeSize: Int
    /// This frame's transparent index (any index the frame does not draw), if it needs one.
    var transparentIndex: Int?
    /// Whether the LZW data holds the rows in interlaced order (GIF89a §20, Appendix E).
    var interlaced = false
    /// GIF disposal method: 1 keep, 2 restore to background (transparent), 3 restore previous.
    var disposal: Int
    var delayCentiseconds: Int
}

/// How one frame's rectangle is encoded.
struct EncodedRect {
    var lzw: [UInt8]
    var minCodeSize: Int
    var transparentIndex: Int?
    /// Rows in interlaced order (passes from rows 0, 4, 2, 1 stepping 8, 8, 4, 2).
    var interlaced = false
}

/// Chooses, for each displayed target frame, the rectangle, pixels and disposal that reproduce
/// it exactly with the fewest bytes.
///
/// Works on palette-index images of the whole canvas in the palette's sorted-colour order (the
/// `order` table gives each colour's index in the written palette), `transparentSymbol`
/// standing for a transparent pixel. The canvas a frame is drawn on is what the previous
/// frame's disposal leaves:
/// - keep (1): the previous displayed image; impossible when a pixel must turn transparent,
///   because a GIF frame can only leave a pixel or paint it opaque (GIF89a §23: one transparent index
///   that leaves the pixel as it was);
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
/// Each frame gets its own transparent index, the smallest index it does not draw, and the
/// smallest LZW code size its indices allow (as gifsicle does; the code size byte may be
/// below the global table's bits). Inside the rectangle an unchanged pixel may be written as its
/// colour or as the transparent index; the encodings with all colours and with all unchanged
/// pixels transparent are measured, then ``LZWEncoder``'s per-pixel choice when all-transparent
/// won, and the smallest is kept (rectangles over 64 Ki pixels rank the first two on a band of
/// rows first). With `flexibleParsing` (`--effort max`) the winner is also tried with flexible
/// parsing, with its rows in order and interlaced.
struct FramePlanner {
    let width: Int
    let height: Int
    /// The index-image value of a transparent pixel, if any target has transparent pixels.
    let transparentSymbol: UInt8?
    /// Sorted-colour index → written palette index (256 entries; the symbol maps to itself).
    let order: [UInt8]
    /// Number of entries in the written global colour table.
    let tableSize: Int
    /// Whether rectangles up to ``flexibleParsingLimit`` pixels get flexible parsing, rows in
    /// order and interlaced.
    var flexibleParsing = false
    var encoder = LZWEncoder()

    private var count: Int { width * height }
    private var hasTransparentPixels: Bool { transparentSymbol != nil }

    init(width: Int, height: Int, transparentSymbol: UInt8?, order: [UInt8], tableSize: Int) {
        self.width = width
        self.height = height
        self.transparentSymbol = transparentSymbol
        self.order = order
        self.tableSize = tableSize
    }

    /// Bounding box of the pixels where `wanted` differs from `canvas`.
    func changedRect(_ wanted: [UInt8], _ canvas: [UInt8]) -> PixelRect {
        PixelRect.changedBox(wanted, canvas, width: width, height: height)
    }

    /// Bounding box of the pixels opaque in `canvas` but transparent in `wanted`.
    func mustClearRect(_ wanted: [UInt8], _ canvas: [UInt8]) -> PixelRect {
        guard let t = transparentSymbol else { return .empty }
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

    /// Smallest LZW code size for indices up to `maxIndex`.
    /// Rectangles with more pixels than this are encoded greedily, without flexible parsing.
    static let flexibleParsingLimit = 1 << 16

    private static func codeSize(_ maxIndex: Int) -> Int {
        var bits = 2
        while 1 << bits <= maxIndex { bits += 1 }
        return bits
    }

    /// The smallest encoding of `wanted` inside `rect`, drawn over `canvas` (`nil`: the fully
    /// transparent canvas before the first frame).
    mutating func encode(_ wanted: [UInt8], over canvas: [UInt8]?, in rect: PixelRect) -> EncodedRect {
        let n = rect.width * rect.height
        // Written index of each pixel of the rectangle (`marker`: transparent), whether it is
        // unchanged, and which indices are drawn (bit 0: by any pixel, bit 1: by a changed one).
        // With transparent pixels the palette has at most 255 colours, so written indices stop
        // at 254 and 0xFF is free to mark them; without, no value is the marker.
        // Every array below is filled in whole by its first loop, so none is zeroed first.
        let marker = transparentSymbol == nil ? -1 : 0xFF
        var values = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
        var unchanged = [Bool](unsafeUninitializedCapacity: n) { _, count in count = n }
        var drawn = [UInt8](repeating: 0, count: 257)
        var anyUnchanged = false, anyTransparent = false
        let symbol = transparentSymbol.map(Int.init) ?? -1
        let width = self.width
        // Decided on the optional itself: an empty array's buffer still has a base address.
        let opaqueOverCanvas = canvas != nil && transparentSymbol == nil
        values.withUnsafeMutableBufferPointer { v in
            unchanged.withUnsafeMutableBufferPointer { u in
                drawn.withUnsafeMutableBufferPointer { d in
                    wanted.withUnsafeBufferPointer { w in
                        (canvas ?? []).withUnsafeBufferPointer { c in
                            order.withUnsafeBufferPointer { order in
                                // rect lies inside the canvas, so src < width * height = w.count
                                // (= c.count when a canvas is given); dst < n; indices < 256.
                                var dst = 0
                                if opaqueOverCanvas {
                                    // Opaque frames over a canvas: the common case, without the
                                    // transparent tests.
                                    for y in rect.y..<(rect.y + rect.height) {
                                        let src = y * width + rect.x
                                        for x in 0..<rect.width {
                                            let value = w[src + x]
                                            let same = value == c[src + x]
                                            let index = order[Int(value)]
                                            v[dst] = index
                                            d[Int(index)] |= same ? 1 : 3
                                            u[dst] = same
                                            anyUnchanged = anyUnchanged || same
                                            dst += 1
                                        }
                                    }
                                    return
                                }
                                let hasCanvas = c.count > 0
                                for y in rect.y..<(rect.y + rect.height) {
                                    var src = y * width + rect.x
                                    for _ in 0..<rect.width {
                                        let value = w[src]
                                        let same = hasCanvas ? value == c[src] : Int(value) == symbol
                                        if Int(value) == symbol {
                                            v[dst] = 0xFF
                                            anyTransparent = true
                                        } else {
                                            let index = Int(order[Int(value)])
                                            v[dst] = UInt8(index)
                                            d[index] |= same ? 1 : 3
                                        }
                                        u[dst] = same
                                        if same { anyUnchanged = true }
                                        dst += 1
                                        src += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // All colours: only transparent pixels need the transparent index.
        let rawTransparent = anyTransparent ? drawn.firstIndex { $0 & 1 == 0 }! : nil
        let rawMax = max(drawn.lastIndex { $0 & 1 != 0 } ?? 0, rawTransparent ?? 0)
        let rawSize = Self.codeSize(rawMax)
        var raw = values
        if let rawTransparent {
            raw.withUnsafeMutableBufferPointer { r in
                // r holds n entries.
                for i in 0..<n where Int(r[i]) == marker { r[i] = UInt8(rawTransparent) }
            }
        }
        // Candidates are compared with plain greedy LZW (fast), keeping the winner's bytes; with
        // `flexibleParsing` (--effort max) the winner is then encoded with flexible parsing,
        // kept when smaller.
        //
        // The transparent candidates exist when some pixel is unchanged and the frame has a free
        // index for them: the smallest index no changed pixel draws, inside the table (always
        // found when the frames have transparent pixels: the palette then keeps a free slot;
        // otherwise a frame drawing every entry just stores all colours).
        var transparentIndex: Int? = nil
        if anyUnchanged, let t = drawn.firstIndex(where: { $0 & 2 == 0 }), t < tableSize { transparentIndex = t }
        let size = transparentIndex.map { Self.codeSize(max(drawn.lastIndex { $0 & 2 != 0 } ?? 0, $0)) } ?? rawSize
        let limit = 1 << size
        var allTransparent: [UInt8] = []
        if let t = transparentIndex {
            allTransparent = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
            allTransparent.withUnsafeMutableBufferPointer { a in
                values.withUnsafeBufferPointer { v in
                    unchanged.withUnsafeBufferPointer { u in
                        // All three hold n entries.
                        for i in 0..<n { a[i] = u[i] ? UInt8(t) : v[i] }
                    }
                }
            }
        }
        // Unchanged pixels as their colour where it fits the code size, else transparent; the
        // encoder picks per pixel between this and `allTransparent`. Built only when tried.
        func makeEither(_ t: Int) -> [UInt8] {
            var either = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
            either.withUnsafeMutableBufferPointer { e in
                values.withUnsafeBufferPointer { v in
                    unchanged.withUnsafeBufferPointer { u in
                        // All three hold n entries.
                        for i in 0..<n {
                            let value = v[i]
                            e[i] = !u[i] || (Int(value) != marker && Int(value) < limit) ? value : UInt8(t)
                        }
                    }
                }
            }
            return either
        }
        // Large rectangles (over 64 Ki pixels) first compare all-colour and all-transparent on
        // a central band of a quarter of the rows: the one more than 5 % behind there is not
        // encoded in full (close calls are decided on the whole rectangle), and the per-pixel
        // choice, a refinement of all-transparent, is tried only when all-transparent is.
        var tryRaw = true, tryTransparent = transparentIndex != nil
        if n > Self.flexibleParsingLimit, transparentIndex != nil {
            let bandStart = rect.height * 3 / 8, bandRows = max(1, rect.height / 4)
            let band = (bandStart * rect.width)..<((bandStart + bandRows) * rect.width)
            func sample(_ pixels: [UInt8], _ codeSize: Int) -> Int {
                pixels.withUnsafeBufferPointer { p in
                    encoder.compress(UnsafeBufferPointer(rebasing: p[band]), minCodeSize: codeSize, flexible: false,
                                     countOnly: true).count
                }
            }
            let rawSample = sample(raw, rawSize), transparentSample = sample(allTransparent, size)
            tryRaw = rawSample * 20 <= transparentSample * 21
            tryTransparent = transparentSample * 20 <= rawSample * 21
        }
        var best = EncodedRect(lzw: [], minCodeSize: rawSize, transparentIndex: rawTransparent)
        var bestPixels = raw, bestAlternatives: [UInt8]? = nil
        var bestCount = Int.max
        if tryRaw {
            best.lzw = raw.withUnsafeBufferPointer { encoder.compress($0, minCodeSize: rawSize, flexible: false).bytes }
            bestCount = best.lzw.count
        }
        if let t = transparentIndex {
            var transparentCount = Int.max
            if tryTransparent {
                let transparentBytes = allTransparent.withUnsafeBufferPointer {
                    encoder.compress($0, minCodeSize: size, flexible: false).bytes
                }
                transparentCount = transparentBytes.count
                if transparentCount < bestCount {
                    bestCount = transparentCount
                    best = EncodedRect(lzw: transparentBytes, minCodeSize: size, transparentIndex: t)
                    bestPixels = allTransparent
                }
            }
            // The per-pixel choice refines all-transparent and is the slow candidate: it is
            // tried only when all-transparent already wins, where it is most likely to pay.
            if tryTransparent && transparentCount <= bestCount {
                let candidate = makeEither(t)
                let eitherBytes = candidate.withUnsafeBufferPointer { e in
                    allTransparent.withUnsafeBufferPointer { a in
                        encoder.compress(e, alternatives: a, minCodeSize: size, flexible: false).bytes
                    }
                }
                if eitherBytes.count < bestCount {
                    bestCount = eitherBytes.count
                    best = EncodedRect(lzw: eitherBytes, minCodeSize: size, transparentIndex: t)
                    bestPixels = candidate
                    bestAlternatives = allTransparent
                }
            }
        }
        // Flexible parsing gains 1–4 % but costs several greedy passes; large rectangles (over
        // 64 Ki pixels, e.g. a 120 pt glyph at @3x) keep the greedy encoding.
        if !flexibleParsing || n > Self.flexibleParsingLimit { return best }
        let flexible = bestPixels.withUnsafeBufferPointer { p in
            (bestAlternatives ?? []).withUnsafeBufferPointer { a in
                encoder.compress(p, alternatives: bestAlternatives == nil ? nil : a, minCodeSize: best.minCodeSize,
                                 flexible: true).bytes
            }
        }
        if flexible.count <= bestCount { best.lzw = flexible }
        // The same pixels with the rows interlaced: rows 8 apart follow each other, which
        // LZW sometimes finds more repetitive (a rotating glyph: about 0.6 % smaller overall).
        guard rect.height > 1 else { return best }
        let rows = Self.interlacedRows(rect.height)
        func interlace(_ pixels: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(pixels.count)
            for row in rows { out += pixels[(row * rect.width)..<((row + 1) * rect.width)] }
            return out
        }
        let interlacedAlternatives = bestAlternatives.map(interlace)
        let interlaced = interlace(bestPixels).withUnsafeBufferPointer { p in
            (interlacedAlternatives ?? []).withUnsafeBufferPointer { a in
                encoder.compress(p, alternatives: interlacedAlternatives == nil ? nil : a, minCodeSize: best.minCodeSize,
                                 flexible: true).bytes
            }
        }
        if interlaced.count < best.lzw.count {
            best.lzw = interlaced
            best.interlaced = true
        }
        return best
    }

    /// The rows of an image `height` rows tall in interlaced order: every 8th from row 0, every
    /// 8th from row 4, every 4th from row 2, every 2nd from row 1 (GIF89a Appendix E).
    static func interlacedRows(_ height: Int) -> [Int] {
        Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
            + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
    }

    /// The rectangle to store for `wanted` over `canvas` (1 × 1 when nothing changed).
    func frameRect(_ wanted: [UInt8], over canvas: [UInt8]) -> PixelRect {
        let r = changedRect(wanted, canvas)
        return r.isEmpty ? PixelRect(x: 0, y: 0, width: 1, height: 1) : r
    }

    /// `image` with `rect` set to the transparent index.
    func cleared(_ image: [UInt8], _ rect: PixelRect) -> [UInt8] {
        var out = image
        let t = transparentSymbol ?? 0
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
    ///   - threads: workers for the opaque case (`nil`: every core).
    mutating func plan(images: [[UInt8]], targets: [(image: Int, delay: Int)], loops: Bool,
                       threads: Int? = nil) -> [PlannedFrame] {
        // Without transparent pixels only "keep" is possible, and frame t's encoding depends
        // on nothing but the images shown at t − 1 and t: compress every frame in parallel,
        // one encoder per worker. The result is the same as the sequential loop's.
        // `threads` decides (the caller weighs the work against starting threads); by default
        // (nil) animations under a million pixel-frames stay on one thread.
        let parallelWorth = targets.count > 1 && (threads.map { $0 > 1 } ?? (count * targets.count >= 1 << 20))
        let precomputed = hasTransparentPixels || !parallelWorth ? nil
            : keepEncodings(images: images, targets: targets, threads: threads)
        var planned: [PlannedFrame] = []
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        func frame(_ rect: PixelRect, _ encoded: EncodedRect, delay: Int) -> PlannedFrame {
            PlannedFrame(rect: rect, lzw: encoded.lzw, minCodeSize: encoded.minCodeSize,
                         transparentIndex: encoded.transparentIndex, interlaced: encoded.interlaced,
                         disposal: 1, delayCentiseconds: delay)
        }
        // The canvas before the previous frame; nil is the transparent canvas before the first
        // frame of an animation without transparent pixels (no index stands for it).
        var before: [UInt8]? = transparentSymbol.map { [UInt8](repeating: $0, count: count) }
        for (t, target) in targets.enumerated() {
            let wanted = images[target.image]
            if let precomputed {
                let (rect, encoded) = precomputed[t]
                planned.append(frame(rect, encoded, delay: target.delay))
                continue
            }
            if t == 0 {
                planned.append(frame(full, encode(wanted, over: before, in: full), delay: target.delay))
                continue
            }
            let shown = images[targets[t - 1].image]
            let previous = planned[t - 1]
            var bestCost = Int.max
            var bestCanvas: [UInt8] = []
            var bestPrevious = previous
            var bestFrame = previous
            // Option keep.
            let mustClear = mustClearRect(wanted, shown)
            if mustClear.isEmpty {
                let rect = frameRect(wanted, over: shown)
                let encoded = encode(wanted, over: shown, in: rect)
                bestCost = encoded.lzw.count
                bestCanvas = shown
                bestPrevious.disposal = 1
                bestFrame = frame(rect, encoded, delay: target.delay)
            }
            if hasTransparentPixels, let before {
                // Option restore to background over a rectangle covering what must clear.
                var disposed = previous
                disposed.disposal = 2
                let cover = previous.rect.union(mustClear)
                var extra = 0
                if cover != previous.rect {
                    let encoded = encode(shown, over: before, in: cover)
                    disposed = frame(cover, encoded, delay: previous.delayCentiseconds)
                    disposed.disposal = 2
                    extra = encoded.lzw.count - previous.lzw.count
                }
                let canvas = cleared(shown, cover)
                let rect = frameRect(wanted, over: canvas)
                let encoded = encode(wanted, over: canvas, in: rect)
                if extra + encoded.lzw.count < bestCost {
                    bestCost = extra + encoded.lzw.count
                    bestCanvas = canvas
                    bestPrevious = disposed
                    bestFrame = frame(rect, encoded, delay: target.delay)
                }
                // Option restore previous.
                if mustClearRect(wanted, before).isEmpty {
                    let rect = frameRect(wanted, over: before)
                    let encoded = encode(wanted, over: before, in: rect)
                    if encoded.lzw.count < bestCost {
                        bestCost = encoded.lzw.count
                        bestCanvas = before
                        bestPrevious = previous
                        bestPrevious.disposal = 3
                        bestFrame = frame(rect, encoded, delay: target.delay)
                    }
                }
            }
            precondition(bestCost < Int.max, "restore to background is always possible")
            planned[t - 1] = bestPrevious
            planned.append(bestFrame)
            before = bestCanvas
        }
        if loops, targets.count > 1, let last = targets.last, let before {
            let shown = images[last.image]
            let mustClear = mustClearRect(images[targets[0].image], shown)
            if !mustClear.isEmpty {
                var final = planned[planned.count - 1]
                let cover = final.rect.union(mustClear)
                if cover != final.rect {
                    final = frame(cover, encode(shown, over: before, in: cover), delay: final.delayCentiseconds)
                }
                final.disposal = 2
                planned[planned.count - 1] = final
            }
        }
        return planned
    }

    /// Every frame's rectangle and encoding under "keep" disposal, for opaque animations:
    /// frame 0 whole, frame t the rectangle that changed since frame t − 1.
    private func keepEncodings(images: [[UInt8]], targets: [(image: Int, delay: Int)],
                               threads: Int?) -> [(PixelRect, EncodedRect)] {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        let results = EncodingSlots(count: targets.count)
        let workers = max(1, min(targets.count, threads ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        Workers.run(workers) { worker in
            var planner = self
            planner.encoder = LZWEncoder()
            var t = worker
            while t < targets.count {
                let wanted = images[targets[t].image]
                if t == 0 {
                    results.store((full, planner.encode(wanted, over: nil, in: full)), at: t)
                } else {
                    let shown = images[targets[t - 1].image]
                    let rect = planner.frameRect(wanted, over: shown)
                    results.store((rect, planner.encode(wanted, over: shown, in: rect)), at: t)
                }
                t += workers
            }
        }
        return results.values
    }
}

/// Fixed result slots filled by worker threads, each index written once.
private final class EncodingSlots: Sendable {
    private let storage: Mutex<[(PixelRect, EncodedRect)?]>
    init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }
    func store(_ value: (PixelRect, EncodedRect), at index: Int) { storage.withLock { $0[index] = value } }
    var values: [(PixelRect, EncodedRect)] { storage.withLock { $0.map { $0! } } }
}
