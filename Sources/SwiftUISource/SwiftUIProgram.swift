import Motion
import Scene

/// A SwiftUI source file read for rendering: its views, and for any of them the
/// ``Scene/ViewScript`` its code produces (the initial view tree, then one tree per state
/// change with the change's transaction).
///
/// The source is the subset of Swift that spinner snippets use: `import SwiftUI`,
/// `struct Name: View { @State … var body: some View { … } }`, `#Preview { … }`, a
/// `PreviewProvider`'s `static var previews`, `let` constants, the views `Image(systemName:)`,
/// `ProgressView`, the built-in shapes, `Color`, the stacks and the file's own views, the
/// modifiers of ``Scene/ViewModifier``, `onAppear`, `withAnimation`,
/// `DispatchQueue.main.asyncAfter` and SwiftUI's whole `Animation` vocabulary (read by Motion,
/// as `--animation` is). Anything else is a ``SourceDiagnostic`` pointing at it.
///
/// ```swift
/// let program = try SwiftUIProgram(parsing: text, fileName: "Spinner.swift")
/// let script = try program.script(view: "Spinner2")   // or nil: the preview, ContentView, the only view
/// ```
public struct SwiftUIProgram: Sendable {
    /// Sources larger than this many bytes of UTF-8 are refused (a spinner snippet is a few KiB).
    public static let maximumSourceBytes = 1 << 20

    /// The name diagnostics report the source under.
    public let fileName: String
    private let source: SourceText
    private let file: SourceFile

    /// Reads `text`: checks its size, then lexes and parses it. Views are interpreted by
    /// ``script(view:)``, so an unsupported construct in one view does not stop another from
    /// rendering.
    ///
    /// - Parameters:
    ///   - text: The Swift source.
    ///   - fileName: The name diagnostics use, e.g. `Spinner.swift`.
    /// - Throws: ``SourceDiagnostic`` for a source over ``maximumSourceBytes``, a lexical or
    ///   syntax error, nesting deeper than 64 levels, or a name declared twice.
    public init(parsing text: String, fileName: String) throws(SourceDiagnostic) {
        // A byte order mark starts the file as swiftc reads it, not its text (editors on Windows
        // write one).
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        self.fileName = fileName
        let size = text.utf8.count
        guard size <= Self.maximumSourceBytes else {
            let firstLine = String(text.prefix { !$0.isNewline }.prefix(200))
            throw SourceDiagnostic(
                fileName: fileName, line: 1, column: 1,
                message: "the source is \(size) bytes; the limit is \(Self.maximumSourceBytes) bytes (1 MiB)", sourceLine: firstLine
            )
        }
        let source = SourceText(text, fileName: fileName)
        self.source = source
        do throws(SourceError) {
            var lexer = Lexer(source)
            var parser = Parser(tokens: try lexer.tokenize())
            file = try parser.parseFile()
            var seen: Set<String> = []
            for view in file.views {
                guard seen.insert(view.name).inserted else {
                    throw SourceError("invalid redeclaration of '\(view.name)'", at: view.location)
                }
            }
        } catch {
            throw source.diagnostic(error)
        }
    }

    /// The views that can be rendered, in source order: each `struct … : View`, each
    /// `PreviewProvider` (by its struct's name) and each `#Preview` (by its name, or `Preview`,
    /// `Preview 2` … when unnamed). Every name is unique: a name already taken earlier in the
    /// file gets the next number no view has (`#Preview("A")` twice is `A`, then `A 2`).
    public var viewNames: [String] { candidates.map(\.name) }

    /// The view rendered when none is named: the preview if there is exactly one (a `#Preview`
    /// block or a `PreviewProvider`), else `ContentView`, else the only view.
    ///
    /// - Throws: ``ViewSelectionError/ambiguous(candidates:)`` when several previews, or several
    ///   views and no `ContentView`, qualify; ``ViewSelectionError/noViews`` for none.
    public func defaultViewName() throws(ViewSelectionError) -> String {
        let previews = candidates.filter(\.isPreview).map(\.name)
        if previews.count == 1 { return previews[0] }
        if previews.count > 1 { throw .ambiguous(candidates: previews) }
        let views = viewNames
        if views.contains("ContentView") { return "ContentView" }
        if views.count == 1 { return views[0] }
        if views.isEmpty { throw .noViews }
        throw .ambiguous(candidates: views)
    }

    /// The script of the view named `view`, or of ``defaultViewName()`` when `view` is `nil`:
    /// its initial tree, then one tree per state change with the change's transaction.
    ///
    /// - Parameter view: One of ``viewNames``, or `nil` for the default.
    /// - Throws: ``SwiftUISourceError/viewSelection(_:)`` when the view cannot be chosen (an
    ///   unknown name, several candidates: a problem with the request), or
    ///   ``SwiftUISourceError/source(_:)`` with a ``SourceDiagnostic`` for a source with no
    ///   view at all (at line 1, column 1) and for anything in its code that cannot be interpreted: an unsupported view or modifier, a wrong argument label, a
    ///   type mismatch, a view containing itself, a state-change loop, too much work.
    public func script(view: String?) throws(SwiftUISourceError) -> ViewScript {
        // A file without any view (empty, or only imports) is bad source, not a bad request.
        if candidates.isEmpty {
            throw .source(SourceDiagnostic(fileName: source.fileName, line: 1, column: 1,
                                           message: ViewSelectionError.noViews.description, sourceLine: source.line(1)))
        }
        let name: String
        if let view {
            name = view
        } else {
            do { name = try defaultViewName() } catch { throw .viewSelection(error) }
        }
        guard let candidate = candidates.first(where: { $0.name == name }) else {
            throw .viewSelection(.unknownView(name, available: viewNames))
        }
        do throws(SourceError) {
            let interpreter = try Interpreter(source: source, file: file)
            let script = try interpreter.script(candidate.root)
            switch candidate.root {
            case let .view(declaration): try ViewTreeLimit.check(script, at: declaration.location)
            case let .preview(_, location): try ViewTreeLimit.check(script, at: location)
            }
            return script
        } catch {
            throw .source(source.diagnostic(error))
        }
    }

    private struct Candidate {
        var name: String
        var isPreview: Bool
        var root: Interpreter.Root
    }

    private var candidates: [Candidate] {
        var result: [Candidate] = []
        var unnamed = 0
        var entries: [(Location, Candidate)] = []
        for view in file.views {
            if view.conformances.contains("View") {
                entries.append((view.location, Candidate(name: view.name, isPreview: false, root: .view(view))))
            } else if view.conformances.contains("PreviewProvider"), let previews = view.previews?.getter {
                entries.append((view.location, Candidate(name: view.name, isPreview: true, root: .preview(previews, at: view.location))))
            }
        }
        for preview in file.previews {
            entries.append((preview.location, Candidate(name: "", isPreview: true, root: .preview(preview.body, at: preview.location))))
        }
        entries.sort { $0.0.offset < $1.0.offset }
        let written = Set(file.views.map(\.name) + file.previews.compactMap(\.name))
        for entry in entries {
            var candidate = entry.1
            if case .preview = candidate.root, candidate.name.isEmpty {
                let name = file.previews.first { $0.location == entry.0 }?.name
                if let name { candidate.name = name } else {
                    unnamed += 1
                    candidate.name = unnamed == 1 ? "Preview" : "Preview \(unnamed)"
                }
            }
            // Swift allows two previews of one name (Xcode shows both); each must still be
            // choosable, so a name already taken gets the next free number, as unnamed
            // previews do: `#Preview("A")` twice is `A` and `A 2`.
            // A number written as another preview's name is skipped.
            if result.contains(where: { $0.name == candidate.name }) {
                var number = 2
                while result.contains(where: { $0.name == "\(candidate.name) \(number)" })
                    || written.contains("\(candidate.name) \(number)") { number += 1 }
                candidate.name = "\(candidate.name) \(number)"
            }
            result.append(candidate)
        }
        return result
    }
}
