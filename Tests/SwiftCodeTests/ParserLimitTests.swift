import Foundation
import Testing
@testable import SwiftCode

/// No input exhausts the stack or takes more than linear time.
@Suite struct ParserLimitTests {
    static let deepInputs: [(String, String)] = [
        ("parentheses", "let x = " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)),
        ("brackets", "let x = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)),
        ("braces", String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000)),
        ("closures", "f" + String(repeating: " { g", count: 10_000)),
        ("types", "let x: " + String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000)),
        ("generics", "let x: " + String(repeating: "A<", count: 10_000) + "Int" + String(repeating: ">", count: 10_000)),
        ("unclosed", String(repeating: "(", count: 10_000)),
        ("if chain", "if a {}" + String(repeating: " else if a {}", count: 10_000)),
        ("interpolations", String(repeating: "\"\\(", count: 5_000) + String(repeating: ")\"", count: 5_000)),
        ("#if", String(repeating: "#if DEBUG\n", count: 10_000)),
        ("patterns", "switch x { case " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + ": break }"),
        ("tries", "let x = " + String(repeating: "try ", count: 10_000) + "f()"),
        // Chains inside the arguments of chains: the tree is as deep as their links added up.
        ("nested chains", (0..<20).reduce("0") { inner, _ in "f" + String(repeating: ".a", count: 3_000) + "(" + inner + ")" }),
    ]

    /// Whether the tests run under AddressSanitizer or ThreadSanitizer (whose runtimes export
    /// these entry points).
    static let isSanitized = ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil }

    /// `source` parsed on the test's own thread, whose stack the limits are sized for; under a
    /// sanitizer, whose frames are several times larger, on a thread with a 512 MB stack, as the
    /// tool parses (`SwiftProgram` parses on `LargeStack`).
    static func parse(_ source: String) -> SourceFileSyntax {
        guard isSanitized else { return SwiftSyntaxParser.parseFile(source) }
        final class Outcome: @unchecked Sendable { var file: SourceFileSyntax? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.file = SwiftSyntaxParser.parseFile(source)
            done.signal()
        }
        thread.stackSize = 512 << 20
        thread.start()
        done.wait()
        return outcome.file ?? SwiftSyntaxParser.parseFile(source)
    }

    @Test(arguments: deepInputs)
    func deepNestingIsALocatedDiagnostic(_ name: String, _ source: String) {
        let file = Self.parse(source)
        if name == "if chain" {
            #expect(file.diagnostics.isEmpty, "\(file.diagnostics.prefix(2))")
            return
        }
        #expect(!file.diagnostics.isEmpty, "\(name)")
        #expect(file.diagnostics.count < 50, "\(name): \(file.diagnostics.count)")
        // Ten thousand `#if DEBUG` lines: the 201st is too deep.
        #expect(file.diagnostics.first?.location.line == (name == "#if" ? Parser.maximumNesting + 1 : 1), "\(name)")
    }

    @Test func nestingUpToTheLimitParses() {
        let depth = Parser.maximumNesting - 10
        let source = "let x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        #expect(Self.parse(source).diagnostics.isEmpty)
    }

    @Test func longFlatChainsParseWithoutRecursionUpToTheirLimit() {
        // `Circle()` is one link and each `.padding(1)` two: 1 999 modifiers make 3 999 links.
        let chain = "let v = Circle()\n" + String(repeating: "    .padding(1)\n", count: 1_999)
        #expect(SwiftSyntaxParser.parseFile(chain).diagnostics.isEmpty)
        // Past 4 000 links, a located error at the link past them (the 2 000th modifier's call,
        // line 2 001) instead of a tree too deep to tear down.
        let longChain = "let v = Circle()\n" + String(repeating: "    .padding(1)\n", count: 10_000)
        let first = SwiftSyntaxParser.parseFile(longChain).diagnostics.first
        #expect(first?.message == "this chain has more than 4000 modifiers, calls or members; split it into smaller expressions")
        #expect(first?.location.line == 2_001 && first?.location.column == 13)
        let sum = "let s = 1" + String(repeating: " + 1", count: 999)
        #expect(SwiftSyntaxParser.parseFile(sum).diagnostics.isEmpty)
        // Past the limit, one located error instead of a tree too deep to walk.
        let runaway = "let s = 1" + String(repeating: " + 1", count: 10_000)
        #expect(SwiftSyntaxParser.parseFile(runaway).diagnostics.map(\.message)
                == ["this expression has more than 1000 operators; split it into smaller expressions"])
    }

    @Test func timeIsLinear() {
        // A loader-shaped block repeated; the debug build scales it down (the release figure is
        // in `make bench`).
        var block = """
        struct Dots\(0): View {
            @State private var phase = 0
            let colors: [Color] = [.red, .green, .blue]
            var body: some View {
                HStack(spacing: 4) {
                    ForEach(0..<3) { i in
                        Circle().fill(colors[i]).frame(width: 8, height: 8)
                            .opacity(phase == i ? 1 : 0.3)
                            .animation(.easeInOut(duration: 0.25).delay(Double(i) * 0.1), value: phase)
                    }
                }
                .onAppear { withAnimation { phase = (phase + 1) % 3 } }
            }
        }

        """
        block = block.replacingOccurrences0("Dots0", "Dots")
        let small = String(repeating: block, count: 100)
        let large = String(repeating: block, count: 400)
        func seconds(_ text: String) -> Double {
            let clock = ContinuousClock()
            let start = clock.now
            let file = SwiftSyntaxParser.parseFile(text)
            let elapsed = clock.now - start
            #expect(file.items.count > 0)
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }
        // The fastest of three runs each: a loaded machine (CI beside other jobs) delays single runs
        // by whole scheduler slices, which says nothing about how the parser grows.
        _ = seconds(small)
        let a = (0..<3).map { _ in seconds(small) }.min()!
        let b = (0..<3).map { _ in seconds(large) }.min()!
        // Four times the text: well under sixteen times the time (quadratic would be 16).
        #expect(b < a * 8 + 0.05, "\(a) s for \(small.utf8.count) bytes, \(b) s for \(large.utf8.count) bytes")
    }
}

extension String {
    /// Foundation-free replacement of every occurrence (test helper).
    func replacingOccurrences0(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
