import Testing
@testable import SwiftCode

/// Malformed and hostile sources: each gives its first diagnostic at the right line and column,
/// with swiftc's phrasing, and parsing goes on.
@Suite struct DiagnosticTests {

    @Test(arguments: MalformedFixtures.sources)
    func malformedSourceIsReportedWhereItGoesWrong(_ source: String, _ line: Int, _ column: Int, _ message: String) {
        let file = SwiftSyntaxParser.parseFile(source)
        if message == "-" {
            // Valid Swift 6.1 (trailing comma in a call): no diagnostic.
            #expect(file.diagnostics.isEmpty, "\(source): \(file.diagnostics)")
            return
        }
        guard let first = file.diagnostics.first else {
            Issue.record("no diagnostic for \(source)")
            return
        }
        #expect(first.location.line == line && first.location.column == column && first.message.hasPrefix(message),
                "\(source): got \(first.location): \(first.message)")
    }

    @Test func everyErrorOfAFileIsFoundNotOnlyTheFirst() {
        let source = """
        struct A: View {
            var body: some View {
                VStack {
                    Text("a"
                    Text("b") Text("c")
                    Circle().frame(width: )
                }
            }
            func f( {}
            var ok = 1
        }
        let tail = [1, 2
        """
        let file = SwiftSyntaxParser.parseFile(source)
        #expect(file.diagnostics.map(\.location.line) == [4, 5, 6, 9, 12], "\(file.diagnostics)")
        // Recovery kept the declarations after the errors.
        #expect(TreePrinter.file(file).contains("var ok = 1"))
    }

    @Test func inactiveClausesAreNotChecked() {
        let file = SwiftSyntaxParser.parseFile("#if false\nlet = = =\nstruct {\n#else\nlet x = 1\n#endif")
        #expect(file.diagnostics.isEmpty)
        #expect(TreePrinter.file(file) == "[let x = 1]")
    }

    @Test func expressionEntryPointRejectsTrailingText() {
        let (expression, diagnostics) = SwiftSyntaxParser.parseExpression(".spring(response: 0.4) x")
        #expect(expression != nil)
        #expect(diagnostics.map(\.location.column) == [24])
        #expect(SwiftSyntaxParser.parseExpression("").expression == nil)
        #expect(SwiftSyntaxParser.parseExpression(".easeIn(").diagnostics.first?.message == "expected ')' in expression list")
    }
}
