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
        Case(name: "unknown view", source: spinner(body4: "Toggle(\"Loading\")"), line: 4, column: 9,
             message: "'Toggle' is not supported here; supported views: AngularGradient, …"),
        Case(name: "unknown modifier", source: spinner(modifier5: ".rotation(.degrees(360))"), line: 5, column: 14,
             message: "value of type 'Image' has no member 'rotation' (did you mean 'rotationEffect'?)"),
        // A modifier no type has and no name resembles: the project's own, in another file,
        // which the message asks about; a member of another kind of value (a shape's `trim` on
        // an image) is a plain mistake.
        Case(name: "modifier of another file", source: spinner(modifier5: ".cardStyle()"), line: 5, column: 14,
             message: "value of type 'Image' has no member 'cardStyle' (a modifier declared in another file of the project? give that file with --include)"),
        Case(name: "symbol effect", source: spinner(modifier5: ".symbolEffect(.appear)"), line: 5, column: 27,
             message: "'.symbolEffect(.appear)' is not supported: it is a transition between symbols or their absence; supported: .pulse, .bounce, .scale, .rotate, .breathe, .wiggle, .variableColor"),
        Case(name: "bad symbol variant", source: spinner(modifier5: ".symbolVariant(.square)"), line: 5, column: 28,
             message: "the symbol variant '.square' is not supported; supported: .none, .fill, .circle, .slash and chains of them such as .fill.circle"),
        Case(name: "wrong argument label", source: spinner(body4: "Image(systemNam: \"rays\")"), line: 4, column: 15,
             message: "incorrect argument label in call (have 'systemNam:', expected 'systemName:')"),
        // A type another file of the app generates (SwiftGen's `Asset`): the missing name is what
        // is wrong, as swiftc says, not the labels of Color's initialisers.
        Case(name: "generated type in an argument", source: spinner(modifier5: ".foregroundColor(Color(asset: Asset.Colors.brand))"),
             line: 5, column: 43, message: "cannot find 'Asset' in scope"),
        // A label no initialiser of the type has, nor a slip of one: an initialiser
        // another file declares in an extension, which the message asks about.
        Case(name: "initialiser of another file", source: spinner(modifier5: ".foregroundColor(Color(rgbHex: 0x7F5AF0))"),
             line: 5, column: 36,
             message: "incorrect argument label in call (have 'rgbHex:', expected 'red:'); no initialiser of 'Color' takes 'rgbHex:': is it declared in an extension in another file of the project?"),
        Case(name: "type of another file", source: "struct Spinner: View {\n    var size: Length = .small\n    var body: some View { Circle() }\n}\n",
             line: 2, column: 24, message: "cannot find type 'Length' in scope (declared in another file of the project?)"),
        Case(name: "type mismatch", source: spinner(modifier5: ".rotationEffect(animating)"), line: 5, column: 29,
             message: "cannot convert value of type 'Bool' to expected argument type 'Angle'"),
        // The text ends with the line break after the last '}' kept: the end is line 8, column 1,
        // where swiftc reports the missing '}'.
        Case(name: "unterminated brace", source: String(spinner().dropLast()), line: 8, column: 1,
             message: "expected '}' in struct"),
        Case(name: "unterminated string", source: spinner(body4: "Image(systemName: \"rays)"), line: 4, column: 27,
             message: "unterminated string literal"),
        // 200 parentheses are allowed, the 201st (column 9 + 200) is refused.
        // A combining mark after ':' is part of the ':' character, as an editor shows it: the
        // end of the line's 11 characters is column 12.
        Case(name: "combining mark after a colon", source: "let x = (a:\u{07EC}", line: 1, column: 12,
             message: "expected ')' in expression list"),
        Case(name: "deep nesting", source: "let x = " + String(repeating: "(", count: 250) + "1" + String(repeating: ")", count: 250),
             line: 1, column: 209, message: "nesting is too deep: more than 200 levels of brackets, blocks or types"),
        // Swift's own refusal, not a suggestion of the very name written.
        Case(name: "property in another's initial value", source: "struct A: View {\n    let double = size * 2\n    let size = 4.0\n    var body: some View { Circle() }\n}",
             line: 2, column: 18, message: "cannot use instance member 'size' within property initializer; property initializers run before 'self' is available"),
        Case(name: "recursive view", source: "struct A: View { var body: some View { A() } }", line: 1, column: 40,
             message: "'A' contains itself: a view cannot be part of its own body"),
        Case(name: "mutually recursive views", source: "struct A: View { var body: some View { B() } }\nstruct B: View { var body: some View { VStack { A() } } }",
             line: 2, column: 49, message: "'A' contains itself: a view cannot be part of its own body", view: "A"),
        Case(name: "missing argument", source: spinner(body4: "RoundedRectangle()"), line: 4, column: 9,
             message: "missing argument for parameter 'cornerRadius' in call"),
        Case(name: "extra argument", source: spinner(body4: "Circle(5)"), line: 4, column: 16, message: "extra argument in call"),
        Case(name: "unknown colour", source: spinner(modifier5: ".foregroundColor(.orang)"), line: 5, column: 30,
             message: "type 'Color' has no member 'orang' (did you mean 'orange'?)"),
        // A theme another file of the project declares (`extension Color { static let theme = … }`):
        // `Color.theme` reads as an asset's generated colour, and the member asked of it says so,
        // not "did you mean 'accentColor'".
        Case(name: "member of a colour another file declares", source: spinner(modifier5: ".foregroundColor(Color.theme.accent)"), line: 5, column: 42,
             message: "value of type 'Color' has no member 'accent': 'Color.theme' is not declared in this file and was read as the colour of an asset 'theme' (Xcode's generated symbol); is 'Color.theme' declared in another file of the project?"),
        Case(name: "unknown animation", source: spinner(modifier5: ".animation(.lineer(duration: 2))"), line: 5, column: 24,
             message: "type 'Animation' has no member 'lineer' (did you mean 'linear'?)"),
        Case(name: "animation value out of range", source: spinner(modifier5: ".animation(.linear(duration: -1))"), line: 5, column: 42,
             message: "'duration' must not be negative (got -1)"),
        Case(name: "animation label on the next line", source: spinner(modifier5: ".animation(.spring(response: 0.5,\n                dampingFractio: 0.5))"), line: 6, column: 17,
             message: "unknown argument label 'dampingFractio:' in call to 'spring' (did you mean 'dampingFraction:'?)"),
        Case(name: "assignment to a constant", source: "let size = 3.0\n" + spinner(action6: ".onAppear { size = 4 }"), line: 7, column: 25,
             message: "cannot assign to value: 'size' is a 'let' constant"),
        Case(name: "unknown name", source: spinner(modifier5: ".rotationEffect(animatng ? .degrees(360) : .zero)"), line: 5, column: 29,
             message: "cannot find 'animatng' in scope (did you mean 'animating'?)"),
        Case(name: "unexpected character", source: spinner(body4: "Image(systemName: \"rays\") ~"), line: 4, column: 35,
             message: "'~' is not a binary operator"),
        Case(name: "consecutive statements", source: spinner(body4: "VStack { Circle() Capsule() }"), line: 4, column: 26,
             message: "consecutive statements on a line must be separated by ';'"),
        Case(name: "unterminated comment", source: "/* never closed\nstruct A: View {}", line: 1, column: 1, message: "unterminated '/*' comment"),
        Case(name: "trim on a non-shape", source: spinner(modifier5: ".trim(from: 0, to: 0.5)"), line: 5, column: 14,
             message: "value of type 'Image' has no member 'trim'"),
        Case(name: "infinite result", source: spinner(modifier5: ".opacity(1 / 0)"), line: 5, column: 22, message: "the value is not a finite number"),
        Case(name: "view without a body", source: "struct A: View {\n    let x = 1\n}", line: 1, column: 8,
             message: "view 'A' has no 'var body: some View { … }'"),
        Case(name: "UIKit bridge", source: """
             import SwiftUI
             struct Spinner: UIViewRepresentable {
                 func makeUIView(context: Context) -> UIActivityIndicatorView { UIActivityIndicatorView(style: .medium) }
                 func updateUIView(_ view: UIActivityIndicatorView, context: Context) { view.startAnimating() }
             }
             struct Spinner_Previews: PreviewProvider {
                 static var previews: some View { Spinner() }
             }
             """, line: 2, column: 8,
             message: "'Spinner' is a UIViewRepresentable: the UIKit view it makes is not drawn (a render has no UIKit); a SwiftUI view draws it, e.g. 'ProgressView()' for a UIActivityIndicatorView"),
        Case(name: "negative delay", source: spinner(action6: ".onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + -1) { animating = true } }"),
             line: 6, column: 65, message: "the delay must be between 0 and 86400 seconds"),
        Case(name: "state change loop", source: """
             struct Loop: View {
                 @State var a = false
                 var body: some View {
                     if a { Circle().onAppear { a = false } } else { Capsule().onAppear { a = true } }
                 }
             }
             """, line: 4, column: 76, message: "more than 5000 state changes: do actions change the state back and forth for ever?"),
        Case(name: "wrong modifier label", source: spinner(modifier5: ".frame(widht: 20)"), line: 5, column: 20,
             message: "extra argument 'widht' in call (did you mean 'width'?)"),
        Case(name: "string interpolation of an unknown name", source: spinner(body4: "Image(systemName: \"\\(name)\")"), line: 4, column: 30,
             message: "cannot find 'name' in scope"),
        Case(name: "modifier without a call", source: spinner(modifier5: ".padding"), line: 6, column: 14,
             message: "value of function type has no member 'onAppear'; did you mean to call 'padding' with '(…)'?"),
        Case(name: "Int state assigned a Double", source: "struct C: View {\n    @State var n = 0\n    var body: some View { Circle().onAppear { n = 1.5 } }\n}",
             line: 3, column: 51, message: "cannot assign value of type 'Double' to type 'Int'"),
        // Each ⭐️ (two scalars, two UTF-16 units) is one column, as an editor counts it.
        Case(name: "emoji before the mistake", source: "// ⭐️ view\n" + spinner(body4: "/* ⭐️⭐️ */ Tgle(\"a\")"), line: 5, column: 18,
             message: "cannot find 'Tgle' in scope"),
        Case(name: "unknown transaction property", source: spinner(modifier5: ".transaction { $0.animatoin = nil }"), line: 5, column: 31,
             message: "value of type 'Transaction' has no member 'animatoin' (did you mean 'animation'?)"),
    ]

    @Test(arguments: cases)
    func diagnostic(_ example: Case) throws {
        do {
            let program = try SwiftProgram(parsing: example.source, fileName: "Spinner.swift")
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
        // A message that lists the vocabulary is checked up to its list's first entry (marked
        // with '…'): the list grows with every definition, and VocabularyTests pins it.
        if example.message.hasSuffix("…") {
            #expect(diagnostic.message.hasPrefix(String(example.message.dropLast())), "\(diagnostic.message)")
        } else {
            #expect(diagnostic.message == example.message)
        }
        #expect(diagnostic.line == example.line, "line")
        #expect(diagnostic.column == example.column, "column")
        let lines = example.source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(diagnostic.sourceLine == String(lines[example.line - 1]))
    }

    @Test func oversizedSource() {
        let text = "// " + String(repeating: "x", count: SwiftProgram.maximumSourceBytes - 2)
        #expect(text.utf8.count == SwiftProgram.maximumSourceBytes + 1)
        #expect(throws: SourceDiagnostic(
            fileName: "Big.swift", line: 1, column: 1,
            message: "the source is 1048577 bytes; the limit is 1048576 bytes (1 MiB)", sourceLine: String(text.prefix(200))
        )) { try SwiftProgram(parsing: text, fileName: "Big.swift") }
    }

    @Test func descriptionHasTheLineAndACaret() throws {
        let program = try SwiftProgram(parsing: Self.spinner(body4: "Toggle(\"Loading\")"), fileName: "Spinner.swift")
        do {
            _ = try program.script(view: "Spinner")
            Issue.record("no error")
        } catch {
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix("Spinner.swift:4:9: error: 'Toggle' is not supported here; supported views: AngularGradient, "))
            #expect(lines[1] == "        Toggle(\"Loading\")")
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
        let program = try SwiftProgram(parsing: "import SwiftUI\n", fileName: "E.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(fileName: "E.swift", line: 1, column: 1,
            message: "the source declares no view (a 'struct Name: View' or a '#Preview'), and no view modifier, 'extension View' helper or progress view style to show on one",
            sourceLine: "import SwiftUI"))) {
            try program.script(view: nil)
        }
    }

    /// A file of a helper alone that stops on a name from another file of the project is told
    /// that name, at its line, not that it declares no view; a view that takes arguments beside
    /// a modifier that needs none offers the modifier on a text too.
    @Test func aHelperThatStopsSaysWhereAndAModifierIsOffered() throws {
        let helper = "import SwiftUI\nextension View {\n    func shimmering() -> some View {\n        modifier(ShimmerEffect())\n    }\n}\n"
        /// The source error the default view of `text` stops on.
        func stop(_ text: String, fileName: String) throws -> SourceDiagnostic? {
            let program = try SwiftProgram(parsing: text, fileName: fileName)
            do throws(SwiftUISourceError) {
                _ = try program.script(view: nil)
            } catch {
                if case let .source(diagnostic) = error { return diagnostic }
            }
            return nil
        }
        let stopped = try #require(try stop(helper, fileName: "H.swift"))
        #expect(stopped.line == 4 && stopped.column == 18 && stopped.message.hasPrefix("cannot find 'ShimmerEffect' in scope"), "\(stopped)")
        let maskAndModifier = """
            import SwiftUI
            struct Glint: ViewModifier {
                func body(content: Content) -> some View { content.mask(Band(phase: 0.5)) }
            }
            struct Band: View {
                let phase: CGFloat
                var body: some View { Rectangle().opacity(phase) }
            }
            """
        let offered = try #require(try stop(maskAndModifier, fileName: "M.swift"))
        #expect(offered.message.hasSuffix("'Band' takes arguments: render it with --view 'Band(phase: …)', or show the file's modifier on a text: --view 'Text(\"Loading…\").font(.title).modifier(Glint())'"), "\(offered)")
    }

    /// A file whose only helper needs arguments (`glow(radius:)`) is told the expression to
    /// complete with them, not a helper it does not have.
    @Test func aHelperThatNeedsArgumentsIsNamedWithThem() throws {
        let source = "import SwiftUI\nextension View {\n    func glow(radius: CGFloat, _ colour: Color = .white) -> some View { shadow(color: colour, radius: radius) }\n}\n"
        let program = try SwiftProgram(parsing: source, fileName: "G.swift")
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(fileName: "G.swift", line: 1, column: 1,
            message: "the source declares no view (a 'struct Name: View' or a '#Preview'); to show its helper, render an expression with its arguments: --view 'Text(\"Loading\").glow(radius: …)'",
            sourceLine: "import SwiftUI"))) {
            try program.script(view: nil)
        }
        // A file of a GeometryEffect alone (a shake that needs its animatableData).
        let shake = "import SwiftUI\nstruct Shake: GeometryEffect {\n    var animatableData: CGFloat\n    func effectValue(size: CGSize) -> ProjectionTransform { ProjectionTransform(CGAffineTransform(translationX: 10 * sin(animatableData * .pi), y: 0)) }\n}\n"
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(fileName: "S.swift", line: 1, column: 1,
            message: "the source declares no view (a 'struct Name: View' or a '#Preview'); to show its helper, render an expression with its arguments: --view 'Text(\"Loading\").modifier(Shake(…))'",
            sourceLine: "import SwiftUI"))) {
            try SwiftProgram(parsing: shake, fileName: "S.swift").script(view: nil)
        }
        // A file of a progress view style alone that takes arguments (a gauge's colour).
        let gauge = """
            import SwiftUI
            struct GaugeStyle: ProgressViewStyle {
                let strokeColor: Color
                func makeBody(configuration: Configuration) -> some View {
                    Circle().trim(from: 0, to: configuration.fractionCompleted ?? 0).stroke(strokeColor, lineWidth: 8)
                }
            }
            """
        #expect(throws: SwiftUISourceError.source(SourceDiagnostic(fileName: "P.swift", line: 1, column: 1,
            message: "the source declares no view (a 'struct Name: View' or a '#Preview'); to show its helper, render an expression with its arguments: --view 'ProgressView(value: 0.6).progressViewStyle(GaugeStyle(…))'",
            sourceLine: "import SwiftUI"))) {
            try SwiftProgram(parsing: gauge, fileName: "P.swift").script(view: nil)
        }
        let shown = try SwiftProgram(parsing: gauge, fileName: "P.swift")
            .script(view: "ProgressView(value: 0.6).progressViewStyle(GaugeStyle(strokeColor: .blue))")
        #expect(shown.changes.isEmpty)
    }

    /// Long chains and long operator runs are refused, not walked until the stack runs out.
    @Test func hostileShapesAreRefused() throws {
        let sum = "let x = 1" + String(repeating: " + 1", count: 100_000)
        #expect(throws: SourceDiagnostic.self) { try SwiftProgram(parsing: sum, fileName: "A.swift") }
        let bangs = "struct A: View { var body: some View { Circle().opacity(" + String(repeating: "!", count: 10_000) + "true ? 1 : 0) } }"
        #expect(throws: SwiftUISourceError.self) { try SwiftProgram(parsing: bangs, fileName: "A.swift").script(view: "A") }
        var nested = "struct A: View { var body: some View { "
        for _ in 0..<200 { nested += "VStack { " }
        nested += "Circle()" + String(repeating: " }", count: 200) + " } }"
        #expect(throws: SourceDiagnostic.self) { try SwiftProgram(parsing: nested, fileName: "A.swift") }
    }
}
