import Raster
import Scene
import SpinRender
import Testing

/// `Button` at rest: its label laid out as the label alone, painted in the tint in the
/// automatic and borderless styles (iOS's accent colour, systemBlue 0 122 255 in the light
/// appearance, unless `tint(_:)` says otherwise), systemRed (255 59 48) for a destructive role,
/// untinted in the plain style, and replaced by `makeBody(configuration:)` of a style of the
/// file's own. Every pixel is checked against the rectangles worked out here.
@Suite("Buttons") struct ButtonTests {
    static let blue = RGBA8(r: 0, g: 122, b: 255), red = RGBA8(r: 255, g: 59, b: 48), black = RGBA8(r: 0, g: 0, b: 0)

    /// A 6 × 4 rectangle label without a fill of its own takes the button's foreground.
    @Test(arguments: [
        ("Button(action: {}) { Rectangle().frame(width: 6, height: 4) }", blue),
        ("Button { } label: { Rectangle().frame(width: 6, height: 4) }", blue),
        ("Button(role: .destructive) { } label: { Rectangle().frame(width: 6, height: 4) }", red),
        ("Button(action: {}) { Rectangle().frame(width: 6, height: 4) }.buttonStyle(.borderless)", blue),
        ("Button(action: {}) { Rectangle().frame(width: 6, height: 4) }.buttonStyle(.plain)", black),
        ("Button(action: {}) { Rectangle().frame(width: 6, height: 4) }.buttonStyle(PlainButtonStyle())", black),
        ("Button(action: {}) { Rectangle().frame(width: 6, height: 4) }.tint(.red)", red),
        // A foreground style set around the button wins over the tint.
        ("Button(action: {}) { Rectangle().frame(width: 6, height: 4) }.foregroundColor(.black)", black),
        // A fill of the label's own is kept.
        ("Button(action: {}) { Rectangle().fill(Color.black).frame(width: 6, height: 4) }", black),
    ])
    func labelColours(body: String, colour: RGBA8) throws {
        let engine = try LayoutTests.engine(body)
        #expect(engine.canvasWidth == 6 && engine.canvasHeight == 4)
        LayoutTests.expectPixels(ViewRenderer(engine).render(atSeconds: 0), [(Rect(x: 0, y: 0, width: 6, height: 4), colour)])
    }

    /// A `ButtonStyle` of the file's own draws its body: the label padded by 2 pt on a red
    /// background, at rest (`isPressed` false, so not the pressed 4 pt).
    @Test func aStyleOfTheFilesOwnDrawsItsBody() throws {
        var request = RenderRequest()
        request.scene.scale = 1
        request.scene.padding = 0
        try request.setSource("""
            import SwiftUI
            struct Boxed: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View {
                    configuration.label
                        .padding(configuration.isPressed ? 4 : 2)
                        .background(Color(red: 1, green: 0, blue: 0))
                }
            }
            struct ContentView: View {
                var body: some View {
                    Button(action: {}) { Rectangle().frame(width: 6, height: 4) }.buttonStyle(Boxed())
                }
            }
            """, fileName: "T.swift", view: nil)
        let engine = request.makeEngine()
        #expect(engine.canvasWidth == 10 && engine.canvasHeight == 8)
        LayoutTests.expectPixels(ViewRenderer(engine).render(atSeconds: 0), [
            (Rect(x: 0, y: 0, width: 10, height: 8), RGBA8(r: 255, g: 0, b: 0)),
            (Rect(x: 2, y: 2, width: 6, height: 4), Self.black),
        ])
    }
}
