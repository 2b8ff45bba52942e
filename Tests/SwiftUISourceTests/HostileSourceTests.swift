import Foundation
import SpinRender
import Testing

/// More than 60 malformed and hostile sources, each written in the shape loader code takes:
/// every one is refused as bad source (``SpinRender/SettingsError/source(_:)``, which the
/// command line reports with exit status 65, `Sources/spinrender/main.swift`) with the line
/// and column of the mistake, the source line and a caret, and none takes long: syntax errors,
/// unknown and unsupported names, wrong arguments, runtime traps, runaway loops and recursion,
/// huge collections, deep nesting, long chains, hostile bytes. All run in this one process.
@Suite("Malformed and hostile sources are refused at their line and column")
struct HostileSourceTests {
    struct Hostile: Sendable, CustomStringConvertible {
        var bytes: [UInt8]
        var line: Int
        var column: Int
        /// The start of the message (the lists of supported names that follow are not repeated).
        var message: String

        init(_ source: String, line: Int, column: Int, message: String) {
            self.init(bytes: Array(source.utf8), line: line, column: column, message: message)
        }

        init(bytes: [UInt8], line: Int, column: Int, message: String) {
            self.bytes = bytes
            self.line = line
            self.column = column
            self.message = message
        }

        var description: String { "\(line):\(column) \(message)" }
    }

    /// A loader view: `body`'s lines inside `var body: some View { … }`, `state` (stored
    /// properties, functions) before it, `after` (other declarations) after the struct. The
    /// body's first line is line 5 when `state` is empty.
    static func loader(_ body: String, state: String = "", after: String = "") -> String {
        "import SwiftUI\n\nstruct Loader: View {\n" + state + "    var body: some View {\n" + body + "\n    }\n}\n" + after
    }

    static let sources: [Hostile] = [
        // A chain of 50 000 modifiers (550 kB, under the size limit) is refused at its 4 001st
        // link, the call of the 2 000th modifier (`Text`'s own call is the first): building and
        // tearing down a tree that deep overflowed the stack.
        Hostile(loader("        Text(\"x\")" + String(repeating: ".padding(1)", count: 50_000)),
                line: 5, column: 9 + 9 + 1_999 * 11 + 8, message: "this chain has more than 4000 modifiers, calls or members"),
        Hostile(loader("        Circle(\n            .frame(width: 20)"),
                line: 6, column: 30, message: "expected ')' in expression list"),
        Hostile(loader("        Circle().frame(width: 20 height: 20)"),
                line: 5, column: 33, message: "expected ')' in expression list"),
        Hostile(loader("        HStack {\n            Circle()\n"),
                line: 10, column: 1, message: "expected '}' in struct"),
        Hostile(loader("        Circle().fill(Color.red.opacity(0.5)"),
                line: 5, column: 45, message: "expected ')' in expression list"),
        Hostile(loader("        Text(\"Loading)"),
                line: 5, column: 14, message: "unterminated string literal"),
        Hostile(loader("        Circle().rotationEffect(.degrees(360 *))"),
                line: 5, column: 47, message: "expected expression, found ')'"),
        Hostile(loader("        ForEach(0..<3) { i in\n            Circle()\n        "),
                line: 10, column: 1, message: "expected '}' in struct"),
        Hostile(loader("        Circle()", state: "    @State var angle = 0.0 +\n"),
                line: 5, column: 5, message: "expected expression, found keyword 'var'"),
        Hostile(loader("        Circle()", state: "    @State var on = false\n    func toggle() { on.toggle() \n"),
                line: 10, column: 1, message: "expected '}' in struct"),
        Hostile(loader("        Circle().offset(x: 1e)"),
                line: 5, column: 30, message: "expected a digit in floating point exponent"),
        Hostile(loader("        Circle().offset(x: 0xZ)"),
                line: 5, column: 30, message: "expected hexadecimal digit (0-9, A-F) after '0x'"),
        Hostile(loader("        Text(\"\\q\")"),
                line: 5, column: 15, message: "invalid escape sequence in literal"),
        Hostile(loader("        Circle()\n        }\n    }"),
                line: 8, column: 5, message: "extraneous '}' at top level"),
        Hostile(loader("        Circle().frame(width: 20, height: 20) let x = 1"),
                line: 5, column: 46, message: "consecutive statements on a line must be separated by ';'"),
        Hostile(loader("        if animating { Circle() } else Rectangle()", state: "    @State var animating = false\n"),
                line: 6, column: 39, message: "expected '{' after 'else'"),
        Hostile(loader("        switch phase { Circle() }", state: "    @State var phase = 0\n"),
                line: 6, column: 24, message: "all statements inside a switch must be covered by a 'case' or 'default"),
        Hostile(loader("        Circle().animation(.linear(duration: 1).repeatForever(autoreverses: false, value: on)", state: "    @State var on = false\n"),
                line: 6, column: 94, message: "expected ')' in expression list"),
        // Cut short: the missing '}' is reported where the file ends, after the last line break,
        // as swiftc reports it (so are the three above).
        Hostile("import SwiftUI\nstruct Loader: View {\n    var body: some View {\n        Circle()\n    }\n",
                line: 6, column: 1, message: "expected '}' in struct"),
        Hostile("import SwiftUI\n\nstruct : View {\n    var body: some View { Circle() }\n}\n",
                line: 3, column: 7, message: "expected identifier in struct declaration"),
        Hostile("import SwiftUI\n\n#if DEBUG\nstruct Loader: View {\n    var body: some View { Circle() }\n}\n",
                line: 6, column: 2, message: "expected #else or #endif at end of conditional compilation block"),
        Hostile("import SwiftUI\n\nstruct Loader: View {\n    var body: some View { Circle() }\n}\n#endif\n",
                line: 6, column: 1, message: "unexpected conditional compilation block terminator"),
        Hostile("import SwiftUI\n\nstruct Loader: View {\n    let colors: [Color = [.red]\n    var body: some View { Circle() }\n}\n",
                line: 4, column: 23, message: "expected ']' in array type"),
        Hostile("import SwiftUI\n\nstruct Loader: View {\n    var body: some View { Circle() }\n}\n\n/* unterminated\n",
                line: 7, column: 1, message: "unterminated '/*' comment"),
        Hostile("import SwiftUI\n\nstruct Loader: View {\n    var body: some View { Circle().foregroundColor(.red\u{1}) }\n}\n",
                line: 4, column: 56, message: "invalid character 'U+0001' in source file"),
        Hostile("import SwiftUI\n\nenum Phase { case }\nstruct Loader: View {\n    var body: some View { Circle() }\n}\n",
                line: 3, column: 18, message: "expected identifier in enum 'case' declaration"),
        Hostile(loader("        Circel()"),
                line: 5, column: 9, message: "cannot find 'Circel' in scope"),
        Hostile(loader("        Circle().rotationEfect(.degrees(45))"),
                line: 5, column: 18, message: "value of type 'Circle' has no member 'rotationEfect'"),
        Hostile(loader("        Toggle(\"On\", isOn: .constant(true))"),
                line: 5, column: 9, message: "'Toggle' is not supported here; supported views: AngularGradient, "),
        Hostile(loader("        Circle().geometryGroup()"),
                line: 5, column: 18, message: "modifier 'geometryGroup' is not supported; supported: accentColor, accessibilityElement, acc"),
        Hostile(loader("        Circle().frame(width: size, height: size)"),
                line: 5, column: 31, message: "cannot find 'size' in scope"),
        Hostile(loader("        Circle().fill(.reed)"),
                line: 5, column: 23, message: "type 'ShapeStyle' has no member 'reed' (did you mean 'red'?)"),
        Hostile(loader("        Circle().opacity(\"half\")"),
                line: 5, column: 26, message: "expected a number, not a value of type 'String'"),
        Hostile(loader("        Circle().rotationEffect(45)"),
                line: 5, column: 33, message: "cannot convert value of type 'Int' to expected argument type 'Angle'"),
        Hostile(loader("        Circle().frame(width: -20, height: 20)"),
                line: 5, column: 31, message: "'width' must be between 0 and 100000"),
        Hostile(loader("        Circle().scaleEffect(x: 2, z: 1)"),
                line: 5, column: 36, message: "extra argument 'z' in call (did you mean 'x'?)"),
        Hostile(loader("        Circle().padding(.diagonal, 4)"),
                line: 5, column: 26, message: "type 'Edge.Set' has no member 'diagonal'"),
        Hostile(loader("        Image(systemName: 42)"),
                line: 5, column: 27, message: "expected a String, not a value of type 'Int'"),
        Hostile(loader("        Image(42)"),
                line: 5, column: 15, message: "cannot convert value of type 'Int' to expected argument type 'String'"),
        Hostile(loader("        RoundedRectangle(radius: 4)"),
                line: 5, column: 26, message: "incorrect argument label in call (have 'radius:', expected 'cornerRadi"),
        Hostile(loader("        Circle().trim(from: 0, to: \"end\")"),
                line: 5, column: 36, message: "expected a number, not a value of type 'String'"),
        Hostile(loader("        VStack(spacing: -20000) { Circle() }"),
                line: 5, column: 25, message: "'spacing' must be between -10000 and 10000"),
        Hostile(loader("        Circle().onAppear { timer.invalidate() }"),
                line: 5, column: 29, message: "cannot find 'timer' in scope"),
        Hostile(loader("        Circle().onAppear { count = 4 }", state: "    let count = 3\n"),
                line: 6, column: 29, message: "cannot assign to property: 'count' is a 'let' constant"),
        Hostile(loader("        Circle().onAppear { count = 4 }", state: "    var count = 3\n"),
                line: 6, column: 29, message: "cannot assign to property: 'self' is immutable (mark 'count' with @State to change it from the view)"),
        Hostile(loader("        Circle().onAppear { on = 3 }", state: "    @State var on = false\n"),
                line: 6, column: 34, message: "cannot assign value of type 'Int' to type 'Bool'"),
        Hostile(loader("        Circle().animation(.lineer(duration: 1), value: on)", state: "    @State var on = false\n"),
                line: 6, column: 28, message: "type 'Animation' has no member 'lineer' (did you mean 'linear'?)"),
        Hostile(loader("        Circle().animation(.linear(duration: -1), value: on)", state: "    @State var on = false\n"),
                line: 6, column: 46, message: "'duration' must not be negative (got -1)"),
        Hostile(loader("        Circle().animation(.spring(response: 0.4, damping: 0.5), value: on)", state: "    @State var on = false\n"),
                line: 6, column: 51, message: "unknown argument label 'damping:' in call to 'spring' (did you mean 'd"),
        Hostile(loader("        Rectangle().fill(LinearGradient(colors: [], startPoint: .top, endPoint: .bottom))"),
                line: 5, column: 49, message: "expected a non-empty array of colours"),
        Hostile(loader("        ForEach(0..<5000) { _ in Circle() }"),
                line: 5, column: 17, message: "this ForEach makes 5000 views; at most 1000 are supported"),
        Hostile(loader("        Text(String(format: \"%d %d\", 1))"),
                line: 5, column: 14, message: "the format '%d %d' needs more arguments than the 1 given"),
        Hostile(loader("        Circle().frame(width: dots[5])", state: "    let dots: [CGFloat] = [1, 2, 3]\n"),
                line: 6, column: 36, message: "index out of range: 5 is not below the array's count 3"),
        Hostile(loader("        Circle().frame(width: CGFloat(Int(\"x\")!))"),
                line: 5, column: 39, message: "unexpectedly found nil while unwrapping an Optional value"),
        Hostile(loader("        Circle().frame(width: 10 / zero)", state: "    let zero = 0\n"),
                line: 6, column: 34, message: "division by zero"),
        Hostile(loader("        Spinner()", after: "struct Spinner: View {\n    var body: some View { Spinner() }\n}\n"),
                line: 9, column: 27, message: "'Spinner' contains itself: a view cannot be part of its own body"),
        Hostile(loader("        Dot(size: 4, extra: 1)", after: "struct Dot: View {\n    let size: CGFloat\n    var body: some View { Circle().frame(width: size) }\n}\n"),
                line: 5, column: 22, message: "extra argument 'extra' in call"),
        Hostile(loader("        Dot()", after: "struct Dot: View {\n    let size: CGFloat\n    var body: some View { Circle().frame(width: size) }\n}\n"),
                line: 5, column: 9, message: "missing argument for parameter 'size' in call"),
        Hostile(loader("        Circle()", after: "struct Loader: View {\n    var body: some View { Rectangle() }\n}\n"),
                line: 8, column: 8, message: "invalid redeclaration of 'Loader'"),
        Hostile(loader("        Circle().modifier(Pulse())", after: "struct Pulse: ViewModifier {\n    func body(content: Content) -> some View { content.scaleEfect(2) }\n}\n"),
                line: 9, column: 56, message: "value of type 'Circle' has no member 'scaleEfect'"),
        Hostile(loader("        Circle().shimmer()", after: "extension View {\n    func shimmer() -> some View { self.opacity(undefinedOpacity) }\n}\n"),
                line: 9, column: 48, message: "cannot find 'undefinedOpacity' in scope"),
        Hostile(loader("        Circle().onAppear { while true { } }"),
                line: 5, column: 35, message: "the code does too much work (more than 1000000 steps): does a loop nev"),
        Hostile(loader("        Circle().onAppear { loop() }", state: "    func loop() { loop() }\n"),
                line: 4, column: 19, message: "calls are nested too deeply (more than 200): does 'loop' call itself f"),
        Hostile(loader("        Circle().onAppear { var a: [Int] = []; for i in 0..<100_000_000 { a.append(i) } }"),
                line: 5, column: 57, message: "a collection of 100000000 elements is more than the 1000000 allowed"),
        Hostile(loader("        Circle().frame(width: CGFloat(Array(repeating: 1, count: 1_000_000_000).count))"),
                line: 5, column: 66, message: "a collection of 1000000000 elements is more than the 1000000 allowed"),
        Hostile(loader("        Circle().scaleEffect(on ? 2 : 1).onAppear { Timer.scheduledTimer(withTimeInterval: 0.000000001, repeats: true) { _ in on.toggle() } }", state: "    @State var on = false\n"),
                line: 6, column: 92, message: "a timer's interval must be between 0.001 and 86400 seconds"),
        Hostile(loader("        Text(String(repeating: \"ab\", count: 10_000_000))"),
                line: 5, column: 14, message: "a collection of 20000000 elements is more than the 1000000 allowed"),
        Hostile(loader("        Circle().frame(width: " + String(repeating: "1 + ", count: 1_200) + "1)"),
                line: 5, column: 4033, message: "this expression has more than 1000 operators; split it into smaller ex"),
        Hostile(loader("        Circle().frame(width: " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + ")"),
                line: 5, column: 228, message: "nesting is too deep: more than 200 levels of brackets, blocks or types"),
        Hostile(loader("        " + String(repeating: "VStack { ", count: 120) + "Circle()" + String(repeating: " }", count: 120)),
                line: 5, column: 907, message: "closures are nested too deeply (more than 200 calls deep)"),
        // Refused at the modifier that makes the chain deeper than the cap: the 513th.
        Hostile(loader("        Circle()" + String(repeating: ".opacity(1)", count: 700)),
                line: 5, column: 9 + 8 + 512 * 11 + 1, message: "the view tree is deeper than 512 levels"),
        // Hostile bytes and sizes.
        Hostile("", line: 1, column: 1, message: "the source is empty: it declares no view"),
        Hostile("import SwiftUI\n", line: 1, column: 1, message: "the source declares no view"),
        Hostile(loader("        Circle().frame(width: " + String(repeating: "w", count: 200_000) + ")"),
                line: 5, column: 31, message: "cannot find '" + String(repeating: "w", count: 40)),
        Hostile("// " + String(repeating: "a", count: 1 << 20), line: 1, column: 1, message: "the source is 1048579 bytes; the limit is 1048576 bytes"),
        Hostile(bytes: Array("import SwiftUI\n\nstruct Loader: View {\n    var body: some View {\n        Text(\"ab".utf8) + [0xC3, 0x28]
                    + Array("\")\n    }\n}\n".utf8),
                line: 5, column: 17, message: "not UTF-8 text (byte 0xC3"),
        Hostile(bytes: Array(loader("        Circle()").utf8) + [0xFF], line: 8, column: 1, message: "not UTF-8 text (byte 0xFF"),
    ]

    @Test func thereAreMoreThanSixty() {
        #expect(Self.sources.count > 60)
    }

    /// Each source through the command line's own reading (`RenderSettings.loadSource`), timed
    /// by the wall clock: the runaway loop is the slowest, about 2 s of a debug build under load.
    @Test(arguments: sources)
    func refusedAtItsLineAndColumn(_ hostile: Hostile) throws {
        var settings = RenderSettings()
        let start = ContinuousClock.now
        let error = #expect(throws: SettingsError.self) {
            try settings.loadSource("Hostile.swift", bytes: hostile.bytes, view: nil)
        }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(15), "took \(elapsed)")
        guard case let .source(diagnostic)? = error else {
            Issue.record("not a source diagnostic: \(String(describing: error))")
            return
        }
        #expect(diagnostic.message.hasPrefix(hostile.message), "\(diagnostic.message.prefix(200))")
        #expect(diagnostic.line == hostile.line && diagnostic.column == hostile.column, "\(diagnostic.line):\(diagnostic.column)")
        #expect(diagnostic.message.count <= 401, "a message of \(diagnostic.message.count) characters")
        // The line shown is the source's own line, with the caret under the column.
        let text = String(decoding: hostile.bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if diagnostic.line <= lines.count, hostile.bytes.count < 1 << 20, String(validating: hostile.bytes, as: UTF8.self) != nil {
            #expect(diagnostic.sourceLine == String(lines[diagnostic.line - 1]))
        }
        #expect(diagnostic.description.hasPrefix("Hostile.swift:\(hostile.line):\(hostile.column): error: "))
        // The caret is under the column's character (in the excerpt of a long line).
        let shown = diagnostic.description.split(separator: "\n", omittingEmptySubsequences: false).suffix(2).map(Array.init)
        try #require(shown.count == 2 && shown[1].last == "^" && shown[1].dropLast().allSatisfy { $0 == " " })
        let source = Array(diagnostic.sourceLine)
        if hostile.column - 1 < source.count, !source[hostile.column - 1].isWhitespace {
            // A control character is shown as U+FFFD, so that it cannot act on the terminal.
            let isControl = source[hostile.column - 1].unicodeScalars.contains { $0.value < 0x20 }
            #expect(shown[0][shown[1].count - 1] == (isControl ? "\u{FFFD}" : source[hostile.column - 1]))
        }
    }
}
