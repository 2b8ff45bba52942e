/// The role of one spinner in the scene.
public enum SpinnerRole: String, Hashable, Sendable, CaseIterable {
    /// `Spinner`, animated by the deprecated implicit `.animation(_:)` modifier.
    case implicit
    /// `Spinner2`, animated by `withAnimation` in `onAppear`.
    case explicit
}
