import Foundation
import SpinRender
import Testing

/// `--include` end to end: a loader whose style enum and `Color(hexString:)` live in another
/// file of its app, rendered with that file (or its folder) included; the exit statuses and
/// messages of an include that is missing, a mistake in an included file, and `frames`.
@Suite("--include")
struct IncludeOptionTests {
    static let loader = """
        import SwiftUI

        struct Loader: View {
            var style: SpinnerStyle = .brand
            var body: some View {
                Rectangle().fill(style.color).frame(width: 2, height: 2)
            }
        }

        #Preview {
            Loader()
        }
        """

    static let styles = """
        import SwiftUI

        enum SpinnerStyle {
            case brand, quiet
            var color: Color {
                switch self {
                case .brand: Color(hexString: "#3366CC")
                case .quiet: Color.gray
                }
            }
        }

        #Preview("Styles") {
            Text("Styles")
        }
        """

    static let colors = """
        import SwiftUI

        extension Color {
            init(hexString: String) {
                let digits = Array("0123456789ABCDEF")
                var value = 0
                for character in hexString.uppercased().dropFirst() {
                    value = value * 16 + (digits.firstIndex(of: character) ?? 0)
                }
                self.init(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
            }
        }
        """

    /// A scratch folder: `Loader.swift` at the top, `Support/Styles.swift` and
    /// `Support/Colors.swift` beside each other.
    static func project(styles: String = styles) throws -> String {
        let folder = makeFolder()
        try FileManager.default.createDirectory(atPath: folder + "/Support", withIntermediateDirectories: true)
        func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + path)) }
        try write(loader, "Loader.swift")
        try write(styles, "Support/Styles.swift")
        try write(colors, "Support/Colors.swift")
        return folder
    }

    static func still(_ path: String) throws -> RGBAImage {
        try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The 2 × 2 still is the brand blue at every pixel, whether the files are named one by one
    /// or as their folder; nothing is printed.
    @Test(arguments: [["--include", "Support/Styles.swift", "--include", "Support/Colors.swift"], ["--include", "Support/"]])
    func aLoaderRendersWithTheDeclarationsOfItsApp(include: [String]) throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try spinrender(["Loader.swift"] + include + ["--scale", "1", "--padding", "0", "--at", "0", "-o", "still.png"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        let image = try Self.still(folder + "/still.png")
        #expect(image.width == 2 && image.height == 2)
        for y in 0..<2 {
            for x in 0..<2 { #expect(image[x, y] == RGBA8(r: 51, g: 102, b: 204), "(\(x), \(y))") }
        }
    }

    /// A folder that holds the source itself reads the others; the included file's preview is
    /// not one of the source's views (`--view Styles` is unknown).
    @Test func theSourceInAnIncludedFolderIsReadOnce() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.moveItem(atPath: folder + "/Loader.swift", toPath: folder + "/Support/Loader.swift")
        let run = try spinrender(["Support/Loader.swift", "--include", "Support", "--at", "0", "-o", "still.png"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let unknown = try spinrender(["Support/Loader.swift", "--include", "Support", "--view", "Styles", "-o", "x.gif"], in: folder)
        #expect(unknown.status == 64)
        #expect(unknown.standardError.hasPrefix("Error: Support/Loader.swift: no view named 'Styles'; the source has: Loader, Preview\nUsage: "))
    }

    /// Without the include, the file alone is refused as before (65), asking about another file.
    @Test func withoutItTheTypeIsMissing() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try spinrender(["Loader.swift", "--view", "Loader", "-o", "x.gif"], in: folder)
        #expect(run.status == 65)
        #expect(run.standardError.hasPrefix("Loader.swift:4:31: error: cannot find type 'SpinnerStyle' in scope (declared in another file of the project?)\n"))
    }

    /// An include that is not there is exit 66, one that is not Swift 64, a folder without
    /// Swift 66, and `--include` without a source 64: each one line.
    @Test func badIncludesExitWithTheirStatus() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = try spinrender(["Loader.swift", "--include", "Theme.swift", "-o", "x.gif"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.standardError == "Error: Theme.swift: no such file or folder (--include takes a .swift file or a folder of them)\n")
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let text = try spinrender(["Loader.swift", "--include", "notes.txt", "-o", "x.gif"], in: folder)
        #expect(text.status == 64)
        #expect(text.standardError == "Error: notes.txt: not a .swift file (--include takes a .swift file or a folder of them)\n")
        try FileManager.default.createDirectory(atPath: folder + "/Empty", withIntermediateDirectories: true)
        let empty = try spinrender(["Loader.swift", "--include", "Empty", "-o", "x.gif"], in: folder)
        #expect(empty.status == 66)
        #expect(empty.standardError == "Error: Empty: the folder holds no .swift file (--include reads the files directly in it, not its subfolders)\n")
        let builtIn = try spinrender(["--include", "Support", "-o", "x.gif"], in: folder)
        #expect(builtIn.status == 64)
        #expect(builtIn.standardError.hasPrefix("Error: The option '--include <path>' reads declarations a source file uses; give a .swift <source>, or leave it out for the built-in example\nUsage: "))
    }

    /// A mistake in an included file is reported in that file, at its line and column, with its
    /// own line and a caret (65); a syntax error there likewise.
    @Test func aMistakeInAnIncludedFileNamesIt() throws {
        let folder = try Self.project(styles: Self.styles.replacingOccurrences(of: "case .quiet: Color.gray", with: "case .quiet: paleGray"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try spinrender(["Loader.swift", "--include", "Support", "-o", "x.gif"], in: folder)
        #expect(run.status == 65)
        #expect(run.standardError == """
            Support/Styles.swift:8:22: error: cannot find 'paleGray' in scope
                    case .quiet: paleGray
                                 ^

            """)
        try Data((Self.colors + "\n}\n").utf8).write(to: URL(fileURLWithPath: folder + "/Support/Colors.swift"))
        let syntax = try spinrender(["Loader.swift", "--include", "Support/Colors.swift", "-o", "x.gif"], in: folder)
        #expect(syntax.status == 65)
        #expect(syntax.standardError == ("Support/Colors.swift:13:1: error: extraneous '}' at top level\n}\n^\n"), "\(syntax.standardError)")
    }

    /// `frames` takes it too, and records it in `frames.json` to reproduce the frames.
    @Test func framesTakesIt() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try spinrender(["frames", "Loader.swift", "--include", "Support", "--duration", "0.04", "-o", "out"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let json = try String(contentsOfFile: folder + "/out/frames.json", encoding: .utf8)
        #expect(json.contains("\"--include\""), "\(json)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/frame_0000.png"))
    }

    /// Help lists it with the render options.
    @Test func helpListsIt() throws {
        let run = try spinrender(["--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("--include <path>"))
    }
}
