/// The file formats spinrender writes an animation in.
///
/// Chosen by the output's extension or by `--format`; the cases' raw values are both the
/// format names and the extensions (without the dot).
public enum OutputFormat: String, CaseIterable, Hashable, Sendable {
    /// GIF89a through giflib: 256 colours, 1-bit transparency, centisecond delays.
    case gif
    /// Animated WebP through libwebp: lossless (or lossy with `--quality`), 8-bit alpha,
    /// millisecond delays.
    case webp
    /// Animated SVG with SMIL: vector elements from the scene, exact colours and alpha, timing
    /// curves kept; written only (no reader).
    case svg

    /// `.gif`, `.webp`, `.svg`.
    public var fileExtension: String { "." + rawValue }

    /// The format a path's extension names (case-insensitive), or `nil` for a path without an
    /// extension or with another one.
    public static func forPath(_ path: String) -> OutputFormat? {
        guard let suffix = OutputFile.pathExtension(path) else { return nil }
        return OutputFormat(rawValue: String(suffix.dropFirst()).lowercased())
    }
}

/// A rendered file in any ``OutputFormat``, with what every format reports.
public enum RenderedFile: Sendable {
    /// A GIF from ``SpinRenderer/renderGIF(_:progress:)``.
    case gif(RenderedGIF)
    /// A WebP from ``SpinRenderer/renderWebP(_:progress:)``.
    case webp(RenderedWebP)
    /// An SVG from ``SpinRenderer/renderSVG(_:)``.
    case svg(RenderedSVG)

    /// The file's bytes.
    public var bytes: [UInt8] {
        switch self {
        case .gif(let gif): gif.bytes
        case .webp(let webp): webp.bytes
        case .svg(let svg): svg.bytes
        }
    }

    /// Frames rendered into the file, after loop compaction (0 for an SVG, which has none).
    public var frameCount: Int {
        switch self {
        case .gif(let gif): gif.frameCount
        case .webp(let webp): webp.frameCount
        case .svg: 0
        }
    }

    /// Human-readable warnings, one line each.
    public var warnings: [String] {
        switch self {
        case .gif(let gif): gif.warnings
        case .webp(let webp): webp.warnings
        case .svg(let svg): svg.warnings
        }
    }
}

extension SpinRenderer {
    /// Renders a request in its ``RenderRequest/format``.
    ///
    /// - Throws: as ``renderGIF(_:progress:)`` and ``renderWebP(_:progress:)``; for an SVG,
    ///   ``SpinRenderError`` `.badData` when the views cannot be written as SVG
    ///   (``Scene/ViewEngine/svgLimitation``: an `AngularGradient`; a number that is not finite).
    public static func render(_ request: RenderRequest, progress: ProgressBar? = nil) throws(SpinRenderError) -> RenderedFile {
        switch request.format {
        case .gif: return .gif(try renderGIF(request, progress: progress))
        case .webp: return .webp(try renderWebP(request, progress: progress))
        case .svg:
            if let limitation = request.makeEngine().svgLimitation {
                throw SpinRenderError(.badData, "\(limitation); write a GIF or a WebP instead")
            }
            return .svg(try renderSVG(request))
        }
    }
}
