import Raster

/// A frame's display time as APNG stores it: `numerator / denominator` seconds (APNG 1.0,
/// `fcTL` `delay_num` and `delay_den`, 16 bits each).
public struct APNGDelay: Hashable, Sendable {
    /// Ticks of 1 / ``denominator`` seconds.
    public var numerator: UInt16
    /// Ticks per second (> 0; APNG reads 0 as 100).
    public var denominator: UInt16

    /// A delay of `numerator / denominator` seconds.
    public init(numerator: UInt16, denominator: UInt16) {
        self.numerator = numerator
        self.denominator = denominator
    }
}

/// Writes animated PNG (APNG 1.0, Mozilla's extension that every current browser shows and that
/// any PNG reader shows as its first frame): lossless colour and 8-bit alpha, exact delays.
///
/// Debian's libpng is built without the APNG patch, so the animation chunks are written here
/// over the same filtering and zlib compression as ``PNGQuickEncoder``:
/// `IHDR`, `acTL` (frames, plays), `PLTE` and `tRNS` when colour-mapped, `fcTL` + `IDAT` for the
/// first frame (the default image, the whole canvas), then `fcTL` + `fdAT` for each later one,
/// `IEND`; one sequence number counts every `fcTL` and `fdAT`.
///
/// - Layout: one for every frame (they share `IHDR`): colour-mapped when the frames hold at
///   most 256 RGBA values together (plus one transparent entry when a frame can use it), else
///   RGB when every pixel is opaque, else RGBA. Rows are filtered as ``PNGQuickEncoder`` filters
///   them and deflated at zlib level 9: an output file, written once and fetched many times.
/// - Frames: a frame equal to the one before is merged into it (the delays added, while the sum
///   fits). Each later frame covers only the rectangle of pixels that changed, and is written
///   with whichever blend gives fewer bytes, as the GIF writer's frame planner chooses:
///   `APNG_BLEND_OP_SOURCE` (the rectangle's pixels replace the canvas's), or, when every
///   changed pixel is opaque and a transparent sample exists, `APNG_BLEND_OP_OVER` with the
///   unchanged pixels written transparent (long runs of one value deflate better). Disposal is
///   always `APNG_DISPOSE_OP_NONE`: unlike GIF, a SOURCE rectangle can make any pixel
///   transparent, so clearing the canvas never allows a smaller rectangle than the change.
/// - One frame (or frames that are all equal) gives a plain PNG (``PNGEncoder``): a still.
public enum APNGEncoder {
    /// zlib level for the frames' data.
    static let level: Int32 = 9

    /// Encodes `frames` shown for `delays`, played `plays` times (`nil`: forever).
    ///
    /// - Parameters:
    ///   - frames: at least one, all of one size, at most ``PNGEncoder/maximumSide`` a side.
    ///   - delays: one per frame.
    ///   - plays: 1 … 2³¹ − 1, or `nil` for `num_plays` 0 (forever).
    /// - Throws: ``PNGError`` `.empty` or `.unsupportedSize` for such sizes, frames of
    ///   different sizes or a delay count that differs from the frames'; `.libpng` when zlib fails.
    public static func encode(_ frames: [RGBAImage], delays: [APNGDelay], plays: Int?) throws(PNGError) -> [UInt8] {
        guard let first = frames.first, frames.count == delays.count,
              frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw PNGError(code: .empty, operation: "encode APNG",
                           message: "\(frames.count) frames of mixed or no size with \(delays.count) delays")
        }
        // Equal neighbours merged, their delays added.
        var kept: [(image: RGBAImage, delay: APNGDelay)] = []
        for (image, delay) in zip(frames, delays) {
            if let last = kept.last, last.image.pixels == image.pixels, last.delay.denominator == delay.denominator,
               Int(last.delay.numerator) + Int(delay.numerator) <= Int(UInt16.max) {
                kept[kept.count - 1].delay.numerator += delay.numerator
            } else {
                kept.append((image, delay))
            }
        }
        if kept.count == 1 { return try PNGEncoder.encode(first) }
        guard first.width <= PNGEncoder.maximumSide, first.height <= PNGEncoder.maximumSide else {
            throw PNGError(code: .unsupportedSize, operation: "encode APNG",
                           message: "image is \(first.width) × \(first.height) pixels; at most \(PNGEncoder.maximumSide) a side")
        }
        let layout = FrameLayout(kept.map(\.image))
        let width = first.width, height = first.height
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PNGQuickEncoder.chunk("IHDR", be32(width) + be32(height) + [8, layout.colourType, 0, 0, 0], into: &out)
        PNGQuickEncoder.chunk("acTL", be32(kept.count) + be32(plays ?? 0), into: &out)
        if !layout.palette.isEmpty {
            let palette = layout.palette
            PNGQuickEncoder.chunk("PLTE", palette.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8),
                                                          UInt8(truncatingIfNeeded: $0 >> 16)] }, into: &out)
            let alpha = palette.map { UInt8(truncatingIfNeeded: $0 >> 24) }
            if let last = alpha.lastIndex(where: { $0 != 255 }) { PNGQuickEncoder.chunk("tRNS", Array(alpha[...last]), into: &out) }
        }
        var sequence = 0
        var previous: [UInt8] = []
        for (index, frame) in kept.enumerated() {
            let samples = layout.samples(of: frame.image, frame: index)
            let whole = PixelBox(x: 0, y: 0, width: width, height: height)
            var choice = (box: whole, blend: UInt8(0), data: [UInt8]())
            if index == 0 {
                choice.data = try compress(samples, box: whole, layout: layout, transparentUnchanged: nil)
            } else {
                let box = layout.changedBox(samples, previous, width: width, height: height)!
                choice = (box, 0, try compress(samples, box: box, layout: layout, transparentUnchanged: nil))
                if layout.canBlendOver(samples, previous, box: box, width: width) {
                    let over = try compress(samples, box: box, layout: layout, transparentUnchanged: previous)
                    if over.count < choice.data.count { choice = (box, 1, over) }
                }
            }
            let control = be32(sequence) + be32(choice.box.width) + be32(choice.box.height) + be32(choice.box.x) + be32(choice.box.y)
                + be16(Int(frame.delay.numerator)) + be16(Int(frame.delay.denominator)) + [0, choice.blend]
            PNGQuickEncoder.chunk("fcTL", control, into: &out)
            sequence += 1
            if index == 0 {
                PNGQuickEncoder.chunk("IDAT", choice.data, into: &out)
            } else {
                PNGQuickEncoder.chunk("fdAT", be32(sequence) + choice.data, into: &out)
                sequence += 1
            }
            previous = samples
        }
        PNGQuickEncoder.chunk("IEND", [], into: &out)
        return out
    }

    /// The filtered, deflated rows of `box` of a frame's samples; with `transparentUnchanged`
    /// (the previous frame's samples), pixels equal to it are written as the transparent sample.
    static func compress(_ samples: [UInt8], box: PixelBox, layout: FrameLayout, transparentUnchanged previous: [UInt8]?)
    throws(PNGError) -> [UInt8] {
        let channels = layout.channels
        let rowBytes = box.width * channels
        var filtered = [UInt8](repeating: 0, count: (rowBytes + 1) * box.height)
        let filter: UInt8 = layout.palette.isEmpty ? 1 : 0
        let clear = layout.transparentSample
        samples.withUnsafeBufferPointer { source in
            filtered.withUnsafeMutableBufferPointer { target in
                var row = [UInt8](repeating: 0, count: rowBytes)
                row.withUnsafeMutableBufferPointer { row in
                    for y in 0..<box.height {
                        let start = ((box.y + y) * layout.width + box.x) * channels
                        for i in 0..<rowBytes { row[i] = source[start + i] }
                        if let previous {
                            previous.withUnsafeBufferPointer { before in
                                for x in 0..<box.width where FrameLayout.samePixel(source, before, start + x * channels, channels) {
                                    for c in 0..<channels { row[x * channels + c] = clear[c] }
                                }
                            }
                        }
                        let t = y * (rowBytes + 1)
                        target[t] = filter
                        if filter == 0 {
                            for i in 0..<rowBytes { target[t + 1 + i] = row[i] }
                        } else {
                            for i in 0..<min(channels, rowBytes) { target[t + 1 + i] = row[i] }
                            var i = channels
                            while i < rowBytes {
                                target[t + 1 + i] = row[i] &- row[i - channels]
                                i += 1
                            }
                        }
                    }
                }
            }
        }
        return try PNGQuickEncoder.deflate(filtered, level: level)
    }

    static func be32(_ value: Int) -> [UInt8] { PNGQuickEncoder.bigEndian(UInt32(value)) }
    static func be16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
}

/// A rectangle of pixels: origin top-left, sizes ≥ 1.
struct PixelBox: Hashable {
    var x: Int, y: Int, width: Int, height: Int
}

/// The one sample layout every frame of an APNG shares, and each frame's samples in it.
struct FrameLayout {
    let width: Int
    /// PNG colour type: 3 colour-mapped, 2 RGB, 6 RGBA.
    let colourType: UInt8
    /// Bytes a pixel: 1, 3 or 4.
    let channels: Int
    /// Colour-mapped: the entries, RGBA packed little-endian (red in the low byte), ordered by
    /// alpha, then blue, green, red; empty otherwise.
    let palette: [UInt32]
    /// The sample of a transparent pixel (empty for RGB, which has none).
    let transparentSample: [UInt8]
    /// Colour-mapped: each frame's indices.
    private let indices: [[UInt8]]

    init(_ frames: [RGBAImage]) {
        width = frames[0].width
        var maps: [(colours: [UInt32], indices: [UInt8])] = []
        for frame in frames {
            guard let map = PNGQuickEncoder.colourMap(frame) else { break }
            maps.append(map)
        }
        let opaque = frames.allSatisfy { frame in
            frame.pixels.withUnsafeBufferPointer { pixels in
                var all: UInt8 = 255
                var i = 3
                while i < pixels.count { all &= pixels[i]; i += 4 }
                return all == 255
            }
        }
        var union = Set<UInt32>()
        if maps.count == frames.count { for map in maps { union.formUnion(map.colours) } }
        if maps.count == frames.count, union.count <= 256 {
            // A transparent entry lets OVER frames skip unchanged pixels; added while it fits.
            if !union.contains(where: { $0 >> 24 == 0 }) && union.count < 256 { union.insert(0) }
            // Packed little-endian, so the value's order is alpha, then blue, green, red.
            let sorted = union.sorted()
            palette = sorted
            colourType = 3
            channels = 1
            let rank = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, UInt8($0)) })
            indices = maps.map { map in
                let remap = map.colours.map { rank[$0]! }
                return remap.withUnsafeBufferPointer { remap in
                    [UInt8](unsafeUninitializedCapacity: map.indices.count) { out, count in
                        map.indices.withUnsafeBufferPointer { source in
                            for i in 0..<source.count { out[i] = remap[Int(source[i])] }
                        }
                        count = map.indices.count
                    }
                }
            }
            transparentSample = sorted.firstIndex { $0 >> 24 == 0 }.map { [UInt8($0)] } ?? []
        } else if opaque {
            (palette, colourType, channels, indices, transparentSample) = ([], 2, 3, [], [])
        } else {
            (palette, colourType, channels, indices, transparentSample) = ([], 6, 4, [], [0, 0, 0, 0])
        }
    }

    /// Frame `frame`'s samples in this layout, rows packed.
    func samples(of image: RGBAImage, frame: Int) -> [UInt8] {
        switch colourType {
        case 3: return indices[frame]
        case 2: return PNGLayout.rgb.samples(of: image)
        default: return image.pixels
        }
    }

    /// Whether the pixels at sample offset `p` of two frames are equal.
    @inline(__always)
    static func samePixel(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ channels: Int) -> Bool {
        for c in 0..<channels where a[p + c] != b[p + c] { return false }
        return true
    }

    /// The smallest rectangle holding every pixel that differs, `nil` when none does.
    func changedBox(_ samples: [UInt8], _ previous: [UInt8], width: Int, height: Int) -> PixelBox? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        let channels = self.channels
        samples.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                for y in 0..<height {
                    for x in 0..<width where !FrameLayout.samePixel(now, before, (y * width + x) * channels, channels) {
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    }
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Whether OVER with unchanged pixels transparent reproduces the frame: a transparent sample
    /// exists and every changed pixel in `box` is opaque (OVER keeps what is under a partly
    /// transparent pixel).
    func canBlendOver(_ samples: [UInt8], _ previous: [UInt8], box: PixelBox, width: Int) -> Bool {
        guard !transparentSample.isEmpty else { return false }
        let channels = self.channels
        return samples.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                for y in box.y..<box.y + box.height {
                    for x in box.x..<box.x + box.width {
                        let p = (y * width + x) * channels
                        guard !FrameLayout.samePixel(now, before, p, channels) else { continue }
                        let alpha = colourType == 3 ? UInt8(truncatingIfNeeded: palette[Int(now[p])] >> 24) : now[p + 3]
                        if alpha != 255 { return false }
                    }
                }
                return true
            }
        }
    }
}
