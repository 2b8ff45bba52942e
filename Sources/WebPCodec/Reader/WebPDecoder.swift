import CWebP
import Raster

/// Bounds on what decoding a WebP may cost, checked before anything is allocated.
public struct WebPDecodingLimits: Sendable, Hashable {
    /// Most bytes the decoded frames and the decoder's two canvases may take together (each
    /// `width × height × 4` bytes). Default 1 GiB.
    public var maxMemoryBytes: Int
    /// Most frames in the file. Default 100 000.
    public var maxFrames: Int

    /// Creates limits; every argument has the default above.
    public init(maxMemoryBytes: Int = 1 << 30, maxFrames: Int = 100_000) {
        self.maxMemoryBytes = maxMemoryBytes
        self.maxFrames = maxFrames
    }
}

/// A decoded WebP: the frames as a browser shows them, their delays in milliseconds, and what
/// was odd about the file.
public struct DecodedWebP: Sendable, Hashable {
    /// The composited canvas-sized frames, delays in centiseconds (rounded when the file's
    /// are not whole centiseconds) and the loop count (`.playOnce` for a still).
    public var sequence: FrameSequence
    /// Each frame's delay as stored, in milliseconds.
    public var delaysMilliseconds: [Int]
    /// Whether the file is an animation (`VP8X` animation flag); a still has one frame.
    public var animated: Bool
    /// Tolerated oddities, one line each (e.g. delays rounded to centiseconds).
    public var warnings: [String]
}

/// Reads animated and still WebP files through libwebp's `WebPDemux` and `WebPAnimDecoder`.
public enum WebPDecoder {
    /// Whether `bytes` start like a WebP file: `RIFF`, a size, `WEBP` (RIFF container header).
    public static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    /// Whether `bytes` are a WebP or its beginning cut short: ``isWebP(_:)``, or `RIFF` and fewer
    /// than 12 bytes, so that a truncated file is reported as a broken WebP.
    public static func looksLikeWebP(_ bytes: [UInt8]) -> Bool {
        isWebP(bytes) || (bytes.count < 12 && bytes.starts(with: Array("RIFF".utf8)))
    }

    /// The canvas size and frame count the container declares, read by `WebPDemuxPartial`
    /// without decoding a pixel; `nil` when it is not a WebP or its header cannot be parsed.
    public static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int, frameCount: Int)? {
        guard isWebP(bytes), let info = WebPDemuxInfo(WebPBytes(bytes)) else { return nil }
        return (info.canvasWidth, info.canvasHeight, info.frameCount)
    }

    /// Decodes and composites every frame.
    ///
    /// The container is parsed first (`WebPDemuxPartial`): a file that ends early or is
    /// malformed is refused, and the canvas, the frame count and the memory they need are
    /// checked against `limits`, before the decoder allocates anything.
    ///
    /// - Throws: ``WebPError`` `.parseError`, `.parsingHeader`, `.parsedHeader` (truncated),
    ///   `.frameDecodingFailed` (a damaged bitstream), `.tooLarge`, `.tooManyFrames`.
    public static func decode(_ bytes: [UInt8], limits: WebPDecodingLimits = .init()) throws(WebPError) -> DecodedWebP {
        guard isWebP(bytes) else {
            throw WebPError(bytes.count < 12 ? .parsingHeader : .parseError, operation: "read the RIFF header",
                            detail: bytes.count < 12 ? "\(bytes.count) bytes" : "no 'RIFF….WEBP' signature")
        }
        let data = WebPBytes(bytes)
        guard let info = WebPDemuxInfo(data) else {
            throw WebPError(.parseError, operation: "read the container", detail: "\(bytes.count) bytes: no whole header")
        }
        guard info.state == WEBP_DEMUX_DONE else {
            throw WebPError(WebPError.Code(.demux, Int32(info.state.rawValue)), operation: "read the container",
                            detail: "\(bytes.count) bytes")
        }
        let (width, height) = (info.canvasWidth, info.canvasHeight)
        guard width >= 1, height >= 1 else { throw WebPError(.tooLarge, operation: "read the canvas", detail: "\(width) × \(height) px") }
        guard info.frameCount >= 1 else { throw WebPError(.parseError, operation: "read the frames", detail: "no frame") }
        guard info.frameCount <= limits.maxFrames else {
            throw WebPError(.tooManyFrames, operation: "read the frames", detail: "\(info.frameCount) frames, at most \(limits.maxFrames)")
        }
        let canvas = Double(width) * Double(height) * 4
        let needed = canvas * Double(info.frameCount + 2)
        guard needed <= Double(limits.maxMemoryBytes) else {
            throw WebPError(.tooLarge, operation: "read the canvas",
                            detail: "\(width) × \(height) px × \(info.frameCount) frames need \(Int(needed)) bytes, more than \(limits.maxMemoryBytes)")
        }
        let decoder = try WebPAnimDecoderHandle(data)
        var frames: [TimedFrame] = []
        var delays: [Int] = []
        frames.reserveCapacity(info.frameCount)
        var previousEnd = 0
        var rounded = false
        while decoder.hasMoreFrames {
            guard frames.count < info.frameCount else { break }
            let (pixels, end) = try decoder.next(canvasBytes: width * height * 4)
            let delay = max(0, end - previousEnd)
            previousEnd = end
            delays.append(delay)
            if delay % 10 != 0 { rounded = true }
            // Whole bytes of the canvas, so the image always wraps.
            let image = RGBAImage(width: width, height: height, pixels: pixels)!
            frames.append(TimedFrame(image: image, delayCentiseconds: (delay + 5) / 10))
        }
        guard frames.count == info.frameCount else {
            throw WebPError(.frameDecodingFailed, operation: "WebPAnimDecoderGetNext",
                            detail: "\(frames.count) of \(info.frameCount) frames decoded")
        }
        let loop: LoopCount
        if !info.animated {
            loop = .playOnce
        } else {
            loop = info.loopCount == 0 ? .forever : info.loopCount == 1 ? .playOnce : .repeats(info.loopCount - 1)
        }
        var warnings: [String] = []
        if rounded { warnings.append("frame delays that are not whole centiseconds were rounded to centiseconds") }
        return DecodedWebP(sequence: FrameSequence(width: width, height: height, frames: frames, loopCount: loop),
                           delaysMilliseconds: delays, animated: info.animated, warnings: warnings)
    }
}
