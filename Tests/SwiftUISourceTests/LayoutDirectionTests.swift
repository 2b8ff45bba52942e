import Raster
import Scene
import SpinRender
import SwiftUISource
import Testing

/// `LayoutDirection`, as shimmer and loader packages read it to flip a gradient's direction:
/// every render lays views out left to right, so `@Environment(\.layoutDirection)` reads
/// `.leftToRight`, saying `.leftToRight` changes nothing, and `.rightToLeft`, which would mirror
/// the layout, is refused by name at its argument.
@Suite struct LayoutDirectionTests {
    static func source(_ members: String) -> String {
        "import SwiftUI\nstruct G: View {\n\(members)\n}\n"
    }

    /// The frame at t = 0, @1x, with no padding.
    static func frame(_ members: String) throws -> RGBAImage {
        var request = RenderRequest()
        try request.setSource(source(members), fileName: "G.swift", view: "G")
        request.scene.scale = 1
        request.scene.padding = 0
        return ViewRenderer(request.makeEngine()).render(atSeconds: 0)
    }

    /// A 10 × 4 rectangle, blue when the environment reads left to right and red otherwise:
    /// every pixel is the system blue (0, 122, 255).
    @Test("@Environment(\\.layoutDirection) reads .leftToRight", arguments: [
        "@Environment(\\.layoutDirection) private var direction",
        "@Environment(\\.layoutDirection) var direction: LayoutDirection",
    ])
    func readsLeftToRight(declaration: String) throws {
        let image = try Self.frame("""
            \(declaration)
            var body: some View {
                Rectangle().fill(direction == .rightToLeft ? Color.red : (direction == LayoutDirection.leftToRight ? .blue : .green))
                    .frame(width: 10, height: 4)
            }
            """)
        #expect(image.width == 10 && image.height == 4)
        for y in 0..<4 {
            for x in 0..<10 { #expect(image[x, y] == RGBA8(r: 0, g: 122, b: 255), "(\(x), \(y))") }
        }
    }

    @Test("environment(\\.layoutDirection, .leftToRight) draws what the view alone draws")
    func leftToRightChangesNothing() throws {
        let plain = try Self.frame("var body: some View { Capsule().fill(Color.orange).frame(width: 30, height: 8) }")
        let said = try Self.frame("var body: some View { Capsule().fill(Color.orange).frame(width: 30, height: 8).environment(\\.layoutDirection, .leftToRight) }")
        #expect(said == plain)
    }

    @Test("environment(\\.layoutDirection, .rightToLeft) and other keys are refused by name at their argument", arguments: [
        (".environment(\\.layoutDirection, .rightToLeft)", 4, 74,
         "'environment(\\.layoutDirection, .rightToLeft)' is not supported: spinrender lays views out left to right"),
        (".environment(\\.font, Font.body)", 4, 55,
         "environment value '\\.font' is not supported; supported: 'environment(\\.colorScheme, …)', 'environment(\\.layoutDirection, .leftToRight)'"),
    ])
    func refused(modifier: String, line: Int, column: Int, message: String) throws {
        let text = Self.source("var body: some View {\n    Capsule().frame(width: 30, height: 8)\(modifier)\n}")
        do {
            _ = try SwiftProgram(parsing: text, fileName: "G.swift").script(view: "G")
            Issue.record("\(modifier) was accepted")
        } catch {
            let description = "\(error)"
            #expect(description.contains("G.swift:\(line):\(column): error: \(message)"), "\(description)")
        }
    }
}
