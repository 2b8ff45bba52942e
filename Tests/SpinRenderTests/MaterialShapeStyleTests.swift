import Raster
import Scene
import SpinRender
import Testing

/// Materials where public loaders write them: a shape's fill (`Rectangle().fill(.ultraThinMaterial)`)
/// and a shape's foreground style (a card behind a spinner), in the colour scheme around them.
/// Decoded pixels against colours worked out here from the material's stated blur and tint.
@Suite("Material shape styles") struct MaterialShapeStyleTests {

    /// Red (255, 0, 0) under `.thinMaterial`, whose stand-in is a backdrop blur under white at
    /// 45 % (``Scene/Material/tint(dark:)``: alpha round(0.45 × 255) = 115): far enough inside a
    /// uniform red (five blur radii), the blurred backdrop is red, and white at 115/255 over it
    /// is (255, 115, 115).
    static let redUnderThin = RGBA8(r: 255, g: 115, b: 115)
    static let red = RGBA8(r: 255, g: 0, b: 0)

    static func engine(_ body: String) throws -> ViewEngine {
        try LayoutTests.engine("ZStack {\n    Color(red: 1, green: 0, blue: 0).frame(width: 160, height: 160)\n" + body + "\n}")
    }

    static func expectClose(_ actual: RGBA8, _ expected: RGBA8, _ what: String) {
        let close = abs(Int(actual.r) - Int(expected.r)) <= 1 && abs(Int(actual.g) - Int(expected.g)) <= 1
            && abs(Int(actual.b) - Int(expected.b)) <= 1 && abs(Int(actual.a) - Int(expected.a)) <= 1
        #expect(close, "\(what): \(actual) instead of \(expected)")
    }

    /// `Rectangle().fill(.thinMaterial)` (a full-screen dimming layer, a card) was refused with
    /// "expected a colour, not a value of type 'Material'"; it is the material in the
    /// rectangle's 100 × 100 pt, centred on the 160 pt red square.
    @Test(arguments: [
        "Rectangle().fill(.thinMaterial).frame(width: 100, height: 100)",
        "Rectangle().fill(Material.thin).frame(width: 100, height: 100)",
        // A shape's foreground style is its fill: the frame between keeps it a shape.
        "Rectangle().frame(width: 100, height: 100).foregroundStyle(.thinMaterial)",
        "Rectangle().foregroundStyle(.thinMaterial).frame(width: 100, height: 100)",
    ])
    func aMaterialFillsTheShape(_ body: String) throws {
        let image = ViewRenderer(try Self.engine(body)).render(atSeconds: 0)
        #expect(image.width == 160 && image.height == 160)
        Self.expectClose(image[80, 80], Self.redUnderThin, "the centre")
        // Outside the 100 pt square (30 pt from each side) the red is untouched.
        Self.expectClose(image[25, 80], Self.red, "left of the material")
        Self.expectClose(image[80, 134], Self.red, "below the material")
    }

    /// `RoundedRectangle(cornerRadius: 20).frame(…).foregroundStyle(.thinMaterial)`: the
    /// material takes the rounded outline, so a pixel in the corner the radius cuts off (2 pt
    /// in from both edges of the square, 26 pt from the corner circle's centre at 18 pt in) stays red,
    /// while a pixel 2 pt in from the middle of an edge is inside.
    @Test func aMaterialTakesTheRoundedOutline() throws {
        let image = ViewRenderer(try Self.engine("RoundedRectangle(cornerRadius: 20).frame(width: 100, height: 100).foregroundStyle(.thinMaterial)"))
            .render(atSeconds: 0)
        Self.expectClose(image[32, 32], Self.red, "the cut corner")
        // 2 pt inside the left edge at mid-height: blurred backdrop near the edge is still red
        // (the red square extends 30 pt past the material), under the tint.
        Self.expectClose(image[32, 80], Self.redUnderThin, "inside the left edge")
    }

    /// `.environment(\.colorScheme, .dark)` around a material (a dark loading card on a light
    /// screen) gives it the dark tint, #1C1C1E at 115/255 for `.thinMaterial`, over the red:
    /// 28 × 0.451 + 255 × 0.549 = 152.6, 28 × 0.451 = 12.6, 30 × 0.451 = 13.5; it was drawn with
    /// the render's light tint. Outside the environment the light tint stays.
    @Test func aMaterialTakesTheColourSchemeOfItsEnvironment() throws {
        let dark = ViewRenderer(try Self.engine("Rectangle().frame(width: 100, height: 100).foregroundStyle(.thinMaterial).environment(\\.colorScheme, .dark)"))
            .render(atSeconds: 0)
        Self.expectClose(dark[80, 80], RGBA8(r: 153, g: 13, b: 14), "the dark material's centre")
        Self.expectClose(dark[25, 80], Self.red, "left of the material")
        let light = ViewRenderer(try Self.engine("Rectangle().frame(width: 100, height: 100).foregroundStyle(.thinMaterial).environment(\\.colorScheme, .light)"))
            .render(atSeconds: 0)
        Self.expectClose(light[80, 80], Self.redUnderThin, "the light material's centre")
    }

    /// A material as the foreground style of a view that draws no shape of its own is said to
    /// be outside what is drawn, naming the forms that are.
    @Test func aMaterialForegroundOnTextIsRefusedWithTheSupportedForms() throws {
        do {
            _ = try LayoutTests.engine("Text(\"Loading\").foregroundStyle(.thinMaterial)")
            Issue.record("no error")
        } catch let error as SwiftUISourceError {
            guard case let .source(diagnostic) = error else {
                Issue.record("not a source diagnostic: \(error)")
                return
            }
            #expect(diagnostic.message.hasPrefix("a material as the foreground style is drawn here on a shape only"))
        }
    }
}
