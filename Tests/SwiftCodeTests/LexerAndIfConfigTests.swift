import Testing
@testable import SwiftCode

@Suite struct LexerTests {
    /// (source expression, the string literal's segments as printed).
    static let strings: [(String, String)] = [
        ("\"a\\n\\t\\0\\\\\\\"\\'b\"", "\"a\n\t\u{0}\\\"'b\""),
        ("\"\\u{1F600} \\u{e9}\"", "\"😀 é\""),
        ("\"\\(a) and \\(b(c: \")\"))\"", "\"\\(a) and \\((call b c:\")\"))\""),
        ("\"\\(x.map { \"\\($0 + 1)\" })\"", "\"\\((call (. x map) (closure {\"\\((+ $0 1))\"})))\""),
        ("\"\"\"\n    line one\n      indented\n    \\(x) end\n    \"\"\"", "\"line one\n  indented\n\\(x) end\""),
        ("\"\"\"\n  a \\\n  b\n\n  c\n  \"\"\"", "\"a b\n\nc\""),
        ("\"\"\"\n\"\"\"", "\"\""),
        ("\"\"\"\n  \"quoted\" \\t\n  \"\"\"", "\"\"quoted\" \t\""),
        ("#\"C:\\path \\#(n) \"q\"\"#", "\"C:\\path \\(n) \"q\"\""),
        ("##\"a \"# b\"##", "\"a \"# b\""),
        ("#\"\"\"\n  raw \\n\n  \"\"\"#", "\"raw \\n\""),
    ]

    @Test(arguments: strings)
    func stringLiteralSegments(_ source: String, _ printed: String) {
        #expect(expressionTree(source) == printed, "\(source)")
    }

    @Test func operatorsFollowSwiftsWhitespaceRules() {
        var lexer = Lexer("a+b a + b -x x! x?.y c ? d : e a..<b x!=y .red\n.padding() //c\n/* x */-1")
        let output = lexer.lex()
        let tokens = output.tokens
        let shown = tokens.map { t -> String in
            guard case .op = t.kind else { return t.shown(in: output.texts) }
            return t.shown(in: output.texts) + (t.isBinaryOperator ? "²" : t.isPrefixOperator ? "ᵖ" : "ˢ")
        }
        #expect(shown == ["a", "+²", "b", "a", "+²", "b", "-ᵖ", "x", "x", "!ˢ", "x", "?ˢ", ".", "y", "c", "?²", "d", ":", "e",
                          "a", "..<²", "b", "x", "!²", "=²", "y", ".", "red", ".", "padding", "(", ")", "-ᵖ", "1", "end of file"])
        #expect(tokens[28].newlineBefore && !tokens[27].newlineBefore)
    }

    @Test func numbersAndNames() {
        var lexer = Lexer("0x1.8p1 0b1_0 0o7 1_000.5e-2 t.0.1 `class` $0 $name #if @State é🐶 x̃")
        let output = lexer.lex()
        // Each token's kind and text, and whether it is a word the parser tells apart.
        let kinds = output.tokens.map { t -> String in
            let text = t.text(in: output.texts)
            return switch t.kind {
            case let .identifier(word): "identifier \(text)\(word == .other ? "" : " (word)")\(t.isBackticked ? " (backticked)" : "")"
            case .dollar: "dollar \(text)"
            case let .pound(word): "pound \(text)\(word == .other ? "" : " (word)")"
            case let .attribute(word): "attribute \(text)\(word == .other ? "" : " (word)")"
            case .integer: "integer \(text)"
            case .float: "float \(text)"
            case let .punct(punct): "punct \(punct)"
            case .string, .op, .end: t.shown(in: output.texts)
            }
        }
        #expect(kinds == ["float 0x1.8p1", "integer 0b1_0", "integer 0o7", "float 1_000.5e-2", "identifier t", "punct .",
                          "integer 0", "punct .", "integer 1", "identifier class (word) (backticked)", "dollar $0", "dollar $name",
                          "pound if (word)", "attribute State", "identifier é🐶", "identifier x̃", "end of file"])
    }

    /// Every word the parser tells apart is found by its spelling, and nothing else is.
    @Test func wordsAreFoundByTheirSpelling() {
        for word in Word.allCases where word != .other {
            #expect(WordTable.shared.word(word.rawValue) == word, "\(word.rawValue)")
        }
        for text in ["", "Circle", "iff", "i", "els", "elsee", "unsafeMutableAddresses", "==>", "..", "`if`", "If", "SELF", "Ş"] {
            #expect(WordTable.shared.word(text) == .other, "\(text)")
        }
    }

    /// A text is kept once however often it is asked for, through the table's growth, and a
    /// spelling longer than the packed keys is kept each time.
    @Test func textsAreKeptOnce() {
        var table = TextTable()
        var spellings = (0..<3000).map { "name\($0)" } + ["a", "é🐶", String(repeating: "x", count: 24), String(repeating: "y", count: 25)]
        spellings += spellings.shuffled()
        var indices: [String: Int] = [:]
        for spelling in spellings {
            var text = spelling
            let index = text.withUTF8 { table.index(of: $0, from: 0, to: $0.count) }
            #expect(table.texts[index] == spelling)
            if spelling.utf8.count <= PackedSpelling.maximumLength {
                #expect(indices[spelling, default: index] == index, "\(spelling)")
                indices[spelling] = index
            }
        }
        // 3 003 spellings kept once, and the 25-byte one twice.
        #expect(table.texts.count == 3003 + 2)
    }

    @Test func commentsAreWhitespace() {
        let file = SwiftSyntaxParser.parseFile("#!/usr/bin/swift\n/// doc\nlet /* a /* nested */ b */ x = 1 // tail\r\nlet y = 2\rlet z = 3")
        #expect(file.diagnostics.isEmpty)
        #expect(TreePrinter.file(file) == "[let x = 1] [let y = 2] [let z = 3]")
        #expect(file.items.map(\.location.line) == [3, 4, 5])
    }

    @Test func columnsCountGraphemeClusters() {
        // "👩‍👩‍👧" is one character of 18 bytes; "e\u{301}" one of 3.
        let file = SwiftSyntaxParser.parseFile("let s = \"👩‍👩‍👧e\u{301}\" + )")
        #expect(file.diagnostics.first?.location.column == 16)
        #expect(file.diagnostics.first?.location.offset == 34)
    }
}

@Suite struct IfConfigTests {
    static let cases: [(String, String)] = [
        ("#if DEBUG\nlet a = 1\n#else\nlet a = 2\n#endif", "[let a = 1]"),
        ("#if !DEBUG\nlet a = 1\n#elseif os(iOS) && targetEnvironment(simulator)\nlet a = 2\n#else\nlet a = 3\n#endif", "[let a = 2]"),
        ("#if os(macOS) || arch(x86_64)\nlet a = 1\n#elseif canImport(UIKit)\nlet a = 2\n#endif", "[let a = 2]"),
        ("#if swift(>=5.9) && compiler(<7)\nlet a = 1\n#endif", "[let a = 1]"),
        ("#if swift(>=6.1)\nlet a = 1\n#else\nlet a = 2\n#endif", "[let a = 2]"),
        ("#if (DEBUG || RELEASE) && !(false)\nlet a = 1\n#endif", "[let a = 1]"),
        ("#if canImport(AppKit)\nimport AppKit\n#elseif canImport(SwiftUI.View)\nimport SwiftUI\n#endif", "[import SwiftUI]"),
        ("#if false\n#if true\nlet a = 1\n#endif\n#else\nlet b = 2\n#endif", "[let b = 2]"),
        ("struct A {\n#if DEBUG\nvar a = 1\n#endif\nvar b = 2\n}", "[struct A {[var a = 1] [var b = 2]}]"),
        ("func f() {\n#if os(iOS)\ng()\n#else\nh()\n#endif\n}", "[func f() {(call g)}]"),
        ("let v = Circle()\n#if os(iOS)\n.padding()\n#else\n.hidden()\n#endif\n.frame(width: 1)",
         "[let v = (call (. (call (. (call Circle) padding)) frame) width:1)]"),
        ("switch x {\ncase 1: a()\n#if DEBUG\ncase 2: b()\n#endif\ndefault: c()\n}", "(switch x (case =1: (call a)) (case =2: (call b)) (default: (call c)))"),
        ("#if targetEnvironment(macCatalyst)\nlet s = \"ok\"\n#endif", ""),
    ]

    @Test(arguments: cases)
    func activeClauseIsParsed(_ source: String, _ tree: String) {
        #expect(fileTree(source) == tree, "\(source)")
    }

    @Test func configurationDecides() {
        let mac = BuildConfiguration(flags: [], operatingSystem: "macOS", architecture: "x86_64", targetEnvironments: [],
                                     importableModules: ["AppKit"], swiftVersion: [5, 10])
        #expect(fileTree("#if os(macOS) && !DEBUG && swift(<6)\nlet a = 1\n#else\nlet a = 2\n#endif", configuration: mac) == "[let a = 1]")
        #expect(fileTree("#if canImport(AppKit)\nimport AppKit\n#endif", configuration: mac) == "[import AppKit]")
    }
}
