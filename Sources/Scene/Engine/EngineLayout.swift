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
    /// The first and last text-baseline guides of the stacks and grids worked out in this pass
    /// (``EngineLayout/explicitBaseline(_:of:_:_:)``), NaN for none: a stack aligned by a
    /// baseline asks each child for its guide and each child stack asks its own children, once
    /// for its size and once for its guide, which without the memo took time exponential in the
    /// depth (in a debug build, a nest of 14 baseline-aligned `HStack`s took 15 s to lay out,
    /// and 6 with frames and padding between them 67 s).
    var firstBaselines: [Key: Double] = [:]
    /// See ``firstBaselines``.
    var lastBaselines: [Key: Double] = [:]

    /// The memo of the environments stored in keys; never written to.
    static let detached = SizeMemo()
}

/// The sizes a layout pass gave each `GeometryReader`, by its id, in points.
final class ReaderSizes: @unchecked Sendable {
    // Made for one probe on one thread and read after it.
    var sizes: [Int: StageSize] = [:]
}

/// Questions the reader of SwiftUI source asks the layout before the view tree is final.
public enum LayoutProbe {
    /// The size each `GeometryReader` of `root` gets when `root` is offered `proposal`, by the
    /// reader's id: the proposal it receives, with 10 points on an axis left unspecified
    /// (SwiftUI's `GeometryProxy.size`). A reader inside another's content gets the size the
    /// content it is in was evaluated with, so nested readers need one probe per level.
    public static func geometryReaderSizes(of root: ViewNode, proposal: StageSize) -> [Int: StageSize] {
        var environment = ViewEnvironment()
        let readers = ReaderSizes()
        environment.readers = readers
        var table = IdentityTable()
        var frames = DenseMap<NodeFrame>()
        EngineLayout.place(root, at: 0, proposal: Proposal(width: proposal.width, height: proposal.height),
                           centre: .zero, environment, &table, into: &frames)
        return readers.sizes
    }
}

extension ViewEnvironment {
    /// The environment at the root of a layout on a screen of `displayScale` pixels per point.
    init(displayScale: Double) {
        self.init()
        self.displayScale = displayScale
    }
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
    /// `accentColor(_:)`; `nil` is the app's accent, system blue.
    var accent: ColorValue?
    /// The colour a control shows in its tint: `tint(_:)`, else `accentColor(_:)`, else the
    /// app's accent colour.
    var controlTint: ColorValue { tint ?? accent ?? .system("accentColor") }
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
    /// `environment(\.colorScheme, _:)`; `nil` is the render's appearance.
    var appearance: Appearance?
    /// `buttonStyle(_:)`: how a `Button`'s label inside is drawn.
    var buttonStyle: ButtonStyleKind = .automatic
    /// The rays glyph for this environment (made when the font changes: layout asks for it often).
    private(set) var symbol = ViewEnvironment.glyph(nil, nil, .medium)
    /// Sizes already worked out in this layout pass, shared by every copy of the environment:
    /// a stack probes each child with several proposals, and without the memo nested stacks
    /// would cost 3^depth. Not part of the environment's value (``==`` and ``hash(into:)``).
    var memo = SizeMemo()
    /// The axis of the stack whose child this is (a spacer grows along it); `nil` outside a
    /// stack and in a `ZStack` (a spacer there grows both ways).
    var stackAxis: StackAxis?
    /// Where a layout pass records the size each `GeometryReader` gets, when one asks
    /// (``LayoutProbe``); not part of the environment's value.
    var readers: ReaderSizes?
    /// The screen's pixels per point (`--scale`, SwiftUI's `displayScale`): which bitmap of an
    /// asset image is drawn, and so its natural size. The same for a whole layout pass.
    var displayScale: Double = 1

    static func == (a: ViewEnvironment, b: ViewEnvironment) -> Bool {
        a.stackAxis == b.stackAxis && a.font == b.font && a.weight == b.weight && a.imageScale == b.imageScale && a.foreground == b.foreground
            && a.tint == b.tint && a.accent == b.accent && a.controlSize == b.controlSize && a.text == b.text
            && a.foregroundGradient == b.foregroundGradient && a.symbolVariants == b.symbolVariants
            && a.renderingMode == b.renderingMode && a.secondaryForeground == b.secondaryForeground
            && a.displayScale == b.displayScale
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(stackAxis)
        hasher.combine(font)
        hasher.combine(weight)
        hasher.combine(imageScale)
        hasher.combine(foreground)
        hasher.combine(tint)
        hasher.combine(accent)
        hasher.combine(controlSize)
        hasher.combine(text)
        hasher.combine(foregroundGradient)
        hasher.combine(symbolVariants)
        hasher.combine(renderingMode)
        hasher.combine(secondaryForeground)
        hasher.combine(displayScale)
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
        case let .accentColor(color): copy.accent = color
        case let .font(font):
            // A weight modifier higher up still applies: `fontWeight(_:)` is a modifier of
            // whatever font the text resolves, removed only by `fontWeight(nil)` (SwiftUI's
            // documentation of `View.fontWeight(_:)`).
            copy.font = font
        case let .fontWeight(weight): copy.weight = weight
        case let .imageScale(scale): copy.imageScale = scale
        case let .controlSize(size): copy.controlSize = size
        case let .symbolVariant(variants): copy.symbolVariants = variants
        case let .symbolRenderingMode(mode): copy.renderingMode = mode
        case let .foregroundStyles(primary, secondary):
            copy.foreground = primary
            copy.secondaryForeground = secondary
        case let .colorScheme(appearance): copy.appearance = appearance
        case let .buttonStyle(style): copy.buttonStyle = style
        case let .buttonLabel(destructive):
            if copy.buttonStyle != .plain, copy.foreground == nil, copy.foregroundGradient == nil {
                copy.foreground = destructive ? .system("red") : copy.controlTint
            }
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
    /// A grid cell's rectangle, in points from the grid's top-leading corner; the alignment that
    /// places the cell in it; and, in a row aligned by a text baseline, the depth of that line
    /// below the rectangle's top (``gridLayout(_:proposedWidth:_:)``).
    typealias GridCell = (minX: Double, minY: Double, width: Double, height: Double, alignment: Alignment, baseline: Double?)

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
            case .flexibleFrame: 1_002
            case .aspectRatio: 1_003
            case .fixedSize: 1_004
            case .layoutPriority: 1_005
            case .position: 1_006
            case .zIndex: 1_007
            case .resizable: 1_008
            }
        case let .effect(effect, _):
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
            case .colorScheme: 3_010
            case .buttonStyle: 3_011
            case .buttonLabel: 3_012
            case .accentColor: 3_013
            case let .text(modifier): 3_100 + modifier.kind
            }
        case let .transaction(transaction):
            switch transaction {
            case .animation: 4_000
            case .edit: 4_001
            case .transition: 4_002
            }
        case let .decoration(decoration):
            switch decoration {
            case .border: 5_000
            case .background: 5_001
            case .overlay: 5_002
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
        case let .bitmap(image):
            let natural = image.pointSize(forScale: environment.displayScale)
            return AnimatablePoint(x: natural.width, y: natural.height)
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
        case let .spacer(minLength):
            // Apple, `Spacer.minLength`: "If you leave this value nil, the system default
            // spacing between views is used." Along its axis a spacer takes what it is offered
            // (its minimum when asked for its ideal size); across it, nothing.
            let least = minLength ?? defaultSpacing
            let width = max(least, proposal.width ?? least), height = max(least, proposal.height ?? least)
            switch environment.stackAxis {
            case .horizontal: return AnimatablePoint(x: width, y: 0)
            case .vertical: return AnimatablePoint(x: 0, y: height)
            default: return AnimatablePoint(x: width, y: height)
            }
        case let .grid(grid):
            return gridLayout(grid, proposedWidth: proposal.width, environment).size
        case .geometryReader:
            // Apple, `GeometryReader`: "a container view that defines its content as a
            // function of its own size and coordinate space"; it takes the space offered.
            return AnimatablePoint(x: proposal.width ?? placeholderSide, y: proposal.height ?? placeholderSide)
        case let .stack(axis, alignment, spacing, children):
            guard alignment.baseline != nil else { return stackSizes(axis, alignment: alignment, spacing: spacing, children, proposal, environment).size }
            // A stack aligned by a text baseline asks its children for their guides, which ask
            // for sizes in turn: remembered, so that a nest of them costs about its depth
            // squared, not exponential time (``SizeMemo/firstBaselines``).
            let key = SizeMemo.Key(node: node, proposal: proposal, environment: environment)
            if let known = environment.memo.sizes[key] { return known }
            let size = stackSizes(axis, alignment: alignment, spacing: spacing, children, proposal, environment).size
            environment.memo.sizes[key] = size
            return size
        case let .conditional(_, child), let .custom(_, child):
            return size(of: child, proposal, environment)
        case let .modified(child, modifier):
            let inner = environment.applying(modifier)
            switch modifier {
            case let .layout(layout):
                return modifiedLayout(layout, child, proposal, inner).size
            case .effect, .environment, .transaction, .decoration:
                return size(of: child, proposal, inner)
            }
        case .empty:
            return .zero
        }
    }

    /// The text-baseline guide `which` of `node` offered `proposal`, in points from the top of
    /// its frame, when it has text; `nil` when it has none, where the guide is its bottom (its
    /// height: Apple, `VerticalAlignment.firstTextBaseline` and `.lastTextBaseline`: "The guide
    /// aligns with the bottom of a view that contains no text"). SwiftUI's word for this is the
    /// view's explicit alignment (`Layout.explicitAlignment(of:in:proposal:subviews:cache:)`),
    /// what a container merges from its subviews.
    ///
    /// - A `Text`: the baseline of its first or last line (``TextLine/baseline``: SF Pro's
    ///   ascender below the line's top, ``TextLayout``), as laid out for `proposal`.
    /// - A stack, a grid: of the guides its children have, offset by where it places them, the
    ///   top-most for `.first` and the bottom-most for `.last` (Apple,
    ///   `VerticalAlignment.combineExplicit(_:)`: "For most alignment types, this method
    ///   returns the mean of all non-nil values. However, some types use other rules. For
    ///   example, firstTextBaseline returns the minimum value, while lastTextBaseline returns
    ///   the maximum value"): a child with no text gives none. So a `VStack`'s first baseline
    ///   is its first text's, wherever that text is, and an `HStack` or `ZStack` of no text has
    ///   none (its guide is its bottom). A `ViewThatFits`'s is the one shown's.
    /// - A `ProgressView` with a label: the label's, where the layout puts it.
    /// - A layout modifier (`padding`, `frame`, `fixedSize`, `position`, …): the content's,
    ///   moved by where it places the content (`padding` moves it down by the top inset).
    /// - `background`, `overlay`, `mask`, `border`: the view's own, not the decoration's, which
    ///   is drawn over or under it and takes no part in layout. Effects (`offset`, `scaleEffect`,
    ///   `rotationEffect`) move what is drawn, not the frame, so the guide stays: Apple,
    ///   `offset(x:y:)`: "The original dimensions of the view aren't changed by offsetting the
    ///   contents".
    /// - Shapes, colours, images (symbols too: this renderer has no baselines for its symbol
    ///   drawings), spacers, activity indicators and a `GeometryReader`: none.
    static func explicitBaseline(_ which: TextBaseline, of node: ViewNode, _ proposal: Proposal,
                                 _ environment: ViewEnvironment) -> Double? {
        switch node {
        case .text, .symbol, .missingSymbol, .bitmap, .progressView, .shape, .color, .spacer, .geometryReader, .empty:
            return containerBaseline(which, of: node, proposal, environment)
        case .stack, .grid, .progressBar, .conditional, .custom, .modified:
            // Remembered for the pass (``SizeMemo/firstBaselines``).
            let key = SizeMemo.Key(node: node, proposal: proposal, environment: environment)
            let memo = environment.memo
            if let known = which == .first ? memo.firstBaselines[key] : memo.lastBaselines[key] { return known.isNaN ? nil : known }
            let guide = containerBaseline(which, of: node, proposal, environment)
            if which == .first { memo.firstBaselines[key] = guide ?? .nan } else { memo.lastBaselines[key] = guide ?? .nan }
            return guide
        }
    }

    /// ``explicitBaseline(_:of:_:_:)`` worked out.
    private static func containerBaseline(_ which: TextBaseline, of node: ViewNode, _ proposal: Proposal,
                                          _ environment: ViewEnvironment) -> Double? {
        func merged(_ values: [Double]) -> Double? { which == .first ? values.min() : values.max() }
        switch node {
        case let .text(content):
            let laid = TextRendering.layout(content, environment, proposal)
            return which == .first ? laid.lines.first?.baseline : laid.lines.last?.baseline
        case let .progressBar(bar):
            let layout = ProgressBarLayout(bar, environment, proposal)
            guard let label = bar.label, let frame = layout.labelFrame else { return nil }
            return explicitBaseline(which, of: label, Proposal(width: frame.width, height: frame.height), environment).map { frame.minY + $0 }
        case let .stack(axis, alignment, spacing, children):
            let inner = childEnvironment(axis, environment)
            let (size, placed) = stackPlacements(axis, alignment, spacing, children, proposal, environment)
            return merged(placed.compactMap { child in
                explicitBaseline(which, of: children[child.index], child.proposal, inner).map { size.y / 2 + child.offset.y - child.size.y / 2 + $0 }
            })
        case let .grid(grid):
            var inner = environment
            inner.stackAxis = nil
            let layout = gridLayout(grid, proposedWidth: proposal.width, environment)
            return merged(grid.cells.indices.compactMap { index in
                let cell = layout.cells[index]
                let offer = Proposal(width: cell.width, height: cell.height)
                let top = gridCellOrigin(cell, grid.cells[index], offer, size(of: grid.cells[index], offer, inner), inner).y
                return explicitBaseline(which, of: grid.cells[index], offer, inner).map { top + $0 }
            })
        case let .conditional(_, child), let .custom(_, child):
            return explicitBaseline(which, of: child, proposal, environment)
        case let .modified(child, modifier):
            let inner = environment.applying(modifier)
            guard case let .layout(layout) = modifier else { return explicitBaseline(which, of: child, proposal, inner) }
            let laid = modifiedLayout(layout, child, proposal, inner)
            guard let guide = explicitBaseline(which, of: child, laid.childProposal, inner) else { return nil }
            let childSize = memoizedSize(of: child, laid.childProposal, inner)
            return laid.size.y / 2 + laid.childOffset.y - childSize.y / 2 + guide
        case .symbol, .missingSymbol, .bitmap, .progressView, .shape, .color, .spacer, .geometryReader, .empty:
            return nil
        }
    }

    /// The centre of a child of `childSize` placed by `alignment` in a container of `container`
    /// (a frame, the view under an overlay or a mask), from the container's centre, in points:
    /// the container's guide less the child's, on each axis.
    ///
    /// The container's guides are those of a view of its size with no content: fractions of it,
    /// and for a text baseline its bottom (the guide of a view with no text). That is how
    /// SwiftUI's frame places its content, at the frame's default guide values less the
    /// content's guide values (`FrameLayoutCommon.commonPlacement` in OpenSwiftUI, a
    /// reimplementation of SwiftUI read from its binary: `defaultValue(in:)` of the frame's
    /// size, less the child's `dimensions[key]`); overlays, backgrounds and masks are placed
    /// the same way here (not measured on a device). So `frame(height: 40, alignment:
    /// .leadingFirstTextBaseline)` puts a text's first baseline on the frame's bottom edge.
    static func alignedOffset(_ alignment: Alignment, in container: AnimatablePoint, _ child: ViewNode, _ childProposal: Proposal,
                              _ childSize: AnimatablePoint, _ environment: ViewEnvironment) -> AnimatablePoint {
        let x = (alignment.horizontal - 0.5) * (container.x - childSize.x)
        guard let which = alignment.baseline else { return AnimatablePoint(x: x, y: (alignment.vertical - 0.5) * (container.y - childSize.y)) }
        let top = container.y - (explicitBaseline(which, of: child, childProposal, environment) ?? childSize.y)
        return AnimatablePoint(x: x, y: top + childSize.y / 2 - container.y / 2)
    }

    /// Where a grid puts `cell`, offered `offer` and of `cellSize`, in its rectangle: its
    /// top-left corner from the grid's, in points. Its text-baseline guide goes on its row's
    /// line (``GridCell``), or, in a `LazyVGrid`, which has none, on the rectangle's bottom (as
    /// ``alignedOffset(_:in:_:_:_:_:)`` aligns in a frame).
    static func gridCellOrigin(_ rect: GridCell, _ cell: ViewNode, _ offer: Proposal, _ cellSize: AnimatablePoint,
                               _ environment: ViewEnvironment) -> AnimatablePoint {
        let alignment = rect.alignment
        let y = alignment.baseline.map { (rect.baseline ?? rect.height) - (explicitBaseline($0, of: cell, offer, environment) ?? cellSize.y) }
            ?? alignment.vertical * (rect.height - cellSize.y)
        return AnimatablePoint(x: rect.minX + alignment.horizontal * (rect.width - cellSize.x), y: rect.minY + y)
    }

    /// How a layout modifier lays out its content: what it proposes to it, the size the content
    /// chooses, the size the modifier chooses, and the content's centre from its own, in points.
    static func modifiedLayout(_ layout: LayoutModifier, _ child: ViewNode, _ proposal: Proposal, _ inner: ViewEnvironment)
    -> (childProposal: Proposal, size: AnimatablePoint, childOffset: AnimatablePoint) {
        switch layout {
        case let .padding(insets):
            let childProposal = inset(proposal, insets)
            let childSize = size(of: child, childProposal, inner)
            return (childProposal, AnimatablePoint(x: childSize.x + (insets.leading + insets.trailing), y: childSize.y + (insets.top + insets.bottom)),
                    AnimatablePoint(x: (insets.leading - insets.trailing) / 2, y: (insets.top - insets.bottom) / 2))
        case let .frame(width, height, alignment):
            let childProposal = Proposal(width: width ?? proposal.width, height: height ?? proposal.height)
            let childSize = size(of: child, childProposal, inner)
            let own = AnimatablePoint(x: width ?? childSize.x, y: height ?? childSize.y)
            return (childProposal, own, alignedOffset(alignment, in: own, child, childProposal, childSize, inner))
        case let .flexibleFrame(frame):
            let width = flexible(proposal.width, frame.minWidth, frame.idealWidth, frame.maxWidth)
            let height = flexible(proposal.height, frame.minHeight, frame.idealHeight, frame.maxHeight)
            let childProposal = Proposal(width: width.offer, height: height.offer)
            let childSize = size(of: child, childProposal, inner)
            let own = AnimatablePoint(x: width.size(childSize.x), y: height.size(childSize.y))
            return (childProposal, own, alignedOffset(frame.alignment, in: own, child, childProposal, childSize, inner))
        case let .aspectRatio(ratio, fill):
            let childProposal = aspectProposal(ratio, fill: fill, child, proposal, inner)
            return (childProposal, size(of: child, childProposal, inner), .zero)
        case let .fixedSize(horizontal, vertical):
            let childProposal = Proposal(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
            return (childProposal, size(of: child, childProposal, inner), .zero)
        case let .position(x, y):
            // Apple, `position(x:y:)`: "Positions the center of this view at the specified
            // coordinates in its parent's coordinate space"; the view it makes fills the space
            // offered, as a flexible frame does.
            let own = AnimatablePoint(x: proposal.width ?? placeholderSide, y: proposal.height ?? placeholderSide)
            return (proposal, own, AnimatablePoint(x: x - own.x / 2, y: y - own.y / 2))
        case .layoutPriority, .zIndex:
            return (proposal, size(of: child, proposal, inner), .zero)
        case .resizable:
            // The image at its own size in the middle; the engine stretches it to the size
            // offered on each axis (its own on an axis offered none).
            let natural = size(of: child, .unspecified, inner)
            // An image the asset catalogue lacks has no pixels to stretch: it stays of size zero
            // (a blank square the width of the screen took its place above a loader's text).
            if natural.x == 0, natural.y == 0 { return (.unspecified, .zero, .zero) }
            return (.unspecified, AnimatablePoint(x: proposal.width ?? natural.x, y: proposal.height ?? natural.y), .zero)
        }
    }

    /// One axis of a flexible frame (SwiftUI's `_FlexFrameLayout`): the length offered to the
    /// content (the proposal, or the ideal length when none is proposed, clamped between the
    /// minimum and the maximum), and the frame's length for the length the content chooses:
    /// at least the minimum and the content's length up to the offer, at most the maximum and
    /// the offer when the content is smaller (a maximum of `.infinity` takes all that is offered).
    static func flexible(_ proposed: Double?, _ minimum: Double?, _ ideal: Double?, _ maximum: Double?)
    -> (offer: Double?, size: (Double) -> Double) {
        var offer = proposed ?? ideal
        if let value = offer, let minimum, minimum > value { offer = minimum }
        if let value = offer, let maximum, maximum < value { offer = maximum }
        let given = offer
        return (offer, { child in
            var length = child
            if let minimum { length = max(minimum, min(length, given ?? length)) }
            if let maximum { length = min(maximum, max(length, given ?? length)) }
            return length
        })
    }

    /// The size `aspectRatio(_:contentMode:)` offers its content: the largest size of the ratio
    /// inside the proposal (`fit`) or the smallest that covers it (`fill`); an axis not proposed
    /// follows from the other, and with neither the content's ideal width decides.
    static func aspectProposal(_ ratio: Double?, fill: Bool, _ child: ViewNode, _ proposal: Proposal,
                               _ inner: ViewEnvironment) -> Proposal {
        var aspect = ratio ?? 0
        if ratio == nil {
            let ideal = size(of: child, .unspecified, inner)
            aspect = ideal.y > 0 ? ideal.x / ideal.y : 1
        }
        guard aspect > 0, aspect.isFinite else { return proposal }
        switch (proposal.width, proposal.height) {
        case (nil, nil):
            let ideal = size(of: child, .unspecified, inner)
            return Proposal(width: ideal.x, height: ideal.x / aspect)
        case let (width?, nil):
            return Proposal(width: width, height: width / aspect)
        case let (nil, height?):
            return Proposal(width: height * aspect, height: height)
        case let (width?, height?):
            let byWidth = width / aspect
            if byWidth.isNaN { return proposal }
            return (byWidth <= height) != fill ? Proposal(width: width, height: byWidth) : Proposal(width: height * aspect, height: height)
        }
    }

    static func inset(_ proposal: Proposal, _ insets: EdgeInsets) -> Proposal {
        Proposal(width: proposal.width.map { max(0, $0 - (insets.leading + insets.trailing)) },
                 height: proposal.height.map { max(0, $0 - (insets.top + insets.bottom)) })
    }

    /// The sizes stack children choose and the stack's own size, and, when `alignment` aligns
    /// them by a text baseline across the stack (an `HStack`'s or `ZStack`'s), the top of each
    /// child from the stack's top (``baselineRows(_:_:_:_:_:_:_:)``).
    static func stackSizes(_ axis: StackAxis, alignment: Alignment, spacing: Double?, _ children: [ViewNode], _ proposal: Proposal,
                           _ stackEnvironment: ViewEnvironment)
    -> (children: [AnimatablePoint?], size: AnimatablePoint, baselineTops: [Double]?) {
        let environment = childEnvironment(axis, stackEnvironment)
        let present = children.indices.filter { children[$0] != .empty }
        var sizes = [AnimatablePoint?](repeating: nil, count: children.count)
        if case let .fitting(axes) = axis {
            // Only the child shown has a size: the others are not placed (nor drawn).
            guard let shown = fittingChild(axes, children, present, proposal, environment) else { return (sizes, .zero, nil) }
            let size = self.size(of: children[shown], proposal, environment)
            sizes[shown] = size
            return (sizes, size, nil)
        }
        if axis == .depth {
            var size = AnimatablePoint.zero
            for index in present {
                let child = self.size(of: children[index], proposal, environment)
                sizes[index] = child
                size = AnimatablePoint(x: max(size.x, child.x), y: max(size.y, child.y))
            }
            guard let which = alignment.baseline else { return (sizes, size, nil) }
            let rows = baselineRows(which, axis, children, present, sizes, proposal, environment)
            return (sizes, AnimatablePoint(x: size.x, y: rows.height), rows.tops)
        }
        let vertical = axis == .vertical
        let gaps = self.gaps(spacing, children, present)
        let along = vertical ? proposal.height : proposal.width
        func propose(_ length: Double?) -> Proposal {
            vertical ? Proposal(width: proposal.width, height: length) : Proposal(width: length, height: proposal.height)
        }
        func length(_ size: AnimatablePoint) -> Double { vertical ? size.y : size.x }
        if let along {
            // Highest `layoutPriority` first, and within one priority the least flexible first,
            // each offered an equal share of what remains after the least lengths of the lower
            // priorities (SwiftUI's stacks). A lone child needs no order (and probing it would
            // make nested stacks cost 3^depth).
            let flexibility: [Double] = present.count < 2 ? [0] : present.map { index in
                let range = length(memoizedSize(of: children[index], propose(.infinity), environment))
                    - length(memoizedSize(of: children[index], propose(0), environment))
                return range.isNaN ? Double.infinity : range
            }
            let priorities: [Double] = present.map { layoutPriority(children[$0]) }
            let order = present.indices.sorted { (-priorities[$0], flexibility[$0], $0) < (-priorities[$1], flexibility[$1], $1) }
            let prioritised = Set(priorities).count > 1
            var remaining = along - gaps.reduce(0, +)
            for (placed, position) in order.enumerated() {
                let index = present[position]
                let later = order[(placed + 1)...]
                let peers = 1 + later.filter { priorities[$0] == priorities[position] }.count
                let reserve = !prioritised ? 0 : later.filter { priorities[$0] < priorities[position] }.reduce(0.0) {
                    $0 + length(memoizedSize(of: children[present[$1]], propose(0), environment))
                }
                let offer = max(0, (remaining - reserve) / Double(peers))
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
        // Negative spacing overlaps the children (SwiftUI accepts any spacing); a stack is never
        // shorter than nothing.
        total = max(0, total + gaps.reduce(0, +))
        if !vertical, let which = alignment.baseline {
            let rows = baselineRows(which, axis, children, present, sizes, proposal, environment)
            return (sizes, AnimatablePoint(x: total, y: rows.height), rows.tops)
        }
        return (sizes, vertical ? AnimatablePoint(x: cross, y: total) : AnimatablePoint(x: total, y: cross), nil)
    }

    /// The proposal a stack places a child of size `childSize` with: the child's own length
    /// along the stack, the stack's proposal across it (a `ZStack`'s child gets the stack's).
    static func placementProposal(_ axis: StackAxis, _ childSize: AnimatablePoint, _ proposal: Proposal) -> Proposal {
        switch axis {
        case .vertical: Proposal(width: proposal.width, height: childSize.y)
        case .horizontal: Proposal(width: childSize.x, height: proposal.height)
        case .depth, .fitting: proposal
        }
    }

    /// Where a stack puts its children: each laid-out child's index, the proposal it is placed
    /// with, its size and its centre from the stack's centre, in points; and the stack's size.
    static func stackPlacements(_ axis: StackAxis, _ alignment: Alignment, _ spacing: Double?, _ children: [ViewNode],
                                _ proposal: Proposal, _ environment: ViewEnvironment)
    -> (size: AnimatablePoint, placed: [(index: Int, proposal: Proposal, size: AnimatablePoint, offset: AnimatablePoint)]) {
        let (sizes, total, baselineTops) = stackSizes(axis, alignment: alignment, spacing: spacing, children, proposal, environment)
        let present = children.indices.filter { sizes[$0] != nil }
        let gaps = self.gaps(spacing, children, present)
        var placed: [(index: Int, proposal: Proposal, size: AnimatablePoint, offset: AnimatablePoint)] = []
        placed.reserveCapacity(present.count)
        var run = 0.0
        for (position, index) in present.enumerated() {
            let childSize = sizes[index]!
            let gap = position < gaps.count ? gaps[position] : 0
            let crossX = (alignment.horizontal - 0.5) * (total.x - childSize.x)
            // Across an `HStack` or `ZStack`: the fraction of the free height, or where the
            // children's text baselines line up.
            let crossY = baselineTops.map { $0[index] + childSize.y / 2 - total.y / 2 }
                ?? (alignment.vertical - 0.5) * (total.y - childSize.y)
            let offset: AnimatablePoint
            switch axis {
            case .vertical:
                offset = AnimatablePoint(x: crossX, y: (run + childSize.y / 2) - total.y / 2)
                run += childSize.y + gap
            case .horizontal:
                offset = AnimatablePoint(x: (run + childSize.x / 2) - total.x / 2, y: crossY)
                run += childSize.x + gap
            case .depth, .fitting:
                offset = AnimatablePoint(x: crossX, y: crossY)
            }
            placed.append((index, placementProposal(axis, childSize, proposal), childSize, offset))
        }
        return (total, placed)
    }

    /// Children of an `HStack` or `ZStack` aligned by a text baseline: the height they take
    /// together, the depth of the line their guides are on below its top, and each one's top
    /// from that top (by child index; a child not laid out has one that nothing reads).
    ///
    /// A stack lines up its children's guides (Apple, `VerticalAlignment`: "Use vertical
    /// alignment guides to position views relative to one another vertically, like when you
    /// place views side-by-side in an `HStack`"); a child's baseline guide is its
    /// ``explicitBaseline(_:of:_:_:)`` or, with no text, its bottom ("The guide aligns with the
    /// bottom of a view that contains no text", `VerticalAlignment.firstTextBaseline`). The
    /// stack is then as tall as the highest guide above the line plus the deepest part below it:
    /// taller than its tallest child when their guides differ (the SwiftUI Field Guide,
    /// "Alignment": "the alignment can also influence the height of the stack … the stack is a
    /// little taller when we use the firstTextBaseline alignment"). With the fractional guides
    /// (top, centre, bottom) that height is the tallest child's, as ``stackSizes`` has it.
    static func baselineRows(_ which: TextBaseline, _ axis: StackAxis, _ children: [ViewNode], _ present: [Int],
                             _ sizes: [AnimatablePoint?], _ proposal: Proposal, _ environment: ViewEnvironment)
    -> (height: Double, line: Double, tops: [Double]) {
        var guides = [Double](repeating: 0, count: children.count)
        var above = -Double.infinity, below = -Double.infinity
        for index in present {
            guard let size = sizes[index] else { continue }
            let guide = explicitBaseline(which, of: children[index], placementProposal(axis, size, proposal), environment) ?? size.y
            guides[index] = guide
            above = max(above, guide)
            below = max(below, size.y - guide)
        }
        guard above > -Double.infinity else { return (0, 0, guides.map { _ in 0 }) }
        return (above + below, above, guides.map { above - $0 })
    }

    /// The child a `ViewThatFits` shows (``StackAxis/fitting(_:)``): the first of `present`
    /// whose ideal size along `axes` is within `proposal`, else the last; `nil` when every child
    /// is empty.
    static func fittingChild(_ axes: AxisSet, _ children: [ViewNode], _ present: [Int], _ proposal: Proposal,
                             _ environment: ViewEnvironment) -> Int? {
        guard let last = present.last else { return nil }
        let horizontal = axes.contains(.horizontal), vertical = axes.contains(.vertical)
        let ideal = Proposal(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        // A length summed from several children's (a stack of them) can exceed an equal
        // proposal by a rounding error; a billionth of a point is no overflow.
        func within(_ length: Double, _ offered: Double?) -> Bool { offered.map { length <= $0 + 1e-9 } ?? true }
        for index in present.dropLast() {
            let size = memoizedSize(of: children[index], ideal, environment)
            if (!horizontal || within(size.x, proposal.width)) && (!vertical || within(size.y, proposal.height)) { return index }
        }
        return last
    }

    /// A grid's cell rectangles (in ``GridContent/cells`` order, from the grid's top-leading
    /// corner, with the alignment of each) and its size, in points.
    static func gridLayout(_ grid: GridContent, proposedWidth: Double?, _ environment: ViewEnvironment)
    -> (cells: [GridCell], size: AnimatablePoint) {
        if let columns = grid.columns { return lazyGridLayout(grid, columns: columns, proposedWidth: proposedWidth, environment) }
        var inner = environment
        inner.stackAxis = nil
        let ideal = grid.rows.map { row in row.cells.map { memoizedSize(of: $0, .unspecified, inner) } }
        let columns = grid.rows.filter { !$0.spansAllColumns }.map(\.cells.count).max() ?? 0
        var widths = [Double](repeating: 0, count: columns)
        for (row, sizes) in zip(grid.rows, ideal) where !row.spansAllColumns {
            for (column, size) in sizes.enumerated() { widths[column] = max(widths[column], size.x) }
        }
        let across = grid.horizontalSpacing ?? defaultSpacing, down = grid.verticalSpacing ?? defaultSpacing
        var width = widths.reduce(0, +) + across * Double(max(0, columns - 1))
        for (row, sizes) in zip(grid.rows, ideal) where row.spansAllColumns { width = max(width, sizes.map(\.x).max() ?? 0) }
        var cells: [GridCell] = []
        var y = 0.0
        for (index, (row, sizes)) in zip(grid.rows, ideal).enumerated() {
            var height = sizes.map(\.y).max() ?? 0
            var alignment = grid.alignment
            if let vertical = row.verticalAlignment {
                alignment.vertical = vertical
                alignment.baseline = row.baseline
            }
            // A row aligned by a text baseline lines its cells up on one line, as an `HStack`
            // does (Apple, `VerticalAlignment`: guides "position views relative to one another
            // vertically, like when you place views side-by-side in an HStack or when you
            // create a row of views in a Grid using GridRow"), and is as tall as they reach.
            // The guides are the cells' ideal ones, as the row's height is (`.depth`: each cell
            // offered the same proposal).
            var line: Double?
            if let which = alignment.baseline, !sizes.isEmpty {
                let rows = baselineRows(which, .depth, row.cells, Array(row.cells.indices), sizes, .unspecified, inner)
                height = rows.height
                line = rows.line
            }
            var x = 0.0
            for column in row.cells.indices {
                let cellWidth = row.spansAllColumns ? width : widths[column]
                cells.append((x, y, cellWidth, height, alignment, line))
                x += cellWidth + across
            }
            y += height + (index < grid.rows.count - 1 ? down : 0)
        }
        return (cells, AnimatablePoint(x: width, y: y))
    }

    /// The column widths of a `LazyVGrid` offered `proposedWidth`: fixed columns take their
    /// width; the flexible and adaptive ones share what is left after them and the spacing,
    /// equally, each within its bounds (what one cannot take goes to the others); an adaptive
    /// column's share holds as many columns of at least its minimum as fit (at least one). With
    /// no proposed width, a flexible column is as wide as its widest cell within its bounds and
    /// an adaptive one is one column at its minimum. SwiftUI's `GridItem.Size` documentation.
    static func lazyGridColumns(_ specs: [GridItemSpec], proposedWidth: Double?, widest: (Int) -> Double)
    -> [(width: Double, spacing: Double, alignment: Alignment?)] {
        let spacings = specs.map { $0.spacing ?? defaultSpacing }
        var shares = [Double](repeating: 0, count: specs.count)
        if let proposedWidth {
            var remaining = proposedWidth - spacings.dropLast().reduce(0, +)
            var open: [Int] = []
            for (index, spec) in specs.enumerated() {
                if case let .fixed(width) = spec.size {
                    shares[index] = width
                    remaining -= width
                } else {
                    open.append(index)
                }
            }
            // Equal shares, the bounded ones settled first (a share under a minimum or over a
            // maximum is fixed there, and the rest share again).
            while !open.isEmpty {
                let share = max(0, remaining) / Double(open.count)
                var settled = false
                for index in open {
                    let bounds: (Double, Double)
                    switch specs[index].size {
                    case .fixed: bounds = (0, .infinity)
                    case let .flexible(minimum, maximum), let .adaptive(minimum, maximum): bounds = (minimum, maximum)
                    }
                    let clamped = min(max(share, bounds.0), bounds.1)
                    if clamped != share {
                        shares[index] = clamped
                        remaining -= clamped
                        open.removeAll { $0 == index }
                        settled = true
                        break
                    }
                }
                if !settled {
                    for index in open { shares[index] = share }
                    open = []
                }
            }
        } else {
            for (index, spec) in specs.enumerated() {
                switch spec.size {
                case let .fixed(width): shares[index] = width
                case let .flexible(minimum, maximum): shares[index] = min(max(widest(index), minimum), maximum)
                case let .adaptive(minimum, _): shares[index] = minimum
                }
            }
        }
        var columns: [(width: Double, spacing: Double, alignment: Alignment?)] = []
        for (index, spec) in specs.enumerated() {
            if case let .adaptive(minimum, maximum) = spec.size {
                let spacing = spacings[index]
                let count = max(1, Int(((shares[index] + spacing) / (minimum + spacing)).rounded(.down)))
                let width = min(maximum, (shares[index] - spacing * Double(count - 1)) / Double(count))
                for _ in 0..<count { columns.append((width, spacing, spec.alignment)) }
            } else {
                columns.append((shares[index], spacings[index], spec.alignment))
            }
        }
        return columns
    }

    /// A `LazyVGrid`'s cell rectangles and size: its cells fill the columns row by row, each
    /// row as tall as its tallest cell (each cell offered its column's width), rows
    /// `verticalSpacing` (default 8) apart.
    static func lazyGridLayout(_ grid: GridContent, columns specs: [GridItemSpec], proposedWidth: Double?, _ environment: ViewEnvironment)
    -> (cells: [GridCell], size: AnimatablePoint) {
        var inner = environment
        inner.stackAxis = nil
        let all = grid.cells
        guard !specs.isEmpty else { return ([], .zero) }
        let columns = lazyGridColumns(specs, proposedWidth: proposedWidth) { column in
            stride(from: column, to: all.count, by: specs.count).map { memoizedSize(of: all[$0], .unspecified, inner).x }.max() ?? 0
        }
        let down = grid.verticalSpacing ?? defaultSpacing
        var cells: [GridCell] = []
        var y = 0.0
        var start = 0
        while start < all.count {
            let row = start..<min(all.count, start + columns.count)
            let height = row.map { index in
                memoizedSize(of: all[index], Proposal(width: columns[index - start].width, height: nil), inner).y
            }.max() ?? 0
            var x = 0.0
            for index in row {
                let column = columns[index - start]
                cells.append((x, y, column.width, height, column.alignment ?? grid.alignment, nil))
                x += column.width + column.spacing
            }
            y += height
            start += columns.count
            if start < all.count { y += down }
        }
        let width = columns.reduce(0) { $0 + $1.width } + columns.dropLast().reduce(0) { $0 + $1.spacing }
        return (cells, AnimatablePoint(x: width, y: y))
    }

    /// The environment of a stack's children: the stack's axis, for the spacers among them.
    static func childEnvironment(_ axis: StackAxis, _ environment: ViewEnvironment) -> ViewEnvironment {
        var inner = environment
        switch axis {
        case .vertical, .horizontal: inner.stackAxis = axis
        // A `ViewThatFits` child is laid out on its own, as a `ZStack`'s is.
        case .depth, .fitting: inner.stackAxis = nil
        }
        return inner
    }

    /// The space after each present child but the last, in points: `spacing`, or SwiftUI's
    /// default of 8 points between two views and none next to a `Spacer` (whose own minimum
    /// length is the space it keeps).
    static func gaps(_ spacing: Double?, _ children: [ViewNode], _ present: [Int]) -> [Double] {
        guard present.count > 1 else { return [] }
        return (0..<(present.count - 1)).map { position in
            if let spacing { return spacing }
            return isSpacer(children[present[position]]) || isSpacer(children[present[position + 1]]) ? 0 : defaultSpacing
        }
    }

    /// The `layoutPriority` of a stack's child (the outermost one on it), 0 without one.
    static func layoutPriority(_ node: ViewNode) -> Double {
        switch node {
        case let .custom(_, child), let .conditional(_, child): return layoutPriority(child)
        case let .modified(_, .layout(.layoutPriority(priority))): return priority
        case let .modified(child, _): return layoutPriority(child)
        default: return 0
        }
    }

    /// The `zIndex` of a stack's child (the outermost one on it), 0 without one.
    static func zIndex(_ node: ViewNode) -> Double {
        switch node {
        case let .custom(_, child), let .conditional(_, child): return zIndex(child)
        case let .modified(_, .layout(.zIndex(value))): return value
        case let .modified(child, _): return zIndex(child)
        default: return 0
        }
    }

    /// Whether `node` is a `Spacer`, seen through views of the user's own, branches and modifiers.
    static func isSpacer(_ node: ViewNode) -> Bool {
        switch node {
        case .spacer: true
        case let .custom(_, child), let .conditional(_, child), let .modified(child, _): isSpacer(child)
        default: false
        }
    }

    /// Lays out `node` at `path`, offered `proposal` and centred on `centre`: records the frame
    /// of it and of every node under it.
    static func place(_ node: ViewNode, at path: NodePath, proposal: Proposal, centre: AnimatablePoint,
                      _ environment: ViewEnvironment, _ table: inout IdentityTable,
                      into frames: inout DenseMap<NodeFrame>) {
        let own = size(of: node, proposal, environment)
        frames[path] = NodeFrame(centre: centre, size: own)
        switch node {
        case .symbol, .missingSymbol, .bitmap, .progressView, .shape, .color, .empty, .spacer:
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
            let inner = childEnvironment(axis, environment)
            for child in stackPlacements(axis, alignment, spacing, children, proposal, environment).placed {
                place(children[child.index], at: table.id(path, .child(child.index)), proposal: child.proposal,
                      centre: AnimatablePoint(x: centre.x + child.offset.x, y: centre.y + child.offset.y), inner,
                      &table, into: &frames)
            }
        case let .grid(grid):
            let layout = gridLayout(grid, proposedWidth: proposal.width, environment)
            let origin = AnimatablePoint(x: centre.x - own.x / 2, y: centre.y - own.y / 2)
            var inner = environment
            inner.stackAxis = nil
            for (index, cell) in grid.cells.enumerated() {
                let rect = layout.cells[index]
                let offer = Proposal(width: rect.width, height: rect.height)
                let cellSize = size(of: cell, offer, inner)
                let cellOrigin = gridCellOrigin(rect, cell, offer, cellSize, inner)
                place(cell, at: table.id(path, .child(index)), proposal: offer,
                      centre: AnimatablePoint(x: origin.x + cellOrigin.x + cellSize.x / 2, y: origin.y + cellOrigin.y + cellSize.y / 2),
                      inner, &table, into: &frames)
            }
        case let .geometryReader(id, content):
            environment.readers?.sizes[id] = StageSize(width: own.x, height: own.y)
            var inner = environment
            inner.stackAxis = nil
            let contentProposal = Proposal(width: own.x, height: own.y)
            let contentSize = size(of: content, contentProposal, inner)
            place(content, at: table.id(path, .child(0)), proposal: contentProposal,
                  centre: AnimatablePoint(x: centre.x - own.x / 2 + contentSize.x / 2, y: centre.y - own.y / 2 + contentSize.y / 2),
                  inner, &table, into: &frames)
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
            case let .layout(layout):
                let laid = modifiedLayout(layout, child, proposal, inner)
                place(child, at: childPath, proposal: laid.childProposal,
                      centre: AnimatablePoint(x: centre.x + laid.childOffset.x, y: centre.y + laid.childOffset.y), inner, &table,
                      into: &frames)
            case let .decoration(.background(view, alignment)), let .decoration(.overlay(view, alignment)):
                // Offered the modified view's size, placed in its bounds by the alignment.
                var decorationEnvironment = environment
                decorationEnvironment.stackAxis = nil
                let offer = Proposal(width: own.x, height: own.y)
                let viewSize = size(of: view, offer, decorationEnvironment)
                let offset = alignedOffset(alignment, in: own, view, offer, viewSize, decorationEnvironment)
                place(view, at: table.id(path, .background), proposal: offer,
                      centre: AnimatablePoint(x: centre.x + offset.x, y: centre.y + offset.y),
                      decorationEnvironment, &table, into: &frames)
                place(child, at: childPath, proposal: proposal, centre: centre, inner, &table, into: &frames)
            case let .effect(.mask(view, alignment), _):
                // Laid out like an overlay: offered the content's size, aligned in its frame.
                place(child, at: childPath, proposal: proposal, centre: centre, inner, &table, into: &frames)
                let maskOffer = Proposal(width: own.x, height: own.y)
                let maskSize = size(of: view, maskOffer, environment)
                let maskOffset = alignedOffset(alignment, in: own, view, maskOffer, maskSize, environment)
                let maskCentre = AnimatablePoint(x: centre.x + maskOffset.x, y: centre.y + maskOffset.y)
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
            // An overlay is drawn over the view within its bounds: it draws no edge of its own.
            case .decoration(.overlay): return framesItself(child)
            case .layout(.padding), .decoration: return true
            case .layout(.zIndex), .layout(.layoutPriority): return framesItself(child)
            case .layout(.frame), .layout(.flexibleFrame), .layout(.aspectRatio), .layout(.fixedSize), .layout(.position), .layout(.resizable):
                return false
            case .effect, .environment, .transaction: return framesItself(child)
            }
        default:
            return false
        }
    }
}
