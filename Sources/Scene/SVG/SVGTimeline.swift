/// How an animated SVG plays: one simple duration, repeated.
public struct SVGTimeline: Hashable, Sendable {
    /// The simple duration (SMIL `dur`), in seconds: the picture's repeat, or the whole
    /// animation when the picture does not repeat.
    public var durationSeconds: Double
    /// How many times the simple duration plays (SMIL `repeatCount`); `nil` for ever
    /// (`indefinite`). A finite count holds the last value at the end (`fill="freeze"`).
    public var plays: Int?
    /// The render's frame rate: values no Bézier curve describes are sampled at these times.
    public var framesPerSecond: Double
    /// The animation time shown at the document's time 0, in seconds: where a looping render
    /// starts (`ViewEngine.loopStartSeconds`), as the GIF's first frame does.
    public var startSeconds: Double

    /// - Precondition: `durationSeconds > 0`, `framesPerSecond > 0`, `plays` at least 1,
    ///   `startSeconds ≥ 0`.
    public init(durationSeconds: Double, plays: Int?, framesPerSecond: Double, startSeconds: Double = 0) {
        precondition(durationSeconds > 0 && framesPerSecond > 0 && (plays ?? 1) >= 1 && startSeconds >= 0)
        self.durationSeconds = durationSeconds
        self.plays = plays
        self.framesPerSecond = framesPerSecond
        self.startSeconds = startSeconds
    }
}
