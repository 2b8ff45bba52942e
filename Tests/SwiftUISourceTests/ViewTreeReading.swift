import Scene

/// Every modifier in a view tree, outermost first, depth first: what the language tests read
/// frames, opacities and the like from.
func treeModifiers(_ node: ViewNode) -> [ViewModifier] {
    switch node {
    case let .modified(child, modifier): [modifier] + treeModifiers(child)
    case let .stack(_, _, _, children): children.flatMap(treeModifiers)
    case let .conditional(_, child), let .custom(_, child): treeModifiers(child)
    default: []
    }
}
