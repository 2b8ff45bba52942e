import Glibc
import Motion
import Raster
import Typography

/// A view tree with every value computed: what a SwiftUI `body` evaluates to for one state.
///
/// The interpreter of SwiftUI source builds these (one tree per state); the view engine lays
/// them out, matches the nodes of successive trees by structural identity (the position of a
/// node in the tree: stack child index, modifier depth, conditional branch, custom view name),
/// animates the properties that changed with the transaction's animation, and draws them.
/// Lengths are in points, angles in degrees (clockwise, as `rotationEffect`), opacities 0…1.
public indirect enum ViewNode: Hashable, Sendable {
    /// `Image(systemName:)`: an SF Symbol drawn with the font and foreground style in force.
    case symbol(SymbolName)
    /// `ProgressView()`: the indeterminate circular activity indicator of iOS.
    case progressView
    /// `Text`: pieces joined by `+`, laid out with the font in force (``TextContent``).
    case text(TextContent)
    /// `ProgressView(value:total:)` and its labelled forms (``ProgressContent``).
    case progressBar(ProgressContent)
    /// `Circle()`, `Capsule()`, `Rectangle()`, `RoundedRectangle(cornerRadius:)`, filled or stroked.
    case shape(ShapeView)
    /// A colour used as a view (`Color.orange`): fills the space it is offered.
    case color(ColorValue)
    /// `VStack`, `HStack` or `ZStack`; `spacing` `nil` is SwiftUI's default spacing. Also
    /// `ViewThatFits`, which shows one of its children (``StackAxis/fitting(_:)``; its
    /// alignment and spacing are not used).
    case stack(StackAxis, alignment: Alignment, spacing: Double?, children: [ViewNode])
    /// One branch of an `if`/`else` in a view builder: branches have distinct identities
    /// (SwiftUI's `_ConditionalContent`), so a view in another branch is another view.
    case conditional(branch: Int, ViewNode)
    /// A view of the user's own (`Spinner()`): its name is part of the identity of its body.
    case custom(name: String, body: ViewNode)
    /// A view with one modifier applied; modifiers nest outward in source order.
    case modified(ViewNode, ViewModifier)
    /// `Image(systemName:)` with a name outside the library: on a device an empty image (and a
    /// logged warning); here the frame a `circle` would take in the same font, drawing nothing.
    case missingSymbol(String)
    /// `Image("logo")`: a bitmap from the app's asset catalogue, at its natural size in points
    /// (``BitmapImage``); an asset the catalogue lacks has no bitmap and is of size zero.
    case bitmap(BitmapImage)
    /// Nothing (an `if` without `else` whose condition is false).
    case empty
    /// `Spacer(minLength:)`: grows along the axis of the stack it is in (both axes outside a
    /// stack) to take what the stack has left, never below `minLength` points (`nil`: the
    /// default spacing, 8 points). A stack with its default spacing puts no space next to it.
    case spacer(minLength: Double?)
    /// `GeometryReader { proxy in … }`: takes the whole size proposed to it (10 points on an
    /// axis left unspecified) and lays its content out in that size from its top-leading
    /// corner, as SwiftUI does since iOS 14. `content` is the closure's views evaluated for the
    /// size this reader gets (`proxy.size`); `id` names the reader in its tree, so that the
    /// reader of SwiftUI source can ask the layout which size that is
    /// (``LayoutProbe/geometryReaderSizes(of:proposal:)``).
    case geometryReader(id: Int, content: ViewNode)
    /// `Grid { GridRow { … } … }`: cells in rows and columns (``GridContent``).
    case grid(GridContent)
}

extension ViewNode {
    /// Whether two trees are equal: at once when both are the same stored node (a subtree a
    /// view kept from the last tree is the very node that tree held), else case by case. The
    /// runner compares each new tree with the last, and a tree of many views of which one
    /// changed then compares only the path to that one.
    public static func == (lhs: ViewNode, rhs: ViewNode) -> Bool {
        if isSameStorage(lhs, rhs) { return true }
        switch lhs {
        case let .symbol(a): if case let .symbol(b) = rhs { return a == b }
        case .progressView: if case .progressView = rhs { return true }
        case let .text(a): if case let .text(b) = rhs { return a == b }
        case let .progressBar(a): if case let .progressBar(b) = rhs { return a == b }
        case let .shape(a): if case let .shape(b) = rhs { return a == b }
        case let .color(a): if case let .color(b) = rhs { return a == b }
        case let .stack(axis, alignment, spacing, children):
            if case let .stack(otherAxis, otherAlignment, otherSpacing, otherChildren) = rhs {
                return axis == otherAxis && alignment == otherAlignment && spacing == otherSpacing && children == otherChildren
            }
        case let .conditional(branch, node):
            if case let .conditional(otherBranch, otherNode) = rhs { return branch == otherBranch && node == otherNode }
        case let .custom(name, body):
            if case let .custom(otherName, otherBody) = rhs { return name == otherName && body == otherBody }
        case let .modified(node, modifier):
            if case let .modified(otherNode, otherModifier) = rhs { return modifier == otherModifier && node == otherNode }
        case let .missingSymbol(a): if case let .missingSymbol(b) = rhs { return a == b }
        case let .bitmap(a): if case let .bitmap(b) = rhs { return a == b }
        case .empty: if case .empty = rhs { return true }
        case let .spacer(a): if case let .spacer(b) = rhs { return a == b }
        case let .geometryReader(id, content):
            if case let .geometryReader(otherID, otherContent) = rhs { return id == otherID && content == otherContent }
        case let .grid(a): if case let .grid(b) = rhs { return a == b }
        }
        return false
    }

    /// Whether both values hold the same stored node (an indirect enum's value is a reference
    /// to its case's storage): equal bits are equal trees.
    private static func isSameStorage(_ lhs: ViewNode, _ rhs: ViewNode) -> Bool {
        withUnsafeBytes(of: lhs) { a in
            withUnsafeBytes(of: rhs) { b in a.count == b.count && memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}

/// A `Grid`'s rows and spacing.
///
/// Each column is as wide as the widest ideal width of its cells and each row as tall as its
/// tallest cell (Apple, `Grid`: "the grid … sizes each column to fit its widest cell and each
/// row to fit its tallest cell"); a cell is offered its column's width and its row's height and
/// placed in that rectangle by the grid's alignment (a `GridRow`'s vertical alignment replaces
/// the grid's in its row). A view outside a `GridRow` is a row of its own across every column.
public struct GridContent: Hashable, Sendable {
    /// One row: its cells, left to right.
    public struct Row: Hashable, Sendable {
        /// The cells.
        public var cells: [ViewNode]
        /// A view outside a `GridRow`: one cell across every column.
        public var spansAllColumns: Bool
        /// `GridRow(alignment:)`'s vertical alignment (0 top … 1 bottom), `nil` for the grid's.
        public var verticalAlignment: Double?
        /// `GridRow(alignment: .firstTextBaseline)` or `.lastTextBaseline`: the row lines up its
        /// cells' text baselines (``Alignment/baseline``); ``verticalAlignment`` is then 1.
        public var baseline: TextBaseline?

        /// A row.
        public init(cells: [ViewNode], spansAllColumns: Bool = false, verticalAlignment: Double? = nil, baseline: TextBaseline? = nil) {
            self.cells = cells
            self.spansAllColumns = spansAllColumns
            self.verticalAlignment = verticalAlignment
            self.baseline = baseline
        }
    }

    /// Where each cell sits in its rectangle.
    public var alignment: Alignment
    /// Between columns, in points; `nil` is the default spacing, 8 points.
    public var horizontalSpacing: Double?
    /// Between rows, in points; `nil` is the default spacing.
    public var verticalSpacing: Double?
    /// The rows, top to bottom.
    public var rows: [Row]
    /// A `GridRow` on its own (one row), which the `Grid` around it takes as its row; outside
    /// a grid it is laid out as a grid of that row.
    public var isGridRow: Bool
    /// `LazyVGrid(columns:)`: the columns, whose widths come from the proposed width (not from
    /// the cells); the cells are then one row here, laid out row by row as the columns take
    /// them. `nil` for a `Grid`.
    public var columns: [GridItemSpec]?

    /// A grid.
    public init(alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil, rows: [Row],
                isGridRow: Bool = false, columns: [GridItemSpec]? = nil) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.rows = rows
        self.isGridRow = isGridRow
        self.columns = columns
    }

    /// Every cell, row by row: a cell's index here is its place in the grid's identity.
    public var cells: [ViewNode] { rows.flatMap(\.cells) }
}

/// `GridItem(_:spacing:alignment:)`: one column of a `LazyVGrid` (SwiftUI's `GridItem`
/// documentation).
public struct GridItemSpec: Hashable, Sendable {
    /// `GridItem.Size`.
    public enum Size: Hashable, Sendable {
        /// `.fixed(_:)`: a column this wide, in points.
        case fixed(Double)
        /// `.flexible(minimum:maximum:)` (defaults 10 and `.infinity`): a share of the width
        /// the fixed columns leave, within the bounds.
        case flexible(minimum: Double, maximum: Double)
        /// `.adaptive(minimum:maximum:)`: as many columns of at least `minimum` as fit in the
        /// share a flexible column would get, each at most `maximum`.
        case adaptive(minimum: Double, maximum: Double)
    }

    /// The column's size.
    public var size: Size
    /// The space after this column, before the next, in points; `nil` is the default 8.
    public var spacing: Double?
    /// How a cell sits in its rectangle; `nil` is the grid's alignment.
    public var alignment: Alignment?

    /// A column.
    public init(size: Size, spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// The SF Symbols the renderer can draw, as its own geometry (``SymbolDesigns``): `rays`, the
/// 40 names most used in public SwiftUI loading, progress and animation code, most used first
/// (docs/symbols.md gives the survey and its counts), and `hexagon.fill`, `gyroscope`,
/// `clock.arrow.circlepath`, `globe`, `cloud.sun.rain.fill`, `person.crop.circle.badge.plus`,
/// `circle.dotted`, the arrows, `heart` and `waveform`, which surveyed loaders need.
public enum SymbolName: String, CaseIterable, Hashable, Sendable {
    /// `rays`: eight round-capped rays (``RaysSymbol``).
    case rays
    case magnifyingglass
    case arrowClockwise = "arrow.clockwise"
    case chevronLeft = "chevron.left"
    case heartFill = "heart.fill"
    case checkmarkCircleFill = "checkmark.circle.fill"
    case ellipsis
    case arrowTriangle2Circlepath = "arrow.triangle.2.circlepath"
    case xmark
    case sunMaxFill = "sun.max.fill"
    case mic
    case plus
    case suitHeartFill = "suit.heart.fill"
    case micFill = "mic.fill"
    case arrow2Circlepath = "arrow.2.circlepath"
    case chevronRight = "chevron.right"
    case wifi
    case checkmark
    case sparkles
    case arrowRight = "arrow.right"
    case arrow2CirclepathCircleFill = "arrow.2.circlepath.circle.fill"
    case circle
    case hourglass
    case airplayaudio
    case starFill = "star.fill"
    case checkmarkCircle = "checkmark.circle"
    case circleFill = "circle.fill"
    case cart
    case lineHorizontal3Decrease = "line.horizontal.3.decrease"
    case bell
    case bubbleLeftFill = "bubble.left.fill"
    case clock
    case hurricane
    case lineHorizontal3 = "line.horizontal.3"
    case playFill = "play.fill"
    case power
    case star
    case suitHeart = "suit.heart"
    case airplayaudioBadgeExclamationmark = "airplayaudio.badge.exclamationmark"
    case arrow2CirclepathCircle = "arrow.2.circlepath.circle"
    case circleDashed = "circle.dashed"
    case hexagonFill = "hexagon.fill"
    case gyroscope
    case clockArrowCirclepath = "clock.arrow.circlepath"
    case globe
    case cloudSunRainFill = "cloud.sun.rain.fill"
    case personCropCircleBadgePlus = "person.crop.circle.badge.plus"
    case arrowDown = "arrow.down"
    case arrowUp = "arrow.up"
    case arrowLeft = "arrow.left"
    case circleDotted = "circle.dotted"
    case heart
    case waveform
    case ellipsisCircle = "ellipsis.circle"
    case ellipsisCircleFill = "ellipsis.circle.fill"

    /// The name `symbolVariant(_:)` asks for, when the library has it: SwiftUI draws the
    /// variant if the symbol has one and the symbol itself otherwise.
    public func applying(_ variants: SymbolVariants) -> SymbolName {
        var name = rawValue
        if variants.contains(.circle), !name.hasSuffix(".circle"), !name.contains(".circle."),
           let circled = SymbolName(rawValue: name + ".circle") {
            name = circled.rawValue
        }
        if variants.contains(.fill), !name.hasSuffix(".fill"), let filled = SymbolName(rawValue: name + ".fill") {
            name = filled.rawValue
        }
        if variants.contains(.slash), let slashed = SymbolName(rawValue: name + ".slash") { name = slashed.rawValue }
        return SymbolName(rawValue: name) ?? self
    }
}

/// `SymbolVariants`: `.fill`, `.circle`, `.slash` and their combinations (`.fill.circle`).
public struct SymbolVariants: OptionSet, Hashable, Sendable {
    /// The variants as bits: 1 fill, 2 circle, 4 slash.
    public let rawValue: Int
    /// Variants from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `.none`.
    public static let none = SymbolVariants([])
    /// `.fill`.
    public static let fill = SymbolVariants(rawValue: 1)
    /// `.circle`.
    public static let circle = SymbolVariants(rawValue: 2)
    /// `.slash`.
    public static let slash = SymbolVariants(rawValue: 4)
}

/// `SymbolRenderingMode`.
public enum SymbolRenderingMode: String, Hashable, Sendable {
    /// One colour for every layer (the default of the library's symbols).
    case monochrome
    /// The primary style on the primary layer, the same style at reduced opacity on the others.
    case hierarchical
    /// `foregroundStyle(a, b)`: a on the primary layer, b on the secondary.
    case palette
    /// The symbol's own colours: the library's symbols carry none, so they draw as monochrome.
    case multicolor
}

/// A shape view and its paint.
public struct ShapeView: Hashable, Sendable {
    /// The outline.
    public var kind: ShapeKind
    /// `trim(from:to:)`: the part of the outline kept, as fractions 0…1 of its length from its
    /// start (for a circle: the rightmost point, going clockwise, as SwiftUI's `Circle` path).
    public var trimFrom: Double
    /// See ``trimFrom``.
    public var trimTo: Double
    /// `fill` (the default) or `stroke`.
    public var paint: ShapePaint
    /// A gradient the fill or stroke is painted with instead of the paint's colour
    /// (`fill(LinearGradient(…))`, `stroke(AngularGradient(…), lineWidth: 4)`).
    public var gradient: GradientPaint?
    /// The shape modifiers `inset(by:)`, `scale`, `rotation` and `offset`, innermost first.
    public var transforms: [ShapeTransform]
    /// `fill(style: FillStyle(eoFill:))`: the rule a fill uses (a stroke is always non-zero).
    public var fillRule: FillRule
    /// `strokeBorder`: the stroke drawn inside the outline (the shape inset by half the line
    /// width, then stroked), so it stays within the frame.
    public var strokesInside: Bool

    /// A shape, untrimmed, filled with the foreground style.
    public init(kind: ShapeKind, trimFrom: Double = 0, trimTo: Double = 1, paint: ShapePaint = .fill(nil),
                gradient: GradientPaint? = nil, transforms: [ShapeTransform] = [], fillRule: FillRule = .nonZero,
                strokesInside: Bool = false) {
        self.kind = kind
        self.trimFrom = trimFrom
        self.trimTo = trimTo
        self.paint = paint
        self.gradient = gradient
        self.transforms = transforms
        self.fillRule = fillRule
        self.strokesInside = strokesInside
    }
}

/// A shape modifier that changes the outline (SwiftUI's `InsettableShape.inset(by:)`,
/// `Shape.scale(x:y:anchor:)`, `rotation(_:anchor:)` and `offset(x:y:)`), in points and
/// degrees, anchors in the shape's frame.
public enum ShapeTransform: Hashable, Sendable {
    /// The frame shrunk by `amount` on every edge (corner sizes shrink by it too).
    case inset(Double)
    /// Scaled about `anchor`.
    case scale(x: Double, y: Double, anchor: UnitPoint)
    /// Turned clockwise about `anchor`.
    case rotation(degrees: Double, anchor: UnitPoint)
    /// Moved.
    case offset(x: Double, y: Double)
}

/// A shape whose outline the file's own code draws: a `Path` value, or a `Shape` struct with
/// `path(in:)`.
public struct CustomShape: Hashable, Sendable {
    /// The type's name (`Triangle`), or `Path` for a path used as a view.
    public var name: String
    /// The shape's stored values as text: two shapes of one type with different values are
    /// different outlines.
    public var fingerprint: String
    /// `animatableData` as numbers: none, one (`Double`, `CGFloat`) or two (`AnimatablePair`).
    public var animatableData: [Double]
    /// The outline in a rectangle (points) for values of `animatableData`, evaluated at every
    /// frame from the interpolated values.
    public var provider: ShapeProvider

    /// A custom shape.
    public init(name: String, fingerprint: String, animatableData: [Double], provider: ShapeProvider) {
        self.name = name
        self.fingerprint = fingerprint
        self.animatableData = animatableData
        self.provider = provider
    }
}

/// The code that draws a ``CustomShape``: called with the frame (origin at its top-left
/// corner, points) and the animatable values, from any thread (the provider serialises what
/// it needs). It compares equal to every other provider: a shape's identity is its name, its
/// fingerprint and its data.
public final class ShapeProvider: Hashable, Sendable {
    private let body: @Sendable (Rect, [Double]) -> Path

    /// A provider.
    public init(_ body: @escaping @Sendable (Rect, [Double]) -> Path) { self.body = body }

    /// The outline in `rect` for `data`.
    public func path(in rect: Rect, data: [Double]) -> Path { body(rect, data) }

    public static func == (a: ShapeProvider, b: ShapeProvider) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// SwiftUI's gradient shape styles: `LinearGradient`, `AngularGradient` and `RadialGradient`,
/// laid out in the frame of the shape they paint.
///
/// Colours are interpolated between neighbouring stops in the output colour space (SwiftUI's
/// default `Gradient.ColorSpace.device`: "interpolates gradient colors in the output color
/// space"), component by component without premultiplying, as Core Graphics' gradients do: a
/// fade to `.clear`, which is transparent black, darkens on the way, and a fade to
/// `color.opacity(0)` does not. Before the first stop the first colour holds, after the last
/// the last.
public struct GradientPaint: Hashable, Sendable {
    /// Where the gradient's parameter runs from 0 to 1.
    public enum Geometry: Hashable, Sendable {
        /// Along the line from `start` to `end` (unit points of the frame); the parameter is
        /// the projection onto that line, so lines across it have one colour.
        case linear(start: UnitPoint, end: UnitPoint)
        /// Around `center`, from `startDegrees` to `endDegrees`, angles clockwise on screen
        /// from the trailing direction (SwiftUI's `AngularGradient`, default 0° to 360°). A
        /// span over 360° draws its last whole turn; a shorter one fills the missing sector with
        /// the last colour up to its middle and the first after it.
        case angular(center: UnitPoint, startDegrees: Double, endDegrees: Double)
        /// Out from `center`, from `startRadius` to `endRadius` points.
        case radial(center: UnitPoint, startRadius: Double, endRadius: Double)
    }

    /// One colour at a parameter value.
    public struct Stop: Hashable, Sendable {
        /// The colour.
        public var color: ColorValue
        /// Where it is: 0 at the gradient's start, 1 at its end. A location outside 0…1 puts
        /// the stop before the start or after the end; what shows is the part of the ramp
        /// through all the stops that lies between them, as CSS gradients do.
        public var location: Double

        /// A stop.
        public init(color: ColorValue, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// The layout.
    public var geometry: Geometry
    /// The stops, in ascending order of location.
    public var stops: [Stop]
    /// Where the gradient is written (`AngularGradient(…)`), for a refusal that points at it.
    public var mark: SourceMark

    /// A gradient; `stops` are sorted by location (stable, so equal locations keep their order).
    public init(geometry: Geometry, stops: [Stop], mark: SourceMark = .unknown) {
        self.geometry = geometry
        self.stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        self.mark = mark
    }

    /// `Gradient(colors:)`: the colours spread evenly from 0 to 1.
    public init(geometry: Geometry, colors: [ColorValue], mark: SourceMark = .unknown) {
        let last = max(colors.count - 1, 1)
        self.init(geometry: geometry, stops: colors.enumerated().map { Stop(color: $1, location: Double($0) / Double(last)) }, mark: mark)
    }

    /// The parameter (0…1 along the gradient, unclamped for linear and radial) at `point`, in
    /// points from the top-left corner of a `width × height` frame.
    public func parameter(atX x: Double, y: Double, width: Double, height: Double) -> Double {
        switch geometry {
        case let .linear(start, end):
            let sx = start.x * width, sy = start.y * height
            let dx = end.x * width - sx, dy = end.y * height - sy
            let length = dx * dx + dy * dy
            guard length > 0 else { return 0 }
            return ((x - sx) * dx + (y - sy) * dy) / length
        case let .angular(center, startDegrees, endDegrees):
            var start = startDegrees
            var span = endDegrees - startDegrees
            guard span > 0 else { return 0 }
            if span > 360 { start = endDegrees - 360; span = 360 }
            let degrees = atan2(y - center.y * height, x - center.x * width) * 180 / Double.pi
            var turned = (degrees - start).truncatingRemainder(dividingBy: 360)
            if turned < 0 { turned += 360 }
            if turned <= span { return turned / span }
            // The missing sector: the last colour for its first half, the first after.
            return turned - span < (360 - span) / 2 ? 1 : 0
        case let .radial(center, startRadius, endRadius):
            let distance = ((x - center.x * width) * (x - center.x * width) + (y - center.y * height) * (y - center.y * height)).squareRoot()
            guard endRadius != startRadius else { return distance < startRadius ? 0 : 1 }
            return (distance - startRadius) / (endRadius - startRadius)
        }
    }
}

/// The outlines of SwiftUI's built-in shapes; each fills the frame it is offered.
public enum ShapeKind: Hashable, Sendable {
    /// `Circle()`: the largest circle centred in the frame.
    case circle
    /// `Capsule()`: corner radius half the shorter side.
    case capsule
    /// `Rectangle()`.
    case rectangle
    /// A rounded rectangle with quarter-circle corners of this radius in points: the
    /// ProgressView's ticks, and `RoundedRectangle(cornerRadius:style: .circular)`.
    case roundedRectangle(cornerRadius: Double)
    /// `RoundedRectangle(cornerRadius:style:)`, `RoundedRectangle(cornerSize:style:)` and
    /// `UnevenRoundedRectangle`: corner sizes in points and their style.
    case styledRectangle(CornerRadii, CornerStyle)
    /// `Capsule(style: .continuous)`: Apple's continuous corners of half the shorter side.
    case continuousCapsule
    /// `Ellipse()`: the ellipse inscribed in the frame.
    case ellipse
    /// A `Path` or a `Shape` of the file's own.
    case custom(CustomShape)
}

/// How a shape is painted; a `nil` colour means the foreground style in force.
public enum ShapePaint: Hashable, Sendable {
    /// `fill(_:)`, or a shape with no paint modifier.
    case fill(ColorValue?)
    /// `stroke(_:lineWidth:)` / `stroke(style:)`: centred on the outline.
    case stroke(ColorValue?, StrokeStyle)
}

/// `StrokeStyle(lineWidth:lineCap:lineJoin:miterLimit:dash:dashPhase:)`, lengths in points.
public struct StrokeStyle: Hashable, Sendable {
    /// Line width in points (SwiftUI's default: 1).
    public var lineWidth: Double
    /// End caps.
    public var lineCap: LineCap
    /// Corner joins (default `.miter`).
    public var lineJoin: StrokeJoin
    /// Miter limit in line widths (default 10).
    public var miterLimit: Double
    /// Alternating dash and gap lengths in points; empty for a solid line.
    public var dash: [Double]
    /// How far into the dash pattern the stroke starts, in points.
    public var dashPhase: Double

    /// A stroke style; SwiftUI's defaults are width 1, butt caps, miter joins, limit 10, solid.
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: StrokeJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// `CGLineCap`.
public enum LineCap: String, Hashable, Sendable {
    case butt, round, square
}

/// A SwiftUI colour, resolved to sRGB by the engine for the appearance and colour generation.
public enum ColorValue: Hashable, Sendable {
    /// `Color.primary`, `.secondary`, `.orange`, `.red`, `.accentColor` … by SwiftUI's name.
    case system(String)
    /// `Color(red:green:blue:opacity:)`, components 0…1.
    case rgb(red: Double, green: Double, blue: Double, opacity: Double)
    /// A fixed 8-bit sRGB colour (from `--color`).
    case fixed(RGBA8)
    /// `color.opacity(factor)`: the colour with its alpha multiplied by `factor` (0…1), as
    /// SwiftUI's `Color.opacity(_:)` does.
    indirect case opacity(ColorValue, Double)
    /// A colour with a value per appearance: an asset catalogue's colour set with a dark
    /// variant (``AssetCatalog/ColorSet``), resolved in the appearance in force where it is
    /// drawn, as UIKit resolves a dynamic `UIColor` against the trait collection.
    indirect case appearance(light: ColorValue, dark: ColorValue)
}

/// How a container of several views lays them out: a stack's direction, or `ViewThatFits`'s
/// choice of one of them.
public enum StackAxis: Hashable, Sendable {
    /// `VStack`.
    case vertical
    /// `HStack`.
    case horizontal
    /// `ZStack`.
    case depth
    /// `ViewThatFits(in:)`: the children are alternatives in order of preference, and only one
    /// is shown: the first whose ideal size fits the proposal along `axes`, else the last.
    ///
    /// Apple, `ViewThatFits`: "It selects the first child whose ideal size on the constrained
    /// axes fits within the proposed size"; `init(in:content:)`: "If `axes` is an empty set,
    /// `ViewThatFits` uses the first child view", and both axes by default. This renderer reads
    /// "ideal size on the constrained axes" as the child's size for no proposal on those axes and
    /// the container's proposal on the others (so a text constrained vertically is measured
    /// wrapped to the width it is offered); an axis the container is offered no length on
    /// constrains nothing. The child shown is
    /// offered the container's proposal and the container takes its size; the others are not
    /// laid out or drawn (an empty child, an `if` not taken, is no alternative).
    case fitting(AxisSet)
}

/// SwiftUI's `Axis.Set`: `.horizontal`, `.vertical`, both, or neither.
public struct AxisSet: OptionSet, Hashable, Sendable {
    /// The axes as bits: 1 horizontal, 2 vertical.
    public let rawValue: Int
    /// Axes from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `.horizontal`: widths.
    public static let horizontal = AxisSet(rawValue: 1)
    /// `.vertical`: heights.
    public static let vertical = AxisSet(rawValue: 2)
}

/// `Alignment` (and `HorizontalAlignment` / `VerticalAlignment` for stacks), as fractions of
/// the container: `(0, 0)` top-leading, `(0.5, 0.5)` centre; vertically also a text baseline
/// (``baseline``).
public struct Alignment: Hashable, Sendable {
    /// 0 leading, 0.5 centre, 1 trailing.
    public var horizontal: Double
    /// 0 top, 0.5 centre, 1 bottom. For a text-baseline alignment 1: the bottom is where the
    /// baseline guides of a view with no text are (``TextBaseline``), and so where a consumer
    /// that does not read ``baseline`` aligns.
    public var vertical: Double
    /// `VerticalAlignment.firstTextBaseline` / `.lastTextBaseline`: the vertical guide is a text
    /// baseline of the view (``EngineLayout/explicitBaseline(_:of:_:_:)``), not a fraction of
    /// its height; `nil` for the fractional guides.
    public var baseline: TextBaseline?

    /// An alignment from fractions, or with a text-baseline vertical guide.
    public init(horizontal: Double, vertical: Double, baseline: TextBaseline? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.baseline = baseline
    }

    /// `.center`.
    public static let center = Alignment(horizontal: 0.5, vertical: 0.5)
}

/// A text-baseline guide: `VerticalAlignment.firstTextBaseline` or `.lastTextBaseline`.
///
/// Apple, `VerticalAlignment.firstTextBaseline`: "A guide that marks the top-most text baseline
/// in a view. … The guide aligns with the bottom of a view that contains no text";
/// `lastTextBaseline`: "A guide that marks the bottom-most text baseline in a view. … The guide
/// aligns with the bottom of a view that contains no text."
public enum TextBaseline: Hashable, Sendable {
    /// `.firstTextBaseline`: the baseline of the top-most line of text.
    case first
    /// `.lastTextBaseline`: the baseline of the bottom-most line of text.
    case last
}

/// `UnitPoint`: a point in a view's frame as fractions of its size; `.center` is (0.5, 0.5).
public struct UnitPoint: Hashable, Sendable {
    /// 0 leading … 1 trailing.
    public var x: Double
    /// 0 top … 1 bottom.
    public var y: Double

    /// A unit point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// `.center`.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
}

/// `EdgeInsets`, in points.
public struct EdgeInsets: Hashable, Sendable {
    /// Above the content, in points.
    public var top: Double
    /// Before the content (left, in a left-to-right layout), in points.
    public var leading: Double
    /// Below the content, in points.
    public var bottom: Double
    /// After the content (right), in points.
    public var trailing: Double

    /// Insets per edge.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every edge.
    public init(all: Double) { self.init(top: all, leading: all, bottom: all, trailing: all) }
}

/// A font as it reaches a symbol or a text: the point size, weight and design (text styles
/// resolved to their iOS sizes at the default Dynamic Type size by the interpreter).
public struct FontValue: Hashable, Sendable {
    /// Point size.
    public var pointSize: Double
    /// Weight.
    public var weight: SymbolWeight
    /// `Font.Design` (`.system(size:weight:design:)`); symbols ignore it.
    public var design: FontDesign
    /// `Font.italic()`.
    public var italic: Bool
    /// `Font.monospacedDigit()`: figures of one width (SF Pro's tabular figures).
    public var monospacedDigit: Bool

    /// A font.
    public init(pointSize: Double, weight: SymbolWeight = .regular, design: FontDesign = .default,
                italic: Bool = false, monospacedDigit: Bool = false) {
        self.pointSize = pointSize
        self.weight = weight
        self.design = design
        self.italic = italic
        self.monospacedDigit = monospacedDigit
    }
}

/// `ControlSize`.
public enum ControlSize: String, Hashable, Sendable {
    case mini, small, regular, large, extraLarge
}

/// A state value as the interpreter knows it; `.animation(_:value:)` compares these.
public enum StateValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// An `Angle`, in degrees.
    case angle(degrees: Double)
    /// Any other value (an enum case, an array, a string), by its type and description.
    case described(String)
}

/// What `.transaction { … }` does to the transactions that pass through it.
public struct TransactionEdit: Hashable, Sendable {
    /// `$0.animation = …`: `.some(nil)` removes the animation, `nil` leaves it.
    public var animation: Animation??
    /// `$0.disablesAnimations = …`, or `nil` to leave it.
    public var disablesAnimations: Bool?

    /// An edit.
    public init(animation: Animation?? = nil, disablesAnimations: Bool? = nil) {
        self.animation = animation
        self.disablesAnimations = disablesAnimations
    }
}

extension ViewNode {
    /// The node as a change inserts or removes it (the content of an `if` or `switch` branch):
    /// with SwiftUI's default transition, ``ViewTransition/opacity``, unless a `transition(_:)`
    /// in its own modifiers, or at the top of its custom view's body, gives it another. A
    /// transition only acts when the change that inserts or removes the view animates.
    public var withDefaultTransition: ViewNode {
        var node = self
        while true {
            switch node {
            case let .modified(child, modifier):
                if case .transaction(.transition) = modifier { return self }
                node = child
            case let .custom(_, child):
                node = child
            case .empty:
                // Nothing to fade in or out.
                return self
            default:
                return .modified(self, .transaction(.transition(.opacity)))
            }
        }
    }
}
