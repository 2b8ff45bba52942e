import Foundation
import SwiftUISource
import Testing

/// The fuzzer's seed sources are valid code: every view in them interprets, so mutations start
/// from inputs that reach the interpreter.
@Test func fuzzSeedsInterpret() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Seeds/swiftui").standardizedFileURL
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
    #expect(names.count == 4)
    for name in names {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let program = try SwiftProgram(parsing: text, fileName: name)
        #expect(!program.viewNames.isEmpty)
        for view in program.viewNames {
            let script = try program.script(view: view)
            #expect(script.changes.count >= (name == "styles.swift" ? 0 : 1), "\(name) \(view)")
        }
    }
}
