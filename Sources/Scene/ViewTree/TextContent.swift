import Typography

/// The content of a `Text`: one piece per `Text` joined with `+`, each with the text modifiers
/// written on it (`Text("a").bold() + Text("b")`).
public struct TextContent: Hashable, Sendable {
    /// The pieces, in reading order.
    public var pieces: [TextPiece]

    /// A text of pieces.
    public init(_ pieces: [TextPiece]) { self.pieces = pieces }

    /// A text of one plain piece, written at `mark`.
    public init(_ text: String, at mark: SourceMark = .unknown) {
        var piece = TextPiece(text)
        piece.mark = mark
        self.init([piece])
    }

    /// Every piece's characters, joined.
    public var string: String { pieces.map(\.text).joined() }
}

/// One `Text` and the modifiers that return `Text` written on it; `nil` inherits the
/// environment's value.
public struct TextPiece: Hashable, Sendable {
    /// The characters (interpolations already evaluated).
    public var text: String
    /// `font(_:)`.
    public var font: FontValue?
    /// `fontWeight(_:)`.
    public var weight: SymbolWeight?
    /// `bold()`.
    public var bold: Bool?
    /// `italic()`.
    public var italic: Bool?
    /// `fontDesign(_:)`.
    public var design: FontDesign?
    /// `monospacedDigit()`.
    public var monospacedDigit: Bool?
    /// `kerning(_:)`, points.
    public var kerning: Double?
    /// `tracking(_:)`, points.
    public var tracking: Double?
    /// `baselineOffset(_:)`, points up.
    public var baselineOffset: Double?
    /// `foregroundColor(_:)` / `foregroundStyle(_:)` on the text.
    public var color: ColorValue?
    /// Where the `Text` is written, for a refusal that points at it.
    public var mark = SourceMark.unknown

    /// A piece with nothing of its own.
    public init(_ text: String) { self.text = text }
}

/// A text modifier as a view modifier: inherited by every `Text` inside the view.
public enum TextModifier: Hashable, Sendable {
    /// `bold(_:)`.
    case bold(Bool)
    /// `italic(_:)`.
    case italic(Bool)
    /// `fontDesign(_:)`.
    case fontDesign(FontDesign)
    /// `monospacedDigit()`.
    case monospacedDigit
    /// `kerning(_:)`, points.
    case kerning(Double)
    /// `tracking(_:)`, points.
    case tracking(Double)
    /// `baselineOffset(_:)`, points up.
    case baselineOffset(Double)
    /// `textCase(_:)`; `nil` is as written.
    case textCase(TextCase?)
    /// `lineLimit(_:)`; `nil` is no limit.
    case lineLimit(Int?)
    /// `multilineTextAlignment(_:)`.
    case multilineTextAlignment(TextAlignment)
    /// `minimumScaleFactor(_:)`, 0…1.
    case minimumScaleFactor(Double)
    /// `redacted(reason: .placeholder)` (true) / `redacted(reason: [])` and `unredacted()` (false).
    case redacted(Bool)

    /// A small number per case, for identities.
    var kind: Int {
        switch self {
        case .bold: 0
        case .italic: 1
        case .fontDesign: 2
        case .monospacedDigit: 3
        case .kerning: 4
        case .tracking: 5
        case .baselineOffset: 6
        case .textCase: 7
        case .lineLimit: 8
        case .multilineTextAlignment: 9
        case .minimumScaleFactor: 10
        case .redacted: 11
        }
    }
}

/// `ProgressView(value:total:)`, `ProgressView("Title", value:total:)`, `ProgressView("Label")`
/// and `ProgressView { label }`: the indicator (a linear bar with a value, the circular spinner
/// without) with an optional label.
public struct ProgressContent: Hashable, Sendable {
    /// The completed fraction, clamped to 0…1; `nil` is indeterminate.
    public var fraction: Double?
    /// The label view (`Text` for a title), or `nil`. Stored in an array: a struct holding an
    /// optional of the indirect enum that holds it trips Swift's layout of the enum (a crash
    /// on release in code built for testing, Swift 6.3).
    private var labels: [ViewNode]
    /// See ``labels``.
    public var label: ViewNode? {
        get { labels.first }
        set { labels = newValue.map { [$0] } ?? [] }
    }
    /// `.progressViewStyle(.circular)` on a determinate value draws the spinner on iOS, not a
    /// ring, and `.linear` without one an empty track; both are kept as written.
    public var style: ProgressStyle

    /// A progress view.
    public init(fraction: Double?, label: ViewNode?, style: ProgressStyle = .automatic) {
        self.fraction = fraction.map { min(1, max(0, $0.isFinite ? $0 : 0)) }
        self.labels = label.map { [$0] } ?? []
        self.style = style
    }
}

/// `ProgressViewStyle`s.
public enum ProgressStyle: String, Hashable, Sendable {
    /// `.automatic`: linear with a value, circular without.
    case automatic
    case linear
    case circular
}
