import GIFCodec
import Motion
import Raster
import Scene
import SwiftUISource
import Synchronization

/// Everything that decides a rendered animation: the scene, the sampling and the GIF encoding.
///
/// The same request always gives the same frames and the same bytes.
public struct RenderRequest: Hashable, Sendable {
    /// The output settings (scale, appearance, stage, rotations, background …).
    public var scene = SceneConfiguration() { didSet { engineSlot = EngineSlot() } }
    /// The built-in example rendered when ``script`` is `nil`: `--mode` and the options that
    /// shape its code.
    public var example = BuiltInExample() { didSet { engineSlot = EngineSlot() } }
    /// The views to render, as the Swift reader gives them (``setSource(_:fileName:view:)``);
    /// `nil` renders the documentation's code (``DocumentationSource``): the view of
    /// `example.mode`, shaped by ``example``.
    public var script: ViewScript? { didSet { engineSlot = EngineSlot() } }
    /// Frames per second (> 0). 50 fps gives 2 cs delays, the shortest browsers honour.
    public var framesPerSecond: Double = 50 { didSet { engineSlot = EngineSlot() } }
    /// Length of the animation in seconds; `nil` derives it from the animation (see
    /// ``effectiveDurationSeconds``).
    public var durationSeconds: Double? { didSet { engineSlot = EngineSlot() } }
    /// How often the GIF plays (GIF NETSCAPE2.0 loop block).
    public var loopCount: LoopCount = .forever { didSet { engineSlot = EngineSlot() } }
    /// Store only what changes between frames (GIFCodec frame optimisation).
    public var optimize = true
    /// When the picture repeats within the animation, emit only the shortest whole number of
    /// frames that repeats exactly and let the loop count do the rest.
    public var compact = true { didSet { engineSlot = EngineSlot() } }
    /// Matte colour for transparent output: partly transparent pixels are composited onto it,
    /// then thresholded at 50 % alpha. `nil` uses the appearance's background.
    public var matte: RGBA8?
    /// Dithering when more than 256 colours must be quantized.
    public var dither: GIFDither = .none
    /// LZW effort: `.max` adds flexible parsing and interlaced rows where smaller, about 1.5 %
    /// smaller and slower.
    public var effort: GIFEffort = .normal
    /// The file format ``SpinRenderer/render(_:progress:)`` writes.
    public var format: OutputFormat = .gif
    /// WebP only: `nil` for lossless (every pixel exact), or 0…100 for lossy VP8 colour with
    /// exact alpha (libwebp `WebPConfig.quality`).
    public var webpQuality: Int?
    /// Worker threads for rendering frames; `nil` uses every core. Never changes the output.
    public var threads: Int?
    /// `--max-memory` while rendering a GIF (`nil`: no bound): the render stops with `.badData`
    /// when the encoder's frames outgrow what the rest of ``SpinRenderer/memoryEstimate(_:holding:)``
    /// leaves of it (their colour ids widen with the colours, which the estimate cannot know).
    public var maximumMemoryBytes: Int?

    /// The default request: the documentation's explicit spinner, 2 s at 50 fps, looping.
    public init() {}

    /// The views rendered: ``script``, or the built-in view of ``example``.
    public var viewScript: ViewScript { script ?? DocumentationSource.script(for: example) }

    /// Renders `view` of SwiftUI source `text` from now on.
    ///
    /// - Parameters:
    ///   - text: Swift source: the views, their `@State`, `onAppear` and animations (the
    ///     vocabulary of ``SwiftUISource/SwiftProgram``).
    ///   - fileName: The name diagnostics report it under, e.g. `Spinner.swift`.
    ///   - view: The view to render; `nil` chooses the `#Preview`, else `ContentView`, else the
    ///     only view.
    ///   - assets: The app's asset catalogue (``AssetCatalogReader/read(_:maximumImageBytes:)``)
    ///     that `Color("Brand")` and `Image("logo")` read; without one they are stand-ins
    ///     (``Scene/ViewScript/assetWarnings``).
    ///   - included: Other files of the app whose declarations the source uses (`--include`).
    /// - Throws: ``SwiftUISource/SwiftUISourceError``: `.source` with the line, column and
    ///   message of what cannot be read or interpreted; `.viewSelection` when the view is
    ///   unknown or cannot be chosen.
    ///
    /// `GeometryReader`s make their content for the sizes they get under
    /// ``Scene/SceneConfiguration/rootProposal`` as it is now; ``refreshSource()`` makes the
    /// script again after it changes.
    public mutating func setSource(_ text: String, fileName: String, view: String?, assets: AssetCatalog = .empty,
                                   included: [SwiftProgram.IncludedFile] = []) throws(SwiftUISourceError) {
        var program: SwiftProgram
        do { program = try SwiftProgram(parsing: text, fileName: fileName, including: included) } catch { throw .source(error) }
        program.assets = assets
        script = try program.script(view: view, rootProposal: scene.rootProposal)
        source = SourceText(text: text, fileName: fileName, view: view, assets: assets, included: included)
    }

    /// Makes the script again when its `GeometryReader`s were made for another root proposal
    /// than ``Scene/SceneConfiguration/rootProposal`` (`--size` or `--stage` given after the source).
    ///
    /// - Throws: as ``setSource(_:fileName:view:)``.
    public mutating func refreshSource() throws(SwiftUISourceError) {
        guard let source, let used = script?.rootProposal, used != scene.rootProposal else { return }
        try setSource(source.text, fileName: source.fileName, view: source.view, assets: source.assets, included: source.included)
    }

    /// The source text ``script`` was made from, for ``refreshSource()``.
    private var source: SourceText?

    /// The error for an SVG refusal: located in the source (its file, line, column, the line and
    /// a caret) when the refused construct carries its place and the views were read from a
    /// source, else its one line naming the view and the construct.
    func error(_ refusal: SVGRefusal) -> SpinRenderError {
        guard let mark = refusal.mark, viewScript.source.isKnown else { return SpinRenderError(.badData, refusal.message) }
        return SpinRenderError(.badData, SwiftProgram.diagnostic(refusal.message, at: mark, in: viewScript.source))
    }

    private struct SourceText: Hashable, Sendable {
        var text: String
        var fileName: String
        var view: String?
        var assets: AssetCatalog
        var included: [SwiftProgram.IncludedFile]

        // The catalogue is part of what made the script, which the request's value holds.
        static func == (a: SourceText, b: SourceText) -> Bool {
            a.text == b.text && a.fileName == b.fileName && a.view == b.view && a.included == b.included
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(fileName)
            hasher.combine(view)
            hasher.combine(included)
        }
    }

    /// The view engine for this request (layout and animation; nothing is drawn or flattened).
    ///
    /// Built once per request and carried with it: the checks before a render (settings,
    /// memory, the progress bar) and the render itself use the same engine, so the views are
    /// read and laid out once. Changing ``scene``, ``example`` or ``script`` (what decides the
    /// engine) gives the request a new, empty slot; a copy made before keeps its engine. No
    /// engine outlives the requests that carry it.
    ///
    /// With ``Scene/CanvasMode/ink`` (the default) and no stage, the canvas also holds every
    /// pixel of ink the frames of this request draw (``Scene/ViewRenderer/inkBounds(atSeconds:)``
    /// at each frame's sample time): on each side where the ink reaches beyond the root's layout
    /// bounds and margin, the canvas grows to the ink plus ``Scene/SceneConfiguration/padding``.
    /// Where the ink stays inside, the canvas is the layout's, pixel for pixel. The frame times
    /// decide it too, so changing them also empties the slot.
    public func makeEngine() -> ViewEngine {
        engineSlot.engine { makeInkEngine(ViewEngine(script: viewScript, output: scene)) }
    }

    /// Where ``makeEngine()`` keeps the engine it built; not part of the request's value.
    private var engineSlot = EngineSlot()

    /// `layout` grown to the ink of this request's frames (see ``makeEngine()``).
    private func makeInkEngine(_ layout: ViewEngine) -> ViewEngine {
        guard scene.canvas == .ink, !scene.showsStage else { return layout }
        // A length the settings refuse (an endless spring, a speed near 0) has no frames to
        // look at: the layout's canvas stands until the check says what is wrong.
        let duration = effectiveDurationSeconds(using: layout)
        guard duration.isFinite, duration > 0, duration <= RenderSettings.maximumDurationSeconds else { return layout }
        let schedule = FramePlan.Schedule(self, engine: layout)
        // Frames after the state period repeat earlier ones (``FramePlan``): their times add no ink.
        let distinct = min(schedule.statePeriod ?? schedule.frameCount, schedule.frameCount)
        let times = (0..<distinct).map { layout.pictureTime(schedule.timing.sampleTime(ofFrame: $0)) }
        guard let ink = ViewRenderer(layout).inkBounds(atSeconds: times) else { return layout }
        let pad = Int((scene.padding * scene.scale).rounded(.up))
        var outset = CanvasOutset(left: ink.minX < 0 ? pad - ink.minX : 0, top: ink.minY < 0 ? pad - ink.minY : 0,
                                  right: ink.maxX > layout.canvasWidth ? ink.maxX - layout.canvasWidth + pad : 0,
                                  bottom: ink.maxY > layout.canvasHeight ? ink.maxY - layout.canvasHeight + pad : 0)
        // Ink that would stretch an axis beyond ``maximumInkCanvasPoints`` (an offset of 10¹⁸
        // points, a scale of 10¹⁹) is not followed on that axis: it is cut off as with
        // `--canvas layout`.
        // A root as wide (high) as the screen offered it fills the screen that way: ink beyond
        // it is off the screen on a device (a full-screen colour scaled by 1.5 behind a
        // spinner), so the canvas does not grow on that axis.
        let proposal = scene.rootProposal
        if layout.canvasWidthPoints - 2 * layout.margin >= proposal.width - 1e-9 { (outset.left, outset.right) = (0, 0) }
        if layout.canvasHeightPoints - 2 * layout.margin >= proposal.height - 1e-9 { (outset.top, outset.bottom) = (0, 0) }
        let limit = Int((RenderRequest.maximumInkCanvasPoints * scene.scale).rounded(.up))
        var cut = false
        if layout.canvasWidth + outset.left + outset.right > limit { (outset.left, outset.right, cut) = (0, 0, true) }
        if layout.canvasHeight + outset.top + outset.bottom > limit { (outset.top, outset.bottom, cut) = (0, 0, true) }
        guard outset != .zero else {
            var engine = layout
            engine.inkCut = cut
            return engine
        }
        var engine = ViewEngine(script: layout.script, output: scene, inkOutset: outset)
        engine.inkCut = cut
        return engine
    }

    /// The longest side, in points, to which the canvas grows for ink beyond the layout:
    /// 2048 points, over twice the longest side of any iPhone or iPad mini screen (1133 points
    /// on an iPad mini in landscape) — farther than any motion a user watches on a device.
    public static let maximumInkCanvasPoints = 2048.0

    /// The animation's length: the explicit `durationSeconds`, or else
    /// ``defaultDurationSeconds(period:settle:lastChange:)`` of the animations the engine found.
    public var effectiveDurationSeconds: Double { effectiveDurationSeconds(using: nil) }

    /// ``effectiveDurationSeconds`` from an engine already made for this request (`nil`: make one).
    public func effectiveDurationSeconds(using engine: ViewEngine?) -> Double {
        if let durationSeconds { return durationSeconds }
        let engine = engine ?? makeEngine()
        return wholeFrames(naturalDurationSeconds(engine), engine: engine)
    }

    /// `seconds`, a whole number of the picture's repeats, lengthened to the fewest repeats that
    /// fill a whole number of frames, so that the loop is seamless: a 0.25 s loop at 50 fps is
    /// 12.5 frames, and 13 frames would show 0.26 s of it and jump back by one hundredth at
    /// every loop; two repeats are 25 frames. Kept as it is when it is already whole, or within
    /// 1 % of whole (a 2.33 s shimmer is 116.7 frames: 117 stray by 0.3 % of a loop, where
    /// three repeats, 7 s, would triple the file), when it is not made of repeats, when the
    /// whole number would pass 10 s, and for `--loop once`.
    private func wholeFrames(_ seconds: Double, engine: ViewEngine) -> Double {
        guard loopCount != .playOnce, let repeatSeconds = engine.pictureRepeatSeconds, repeatSeconds > 0, seconds > 0 else { return seconds }
        let frames = seconds * framesPerSecond, repeats = seconds / repeatSeconds
        guard abs(frames - frames.rounded()) > max(1e-6, 0.01 * frames), abs(repeats - repeats.rounded()) < 1e-6, repeats.rounded() >= 1,
              let cycle = engine.framePeriod(framesPerSecond: framesPerSecond) else { return seconds }
        let cycleSeconds = Double(cycle) / framesPerSecond
        let whole = (seconds / cycleSeconds - 1e-9).rounded(.up) * cycleSeconds
        return whole <= 10 ? whole : seconds
    }

    /// ``effectiveDurationSeconds(using:)`` before it is made a whole number of frames.
    private func naturalDurationSeconds(_ engine: ViewEngine) -> Double {
        // A loop that starts after the delays and the settling has them behind it: one period.
        if startSeconds(using: engine) > 0, let period = engine.repeatPeriodSeconds { return period }
        // Played once from t = 0: what comes before the loop, then one whole period of it (a
        // spinner that starts 0.5 s in turns once, not half a turn).
        if loopCount == .playOnce, engine.loopStartSeconds > 0, let period = engine.pictureRepeatSeconds {
            return max(engine.loopStartSeconds + period,
                       RenderRequest.defaultDurationSeconds(period: engine.repeatPeriodSeconds, settle: engine.settleSeconds,
                                                            lastChange: engine.lastChangeSeconds))
        }
        // Timers or tasks that cycle through states (a dot lit every 0.4 s of four): the picture
        // repeats with the cycle, animations it starts included, so one cycle loops seamlessly.
        if loopCount != .playOnce, engine.script.repeating != nil, let period = engine.pictureRepeatSeconds { return period }
        return RenderRequest.defaultDurationSeconds(period: engine.repeatPeriodSeconds, settle: engine.settleSeconds,
                                                    lastChange: engine.lastChangeSeconds)
    }

    /// The animation time of the first frame, in seconds: for a looping output
    /// ``Scene/ViewEngine/loopStartSeconds``, where the picture starts to repeat, so that the
    /// loop is seamless (staggered dots whose delays run to 0.7 s start at 0.7 s instead of
    /// showing them start, and jump back to that, on every loop); 0 for one played once
    /// (`--loop once` shows the start) and for pictures that do not repeat.
    public func startSeconds(using engine: ViewEngine?) -> Double {
        guard loopCount != .playOnce else { return 0 }
        return (engine ?? makeEngine()).loopStartSeconds
    }

    /// The length of an animation without `--duration`: one period of the repeating animations
    /// (2 s for the documentation's spinner; 2 s when nothing repeats), at least until the last
    /// finite animation settles, extended to two periods after the last change (script change
    /// or device rotation; 2 s when nothing repeats).
    ///
    /// A layout move animated by a repeating animation (the implicit spinner's drift) repeats
    /// with the animation's period, so two periods show it twice: with the documentation's
    /// spinner it slides, jumps back and slides again.
    ///
    /// - Parameters:
    ///   - period: Common period of the repeating animations, in seconds, or `nil`.
    ///   - settle: When the last finite animation settles, in seconds, or `nil`.
    ///   - lastChange: Time of the last change (script change or device rotation), in seconds,
    ///     or `nil`; a change at 0 (`onAppear`) extends nothing.
    public static func defaultDurationSeconds(period: Double?, settle: Double?, lastChange: Double?) -> Double {
        var duration = max(period ?? 2, settle ?? 0)
        // Changes at t = 0 (`onAppear`) start the animation; only later ones extend it.
        if let lastChange, lastChange > 0 { duration = max(duration, lastChange + (period.map { 2 * $0 } ?? 2)) }
        return duration
    }

    /// Number of frames: duration × fps, rounded to nearest, at least 1 (and at most 10⁹, so
    /// an absurd duration cannot overflow; the command line refuses long ones before this).
    public var frameCount: Int { frameCount(using: nil) }

    /// ``frameCount`` from an engine already made for this request (`nil`: make one).
    public func frameCount(using engine: ViewEngine?) -> Int {
        RenderRequest.frameCount(seconds: effectiveDurationSeconds(using: engine), framesPerSecond: framesPerSecond)
    }

    /// Frames in `seconds` at `framesPerSecond`, as ``frameCount`` counts them.
    static func frameCount(seconds: Double, framesPerSecond: Double) -> Int {
        let frames = (seconds * framesPerSecond).rounded()
        guard frames.isFinite else { return 1_000_000_000 }
        return Int(min(1e9, max(1, frames)))
    }
}

/// The engine of one request, built on first use (see ``RenderRequest/makeEngine()``).
///
/// Shared by the copies of the request made after it was filled, which describe the same
/// render; equal to every other slot, so that two requests are equal when their settings are.
final class EngineSlot: Hashable, Sendable {
    private let stored = Mutex<ViewEngine?>(nil)

    /// The engine, built by `make` the first time (under the lock, so that concurrent renders
    /// of one request build it once).
    func engine(_ make: () -> ViewEngine) -> ViewEngine {
        stored.withLock { engine in
            if let engine { return engine }
            let made = make()
            engine = made
            return made
        }
    }

    static func == (a: EngineSlot, b: EngineSlot) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
