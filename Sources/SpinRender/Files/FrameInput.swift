import GIFCodec
import PNGCodec
import Raster

/// Any animation or still a user can hand to `compare`: a GIF, a PNG, or a frame folder.
public struct FrameInput: Sendable {
    /// The frames as a browser shows them.
    public var sequence: FrameSequence
    /// Whether delays and loop count are known (a PNG or a folder without `frames.json` has none).
    public var timed: Bool
    /// Defects that were tolerated, e.g. a GIF without its trailer; one line each.
    public var warnings: [String]

    /// Loads `path`, deciding by content: a folder is a frame folder, `GIF8…` a GIF, the PNG
    /// signature a PNG.
    ///
    /// - Parameter maximumBytes: memory the decoded frames may take; a GIF may also decode at
    ///   most `maximumBytes / 4` pixels in all (frames larger than the screen count whole).
    /// - Throws: ``SpinRenderError`` `.missingInput` (66) when it does not exist, `.badData`
    ///   (65) when it is none of the three or is malformed, naming the file and the problem.
    public static func load(_ path: String, maximumBytes: Int = 1 << 30) throws(SpinRenderError) -> FrameInput {
        if InputFile.isDirectory(path) {
            let folder = try FrameFolder.read(path, maximumBytes: maximumBytes)
            return FrameInput(sequence: folder.sequence, timed: folder.timed, warnings: [])
        }
        let bytes = try InputFile.read(path, maximumBytes: maximumBytes)
        if bytes.starts(with: Array("GIF8".utf8)) {
            do {
                // Work is bounded by the memory budget too: no more pixels decoded than the
                // budget could hold. A 400 KB GIF with a 32768 × 32767 frame on a 1 × 1 screen
                // otherwise decodes 2^30 pixels nobody sees (seconds of work).
                let limits = GIFDecodingLimits(maxMemoryBytes: maximumBytes, maxDecodedPixels: maximumBytes / 4)
                let gif = try GIFDecoder.decode(bytes, limits: limits)
                return FrameInput(sequence: gif.sequence, timed: true, warnings: gif.warnings.map { "\(path): \($0)" })
            } catch {
                throw SpinRenderError(.badData, "'\(path)' is not a readable GIF: \(error)")
            }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            do {
                let image = try PNGDecoder.decode(bytes, limits: PNGDecodingLimits(maxMemoryBytes: maximumBytes))
                let frame = TimedFrame(image: image, delayCentiseconds: 0)
                return FrameInput(sequence: FrameSequence(width: image.width, height: image.height, frames: [frame], loopCount: .playOnce),
                                  timed: false, warnings: [])
            } catch {
                throw SpinRenderError(.badData, "'\(path)' is not a readable PNG: \(error)")
            }
        }
        throw SpinRenderError(.badData, "'\(path)' is not a GIF, a PNG or a frame folder")
    }
}
