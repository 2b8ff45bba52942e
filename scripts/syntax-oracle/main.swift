// Compares SwiftCode's parser with Apple's SwiftParser (the toolchain's `usr/lib/swift/host`)
// on the test fixtures: every valid loader fixture must be accepted by both, every malformed
// source rejected by both. Built and run by scripts/syntax-oracle.sh; never linked into the product.
import SwiftCode
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

func appleDiagnostics(_ source: String) -> [String] {
    let tree = SwiftParser.Parser.parse(source: source)
    let converter = SourceLocationConverter(fileName: "fixture.swift", tree: tree)
    return ParseDiagnosticsGenerator.diagnostics(for: tree).map { diagnostic in
        let location = diagnostic.location(converter: converter)
        return "\(location.line):\(location.column): \(diagnostic.message)"
    }
}

func ourDiagnostics(_ source: String) -> [String] {
    SwiftSyntaxParser.parseFile(source).diagnostics.map { "\($0.location): \($0.message)" }
}

var disagreements = 0
for (name, source) in LoaderFixtures.valid {
    let apple = appleDiagnostics(source)
    let ours = ourDiagnostics(source)
    if !apple.isEmpty || !ours.isEmpty {
        disagreements += 1
        print("valid fixture '\(name)': SwiftParser \(apple.first ?? "accepts"), SwiftCode \(ours.first ?? "accepts")")
    }
}
var sameLine = 0
for (source, _, _, message) in MalformedFixtures.sources where message != "-" {
    let apple = appleDiagnostics(source)
    let ours = ourDiagnostics(source)
    let shown = source.debugDescription.prefix(40)
    if apple.isEmpty || ours.isEmpty {
        // SwiftParser leaves some errors (invalid escapes, number digits, non-associative
        // operators) to the compiler's later stages; print them for review.
        print("malformed \(shown): SwiftParser \(apple.first ?? "accepts"), SwiftCode \(ours.first ?? "accepts")")
        if ours.isEmpty { disagreements += 1 }
    } else if apple[0].split(separator: ":")[0] == ours[0].split(separator: ":")[0] {
        sameLine += 1
    } else {
        print("malformed \(shown): SwiftParser \(apple[0]) | SwiftCode \(ours[0])")
    }
}
print("\(LoaderFixtures.valid.count) valid fixtures, \(MalformedFixtures.sources.count) malformed; first diagnostic on the same line as SwiftParser's: \(sameLine); disagreements on acceptance: \(disagreements)")
if disagreements > 0 { fatalError("the parsers disagree") }
