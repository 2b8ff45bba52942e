import Motion
import Scene
import SwiftCode
import SwiftUILibrary

/// A SwiftUI source file read by the Swift evaluator: its views, and for any of them the
/// ``Scene/ViewScript`` its code produces (the initial view tree, then one tree per state
/// change with the change's transaction).
///
/// This is the reader that replaces ``SwiftUIProgram``: it takes the Swift real loaders are
/// written in, where ``SwiftUIProgram`` takes the documentation's subset. Until its
/// diagnostics match ``SwiftUIProgram``'s on that subset, the renderer keeps the older reader.
///
/// The file is read by one Swift parser (`SwiftCode`), run by the Swift evaluator over
/// SwiftUI's definitions (`SwiftUILibrary`): views with stored properties and initialisers,
/// helper functions, extensions, enums, classes, closures, timers, `withAnimation`,
/// `DispatchQueue.main.asyncAfter`, and SwiftUI's whole `Animation` vocabulary. Valid Swift
/// outside what can run is a ``SourceDiagnostic`` saying it is not supported, at its line and
/// column; invalid Swift is a syntax error, as swiftc reports it.
///
/// ```swift
/// let program = try SwiftProgram(parsing: text, fileName: "Spinner.swift")
/// let script = try program.script(view: "Spinner2")   // or nil: the preview, ContentView, the root view
/// ```
public struct SwiftProgram: Sendable {
    /// Sources larger than this many bytes of UTF-8 are refused (a spinner snippet is a few KiB).
    public static let maximumSourceBytes = 1 << 20

    /// How far the script runs timed events (timers, `asyncAfter`), in seconds after the views
    /// appear; a render longer than this shows the state the last event left.
    public static let defaultHorizonSeconds = 10.0

    /// The name diagnostics report the source under.
    public let fileName: String
    private let source: SourceText
    private let syntax: SourceFileSyntax
    private let candidates: [Candidate]

    /// Reads `text`: checks its size, parses it and reads its declarations. Views are run by
    /// ``script(view:)``, so an unsupported construct in one view does not stop another from
    /// rendering.
    ///
    /// - Parameters:
    ///   - text: The Swift source.
    ///   - fileName: The name diagnostics use, e.g. `Spinner.swift`.
    /// - Throws: ``SourceDiagnostic`` for a source over ``maximumSourceBytes``, a syntax error,
    ///   or a declaration that cannot be read (a name declared twice).
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
        let syntax = SwiftSyntaxParser.parseFile(text)
        if let first = syntax.diagnostics.first {
            throw source.diagnostic(first.message, at: first.location)
        }
        self.syntax = syntax
        candidates = Self.candidates(in: syntax, text: text)
        // Declarations are read once here so that a redeclared name is reported at once.
        do throws(Interrupt) {
            _ = try Evaluator(file: syntax, library: SwiftUILibrary(locate: { _ in .start }).native)
        } catch {
            throw source.diagnostic(error)
        }
    }

    /// The views that can be rendered, in source order: each `struct … : View`, each
    /// `PreviewProvider` (by its struct's name) and each `#Preview` (by its name, or `Preview`,
    /// `Preview 2` … when unnamed).
    public var viewNames: [String] { candidates.map(\.name) }

    /// The view rendered when none is named: the preview if there is exactly one (a `#Preview`
    /// block or a `PreviewProvider`), else `ContentView`, else the only view, else the one view
    /// no other view of the file uses (the root of the file's view tree).
    ///
    /// - Throws: ``ViewSelectionError/ambiguous(candidates:)`` when several previews, or several
    ///   views and no single root, qualify; ``ViewSelectionError/noViews`` for none.
    public func defaultViewName() throws(ViewSelectionError) -> String {
        let previews = candidates.filter(\.isPreview).map(\.name)
        if previews.count == 1 { return previews[0] }
        if previews.count > 1 { throw .ambiguous(candidates: previews) }
        let views = viewNames
        if views.contains("ContentView") { return "ContentView" }
        if views.count == 1 { return views[0] }
        if views.isEmpty { throw .noViews }
        let roots = candidates.filter { !$0.isUsedByOthers }.map(\.name)
        if roots.count == 1 { return roots[0] }
        throw .ambiguous(candidates: views)
    }

    /// The script of the view named `view`, or of ``defaultViewName()`` when `view` is `nil`:
    /// its initial tree, then one tree per state change with the change's transaction.
    ///
    /// - Parameters:
    ///   - view: One of ``viewNames``, or `nil` for the default.
    ///   - dark: Whether `@Environment(\.colorScheme)` reads `.dark`.
    ///   - horizonSeconds: How far timed events run.
    ///   - rootProposal: The size proposed to the root view, in points, for which
    ///     `GeometryReader`s make their content (``Scene/SceneConfiguration/rootProposal``).
    /// - Throws: ``SwiftUISourceError/viewSelection(_:)`` when the view cannot be chosen (an
    ///   unknown name, several candidates: a problem with the request), or
    ///   ``SwiftUISourceError/source(_:)`` with a ``SourceDiagnostic`` for a source with no
    ///   view at all (at line 1, column 1) and for anything in its code that cannot run: an
    ///   unsupported view or modifier, a wrong argument label, a type mismatch, a view
    ///   containing itself, a state-change loop, too much work.
    public func script(view: String?, dark: Bool = false, horizonSeconds: Double = SwiftProgram.defaultHorizonSeconds,
                       rootProposal: StageSize = SceneConfiguration.defaultProposal) throws(SwiftUISourceError) -> ViewScript {
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
        let source = self.source
        let script: ViewScript
        let syntax = self.syntax
        do throws(Interrupt) {
            script = try LargeStack.run { () throws(Interrupt) -> ViewScript in
            let library = SwiftUILibrary(locate: { offset in
                let location = source.location(ofOffset: offset)
                return SourceLocation(line: location.line, column: location.column, offset: location.offset)
            })
            library.isDark = dark
            library.rootProposal = rootProposal
            let evaluator = try Evaluator(file: syntax, library: library.native)
            let root: RootView
            switch candidate.kind {
            case let .view(typeName):
                guard let type = evaluator.types[typeName] else { throw .error("cannot find '\(typeName)'", at: .start) }
                root = .view(type)
            case let .provider(typeName):
                guard let type = evaluator.types[typeName] else { throw .error("cannot find '\(typeName)'", at: .start) }
                root = .previewProvider(type)
            case let .preview(index):
                root = .preview(evaluator.previews[index].expansion)
            }
            return try library.script(root, evaluator: evaluator, horizonSeconds: horizonSeconds)
            }
        } catch {
            throw .source(source.diagnostic(error))
        }
        do throws(SourceError) {
            try ViewTreeLimit.check(script, at: Location(line: 1, column: 1, offset: 0))
        } catch {
            throw .source(source.diagnostic(error))
        }
        return script
    }

    // MARK: Candidates

    private struct Candidate: Sendable {
        enum Kind: Sendable {
            case view(String)
            case provider(String)
            case preview(Int)
        }
        var name: String
        var kind: Kind
        var isPreview: Bool
        var isUsedByOthers: Bool
    }

    private static func candidates(in syntax: SourceFileSyntax, text: String) -> [Candidate] {
        var result: [Candidate] = []
        var unnamed = 0
        var previewIndex = 0
        var names: [String] = []
        var written: Set<String> = []
        for item in syntax.items {
            guard case let .declaration(declaration) = item.kind else { continue }
            if case let .type(type) = declaration.kind { written.insert(type.name) }
            if case let .macroExpansion(expansion) = declaration.kind, let first = expansion.arguments.first, first.label == nil,
               case let .stringLiteral(segments) = first.value.kind {
                written.insert(segments.map { if case let .text(piece) = $0 { piece } else { "" } }.joined())
            }
        }
        var extended: [String: [String]] = [:]
        for item in syntax.items {
            guard case let .declaration(declaration) = item.kind, case let .extensionDeclaration(extensionDeclaration) = declaration.kind,
                  case let .named(name, _) = extensionDeclaration.extendedType.kind else { continue }
            extended[name, default: []] += extensionDeclaration.inherited.compactMap { if case let .named(n, _) = $0.kind { n } else { nil } }
        }
        for item in syntax.items {
            guard case let .declaration(declaration) = item.kind else { continue }
            switch declaration.kind {
            case let .type(type) where type.keyword == .structKeyword || type.keyword == .classKeyword:
                let conformances = type.inherited.compactMap { (written) -> String? in
                    switch written.kind {
                    case let .named(name, _): name
                    case let .member(_, name, _): name
                    default: nil
                    }
                } + (extended[type.name] ?? [])
                if conformances.contains("View") {
                    result.append(Candidate(name: type.name, kind: .view(type.name), isPreview: false, isUsedByOthers: false))
                    names.append(type.name)
                } else if conformances.contains("PreviewProvider") {
                    result.append(Candidate(name: type.name, kind: .provider(type.name), isPreview: true, isUsedByOthers: false))
                }
            case let .macroExpansion(expansion) where expansion.name == "Preview":
                var name: String?
                if let first = expansion.arguments.first, first.label == nil, case let .stringLiteral(segments) = first.value.kind {
                    name = segments.map { if case let .text(piece) = $0 { piece } else { "" } }.joined()
                }
                if name == nil {
                    unnamed += 1
                    name = unnamed == 1 ? "Preview" : "Preview \(unnamed)"
                }
                // Two previews of one name: the later ones are told apart by a number, as the
                // unnamed ones are, so each can be chosen with --view.
                // A number written as another preview's name is skipped.
                var chosen = name!
                var suffix = 2
                while result.contains(where: { $0.name == chosen }) || (chosen != name! && written.contains(chosen)) {
                    chosen = "\(name!) \(suffix)"
                    suffix += 1
                }
                result.append(Candidate(name: chosen, kind: .preview(previewIndex), isPreview: true, isUsedByOthers: false))
                previewIndex += 1
            default:
                break
            }
        }
        // A view another view of the file names is not the root of the file's view tree.
        let words = Self.wordCounts(text)
        for index in result.indices where !result[index].isPreview {
            result[index].isUsedByOthers = (words[result[index].name] ?? 0) > 1
        }
        return result
    }

    /// How often each identifier-like word occurs in the text.
    private static func wordCounts(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var word = ""
        for scalar in text.unicodeScalars {
            if scalar == "_" || (scalar.properties.isAlphabetic) || (scalar.value >= 0x30 && scalar.value <= 0x39) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                counts[word, default: 0] += 1
                word = ""
            }
        }
        if !word.isEmpty { counts[word, default: 0] += 1 }
        return counts
    }
}

extension SourceText {
    /// A diagnostic at a location of the evaluator's syntax tree.
    func diagnostic(_ message: String, at location: SourceLocation) -> SourceDiagnostic {
        diagnostic(SourceError(message, at: Location(line: location.line, column: location.column, offset: location.offset)))
    }

    /// The diagnostic for an evaluation that stopped.
    func diagnostic(_ interrupt: Interrupt) -> SourceDiagnostic {
        switch interrupt {
        case let .error(error): return diagnostic(error.message, at: error.location)
        case let .thrown(value, location): return diagnostic("an error was thrown and not caught: \(value.text)", at: location)
        case .cancelled, .nilInOptionalChain: return diagnostic("the code stopped unexpectedly", at: .start)
        }
    }
}
