/// How colours are reduced when the frames use more than the palette holds.
public enum GIFDither: String, Sendable, Hashable, CaseIterable {
    /// Each colour maps to its palette colour; no pattern (the default: no flicker, smallest).
    case none
    /// An 8 × 8 Bayer threshold pattern fixed to the canvas, so still regions dither the same
    /// in every frame (error diffusion would flicker: one changed pixel moves the
    /// error pattern of everything after it).
    case ordered
}
