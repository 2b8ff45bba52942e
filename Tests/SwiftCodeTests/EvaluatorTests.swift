import Testing
@testable import SwiftCode

/// The evaluator on the Swift that view code is written in, with values computed in the test.
@Suite struct EvaluatorTests {
    /// Evaluates `value()` of a file whose last function is `func value() -> T`.
    func value(_ source: String) throws -> Value {
        let file = SwiftSyntaxParser.parseFile(source)
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        let evaluator = try Evaluator(file: file, library: NativeLibrary())
        return try evaluator.callGlobal("value", [])
    }

    func error(_ source: String) -> EvaluationError? {
        let file = SwiftSyntaxParser.parseFile(source)
        do {
            let evaluator = try Evaluator(file: file, library: NativeLibrary())
            // A smaller budget than a render's, so the runaway cases stop in milliseconds.
            evaluator.limits.work = 100_000
            _ = try evaluator.callGlobal("value", [])
        } catch let .error(error) {
            return error
        } catch {
            return nil
        }
        return nil
    }

    @Test(arguments: [
        // Literal typing: integer literals are Doubles where a Double is expected.
        ("func value() -> Double { let x: Double = 5 / 2; return x }", 2.5),
        ("func value() -> Double { let count = 8; return 2 * .pi / Double(count) }", 2 * Double.pi / 8),
        ("func value() -> CGFloat { let i = 3; return CGFloat(i) * 0.1 }", 3 * 0.1),
        ("func value() -> Double { var total = 0.0; for i in 0..<4 { total += Double(i) }; return total }", 6),
        ("func value() -> Double { stride(from: 0.0, to: 1.0, by: 0.25).reduce(0, +) }", 1.5),
        ("func value() -> Double { [1.0, 2.0, 3.0].map { $0 * 2 }.reduce(0) { $0 + $1 } }", 12),
        ("func value() -> Double { sin(.pi / 2) + cos(0) + pow(2, 3) + sqrt(16) + abs(-1.5) }", 1 + 1 + 8 + 4 + 1.5),
        ("func value() -> Double { max(1.0, 3.0, 2.0) - min(4.0, 2.5) }", 0.5),
        ("func value() -> Double { (7.5).truncatingRemainder(dividingBy: 2) }", 1.5),
        ("func value() -> Double { let r = CGRect(x: 0, y: 0, width: 40, height: 20); return r.midX + r.maxY + r.insetBy(dx: 5, dy: 5).width }", 20 + 20 + 30),
        // An unlabelled tuple takes the labels of the tuple type it is given as.
        ("func p() -> (row: CGFloat, col: CGFloat) { (10, 20) }\nfunc value() -> Double { p().row + 2 * p().col }", 50),
        ("func value() -> Double { let q: (x: Double, y: Double) = (3, 4); return q.x * q.y }", 12),
        ("func p() -> (a: Int, b: Int) { let t = (1, 2); return t }\nfunc value() -> Double { Double(p().a * 10 + p().b) }", 12),
        ("func value() -> Double { let cells: [(row: Int, col: Int)] = [(1, 2), (3, 4)]; return Double(cells[1].row * cells[0].col) }", 6),
        // firstIndex(of:) finds an element, firstIndex(where:) and a trailing closure a match.
        ("func value() -> Double { let n = [\"a\", \"b\", \"c\", \"b\"]; return Double(n.firstIndex(of: \"b\")! * 10 + n.lastIndex(of: \"b\")!) }", 13),
        ("func value() -> Double { let n = [3, 8, 5, 9]; return Double(n.firstIndex(where: { $0 > 4 })! * 10 + n.lastIndex { $0 < 6 }!) }", 12),
        ("func value() -> Double { let n = [1.5, 2.5]; return n.firstIndex(of: 7) == nil ? 1 : 0 }", 1),
        ("func value() -> Double { Double((0..<10).firstIndex(of: 4)! + (0..<10).firstIndex { $0 * $0 > 20 }!) }", 9),
    ] as [(String, Double)])
    func numbers(_ source: String, _ expected: Double) throws {
        let result = try value(source)
        #expect(result.number.map { abs($0 - expected) < 1e-12 } == true, "\(result.text) != \(expected)")
    }

    @Test func structsWithMemberwiseAndCustomInitialisers() throws {
        let source = """
        struct Dot {
            let size: CGFloat
            var scale: CGFloat = 1
            let delay = 0.2            // a let with a default is not a parameter
            var area: CGFloat { size * size * scale }
        }
        struct Ring {
            var width: Double
            init(thickness: Double) { self.width = thickness * 2 }
            mutating func grow() { width += 1 }
        }
        func value() -> Double {
            var ring = Ring(thickness: 3)
            ring.grow()
            let dot = Dot(size: 4, scale: 0.5)
            return dot.area + ring.width + Dot(size: 1).delay
        }
        """
        #expect(try value(source).number == 8 + 7 + 0.2)
    }

    @Test func enumsWithRawAndAssociatedValuesAndSwitch() throws {
        let source = """
        enum Speed: Double, CaseIterable { case slow = 2, normal = 1, fast = 0.5 }
        enum Phase {
            case idle
            case loading(progress: Double)
            case done(String)
            var weight: Double {
                switch self {
                case .idle: return 0
                case let .loading(progress) where progress > 0.5: return progress * 10
                case .loading: return 1
                case .done(let text): return Double(text.count)
                }
            }
        }
        func value() -> Double {
            let phases: [Phase] = [.idle, .loading(progress: 0.75), .loading(progress: 0.1), .done("abc")]
            return phases.map(\\.weight).reduce(0, +) + Speed.allCases.map(\\.rawValue).reduce(0, +) + (Speed(rawValue: 0.5) == .fast ? 100 : 0)
        }
        """
        #expect(try value(source).number == 0 + 7.5 + 1 + 3 + 3.5 + 100)
    }

    @Test func classesHaveReferenceSemantics() throws {
        let source = """
        final class Counter { var count = 0; func bump() { count += 1 } }
        func value() -> Int {
            let a = Counter()
            let b = a
            b.bump(); a.bump()
            return a.count * 10 + b.count
        }
        """
        #expect(try value(source).isEqual(to: .int(22)))
    }

    @Test func closuresCaptureAndControlFlow() throws {
        let source = """
        func makeCounter() -> () -> Int { var n = 0; return { n += 1; return n } }
        func value() -> Int {
            let next = makeCounter()
            _ = next(); _ = next()
            var found = 0
            outer: for i in 0..<10 {
                for j in 0..<10 where j > i {
                    if i * j == 12 { found = i * 100 + j; break outer }
                    continue
                }
            }
            guard let first = [5, 6].first else { return -1 }
            var k = 0
            while k < 3 { k += 1 }
            repeat { k += 10 } while k < 20
            return next() * 1_000_000 + found * 100 + first * 10 + (k == 23 ? 1 : 0)
        }
        """
        #expect(try value(source).isEqual(to: .int(3_000_000 + 206 * 100 + 50 + 1)))
    }

    @Test func extensionsOfLibraryTypesAndProtocolDefaults() throws {
        let source = """
        extension Double { var half: Double { self / 2 } }
        protocol Named { var name: String { get } }
        extension Named { var greeting: String { "Hi \\(name)" } }
        struct Item: Named { let name: String }
        func value() -> String { Item(name: "Ann").greeting + " \\((9.0).half)" }
        """
        #expect(try value(source).isEqual(to: .string("Hi Ann 4.5")))
    }

    @Test func stringFormatAndInterpolation() throws {
        let source = #"""
        func value() -> String {
            let p = 0.456
            return String(format: "%.1f%% %d %@ %03d", p * 100, 7, "ok", 5) + " \(p) \([1, 2]) \(Int(2.9))"
        }
        """#
        #expect(try value(source).isEqual(to: .string("45.6% 7 ok 005 0.456 [1, 2] 2")))
        // 0 / 0 as a percentage, before any progress: "nan", as Apple's platforms print it
        // (glibc printed the sign of x86's default NaN: "-nan").
        let nan = #"func value() -> String { let done = 0.0, total = 0.0; return String(format: "%.0f%%", done / total * 100) }"#
        #expect(try value(nan).isEqual(to: .string("nan%")))
    }

    @Test func optionals() throws {
        let source = """
        struct Box { var inner: Box2? }
        struct Box2 { var n = 4 }
        func value() -> Int {
            let a: Int? = nil
            let b = Box(inner: Box2())
            if let n = b.inner?.n, n > 3 { return (a ?? 10) + n + (Box(inner: nil).inner?.n ?? 100) }
            return 0
        }
        """
        #expect(try value(source).isEqual(to: .int(114)))
    }

    /// `.none` where an optional is wanted is `nil` (`isOn ? animation : .none`); a type with a
    /// case of that name keeps it, as Swift resolves it.
    @Test func noneIsNilWhereAnOptionalIsWanted() throws {
        let source = """
        enum Mode { case none, some }
        func pick(_ on: Bool) -> Int? { on ? 5 : .none }
        func value() -> Int {
            let a: Int? = .none
            let mode: Mode? = .none
            let named = mode == nil ? 1000 : 0
            return (a ?? 10) + (pick(true) ?? 0) + (pick(false) ?? 100) + named
        }
        """
        #expect(try value(source).isEqual(to: .int(115)))
    }

    @Test func randomNumbersAreDeterministic() throws {
        let source = "func value() -> [Double] { (0..<5).map { _ in Double.random(in: 0...1) } }"
        let first = try value(source), second = try value(source)
        #expect(first.isEqual(to: second))
    }

    @Test(arguments: [
        ("func value() -> Int { var i = 0; while true { i += 1 } }", "too much work"),
        ("func f(_ n: Int) -> Int { f(n + 1) }\nfunc value() -> Int { f(0) }", "nested too deeply"),
        ("func value() -> Int { let a = [1]; return a[3] }", "index out of range"),
        ("func value() -> Int { let x: Int? = nil; return x! }", "unexpectedly found nil"),
        ("func value() -> Int { Int.max + 1 }", "arithmetic overflow"),
        ("func value() -> Int { 1 / (1 - 1) }", "division by zero"),
        ("func value() -> [Int] { Array(repeating: 0, count: 1_000_000_000) }", "more than"),
        ("func value() -> Int { undefinedName }", "cannot find 'undefinedName' in scope"),
    ])
    func runawayAndWrongCodeStopsWithALocatedError(_ source: String, _ message: String) {
        let error = error(source)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        #expect(error.map { $0.location.line >= 1 } == true)
    }

    /// A file's functions and computed variables hold the scope they are declared in, which
    /// holds them: the scope is freed with its evaluator.
    @Test func aFilesScopeIsFreedWithItsEvaluator() throws {
        weak var scope: Environment?
        do {
            let file = SwiftSyntaxParser.parseFile("func twice(_ x: Int) -> Int { x * 2 }\nvar four: Int { twice(2) }\nfunc value() -> Int { four }")
            let evaluator = try Evaluator(file: file, library: NativeLibrary())
            scope = evaluator.globals
            let four = try evaluator.callGlobal("value", [])
            #expect(four.text == "4", "value() is \(four.text)")
        }
        #expect(scope == nil, "the file's scope outlives its evaluator")
    }

    @Test func suggestionsNeverRepeatTheNameWritten() {
        let error = error("func value() -> Int { let size = 2; return sizee }")
        #expect(error?.message == "cannot find 'sizee' in scope (did you mean 'size'?)")
    }
}
