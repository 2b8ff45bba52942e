import Motion
import Raster

/// What the canvas of a render covers.
public enum CanvasMode: String, CaseIterable, Hashable, Sendable {
    /// The root's layout bounds (with the margin ``SceneConfiguration/padding`` for a root that
    /// does not draw its own edge) and, on each side where the ink the animation draws at any
    /// frame reaches beyond them, that ink plus ``SceneConfiguration/padding``: what a user who
    /// watches the device sees of the whole motion (a `scaleEffect(2)`, an `offset`, a shadow).
    case ink
    /// The root's layout bounds with the margin alone: ink outside them is cut off.
    case layout
}

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
    /// What the canvas covers: the layout bounds and all the ink the animation draws, or the
    /// layout bounds alone (``CanvasMode``).
    public var canvas: CanvasMode = .ink
    /// The size proposed to the root view, in points (`--size`); `nil` proposes the stage
    /// given with `--stage`, else ``defaultProposal``. See ``rootProposal``.
    public var proposal: StageSize?

    /// The size a preview proposes to a root view when neither `--size` nor `--stage` says:
    /// the screen of an iPhone 15 and iPhone 16 in portrait, 393 × 852 points (Apple's Human
    /// Interface Guidelines, "Layout", the table of device screen sizes). A device proposes its
    /// screen (its safe area, which spinrender does not model: the root is treated as if it
    /// ignored the safe area) to the root view, and a view that fills any proposal
    /// (`GeometryReader`, `Color`, `frame(maxWidth: .infinity)`) takes all of it; a view of a
    /// fixed size (an image, a stack of them) keeps its own size whatever it is offered.
    public static let defaultProposal = StageSize(width: 393, height: 852)

    /// The size proposed to the root view, in points: ``proposal``, else the portrait
    /// ``stage`` when one is given, else ``defaultProposal``.
    public var rootProposal: StageSize { proposal ?? stage ?? SceneConfiguration.defaultProposal }

    /// The default configuration: light, @2x, an 8 pt margin.
    public init() {}

    /// Whether the canvas shows a simulated screen (a layout change or an explicit stage).
    public var showsStage: Bool { !layoutChanges.isEmpty || stage != nil }
}
