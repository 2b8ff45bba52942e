/// Which property the spinner's animation drives (SwiftUI's `rotationEffect`, `scaleEffect`,
/// `opacity`).
public enum SpinnerEffect: String, CaseIterable, Hashable, Sendable {
    /// `.rotationEffect(animating ? .degrees(360) : .zero)`: 0° → 360°, clockwise.
    case rotation
    /// `.scaleEffect(animating ? 0.5 : 1)`: full size → half size, about the frame centre.
    case scale
    /// `.opacity(animating ? 0 : 1)`: opaque → invisible.
    case opacity
}
