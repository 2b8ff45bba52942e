import Motion
import Scene
import SwiftCode

/// A view as SwiftUI code describes it, before it is placed in the view tree: what `Circle()`,
/// `VStack { … }`, `Spinner()` and `.padding()` evaluate to.
///
/// It is lazy where SwiftUI is: a view of the file's own keeps its struct value, and its body is
/// evaluated when the ``ViewResolver`` places it (so it gets the state of its place in the tree);
/// a `ForEach` keeps its elements and content closure. Everything else is already a
/// ``Scene/ViewNode``.
indirect enum ViewDescription: NativeValue {
    /// A finished view without views of the file's own inside: an image, a colour, a
    /// `ProgressView`.
    case leaf(ViewNode, typeName: String)
    /// A shape; `painted` once `fill` or `stroke` made it a plain view (no more shape modifiers).
    case shape(ShapeView, painted: Bool)
    /// `VStack`, `HStack`, `ZStack`, `ViewThatFits`: the content is the builder's block.
    case stack(StackAxis, alignment: Alignment, spacing: Double?, content: ViewDescription)
    /// Several views side by side (a builder block, a `Group`): flattened into the container.
    case group([ViewDescription])
    /// The taken branch of an `if`/`switch` in a builder (`nil`: an `if` without `else` not taken).
    case branch(Int, ViewDescription?)
    /// A view of the file's own, not yet evaluated, and where it is made; or a style of the
    /// file's own applied to a control, whose `makeBody(configuration:)` is called with
    /// `makeBody`'s value in place of `body` (SwiftUI gives a style's `@State` a place in the view
    /// tree, as it does a view's).
    case user(Instance, at: SourceLocation, makeBody: Value? = nil)
    /// A view with a modifier.
    case modified(ViewDescription, ModifierDescription)
    /// `ForEach(data) { element in … }`: the elements, their identities, the content closure.
    case forEach(elements: [Value], identities: [String], content: Function, at: SourceLocation)
    /// `ProgressView` with a value or a label: the bar (or spinner) and its label, placed later.
    case progress(fraction: Double?, label: ViewDescription?, style: Scene.ProgressStyle)
    /// `EmptyView()`.
    case empty
    /// `GeometryReader { proxy in … }`: the content closure, called when the reader is placed
    /// with the size the layout gives it.
    case geometryReader(content: Function, at: SourceLocation)
    /// `TimelineView(schedule) { context in … }`: the content closure, called each time the tree
    /// is made, with `context.date` the render's clock then; `intervalSeconds` is how often the
    /// schedule asks for a new tree (`nil`: paused). Made lazily, as SwiftUI calls the content at
    /// each update, so a timeline at the root of a preview or of a `--view` expression, or
    /// returned by a `View` extension, updates too.
    case timeline(intervalSeconds: Double?, content: Function, at: SourceLocation)
    /// `Grid(alignment:horizontalSpacing:verticalSpacing:) { … }`.
    case grid(alignment: Alignment, horizontalSpacing: Double?, verticalSpacing: Double?, content: ViewDescription)
    /// `GridRow(alignment:) { … }`: a vertical alignment (its ``Alignment/vertical`` and
    /// ``Alignment/baseline``) or `nil`.
    case gridRow(alignment: Alignment?, content: ViewDescription)
    /// `LazyVGrid(columns:alignment:spacing:) { … }`: the columns, the cells' alignment, the
    /// space between rows.
    case lazyVGrid(columns: [GridItemSpec], alignment: Alignment, spacing: Double?, content: ViewDescription)

    var nativeTypeName: String {
        switch self {
        case let .leaf(_, typeName): typeName
        case let .shape(shape, painted):
            if painted { "_ShapeView" } else {
                switch shape.kind {
                case .circle: "Circle"
                case .capsule: "Capsule"
                case .rectangle: "Rectangle"
                case .roundedRectangle: "RoundedRectangle"
                case .styledRectangle: "RoundedRectangle"
                case .continuousCapsule: "Capsule"
                case .ellipse: "Ellipse"
                // A file's own shape after a shape modifier, or a path: a shape of the library's
                // (`_TrimmedShape<WaveShape>` in SwiftUI), with every shape modifier.
                case .custom: "_Shape"
                }
            }
        case let .stack(axis, _, _, _):
            switch axis {
            case .vertical: "VStack"
            case .horizontal: "HStack"
            case .depth: "ZStack"
            case .fitting: "ViewThatFits"
            }
        case .group: "TupleView"
        case .branch: "_ConditionalContent"
        case .user: "_UserView"
        // `Image.resizable()` returns an `Image`, which `renderingMode(_:)` and the other
        // image methods may follow.
        case let .modified(content, modifier):
            if case .node(.layout(.resizable)) = modifier { content.nativeTypeName } else { "ModifiedContent" }
        case .forEach: "ForEach"
        case .progress: "ProgressView"
        case .empty: "EmptyView"
        case .geometryReader: "GeometryReader"
        case .timeline: "TimelineView"
        case .grid: "Grid"
        case .gridRow: "GridRow"
        case .lazyVGrid: "LazyVGrid"
        }
    }

    func isEqual(to other: any NativeValue) -> Bool { false }

    /// The views and modifiers one builder statement writes: the modifiers of its chain and the
    /// view they modify (whatever a stack's or `ForEach`'s own builder holds was counted there).
    var writtenNodes: Int {
        var count = 1
        var description = self
        while case let .modified(inner, _) = description {
            count += 1
            description = inner
        }
        return count
    }
}

/// A modifier as written, before the view it modifies is placed.
indirect enum ModifierDescription {
    /// A modifier the view tree holds (`rotationEffect`, `padding`, `animation` …).
    case node(ViewModifier)
    /// `.background(content)` / `.overlay(content)`: a view placed in the modified one's
    /// bounds by `alignment`, behind it or (`over`) over it.
    case decoration(ViewDescription, alignment: Alignment, over: Bool)
    /// `.mask { }`, `.clipShape(_:)` …: the view whose alpha keeps the modified one.
    case mask(ViewDescription, alignment: Alignment)
    /// `.onAppear { }`.
    case onAppear(Function)
    /// `.onReceive(publisher) { value in }`.
    case onReceive(PublisherValue, Function)
    /// `.task { }`.
    case task(Function)
    /// `.onChange(of: value) { … }`: the value as this update reads it.
    case onChange(Value, initial: Bool, action: Function, form: ChangeActionForm)
    /// `.modifier(MyModifier())`: a `ViewModifier` of the file's own; its `body(content:)` is
    /// evaluated when the view is placed; where `.modifier(…)` is written.
    case custom(Value, at: SourceLocation)
    /// `.animation(_:value:)`, whose value is compared between trees by its description.
    case animation(Animation?, value: Value?)
    /// `.transaction { $0.animation = … }`.
    case transaction(Function, at: SourceLocation)
    /// `.previewDisplayName`, `.previewLayout`, `.preferredColorScheme`: read by the preview
    /// that shows the view (``SwiftUILibrary/previewVariants(_:evaluator:traits:)``) and, for
    /// the colour scheme, by the window (``Scene/ViewScript/preferredAppearance``).
    case preview(PreviewModifier)
}

/// `@ViewBuilder`: a block's views as one view (a ``ViewDescription/group(_:)``), branches as
/// ``ViewDescription/branch(_:_:)``.
struct ViewBuilder: ResultBuilder {
    /// The library, whose definitions hold this builder: it outlives every use, so the
    /// reference is not checked (each check retained and released the library, for every
    /// statement of every body).
    unowned(unsafe) let library: SwiftUILibrary

    func buildBlock(_ components: [Value], at location: SourceLocation) throws(Interrupt) -> Value {
        // One view (most bodies, a statement built already): the value itself, made again
        // neither in an array nor in a box of its own.
        if components.count == 1 {
            if Self.isView(components[0]) { return components[0] }
            return .native(try library.view(components[0], at: location))
        }
        var views: [ViewDescription] = []
        views.reserveCapacity(components.count)
        for component in components {
            views.append(try library.view(component, at: location))
        }
        return .native(ViewDescription.group(views))
    }

    /// Whether `value` is a view description already (what ``SwiftUILibrary/view(_:at:)``
    /// gives as it is).
    private static func isView(_ value: Value) -> Bool {
        if case let .native(native) = value { native.exactly(ViewDescription.self) != nil } else { false }
    }

    func buildBranch(_ component: Value?, branch: Int, of count: Int, at location: SourceLocation) throws(Interrupt) -> Value {
        .native(ViewDescription.branch(branch, try component.map { (value) throws(Interrupt) in try library.view(value, at: location) }))
    }

    /// Checks the statement is a view, and counts it with its modifiers against
    /// ``ViewResolver/maximumNodes``: the cheap early refusal, at the view that crosses the cap,
    /// before thousands of literal views (or a `ForEach`'s content) are placed.
    func buildExpression(_ value: Value, at location: SourceLocation) throws(Interrupt) -> Value {
        let view = try library.view(value, at: location)
        library.writtenViews += view.writtenNodes
        if library.writtenViews > ViewResolver.maximumNodes {
            throw .error(ViewResolver.capMessage, at: location)
        }
        // A view description already: the value as it is, not boxed again.
        return Self.isView(value) ? value : .native(view)
    }
}

/// A Combine publisher the file subscribes to with `.onReceive`: a timer's period, or a
/// subject of the file's that emits when the code sends into it.
struct PublisherValue: NativeValue, Equatable {
    /// `Timer.publish(every:)`'s interval in seconds.
    var intervalSeconds: Double
    /// `.autoconnect()` was called (a timer that is never connected never fires).
    var isConnected: Bool
    /// The subject, for a `PassthroughSubject`, `CurrentValueSubject` or `Just`.
    var subject: SubjectValue? = nil
    var nativeTypeName: String { subject?.nativeTypeName ?? (isConnected ? "Publishers.Autoconnect" : "Timer.TimerPublisher") }
}

/// A Combine subject made by the file (`PassthroughSubject<Output, Never>()`,
/// `CurrentValueSubject(initial)`, `Just(value)`): a reference, as Combine's are, so every view
/// holding it sends into and receives from the same one.
final class SubjectValue: NativeValue, Equatable, @unchecked Sendable {
    enum Kind: String { case passthrough = "PassthroughSubject", currentValue = "CurrentValueSubject", just = "Just" }
    let kind: Kind
    /// Its number in the run, which orders its subscribers' deliveries deterministically.
    let serial: Int
    /// The value a `CurrentValueSubject` holds (its latest) or a `Just` emits.
    var current: Value?

    init(_ kind: Kind, serial: Int, current: Value? = nil) {
        self.kind = kind
        self.serial = serial
        self.current = current
    }

    var nativeTypeName: String { kind.rawValue }
    static func == (a: SubjectValue, b: SubjectValue) -> Bool { a === b }
}

/// A `Date` on the render's clock: seconds since the views appeared.
struct DateValue: NativeValue, Equatable {
    var seconds: Double
    var nativeTypeName: String { "Date" }
}

/// `ProgressViewStyleConfiguration`: what a custom style's `makeBody(configuration:)` reads.
struct ProgressConfiguration: NativeValue {
    /// `fractionCompleted`: the value over the total, `nil` when indeterminate.
    var fraction: Double?
    /// `label`, if the progress view has one.
    var label: ViewDescription?
    var nativeTypeName: String { "ProgressViewStyleConfiguration" }
    func isEqual(to other: any NativeValue) -> Bool {
        guard let other = other as? ProgressConfiguration else { return false }
        return fraction == other.fraction && label == nil && other.label == nil
    }
}

/// A `Timer` made by `Timer.scheduledTimer`: its number in the runner's table.
struct TimerValue: NativeValue, Equatable {
    var serial: Int
    var nativeTypeName: String { "Timer" }
}

/// The colour types: `Color` and `ShapeStyle` values that are colours.
struct ColorBox: NativeValue, Equatable {
    var color: ColorValue
    /// For a colour read as Xcode's generated symbol of a colour set (`Color.brand`), the
    /// symbol: a member asked of it (`Color.theme.accent`) more likely means that the file's
    /// project declares `Color.theme` in another file.
    var generatedSymbol: String?
    var nativeTypeName: String { "Color" }

    init(color: ColorValue, generatedSymbol: String? = nil) {
        self.color = color
        self.generatedSymbol = generatedSymbol
    }

    static func == (lhs: ColorBox, rhs: ColorBox) -> Bool { lhs.color == rhs.color }

    func missingMemberNote(_ name: String) -> String? {
        guard let symbol = generatedSymbol else { return nil }
        return ": 'Color.\(symbol)' is not declared in this file and was read as the colour of an asset '\(symbol)' "
            + "(Xcode's generated symbol); is 'Color.\(symbol)' declared in another file of the project?"
    }
}

/// A material used as a shape style (`.ultraThinMaterial` …).
struct MaterialBox: NativeValue, Equatable {
    var material: Material
    var nativeTypeName: String { "Material" }
}

/// A gradient used as a shape style.
struct GradientBox: NativeValue, Equatable {
    var paint: GradientPaint
    var typeName: String
    var nativeTypeName: String { typeName }
}

/// `Gradient(colors:)` / `Gradient(stops:)`.
struct GradientStops: NativeValue, Equatable {
    var stops: [GradientPaint.Stop]
    var nativeTypeName: String { "Gradient" }
}

/// `Gradient.Stop(color:location:)`.
struct GradientStopBox: NativeValue, Equatable {
    var stop: GradientPaint.Stop
    var nativeTypeName: String { "Gradient.Stop" }
}

/// A value of one of SwiftUI's small value types, boxed with its type's name.
struct Boxed<T: Equatable>: NativeValue, Equatable {
    var value: T
    var typeName: String
    var nativeTypeName: String { typeName }
}

/// `Angle`, in degrees.
struct AngleValue: NativeValue, Equatable {
    var degrees: Double
    var nativeTypeName: String { "Angle" }
}

/// `Animation`, or `nil` animation where a `Animation?` was written.
struct AnimationBox: NativeValue, Equatable {
    var animation: Animation
    var nativeTypeName: String { "Animation" }
}

/// `Transaction` in `.transaction { }` and `withTransaction`.
struct TransactionBox: NativeValue, Equatable {
    var edit: TransactionEdit
    var nativeTypeName: String { "Transaction" }
}

/// `DispatchTime` (seconds after now) and `DispatchTimeInterval`.
struct DeadlineValue: NativeValue, Equatable {
    var seconds: Double
    var nativeTypeName: String { "DispatchTime" }
}
