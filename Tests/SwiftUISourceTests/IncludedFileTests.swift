import Raster
import Scene
import SpinRender
import SwiftUISource
import Testing

/// Files read with the rendered one for their declarations (`--include`): what they declare is
/// seen as if in the same module, only the file's own views are candidates, and a mistake in an
/// included file is reported in that file, at its own line and column, with its line and caret.
@Suite("Included files")
struct IncludedFileTests {
    /// A theme file as apps keep one: a style enum with a computed colour, an initialiser of
    /// `Color` from a hex string, a `Color.theme` namespace, a global constant, and a preview of
    /// its own (which is not rendered).
    static let theme = """
        import SwiftUI

        enum SpinnerStyle {
            case brand
            case quiet

            var color: Color {
                switch self {
                case .brand: return Color(hexString: "#3366CC")
                case .quiet: return .gray
                }
            }
        }

        extension Color {
            init(hexString: String) {
                let digits = Array("0123456789ABCDEF")
                var value = 0
                for character in hexString.uppercased().dropFirst() {
                    value = value * 16 + (digits.firstIndex(of: character) ?? 0)
                }
                self.init(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
                          blue: Double(value & 0xFF) / 255)
            }

            static let theme = ColorTheme()
        }

        struct ColorTheme {
            let accent = Color(hexString: "#CC3300")
        }

        let dotSide: CGFloat = 2

        #Preview("Theme") {
            Text("Swatches")
        }
        """

    /// A loader of two squares, one in the style's colour, one in the theme's accent.
    static let loader = """
        import SwiftUI

        struct Loader: View {
            var style: SpinnerStyle = .brand

            var body: some View {
                HStack(spacing: 0) {
                    Rectangle().fill(style.color).frame(width: dotSide, height: dotSide)
                    Rectangle().fill(Color.theme.accent).frame(width: dotSide, height: dotSide)
                }
            }
        }
        """

    static func program(_ main: String = loader, fileName: String = "Loader.swift", theme: String = theme) throws(SourceDiagnostic) -> SwiftProgram {
        try SwiftProgram(parsing: main, fileName: fileName, including: [.init(text: theme, fileName: "Sources/App/Theme.swift")])
    }

    /// The first frame at @1x with no padding.
    static func frame(_ main: String = loader, view: String? = nil, theme: String = theme) throws -> RGBAImage {
        var request = RenderRequest()
        try request.setSource(main, fileName: "Loader.swift", view: view, included: [.init(text: theme, fileName: "Theme.swift")])
        request.scene.scale = 1
        request.scene.padding = 0
        return ViewRenderer(request.makeEngine()).render(atSeconds: 0)
    }

    /// Every pixel of the 4 × 2 frame: the brand blue (51, 102, 204) left, the accent (204, 51, 0)
    /// right; with `--view 'Loader(style: .quiet)'` the left square is light gray (142, 142, 147).
    @Test func theIncludedDeclarationsAreSeenAsTheModules() throws {
        for (view, left) in [(nil, RGBA8(r: 51, g: 102, b: 204)), ("Loader(style: .quiet)", RGBA8(r: 142, g: 142, b: 147))] {
            let image = try Self.frame(view: view)
            #expect(image.width == 4 && image.height == 2)
            for y in 0..<2 {
                for x in 0..<4 { #expect(image[x, y] == (x < 2 ? left : RGBA8(r: 204, g: 51, b: 0)), "\(view ?? "Loader") (\(x), \(y))") }
            }
        }
    }

    /// Alone, the file is refused as before, asking about another file of the project.
    @Test func withoutTheIncludedFileTheTypeIsMissing() throws {
        #expect(throws: SourceDiagnostic(fileName: "Loader.swift", line: 8, column: 56, message: "cannot find 'dotSide' in scope",
                                         sourceLine: "            Rectangle().fill(style.color).frame(width: dotSide, height: dotSide)")) {
            _ = try SwiftProgram(parsing: Self.loader, fileName: "Loader.swift").script(view: nil)
        }
    }

    /// The included file's `#Preview` is neither a candidate nor a name `--view` takes; the
    /// file's own preview is the default.
    @Test func onlyTheFilesOwnViewsAreCandidates() throws {
        let program = try Self.program(Self.loader + "\n\n#Preview {\n    Loader(style: .quiet)\n}\n")
        #expect(program.viewNames == ["Loader", "Preview"])
        #expect(try program.defaultViewName() == "Preview")
        #expect(try program.previews().map(\.title) == ["Loader"])
        #expect(throws: SwiftUISourceError.viewSelection(.unknownView("Theme", available: ["Loader", "Preview"]))) {
            _ = try program.script(view: "Theme")
        }
        // A view an included file declares is used by the file's views, but not offered.
        let badge = Self.theme + "\n\nstruct Badge: View {\n    var body: some View { Circle() }\n}\n"
        let withBadge = try Self.program("struct Dots: View {\n    var body: some View { Badge() }\n}\n", theme: badge)
        #expect(withBadge.viewNames == ["Dots"])
        #expect(try withBadge.defaultViewName() == "Dots")
        #expect(try withBadge.script(view: nil).changes.isEmpty)
    }

    /// A name an included file uses and nobody declares: reported in that file, at its line and
    /// column, with its own line under the message and the caret under the name.
    @Test func aMistakeInAnIncludedFileNamesThatFile() throws {
        let theme = Self.theme.replacingOccurrences(of: "case .quiet: return .gray", with: "case .quiet: return paleGray")
        let expected = SourceDiagnostic(fileName: "Sources/App/Theme.swift", line: 10, column: 29,
                                        message: "cannot find 'paleGray' in scope",
                                        sourceLine: "        case .quiet: return paleGray")
        #expect(throws: expected) { try Self.program(theme: theme) }
        #expect(expected.description == """
            Sources/App/Theme.swift:10:29: error: cannot find 'paleGray' in scope
                    case .quiet: return paleGray
                                        ^
            """)
    }

    /// An app file extends its models, types of another module (`import Models`) the render
    /// does not have, and uses their members bare (`isOnHold`): valid Swift, which the name check
    /// leaves to running (so too in a class that subclasses one), and the loader that uses the
    /// file's colours renders; an extension of a type the code sees is checked as before, and so
    /// is the code outside such declarations.
    @Test func extensionsOfAnotherModulesTypesAreNotNameChecked() throws {
        let colors = """
            import SwiftUI
            import Models

            extension Color {
                static let brandPrimary = Color(red: 0.2, green: 0.4, blue: 0.6)
            }

            extension BuildModel {
                var color: Color { isOnHold ? .gray : Color.brandPrimary }
            }

            final class Poller: Models.Service {
                func poll() { refresh(every: 2) }
            }
            """
        let main = """
            import SwiftUI

            struct Loader: View {
                var body: some View {
                    Rectangle().fill(Color.brandPrimary).frame(width: 2, height: 2)
                }
            }
            """
        let image = try Self.frame(main, theme: colors)
        #expect(image.width == 2 && image.height == 2)
        for y in 0..<2 { for x in 0..<2 { #expect(image[x, y] == RGBA8(r: 51, g: 102, b: 153)) } }
        // The same extension of a type the code declares is name-checked.
        let seen = "struct BuildModel {}\n" + colors
        #expect(throws: SourceDiagnostic(fileName: "Sources/App/Theme.swift", line: 10, column: 24, message: "cannot find 'isOnHold' in scope",
                                         sourceLine: "    var color: Color { isOnHold ? .gray : Color.brandPrimary }")) {
            try Self.program(main, theme: seen)
        }
        // In the file itself, too; and a use that runs is reported where it runs.
        let inFile = """
            import SwiftUI

            extension Job {
                var tint: Color { isOnHold ? .gray : .red }
            }

            struct Loader: View {
                var body: some View {
                    Rectangle().fill(Color.red).frame(width: 2, height: 2)
                        .onAppear { print(isRunning) }
                }
            }
            """
        #expect(throws: SourceDiagnostic(fileName: "Loader.swift", line: 10, column: 31, message: "cannot find 'isRunning' in scope",
                                         sourceLine: "            .onAppear { print(isRunning) }")) {
            try SwiftProgram(parsing: inFile, fileName: "Loader.swift")
        }
        let alone = inFile.replacingOccurrences(of: "\n            .onAppear { print(isRunning) }", with: "")
        #expect(try SwiftProgram(parsing: alone, fileName: "Loader.swift").script(view: nil).changes.isEmpty)
    }

    /// The error `body` throws, or `nil`.
    static func error<E: Error>(_ body: () throws(E) -> Void) -> E? {
        do throws(E) { try body() } catch { return error }
        return nil
    }

    /// A mistake found while the views run, in code of an included file (a string where a
    /// number goes), at its place in that file: for a view of the file, and for a `--view`
    /// expression, whose text follows the included files'.
    @Test func aMistakeFoundWhileRunningNamesTheIncludedFile() throws {
        let program = try Self.program(Self.loader + "\n#Preview {\n    Loader(style: .quiet)\n}\n",
                                       theme: Self.theme.replacingOccurrences(of: "return .gray", with: "return Color.gray.opacity(\"half\")"))
        let expected = SwiftUISourceError.source(SourceDiagnostic(
            fileName: "Sources/App/Theme.swift", line: 10, column: 48, message: "expected a number, not a value of type 'String'",
            sourceLine: "        case .quiet: return Color.gray.opacity(\"half\")"))
        #expect(Self.error { () throws(SwiftUISourceError) in _ = try program.script(view: nil) } == expected)
        #expect(Self.error { () throws(SwiftUISourceError) in _ = try program.script(view: "Loader(style: .quiet)") } == expected)
        #expect(try program.script(view: "Loader").changes.isEmpty)
    }

    /// A syntax error in an included file is reported there, not where the parser would have
    /// got to had the files been one text.
    @Test func aSyntaxErrorInAnIncludedFileNamesThatFile() throws {
        let theme = Self.theme.replacingOccurrences(of: "struct ColorTheme {", with: "struct ColorTheme {{")
        let error = Self.error { () throws(SourceDiagnostic) in _ = try Self.program(theme: theme) }
        #expect(error == SourceDiagnostic(fileName: "Sources/App/Theme.swift", line: 29, column: 20, message: "expected declaration",
                                          sourceLine: "struct ColorTheme {{"))
    }

    /// A mistake in the file itself keeps its place in the file when files are included, and a
    /// `--view` expression's is still reported under `--view`.
    @Test func theFilesOwnMistakesKeepTheirPlace() throws {
        let broken = try Self.program(Self.loader.replacingOccurrences(of: "Color.theme.accent", with: "Color.theme.accnt"))
        #expect(Self.error { () throws(SwiftUISourceError) in _ = try broken.script(view: nil) } == .source(SourceDiagnostic(
            fileName: "Loader.swift", line: 9, column: 42, message: "value of type 'ColorTheme' has no member 'accnt' (did you mean 'accent'?)",
            sourceLine: "            Rectangle().fill(Color.theme.accnt).frame(width: dotSide, height: dotSide)")))
        let program = try Self.program()
        #expect(Self.error { () throws(SwiftUISourceError) in _ = try program.script(view: "Loader(style: .loud)") }
            == .viewSelection(.expression(SourceDiagnostic(fileName: "--view", line: 1, column: 15, message: "type 'SpinnerStyle' has no member 'loud'",
                                                          sourceLine: "Loader(style: .loud)"))))
    }

    /// A name declared in the file and again in an included file is a redeclaration, reported
    /// at the second, in the included file.
    @Test func aNameDeclaredInTwoFilesIsReportedAtTheSecond() throws {
        let main = Self.loader + "\n\nlet dotSide: CGFloat = 3\n"
        #expect(Self.error { () throws(SourceDiagnostic) in _ = try Self.program(main) } == SourceDiagnostic(
            fileName: "Sources/App/Theme.swift", line: 33, column: 5, message: "invalid redeclaration of 'dotSide'",
            sourceLine: "let dotSide: CGFloat = 2"))
    }
}
