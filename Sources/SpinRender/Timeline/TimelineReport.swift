import Compare
import Raster
import Scene

/// The animation model's state at every frame, for people and tests that want to check the
/// model without decoding pixels (`spinrender timeline`).
///
/// Times are in seconds (`index / fps`), angles in degrees clockwise, centres in points on the
/// canvas (origin top-left, y down), delays in centiseconds. Frames are listed before loop
/// compaction: one entry per sampled frame.
///
/// A report is written a frame at a time (``write(json:to:)``): each frame is sampled when its
/// text is written and dropped after, so memory stays that of the engine and one frame,
/// whatever the duration and the number of views (1 000 spinners over 60 s make 3 000 frames
/// and hundreds of MB of JSON, which go straight to their reader).
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
    /// The number of frames, one entry each.
    public var frameCount: Int
    /// Shortest exact repeat of the picture, in seconds, when the scene is periodic.
    public var pictureRepeatSeconds: Double?
    /// The font files the texts are drawn with (family, style, version, file, Debian package).
    public var fonts: [FontFileInfo] = []

    private let engine: ViewEngine
    private let timing: FrameTiming

    /// Lays out the views of `request` and plans its frame times; frames are sampled as they
    /// are written.
    public init(_ request: RenderRequest) {
        self.request = request
        engine = request.makeEngine()
        frameCount = request.frameCount(using: engine)
        timing = FrameTiming(frameCount: frameCount, framesPerSecond: request.framesPerSecond,
                             startSeconds: request.startSeconds(using: engine))
        canvasWidth = engine.canvasWidth
        canvasHeight = engine.canvasHeight
        pictureRepeatSeconds = engine.pictureRepeatSeconds
        fonts = engine.fonts
    }

    /// Frame `index` sampled: its time, delay, rotations and views.
    ///
    /// - Precondition: `0 <= index < frameCount`.
    public func entry(_ index: Int) -> Entry {
        let time = timing.sampleTime(ofFrame: index)
        // Drawn as the picture at that time is (in a later repeat of a timer-driven script, as
        // it repeats), labelled with the time itself.
        let picture = engine.pictureTime(time)
        return Entry(index: index, timeSeconds: time, delayCentiseconds: timing.delaysCentiseconds[index],
                     rotations: engine.rotations(atSeconds: picture), views: engine.views(atSeconds: picture))
    }

    /// Every frame sampled, in order: for small reports (tests); a long one is written with
    /// ``write(json:to:)`` instead.
    public var entries: [Entry] { (0..<frameCount).map(entry) }

    /// Writes the report in pieces of at most about a frame's text, each passed to `write` in
    /// order: ``json`` when `json` is true, else ``table``.
    ///
    /// - Throws: what `write` throws, which stops the report there.
    public func write(json: Bool, to write: (String) throws(SpinRenderError) -> Void) throws(SpinRenderError) {
        // Pieces are gathered up to about 64 KiB, so that a long report is not one system call a frame.
        var pending = ""
        func emit(_ text: String) throws(SpinRenderError) {
            pending += text
            if pending.utf8.count >= 1 << 16 {
                try write(pending)
                pending = ""
            }
        }
        if json { try writeJSON(emit) } else { try writeTable(emit) }
        if !pending.isEmpty { try write(pending) }
    }

    /// The report as JSON: settings, then one object per frame with each drawn view's name (its
    /// custom view, `Spinner`), angle, centre, scale and opacity.
    public var json: String {
        var text = ""
        try? write(json: true) { text += $0 }
        return text
    }

    /// The report as an aligned text table, one line per frame: frame, time (s), delay, then
    /// each drawn view's angle and centre, under a header whose columns line up with them.
    public var table: String {
        var text = ""
        try? write(json: false) { text += $0 }
        return text
    }

    private func writeJSON(_ emit: (String) throws(SpinRenderError) -> Void) throws(SpinRenderError) {
        let scene = request.scene
        func point(_ p: Point) -> JSONText { .object([("x", .double(p.x)), ("y", .double(p.y))]) }
        func frame(_ entry: Entry) -> JSONText {
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
            ("mode", .string(request.example.mode.rawValue)),
            ("animation", .string(request.example.animation.description)),
            ("effect", .string(request.example.effect.rawValue)),
        ]
        let members = builtIn + [
            ("canvas", .object([("width", .int(canvasWidth)), ("height", .int(canvasHeight)), ("scale", .double(scene.scale))])),
            ("framesPerSecond", .double(request.framesPerSecond)),
            ("layoutChanges", .array(scene.layoutChanges.map { .double($0) })),
            ("pictureRepeatSeconds", pictureRepeatSeconds.map { .double($0) } ?? .null),
            ("startSeconds", .double(frameCount > 0 ? timing.sampleTime(ofFrame: 0) : 0)),
            ("fonts", .array(fonts.map(FrameFolder.fontJSON))),
        ]
        // The document JSONText.rendered would give with "frames" last, written a frame at a time.
        try emit("{\n")
        for (key, value) in members {
            var name = ""
            JSONText.writeString(key, to: &name)
            try emit("  \(name): \(value.rendered(indent: 1)),\n")
        }
        guard frameCount > 0 else { return try emit("  \"frames\": []\n}\n") }
        try emit("  \"frames\": [\n")
        for index in 0..<frameCount {
            try emit("    " + frame(entry(index)).rendered(indent: 2) + (index + 1 < frameCount ? ",\n" : "\n"))
        }
        try emit("  ]\n}\n")
    }

    private func writeTable(_ emit: (String) throws(SpinRenderError) -> Void) throws(SpinRenderError) {
        let first = frameCount > 0 ? entry(0) : nil
        let labels = first?.views.map { "\($0.name) angle" } ?? []
        // An angle column is as wide as its header, so a long view name cannot push the
        // columns after it out of line.
        let widths = labels.map { max(16, $0.count) }
        var header = "frame" + "  " + "time".padding(to: 6, left: true) + "  " + "delay" + "  "
        for (label, width) in zip(labels, widths) {
            header += label.padding(to: width, left: true) + "  " + "centre (pt)".padding(to: 18)
        }
        func trimmed(_ line: String) -> String { String(line.reversed().drop { $0 == " " }.reversed()) + "\n" }
        try emit(trimmed(header))
        for index in 0..<frameCount {
            let entry = index == 0 ? first! : entry(index)
            var line = String(entry.index).padding(to: 5, left: true) + "  "
            line += fixed(entry.timeSeconds, 3).padding(to: 6, left: true) + "  "
            line += "\(entry.delayCentiseconds)cs".padding(to: 5, left: true) + "  "
            for (index, spinner) in entry.views.enumerated() {
                let angle = fixed(spinner.rotationDegrees, 2) + "°"
                let centre = "(\(fixed(spinner.centre.x, 2)), \(fixed(spinner.centre.y, 2)))"
                line += angle.padding(to: index < widths.count ? widths[index] : 16, left: true) + "  " + centre.padding(to: 18)
            }
            try emit(trimmed(line))
        }
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
