import SpinRender
import Testing

/// `VerticalAlignment.firstTextBaseline` and `.lastTextBaseline`: stacks line up their
/// children's text baselines, and a view with no text has its baseline guides at its bottom
/// (Apple's `VerticalAlignment` documentation). They were the centre.
///
/// The expected frames are worked out here from the rules and SF Pro's vertical metrics, not
/// from the engine: a line of a `Text` at size `s` is `s × (1950 + 494) / 2048` tall with its
/// baseline `s × 1950 / 2048` below its top (SF Pro's `hhea` ascender and descender on 2048
/// units per em). `.largeTitle` is 34 pt, `.title` 28, `.caption` 12.
@Suite("Text baseline alignment")
struct TextBaselineAlignmentTests {
    static let red = LayoutTests.red, green = LayoutTests.green, blue = LayoutTests.blue

    /// SF Pro's ascender per point of size: the baseline's depth below a line's top.
    static let ascent = 1950.0 / 2048
    /// SF Pro's line height per point of size.
    static let lineHeight = (1950.0 + 494) / 2048

    /// The drawn frames of `source` at the top-leading corner of a 200 × 150 pt frame (a root
    /// of a fractional size is centred on a canvas of whole pixels).
    static func frames(_ source: String) throws -> [Rect] {
        try LayoutTests.frames("ZStack(alignment: .topLeading) {\n" + source + "\n}\n.frame(width: 200, height: 150, alignment: .topLeading)")
    }

    /// The frames equal to within a billionth of a point (the engine centres frames, so its
    /// sums are not those written here, bit for bit).
    static func expectFrames(_ actual: [Rect], _ expected: [Rect], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, "\(actual)", sourceLocation: sourceLocation)
        for (a, b) in zip(actual, expected) {
            let close = abs(a.origin.x - b.origin.x) < 1e-9 && abs(a.origin.y - b.origin.y) < 1e-9
                && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
            #expect(close, "\(a) is not \(b)", sourceLocation: sourceLocation)
        }
    }

    /// Views with no text have both baseline guides at their bottom: a 10 pt square beside a
    /// 30 pt bar stands on the same line (y 20 … 30), where `.center` put it at 10 … 20.
    @Test(arguments: ["firstTextBaseline", "lastTextBaseline"])
    func shapesAlignTheirBottoms(alignment: String) throws {
        Self.expectFrames(try Self.frames("""
            HStack(alignment: .\(alignment)) {
                \(Self.red).frame(width: 10, height: 30)
                \(Self.blue).frame(width: 10, height: 10)
            }
            """), [Rect(x: 0, y: 0, width: 10, height: 30), Rect(x: 18, y: 20, width: 10, height: 10)])
    }

    /// The trial's typing indicator: three 10 pt dots and a capsule 3.3 pt tall in an
    /// `HStack(alignment: .lastTextBaseline)`; the capsule sits on the dots' bottom line.
    @Test func typingIndicatorCapsuleSitsOnTheDotsLine() throws {
        Self.expectFrames(try Self.frames("""
            HStack(alignment: .lastTextBaseline, spacing: 4) {
                ForEach(0..<3) { _ in
                    Circle().fill(Color.gray).frame(width: 10, height: 10)
                }
                Capsule().fill(Color.gray).frame(width: 12, height: 3.3)
            }
            """), [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 14, y: 0, width: 10, height: 10),
                   Rect(x: 28, y: 0, width: 10, height: 10), Rect(x: 42, y: 10 - 3.3, width: 12, height: 3.3)])
    }

    /// Two texts of different sizes share one baseline: the caption's top is the difference of
    /// the two ascents below the title's (34 − 12 = 22 pt of ascent), and the stack is the
    /// large title's height (its descent is the deeper).
    @Test func textsOfTwoSizesShareTheirBaseline() throws {
        let frames = try Self.frames("""
            HStack(alignment: .firstTextBaseline) {
                Text("Big").font(.largeTitle)
                Text("small").font(.caption)
            }
            """)
        try #require(frames.count == 2)
        let big = frames[0], small = frames[1]
        Self.expectFrames([Rect(x: big.origin.x, y: big.origin.y, width: big.width, height: big.height),
                           Rect(x: small.origin.x, y: small.origin.y, width: small.width, height: small.height)],
                          [Rect(x: 0, y: 0, width: big.width, height: 34 * Self.lineHeight),
                           Rect(x: big.width + 8, y: 22 * Self.ascent, width: small.width, height: 12 * Self.lineHeight)])
        #expect(abs((big.origin.y + 34 * Self.ascent) - (small.origin.y + 12 * Self.ascent)) < 1e-9)
    }

    /// `.lastTextBaseline` takes a multi-line text's last line: a caption beside two lines of
    /// title stands on the second line's baseline, one title line and a title ascent down;
    /// `.firstTextBaseline` puts it on the first line's.
    @Test func lastBaselineIsTheLastLines() throws {
        func captionTop(_ alignment: String) throws -> Double {
            let frames = try Self.frames("""
                HStack(alignment: .\(alignment)) {
                    Text("one\\ntwo").font(.title)
                    Text("x").font(.caption)
                }
                """)
            try #require(frames.count == 2)
            #expect(abs(frames[0].origin.y) < 1e-9 && abs(frames[0].height - 2 * 28 * Self.lineHeight) < 1e-9)
            return frames[1].origin.y
        }
        #expect(abs(try captionTop("lastTextBaseline") - (28 * Self.lineHeight + 28 * Self.ascent - 12 * Self.ascent)) < 1e-9)
        #expect(abs(try captionTop("firstTextBaseline") - (28 * Self.ascent - 12 * Self.ascent)) < 1e-9)
    }

    /// A `VStack`'s baseline guides are its texts', moved by where it stacks them (its top-most
    /// text's for the first, its bottom-most text's for the last; a view with no text gives
    /// none): a caption under a 30 pt bar has its first baseline 30 pt + a caption ascent
    /// down, so the title beside it drops by that less a title ascent. For the last baseline a
    /// bar under the caption changes nothing: the guide is still the caption's.
    @Test func aVStacksGuidesAreItsTexts() throws {
        let first = try Self.frames("""
            HStack(alignment: .firstTextBaseline, spacing: 0) {
                VStack(spacing: 0) {
                    \(Self.red).frame(width: 20, height: 30)
                    Text("a").font(.caption)
                }
                Text("b").font(.title)
            }
            """)
        try #require(first.count == 3)
        Self.expectFrames([first[0]], [Rect(x: first[0].origin.x, y: 0, width: 20, height: 30)])
        #expect(abs(first[1].origin.y - 30) < 1e-9)
        #expect(abs(first[2].origin.y - (30 + 12 * Self.ascent - 28 * Self.ascent)) < 1e-9)

        let last = try Self.frames("""
            HStack(alignment: .lastTextBaseline, spacing: 0) {
                VStack(spacing: 0) {
                    Text("a").font(.caption)
                    \(Self.red).frame(width: 20, height: 30)
                }
                Text("b").font(.title)
            }
            """)
        try #require(last.count == 3)
        // The title's baseline (28 ascents) is lower than the caption's (12): the stack's top
        // is the title's, and the VStack drops by the difference.
        #expect(abs(last[2].origin.y) < 1e-9)
        #expect(abs(last[0].origin.y - (28 * Self.ascent - 12 * Self.ascent)) < 1e-9)
        #expect(abs(last[1].origin.y - (28 * Self.ascent - 12 * Self.ascent + 12 * Self.lineHeight)) < 1e-9)
    }

    /// Padding moves the guide with the content: a caption with 20 pt above it puts its
    /// neighbour's baseline 20 pt lower; a square with 5 pt below it has its guide at the
    /// padded bottom, so it stands 5 pt above a bar's bottom. An offset moves the drawing, not
    /// the frame: the guide stays.
    @Test func paddingShiftsTheGuide() throws {
        let padded = try Self.frames("""
            HStack(alignment: .firstTextBaseline) {
                Text("a").font(.caption).padding(.top, 20)
                Text("b").font(.caption)
            }
            """)
        try #require(padded.count == 2)
        #expect(abs(padded[0].origin.y - 20) < 1e-9 && abs(padded[1].origin.y - 20) < 1e-9)

        Self.expectFrames(try Self.frames("""
            HStack(alignment: .lastTextBaseline, spacing: 0) {
                \(Self.red).frame(width: 10, height: 10).padding(.bottom, 5)
                \(Self.blue).frame(width: 10, height: 30)
            }
            """), [Rect(x: 0, y: 15, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 30)])

        let offset = try Self.frames("""
            HStack(alignment: .firstTextBaseline) {
                Text("a").font(.caption).offset(y: 10)
                Text("b").font(.title)
            }
            """)
        try #require(offset.count == 2)
        #expect(abs(offset[0].origin.y - (28 * Self.ascent - 12 * Self.ascent)) < 1e-9)
    }

    /// A frame's own guides are those of a view with no text: `.leadingFirstTextBaseline`
    /// puts a text's first baseline on the frame's bottom edge (SwiftUI's frame places its
    /// content at its default guides less the content's); a shape's bottom goes there too.
    @Test func aFrameAlignsTheBaselineOnItsBottom() throws {
        let frames = try Self.frames("""
            VStack(spacing: 0) {
                Text("a").font(.caption).frame(width: 40, height: 40, alignment: .leadingFirstTextBaseline)
                \(Self.red).frame(width: 10, height: 10).frame(width: 40, height: 40, alignment: .trailingLastTextBaseline)
            }
            """)
        try #require(frames.count == 2)
        #expect(abs(frames[0].origin.x) < 1e-9 && abs(frames[0].origin.y - (40 - 12 * Self.ascent)) < 1e-9, "\(frames[0])")
        Self.expectFrames([frames[1]], [Rect(x: 30, y: 70, width: 10, height: 10)])
    }

    /// A `GridRow` aligned by a text baseline lines its cells up as an `HStack` does: the
    /// caption and the square stand on the title's baseline, and the row is the title's height.
    @Test func aGridRowLinesUpItsCellsBaselines() throws {
        let frames = try Self.frames("""
            Grid(horizontalSpacing: 0, verticalSpacing: 0) {
                GridRow(alignment: .firstTextBaseline) {
                    Text("Big").font(.title)
                    Text("x").font(.caption)
                    \(Self.red).frame(width: 10, height: 10)
                }
                \(Self.blue).frame(width: 10, height: 10)
            }
            """)
        try #require(frames.count == 4)
        #expect(abs(frames[0].origin.y) < 1e-9)
        #expect(abs(frames[1].origin.y - (28 * Self.ascent - 12 * Self.ascent)) < 1e-9)
        #expect(abs(frames[2].origin.y - (28 * Self.ascent - 10)) < 1e-9)
        #expect(abs(frames[3].origin.y - 28 * Self.lineHeight) < 1e-9)
    }

    /// A stack aligned by a baseline asks its children for their guides, and each child stack
    /// asks its own, for its size and again for its guide: without the layout pass's memo a
    /// nest of them took time exponential in its depth (12 levels, six `HStack`s with frames
    /// and padding between them, took 67 s in a debug build); with it, a fraction of a second.
    @Test func aNestOfBaselineStacksLaysOutQuickly() throws {
        var body = "Text(\"x\")"
        for level in 0..<12 {
            body = level % 2 == 0 ? "VStack { \(body) }.frame(width: 300)" : "HStack(alignment: .lastTextBaseline) { \(body) }.padding(1)"
        }
        let start = ContinuousClock.now
        let frames = try LayoutTests.frames(body)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(frames.count == 1)
    }

    /// The pixels: a 10 pt square beside a 30 pt bar with no spacing, bottoms on one line.
    @Test func shapesDrawOnTheirBottomLine() throws {
        let e = try LayoutTests.engine("""
            HStack(alignment: .firstTextBaseline, spacing: 0) {
                \(Self.red).frame(width: 10, height: 30)
                \(Self.blue).frame(width: 10, height: 10)
            }
            """)
        #expect(e.canvasWidth == 20 && e.canvasHeight == 30)
        LayoutTests.expectPixels(ViewRenderer(e).render(atSeconds: 0), [
            (Rect(x: 0, y: 0, width: 10, height: 30), RGBA8(r: 255, g: 0, b: 0)),
            (Rect(x: 10, y: 20, width: 10, height: 10), RGBA8(r: 0, g: 0, b: 255)),
        ])
    }
}
