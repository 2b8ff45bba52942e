import Compare
import Glibc
import FoundationEssentials
import PNGCodec
import Raster
import Workers

/// A folder of frames: `frame_0000.png`, `frame_0001.png`, … and `frames.json`.
///
/// `frames.json` records the canvas size (pixels), the scale (pixels per point), one delay per
/// frame (centiseconds), the loop count (`0` forever, `N` repeats, `null` play once) and the
/// arguments that made the frames. Frames are what a browser shows: full-canvas, composited,
/// 8-bit sRGB RGBA PNGs. This is the reference-frame format of `spinrender verify`.
public enum FrameFolder {
    /// Name of the metadata file.
    public static let metadataName = "frames.json"

    /// Name of frame `index`: `frame_0000.png` …
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// The metadata of a frame folder, as stored in `frames.json`.
    public struct Metadata: Codable, Hashable, Sendable {
        /// Canvas width in pixels.
        public var width: Int
        /// Canvas height in pixels.
        public var height: Int
        /// Pixels per point, when the frames were rendered.
        public var scale: Double?
        /// One delay per frame, in centiseconds.
        public var delaysCentiseconds: [Int]
        /// `0` loops forever, `N` repeats N times, `nil` plays once.
        public var loopCount: Int?
        /// The command-line arguments that produced the frames, when known.
        public var arguments: [String]?
        /// The font files the frames' texts were drawn with, when they draw text.
        public var fonts: [FontFileInfo]?
    }

    /// A font file as `frames.json` and `timeline --json` name it.
    static func fontJSON(_ font: FontFileInfo) -> JSONText {
        .object([("family", .string(font.family)), ("style", .string(font.style)), ("version", .string(font.version)),
                 ("file", .string(font.path)), ("package", .string(font.package))])
    }

    /// Writes every frame as PNG and the metadata, replacing the folder as a whole.
    ///
    /// The files go into a new hidden folder next to `folder`, which then takes its place with
    /// two renames, so a failed or interrupted run leaves an existing frame folder as it was and
    /// never a half-written one. A terminating signal (``TemporaryFiles/cleanupSignals``)
    /// removes the hidden folder with the frames in it, and waits while the two renames and the
    /// removal of the old frames run. A folder holding anything but frames and `frames.json` as
    /// regular files (a subfolder or a link named like a frame, say) is refused rather than
    /// replaced. Like ``OutputFile``'s files, a new folder gets what `mkdir`
    /// gives it, 0777 minus the umask (0755 under the usual umask 022), not the 0700 of the
    /// `mkdtemp` staging folder, and a replaced folder keeps its mode; the frames and
    /// `frames.json` get 0666 minus the umask. A folder the user may not write is refused. A
    /// symbolic link stays a link: the folder it leads to is replaced, or created when it dangles.
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` / `.ioError` naming the folder or file.
    /// Frames PNG-encoded at once when writing quickly: one per core, up to 2 (the encoded
    /// files of a batch are held until written, in order).
    public static let quickEncodingThreads = 2

    /// - Parameter quick: write with ``PNGQuickEncoder`` on ``quickEncodingThreads`` threads
    ///   (`spinrender frames`) rather than the smallest of ``PNGEncoder``'s layouts (references
    ///   and diffs, which are committed). The bytes do not depend on the thread count.
    public static func write(_ sequence: FrameSequence, to folder: String, scale: Double?,
                             arguments: [String]?, fonts: [FontFileInfo]? = nil, quick: Bool = false) throws(SpinRenderError) {
        var target = folder
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        guard target != "-" else {
            throw SpinRenderError(.usage, "a frame folder cannot be written to standard output ('-'); give a folder")
        }
        // A symbolic link stays a link, as for a file: the folder it leads to is replaced in its
        // own parent, or created when the link dangles. (Renaming the link away would delete the
        // old frames through it and leave it behind.)
        if POSIX.isSymbolicLink(target) {
            target = try OutputFile.linkTarget(target)
        }
        // A killed run's hidden folders go first: its retired frames may come back into place.
        StaleTemporaries.remove(in: OutputFile.folder(of: target),
                                name: String((target.split(separator: "/").last ?? "frames").prefix(200)), target: target)
        let exists = InputFile.exists(target)
        // The staging folder from mkdtemp is 0700; the folder it becomes gets the mode mkdir
        // would give a new one, or keeps the mode of the one it replaces.
        var mode = 0o777 & ~OutputFile.currentUmask
        if exists {
            if let info = POSIX.status(target) { mode = info.permissions }
            guard InputFile.isDirectory(target) else {
                throw SpinRenderError(.cannotCreate, "cannot create frame folder '\(target)': a file is in the way")
            }
            // A folder the user may not write is kept, as a file is (and its frames could not
            // be removed after the rename anyway).
            if access(target, W_OK) != 0 {
                throw SpinRenderError(.cannotCreate, "cannot replace frame folder '\(target)': \(describeErrno(errno))")
            }
            try refuseForeignEntries(in: target)
        }
        let parent = OutputFile.folder(of: target)
        try InputFile.makeFolder(parent)
        let name = String((target.split(separator: "/").last ?? "frames").prefix(200))
        // Registered for removal on a signal (SIGINT, SIGTERM, SIGHUP …) from the moment it
        // exists, with the frames written into it so far.
        let (staging, slot) = try TemporaryFiles.withCleanupDeferred { () throws(SpinRenderError) -> (String, Int?) in
            let staging = try makeHiddenFolder(in: parent, name: name, purpose: "new")
            return (staging, TemporaryFiles.registerFolder(staging))
        }
        do throws(SpinRenderError) {
            let batch = quick ? quickEncodingThreads : 1
            for start in stride(from: 0, to: sequence.frames.count, by: batch) {
                let end = min(start + batch, sequence.frames.count)
                var encoded = [Result<[UInt8], PNGError>](repeating: .success([]), count: end - start)
                encoded.withUnsafeMutableBufferPointer { slots in
                    Workers.run(end - start) { worker in
                        let image = sequence.frames[start + worker].image
                        // Each worker writes its own slot only.
                        slots[worker] = Result { () throws(PNGError) in
                            try quick ? PNGQuickEncoder.encode(image) : PNGEncoder.encode(image)
                        }
                    }
                }
                for (offset, result) in encoded.enumerated() {
                    let index = start + offset
                    let png: [UInt8]
                    switch result {
                    case .success(let bytes): png = bytes
                    case .failure(let error): throw SpinRenderError(.software, "cannot encode frame \(index) as PNG: \(error)")
                    }
                    TemporaryFiles.setFrameCount(slot, index + 1)
                    try OutputFile.write(png, to: staging + "/" + frameName(index), removingStale: false)
                }
            }
            let metadata = Metadata(width: sequence.width, height: sequence.height, scale: scale,
                                    delaysCentiseconds: sequence.frames.map(\.delayCentiseconds),
                                    loopCount: loopNumber(sequence.loopCount), arguments: arguments,
                                    fonts: fonts?.isEmpty == false ? fonts : nil)
            try OutputFile.write(Array(encode(metadata).utf8), to: staging + "/" + metadataName, removingStale: false)
            guard chmod(staging, mode) == 0 else {
                throw SpinRenderError(.ioError, "cannot set permissions of frame folder '\(target)': \(describeErrno(errno))")
            }
            // A signal between the two renames would leave the old folder hidden and the new
            // one removed, and one while the old frames are deleted would leave some of them:
            // the cleanup waits until the swap is done.
            try TemporaryFiles.withCleanupDeferred { () throws(SpinRenderError) in
                var retired: String?
                if exists {
                    let old = try makeHiddenFolder(in: parent, name: name, purpose: "old")
                    rmdir(old)
                    guard rename(target, old) == 0 else {
                        throw SpinRenderError(.cannotCreate, "cannot replace '\(target)': \(describeErrno(errno))")
                    }
                    retired = old
                }
                guard rename(staging, target) == 0 else {
                    let reason = describeErrno(errno)
                    if let retired { rename(retired, target) }
                    throw SpinRenderError(.cannotCreate, "cannot create frame folder '\(target)': \(reason)")
                }
                TemporaryFiles.unregisterFolder(slot)
                if let retired { removeFrameFolder(retired) }
            }
        } catch {
            // Still registered while it is removed: a signal meanwhile removes the rest.
            removeFrameFolder(staging)
            TemporaryFiles.unregisterFolder(slot)
            throw error
        }
    }

    /// Refuses to replace a folder holding anything this type did not write: a name other than
    /// a frame's or `frames.json`, or one of those names on something that is not a regular
    /// file (a folder, a symbolic link, a FIFO, a device), which replacing the folder would
    /// throw away with the frames.
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` naming the folder and the entry.
    static func refuseForeignEntries(in folder: String) throws(SpinRenderError) {
        for name in try InputFile.list(folder) {
            guard isFrameName(name) || name == metadataName else {
                throw SpinRenderError(.cannotCreate, "'\(folder)' holds '\(name)', which is not a frame: give an empty folder or one that only holds frames")
            }
            guard let info = POSIX.linkStatus(folder + "/" + name) else {
                throw SpinRenderError(.cannotCreate, "cannot replace frame folder '\(folder)': cannot read '\(name)': \(describeErrno(errno))")
            }
            let type = info.type
            if type != S_IFREG {
                let kind = switch type {
                case S_IFDIR: "a folder"
                case S_IFLNK: "a symbolic link"
                case S_IFIFO: "a FIFO"
                case S_IFSOCK: "a socket"
                default: "a device"
                }
                throw SpinRenderError(.cannotCreate, "'\(folder)' holds '\(name)', which is \(kind), not a frame file: give an empty folder or one that only holds frames")
            }
        }
    }

    /// A new empty hidden folder `parent/.name.spinrender-purpose-PID-XXXXXX` (``StaleTemporaries``).
    static func makeHiddenFolder(in parent: String, name: String, purpose: String) throws(SpinRenderError) -> String {
        var template = Array(StaleTemporaries.template(in: parent, name: name, purpose: purpose).utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw SpinRenderError(.cannotCreate, "cannot create a folder in '\(parent)': \(describeErrno(errno))")
        }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Deletes a folder this type wrote: its frames, its metadata, then the folder.
    static func removeFrameFolder(_ folder: String) {
        for name in (try? InputFile.list(folder)) ?? [] where isFrameName(name) || name == metadataName {
            unlink(folder + "/" + name)
        }
        rmdir(folder)
    }

    /// Reads a frame folder.
    ///
    /// Without `frames.json` the PNGs `frame_*.png` are read in the order of their numbers
    /// (`frame_2.png` before `frame_10.png`) as an untimed sequence (delays 0, play once).
    ///
    /// - Returns: the frames and whether timing (delays and loop count) was recorded.
    /// With `frames.json`, the folder must hold exactly the frames it declares: a leftover
    /// `frame_*.png` beyond them is refused as a mismatch, like a frame of the wrong size,
    /// rather than silently left out of the comparison.
    ///
    /// - Throws: ``SpinRenderError`` `.missingInput` for a missing folder or frame,
    ///   `.badData` for malformed metadata or PNGs, frames of the wrong size, or a
    ///   `frames.json` declaring more or fewer frames than the folder holds (both counts named).
    /// - Parameter reading: with `strict`, a frame PNG that needs a repair (no `IEND`, its
    ///   last CRC cut short) is refused; otherwise it is read and `warnings` says so.
    public static func read(_ folder: String, maximumBytes: Int = MemoryEstimate.defaultLimitBytes,
                            reading: ReadOptions = ReadOptions()) throws(SpinRenderError) -> (sequence: FrameSequence, timed: Bool, warnings: [String]) {
        guard InputFile.isDirectory(folder) else {
            throw SpinRenderError(.missingInput, "'\(folder)' is not a frame folder")
        }
        let metadataPath = folder + "/" + metadataName
        var metadata: Metadata?
        if InputFile.exists(metadataPath) {
            let bytes = try InputFile.read(metadataPath, maximumBytes: 64 << 20)
            do {
                metadata = try JSONDecoder().decode(Metadata.self, from: Data(bytes))
            } catch {
                if let problem = numberOutOfRange(in: bytes) {
                    throw SpinRenderError(.badData, "'\(metadataPath)': \(problem)")
                }
                throw SpinRenderError(.badData, "'\(metadataPath)' is not valid frame metadata: \(describe(error))")
            }
        }
        if let metadata {
            try checkDeclaredSize(metadata, path: metadataPath, maximumBytes: maximumBytes)
        }
        if let metadata {
            if metadata.delaysCentiseconds.contains(where: { $0 < 0 || $0 > 65_535 }) {
                throw SpinRenderError(.badData, "'\(metadataPath)': delays must be 0 to 65535 centiseconds")
            }
            if let loop = metadata.loopCount, !(0...65_535).contains(loop) {
                throw SpinRenderError(.badData, "'\(metadataPath)': loopCount must be 0 to 65535, or null to play once")
            }
        }
        let names: [String]
        if let metadata {
            let declared = metadata.delaysCentiseconds.count
            let held = try InputFile.list(folder).filter(isFrameName).count
            guard held == declared else {
                throw SpinRenderError(.badData, "'\(metadataPath)' declares \(declared) frame\(declared == 1 ? "" : "s"), "
                    + "but '\(folder)' holds \(held) frame file\(held == 1 ? "" : "s") (frame_*.png)")
            }
            names = metadata.delaysCentiseconds.indices.map(frameName)
        } else {
            names = try numberOrder(InputFile.list(folder).filter(isFrameName), in: folder)
        }
        guard !names.isEmpty else {
            throw SpinRenderError(.badData, "'\(folder)' holds no frames (frame_0000.png …)")
        }
        var frames: [TimedFrame] = []
        var warnings: [String] = []
        var budget = maximumBytes
        for (index, name) in names.enumerated() {
            let path = folder + "/" + name
            let image: RGBAImage
            do {
                // Each file is read only when it fits in what the frames so far and the process leave.
                let room = max(0, budget - Int(MemoryEstimate.processBytes))
                let bytes = try InputFile.read(path, maximumBytes: room) { size in
                    SpinRenderError(.badData, "reading '\(path)' (\(size.map { "\($0) bytes" } ?? "a stream")) needs more than --max-memory \(MemoryEstimate.describe(Double(maximumBytes))) leaves for it beside the frames read so far; raise --max-memory")
                }
                let read = try PNGDecoder.read(bytes, limits: PNGDecodingLimits(maxMemoryBytes: budget))
                try FrameInput.refuseRepairs(read.warnings, of: "'\(path)'", kind: "PNG", reading: reading)
                warnings += read.warnings.map { "'\(path)': \($0)" }
                image = read.image
            } catch let error as SpinRenderError {
                throw error
            } catch {
                throw SpinRenderError(.badData, "'\(path)': \(error)")
            }
            budget -= image.pixels.count
            let width = metadata?.width ?? frames.first?.image.width ?? image.width
            let height = metadata?.height ?? frames.first?.image.height ?? image.height
            guard image.width == width, image.height == height else {
                throw SpinRenderError(.badData, "'\(path)' is \(image.width)×\(image.height) px, but the folder's frames are \(width)×\(height) px")
            }
            frames.append(TimedFrame(image: image, delayCentiseconds: metadata?.delaysCentiseconds[index] ?? 0))
        }
        let loop: LoopCount
        switch metadata?.loopCount {
        case nil: loop = .playOnce
        case 0?: loop = .forever
        case let n?: loop = .repeats(n)
        }
        return (FrameSequence(width: frames[0].image.width, height: frames[0].image.height, frames: frames, loopCount: loop),
                metadata != nil, warnings)
    }

    /// The canvas and frame count of a frame folder, from its `frames.json` or else from its
    /// first frame's PNG header, without decoding any frame: for the memory check before
    /// reading it. `nil` when neither can be read (``read(_:maximumBytes:)`` then says why).
    static func declaredSize(_ folder: String) -> (width: Int, height: Int, frameCount: Int)? {
        let metadataPath = folder + "/" + metadataName
        if InputFile.exists(metadataPath) {
            guard let bytes = try? InputFile.read(metadataPath, maximumBytes: 64 << 20),
                  let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(bytes)) else { return nil }
            return (metadata.width, metadata.height, metadata.delaysCentiseconds.count)
        }
        guard let names = try? InputFile.list(folder).filter(isFrameName), let first = names.first,
              let header = try? InputFile.head(folder + "/" + first, count: 64),
              let size = PNGDecoder.declaredSize(header) else { return nil }
        return (size.width, size.height, names.count)
    }

    /// The most frames a folder may declare, as for GIFs (``GIFDecodingLimits/maxFrames``).
    static let maximumFrameCount = 100_000

    /// Refuses metadata whose frames could never be read within the limits, before any PNG is
    /// read or any name list is built: a 64 MiB `frames.json` can list 30 million frames.
    static func checkDeclaredSize(_ metadata: Metadata, path: String, maximumBytes: Int) throws(SpinRenderError) {
        let count = metadata.delaysCentiseconds.count
        guard metadata.width > 0, metadata.height > 0 else {
            throw SpinRenderError(.badData, "'\(path)' declares a \(metadata.width)×\(metadata.height) px canvas")
        }
        guard count <= maximumFrameCount else {
            throw SpinRenderError(.badData, "'\(path)' declares \(count) frames, more than the limit of \(maximumFrameCount)")
        }
        let frame = metadata.width.multipliedReportingOverflow(by: metadata.height)
        let bytes = frame.partialValue.multipliedReportingOverflow(by: 4 * count)
        guard !frame.overflow, !bytes.overflow, bytes.partialValue <= maximumBytes else {
            throw SpinRenderError(.badData, "'\(path)' declares \(count) frames of \(metadata.width)×\(metadata.height) px, "
                + "which need more than the \(maximumBytes)-byte limit (--max-memory)")
        }
    }

    static func isFrameName(_ name: String) -> Bool {
        name.hasPrefix("frame_") && name.hasSuffix(".png") && name.utf8.dropFirst(6).dropLast(4).allSatisfy { (0x30...0x39).contains($0) }
            && name.count > 10
    }

    /// Frame names in the order of their numbers, so that unpadded names (`frame_%d.png`, as
    /// ffmpeg writes them) play `frame_2` before `frame_10`.
    ///
    /// - Throws: ``SpinRenderError`` `.badData` for two names of one number
    ///   (`frame_1.png` and `frame_0001.png`): which of them is the frame is not clear.
    static func numberOrder(_ names: [String], in folder: String) throws(SpinRenderError) -> [String] {
        func digits(_ name: String) -> Substring {
            let number = name.dropFirst(6).dropLast(4)
            return number.drop { $0 == "0" }
        }
        let ordered = names.sorted { (digits($0).count, digits($0), $0) < (digits($1).count, digits($1), $1) }
        for (first, second) in zip(ordered, ordered.dropFirst()) where digits(first) == digits(second) {
            throw SpinRenderError(.badData, "'\(folder)' holds both '\(first)' and '\(second)', two files for one frame")
        }
        return ordered
    }

    static func loopNumber(_ loop: LoopCount) -> Int? {
        switch loop {
        case .playOnce: nil
        case .forever: 0
        case .repeats(let n): n
        }
    }

    static func encode(_ metadata: Metadata) -> String {
        let scale: JSONText = metadata.scale.map(JSONText.double) ?? .null
        let loopCount: JSONText = metadata.loopCount.map(JSONText.int) ?? .null
        let arguments: JSONText = metadata.arguments.map { (arguments: [String]) -> JSONText in .array(arguments.map(JSONText.string)) } ?? .null
        var fields: [(String, JSONText)] = [
            ("width", .int(metadata.width)),
            ("height", .int(metadata.height)),
            ("scale", scale),
            ("delaysCentiseconds", .array(metadata.delaysCentiseconds.map(JSONText.int))),
            ("loopCount", loopCount),
            ("arguments", arguments),
        ]
        if let fonts = metadata.fonts { fields.append(("fonts", JSONText.array(fonts.map(fontJSON)))) }
        return JSONText.object(fields).rendered
    }

    /// What is wrong with valid JSON whose whole-number field holds a number no `Int` can hold
    /// (`"loopCount": 99999999999999999999`), which `JSONDecoder` reports as data that is
    /// "not valid JSON"; `nil` when the JSON itself is invalid or every number fits.
    static func numberOutOfRange(in bytes: [UInt8]) -> String? {
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else { return nil }
        func fits(_ value: JSONValue) -> Bool {
            guard case .number(let number) = value else { return true }
            return number.rounded() != number || Swift.abs(number) < 9.2e18
        }
        let expected = ["width": "a width in pixels", "height": "a height in pixels",
                        "loopCount": "0 to 65535, or null to play once",
                        "delaysCentiseconds": "delays of 0 to 65535 centiseconds"]
        for key in ["width", "height", "loopCount", "delaysCentiseconds"] {
            guard let value = object[key] else { continue }
            var bad: JSONValue?
            if case .array(let items) = value { bad = items.first { !fits($0) } } else if !fits(value) { bad = value }
            guard case .number(let number)? = bad else { continue }
            // Quote the number as written when it can be found after its key.
            var literal = "\(number)"
            let text = String(decoding: bytes, as: UTF8.self)
            if let keyEnd = text.firstRange(of: "\"\(key)\"")?.upperBound {
                let words = text[keyEnd...].split(whereSeparator: { ":,[] \n\r\t}".contains($0) })
                if let word = words.first(where: { $0.count > 18 && $0.allSatisfy { "0123456789-+.eE".contains($0) } }) {
                    literal = String(word)
                }
            }
            return "'\(key)' holds \(Echo.cut(literal)), too large for a whole number; expected \(expected[key]!)"
        }
        return nil
    }

    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return path.isEmpty ? context.debugDescription : "'\(path)': \(context.debugDescription)"
            @unknown default: return "\(decoding)"
            }
        }
        return "\(error)"
    }
}
