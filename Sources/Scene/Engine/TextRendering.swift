import Raster
import Typography

/// The text modifiers in force in a view's environment.
struct TextEnvironment: Hashable, Sendable {
    var bold = false
    var italic = false
    var design: FontDesign?
    var monospacedDigit = false
    var kerning = 0.0
    var tracking = 0.0
    var baselineOffset = 0.0
    var textCase: TextCase?
    var lineLimit: Int?
    var alignment = TextAlignment.leading
    var minimumScaleFactor = 1.0
    var redacted = false

    mutating func apply(_ modifier: TextModifier) {
        switch modifier {
        case let .bold(flag): bold = flag
        case let .italic(flag): italic = flag
        case let .fontDesign(value): design = value
        case .monospacedDigit: monospacedDigit = true
        case let .kerning(value): kerning = value
        case let .tracking(value): tracking = value
        case let .baselineOffset(value): baselineOffset = value
        case let .textCase(value): textCase = value
        case let .lineLimit(value): lineLimit = value
        case let .multilineTextAlignment(value): alignment = value
        case let .minimumScaleFactor(value): minimumScaleFactor = value
        case let .redacted(flag): redacted = flag
        }
    }
}

extension SymbolWeight {
    /// The `Font.Weight` of the same name.
    var fontWeight: FontWeight {
        switch self {
        case .ultralight: .ultraLight
        case .thin: .thin
        case .light: .light
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        case .black: .black
        }
    }
}

/// A laid-out `Text` ready to draw: its glyphs, each span's own colour, and how it is painted.
struct TextDrawing: Hashable, Sendable {
    var layout: LaidOutText
    /// Per span: the colour written on that `Text` (`Text("a").foregroundColor(.red)`), resolved,
    /// or `nil` for the foreground in force.
    var spanColours: [RGBA8?]
    /// `foregroundStyle` with a gradient, painted across the text's frame.
    var gradient: GradientPaint?
    /// `redacted(reason: .placeholder)`: placeholder bars instead of glyphs.
    var redacted: Bool
    /// Per span: where that `Text` is written.
    var spanMarks: [SourceMark] = []
}

/// From SwiftUI's text vocabulary to ``TextLayout`` requests.
enum TextRendering {
    /// The font attributes of `piece` inside `environment`: the piece's own modifiers first,
    /// then the environment's, then the body style (17 pt regular).
    static func attributes(_ piece: TextPiece, _ environment: ViewEnvironment) -> TextAttributes {
        let font = piece.font ?? environment.font
        // The environment's weight modifies the font in force, the text's own too
        // (`VStack { Text("a").font(.title) }.fontWeight(.bold)` is a bold title).
        var weight = environment.weight ?? font?.weight ?? .regular
        if let own = piece.weight { weight = own }
        let bold = piece.bold ?? environment.text.bold
        var fontWeight = weight.fontWeight
        if bold && piece.weight == nil && fontWeight < .bold { fontWeight = .bold }
        return TextAttributes(
            size: font?.pointSize ?? 17, weight: fontWeight,
            design: piece.design ?? environment.text.design ?? font?.design ?? .default,
            italic: piece.italic ?? (environment.text.italic || font?.italic == true),
            monospacedDigits: piece.monospacedDigit ?? (environment.text.monospacedDigit || font?.monospacedDigit == true),
            kerning: piece.kerning ?? environment.text.kerning, tracking: piece.tracking ?? environment.text.tracking,
            baselineOffset: piece.baselineOffset ?? environment.text.baselineOffset, textCase: environment.text.textCase)
    }

    static func request(_ content: TextContent, _ environment: ViewEnvironment, _ proposal: Proposal) -> TextLayoutRequest {
        TextLayoutRequest(spans: content.pieces.map { TextSpan($0.text, attributes($0, environment)) },
                          width: proposal.width, height: proposal.height, lineLimit: environment.text.lineLimit,
                          alignment: environment.text.alignment, minimumScaleFactor: environment.text.minimumScaleFactor)
    }

    /// `content` laid out for `proposal` (remembered by ``TextLayout``).
    static func layout(_ content: TextContent, _ environment: ViewEnvironment, _ proposal: Proposal) -> LaidOutText {
        TextLayout.layout(request(content, environment, proposal))
    }

    /// The shear of an italic placeholder bar: none; bars are upright rounded rectangles.
    ///
    /// Placeholder bars (`redacted(reason: .placeholder)`): one per line, as long as the line's
    /// text and as tall as the line less 15 % above and below, with fully rounded ends, in the
    /// text's colour at 16 % opacity. SwiftUI documents only that the text is replaced by a
    /// placeholder of its size; these proportions are read off the documentation's screenshots
    /// (Hacking with Swift's "redacted" example, iOS 14 – 17), not measured on a device.
    static let placeholderInset = 0.15
    /// See ``placeholderInset``.
    static let placeholderOpacity = 0.16

    /// The placeholder bars of `layout`, in points from its frame's top-left corner.
    static func placeholderBars(_ layout: LaidOutText) -> [Rect] {
        layout.lines.compactMap { line in
            guard line.width > 0 else { return nil }
            let inset = line.height * placeholderInset
            return Rect(x: line.x, y: line.top + inset, width: line.width, height: line.height - 2 * inset)
        }
    }

    /// The outline of glyph `glyph`, in points from its frame's top-left corner.
    static func outline(_ glyph: PlacedGlyph) -> Path {
        guard let face = FontLibrary.shared.openedTypeface(glyph.face) else { return Path() }
        // x' = x·size − shear·y·size: y is down, so ink above the baseline leans right.
        let transform = AffineTransform(a: glyph.size, b: 0, c: -glyph.shear * glyph.size, d: glyph.size,
                                        tx: glyph.x, ty: glyph.baseline)
        return face.outline(of: glyph.glyph).applying(transform)
    }
}

extension ViewEngine {
    /// The font files the texts of every tree draw with, in ``FontLibrary/files`` order: what a
    /// reference should name so that it can say what drew it (`timeline --json`, `frames.json`).
    public var fonts: [FontFileInfo] {
        var faces = Set<Int>()
        for (_, program) in programs {
            for op in program.ops {
                guard case let .text(drawing) = op.item, !drawing.redacted else { continue }
                for glyph in drawing.layout.glyphs { faces.insert(glyph.face) }
            }
        }
        return faces.sorted().compactMap { FontLibrary.shared.openedTypeface($0)?.info }
    }
}
