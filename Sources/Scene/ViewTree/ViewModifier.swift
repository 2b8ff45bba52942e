import Glibc
import Motion
import Raster

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
    /// Changes how the content is drawn, not its layout; `at` is where the modifier is written
    /// (``SourceMark/unknown`` for one the reader made itself), which a refusal of the effect
    /// points at.
    case effect(DrawingEffect, at: SourceMark = .unknown)
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
        case let .effect(.mask(view, _), _): [view]
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
    /// `Image.resizable()`: the image takes the size it is offered on each axis (its own size
    /// on an axis offered none) and is stretched to fill it ("Sets the mode by which SwiftUI
    /// resizes an image to fit its space", Apple's `Image.resizable(capInsets:resizingMode:)`);
    /// `scaledToFit()` / `aspectRatio` above it keep its proportions.
    case resizable
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
    /// `symbolEffect(_:options:value:)` / `symbolEffect(_:options:isActive:)`: the symbols
    /// inside scale, turn, move and fade by the effect's cycle, about the modified view's
    /// centre (see ``SymbolEffect``).
    case symbolEffect(SymbolEffect)
    /// `shadow(color:radius:x:y:)`: the content's alpha blurred by a Gaussian whose standard
    /// deviation is `radius` points (SwiftUI's `GraphicsContext.Filter.shadow` and `.blur`
    /// document their radius as "the standard deviation of the Gaussian"), painted `color`,
    /// moved by (`x`, `y`) points and drawn under the content. Like `opacity`, applied to each
    /// view inside separately unless they are flattened first (`compositingGroup()`, or any
    /// effect that draws its content as one layer).
    case shadow(color: ColorValue, radius: Double, x: Double, y: Double)
    /// `blur(radius:opaque:)`: a Gaussian blur of standard deviation `radius` points (see
    /// ``shadow(color:radius:x:y:)``) of the content drawn as one layer; `opaque` keeps the
    /// content's own alpha (the blurred colours divided by their blurred coverage) instead of
    /// letting the edges fade.
    case blur(radius: Double, opaque: Bool)
    /// `mask(alignment:_:)`, `clipShape(_:style:)`, `clipped()`, `cornerRadius(_:)`: the content
    /// drawn as one layer, kept where `mask` (laid out in the content's frame, aligned) is
    /// opaque; a clip is a mask of its shape filled opaque.
    case mask(ViewNode, alignment: Alignment)
    /// `compositingGroup()` and `drawingGroup()`: the content flattened into one layer, so the
    /// effects outside it (opacity, shadow, blend mode) act on the whole.
    case compositingGroup
    /// `blendMode(_:)`: each view inside mixed with what is behind it by `mode`.
    case blendMode(BlendMode)
    /// The colour effects, each a colour matrix over the content drawn as one layer.
    case colour(ColourEffect)
    /// `rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`: the content turned `degrees`
    /// about `axis` through the point `anchor` of its frame lifted to `anchorZ` points, seen
    /// with a vanishing point at `max(width, height) / perspective` points (SwiftUI's
    /// `_Rotation3DEffect`: Core Animation's `m34 = −1 / d` perspective, see ``Projection``).
    case rotation3D(degrees: Double, axis: Axis3D, anchor: UnitPoint, anchorZ: Double, perspective: Double)
    /// `projectionEffect(_:)` and `transformEffect(_:)`: a fixed projective transform in the
    /// content's own points (origin at its frame's top-left corner).
    case projection(Projection)
    /// A material (`background(.thinMaterial)`): what is already drawn behind the content's
    /// coverage, blurred, then the material's tint over it (see ``Material``). The content is
    /// the material's shape, drawn opaque: only its coverage counts.
    case material(Material)
}

/// SwiftUI's materials, `.ultraThinMaterial` … `.ultraThickMaterial`, as a backdrop blur and a
/// tint.
///
/// Apple publishes no numbers for them ("a material isn't a color; it's a blur effect with a
/// translucent tint, … more or less translucent" is all the `Material` documentation says),
/// so these are spinrender's stand-ins, stated here and in docs/swiftui.md: a Gaussian blur of
/// standard deviation 10, 12, 15, 18 and 21 pt of what is behind, under white (light
/// appearance) or a dark grey #1C1C1E (dark, iOS's `systemBackground` elevated) at 30, 45, 60,
/// 75 and 87 % opacity, thinnest to thickest.
public enum Material: String, CaseIterable, Hashable, Sendable {
    case ultraThin, thin, regular, thick, ultraThick

    /// The blur's standard deviation, points.
    public var blurRadius: Double {
        switch self {
        case .ultraThin: 10
        case .thin: 12
        case .regular: 15
        case .thick: 18
        case .ultraThick: 21
        }
    }

    /// The tint drawn over the blurred backdrop.
    public func tint(dark: Bool) -> RGBA8 {
        let opacity: Double
        switch self {
        case .ultraThin: opacity = 0.30
        case .thin: opacity = 0.45
        case .regular: opacity = 0.60
        case .thick: opacity = 0.75
        case .ultraThick: opacity = 0.87
        }
        let alpha = UInt8((opacity * 255).rounded())
        return dark ? RGBA8(r: 0x1C, g: 0x1C, b: 0x1E, a: alpha) : RGBA8(r: 255, g: 255, b: 255, a: alpha)
    }
}

/// A direction in space: `rotation3DEffect`'s `axis: (x:y:z:)`.
public struct Axis3D: Hashable, Sendable {
    public var x, y, z: Double

    /// An axis; it need not be of unit length.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// SwiftUI's `ProjectionTransform`: a 3 × 3 matrix acting on row vectors `(x, y, 1)`, as
/// `CGAffineTransform` does (`m31`, `m32` the translation, `m13`, `m23`, `m33` the
/// homogeneous column).
public struct Projection: Hashable, Sendable {
    public var m11, m12, m13, m21, m22, m23, m31, m32, m33: Double

    /// A matrix from its entries.
    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// `ProjectionTransform(CGAffineTransform(a:b:c:d:tx:ty:))`.
    public init(affine t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    /// The identity.
    public static let identity = Projection(affine: .identity)

    /// Where the point lands, or `nil` behind the eye (homogeneous w ≤ 0).
    public func apply(x: Double, y: Double) -> (x: Double, y: Double)? {
        let w = m13 * x + m23 * y + m33
        guard w > 0 else { return nil }
        return ((m11 * x + m21 * y + m31) / w, (m12 * x + m22 * y + m32) / w)
    }

    /// The column-vector form, row-major (what ``Raster/Layer/warped(forward:inverse:)`` takes).
    public var columnMatrix: [Double] { [m11, m21, m31, m12, m22, m32, m13, m23, m33] }

    /// `rotation3DEffect`'s transform for a frame of `width × height` points, as SwiftUI's
    /// `_Rotation3DEffect.effectValue(size:)` builds it from Core Animation transforms:
    /// translate to the anchor (x, y, anchorZ), perspective `m34 = −1 / d` with
    /// `d = max(width, height) / perspective`, rotate by `degrees` about `axis` (Core
    /// Animation's `CATransform3DRotate`: clockwise on screen for +z, since y points down),
    /// translate back; the z row and column are then dropped. For a point p of the frame:
    /// v = R·(p − a) with a = (ax, ay, anchorZ) and p's z = 0, w = 1 − v.z / d, and
    /// p′ = (v.x / w + ax, v.y / w + ay).
    public static func rotation3D(degrees: Double, axis: Axis3D, anchorX: Double, anchorY: Double, anchorZ: Double,
                                  perspective: Double, width: Double, height: Double) -> Projection {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard length > 0 else { return .identity }
        let (x, y, z) = (axis.x / length, axis.y / length, axis.z / length)
        let angle = degrees * Double.pi / 180
        let c = cos(angle), s = sin(angle), t = 1 - c
        // Rodrigues' rotation, column-vector form.
        let r = [[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
                 [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
                 [t * x * z - s * y, t * y * z + s * x, t * z * z + c]]
        let d = max(width, height) / perspective
        let k = d.isFinite && d != 0 ? -1 / d : 0
        // v = R·(x − ax, y − ay, −az); X = v.x + ax·w, Y = v.y + ay·w, w = 1 + k·v.z.
        func column(_ i: Int) -> (Double, Double, Double) {
            // The coefficients of v_i in x, y and 1.
            (r[i][0], r[i][1], -r[i][0] * anchorX - r[i][1] * anchorY - r[i][2] * anchorZ)
        }
        let vx = column(0), vy = column(1), vz = column(2)
        let w = (k * vz.0, k * vz.1, 1 + k * vz.2)
        return Projection(m11: vx.0 + anchorX * w.0, m12: vy.0 + anchorY * w.0, m13: w.0,
                          m21: vx.1 + anchorX * w.1, m22: vy.1 + anchorY * w.1, m23: w.1,
                          m31: vx.2 + anchorX * w.2, m32: vy.2 + anchorY * w.2, m33: w.2)
    }

    /// This transform followed by `next`.
    public func concatenating(_ next: Projection) -> Projection {
        let a = [[m11, m12, m13], [m21, m22, m23], [m31, m32, m33]]
        let b = [[next.m11, next.m12, next.m13], [next.m21, next.m22, next.m23], [next.m31, next.m32, next.m33]]
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 { for j in 0..<3 { m[i][j] = (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
        return Projection(m11: m[0][0], m12: m[0][1], m13: m[0][2], m21: m[1][0], m22: m[1][1], m23: m[1][2],
                          m31: m[2][0], m32: m[2][1], m33: m[2][2])
    }

    /// The inverse, or `nil` when singular.
    public var inverted: Projection? {
        let det = m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
        guard det != 0, det.isFinite else { return nil }
        let i = 1 / det
        return Projection(m11: (m22 * m33 - m23 * m32) * i, m12: (m13 * m32 - m12 * m33) * i, m13: (m12 * m23 - m13 * m22) * i,
                          m21: (m23 * m31 - m21 * m33) * i, m22: (m11 * m33 - m13 * m31) * i, m23: (m13 * m21 - m11 * m23) * i,
                          m31: (m21 * m32 - m22 * m31) * i, m32: (m12 * m31 - m11 * m32) * i, m33: (m11 * m22 - m12 * m21) * i)
    }

    /// Whether it is affine (no perspective).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }
}

/// SwiftUI's colour effects: each a matrix over the straight (unpremultiplied) colour of the
/// content drawn as one layer, the matrices SVG's `feColorMatrix` defines, so the SVG writer
/// writes them as they are drawn.
public enum ColourEffect: Hashable, Sendable {
    /// `brightness(_:)`: adds `amount` to red, green and blue (0 no effect, 1 white, as
    /// documented: "full white brightening").
    case brightness(Double)
    /// `contrast(_:)`: (c − ½)·amount + ½ per channel; negative amounts invert, as documented.
    case contrast(Double)
    /// `saturation(_:)`: 0 grey, 1 unchanged; SVG's `saturate` matrix (Rec. 709 luma).
    case saturation(Double)
    /// `grayscale(_:)`: 0 unchanged, 1 grey: `saturation(1 − amount)`.
    case grayscale(Double)
    /// `hueRotation(_:)`: SVG's `hueRotate` matrix, degrees.
    case hueRotation(Double)
    /// `colorMultiply(_:)`: every component times the colour's.
    case colorMultiply(ColorValue)
    /// `colorInvert()`: 1 − c per colour channel.
    case colorInvert
    /// `luminanceToAlpha()`: black whose alpha is the luminance; Apple documents it as SVG 2's
    /// `feColorMatrix type="luminanceToAlpha"`.
    case luminanceToAlpha

    /// The 4 × 5 matrix (row-major, offsets last) for an animated `amount` (degrees for a hue
    /// rotation) or multiplied colour (straight, 0…1).
    public static func matrix(_ effect: ColourEffect, amount: Double, colour: (r: Double, g: Double, b: Double, a: Double)) -> [Double] {
        switch effect {
        case .brightness:
            return [1, 0, 0, 0, amount, 0, 1, 0, 0, amount, 0, 0, 1, 0, amount, 0, 0, 0, 1, 0]
        case .contrast:
            let o = 0.5 * (1 - amount)
            return [amount, 0, 0, 0, o, 0, amount, 0, 0, o, 0, 0, amount, 0, o, 0, 0, 0, 1, 0]
        case .saturation, .grayscale:
            var s = amount
            if case .grayscale = effect { s = 1 - amount }
            return [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
                    0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
                    0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
                    0, 0, 0, 1, 0]
        case .hueRotation:
            let a = amount * Double.pi / 180, c = cos(a), s = sin(a)
            return [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
                    0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
                    0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
                    0, 0, 0, 1, 0]
        case .colorMultiply:
            return [colour.r, 0, 0, 0, 0, 0, colour.g, 0, 0, 0, 0, 0, colour.b, 0, 0, 0, 0, 0, colour.a, 0]
        case .colorInvert:
            return [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0]
        case .luminanceToAlpha:
            return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0]
        }
    }
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
    /// `accentColor(_:)` (deprecated): the accent colour of the views inside, which a control
    /// shows where no `tint(_:)` is in force (a linear progress bar's fill, a button's label);
    /// the indeterminate spinner is grey whatever the accent (Apple's `accentColor(_:)`: "Use
    /// the asset catalog's accent color or View.tint(_:) instead"; a tint overrides it).
    case accentColor(ColorValue)
    /// `font(_:)`.
    case font(FontValue)
    /// `fontWeight(_:)`: a weight applied to whatever font the text in the view resolves;
    /// `nil` removes one set higher in the view tree (SwiftUI's documentation of
    /// `View.fontWeight(_:)`).
    case fontWeight(SymbolWeight?)
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
    /// `environment(\.colorScheme, _:)`: the colours inside resolve in this appearance.
    case colorScheme(Appearance)
    /// `buttonStyle(_:)` with a built-in style: how every `Button` inside draws its label.
    case buttonStyle(ButtonStyleKind)
    /// A `Button`'s label: in the automatic and borderless styles its foreground is the tint
    /// (the accent colour by default), or red for a destructive role, unless a foreground
    /// style is set around it; in the plain style it is left as it is.
    case buttonLabel(destructive: Bool)
}

/// The built-in button styles a label's colour depends on.
///
/// On iOS, `DefaultButtonStyle` (`.automatic`) resolves to `BorderlessButtonStyle` outside
/// lists and forms: the label is drawn in the tint, the app's accent colour unless `tint(_:)`
/// says otherwise; `PlainButtonStyle` draws the label without the tint (SwiftUI's documentation
/// of `ButtonStyle`, `BorderlessButtonStyle` and `PlainButtonStyle`). A button at rest is
/// drawn; pressed and focused states never occur in a render.
public enum ButtonStyleKind: String, Hashable, Sendable {
    /// `.automatic` / `DefaultButtonStyle()`: borderless on iOS.
    case automatic
    /// `.borderless` / `BorderlessButtonStyle()`: the label in the tint.
    case borderless
    /// `.plain` / `PlainButtonStyle()`: the label as it is.
    case plain
}

/// Modifiers that act on the transactions passing to the content.
public enum TransactionModifier: Hashable, Sendable {
    /// `animation(_:)` (deprecated, `value` `nil`: every change) or `animation(_:value:)`
    /// (only transactions in which `value` changed); a `nil` animation removes animation.
    case animation(Animation?, value: StateValue?)
    /// `transaction { … }`.
    case edit(TransactionEdit)
    /// `transition(_:)`: how the view enters when a change inserts it and leaves when a change
    /// removes it (see ``ViewTransition``).
    case transition(ViewTransition)
}

/// `transition(_:)`: the state a view enters from when a change inserts it and leaves to when a
/// change removes it, animating between it and its own with the change's animation (SwiftUI's
/// `AnyTransition` documentation: `opacity`, `scale`, `offset`, `move(edge:)`, `slide`,
/// `push(from:)`, `combined(with:)`, `asymmetric(insertion:removal:)`, `animation(_:)`).
///
/// A view the first tree already holds appears as it is, as SwiftUI shows a view at once when
/// it is first displayed; a change without animation inserts and removes at once. A removed view
/// stays drawn, where it was, until its removal animation ends.
public struct ViewTransition: Hashable, Sendable {
    /// One side of a transition: how the view is drawn when it is not there.
    public struct State: Hashable, Sendable {
        /// Its opacity (`.opacity`: 0).
        public var opacity = 1.0
        /// Its scale (`.scale`: 0) about ``anchor``.
        public var scale = 1.0
        /// Where the scale is anchored.
        public var anchor = UnitPoint.center
        /// Its offset in points (`.offset(x:y:)`).
        public var offset = AnimatablePoint.zero
        /// Its offset in multiples of its own width and height (`.move(edge: .leading)`: (−1, 0)).
        public var ownSizeOffset = AnimatablePoint.zero

        /// No change.
        public init() {}

        /// Both at once: opacities and scales multiply, offsets add.
        public func combined(with other: State) -> State {
            var result = self
            result.opacity *= other.opacity
            if other.scale != 1 {
                result.scale *= other.scale
                result.anchor = other.anchor
            }
            result.offset = AnimatablePoint(x: offset.x + other.offset.x, y: offset.y + other.offset.y)
            result.ownSizeOffset = AnimatablePoint(x: ownSizeOffset.x + other.ownSizeOffset.x, y: ownSizeOffset.y + other.ownSizeOffset.y)
            return result
        }
    }

    /// Where an inserted view starts.
    public var insertion = State()
    /// Where a removed view ends.
    public var removal = State()
    /// `AnyTransition.animation(_:)`: the animation of the insertion and the removal, whatever
    /// the change's.
    public var animation: Animation?

    /// A transition that changes nothing (`.identity`).
    public init() {}

    /// `.opacity`: from transparent on insertion, to transparent on removal. It is SwiftUI's
    /// default for a view with no `transition(_:)` of its own ("By default, views transition on-
    /// and offscreen by fading in and out": Apple's SwiftUI tutorial "Animating views and
    /// transitions"); see ``ViewNode/withDefaultTransition``.
    public static let opacity: ViewTransition = {
        var faded = State()
        faded.opacity = 0
        return ViewTransition(both: faded)
    }()

    /// The same state both ways.
    public init(both state: State) {
        insertion = state
        removal = state
    }

    /// Both transitions at once (`combined(with:)`).
    public func combined(with other: ViewTransition) -> ViewTransition {
        var result = self
        result.insertion = insertion.combined(with: other.insertion)
        result.removal = removal.combined(with: other.removal)
        result.animation = animation ?? other.animation
        return result
    }
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
    /// `accentColor(_:)`.
    public static func accentColor(_ color: ColorValue) -> ViewModifier { .environment(.accentColor(color)) }
    /// `font(_:)`.
    public static func font(_ font: FontValue) -> ViewModifier { .environment(.font(font)) }
    /// `fontWeight(_:)`.
    public static func fontWeight(_ weight: SymbolWeight?) -> ViewModifier { .environment(.fontWeight(weight)) }
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
