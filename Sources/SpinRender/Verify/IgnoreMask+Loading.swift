import Compare
import PNGCodec
import Raster

extension IgnoreMask {
    /// Reads a mask PNG (`--mask`): its pixels with alpha > 0 are ignored.
    ///
    /// - Throws: ``SpinRenderError`` `.missingInput` (66) when the file cannot be read,
    ///   `.badData` (65) when it is not a readable PNG; the message names `path`.
    public static func load(path: String, maximumBytes: Int = 1 << 30) throws(SpinRenderError) -> IgnoreMask {
        let bytes = try InputFile.read(path, maximumBytes: maximumBytes)
        do {
            let image = try PNGDecoder.decode(bytes, limits: PNGDecodingLimits(maxMemoryBytes: maximumBytes))
            return IgnoreMask(image: image, source: path)
        } catch {
            throw SpinRenderError(.badData, "the mask '\(path)' is not a readable PNG: \(error)")
        }
    }
}

extension ComparisonOptions {
    /// Checks the mask against the expected canvas before a comparison.
    ///
    /// - Parameter canvas: the expected side in words, e.g. `the expected 'b.gif'`.
    /// - Throws: ``SpinRenderError`` `.badData` (65) naming the mask and the expected input when
    ///   their sizes differ.
    func checkMask(width: Int, height: Int, canvas: String) throws(SpinRenderError) {
        if let problem = ignored.mask?.sizeProblem(width: width, height: height, canvas: canvas) {
            throw SpinRenderError(.badData, problem)
        }
    }
}
