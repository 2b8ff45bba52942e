import Glibc
import Raster

/// Encodes an animation frame by frame, holding one byte per pixel per frame instead of the
/// frames themselves, so rendering and encoding run in one pass with bounded memory.
///
/// The global colour table comes first in a GIF but depends on every frame, so the file is
/// written by ``finish()``; until then each frame is kept as one colour id per pixel (ids in
/// first-seen order, 1 byte per pixel while the animation has at most 256 colours counting
/// "transparent", 4 bytes beyond). Only pixels that differ from the previous frame are looked
/// up. ``GIFEncoder/encode(_:options:)`` is this type fed with a whole sequence: same bytes.
///
/// Memory: while frames are appended, a byte per pixel of each frame's changed box (the whole
/// canvas for the first) plus two frames of working space; 2 bytes per pixel for content with
/// more than 256 colours, 4 beyond 65 536 (the frames move to the wider ids one at a time).
/// ``finish()`` then makes an index image of the whole canvas per frame, releasing the ids as
/// it goes: its peak is `width × height` bytes a frame (e.g. 100 frames of 450 × 400: about
/// 18 MB), or the ids', whichever is more.
public struct GIFStreamEncoder: Sendable {
    /// Canvas width in pixels (the logical screen, GIF89a §18).
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// The NETSCAPE2.0 loop count written in the header.
    public let loopCount: LoopCount
    /// Optimization, transparency, dithering, effort and threads of this stream.
    public let options: GIFEncodingOptions

    /// Displayed colour key → colour id (opaque colours only).
    private var colorIDs = ColorIndexTable()
    /// Colour id → key (0 for the transparent id).
    private var keys: [UInt32] = []
    private var transparentID: UInt32? = nil
    /// Frames as colour ids inside their ``changes`` box, row by row: in bytes while every id
    /// fits one, then in 16 bits (the preview's few thousand colours), then in 32.
    private var narrow: [[UInt8]] = []
    private var medium: [[UInt16]] = []
    private var wide: [[UInt32]] = []
    /// The most colours whose ids frames keep in 16 bits before moving to 32: 65 536, what the
    /// width holds. Tests lower it to reach the 32-bit tier with small frames.
    var mediumIDLimit = 1 << 16
    private var delays: [Int] = []
    /// How many colour ids the kept frames hold in all (each its changed box's).
    private var heldIDs = 0
    /// How many kept frames differ from the frame before them (the first counts): each needs an
    /// index image of its own in ``finish()``, where a frame equal to the one before shares it.
    private var changedFrames = 0
    /// Per frame, the box of the pixels that differ from the previous frame's (the whole canvas
    /// for the first): the later steps look only there, so a small animation on a wide canvas
    /// costs its own area per frame.
    private var changes: [PixelRect] = []
    /// The most bytes the kept frames may take (`nil`: no bound): ``append(_:delayCentiseconds:)``
    /// throws ``GIFError/Code-swift.struct/encoderNotEnoughMemory`` past it. The frames take
    /// the more of their colour ids (1, 2 or 4 bytes a pixel of each changed box as the colours
    /// grow past 256 and 65 536, which no estimate made before drawing knows) and the index
    /// images ``finish()`` makes from them (a byte per canvas pixel of each frame that differs
    /// from the one before it; an unchanged frame shares its predecessor's).
    public var frameByteLimit: Int? = nil
    /// Whether ``changes`` holds each frame's changed box or (tests: the same bytes either way)
    /// the whole canvas for every frame.
    var tracksChanges = true
    /// The previous frame's pixels and ids (ids updated in place for changed pixels).
    private var previousPixels: [UInt8] = []
    private var currentIDs: [UInt32] = []
    /// `currentIDs` narrowed to bytes, kept in step (meaningful while every id fits a byte).
    private var currentNarrowIDs: [UInt8] = []

    /// Starts an animation.
    ///
    /// - Throws: ``GIFError/Code-swift.struct/invalidInput`` for a size outside 1…65535 or a
    ///   repeat count outside 1…65535.
    public init(width: Int, height: Int, loopCount: LoopCount, options: GIFEncodingOptions = .init()) throws(GIFError) {
        let op = "encode GIF"
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw GIFError(.invalidInput, operation: op, detail: "canvas \(width)×\(height), GIF allows 1…65535 pixels each way")
        }
        if case .repeats(let n) = loopCount, !(1...65535).contains(n) {
            throw GIFError(.invalidInput, operation: op, detail: "loop count \(n), GIF allows 1…65535 repeats")
        }
        self.width = width
        self.height = height
        self.loopCount = loopCount
        self.options = options
    }

    /// Number of frames appended so far.
    public var frameCount: Int { delays.count }

    /// Adds the next displayed frame.
    ///
    /// - Parameters:
    ///   - image: the whole canvas, `width × height`.
    ///   - delayCentiseconds: display time, ≥ 0 (longer than 65535 is split when writing).
    ///   - region: the caller's promise that outside this rectangle the frame's pixels equal
    ///     the previous frame's (a renderer knows where its frame's ops drew): only rows and
    ///     columns inside it are compared. `nil` compares the whole canvas. The bytes written
    ///     are the same either way when the promise holds; it is ignored for the first frame.
    public mutating func append(_ image: RGBAImage, delayCentiseconds: Int, changedWithin region: Raster.PixelRect? = nil) throws(GIFError) {
        let op = "encode GIF"
        guard image.width == width, image.height == height, image.pixels.count == width * height * 4 else {
            throw GIFError(.invalidInput, operation: op,
                           detail: "frame \(delays.count) is \(image.width)×\(image.height), not \(width)×\(height)")
        }
        guard delayCentiseconds >= 0 else {
            throw GIFError(.invalidInput, operation: op, detail: "frame \(delays.count) has a negative delay")
        }
        let first = delays.isEmpty
        if first {
            // Every pixel of the first frame is assigned below.
            currentIDs = [UInt32](unsafeUninitializedCapacity: width * height) { _, count in count = width * height }
            currentNarrowIDs = [UInt8](unsafeUninitializedCapacity: width * height) { _, count in count = width * height }
        }
        var lastWord: UInt32 = 0, lastID: UInt32 = 0, haveLast = false
        var x0 = width, x1 = -1, y0 = -1, y1 = -1
        let options = self.options
        // Moved out of self for the loop, which assigns new ids through self.
        let previous = previousPixels
        var current = currentIDs, currentNarrow = currentNarrowIDs
        currentIDs = []
        currentNarrowIDs = []
        image.pixels.withUnsafeBytes { raw in
            previous.withUnsafeBytes { previousRaw in
                current.withUnsafeMutableBufferPointer { ids in
                    currentNarrow.withUnsafeMutableBufferPointer { narrowIDs in
                        let words = raw.bindMemory(to: UInt32.self)
                        let before = previousRaw.bindMemory(to: UInt32.self)
                        // words, before (after the first frame), ids and narrowIDs all hold
                        // width * height entries. A row the frame leaves as it was is skipped
                        // with one memcmp (most of a canvas around a small animation is).
                        let width = self.width
                        // The rows and columns to compare: the promised region cut to the
                        // canvas, or all of it.
                        var left = 0, right = width, top = 0, bottom = height
                        if !first, let region {
                            left = max(0, region.x0)
                            right = min(width, region.x1)
                            top = max(0, region.y0)
                            bottom = min(height, region.y1)
                            if left >= right { bottom = top }
                        }
                        for row in top..<max(top, bottom) {
                            let start = row * width
                            if !first, memcmp(words.baseAddress! + start + left, before.baseAddress! + start + left, (right - left) * 4) == 0 { continue }
                            if y0 < 0 { y0 = row }
                            y1 = row
                            // Only the span from the row's first changed pixel to its last:
                            // a small animation on a wide canvas changes a short part of
                            // each row it crosses.
                            var low = start + left, high = start + right
                            if !first {
                                while words[low] == before[low] { low += 1 }
                                while words[high - 1] == before[high - 1] { high -= 1 }
                            }
                            for i in low..<high {
                                let word = words[i]
                                if !first && before[i] == word { continue }
                                x0 = min(x0, i - start)
                                x1 = max(x1, i - start)
                                if !haveLast || word != lastWord {
                                    lastWord = word
                                    lastID = id(forKey: GIFEncoder.key(word, options))
                                    haveLast = true
                                }
                                ids[i] = lastID
                                narrowIDs[i] = UInt8(truncatingIfNeeded: lastID)
                            }
                        }
                    }
                }
            }
        }
        currentIDs = current
        currentNarrowIDs = currentNarrow
        previousPixels = image.pixels
        let box = first || !tracksChanges ? PixelRect(x: 0, y: 0, width: width, height: height)
            : y0 < 0 ? .empty : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
        // Ids index `keys`, so with at most 256 keys every id fits a byte, with at most 65 536
        // two bytes. Earlier frames move up a tier when the colours outgrow theirs.
        if medium.isEmpty && wide.isEmpty && keys.count <= 256 {
            narrow.append(Self.ids(currentNarrowIDs, in: box, width: width))
        } else if wide.isEmpty && keys.count <= mediumIDLimit {
            // Frame by frame, each narrow copy released as its wider one is made: the frames are
            // never held twice.
            for k in narrow.indices {
                medium.append(narrow[k].map(UInt16.init))
                narrow[k] = []
            }
            narrow = []
            medium.append(Self.ids(currentIDs, in: box, width: width).map { UInt16(truncatingIfNeeded: $0) })
        } else {
            for k in narrow.indices {
                wide.append(narrow[k].map(UInt32.init))
                narrow[k] = []
            }
            narrow = []
            for k in medium.indices {
                wide.append(medium[k].map(UInt32.init))
                medium[k] = []
            }
            medium = []
            wide.append(Self.ids(currentIDs, in: box, width: width))
        }
        heldIDs += box.width * box.height
        if !box.isEmpty { changedFrames += 1 }
        if let frameByteLimit {
            // finish() turns the ids into a whole-canvas index image per changed frame,
            // releasing them as it goes: its peak is the more of the two.
            let ids = (wide.isEmpty ? medium.isEmpty ? 1 : 2 : 4) * heldIDs
            let held = max(ids, changedFrames * width * height)
            if held > frameByteLimit {
                let detail = "\(frameCount + 1) frames take \(held) bytes (their colour ids, then an index image for each that changed), more than \(frameByteLimit)"
                reset()
                throw GIFError(.encoderNotEnoughMemory, operation: op, detail: detail)
            }
        }
        delays.append(delayCentiseconds)
        changes.append(box)
    }

    /// The colours that cover at least 1 % of the pixels stored (the first frame whole, the
    /// others inside their changed boxes), at most ``exactColourLimit`` of them, most covering
    /// first: a quantized palette keeps them exact. Sorted keys.
    private func coveringColours() -> [UInt32] {
        var counts = [Int](repeating: 0, count: keys.count)
        func count<ID: FixedWidthInteger>(_ frames: [[ID]]) {
            for frame in frames { for id in frame { counts[Int(id)] += 1 } }
        }
        count(narrow)
        count(medium)
        count(wide)
        let total = counts.reduce(0, +)
        let covering = counts.indices.filter { keys[$0] != 0 && counts[$0] * 100 >= total }
            .sorted { counts[$0] > counts[$1] || (counts[$0] == counts[$1] && $0 < $1) }
        return covering.prefix(Self.exactColourLimit).map { keys[$0] }.sorted()
    }

    /// The most colours ``coveringColours()`` keeps exact.
    static let exactColourLimit = 16

    /// The ids of `frame` (a canvas of `width` columns) inside `box`, row by row: what a frame
    /// keeps, since the frames after the first are read only inside their changed box (a small
    /// animation on a wide canvas keeps its own area, not the canvas's, and copies no
    /// canvas-sized array per frame).
    private static func ids<ID>(_ frame: [ID], in box: PixelRect, width: Int) -> [ID] {
        let count = box.width * box.height
        guard count > 0 else { return [] }
        return frame.withUnsafeBufferPointer { frame in
            [ID](unsafeUninitializedCapacity: count) { kept, initialized in
                // The box lies inside the canvas, which `frame` holds: a row's span at a time.
                guard let from = frame.baseAddress, let to = kept.baseAddress else { return }
                for k in 0..<box.height {
                    (to + k * box.width).initialize(from: from + (box.y + k) * width + box.x, count: box.width)
                }
                initialized = count
            }
        }
    }

    /// The id of a displayed colour key (0: transparent), assigning the next one when new.
    private mutating func id(forKey key: UInt32) -> UInt32 {
        if key == 0 {
            if let transparentID { return transparentID }
            let id = UInt32(keys.count)
            keys.append(0)
            transparentID = id
            return id
        }
        if let id = colorIDs.value(for: key) { return UInt32(id) }
        let id = UInt32(keys.count)
        keys.append(key)
        colorIDs.insert(key, value: Int32(id))
        return id
    }

    /// Forgets every frame and colour (after ``finish()``).
    private mutating func reset() {
        colorIDs = ColorIndexTable()
        keys = []
        transparentID = nil
        narrow = []
        medium = []
        wide = []
        delays = []
        heldIDs = 0
        changedFrames = 0
        changes = []
        previousPixels = []
        currentIDs = []
        currentNarrowIDs = []
    }

    /// Chooses the palette, plans the frames and writes the file.
    ///
    /// The encoder hands its frames over (mapped to palette indices in place, which a
    /// `consuming` method could not do without copying them when the caller's value is still
    /// shared) and is empty afterwards: append again to start a new animation.
    ///
    /// - Returns: the GIF89a bytes and palette facts.
    /// - Throws: ``GIFError/Code-swift.struct/invalidInput`` when no frame was appended, or
    ///   the giflib failure.
    public mutating func finish() throws(GIFError) -> GIFEncodingResult {
        try finish(failAfterBytes: nil)
    }

    mutating func finish(failAfterBytes: Int?) throws(GIFError) -> GIFEncodingResult {
        guard !delays.isEmpty else { throw GIFError(.invalidInput, operation: "encode GIF", detail: "no frames") }
        let delays = self.delays
        defer { reset() }
        let hasTransparentPixels = transparentID != nil
        let maxColors = hasTransparentPixels ? 255 : 256
        let palette = Palette(distinct: colorIDs, maxColors: maxColors,
                              exact: keys.count > maxColors ? coveringColours() : [])
        // A transparent pixel's value in the index images: the slot after the colours.
        let symbol: UInt8? = hasTransparentPixels ? UInt8(palette.colors.count) : nil
        let dither = options.dither == .ordered && palette.isQuantized
        // Colour id → sorted palette index.
        let lookup = keys.map { key in key == 0 ? symbol! : UInt8(palette.lookup.value(for: key)!) }
        var mapper = DitherMapper(palette: palette)
        let changes = self.changes
        var images: [[UInt8]] = []
        images.reserveCapacity(delays.count)
        // Each frame after the first is the previous one's indices with its changed box mapped:
        // outside the box its ids, and so its indices (dithered ones too: the same colour at the
        // same place), are the previous frame's.
        /// Palette indices of `ids` (16- or 32-bit ids, or bytes) inside `box`, written into
        /// `image`, dithered when asked.
        func map<ID: FixedWidthInteger>(_ ids: UnsafeBufferPointer<ID>, in box: PixelRect, into image: inout [UInt8]) {
            // An unchanged frame keeps the previous frame's indices, shared rather than copied
            // (a still picture's frames are one image): nothing is written, so nothing is made unique.
            guard !box.isEmpty else { return }
            // ids < keys.count = lookup.count; box lies inside the canvas, which both hold.
            // `ids` holds the box's ids row by row.
            lookup.withUnsafeBufferPointer { lookup in
                image.withUnsafeMutableBufferPointer { pixels in
                    guard let kept = ids.baseAddress, let canvas = pixels.baseAddress else { return }
                    for y in box.y..<(box.y + box.height) {
                        let from = kept + (y - box.y) * box.width, to = canvas + y * width + box.x
                        for k in 0..<box.width { to[k] = lookup[Int(from[k])] }
                    }
                }
            }
            guard dither else { return }
            for y in box.y..<(box.y + box.height) {
                let row = y * width + box.x, kept = (y - box.y) * box.width
                for k in 0..<box.width where keys[Int(ids[kept + k])] != 0 {
                    image[row + k] = mapper.ditheredIndex(keys[Int(ids[kept + k])], x: box.x + k, y: y)
                }
            }
        }
        for k in 0..<delays.count {
            let box = changes[k]
            var image: [UInt8]
            if k > 0 {
                image = images[k - 1]
            } else {
                image = [UInt8](unsafeUninitializedCapacity: width * height) { _, count in count = width * height }
            }
            if !medium.isEmpty {
                medium[k].withUnsafeBufferPointer { map($0, in: box, into: &image) }
                medium[k] = []                                 // release as we go
            } else if !wide.isEmpty {
                wide[k].withUnsafeBufferPointer { map($0, in: box, into: &image) }
                wide[k] = []
            } else {
                narrow[k].withUnsafeBufferPointer { map($0, in: box, into: &image) }
                narrow[k] = []
            }
            images.append(image)
        }
        return try GIFEncoder.write(images: images, delays: delays, width: width, height: height, loopCount: loopCount,
                                    changes: changes, palette: palette, symbol: symbol,
                                    worstError: max(palette.worstChannelError, mapper.worstDitherError),
                                    options: options, failAfterBytes: failAfterBytes)
    }
}
