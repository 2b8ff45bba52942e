import Testing
@testable import SwiftCode

@Suite struct StatementParserTests {
    static let cases: [(String, String)] = [
        ("let x = 1, y: Int", "[let x = 1, y: Int]"),
        ("var (a, b) = (1, 2)", "[var (a, b) = (tuple 1 2)]"),
        ("if let x { a } else if var y = z, y > 0 { b } else { c }",
         "(if (let x) {a} else (if (var y = z), (> y 0) {b} else {c}))"),
        ("if case .a(let b) = c, #available(iOS 17, *) { }", "(if (case .a(let b) = c), (#available iOS 17|*) {})"),
        ("guard let v = value else { return }", "(guard (let v = value) {(return)})"),
        ("if items.contains { $0 > 1 } { }", "<error>"),
        ("if items.contains(where: { $0 > 1 }) { go() }", "(if (call (. items contains) where:(closure {(> $0 1)})) {(call go)})"),
        ("if (items.contains { $0 > 1 }) { }", "(if (call (. items contains) (closure {(> $0 1)})) {})"),
        ("for (i, c) in colors.enumerated() where i > 0 { draw(c) }",
         "(for (i, c) (call (. colors enumerated)) where:(> i 0) {(call draw c)})"),
        ("for i in 0..<5 { }", "(for i (..< 0 5) {})"), ("for _ in 1...3 { }", "(for _ (... 1 3) {})"),
        ("for case let x? in xs { }", "(for let x? xs {})"),
        ("while true { try await Task.sleep(nanoseconds: 500_000_000) }",
         "(while true {(try (await (call (. Task sleep) nanoseconds:500_000_000)))})"),
        ("repeat { n -= 1 } while n > 0", "(repeat {(-= n 1)} (> n 0))"),
        ("""
        switch phase {
        case .loading(let p): show(p)
        case let .done(x), let .failed(x): x
        case (0, _), (_, 0): zero()
        case 0..<5: low()
        case is Int: int()
        case let n as Double where n > 1: big()
        case .a, .b: fallthrough
        @unknown default: break
        }
        """, "(switch phase (case .loading(let p): (call show p)) (case let .done(x), let .failed(x): x) (case (=0, _), (_, =0): (call zero)) (case =(..< 0 5): (call low)) (case is Int: (call int)) (case let n as Double where:(> n 1): (call big)) (case .a, .b: (fallthrough)) (@unknown default: (break)))"),
        ("do { try run() } catch let e as MyError { } catch { print(error) }",
         "(do {(try (call run))} (catch let e as MyError {}) (catch {(call print error)}))"),
        ("outer: for x in xs { for y in ys { continue outer } ; break outer }",
         "outer: (for x xs {(for y ys {(continue outer)}) (break outer)})"),
        ("defer { cleanup() }", "(defer {(call cleanup)})"), ("throw Failure.bad", "(throw (. Failure bad))"),
        ("let x = if c { 1 } else { 2 }", "[let x = (if c {1} else {2})]"),
        ("func f() -> Int {\n  return\n}", "[func f() -> Int {(return)}]"),
        ("func f() -> Int { return 1 }", "[func f() -> Int {(return 1)}]"),
        ("a; b", "a b"),
        ("let a = b\n  .padding()\n  .frame(width: 1)", "[let a = (call (. (call (. b padding)) frame) width:1)]"),
        ("foo\n(1)", "foo 1"),
        ("foo\n[1]", "foo [1]"),
        ("var x = 0 { didSet { print(x) } }", "[var x = 0 {didSet {(call print x)}}]"),
        ("let f = g { 1 }", "[let f = (call g (closure {1}))]"),
    ]

    @Test(arguments: cases)
    func statementParsesToTree(_ source: String, _ tree: String) {
        if tree == "<error>" {
            #expect(!SwiftSyntaxParser.parseFile(source).diagnostics.isEmpty, "\(source)")
        } else {
            #expect(fileTree(source) == tree, "\(source)")
        }
    }
}

@Suite struct DeclarationParserTests {
    static let cases: [(String, String)] = [
        ("import SwiftUI", "[import SwiftUI]"), ("import struct Foundation.Date", "[import Foundation.Date]"),
        ("@State private var x = 0", "[@State private var x = 0]"),
        ("@Environment(\\.colorScheme) var scheme", "[@Environment((keypath .colorScheme)) var scheme]"),
        ("@Binding var on: Bool", "[@Binding var on: Bool]"),
        ("@AppStorage(\"k\") var k = 1", "[@AppStorage(\"k\") var k = 1]"),
        ("@available(iOS 17, *) struct A {}", "[@available raw(iOS 17, *) struct A {}]"),
        ("@StateObject private var model = Model()", "[@StateObject private var model = (call Model)]"),
        ("private(set) var count = 0", "[private(set) var count = 0]"),
        ("static let initialDegree: Angle = .degrees(0)", "[static let initialDegree: Angle = (call .degrees 0)]"),
        ("var body: some View { Circle() }", "[var body: some View {(call Circle)}]"),
        ("var v: Int { get { 1 } set(n) { x = n } }", "[var v: Int {get {1} set(n) {(= x n)}}]"),
        ("var v: Int { get async throws }", "[var v: Int {get async throws}]"),
        ("var v = 1 { willSet { } didSet { } }", "[var v = 1 {willSet {} didSet {}}]"),
        ("lazy var a = [Int]()", "[lazy var a = (call [Int])]"), ("weak var d: D?", "[weak var d: D?]"),
        ("func f<T: View>(_ x: T, at y: Int = 0, z: Double..., w: inout Int) async throws -> some View where T: Equatable { x }",
         "[func f<T: View&Equatable>(_ x: T, at y: Int = 0, z z: Double..., w w: inout Int) async throws -> some View {x}]"),
        ("static func + (l: V, r: V) -> V { l }", "[static func +(l l: V, r r: V) -> V {l}]"),
        ("@ViewBuilder func content(@ViewBuilder c: () -> Content) -> some View { c() }",
         "[@ViewBuilder func content(c c: @ViewBuilder (() -> Content)) -> some View {(call c)}]"),
        ("func run(_ f: @escaping @Sendable (Int) -> Void) rethrows {}", "[func run(_ f: @escaping @Sendable ((Int) -> Void)) throws {}]"),
        ("init?(raw: Int) { }", "[init?(raw raw: Int) {}]"), ("init!() {}", "[init?() {}]"),
        ("convenience init(x: Int) { self.init() }", "[convenience init(x x: Int) {(call (. self init))}]"),
        ("struct Ring<S: ShapeStyle>: View, Equatable where S: Sendable { let s: S }",
         "[struct Ring<S: ShapeStyle&Sendable>: View, Equatable {[let s: S]}]"),
        ("final class Model: ObservableObject { @Published var p = 0.0 }", "[final class Model: ObservableObject {[@Published var p = 0.0]}]"),
        ("enum Phase: String, CaseIterable { case idle = \"idle\", busy; indirect case node(Phase, label: String = \"\") }",
         "[enum Phase: String, CaseIterable {[case idle = \"idle\", busy] [indirect case node(Phase, label: String = \"\")]}]"),
        ("indirect enum E { case a }", "[indirect enum E {[case a]}]"),
        ("protocol P: AnyObject { associatedtype Item: View; var x: Int { get set }; func f() }",
         "[protocol P: AnyObject {[associatedtype Item: View] [var x: Int {get set}] [func f()]}]"),
        ("actor Counter { var n = 0 }", "[actor Counter {[var n = 0]}]"),
        ("extension View where Self: Shape { func shimmer() -> some View { self } }",
         "[extension View where<Self: Shape> {[func shimmer() -> some View {self}]}]"),
        ("extension Color { static let brand = Color(red: 1, green: 0, blue: 0) }",
         "[extension Color {[static let brand = (call Color red:1 green:0 blue:0)]}]"),
        ("typealias Handler<T> = (T) -> Void", "[typealias Handler<T> = ((T) -> Void)]"),
        ("struct S { subscript(i: Int) -> Int { i } }", "[struct S {[subscript(_ i: Int) -> Int {i}]}]"),
        ("#Preview(\"Dots\", traits: .sizeThatFitsLayout) { Dots() }",
         "[(#Preview \"Dots\" traits:.sizeThatFitsLayout (closure {(call Dots)}))]"),
        ("#Preview { Dots() }", "[(#Preview (closure {(call Dots)}))]"),
        ("deinit { }", "[unsupported deinit]"), ("infix operator +++ : AdditionPrecedence", "[infix unsupported operator]"),
        ("precedencegroup P { higherThan: AdditionPrecedence }", "[unsupported precedencegroup]"),
        ("nonisolated func f() {}", "[nonisolated func f() {}]"), ("override func f() {}", "[override func f() {}]"),
        ("let t: (Int, label: Double) = (1, label: 2)", "[let t: (Int, label: Double) = (tuple 1 label:2)]"),
        ("var d: [String: [Int]]? = nil", "[var d: [String: [Int]]? = nil]"),
        ("let g: Array<Array<Int>> = []", "[let g: Array<Array<Int>> = []]"),
        ("let b: Binding<Int?>? = nil", "[let b: Binding<Int?>? = nil]"),
        ("let e: Edge.Set = .all", "[let e: Edge.Set = .all]"), ("let m: Any.Type = Int.self", "[let m: Any.Type = (. Int self)]"),
        ("let c: any View & Sendable", "[let c: any View&Sendable]"),
        ("struct V: View { var body: some View { Text(\"\\(n, specifier: \"%.1f\")\") } }",
         "[struct V: View {[var body: some View {(call Text \"\\(n specifier:\"%.1f\")\")}]}]"),
    ]

    @Test(arguments: cases)
    func declarationParsesToTree(_ source: String, _ tree: String) {
        #expect(fileTree(source) == tree, "\(source)")
    }

    @Test func parameterLabelsFollowSwiftsRules() throws {
        let file = SwiftSyntaxParser.parseFile("func f(x: Int, _ y: Int, at z: Int) {}\nstruct S { subscript(row r: Int, c: Int) -> Int { 0 } }")
        guard case let .declaration(d) = file.items[0].kind, case let .function(f) = d.kind else { Issue.record("no func"); return }
        #expect(f.parameters.map(\.label) == ["x", nil, "at"])
        #expect(f.parameters.map(\.name) == ["x", "y", "z"])
        guard case let .declaration(s) = file.items[1].kind, case let .type(t) = s.kind,
              case let .subscriptDeclaration(sub) = t.members[0].kind else { Issue.record("no subscript"); return }
        #expect(sub.parameters.map(\.label) == ["row", nil])
    }

    @Test func attributeArgumentsKeepTheirRawText() throws {
        let file = SwiftSyntaxParser.parseFile("@available(iOS 17.0, macOS 14, *)\n@Environment(\\.dismiss) var d")
        guard case let .declaration(d) = file.items[0].kind else { Issue.record("no decl"); return }
        #expect(d.attributes.map(\.name) == ["available", "Environment"])
        #expect(d.attributes[0].rawArguments == "iOS 17.0, macOS 14, *")
        #expect(d.attributes[0].arguments == nil)
        #expect(d.attributes[1].rawArguments == "\\.dismiss")
        #expect(d.attributes[1].arguments?.count == 1)
        #expect(d.location.description == "1:1")
        #expect(d.nameLocation.description == "2:29")
    }
}
