import Raster

/// One spinner at one moment.
public struct SpinnerState: Hashable, Sendable {
    /// Which spinner.
    public var role: SpinnerRole
    /// Centre of its image frame on the canvas, in points (pixels ÷ scale).
    public var centre: Point
    /// Clockwise rotation of the glyph, in degrees (`rotationEffect`).
    public var rotationDegrees: Double
    /// Scale about the frame centre (`scaleEffect`), 1 = full size.
    public var scaleFactor: Double
    /// Opacity 0…1 (`opacity`).
    public var opacity: Double
}

/// The whole scene at one moment.
public struct SceneState: Hashable, Sendable {
    /// Seconds since the views appeared.
    public var timeSeconds: Double
    /// Device rotations that have happened by this time.
    public var rotations: Int
    /// Where the stage, the content and the resting spinner positions are.
    public var layout: LayoutSnapshot
    /// The spinners, top to bottom.
    public var spinners: [SpinnerState]
}
