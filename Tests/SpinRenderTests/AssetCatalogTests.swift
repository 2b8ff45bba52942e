import Foundation
import SpinRender
import Testing

/// An app's asset catalogue (`--assets`) as view code names it: colour sets in Xcode's three
/// component forms, with a dark appearance, Display P3 and extended sRGB; image sets at 1x–3x;
/// the stand-ins and warnings for what a catalogue lacks; the reader's one-line errors. Every
/// pixel of each small frame is compared with values worked out here from the fixture's
/// numbers (Tests/SpinRenderTests/Assets/Fixture.xcassets).
@Suite("Asset catalogues")
struct AssetCatalogTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Assets/Fixture.xcassets").path

    /// `body` of `ContentView` with the fixture catalogue (or `assets`) read as `--assets`
    /// reads it, at `scale` with no margin.
    static func settings(_ body: String, assets: [String] = [fixture], scale: Double = 1, appearance: Appearance = .light,
                         strict: Bool = false) throws -> RenderSettings {
        var settings = RenderSettings()
        let text = "import SwiftUI\nstruct ContentView: View {\n    var body: some View {\n" + body + "\n    }\n}\n"
        try settings.loadSource("T.swift", bytes: Array(text.utf8), view: nil, assets: assets)
        settings.request.scene.scale = scale
        settings.request.scene.padding = 0
        settings.request.scene.appearance = appearance
        settings.strict = strict
        return settings
    }

    /// The frame at t = 0.
    static func frame(_ body: String, assets: [String] = [fixture], scale: Double = 1, appearance: Appearance = .light) throws -> RGBAImage {
        ViewRenderer(try settings(body, assets: assets, scale: scale, appearance: appearance).request.makeEngine()).render(atSeconds: 0)
    }

    /// Every pixel of `image` against `expected(x, y)`, each channel within `tolerance`.
    static func expectEveryPixel(_ image: RGBAImage, width: Int, height: Int, tolerance: Int = 0,
                                 _ expected: (Int, Int) -> RGBA8, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image.width == width && image.height == height, "canvas \(image.width) × \(image.height)", sourceLocation: sourceLocation)
        guard image.width == width && image.height == height else { return }
        var bad = 0
        var first = ""
        for y in 0..<height {
            for x in 0..<width {
                let have = image[x, y], want = expected(x, y)
                let off = [Int(have.r) - Int(want.r), Int(have.g) - Int(want.g), Int(have.b) - Int(want.b), Int(have.a) - Int(want.a)]
                if off.contains(where: { abs($0) > tolerance }) {
                    bad += 1
                    if first.isEmpty { first = "(\(x), \(y)): \(have) instead of \(want)" }
                }
            }
        }
        #expect(bad == 0, "\(bad) pixels differ, first \(first)", sourceLocation: sourceLocation)
    }

    /// Display P3 to sRGB with the linear-light matrix published for it (WebKit's
    /// `ColorConversion`, the product of CSS Color 4's P3→XYZ and XYZ→sRGB matrices rounded to
    /// seven places) and sRGB's transfer function: an independent check of the conversion.
    static func p3ToSRGB(_ r: Double, _ g: Double, _ b: Double) -> RGBA8 {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Double) -> UInt8 {
            let c = min(1, max(0, v))
            return UInt8(((c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055) * 255).rounded())
        }
        let (lr, lg, lb) = (linear(r), linear(g), linear(b))
        return RGBA8(r: encoded(1.2249401 * lr - 0.2249404 * lg), g: encoded(-0.0420569 * lr + 1.0420571 * lg),
                     b: encoded(-0.0196376 * lr - 0.0786361 * lg + 1.0982735 * lb))
    }

    // MARK: Colours

    /// Each way code names a colour set, drawn 2 × 2 pt @1x: every pixel the set's colour.
    /// Floats 1.000/0.500/0.250 are bytes 255/128/64 (0.5 × 255 = 127.5 rounds up); the dark
    /// entry's integers "32", "64", "96" are bytes; "0x10", "0x80", "0xF0" are 16, 128, 240;
    /// extended sRGB 1.2 / −0.1 / 0.5 clamps to 255, 0, 128.
    @Test(arguments: [
        ("Color(\"Brand\")", Appearance.light, RGBA8(r: 255, g: 128, b: 64)),
        ("Color(\"Brand\", bundle: nil)", .dark, RGBA8(r: 32, g: 64, b: 96)),
        ("Color(uiColor: UIColor(named: \"Brand\")!)", .dark, RGBA8(r: 32, g: 64, b: 96)),
        ("Color(UIColor(named: \"Brand\")!)", .light, RGBA8(r: 255, g: 128, b: 64)),
        ("Color(.brand)", .dark, RGBA8(r: 32, g: 64, b: 96)),
        ("Color(.brandSecondary)", .light, RGBA8(r: 16, g: 128, b: 240)),
        ("Color(UIColor(resource: .brandSecondary))", .dark, RGBA8(r: 16, g: 128, b: 240)),
        ("Color(ColorResource(name: \"brand-secondary\", bundle: nil))", .light, RGBA8(r: 16, g: 128, b: 240)),
        ("Color(\"Colors/Accent\")", .light, RGBA8(r: 255, g: 0, b: 128)),
        ("Color(.colorsAccent)", .dark, RGBA8(r: 255, g: 0, b: 128)),
        ("Color(\"Deep\")", .light, AssetCatalogTests.p3ToSRGB(0.8, 0.4, 0.2)),
    ])
    func colourSets(expression: String, appearance: Appearance, expected: RGBA8) throws {
        let image = try Self.frame("        \(expression).frame(width: 2, height: 2)", appearance: appearance)
        Self.expectEveryPixel(image, width: 2, height: 2, tolerance: expression.contains("Deep") ? 1 : 0) { _, _ in expected }
    }

    /// The dark variant follows the appearance where the colour is drawn: `.preferredColorScheme`
    /// over `--appearance`, and `environment(\.colorScheme, _:)` inside; a stroke in the brand
    /// colour too.
    @Test func darkVariantFollowsTheColourScheme() throws {
        let dark = RGBA8(r: 32, g: 64, b: 96), light = RGBA8(r: 255, g: 128, b: 64)
        Self.expectEveryPixel(try Self.frame("        Color(\"Brand\").frame(width: 2, height: 2).preferredColorScheme(.dark)"),
                              width: 2, height: 2) { _, _ in dark }
        let split = try Self.frame("""
                    HStack(spacing: 0) {
                        Color("Brand").frame(width: 2, height: 2)
                        Color("Brand").frame(width: 2, height: 2).environment(\\.colorScheme, .light)
                    }
            """, appearance: .dark)
        Self.expectEveryPixel(split, width: 4, height: 2) { x, _ in x < 2 ? dark : light }
    }

    // MARK: Images

    /// `Image("logo")` at each scale draws the file of that scale pixel for pixel: its natural
    /// size is 2 × 2 pt at every scale (2s × 2s pixels over s), each file's quadrants in their
    /// own colours, the fourth black at alpha 128 over the white background.
    @Test(arguments: [1.0, 2.0, 3.0])
    func imageSetDrawsTheFileOfTheScale(scale: Double) throws {
        let image = try Self.frame("        Image(\"logo\")", scale: scale)
        let s = Int(scale), level: UInt8 = [1: 255, 2: 200, 3: 100][s]!
        let grey = UInt8((255 * (1 - 128.0 / 255)).rounded())
        Self.expectEveryPixel(image, width: 2 * s, height: 2 * s, tolerance: 1) { x, y in
            switch (x >= s, y >= s) {
            case (false, false): RGBA8(r: level, g: 0, b: 0)
            case (true, false): RGBA8(r: 0, g: level, b: 0)
            case (false, true): RGBA8(r: 0, g: 0, b: level)
            case (true, true): RGBA8(r: grey, g: grey, b: grey)
            }
        }
    }

    /// A set with only a 1x file is drawn from it at 3x (the nearest), stretched to its natural
    /// size of 2 × 2 pt: a 6 × 6 block. `.resizable()` stretches it to a frame, `scaledToFit()`
    /// keeps it square inside one, and `Image(.solid)`, `Image(uiImage: UIImage(named:)!)` name
    /// the same set.
    @Test func bitmapsStretchAndFit() throws {
        let green = RGBA8(r: 0, g: 128, b: 0)
        Self.expectEveryPixel(try Self.frame("        Image(\"solid\")", scale: 3), width: 6, height: 6) { _, _ in green }
        Self.expectEveryPixel(try Self.frame("        Image(.solid).resizable().frame(width: 5, height: 3)", scale: 2),
                              width: 10, height: 6) { _, _ in green }
        Self.expectEveryPixel(try Self.frame("        Image(uiImage: UIImage(named: \"solid\")!).resizable().scaledToFit().frame(width: 8, height: 4)"),
                              width: 8, height: 4) { x, _ in (2..<6).contains(x) ? green : .white }
        Self.expectEveryPixel(try Self.frame("        Image(decorative: \"solid\").resizable().aspectRatio(contentMode: .fit).frame(width: 4, height: 8)"),
                              width: 4, height: 8) { _, y in (2..<6).contains(y) ? green : .white }
    }

    /// A large image drawn small counts every texel: 40 × 40 px of black with a white column
    /// every 8 px, drawn 5 × 5 pt @1x, is an eighth of white in each pixel (each covers 8 × 8
    /// texels, one white column of them: 255 / 8 ≈ 32), where bilinear samples at pixel centres
    /// alone would fall between two black columns and draw black.
    @Test func reducedImagesAverageTheirTexels() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let set = folder + "/Big.xcassets/checker.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try Self.write("{\"images\": [{\"idiom\": \"universal\", \"filename\": \"checker.png\"}]}", set + "/Contents.json")
        var checker = RGBAImage(width: 40, height: 40, fill: .black)
        for y in 0..<40 { for x in Swift.stride(from: 0, to: 40, by: 8) { checker[x, y] = .white } }
        try Data(try PNGEncoder.encode(checker)).write(to: URL(fileURLWithPath: set + "/checker.png"))
        let image = try Self.frame("        Image(\"checker\").resizable().frame(width: 5, height: 5)", assets: [folder + "/Big.xcassets"])
        let eighth = UInt8((255.0 / 8).rounded())
        Self.expectEveryPixel(image, width: 5, height: 5, tolerance: 1) { _, _ in RGBA8(r: eighth, g: eighth, b: eighth) }
    }

    /// `interpolation(.none)` draws a magnified image as blocks: the 1x logo's four texels,
    /// stretched to 4 × 4 pt @1x, are four 2 × 2 blocks of exactly their colours (the
    /// translucent one over white); with smoothing the blocks' inner edges would blend.
    @Test func interpolationNoneDrawsBlocks() throws {
        let grey = UInt8((255 * (1 - 128.0 / 255)).rounded())
        let blocks = [RGBA8(r: 255, g: 0, b: 0), RGBA8(r: 0, g: 255, b: 0), RGBA8(r: 0, g: 0, b: 255), RGBA8(r: grey, g: grey, b: grey)]
        for body in ["        Image(\"logo\").interpolation(.none).resizable().frame(width: 4, height: 4)",
                     "        Image(\"logo\").resizable().interpolation(.none).frame(width: 4, height: 4)"] {
            Self.expectEveryPixel(try Self.frame(body), width: 4, height: 4, tolerance: 1) { x, y in blocks[x / 2 + 2 * (y / 2)] }
        }
        let smooth = try Self.frame("        Image(\"logo\").resizable().interpolation(.high).frame(width: 4, height: 4)")
        #expect(smooth[1, 0] != blocks[0], "smoothing blends the inner edge")
    }

    /// A bitmap's ink counts for the canvas: `scaleEffect(2)` on the 2 × 2 pt image draws 4 × 4 pt
    /// about its centre, and the canvas (no padding) grows from 2 × 2 to 4 × 4, all green; with
    /// `--canvas layout` the canvas stays 2 × 2, still all green.
    @Test func scaledBitmapInkGrowsTheCanvas() throws {
        let green = RGBA8(r: 0, g: 128, b: 0)
        Self.expectEveryPixel(try Self.frame("        Image(\"solid\").scaleEffect(2)"), width: 4, height: 4) { _, _ in green }
        var settings = try Self.settings("        Image(\"solid\").scaleEffect(2)")
        settings.request.scene.canvas = .layout
        Self.expectEveryPixel(ViewRenderer(settings.request.makeEngine()).render(atSeconds: 0), width: 2, height: 2) { _, _ in green }
    }

    /// `Label(_:image:)` is the asset image beside the title, as `Label(_:systemImage:)` is the
    /// symbol: an `HStack` of the image's bitmap (2 × 2 pt) and the text.
    @Test func labelTakesAnAssetImage() throws {
        for body in ["        Label(\"Go\", image: \"solid\")", "        Label(\"Go\", image: .solid)"] {
            let script = try #require(try Self.settings(body).request.script)
            guard case let .custom(_, .stack(.horizontal, _, _, children)) = script.initial, case let .bitmap(image) = children.first else {
                Issue.record("\(body): \(script.initial)")
                continue
            }
            #expect(image.name == "solid" && image.variants.map(\.scale) == [1] && image.pointSize(forScale: 2) == (2, 2))
            #expect(children.count == 2)
        }
    }

    /// `.renderingMode(.template)` draws the image's alpha in the foreground colour: the mask's
    /// diagonal is opaque, the rest transparent; after `resizable()` the solid image is all
    /// foreground. `.original` keeps the file's own colour.
    @Test func templateRenderingTintsTheAlpha() throws {
        let red = RGBA8(r: 255, g: 0, b: 0), own = RGBA8(r: 10, g: 20, b: 30)
        Self.expectEveryPixel(try Self.frame("        Image(\"mask\").renderingMode(.template).foregroundColor(Color(red: 1, green: 0, blue: 0))"),
                              width: 2, height: 2) { x, y in x == y ? red : .white }
        // After `resizable()` (which returns an `Image`) too.
        Self.expectEveryPixel(try Self.frame("        Image(\"solid\").resizable().renderingMode(.template).frame(width: 3, height: 3).foregroundStyle(Color(red: 1, green: 0, blue: 0))"),
                              width: 3, height: 3) { _, _ in red }
        Self.expectEveryPixel(try Self.frame("        Image(\"mask\").renderingMode(.original).foregroundColor(.red)"),
                              width: 2, height: 2) { x, y in x == y ? own : .white }
    }

    /// SVG does not embed bitmaps: a drawn asset image is refused by name; a missing one draws
    /// nothing and is no reason to refuse.
    @Test func svgRefusesAssetImagesByName() throws {
        let refusal = try Self.settings("        Image(\"logo\")").request.makeEngine().svgRefusal
        #expect(refusal?.reason == "the asset image 'logo' is a bitmap, which this SVG writer does not embed; render it as GIF, WebP or PNG frames")
        #expect(refusal?.view == "ContentView" && refusal?.mark?.line == 4 && refusal?.mark?.column == 9)
        #expect(try Self.settings("        VStack { Image(\"nothing\"); Color(\"Brand\").frame(width: 2, height: 2) }").request.makeEngine().svgRefusal == nil)
    }

    // MARK: What the catalogue lacks

    /// A colour the catalogue lacks is systemGray (142, 142, 147) with one warning per name,
    /// naming the closest set; an image it lacks is empty and of size zero (the stack is only
    /// the blue square beside it).
    @Test func missingAssetsAreStandInsWithAWarningEach() throws {
        let settings = try Self.settings("""
                    HStack(spacing: 0) {
                        Color("Brnd").frame(width: 2, height: 2)
                        Color("Brnd").frame(width: 2, height: 2)
                        Image("logoo")
                        Color(red: 0, green: 0, blue: 1).frame(width: 2, height: 2)
                    }
            """)
        Self.expectEveryPixel(ViewRenderer(settings.request.makeEngine()).render(atSeconds: 0), width: 6, height: 2) { x, _ in
            x < 4 ? RGBA8(r: 142, g: 142, b: 147) : RGBA8(r: 0, g: 0, b: 255)
        }
        #expect(try settings.symbolWarnings() == [
            "no colour set named 'Brnd' in the asset catalogue: drawn as the stand-in colour systemGray; closest: 'Brand'",
            "no image set named 'logoo' in the asset catalogue: drawn as an empty image of size zero, as a device draws an image it cannot find; closest: 'logo'",
        ])
    }

    /// `Color("AccentColor")`, the app template's accent colour set, is iOS's default accent
    /// when the catalogue is not given: system blue (0, 122, 255; 10, 132, 255 dark, as
    /// `Color.accentColor`), with a warning that says so.
    /// So is `.accent`, the symbol Xcode generates for that set, in each place it is written.
    @Test(arguments: ["Color(\"AccentColor\")", "Rectangle().fill(.accent)", "Color(.accent)", "Rectangle().foregroundStyle(Color.accent)"])
    func aMissingAccentColorSetIsTheDefaultAccent(view: String) throws {
        let settings = try Self.settings("        \(view).frame(width: 2, height: 2)", assets: [])
        Self.expectEveryPixel(ViewRenderer(settings.request.makeEngine()).render(atSeconds: 0), width: 2, height: 2) { _, _ in
            RGBA8(r: 0, g: 122, b: 255)
        }
        #expect(try settings.symbolWarnings() == [
            "the colour asset 'AccentColor' comes from the app's asset catalogue, which was not given: drawn as iOS's default accent colour, system blue; give the catalogue with --assets PATH.xcassets",
        ])
    }

    /// `Color.background`, `.brandPrimary`: read as Xcode's generated symbol of a colour set, or
    /// the project's own `static let` in another file. When the catalogue lacks it (or is not
    /// given) the warning names both ways out; `Color(.background)` names a set alone.
    @Test func aColourMemberTheCatalogueLacksMayBeTheProjects() throws {
        let body = "        HStack(spacing: 0) { Color.background.frame(width: 1, height: 1); Rectangle().fill(.brandPrimary).frame(width: 1, height: 1); "
            + "Color(.tint2).frame(width: 1, height: 1) }"
        for assets in [[String](), [Self.fixture]] {
            let settings = try Self.settings(body, assets: assets)
            Self.expectEveryPixel(ViewRenderer(settings.request.makeEngine()).render(atSeconds: 0), width: 3, height: 1) { _, _ in
                RGBA8(r: 142, g: 142, b: 147)
            }
            let expected = assets.isEmpty ? [
                "the colour asset 'background' comes from the app's asset catalogue, which was not given: drawn as the stand-in colour systemGray; give the catalogue with --assets PATH.xcassets; if the project declares 'Color.background' in another file, give that file with --include",
                "the colour asset 'brandPrimary' comes from the app's asset catalogue, which was not given: drawn as the stand-in colour systemGray; give the catalogue with --assets PATH.xcassets; if the project declares 'Color.brandPrimary' in another file, give that file with --include",
                "the colour asset 'tint2' comes from the app's asset catalogue, which was not given: drawn as the stand-in colour systemGray; give the catalogue with --assets PATH.xcassets",
            ] : [
                "no colour set named 'background' in the asset catalogue: drawn as the stand-in colour systemGray; if the project declares 'Color.background' in another file, give that file with --include",
                "no colour set named 'brandPrimary' in the asset catalogue: drawn as the stand-in colour systemGray; if the project declares 'Color.brandPrimary' in another file, give that file with --include",
                "no colour set named 'tint2' in the asset catalogue: drawn as the stand-in colour systemGray",
            ]
            #expect(try settings.symbolWarnings() == expected)
        }
    }

    /// Text the packaged fonts do not draw (Korean, Chinese, Arabic) is drawn as boxes with a
    /// warning naming the text and its characters, refused under `--strict`; Latin, Cyrillic
    /// and emoji are drawn without one.
    @Test func textTheFontsDoNotDrawWarns() throws {
        let settings = try Self.settings("        VStack { Text(\"로딩 중\"); Text(\"Загрузка 🚀 done\"); Text(\"加载中 加载\") }", assets: [])
        #expect(try settings.symbolWarnings() == [
            "the text '로딩 중' has characters the packaged fonts (Inter, Noto Color Emoji) do not draw, '로', '딩', '중': drawn as boxes, where a device draws them with its system fonts",
            "the text '加载中 加载' has characters the packaged fonts (Inter, Noto Color Emoji) do not draw, '加', '载', '中': drawn as boxes, where a device draws them with its system fonts",
        ])
        let strict = try Self.settings("        Text(\"جار\")", assets: [], strict: true)
        #expect(throws: SettingsError.self) { try strict.symbolWarnings() }
        #expect(try Self.settings("        Text(\"Загрузка… ✓ 🚀\")", assets: [], strict: true).symbolWarnings().isEmpty)
    }

    /// `.tertiary` and `.quaternary` are the foreground's third and fourth levels, not colour
    /// sets of the app: drawn as `tertiaryLabel` and `quaternaryLabel` (light (60, 60, 67) at 30 %
    /// and 18 %, dark (235, 235, 245) at 30 % and 16 %), each pixel the colour over the
    /// background worked out here, with no warning.
    @Test(arguments: [("tertiary", 0.3, 0.3), ("quaternary", 0.18, 0.16)])
    func hierarchicalStylesAreTheLabelLevels(style: String, lightAlpha: Double, darkAlpha: Double) throws {
        for appearance in [Appearance.light, .dark] {
            let light = appearance == .light
            let written = try Self.settings("        Rectangle().fill(.\(style)).frame(width: 2, height: 2)", assets: [], appearance: appearance)
            let alpha = ((light ? lightAlpha : darkAlpha) * 255).rounded()
            let background = light ? 255.0 : 0
            func over(_ channel: Double) -> UInt8 { UInt8(((channel * alpha + background * (255 - alpha)) / 255).rounded()) }
            let (r, g, b) = light ? (60.0, 60.0, 67.0) : (235.0, 235.0, 245.0)
            Self.expectEveryPixel(ViewRenderer(written.request.makeEngine()).render(atSeconds: 0), width: 2, height: 2, tolerance: 1) { _, _ in
                RGBA8(r: over(r), g: over(g), b: over(b))
            }
            #expect(try written.symbolWarnings().isEmpty)
        }
    }

    /// `.quinary` (iOS 16) is the foreground's fifth level, not a colour set of the app: black at
    /// 5 % in light and white at 5 % in dark (alpha 13 of 255), so over the white (black)
    /// background every pixel is 242 (13) in each channel, with no warning. It was read as a
    /// missing asset colour: system grey, with a warning.
    @Test func quinaryIsTheFifthLevel() throws {
        for appearance in [Appearance.light, .dark] {
            let written = try Self.settings("        Rectangle().fill(.quinary).frame(width: 2, height: 2)", assets: [], appearance: appearance)
            let level: UInt8 = appearance == .light ? 242 : 13
            Self.expectEveryPixel(ViewRenderer(written.request.makeEngine()).render(atSeconds: 0), width: 2, height: 2) { _, _ in
                RGBA8(r: level, g: level, b: level)
            }
            #expect(try written.symbolWarnings().isEmpty)
            let text = try Self.settings("        Text(\"Loading\").foregroundStyle(.quinary)", assets: [], appearance: appearance)
            #expect(try text.symbolWarnings().isEmpty)
        }
    }

    /// An image set without a file for an iPhone (only empty slots) is the empty image too, with
    /// a warning that says so.
    @Test func emptyImageSetWarns() throws {
        let (folder, catalogue) = try Self.damaged { catalogue in
            try Self.write("{\"images\": [{\"idiom\": \"universal\", \"scale\": \"1x\"}, {\"idiom\": \"mac\", \"filename\": \"solid.png\"}]}",
                           catalogue + "/solid.imageset/Contents.json")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = try Self.settings("        HStack(spacing: 0) { Image(\"solid\"); Color(\"Brand\").frame(width: 1, height: 1) }", assets: [catalogue])
        Self.expectEveryPixel(ViewRenderer(settings.request.makeEngine()).render(atSeconds: 0), width: 1, height: 1) { _, _ in
            RGBA8(r: 255, g: 128, b: 64)
        }
        #expect(try settings.symbolWarnings() == ["the image set 'solid' has no PNG file for an iPhone (idiom universal or iphone): drawn as an empty image of size zero"])
    }

    /// Xcode's app template writes `AccentColor.colorset` with one empty well (`{"idiom":
    /// "universal"}`, no `color`) until a colour is chosen: the catalogue still reads, the set
    /// is empty, and code that names it draws its stand-in (the accent's, system blue) with a
    /// warning saying so; a set with a colour beside an empty well has that colour.
    @Test func emptyColourWellsAreUnsetNotMalformed() throws {
        let (folder, catalogue) = try Self.damaged { catalogue in
            let template = "{\n  \"colors\" : [\n    {\n      \"idiom\" : \"universal\"\n    }\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
            try FileManager.default.createDirectory(atPath: catalogue + "/AccentColor.colorset", withIntermediateDirectories: true)
            try Self.write(template, catalogue + "/AccentColor.colorset/Contents.json")
            try FileManager.default.createDirectory(atPath: catalogue + "/Empty Tint.colorset", withIntermediateDirectories: true)
            try Self.write(template, catalogue + "/Empty Tint.colorset/Contents.json")
            try FileManager.default.createDirectory(atPath: catalogue + "/Half.colorset", withIntermediateDirectories: true)
            try Self.write("{\"colors\": [{\"idiom\": \"universal\"}, {\"idiom\": \"universal\", \"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"dark\"}], "
                           + "\"color\": {\"color-space\": \"srgb\", \"components\": {\"red\": \"0x10\", \"green\": \"0x20\", \"blue\": \"0x30\", \"alpha\": \"1.000\"}}}]}",
                           catalogue + "/Half.colorset/Contents.json")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let read = try AssetCatalogReader.read([catalogue])
        #expect(read.emptyColorSets == ["AccentColor", "Empty Tint"])
        #expect(read.colors["AccentColor"] == nil)
        let half: ColorValue = .rgb(red: 16 / 255.0, green: 32 / 255.0, blue: 48 / 255.0, opacity: 1)
        #expect(read.colors["Half"]?.value == half)
        let body = "        HStack(spacing: 0) { Color(\"Brand\").frame(width: 1, height: 1); Color(\"AccentColor\").frame(width: 1, height: 1); "
            + "Rectangle().fill(.emptyTint).frame(width: 1, height: 1); Color(\"Half\").frame(width: 1, height: 1) }"
        let settings = try Self.settings(body, assets: [catalogue])
        Self.expectEveryPixel(ViewRenderer(settings.request.makeEngine()).render(atSeconds: 0), width: 4, height: 1) { x, _ in
            [RGBA8(r: 255, g: 128, b: 64), RGBA8(r: 0, g: 122, b: 255), RGBA8(r: 142, g: 142, b: 147), RGBA8(r: 16, g: 32, b: 48)][x]
        }
        #expect(try settings.symbolWarnings() == [
            "the colour set 'AccentColor' has no colour for an iPhone (idiom universal or iphone), its wells left empty: drawn as iOS's default accent colour, system blue",
            "the colour set 'Empty Tint' has no colour for an iPhone (idiom universal or iphone), its wells left empty: drawn as the stand-in colour systemGray",
        ])
        // A later catalogue's colour for the set replaces the empty one.
        let (laterFolder, later) = try Self.damaged { _ in }
        defer { try? FileManager.default.removeItem(atPath: laterFolder) }
        try FileManager.default.createDirectory(atPath: later + "/AccentColor.colorset", withIntermediateDirectories: true)
        try Self.write("{\"colors\": [{\"idiom\": \"universal\", \"color\": {\"components\": {\"red\": \"1\", \"green\": \"2\", \"blue\": \"3\"}}}]}",
                       later + "/AccentColor.colorset/Contents.json")
        let merged = try AssetCatalogReader.read([catalogue, later])
        #expect(merged.emptyColorSets == ["Empty Tint"])
        let chosen: ColorValue = .rgb(red: 1 / 255.0, green: 2 / 255.0, blue: 3 / 255.0, opacity: 1)
        #expect(merged.colors["AccentColor"]?.value == chosen)
        #expect(try AssetCatalogReader.read([later, catalogue]).emptyColorSets == ["AccentColor", "Empty Tint"])
    }

    /// Without `--assets`, each asset named is a stand-in with a warning that says how to give
    /// the catalogue; the render goes on. `--strict` refuses the first as bad data (exit 65).
    @Test func withoutACatalogueEveryAssetWarnsAndStrictRefuses() throws {
        let body = "        VStack(spacing: 0) { Image(.logo); Color(.brand).frame(width: 2, height: 2) }"
        let settings = try Self.settings(body, assets: [])
        Self.expectEveryPixel(ViewRenderer(settings.request.makeEngine()).render(atSeconds: 0), width: 2, height: 2) { _, _ in
            RGBA8(r: 142, g: 142, b: 147)
        }
        #expect(try settings.symbolWarnings() == [
            "the image asset 'logo' comes from the app's asset catalogue, which was not given: drawn as an empty image of size zero, as a device draws an image it cannot find; give the catalogue with --assets PATH.xcassets",
            "the colour asset 'brand' comes from the app's asset catalogue, which was not given: drawn as the stand-in colour systemGray; give the catalogue with --assets PATH.xcassets",
        ])
        let strict = try Self.settings(body, assets: [], strict: true)
        #expect {
            _ = try strict.symbolWarnings()
        } throws: { error in
            guard case let .failure(failure) = error as? SettingsError else { return false }
            return failure.kind == .badData && failure.message.hasSuffix("; --strict refuses an asset the catalogue does not hold")
                && failure.message.hasPrefix("the image asset 'logo'")
        }
        // With the catalogue, nothing is missing and nothing is refused.
        #expect(try Self.settings(body, strict: true).symbolWarnings().isEmpty)
    }

    // MARK: Bad catalogues

    /// A copy of the fixture in a scratch folder, changed by `damage`.
    static func damaged(_ damage: (String) throws -> Void) throws -> (folder: String, catalogue: String) {
        let folder = try temporaryFolder()
        let catalogue = folder + "/App.xcassets"
        try FileManager.default.copyItem(atPath: fixture, toPath: catalogue)
        try damage(catalogue)
        return (folder, catalogue)
    }

    static func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

    /// A PNG signature and an IHDR chunk of `width` × `height` RGBA8 with its CRC, and no data.
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let body = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + body + be(~crc)
    }

    /// Each fault is one line naming the file and the problem, of the kind that picks the
    /// exit status: 66 for what is not there, 65 for what is malformed or too large.
    @Test(arguments: [
        ("Brand.colorset/Contents.json", "{\"colors\": [", SpinRenderError.Kind.badData, "Brand.colorset/Contents.json: not valid JSON"),
        ("Brand.colorset/Contents.json", "{\"colors\": [{\"idiom\": \"universal\", \"color\": {\"components\": {\"red\": \"0xZZ\", \"green\": \"0\", \"blue\": \"0\"}}}]}",
         .badData, "Brand.colorset/Contents.json: colors[0]: the component \"red\" is not a number from 0 to 1, an integer from 0 to 255 or a hexadecimal byte such as \"0x80\""),
        ("logo.imageset/logo@2x.png", nil, .missingInput, "logo.imageset/logo@2x.png: no such file, named by "),
        ("logo.imageset/logo@3x.png", "not a PNG at all, only text", .badData, "logo.imageset/logo@3x.png: not a PNG file (no PNG signature and header)"),
        ("solid.imageset/solid.png", "huge", .badData, "solid.imageset/solid.png: an image of 60000 × 60000 pixels would take more than the memory limit (--max-memory) allows"),
    ] as [(String, String?, SpinRenderError.Kind, String)])
    func badCataloguesAreOneLineErrors(file: String, contents: String?, kind: SpinRenderError.Kind, message: String) throws {
        let (folder, catalogue) = try Self.damaged { catalogue in
            let path = catalogue + "/" + file
            switch contents {
            case nil: try FileManager.default.removeItem(atPath: path)
            case "huge"?: try Data(Self.header(width: 60_000, height: 60_000)).write(to: URL(fileURLWithPath: path))
            case let text?: try Self.write(text, path)
            }
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect {
            _ = try AssetCatalogReader.read([catalogue])
        } throws: { error in
            guard let error = error as? SpinRenderError else { return false }
            return error.kind == kind && error.message.contains(message) && !error.message.contains("\n")
        }
    }

    /// Of a set's entries the reader takes the iPhone's over the universal one, the sRGB gamut's
    /// over Display P3's, and passes over other idioms and high contrast; a `reference` to a
    /// UIKit colour is that colour in each appearance (systemBlue: (0, 122, 255) light,
    /// (10, 132, 255) dark, Apple's HIG colour table).
    @Test func readerChoosesTheIPhoneEntries() throws {
        let (folder, catalogue) = try Self.damaged { catalogue in
            try FileManager.default.createDirectory(atPath: catalogue + "/Pick.colorset", withIntermediateDirectories: true)
            func entry(_ idiom: String, _ red: String, extra: String = "") -> String {
                "{\"idiom\": \"\(idiom)\"\(extra), \"color\": {\"color-space\": \"srgb\", \"components\": {\"red\": \"\(red)\", \"green\": \"0\", \"blue\": \"0\", \"alpha\": \"1.000\"}}}"
            }
            let entries = [entry("universal", "10"), entry("iphone", "20", extra: ", \"display-gamut\": \"display-P3\""), entry("iphone", "30", extra: ", \"display-gamut\": \"sRGB\""),
                           entry("mac", "40"), entry("iphone", "50", extra: ", \"appearances\": [{\"appearance\": \"contrast\", \"value\": \"high\"}]")]
            try Self.write("{\"colors\": [\(entries.joined(separator: ", "))]}", catalogue + "/Pick.colorset/Contents.json")
            try FileManager.default.createDirectory(atPath: catalogue + "/Blue.colorset", withIntermediateDirectories: true)
            try Self.write("{\"colors\": [{\"idiom\": \"universal\", \"color\": {\"platform\": \"ios\", \"reference\": \"systemBlueColor\"}}]}",
                           catalogue + "/Blue.colorset/Contents.json")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let body = "        HStack(spacing: 0) { Color(\"Pick\").frame(width: 1, height: 1); Color(\"Blue\").frame(width: 1, height: 1); Color(.blue).frame(width: 1, height: 1) }"
        for (appearance, blue) in [(Appearance.light, RGBA8(r: 0, g: 122, b: 255)), (.dark, RGBA8(r: 10, g: 132, b: 255))] {
            // `Color(.blue)` is UIKit's `UIColor.blue`, whatever the catalogue holds.
            Self.expectEveryPixel(try Self.frame(body, assets: [catalogue], appearance: appearance), width: 3, height: 1) { x, _ in
                [RGBA8(r: 30, g: 0, b: 0), blue, RGBA8(r: 0, g: 0, b: 255)][x]
            }
        }
    }

    /// A path that is not there is missing input; a folder without a catalogue is bad data; a
    /// folder holding one is read as the catalogue.
    @Test func cataloguePaths() throws {
        #expect(throws: SpinRenderError(.missingInput, "/no/such/App.xcassets: no such asset catalogue (--assets takes a .xcassets folder or a folder holding one)")) {
            _ = try AssetCatalogReader.read(["/no/such/App.xcassets"])
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: SpinRenderError(.badData, "\(folder): holds no .xcassets folder; --assets takes a .xcassets folder or a folder holding one")) {
            _ = try AssetCatalogReader.read([folder])
        }
        let parent = URL(fileURLWithPath: Self.fixture).deletingLastPathComponent().path
        let catalogue = try AssetCatalogReader.read([parent])
        #expect(catalogue.colors.keys.sorted() == ["Brand", "Colors/Accent", "Deep", "brand-secondary"])
        #expect(catalogue.images.keys.sorted() == ["logo", "mask", "solid"])
        #expect(catalogue.images["solid"]?.files.map(\.scale) == [1])
    }

    /// Symbolic links back up the catalogue are walked once: two in one group would otherwise
    /// double the walk at each of its 32 levels.
    @Test func linkLoopsAreWalkedOnce() throws {
        let (folder, catalogue) = try Self.damaged { catalogue in
            try FileManager.default.createDirectory(atPath: catalogue + "/Loop", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: catalogue + "/Loop/up", withDestinationPath: "..")
            try FileManager.default.createSymbolicLink(atPath: catalogue + "/Loop/again", withDestinationPath: "..")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let start = ContinuousClock.now
        let read = try AssetCatalogReader.read([catalogue])
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(read.colors.keys.sorted() == ["Brand", "Colors/Accent", "Deep", "brand-secondary"])
    }

    /// A file whose header is a PNG's but whose data is not fails where the source draws it,
    /// at the `Image` call, naming the file.
    @Test func undecodablePNGFailsAtTheImage() throws {
        let (folder, catalogue) = try Self.damaged { catalogue in
            try Data(Self.header(width: 2, height: 2) + Array("IDATgarbage".utf8)).write(to: URL(fileURLWithPath: catalogue + "/solid.imageset/solid.png"))
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect {
            _ = try Self.settings("        Image(\"solid\")", assets: [catalogue])
        } throws: { error in
            guard case let .source(diagnostic) = error as? SettingsError else { return false }
            return diagnostic.line == 4 && diagnostic.column == 15
                && diagnostic.message.hasPrefix("the image asset 'solid' cannot be read: \(catalogue)/solid.imageset/solid.png: not a readable PNG")
        }
    }

    /// An app's catalogue holds vector and photo image sets (PDF, SVG, JPEG) beside its colours:
    /// reading it does not stop on them, a source that does not draw them renders with the
    /// catalogue's colours, and one that draws one is refused at its `Image` call.
    @Test func nonPNGImageSetFailsOnlyWhereDrawn() throws {
        let (folder, catalogue) = try Self.damaged { catalogue in
            try FileManager.default.createDirectory(atPath: catalogue + "/collection.imageset", withIntermediateDirectories: true)
            try Self.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2\" height=\"2\"/>", catalogue + "/collection.imageset/collection.svg")
            try Self.write("{\"images\": [{\"filename\": \"collection.svg\", \"idiom\": \"universal\"}], \"properties\": {\"preserves-vector-representation\": true}}",
                           catalogue + "/collection.imageset/Contents.json")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = try Self.settings("        Color(\"Brand\").frame(width: 2, height: 1)", assets: [catalogue])
        Self.expectEveryPixel(ViewRenderer(settings.request.makeEngine()).render(atSeconds: 0), width: 2, height: 1) { _, _ in
            RGBA8(r: 255, g: 128, b: 64)
        }
        #expect(try settings.symbolWarnings().isEmpty)
        #expect {
            _ = try Self.settings("        Image(\"collection\")", assets: [catalogue])
        } throws: { error in
            guard case let .source(diagnostic) = error as? SettingsError else { return false }
            return diagnostic.line == 4 && diagnostic.column == 15
                && diagnostic.message == "the image asset 'collection' cannot be read: \(catalogue)/collection.imageset/collection.svg: only PNG images are read; export the image as PNG"
        }
    }

    /// Xcode's generated symbol is the asset's name in lower camel case (a colour's trailing
    /// "Color" dropped); a symbol matches a set whose name is the same ignoring case and
    /// everything but letters and digits.
    @Test func generatedSymbolsMatchSetNames() {
        let names = ["Brand", "brand-secondary", "Brand Tertiary", "Colors/Accent", "logo_2x"]
        #expect(AssetCatalog.setName(forSymbol: "brand", among: names) == "Brand")
        #expect(AssetCatalog.setName(forSymbol: "brandSecondary", among: names) == "brand-secondary")
        #expect(AssetCatalog.setName(forSymbol: "brandTertiary", among: names) == "Brand Tertiary")
        #expect(AssetCatalog.setName(forSymbol: "accent", among: names) == "Colors/Accent")
        #expect(AssetCatalog.setName(forSymbol: "logo2X", among: names) == "logo_2x")
        #expect(AssetCatalog.setName(forSymbol: "brandQuaternary", among: names) == nil)
        // A colour's trailing "Color" is not part of its symbol.
        #expect(AssetCatalog.setName(forSymbol: "someBlue", among: ["SomeBlueColor"], droppingSuffix: "Color") == "SomeBlueColor")
        #expect(AssetCatalog.setName(forSymbol: "someBlue", among: ["SomeBlueColor"]) == nil)
    }
}
