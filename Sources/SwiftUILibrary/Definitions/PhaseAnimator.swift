import Motion
import Scene
import SwiftCode

// `phaseAnimator(_:content:animation:)` and `PhaseAnimator(_:content:animation:)` (iOS 17):
// content that moves through a list of phases for ever, each change animated with the
// animation the closure gives for the phase it goes to (SwiftUI documentation, "Controlling the
// timing and movements of your animations"; WWDC23 "Wind your way through advanced animations
// in SwiftUI").

/// A phase animator written in the file: its phases, the closure that makes the content of a
/// phase, and the closure that gives the animation into a phase (`nil`: SwiftUI's default,
/// `.default`).
struct PhaseAnimatorBox: NativeValue {
    var phases: [Value]
    var content: Function
    var animation: Function?
    /// Whether `content` takes the modified view first (`phaseAnimator`) or only the phase
    /// (`PhaseAnimator`).
    var takesPlaceholder: Bool
    var location: SourceLocation

    var nativeTypeName: String { "PhaseAnimator" }
    func isEqual(to other: any NativeValue) -> Bool { false }
}

extension SwiftUILibrary {
    func definePhaseAnimator() {
        guard let view = native.protocols["View"] else { return }
        let phases = NativeParameter(nil, .any)
        let animation = NativeParameter("animation", .optional(.function(parameters: [.any], result: .optional(.named("Animation")))), default: .nilValue)
        let content = NativeParameter("content", .function(parameters: [.any, .any], result: Self.anyView), builder: "ViewBuilder")
        view.method("phaseAnimator", [phases, content, animation], result: Self.anyView) { [unowned self] call throws(Interrupt) in
            try modified(call, .custom(.native(try phaseAnimator(call, takesPlaceholder: true)), at: call.location))
        }
        view.method("phaseAnimator", [phases, NativeParameter("trigger", .any), content, animation],
                    result: Self.anyView) { call throws(Interrupt) in
            throw call.error("'phaseAnimator' with a 'trigger:' is not supported: it runs only when the trigger changes; leave out 'trigger:' to cycle through the phases for ever", argument: 1)
        }
        let type = NativeType("PhaseAnimator", protocols: ["View"], summary: "`PhaseAnimator(phases) { phase in … } animation: { phase in … }`.")
        type.initializer([phases, NativeParameter("content", .function(parameters: [.any], result: Self.anyView), builder: "ViewBuilder"),
                          animation]) { [unowned self] call throws(Interrupt) in
            .native(ViewDescription.modified(.empty, .custom(.native(try phaseAnimator(call, takesPlaceholder: false)), at: call.location)))
        }
        native.add(type)
    }

    private func phaseAnimator(_ call: NativeCall, takesPlaceholder: Bool) throws(Interrupt) -> PhaseAnimatorBox {
        guard case let .array(phases) = call[0].dereferenced, !phases.isEmpty else {
            throw call.error("a phase animator takes its phases as a non-empty array, such as '[false, true]' or 'Phase.allCases'", argument: 0)
        }
        guard case let .function(content) = call[1] else { throw call.error("expected the content closure", argument: 1) }
        var animation: Function?
        if case let .function(function) = call[2] { animation = function }
        return PhaseAnimatorBox(phases: phases, content: content, animation: animation, takesPlaceholder: takesPlaceholder, location: call.location)
    }
}

extension ViewResolver {
    /// The shortest time a phase is shown, in seconds: one frame of a 60 Hz display, for a
    /// phase whose animation takes no time (a `nil` animation), so the cycle moves on instead of
    /// running every phase at one instant.
    static let shortestPhaseSeconds = 1.0 / 60

    /// A phase animator at `path`: the content of its current phase, and, when it appears, the
    /// start of its cycle.
    ///
    /// The current phase is state at its place, as SwiftUI keeps it. When the view appears the
    /// animator moves to the second phase with the animation the closure gives for it; when
    /// that animation completes (``Motion/Animation/settleSeconds``: a curve's delay and
    /// duration, a spring's settling time) it moves to the next, and after the last back to the
    /// first, for ever. An animation that never completes (`repeatForever`) holds its phase.
    func resolvePhaseAnimator(_ animator: PhaseAnimatorBox, content: ViewDescription, path: String, depth: Int,
                              at location: SourceLocation) throws(Interrupt) -> [ViewNode] {
        let key = path + "#p"
        let cell = phaseCell(at: key)
        guard case let .int(index) = cell.value, animator.phases.indices.contains(index) else {
            throw .error("the phase animator's phase was lost", at: animator.location)
        }
        let arguments = animator.takesPlaceholder ? [.native(content), animator.phases[index]] : [animator.phases[index]]
        let body = try library.view(try evaluator.call(animator.content, arguments, at: animator.location), at: animator.location)
        if animator.phases.count > 1 {
            noteAppearance(path + "#q", action: advancing(animator, cell: cell))
        }
        return try fresh { () throws(Interrupt) in try resolve(body, path: key, depth: depth + 1, at: location) }
    }

    /// Moves `animator` to its next phase in the transaction of the phase's animation, and
    /// schedules the move after it for when that animation completes.
    private func advance(_ animator: PhaseAnimatorBox, cell: Cell, at location: SourceLocation) throws(Interrupt) {
        guard let runner = library.runner, case let .int(index) = cell.value else { return }
        let next = (index + 1) % animator.phases.count
        var animation: Animation? = .default
        if let closure = animator.animation {
            let value = try evaluator.call(closure, [animator.phases[next]], at: animator.location)
            switch value.dereferenced {
            case let .native(native as AnimationBox): animation = native.animation
            case .nilValue: animation = nil
            default: throw .error("a phase animator's animation closure returns an Animation, not a value of type '\(value.typeName)'", at: animator.location)
            }
        }
        _ = try runner.withTransaction(Transaction(animation: animation)) { () throws(Interrupt) -> Value in
            cell.value = .int(next)
            return .void
        }
        let completes = animation.map { $0.settleSeconds } ?? 0
        guard let seconds = completes else { return }
        try runner.schedule(advancing(animator, cell: cell), at: runner.now + max(seconds, Self.shortestPhaseSeconds), location: location)
    }

    /// An action that moves `animator` to its next phase (``advance(_:cell:at:)``), for its
    /// appearance and for each phase's completion.
    private func advancing(_ animator: PhaseAnimatorBox, cell: Cell) -> Function {
        Function(.native([NativeFunction([], result: .void) { [unowned self] call throws(Interrupt) in
            try advance(animator, cell: cell, at: call.location)
            return .void
        }]), environment: evaluator.globals, name: "phaseAnimator")
    }
}
