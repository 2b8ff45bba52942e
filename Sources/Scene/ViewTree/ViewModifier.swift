import Motion

/// A modifier with its values computed, by its role in the engine.
///
/// Each role is one thing the engine does with a modifier, and the engine switches over roles
/// (and over each role's cases) without a `default:`, so a new case does not compile until every
/// part that must handle it does:
///
/// - ``layout(_:)``: changes the size the content is offered or chooses, or where it is placed
///   (`EngineLayout`'s sizing and placement);
/// - ``effect(_:)``: changes how the laid-out content is drawn, never its layout (geometry
///   effects, opacity, and the effects that follow them): the engine's walk gives it animatable
///   properties, the rasterizer draws it, and the SVG writer writes it or refuses it by name;
/// - ``environment(_:)``: hands a value down to every view inside (`ViewEnvironment`);
/// - ``transaction(_:)``: acts on the transactions that pass to the content (`animation`,
///   `transaction`), so on how its properties animate;
/// - ``decoration(_:)``: another view laid out in the content's frame and drawn behind it or
///   over it (`background`, `border`).
///
/// Event modifiers (`onAppear`, `onReceive`, `task`) are the fifth role of SwiftUI's modifiers:
/// they act on the run, not on the picture, so the resolver that runs them consumes them and
/// they never reach a ``ViewNode``.
public enum ViewModifier: Hashable, Sendable {
    /// Changes the content's size or place.
    case layout(LayoutModifier)
    /// Changes how the content is drawn, not its layout.
    case effect(DrawingEffect)
    /// Hands a value down to the views inside.
    case environment(EnvironmentModifier)
    /// Acts on the transactions passing to the content.
    case transaction(TransactionModifier)
    /// A view drawn behind or over the content, in its frame.
    case decoration(Decoration)

    /// The views the modifier itself holds (a background's view), for walks over every view of
    /// a tree.
    public var attachedViews: [ViewNode] {
        switch self {
        case let .decoration(decoration):
            switch decoration {
            case let .background(view, _), let .overlay(view, _): [view]
            case .border: []
            }
        case .layout, .effect, .environment, .transaction: []
        }
    }
}

/// Modifiers that change the size a view is offered or chooses, or where it is placed.
///
/// SwiftUI lays a view out in three steps: its parent proposes a size, the view chooses its
/// own, the parent places it (Apple, the `Layout` protocol: `sizeThatFits(proposal:subviews:
/// cache:)` then `placeSubviews(in:proposal:subviews:cache:)`; WWDC22 "Compose custom layouts
/// with SwiftUI"). Each of these is a layout between its parent and its content.
public enum LayoutModifier: Hashable, Sendable {
    /// `frame(width:height:alignment:)`, points; `nil` keeps the child's size on that axis.
    case frame(width: Double?, height: Double?, alignment: Alignment)
    /// `padding`, points per edge.
    case padding(EdgeInsets)
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`
    /// (``FlexibleFrame``).
    case flexibleFrame(FlexibleFrame)
    /// `aspectRatio(_:contentMode:)`, `scaledToFit()`, `scaledToFill()`: the content is
    /// offered the largest size of `ratio` (width ÷ height) inside the proposal (`.fit`) or the
    /// smallest that covers it (`.fill`); `nil` takes the ratio of the content's ideal size.
    case aspectRatio(Double?, fill: Bool)
    /// `fixedSize(horizontal:vertical:)`: the content is offered no size on the fixed axes, so
    /// it takes its ideal size there.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `layoutPriority(_:)`: a stack offers its space to higher priorities first (default 0).
    case layoutPriority(Double)
    /// `position(x:y:)`: the view takes the whole size offered and puts its content's centre
    /// at (x, y) points from its top-leading corner.
    case position(x: Double, y: Double)
    /// `zIndex(_:)`: siblings in a stack are drawn in ascending z-index (default 0), equal ones
    /// in their order.
    case zIndex(Double)
}

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`, in points;
/// `nil` leaves a bound out, `.infinity` is a maximum that takes all the space offered.
public struct FlexibleFrame: Hashable, Sendable {
    /// The least width.
    public var minWidth: Double?
    /// The width when the parent offers none (asks for the ideal size).
    public var idealWidth: Double?
    /// The most width.
    public var maxWidth: Double?
    /// The least height.
    public var minHeight: Double?
    /// The height when the parent offers none.
    public var idealHeight: Double?
    /// The most height.
    public var maxHeight: Double?
    /// Where the content sits in the frame.
    public var alignment: Alignment

    /// A flexible frame.
    public init(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
                idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) {
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// Modifiers that change how the laid-out content is drawn, and never its layout: SwiftUI's
/// geometry effects (`rotationEffect`, `scaleEffect`, `offset`: the frame a parent sees stays
/// the one laid out) and its rendering effects (`opacity`).
public enum DrawingEffect: Hashable, Sendable {
    /// `rotationEffect(_:anchor:)`: degrees clockwise about `anchor` of the view's frame.
    case rotation(degrees: Double, anchor: UnitPoint)
    /// `scaleEffect(_:anchor:)`.
    case scale(x: Double, y: Double, anchor: UnitPoint)
    /// `offset(x:y:)`, points.
    case offset(x: Double, y: Double)
    /// `opacity(_:)`, 0…1 (values outside are clamped when drawn). Applied to each view inside
    /// separately, as SwiftUI does outside a `compositingGroup()`.
    case opacity(Double)
}

/// Modifiers that hand a value down to every view inside.
public enum EnvironmentModifier: Hashable, Sendable {
    /// `foregroundColor(_:)` / `foregroundStyle(_:)`.
    case foregroundStyle(ColorValue)
    /// `foregroundStyle(_:_:)`: the primary and secondary styles (palette rendering).
    case foregroundStyles(ColorValue, ColorValue)
    /// `foregroundStyle(_:)` with a gradient: text is painted with it across its frame.
    case foregroundGradient(GradientPaint)
    /// `tint(_:)`.
    case tint(ColorValue)
    /// `font(_:)`.
    case font(FontValue)
    /// `fontWeight(_:)`.
    case fontWeight(SymbolWeight)
    /// `imageScale(_:)`.
    case imageScale(SymbolScale)
    /// `symbolVariant(_:)`.
    case symbolVariant(SymbolVariants)
    /// `symbolRenderingMode(_:)`.
    case symbolRenderingMode(SymbolRenderingMode)
    /// `controlSize(_:)`.
    case controlSize(ControlSize)
    /// A text modifier applied to a view (`bold()`, `lineLimit(_:)` …): inherited by every
    /// `Text` inside.
    case text(TextModifier)
}

/// Modifiers that act on the transactions passing to the content.
public enum TransactionModifier: Hashable, Sendable {
    /// `animation(_:)` (deprecated, `value` `nil`: every change) or `animation(_:value:)`
    /// (only transactions in which `value` changed); a `nil` animation removes animation.
    case animation(Animation?, value: StateValue?)
    /// `transaction { … }`.
    case edit(TransactionEdit)
}

/// Views laid out in the modified view's frame and drawn with it.
public enum Decoration: Hashable, Sendable {
    /// `background(_:alignment:)`, `background(alignment:content:)`, `background(_:in:)`: a
    /// view offered the modified view's size, placed in its bounds by `alignment`, drawn
    /// behind it.
    case background(ViewNode, alignment: Alignment)
    /// `overlay(_:alignment:)`, `overlay(alignment:content:)`: as a background, drawn over the
    /// modified view.
    case overlay(ViewNode, alignment: Alignment)
    /// `border(_:width:)`: drawn inside the view's bounds, over the content (SwiftUI's `border`
    /// is `overlay(Rectangle().strokeBorder(…))`).
    case border(ColorValue, width: Double)
}

// Shorthands that spell a modifier as its SwiftUI name, for code that builds trees.
extension ViewModifier {
    /// `rotationEffect(_:anchor:)`.
    public static func rotationEffect(degrees: Double, anchor: UnitPoint) -> ViewModifier {
        .effect(.rotation(degrees: degrees, anchor: anchor))
    }
    /// `scaleEffect(_:anchor:)`.
    public static func scaleEffect(x: Double, y: Double, anchor: UnitPoint) -> ViewModifier {
        .effect(.scale(x: x, y: y, anchor: anchor))
    }
    /// `opacity(_:)`.
    public static func opacity(_ value: Double) -> ViewModifier { .effect(.opacity(value)) }
    /// `offset(x:y:)`.
    public static func offset(x: Double, y: Double) -> ViewModifier { .effect(.offset(x: x, y: y)) }
    /// `foregroundStyle(_:)`.
    public static func foregroundStyle(_ color: ColorValue) -> ViewModifier { .environment(.foregroundStyle(color)) }
    /// `foregroundStyle(_:_:)`.
    public static func foregroundStyles(_ primary: ColorValue, _ secondary: ColorValue) -> ViewModifier {
        .environment(.foregroundStyles(primary, secondary))
    }
    /// `foregroundStyle(_:)` with a gradient.
    public static func foregroundGradient(_ gradient: GradientPaint) -> ViewModifier { .environment(.foregroundGradient(gradient)) }
    /// `tint(_:)`.
    public static func tint(_ color: ColorValue) -> ViewModifier { .environment(.tint(color)) }
    /// `font(_:)`.
    public static func font(_ font: FontValue) -> ViewModifier { .environment(.font(font)) }
    /// `fontWeight(_:)`.
    public static func fontWeight(_ weight: SymbolWeight) -> ViewModifier { .environment(.fontWeight(weight)) }
    /// `imageScale(_:)`.
    public static func imageScale(_ scale: SymbolScale) -> ViewModifier { .environment(.imageScale(scale)) }
    /// `symbolVariant(_:)`.
    public static func symbolVariant(_ variants: SymbolVariants) -> ViewModifier { .environment(.symbolVariant(variants)) }
    /// `symbolRenderingMode(_:)`.
    public static func symbolRenderingMode(_ mode: SymbolRenderingMode) -> ViewModifier { .environment(.symbolRenderingMode(mode)) }
    /// `controlSize(_:)`.
    public static func controlSize(_ size: ControlSize) -> ViewModifier { .environment(.controlSize(size)) }
    /// A text modifier.
    public static func text(_ modifier: TextModifier) -> ViewModifier { .environment(.text(modifier)) }
    /// `frame(width:height:alignment:)`.
    public static func frame(width: Double?, height: Double?, alignment: Alignment) -> ViewModifier {
        .layout(.frame(width: width, height: height, alignment: alignment))
    }
    /// `padding(_:)`.
    public static func padding(_ insets: EdgeInsets) -> ViewModifier { .layout(.padding(insets)) }
    /// `border(_:width:)`.
    public static func border(_ color: ColorValue, width: Double) -> ViewModifier { .decoration(.border(color, width: width)) }
    /// `background(_:)`.
    public static func background(_ view: ViewNode) -> ViewModifier { .decoration(.background(view, alignment: .center)) }
    /// `animation(_:value:)`.
    public static func animation(_ animation: Animation?, value: StateValue?) -> ViewModifier {
        .transaction(.animation(animation, value: value))
    }
    /// `transaction { … }`.
    public static func transaction(_ edit: TransactionEdit) -> ViewModifier { .transaction(.edit(edit)) }
}
