import Foundation
import Scene
import Testing

/// docs/symbols.md shows the library as a sheet spinrender draws from scripts/symbols-sheet.swift:
/// the script must name every symbol of the library, in its order, and nothing else.
@Suite struct SymbolSheetTests {
    @Test func theSheetScriptNamesEveryLibrarySymbolInOrder() throws {
        let url = BuiltTool.packageRoot.appendingPathComponent("scripts/symbols-sheet.swift")
        let text = try String(contentsOf: url, encoding: .utf8)
        let listed = text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\""), trimmed.hasSuffix("\",") else { return nil }
            return String(trimmed.dropFirst().dropLast(2))
        }
        #expect(listed == SymbolName.allCases.map(\.rawValue))
    }
}
