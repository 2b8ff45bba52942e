import Compare
import Raster
import Scene

/// The animation model's state at every frame, for people and tests that want to check the
/// model without decoding pixels (`spinrender timeline`).
///
/// Times are in seconds (`index / fps`), angles in degrees clockwise, centres in points on the
/// canvas (origin top-left, y down), delays in centiseconds. Frames are listed before loop
/// compaction: one entry per sampled frame.
public struct TimelineReport: Sendable {
    /// One sampled frame.
    public struct Entry: Sendable {
        /// Frame index from 0.
        public var index: Int
        /// Sample time in seconds.
        public var timeSeconds: Double
        /// Display time in centiseconds.
        public var delayCentiseconds: Int
        /// Device rotations that have happened by then.
        public var rotations: Int
        /// The drawn views, back to front.
        public var views: [ViewSample]
    }

    /// The request the report describes.
    public var request: RenderRequest
    /// Canvas size in pixels.
    public var canvasWidth: Int
    /// Canvas size in pixels.
    public var canvasHeight: Int
    /// One entry per frame.
    public var entries: [Entry]
    /// Shortest exact repeat of the picture, in seconds, when the scene is periodic.
    public var pictureRepeatSeconds: Double?
    /// The font files the texts are drawn with (family, style, version, file, Debian package).
    public var fonts: [FontFileInfo] = []

    /// Samples the views of `request` at every frame time.
    public init(_ request: RenderRequest) {
        self.request = request
        let engine = request.makeEngine()
        let frameCount = request.frameCount(using: engine)
        let timing = FrameTiming(frameCount: frameCount, framesPerSecond: request.framesPerSecond,
                                 startSeconds: request.startSeconds(using: engine))
        canvasWidth = engine.canvasWidth
        canvasHeight = engine.canvasHeight
        pictureRepeatSeconds = engine.pictureRepeatSeconds
        fonts = engine.fonts
        entries = (0..<frameCount).map { index in
            let time = timing.sampleTime(ofFrame: index)
            return Entry(index: index, timeSeconds: time, delayCentiseconds: timing.delaysCentiseconds[index],
                         rotations: engine.rotations(atSeconds: time), views: engine.views(atSeconds: time))
        }
    }

    /// The report as JSON: settings, then one object per frame with each drawn view's name (its
    /// custom view, `Spinner`), angle, centre, scale and opacity.
    public var json: String {
        let scene = request.scene
        func point(_ p: Point) -> JSONText { .object([("x", .double(p.x)), ("y", .double(p.y))]) }
        let frames: [JSONText] = entries.map { entry in
            .object([
                ("index", .int(entry.index)),
                ("time", .double(entry.timeSeconds)),
                ("delayCentiseconds", .int(entry.delayCentiseconds)),
                ("rotations", .int(entry.rotations)),
                ("spinners", .array(entry.views.map { spinner in
                    .object([
                        ("view", .string(spinner.name)),
                        ("angleDegrees", .double(spinner.rotationDegrees)),
                        ("centre", point(spinner.centre)),
                        ("scale", .double(spinner.scaleFactor)),
                        ("opacity", .double(spinner.opacity)),
                    ])
                })),
            ])
        }
        // The built-in example's mode and shaping describe what was drawn only when no source was
        // given; a source's own code decides them.
        let builtIn: [(String, JSONText)] = request.script != nil ? [] : [
            ("mode", .string(scene.mode.rawValue)),
            ("animation", .string(scene.animation.description)),
            ("effect", .string(scene.effect.rawValue)),
        ]
        return JSONText.object(builtIn + [
            ("canvas", .object([("width", .int(canvasWidth)), ("height", .int(canvasHeight)), ("scale", .double(scene.scale))])),
            ("framesPerSecond", .double(request.framesPerSecond)),
            ("layoutChanges", .array(scene.layoutChanges.map { .double($0) })),
            ("pictureRepeatSeconds", pictureRepeatSeconds.map { .double($0) } ?? .null),
            ("startSeconds", .double(entries.first?.timeSeconds ?? 0)),
            ("fonts", .array(fonts.map(FrameFolder.fontJSON))),
            ("frames", .array(frames)),
        ]).rendered
    }

    /// The report as an aligned text table, one line per frame: frame, time (s), delay, then
    /// each drawn view's angle and centre, under a header whose columns line up with them.
    public var table: String {
        let labels = entries.first?.views.map { "\($0.name) angle" } ?? []
        // An angle column is as wide as its header, so a long view name cannot push the
        // columns after it out of line.
        let widths = labels.map { max(16, $0.count) }
        var header = "frame" + "  " + "time".padding(to: 6, left: true) + "  " + "delay" + "  "
        for (label, width) in zip(labels, widths) {
            header += label.padding(to: width, left: true) + "  " + "centre (pt)".padding(to: 18)
        }
        var lines = [header]
        for entry in entries {
            var line = String(entry.index).padding(to: 5, left: true) + "  "
            line += fixed(entry.timeSeconds, 3).padding(to: 6, left: true) + "  "
            line += "\(entry.delayCentiseconds)cs".padding(to: 5, left: true) + "  "
            for (index, spinner) in entry.views.enumerated() {
                let angle = fixed(spinner.rotationDegrees, 2) + "°"
                let centre = "(\(fixed(spinner.centre.x, 2)), \(fixed(spinner.centre.y, 2)))"
                line += angle.padding(to: index < widths.count ? widths[index] : 16, left: true) + "  " + centre.padding(to: 18)
            }
            lines.append(line)
        }
        return lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    }
}

/// `value` with at most 3 decimals and no trailing zeros: 2, 0.25, 1.333.
func shortDecimal(_ value: Double) -> String {
    var text = fixed(value, 3)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

extension String {
    func padding(to width: Int, left: Bool = false, with pad: Character = " ") -> String {
        guard count < width else { return self }
        let fill = String(repeating: pad, count: width - count)
        return left ? fill + self : self + fill
    }
}
