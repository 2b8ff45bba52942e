import Motion
import Raster

/// The output settings of a render (scale, appearance, colours, stage, device rotations,
/// background, margin), which ``ViewEngine`` reads. (The options that shape the built-in
/// documentation views live with them, in `SpinRender`'s `BuiltInExample`: a render of a
/// source file carries none of them.)
///
/// Lengths are in points unless named otherwise; times in seconds from the moment the views
/// appear (`onAppear` runs at t = 0).
public struct SceneConfiguration: Hashable, Sendable {
    /// Light or dark colours.
    public var appearance: Appearance = .light
    /// Generation of the system colour table.
    public var colorGeneration: SystemColorGeneration = .iOS13
    /// Pixels per point (@1x, @2x, @3x).
    public var scale: Double = 2
    /// Space around a root view that does not draw its own edge, in points (the preview's
    /// `padding(8).border(…)` draws its own).
    public var padding: Double = 8
    /// Replaces the background colour when set.
    public var background: RGBA8?
    /// Times of simulated device rotations (portrait ↔ landscape), in seconds, ascending.
    public var layoutChanges: [Double] = []
    /// The simulated screen in portrait, in points; `nil` chooses one that holds the content
    /// both ways round (used whenever a stage is shown).
    public var stage: StageSize?
    /// Reproduces the first-layout glitch: the implicit spinner's first position arrives in the
    /// same transaction as `onAppear`, so it slides in from the top-left corner.
    public var appearsFromOrigin = false
    /// Draws on a transparent canvas instead of the background colour.
    public var transparentBackground = false
    /// Where partial coverage is blended.
    public var blendSpace: BlendSpace = .sRGB

    /// The default configuration: light, @2x, an 8 pt margin.
    public init() {}

    /// Whether the canvas shows a simulated screen (a layout change or an explicit stage).
    public var showsStage: Bool { !layoutChanges.isEmpty || stage != nil }
}
