import SpinRender
import Testing

/// SwiftUI's layout (a proposal down, a size up, a place from the parent) for the containers
/// and modifiers real loaders use, read from source: the frames analytic, the pixels exact.
@Suite("Layout")
struct LayoutTests {
    /// `source`'s engine at @1x with no margin, the root offered `size` (nil: the default).
    static func engine(_ source: String, size: StageSize? = nil, padding: Double = 0) throws -> ViewEngine {
        var request = RenderRequest()
        request.scene.scale = 1
        request.scene.padding = padding
        request.scene.proposal = size
        try request.setSource("import SwiftUI\nstruct ContentView: View {\n    var body: some View {\n" + source + "\n    }\n}\n",
                              fileName: "T.swift", view: nil)
        return request.makeEngine()
    }

    /// The drawn views' frames at t = 0, back to front, in points.
    static func frames(_ source: String, size: StageSize? = nil) throws -> [Rect] {
        try engine(source, size: size).views(atSeconds: 0).map(\.frame)
    }

    static let red = "Color(red: 1, green: 0, blue: 0)", green = "Color(red: 0, green: 1, blue: 0)", blue = "Color(red: 0, green: 0, blue: 1)"

    /// Every pixel of `image` is white but for the rectangles given, painted in order with
    /// each pixel's overlap with the rectangle as coverage (the rectangles here are whole
    /// pixels, so every pixel is exactly one colour).
    static func expectPixels(_ image: RGBAImage, _ rects: [(Rect, RGBA8)]) {
        var bad = 0
        var first = ""
        for y in 0..<image.height {
            for x in 0..<image.width {
                var want = RGBA8.white
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                for (rect, colour) in rects
                where px > rect.origin.x && px < rect.origin.x + rect.width && py > rect.origin.y && py < rect.origin.y + rect.height {
                    want = colour
                }
                if image[x, y] != want {
                    bad += 1
                    if first.isEmpty { first = "(\(x), \(y)): \(image[x, y]) instead of \(want)" }
                }
            }
        }
        #expect(bad == 0, "\(bad) pixels differ, first \(first)")
    }

    /// Negative padding shrinks the space a view takes and lets it draw past it, as negative
    /// `EdgeInsets` do: a 60 × 40 colour with `padding(-10)` takes 40 × 20, centred in a
    /// 100 × 50 frame, and still draws its 60 × 40.
    @Test func negativePaddingDrawsPastTheViewsFrame() throws {
        let e = try Self.engine("""
            \(Self.red).frame(width: 60, height: 40)
                .padding(-10)
                .background(\(Self.blue))
                .frame(width: 100, height: 50)
            """)
        #expect(e.canvasWidth == 100 && e.canvasHeight == 50)
        Self.expectPixels(ViewRenderer(e).render(atSeconds: 0), [
            (Rect(x: 30, y: 15, width: 40, height: 20), RGBA8(r: 0, g: 0, b: 255)),
            (Rect(x: 20, y: 5, width: 60, height: 40), RGBA8(r: 255, g: 0, b: 0)),
        ])
        let edges = try Self.frames("\(Self.red).frame(width: 60, height: 40).padding(.horizontal, -10).frame(width: 100, height: 50)")
        #expect(edges == [Rect(x: 20, y: 5, width: 60, height: 40)])
    }

    /// `ignoresSafeArea` and `edgesIgnoringSafeArea` take their regions and edges as written
    /// (`.all`, `.container`, `[.top, .bottom]`); a render has no safe area, so nothing moves.
    @Test func safeAreaArgumentsAreTyped() throws {
        for modifier in [".ignoresSafeArea()", ".ignoresSafeArea(.all)", ".ignoresSafeArea(.container, edges: .top)",
                         ".ignoresSafeArea(edges: [.top, .bottom])", ".edgesIgnoringSafeArea(.all)", ".edgesIgnoringSafeArea([.top, .bottom])"] {
            #expect(try Self.frames("\(Self.red).frame(width: 30, height: 20)\(modifier)") == [Rect(x: 0, y: 0, width: 30, height: 20)],
                    "\(modifier)")
        }
    }

    /// A root whose outermost modifier is an overlay draws no edge of its own: it gets the
    /// preview's 8 pt margin like the view under it (20 × 10 pt → 36 × 26 at @1x), where a
    /// background frames it (20 × 10). An image the asset catalogue lacks stays of size zero
    /// when made resizable and fit: the stack holds the 10 pt square alone.
    @Test func anOverlayRootGetsTheMarginAndAMissingImageStaysEmpty() throws {
        func canvas(_ body: String) throws -> (Int, Int) {
            let e = try Self.engine(body, padding: 8)
            return (e.canvasWidth, e.canvasHeight)
        }
        #expect(try canvas("\(Self.red).frame(width: 20, height: 10).overlay(\(Self.blue).frame(width: 4, height: 4))") == (36, 26))
        #expect(try canvas("\(Self.red).frame(width: 20, height: 10).background(\(Self.blue))") == (20, 10))
        #expect(try canvas("VStack(spacing: 0) { Image(\"missing\").resizable().scaledToFit(); \(Self.red).frame(width: 10, height: 10) }") == (26, 26))
    }

    /// A `GeometryReader` takes the size it is offered and makes its content for it: in a
    /// 100 × 60 frame, a colour of a quarter of its width and half its height sits at its
    /// top-leading corner.
    @Test func geometryReaderMakesItsContentForItsSize() throws {
        let e = try Self.engine("""
            GeometryReader { proxy in
                \(Self.red).frame(width: proxy.size.width / 4, height: proxy.frame(in: .local).height / 2)
            }
            .frame(width: 100, height: 60)
            """)
        #expect(e.canvasWidth == 100 && e.canvasHeight == 60)
        Self.expectPixels(ViewRenderer(e).render(atSeconds: 0), [(Rect(x: 0, y: 0, width: 25, height: 30), RGBA8(r: 255, g: 0, b: 0))])
    }

    /// A `GeometryReader` at the root gets what a preview offers: `--size` when given, else the
    /// 393 × 852 pt screen; the reader inside a padded frame gets the frame less the padding.
    @Test func rootGeometryReaderTakesTheProposal() throws {
        let reader = "GeometryReader { proxy in \(Self.blue).frame(width: proxy.size.width / 2, height: proxy.size.height / 2) }"
        let sized = try Self.engine(reader, size: StageSize(width: 200, height: 120))
        #expect(sized.canvasWidth == 200 && sized.canvasHeight == 120)
        Self.expectPixels(ViewRenderer(sized).render(atSeconds: 0), [(Rect(x: 0, y: 0, width: 100, height: 60), RGBA8(r: 0, g: 0, b: 255))])
        let screen = try Self.engine(reader)
        #expect(screen.canvasWidth == 393 && screen.canvasHeight == 852)
        #expect(screen.views(atSeconds: 0).map(\.frame) == [Rect(x: 0, y: 0, width: 196.5, height: 426)])
        let nested = try Self.frames("""
            GeometryReader { outer in
                GeometryReader { inner in
                    \(Self.green).frame(width: inner.size.width, height: 10)
                }
                .padding(.horizontal, outer.size.width / 10)
            }
            .frame(width: 150, height: 40)
            """)
        #expect(nested == [Rect(x: 15, y: 0, width: 120, height: 10)])
    }

    /// `frame(maxWidth: .infinity)` takes all the width a stack has left: in a 200 pt HStack
    /// between 20 and 30 pt colours it is 150 pt wide; a `Spacer` does the same, with no
    /// default spacing next to it; `maxWidth: .infinity` on the stack makes it as wide as the
    /// proposal.
    @Test func infiniteMaximumAndSpacersTakeWhatIsLeft() throws {
        let e = try Self.engine("""
            HStack(spacing: 0) {
                \(Self.red).frame(width: 20, height: 10)
                \(Self.blue).frame(maxWidth: .infinity, maxHeight: 10)
                \(Self.green).frame(width: 30, height: 10)
            }
            """, size: StageSize(width: 200, height: 50))
        #expect(e.canvasWidth == 200 && e.canvasHeight == 10)
        Self.expectPixels(ViewRenderer(e).render(atSeconds: 0), [
            (Rect(x: 0, y: 0, width: 20, height: 10), RGBA8(r: 255, g: 0, b: 0)),
            (Rect(x: 20, y: 0, width: 150, height: 10), RGBA8(r: 0, g: 0, b: 255)),
            (Rect(x: 170, y: 0, width: 30, height: 10), RGBA8(r: 0, g: 255, b: 0)),
        ])
        let spaced = try Self.frames("""
            HStack {
                \(Self.red).frame(width: 20, height: 10)
                Spacer()
                \(Self.green).frame(width: 30, height: 10)
            }
            .frame(maxWidth: .infinity)
            .background(\(Self.blue))
            """, size: StageSize(width: 120, height: 50))
        #expect(spaced == [Rect(x: 0, y: 0, width: 120, height: 10), Rect(x: 0, y: 0, width: 20, height: 10),
                           Rect(x: 90, y: 0, width: 30, height: 10)])
        let minimum = try Self.frames("""
            VStack(spacing: 0) {
                \(Self.red).frame(width: 10, height: 10)
                Spacer(minLength: 25)
                \(Self.green).frame(width: 10, height: 10)
            }
            .fixedSize()
            """)
        #expect(minimum == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 35, width: 10, height: 10)])
    }

    /// `LazyVGrid`: a fixed 10 pt column, then a flexible one taking the rest of 50 pt after
    /// the default 8 pt spacing (32 pt); cells fill the columns row by row, centred in their
    /// rectangles, rows 4 pt apart. Every pixel, against those rectangles.
    @Test func lazyVGridFixedAndFlexibleColumns() throws {
        let e = try Self.engine("""
            LazyVGrid(columns: [GridItem(.fixed(10)), GridItem(.flexible())], spacing: 4) {
                \(Self.red).frame(width: 10, height: 10)
                \(Self.blue).frame(width: 6, height: 6)
                \(Self.green).frame(width: 10, height: 10)
            }
            .frame(width: 50)
            """)
        #expect(e.canvasWidth == 50 && e.canvasHeight == 24)
        Self.expectPixels(ViewRenderer(e).render(atSeconds: 0), [
            (Rect(x: 0, y: 0, width: 10, height: 10), RGBA8(r: 255, g: 0, b: 0)),
            (Rect(x: 31, y: 2, width: 6, height: 6), RGBA8(r: 0, g: 0, b: 255)),
            (Rect(x: 0, y: 14, width: 10, height: 10), RGBA8(r: 0, g: 255, b: 0)),
        ])
    }

    /// An adaptive column holds as many columns of at least its minimum as fit: in 70 pt with
    /// 5 pt spacing, ⌊(70 + 5) / (20 + 5)⌋ = 3 columns of (70 − 2 × 5) / 3 = 20 pt; a
    /// flexible column's maximum caps it, the rest going to the other; the grid fills the
    /// proposed width.
    @Test func lazyVGridAdaptiveAndBoundedColumns() throws {
        let cell = "\(Self.red).frame(width: 10, height: 10)"
        let adaptive = try Self.frames("LazyVGrid(columns: [GridItem(.adaptive(minimum: 20), spacing: 5)], spacing: 0) { "
                                       + Array(repeating: cell, count: 5).joined(separator: "; ") + " }.frame(width: 70)")
        #expect(adaptive == [Rect(x: 5, y: 0, width: 10, height: 10), Rect(x: 30, y: 0, width: 10, height: 10),
                             Rect(x: 55, y: 0, width: 10, height: 10), Rect(x: 5, y: 10, width: 10, height: 10),
                             Rect(x: 30, y: 10, width: 10, height: 10)])
        // 100 pt: the first column capped at 20, the second takes 100 − 20 − 8 = 72 (a colour
        // fills its cell); the grid is as wide as the proposal.
        let bounded = try Self.frames("""
            LazyVGrid(columns: [GridItem(.flexible(maximum: 20)), GridItem(.flexible())]) {
                \(Self.red).frame(height: 10)
                \(Self.blue).frame(height: 10)
            }
            """, size: StageSize(width: 100, height: 50))
        #expect(bounded == [Rect(x: 0, y: 0, width: 20, height: 10), Rect(x: 28, y: 0, width: 72, height: 10)])
    }

    /// A `ScrollView` at rest takes the space offered (100 × 50); its content takes its ideal
    /// length along the scrolling axis, starts at that axis's start, is centred across it and is
    /// clipped to the scroll view: every pixel.
    @Test func scrollViewsShowTheirContentFromTheStartClipped() throws {
        let size = StageSize(width: 100, height: 50)
        let vertical = try Self.engine("ScrollView { \(Self.red).frame(width: 20, height: 80) }", size: size)
        #expect(vertical.canvasWidth == 100 && vertical.canvasHeight == 50)
        Self.expectPixels(ViewRenderer(vertical).render(atSeconds: 0), [(Rect(x: 40, y: 0, width: 20, height: 50), RGBA8(r: 255, g: 0, b: 0))])
        let horizontal = try Self.engine("""
            ScrollView(.horizontal, showsIndicators: false) {
                HStack(spacing: 0) { \(Self.red).frame(width: 60, height: 10); \(Self.blue).frame(width: 60, height: 10) }
            }
            """, size: size)
        Self.expectPixels(ViewRenderer(horizontal).render(atSeconds: 0), [
            (Rect(x: 0, y: 20, width: 60, height: 10), RGBA8(r: 255, g: 0, b: 0)),
            (Rect(x: 60, y: 20, width: 40, height: 10), RGBA8(r: 0, g: 0, b: 255)),
        ])
        // Ink a clip cuts away does not grow the canvas: a square moved 100 pt down, clipped
        // to its 20 pt frame, leaves a blank 20 × 20 canvas.
        let clipped = try Self.engine("\(Self.red).frame(width: 10, height: 10).offset(y: 100).frame(width: 20, height: 20).clipped()")
        #expect(clipped.canvasWidth == 20 && clipped.canvasHeight == 20)
        Self.expectPixels(ViewRenderer(clipped).render(atSeconds: 0), [])
        // Both axes: from the top-leading corner.
        #expect(try Self.frames("ScrollView([.horizontal, .vertical]) { \(Self.red).frame(width: 20, height: 10) }", size: size)
            == [Rect(x: 0, y: 0, width: 20, height: 10)])
    }

    /// Each modifier's frames, against SwiftUI's rules worked out by hand.
    @Test(arguments: [
        // Flexible frames: a minimum holds a small child's frame open, a maximum caps a colour.
        ("\(red).frame(width: 10, height: 10).frame(minWidth: 40, minHeight: 30, alignment: .topLeading).border(Color.black)",
         [Rect(x: 0, y: 0, width: 10, height: 10)]),
        ("\(red).frame(maxWidth: 50, maxHeight: 20)", [Rect(x: 0, y: 0, width: 50, height: 20)]),
        ("\(red).frame(idealWidth: 30, idealHeight: 12).fixedSize()", [Rect(x: 0, y: 0, width: 30, height: 12)]),
        // Aspect ratios: 2 : 1 fitted in 100 × 100 is 100 × 50, filling it 200 × 100.
        ("\(red).aspectRatio(2, contentMode: .fit).frame(width: 100, height: 100)", [Rect(x: 0, y: 25, width: 100, height: 50)]),
        // (The filled one overflows its frame by 50 pt each side: the canvas grows to its ink.)
        ("\(red).aspectRatio(CGSize(width: 2, height: 1), contentMode: .fill).frame(width: 100, height: 100)",
         [Rect(x: 0, y: 0, width: 200, height: 100)]),
        ("\(red).frame(width: 30, height: 10).scaledToFit().frame(width: 60, height: 60)", [Rect(x: 15, y: 25, width: 30, height: 10)]),
        // The higher priority gets its ideal width before the equal share: 70 of 100, then 30.
        ("HStack(spacing: 0) { \(red).frame(minWidth: 10, idealWidth: 70, maxWidth: 70).layoutPriority(1); \(blue) }.frame(width: 100, height: 10)",
         [Rect(x: 0, y: 0, width: 70, height: 10), Rect(x: 70, y: 0, width: 30, height: 10)]),
        ("HStack(spacing: 0) { \(red).frame(minWidth: 10, idealWidth: 70, maxWidth: 70); \(blue) }.frame(width: 100, height: 10)",
         [Rect(x: 0, y: 0, width: 50, height: 10), Rect(x: 50, y: 0, width: 50, height: 10)]),
        // Negative spacing overlaps the children: 3 × 20 − 2 × 8 = 44 pt wide (a dots loader's
        // overlapping circles).
        ("HStack(spacing: -8) { \(red).frame(width: 20, height: 10); \(blue).frame(width: 20, height: 10); \(green).frame(width: 20, height: 10) }",
         [Rect(x: 0, y: 0, width: 20, height: 10), Rect(x: 12, y: 0, width: 20, height: 10), Rect(x: 24, y: 0, width: 20, height: 10)]),
        // `position` fills the offer and centres the child on the point.
        ("\(red).frame(width: 10, height: 10).position(x: 30, y: 20).frame(width: 80, height: 50)", [Rect(x: 25, y: 15, width: 10, height: 10)]),
        ("\(red).frame(width: 10, height: 10).position(CGPoint(x: 5, y: 5)).frame(width: 80, height: 50)", [Rect(x: 0, y: 0, width: 10, height: 10)]),
        // Overlays and backgrounds are offered the view's size and aligned in it.
        ("\(red).frame(width: 40, height: 30).overlay(alignment: .bottomTrailing) { \(blue).frame(width: 10, height: 10) }",
         [Rect(x: 0, y: 0, width: 40, height: 30), Rect(x: 30, y: 20, width: 10, height: 10)]),
        ("\(red).frame(width: 40, height: 30).background(\(blue).frame(width: 10, height: 10), alignment: .topLeading)",
         [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 40, height: 30)]),
        ("\(red).frame(width: 40, height: 30).overlay(\(blue))", [Rect(x: 0, y: 0, width: 40, height: 30), Rect(x: 0, y: 0, width: 40, height: 30)]),
        ("\(red).frame(width: 40, height: 30).background(Color.blue, in: Capsule())",
         [Rect(x: 0, y: 0, width: 40, height: 30), Rect(x: 0, y: 0, width: 40, height: 30)]),
        // zIndex draws the first child last.
        ("ZStack { \(red).frame(width: 20, height: 20).zIndex(1); \(blue).frame(width: 10, height: 10) }",
         [Rect(x: 5, y: 5, width: 10, height: 10), Rect(x: 0, y: 0, width: 20, height: 20)]),
        // A grid: columns as wide as their widest cell (20, 30), rows as tall as their tallest
        // (10, 12, 3), cells centred but in the top-aligned row; the lone view spans both columns.
        ("""
         Grid(horizontalSpacing: 4, verticalSpacing: 2) {
             GridRow { \(red).frame(width: 10, height: 10); \(blue).frame(width: 30, height: 6) }
             GridRow(alignment: .top) { \(green).frame(width: 20, height: 4); \(red).frame(width: 6, height: 12) }
             \(blue).frame(width: 50, height: 3)
         }
         """,
         [Rect(x: 5, y: 0, width: 10, height: 10), Rect(x: 24, y: 2, width: 30, height: 6), Rect(x: 0, y: 12, width: 20, height: 4),
          Rect(x: 36, y: 12, width: 6, height: 12), Rect(x: 2, y: 26, width: 50, height: 3)]),
        // The lazy stacks are their eager forms.
        ("LazyVStack(spacing: 4) { \(red).frame(width: 10, height: 10); \(blue).frame(width: 20, height: 10) }",
         [Rect(x: 5, y: 0, width: 10, height: 10), Rect(x: 0, y: 14, width: 20, height: 10)]),
        ("LazyHStack(alignment: .top) { \(red).frame(width: 10, height: 10); \(blue).frame(width: 20, height: 20) }",
         [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 18, y: 0, width: 20, height: 20)]),
    ] as [(String, [Rect])])
    func modifierFrames(source: String, expected: [Rect]) throws {
        #expect(try Self.frames(source) == expected)
    }

    /// `ViewThatFits` shows the first of its views whose ideal size fits the space offered along
    /// its axes (both by default), else the last; `in: []` takes the first. The view shown is
    /// offered the whole proposal and centred; the others are neither laid out nor drawn, so each
    /// case draws one rectangle. Its alternatives are the views its builder makes (a `ForEach`'s
    /// each, an `if` not taken none), and an axis offered no length constrains nothing.
    @Test(arguments: [
        // Too wide (200 > 120), then 100 × 20 fits: centred in the 120 × 60 frame.
        ("ViewThatFits(in: .horizontal) { \(red).frame(width: 200, height: 20); \(green).frame(width: 100, height: 20); \(blue).frame(width: 50, height: 50) }.frame(width: 120, height: 60)",
         [Rect(x: 10, y: 20, width: 100, height: 20)]),
        // Both axes: 100 × 100 is too tall; 110 × 50 fits. The array form is the default.
        ("ViewThatFits { \(red).frame(width: 100, height: 100); \(green).frame(width: 110, height: 50); \(blue).frame(width: 20, height: 20) }.frame(width: 120, height: 60)",
         [Rect(x: 5, y: 5, width: 110, height: 50)]),
        ("ViewThatFits(in: [.horizontal, .vertical]) { \(red).frame(width: 100, height: 100); \(green).frame(width: 110, height: 50) }.frame(width: 120, height: 60)",
         [Rect(x: 5, y: 5, width: 110, height: 50)]),
        // Heights only: 20 × 80 is too tall; 160 × 40 fits though wider than the 120 offered,
        // and is drawn centred on the 120 × 60 frame in the 200 × 60 one.
        ("ViewThatFits(in: .vertical) { \(red).frame(width: 20, height: 80); \(green).frame(width: 160, height: 40); \(blue).frame(width: 10, height: 10) }.frame(width: 120, height: 60).frame(width: 200, height: 60)",
         [Rect(x: 20, y: 10, width: 160, height: 40)]),
        // Nothing fits: the last, at its own size, centred in the 200 × 100 frame.
        ("ViewThatFits { \(red).frame(width: 150, height: 150); \(green).frame(width: 130, height: 10) }.frame(width: 120, height: 60).frame(width: 200, height: 100)",
         [Rect(x: 35, y: 45, width: 130, height: 10)]),
        // No axes: the first, however large.
        ("ViewThatFits(in: []) { \(red).frame(width: 150, height: 80); \(green).frame(width: 10, height: 10) }.frame(width: 120, height: 60).frame(width: 200, height: 100)",
         [Rect(x: 25, y: 10, width: 150, height: 80)]),
        // A colour's ideal size (10 × 10) fits; shown, it takes the whole 80 × 30 offered.
        ("ViewThatFits { \(red); \(green).frame(width: 10, height: 10) }.frame(width: 80, height: 30)",
         [Rect(x: 0, y: 0, width: 80, height: 30)]),
        // No `if` alternative; the `ForEach`'s 200 is too wide, its 100 fits.
        ("ViewThatFits { if 1 > 2 { \(red).frame(width: 10, height: 10) }; ForEach([200, 100, 50], id: \\.self) { w in \(green).frame(width: CGFloat(w), height: 10) } }.frame(width: 120, height: 60)",
         [Rect(x: 10, y: 25, width: 100, height: 10)]),
        // `fixedSize()` offers no length: the first fits whatever its size.
        ("ViewThatFits { \(red).frame(width: 500, height: 10); \(green).frame(width: 10, height: 10) }.fixedSize()",
         [Rect(x: 0, y: 0, width: 500, height: 10)]),
    ] as [(String, [Rect])])
    func viewThatFitsShowsTheFirstThatFits(source: String, expected: [Rect]) throws {
        #expect(try Self.frames(source) == expected)
    }

    /// The pixels of a `ViewThatFits` in a 120 × 60 frame: only the 100 × 20 green it chose,
    /// centred, on white; the red and blue alternatives draw nothing.
    @Test func viewThatFitsDrawsOnlyTheViewItShows() throws {
        let e = try Self.engine("""
            ViewThatFits(in: .horizontal) {
                \(Self.red).frame(width: 200, height: 20)
                \(Self.green).frame(width: 100, height: 20)
                \(Self.blue).frame(width: 50, height: 50)
            }
            .frame(width: 120, height: 60)
            """)
        #expect(e.canvasWidth == 120 && e.canvasHeight == 60)
        Self.expectPixels(ViewRenderer(e).render(atSeconds: 0), [(Rect(x: 10, y: 20, width: 100, height: 20), RGBA8(r: 0, g: 255, b: 0))])
    }

    /// `frame(in: .global)` needs the reader's place on the screen, which its content cannot
    /// know when it is made: refused at the argument, as not supported.
    @Test func globalFrameIsRefused() throws {
        #expect(throws: SwiftUISourceError.self) {
            try Self.engine("GeometryReader { proxy in Color.red.frame(width: proxy.frame(in: .global).width) }")
        }
    }
}
