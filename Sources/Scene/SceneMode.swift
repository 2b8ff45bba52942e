/// What the canvas shows.
public enum SceneMode: String, CaseIterable, Hashable, Sendable {
    /// `Spinner`: the deprecated implicit `.animation(_:)` modifier, primary colour.
    case implicit
    /// `Spinner2`: `withAnimation` inside `onAppear`, orange.
    case explicit
    /// The documentation preview: `VStack { Spinner(); Spinner2() }.padding(8).border(.secondary)`.
    case preview
}
