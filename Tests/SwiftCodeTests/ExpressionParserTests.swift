import Testing
@testable import SwiftCode

/// Parses `source` as one expression and prints its tree; diagnostics fail the calling test.
func expressionTree(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let (expression, diagnostics) = SwiftSyntaxParser.parseExpression(source)
    #expect(diagnostics.isEmpty, "\(source): \(diagnostics.map { "\($0.location): \($0.message)" })", sourceLocation: sourceLocation)
    return expression.map(TreePrinter.expression) ?? "<none>"
}

/// Parses `source` as a file and prints its items; diagnostics fail the calling test.
func fileTree(_ source: String, configuration: BuildConfiguration = .preview, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let file = SwiftSyntaxParser.parseFile(source, configuration: configuration)
    #expect(file.diagnostics.isEmpty, "\(source): \(file.diagnostics.map { "\($0.location): \($0.message)" })", sourceLocation: sourceLocation)
    return TreePrinter.file(file)
}

@Suite struct ExpressionParserTests {
    static let cases: [(String, String)] = [
        // Literals.
        ("42", "42"), ("0x1F", "0x1F"), ("1_000", "1_000"), ("0.5", "0.5"), ("1e-3", "1e-3"), ("0x1p4", "0x1p4"),
        ("true", "true"), ("nil", "nil"), ("\"a\\tb\"", "\"a\tb\""),
        ("\"\\(count) dots\"", "\"\\(count) dots\""),
        ("\"\\(value, specifier: \"%.1f\")%\"", "\"\\(value specifier:\"%.1f\")%\""),
        ("\"\\(items.map { \"\\($0)\" }.joined())\"", "\"\\((call (. (call (. items map) (closure {\"\\($0)\"})) joined)))\""),
        ("#\"raw \\n \\#(x)\"#", "\"raw \\n \\(x)\""),
        // Precedence.
        ("1 + 2 * 3", "(+ 1 (* 2 3))"), ("a - b - c", "(- (- a b) c)"), ("a ?? b ?? c", "(?? a (?? b c))"),
        ("x << 2 * 3", "(* (<< x 2) 3)"), ("0..<count - 1", "(..< 0 (- count 1))"),
        ("a && b || c && d", "(|| (&& a b) (&& c d))"), ("a == b && c < d", "(&& (== a b) (< c d))"),
        ("x = y ?? 0", "(= x (?? y 0))"), ("a = b = c", "(= a (= b c))"), ("angle += 360", "(+= angle 360)"),
        ("c ? a : b", "(?: c a b)"), ("a ? b : c ? d : e", "(?: a b (?: c d e))"),
        ("x as? Double ?? 0", "(?? (as? x Double) 0)"), ("x is Int && y", "(&& (is x Int) y)"),
        ("value as! [String: Int]", "(as! value [String: Int])"), ("a + b as CGFloat", "(as (+ a b) CGFloat)"),
        ("-x", "(prefix- x)"), ("!isOn", "(prefix! isOn)"), ("..<5", "(prefix..< 5)"), ("0...", "(postfix... 0)"),
        ("-a * b", "(* (prefix- a) b)"), ("&value", "(prefix& value)"),
        ("2 * .pi / CGFloat(count)", "(/ (* 2 .pi) (call CGFloat count))"),
        ("try await Task.sleep(nanoseconds: 1_000)", "(try (await (call (. Task sleep) nanoseconds:1_000)))"),
        ("try? a + b", "(try? (+ a b))"), ("x = try f()", "(= x (try (call f)))"),
        // Postfix chains.
        ("Circle()\n    .trim(from: 0, to: 0.7)\n    .stroke(Color.blue, lineWidth: 4)",
         "(call (. (call (. (call Circle) trim) from:0 to:0.7) stroke) (. Color blue) lineWidth:4)"),
        ("a?.b?.c()", "(?end (call (. (? (. (? a) b)) c)))"), ("a!.b", "(. (! a) b)"), ("items[index]", "(subscript items index)"),
        ("dict[key, default: 0]", "(subscript dict key default:0)"), ("t.0.1", "(. (. t 0) 1)"),
        ("view.frame(width: 10)[0]", "(subscript (call (. view frame) width:10) 0)"),
        ("Button { go() } label: { Text(\"Go\") }", "(call Button (closure {(call go)}) label:(closure {(call Text \"Go\")}))"),
        ("Button(\"Go\") { go() }", "(call Button \"Go\" (closure {(call go)}))"),
        ("withAnimation(.easeInOut(duration: 1).repeatForever()) { on.toggle() }",
         "(call withAnimation (call (. (call .easeInOut duration:1) repeatForever)) (closure {(call (. on toggle))}))"),
        (".init(red: 1, green: 0, blue: 0)", "(call .init red:1 green:0 blue:0)"), (".red", ".red"),
        ("Array<Int>(repeating: 0, count: 3)", "(call Array<Int> repeating:0 count:3)"),
        ("State<Bool>(initialValue: false)", "(call State<Bool> initialValue:false)"),
        ("[Color](repeating: .red, count: 3)", "(call [Color] repeating:.red count:3)"),
        ("a < b", "(< a b)"), ("a<b", "(< a b)"), ("f(a < b, c > d)", "(call f (< a b) (> c d))"),
        ("Binding<Int?>.constant(nil)", "(call (. Binding<Int?> constant) nil)"),
        ("Dictionary<String, [Int]>()", "(call Dictionary<String, [Int]>)"),
        ("x.map(String.init)", "(call (. x map) (. String init))"), ("[Int].self", "(. [Int] self)"),
        // Closures.
        ("{ $0 * 2 }", "(closure {(* $0 2)})"), ("{ x in x }", "(closure (x) {x})"), ("{ (x) in x }", "(closure (x) {x})"),
        ("{ (x: Int) -> Int in x }", "(closure (x: Int) -> Int {x})"), ("{ _ in }", "(closure (_) {})"),
        ("{ a, b in a + b }", "(closure (a, b) {(+ a b)})"), ("{ (a, b) -> Int in a }", "(closure (a, b) -> Int {a})"),
        ("{ [weak self] in self?.go() }", "(closure [self] {(?end (call (. (? self) go)))})"),
        ("{ [weak self] (timer) in self?.tick() }", "(closure [self] (timer) {(?end (call (. (? self) tick)))})"),
        ("{ [count = items.count] in count }", "(closure [count] {count})"),
        ("{ () async throws -> Void in }", "(closure () async throws -> Void {})"),
        ("{ [1, 2] }", "(closure {[1 2]})"), ("{ (a + b) }", "(closure {(+ a b)})"),
        // Collections, tuples, key paths, macros, operators as functions.
        ("[]", "[]"), ("[:]", "[:]"), ("[1, 2, 3,]", "[1 2 3]"), ("[\"a\": 1, \"b\": 2]", "[\"a\":1 \"b\":2]"),
        ("[[1], [2]]", "[[1] [2]]"), ("(1, 2)", "(tuple 1 2)"), ("(x: 1, y: 2)", "(tuple x:1 y:2)"), ("()", "(tuple)"), ("((a))", "a"),
        ("\\.self", "(keypath .self)"), ("\\Item.id", "(keypath Item.id)"), ("\\.colorScheme", "(keypath .colorScheme)"),
        ("\\.value?.count", "(keypath .value.?.count)"),
        ("#colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)", "(#colorLiteral red:1 green:0.5 blue:0 alpha:1)"),
        ("#file", "(#file)"), ("reduce(0, +)", "(call reduce 0 +)"), ("sorted(by: >)", "(call sorted by:>)"),
        ("_ = x", "(= _ x)"), ("`default`", "default"), ("$isOn", "$isOn"), ("self.x", "(. self x)"),
        ("if c { 1 } else { 2 }", "(if c {1} else {2})"),
        ("switch x { case 1: \"a\" default: \"b\" }", "(switch x (case =1: \"a\") (default: \"b\"))"),
        ("Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()",
         "(call (. (call (. Timer publish) every:0.25 on:.main in:.common) autoconnect))"),
    ]

    @Test(arguments: cases)
    func expressionParsesToTree(_ source: String, _ tree: String) {
        #expect(expressionTree(source) == tree, "\(source)")
    }

    @Test func locationsCountCharactersAndLines() throws {
        let file = SwiftSyntaxParser.parseFile("let 🐶 = 1\nlet é = \"ü\" + x")
        #expect(file.diagnostics.isEmpty)
        guard case let .declaration(d) = file.items[1].kind, case let .variable(v) = d.kind,
              case let .binaryOperator(_, _, right, operatorLocation)? = v.bindings[0].initializer?.kind else {
            Issue.record("unexpected tree")
            return
        }
        #expect(operatorLocation == SourceLocation(line: 2, column: 13, offset: 27))
        #expect(right.location.description == "2:15")
        #expect(d.nameLocation.description == "2:5")
    }

    @Test func integerLiteralValues() {
        #expect(Parser.integerValue("0x1F") == 31)
        #expect(Parser.integerValue("0b1010") == 10)
        #expect(Parser.integerValue("0o17") == 15)
        #expect(Parser.integerValue("1_000_000") == 1_000_000)
        #expect(Parser.integerValue("99999999999999999999") == nil)
        #expect(Parser.floatValue("0x1p-2") == 0.25)
        #expect(Parser.floatValue("1_0.5e1") == 105)
    }

    /// The byte-by-byte reading agrees with `Int(_:radix:)` on the text without underscores,
    /// the definition it follows, for the texts the lexer makes (including after an error).
    @Test func integerLiteralValuesFollowIntParsing() {
        func definition(_ text: String) -> Int? {
            var digits = text.filter { $0 != "_" }
            var radix = 10
            if digits.hasPrefix("0x") { radix = 16 } else if digits.hasPrefix("0o") { radix = 8 } else if digits.hasPrefix("0b") { radix = 2 }
            if radix != 10 { digits.removeFirst(2) }
            return Int(digits, radix: radix)
        }
        let texts = [
            "", "0", "7", "_", "0_", "0x", "0o", "0b", "0X1F", "0x_1f", "0_x1", "0b102", "0o8", "09", "1e", "1é", "+1", "-1",
            "0xFFFFFFFFFFFFFFFF", "0x7FFFFFFFFFFFFFFF", "9223372036854775807", "9223372036854775808", "0b" + String(repeating: "1", count: 64),
            "00012", "0x0", "1_2_3", "__1", "0xg", "0ob", "12ab",
        ]
        for text in texts {
            #expect(Parser.integerValue(text) == definition(text), "\(text)")
        }
    }
}
