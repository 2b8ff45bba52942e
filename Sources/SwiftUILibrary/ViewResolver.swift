import Motion
import Scene
import SwiftCode

/// Places view descriptions in the view tree: evaluates the bodies of the file's own views at
/// their places (with the `@State` of that place, kept from tree to tree while the view stays),
/// runs `ForEach` content and custom `ViewModifier`s, and collects the events the tree asks for
/// (`onAppear`, `onReceive`, `task`).
///
/// A place is the view's structural identity, as SwiftUI's: its path of stack positions,
/// conditional branches, `ForEach` identities and view types from the root.
final class ViewResolver {
    let evaluator: Evaluator
    unowned let library: SwiftUILibrary

    /// `@State` storage by place and property name.
    @exclusivity(unchecked) private var states: [String: [String: Cell]] = [:]
    /// The places visited in the tree being made, in order (what a kept subtree visits again).
    @exclusivity(unchecked) private var visitedOrder: [String] = []
    /// The places the last tree visited, in order.
    @exclusivity(unchecked) private var lastVisitedOrder: [String] = []
    /// Views whose body is being evaluated, innermost last (a view inside itself is an error).
    @exclusivity(unchecked) private var evaluating: [String] = []

    /// An event a tree asks for, with the place that asks. A class: a kept subtree's requests
    /// are copied into every tree made while it stays, and copying one reference cost less
    /// than copying the fields.
    final class Request {
        let key: String
        let action: Function
        let publisher: PublisherValue?
        /// For `onChange`: the value this tree reads, whether the action also runs when the
        /// view appears, and how the action takes the values.
        let change: (value: Value, initial: Bool, form: ChangeActionForm)?

        init(key: String, action: Function, publisher: PublisherValue? = nil,
             change: (value: Value, initial: Bool, form: ChangeActionForm)? = nil) {
            self.key = key
            self.action = action
            self.publisher = publisher
            self.change = change
        }
    }

    @exclusivity(unchecked) private(set) var appearances: [Request] = []
    @exclusivity(unchecked) private(set) var subscriptions: [Request] = []
    @exclusivity(unchecked) private(set) var tasks: [Request] = []
    @exclusivity(unchecked) private(set) var changes: [Request] = []
    @exclusivity(unchecked) private(set) var nodeCount = 0
    /// The tree's `.preferredColorScheme`: the one nearest the root, of several at one depth the
    /// first; with its depth.
    @exclusivity(unchecked) private(set) var preferredScheme: (depth: Int, appearance: Appearance?)?
    /// Event requests made so far at each place of the tree being made.
    @exclusivity(unchecked) private var requestCounts: [String: Int] = [:]

    /// The most views and modifiers one tree may hold: a spinner has tens; room for a
    /// `ForEach` at its own cap (``SwiftUILibrary/maximumForEachElements``, 1 000 views) with a
    /// few modifiers each. A runaway source is refused before any layout, counted twice: as
    /// view builders make views (``ViewBuilder/buildExpression(_:at:)``, at the statement that
    /// crosses the cap, before the rest is built: 30 000 literal `Circle()`s are refused in
    /// milliseconds) and as the tree is placed (the views that no builder made, at the view
    /// that holds them). A tree at the cap renders in seconds.
    static let maximumNodes = 5_000

    /// The refusal of a tree over ``maximumNodes``.
    static let capMessage = "the view makes more than \(maximumNodes) views and modifiers, the most a source may make (a ForEach at most 1 000 views)"
    /// The deepest tree allowed (the engine walks trees recursively).
    static let maximumDepth = 512

    init(evaluator: Evaluator, library: SwiftUILibrary) {
        self.evaluator = evaluator
        self.library = library
    }

    /// The id of each `GeometryReader` by its place, and the size each was last made for.
    @exclusivity(unchecked) private var readerIDs: [String: Int] = [:]
    @exclusivity(unchecked) private var readerSizes: [Int: StageSize] = [:]
    /// Whether any tree so far holds a `GeometryReader` (its content depends on the root's proposal).
    @exclusivity(unchecked) private(set) var usesGeometryReader = false

    /// The most layout probes one tree takes for its `GeometryReader`s: one per level of
    /// readers nested in readers' content, which loaders keep to one or two.
    static let maximumReaderProbes = 4

    /// The tree `root` makes now, and the events it asks for.
    ///
    /// A `GeometryReader`'s content depends on the size the reader gets, which depends on the
    /// views around it: the tree is made with the sizes known (at first, each reader is given
    /// the root's proposal), laid out under the root's proposal
    /// (``Scene/LayoutProbe/geometryReaderSizes(of:proposal:)``), and made again with the sizes
    /// found until they no longer change.
    func tree(_ root: () throws(Interrupt) -> Value, at location: SourceLocation) throws(Interrupt) -> ViewNode {
        var node = try resolveTree(root, at: location)
        var readersSeen = readerIDs.count
        for _ in 0..<Self.maximumReaderProbes where readersSeen > 0 {
            let found = LayoutProbe.geometryReaderSizes(of: node, proposal: library.rootProposal)
            let changed = found.contains { readerSizes[$0.key] != $0.value }
            guard changed || readerIDs.count > readersSeen else { break }
            readerSizes.merge(found) { _, new in new }
            readersSeen = readerIDs.count
            node = try resolveTree(root, at: location)
        }
        return node
    }

    private func resolveTree(_ root: () throws(Interrupt) -> Value, at location: SourceLocation) throws(Interrupt) -> ViewNode {
        // Emptied keeping their capacity: each tree fills them about as full as the last, and
        // growing them again, rehashing the sets, cost more than the rest of a kept view's replay.
        visitedOrder.removeAll(keepingCapacity: true)
        trackedCells.removeAll(keepingCapacity: true)
        appearances.removeAll(keepingCapacity: true)
        subscriptions.removeAll(keepingCapacity: true)
        tasks.removeAll(keepingCapacity: true)
        changes.removeAll(keepingCapacity: true)
        nodeCount = 0
        preferredScheme = nil
        placesMayHaveMoved = false
        requestCounts.removeAll(keepingCapacity: true)
        library.writtenViews = 0
        let description = try library.view(try root(), at: location)
        let nodes = try resolve(description, path: "", depth: 0, at: location)
        // A view that left the tree loses its state; it starts afresh if it comes back. What is
        // kept by place is only ever for places visited, so a tree that visits the places the
        // last one did, in the same order, leaves nothing to drop (the places of kept subtrees
        // are the very strings of the last tree, compared without reading them).
        if visitedOrder != lastVisitedOrder {
            let visited = Set(visitedOrder)
            for key in states.keys where !visited.contains(key) {
                states[key] = nil
                stateOrder = nil
            }
            for key in kept.keys where !visited.contains(key) { kept[key] = nil }
            forgetUnheldStorage()
            // An Animatable view that left the tree starts from its data if it comes back.
            for key in animatableTracks.keys where !visited.contains(key) { animatableTracks[key] = nil }
            for key in animatableText.keys where !visited.contains(key) { animatableText[key] = nil }
        }
        swap(&lastVisitedOrder, &visitedOrder)
        // Several views at the root (a body or preview that is a builder block of several) are
        // laid out as iOS lays out a hosting controller's TupleView: one above the other,
        // centred, with the default spacing, as an implicit VStack.
        if nodes.count > 1 { return .stack(.vertical, alignment: .center, spacing: nil, children: nodes) }
        guard let node = nodes.first else { throw .error("the preview contains no view", at: location) }
        return node
    }

    /// Counts a view or modifier a builder statement could have written (not the wrappers of
    /// a view of the file's own, a branch or a group), so the builder's count, made first,
    /// refuses a tree made by builders at its own statement.
    private func count(_ location: SourceLocation, depth: Int, counted: Bool = true) throws(Interrupt) {
        if counted { nodeCount += 1 }
        if nodeCount > Self.maximumNodes {
            throw .error(Self.capMessage, at: location)
        }
        if depth > Self.maximumDepth {
            throw .error("the view tree is deeper than \(Self.maximumDepth) levels", at: location)
        }
    }

    /// The nodes a description makes at `path` (several for a group or a `ForEach`).
    func resolve(_ description: ViewDescription, path: String, depth: Int, at location: SourceLocation) throws(Interrupt) -> [ViewNode] {
        switch description {
        case .group, .branch, .user, .timeline: try count(location, depth: depth, counted: false)
        default: try count(location, depth: depth)
        }
        switch description {
        case let .leaf(node, _):
            return [node]
        case let .shape(shape, _):
            return [.shape(shape)]
        case .empty:
            return [.empty]
        case let .progress(fraction, label, style):
            var labelNode: ViewNode?
            if let label {
                let nodes = try resolve(label, path: path + "#l", depth: depth + 1, at: location)
                guard nodes.count == 1 else { throw .error("a ProgressView's label must be one view", at: location) }
                labelNode = nodes[0]
            }
            return [.progressBar(ProgressContent(fraction: fraction, label: labelNode, style: style))]
        case let .stack(axis, alignment, spacing, content):
            let children = try resolveChildren(content, path: path, depth: depth + 1, at: location)
            return [.stack(axis, alignment: alignment, spacing: spacing, children: children)]
        case .group:
            return try resolveChildren(description, path: path, depth: depth, at: location)
        case let .branch(index, inner):
            guard let inner else { return [.empty] }
            return try resolve(inner, path: path + "?" + String(index), depth: depth + 1, at: location)
                .map { .conditional(branch: index, $0.withDefaultTransition) }
        case let .user(instance, madeAt, configuration):
            if let previous = try replayKeptChild(description) { return previous.nodes }
            let nodes = try resolveUser(instance, path: path, depth: depth, at: madeAt, makeBody: configuration)
            noteChild(description, made: lastKept)
            return nodes
        case let .grid(alignment, horizontal, vertical, content):
            var rows: [GridContent.Row] = []
            for node in try resolveChildren(content, path: path, depth: depth + 1, at: location) {
                if case let .grid(row) = node, row.isGridRow, let only = row.rows.first {
                    rows.append(only)
                } else {
                    rows.append(GridContent.Row(cells: [node], spansAllColumns: true))
                }
            }
            return [.grid(GridContent(alignment: alignment, horizontalSpacing: horizontal, verticalSpacing: vertical, rows: rows))]
        case let .lazyVGrid(columns, alignment, spacing, content):
            let cells = try resolveChildren(content, path: path, depth: depth + 1, at: location)
            return [.grid(GridContent(alignment: alignment, verticalSpacing: spacing, rows: [GridContent.Row(cells: cells)], columns: columns))]
        case let .gridRow(alignment, content):
            let cells = try resolveChildren(content, path: path, depth: depth + 1, at: location)
            let row = GridContent.Row(cells: cells, verticalAlignment: alignment?.vertical, baseline: alignment?.baseline)
            return [.grid(GridContent(rows: [row], isGridRow: true))]
        case let .geometryReader(content, readerLocation):
            let key = path + "#g"
            let id = readerIDs[key] ?? readerIDs.count
            readerIDs[key] = id
            usesGeometryReader = true
            // The tree is made again for the sizes layout finds: nothing made for other sizes is kept.
            if isKeeping { stopKeeping() }
            let size = readerSizes[id] ?? library.rootProposal
            let proxy = GeometryProxyValue(width: size.width, height: size.height)
            let built = try library.view(try evaluator.call(content, [.native(proxy)], at: readerLocation), at: readerLocation)
            let children = try fresh { () throws(Interrupt) in try resolveChildren(built, path: key, depth: depth + 1, at: readerLocation) }
            // Several views in a reader overlap from its top-leading corner.
            let inner: ViewNode = children.count == 1 ? children[0]
                : .stack(.depth, alignment: Alignment(horizontal: 0, vertical: 0), spacing: nil, children: children)
            return [.geometryReader(id: id, content: inner)]
        case let .timeline(interval, content, timelineLocation):
            // The content at the render's clock now; the schedule asks the runner for the next
            // tree. The content takes the timeline's place (a `TimelineView` draws only it).
            let runner = library.runner
            if let interval { runner?.requestUpdates(every: interval) }
            let context = TimelineContextValue(date: DateValue(seconds: runner?.now ?? 0))
            let built = try library.view(try evaluator.call(content, [.native(context)], at: timelineLocation), at: timelineLocation)
            return try fresh { () throws(Interrupt) in try resolve(built, path: path, depth: depth + 1, at: timelineLocation) }
        case let .forEach(elements, identities, content, forEachLocation):
            var nodes: [ViewNode] = []
            for (element, identity) in zip(elements, identities) {
                let built = try library.view(try evaluator.call(content, [element], at: forEachLocation), at: forEachLocation)
                nodes += try fresh { () throws(Interrupt) in try resolveChildren(built, path: path + "[" + identity + "]", depth: depth + 1, at: forEachLocation) }
            }
            return nodes
        case let .modified(inner, modifier):
            if case let .custom(value, modifierLocation) = modifier {
                return try resolveCustomModifier(value, content: inner, path: path, depth: depth, at: modifierLocation)
            }
            let nodes = try resolve(inner, path: path, depth: depth + 1, at: location)
            return try nodes.enumerated().map { (index, node) throws(Interrupt) -> ViewNode in
                // A modifier after a `ForEach` is one more node on each view it makes.
                if index > 0 { try count(location, depth: depth) }
                return try apply(modifier, to: node, path: nodes.count > 1 ? path + Self.position(index) : path, depth: depth, at: location)
            }
        }
    }

    /// A container's children: a group's views each at its own position, flattened.
    private func resolveChildren(_ content: ViewDescription, path: String, depth: Int, at location: SourceLocation) throws(Interrupt) -> [ViewNode] {
        guard case let .group(items) = content else {
            return try resolve(content, path: path + ".0", depth: depth, at: location)
        }
        var nodes: [ViewNode] = []
        for item in items {
            // A kept child is replayed before its place is even written out.
            if let previous = try replayKeptChild(item) {
                nodes += previous.nodes
                continue
            }
            nodes += try resolve(item, path: path + Self.position(nodes.count), depth: depth, at: location)
        }
        return nodes
    }

    private func apply(_ modifier: ModifierDescription, to node: ViewNode, path: String, depth: Int, at location: SourceLocation) throws(Interrupt) -> ViewNode {
        switch modifier {
        case let .node(value):
            return .modified(node, value)
        case let .decoration(description, alignment, over):
            let views = try resolve(description, path: path + "#b", depth: depth + 1, at: location)
            guard let view = views.first else { throw .error("a background or overlay must be a view", at: location) }
            // Several views (a builder block) overlap in the modified view's bounds, as in a ZStack.
            let decoration = views.count == 1 ? view : .stack(.depth, alignment: alignment, spacing: nil, children: views)
            return .modified(node, .decoration(over ? .overlay(decoration, alignment: alignment) : .background(decoration, alignment: alignment)))
        case let .mask(description, alignment):
            let masks = try resolve(description, path: path + "#m", depth: depth + 1, at: location)
            guard let mask = masks.first, masks.count == 1 else {
                throw .error("a mask must be one view", at: location)
            }
            return .modified(node, .effect(.mask(mask, alignment: alignment)))
        case let .onAppear(action):
            noteAppearance(path + "#a", action: action)
            return node
        case let .onReceive(publisher, action):
            subscriptions.append(Request(key: requestKey(path + "#r"), action: action, publisher: publisher))
            return node
        case let .task(action):
            tasks.append(Request(key: requestKey(path + "#t"), action: action))
            return node
        case let .onChange(value, initial, action, form):
            changes.append(Request(key: path + "#c" + String(changes.count), action: action, change: (value, initial, form)))
            return node
        case let .animation(animation, value):
            return .modified(node, .animation(animation, value: value.map(Self.stateValue)))
        case let .transaction(body, bodyLocation):
            let (_, arguments) = try evaluator.callReturningArguments(body, [.native(TransactionBox(edit: TransactionEdit()))], at: bodyLocation)
            guard case let .native(native)? = arguments.first, let box = native as? TransactionBox else {
                throw .error("a transaction closure takes the transaction as its parameter", at: bodyLocation)
            }
            return .modified(node, .transaction(box.edit))
        case .custom:
            return node
        case let .preview(preview):
            if case let .colorScheme(appearance) = preview, depth < preferredScheme?.depth ?? .max {
                preferredScheme = (depth, appearance)
            }
            return node
        }
    }

    /// The key of the next event request of its kind at a place: the place and the request's
    /// number there, so that a view appearing elsewhere in the tree leaves the keys of the
    /// others as they were (a key that changed would run their `onAppear` again).
    ///
    /// A kept subtree's requests keep the keys they were made with, and no request made
    /// outside it is at a place inside it (its places all begin with its view's place), so
    /// replaying it needs no count.
    private func requestKey(_ place: String) -> String {
        let number = requestCounts[place, default: 0]
        requestCounts[place] = number + 1
        return place + String(number)
    }

    /// A value as `.animation(_:value:)` compares it.
    static func stateValue(_ value: Value) -> StateValue {
        switch value.dereferenced {
        case let .bool(flag): return .bool(flag)
        case let .int(number): return .int(number)
        case let .double(number): return .double(number)
        case let .native(native):
            if let angle = native as? AngleValue { return .angle(degrees: angle.degrees) }
            return .described(native.nativeTypeName + ":" + value.text)
        default:
            return .described(value.typeName + ":" + value.text)
        }
    }

    /// A view of the file's own at `path`: its stored state, then its body.
    ///
    /// As SwiftUI, a body runs again only when something it depends on changed: the subtree
    /// made last time at this place is kept while the view's inputs (its stored properties
    /// other than its state) are the same and no state or binding the subtree reads has been
    /// written since (see ``Kept``).
    private func resolveUser(_ instance: Instance, path: String, depth: Int, at location: SourceLocation,
                             makeBody configuration: Value? = nil) throws(Interrupt) -> [ViewNode] {
        let name = instance.type.name
        if evaluating.contains(name) {
            throw .error("'\(name)' contains itself: a view cannot be part of its own body", at: location)
        }
        guard configuration != nil || instance.type.declaresBody
                || evaluator.extensions["View"]?.computedProperties["body"] != nil else {
            // A UIKit view wrapped for SwiftUI has no body to evaluate: say so, not that a body is missing.
            let bridges = ["UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable"]
            if let bridge = instance.type.conformanceNames.first(where: bridges.contains) {
                throw .error("'\(name)' is a \(bridge): the UIKit view it makes is not drawn (a render has no UIKit); "
                             + "a SwiftUI view draws it, e.g. 'ProgressView()' for a UIActivityIndicatorView", at: instance.type.location)
            }
            throw .error("view '\(name)' has no 'var body: some View { … }'", at: instance.type.location)
        }
        let key = path + "/" + instance.type.shortIdentity
        // A view in a body kept from an earlier tree is the instance that body made then, whose
        // inputs its own kept subtree recorded: they need no comparing (unless presenting sets
        // its animatable data anew).
        let fromKeptBody = resolvingKeptBody && !instance.type.declaresAnimatableData
        let instance = try presenting(instance, at: key, location: location)
        // A style's body also depends on its configuration (a progress view's fraction), which
        // no input of the instance records: it is made again for every tree.
        let keeps = isKeeping && configuration == nil
        let previous = keeps ? kept[key] : nil
        let unchanged = previous.map {
            $0.objectWrites == objectWrites && (fromKeptBody || $0.hasSameInputs(as: instance)) && $0.isCurrent($0.ownCells)
        } ?? false
        if let previous, unchanged, previous.isCurrent(previous.cells) {
            try replay(previous, at: location)
            lastKept = previous
            return previous.nodes
        }
        let mark = Mark(resolver: self, library: library)
        evaluating.append(name)
        defer { evaluating.removeLast() }
        for (field, value) in instance.fields where !Self.isStorage(field, of: instance.type) { track(value) }
        let attached = try attach(instance, key: key)
        let ownCells = Array(trackedCells[mark.cells...])
        // A body whose own inputs and state are as they were makes what it made: only the views
        // inside it whose state changed run again.
        let description: ViewDescription
        if let previous, unchanged {
            description = previous.body
        } else if let configuration {
            let method = try evaluator.member("makeBody", of: .instance(attached), at: location, in: evaluator.globals)
            description = try library.view(try evaluator.call(method, [configuration], at: location), at: location)
        } else {
            let body = try evaluator.member("body", of: .instance(attached), at: instance.type.location, in: evaluator.globals)
            description = try library.view(body, at: location)
        }
        // The views of the file's own in this body, by their description: a body kept from the
        // last tree holds the very descriptions the last one did.
        let outer = (keptChildren, madeChildren, childCursor, placingMadeContent)
        keptChildren = previous != nil && unchanged ? previous?.children ?? [] : []
        // A kept body places the same children in the same order: the last tree's list, changed
        // where one was made again.
        madeChildren = keptChildren
        childCursor = 0
        placingMadeContent = false
        defer { (keptChildren, madeChildren, childCursor, placingMadeContent) = outer }
        let nodes = try resolving(keptBody: previous != nil && unchanged) { () throws(Interrupt) in
            try resolve(description, path: key, depth: depth + 1, at: location)
        }.map { ViewNode.custom(name: name, body: $0) }
        lastKept = nil
        // A view that makes another number of views than it did moves the views after it in its
        // container to other places (each starts afresh there): the rest of the tree is placed
        // the usual way, place by place.
        if let previous, previous.nodes.count != nodes.count { placesMayHaveMoved = true }
        if keeps {
            let made = Kept(inputs: Self.inputs(of: instance), ownCells: ownCells, cells: Array(trackedCells[mark.cells...]),
                            objectWrites: objectWrites, body: description, nodes: nodes, effects: effects(since: mark),
                            children: madeChildren)
            kept[key] = made
            lastKept = made
        }
        return nodes
    }

    // MARK: Kept subtrees

    /// Whether subtrees are kept from tree to tree. Off for a file whose bodies can read what no
    /// state tracks: file-level or static `var`s, `GeometryReader`s (their content depends on
    /// layout), `TimelineView`s and timer texts (on the clock).
    @exclusivity(unchecked) private(set) var isKeeping = true
    /// Whether the descriptions being placed are a body kept from an earlier tree (not made
    /// by this tree's code: a `ForEach`'s content, a reader's or a modifier's body are).
    @exclusivity(unchecked) private var resolvingKeptBody = false

    /// Stops keeping subtrees for the rest of the run.
    func stopKeeping() {
        isKeeping = false
        kept = [:]
        keptChildren = []
        madeChildren = []
        childCursor = 0
        lastKept = nil
    }

    /// Writes to class instances so far (an `ObservableObject`'s properties): a kept subtree
    /// made before a write is not reused, since no cell says what it read from an object.
    @exclusivity(unchecked) private var objectWrites = 0

    /// Notes a write to a class instance.
    func noteObjectWrite() { objectWrites += 1 }

    /// A user view's subtree as last made at its place, and what it depended on. A class: it is
    /// looked up for every view of every update, and copying its fields out each time cost
    /// more than replaying it.
    final class Kept {
        /// The view's stored properties other than its state storage.
        let inputs: [String: Value]
        /// The cells its body read (its state, its bindings), with their write counts then.
        let ownCells: [(cell: Cell, writes: UInt64)]
        /// The cells the whole subtree read, with their write counts then.
        let cells: [(cell: Cell, writes: UInt64)]
        let objectWrites: Int
        /// What its body made.
        let body: ViewDescription
        let nodes: [ViewNode]
        let effects: Effects
        /// The views of the file's own its body placed, in order (``Children``).
        let children: Children

        init(inputs: [String: Value], ownCells: [(cell: Cell, writes: UInt64)], cells: [(cell: Cell, writes: UInt64)],
             objectWrites: Int, body: ViewDescription, nodes: [ViewNode], effects: Effects, children: Children) {
            self.inputs = inputs
            self.ownCells = ownCells
            self.cells = cells
            self.objectWrites = objectWrites
            self.body = body
            self.nodes = nodes
            self.effects = effects
            self.children = children
        }

        func isCurrent(_ cells: [(cell: Cell, writes: UInt64)]) -> Bool {
            cells.allSatisfy { $0.cell.writes == $0.writes }
        }

        func hasSameInputs(as instance: Instance) -> Bool {
            // The fields walked in place rather than filtered into a new dictionary: this runs
            // for every view of every update.
            var count = 0
            for (name, value) in instance.fields where !ViewResolver.isStorage(name, of: instance.type) {
                guard let old = inputs[name], ViewResolver.isSameInput(value, old) else { return false }
                count += 1
            }
            return count == inputs.count
        }
    }

    /// What making a subtree did besides its nodes, done again when the subtree is kept.
    /// Copies, not slices of the tree's lists: a slice would hold the whole list, and the next
    /// tree could then not reuse its storage, growing anew lists as long as the last tree's.
    struct Effects {
        var appearances: [Request]
        var subscriptions: [Request]
        var tasks: [Request]
        var changes: [Request]
        var visited: [String]
        var nodeCount: Int
        var writtenViews: Int
        var preferredScheme: (depth: Int, appearance: Appearance?)?
    }

    /// The lengths of what the resolver collects, before a subtree is made.
    private struct Mark {
        var appearances, subscriptions, tasks, changes, visited, cells, nodeCount, writtenViews: Int
        var preferredScheme: (depth: Int, appearance: Appearance?)?

        init(resolver: ViewResolver, library: SwiftUILibrary) {
            appearances = resolver.appearances.count
            subscriptions = resolver.subscriptions.count
            tasks = resolver.tasks.count
            changes = resolver.changes.count
            visited = resolver.visitedOrder.count
            cells = resolver.trackedCells.count
            nodeCount = resolver.nodeCount
            writtenViews = library.writtenViews
            preferredScheme = resolver.preferredScheme
        }
    }

    @exclusivity(unchecked) private var kept: [String: Kept] = [:]

    /// The views of the file's own a body placed, in the order it placed them: each one's
    /// description (held, so that no other description takes its storage's address) and the
    /// subtree placed for it (`nil` when it is not kept). A body kept from the last tree places
    /// the very descriptions it did then, in the same order, so its children are found by
    /// position and told by the address of their storage, with no place written out or hashed.
    typealias Children = [(description: ViewDescription, kept: Kept?)]
    /// The children the body being placed had when the last tree placed it (none for a body
    /// made now: its descriptions are new).
    @exclusivity(unchecked) private var keptChildren: Children = []
    /// The children of the body being placed, as placed so far (for a kept body, the last
    /// tree's, changed where one was made again).
    @exclusivity(unchecked) private var madeChildren: Children = []
    /// The position of the next child of the body being placed.
    @exclusivity(unchecked) private var childCursor = 0
    /// The kept subtree of the view of the file's own placed last (`nil` when it is not kept).
    @exclusivity(unchecked) private var lastKept: Kept?
    /// Whether a view of this tree made another number of views than it did in the last tree
    /// (the places after it may have moved): no child is replayed by position for the rest of it.
    @exclusivity(unchecked) private var placesMayHaveMoved = false
    /// Whether the descriptions being placed were made while placing (a `ForEach`'s content, a
    /// reader's or a modifier's body), not written in the body itself: new each time, they are
    /// not noted as the body's children.
    @exclusivity(unchecked) private var placingMadeContent = false

    /// Whether two descriptions are the same stored description.
    private static func isSameStorage(_ a: ViewDescription, _ b: ViewDescription) -> Bool {
        MemoryLayout<ViewDescription>.size == MemoryLayout<Int>.size
            && withUnsafeBytes(of: a) { $0.load(as: Int.self) } == withUnsafeBytes(of: b) { $0.load(as: Int.self) }
    }

    /// Notes the subtree placed for a view of the file's own in the body being placed.
    private func noteChild(_ description: ViewDescription, made: Kept?) {
        guard isKeeping, !placingMadeContent else { return }
        defer { childCursor += 1 }
        if childCursor < keptChildren.count, Self.isSameStorage(keptChildren[childCursor].description, description) {
            if madeChildren[childCursor].kept !== made { madeChildren[childCursor].kept = made }
            return
        }
        // A body made now (or, which a kept body never does, one placing other views than it
        // did): its children as they come, none found by position any more.
        if childCursor < keptChildren.count || madeChildren.count != childCursor {
            madeChildren.removeSubrange(min(childCursor, madeChildren.count)...)
            keptChildren = []
        }
        madeChildren.append((description, made))
    }

    /// A view of the file's own in a body kept from the last tree, replayed as
    /// ``resolveUser(_:path:depth:at:makeBody:)`` would replay it, without writing out its place:
    /// its subtree when it is the one the last tree placed there and nothing it read has been
    /// written since; `nil` otherwise (the view is then placed the usual way).
    private func replayKeptChild(_ description: ViewDescription) throws(Interrupt) -> Kept? {
        guard isKeeping, resolvingKeptBody, !placingMadeContent, !placesMayHaveMoved, childCursor < keptChildren.count,
              case let .user(instance, at: location, makeBody: configuration) = description,
              configuration == nil, !instance.type.declaresAnimatableData,
              Self.isSameStorage(keptChildren[childCursor].description, description),
              let previous = keptChildren[childCursor].kept,
              previous.objectWrites == objectWrites, previous.isCurrent(previous.ownCells), previous.isCurrent(previous.cells)
        else { return nil }
        try replay(previous, at: location)
        childCursor += 1
        return previous
    }
    /// The cells read in the tree being made, in order, with their write counts.
    @exclusivity(unchecked) private var trackedCells: [(cell: Cell, writes: UInt64)] = []

    private func effects(since mark: Mark) -> Effects {
        // The subtree's own `.preferredColorScheme`, if it set one.
        var scheme: (depth: Int, appearance: Appearance?)?
        if let now = preferredScheme, mark.preferredScheme.map({ $0.depth != now.depth || $0.appearance != now.appearance }) ?? true {
            scheme = now
        }
        return Effects(appearances: Array(appearances[mark.appearances...]), subscriptions: Array(subscriptions[mark.subscriptions...]),
                       tasks: Array(tasks[mark.tasks...]), changes: Array(changes[mark.changes...]),
                       visited: Array(visitedOrder[mark.visited...]),
                       nodeCount: nodeCount - mark.nodeCount,
                       writtenViews: library.writtenViews - mark.writtenViews, preferredScheme: scheme)
    }

    /// Does again what making a kept subtree did: its requests, the places it visits (so their
    /// state stays), its counts against the caps and its preferred colour scheme.
    private func replay(_ previous: Kept, at location: SourceLocation) throws(Interrupt) {
        let effects = previous.effects
        // Most views ask for none of each: an empty list is not appended.
        if !effects.appearances.isEmpty { appearances += effects.appearances }
        if !effects.subscriptions.isEmpty { subscriptions += effects.subscriptions }
        if !effects.tasks.isEmpty { tasks += effects.tasks }
        if !effects.changes.isEmpty { changes += effects.changes }
        visitedOrder += effects.visited
        if !previous.cells.isEmpty { trackedCells += previous.cells }
        nodeCount += effects.nodeCount
        library.writtenViews += effects.writtenViews
        if nodeCount > Self.maximumNodes || library.writtenViews > Self.maximumNodes {
            throw .error(Self.capMessage, at: location)
        }
        if let scheme = effects.preferredScheme, scheme.depth < preferredScheme?.depth ?? .max {
            preferredScheme = scheme
        }
    }

    /// Whether a property wrapper's storage belongs to the view's place, not to its inputs.
    /// Compared in place rather than looked up in a set: it runs for every field of every view
    /// of every update, and hashing the name cost more than the comparisons.
    static func isStorageWrapper(_ name: String) -> Bool {
        switch name {
        case "State", "StateObject", "GestureState", "FocusState": true
        default: false
        }
    }

    static func isStorage(_ field: String, of type: TypeInfo) -> Bool {
        type.storedProperties.contains { $0.name == field && $0.wrapper.map { isStorageWrapper($0.name) } == true }
    }

    /// A view's inputs: its stored properties other than its state storage.
    static func inputs(of instance: Instance) -> [String: Value] {
        instance.fields.filter { !isStorage($0.key, of: instance.type) }
    }

    /// Whether two inputs are the same for keeping a subtree: equal values, the same cell for a
    /// binding (its writes are tracked apart) unless both are read-only (an `@Environment`
    /// value, a `.constant`), the same function.
    static func isSameInput(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case let (.binding(x), .binding(y)):
            return x === y || (x.isReadOnly && y.isReadOnly && isSameInput(x.value, y.value))
        case let (.array(x), .array(y)), let (.tuple(x, _), .tuple(y, _)):
            return x.count == y.count && zip(x, y).allSatisfy { isSameInput($0, $1) }
        case let (.instance(x), .instance(y)):
            return x.type === y.type && x.fields.count == y.fields.count
                && x.fields.allSatisfy { name, value in y.fields[name].map { isSameInput(value, $0) } ?? false }
        case let (.enumCase(x), .enumCase(y)):
            return x.type === y.type && x.name == y.name && x.associatedValues.count == y.associatedValues.count
                && zip(x.associatedValues, y.associatedValues).allSatisfy { isSameInput($0, $1) }
        case let (.dictionary(x), .dictionary(y)):
            return x.entries.count == y.entries.count
                && zip(x.entries, y.entries).allSatisfy { $0.key.isEqual(to: $1.key) && isSameInput($0.value, $1.value) }
        case let (.range(x), .range(y)):
            return x.isClosed == y.isClosed && isSameInput(x.lower, y.lower) && isSameInput(x.upper, y.upper)
        default:
            return a.isEqual(to: b)
        }
    }

    /// Notes the cells an input holds (bindings, at any depth), so that a write to one makes the
    /// subtree that read it run again.
    private func track(_ value: Value) {
        switch value {
        case let .binding(cell):
            trackedCells.append((cell, cell.writes))
            track(cell.value)
        case let .array(elements), let .tuple(elements, _): elements.forEach(track)
        case let .instance(instance): instance.fields.values.forEach(track)
        case let .enumCase(value): value.associatedValues.forEach(track)
        case let .dictionary(dictionary): dictionary.entries.forEach { track($0.value) }
        default: break
        }
    }

    /// The `animatableData` of each `Animatable` view and modifier of the file's own, by place:
    /// one track per number, animated by the transactions of its changes as SwiftUI animates
    /// any animatable value (``Motion/AnimatedTrack``).
    @exclusivity(unchecked) private var animatableTracks: [String: [AnimatedTrack<Double>]] = [:]
    /// The `animatableData` of the places whose data is not one or two numbers, as the last
    /// tree had it (for the note that such a change is not interpolated).
    @exclusivity(unchecked) private var animatableText: [String: String] = [:]

    /// The grid presented `animatableData` is rounded to (2⁻³⁰, about 10⁻⁹): the same moment of
    /// a repeating animation a period later then makes the same tree, whatever the last bits of
    /// its progress, so the script is found to repeat.
    static let animatableDataGrid = 0x1p-30

    /// `instance` as it is presented now: an `Animatable` view or modifier of the file's own
    /// (`animatableData` of one number or an `AnimatablePair` of two) with its data at the value
    /// its animation has reached, as SwiftUI sets it before each frame's `body` (Apple,
    /// `Animatable`: "SwiftUI … interpolates … and calls body with each intermediate value").
    /// While the data animates, the runner makes the tree again every 1/60 s (iOS's display
    /// refresh, as for `TimelineView(.animation)`), each such update unanimated.
    private func presenting(_ instance: Instance, at key: String, location: SourceLocation) throws(Interrupt) -> Instance {
        guard instance.type.declaresAnimatableData, let runner = library.runner else { return instance }
        let data = try evaluator.member("animatableData", of: .instance(instance), at: location, in: evaluator.globals)
        guard let target = try? SwiftUILibrary.numbers(data, at: location), (1...2).contains(target.count) else {
            noteUninterpolated(instance, data.dereferenced.text, at: key)
            return instance
        }
        var tracks = animatableTracks[key] ?? target.map { AnimatedTrack(initial: $0) }
        if tracks.count != target.count { tracks = target.map { AnimatedTrack(initial: $0) } }
        let now = runner.now
        for index in tracks.indices { tracks[index].set(target[index], atSeconds: now, transaction: runner.currentTransaction) }
        animatableTracks[key] = tracks
        let presented = tracks.map { ($0.value(atSeconds: now) / Self.animatableDataGrid).rounded() * Self.animatableDataGrid }
        let animating = tracks.contains { track in track.isPeriodic || (track.steadyFromSeconds.map { $0 > now } ?? true) }
        if animating { runner.requestUpdates(every: SwiftUILibrary.animationScheduleInterval) }
        guard presented != target else { return instance }
        var value = Value.instance(instance)
        let animatable = presented.count == 1 ? Value.double(presented[0])
            : .native(AnimatablePairBox(first: .double(presented[0]), second: .double(presented[1])))
        _ = try evaluator.setMember("animatableData", animatable, on: &value, at: location)
        guard case let .instance(presenting) = value else { return instance }
        return presenting
    }

    /// Places descriptions this tree's code made (not a kept body's).
    func fresh(_ body: () throws(Interrupt) -> [ViewNode]) throws(Interrupt) -> [ViewNode] {
        let outer = placingMadeContent
        placingMadeContent = true
        defer { placingMadeContent = outer }
        return try resolving(keptBody: false, body)
    }

    /// Places descriptions that are (or are not) a body kept from an earlier tree.
    private func resolving(keptBody: Bool, _ body: () throws(Interrupt) -> [ViewNode]) throws(Interrupt) -> [ViewNode] {
        let outer = resolvingKeptBody
        resolvingKeptBody = keptBody
        defer { resolvingKeptBody = outer }
        return try body()
    }

    /// The place suffix of a container's child at `index` (`.3`): made once for the first
    /// positions, which every update asks for again.
    static func position(_ index: Int) -> String {
        index < positions.count ? positions[index] : "." + String(index)
    }

    private static let positions = (0..<64).map { "." + String($0) }

    /// Notes, once per type, an `Animatable` view or modifier whose `animatableData` (neither a
    /// number nor a pair of them) changes: the render animates what its body makes at the two
    /// values, where a device makes the body again at each value between.
    private func noteUninterpolated(_ instance: Instance, _ text: String, at key: String) {
        defer { animatableText[key] = text }
        guard let before = animatableText[key], before != text else { return }
        let note = "'\(instance.type.name).animatableData' changes from \(before) to \(text): the render animates between the views its body makes at the two values; a device makes the body again at each value between (the same motion only where the body is linear in 'animatableData'; one or two numbers are interpolated)"
        if !library.notes.contains(where: { $0.hasPrefix("'\(instance.type.name).animatableData' changes") }) { library.notes.append(note) }
    }

    /// A `GeometryEffect`'s transform: its `effectValue(size:)`, which SwiftUI calls with the
    /// view's size at each frame (with `animatableData` at its animated value). A view's size is
    /// known only once the tree is laid out, after it is made: the effect is asked at two sizes,
    /// and one that does not depend on the size (a shake's translation, a skew) is applied as
    /// `projectionEffect`; one that does is refused at its `.modifier`.
    private func geometryEffect(_ instance: Instance, at location: SourceLocation) throws(Interrupt) -> Projection {
        let method = try evaluator.member("effectValue", of: .instance(instance), at: location, in: evaluator.globals)
        func value(_ width: Double, _ height: Double) throws(Interrupt) -> Projection {
            let result = try evaluator.call(method, [.native(CGSizeValue(width: width, height: height))], at: location)
            guard case let .native(native) = result.dereferenced, let box = native as? Boxed<Projection> else {
                throw .error("'effectValue(size:)' must return a ProjectionTransform, not a value of type '\(result.typeName)'", at: location)
            }
            return box.value
        }
        let small = try value(0, 0)
        guard try value(100, 60) == small else {
            throw .error("'\(instance.type.name).effectValue(size:)' depends on the view's size, which is not supported (an effect that does not read 'size' is)", at: location)
        }
        return small
    }

    /// `.modifier(M())`: the modifier's `body(content:)` with the modified view as its content.
    private func resolveCustomModifier(_ value: Value, content: ViewDescription, path: String, depth: Int, at location: SourceLocation) throws(Interrupt) -> [ViewNode] {
        if case let .native(native) = value, let animator = native as? PhaseAnimatorBox {
            return try resolvePhaseAnimator(animator, content: content, path: path, depth: depth, at: location)
        }
        guard case let .instance(made) = value else { return try resolve(content, path: path, depth: depth, at: location) }
        let name = made.type.name
        let key = path + "/" + made.type.shortIdentity
        let attached = try attach(try presenting(made, at: key, location: location), key: key)
        if evaluator.conforms(.instance(made), to: "GeometryEffect") {
            return try resolve(.modified(content, .node(.effect(.projection(try geometryEffect(attached, at: location))))),
                               path: key, depth: depth + 1, at: location).map { .custom(name: name, body: $0) }
        }
        let method = try evaluator.member("body", of: .instance(attached), at: location, in: evaluator.globals)
        let body = try evaluator.call(method, [.native(content)], at: location)
        let description = try library.view(body, at: location)
        let nodes = try fresh { () throws(Interrupt) in try resolve(description, path: key, depth: depth + 1, at: location) }
        return nodes.map { .custom(name: name, body: $0) }
    }

    /// The current phase of the phase animator at `key`, kept as state at its place: phase 0
    /// when it first appears.
    func phaseCell(at key: String) -> Cell {
        visitedOrder.append(key)
        let cell = states[key]?["phase"] ?? library.storage(.int(0))
        if states[key]?["phase"] == nil { stateOrder = nil }
        states[key, default: [:]]["phase"] = cell
        trackedCells.append((cell, cell.writes))
        return cell
    }

    /// Runs `action` when the view at `place` appears, as `onAppear` does.
    func noteAppearance(_ place: String, action: Function) {
        appearances.append(Request(key: requestKey(place), action: action))
    }

    /// What a snapshot of the run compares of the stored state: which places and names hold
    /// state, then each one's value.
    enum StateItem: Hashable {
        /// The places and names that hold state, as a number (``stateLayouts``): equal numbers
        /// are equal layouts.
        case layout(Int)
        case int(Int)
        /// A number's bits: equal numbers are equal values, and writing them as text cost more
        /// than the rest of a snapshot.
        case double(UInt64)
        case bool(Bool)
        case text(String)
    }

    /// The layout of the stored state (its number in ``stateLayouts``) and its cells in a fixed
    /// order (places, then names, sorted); `nil` once a cell is added or a place removed. A
    /// place keeps its cells while it stays, so the order holds until then.
    @exclusivity(unchecked) private var stateOrder: (layout: Int, cells: [Cell])?
    /// Each layout of stored state seen in the run (each place, sorted, with its names, sorted),
    /// numbered: a snapshot compares the number, not the places' names, and a view that leaves
    /// and comes back gives its layout's number again.
    @exclusivity(unchecked) private var stateLayouts: [[[String]]: Int] = [:]

    /// Every stored state, in a fixed order: its layout, then each cell's value.
    var stateItems: [StateItem] {
        if stateOrder == nil {
            var layout: [[String]] = []
            var cells: [Cell] = []
            for place in states.keys.sorted() {
                guard let placeCells = states[place] else { continue }
                let names = placeCells.keys.sorted()
                layout.append([place] + names)
                cells += names.compactMap { placeCells[$0] }
            }
            let number = stateLayouts[layout] ?? stateLayouts.count
            stateLayouts[layout] = number
            stateOrder = (number, cells)
        }
        guard let (layout, cells) = stateOrder else { return [] }
        var items: [StateItem] = [.layout(layout)]
        items.reserveCapacity(cells.count + 1)
        for cell in cells {
            switch cell.value {
            case let .int(number): items.append(.int(number))
            case let .double(number): items.append(.double(number.bitPattern))
            case let .bool(flag): items.append(.bool(flag))
            case let value: items.append(.text(value.text))
            }
        }
        return items
    }

    /// The storage an instance was made with, as the place it was placed at first holds it, and
    /// the value it was made with (held, so that no other storage takes its identity).
    @exclusivity(unchecked) private var placedStorage: [ObjectIdentifier: (cell: Cell, initial: Value)] = [:]

    /// The storage a view's state starts with at a place that has none: the storage the view was
    /// made with, or, when a place already took that, new storage holding the value it was made
    /// with. Each place has a state of its own, as in SwiftUI, whose view graph stores `@State`
    /// by identity: one instance placed twice (`let row = HStack { Dot() }` used in two places
    /// of a body), or placed again at another place (a body kept from an earlier tree holds the
    /// instance it made then, and the views before it moved it) starts afresh there.
    private func freshStorage(_ made: Cell) -> Cell {
        if let first = placedStorage[ObjectIdentifier(made)] { return library.storage(first.initial) }
        placedStorage[ObjectIdentifier(made)] = (made, made.value)
        return made
    }

    /// Forgets the storage no instance, place or subtree holds any more (only this list does).
    private func forgetUnheldStorage() {
        // By key, so that no copy of the list (an iteration's) holds the storage while it is asked.
        for identity in Array(placedStorage.keys) {
            guard var entry = placedStorage.removeValue(forKey: identity) else { continue }
            if !isKnownUniquelyReferenced(&entry.cell) { placedStorage[identity] = entry }
        }
    }

    /// `instance` with its `@State` storage replaced by the storage its place already has.
    private func attach(_ instance: Instance, key: String) throws(Interrupt) -> Instance {
        visitedOrder.append(key)
        var instance = instance
        for property in instance.type.storedProperties {
            guard let wrapper = property.wrapper, Self.isStorageWrapper(wrapper.name) else { continue }
            if let cell = states[key]?[property.name] {
                instance.fields[property.name] = .binding(cell)
                trackedCells.append((cell, cell.writes))
            } else if case let .binding(made)? = instance.fields[property.name] {
                let cell = freshStorage(made)
                if cell !== made { instance.fields[property.name] = .binding(cell) }
                // A `@StateObject`'s object is made now, once for the place.
                try cell.resolveDeferredValue()
                stateOrder = nil
                states[key, default: [:]][property.name] = cell
                trackedCells.append((cell, cell.writes))
            }
        }
        return instance
    }
}
