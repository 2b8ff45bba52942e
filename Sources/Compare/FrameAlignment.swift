/// Which frames of the two sides are compared with each other (`--stored-frames`).
public enum FrameAlignment: String, Hashable, Sendable, CaseIterable {
    /// What plays: the sides are compared at every moment either shows a new frame, over one
    /// loop (their common period), so animations that look the same whatever their frame count,
    /// merges, rectangles or disposal compare equal. Used when both sides have timing (a
    /// positive total duration) and either has more than one frame; otherwise ``stored``.
    case playback
    /// Frame by frame as stored (identical neighbours merged): frame counts and per-frame
    /// delays must agree.
    case stored

    /// The default: ``playback``.
    public static let `default`: FrameAlignment = .playback
}
