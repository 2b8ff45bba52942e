import Testing
@testable import SwiftCode

/// Malformed and hostile sources: each gives its first diagnostic at the right line and column,
/// with swiftc's phrasing, and parsing goes on.
@Suite struct DiagnosticTests {
    /// (source, line, column, start of the first diagnostic's message).
    static let malformed: [(String, Int, Int, String)] = [
        ("let x = (1", 1, 11, "expected ')' in expression list"),
        ("f(a, b", 1, 7, "expected ')' in expression list"),
        ("f(a b)", 1, 4, "expected ')' in expression list"),
        ("items[0", 1, 8, "expected ']' in expression list"),
        ("let a = [1, 2", 1, 14, "expected ']' in container literal expression"),
        ("let x = 1 let y = 2", 1, 10, "consecutive statements on a line must be separated by ';'"),
        ("struct A { var a = 1 var b = 2 }", 1, 21, "consecutive declarations on a line must be separated by ';'"),
        ("let s = \"abc", 1, 9, "unterminated string literal"),
        ("let s = \"abc\nlet t = 1", 1, 9, "unterminated string literal"),
        ("let s = \"\"\"\nabc", 1, 9, "unterminated string literal"),
        ("let s = \"\"\"abc\n\"\"\"", 1, 12, "multi-line string literal content must begin on a new line"),
        ("let s = \"\"\"\n  a\n b\n  \"\"\"", 3, 1, "insufficient indentation of line in multi-line string literal"),
        ("let s = \"\\q\"", 1, 10, "invalid escape sequence in literal"),
        ("let s = \"\\u{110000}\"", 1, 10, "invalid unicode scalar"),
        ("let s = \"\\u{}\"", 1, 10, "\\u{...} escape sequence expects between 1 and 8 hex digits"),
        ("let s = \"\\(a\"", 1, 9, "unterminated string literal"),
        ("/* open", 1, 1, "unterminated '/*' comment"),
        ("/* a /* b */", 1, 1, "unterminated '/*' comment"),
        ("let n = 1abc", 1, 10, "'a' is not a valid digit in integer literal"),
        ("let n = 0xZ", 1, 11, "expected hexadecimal digit (0-9, A-F) after '0x'"),
        ("let n = 0b102", 1, 13, "'2' is not a valid binary digit (0 or 1) in integer literal"),
        ("let n = 0o8", 1, 11, "expected octal digit (0-7) after '0o'"),
        ("let n = 1e", 1, 11, "expected a digit in floating point exponent"),
        ("let x = 1 \u{7F} 2", 1, 11, "invalid character 'U+007F' in source file"),
        ("let x = \u{1}", 1, 9, "invalid character 'U+0001' in source file"),
        ("let `x = 1", 1, 5, "expected an identifier and '`' after '`'"),
        ("let x = @", 1, 9, "expected an attribute name after '@'"),
        ("let x = #", 1, 9, "expected a macro identifier after '#'"),
        ("let x = $", 1, 9, "expected a name or number after '$'"),
        ("let x = ", 1, 8, "expected expression"),
        ("let x = )", 1, 9, "expected expression"),
        ("let = 1", 1, 4, "expected pattern"),
        ("let class = 1", 1, 5, "keyword 'class' cannot be used as an identifier here"),
        ("x = [1: 2, 3]", 1, 13, "expected ':' in dictionary literal"),
        ("if x { ", 1, 7, "expected '}' at end of brace statement"),
        ("if x ", 1, 5, "expected '{' after 'if' condition"),
        ("if x { } else y", 1, 14, "expected '{' after 'else'"),
        ("guard x { }", 1, 8, "expected 'else' after 'guard' condition"),
        ("while x ", 1, 8, "expected '{' after 'while' condition"),
        ("for x xs { }", 1, 6, "expected 'in' after for-each pattern"),
        ("for x in xs ", 1, 12, "expected '{' to start the body of for-each loop"),
        ("repeat { } until x", 1, 11, "expected 'while' after body of 'repeat' statement"),
        ("switch x { foo() }", 1, 12, "all statements inside a switch must be covered by a 'case' or 'default'"),
        ("switch x { case 1 foo() }", 1, 18, "expected ':' after 'case'"),
        ("switch x { default foo() }", 1, 19, "expected ':' after 'default'"),
        ("if case .a = { }", 1, 17, "expected '{' after 'if' condition"),
        ("if case .a x { }", 1, 11, "expected '=' after pattern in 'case' condition"),
        ("c ? a", 1, 6, "expected ':' after '? ...' in ternary expression"),
        ("a.", 1, 3, "expected member name following '.'"),
        ("let x: = 1", 1, 7, "expected type"),
        ("let x: [Int = []", 1, 12, "expected ']' in array type"),
        ("let x: (Int = 1", 1, 12, "expected ')' in tuple type"),
        ("let x: Array<Int = []", 1, 17, "expected '>' to complete generic argument list"),
        ("func () {}", 1, 5, "expected identifier in function declaration"),
        ("func f {}", 1, 7, "expected '(' in argument list of function declaration"),
        ("func f(x) {}", 1, 9, "expected parameter name followed by ':'"),
        ("func f(x: Int {}", 1, 14, "expected ')' in parameter list"),
        ("struct { }", 1, 7, "expected identifier in struct declaration"),
        ("struct A ", 1, 9, "expected '{' in struct"),
        ("struct A { ", 1, 11, "expected '}' in struct"),
        ("struct A { 1 + 2 }", 1, 12, "expected declaration"),
        ("enum E { case }", 1, 14, "expected identifier in enum 'case' declaration"),
        ("import", 1, 7, "expected module name in import declaration"),
        ("typealias T", 1, 12, "expected '=' in type alias declaration"),
        ("struct S { subscript(i: Int) { 0 } }", 1, 29, "expected '->' for subscript element type"),
        ("var v: Int { get { 1 } foo }", 1, 24, "expected 'get', 'set', 'willSet' or 'didSet' accessor"),
        ("}", 1, 1, "extraneous '}' at top level"),
        ("#if DEBUG\nlet x = 1", 2, 10, "expected #else or #endif at end of conditional compilation block"),
        ("#endif", 1, 1, "unexpected conditional compilation block terminator"),
        ("#if\nlet x = 1\n#endif", 1, 4, "expected a condition to follow #if"),
        ("#if os(iOS) x\n#endif", 1, 13, "extra tokens following conditional compilation directive"),
        ("#if foo(bar)\n#endif", 1, 5, "unexpected platform condition (expected 'os', 'arch', or 'swift')"),
        ("#if swift(5)\n#endif", 1, 5, "expected '>=' or '<' in a version check"),
        ("let x = #available(iOS 17, *)", 1, 9, "#available may only be used as condition of an 'if', 'guard' or 'while' statement"),
        ("let x = a < b < c", 1, 15, "adjacent operators are in non-associative precedence group 'ComparisonPrecedence'"),
        ("let x = - 1", 1, 10, "unary operator cannot be separated from its operand"),
        ("let x = case", 1, 9, "expected expression, found keyword 'case'"),
        ("f(1,)", 1, 1, "-"),
        ("let x = \\", 1, 10, "expected expression path in Swift key path"),
        ("if #available(iOS 17 { }", 1, 25, "expected ')' in availability condition"),
    ]

    @Test(arguments: malformed)
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
