import Foundation
import SwiftCode
import SwiftUILibrary
import Testing

/// docs/swiftui.md's vocabulary table against the definitions themselves: every type, static
/// member, instance member (modifiers), initialiser, free function and property wrapper the
/// evaluator's SwiftUI defines is listed, and everything listed is defined, so the table cannot
/// miss a definition a later change adds, nor keep one it removes.
@Suite("docs/swiftui.md lists every definition")
struct VocabularyTests {
    /// The types views are made of but never written by name (what modifiers, builders and
    /// `if` make), which the table leaves out.
    static let internalTypes: Set<String> = ["ModifiedContent", "_ShapeView", "_ConditionalContent", "_UserView", "TupleView", "_Shape"]

    /// The names a row lists, by its first cell: `init`, `.static`, `instance`.
    typealias Table = [String: Set<String>]

    /// The rows of the "Vocabulary" section: first cell → the backquoted names of the last.
    static func documentedTable() throws -> Table {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/swiftui.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let start = text.range(of: "## Vocabulary: every definition") else { return [:] }
        let section = text[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var table: Table = [:]
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| name ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let key = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            table[key] = Set(Self.quoted(cells[cells.count - 2]))
        }
        return table
    }

    /// The backquoted words of a cell.
    static func quoted(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }

    /// The same table, made from the definitions.
    static func definedTable() -> Table {
        let native = SwiftUILibrary(locate: { _ in .start }).native
        var table: Table = [:]
        func walk(_ type: NativeType) {
            guard !internalTypes.contains(type.qualifiedName), table[type.qualifiedName] == nil else { return }
            var names: Set<String> = type.initializers.isEmpty ? [] : ["init"]
            names.formUnion(type.staticMembers.keys.map { "." + $0 })
            names.formUnion(type.instanceMembers.keys)
            table[type.qualifiedName] = names
            for nested in type.nestedTypes.values { walk(nested) }
        }
        for type in native.types.values { walk(type) }
        for type in native.protocols.values { walk(type) }
        table["functions"] = Set(native.functions.keys)
        table["property wrappers"] = Set(native.propertyWrappers.keys.map { "@" + $0 })
        return table
    }

    @Test func everyDefinitionIsDocumentedAndEveryEntryDefined() throws {
        let documented = try Self.documentedTable()
        let defined = Self.definedTable()
        #expect(defined.count > 80, "the walk found \(defined.count) types")
        #expect(documented.count == defined.count, "\(documented.count) rows for \(defined.count) types")
        for name in Set(defined.keys).subtracting(documented.keys).sorted() {
            let members = (defined[name] ?? []).sorted().map { "`\($0)`" }.joined(separator: ", ")
            Issue.record("'\(name)' is defined but has no row in docs/swiftui.md's vocabulary table (members: \(members))")
        }
        for name in Set(documented.keys).subtracting(defined.keys).sorted() {
            Issue.record("'\(name)' has a row in docs/swiftui.md's vocabulary table but no definition")
        }
        for (name, members) in defined.sorted(by: { $0.key < $1.key }) {
            guard let listed = documented[name] else { continue }
            let missing = members.subtracting(listed).sorted()
            let extra = listed.subtracting(members).sorted()
            #expect(missing.isEmpty, "'\(name)' defines \(missing) that docs/swiftui.md does not list")
            #expect(extra.isEmpty, "docs/swiftui.md lists \(extra) for '\(name)', which it does not define")
        }
    }

    /// The walk sees what a definition adds: the check above cannot pass on an empty table.
    @Test func theWalkSeesTheDefinitions() {
        let defined = Self.definedTable()
        #expect(defined["Circle"] == ["init"])
        #expect(defined["View"]?.contains("rotationEffect") == true)
        #expect(defined["Color"]?.contains(".orange") == true)
        #expect(defined["functions"] == ["#colorLiteral", "withAnimation", "withTransaction"])
        #expect(defined["property wrappers"]?.contains("@State") == true)
    }
}
