/// The file formats spinrender writes an animation in.
///
/// Chosen by the output's extension or by `--format`; the cases' raw values are the format
/// names, and the extensions (without the dot) but for APNG, whose files end in `.png`.
public enum OutputFormat: String, CaseIterable, Hashable, Sendable {
    /// GIF89a through giflib: 256 colours, 1-bit transparency, centisecond delays.
    case gif
    /// Animated WebP through libwebp: lossless (or lossy with `--quality`), 8-bit alpha,
    /// millisecond delays.
    case webp
    /// Animated SVG with SMIL: vector elements from the scene, exact colours and alpha, timing
    /// curves kept; written only (no reader).
    case svg
    /// Animated PNG (APNG 1.0), written by `PNGCodec`'s `APNGEncoder`: lossless, 8-bit alpha,
    /// exact delays; one frame is a plain PNG. Files end in `.png` (`.apng` is read as it too).
    case apng
    /// H.264 video in an MP4 file (`VideoCodec`'s `MP4StreamEncoder`): Y′CbCr 4:2:0, opaque,
    /// exact frame durations, the loop count stored as copies; for DocC's `@Video`.
    case mp4

    /// `.gif`, `.webp`, `.svg`, `.png`, `.mp4`.
    public var fileExtension: String { self == .apng ? ".png" : "." + rawValue }

    /// The name messages use: `GIF`, `WebP`, `SVG`, `APNG`, `MP4`.
    public var displayName: String {
        switch self {
        case .gif: "GIF"
        case .webp: "WebP"
        case .svg: "SVG"
        case .apng: "APNG"
        case .mp4: "MP4"
        }
    }

    /// Whether `frames`, `compare` and `verify` read the format back (GIF and WebP).
    public var isReadBack: Bool { self == .gif || self == .webp }

    /// The format a path's extension names (case-insensitive; `.png` and `.apng` both name
    /// APNG), or `nil` for a path without an extension or with another one.
    public static func forPath(_ path: String) -> OutputFormat? {
        guard let suffix = OutputFile.pathExtension(path) else { return nil }
        let name = String(suffix.dropFirst()).lowercased()
        return name == "png" ? .apng : allCases.first { $0.rawValue == name }
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
    /// An animated PNG from ``SpinRenderer/renderAPNG(_:progress:)``.
    case apng(RenderedAPNG)
    /// An MP4 from ``SpinRenderer/renderMP4(_:progress:)``.
    case mp4(RenderedMP4)

    /// The file's bytes.
    public var bytes: [UInt8] {
        switch self {
        case .gif(let gif): gif.bytes
        case .webp(let webp): webp.bytes
        case .svg(let svg): svg.bytes
        case .apng(let apng): apng.bytes
        case .mp4(let mp4): mp4.bytes
        }
    }

    /// Frames rendered into the file, after loop compaction (0 for an SVG, which has none).
    public var frameCount: Int {
        switch self {
        case .gif(let gif): gif.frameCount
        case .webp(let webp): webp.frameCount
        case .svg: 0
        case .apng(let apng): apng.frameCount
        case .mp4(let mp4): mp4.frameCount
        }
    }

    /// Human-readable warnings, one line each.
    public var warnings: [String] {
        switch self {
        case .gif(let gif): gif.warnings
        case .webp(let webp): webp.warnings
        case .svg(let svg): svg.warnings
        case .apng(let apng): apng.warnings
        case .mp4(let mp4): mp4.warnings
        }
    }
}

extension SpinRenderer {
    /// Renders a request in its ``RenderRequest/format``.
    ///
    /// - Throws: as ``renderGIF(_:progress:)``, ``renderWebP(_:progress:)``,
    ///   ``renderAPNG(_:progress:)`` and ``renderMP4(_:progress:)``; for an SVG,
    ///   ``SpinRenderError`` `.badData` when the views cannot be written as SVG
    ///   (``Scene/ViewEngine/svgRefusal``: an `AngularGradient`, a perspective, a material …,
    ///   with the view and, when the source says, its place; a number that is not finite).
    public static func render(_ request: RenderRequest, progress: ProgressBar? = nil) throws(SpinRenderError) -> RenderedFile {
        switch request.format {
        case .gif: return .gif(try renderGIF(request, progress: progress))
        case .webp: return .webp(try renderWebP(request, progress: progress))
        case .svg:
            if let refusal = request.makeEngine().svgRefusal { throw request.error(refusal) }
            return .svg(try renderSVG(request))
        case .apng: return .apng(try renderAPNG(request, progress: progress))
        case .mp4: return .mp4(try renderMP4(request, progress: progress))
        }
    }
}
