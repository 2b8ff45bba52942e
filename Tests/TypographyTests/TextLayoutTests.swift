import Raster
import Testing
@testable import Typography

/// Shaping, line metrics, line breaking and emoji fallback of ``TextLayout``, with figures
/// worked out here from the fonts' own advances and SF Pro's published metrics.
@Suite struct TextLayoutTests {
    func laid(_ text: String, _ attributes: TextAttributes = TextAttributes(), width: Double? = nil, lineLimit: Int? = nil,
              minimumScaleFactor: Double = 1) -> LaidOutText {
        TextLayout.layout(TextLayoutRequest(spans: [TextSpan(text, attributes)], width: width, lineLimit: lineLimit,
                                            minimumScaleFactor: minimumScaleFactor))
    }

    /// Inter kerns "AV": the pair is narrower than its letters set apart.
    @Test func kerningPairIsTighter() {
        let pair = laid("AV").width, apart = laid("A").width + laid("V").width
        #expect(pair < apart - 0.5, "AV \(pair) pt against \(apart) pt")
        // With kerning(2): each character gets 2 pt more.
        var spaced = TextAttributes()
        spaced.kerning = 2
        #expect(abs(laid("AV", spaced).width - (pair + 4)) < 1e-9)
    }

    /// DejaVu Serif's standard ligature: "fi" is one glyph, and `tracking` turns it off.
    @Test func ligatureIsOneGlyph() {
        var serif = TextAttributes()
        serif.design = .serif
        #expect(laid("fi", serif).glyphs.count == 1)
        #expect(laid("fx", serif).glyphs.count == 2)
        serif.tracking = 1
        #expect(laid("fi", serif).glyphs.count == 2)
    }

    /// Every text style is one line of SF Pro's height, (1950 + 494) / 2048 × its size, with
    /// the baseline 1950/2048 × the size below the top.
    @Test(arguments: TextStyleName.allCases)
    func textStyleLineHeight(style: TextStyleName) {
        let layout = laid("Loading", TextAttributes(size: style.pointSize, weight: style.weight))
        #expect(layout.lines.count == 1)
        #expect(abs(layout.height - style.pointSize * 2444 / 2048) < 1e-12)
        #expect(abs(layout.lines[0].baseline - style.pointSize * 1950 / 2048) < 1e-12)
        #expect(layout.width > 0)
    }

    @Test func bodyLineHeightIsUIFontsSystemFontLineHeight() {
        // UIFont.systemFont(ofSize: 17).lineHeight is 20.29 on iOS.
        #expect(abs(laid("Hi").height - 20.29) < 0.005)
        #expect(TextStyleName.headline.weight == .semibold && TextStyleName.body.pointSize == 17)
    }

    /// Greedy breaking at spaces: each line fits the width, and the next line's first word
    /// would not have fitted on it.
    @Test func wrapsAtTheProposedWidth() {
        let text = "A long sentence that should wrap across several lines"
        let width = 120.0
        let layout = laid(text, width: width)
        #expect(layout.lines.count >= 3)
        #expect(layout.width <= width)
        let words = text.split(separator: " ").map(String.init)
        var lineWords: [[String]] = []
        var index = 0
        for line in layout.lines {
            var taken: [String] = []
            while index < words.count {
                let candidate = (taken + [words[index]]).joined(separator: " ")
                if abs(laid(candidate).width - line.width) < 1e-6 { taken.append(words[index]); index += 1; break }
                taken.append(words[index])
                index += 1
                if abs(laid(taken.joined(separator: " ")).width - line.width) < 1e-6 { break }
            }
            lineWords.append(taken)
        }
        #expect(index == words.count, "the lines hold every word in order")
        for (number, line) in lineWords.enumerated() {
            #expect(laid(line.joined(separator: " ")).width <= width)
            if number + 1 < lineWords.count {
                #expect(laid((line + [lineWords[number + 1][0]]).joined(separator: " ")).width > width)
            }
        }
        #expect(abs(layout.height - Double(layout.lines.count) * 17 * 2444 / 2048) < 1e-9)
    }

    @Test func lineLimitEndsInAnEllipsis() {
        let layout = laid("One two three four five six seven eight", width: 80, lineLimit: 1)
        #expect(layout.lines.count == 1 && layout.truncated)
        #expect(layout.width <= 80)
        let ellipsis = laid("\u{2026}").glyphs[0].glyph
        #expect(layout.glyphs.last?.glyph == ellipsis)
    }

    @Test func minimumScaleFactorShrinksToFit() {
        let full = laid("Downloading").width
        let layout = laid("Downloading", width: full * 0.8, lineLimit: 1, minimumScaleFactor: 0.5)
        #expect(!layout.truncated)
        #expect(layout.scale <= 0.8 && layout.scale > 0.75)
        #expect(layout.width <= full * 0.8)
    }

    /// An emoji takes its width: "A🚀B" sets B after the rocket's advance, which is the colour
    /// bitmap's width in ems (Noto Color Emoji's strike: 136 px wide at 109 px per em) to within
    /// 2 %, and the text is that much wider than "AB". (FreeType gives the bitmap-only face 0
    /// units per em; the advances come from HarfBuzz's.)
    @Test func emojiAdvancesByItsBitmapWidth() throws {
        let size = 17.0
        let layout = laid("A🚀B")
        try #require(layout.glyphs.count == 3)
        let (a, rocket, b) = (layout.glyphs[0], layout.glyphs[1], layout.glyphs[2])
        let face = try FontLibrary.shared.typeface(rocket.face)
        let image = try #require(face.colorImage(of: rocket.glyph))
        let bitmapWidth = Double(image.width) / image.pixelsPerEm * size
        let advance = b.x - rocket.x
        #expect(rocket.x > a.x)
        #expect(abs(advance - bitmapWidth) < 0.02 * bitmapWidth, "advance \(advance) pt, bitmap \(bitmapWidth) pt")
        #expect(abs(layout.width - (laid("AB").width + advance)) < 0.5, "kerning between A and B aside")
    }

    /// A character Inter lacks falls back to Noto Color Emoji, whose glyph is a colour bitmap.
    @Test func emojiFallsBackToTheColourFace() throws {
        let layout = laid("Go 🚀")
        let rocket = try #require(layout.glyphs.last)
        #expect(rocket.isColor && rocket.face == FontLibrary.emojiFace)
        let face = try FontLibrary.shared.typeface(rocket.face)
        let image = try #require(face.colorImage(of: rocket.glyph))
        #expect(image.pixelsPerEm == 109)
        // Colour, not gray: some opaque pixel has channels far apart.
        var coloured = 0
        for i in stride(from: 0, to: image.premultipliedRGBA.count, by: 4) where image.premultipliedRGBA[i + 3] == 255 {
            let (r, g, b) = (Int(image.premultipliedRGBA[i]), Int(image.premultipliedRGBA[i + 1]), Int(image.premultipliedRGBA[i + 2]))
            if max(r, g, b) - min(r, g, b) > 100 { coloured += 1 }
        }
        #expect(coloured > 100)
    }

    @Test func facesAreNamedWithVersions() throws {
        let inter = try FontLibrary.shared.typeface(FontLibrary.face(design: .default, weight: .regular, italic: false).index)
        #expect(inter.info.family == "Inter")
        #expect(inter.info.version.hasPrefix("Version 3.0"), "Debian's fonts-inter 4.0~beta7 carries Inter 3.019")
        // Semibold headline, synthesized italic for the rounded face.
        #expect(FontLibrary.files[FontLibrary.face(design: .default, weight: .semibold, italic: false).index].path.hasSuffix("Inter-SemiBold.otf"))
        let rounded = FontLibrary.face(design: .rounded, weight: .heavy, italic: true)
        #expect(rounded.syntheticItalic && FontLibrary.files[rounded.index].path.hasSuffix("Quicksand-Bold.ttf"))
    }
}
