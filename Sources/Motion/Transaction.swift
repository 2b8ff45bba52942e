/// The context of one state change, as SwiftUI's `Transaction`: the animation it carries, if
/// any, and whether views should ignore their own animation attachments.
///
/// `withAnimation(a) { … }` makes a transaction with `animation == a`; a plain state change or a
/// layout change (a device rotation) carries none.
public struct Transaction: Hashable, Sendable {
    /// The animation of the change; `nil` makes it a jump unless a view's attachment says
    /// otherwise.
    public var animation: Animation?
    /// SwiftUI's `disablesAnimations`: when `true`, `.animation(_:)` and `.animation(_:value:)`
    /// attachments leave the transaction's own animation alone.
    public var disablesAnimations: Bool

    /// A transaction carrying `animation` (none by default).
    public init(animation: Animation? = nil, disablesAnimations: Bool = false) {
        self.animation = animation
        self.disablesAnimations = disablesAnimations
    }
}

/// How a view asks for its changes to animate (SwiftUI's `animation(_:)`,
/// `animation(_:value:)` and `withAnimation`).
public enum AnimationAttachment: Hashable, Sendable {
    /// No animation modifier: the view follows the transaction (`withAnimation`, or a jump).
    case none
    /// The deprecated `.animation(_:)`: overrides the animation of every transaction that
    /// reaches the view — layout moves included, which is why the implicit spinner drifts.
    case implicit(Animation)
    /// `.animation(_:value:)`: overrides the transaction's animation only when its value changed
    /// in that transaction.
    case valueBound(Animation)

    /// The animation a change of the view's properties runs with.
    ///
    /// - Parameters:
    ///   - transaction: The transaction of the change.
    ///   - boundValueChanged: For ``valueBound(_:)``, whether its value changed in this
    ///     transaction; ignored otherwise.
    /// - Returns: The animation, or `nil` for a jump.
    public func effectiveAnimation(for transaction: Transaction, boundValueChanged: Bool = true) -> Animation? {
        if transaction.disablesAnimations { return transaction.animation }
        switch self {
        case .none: return transaction.animation
        case let .implicit(animation): return animation
        case let .valueBound(animation): return boundValueChanged ? animation : transaction.animation
        }
    }
}
