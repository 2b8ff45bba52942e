import Testing
import SwiftCode

/// Found by `FuzzSwiftCodeParser`: a file that ends inside a closure after an attribute. The
/// recovery reported "expected declaration" where the file ends and then the closure's missing
/// `}` just after the attribute, two lines earlier: diagnostics out of source order. A token
/// missing at the end of the file is reported where the file ends, after its whitespace and
/// comments, as swiftc reports it (each expectation below is `swiftc -parse`'s, Swift 6.3.1).
@Suite struct ParserFuzzFindingTests {
    @Test("a token missing at the end of the file is reported where the file ends", arguments: [
        // The committed regression input (Fuzz/Regressions/swiftcode).
        ("impiewini {\n    @SimpoceI\n\n// nt", 4, 6, "expected declaration"),
        ("run {\n    @MainActor\n  // tail\n", 4, 1, "expected declaration"),
        ("struct S: View {\n    var body: some View {\n        VStack {\n            Circle()\n\n", 6, 1, "expected '}' at end of closure"),
        ("if x { ", 1, 8, "expected '}' at end of brace statement"),
    ] as [(String, Int, Int, String)])
    func missingAtTheEnd(source: String, line: Int, column: Int, message: String) throws {
        let diagnostics = SwiftSyntaxParser.parseFile(source).diagnostics
        let first = try #require(diagnostics.first)
        #expect(first.message == message && first.location.line == line && first.location.column == column,
                "\(first.location): \(first.message)")
        // Every later diagnostic is at or after the one before it.
        for (a, b) in zip(diagnostics, diagnostics.dropFirst()) {
            #expect(a.location.offset <= b.location.offset, "\(a.location) \(a.message), then \(b.location) \(b.message)")
        }
    }
}
