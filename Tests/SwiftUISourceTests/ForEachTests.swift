import Motion
import Raster
import Scene
import SwiftUISource
import Testing

/// `ForEach` and `Color.opacity(_:)`: the trees expected here are written out from SwiftUI's
/// documented meaning — a `ForEach` makes its content once per element, flattened into the
/// enclosing stack, and a modifier after it applies to each view it makes.
@Suite("ForEach and colour opacity")
struct ForEachTests {
    func script(_ text: String) throws -> ViewScript {
        let program = try SwiftProgram(parsing: text, fileName: "Test.swift")
        return try program.script(view: program.defaultViewName())
    }

    func body(_ statements: String) -> String {
        "struct Dots: View {\n    var body: some View {\n        \(statements)\n    }\n}\n"
    }

    func dot(_ index: Int, opacity: Double? = nil) -> ViewNode {
        var node = ViewNode.modified(.modified(
            .shape(ShapeView(kind: .circle)), .frame(width: 4, height: 4, alignment: .center)),
            .rotationEffect(degrees: Double(index) * 45, anchor: .center))
        if let opacity { node = .modified(node, .opacity(opacity)) }
        return node
    }

    @Test func halfOpenRangeMakesOneViewPerElement() throws {
        let script = try script(body("""
        ZStack {
                    ForEach(0..<8) { index in
                        Circle().frame(width: 4, height: 4).rotationEffect(.degrees(Double(index) * 45))
                    }
                }
        """))
        #expect(script == ViewScript(initial: .custom(name: "Dots", body: .stack(
            .depth, alignment: .center, spacing: nil, children: (0..<8).map { dot($0) }))))
    }

    @Test func closedRangeDollarZeroIdAndTrailingModifiers() throws {
        // `2...4` holds 2, 3 and 4; the `.opacity` after the ForEach applies to each dot; the
        // views before and after it stay in place.
        let script = try script(body("""
        HStack {
                    Circle().frame(width: 4, height: 4).rotationEffect(.degrees(0))
                    ForEach(2...4, id: \\.self) {
                        Circle().frame(width: 4, height: 4).rotationEffect(.degrees(Double($0) * 45))
                    }
                    .opacity(0.5)
                    Circle().frame(width: 4, height: 4).rotationEffect(.degrees(9 * 45))
                }
        """))
        let children = [dot(0)] + (2...4).map { dot($0, opacity: 0.5) } + [dot(9)]
        #expect(script == ViewScript(initial: .custom(name: "Dots", body: .stack(
            .horizontal, alignment: .center, spacing: nil, children: children))))
    }

    @Test func arrayLiteralOfColours() throws {
        let script = try script(body("""
        VStack {
                    ForEach([Color.red, Color.orange.opacity(0.5)], id: \\.self) { colour in
                        Circle().fill(colour)
                    }
                }
        """))
        let fills: [ColorValue] = [.system("red"), .opacity(.system("orange"), 0.5)]
        #expect(script == ViewScript(initial: .custom(name: "Dots", body: .stack(
            .vertical, alignment: .center, spacing: nil,
            children: fills.map { .shape(ShapeView(kind: .circle, paint: .fill($0))) }))))
    }

    @Test func opacityOfSystemAndComponentColours() throws {
        let script = try script(body("""
        VStack {
                    Circle().fill(Color.orange.opacity(0.5).opacity(0.5))
                    Circle().fill(Color(red: 1, green: 0, blue: 0, opacity: 0.8).opacity(0.5))
                }
        """))
        let fills: [ColorValue] = [.opacity(.opacity(.system("orange"), 0.5), 0.5), .rgb(red: 1, green: 0, blue: 0, opacity: 0.4)]
        #expect(script == ViewScript(initial: .custom(name: "Dots", body: .stack(
            .vertical, alignment: .center, spacing: nil,
            children: fills.map { .shape(ShapeView(kind: .circle, paint: .fill($0))) }))))
        // Orange (255, 149, 0) at a quarter of full alpha: 255 × 0.25 = 63.75, rounded to 64.
        let palette = SystemPalette(appearance: .light, generation: .iOS13)
        #expect(palette.resolve(fills[0]) == RGBA8(r: 255, g: 149, b: 0, a: 64))
    }

    struct Failure: Sendable, CustomStringConvertible {
        var statement: String
        var column: Int
        var message: String
        var description: String { message }
    }

    // The statement sits on line 3 after 8 spaces, so column 9 is its first character.
    static let failures: [Failure] = [
        Failure(statement: "ForEach(5..<2) { _ in Circle() }", column: 18,
                message: "range requires lowerBound <= upperBound (5..<2)"),
        Failure(statement: "ForEach(0..<5000) { _ in Circle() }", column: 17,
                message: "this ForEach makes 5000 views; at most 1000 are supported"),
        Failure(statement: "ForEach(0..<3, id: \\.name) { _ in Circle() }", column: 28,
                message: "value of type 'Int' has no member 'name'"),
        Failure(statement: "ForEach(0..<3) { a, b in Circle() }", column: 26,
                message: "contextual closure type '(Int) -> some View' expects 1 argument, but 2 were used in closure body"),
        Failure(statement: "ForEach(0..<3)", column: 9,
                message: "missing argument for parameter 'content' in call"),
        Failure(statement: "Circle().opacity(\\.self)", column: 26,
                message: "expected a number, not a value of type 'KeyPath'"),
    ]

    @Test(arguments: failures)
    func mistakesAreDiagnosedWhereTheyAre(_ failure: Failure) throws {
        let text = body("ZStack {\n        \(failure.statement)\n        }")
        let error = #expect(throws: SwiftUISourceError.self) { try script(text) }
        guard case let .source(diagnostic) = error else {
            Issue.record("expected a source diagnostic, got \(String(describing: error))")
            return
        }
        #expect(diagnostic.message == failure.message)
        #expect(diagnostic.line == 4)
        #expect(diagnostic.column == failure.column, "column \(diagnostic.column)")
    }
}
