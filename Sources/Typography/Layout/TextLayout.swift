import Synchronization

/// A text layout request: spans, the proposed size and the line rules.
public struct TextLayoutRequest: Hashable, Sendable {
    /// The text, span by span.
    public var spans: [TextSpan]
    /// The proposed width in points; `nil` or infinite: lines break only at newlines.
    public var width: Double?
    /// The proposed height in points; a finite height keeps only the lines that fit (at least one).
    public var height: Double?
    /// `lineLimit(_:)`; `nil` is no limit.
    public var lineLimit: Int?
    /// `multilineTextAlignment(_:)`.
    public var alignment: TextAlignment
    /// `minimumScaleFactor(_:)`: how far the font may shrink (0…1) before text is truncated.
    public var minimumScaleFactor: Double

    /// A request.
    public init(spans: [TextSpan], width: Double? = nil, height: Double? = nil, lineLimit: Int? = nil,
                alignment: TextAlignment = .leading, minimumScaleFactor: Double = 1) {
        self.spans = spans
        self.width = width
        self.height = height
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.minimumScaleFactor = minimumScaleFactor
    }
}

/// One glyph placed in a text's frame.
public struct PlacedGlyph: Hashable, Sendable {
    /// The face's number in ``FontLibrary/files``.
    public var face: Int
    /// The glyph's number in the face.
    public var glyph: UInt32
    /// The glyph origin's distance from the frame's left edge, in points.
    public var x: Double
    /// The baseline's distance from the frame's top edge, in points (y down).
    public var baseline: Double
    /// The em size, in points (the font size times the layout's scale).
    public var size: Double
    /// The shear of a synthesized italic (0 when upright or a true italic).
    public var shear: Double
    /// The span the glyph comes from.
    public var span: Int
    /// Whether it is a colour bitmap (emoji) rather than an outline.
    public var isColor: Bool
}

/// One laid-out line.
public struct TextLine: Hashable, Sendable {
    /// Its top, in points from the frame's top.
    public var top: Double
    /// Its height: SF Pro's line height for the largest font on it.
    public var height: Double
    /// Its baseline, in points from the frame's top.
    public var baseline: Double
    /// Its left edge and ink width (trailing spaces left out), in points.
    public var x: Double
    /// See ``x``.
    public var width: Double
}

/// A text laid out: its size, lines and glyphs.
public struct LaidOutText: Hashable, Sendable {
    /// The frame's width: the widest line, in points.
    public var width: Double
    /// The frame's height: the lines' heights added, in points.
    public var height: Double
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// Every glyph, in reading order.
    public var glyphs: [PlacedGlyph]
    /// The scale applied to every font to fit (`minimumScaleFactor`), 1 when none was needed.
    public var scale: Double
    /// Whether lines or characters were dropped (and an ellipsis drawn).
    public var truncated: Bool
}

/// Line breaking and placement with SF Pro's vertical metrics.
///
/// The glyphs are the stand-in fonts' (``FontLibrary``), but each line is as tall as the
/// system font's line on a device, so a `Text` takes the space it takes on an iPhone: SF Pro's
/// `hhea` ascender is 1950 and descender 494 on 2048 units per em, a line height of
/// 2444/2048 = 1.1934 × the point size (`UIFont.systemFont(ofSize: 17).lineHeight` is 20.29),
/// with the baseline 1950/2048 × the size below the line's top. Widths are the stand-ins'
/// advances: those differ from SF Pro's (Inter runs about 3 % wider at text sizes).
///
/// Lines break after spaces (a word longer than the line breaks between characters) and at
/// newlines; lines that do not fit (`lineLimit`, the proposed height) are dropped and the last
/// kept line ends in "…", as SwiftUI's default truncation at the tail does. With a
/// `minimumScaleFactor` below 1, the fonts shrink first, to the largest scale (in steps of
/// 1/64) at which the text fits.
public enum TextLayout {
    /// SF Pro's ascender in font units (of 2048).
    public static let ascender = 1950.0 / 2048
    /// SF Pro's descender in font units (of 2048).
    public static let descender = 494.0 / 2048
    /// Line height per point of size: (1950 + 494) / 2048.
    public static var lineHeightFactor: Double { ascender + descender }

    private static let cache = Mutex<[TextLayoutRequest: LaidOutText]>([:])
    private static let cacheLimit = 4096

    /// `request` laid out (remembered: a text is shaped once per request).
    public static func layout(_ request: TextLayoutRequest) -> LaidOutText {
        if let known = cache.withLock({ $0[request] }) { return known }
        let result = compute(request)
        cache.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll() }
            cache[request] = result
        }
        return result
    }

    /// One shaped glyph before line breaking, at scale 1.
    struct Item {
        var face: Int
        var glyph: UInt32
        var advance: Double
        var xOffset: Double
        var yOffset: Double
        var shear: Double
        var span: Int
        var isColor: Bool
        /// A break may follow this glyph (it ends in a space).
        var breakAfter: Bool
        /// The glyph is a space (no width at a line's end).
        var isSpace: Bool
        /// A newline: the line ends here and the glyph is not drawn.
        var isNewline: Bool
    }

    /// The scalars of every span after `textCase`, split into runs of one span and one face.
    static func items(_ spans: [TextSpan]) -> [Item] {
        let library = FontLibrary.shared
        var items: [Item] = []
        for (spanIndex, span) in spans.enumerated() {
            let a = span.attributes
            var text = span.text
            switch a.textCase {
            case .uppercase?: text = text.uppercased()
            case .lowercase?: text = text.lowercased()
            case nil: break
            }
            let (primaryIndex, synthetic) = FontLibrary.face(design: a.design, weight: a.weight, italic: a.italic)
            guard let primary = library.openedTypeface(primaryIndex) else { continue }
            let emoji = library.openedTypeface(FontLibrary.emojiFace)
            // Runs of one face: a scalar the primary face lacks goes to the emoji face, with the
            // joiners, variation selectors and skin-tone modifiers after it.
            var runs: [(face: Int, scalars: [UInt32])] = []
            for scalar in text.unicodeScalars {
                let value = scalar.value
                let joins = value == 0x200D || value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(value) || (0xE0020...0xE007F).contains(value)
                var face = primaryIndex
                if let last = runs.last, last.face == FontLibrary.emojiFace, joins {
                    face = FontLibrary.emojiFace
                } else if value != 0x0A, primary.glyph(for: scalar) == nil, emoji?.glyph(for: scalar) != nil {
                    face = FontLibrary.emojiFace
                }
                if runs.last?.face == face { runs[runs.count - 1].scalars.append(value) } else { runs.append((face, [value])) }
            }
            var features: [String] = []
            if a.monospacedDigits { features.append("tnum") }
            if a.tracking != 0 { features.append("liga=0") }
            for run in runs {
                guard let typeface = library.openedTypeface(run.face) else { continue }
                let perUnit = a.size / Double(typeface.unitsPerEm)
                let isColor = typeface.hasColorGlyphs
                let shaped = typeface.shape(run.scalars, features: features)
                for (position, glyph) in shaped.enumerated() {
                    let scalar = run.scalars[min(glyph.cluster, run.scalars.count - 1)]
                    // The last glyph of a cluster carries the cluster's spacing.
                    let endsCluster = position + 1 == shaped.count || shaped[position + 1].cluster != glyph.cluster
                    let isSpace = scalar == 0x20 || scalar == 0x09 || scalar == 0xA0 || scalar == 0x3000
                    let isNewline = scalar == 0x0A
                    let spacing = endsCluster ? a.kerning + a.tracking : 0
                    items.append(Item(face: run.face, glyph: glyph.id,
                                      advance: isNewline ? 0 : Double(glyph.xAdvance) * perUnit + spacing,
                                      xOffset: Double(glyph.xOffset) * perUnit,
                                      yOffset: Double(glyph.yOffset) * perUnit - a.baselineOffset,
                                      shear: synthetic && run.face == primaryIndex ? FontLibrary.syntheticObliqueShear : 0,
                                      span: spanIndex, isColor: isColor,
                                      breakAfter: endsCluster && (isSpace && scalar != 0xA0 || scalar == 0x2D || scalar == 0x2010),
                                      isSpace: isSpace, isNewline: isNewline))
                }
            }
        }
        return items
    }

    static func compute(_ request: TextLayoutRequest) -> LaidOutText {
        let items = items(request.spans)
        let width = request.width.flatMap { $0.isFinite ? max(0, $0) : nil }
        let first = arrange(items, request, width: width, scale: 1)
        let floor = min(1, max(0.01, request.minimumScaleFactor))
        guard first.truncated, floor < 1 else { return first }
        // The largest scale, in 1/64 steps down to the floor, at which nothing is cut.
        var low = Int((floor * 64).rounded(.up)), high = 63
        var best: LaidOutText?
        while low <= high {
            let middle = (low + high) / 2
            let attempt = arrange(items, request, width: width, scale: Double(middle) / 64)
            if attempt.truncated { high = middle - 1 } else { best = attempt; low = middle + 1 }
        }
        return best ?? arrange(items, request, width: width, scale: floor)
    }

    /// Breaks `items` into lines at `scale` and places them.
    static func arrange(_ items: [Item], _ request: TextLayoutRequest, width: Double?, scale: Double) -> LaidOutText {
        // Lines as ranges of items.
        var lines: [Range<Int>] = []
        var start = 0
        var lineWidth = 0.0
        var lastBreak: Int?
        var index = 0
        let limit = width.map { $0 + 1e-9 }
        while index < items.count {
            let item = items[index]
            if item.isNewline {
                lines.append(start..<index + 1)
                start = index + 1; lineWidth = 0; lastBreak = nil; index += 1
                continue
            }
            let advance = item.advance * scale
            if let limit, !item.isSpace, lineWidth + advance > limit, index > start {
                // Break after the last opportunity, or before this glyph when there is none.
                let end = lastBreak.map { $0 + 1 } ?? index
                lines.append(start..<end)
                start = end; lineWidth = 0; lastBreak = nil; index = end
                continue
            }
            lineWidth += advance
            if item.breakAfter { lastBreak = index }
            index += 1
        }
        if start < items.count || lines.isEmpty || items.last?.isNewline == true { lines.append(start..<items.count) }

        // Line heights from the largest font on each line (the first span's when empty).
        func sizeOf(_ range: Range<Int>) -> Double {
            let sizes = items[range].map { request.spans[$0.span].attributes.size }
            return (sizes.max() ?? request.spans.first?.attributes.size ?? 17) * scale
        }
        var allowed = lines.count
        if let lineLimit = request.lineLimit { allowed = min(allowed, max(1, lineLimit)) }
        if let height = request.height, height.isFinite {
            var total = 0.0, fitting = 0
            for range in lines.prefix(allowed) {
                total += sizeOf(range) * lineHeightFactor
                if total > height + 1e-9 { break }
                fitting += 1
            }
            allowed = min(allowed, max(1, fitting))
        }
        var truncated = allowed < lines.count
        var kept = Array(lines.prefix(allowed))

        // Glyph runs per line; the last kept line ends in an ellipsis when text was cut, or
        // when a single unbreakable line is wider than the proposal.
        var placed: [PlacedGlyph] = []
        var textLines: [TextLine] = []
        var top = 0.0
        var widest = 0.0
        var lineGlyphs: [[PlacedGlyph]] = []
        for (number, range) in kept.enumerated() {
            var glyphs = Array(items[range]).filter { !$0.isNewline }
            let isLast = number == kept.count - 1
            func inkWidth(_ glyphs: [Item]) -> Double {
                var end = glyphs.count
                while end > 0 && glyphs[end - 1].isSpace { end -= 1 }
                return glyphs[..<end].reduce(0) { $0 + $1.advance * scale }
            }
            if let width, inkWidth(glyphs) > width + 1e-9 { truncated = true }
            if isLast && truncated {
                let ellipsis = ellipsisItem(request, span: glyphs.last?.span ?? items[range].last?.span ?? 0)
                while !glyphs.isEmpty && (glyphs.last!.isSpace
                       || width.map { inkWidth(glyphs) + (ellipsis?.advance ?? 0) * scale > $0 + 1e-9 } ?? false) {
                    glyphs.removeLast()
                }
                if let ellipsis { glyphs.append(ellipsis) }
            }
            let size = sizeOf(range)
            let height = size * lineHeightFactor
            let baseline = top + size * ascender
            var x = 0.0
            var row: [PlacedGlyph] = []
            for item in glyphs {
                let emSize = request.spans[item.span].attributes.size * scale
                row.append(PlacedGlyph(face: item.face, glyph: item.glyph, x: x + item.xOffset * scale,
                                       baseline: baseline - item.yOffset * scale, size: emSize, shear: item.shear,
                                       span: item.span, isColor: item.isColor))
                x += item.advance * scale
            }
            let ink = inkWidth(glyphs)
            widest = max(widest, width.map { min($0, ink) } ?? ink)
            textLines.append(TextLine(top: top, height: height, baseline: baseline, x: 0, width: ink))
            lineGlyphs.append(row)
            top += height
        }
        kept.removeAll()
        // Alignment within the widest line.
        for (number, row) in lineGlyphs.enumerated() {
            let shift = (widest - textLines[number].width) * request.alignment.fraction
            textLines[number].x = shift
            placed += row.map { var g = $0; g.x += shift; return g }
        }
        return LaidOutText(width: widest, height: top, lines: textLines, glyphs: placed, scale: scale, truncated: truncated)
    }

    /// "…" (U+2026) shaped in `span`'s face.
    static func ellipsisItem(_ request: TextLayoutRequest, span: Int) -> Item? {
        guard span < request.spans.count else { return nil }
        var copy = request.spans[span]
        copy.text = "\u{2026}"
        return items([copy]).first.map { var item = $0; item.span = span; return item }
    }

    /// The files of every face `request` draws with, for reports.
    public static func faces(_ spans: [TextSpan]) -> [Int] {
        var faces: [Int] = []
        for item in items(spans) where !faces.contains(item.face) { faces.append(item.face) }
        return faces
    }
}
