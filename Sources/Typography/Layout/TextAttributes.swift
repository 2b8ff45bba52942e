/// `Text.Case`.
public enum TextCase: String, Hashable, Sendable {
    case uppercase, lowercase
}

/// `TextAlignment` (`multilineTextAlignment`): where each line sits in the text's frame.
public enum TextAlignment: String, Hashable, Sendable {
    case leading, center, trailing

    /// 0 leading, 0.5 centre, 1 trailing.
    public var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}

/// The SwiftUI text styles at iOS's default Dynamic Type size (Large): point size and weight,
/// from Apple's Human Interface Guidelines, "Typography", Specifications, iOS/iPadOS Dynamic
/// Type sizes, Large (default): Large Title 34, Title 1 28, Title 2 22, Title 3 20, Headline 17
/// Semibold, Body 17, Callout 16, Subhead 15, Footnote 13, Caption 1 12, Caption 2 11, all
/// Regular but Headline.
public enum TextStyleName: String, CaseIterable, Hashable, Sendable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    /// Point size at the default Dynamic Type size.
    public var pointSize: Double {
        switch self {
        case .largeTitle: 34
        case .title: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption: 12
        case .caption2: 11
        }
    }

    /// Weight (Headline is Semibold, every other style Regular).
    public var weight: FontWeight { self == .headline ? .semibold : .regular }
}

/// How one span of text is drawn: the font and the spacing modifiers.
public struct TextAttributes: Hashable, Sendable {
    /// Point size.
    public var size: Double
    /// Weight.
    public var weight: FontWeight
    /// Design.
    public var design: FontDesign
    /// `italic()`.
    public var italic: Bool
    /// `monospacedDigit()`: tabular figures (the OpenType `tnum` feature).
    public var monospacedDigits: Bool
    /// `kerning(_:)`, points added after each character.
    public var kerning: Double
    /// `tracking(_:)`, points added after each character; non-zero tracking also turns off
    /// the optional ligatures, as Core Text does.
    public var tracking: Double
    /// `baselineOffset(_:)`, points up.
    public var baselineOffset: Double
    /// `textCase(_:)`; `nil` leaves the text as written.
    public var textCase: TextCase?

    /// Attributes; the defaults are the body style (17 pt regular, `.default` design).
    public init(size: Double = 17, weight: FontWeight = .regular, design: FontDesign = .default, italic: Bool = false,
                monospacedDigits: Bool = false, kerning: Double = 0, tracking: Double = 0, baselineOffset: Double = 0,
                textCase: TextCase? = nil) {
        self.size = size
        self.weight = weight
        self.design = design
        self.italic = italic
        self.monospacedDigits = monospacedDigits
        self.kerning = kerning
        self.tracking = tracking
        self.baselineOffset = baselineOffset
        self.textCase = textCase
    }
}

/// A run of text with one set of attributes; `Text + Text` makes several.
public struct TextSpan: Hashable, Sendable {
    /// The characters.
    public var text: String
    /// How they are drawn.
    public var attributes: TextAttributes

    /// A span.
    public init(_ text: String, _ attributes: TextAttributes = TextAttributes()) {
        self.text = text
        self.attributes = attributes
    }
}
