import GIFCodec
import PNGCodec
import Raster
import WebPCodec

/// How inputs are read: whether files that need a repair are refused, and how a GIF's delays
/// become frames.
public struct ReadOptions: Sendable, Hashable {
    /// Refuse any file that is read only thanks to a repair a browser would also make
    /// (stray data after the frames, truncated image data, a missing `IEND` …): every case
    /// that otherwise prints a warning.
    public var strict: Bool
    /// How GIF delays become display times (browsers' rule by default).
    public var timing: GIFTiming

    /// Creates options; the defaults forgive what browsers forgive and play delays as browsers do.
    public init(strict: Bool = false, timing: GIFTiming = .browser) {
        self.strict = strict
        self.timing = timing
    }
}

/// Any animation or still a user can hand to `compare`: a GIF, a WebP, a PNG, or a frame folder.
public struct FrameInput: Sendable {
    /// The frames as a browser shows them.
    public var sequence: FrameSequence
    /// Whether delays and loop count are known (a PNG or a folder without `frames.json` has none).
    public var timed: Bool
    /// Defects that were tolerated, e.g. a GIF without its trailer; one line each.
    public var warnings: [String]

    /// Loads `path`, deciding by content: a folder is a frame folder, `GIF8…` a GIF,
    /// `RIFF….WEBP` a WebP (animated or still), the PNG signature a PNG; `-` reads standard
    /// input (a GIF, a WebP or a PNG).
    ///
    /// - Parameter maximumBytes: memory the decoded frames may take; a GIF may also decode at
    ///   most `maximumBytes / 4` pixels in all (frames larger than the screen count whole).
    /// - Throws: ``SpinRenderError`` `.missingInput` when it does not exist, `.badData`
    ///   when it is none of the four or is malformed, naming the file and the problem.
    public static func load(_ path: String, maximumBytes: Int = MemoryEstimate.defaultLimitBytes,
                            reading: ReadOptions = ReadOptions()) throws(SpinRenderError) -> FrameInput {
        try Source.open(path, maximumBytes: maximumBytes).load(maximumBytes: maximumBytes, reading: reading)
    }

    /// Refuses, under `--strict`, an input that needed repairs: names the first one.
    static func refuseRepairs(_ warnings: [String], of name: String, kind: String, reading: ReadOptions) throws(SpinRenderError) {
        guard reading.strict, let first = warnings.first else { return }
        let more = warnings.count > 1 ? " (and \(warnings.count - 1) more)" : ""
        throw SpinRenderError(.badData, "\(name) is a \(kind) that browsers show only after a repair, which --strict refuses: \(first)\(more)")
    }

    /// An input opened but not decoded: a file's or standard input's bytes, or a frame folder,
    /// with the size its frames take once decoded, so that a command can check all it will
    /// hold before decoding anything.
    public struct Source: Sendable {
        /// The path as given; `-` for standard input.
        public var path: String
        /// The file's bytes; `nil` for a frame folder.
        var bytes: [UInt8]?
        /// Canvas width in pixels, as declared (0 when unreadable; decoding then says why).
        public var width = 0
        /// Canvas height in pixels, as declared.
        public var height = 0
        /// The frames decoding will keep.
        public var frameCount = 0
        /// Canvas-sized RGBA8 buffers decoding holds besides the frames (a GIF's working canvases).
        var workingCanvases = 0

        /// `'a.gif'`, or `standard input` for `-`.
        public var displayName: String { path == "-" ? "standard input" : "'\(path)'" }

        /// Reads the file (or standard input for `-`) whole, or looks at a folder's metadata.
        ///
        /// - Parameters:
        ///   - maximumBytes: `--max-memory`, the most the whole command may hold.
        ///   - others: what the command holds besides this file while reading it (the
        ///     process, the other input): a regular file that does not fit beside them is
        ///     refused by its size before a byte is read, a stream (standard input, a pipe, a
        ///     device) as soon as what has arrived does not fit, with ``MemoryEstimate``'s
        ///     refusal naming the limit.
        /// - Throws: ``SpinRenderError`` `.missingInput` when it does not exist, `.badData`
        ///   when the file does not fit, `.ioError`.
        public static func open(_ path: String, maximumBytes: Int = MemoryEstimate.defaultLimitBytes,
                                alongside others: MemoryEstimate = MemoryEstimate(),
                                advice: String = "raise --max-memory") throws(SpinRenderError) -> Source {
            var source = Source(path: path)
            if path != "-" && InputFile.isDirectory(path) {
                if let size = FrameFolder.declaredSize(path) {
                    (source.width, source.height, source.frameCount) = size
                }
                return source
            }
            let room = max(0, Int((Double(maximumBytes) - others.totalBytes).rounded(.down)))
            let displayName = source.displayName
            let bytes = try InputFile.read(path, maximumBytes: room) { size in
                guard let size else {
                    // A stream, stopped once more arrived than fits: its size is unknown.
                    let beside = others.parts.map { "\($0.name == "process" ? "the process itself" : $0.name) \(MemoryEstimate.describe($0.bytes))" }
                    let arrived = room == 0 ? "the limit leaves no room for it"
                        : "more than \(MemoryEstimate.describe(Double(room))) arrived, all the room the limit leaves"
                    return SpinRenderError(.badData, "reading \(displayName) needs more than --max-memory \(MemoryEstimate.describe(Double(maximumBytes))): \(arrived) beside \(beside.joined(separator: ", ")); \(advice)")
                }
                var estimate = others
                estimate.add("input file", Double(size))
                return estimate.refusal(limit: maximumBytes, subject: "reading \(displayName) (\(size) bytes)", advice: advice)
                    ?? SpinRenderError(.badData, "\(displayName) is more than the \(room)-byte limit")
            }
            source.bytes = bytes
            if FrameInput.looksLikeSVG(bytes) {
                throw SpinRenderError(.badData, "\(source.displayName) is an SVG, which spinrender writes but cannot read back (it holds no frames); render a GIF or WebP to compare or export frames")
            }
            if let size = GIFDecoder.declaredSize(bytes) {
                (source.width, source.height, source.frameCount) = size
                source.workingCanvases = 2
            } else if let size = WebPDecoder.declaredSize(bytes) {
                (source.width, source.height, source.frameCount) = size
                // libwebp's decoder composites in two canvases of its own; it reads a copy of the file.
                source.workingCanvases = 2
                source.fileCopies = 1
            } else if let size = PNGDecoder.declaredSize(bytes) {
                (source.width, source.height, source.frameCount) = (size.width, size.height, 1)
            }
            return source
        }

        /// Copies of the file a decoder makes besides `bytes` (libwebp reads from one of its own).
        var fileCopies = 0

        /// Bytes of the file held in memory (0 for a folder, whose frames are read one by one).
        public var fileBytes: Double { Double(bytes?.count ?? 0) * Double(1 + fileCopies) }

        /// Bytes the decoded frames take: 4 a pixel a frame.
        public var decodedBytes: Double { Double(width) * Double(height) * 4 * Double(frameCount) }

        /// Bytes of the canvases decoding works on besides the frames (a GIF or WebP decoder's two).
        public var workingBytes: Double { Double(width) * Double(height) * 4 * Double(workingCanvases) }

        /// `'a.png' (15000 × 15000 px, 1 frame)`, `'b.gif' (65535 × 65535 px, no image)`.
        public var summary: String {
            let frames = frameCount == 0 ? "no image" : "\(frameCount) frame\(frameCount == 1 ? "" : "s")"
            return "\(displayName) (\(width) × \(height) px, \(frames))"
        }

        /// Decodes the input.
        ///
        /// - Parameter reading: `--strict` and `--timing`; with `strict`, a file that needs a
        ///   repair is refused (`.badData`, 65) instead of read with a warning.
        /// - Throws: as ``FrameInput/load(_:maximumBytes:reading:)``.
        public func load(maximumBytes: Int = MemoryEstimate.defaultLimitBytes, reading: ReadOptions = ReadOptions()) throws(SpinRenderError) -> FrameInput {
            guard let bytes else {
                let folder = try FrameFolder.read(path, maximumBytes: maximumBytes, reading: reading)
                return FrameInput(sequence: folder.sequence, timed: folder.timed, warnings: folder.warnings)
            }
            let name = displayName
            if bytes.starts(with: Array("GIF8".utf8)) {
                do {
                    // Work is bounded by the memory budget too: no more pixels decoded than the
                    // budget could hold. A 400 KB GIF with a 32768 × 32767 frame on a 1 × 1 screen
                    // otherwise decodes 2^30 pixels nobody sees (seconds of work).
                    let limits = GIFDecodingLimits(maxMemoryBytes: maximumBytes, maxDecodedPixels: maximumBytes / 4)
                    let gif = try GIFDecoder.decode(bytes, limits: limits, timing: reading.timing)
                    try refuseRepairs(gif.warnings, of: name, kind: "GIF", reading: reading)
                    return FrameInput(sequence: gif.sequence, timed: true, warnings: gif.warnings.map { "\(name): \($0)" })
                } catch let error as GIFError {
                    throw SpinRenderError(.badData, "\(name) is not a readable GIF: \(error)")
                } catch {
                    throw error as! SpinRenderError
                }
            }
            if WebPDecoder.looksLikeWebP(bytes) {
                do {
                    let limits = WebPDecodingLimits(maxMemoryBytes: maximumBytes)
                    let webp = try WebPDecoder.decode(bytes, limits: limits)
                    return FrameInput(sequence: webp.sequence, timed: webp.animated,
                                      warnings: webp.warnings.map { "\(name): \($0)" })
                } catch {
                    throw SpinRenderError(.badData, "\(name) is not a readable WebP: \(error)")
                }
            }
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                do {
                    let (image, warnings) = try PNGDecoder.read(bytes, limits: PNGDecodingLimits(maxMemoryBytes: maximumBytes))
                    try refuseRepairs(warnings, of: name, kind: "PNG", reading: reading)
                    let frame = TimedFrame(image: image, delayCentiseconds: 0)
                    return FrameInput(sequence: FrameSequence(width: image.width, height: image.height, frames: [frame], loopCount: .playOnce),
                                      timed: false, warnings: warnings.map { "\(name): \($0)" })
                } catch let error as PNGError {
                    throw SpinRenderError(.badData, "\(name) is not a readable PNG: \(error)")
                } catch {
                    throw error as! SpinRenderError
                }
            }
            if FrameInput.looksLikeSVG(bytes) {
                throw SpinRenderError(.badData, "\(name) is an SVG, which spinrender writes but cannot read back (it holds no frames); render a GIF or WebP to compare or export frames")
            }
            throw SpinRenderError(.badData, "\(name) is not a GIF, a WebP, a PNG or a frame folder")
        }
    }
}

extension FrameInput {
    /// Whether `bytes` start as an SVG document: after an optional UTF-8 byte order mark and
    /// white space, `<svg`, or an XML declaration or comment followed by `<svg` within the first
    /// 4 KiB.
    static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let head = bytes[start..<min(bytes.count, start + 4096)]
        if head.starts(with: Array("<svg".utf8)) { return true }
        guard head.starts(with: Array("<?xml".utf8)) || head.starts(with: Array("<!".utf8)) else { return false }
        let needle = Array("<svg".utf8)
        return head.indices.contains { head[$0...].starts(with: needle) }
    }
}
