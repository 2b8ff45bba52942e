import CGIFLib
import Raster

/// Reads GIF files and composites their frames the way browsers display them.
///
/// Rules, as Chromium and Firefox apply them to GIF89a files:
/// - the canvas starts fully transparent; the background colour index is ignored;
/// - each image is drawn over the canvas, its transparent index leaving the canvas as it is;
///   the displayed frame is the canvas after drawing; then the image's disposal applies:
///   0/1 (and the undefined 4…7) keep, 2 clears the image's rectangle to transparent,
///   3 restores the canvas from before the image (transparent for the first);
/// - the last graphic control extension before an image wins; it applies to that image only;
///   one longer than 4 bytes is read from its first 4 (as Chromium and Firefox do); one shorter
///   is an error (``GIFError/Code-swift.struct/malformed``), because browsers then read the
///   following bytes as its fields and lose their place in the file;
/// - a logical screen with zero width or height, or a file with no image, is an error
///   (``GIFError/Code-swift.struct/malformed``): there is nothing a browser would show;
/// - LZW data that browsers refuse (a code beyond the table, a minimum code size outside 2…8)
///   is an error, checked by ``GIFPreflight`` because giflib would decode it to other pixels;
/// - images are clipped to the logical screen; an image with zero width or height is a frame
///   that changes nothing (browsers decode nothing for it either);
/// - interlaced images are de-interlaced; a local colour table overrides the global one; an
///   image with neither is an error, and so is any pixel index not below the colour count
///   (unless it is the transparent index);
/// - delays are returned as stored (browsers play 0–1 cs as 10 cs; that is for the player);
/// - loop count: from the first NETSCAPE2.0 (or ANIMEXTS1.0) block; later ones are ignored
///   with a warning; none means `LoopCount.playOnce`, 0 `LoopCount.forever`;
/// - a file that ends cleanly after its last image but has no trailer is read, with a warning;
///   LZW data that ends before the image's last pixel is an error
///   (``GIFError/Code-swift.struct/eofTooSoon`` or ``GIFError/Code-swift.struct/readFailed``), where browsers
///   would show the part decoded so far: we prefer saying the file is damaged.
public enum GIFDecoder {
    /// The logical screen's size and the number of images a GIF declares, read from its block
    /// structure without decompressing anything: what decoding it would hold (one canvas-sized
    /// RGBA8 frame per image), for a memory check before decoding.
    ///
    /// - Returns: `nil` when the header or screen descriptor is missing (decoding says why).
    public static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int, imageCount: Int)? {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        // GIF89a section 18: the logical screen width and height, unsigned little-endian.
        let width = Int(bytes[6]) | Int(bytes[7]) << 8, height = Int(bytes[8]) | Int(bytes[9]) << 8
        return (width, height, GIFPreflight.imageCount(bytes))
    }

    /// Decodes and composites every frame exactly as browsers show them.
    ///
    /// - Parameters:
    ///   - bytes: a whole GIF file.
    ///   - limits: memory, frame and work bounds, checked before allocating.
    /// - Returns: the composited frames (canvas-sized RGBA8), delays, loop count and warnings.
    /// - Throws: ``GIFError`` for malformed data or exceeded limits.
    public static func decode(_ bytes: [UInt8], limits: GIFDecodingLimits = .default) throws(GIFError) -> DecodedGIF {
        let handle = try GIFReadHandle(bytes)
        var state = DecodeState(width: handle.screenWidth, height: handle.screenHeight, limits: limits)
        try state.run(handle)
        try handle.close()
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

/// Mutable state of one decode: canvas, frames so far, pending GCE, loop count.
private struct DecodeState {
    let width: Int
    let height: Int
    let limits: GIFDecodingLimits
    var frames: [TimedFrame] = []
    var warnings: [String] = []
    var loopCount: LoopCount? = nil
    var pendingControl: GraphicControl? = nil
    var canvas: [UInt8] = []
    var decodedPixels = 0

    init(width: Int, height: Int, limits: GIFDecodingLimits) {
        self.width = width
        self.height = height
        self.limits = limits
    }

    var canvasBytes: Int { width * height * 4 }

    /// Refuses when `frameCount` frames plus two working canvases exceed the memory limit.
    func checkMemory(frameCount: Int) throws(GIFError) {
        // width, height ≤ 65535, so canvasBytes < 2^34 and the product below fits in Int for
        // frameCount ≤ maxFrames as long as maxFrames < 2^29; guard overflow anyway.
        let (need, overflow) = canvasBytes.multipliedReportingOverflow(by: frameCount + 2)
        if overflow || need > limits.maxMemoryBytes {
            let total = overflow ? "more than \(Int.max)" : "\(need)"
            let held = frameCount == 0 ? "its two working canvases alone"
                : "\(frameCount) frame\(frameCount == 1 ? "" : "s") and two working canvases"
            throw GIFError(.tooLarge, operation: "allocate canvas",
                           detail: "the logical screen is \(width)×\(height) pixels, \(canvasBytes) bytes a canvas: \(held) need \(total) bytes, limit \(limits.maxMemoryBytes)")
        }
    }

    mutating func run(_ handle: borrowing GIFReadHandle) throws(GIFError) {
        guard width > 0, height > 0 else {
            throw GIFError(.malformed, operation: "read screen descriptor",
                           detail: "the logical screen is \(width)×\(height) pixels")
        }
        try checkMemory(frameCount: 0)
        // Count the images first (a walk over the blocks, no decompression): a small file that
        // declares many frames of a large canvas is refused before any canvas is copied.
        let declaredImages = GIFPreflight.imageCount(handle.input.bytes)
        if declaredImages > limits.maxFrames {
            throw GIFError(.tooManyFrames, operation: "read image descriptor",
                           detail: "\(declaredImages) frames, limit \(limits.maxFrames)")
        }
        try checkMemory(frameCount: declaredImages)
        canvas = [UInt8](repeating: 0, count: canvasBytes)
        let global = handle.globalPalette
        var imageCount = 0
        while true {
            if handle.remainingBytes == 0 {
                try checkSomeImage()
                warnings.append("missing trailer: the data ends after \(frames.count) frame(s) without the 0x3B byte")
                return
            }
            switch try handle.recordType() {
            case TERMINATE_RECORD_TYPE:
                try checkSomeImage()
                return
            case EXTENSION_RECORD_TYPE:
                let (code, blocks) = try handle.readExtension()
                try extensionRead(code: code, blocks: blocks)
            case IMAGE_DESC_RECORD_TYPE:
                imageCount += 1
                if imageCount > limits.maxFrames {
                    throw GIFError(.tooManyFrames, operation: "read image descriptor",
                                   detail: "more than \(limits.maxFrames) frames")
                }
                try checkMemory(frameCount: frames.count + 1)
                try handle.readImageDescriptor()
                try decodeImage(handle, global: global)
            default:
                throw GIFError(.wrongRecord, operation: "read block type")
            }
        }
    }

    /// A GIF with no image shows nothing; say so rather than return zero frames.
    func checkSomeImage() throws(GIFError) {
        if frames.isEmpty {
            throw GIFError(.malformed, operation: "read images", detail: "the file holds no image")
        }
    }

    mutating func extensionRead(code: Int32, blocks: [[UInt8]]) throws(GIFError) {
        switch code {
        case GRAPHICS_EXT_FUNC_CODE:
            guard let b = blocks.first, b.count >= 4 else {
                throw GIFError(.malformed, operation: "read graphic control extension \(frames.count)",
                               detail: "its block is \(blocks.first?.count ?? 0) bytes, GIF89a needs 4")
            }
            if b.count > 4 { warnings.append("graphic control extension longer than 4 bytes: extra bytes ignored") }
            let transparent = b[0] & 1 != 0 ? Int(b[3]) : nil
            pendingControl = GraphicControl(disposal: Int(b[0] >> 2 & 7),
                                            delayCentiseconds: Int(b[1]) | Int(b[2]) << 8,
                                            transparentIndex: transparent)
        case APPLICATION_EXT_FUNC_CODE:
            guard blocks.count >= 2, blocks[0] == Array("NETSCAPE2.0".utf8) || blocks[0] == Array("ANIMEXTS1.0".utf8),
                  blocks[1].count >= 3, blocks[1][0] == 1 else { return }
            let count = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
            if loopCount != nil {
                warnings.append("second loop block (count \(count)) ignored: the first one wins")
                return
            }
            loopCount = count == 0 ? .forever : .repeats(count)
        default:
            return  // comments, plain text and unknown extensions do not change what is shown
        }
    }

    mutating func decodeImage(_ handle: borrowing GIFReadHandle, global: [RGBTriple]?) throws(GIFError) {
        let image = handle.image
        let control = pendingControl ?? GraphicControl()
        pendingControl = nil
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        decodedPixels += overflow ? Int.max / 2 : pixels
        if decodedPixels > limits.maxDecodedPixels {
            throw GIFError(.tooLarge, operation: "decode image data",
                           detail: "\(decodedPixels) pixels to decode, limit \(limits.maxDecodedPixels)")
        }
        // giflib has just read the image descriptor, the local table and the code size byte.
        let input = handle.input
        if let problem = GIFPreflight.checkImageData(input.bytes, at: input.offset - 1, pixelCount: pixels) {
            throw GIFError(.malformed, operation: "decode image \(frames.count)", detail: problem)
        }
        let saved = control.disposal == 3 ? canvas : nil
        if image.width == 0 || image.height == 0 {
            try handle.skipImageData()
        } else {
            guard let palette = image.localPalette ?? global else {
                throw GIFError(.noColorMap, operation: "decode image \(frames.count)")
            }
            try draw(handle, image: image, palette: palette, transparent: control.transparentIndex)
        }
        frames.append(TimedFrame(image: RGBAImage(width: width, height: height, pixels: canvas)!,
                                 delayCentiseconds: control.delayCentiseconds))
        switch control.disposal {
        case 2: clear(left: image.left, top: image.top, width: image.width, height: image.height)
        case 3: canvas = saved!
        default: break
        }
    }

    /// Decodes the image row by row and draws its visible part.
    mutating func draw(_ handle: borrowing GIFReadHandle,
                       image: (left: Int, top: Int, width: Int, height: Int, interlaced: Bool, localPalette: [RGBTriple]?),
                       palette: [RGBTriple], transparent: Int?) throws(GIFError) {
        // Colours as little-endian RGBA words, one per possible index; invalid ones flagged.
        var words = [UInt32](repeating: 0, count: 256)
        for (i, c) in palette.prefix(256).enumerated() {
            words[i] = UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | 0xFF00_0000
        }
        let colorCount = palette.count
        let transparentIndex = transparent ?? -1
        var line = [GifPixelType](repeating: 0, count: image.width)
        let x0 = max(0, image.left), x1 = min(width, image.left + image.width)
        let rows = Self.rowOrder(height: image.height, interlaced: image.interlaced)
        for row in rows {
            try line.withUnsafeMutableBufferPointer { (buffer) throws(GIFError) in try handle.readLine(buffer) }
            let bad = line.withUnsafeBufferPointer { buffer -> Int? in
                for i in 0..<buffer.count where Int(buffer[i]) >= colorCount && Int(buffer[i]) != transparentIndex {
                    return i
                }
                return nil
            }
            if let bad {
                throw GIFError(.indexOutOfPalette, operation: "decode image \(frames.count)",
                               detail: "index \(line[bad]) at (\(image.left + bad), \(image.top + row)), \(colorCount) colours")
            }
            let y = image.top + row
            guard y >= 0, y < height, x0 < x1 else { continue }
            line.withUnsafeBufferPointer { source in
                words.withUnsafeBufferPointer { colors in
                    canvas.withUnsafeMutableBytes { raw in
                        let out = raw.bindMemory(to: UInt32.self)
                        // 0 ≤ y < height and 0 ≤ x0 ≤ x < x1 ≤ width: out index < width * height;
                        // x - left in 0..<image.width = source.count; index < 256 = colors.count.
                        let rowStart = y * width
                        for x in x0..<x1 {
                            let index = source[x - image.left]
                            if Int(index) == transparentIndex { continue }
                            out[rowStart + x] = UInt32(littleEndian: colors[Int(index)])
                        }
                    }
                }
            }
        }
    }

    /// Clears the part of a rectangle inside the canvas to transparent.
    mutating func clear(left: Int, top: Int, width w: Int, height h: Int) {
        let x0 = max(0, left), x1 = min(width, left + w)
        let y0 = max(0, top), y1 = min(height, top + h)
        guard x0 < x1, y0 < y1 else { return }
        canvas.withUnsafeMutableBufferPointer { buffer in
            for y in y0..<y1 {
                // Inside the canvas by the clamps above.
                let start = (y * width + x0) * 4
                (buffer.baseAddress! + start).update(repeating: 0, count: (x1 - x0) * 4)
            }
        }
    }

    /// Stored row order → image row: sequential, or the four interlace passes
    /// (every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1; GIF89a appendix E).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
            + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
    }
}
