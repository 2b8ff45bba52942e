import Motion
import Scene

/// Runs a view's life: the initial tree, its `onAppear` actions at t = 0, the state changes
/// they make (each `withAnimation` block, and each plain statement outside one, one transaction),
/// timed `asyncAfter` blocks, and the `onAppear` of views that appear in later trees.
///
/// Deterministic: actions run in the order the views are evaluated (a modifier chain from the
/// inside out, stack children in order, a view's body before the modifiers on it); timed
/// blocks by time, then by the order they were scheduled.
extension Interpreter {
    /// What to render: a view declaration, or a preview's content.
    enum Root {
        case view(ViewDeclaration)
        case preview(Closure, at: Location)
    }

    static let maximumChanges = 1_000

    private struct Pending {
        var time: Double
        var order: Int
        var statements: [Statement]
        var scope: Scope
    }

    /// The tree for the current state, with the `onAppear` actions of its views.
    func evaluateTree(_ root: Root) throws(SourceError) -> (ViewNode, [Appearance]) {
        visited = []
        appearances = []
        builtNodes = 0
        let built: BuiltView
        switch root {
        case let .view(declaration):
            try countNode(at: declaration.location)
            built = try instantiate(declaration, nil, at: declaration.location, Scope(), path: "")
        case let .preview(closure, location):
            built = try singleView(closure.statements, Scope(), path: "", at: location, what: "the preview")
        }
        // A view that left the tree loses its state; it starts afresh if it comes back.
        for path in states.keys where !visited.contains(path) {
            states[path] = nil
            stateTypes[path] = nil
        }
        return (built.node, appearances)
    }

    func script(_ root: Root) throws(SourceError) -> ViewScript {
        var run = Run()
        let (initial, appearing) = try evaluateTree(root)
        run.present = Set(appearing.map(\.key))
        run.queue = appearing.map { Pending(time: 0, order: 0, statements: $0.action.statements, scope: $0.scope) }
        var script = ViewScript(initial: initial)
        while true {
            while !run.queue.isEmpty {
                let action = run.queue.removeFirst()
                try execute(action.statements, action.scope, &run, &script, root: root, animation: nil)
            }
            guard let next = run.timed.indices.min(by: { a, b in
                (run.timed[a].time, run.timed[a].order) < (run.timed[b].time, run.timed[b].order)
            }) else { break }
            let action = run.timed.remove(at: next)
            run.now = action.time
            try execute(action.statements, action.scope, &run, &script, root: root, animation: nil)
        }
        return script
    }

    private struct Run {
        var now = 0.0
        var queue: [Pending] = []
        var timed: [Pending] = []
        var scheduled = 0
        var present: Set<String> = []
        var dirty = false
    }

    private func commit(_ transaction: Transaction, _ run: inout Run, _ script: inout ViewScript, root: Root, at location: Location) throws(SourceError) {
        guard run.dirty else { return }
        run.dirty = false
        guard script.changes.count < Self.maximumChanges else {
            throw SourceError("more than \(Self.maximumChanges) state changes: do actions change the state back and forth for ever?", at: location)
        }
        let (tree, appearing) = try evaluateTree(root)
        script.changes.append(ViewChange(timeSeconds: run.now, transaction: transaction, root: tree))
        for appearance in appearing where !run.present.contains(appearance.key) {
            run.queue.append(Pending(time: run.now, order: 0, statements: appearance.action.statements, scope: appearance.scope))
        }
        run.present = Set(appearing.map(\.key))
    }

    /// Runs statements of an action; `animation` is the enclosing `withAnimation`'s, if any
    /// (`.some(nil)` for `withAnimation(nil)`).
    private func execute(
        _ statements: [Statement], _ scope: Scope, _ run: inout Run, _ script: inout ViewScript, root: Root, animation: Animation??
    ) throws(SourceError) {
        try enter(statements.first?.location ?? Location(line: 1, column: 1, offset: 0))
        defer { leave() }
        var scope = scope
        for statement in statements {
            switch statement.kind {
            case let .assignment(target, op, value, operatorLocation):
                try assign(target, op, value, at: operatorLocation, scope, &run)
                if animation == nil { try commit(Transaction(), &run, &script, root: root, at: statement.location) }
            case let .conditional(clauses, elseBody):
                var taken = false
                for clause in clauses {
                    guard case let .bool(flag) = try evaluate(clause.condition, .bool, scope), flag else { continue }
                    try execute(clause.body, scope, &run, &script, root: root, animation: animation)
                    taken = true
                    break
                }
                if !taken, let elseBody { try execute(elseBody, scope, &run, &script, root: root, animation: animation) }
            case let .constant(property):
                let expected = try property.type.map { (type) throws(SourceError) in try valueType(type) }
                scope.locals[property.name] = try evaluate(property.initializer!, expected, scope)
            case let .expression(expression):
                try call(expression, scope, &run, &script, root: root, animation: animation)
            case .returnValue:
                throw SourceError("'return' is not supported in an action", at: statement.location)
            }
        }
    }

    private func call(
        _ expression: Expression, _ scope: Scope, _ run: inout Run, _ script: inout ViewScript, root: Root, animation: Animation??
    ) throws(SourceError) {
        let supported = "supported in actions: assignments, toggle(), withAnimation, DispatchQueue.main.asyncAfter"
        guard case let .postfix(primary, steps) = expression.kind else {
            throw SourceError("this expression does nothing here; \(supported)", at: expression.location)
        }
        // x.toggle() / self.x.toggle()
        if case .member("toggle", _) = steps.dropLast().last, case let .call(call) = steps.last! {
            guard call.arguments.isEmpty, call.trailingClosures.isEmpty else {
                throw SourceError("'toggle()' takes no arguments", at: call.open)
            }
            let target = steps.count == 2 ? primary
                : Expression(kind: .postfix(primary, Array(steps.dropLast(2))), location: primary.location, height: primary.height + 1)
            try assign(target, "toggle", nil, at: expression.location, scope, &run)
            if animation == nil { try commit(Transaction(), &run, &script, root: root, at: expression.location) }
            return
        }
        if case .name("withAnimation") = primary.kind, steps.count == 1, case let .call(call) = steps[0] {
            let values = try bind(call, [Parameter(nil, "animation", optional: true), Parameter(nil, "body")], callee: "withAnimation")
            var chosen: Animation? = .default
            if let written = values[0], case let .animation(value) = try evaluate(written, .animation, scope) { chosen = value }
            guard case let .closure(body) = values[1]!.kind else {
                throw SourceError("'withAnimation' takes its changes in a closure: 'withAnimation { … }'", at: values[1]!.location)
            }
            // A nested withAnimation joins the enclosing transaction.
            let inner: Animation?? = animation ?? .some(chosen)
            try execute(body.statements, scope, &run, &script, root: root, animation: inner)
            if animation == nil { try commit(Transaction(animation: chosen), &run, &script, root: root, at: expression.location) }
            return
        }
        if case .name("DispatchQueue") = primary.kind, steps.count == 3,
           case .member("main", _) = steps[0], case .member("asyncAfter", _) = steps[1], case let .call(call) = steps[2] {
            let values = try bind(call, [Parameter("deadline", "deadline"), Parameter("execute", "body")], callee: "asyncAfter")
            guard case let .deadline(seconds) = try evaluate(values[0]!, .deadline, scope) else { return }
            guard seconds >= 0, seconds <= 86_400 else {
                throw SourceError("the delay must be between 0 and 86400 seconds", at: values[0]!.location)
            }
            guard case let .closure(body) = values[1]!.kind else {
                throw SourceError("'asyncAfter' takes its work in a closure", at: values[1]!.location)
            }
            run.scheduled += 1
            guard run.scheduled <= Self.maximumChanges else {
                throw SourceError("more than \(Self.maximumChanges) timed blocks", at: expression.location)
            }
            run.timed.append(Pending(time: run.now + seconds, order: run.scheduled, statements: body.statements, scope: scope))
            return
        }
        if case .name("DispatchQueue") = primary.kind {
            throw SourceError("only 'DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { … }' is supported", at: expression.location)
        }
        throw SourceError("this call is not supported in an action; \(supported)", at: expression.location)
    }

    /// Sets a `@State` of the scope's view (`x`, `self.x`); `op` is `=`, `+=` … or `toggle`.
    private func assign(_ target: Expression, _ op: String, _ value: Expression?, at location: Location, _ scope: Scope, _ run: inout Run) throws(SourceError) {
        var name: String?
        var nameLocation = target.location
        switch target.kind {
        case let .name(written): name = written
        case let .postfix(base, steps):
            if case .name("self") = base.kind, steps.count == 1, case let .member(member, dot) = steps[0] {
                name = member
                nameLocation = Location(line: dot.line, column: dot.column + 1, offset: dot.offset + 1)
            }
        default: break
        }
        guard let name else { throw SourceError("only a @State property can be assigned to", at: target.location) }
        guard let instance = scope.instance, let type = stateTypes[instance]?[name] else {
            if scope.locals[name] != nil || scope.properties[name] != nil || constants[name] != nil {
                throw SourceError("cannot assign to '\(name)': it is not a @State property", at: nameLocation)
            }
            _ = try lookUp(name, at: nameLocation, scope)
            throw SourceError("cannot assign to '\(name)': it is not a @State property", at: nameLocation)
        }
        // The view left the tree: its state is gone, the change does nothing.
        guard let current = states[instance]?[name] else { return }
        var new: Value
        switch op {
        case "toggle":
            guard case let .bool(flag) = current else {
                throw SourceError("'toggle()' needs a Bool; '\(name)' is '\(type.rawValue)'", at: nameLocation)
            }
            new = .bool(!flag)
        case "=":
            new = try evaluate(value!, type, scope)
        default:
            let operation = String(op.dropLast())
            let combined = Expression(kind: .binary(operation, target, value!, operatorLocation: location), location: target.location,
                                      height: max(target.height, value!.height) + 1)
            new = try evaluate(combined, type, scope)
        }
        if !new.same(as: current) {
            states[instance]?[name] = new
            run.dirty = true
        }
    }
}
