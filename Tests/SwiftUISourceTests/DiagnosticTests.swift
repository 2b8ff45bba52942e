import SwiftUISource
import Testing

/// Malformed and unsupported sources: each gives one diagnostic at the line and column of the
/// mistake (counted by hand from the source text below), with the message saying what is wrong.
@Suite("Diagnostics")
struct DiagnosticTests {
    /// A view whose body line 4 is `body4` and whose modifier line 5 is `modifier5`.
    static func spinner(body4: String = "Image(systemName: \"rays\")",
                        modifier5: String = ".rotationEffect(animating ? .degrees(360) : .zero)",
                        action6: String = ".onAppear { animating = true }") -> String {
        """
        struct Spinner: View {
            @State private var animating = false
            var body: some View {
                \(body4)
                    \(modifier5)
                    \(action6)
            }
        }
        """
    }

    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var source: String
        var line: Int
        var column: Int
        var message: String
        var view: String?
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unknown view", source: spinner(body4: "Text(\"Loading\")"), line: 4, column: 9,
             message: "'Text' is not supported here; supported views: Image(systemName:), ProgressView, Circle, Capsule, Rectangle, RoundedRectangle, Color, VStack, HStack, ZStack, ForEach, and this file's Spinner"),
        Case(name: "unknown modifier", source: spinner(modifier5: ".rotation(.degrees(360))"), line: 5, column: 14,
             message: "modifier 'rotation' is not supported (did you mean 'rotationEffect'?); supported: rotationEffect, scaleEffect, opacity, offset, foregroundColor, foregroundStyle, tint, font, fontWeight, imageScale, controlSize, progressViewStyle, frame, padding, border, background, fill, stroke, trim, animation, transaction, onAppear, symbolVariant, symbolRenderingMode, symbolEffect"),
        Case(name: "symbol effect", source: spinner(modifier5: ".symbolEffect(.pulse, options: .repeating)"), line: 5, column: 27,
             message: "'.symbolEffect(.pulse)' is not supported: Apple publishes no timing for symbol effects (the Symbols documentation and WWDC23 \"Animate symbols in your app\" give none), so spinrender does not invent one; animate the symbol with rotationEffect, scaleEffect or opacity and withAnimation instead"),
        Case(name: "bad symbol variant", source: spinner(modifier5: ".symbolVariant(.square)"), line: 5, column: 28,
             message: "expected a symbol variant: .none, .fill, .circle, .slash or a chain of them such as .fill.circle"),
        Case(name: "wrong argument label", source: spinner(body4: "Image(systemNam: \"rays\")"), line: 4, column: 15,
             message: "incorrect argument label 'systemNam:' in call to 'Image' (did you mean 'systemName:'?); it takes 'systemName:'"),
        Case(name: "type mismatch", source: spinner(modifier5: ".rotationEffect(animating)"), line: 5, column: 29,
             message: "cannot convert value of type 'Bool' to expected type 'Angle'"),
        // The text ends with the line break after the last '}' kept: the end is line 8, column 1.
        Case(name: "unterminated brace", source: String(spinner().dropLast()), line: 8, column: 1,
             message: "expected '}' to close struct 'Spinner' (opened at line 1)"),
        Case(name: "unterminated string", source: spinner(body4: "Image(systemName: \"rays)"), line: 4, column: 27,
             message: "unterminated string literal"),
        // 64 parentheses are allowed, the 65th (column 9 + 64) is refused.
        Case(name: "deep nesting", source: "let x = " + String(repeating: "(", count: 70) + "1" + String(repeating: ")", count: 70),
             line: 1, column: 73, message: "nesting is deeper than 64 levels of braces, parentheses, brackets and operators (a 'VStack { … }' is one)"),
        // Swift's own refusal, not a suggestion of the very name written.
        Case(name: "property in another's initial value", source: "struct A: View {\n    let double = size * 2\n    let size = 4.0\n    var body: some View { Circle() }\n}",
             line: 2, column: 18, message: "cannot use instance member 'size' within property initializer; property initializers run before 'self' is available"),
        Case(name: "recursive view", source: "struct A: View { var body: some View { A() } }", line: 1, column: 40,
             message: "'A' contains itself: a view cannot be part of its own body"),
        Case(name: "mutually recursive views", source: "struct A: View { var body: some View { B() } }\nstruct B: View { var body: some View { VStack { A() } } }",
             line: 2, column: 49, message: "'A' contains itself: a view cannot be part of its own body", view: "A"),
        Case(name: "unsupported state type", source: spinner().replacing("@State private var animating = false", with: "@State private var animating: String = \"\""),
             line: 2, column: 35, message: "@State of type 'String' is not supported; supported: Bool, Int, Double, CGFloat, Angle"),
        Case(name: "missing argument", source: spinner(body4: "RoundedRectangle()"), line: 4, column: 26,
             message: "missing argument 'cornerRadius:' in call to 'RoundedRectangle'"),
        Case(name: "body without some", source: spinner().replacing("var body: some View", with: "var body: View"), line: 3, column: 15,
             message: "use of protocol 'View' as a type must be written 'some View'"),
        Case(name: "extra argument", source: spinner(body4: "Circle(5)"), line: 4, column: 16, message: "extra argument in call to 'Circle'"),
        Case(name: "unknown colour", source: spinner(modifier5: ".foregroundColor(.orang)"), line: 5, column: 31,
             message: "type 'Color' has no member 'orang' (did you mean 'orange'?); supported: primary, secondary, accentColor, black, blue, brown, clear, cyan, gray, green, indigo, mint, orange, pink, purple, red, teal, white, yellow"),
        Case(name: "unknown animation", source: spinner(modifier5: ".animation(.lineer(duration: 2))"), line: 5, column: 25,
             message: "unknown animation 'lineer' (did you mean 'linear'?)"),
        Case(name: "animation value out of range", source: spinner(modifier5: ".animation(.linear(duration: -1))"), line: 5, column: 42,
             message: "'duration' must not be negative (got -1)"),
        Case(name: "animation label on the next line", source: spinner(modifier5: ".animation(.spring(response: 0.5,\n                dampingFractio: 0.5))"), line: 6, column: 17,
             message: "unknown argument label 'dampingFractio:' in call to 'spring' (did you mean 'dampingFraction:'?)"),
        Case(name: "unsupported action", source: spinner(action6: ".onAppear { print(\"hi\") }"), line: 6, column: 25,
             message: "this call is not supported in an action; supported in actions: assignments, toggle(), withAnimation, DispatchQueue.main.asyncAfter"),
        Case(name: "assignment to a constant", source: "let size = 3.0\n" + spinner(action6: ".onAppear { size = 4 }"), line: 7, column: 25,
             message: "cannot assign to 'size': it is not a @State property"),
        Case(name: "unknown name", source: spinner(modifier5: ".rotationEffect(animatng ? .degrees(360) : .zero)"), line: 5, column: 29,
             message: "cannot find 'animatng' in scope (did you mean 'animating'?)"),
        Case(name: "unexpected character", source: spinner(body4: "Image(systemName: \"rays\") ~"), line: 4, column: 35,
             message: "unexpected character '~'"),
        Case(name: "consecutive statements", source: spinner(body4: "VStack { Circle() Capsule() }"), line: 4, column: 27,
             message: "consecutive statements on a line must be separated by ';'"),
        Case(name: "two views in a body", source: "struct Two: View {\n    var body: some View { Circle(); Capsule() }\n}", line: 2, column: 37,
             message: "the body of 'Two' must contain one view; wrap several in a VStack, HStack or ZStack"),
        Case(name: "unterminated comment", source: "/* never closed\nstruct A: View {}", line: 1, column: 1, message: "unterminated '/*' comment"),
        Case(name: "unsupported import", source: "import UIKit2\n", line: 1, column: 8, message: "module 'UIKit2' is not supported; import SwiftUI"),
        Case(name: "malformed number", source: spinner(modifier5: ".opacity(0x10)"), line: 5, column: 22,
             message: "malformed number '0x10': write decimal numbers such as 2, 0.5 or 1e-3"),
        Case(name: "trim on a non-shape", source: spinner(modifier5: ".trim(from: 0, to: 0.5)"), line: 5, column: 14,
             message: "'trim' is only available on a shape (Circle, Capsule, Rectangle, RoundedRectangle) before other modifiers"),
        Case(name: "infinite result", source: spinner(modifier5: ".opacity(1 / 0)"), line: 5, column: 24, message: "the result is not a finite number"),
        Case(name: "view without a body", source: "struct A: View {\n    let x = 1\n}", line: 1, column: 1,
             message: "view 'A' has no 'var body: some View { … }'"),
        Case(name: "negative delay", source: spinner(action6: ".onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + -1) { animating = true } }"),
             line: 6, column: 65, message: "the delay must be between 0 and 86400 seconds"),
        Case(name: "state change loop", source: """
             struct Loop: View {
                 @State var a = false
                 var body: some View {
                     if a { Circle().onAppear { a = false } } else { Capsule().onAppear { a = true } }
                 }
             }
             """, line: 4, column: 78, message: "more than 1000 state changes: do actions change the state back and forth for ever?"),
        Case(name: "wrong modifier label", source: spinner(modifier5: ".frame(widht: 20)"), line: 5, column: 20,
             message: "incorrect argument label 'widht:' in call to 'frame' (did you mean 'width:'?); it takes 'width:', 'height:', 'alignment:'"),
        Case(name: "return in an action", source: spinner(action6: ".onAppear { return animating }"), line: 6, column: 25,
             message: "'return' is not supported in an action"),
        Case(name: "bare return", source: spinner(action6: ".onAppear { return }"), line: 6, column: 25,
             message: "'return' without a value is not supported"),
        Case(name: "function", source: "func f() {}", line: 1, column: 1, message: "functions are not supported; write views as 'struct Name: View'"),
        Case(name: "string interpolation", source: spinner(body4: "Image(systemName: \"\\(name)\")"), line: 4, column: 28,
             message: "string interpolation is not supported"),
        Case(name: "modifier without a call", source: spinner(modifier5: ".padding"), line: 5, column: 13,
             message: "'padding' is a modifier: write '.padding(…)'"),
        Case(name: "implicit member without a type", source: "let c = .orange\n" + spinner(), line: 1, column: 9,
             message: "cannot infer the type of '.orange': write the type, e.g. 'Color.orange'"),
        Case(name: "Int state assigned a Double", source: "struct C: View {\n    @State var n = 0\n    var body: some View { Circle().onAppear { n = 1.5 } }\n}",
             line: 3, column: 51, message: "cannot convert floating-point literal '1.5' to expected type 'Int'"),
        // Each ⭐️ (two scalars, two UTF-16 units) is one column, as an editor counts it.
        Case(name: "emoji before the mistake", source: "// ⭐️ view\nlet x = /* ⭐️⭐️ */ Text\n" + spinner(), line: 2, column: 18,
             message: "cannot find 'Text' in scope"),
        Case(name: "unknown transaction property", source: spinner(modifier5: ".transaction { $0.animatoin = nil }"), line: 5, column: 31,
             message: "Transaction has no settable property 'animatoin' (did you mean 'animation'?); supported: animation, disablesAnimations"),
    ]

    @Test(arguments: cases)
    func diagnostic(_ example: Case) throws {
        do {
            let program = try SwiftUIProgram(parsing: example.source, fileName: "Spinner.swift")
            let view = try example.view ?? program.defaultViewName()
            _ = try program.script(view: view)
            Issue.record("no error for \(example.name)")
        } catch let error as SwiftUISourceError {
            guard case let .source(diagnostic) = error else {
                Issue.record("not a source diagnostic: \(error)")
                return
            }
            check(diagnostic, example)
        } catch let diagnostic as SourceDiagnostic {
            check(diagnostic, example)
        }
    }

    private func check(_ diagnostic: SourceDiagnostic, _ example: Case) {
        #expect(diagnostic.message == example.message)
        #expect(diagnostic.line == example.line, "line")
        #expect(diagnostic.column == example.column, "column")
        let lines = example.source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(diagnostic.sourceLine == String(lines[example.line - 1]))
    }

    @Test func oversizedSource() {
        let text = "// " + String(repeating: "x", count: SwiftUIProgram.maximumSourceBytes - 2)
        #expect(text.utf8.count == SwiftUIProgram.maximumSourceBytes + 1)
        #expect(throws: SourceDiagnostic(
            fileName: "Big.swift", line: 1, column: 1,
            message: "the source is 1048577 bytes; the limit is 1048576 bytes (1 MiB)", sourceLine: String(text.prefix(200))
        )) { try SwiftUIProgram(parsing: text, fileName: "Big.swift") }
    }

    @Test func descriptionHasTheLineAndACaret() throws {
        let program = try SwiftUIProgram(parsing: Self.spinner(body4: "Text(\"Loading\")"), fileName: "Spinner.swift")
        do {
            _ = try program.script(view: "Spinner")
            Issue.record("no error")
        } catch {
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix("Spinner.swift:4:9: error: 'Text' is not supported here; supported views: Image(systemName:)"))
            #expect(lines[1] == "        Text(\"Loading\")")
            #expect(lines[2] == "        ^")
        }
    }

    /// A long line (minified or generated code) is shown as the 120 characters around the
    /// mistake, cut with `…`, the caret still under it; control characters are shown as `�`.
    @Test func longLinesAreCutAroundTheMistakeAndControlsAreHidden() {
        let line = String(repeating: "a", count: 199) + "Y" + String(repeating: "b", count: 300)
        let diagnostic = SourceDiagnostic(fileName: "L.swift", line: 1, column: 200, message: "m", sourceLine: line)
        let lines = diagnostic.description.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        #expect(lines.count == 3)
        #expect(lines[1].count == SourceDiagnostic.excerptWidth + 2)
        #expect(lines[1].first == "…" && lines[1].last == "…")
        let caret = lines[2].count - 1
        #expect(lines[2].last == "^" && lines[1][caret] == "Y")
        let short = SourceDiagnostic(fileName: "C.swift", line: 1, column: 3, message: "m", sourceLine: "a\u{0}b\u{1B}[2J")
        let shown = short.description.split(separator: "\n", omittingEmptySubsequences: false)[1]
        #expect(shown == "a\u{FFFD}b\u{FFFD}[2J")
    }

    /// A file with no view at all is bad source (exit 65 on the command line), reported at its
    /// first line, not a usage error.
    @Test func aSourceWithoutViewsIsBadSource() throws {
        let program = try SwiftUIProgram(parsing: "import SwiftUI\n", fileName: "E.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(fileName: "E.swift", line: 1, column: 1,
            message: "the source declares no view (a 'struct Name: View' or a '#Preview')", sourceLine: "import SwiftUI"))) {
            try program.script(view: nil)
        }
    }

    /// Long chains and long operator runs are refused, not walked until the stack runs out.
    @Test func hostileShapesAreRefused() throws {
        let chain = "struct A: View { var body: some View { Circle()" + String(repeating: ".opacity(1)", count: 600) + " } }"
        #expect(throws: SourceDiagnostic.self) { try SwiftUIProgram(parsing: chain, fileName: "A.swift") }
        let sum = "let x = 1" + String(repeating: " + 1", count: 100_000)
        #expect(throws: SourceDiagnostic.self) { try SwiftUIProgram(parsing: sum, fileName: "A.swift") }
        let bangs = "let x = " + String(repeating: "!", count: 10_000) + "true"
        #expect(throws: SourceDiagnostic.self) { try SwiftUIProgram(parsing: bangs, fileName: "A.swift") }
        var nested = "struct A: View { var body: some View { "
        for _ in 0..<200 { nested += "VStack { " }
        nested += "Circle()" + String(repeating: " }", count: 200) + " } }"
        #expect(throws: SourceDiagnostic.self) { try SwiftUIProgram(parsing: nested, fileName: "A.swift") }
    }
}
