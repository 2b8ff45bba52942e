import Scene

extension ViewNode {
    /// The texts of a tree, depth first: what a test reads off a script's tree.
    var texts: [String] {
        switch self {
        case let .text(content): [content.string]
        case let .modified(child, _), let .conditional(_, child), let .custom(_, child): child.texts
        case let .stack(_, _, _, children): children.flatMap(\.texts)
        default: []
        }
    }
}
