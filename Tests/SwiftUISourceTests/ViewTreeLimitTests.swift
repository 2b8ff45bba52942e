import Foundation
import SwiftUISource
import Testing

/// One cap on the views a source makes, however it makes them: 5 000 views and modifiers per
/// tree, refused at the place that crosses it, at once.
@Suite("A source makes at most 5 000 views and modifiers")
struct ViewTreeLimitTests {
    /// `ContentView` whose `ZStack` holds `lines`, one a line from line 6.
    static func source(_ lines: [String], state: Bool = false) -> String {
        (["import SwiftUI", "", "struct ContentView: View {", "    var body: some View {", "        ZStack {"]
         + lines + ["        }", "    }", "}", ""]).joined(separator: "\n")
    }

    /// The diagnostic of the first error reading `text` and building its default view's script.
    static func diagnostic(_ text: String) -> SourceDiagnostic? {
        do {
            let program = try SwiftProgram(parsing: text, fileName: "Many.swift")
            _ = try program.script(view: nil)
            return nil
        } catch let error as SwiftUISourceError {
            if case let .source(diagnostic) = error { return diagnostic }
            return nil
        } catch {
            return error as? SourceDiagnostic
        }
    }

    /// Seconds of CPU this thread spends in `body`: the work the refusal costs, whatever else
    /// the machine runs at the same time (a wall clock on a busy machine measures the others).
    static func cpuSeconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        body()
        return now() - start
    }

    static let viewCap = "the view makes more than 5000 views and modifiers, the most a source may make (a ForEach at most 1 000 views)"

    /// 30 000 literal `Circle()`s (270 KB): refused as the view builder makes them, at the
    /// circle that crosses the cap (circle 5 001, on line 5 + 5 001), in well under a second,
    /// where rendering them took 48 s.
    @Test func thirtyThousandLiteralViewsAreRefusedAtOnce() throws {
        let text = Self.source(Array(repeating: "Circle()", count: 30_000))
        var found: SourceDiagnostic?
        let elapsed = Self.cpuSeconds { found = Self.diagnostic(text) }
        let diagnostic = try #require(found)
        #expect(elapsed < 1, "refused after \(elapsed) s of CPU")
        #expect(diagnostic.message == Self.viewCap)
        #expect(diagnostic.line == 5 + 5_001 && diagnostic.column == 1, "\(diagnostic.line):\(diagnostic.column)")
        #expect(diagnostic.sourceLine == "Circle()")
    }

    /// Each view and modifier a view builder writes counts one (the rendered view itself and
    /// the wrappers of the file's own views and of `if` branches do not): the `ZStack`'s
    /// builder counts the circles first, so circle 5 001 (on line 5 + 5 001) is refused at its
    /// line and column; 4 999 circles and their `ZStack` are 5 000, read.
    @Test func literalViewsPastTheCapAreRefusedAtTheOneThatCrossesIt() throws {
        let text = Self.source(Array(repeating: "            Circle()", count: 6_000))
        var found: SourceDiagnostic?
        let elapsed = Self.cpuSeconds { found = Self.diagnostic(text) }
        let diagnostic = try #require(found)
        #expect(elapsed < 1, "refused after \(elapsed) s of CPU")
        #expect(diagnostic.message == Self.viewCap)
        #expect(diagnostic.line == 5 + 5_001 && diagnostic.column == 13, "\(diagnostic.line):\(diagnostic.column)")
        // At the cap exactly (4 999 circles and the ZStack: 5 000), the tree is read.
        let atCap = Self.source(Array(repeating: "            Circle()", count: 4_999))
        #expect(Self.diagnostic(atCap) == nil)
        // 5 000 circles are read; the ZStack that holds them is the 5 001st, refused at line 5.
        let over = try #require(Self.diagnostic(Self.source(Array(repeating: "            Circle()", count: 5_000))))
        #expect(over.message == Self.viewCap)
        #expect(over.line == 5 && over.column == 9, "\(over.line):\(over.column)")
    }

    /// However the views are made: nested `ForEach`es of 100 × 100, each within its own cap,
    /// or 1 000 views with five view modifiers each, count the same. (A shape modifier such as
    /// `Circle().offset(x:)` is part of the shape's path, `OffsetShape` in SwiftUI, not a node.)
    @Test(arguments: [0, 1])
    func viewsMadeAnyWayCount(example: Int) throws {
        let line = [
            "            ForEach(0..<100) { i in ForEach(0..<100) { j in Circle() } }",
            "            ForEach(0..<1000) { i in Circle().padding(1).padding(1).opacity(0.5).scaleEffect(2).rotationEffect(.degrees(1)) }",
        ][example]
        let diagnostic = try #require(Self.diagnostic(Self.source([line])))
        #expect(diagnostic.message == Self.viewCap)
        #expect(diagnostic.line == 6, "\(diagnostic.line):\(diagnostic.column)")
        // Nested: the outer ForEach and the ZStack are 2, each outer element 101 (its inner
        // ForEach and 100 circles), so circle 49 of element 50 is number 5 001 (column 61).
        // Modified: 6 an element after the first 2, so the 5 001st is in the `Circle()…`
        // chain of element 834 (column 38).
        #expect(diagnostic.column == [61, 38][example], "\(diagnostic.line):\(diagnostic.column)")
    }

    /// A `ForEach` at its own cap of 1 000, with a few modifiers on each view, is well within
    /// the tree's cap.
    @Test func aForEachAtItsCapWithModifiersIsRead() throws {
        let text = Self.source(["            ForEach(0..<1000) { i in Circle().frame(width: 2, height: 2).offset(x: 1).opacity(0.5) }"])
        #expect(Self.diagnostic(text) == nil)
    }
}
