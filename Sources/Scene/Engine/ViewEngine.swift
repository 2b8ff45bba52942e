import Motion
import Raster

/// The view engine: a ``ViewScript`` laid out, animated and sampled at any time, from SwiftUI's
/// model.
///
/// Each tree of the script (and each stage orientation, when `--rotate-at` simulates device
/// rotations) is laid out by SwiftUI's rules (see `EngineLayout`). Nodes of successive trees are
/// matched by structural identity (their position in the tree); every animatable property —
/// rotation, scale, opacity, offset, trim ends, colour, and each node's frame centre and size
/// from layout — has an `AnimatedTrack`, and each change (a script change or a device rotation)
/// sets the new value with the change's transaction, edited by the `transaction { }` modifiers
/// above the property's view and overridden by the `animation(_:)` / `animation(_:value:)`
/// nearest to it. So the implicit spinner drifts after a rotation (its position is inside its
/// `animation(_:)`) while the stack, the border and the explicit spinner move at once. A view
/// that appears in a later tree appears as it is, and one that leaves it is gone, unless it has a
/// `transition(_:)` and the change animates (``ViewTransition``).
///
/// The root is offered ``SceneConfiguration/rootProposal`` and chooses its size. The canvas is
/// that size in pixels (rounded up), plus ``SceneConfiguration/padding`` on every edge for a
/// root that does not draw its own edge (its outermost layout modifier is not `padding`,
/// `border` or `background`), plus the `inkOutset` the request found for ink drawn beyond it
/// (`RenderRequest.makeEngine()`), or the simulated stage when one is shown. Lengths are in
/// points, times in seconds from the moment the views appear.
public struct ViewEngine: Sendable {
    /// The views.
    public let script: ViewScript
    /// The output settings (scale, appearance, stage, rotations, background); the engine reads
    /// no view-shaping field of it.
    public let output: SceneConfiguration
    /// The resolved system colours.
    public let palette: SystemPalette
    /// Canvas width in pixels.
    public let canvasWidth: Int
    /// Canvas height in pixels.
    public let canvasHeight: Int
    /// The canvas width in points before it is rounded up to whole pixels: the widest content
    /// with its margin, or the stage's longer side. ``canvasWidth`` is this × scale, rounded up.
    public let canvasWidthPoints: Double
    /// The canvas height in points before rounding, as ``canvasWidthPoints``.
    public let canvasHeightPoints: Double
    /// The simulated screen in portrait, in points, when one is shown.
    public let stage: StageSize?
    /// Whether the content fits the stage in both orientations (always when none is shown).
    public let contentFitsStage: Bool
    /// Margin around the root on every edge, in points.
    public let margin: Double
    /// The pixels added on each side for ink beyond the layout bounds (zero with a stage).
    public let inkOutset: CanvasOutset
    /// Whether ink beyond the layout was left off an axis because following it would make the
    /// canvas longer than the request allows (a `scaleEffect(200)`): the caller warns.
    public var inkCut = false

    /// Tracks by kind, all of one type (see ``TrackVector``): read with `number(atSeconds:)`,
    /// `point(atSeconds:)` and `colour(atSeconds:)`.
    var numbers: [AnimatedTrack<TrackVector>] = []
    var points: [AnimatedTrack<TrackVector>] = []
    var colours: [AnimatedTrack<TrackVector>] = []
    /// Drawing programs and the time from which each is shown, ascending.
    var programs: [(start: Double, program: Program)] = []
    /// Number tracks that turn a lone rays glyph about its centre (a handful, scanned linearly).
    var glyphRotationTracks: [Int] = []
    /// Times of the simulated device rotations, ascending.
    let rotationTimes: [Double]
    /// See ``loopStartSeconds`` and ``pictureRepeatSeconds``.
    var pictureRepeat: (start: Double, period: Double)?

    /// Lays out and animates `script` for the output settings.
    ///
    /// - Parameters:
    ///   - script: The view trees and their changes; changes are taken in time order (a stable
    ///     sort: changes at one time keep their order).
    ///   - output: Scale, appearance, colour generation, stage, device rotations
    ///     (``SceneConfiguration/layoutChanges``, each a layout change with an empty transaction,
    ///     after any script change at the same time), ``SceneConfiguration/appearsFromOrigin``
    ///     (every view's first layout arrives at t = 0 from the canvas origin in an empty
    ///     transaction), background and margin.
    ///   - inkOutset: Whole pixels added to the canvas on each side, beyond the root's layout
    ///     bounds and margin, for ink drawn outside them (``CanvasOutset``; ignored when a stage
    ///     is shown: a device shows nothing beyond its screen).
    ///
    /// A script driven by timers holds its changes for one repeat of its own
    /// (``ViewScript/repeating``); when an animation that repeats for ever beside it has a
    /// period that does not divide that repeat (dots stepping every 0.25 s, three states, beside
    /// a spinner turning once a second), the picture repeats only after their common period (3 s),
    /// and the script's changes are laid out again, a repeat later each time, up to it
    /// (``unrolledScript()``).
    public init(script: ViewScript, output: SceneConfiguration, inkOutset: CanvasOutset = .zero) {
        self.init(building: script, output: output, inkOutset: inkOutset)
        if let unrolled = unrolledScript() {
            self.init(building: unrolled, output: output, inkOutset: inkOutset)
        }
    }

    /// The most changes a script is unrolled to (see ``unrolledScript()``): a timer stepping
    /// every 0.1 s beside a spinner whose period shares a minute with its loop.
    static let maximumUnrolledChanges = 10_000

    /// The script with its repeat's changes laid out again, a repeat later each time, up to
    /// the picture's period, when that period is a whole number of the script's repeats
    /// longer than one; `nil` when there is nothing to unroll (or more than
    /// ``maximumUnrolledChanges`` changes would be made).
    func unrolledScript() -> ViewScript? {
        guard let repeating = script.repeating, repeating.period > 0, let picture = pictureRepeat,
              picture.start == repeating.start else { return nil }
        let copies = Int((picture.period / repeating.period).rounded())
        guard copies > 1, abs(Double(copies) * repeating.period - picture.period) <= 1e-6 * picture.period else { return nil }
        let end = repeating.start + repeating.period
        let tolerance = 1e-9 * max(1, end)
        let window = script.changes.filter { $0.timeSeconds > repeating.start + tolerance && $0.timeSeconds <= end + tolerance }
        guard !window.isEmpty, script.changes.count + window.count * (copies - 1) <= Self.maximumUnrolledChanges else { return nil }
        var unrolled = script
        unrolled.changes = script.changes.filter { $0.timeSeconds <= end + tolerance }
        for copy in 1..<copies {
            let shift = Double(copy) * repeating.period
            unrolled.changes += window.map { ViewChange(timeSeconds: $0.timeSeconds + shift, transaction: $0.transaction, root: $0.root) }
        }
        unrolled.repeating = ScriptRepeat(start: repeating.start, period: picture.period)
        return unrolled
    }

    private init(building script: ViewScript, output: SceneConfiguration, inkOutset: CanvasOutset) {
        self.script = script
        self.output = output
        // `.preferredColorScheme` in the views sets the scheme of the window they are shown in.
        let palette = SystemPalette(appearance: script.preferredAppearance ?? output.appearance, generation: output.colorGeneration)
        self.palette = palette
        let scale = output.scale
        let trees = [script.initial] + script.changes.map(\.root)
        func margin(_ tree: ViewNode) -> Double { EngineLayout.framesItself(tree) ? 0 : output.padding }
        // The content: the root's fitting size plus its margin, in points and in whole pixels.
        // The root is offered the preview's size (``SceneConfiguration/rootProposal``) and
        // chooses its own: SwiftUI's layout is a proposal from the parent, a size chosen by the
        // child, then its placement by the parent (Apple, "Layout" protocol,
        // `sizeThatFits(proposal:subviews:cache:)` then `placeSubviews(in:proposal:subviews:cache:)`;
        // WWDC22 "Compose custom layouts with SwiftUI").
        let rootSize = output.rootProposal
        let rootProposal = Proposal(width: rootSize.width, height: rootSize.height)
        let contentPoints = trees.map { tree -> (width: Double, height: Double) in
            let fit = EngineLayout.size(of: tree, rootProposal, ViewEnvironment(displayScale: scale))
            let m = margin(tree)
            return (fit.x + 2 * m, fit.y + 2 * m)
        }
        let contentPixels = contentPoints.map { (Int(($0.width * scale).rounded(.up)), Int(($0.height * scale).rounded(.up))) }
        let widest = contentPixels.map(\.0).max()!, tallest = contentPixels.map(\.1).max()!
        self.margin = margin(script.initial)
        if output.showsStage {
            let stage = output.stage ?? ViewEngine.defaultStage(contentWidth: contentPoints[0].width,
                                                               contentHeight: contentPoints[0].height)
            self.stage = stage
            let side = Int((max(stage.width, stage.height) * scale).rounded(.up))
            canvasWidth = side
            canvasHeight = side
            canvasWidthPoints = max(stage.width, stage.height)
            canvasHeightPoints = canvasWidthPoints
            let w = Double(widest) / scale, h = Double(tallest) / scale
            contentFitsStage = w <= stage.width && h <= stage.height && w <= stage.height && h <= stage.width
        } else {
            stage = nil
            canvasWidth = inkOutset.left + widest + inkOutset.right
            canvasHeight = inkOutset.top + tallest + inkOutset.bottom
            canvasWidthPoints = contentPoints.map(\.width).max()! + Double(inkOutset.left + inkOutset.right) / scale
            canvasHeightPoints = contentPoints.map(\.height).max()! + Double(inkOutset.top + inkOutset.bottom) / scale
            contentFitsStage = true
        }
        self.inkOutset = stage == nil ? inkOutset : .zero
        let outset = self.inkOutset
        rotationTimes = output.layoutChanges.sorted()
        let stage = self.stage

        var table = IdentityTable()
        func evaluate(_ treeIndex: Int, rotations: Int) -> Evaluation {
            let tree = trees[treeIndex]
            let (cw, ch) = contentPixels[treeIndex]
            // The content sits centred on whole pixels: in the stage's current orientation, or in
            // the canvas.
            var w = Double(widest), h = Double(tallest)
            if let stage {
                let portrait = rotations % 2 == 0
                w = ((portrait ? stage.width : stage.height) * scale).rounded()
                h = ((portrait ? stage.height : stage.width) * scale).rounded()
            }
            let content = Rect(x: Double(outset.left) + ((w - Double(cw)) / 2).rounded(.down),
                               y: Double(outset.top) + ((h - Double(ch)) / 2).rounded(.down),
                               width: Double(cw), height: Double(ch))
            let middle = content.center
            let centre = AnimatablePoint(x: middle.x / scale, y: middle.y / scale)
            var frames = DenseMap<NodeFrame>()
            EngineLayout.place(tree, at: 0, proposal: rootProposal, centre: centre, ViewEnvironment(displayScale: scale), &table, into: &frames)
            var builder = Evaluation.Builder(palette: palette, frames: frames, table: table)
            builder.walk(tree, 0, ViewEnvironment(displayScale: scale), [], [], nil)
            table = builder.table
            return builder.evaluation
        }

        // Changes in time order; device rotations after script changes at the same time.
        enum Event { case change(Int), rotation }
        let changeOrder = script.changes.indices.sorted {
            (script.changes[$0].timeSeconds, $0) < (script.changes[$1].timeSeconds, $1)
        }
        var events: [(time: Double, event: Event)] = changeOrder.map { (script.changes[$0].timeSeconds, .change($0)) }
        for time in rotationTimes {
            let index = events.firstIndex { $0.time > time } ?? events.count
            events.insert((time, .rotation), at: index)
        }

        // The track of each property of the current tree, by ``PropertyKey/index``.
        var live = DenseMap<Int>()
        var current = evaluate(0, rotations: 0)
        var treeIndex = 0, rotations = 0
        func makeTrack(_ value: PropertyValue) -> Int {
            switch value {
            case let .number(v): numbers.append(AnimatedTrack(initial: TrackVector(v))); return numbers.count - 1
            case let .point(v): points.append(AnimatedTrack(initial: TrackVector(v))); return points.count - 1
            case let .colour(v): colours.append(AnimatedTrack(initial: TrackVector(v))); return colours.count - 1
            case let .vector(v, _): colours.append(AnimatedTrack(initial: v)); return colours.count - 1
            }
        }
        /// Animates a property's track (made by `makeTrack` for a value of the same kind) to `value`.
        func setTrack(_ track: Int, _ value: PropertyValue, at time: Double, _ change: Transaction) {
            switch value {
            case let .number(v): numbers[track].set(TrackVector(v), atSeconds: time, transaction: change)
            case let .point(v): points[track].set(TrackVector(v), atSeconds: time, transaction: change)
            case let .colour(v): colours[track].set(TrackVector(v), atSeconds: time, transaction: change)
            case let .vector(v, _): colours[track].set(v, atSeconds: time, transaction: change)
            }
        }
        /// The track of a symbol effect's phase after a tree at `time`: the effect keeps its
        /// track while its trigger does not fire; it gets a fresh one, playing its cycles from
        /// `time`, when it starts (its value changes, it becomes active, or it appears active),
        /// and a fresh one at rest when it stops (a repeating cycle cannot be taken back from
        /// an additive track). `.scale` animates its one track to 1 or 0 instead.
        func symbolPhase(_ effect: SymbolEffect, before: SymbolEffect?, track: Int?, at time: Double) -> Int {
            let wasActive: Bool
            switch before?.trigger {
            case let .active(flag)?: wasActive = flag
            case .value?, nil: wasActive = false
            }
            if !effect.cycles {
                let active = effect.trigger == .active(true)
                guard let track, before != nil else { return makeTrack(.number(active ? 1 : 0)) }
                numbers[track].set(TrackVector(active ? 1 : 0), atSeconds: time,
                                   transaction: Transaction(animation: .easeInOut(duration: effect.cycleSeconds)))
                return track
            }
            let starts: Bool
            switch effect.trigger {
            case let .active(flag):
                if !flag && wasActive { return makeTrack(.number(0)) }
                starts = flag && !wasActive
            case let .value(value):
                starts = before.map { $0.trigger != .value(value) } ?? false
            }
            guard starts || track == nil else { return track! }
            let index = makeTrack(.number(0))
            guard starts else { return index }
            let cycle = effect.cycleSeconds
            switch effect.plays {
            case .forever:
                numbers[index].set(TrackVector(1), atSeconds: time,
                                   transaction: Transaction(animation: .linear(duration: cycle).repeatForever(autoreverses: false)))
            case let .times(count):
                numbers[index].set(TrackVector(Double(count)), atSeconds: time,
                                   transaction: Transaction(animation: .linear(duration: cycle * Double(count))))
            }
            return index
        }
        for key in current.keys {
            if key.property == .symbolPhase, let effect = current.symbolEffects[key.path] {
                live[key.index] = symbolPhase(effect, before: nil, track: nil, at: 0)
                continue
            }
            var value = current.values[key.index]!
            if output.appearsFromOrigin && key.property == .centre { value = .point(.zero) }
            live[key.index] = makeTrack(value)
        }
        func apply(_ next: Evaluation, at time: Double, transaction: Transaction, previous: Evaluation) {
            // The properties of `next` keep their tracks or get new ones; the others' end.
            var nextLive = DenseMap<Int>()
            defer { live = nextLive }
            for key in next.keys {
                if key.property == .symbolPhase, let effect = next.symbolEffects[key.path] {
                    let before = live[key.index] == nil ? nil : previous.symbolEffects[key.path]
                    let same = before.map { $0.kind == effect.kind && $0.plays == effect.plays && $0.speed == effect.speed } ?? false
                    nextLive[key.index] = symbolPhase(effect, before: same ? before : nil, track: same ? live[key.index] : nil, at: time)
                    continue
                }
                let value = next.values[key.index]!
                guard let index = live[key.index],
                      previous.values[key.index].map({ ViewEngine.sameKind($0, value) }) ?? false else {
                    // A view inserted with a transition starts from the transition's state and
                    // animates to its own with the insertion's animation (the transition's own
                    // if it has one); without animation, and any other property, it appears as it is.
                    if let (start, own) = next.insertions[key.index], ViewEngine.sameKind(start, value),
                       let animation = own ?? ViewEngine.effectiveAnimation(next.chains[key.index] ?? [], transaction,
                                                                             before: previous, after: next) {
                        let track = makeTrack(start)
                        setTrack(track, value, at: time, Transaction(animation: animation))
                        nextLive[key.index] = track
                        continue
                    }
                    nextLive[key.index] = makeTrack(value)  // appears without animation
                    continue
                }
                nextLive[key.index] = index
                let animation = ViewEngine.effectiveAnimation(next.chains[key.index] ?? [], transaction,
                                                              before: previous, after: next)
                setTrack(index, value, at: time, Transaction(animation: animation))
            }
        }
        if output.appearsFromOrigin {
            apply(current, at: 0, transaction: Transaction(), previous: current)
        }
        // The programs of the trees, then views removed with a transition: each drawn as it
        // was, its transition's properties animating to the removal state, from its removal
        // until that animation ends (SwiftUI keeps a removed view while its transition runs),
        // over whatever the later trees draw.
        var treePrograms: [(start: Double, program: Program)] = [(-Double.infinity, resolve(current, live))]
        var ghosts: [(start: Double, end: Double, ops: [DrawOp])] = []
        for (time, event) in events {
            let transaction: Transaction
            switch event {
            case let .change(index):
                treeIndex = index + 1
                transaction = script.changes[index].transaction
            case .rotation:
                rotations += 1
                transaction = Transaction()
            }
            let before = live
            let next = evaluate(treeIndex, rotations: rotations)
            apply(next, at: time, transaction: transaction, previous: current)
            for removal in current.removals {
                let opacity = PropertyKey(path: removal.path, property: .opacity)
                guard next.values[opacity.index] == nil, before[opacity.index] != nil,
                      let animation = removal.animation ?? ViewEngine.effectiveAnimation(current.chains[opacity.index] ?? [], transaction,
                                                                                        before: current, after: next) else { continue }
                let change = Transaction(animation: animation)
                for (property, value) in removal.values {
                    guard let track = before[PropertyKey(path: removal.path, property: property).index] else { continue }
                    setTrack(track, value, at: time, change)
                }
                var removed = Evaluation()
                removed.ops = current.ops.filter { op in op.effects.contains { if case let .opacity(key) = $0 { key == opacity } else { false } } }
                ghosts.append((time, time + animation.durationSeconds, resolve(removed, before).ops))
            }
            treePrograms.append((time, resolve(next, live)))
            current = next
        }
        // Every moment the drawing changes: a tree's start, a removed view's end.
        let moments = Set(treePrograms.dropFirst().map(\.start) + ghosts.map(\.end).filter(\.isFinite)).sorted()
        programs = [treePrograms[0]]
        var tree = 0
        for moment in moments {
            while tree + 1 < treePrograms.count && treePrograms[tree + 1].start <= moment { tree += 1 }
            let removed = ghosts.filter { $0.start <= moment && moment < $0.end }.flatMap(\.ops)
            programs.append((moment, Program(ops: treePrograms[tree].program.ops + removed)))
        }
        pictureRepeat = computePictureRepeat()
    }

    /// Whether two values are of the same kind (a property keeps its track only then).
    static func sameKind(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
        switch (a, b) {
        case (.number, .number), (.point, .point), (.colour, .colour): true
        case let (.vector(_, a), .vector(_, b)): a == b
        default: false
        }
    }

    /// The animation a property's change runs with: the change's transaction, edited on the way
    /// down from the root by each `transaction { }` and overridden by each `animation(_:)` (and
    /// each `animation(_:value:)` whose value differs between the trees), the nearest last.
    /// `disablesAnimations` stops the animation modifiers.
    static func effectiveAnimation(_ chain: [ChainLink], _ transaction: Transaction, before: Evaluation,
                                   after: Evaluation) -> Animation? {
        var transaction = transaction
        for link in chain {
            switch link {
            case let .transaction(edit):
                if let animation = edit.animation { transaction.animation = animation }
                if let disables = edit.disablesAnimations { transaction.disablesAnimations = disables }
            case let .animation(animation, value, path):
                var changed = true
                if let value {
                    let old = before.boundValues[path]
                    changed = old != nil && old != value
                }
                guard let animation else {
                    if !transaction.disablesAnimations && changed { transaction.animation = nil }
                    continue
                }
                let attachment: AnimationAttachment = value == nil ? .implicit(animation) : .valueBound(animation)
                transaction.animation = attachment.effectiveAnimation(for: transaction, boundValueChanged: changed)
            }
        }
        return transaction.animation
    }

    /// A portrait stage that holds the content both ways round, with a 16 pt margin, at roughly
    /// a phone's 1 : 2 aspect: width = longest content side + 32, rounded up, height = 2 × width.
    public static func defaultStage(contentWidth: Double, contentHeight: Double) -> StageSize {
        let width = (max(contentWidth, contentHeight) + 2 * 16).rounded(.up)
        return StageSize(width: width, height: 2 * width)
    }

    /// Resolves an evaluation's keys to the tracks alive after it.
    ///
    /// - Parameter live: Track indices by ``PropertyKey/index``.
    private mutating func resolve(_ evaluation: Evaluation, _ live: DenseMap<Int>) -> Program {
        for key in evaluation.glyphRotations {
            if let index = live[key.index], !glyphRotationTracks.contains(index) { glyphRotationTracks.append(index) }
        }
        func frame(_ path: NodePath) -> (Int, Int) {
            (live[PropertyKey(path: path, property: .centre).index]!,
             live[PropertyKey(path: path, property: .size).index]!)
        }
        let ops = evaluation.ops.enumerated().map { opIndex, template -> DrawOp in
            let (centre, size) = frame(template.frame)
            // A per-view effect (shadow, blend mode) is a layer of its own for each view,
            // unless an effect inside it flattens its content into one layer first.
            func leaf(after position: Int) -> Int {
                template.effects[(position + 1)...].contains { $0.flattens } ? LayerKey.group : opIndex
            }
            let effects = template.effects.enumerated().map { position, effect -> DrawOp.Effect in
                switch effect {
                case let .rotation(key, anchor, unit):
                    let (c, s) = frame(anchor)
                    return .rotation(live[key.index]!, anchorCentre: c, anchorSize: s, unit)
                case let .scale(key, anchor, unit):
                    let (c, s) = frame(anchor)
                    return .scale(live[key.index]!, anchorCentre: c, anchorSize: s, unit)
                case let .offset(key):
                    return .offset(live[key.index]!)
                case let .opacity(key):
                    return .opacity(live[key.index]!)
                case let .symbolEffect(effect, key, anchor):
                    let (c, s) = frame(anchor)
                    return .symbolEffect(effect, live[key.index]!, anchorCentre: c, anchorSize: s)
                case let .variableLayer(effect, key, layer, count):
                    return .variableLayer(effect, live[key.index]!, layer: layer, count: count)
                case let .shadow(colour, radius, offset, node):
                    return .shadow(colour: live[colour.index]!, radius: live[radius.index]!, offset: live[offset.index]!,
                                   layer: LayerKey(node: node, leaf: leaf(after: position)))
                case let .blur(radius, opaque, node):
                    return .blur(radius: live[radius.index]!, opaque: opaque, layer: LayerKey(node: node, leaf: LayerKey.group))
                case let .masked(node):
                    return .masked(layer: LayerKey(node: node, leaf: LayerKey.group))
                case let .maskShape(node):
                    return .maskShape(layer: LayerKey(node: node, leaf: LayerKey.maskShape))
                case let .group(node):
                    return .group(layer: LayerKey(node: node, leaf: LayerKey.group))
                case let .blend(mode, node):
                    return .blend(mode, layer: LayerKey(node: node, leaf: leaf(after: position)))
                case let .colour(effect, amount, colour, node):
                    return .colour(effect, amount: amount.map { live[$0.index]! }, colour: colour.map { live[$0.index]! },
                                   layer: LayerKey(node: node, leaf: LayerKey.group))
                case let .rotation3D(key, axis, unit, anchorZ, perspective, content, node):
                    let (c, s) = frame(content)
                    return .rotation3D(live[key.index]!, axis: axis, unit, anchorZ: anchorZ, perspective: perspective,
                                       anchorCentre: c, anchorSize: s, layer: LayerKey(node: node, leaf: LayerKey.group))
                case let .projection(matrix, content, node):
                    let (c, s) = frame(content)
                    return .projection(matrix, anchorCentre: c, anchorSize: s, layer: LayerKey(node: node, leaf: LayerKey.group))
                case let .material(material, dark, node):
                    return .material(material, dark: dark, layer: LayerKey(node: node, leaf: LayerKey.group))
                }
            }
            let marks = template.effects.map { evaluation.marks[$0.node] }
            return DrawOp(item: template.item, name: template.name, centre: centre, size: size,
                          colour: live[template.colour.index]!, effects: effects, trim: template.trim.map { (live[$0.from.index]!, live[$0.to.index]!) },
                          shapeKeys: template.shapeKeys?.map { live[$0.index]! }, effectMarks: marks.contains { $0 != nil } ? marks : [])
        }
        return Program(ops: ops)
    }

    /// The program shown at `time`.
    func program(atSeconds time: Double) -> Program {
        var chosen = programs[0].program
        for entry in programs where entry.start <= time { chosen = entry.program }
        return chosen
    }

    /// The most layers one drawing operation is drawn through (shadows, blurs, masks, groups
    /// …): each holds a canvas-sized picture and its premultiplied planes while it is drawn.
    public var layerDepth: Int {
        programs.map { entry in entry.program.ops.map { op in op.effects.filter { $0.layer != nil }.count }.max() ?? 0 }.max() ?? 0
    }

    /// Device rotations that have happened by `time`.
    public func rotations(atSeconds time: Double) -> Int { rotationTimes.filter { $0 <= time }.count }

    /// The simulated screen at `time`, in pixels, when one is shown.
    public func stageRect(atSeconds time: Double) -> Rect? {
        guard let stage else { return nil }
        let portrait = rotations(atSeconds: time) % 2 == 0
        let scale = output.scale
        return Rect(x: 0, y: 0, width: ((portrait ? stage.width : stage.height) * scale).rounded(),
                    height: ((portrait ? stage.height : stage.width) * scale).rounded())
    }
}

/// Whole pixels added to a canvas on each side, for ink drawn beyond the root's layout bounds.
public struct CanvasOutset: Hashable, Sendable {
    /// Pixels added on the left.
    public var left: Int
    /// Pixels added at the top.
    public var top: Int
    /// Pixels added on the right.
    public var right: Int
    /// Pixels added at the bottom.
    public var bottom: Int

    /// An outset; every side is at least 0.
    public init(left: Int, top: Int, right: Int, bottom: Int) {
        self.left = max(0, left)
        self.top = max(0, top)
        self.right = max(0, right)
        self.bottom = max(0, bottom)
    }

    /// No outset: the canvas is the layout bounds with the margin.
    public static let zero = CanvasOutset(left: 0, top: 0, right: 0, bottom: 0)
}

/// One tree's drawing, back to front, by track indices.
struct Program: Sendable {
    var ops: [DrawOp]
}

/// One drawing operation: an item in its node's frame, under the effects above it.
struct DrawOp: Sendable {
    /// A ``DrawingEffect`` by the tracks of its values.
    enum Effect: Sendable {
        /// Number track (degrees), and the point tracks of the frame its anchor is in.
        case rotation(Int, anchorCentre: Int, anchorSize: Int, UnitPoint)
        /// Point track (x and y factors), and the anchor's frame.
        case scale(Int, anchorCentre: Int, anchorSize: Int, UnitPoint)
        /// Point track, points.
        case offset(Int)
        /// Number track, clamped to 0…1 when drawn.
        case opacity(Int)
        /// The effect, its phase's number track, and the frame its pose is about.
        case symbolEffect(SymbolEffect, Int, anchorCentre: Int, anchorSize: Int)
        /// A `.variableColor` effect, its phase's number track, and the variable layer drawn.
        case variableLayer(SymbolEffect, Int, layer: Int, count: Int)
        /// The layer effects: the ops that share a ``LayerKey`` are drawn into one layer, which
        /// the effect filters and composites into the layer around it (or the canvas).
        /// Tracks: colour, number (points), point (points).
        case shadow(colour: Int, radius: Int, offset: Int, layer: LayerKey)
        /// Number track (points).
        case blur(radius: Int, opaque: Bool, layer: LayerKey)
        /// The content of a mask: a layer the mask's view then cuts.
        case masked(layer: LayerKey)
        /// The mask's view: its layer multiplies the alpha of the layer around it.
        case maskShape(layer: LayerKey)
        /// `compositingGroup()`: a layer with no filter.
        case group(layer: LayerKey)
        /// A layer composited with a blend mode.
        case blend(BlendMode, layer: LayerKey)
        /// A colour matrix; number track of the amount, colour track of `colorMultiply`.
        case colour(ColourEffect, amount: Int?, colour: Int?, layer: LayerKey)
        /// Number track (degrees), and the frame the anchor is in.
        case rotation3D(Int, axis: Axis3D, UnitPoint, anchorZ: Double, perspective: Double, anchorCentre: Int, anchorSize: Int,
                        layer: LayerKey)
        /// A fixed projection in the points of the frame given.
        case projection(Projection, anchorCentre: Int, anchorSize: Int, layer: LayerKey)
        /// A material: the layer's coverage blurs what is behind it and tints it, with the
        /// tint of the dark appearance when `dark`.
        case material(Material, dark: Bool, layer: LayerKey)

        /// The layer the effect draws its content into, or `nil` for the effects applied to each
        /// item as it is drawn (geometry and opacity).
        var layer: LayerKey? {
            switch self {
            case .rotation, .scale, .offset, .opacity, .symbolEffect, .variableLayer: nil
            case let .shadow(_, _, _, layer), let .blur(_, _, layer), let .masked(layer), let .maskShape(layer), let .group(layer),
                 let .blend(_, layer), let .colour(_, _, _, layer), let .rotation3D(_, _, _, _, _, _, _, layer),
                 let .projection(_, _, _, layer), let .material(_, _, layer):
                layer
            }
        }
    }

    var item: DrawItem
    var name: String
    /// Point tracks of the frame.
    var centre: Int
    var size: Int
    /// Colour track.
    var colour: Int
    /// Outermost first.
    var effects: [Effect]
    var trim: (from: Int, to: Int)?
    /// Number tracks of the stroke width and dash phase; a number or point track of the data.
    var shapeKeys: ShapeKeys<Int>?
    /// Where each effect's modifier is written, in the order of ``effects``; empty when none of
    /// them has a place (kept apart from the effects, which drawing reads, as only a refusal
    /// reads these).
    var effectMarks: [SourceMark?] = []
}

/// The identity of a layer in one program: the node of the effect's modifier, and which of the
/// views under it the layer holds (``group``: all of them; an op's index: that one alone).
struct LayerKey: Hashable, Sendable {
    var node: NodePath
    var leaf: Int

    /// Every view under the modifier, in one layer.
    static let group = -1
    /// A mask's own view.
    static let maskShape = -2
}

extension EffectTemplate {
    /// The node of the effect's modifier.
    var node: NodePath {
        switch self {
        case let .rotation(key, _, _), let .scale(key, _, _), let .offset(key), let .opacity(key), let .symbolEffect(_, key, _),
             let .variableLayer(_, key, _, _):
            key.path
        case let .shadow(_, _, _, node), let .blur(_, _, node), let .masked(node), let .maskShape(node), let .group(node),
             let .blend(_, node), let .colour(_, _, _, node), let .rotation3D(_, _, _, _, _, _, node), let .projection(_, _, node),
             let .material(_, _, node):
            node
        }
    }

    /// Whether the effect draws its whole content as one layer (so a per-view effect outside it
    /// acts on that layer once).
    var flattens: Bool {
        switch self {
        case .rotation, .scale, .offset, .opacity, .shadow, .blend, .maskShape, .symbolEffect, .variableLayer: false
        case .blur, .masked, .group, .colour, .rotation3D, .projection, .material: true
        }
    }
}
