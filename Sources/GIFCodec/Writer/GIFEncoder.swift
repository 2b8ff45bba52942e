import CGIFLib
import Workers
import Raster

/// Writes animated GIF89a files through giflib 5.2 (GIF89a: one graphic control
/// extension per frame, delays in centiseconds, the NETSCAPE2.0 loop block).
///
/// The pipeline (``GIFStreamEncoder``): displayed colours
/// (``GIFEncodingOptions/displayedColor(of:)``) as 1-byte colour ids per frame → one global
/// palette, exact when the frames use at most 256 colours (255 with transparent pixels), else
/// `Quantizer` → palette-index images → identical consecutive frames merged → palette ordered
/// so frames get small code sizes (`PaletteOrder`) → frame plan (`FramePlanner`: changed
/// rectangles, transparent unchanged pixels, per-frame transparent index and LZW code size,
/// disposal) → giflib writes the header, the screen descriptor, the loop block, the graphic
/// control extensions and the image descriptors; the image data comes from our `LZWEncoder`.
/// The bytes depend only on the input and the options. Without optimisation every frame is
/// stored whole and compressed by giflib's own `EGifPutLine`.
public enum GIFEncoder {
    /// Encodes a full-canvas frame sequence as a GIF89a file in memory. Deterministic bytes.
    ///
    /// Delays are written as given (centiseconds; the caller rounds running times). A delay
    /// above 65535 cs, the most one graphic control extension holds, is split over repeated
    /// frames. The loop count becomes a NETSCAPE2.0 block right after the global colour table
    /// (none for `LoopCount.playOnce`).
    ///
    /// - Parameters:
    ///   - sequence: canvas-sized RGBA8 frames (1…65535 pixels each way), at least one.
    ///   - options: optimisation, transparency and dithering.
    /// - Returns: the file and its palette facts.
    /// - Throws: ``GIFError`` with ``GIFError/Code-swift.struct/invalidInput`` for a bad
    ///   sequence, or the giflib failure.
    public static func encode(_ sequence: FrameSequence, options: GIFEncodingOptions = .init()) throws(GIFError) -> GIFEncodingResult {
        try encode(sequence, options: options, failAfterBytes: nil)
    }

    /// ``encode(_:options:)`` with a write failure injected after `failAfterBytes` bytes (tests).
    static func encode(_ sequence: FrameSequence, options: GIFEncodingOptions,
                       failAfterBytes: Int?) throws(GIFError) -> GIFEncodingResult {
        var stream = try GIFStreamEncoder(width: sequence.width, height: sequence.height,
                                          loopCount: sequence.loopCount, options: options)
        for frame in sequence.frames {
            try stream.append(frame.image, delayCentiseconds: frame.delayCentiseconds)
        }
        return try stream.finish(failAfterBytes: failAfterBytes)
    }

    /// Writes the file for palette-index images (the last steps of ``GIFStreamEncoder``).
    ///
    /// - Parameters:
    ///   - images: one canvas-sized index image per source frame, in sorted-palette indices,
    ///     `symbol` for transparent pixels.
    ///   - delays: per source frame, centiseconds.
    ///   - changes: per source frame, a box outside which it equals the previous frame (any
    ///     box for the first).
    static func write(images: [[UInt8]], delays: [Int], width: Int, height: Int, loopCount: LoopCount,
                      changes: [PixelRect], palette: Palette, symbol: UInt8?, worstError: Int,
                      options: GIFEncodingOptions, failAfterBytes: Int?) throws(GIFError) -> GIFEncodingResult {
        let hasTransparentPixels = symbol != nil
        let bits = GIFWriteHandle.bits(forColorCount: max(2, palette.colors.count + (hasTransparentPixels ? 1 : 0)))

        // Displayed targets: identical consecutive frames merged (a merged frame equals the one
        // before it, so each frame is compared with its predecessor), long delays split.
        var groups: [(image: Int, delay: Int)] = []
        for (k, delay) in delays.enumerated() {
            if options.optimize, !groups.isEmpty,
               PixelRect.changedBox(images[k], images[k - 1], width: width, height: height, within: changes[k]).isEmpty {
                groups[groups.count - 1].delay += delay
            } else {
                groups.append((k, delay))
            }
        }
        var targets: [(image: Int, delay: Int)] = []
        for group in groups {
            var remaining = group.delay
            while remaining > 65535 {
                targets.append((group.image, 65535))
                remaining -= 65535
            }
            targets.append((group.image, remaining))
        }
        // Where each target may differ from the one before it: the frames' changes since then.
        var bounds: [PixelRect] = [PixelRect(x: 0, y: 0, width: width, height: height)]
        for t in targets.indices.dropFirst() {
            bounds.append(((targets[t - 1].image + 1)..<(targets[t].image + 1)).reduce(PixelRect.empty) { $0.union(changes[$1]) })
        }

        // Written palette: the colours whole frames draw first, so each frame's largest index,
        // and with it its LZW code size, stays small.
        let order = paletteOrder(images: images, targets: targets, bounds: bounds, colorCount: palette.colors.count,
                                 width: width, height: height, threads: options.threads)
        var table = [RGBTriple](repeating: RGBTriple(r: 0, g: 0, b: 0), count: 1 << bits)
        for (old, color) in palette.colors.enumerated() { table[Int(order[old])] = color }

        let handle = try GIFWriteHandle(failAfterBytes: failAfterBytes)
        try handle.putScreen(width: width, height: height, palette: table)
        switch loopCount {
        case .playOnce: break
        case .forever: try handle.putExtension(code: APPLICATION_EXT_FUNC_CODE, blocks: [Array("NETSCAPE2.0".utf8), [1, 0, 0]])
        case .repeats(let n):
            try handle.putExtension(code: APPLICATION_EXT_FUNC_CODE,
                                    blocks: [Array("NETSCAPE2.0".utf8), [1, UInt8(n & 0xFF), UInt8(n >> 8)]])
        }
        func control(disposal: Int, delay: Int, transparent: Int?) -> [[UInt8]] {
            [[UInt8(disposal << 2) | (transparent == nil ? 0 : 1), UInt8(delay & 0xFF), UInt8(delay >> 8),
              UInt8(transparent ?? 0)]]
        }
        let storedCount: Int
        if options.optimize {
            var planner = FramePlanner(width: width, height: height, transparentSymbol: symbol, order: order,
                                       tableSize: 1 << bits)
            planner.flexibleParsing = options.effort == .max
            planner.bounds = bounds
            let plan = planner.plan(images: images, targets: targets, loops: loopCount != .playOnce,
                                    threads: options.threads)
            for frame in plan {
                try handle.putExtension(code: GRAPHICS_EXT_FUNC_CODE,
                                        blocks: control(disposal: frame.disposal, delay: frame.delayCentiseconds,
                                                        transparent: frame.transparentIndex))
                try handle.putCompressedImage(left: frame.rect.x, top: frame.rect.y, width: frame.rect.width,
                                              height: frame.rect.height, interlaced: frame.interlaced,
                                              minCodeSize: frame.minCodeSize, tableBits: bits, lzw: frame.lzw)
            }
            storedCount = plan.count
        } else {
            // Whole frames compressed by giflib; with transparent pixels each frame is drawn on a
            // cleared canvas (disposal 2), else over the previous one (1).
            for target in targets {
                try handle.putExtension(code: GRAPHICS_EXT_FUNC_CODE,
                                        blocks: control(disposal: hasTransparentPixels ? 2 : 1, delay: target.delay,
                                                        transparent: symbol.map(Int.init)))
                try handle.putImage(left: 0, top: 0, width: width, height: height,
                                    indices: images[target.image].map { order[Int($0)] }, colorCount: table.count)
            }
            storedCount = targets.count
        }
        let bytes = try handle.close()
        return GIFEncodingResult(bytes: bytes, paletteSize: palette.colors.count,
                                 worstChannelError: worstError,
                                 storedFrameCount: storedCount)
    }

    /// The written palette's order (``PaletteOrder``): nested prefixes holding the colours whole
    /// frames draw, so those frames get smaller LZW code sizes, each prefix and the rest in
    /// popularity order (colours drawn in more stored frames first, then more pixels, then by
    /// value). Each target is measured inside the box where it differs from the previous target
    /// (the whole canvas for the first): roughly the rectangles the planner will store.
    ///
    /// - Parameter bounds: per target, a box outside which it equals the target before it.
    /// - Returns: 256 entries, sorted-colour index → written index; entries from `colorCount`
    ///   on (the transparent symbol) map to themselves.
    static func paletteOrder(images: [[UInt8]], targets: [(image: Int, delay: Int)], bounds: [PixelRect],
                             colorCount: Int, width: Int, height: Int, threads: Int? = nil) -> [UInt8] {
        /// What one target adds: its histogram inside its box, the colours its changed pixels
        /// draw, and how many runs they make (`nil`: the target equals the one before).
        typealias Counted = (histogram: [Int], colours: IndexSet256, runs: Int)?
        func counted(_ t: Int) -> Counted {
            let image = images[targets[t].image]
            let previous: [UInt8]? = t > 0 ? images[targets[t - 1].image] : nil
            var box = (x0: 0, y0: 0, x1: width, y1: height)
            if let previous {
                let changed = PixelRect.changedBox(image, previous, width: width, height: height, within: bounds[t])
                box = (changed.x, changed.y, changed.x + changed.width, changed.y + changed.height)
            }
            guard box.x0 < box.x1 else { return nil }
            var histogram = [Int](repeating: 0, count: 256), changed = [Int](repeating: 0, count: 256)
            let runs = image.withUnsafeBufferPointer { a in
                (previous ?? []).withUnsafeBufferPointer { p in
                    histogram.withUnsafeMutableBufferPointer { h in
                        changed.withUnsafeMutableBufferPointer { c in
                            Self.count(a, over: p, in: box, width: width, histogram: h, changed: c)
                        }
                    }
                }
            }
            var colours = IndexSet256()
            for i in 0..<colorCount where changed[i] > 0 { colours.insert(i) }
            return (histogram, colours, runs)
        }
        // Each target is counted on its own (in parallel when the frames are large enough to
        // repay threads, by the planner's rule), then the counts are added up in order.
        var results: [Counted]
        let parallelWorth = targets.count > 1 && (threads.map { $0 > 1 } ?? (width * height * targets.count >= 1 << 20))
        if parallelWorth {
            let slots = ResultSlots<Counted>(count: targets.count)
            let workers = max(1, min(targets.count, threads ?? Workers.processorCount))
            Workers.run(workers) { worker in
                for t in stride(from: worker, to: targets.count, by: workers) { slots.store(counted(t), at: t) }
            }
            results = slots.values
        } else {
            results = targets.indices.map(counted)
        }
        var frames = [Int](repeating: 0, count: 256), pixels = [Int](repeating: 0, count: 256)
        var drawn: [PaletteOrder.FrameColours] = []
        for result in results {
            guard let (histogram, colours, runs) = result else { continue }
            drawn.append(.init(colours: colours, weight: runs))
            for i in 0..<256 where histogram[i] > 0 {
                frames[i] += 1
                pixels[i] += histogram[i]
            }
        }
        let ranked = (0..<colorCount).sorted { a, b in
            (frames[a], pixels[a], -a) > (frames[b], pixels[b], -b)
        }
        return PaletteOrder.order(frames: drawn, ranked: ranked, colorCount: colorCount)
    }

    /// Counts each index inside `box` of `image` into `histogram`, and into `changed` where it
    /// differs from `previous` (every pixel when `previous` is empty); returns how many changed
    /// pixels start a run of one index along their row.
    ///
    /// - Precondition: `box` lies inside the `width`-wide canvas of `image`, and `previous` is
    ///   empty or the same size; both buffers hold 256 counts.
    static func count(_ image: UnsafeBufferPointer<UInt8>, over previous: UnsafeBufferPointer<UInt8>,
                              in box: (x0: Int, y0: Int, x1: Int, y1: Int), width: Int,
                              histogram: UnsafeMutableBufferPointer<Int>,
                              changed: UnsafeMutableBufferPointer<Int>) -> Int {
        var runs = 0
        // Read once: the check inside the loop was not hoisted by the optimizer.
        let first = previous.isEmpty
        // Counted a run of one index at a time, eight pixels a step: adding one per pixel to the
        // same count makes each pixel wait for the previous one's store (a background is one
        // long run).
        guard let pixels = image.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(pixels)
        let before = UnsafeRawPointer(previous.baseAddress ?? pixels)
        for y in box.y0..<box.y1 {
            let row = y * width
            var i = row + box.x0
            let end = row + box.x1
            while i < end {
                let symbol = pixels[i]
                let pattern = UInt64(symbol) &* 0x0101_0101_0101_0101
                var next = i + 1
                while next + 8 <= end && raw.loadUnaligned(fromByteOffset: next, as: UInt64.self) == pattern { next += 8 }
                while next < end && pixels[next] == symbol { next += 1 }
                let value = Int(symbol)
                histogram[value] += next - i
                if first {
                    changed[value] += next - i
                    runs += 1
                } else {
                    // Only the run's first pixel differs from its left neighbour.
                    if before.load(fromByteOffset: i, as: UInt8.self) != symbol { runs += 1 }
                    var differing = 0, k = i
                    while k + 8 <= next {
                        differing &+= Self.differingBytes(before.loadUnaligned(fromByteOffset: k, as: UInt64.self), pattern)
                        k += 8
                    }
                    while k < next {
                        if before.load(fromByteOffset: k, as: UInt8.self) != symbol { differing &+= 1 }
                        k += 1
                    }
                    changed[value] += differing
                }
                i = next
            }
        }
        return runs
    }

    /// How many of the eight bytes of `a` and `b` differ.
    @inline(__always)
    static func differingBytes(_ a: UInt64, _ b: UInt64) -> Int {
        let x = a ^ b
        // A byte's high bit ends up set exactly when the byte is not zero (no carries cross bytes).
        let high: UInt64 = 0x8080_8080_8080_8080, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ((((x & low) &+ low) | x) & high).nonzeroBitCount
    }

    /// The packed displayed colour of a pixel word (bytes R, G, B, A in memory): `0xFF_RR_GG_BB`,
    /// or 0 for a transparent pixel.
    @inline(__always)
    static func key(_ word: UInt32, _ options: GIFEncodingOptions) -> UInt32 {
        let v = UInt32(littleEndian: word)          // r | g << 8 | b << 16 | a << 24
        let r = v & 0xFF, g = v >> 8 & 0xFF, b = v >> 16 & 0xFF
        if v >> 24 == 0xFF { return 0xFF00_0000 | r << 16 | g << 8 | b }
        let shown = options.displayedColor(of: RGBA8(r: UInt8(r), g: UInt8(g), b: UInt8(b), a: UInt8(v >> 24)))
        if shown.a == 0 { return 0 }
        return 0xFF00_0000 | UInt32(shown.r) << 16 | UInt32(shown.g) << 8 | UInt32(shown.b)
    }

}

