import Testing
@testable import SpinRender

@Suite("Diff format from the path")
struct DiffFormatTests {
    @Test("the path decides: .png and .gif files in any case, folders for '/', existing folders and names without an extension",
          arguments: [
              ("diff.png", DiffFormat.png), ("DIFF.PNG", .png), ("out/d.gif", .gif), ("d.GIF", .gif),
              ("diffs", .folder), ("diffs/", .folder), ("v1.2/", .folder), (".hidden", .folder), ("/", .folder),
          ])
    func formats(path: String, format: DiffFormat) {
        #expect(DiffFormat(path: path) == format)
    }

    @Test("any other extension is refused", arguments: ["diff.jpg", "diff.png.tmp", "report.v2", "a/b.c"])
    func unknownExtensions(path: String) {
        #expect(DiffFormat(path: path) == nil)
    }

    @Test("path extensions: the last component's, with its dot, as written")
    func pathExtensions() {
        #expect(OutputFile.pathExtension("a/b.Tar.GZ") == ".GZ")
        #expect(OutputFile.pathExtension("a.b/c") == nil)
        #expect(OutputFile.pathExtension(".bashrc") == nil)
        #expect(OutputFile.pathExtension("x.png/") == nil)
        #expect(OutputFile.pathExtension("-") == nil)
    }
}
