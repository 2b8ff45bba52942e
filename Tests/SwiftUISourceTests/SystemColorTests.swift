import SpinRender
import SwiftUISource
import Testing

/// UIKit's colours, colour spaces, colour-scheme modifiers and a hex extension written in the
/// file: each colour drawn as a view, and its pixels compared with the value the cited tables
/// give for the appearance (translucent ones over the appearance's background, blended in
/// sRGB-encoded values as the renderer does).
@Suite("System colours")
struct SystemColorTests {
    /// Pixel (0, 0) of `expression` drawn 2 × 2 pt @1x with no padding, and the background.
    func pixel(_ expression: String, appearance: Appearance, prelude: String = "") throws -> RGBA8 {
        var request = RenderRequest()
        try request.setSource(prelude + "struct C: View {\n    var body: some View {\n        \(expression).frame(width: 2, height: 2)\n    }\n}\n",
                              fileName: "C.swift", view: "C")
        request.scene.scale = 1
        request.scene.padding = 0
        request.scene.appearance = appearance
        return ViewRenderer(request.makeEngine()).render(atSeconds: 0)[0, 0]
    }

    /// `colour` at `alpha` over `background`, each channel mixed in sRGB-encoded values.
    static func over(_ colour: (Int, Int, Int), alpha: Double, _ background: Int) -> (Int, Int, Int) {
        func mix(_ c: Int) -> Int { Int((Double(c) * alpha + Double(background) * (1 - alpha)).rounded()) }
        return (mix(colour.0), mix(colour.1), mix(colour.2))
    }

    static func close(_ pixel: RGBA8, _ expected: (Int, Int, Int)) -> Bool {
        abs(Int(pixel.r) - expected.0) <= 1 && abs(Int(pixel.g) - expected.1) <= 1 && abs(Int(pixel.b) - expected.2) <= 1
    }

    /// (expression, light, dark): the HIG's system colours and UIKit's semantic colours.
    @Test(arguments: [
        ("Color(.systemGray)", (142, 142, 147), (142, 142, 147)),
        ("Color(.systemGray2)", (174, 174, 178), (99, 99, 102)),
        ("Color(.systemGray3)", (199, 199, 204), (72, 72, 74)),
        ("Color(.systemGray4)", (209, 209, 214), (58, 58, 60)),
        ("Color(.systemGray5)", (229, 229, 234), (44, 44, 46)),
        ("Color(.systemGray6)", (242, 242, 247), (28, 28, 30)),
        ("Color(uiColor: .systemBackground)", (255, 255, 255), (0, 0, 0)),
        ("Color(UIColor.secondarySystemBackground)", (242, 242, 247), (28, 28, 30)),
        ("Color(uiColor: UIColor.systemTeal)", (48, 176, 199), (64, 200, 224)),
        ("Color(.label)", (0, 0, 0), (255, 255, 255)),
        ("Color.mint", (0, 199, 190), (99, 230, 226)),
        ("Color.indigo", (88, 86, 214), (94, 92, 230)),
        ("Color(UIColor.red)", (255, 0, 0), (255, 0, 0)),
        // `UIColor(Color)` (iOS 14) keeps the colour and its dark variant.
        ("Color(UIColor(.indigo))", (88, 86, 214), (94, 92, 230)),
        ("Color(uiColor: UIColor(Color(red: 1, green: 0.5, blue: 0)))", (255, 128, 0), (255, 128, 0)),
        // `BackgroundStyle`, over red so that drawing nothing would show.
        ("Rectangle().fill(.background).background(Color.red)", (255, 255, 255), (0, 0, 0)),
    ])
    func opaqueColoursPerAppearance(expression: String, light: (Int, Int, Int), dark: (Int, Int, Int)) throws {
        let l = try pixel(expression, appearance: .light), d = try pixel(expression, appearance: .dark)
        #expect(Self.close(l, light), "\(expression) light: \(l)")
        #expect(Self.close(d, dark), "\(expression) dark: \(d)")
    }

    /// Translucent semantic colours: (60, 60, 67) at 60 % is `secondaryLabel` in light mode.
    @Test(arguments: [
        ("Color(.secondaryLabel)", (60, 60, 67), 0.6, (235, 235, 245), 0.6),
        ("Color(uiColor: .systemFill)", (120, 120, 128), 0.2, (120, 120, 128), 0.36),
        ("Color(.separator)", (60, 60, 67), 0.29, (84, 84, 88), 0.6),
    ])
    func translucentColoursPerAppearance(expression: String, light: (Int, Int, Int), lightAlpha: Double,
                                         dark: (Int, Int, Int), darkAlpha: Double) throws {
        let l = try pixel(expression, appearance: .light), d = try pixel(expression, appearance: .dark)
        #expect(Self.close(l, Self.over(light, alpha: (lightAlpha * 255).rounded() / 255, 255)), "\(expression) light: \(l)")
        #expect(Self.close(d, Self.over(dark, alpha: (darkAlpha * 255).rounded() / 255, 0)), "\(expression) dark: \(d)")
    }

    /// Colour spaces: Display P3 (0.9175, 0.2003, 0.1386) is sRGB red (the usual published
    /// conversion of #FF0000 to `color(display-p3 …)`); P3's pure red lies outside sRGB and is
    /// clipped to it; linear 0.5 is sRGB 0.7354 (188); HSB and white as documented.
    @Test func colourSpacesConvertToSRGB() throws {
        #expect(Self.close(try pixel("Color(.displayP3, red: 0.9175, green: 0.2003, blue: 0.1386)", appearance: .light), (255, 0, 0)))
        #expect(Self.close(try pixel("Color(.displayP3, red: 1, green: 0, blue: 0)", appearance: .light), (255, 0, 0)))
        #expect(Self.close(try pixel("Color(.displayP3, red: 0.5, green: 0.5, blue: 0.5)", appearance: .light), (128, 128, 128)))
        #expect(Self.close(try pixel("Color(.sRGBLinear, red: 0.5, green: 0.5, blue: 0.5)", appearance: .light), (188, 188, 188)))
        #expect(Self.close(try pixel("Color(.sRGB, red: 1, green: 0.5, blue: 0, opacity: 1)", appearance: .light), (255, 128, 0)))
        #expect(Self.close(try pixel("Color(hue: 0.5, saturation: 1, brightness: 1)", appearance: .light), (0, 255, 255)))
        #expect(Self.close(try pixel("Color(white: 0.2)", appearance: .light), (51, 51, 51)))
        #expect(Self.close(try pixel("Color(UIColor(displayP3Red: 0.9175, green: 0.2003, blue: 0.1386, alpha: 1))", appearance: .light), (255, 0, 0)))
    }

    @Test func hexExtensionWrittenInTheFileEvaluates() throws {
        let prelude = """
            extension Color {
                init(hex: UInt, alpha: Double = 1) {
                    self.init(.sRGB, red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 08) & 0xff) / 255,
                              blue: Double((hex >> 00) & 0xff) / 255, opacity: alpha)
                }
            }

            """
        #expect(Self.close(try pixel("Color(hex: 0xFF8800)", appearance: .light, prelude: prelude), (255, 136, 0)))
        #expect(Self.close(try pixel("Color(hex: 0x336699)", appearance: .dark, prelude: prelude), (51, 102, 153)))
    }

    /// A file's own `init(hex:)` that stops on something unsupported (the widely copied one
    /// reads with `Scanner`) gives way to the usual reading, and the note says where the file's
    /// own stopped, not that the file declares none.
    @Test func aHexExtensionThatCannotRunIsNamedInTheNote() throws {
        let source = """
            import SwiftUI
            extension Color {
                init(hex: String) {
                    let scanner = Scanner(string: hex)
                    var rgb: UInt64 = 0
                    scanner.scanHexInt64(&rgb)
                    self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
                }
            }
            struct C: View {
                var body: some View { Color(hex: "#336699").frame(width: 2, height: 2) }
            }
            """
        let script = try SwiftProgram(parsing: source, fileName: "C.swift").script(view: "C")
        #expect(script.notes.contains { $0.hasPrefix("the file's own 'Color(hex:)' stops at 4:23 (") })
        #expect(!script.notes.contains { $0.contains("does not declare it") })
        #expect(Self.close(try pixel("Color(hex: \"#336699\")", appearance: .light, prelude: "import SwiftUI\n"), (51, 102, 153)))
    }

    /// Colours the file declares in `extension Color` are the file's, even where their names
    /// could be generated asset symbols; a dynamic `UIColor` (`UIColor { traits in … }`,
    /// `UIColor(dynamicProvider:)`) takes the provider's colour for each appearance.
    @Test func dynamicUIColorsAndTheFilesOwnStaticColours() throws {
        let prelude = """
            extension Color {
                static let loaderTint = Color(UIColor { traits in
                    traits.userInterfaceStyle == .dark ? UIColor(red: 0.4, green: 0.8, blue: 1, alpha: 1) : UIColor.systemTeal
                })
                static let track = Color(uiColor: UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? .white : .systemGray5 }))
                static let plain = Color(red: 0.2, green: 0.4, blue: 0.6)
            }

            """
        #expect(Self.close(try pixel("Color.loaderTint", appearance: .light, prelude: prelude), (48, 176, 199)))
        #expect(Self.close(try pixel("Color.loaderTint", appearance: .dark, prelude: prelude), (102, 204, 255)))
        #expect(Self.close(try pixel("Color.track", appearance: .light, prelude: prelude), (229, 229, 234)))
        #expect(Self.close(try pixel("Color.track", appearance: .dark, prelude: prelude), (255, 255, 255)))
        #expect(Self.close(try pixel("Color.plain", appearance: .light, prelude: prelude), (51, 102, 153)))
        var request = RenderRequest()
        try request.setSource(prelude + "struct C: View {\n    var body: some View { Color.track.frame(width: 2, height: 2) }\n}\n",
                              fileName: "C.swift", view: "C")
        #expect(request.viewScript.assetWarnings.isEmpty, "\(request.viewScript.assetWarnings)")
    }

    /// `preferredColorScheme` chooses the whole picture's appearance (background included);
    /// `environment(\.colorScheme, …)` only the colours inside it.
    @Test func colourSchemeModifiers() throws {
        #expect(Self.close(try pixel("Color.primary.preferredColorScheme(.dark)", appearance: .light), (255, 255, 255)))
        #expect(Self.close(try pixel("Color(.systemGray6).preferredColorScheme(.light)", appearance: .dark), (242, 242, 247)))
        #expect(Self.close(try pixel("Color.primary.environment(\\.colorScheme, .dark)", appearance: .light), (255, 255, 255)))
        #expect(Self.close(try pixel("Color(.systemGray4).environment(\\.colorScheme, .light)", appearance: .dark), (209, 209, 214)))
        var request = RenderRequest()
        try request.setSource("struct C: View {\n    var body: some View {\n        Color.clear.frame(width: 2, height: 2).preferredColorScheme(.dark)\n    }\n}\n",
                              fileName: "C.swift", view: "C")
        request.scene.scale = 1
        request.scene.padding = 0
        #expect(ViewRenderer(request.makeEngine()).render(atSeconds: 0)[0, 0] == RGBA8(r: 0, g: 0, b: 0))
    }

    /// An asset-catalogue colour without a catalogue is the stand-in systemGray (not mistaken
    /// for a UIColor), with a warning naming it (Tests/SpinRenderTests/AssetCatalogTests has
    /// the catalogue's colours).
    @Test func assetColoursWithoutACatalogueAreTheStandIn() throws {
        #expect(Self.close(try pixel("Color(\"Brand\")", appearance: .light), (142, 142, 147)))
        #expect(Self.close(try pixel("Color(UIColor(named: \"Brand\")!)", appearance: .dark), (142, 142, 147)))
        var request = RenderRequest()
        try request.setSource("struct C: View {\n    var body: some View {\n        Color(\"Brand\")\n    }\n}\n", fileName: "C.swift", view: "C")
        #expect(request.script?.assetWarnings.count == 1 && request.script?.assetWarnings.first?.hasPrefix("the colour asset 'Brand' comes from the app's asset catalogue") == true)
    }
}
