import SpinRender
import Testing

/// `Font`'s own variants, `.monospacedDigit()`, `.italic()` and `.monospaced()`, as loaders
/// write them on a font (`.font(.caption.monospacedDigit())`): each draws exactly what the
/// `Text` modifier of the same name draws, and tabular figures give every digit one width.
@Suite struct FontVariantTests {
    static func frame(_ text: String) throws -> (width: Double, pixels: [UInt8]) {
        let engine = try LayoutTests.engine(text)
        let frame = try #require(engine.views(atSeconds: 0).first).frame
        return (frame.width, ViewRenderer(engine).render(atSeconds: 0).pixels)
    }

    @Test func tabularFiguresGiveEveryDigitOneWidth() throws {
        let ones = try Self.frame("Text(\"1111\").font(.body.monospacedDigit())").width
        let eights = try Self.frame("Text(\"8888\").font(.body.monospacedDigit())").width
        #expect(abs(ones - eights) < 1e-9)
        // Proportional figures (the default): a 1 is narrower than an 8.
        #expect(try Self.frame("Text(\"1111\").font(.body)").width < (try Self.frame("Text(\"8888\").font(.body)").width) - 1)
    }

    @Test(arguments: [("monospacedDigit", "monospacedDigit"), ("italic", "italic"), ("monospaced", "monospaced")])
    func aFontVariantDrawsAsTheTextModifier(font: String, modifier: String) throws {
        let text = "Text(\"Loading 10%\")"
        let onFont = try Self.frame("\(text).font(.title.\(font)())")
        let onText = try Self.frame("\(text).font(.title).\(modifier)()")
        let plain = try Self.frame("\(text).font(.title)")
        #expect(onFont.width == onText.width)
        #expect(onFont.pixels == onText.pixels)
        #expect(onFont.pixels != plain.pixels)
    }

    /// A weight set higher in the view tree applies to a text whose font is set lower down:
    /// `fontWeight(_:)` modifies whatever font the text resolves, and only `fontWeight(nil)`
    /// removes it (SwiftUI's documentation of `View.fontWeight(_:)`).
    @Test func anOuterWeightAppliesOverAnInnerFont() throws {
        let bold = try Self.frame("Text(\"Loading\").font(.title.weight(.bold))")
        let regular = try Self.frame("Text(\"Loading\").font(.title)")
        let differs = bold.pixels != regular.pixels
        #expect(differs)
        for outer in ["VStack { Text(\"Loading\") }.font(.title).fontWeight(.bold)",
                      "VStack { Text(\"Loading\").font(.title) }.fontWeight(.bold)",
                      "VStack { Text(\"Loading\").fontWeight(.bold) }.font(.title)"] {
            let drawn = try Self.frame(outer)
            #expect(drawn.width == bold.width, "\(outer)")
            let same = drawn.pixels == bold.pixels
            #expect(same, "\(outer)")
        }
        let removed = try Self.frame("VStack { VStack { Text(\"Loading\") }.fontWeight(nil) }.font(.title).fontWeight(.bold)")
        let sameAsRegular = removed.pixels == regular.pixels
        #expect(sameAsRegular)
    }
}
