import Motion
import Scene

/// A value the interpreter computed, with its SwiftUI type.
enum Value {
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// Degrees.
    case angle(Double)
    case string(String)
    case color(ColorValue)
    /// `nil`: no animation (`.animation(nil)`, `$0.animation = nil`).
    case animation(Animation?)
    case unitPoint(UnitPoint)
    case alignment(Alignment)
    case edges(Edges)
    case font(FontValue)
    case weight(SymbolWeight)
    case imageScale(SymbolScale)
    case controlSize(ControlSize)
    case lineCap(LineCap)
    /// `StrokeStyle(…)`; `mitred` tells whether a corner is drawn with a miter join, the only
    /// join the renderer draws (`lineJoin: .miter` with a `miterLimit` of at least √2, as a
    /// `Rectangle`'s right angles need).
    case strokeStyle(StrokeStyle, mitred: Bool)
    /// `CGLineJoin`: `miter`, `round` or `bevel`.
    case lineJoin(String)
    /// `DispatchTime`: seconds after the action runs.
    case deadline(Double)
    /// `lower..<upper` (`a...b` is stored as `a..<b+1`): the integers a `ForEach` walks.
    case range(lower: Int, upper: Int)

    var type: ValueType {
        switch self {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .angle: .angle
        case .string: .string
        case .color: .color
        case .animation: .animation
        case .unitPoint: .unitPoint
        case .alignment: .alignment
        case .edges: .edges
        case .font: .font
        case .weight: .weight
        case .imageScale: .imageScale
        case .controlSize: .controlSize
        case .lineCap: .lineCap
        case .strokeStyle: .strokeStyle
        case .lineJoin: .lineJoin
        case .deadline: .deadline
        case .range: .range
        }
    }

    /// The value as `.animation(_:value:)` compares it, for the state types.
    var stateValue: StateValue? {
        switch self {
        case let .bool(flag): .bool(flag)
        case let .int(number): .int(number)
        case let .double(number): .double(number)
        case let .angle(degrees): .angle(degrees: degrees)
        default: nil
        }
    }

    /// Equality for deciding whether an assignment changed the state.
    func same(as other: Value) -> Bool { stateValue != nil && stateValue == other.stateValue }
}

/// `Edge.Set`.
struct Edges: OptionSet {
    let rawValue: Int
    static let top = Edges(rawValue: 1)
    static let leading = Edges(rawValue: 2)
    static let bottom = Edges(rawValue: 4)
    static let trailing = Edges(rawValue: 8)
    static let horizontal: Edges = [.leading, .trailing]
    static let vertical: Edges = [.top, .bottom]
    static let all: Edges = [.top, .leading, .bottom, .trailing]

    func insets(_ length: Double) -> EdgeInsets {
        EdgeInsets(
            top: contains(.top) ? length : 0, leading: contains(.leading) ? length : 0,
            bottom: contains(.bottom) ? length : 0, trailing: contains(.trailing) ? length : 0
        )
    }
}

/// The types an expression can have; the raw value is SwiftUI's spelling, for messages.
enum ValueType: String {
    case bool = "Bool"
    case int = "Int"
    case double = "Double"
    case angle = "Angle"
    case string = "String"
    case color = "Color"
    case animation = "Animation"
    case unitPoint = "UnitPoint"
    case alignment = "Alignment"
    case horizontalAlignment = "HorizontalAlignment"
    case verticalAlignment = "VerticalAlignment"
    case edges = "Edge.Set"
    case font = "Font"
    case weight = "Font.Weight"
    case imageScale = "Image.Scale"
    case controlSize = "ControlSize"
    case lineCap = "CGLineCap"
    case strokeStyle = "StrokeStyle"
    case lineJoin = "CGLineJoin"
    case deadline = "DispatchTime"
    /// `DispatchTimeInterval` or seconds, after `.now() +`.
    case timeInterval = "DispatchTimeInterval"
    case range = "Range<Int>"

    /// The type a written type name means (`CGFloat` is a `Double` here).
    static func named(_ name: String) -> ValueType? {
        switch name {
        case "Bool": .bool
        case "Int": .int
        case "Double", "CGFloat", "Float": .double
        case "Angle": .angle
        case "String": .string
        case "Color": .color
        case "Animation": .animation
        case "UnitPoint": .unitPoint
        case "Alignment": .alignment
        case "HorizontalAlignment": .horizontalAlignment
        case "VerticalAlignment": .verticalAlignment
        case "Edge.Set": .edges
        case "Font": .font
        case "Font.Weight": .weight
        case "Image.Scale": .imageScale
        case "ControlSize": .controlSize
        case "CGLineCap": .lineCap
        case "StrokeStyle": .strokeStyle
        case "DispatchTime": .deadline
        default: nil
        }
    }

    /// The value an alignment type stores (stack alignments are alignments on one axis).
    var isAlignment: Bool { self == .alignment || self == .horizontalAlignment || self == .verticalAlignment }
}

/// SwiftUI's colour names (`Color.orange` …), as `ColorValue.system`.
let colorNames = [
    "primary", "secondary", "accentColor", "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint",
    "orange", "pink", "purple", "red", "teal", "white", "yellow",
]

/// Text styles at the iOS default Dynamic Type size (Large), points and weight (Apple's Human
/// Interface Guidelines, "Typography": Specifications, iOS).
let textStyles: [String: FontValue] = [
    "largeTitle": FontValue(pointSize: 34), "title": FontValue(pointSize: 28), "title2": FontValue(pointSize: 22),
    "title3": FontValue(pointSize: 20), "headline": FontValue(pointSize: 17, weight: .semibold),
    "body": FontValue(pointSize: 17), "callout": FontValue(pointSize: 16), "subheadline": FontValue(pointSize: 15),
    "footnote": FontValue(pointSize: 13), "caption": FontValue(pointSize: 12), "caption2": FontValue(pointSize: 11),
]

/// `Font.Weight` names as SwiftUI spells them (`ultraLight`; `ultralight` is also read, as the
/// built-in source's shaping writes it).
let weightNames: [String: SymbolWeight] = [
    "ultraLight": .ultralight, "ultralight": .ultralight, "thin": .thin, "light": .light, "regular": .regular,
    "medium": .medium, "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
]

/// `UnitPoint` / `Alignment` names as (x, y) fractions.
let pointNames: [String: (Double, Double)] = [
    "topLeading": (0, 0), "top": (0.5, 0), "topTrailing": (1, 0), "leading": (0, 0.5), "center": (0.5, 0.5),
    "trailing": (1, 0.5), "bottomLeading": (0, 1), "bottom": (0.5, 1), "bottomTrailing": (1, 1),
]
