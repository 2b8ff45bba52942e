import Raster

/// Where things sit on the canvas for one orientation of the stage, in pixels.
///
/// SwiftUI places view frames on the device pixel grid, so container rectangles here are whole
/// pixels; the spinners' centres are exact (their glyphs are drawn anti-aliased).
public struct LayoutSnapshot: Hashable, Sendable {
    /// The simulated screen, when one is shown.
    public var stage: Rect?
    /// The content's bounds: the padded spinner, or the preview's bordered VStack.
    public var content: Rect
    /// The centre of each spinner's image frame.
    public var centres: [SpinnerRole: Point]
}
