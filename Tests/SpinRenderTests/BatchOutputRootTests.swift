import Foundation
import Testing
@testable import SpinRender

@Suite("Batch output root")
struct BatchOutputRootUnitTests {
    /// `scratch/m` (the root), `scratch/m/sub`, `scratch/m/out` → `..` (leads out),
    /// `scratch/into` → `m` (leads in from outside), `scratch/root-link` → `m`.
    static func scratch() throws -> String {
        let scratch = URL(fileURLWithPath: makeScratchFolder()).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: scratch + "/m/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch + "/m/out", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: scratch + "/into", withDestinationPath: "m")
        try FileManager.default.createSymbolicLink(atPath: scratch + "/root-link", withDestinationPath: "m")
        return scratch
    }

    /// Each output (relative to the scratch folder) and where it resolves when outside the
    /// root, or `nil` when inside.
    @Test(arguments: [
        ("m/a.gif", nil), ("m/sub/a.gif", nil), ("m/new/deeper/a.gif", nil), ("m/sub/../a.gif", nil),
        ("into/a.gif", nil), ("m/sub/../../m/a.gif", nil),
        ("m/../a.gif", "a.gif"), ("m/new/../../a.gif", "a.gif"), ("m/out/a.gif", "a.gif"),
        ("m/out/m/a.gif", nil), ("m", "m"), ("m/", "m"), ("mx/a.gif", "mx/a.gif"), ("/etc/x.gif", "/etc/x.gif"),
    ] as [(String, String?)])
    func outputsInsideAndOutside(output: String, outside: String?) throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let absolute = output.hasPrefix("/") ? output : scratch + "/" + output
        let expected = outside.map { $0.hasPrefix("/") ? $0 : scratch + "/" + $0 }
        #expect(BatchOutputRoot(scratch + "/m").escape(of: absolute) == expected)
        // The same root named through a link to it.
        #expect(BatchOutputRoot(scratch + "/root-link").escape(of: absolute) == expected)
    }

    @Test func theDefaultRootIsTheManifestsFolderAndSlashHoldsEverything() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        #expect(BatchOutputRoot(manifestPath: scratch + "/m/batch.json").canonicalPath == scratch + "/m")
        #expect(BatchOutputRoot("/").escape(of: "/etc/x.gif") == nil)
        #expect(BatchOutputRoot("/").escape(of: "/") == "/")
    }
}
