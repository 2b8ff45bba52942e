import Raster

/// How a GIF's delays become display times.
public enum GIFTiming: String, Sendable, Hashable, CaseIterable {
    /// As browsers play it: every image is a frame, and a delay of 0 or 1 cs plays as 10 cs
    /// (blink's and WebKit's image decoders turn durations of 10 ms or less into 100 ms,
    /// "following Firefox", which does the same).
    case browser
    /// As GIF89a section 23 says: an image whose delay is 0 is not a displayed frame of its
    /// own; it is composed into the next one (the "high colour" GIFs that tile many
    /// 256-colour images into one picture then show as one frame). Other delays are kept.
    case spec
}

/// Reads GIF files and composites their frames the way Chromium displays them.
///
/// The block parser and the LZW decoder (``LZWDecoder``) are GIFCodec's own, in Swift: giflib
/// refuses LZW minimum code sizes 0 and 1 and gives up on the first unknown block, where
/// Chromium shows the file. The rules are those of Wuffs' `std/gif/decode_gif.wuffs`, which
/// Chromium uses through Skia's `SkWuffsCodec` since M93 (with only its
/// `QUIRK_IGNORE_TOO_MUCH_PIXEL_DATA` enabled), and of blink's compositing of the frames:
/// - the canvas starts fully transparent; the background colour index is ignored;
/// - the canvas is the logical screen, grown to contain the first image's rectangle when that
///   image extends past it (Wuffs without `QUIRK_IMAGE_BOUNDS_ARE_STRICT`); later images are
///   clipped to it;
/// - each image is drawn over the canvas, its transparent index leaving the canvas as it is;
///   the displayed frame is the canvas after drawing; then the image's disposal applies:
///   0 and 1 keep, 2 clears the image's rectangle to transparent, 3 and the undefined 4…7
///   restore the canvas from before the image (transparent for the first; Chromium's
///   `SkCodecAnimation::DisposalMethod` maps 4…7 to "restore previous", as Firefox does);
/// - the last graphic control extension before an image wins; it applies to that image only;
///   one longer than 4 bytes is read from its first 4; one shorter is an error
///   (``GIFError/Code-swift.struct/malformed``), because browsers then read the following
///   bytes as its fields and lose their place in the file;
/// - an image with neither a local nor a global colour table is drawn with 256 opaque blacks
///   (Wuffs without `QUIRK_REJECT_EMPTY_PALETTE`), its transparent index still transparent;
/// - an image with zero width or height is a frame that changes nothing, with its delay (Wuffs
///   without `QUIRK_REJECT_EMPTY_FRAME`); a file with no image at all shows one transparent
///   frame of the canvas's size;
/// - LZW minimum code sizes 0…8 decode; above 8 is an error (Wuffs' `"#gif: bad literal width"`);
///   a code beyond the table is an error (`"#lzw: bad code"`); codes after the last pixel are
///   ignored (`QUIRK_IGNORE_TOO_MUCH_PIXEL_DATA`);
/// - image data that ends before the last pixel (an early end code, or the file cut short)
///   shows the pixels decoded so far; the rest of the rectangle keeps what the canvas held;
/// - a block that is neither an extension, an image nor the trailer, after at least one image
///   (stray bytes, a second header, garbage before the trailer), ends the file there: the
///   frames read so far are shown (Wuffs' `"#gif: bad block"` ends the animation after them);
///   so does a file cut short between images, or without its trailer;
/// - interlaced images are de-interlaced; a local colour table overrides the global one; a
///   pixel index not below the colour count (other than the transparent index) is an error;
/// - delays follow ``GIFTiming``;
/// - loop count: from the first NETSCAPE2.0 (or ANIMEXTS1.0) block; later ones are ignored
///   with a warning; none means `LoopCount.playOnce`, 0 `LoopCount.forever`.
///
/// Every forgiven defect adds one line to ``DecodedGIF/warnings``, starting with the byte
/// offset where it was found.
public enum GIFDecoder {
    /// The canvas size and the number of images a GIF declares, read from its block structure
    /// without decompressing anything (the canvas grown by the first image as decoding grows
    /// it): what decoding would hold (one canvas-sized RGBA8 frame per image), for a memory
    /// check before decoding.
    ///
    /// - Returns: `nil` when the header or screen descriptor is missing (decoding says why).
    public static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int, imageCount: Int)? {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        let walk = GIFPreflight.walk(bytes)
        return (walk.width, walk.height, walk.imageCount)
    }

    /// Decodes and composites every frame as Chromium shows them.
    ///
    /// - Parameters:
    ///   - bytes: a whole GIF file.
    ///   - limits: memory, frame and work bounds, checked before allocating.
    ///   - timing: how delays become frames and display times.
    /// - Returns: the composited frames (canvas-sized RGBA8), delays, loop count and warnings.
    /// - Throws: ``GIFError`` for data no browser shows, or exceeded limits.
    public static func decode(_ bytes: [UInt8], limits: GIFDecodingLimits = .default,
                              timing: GIFTiming = .browser) throws(GIFError) -> DecodedGIF {
        var state = DecodeState(bytes: bytes, limits: limits, timing: timing)
        try state.run()
        return DecodedGIF(sequence: FrameSequence(width: state.width, height: state.height, frames: state.frames,
                                                  loopCount: state.loopCount ?? .playOnce),
                          warnings: state.warnings)
    }
}

/// The graphic control extension fields that matter for display.
struct GraphicControl {
    var disposal = 0
    var delayCentiseconds = 0
    var transparentIndex: Int? = nil
}

/// An image descriptor's fields (GIF89a section 20).
struct ImageDescriptor {
    var left: Int, top: Int, width: Int, height: Int
    var interlaced: Bool
}

/// Mutable state of one decode: input cursor, canvas, frames so far, pending GCE, loop count.
private struct DecodeState {
    let bytes: [UInt8]
    let limits: GIFDecodingLimits
    let timing: GIFTiming
    var p = 0
    var width = 0
    var height = 0
    var frames: [TimedFrame] = []
    var warnings: [String] = []
    var loopCount: LoopCount? = nil
    var pendingControl: GraphicControl? = nil
    var canvas: [UInt8] = []
    var decodedPixels = 0
    var imageCount = 0
    var declaredImages = 0
    /// Whether the last image was composed without becoming a frame (``GIFTiming/spec``, delay 0).
    var composedSinceLastFrame = false

    init(bytes: [UInt8], limits: GIFDecodingLimits, timing: GIFTiming) {
        self.bytes = bytes
        self.limits = limits
        self.timing = timing
    }

    var canvasBytes: Int { width * height * 4 }
    var remaining: Int { bytes.count - p }

    /// Refuses when `frameCount` frames plus two working canvases exceed the memory limit.
    func checkMemory(frameCount: Int) throws(GIFError) {
        // width, height ≤ 2 × 65535, so canvasBytes < 2^36 and the product fits in Int for any
        // frame count the limit allows; guard overflow anyway.
        let (need, overflow) = canvasBytes.multipliedReportingOverflow(by: frameCount + 2)
        if overflow || need > limits.maxMemoryBytes {
            let total = overflow ? "more than \(Int.max)" : "\(need)"
            let held = frameCount == 0 ? "its two working canvases alone"
                : "\(frameCount) frame\(frameCount == 1 ? "" : "s") and two working canvases"
            throw GIFError(.tooLarge, operation: "allocate canvas",
                           detail: "the logical screen is \(width)×\(height) pixels, \(canvasBytes) bytes a canvas: \(held) need \(total) bytes, limit \(limits.maxMemoryBytes)")
        }
    }

    /// Little-endian 16-bit value at `at` (the caller checked the bytes are there).
    func le16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

    mutating func run() throws(GIFError) {
        // GIF89a section 17: "GIF87a" or "GIF89a" (Wuffs' decode_header: else "bad header").
        guard bytes.count >= 6, bytes.starts(with: Array("GIF8".utf8)), bytes[4] == 0x37 || bytes[4] == 0x39,
              bytes[5] == 0x61 else {
            throw GIFError(.notGIFFile, operation: "read header",
                           detail: bytes.starts(with: Array("GIF8".utf8)) ? "the signature is not GIF87a or GIF89a" : "")
        }
        guard bytes.count >= 13 else {
            throw GIFError(.noScreenDescriptor, operation: "read screen descriptor",
                           detail: "the data ends at byte \(bytes.count), inside the 7-byte logical screen descriptor")
        }
        // GIF89a section 18: logical screen width and height, flags.
        width = le16(6)
        height = le16(8)
        let flags = bytes[10]
        p = 13
        var global: [RGBTriple]? = nil
        if flags & 0x80 != 0 {
            let count = 1 << (Int(flags & 7) + 1)
            guard remaining >= 3 * count else {
                throw GIFError(.readFailed, operation: "read global colour table",
                               detail: "the data ends at byte \(bytes.count), inside the \(count)-colour table at byte 13")
            }
            global = readTable(count: count)
        }
        if width > 0 && height > 0 { try checkMemory(frameCount: 0) }
        // Count the images first (a walk over the blocks, no decompression): a small file that
        // declares many frames of a large canvas is refused before any canvas is copied.
        let walk = GIFPreflight.walk(bytes)
        declaredImages = walk.imageCount
        if declaredImages > limits.maxFrames {
            throw GIFError(.tooManyFrames, operation: "read image descriptor",
                           detail: "\(declaredImages) frames, limit \(limits.maxFrames)")
        }
        while true {
            guard remaining > 0 else {
                if frames.isEmpty && imageCount == 0 {
                    throw GIFError(.eofTooSoon, operation: "read blocks",
                                   detail: "the data ends at byte \(bytes.count) before any image and without the trailer")
                }
                warnings.append("byte \(bytes.count): missing trailer: the data ends after \(imageCount) image(s) without the 0x3B byte")
                return finish()
            }
            let start = p
            switch bytes[p] {
            case 0x3B:
                try finishEmpty(at: start)
                return finish()
            case 0x21:
                p += 1
                guard try readExtension(start: start) else { return finish() }
            case 0x2C:
                p += 1
                guard try readImage(start: start, global: global) else { return finish() }
            default:
                guard imageCount > 0 else {
                    throw GIFError(.wrongRecord, operation: "read block type",
                                   detail: "byte 0x\(hex(bytes[p])) at byte \(p), before any image")
                }
                warnings.append("byte \(p): stray data (0x\(hex(bytes[p])), not an extension, image or trailer) after \(imageCount) image(s): the rest of the file is ignored, as browsers do")
                return finish()
            }
        }
    }

    /// A file with no image shows one transparent frame (when its screen has an area).
    mutating func finishEmpty(at offset: Int) throws(GIFError) {
        guard imageCount == 0 else { return }
        guard width > 0, height > 0 else {
            throw GIFError(.malformed, operation: "read images",
                           detail: "the file holds no image and its logical screen is \(width)×\(height) pixels: there is nothing to show")
        }
        try checkMemory(frameCount: 1)
        frames.append(TimedFrame(image: RGBAImage(width: width, height: height), delayCentiseconds: delay(pendingControl?.delayCentiseconds ?? 0)))
    }

    /// Ends the decode: a composed-but-not-shown image (spec timing) becomes the last frame.
    mutating func finish() {
        if composedSinceLastFrame {
            frames.append(TimedFrame(image: RGBAImage(width: width, height: height,
                                                      pixels: canvasBeforeDisposal.isEmpty ? canvas : canvasBeforeDisposal)!,
                                     delayCentiseconds: 0))
            composedSinceLastFrame = false
        }
    }

    /// The displayed canvas of the last composed image, kept for ``finish()`` (spec timing)
    /// when its disposal changed the canvas; empty when the canvas itself is that picture.
    var canvasBeforeDisposal: [UInt8] = []

    func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }

    func delay(_ centiseconds: Int) -> Int {
        timing == .browser && centiseconds <= 1 ? 10 : centiseconds
    }

    mutating func readTable(count: Int) -> [RGBTriple] {
        var table: [RGBTriple] = []
        table.reserveCapacity(count)
        for i in 0..<count {
            table.append(RGBTriple(r: bytes[p + 3 * i], g: bytes[p + 3 * i + 1], b: bytes[p + 3 * i + 2]))
        }
        p += 3 * count
        return table
    }

    /// The payloads of sub-blocks from `p` up to the block terminator; `nil` when the data ends first.
    mutating func readSubBlocks() -> [[UInt8]]? {
        var blocks: [[UInt8]] = []
        while p < bytes.count {
            let n = Int(bytes[p])
            p += 1
            if n == 0 { return blocks }
            guard remaining >= n else { p = bytes.count; return nil }
            blocks.append(Array(bytes[p..<(p + n)]))
            p += n
        }
        return nil
    }

    /// Reads one extension; `false` when the file ends inside it after some image (the frames so
    /// far are shown).
    mutating func readExtension(start: Int) throws(GIFError) -> Bool {
        guard p < bytes.count else { return try truncated(at: start, inside: "an extension") }
        p += 1   // the label
        guard let blocks = readSubBlocks() else { return try truncated(at: start, inside: "an extension") }
        let label = bytes[start + 1]
        switch label {
        case 0xF9:
            guard let b = blocks.first, b.count >= 4 else {
                throw GIFError(.malformed, operation: "read graphic control extension at byte \(start)",
                               detail: "its block is \(blocks.first?.count ?? 0) bytes, GIF89a needs 4")
            }
            if b.count > 4 { warnings.append("byte \(start): graphic control extension longer than 4 bytes: extra bytes ignored") }
            let transparent = b[0] & 1 != 0 ? Int(b[3]) : nil
            pendingControl = GraphicControl(disposal: Int(b[0] >> 2 & 7),
                                            delayCentiseconds: Int(b[1]) | Int(b[2]) << 8,
                                            transparentIndex: transparent)
        case 0xFF:
            guard blocks.count >= 2, blocks[0] == Array("NETSCAPE2.0".utf8) || blocks[0] == Array("ANIMEXTS1.0".utf8),
                  blocks[1].count >= 3, blocks[1][0] == 1 else { return true }
            let count = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
            if loopCount != nil {
                warnings.append("byte \(start): second loop block (count \(count)) ignored: the first one wins")
                return true
            }
            loopCount = count == 0 ? .forever : .repeats(count)
        default:
            break  // comments, plain text and unknown extensions do not change what is shown
        }
        return true
    }

    /// The file ends inside a block at `start`: after an image, the frames so far are shown.
    mutating func truncated(at start: Int, inside what: String) throws(GIFError) -> Bool {
        guard imageCount > 0 else {
            throw GIFError(.eofTooSoon, operation: "read blocks",
                           detail: "the data ends at byte \(bytes.count), inside \(what) at byte \(start), before any image")
        }
        warnings.append("byte \(start): the data ends inside \(what) after \(imageCount) image(s) (truncated file): the frames so far are shown")
        return false
    }

    /// Reads, decodes and composites one image; `false` when the file ends inside it.
    mutating func readImage(start: Int, global: [RGBTriple]?) throws(GIFError) -> Bool {
        guard remaining >= 9 else { return try truncated(at: start, inside: "an image descriptor") }
        let image = ImageDescriptor(left: le16(p), top: le16(p + 2), width: le16(p + 4), height: le16(p + 6),
                                    interlaced: bytes[p + 8] & 0x40 != 0)
        let flags = bytes[p + 8]
        p += 9
        let index = imageCount
        imageCount += 1
        if imageCount > limits.maxFrames {
            throw GIFError(.tooManyFrames, operation: "read image descriptor", detail: "more than \(limits.maxFrames) frames")
        }
        if index == 0 {
            // Wuffs' decode_id_part0: the image bounds grow to hold the first frame.
            let right = image.left + image.width, bottom = image.top + image.height
            if right > width || bottom > height {
                let (w, h) = (max(width, right), max(height, bottom))
                warnings.append("byte \(start): the first image (\(image.width)×\(image.height) at \(image.left),\(image.top)) extends past the \(width)×\(height) logical screen: the canvas grows to \(w)×\(h), as Chromium shows it")
                (width, height) = (w, h)
            }
            guard width > 0, height > 0 else {
                throw GIFError(.malformed, operation: "read screen descriptor",
                               detail: "the logical screen is \(width)×\(height) pixels and the first image is empty: there is nothing to show")
            }
            try checkMemory(frameCount: 0)
            try checkMemory(frameCount: max(1, declaredImages))
            canvas = [UInt8](repeating: 0, count: canvasBytes)
        }
        try checkMemory(frameCount: frames.count + 1)
        let control = pendingControl ?? GraphicControl()
        pendingControl = nil
        var palette = global
        if flags & 0x80 != 0 {
            let count = 1 << (Int(flags & 7) + 1)
            guard remaining >= 3 * count else {
                // Nothing of this image can be drawn: it shows as the canvas so far.
                p = bytes.count
                emit(control: control, image: image, saved: nil)
                return try truncated(at: start, inside: "image \(index)'s colour table")
            }
            palette = readTable(count: count)
        }
        let codeSizeOffset = p
        guard p < bytes.count else {
            emit(control: control, image: image, saved: nil)
            return try truncated(at: start, inside: "image \(index)'s descriptor")
        }
        let literalWidth = Int(bytes[p])
        p += 1
        guard literalWidth <= 8 else {
            throw GIFError(.malformed, operation: "decode image \(index)",
                           detail: "LZW minimum code size \(literalWidth) at byte \(codeSizeOffset): at most 8 is possible for 8-bit indices, and browsers refuse it too")
        }
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        decodedPixels += overflow ? Int.max / 2 : pixels
        if decodedPixels > limits.maxDecodedPixels {
            throw GIFError(.tooLarge, operation: "decode image data",
                           detail: "\(decodedPixels) pixels to decode, limit \(limits.maxDecodedPixels)")
        }
        // The LZW data, sub-block lengths removed; a file cut short keeps what it has.
        var data: [UInt8] = []
        var complete = false
        while p < bytes.count {
            let n = Int(bytes[p])
            p += 1
            if n == 0 { complete = true; break }
            let take = min(n, remaining)
            data += bytes[p..<(p + take)]
            p += take
        }
        if palette == nil {
            warnings.append("byte \(start): image \(index) has no colour table (neither local nor global): drawn in opaque black, as Chromium does")
        }
        let colours = palette ?? [RGBTriple](repeating: RGBTriple(r: 0, g: 0, b: 0), count: 256)
        let saved = control.disposal >= 3 ? canvas : nil
        var decoded = pixels
        if pixels > 0 {
            decoded = try draw(image: image, data: data, literalWidth: literalWidth, palette: colours,
                               transparent: control.transparentIndex, index: index, dataOffset: codeSizeOffset + 1)
        }
        if decoded < pixels {
            warnings.append("byte \(codeSizeOffset): image \(index)'s data ends at pixel \(decoded) of \(pixels) (\(image.width)×\(image.height))\(complete ? "" : ", the file being cut short"): the pixels so far are shown, the rest of its rectangle keeps the canvas")
        }
        emit(control: control, image: image, saved: saved)
        if !complete {
            if decoded == pixels {
                warnings.append("byte \(bytes.count): the data ends inside image \(index)'s data, after its last pixel (truncated file)")
            }
            return false
        }
        return true
    }

    /// Records the displayed frame (unless spec timing composes it into the next), then disposes.
    mutating func emit(control: GraphicControl, image: ImageDescriptor, saved: [UInt8]?) {
        if timing == .spec && control.delayCentiseconds == 0 {
            // Kept only when disposal will change the canvas (a copy of the whole canvas).
            canvasBeforeDisposal = control.disposal >= 2 ? canvas : []
            composedSinceLastFrame = true
        } else {
            frames.append(TimedFrame(image: RGBAImage(width: width, height: height, pixels: canvas)!,
                                     delayCentiseconds: delay(control.delayCentiseconds)))
            composedSinceLastFrame = false
        }
        switch control.disposal {
        case 2: clear(image)
        case 3...7: canvas = saved ?? canvas
        default: break
        }
    }

    /// Decodes the image row by row and draws its visible part; returns the pixels decoded.
    mutating func draw(image: ImageDescriptor, data: [UInt8], literalWidth: Int, palette: [RGBTriple],
                       transparent: Int?, index: Int, dataOffset: Int) throws(GIFError) -> Int {
        // Colours as little-endian RGBA words, one per possible index.
        var words = [UInt32](repeating: 0, count: 256)
        for (i, c) in palette.prefix(256).enumerated() {
            words[i] = UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | 0xFF00_0000
        }
        let colorCount = palette.count
        let transparentIndex = transparent ?? -1
        var lzw = LZWDecoder(data: data, literalWidth: literalWidth)
        var line = [UInt8](repeating: 0, count: image.width)
        let x0 = max(0, image.left), x1 = min(width, image.left + image.width)
        let canvasWidth = width, canvasHeight = height
        var decoded = 0
        for pass in 0..<(image.interlaced ? 4 : 1) {
            // GIF89a appendix E: every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
            let (first, step) = image.interlaced ? [(0, 8), (4, 8), (2, 4), (1, 2)][pass] : (0, 1)
            for row in stride(from: first, to: image.height, by: step) {
                let n = line.withUnsafeMutableBufferPointer { lzw.read(into: $0) }
                decoded += n
                if case let .badCode(code, slot) = lzw.stop, n < image.width {
                    throw GIFError(.malformed, operation: "decode image \(index)",
                                   detail: "LZW code \(code) at pixel \(decoded) is beyond the table (next entry \(slot)); image data at byte \(dataOffset)")
                }
                let bad = line.withUnsafeBufferPointer { buffer -> Int? in
                    for i in 0..<n where Int(buffer[i]) >= colorCount && Int(buffer[i]) != transparentIndex { return i }
                    return nil
                }
                if let bad {
                    throw GIFError(.indexOutOfPalette, operation: "decode image \(index)",
                                   detail: "index \(line[bad]) at (\(image.left + bad), \(image.top + row)), \(colorCount) colours")
                }
                let y = image.top + row
                if y < canvasHeight, x0 < min(x1, image.left + n) {
                    let end = min(x1, image.left + n)
                    line.withUnsafeBufferPointer { source in
                        words.withUnsafeBufferPointer { colors in
                            canvas.withUnsafeMutableBytes { raw in
                                let out = raw.bindMemory(to: UInt32.self)
                                // 0 ≤ y < height and 0 ≤ x0 ≤ x < end ≤ width: out index < width × height;
                                // x - left < n ≤ source.count; an index < 256 = colors.count.
                                let rowStart = y * canvasWidth
                                for x in x0..<end {
                                    let value = source[x - image.left]
                                    if Int(value) == transparentIndex { continue }
                                    out[rowStart + x] = UInt32(littleEndian: colors[Int(value)])
                                }
                            }
                        }
                    }
                }
                if n < image.width { return decoded }
            }
        }
        return decoded
    }

    /// Clears the part of the image's rectangle inside the canvas to transparent.
    mutating func clear(_ image: ImageDescriptor) {
        let x0 = max(0, image.left), x1 = min(width, image.left + image.width)
        let y0 = max(0, image.top), y1 = min(height, image.top + image.height)
        guard x0 < x1, y0 < y1 else { return }
        let canvasWidth = width
        canvas.withUnsafeMutableBufferPointer { buffer in
            for y in y0..<y1 {
                // Inside the canvas by the clamps above.
                let start = (y * canvasWidth + x0) * 4
                (buffer.baseAddress! + start).update(repeating: 0, count: (x1 - x0) * 4)
            }
        }
    }
}
