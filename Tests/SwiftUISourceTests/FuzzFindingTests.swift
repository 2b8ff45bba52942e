import Foundation
import SpinRender
import SwiftCode
import SwiftUISource
import Testing

/// What `FuzzSwiftUISource` found, pinned: each input under `Fuzz/Regressions/swiftui` passes the
/// fuzzer's own checks here, and each class of finding has a test of its own with other values.
@Suite("Fuzz findings")
struct FuzzFindingTests {
    /// The lines of `text` as Swift counts them (LF, CR, CR LF), split here without the reader.
    static func swiftLines(_ text: String) -> [String] {
        var lines: [[UInt8]] = [[]]
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if byte == 0x0A && previous == 0x0D { continue }
            if byte == 0x0A || byte == 0x0D { lines.append([]) } else { lines[lines.count - 1].append(byte) }
        }
        return lines.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The fuzzer's checks on one diagnostic: the line exists, the line shown is that line, and
    /// the column lies within it (+ 1 for a token missing at its end).
    static func checkLocated(_ diagnostic: SourceDiagnostic, in text: String, _ name: String) {
        let lines = swiftLines(text)
        guard diagnostic.line >= 1 && diagnostic.line <= lines.count else {
            Issue.record("\(name): line \(diagnostic.line) of \(lines.count)")
            return
        }
        #expect(diagnostic.sourceLine == lines[diagnostic.line - 1], "\(name): \(diagnostic.summary)")
        #expect(diagnostic.column >= 1 && diagnostic.column <= lines[diagnostic.line - 1].count + 1, "\(name): \(diagnostic.summary)")
    }

    /// Every committed fuzz finding, as `FuzzSwiftUISource` runs it (its small evaluator limits):
    /// each view twice with the same result, every diagnostic located in the text.
    @Test func everyCommittedFindingPassesTheFuzzersChecks() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Regressions/swiftui").standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 2)
        var limits = Evaluator.Limits()
        limits.work = 20_000
        limits.collectionCount = 10_000
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let text = String(decoding: data, as: UTF8.self)
            let program: SwiftProgram
            do {
                program = try SwiftProgram(parsing: text, fileName: name)
            } catch {
                Self.checkLocated(error, in: text, name)
                continue
            }
            for view in program.viewNames {
                func run() -> Result<ViewScript, SwiftUISourceError> {
                    Result { () throws(SwiftUISourceError) in try program.script(view: view, horizonSeconds: 1, limits: limits) }
                }
                let first = run()
                #expect(run() == first, "\(name) \(view)")
                if case let .failure(.source(diagnostic)) = first { Self.checkLocated(diagnostic, in: text, name) }
            }
        }
    }

    /// Vertical tab, form feed, NEL and the Unicode line and paragraph separators are whitespace
    /// to Swift, not line breaks; CR alone and CR LF are one break each. A mistake after them is
    /// reported at the line the parser counts, and that line is the one shown under it (the
    /// fuzzer found a syntax error shown under a line made up of vertical tabs, its caret
    /// beyond its end).
    @Test("a mistake after whitespace that is not a line break is shown on its own line", arguments: [
        "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}\u{0C}\u{85}\u{2028}\u{2029}",
    ])
    func onlySwiftsLineBreaksCount(space: String) throws {
        // Line 1 a comment holding the characters, line 2 (after CR LF) the struct, line 3
        // (after a CR alone) the body with the characters between tokens, the mistake after them.
        let body = "    var body: some View {\(space)Tgle(\"a\") }"
        let text = "// a\(space)b\(space)c\r\nstruct A: View {\r\(body)\n}\n"
        let program = try SwiftProgram(parsing: text, fileName: "A.swift")
        // `{` is column 25; the characters follow it, one column each.
        let column = 25 + space.count + 1
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
            fileName: "A.swift", line: 3, column: column, message: "cannot find 'Tgle' in scope", sourceLine: body))) {
            try program.script(view: "A")
        }
        // A syntax error on the same line: a call left open.
        let open = "    var body: some View {\(space)Circle(.frame(width: 1) }"
        do {
            _ = try SwiftProgram(parsing: "// a\(space)b\r\nstruct A: View {\r\(open)\n}\n", fileName: "A.swift")
            Issue.record("an open call was accepted")
        } catch {
            #expect(error.line == 3 && error.sourceLine == open, "\(error.summary)")
            #expect(error.column > 26 + space.count && error.column <= open.count + 1, "\(error.summary)")
        }
    }

    /// Invalid UTF-8 is located by the same line breaks: CR alone and CR LF count once each.
    @Test func invalidUTF8CountsSwiftsLineBreaks() throws {
        let bytes = Array("a\rbb\r\nccc\n\u{0B}d ".utf8) + [0xFE] + Array(" e\rf".utf8)
        let diagnostic = try #require(SourceDiagnostic.invalidUTF8(in: bytes, fileName: "U.swift"))
        #expect(diagnostic.line == 4 && diagnostic.column == 4, "\(diagnostic.summary)")
        #expect(diagnostic.sourceLine == "\u{0B}d \u{FFFD} e")
    }

    /// Equally close suggestions: the advice must not depend on the order the candidates come
    /// in (the evaluator passes a dictionary's keys, in an order that changes between runs).
    @Test func suggestionsDoNotDependOnTheCandidatesOrder() throws {
        let candidates = ["caption2", "callout", "caption"]
        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            #expect(Spelling.suggestion(for: "caption3", among: order.map { candidates[$0] }) == " (did you mean 'caption'?)")
        }
        // Through the evaluator: the same mistake, the same advice, every run.
        let text = "struct B: View {\n    var body: some View { Text(\"b\").font(.caption3) }\n}\n"
        let program = try SwiftProgram(parsing: text, fileName: "B.swift")
        for _ in 0..<12 {
            #expect(throws: SwiftUISourceError.source(SourceDiagnostic(
                fileName: "B.swift", line: 2, column: 42, message: "type 'Font' has no member 'caption3' (did you mean 'caption'?)",
                sourceLine: "    var body: some View { Text(\"b\").font(.caption3) }"))) {
                try program.script(view: "B")
            }
        }
    }
}
