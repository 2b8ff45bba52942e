import Workers
import Synchronization
import Glibc

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
    /// Per target, a box outside which it equals the target before it (`nil`: unknown, the
    /// whole canvas is compared).
    var bounds: [PixelRect]? = nil
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

    /// Bounding box of the pixels where `wanted` differs from `canvas`, which are equal outside
    /// `bound` (the whole canvas when `nil`).
    func changedRect(_ wanted: [UInt8], _ canvas: [UInt8], within bound: PixelRect? = nil) -> PixelRect {
        PixelRect.changedBox(wanted, canvas, width: width, height: height, within: bound)
    }

    /// Bounding box of the pixels opaque in `canvas` but transparent in `wanted`, which are
    /// equal outside `bound` (the whole canvas when `nil`).
    func mustClearRect(_ wanted: [UInt8], _ canvas: [UInt8], within bound: PixelRect? = nil) -> PixelRect {
        guard let t = transparentSymbol else { return .empty }
        return bbox(wanted, canvas, within: bound ?? PixelRect(x: 0, y: 0, width: width, height: height)) { w, c in
            w == t && c != t
        }
    }

    @inline(__always)
    private func bbox(_ a: [UInt8], _ b: [UInt8], within bound: PixelRect, _ differs: (UInt8, UInt8) -> Bool) -> PixelRect {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var x0 = width, x1 = -1, y0 = height, y1 = -1
                // a and b both hold width * height indices, and bound lies inside the canvas.
                for y in bound.y..<(bound.y + bound.height) {
                    let row = y * width
                    var first = -1, last = -1
                    for x in bound.x..<(bound.x + bound.width) where differs(a[row + x], b[row + x]) {
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

    /// Rectangles with more pixels than this compare their candidates on a sample first
    /// (``worthTrying(_:_:rect:)``).
    static let sampledRectangleLimit = 1 << 14

    /// Rectangles with more pixels than this are encoded greedily, without flexible parsing.
    static let flexibleParsingLimit = 1 << 16

    /// Smallest LZW code size for indices up to `maxIndex`.
    private static func codeSize(_ maxIndex: Int) -> Int {
        var bits = 2
        while 1 << bits <= maxIndex { bits += 1 }
        return bits
    }

    /// The smallest encoding of `wanted` inside `rect`, drawn over `canvas` (`nil`: the fully
    /// transparent canvas before the first frame).
    ///
    /// The steps: read the rectangle's pixels (``RectPixels``); build the all-colours
    /// candidate and, when some pixel is unchanged and an index is free, the all-transparent
    /// one; compare them with greedy LZW, adding the per-pixel choice when all-transparent wins;
    /// then, with `flexibleParsing`, refine the winner.
    mutating func encode(_ wanted: [UInt8], over canvas: [UInt8]?, in rect: PixelRect) -> EncodedRect {
        let pixels = rectPixels(wanted, over: canvas, in: rect)
        let candidates = Candidates(pixels, tableSize: tableSize)
        let winner = smallestGreedy(candidates, pixels, rect: rect)
        // Flexible parsing gains 1–4 % but costs several greedy passes; large rectangles (over
        // 64 Ki pixels, e.g. a 120 pt glyph at @3x) keep the greedy encoding.
        guard flexibleParsing, pixels.count <= Self.flexibleParsingLimit else { return winner.encoded }
        return refined(winner, rect: rect)
    }

    /// The pixels of one rectangle, as the candidate encodings are built from them.
    struct RectPixels {
        /// Written palette index of each pixel, row by row; ``marker`` for a transparent pixel.
        var values: [UInt8]
        /// Whether each pixel is the same as on the canvas below.
        var unchanged: [Bool]
        /// Per written index: bit 0 set when any pixel draws it, bit 1 when a changed one does.
        var drawn: [UInt8]
        var anyUnchanged = false
        var anyTransparent = false
        /// The value of a transparent pixel in ``values``: with transparent pixels the palette has
        /// at most 255 colours, so written indices stop at 254 and 0xFF is free; without, -1 (no
        /// value is the marker).
        let marker: Int

        var count: Int { values.count }
    }

    /// Reads the rectangle: each pixel's written index, whether it is unchanged, and which
    /// indices are drawn.
    func rectPixels(_ wanted: [UInt8], over canvas: [UInt8]?, in rect: PixelRect) -> RectPixels {
        let n = rect.width * rect.height
        // Every array is filled in whole by the loop, so none is zeroed first.
        var values = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
        var unchanged = [Bool](unsafeUninitializedCapacity: n) { _, count in count = n }
        var drawn = [UInt8](repeating: 0, count: 257)
        var anyUnchanged = false, anyTransparent = false
        let symbol = transparentSymbol.map(Int.init) ?? -1
        let width = self.width
        // Decided on the optional itself: an empty array's buffer still has a base address.
        let opaqueOverCanvas = canvas != nil && transparentSymbol == nil
        withBuffers(&values, &unchanged, &drawn, wanted, canvas ?? []) { v, u, d, w, c, order in
            // rect lies inside the canvas, so src < width * height = w.count (= c.count when a
            // canvas is given); dst < n; indices < 256.
            var dst = 0
            if opaqueOverCanvas {
                // Opaque frames over a canvas: the common case, without the transparent tests.
                // The flags are stored, never read and or-ed, in the loop: a read-modify-write of
                // the same index (a background) makes each pixel wait for the last one's store.
                // Bit 1 of a changed pixel's index goes to `changedDrawn`, an unchanged pixel's
                // to its spare last slot.
                // Eight pixels unchanged at once (a background beside a spinner, the rows between it and
                // its label) are read and written as words: one index when they are one colour.
                let wanted = UnsafeRawPointer(w.baseAddress!), shown = UnsafeRawPointer(c.baseAddress!)
                let values = UnsafeMutableRawPointer(v.baseAddress!), same = UnsafeMutableRawPointer(u.baseAddress!)
                let ones: UInt64 = 0x0101_0101_0101_0101
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 257) { changedDrawn in
                    changedDrawn.initialize(repeating: 0)
                    var unchangedSeen: UInt8 = 0
                    for y in rect.y..<(rect.y + rect.height) {
                        let src = y * width + rect.x
                        var x = 0
                        while x < rect.width {
                            // x + 8 ≤ rect.width: the eight pixels lie in the row, inside w and c.
                            if x + 8 <= rect.width {
                                let word = wanted.loadUnaligned(fromByteOffset: src + x, as: UInt64.self)
                                if word == shown.loadUnaligned(fromByteOffset: src + x, as: UInt64.self) {
                                    let first = UInt8(truncatingIfNeeded: UInt64(littleEndian: word))
                                    if word == UInt64(first) &* ones {
                                        let index = order[Int(first)]
                                        values.storeBytes(of: UInt64(index) &* ones, toByteOffset: dst, as: UInt64.self)
                                        d[Int(index)] = 1
                                    } else {
                                        for k in 0..<8 {
                                            let index = order[Int(w[src + x + k])]
                                            v[dst + k] = index
                                            d[Int(index)] = 1
                                        }
                                    }
                                    // Bool is one byte, 1 for true.
                                    same.storeBytes(of: ones, toByteOffset: dst, as: UInt64.self)
                                    unchangedSeen = 1
                                    x += 8
                                    dst += 8
                                    continue
                                }
                            }
                            let value = w[src + x]
                            let isSame = value == c[src + x]
                            let index = Int(order[Int(value)])
                            v[dst] = UInt8(truncatingIfNeeded: index)
                            u[dst] = isSame
                            d[index] = 1
                            changedDrawn[isSame ? 256 : index] = 2
                            unchangedSeen |= isSame ? 1 : 0
                            dst += 1
                            x += 1
                        }
                    }
                    for index in 0..<256 { d[index] |= changedDrawn[index] }
                    anyUnchanged = unchangedSeen != 0
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
        return RectPixels(values: values, unchanged: unchanged, drawn: drawn, anyUnchanged: anyUnchanged,
                          anyTransparent: anyTransparent, marker: transparentSymbol == nil ? -1 : 0xFF)
    }

    /// Runs `body` with the buffers ``rectPixels(_:over:in:)`` writes and reads: `values`,
    /// `unchanged` and `drawn`, then `wanted`, `canvas` and ``order``.
    @inline(__always)
    private func withBuffers(
        _ values: inout [UInt8], _ unchanged: inout [Bool], _ drawn: inout [UInt8], _ wanted: [UInt8], _ canvas: [UInt8],
        _ body: (UnsafeMutableBufferPointer<UInt8>, UnsafeMutableBufferPointer<Bool>, UnsafeMutableBufferPointer<UInt8>,
                 UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        values.withUnsafeMutableBufferPointer { v in
            unchanged.withUnsafeMutableBufferPointer { u in
                drawn.withUnsafeMutableBufferPointer { d in
                    wanted.withUnsafeBufferPointer { w in
                        canvas.withUnsafeBufferPointer { c in
                            order.withUnsafeBufferPointer { o in body(v, u, d, w, c, o) }
                        }
                    }
                }
            }
        }
    }

    /// The pixel arrays a rectangle can be written as.
    struct Candidates {
        /// All colours: unchanged pixels as their colour, transparent pixels as ``rawTransparent``.
        var raw: [UInt8]
        /// The code size of ``raw``.
        var rawSize: Int
        /// The index transparent pixels take in ``raw``: the smallest index no pixel draws.
        var rawTransparent: Int?
        /// The index unchanged pixels may take: the smallest index no changed pixel draws, inside
        /// the table (always found when the frames have transparent pixels: the palette then
        /// keeps a free slot; otherwise a frame drawing every entry just stores all colours).
        /// `nil` when no pixel is unchanged or no index is free.
        var transparentIndex: Int?
        /// The code size of the candidates using ``transparentIndex``.
        var size: Int
        /// Every unchanged pixel as ``transparentIndex``: empty until the candidate is tried.
        var allTransparent: [UInt8] = []

        init(_ pixels: RectPixels, tableSize: Int) {
            let n = pixels.count, drawn = pixels.drawn, marker = pixels.marker
            // All colours: only transparent pixels need the transparent index.
            let rawTransparent = pixels.anyTransparent ? drawn.firstIndex { $0 & 1 == 0 }! : nil
            var raw = pixels.values
            if let rawTransparent {
                raw.withUnsafeMutableBufferPointer { r in
                    // r holds n entries.
                    for i in 0..<n where Int(r[i]) == marker { r[i] = UInt8(rawTransparent) }
                }
            }
            var transparentIndex: Int? = nil
            if pixels.anyUnchanged, let t = drawn.firstIndex(where: { $0 & 2 == 0 }), t < tableSize {
                transparentIndex = t
            }
            let rawSize = FramePlanner.codeSize(max(drawn.lastIndex { $0 & 1 != 0 } ?? 0, rawTransparent ?? 0))
            self.raw = raw
            self.rawSize = rawSize
            self.rawTransparent = rawTransparent
            self.transparentIndex = transparentIndex
            self.size = transparentIndex.map { FramePlanner.codeSize(max(drawn.lastIndex { $0 & 2 != 0 } ?? 0, $0)) } ?? rawSize
        }

        /// `range` of the rectangle's pixels with every unchanged one as transparent index `t`:
        /// the all-transparent candidate, made only where it is tried.
        static func allTransparent(_ pixels: RectPixels, _ t: Int, in range: Range<Int>) -> [UInt8] {
            let n = range.count
            var allTransparent = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
            allTransparent.withUnsafeMutableBufferPointer { a in
                pixels.values.withUnsafeBufferPointer { v in
                    pixels.unchanged.withUnsafeBufferPointer { u in
                        // range lies inside both, which hold the rectangle's pixels; a holds n.
                        for (k, i) in range.enumerated() { a[k] = u[i] ? UInt8(t) : v[i] }
                    }
                }
            }
            return allTransparent
        }

        /// Unchanged pixels as their colour where it fits the code size, else transparent
        /// index `t`: the encoder picks per pixel between this and ``allTransparent``.
        func either(_ pixels: RectPixels, _ t: Int) -> [UInt8] {
            let n = pixels.count, marker = pixels.marker, limit = 1 << size
            var either = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
            either.withUnsafeMutableBufferPointer { e in
                pixels.values.withUnsafeBufferPointer { v in
                    pixels.unchanged.withUnsafeBufferPointer { u in
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
    }

    /// The greedy winner and what it was made from, for ``refined(_:rect:)``.
    struct Winner {
        var encoded: EncodedRect
        /// Its pixels.
        var pixels: [UInt8]
        /// The values the encoder could put instead (the per-pixel choice), if any.
        var alternatives: [UInt8]?
        /// Its LZW size in bytes.
        var count: Int
    }

    /// The smallest of the candidates under plain greedy LZW (fast), keeping the winner's bytes.
    mutating func smallestGreedy(_ candidates: Candidates, _ pixels: RectPixels, rect: PixelRect) -> Winner {
        let (tryRaw, tryTransparent) = worthTrying(candidates, pixels, rect: rect)
        let size = candidates.size
        var best = Winner(encoded: EncodedRect(lzw: [], minCodeSize: candidates.rawSize,
                                               transparentIndex: candidates.rawTransparent),
                          pixels: candidates.raw, alternatives: nil, count: Int.max)
        if tryRaw {
            best.encoded.lzw = greedy(candidates.raw, minCodeSize: candidates.rawSize)
            best.count = best.encoded.lzw.count
        }
        guard let t = candidates.transparentIndex, tryTransparent else { return best }
        var candidates = candidates
        candidates.allTransparent = Candidates.allTransparent(pixels, t, in: 0..<pixels.count)
        // Given up once longer than all-colours: it could no longer win, nor lead to the
        // per-pixel choice (tried only when all-transparent is at most as long).
        let (transparentBytes, transparentCount) = candidates.allTransparent.withUnsafeBufferPointer {
            encoder.compress($0, minCodeSize: size, flexible: false, limit: best.count)
        }
        if transparentCount < best.count {
            best = Winner(encoded: EncodedRect(lzw: transparentBytes, minCodeSize: size, transparentIndex: t),
                          pixels: candidates.allTransparent, alternatives: nil, count: transparentCount)
        }
        // The per-pixel choice refines all-transparent and is the slow candidate: it is
        // tried only when all-transparent already wins, where it is most likely to pay.
        guard transparentCount <= best.count else { return best }
        let either = candidates.either(pixels, t)
        let eitherBytes = either.withUnsafeBufferPointer { e in
            candidates.allTransparent.withUnsafeBufferPointer { a in
                encoder.compress(e, alternatives: a, minCodeSize: size, flexible: false).bytes
            }
        }
        if eitherBytes.count < best.count {
            best = Winner(encoded: EncodedRect(lzw: eitherBytes, minCodeSize: size, transparentIndex: t),
                          pixels: either, alternatives: candidates.allTransparent, count: eitherBytes.count)
        }
        return best
    }

    /// Which of all-colours and all-transparent to encode in full. Rectangles over 16 Ki pixels
    /// first compare them on a central band of a quarter of the rows: a near tie there (within
    /// 1 %) encodes only the band's smaller one, since encoding both in full would double the
    /// work for a byte or two (a counter's text under a spinner: all-transparent was one byte
    /// longer in every frame; over 111 public loaders at @3x the files grew 0.13 % in all); the
    /// one more than 5 % behind is not encoded in full; between the two, both are. The per-pixel
    /// choice, a refinement of all-transparent, is tried only when all-transparent is.
    mutating func worthTrying(_ candidates: Candidates, _ pixels: RectPixels, rect: PixelRect) -> (raw: Bool, transparent: Bool) {
        guard let t = candidates.transparentIndex else { return (true, false) }
        guard rect.width * rect.height > Self.sampledRectangleLimit else { return (true, true) }
        let bandStart = rect.height * 3 / 8, bandRows = max(1, rect.height / 4)
        let band = (bandStart * rect.width)..<((bandStart + bandRows) * rect.width)
        func sample(_ pixels: ArraySlice<UInt8>, _ codeSize: Int) -> Int {
            pixels.withUnsafeBufferPointer { p in
                encoder.compress(p, minCodeSize: codeSize, flexible: false, countOnly: true).count
            }
        }
        let rawSample = sample(candidates.raw[band], candidates.rawSize)
        let transparentSample = sample(Candidates.allTransparent(pixels, t, in: band)[...], candidates.size)
        if rawSample * 100 <= transparentSample * 101 && transparentSample * 100 <= rawSample * 101 {
            return rawSample <= transparentSample ? (true, false) : (false, true)
        }
        return (rawSample * 20 <= transparentSample * 21, transparentSample * 20 <= rawSample * 21)
    }

    /// `pixels` compressed with greedy LZW.
    private mutating func greedy(_ pixels: [UInt8], minCodeSize: Int) -> [UInt8] {
        pixels.withUnsafeBufferPointer { encoder.compress($0, minCodeSize: minCodeSize, flexible: false).bytes }
    }

    /// The greedy winner with flexible parsing (kept when not larger), then with its rows
    /// interlaced (kept when smaller): rows 8 apart follow each other, which LZW sometimes finds
    /// more repetitive (a rotating glyph: about 0.6 % smaller overall).
    mutating func refined(_ winner: Winner, rect: PixelRect) -> EncodedRect {
        var best = winner.encoded
        let flexible = flexibleBytes(winner.pixels, alternatives: winner.alternatives, minCodeSize: best.minCodeSize)
        if flexible.count <= winner.count { best.lzw = flexible }
        guard rect.height > 1 else { return best }
        let rows = Self.interlacedRows(rect.height)
        func interlace(_ pixels: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(pixels.count)
            for row in rows { out += pixels[(row * rect.width)..<((row + 1) * rect.width)] }
            return out
        }
        let interlaced = flexibleBytes(interlace(winner.pixels), alternatives: winner.alternatives.map(interlace),
                                       minCodeSize: best.minCodeSize)
        if interlaced.count < best.lzw.count {
            best.lzw = interlaced
            best.interlaced = true
        }
        return best
    }

    /// `pixels` compressed with flexible parsing, choosing per pixel from `alternatives` if given.
    private mutating func flexibleBytes(_ pixels: [UInt8], alternatives: [UInt8]?, minCodeSize: Int) -> [UInt8] {
        pixels.withUnsafeBufferPointer { p in
            (alternatives ?? []).withUnsafeBufferPointer { a in
                encoder.compress(p, alternatives: alternatives == nil ? nil : a, minCodeSize: minCodeSize,
                                 flexible: true).bytes
            }
        }
    }

    /// The rows of an image `height` rows tall in interlaced order: every 8th from row 0, every
    /// 8th from row 4, every 4th from row 2, every 2nd from row 1 (GIF89a Appendix E).
    static func interlacedRows(_ height: Int) -> [Int] {
        Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
            + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
    }

    /// The rectangle to store for `wanted` over `canvas` (1 × 1 when nothing changed), the two
    /// being equal outside `bound` (the whole canvas when `nil`).
    func frameRect(_ wanted: [UInt8], over canvas: [UInt8], within bound: PixelRect? = nil) -> PixelRect {
        let r = changedRect(wanted, canvas, within: bound)
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
        if !hasTransparentPixels && parallelWorth {
            let encodings = keepEncodings(images: images, targets: targets, threads: threads)
            return zip(encodings, targets).map { Self.frame($0.0, $0.1, delay: $1.delay) }
        }
        var planned: [PlannedFrame] = []
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        // The canvas before the previous frame; nil is the transparent canvas before the first
        // frame of an animation without transparent pixels (no index stands for it).
        var before: [UInt8]? = transparentSymbol.map { [UInt8](repeating: $0, count: count) }
        for (t, target) in targets.enumerated() {
            let wanted = images[target.image]
            if t == 0 {
                planned.append(Self.frame(full, encode(wanted, over: before, in: full), delay: target.delay))
                continue
            }
            let step = Step(wanted: wanted, shown: images[targets[t - 1].image], bound: bounds?[t], previous: planned[t - 1],
                            delay: target.delay)
            let best = bestDisposal(step, before: before)
            planned[t - 1] = best.previous
            planned.append(best.frame)
            before = best.canvas
        }
        if loops, targets.count > 1, let last = targets.last, let before {
            planned[planned.count - 1] = disposedForLoop(planned[planned.count - 1], shown: images[last.image],
                                                         first: images[targets[0].image], before: before)
        }
        return planned
    }

    /// One frame to plan after the first: what it shows, what the previous frame showed, and how
    /// the previous frame is stored so far.
    struct Step {
        var wanted: [UInt8]
        var shown: [UInt8]
        /// A box outside which `wanted` equals `shown` (`nil`: unknown).
        var bound: PixelRect?
        var previous: PlannedFrame
        var delay: Int
    }

    /// One way to draw a frame: the previous frame's disposal (and rectangle), this frame, the
    /// canvas this frame is drawn on, and the bytes it costs.
    struct DisposalChoice {
        var previous: PlannedFrame
        var frame: PlannedFrame
        var canvas: [UInt8]
        var cost: Int
    }

    /// The cheapest of keep, restore to background and restore previous for `step` (ties keep
    /// the earlier), `before` being the canvas before the previous frame.
    mutating func bestDisposal(_ step: Step, before: [UInt8]?) -> DisposalChoice {
        let mustClear = mustClearRect(step.wanted, step.shown, within: step.bound)
        var best = mustClear.isEmpty ? keep(step) : nil
        if hasTransparentPixels, let before {
            for choice in [restoreToBackground(step, mustClear: mustClear, before: before),
                           restorePrevious(step, before: before)] {
                if let choice, choice.cost < best?.cost ?? Int.max { best = choice }
            }
        }
        guard let best else { preconditionFailure("restore to background is always possible") }
        return best
    }

    /// Keep (1): the frame is drawn over what the previous frame showed; impossible when a pixel
    /// must turn transparent (the caller checks).
    mutating func keep(_ step: Step) -> DisposalChoice {
        let rect = frameRect(step.wanted, over: step.shown, within: step.bound)
        let encoded = encode(step.wanted, over: step.shown, in: rect)
        var previous = step.previous
        previous.disposal = 1
        return DisposalChoice(previous: previous, frame: Self.frame(rect, encoded, delay: step.delay),
                              canvas: step.shown, cost: encoded.lzw.count)
    }

    /// Restore to background (2) over a rectangle covering the previous frame's and what must
    /// clear: the previous frame is re-encoded over the larger rectangle when needed, and its
    /// extra bytes count.
    mutating func restoreToBackground(_ step: Step, mustClear: PixelRect, before: [UInt8]) -> DisposalChoice {
        var disposed = step.previous
        let cover = step.previous.rect.union(mustClear)
        var extra = 0
        if cover != step.previous.rect {
            let encoded = encode(step.shown, over: before, in: cover)
            disposed = Self.frame(cover, encoded, delay: step.previous.delayCentiseconds)
            extra = encoded.lzw.count - step.previous.lzw.count
        }
        disposed.disposal = 2
        let canvas = cleared(step.shown, cover)
        let rect = frameRect(step.wanted, over: canvas, within: step.bound.map { $0.union(cover) })
        let encoded = encode(step.wanted, over: canvas, in: rect)
        return DisposalChoice(previous: disposed, frame: Self.frame(rect, encoded, delay: step.delay),
                              canvas: canvas, cost: extra + encoded.lzw.count)
    }

    /// Restore previous (3): the frame is drawn over the canvas from before the previous frame;
    /// `nil` when a pixel would have to turn transparent on it.
    mutating func restorePrevious(_ step: Step, before: [UInt8]) -> DisposalChoice? {
        guard mustClearRect(step.wanted, before).isEmpty else { return nil }
        let rect = frameRect(step.wanted, over: before)
        let encoded = encode(step.wanted, over: before, in: rect)
        var previous = step.previous
        previous.disposal = 3
        return DisposalChoice(previous: previous, frame: Self.frame(rect, encoded, delay: step.delay),
                              canvas: before, cost: encoded.lzw.count)
    }

    /// The last frame of a looping animation, disposed with restore to background over a
    /// rectangle covering the pixels that are opaque in it but transparent in the first frame,
    /// so the loop restarts on a canvas the first frame can draw; unchanged when there are none.
    mutating func disposedForLoop(_ last: PlannedFrame, shown: [UInt8], first: [UInt8],
                                  before: [UInt8]) -> PlannedFrame {
        let mustClear = mustClearRect(first, shown)
        guard !mustClear.isEmpty else { return last }
        var final = last
        let cover = final.rect.union(mustClear)
        if cover != final.rect {
            final = Self.frame(cover, encode(shown, over: before, in: cover), delay: final.delayCentiseconds)
        }
        final.disposal = 2
        return final
    }

    /// A frame stored in `rect` as `encoded`, disposed with keep until a later step decides.
    static func frame(_ rect: PixelRect, _ encoded: EncodedRect, delay: Int) -> PlannedFrame {
        PlannedFrame(rect: rect, lzw: encoded.lzw, minCodeSize: encoded.minCodeSize,
                     transparentIndex: encoded.transparentIndex, interlaced: encoded.interlaced,
                     disposal: 1, delayCentiseconds: delay)
    }

    /// Every frame's rectangle and encoding under "keep" disposal, for opaque animations:
    /// frame 0 whole, frame t the rectangle that changed since frame t − 1.
    private func keepEncodings(images: [[UInt8]], targets: [(image: Int, delay: Int)],
                               threads: Int?) -> [(PixelRect, EncodedRect)] {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        let results = ResultSlots<(PixelRect, EncodedRect)>(count: targets.count)
        let workers = max(1, min(targets.count, threads ?? Workers.processorCount))
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
                    let rect = planner.frameRect(wanted, over: shown, within: bounds?[t])
                    results.store((rect, planner.encode(wanted, over: shown, in: rect)), at: t)
                }
                t += workers
            }
        }
        return results.values
    }
}
