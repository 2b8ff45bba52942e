import Motion
import Raster
import Typography

/// One step of a node's structural identity: where it sits in its parent.
enum PathStep: Hashable, Sendable {
    /// Child `index` of a stack (empty children keep their index).
    case child(Int)
    /// Branch of a conditional.
    case branch(Int)
    /// The body of a custom view of this name.
    case custom(String)
    /// The content of a modifier of this kind (``EngineLayout/modifierKind(_:)``).
    case content(Int)
    /// The view of a `background(_:)`.
    case background
    /// The view of a `mask(_:)` (or the shape of a clip).
    case mask
}

/// A node's structural identity, interned: the root is 0, every other node is numbered by
/// ``IdentityTable`` from its parent's number and its step, so the same place in two trees
/// gets the same number.
typealias NodePath = Int

/// The numbers of structural identities, shared by every tree of one script.
///
/// Each node's children are kept in a short list scanned linearly (a node has a handful of
/// children), not in a `Dictionary` keyed by (parent, step): a new struct key costs every run a
/// run-time `Hashable` conformance lookup of about 0.3 M instructions, more than this whole table
/// costs to use.
struct IdentityTable: Sendable {
    private struct Child: Sendable {
        var step: PathStep
        var id: NodePath
    }

    /// The numbered children of each node, by the node's number.
    private var children: [[Child]] = [[]]

    /// The number of identities so far (the root included): every ``NodePath`` is below it.
    var count: Int { children.count }

    /// The identity of the node at `step` under `parent`.
    mutating func id(_ parent: NodePath, _ step: PathStep) -> NodePath {
        if let child = children[parent].first(where: { $0.step == step }) { return child.id }
        let id = children.count
        children.append([])
        children[parent].append(Child(step: step, id: id))
        return id
    }
}

/// Values by a small dense number (a ``NodePath``, or a ``PropertyKey``'s ``PropertyKey/index``):
/// an array that grows to the largest number stored.
///
/// The engine keys its tables by these numbers rather than using a `Dictionary`: every new key
/// type costs each run a run-time `Hashable` conformance lookup of about 0.3 M instructions
/// (the generic dictionary's metadata is made from its mangled name), more than the tables cost to use.
struct DenseMap<Value: Sendable>: Sendable {
    private var slots: [Value?] = []

    /// The value stored at `index`, or `nil`.
    subscript(_ index: Int) -> Value? {
        get { index < slots.count ? slots[index] : nil }
        set {
            if index >= slots.count {
                guard newValue != nil else { return }
                slots.append(contentsOf: repeatElement(nil, count: index + 1 - slots.count))
            }
            slots[index] = newValue
        }
    }
}

/// A size proposal in points; `nil` on an axis asks for the ideal size (SwiftUI's
/// `ProposedViewSize`).
struct Proposal: Hashable, Sendable {
    var width: Double?
    var height: Double?

    static let unspecified = Proposal(width: nil, height: nil)
}

/// A laid-out frame in points: its centre and size (centres are kept rather than origins so
/// that centring arithmetic is exact).
struct NodeFrame: Hashable, Sendable {
    var centre: AnimatablePoint
    var size: AnimatablePoint
    /// The proposal a text or progress view was laid out for (its lines depend on it).
    var proposal: Proposal?
}

/// The sizes a layout pass has worked out, by view, proposal and environment.
final class SizeMemo: @unchecked Sendable {
    // One layout pass runs on one thread; the memo is made for it and dropped after it.
    struct Key: Hashable {
        var node: ViewNode
        var proposal: Proposal
        var environment: ViewEnvironment

        /// A key holds `environment` with ``SizeMemo/detached`` for its memo: holding the memo
        /// it is stored in, it would keep that memo, every key and every view tree in them alive
        /// after the pass (a reference cycle, memo → key → environment → memo: each layout pass
        /// leaked its memo, found by LeakSanitizer in the command-line fuzz target). The memo
        /// is not part of the environment's value, so lookups are unchanged.
        init(node: ViewNode, proposal: Proposal, environment: ViewEnvironment) {
            self.node = node
            self.proposal = proposal
            var stored = environment
            stored.memo = SizeMemo.detached
            self.environment = stored
        }
    }
    var sizes: [Key: AnimatablePoint] = [:]

    /// The memo of the environments stored in keys; never written to.
    static let detached = SizeMemo()
}

/// What the environment hands down to a view: the font, symbol scale and styles in force.
struct ViewEnvironment: Hashable, Sendable {
    /// `font(_:)`; `nil` is the body style, 17 pt regular on iOS at the default Dynamic Type size.
    var font: FontValue? { didSet { symbol = ViewEnvironment.glyph(font, weight, imageScale) } }
    /// `fontWeight(_:)`, applied to the font in force.
    var weight: SymbolWeight? { didSet { symbol = ViewEnvironment.glyph(font, weight, imageScale) } }
    /// `imageScale(_:)`; `.medium` is `Image`'s default.
    var imageScale: SymbolScale = .medium { didSet { symbol = ViewEnvironment.glyph(font, weight, imageScale) } }
    /// `foregroundStyle(_:)` / `foregroundColor(_:)`; `nil` is `.primary`.
    var foreground: ColorValue?
    /// `tint(_:)`.
    var tint: ColorValue?
    /// `controlSize(_:)`.
    var controlSize: ControlSize = .regular
    /// `symbolVariant(_:)`.
    var symbolVariants: SymbolVariants = .none
    /// `symbolRenderingMode(_:)`; `nil` is the symbol's default, monochrome for the library.
    var renderingMode: SymbolRenderingMode?
    /// The secondary style of `foregroundStyle(_:_:)`, for palette rendering.
    var secondaryForeground: ColorValue?
    /// The text modifiers in force (``TextEnvironment``).
    var text = TextEnvironment()
    /// `foregroundStyle(_:)` with a gradient; a colour set inside replaces it.
    var foregroundGradient: GradientPaint?
    /// The rays glyph for this environment (made when the font changes: layout asks for it often).
    private(set) var symbol = ViewEnvironment.glyph(nil, nil, .medium)
    /// Sizes already worked out in this layout pass, shared by every copy of the environment:
    /// a stack probes each child with several proposals, and without the memo nested stacks
    /// would cost 3^depth. Not part of the environment's value (``==`` and ``hash(into:)``).
    var memo = SizeMemo()

    static func == (a: ViewEnvironment, b: ViewEnvironment) -> Bool {
        a.font == b.font && a.weight == b.weight && a.imageScale == b.imageScale && a.foreground == b.foreground
            && a.tint == b.tint && a.controlSize == b.controlSize && a.text == b.text
            && a.foregroundGradient == b.foregroundGradient && a.symbolVariants == b.symbolVariants
            && a.renderingMode == b.renderingMode && a.secondaryForeground == b.secondaryForeground
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(font)
        hasher.combine(weight)
        hasher.combine(imageScale)
        hasher.combine(foreground)
        hasher.combine(tint)
        hasher.combine(controlSize)
        hasher.combine(text)
        hasher.combine(foregroundGradient)
        hasher.combine(symbolVariants)
        hasher.combine(renderingMode)
        hasher.combine(secondaryForeground)
    }

    /// The library glyph of `name` (with the variants in force) in this environment's font.
    func glyph(_ name: SymbolName) -> SymbolGlyph {
        SymbolGlyph(name: name.applying(symbolVariants), pointSize: font?.pointSize ?? 17,
                    weight: weight ?? font?.weight ?? .regular, scale: imageScale)
    }

    private static func glyph(_ font: FontValue?, _ weight: SymbolWeight?, _ scale: SymbolScale) -> RaysSymbol {
        RaysSymbol(pointSize: font?.pointSize ?? 17, weight: weight ?? font?.weight ?? .regular, scale: scale)
    }

    /// The environment inside `modifier`: changed only by the environment role.
    func applying(_ modifier: ViewModifier) -> ViewEnvironment {
        switch modifier {
        case let .environment(value): applying(value)
        case .layout, .effect, .transaction, .decoration: self
        }
    }

    /// The environment inside an environment modifier.
    func applying(_ modifier: EnvironmentModifier) -> ViewEnvironment {
        var copy = self
        switch modifier {
        case let .foregroundStyle(color):
            copy.foreground = color
            copy.foregroundGradient = nil
        case let .foregroundGradient(gradient): copy.foregroundGradient = gradient
        case let .text(modifier): copy.text.apply(modifier)
        case let .tint(color): copy.tint = color
        case let .font(font):
            copy.weight = nil
            copy.font = font
        case let .fontWeight(weight): copy.weight = weight
        case let .imageScale(scale): copy.imageScale = scale
        case let .controlSize(size): copy.controlSize = size
        case let .symbolVariant(variants): copy.symbolVariants = variants
        case let .symbolRenderingMode(mode): copy.renderingMode = mode
        case let .foregroundStyles(primary, secondary):
            copy.foreground = primary
            copy.secondaryForeground = secondary
        }
        return copy
    }
}

/// SwiftUI's layout rules for the view tree: a parent proposes a size, the child chooses its
/// own, the parent places it.
///
/// - An image of a symbol is the glyph's frame whatever it is offered.
/// - Shapes and colours take the space offered; on an axis left unspecified they take 10 pt,
///   the placeholder SwiftUI documents for flexible views
///   (`ProposedViewSize.replacingUnspecifiedDimensions(by:)`, default 10 × 10).
/// - `ProgressView` is the 20 × 20 pt activity indicator (`UIActivityIndicatorView.medium`).
/// - Stacks offer their space to the least flexible child first, each an equal share of what is
///   left, then hug their children, with 8 pt between neighbours by default; they align
///   children by `alignment` on the cross axis (centre by default).
/// - `padding` insets the proposal and the size; `frame(width:height:alignment:)` fixes the
///   axes it names and aligns the child in them; `border`, `background` and the effects take
///   their content's frame.
enum EngineLayout {
    /// SwiftUI's default spacing between two images in a stack, in points.
    static let defaultSpacing = 8.0
    /// The ideal size of a view that takes what it is offered, per axis, in points.
    static let placeholderSide = 10.0
    /// The path step of a progress view's indicator (bar or spinner) under the view.
    static let indicatorStep = 1_000

    /// A number per kind of modifier: changing a modifier's kind changes its content's identity.
    /// The role is the thousands (so a case added to one role cannot take another's number),
    /// the case the rest.
    static func modifierKind(_ modifier: ViewModifier) -> Int {
        switch modifier {
        case let .layout(layout):
            switch layout {
            case .frame: 1_000
            case .padding: 1_001
            case .resizable: 1_002
            }
        case let .effect(effect):
            switch effect {
            case .rotation: 2_000
            case .scale: 2_001
            case .opacity: 2_002
            case .offset: 2_003
            case .shadow: 2_004
            case .blur: 2_005
            case .mask: 2_006
            case .compositingGroup: 2_007
            case .blendMode: 2_008
            case let .colour(colour):
                switch colour {
                case .brightness: 2_100
                case .contrast: 2_101
                case .saturation: 2_102
                case .grayscale: 2_103
                case .hueRotation: 2_104
                case .colorMultiply: 2_105
                case .colorInvert: 2_106
                case .luminanceToAlpha: 2_107
                }
            case .rotation3D: 2_009
            case .projection: 2_010
            case .material: 2_011
            case .symbolEffect: 2_012
            }
        case let .environment(value):
            switch value {
            case .foregroundStyle: 3_000
            case .tint: 3_001
            case .font: 3_002
            case .fontWeight: 3_003
            case .imageScale: 3_004
            case .controlSize: 3_005
            case .foregroundGradient: 3_006
            case .symbolVariant: 3_007
            case .symbolRenderingMode: 3_008
            case .foregroundStyles: 3_009
            case let .text(modifier): 3_100 + modifier.kind
            }
        case let .transaction(transaction):
            switch transaction {
            case .animation: 4_000
            case .edit: 4_001
            }
        case let .decoration(decoration):
            switch decoration {
            case .border: 5_000
            case .background: 5_001
            }
        }
    }

    /// The size `node` chooses for `proposal`, in points.
    /// ``size(of:_:_:)`` remembered in the environment's memo: for the children a stack probes.
    static func memoizedSize(of node: ViewNode, _ proposal: Proposal, _ environment: ViewEnvironment) -> AnimatablePoint {
        let key = SizeMemo.Key(node: node, proposal: proposal, environment: environment)
        if let known = environment.memo.sizes[key] { return known }
        let size = size(of: node, proposal, environment)
        environment.memo.sizes[key] = size
        return size
    }

    static func size(of node: ViewNode, _ proposal: Proposal, _ environment: ViewEnvironment) -> AnimatablePoint {
        switch node {
        case .symbol(.rays):
            let frame = environment.symbol.frameSize
            return AnimatablePoint(x: frame.width, y: frame.height)
        case let .symbol(name):
            let frame = environment.glyph(name).frameSize
            return AnimatablePoint(x: frame.width, y: frame.height)
        case .missingSymbol:
            let frame = environment.glyph(.circle).frameSize
            return AnimatablePoint(x: frame.width, y: frame.height)
        case .progressView:
            let side = ActivityIndicator(controlSize: environment.controlSize).fittingSize
            return AnimatablePoint(x: side.width, y: side.height)
        case let .text(content):
            let laid = TextRendering.layout(content, environment, proposal)
            return AnimatablePoint(x: laid.width, y: laid.height)
        case let .progressBar(bar):
            return ProgressBarLayout(bar, environment, proposal).size
        case .shape, .color:
            return AnimatablePoint(x: proposal.width ?? placeholderSide, y: proposal.height ?? placeholderSide)
        case let .stack(axis, _, spacing, children):
            return stackSizes(axis, spacing: spacing, children, proposal, environment).size
        case let .conditional(_, child), let .custom(_, child):
            return size(of: child, proposal, environment)
        case let .modified(child, modifier):
            let inner = environment.applying(modifier)
            switch modifier {
            case let .layout(layout):
                switch layout {
                case let .padding(insets):
                    let childSize = size(of: child, inset(proposal, insets), inner)
                    return AnimatablePoint(x: childSize.x + (insets.leading + insets.trailing),
                                           y: childSize.y + (insets.top + insets.bottom))
                case let .frame(width, height, _):
                    let childSize = size(of: child, Proposal(width: width ?? proposal.width, height: height ?? proposal.height), inner)
                    return AnimatablePoint(x: width ?? childSize.x, y: height ?? childSize.y)
                case .resizable:
                    let natural = size(of: child, .unspecified, inner)
                    return AnimatablePoint(x: proposal.width ?? natural.x, y: proposal.height ?? natural.y)
                }
            case .effect, .environment, .transaction, .decoration:
                return size(of: child, proposal, inner)
            }
        case .empty:
            return .zero
        }
    }

    static func inset(_ proposal: Proposal, _ insets: EdgeInsets) -> Proposal {
        Proposal(width: proposal.width.map { max(0, $0 - (insets.leading + insets.trailing)) },
                 height: proposal.height.map { max(0, $0 - (insets.top + insets.bottom)) })
    }

    /// The sizes stack children choose and the stack's own size.
    static func stackSizes(_ axis: StackAxis, spacing: Double?, _ children: [ViewNode], _ proposal: Proposal,
                           _ environment: ViewEnvironment) -> (children: [AnimatablePoint?], size: AnimatablePoint) {
        let present = children.indices.filter { children[$0] != .empty }
        var sizes = [AnimatablePoint?](repeating: nil, count: children.count)
        if axis == .depth {
            var size = AnimatablePoint.zero
            for index in present {
                let child = self.size(of: children[index], proposal, environment)
                sizes[index] = child
                size = AnimatablePoint(x: max(size.x, child.x), y: max(size.y, child.y))
            }
            return (sizes, size)
        }
        let vertical = axis == .vertical
        let gap = spacing ?? defaultSpacing
        let along = vertical ? proposal.height : proposal.width
        func propose(_ length: Double?) -> Proposal {
            vertical ? Proposal(width: proposal.width, height: length) : Proposal(width: length, height: proposal.height)
        }
        func length(_ size: AnimatablePoint) -> Double { vertical ? size.y : size.x }
        if let along {
            // Least flexible first, each offered an equal share of what remains. A lone child
            // needs no order (and probing it would make nested stacks cost 3^depth).
            let flexibility = present.count < 2 ? [0] : present.map { index in
                length(memoizedSize(of: children[index], propose(.infinity), environment))
                    - length(memoizedSize(of: children[index], propose(0), environment))
            }
            let order = present.indices.sorted { flexibility[$0] < flexibility[$1] }
            var remaining = along - gap * Double(max(0, present.count - 1))
            for (placed, position) in order.enumerated() {
                let index = present[position]
                let offer = max(0, remaining / Double(present.count - placed))
                let child = present.count < 2 ? size(of: children[index], propose(offer), environment)
                    : memoizedSize(of: children[index], propose(offer), environment)
                sizes[index] = child
                remaining -= length(child)
            }
        } else {
            for index in present { sizes[index] = self.size(of: children[index], propose(nil), environment) }
        }
        var total = 0.0, cross = 0.0
        for index in present {
            let child = sizes[index]!
            total += length(child)
            cross = max(cross, vertical ? child.x : child.y)
        }
        total += gap * Double(max(0, present.count - 1))
        return (sizes, vertical ? AnimatablePoint(x: cross, y: total) : AnimatablePoint(x: total, y: cross))
    }

    /// Lays out `node` at `path`, offered `proposal` and centred on `centre`: records the frame
    /// of it and of every node under it.
    static func place(_ node: ViewNode, at path: NodePath, proposal: Proposal, centre: AnimatablePoint,
                      _ environment: ViewEnvironment, _ table: inout IdentityTable,
                      into frames: inout DenseMap<NodeFrame>) {
        let own = size(of: node, proposal, environment)
        frames[path] = NodeFrame(centre: centre, size: own)
        switch node {
        case .symbol, .missingSymbol, .progressView, .shape, .color, .empty:
            return
        case .text:
            frames[path]?.proposal = proposal
            return
        case let .progressBar(bar):
            frames[path]?.proposal = proposal
            let layout = ProgressBarLayout(bar, environment, proposal)
            let origin = AnimatablePoint(x: centre.x - own.x / 2, y: centre.y - own.y / 2)
            frames[table.id(path, .content(indicatorStep))] = NodeFrame(
                centre: AnimatablePoint(x: origin.x + layout.indicator.midX, y: origin.y + layout.indicator.midY),
                size: AnimatablePoint(x: layout.indicator.width, y: layout.indicator.height))
            if let label = bar.label, let labelFrame = layout.labelFrame {
                place(label, at: table.id(path, .background), proposal: Proposal(width: labelFrame.width, height: labelFrame.height),
                      centre: AnimatablePoint(x: origin.x + labelFrame.midX, y: origin.y + labelFrame.midY), environment,
                      &table, into: &frames)
            }
            return
        case let .stack(axis, alignment, spacing, children):
            let (sizes, total) = stackSizes(axis, spacing: spacing, children, proposal, environment)
            let gap = spacing ?? defaultSpacing
            var run = 0.0
            for (index, child) in children.enumerated() {
                guard let childSize = sizes[index] else { continue }
                let childProposal: Proposal
                switch axis {
                case .vertical: childProposal = Proposal(width: proposal.width, height: childSize.y)
                case .horizontal: childProposal = Proposal(width: childSize.x, height: proposal.height)
                case .depth: childProposal = proposal
                }
                var childCentre = centre
                let crossX = (alignment.horizontal - 0.5) * (total.x - childSize.x)
                let crossY = (alignment.vertical - 0.5) * (total.y - childSize.y)
                switch axis {
                case .vertical:
                    childCentre.x = centre.x + crossX
                    childCentre.y = centre.y + ((run + childSize.y / 2) - total.y / 2)
                    run += childSize.y + gap
                case .horizontal:
                    childCentre.x = centre.x + ((run + childSize.x / 2) - total.x / 2)
                    childCentre.y = centre.y + crossY
                    run += childSize.x + gap
                case .depth:
                    childCentre.x = centre.x + crossX
                    childCentre.y = centre.y + crossY
                }
                place(child, at: table.id(path, .child(index)), proposal: childProposal, centre: childCentre, environment,
                      &table, into: &frames)
            }
        case let .conditional(branch, child):
            place(child, at: table.id(path, .branch(branch)), proposal: proposal, centre: centre, environment, &table,
                  into: &frames)
        case let .custom(name, child):
            place(child, at: table.id(path, .custom(name)), proposal: proposal, centre: centre, environment, &table,
                  into: &frames)
        case let .modified(child, modifier):
            let inner = environment.applying(modifier)
            let childPath = table.id(path, .content(modifierKind(modifier)))
            switch modifier {
            case let .layout(.padding(insets)):
                let childCentre = AnimatablePoint(x: centre.x + (insets.leading - insets.trailing) / 2,
                                                  y: centre.y + (insets.top - insets.bottom) / 2)
                place(child, at: childPath, proposal: inset(proposal, insets), centre: childCentre, inner, &table, into: &frames)
            case let .layout(.frame(width, height, alignment)):
                let childProposal = Proposal(width: width ?? proposal.width, height: height ?? proposal.height)
                let childSize = size(of: child, childProposal, inner)
                let childCentre = AnimatablePoint(x: centre.x + (alignment.horizontal - 0.5) * (own.x - childSize.x),
                                                  y: centre.y + (alignment.vertical - 0.5) * (own.y - childSize.y))
                place(child, at: childPath, proposal: childProposal, centre: childCentre, inner, &table, into: &frames)
            case .layout(.resizable):
                // The image at its own size in the middle; the engine stretches it to `own`.
                place(child, at: childPath, proposal: .unspecified, centre: centre, inner, &table, into: &frames)
            case let .decoration(.background(view)):
                place(view, at: table.id(path, .background), proposal: Proposal(width: own.x, height: own.y),
                      centre: centre, environment, &table, into: &frames)
                place(child, at: childPath, proposal: proposal, centre: centre, inner, &table, into: &frames)
            case let .effect(.mask(view, alignment)):
                // Laid out like an overlay: offered the content's size, aligned in its frame.
                place(child, at: childPath, proposal: proposal, centre: centre, inner, &table, into: &frames)
                let maskSize = size(of: view, Proposal(width: own.x, height: own.y), environment)
                let maskCentre = AnimatablePoint(x: centre.x + (alignment.horizontal - 0.5) * (own.x - maskSize.x),
                                                 y: centre.y + (alignment.vertical - 0.5) * (own.y - maskSize.y))
                place(view, at: table.id(path, .mask), proposal: Proposal(width: own.x, height: own.y), centre: maskCentre,
                      environment, &table, into: &frames)
            case .decoration(.border), .effect, .environment, .transaction:
                place(child, at: childPath, proposal: proposal, centre: centre, inner, &table, into: &frames)
            }
        }
    }

    /// Whether the root draws its own edge (its outermost layout modifier is `padding`,
    /// `border` or `background`), looking through custom views, conditionals and modifiers that
    /// do not change layout.
    static func framesItself(_ node: ViewNode) -> Bool {
        switch node {
        case let .custom(_, child), let .conditional(_, child):
            return framesItself(child)
        case let .modified(child, modifier):
            switch modifier {
            case .layout(.padding), .decoration: return true
            case .layout(.frame), .layout(.resizable): return false
            case .effect, .environment, .transaction: return framesItself(child)
            }
        default:
            return false
        }
    }
}
