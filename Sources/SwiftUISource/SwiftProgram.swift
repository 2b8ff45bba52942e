import Motion
import Scene
import SwiftCode
import SwiftUILibrary

/// A SwiftUI source file read by the Swift evaluator: its views, and for any of them the
/// ``Scene/ViewScript`` its code produces (the initial view tree, then one tree per state
/// change with the change's transaction).
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
    /// The app's asset catalogue (`--assets`), which `Color("Brand")` and `Image("logo")` read;
    /// empty by default, when every asset is drawn as its stand-in with a warning
    /// (``SwiftUILibrary/SwiftUILibrary/missingAssetWarnings``).
    public var assets = AssetCatalog.empty
    /// Whether a view's body runs again only when its inputs or the state it reads changed, as
    /// in SwiftUI (the default); `false` runs every body of the tree on every update, the same
    /// script more slowly (what tests compare the default with).
    public var keepsUnchangedViews = true
    /// The file's text (without a byte order mark).
    private let text: String
    /// The text the evaluator reads: the file's, then each included file's on lines of its own
    /// (``SourceText/init(main:fileName:included:)``); ``text`` when nothing is included.
    private let programText: String
    /// ``programText`` with its line starts and the included files' places in it.
    private let source: SourceText
    /// The syntax of ``programText`` the evaluator runs: the file's items, then the included
    /// files' without their previews.
    private let syntax: SourceFileSyntax
    /// The file's own top-level items: what it shows when it declares no view.
    private let fileItems: [Statement]
    /// The files read with the file for their declarations.
    public let included: [IncludedFile]
    private let candidates: [Candidate]
    /// Every name the file declares (see ``SwiftCode/Evaluator/namesDeclaredInFile``).
    private let declaredNames: Set<String>

    /// Reads `text`: checks its size, parses it and reads its declarations. Views are run by
    /// ``script(view:)``, so an unsupported construct in one view does not stop another from
    /// rendering.
    ///
    /// - Parameters:
    ///   - text: The Swift source.
    ///   - fileName: The name diagnostics use, e.g. `Spinner.swift`.
    ///   - included: Other files of the same app or package (`--include`), read for their
    ///     declarations (types, extensions, functions, constants, protocols) as if they were in the
    ///     same module; their previews are not read, and only the file's own views and previews
    ///     can be rendered. A mistake in one is reported in that file, at its own line.
    /// - Throws: ``SourceDiagnostic`` for a file over ``maximumSourceBytes`` or files over
    ///   ``maximumProgramBytes`` together, a syntax error, or a declaration that cannot be read
    ///   (a name declared twice), in the file it is in.
    public init(parsing text: String, fileName: String, including included: [IncludedFile] = []) throws(SourceDiagnostic) {
        let text = Self.withoutByteOrderMark(text)
        let included = included.map { IncludedFile(text: Self.withoutByteOrderMark($0.text), fileName: $0.fileName) }
        self.fileName = fileName
        self.included = included
        try Self.checkSize(text, fileName: fileName, size: text.utf8.count, limit: Self.maximumSourceBytes, what: "the source is")
        var total = text.utf8.count
        for file in included {
            try Self.checkSize(file.text, fileName: file.fileName, size: file.text.utf8.count, limit: Self.maximumSourceBytes, what: "the source is")
            total += file.text.utf8.count
            try Self.checkSize(file.text, fileName: file.fileName, size: total, limit: Self.maximumProgramBytes,
                               what: "the file and the files included up to this one are")
        }
        let fileSyntax = Self.parse(text)
        if let first = fileSyntax.diagnostics.first {
            throw SourceText(text, fileName: fileName).diagnostic(first.message, at: first.location)
        }
        // Each file is parsed alone first, so that a syntax error is reported in its own file
        // (an unclosed brace in one must not swallow the next).
        for file in included {
            let syntax = Self.parse(file.text)
            if let first = syntax.diagnostics.first {
                throw SourceText(file.text, fileName: file.fileName).diagnostic(first.message, at: first.location)
            }
        }
        let source = included.isEmpty ? SourceText(text, fileName: fileName)
            : SourceText(main: text, fileName: fileName, included: included.map { ($0.text, $0.fileName) })
        self.text = text
        programText = included.isEmpty ? text : source.string
        self.source = source
        let syntax = included.isEmpty ? fileSyntax : Self.programSyntax(programText, source: source)
        if let first = syntax.diagnostics.first {
            throw source.diagnostic(first.message, at: first.location)
        }
        self.syntax = syntax
        fileItems = fileSyntax.items
        candidates = Self.candidates(in: fileSyntax, text: text)
        // Declarations are read once here so that a redeclared name is reported at once, and
        // every name the code uses is resolved, as the compiler resolves them.
        var declared: Set<String> = []
        do throws(Interrupt) {
            // On the evaluation's large stack: the walk recurses along a modifier chain, which
            // the parser reads without nesting (a chain of 18 000 overflowed the main thread's).
            try LargeStack.run { () throws(Interrupt) in
                declared = try Self.withEvaluator(syntax, source: source, dark: false, assets: .empty) { _, evaluator throws(Interrupt) in
                    try evaluator.checkNames(usesIn: { !Self.isPreview($0) })
                }
            }
        } catch {
            throw source.diagnostic(error)
        }
        declaredNames = declared
    }

    /// A file read with the rendered one for its declarations (`--include`).
    public struct IncludedFile: Hashable, Sendable {
        /// The Swift source.
        public var text: String
        /// The name its diagnostics use, e.g. `Theme.swift`.
        public var fileName: String

        /// A file.
        public init(text: String, fileName: String) {
            self.text = text
            self.fileName = fileName
        }
    }

    /// The most bytes of UTF-8 the file and its included files may hold together.
    public static let maximumProgramBytes = 4 << 20

    /// `text` without a byte order mark: one starts the file as swiftc reads it, not its text
    /// (editors on Windows write one).
    private static func withoutByteOrderMark(_ text: String) -> String {
        text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// Refuses a text over `limit` bytes, at its first line.
    private static func checkSize(_ text: String, fileName: String, size: Int, limit: Int, what: String) throws(SourceDiagnostic) {
        guard size > limit else { return }
        let firstLine = String(text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }.prefix(200))
        throw SourceDiagnostic(
            fileName: fileName, line: 1, column: 1,
            message: "\(what) \(size) bytes; the limit is \(limit) bytes (\(limit >> 20) MiB)", sourceLine: firstLine
        )
    }

    /// `text` parsed on a large stack (``SwiftUILibrary/LargeStack``), as it is evaluated: the
    /// parser descends once per level of nesting, up to its limit, and under AddressSanitizer
    /// (whose frames are several times larger) that depth overflowed a thread's 8 MB stack.
    static func parse(_ text: String) -> SourceFileSyntax {
        do {
            return try LargeStack.run { () throws(Interrupt) in SwiftSyntaxParser.parseFile(text) }
        } catch {
            return SwiftSyntaxParser.parseFile(text)
        }
    }

    /// The syntax of a program's whole text (`source`: the file, then the included files): the
    /// included files' previews are left out, so that they are neither checked nor shown.
    private static func programSyntax(_ text: String, source: SourceText) -> SourceFileSyntax {
        var syntax = parse(text)
        guard let start = source.included.first?.firstOffset else { return syntax }
        let end = source.bytes.count
        syntax.items.removeAll { item in (start..<end).contains(item.location.offset) && isPreview(item) }
        return syntax
    }

    /// Whether a top-level item is a preview: a `#Preview` or a `PreviewProvider` struct.
    private static func isPreview(_ item: Statement) -> Bool {
        guard case let .declaration(declaration) = item.kind else { return false }
        switch declaration.kind {
        case let .macroExpansion(expansion): return expansion.name == "Preview"
        case let .type(type):
            return type.inherited.contains { if case let .named(name, _) = $0.kind { name == "PreviewProvider" } else { false } }
        default: return false
        }
    }

    /// Checks the names the previews use (``init(parsing:fileName:)`` checks the rest): before
    /// one is shown, or all of them are listed.
    private func checkPreviewNames() throws(SwiftUISourceError) {
        let syntax = self.syntax
        do throws(Interrupt) {
            let source = self.source
            try LargeStack.run { () throws(Interrupt) in
                try Self.withEvaluator(syntax, source: source, dark: false, assets: .empty) { _, evaluator throws(Interrupt) in
                    _ = try evaluator.checkNames(usesIn: Self.isPreview)
                }
            }
        } catch let .error(error) where error.message.hasPrefix("cannot find '") && error.message.hasSuffix("' in scope") {
            throw .source(source.diagnostic(.error(error.message + elsewhereHint, at: error.location)))
        } catch {
            throw .source(source.diagnostic(error))
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
    /// `view` may also be a Swift expression that makes a view from the file's declarations, as a
    /// `#Preview` body would: `DotLoader(color: .blue)` for a view that takes arguments, or
    /// `Text("Loading").shimmer()` for a file that holds only a `ViewModifier` and its
    /// `extension View`. It is read by the same parser and run in the file's scope; a mistake in
    /// it is reported at its own column under the name `--view`.
    ///
    /// - Parameters:
    ///   - view: One of ``viewNames``, a view expression, or `nil` for the default.
    ///   - dark: Whether `@Environment(\.colorScheme)` reads `.dark`.
    ///   - horizonSeconds: How far timed events run.
    ///   - rootProposal: The size proposed to the root view, in points, for which
    ///     `GeometryReader`s make their content (``Scene/SceneConfiguration/rootProposal``).
    ///   - limits: The evaluator's bounds on work, recursion and collection sizes; the defaults
    ///     are the renderer's. A fuzzer passes smaller ones, so that each input finishes in
    ///     milliseconds and the time goes to more inputs.
    /// - Throws: ``SwiftUISourceError/viewSelection(_:)`` when the view cannot be chosen (an
    ///   unknown name, several candidates: a problem with the request), or
    ///   ``SwiftUISourceError/source(_:)`` with a ``SourceDiagnostic`` for a source with no
    ///   view at all (at line 1, column 1) and for anything in its code that cannot run: an
    ///   unsupported view or modifier, a wrong argument label, a type mismatch, a view
    ///   containing itself, a state-change loop, too much work.
    public func script(
        view: String?, dark: Bool = false, horizonSeconds: Double = SwiftProgram.defaultHorizonSeconds,
        limits: Evaluator.Limits = Evaluator.Limits(), rootProposal: StageSize = SceneConfiguration.defaultProposal
    ) throws(SwiftUISourceError) -> ViewScript {
        if let view, !candidates.contains(where: { $0.name == view }), Self.isExpression(view) {
            return try script(expression: view, dark: dark, horizonSeconds: horizonSeconds, limits: limits, rootProposal: rootProposal)
        }
        if candidates.isEmpty {
            // A file of a `ViewModifier` alone (a shimmer, a pulse), or of an `extension View`
            // helper alone (`func shimmer() -> some View`): the first that runs is shown on a
            // text, as its README's example would, with a note saying so. A `ProgressViewStyle`
            // alone is shown as the style of a progress view, where an app applies it.
            if view == nil {
                let onText = "Text(\"Loading…\").font(.title)."
                let shown = progressStyleNames.map { ("progress view style '\($0)'", "ProgressView().progressViewStyle(\($0)())", "a progress view") }
                    + modifierNames.map { ("modifier '\($0)'", onText + "modifier(\($0)())", "a text") }
                    + viewExtensionMethods.map { ("view extension '\($0)()'", onText + "\($0)()", "a text") }
                // What stops the first of them in the file's own code (a name from another file
                // of the project) says more than that the file declares no view.
                var stoppedInFile: SwiftUISourceError?
                for (what, expression, shownOn) in shown {
                    do {
                        var script = try script(expression: expression, dark: dark, horizonSeconds: horizonSeconds, limits: limits,
                                                rootProposal: rootProposal)
                        script.notes.append("the file declares no view: its \(what) is shown on \(shownOn), --view '\(expression)' (choose another view with --view)")
                        return script
                    } catch {
                        if stoppedInFile == nil, case let .source(diagnostic) = error, source.fileNames.contains(diagnostic.fileName) {
                            stoppedInFile = error
                        }
                    }
                }
                if let stoppedInFile { throw stoppedInFile }
            }
            throw .source(SourceDiagnostic(fileName: source.fileName, line: 1, column: 1,
                                           message: noViewsMessage, sourceLine: source.line(1)))
        }
        let name: String
        if let view {
            name = view
        } else {
            do { name = try defaultViewName() } catch { throw .viewSelection(error) }
        }
        guard let candidate = candidates.first(where: { $0.name == name }) else {
            // A preview by the title the index of every preview gives it: a `PreviewProvider`'s
            // `.previewDisplayName("Big")`, an unnamed `#Preview` by its file's name.
            if let variant = (try? previews(dark: dark))?.first(where: { $0.title == name && $0.view != name }) {
                var fixedSize: (width: Double, height: Double)?
                if case let .fixed(width, height) = variant.layout { fixedSize = (width, height) }
                if let declaration = candidates.first(where: { $0.name == variant.view }) {
                    var index: Int?
                    if case .provider = declaration.kind { index = variant.index }
                    return try run(declaration, dark: dark, horizonSeconds: horizonSeconds, variant: index, fixedSize: fixedSize,
                                   limits: limits, rootProposal: rootProposal)
                }
            }
            throw .viewSelection(.unknownView(name, available: viewNames + ((try? previews(dark: dark)) ?? []).map(\.title)
                .filter { title in !viewNames.contains(title) }))
        }
        // A `PreviewProvider` whose `previews` shows several (a `Group` of a light and a dark
        // one): Xcode's canvas shows each on its own, so the default is the first, as the
        // canvas shows it, with a note naming the others' way out.
        if view == nil, case .provider = candidate.kind,
           let variants = (try? previews(dark: dark))?.filter({ $0.view == candidate.name }), variants.count > 1 {
            var fixedSize: (width: Double, height: Double)?
            if case let .fixed(width, height) = variants[0].layout { fixedSize = (width, height) }
            var script = try run(candidate, dark: dark, horizonSeconds: horizonSeconds, variant: variants[0].index, fixedSize: fixedSize,
                                 limits: limits, rootProposal: rootProposal)
            script.notes.append("'\(candidate.name)' shows \(variants.count) previews; rendered the first, '\(variants[0].title)' (-o DIR/ or --all-previews renders each)")
            return script
        }
        do {
            return try run(candidate, dark: dark, horizonSeconds: horizonSeconds, variant: nil, fixedSize: nil, limits: limits,
                           rootProposal: rootProposal)
        } catch {
            // The file's only preview shows a view of another file of the project (its screen,
            // `ContentView()`): the loader the file declares is what its user wants to see.
            guard view == nil, candidate.isPreview, let missing = Self.nameFromAnotherFile(error), let fallback = fallbackView() else { throw error }
            var script: ViewScript
            do {
                script = try run(fallback, dark: dark, horizonSeconds: horizonSeconds, variant: nil, fixedSize: nil, limits: limits,
                                 rootProposal: rootProposal)
            } catch let fallbackError {
                // The file's own view needs a type of another file too: its error, at its own
                // line, is the one to show (the preview's would suggest rendering that view).
                if Self.nameFromAnotherFile(fallbackError) != nil { throw fallbackError }
                throw error
            }
            script.notes.append("the preview '\(candidate.name)' uses '\(missing)', which this file does not declare; rendered '\(fallback.name)', the file's own view, instead (choose with --view)")
            return script
        }
    }

    /// The name an error says the file does not declare ("cannot find 'ContentView' in scope",
    /// "cannot find 'registerFonts' in scope": the app's screen, its font set-up), unless the
    /// message suggests a name of the file (a typo).
    private static func typeFromAnotherFile(_ error: SwiftUISourceError) -> String? {
        guard case let .source(diagnostic) = error, diagnostic.message.hasPrefix("cannot find '") else { return nil }
        let name = diagnostic.message.dropFirst("cannot find '".count).prefix { $0 != "'" }
        guard !name.isEmpty, diagnostic.message.dropFirst("cannot find '".count + name.count).hasPrefix("' in scope"),
              !diagnostic.message.contains("(did you mean") else { return nil }
        return String(name)
    }

    /// What a preview uses that another file of the project declares: a type
    /// (``typeFromAnotherFile(_:)``), or a member no type here has and no name here resembles
    /// ("value of type 'Dots' has no member 'cardStyle'": a modifier of the project's own
    /// `extension View`); a member with a spelling hint is a typo, not another file's.
    private static func nameFromAnotherFile(_ error: SwiftUISourceError) -> String? {
        if let type = typeFromAnotherFile(error) { return type }
        guard case let .source(diagnostic) = error, diagnostic.message.hasPrefix("value of type '"),
              let marker = diagnostic.message.firstRange(of: "' has no member '") else { return nil }
        let rest = diagnostic.message[marker.upperBound...]
        let name = rest.prefix { $0 != "'" }
        let after = rest.dropFirst(name.count)
        guard !name.isEmpty, after == "'" || after.hasPrefix("' (a modifier declared in another file") else { return nil }
        return String(name)
    }

    /// The view rendered in place of a preview that cannot run: the file's only view that
    /// needs no arguments to be made, else the one view no other view of the file uses.
    private func fallbackView() -> Candidate? {
        let views = candidates.filter { !$0.isPreview }
        if views.count == 1 { return views[0] }
        let roots = views.filter { !$0.isUsedByOthers }
        return roots.count == 1 ? roots[0] : nil
    }

    /// Runs `candidate` (one preview of it when `variant` is given) into a script, and again in
    /// the other scheme when its views ask for it with `.preferredColorScheme`, so that
    /// `@Environment(\.colorScheme)` reads the scheme the window shows.
    private func run(_ candidate: Candidate, dark: Bool, horizonSeconds: Double, variant: Int?,
                     fixedSize: (width: Double, height: Double)?, limits: Evaluator.Limits = Evaluator.Limits(),
                     rootProposal: StageSize = SceneConfiguration.defaultProposal) throws(SwiftUISourceError) -> ViewScript {
        if candidate.isPreview { try checkPreviewNames() }
        let script = try runOnce(candidate, dark: dark, horizonSeconds: horizonSeconds, variant: variant, fixedSize: fixedSize, limits: limits,
                                 rootProposal: rootProposal)
        if let preferred = script.preferredAppearance, (preferred == .dark) != dark {
            return try runOnce(candidate, dark: preferred == .dark, horizonSeconds: horizonSeconds, variant: variant, fixedSize: fixedSize,
                               limits: limits, rootProposal: rootProposal)
        }
        return script
    }

    private func runOnce(_ candidate: Candidate, dark: Bool, horizonSeconds: Double, variant: Int?,
                         fixedSize: (width: Double, height: Double)?, limits: Evaluator.Limits,
                         rootProposal: StageSize) throws(SwiftUISourceError) -> ViewScript {
        let source = self.source
        var script: ViewScript
        let syntax = self.syntax
        do throws(Interrupt) {
            script = try LargeStack.run { () throws(Interrupt) -> ViewScript in
                try Self.withEvaluator(syntax, source: source, dark: dark, assets: assets, rootProposal: rootProposal) { library, evaluator throws(Interrupt) in
                    evaluator.namesDeclaredInFile = declaredNames
                    library.keepsUnchangedViews = keepsUnchangedViews
                    evaluator.limits = limits
                    let root = try Self.root(of: candidate, evaluator: evaluator)
                    var madeAt: SourceLocation?
                    if case let .view(type) = root { madeAt = type.location }
                    do throws(Interrupt) {
                        return try library.script(root, evaluator: evaluator, horizonSeconds: horizonSeconds, variant: variant, fixedSize: fixedSize)
                    } catch let .error(error) {
                        throw .error(error.message + hint(for: error, madeAt: madeAt, name: candidate.name), at: error.location)
                    }
                }
            }
        } catch {
            throw .source(source.diagnostic(error))
        }
        script.source = scriptSource()
        return script
    }

    /// What to do about `error` when it stops the default view: a view made without the
    /// arguments it takes (a device's caller gives them; here `--view` does), or a preview that
    /// uses a type the file does not declare (declared in another file of the project; the
    /// file's own views can still be rendered by name).
    private func hint(for error: EvaluationError, madeAt: SourceLocation?, name: String) -> String {
        let quoted = error.message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        if error.message.hasPrefix("missing argument"), let madeAt, error.location == madeAt {
            // A modifier of the file that needs no argument is what such a file is usually for
            // (a shimmer beside the mask view it uses): offered too when it renders on a text.
            var alternative = ""
            for modifier in modifierNames {
                let expression = "Text(\"Loading…\").font(.title).modifier(\(modifier)())"
                guard (try? script(view: expression, horizonSeconds: 0.5)) != nil else { continue }
                alternative = ", or show the file's modifier on a text: --view '\(expression)'"
                break
            }
            return "; '\(name)' takes arguments: render it with --view '\(name)(\(quoted.map { "\($0): …" }.joined(separator: ", ")))'" + alternative
        }
        if error.message.hasPrefix("cannot find '"), error.message.hasSuffix("' in scope"), let missing = quoted.first,
           missing.first?.isUppercase == true, candidates.contains(where: { $0.name == name && $0.isPreview }) {
            return elsewhereHint
        }
        return ""
    }

    /// For a name a preview uses that the file does not declare: it is likely the project's, and
    /// the file's own views that render without it are named (only those: one that needs the
    /// same name, or arguments, would fail the same way).
    private var elsewhereHint: String {
        let views = candidates.filter { !$0.isPreview }.map(\.name).filter { name in
            (try? script(view: name, horizonSeconds: 0.5)) != nil
        }
        guard !views.isEmpty else { return " (declared in another file of the project?)" }
        return " (declared in another file of the project?); render one of this file's views instead: --view \(views.joined(separator: ", --view "))"
    }

    /// The structs of the file that conform to `ViewModifier`, in source order.
    private var modifierNames: [String] {
        ["ViewModifier", "AnimatableModifier", "GeometryEffect"].flatMap(structNames(conformingTo:))
    }

    /// The `struct`s the file declares that conform to `ProgressViewStyle`, in source order.
    private var progressStyleNames: [String] { structNames(conformingTo: "ProgressViewStyle") }

    /// The `struct`s the file declares that name `protocolName` among their inherited types, in
    /// source order.
    private func structNames(conformingTo protocolName: String) -> [String] {
        fileItems.compactMap { item in
            guard case let .declaration(declaration) = item.kind, case let .type(type) = declaration.kind,
                  type.keyword == .structKeyword,
                  type.inherited.contains(where: { if case let .named(name, _) = $0.kind { name == protocolName } else { false } })
            else { return nil }
            return type.name
        }
    }

    /// The methods `extension View { … }` declares that take no argument without a default, in
    /// source order.
    private var viewExtensionMethods: [String] {
        fileItems.flatMap { item -> [String] in
            guard case let .declaration(declaration) = item.kind, case let .extensionDeclaration(extensionDeclaration) = declaration.kind,
                  case let .named(extended, _) = extensionDeclaration.extendedType.kind, extended == "View" else { return [] }
            return extensionDeclaration.members.compactMap { member in
                guard case let .function(function) = member.kind, function.parameters.allSatisfy({ $0.defaultValue != nil }) else { return nil }
                return function.name
            }
        }
    }

    /// Why a file with no view cannot be rendered as it is, and how it can be: the file's own
    /// view helpers that need arguments, written as the expression to complete (an empty file
    /// or one with none gets the general form).
    private var noViewsMessage: String {
        if fileItems.isEmpty { return "the source is empty: it declares no view (a 'struct Name: View' or a '#Preview')" }
        let helpers: [String] = fileItems.flatMap { item -> [String] in
            guard case let .declaration(declaration) = item.kind, case let .extensionDeclaration(extensionDeclaration) = declaration.kind,
                  case let .named(extended, _) = extensionDeclaration.extendedType.kind, extended == "View" else { return [] }
            return extensionDeclaration.members.compactMap { member in
                guard case let .function(function) = member.kind else { return nil }
                let arguments = function.parameters.filter { $0.defaultValue == nil }.map { $0.label.map { "\($0): …" } ?? "…" }
                return "Text(\"Loading\").\(function.name)(\(arguments.joined(separator: ", ")))"
            }
        } + modifierNames.map { "Text(\"Loading\").modifier(\($0)(…))" }
            + progressStyleNames.map { "ProgressView(value: 0.6).progressViewStyle(\($0)(…))" }
        guard let first = helpers.first else {
            return "the source declares no view (a 'struct Name: View' or a '#Preview'), and no view modifier, 'extension View' helper or progress view style to show on one"
        }
        return "the source declares no view (a 'struct Name: View' or a '#Preview'); to show its helper, render an expression with its arguments: --view '\(first)'"
    }

    /// The line of the combined text ``script(expression:dark:horizonSeconds:limits:rootProposal:)``
    /// runs on which the `--view` expression starts: it starts a line of its own after the
    /// file's lines and the `#Preview {` line, so its lines are the combined text's less these.
    static func expressionFirstLine(_ source: SourceText) -> Int { source.lineStarts.count + 2 }

    /// A diagnostic at `mark` in the source a script was read from: a place in the file, or,
    /// past the file's lines, in the `--view` expression the script is of (run as a `#Preview`
    /// added after the file), reported under the name `--view` at its own line, as the
    /// expression's other diagnostics are.
    ///
    /// For what is found after the source is read, at a place its views carry: the SVG
    /// writer's refusal of a view it cannot write.
    public static func diagnostic(_ message: String, at mark: SourceMark, in script: ScriptSource) -> SourceDiagnostic {
        let source = script.included.isEmpty ? SourceText(script.text, fileName: script.fileName)
            : SourceText(main: script.text, fileName: script.fileName, included: script.included.map { ($0.text, $0.fileName) })
        let firstLine = expressionFirstLine(source)
        if let expression = script.expression, mark.line >= firstLine {
            let text = SourceText(expression, fileName: "--view")
            return text.diagnostic(SourceError(message, at: Location(line: mark.line - firstLine + 1, column: mark.column, offset: 0)))
        }
        return source.diagnostic(SourceError(message, at: Location(line: mark.line, column: mark.column, offset: 0)))
    }

    /// Where the script's views were read from: the file, the files included with it, and the
    /// `--view` expression, if any.
    private func scriptSource(expression: String? = nil) -> ScriptSource {
        ScriptSource(text: text, fileName: fileName, expression: expression,
                     included: included.map { ScriptSource(text: $0.text, fileName: $0.fileName) })
    }

    /// Whether `view` is a Swift expression rather than a view's name: a call or a member
    /// (`DotLoader(color: .blue)`, `Text("…").shimmer()`); names are identifiers, or a preview's
    /// title.
    static func isExpression(_ view: String) -> Bool {
        view.contains("(") || view.contains(".")
    }

    /// The script of `expression`, run as the body of a `#Preview` added after the file's code.
    private func script(expression: String, dark: Bool, horizonSeconds: Double, limits: Evaluator.Limits,
                        rootProposal: StageSize) throws(SwiftUISourceError) -> ViewScript {
        let firstLine = Self.expressionFirstLine(source)
        let combined = programText + "\n#Preview {\n" + expression + "\n}\n"
        let expressionSource = SourceText(expression, fileName: "--view")
        func located(_ message: String, at location: SourceLocation) -> SwiftUISourceError {
            guard location.line >= firstLine else { return .source(source.diagnostic(message, at: location)) }
            var line = location.line - firstLine + 1, column = location.column, message = message
            let lines = expressionSource.lineStarts.count
            // Past the expression (an unclosed `(` is found at the preview's closing brace): the
            // expression ends there, the file is not to blame.
            if line > lines {
                (line, column) = (lines, expressionSource.line(lines).utf8.count + 1)
                message = "the expression ends before it is complete"
            }
            return .viewSelection(.expression(SourceDiagnostic(fileName: "--view", line: line, column: column,
                                                               message: message, sourceLine: expressionSource.line(line))))
        }
        let syntax = Self.programSyntax(combined, source: source)
        if let first = syntax.diagnostics.first { throw located(first.message, at: first.location) }
        guard syntax.items.count == self.syntax.items.count + 1, case let .declaration(declaration) = syntax.items.last?.kind,
              case let .macroExpansion(expansion) = declaration.kind else {
            throw .viewSelection(.expression(SourceDiagnostic(fileName: "--view", line: 1, column: 1,
                                                              message: "expected one expression that makes a view", sourceLine: expressionSource.line(1))))
        }
        var combinedSource = SourceText(combined, fileName: fileName)
        combinedSource.included = source.included
        var script: ViewScript
        do throws(Interrupt) {
            script = try LargeStack.run { () throws(Interrupt) -> ViewScript in
                try Self.withEvaluator(syntax, source: combinedSource, dark: dark, assets: assets, rootProposal: rootProposal) { library, evaluator throws(Interrupt) in
                    evaluator.limits = limits
                    return try library.script(.preview(expansion), evaluator: evaluator, horizonSeconds: horizonSeconds)
                }
            }
        } catch {
            switch error {
            case let .error(error): throw located(error.message, at: error.location)
            case let .thrown(value, location): throw located("an error was thrown and not caught: \(value.text)", at: location)
            case .cancelled, .nilInOptionalChain: throw .source(combinedSource.diagnostic(error))
            }
        }
        script.source = scriptSource(expression: expression)
        return script
    }

    /// Runs `body` with a library and an evaluator of `syntax`; the library is handed back for
    /// the next run when nothing made in this one still holds it.
    private static func withEvaluator<T>(_ syntax: SourceFileSyntax, source: SourceText, dark: Bool, assets: AssetCatalog,
                                         rootProposal: StageSize = SceneConfiguration.defaultProposal,
                                         _ body: (SwiftUILibrary, Evaluator) throws(Interrupt) -> T) throws(Interrupt) -> T {
        // The only references to the library and the evaluator outside what the run makes, so
        // that `recycle` sees whether anything made in the run still holds them.
        var library: SwiftUILibrary? = SwiftUILibrary.make(locate: { offset in
            let location = source.location(ofOffset: offset)
            return SourceLocation(line: location.line, column: location.column, offset: location.offset)
        })
        var evaluator: Evaluator?
        defer { SwiftUILibrary.recycle(&library, evaluator: &evaluator) }
        library!.isDark = dark
        library!.assets = assets
        library!.rootProposal = rootProposal
        evaluator = try Evaluator(file: syntax, library: library!.native)
        return try body(library!, evaluator!)
    }

    private static func root(of candidate: Candidate, evaluator: Evaluator) throws(Interrupt) -> RootView {
        switch candidate.kind {
        case let .view(typeName):
            guard let type = evaluator.types[typeName] else { throw .error("cannot find '\(typeName)'", at: .start) }
            return .view(type)
        case let .provider(typeName):
            guard let type = evaluator.types[typeName] else { throw .error("cannot find '\(typeName)'", at: .start) }
            return .previewProvider(type)
        case let .preview(index):
            return .preview(evaluator.previews[index].expansion)
        }
    }

    // MARK: Every preview

    /// Every preview of the file, in source order, as Xcode's canvas lists them: each
    /// `#Preview`, and each view a `PreviewProvider`'s `previews` shows (the views of its
    /// builder block, of a `Group` or a `ForEach` at its top), with the traits each is written
    /// with. Empty for a file without previews.
    ///
    /// - Parameter dark: Whether `@Environment(\.colorScheme)` reads `.dark` while `previews`
    ///   is evaluated.
    /// - Throws: ``SwiftUISourceError/source(_:)`` for code in a preview that cannot run, or a
    ///   trait that cannot apply (an orientation: there is no device to turn).
    public func previews(dark: Bool = false) throws(SwiftUISourceError) -> [PreviewVariant] {
        let source = self.source
        let syntax = self.syntax
        let stem = Self.stem(of: fileName)
        var result: [PreviewVariant] = []
        var unnamedPreviews = 0
        if candidates.contains(where: \.isPreview) { try checkPreviewNames() }
        for candidate in candidates where candidate.isPreview {
            let traits: [PreviewTraits]
            do throws(Interrupt) {
                traits = try LargeStack.run { () throws(Interrupt) -> [PreviewTraits] in
                    try Self.withEvaluator(syntax, source: source, dark: dark, assets: assets) { library, evaluator throws(Interrupt) in
                        try library.previewVariants(of: try Self.root(of: candidate, evaluator: evaluator), evaluator: evaluator)
                    }
                }
            } catch {
                throw .source(source.diagnostic(error))
            }
            for (index, trait) in traits.enumerated() {
                let title: String
                if let name = trait.displayName {
                    title = name
                } else if case .preview = candidate.kind {
                    // An unnamed #Preview is named after its file, as the file names the view it shows.
                    unnamedPreviews += 1
                    title = unnamedPreviews == 1 ? stem : "\(stem) \(unnamedPreviews)"
                } else {
                    // `Spinner_Previews` previews `Spinner` (Xcode's template names providers so).
                    var base = candidate.name
                    if base.hasSuffix("_Previews"), base.count > "_Previews".count { base.removeLast("_Previews".count) }
                    title = index == 0 ? base : "\(base) \(index + 1)"
                }
                result.append(PreviewVariant(view: candidate.name, index: index, count: traits.count, title: title,
                                             layout: trait.layout ?? .device, line: trait.location.line, column: trait.location.column))
            }
        }
        return result
    }

    /// The script of one of ``previews(dark:)``: the preview's view, framed to its size for a
    /// `.fixed` layout.
    ///
    /// - Parameters:
    ///   - preview: One of ``previews(dark:)``.
    ///   - dark: Whether the render is dark; a preview's `.preferredColorScheme` overrides it
    ///     (``Scene/ViewScript/preferredAppearance`` says which it asked for).
    /// - Throws: As ``script(view:dark:horizonSeconds:)``.
    public func script(preview: PreviewVariant, dark: Bool = false, horizonSeconds: Double = SwiftProgram.defaultHorizonSeconds)
    throws(SwiftUISourceError) -> ViewScript {
        guard let candidate = candidates.first(where: { $0.name == preview.view }) else {
            throw .viewSelection(.unknownView(preview.view, available: viewNames))
        }
        var fixedSize: (width: Double, height: Double)?
        if case let .fixed(width, height) = preview.layout { fixedSize = (width, height) }
        var variant: Int?
        if case .provider = candidate.kind { variant = preview.index }
        return try run(candidate, dark: dark, horizonSeconds: horizonSeconds, variant: variant, fixedSize: fixedSize)
    }

    /// `Spinner` for `Sources/Spinner.swift`; `Preview` for standard input.
    private static func stem(of fileName: String) -> String {
        var name = String(fileName.split(separator: "/").last ?? "")
        if name.hasSuffix(".swift") { name.removeLast(".swift".count) }
        if name.isEmpty || name.hasPrefix("<") { return "Preview" }
        return name
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
        let words = Self.wordCounts(text, of: Set(result.lazy.filter { !$0.isPreview }.map(\.name)))
        for index in result.indices where !result[index].isPreview {
            result[index].isUsedByOthers = (words[result[index].name] ?? 0) > 1
        }
        return result
    }

    /// How often each of `names` occurs in the code of the text as a whole identifier-like
    /// word: comments and string literals do not count.
    ///
    /// Words are cut on the UTF-8 bytes: a byte of a multi-byte scalar counts as a word byte, so
    /// a non-ASCII identifier stays whole (the names are the file's own identifiers), and only a
    /// word as long as some name is looked up. When it and every name are ASCII it is compared
    /// byte by byte with the names of its length, which is what `String` equality is for ASCII
    /// text: making each such word a `String` and hashing it cost as much as reading the
    /// file's declarations. Any other word is looked up as a `String`, since canonical
    /// equivalence can make different bytes equal.
    private static func wordCounts(_ text: String, of names: Set<String>) -> [String: Int] {
        var counts: [String: Int] = [:]
        guard let longest = names.lazy.map({ $0.utf8.count }).max() else { return counts }
        // The names' bytes end to end, and their (length, first byte) keys in order with the
        // first entry of each key in a table: most words are told apart from every name by a
        // table look-up, with no hashing or reference counting in the loop.
        let ordered = names.sorted()
        var flat: [UInt8] = []
        var entries: [(key: Int, index: Int, start: Int)] = []
        for (index, name) in ordered.enumerated() {
            entries.append((name.utf8.count * 256 + Int(name.utf8.first ?? 0), index, flat.count))
            flat += name.utf8
        }
        entries.sort { ($0.key, $0.index) < ($1.key, $1.index) }
        var firstEntry = [Int](repeating: -1, count: (longest + 1) * 256)
        for (position, entry) in entries.enumerated().reversed() { firstEntry[entry.key] = position }
        var found = [Int](repeating: 0, count: ordered.count)
        let namesAreASCII = names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        var text = text
        text.withUTF8 { bytes in
            func word(from start: Int, to end: Int, isASCII: Bool) {
                let length = end - start
                guard length <= longest else { return }
                let wordBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if isASCII && namesAreASCII {
                    let key = length * 256 + Int(wordBytes[0])
                    var position = firstEntry[key]
                    guard position >= 0 else { return }
                    while position < entries.count && entries[position].key == key {
                        let entry = entries[position]
                        if flat[entry.start..<entry.start + length].elementsEqual(wordBytes) {
                            found[entry.index] += 1
                            return
                        }
                        position += 1
                    }
                    return
                }
                let word = String(decoding: wordBytes, as: UTF8.self)
                if names.contains(word) { counts[word, default: 0] += 1 }
            }
            Self.byteClasses.withUnsafeBufferPointer { classes in
                let count = bytes.count
                var index = 0
                while index < count {
                    let value = bytes[index]
                    switch classes[Int(value)] {
                    case Self.wordByte:
                        // The whole word at once.
                        let start = index
                        var isASCII = value < 0x80
                        index += 1
                        while index < count, classes[Int(bytes[index])] == Self.wordByte {
                            if bytes[index] >= 0x80 { isASCII = false }
                            index += 1
                        }
                        word(from: start, to: index, isASCII: isASCII)
                    case Self.commentOrStringStart:
                        // A name in a comment (an Xcode header's `//  Dots.swift`) or in a string
                        // (`Text("Dots")`) is not a use of the view.
                        index = Self.endOfCommentOrString(bytes, at: index) ?? index + 1
                    default:
                        index += 1
                    }
                }
            }
        }
        for (index, count) in found.enumerated() where count > 0 { counts[ordered[index], default: 0] += count }
        return counts
    }

    private static let otherByte: UInt8 = 0
    private static let wordByte: UInt8 = 1
    private static let commentOrStringStart: UInt8 = 2

    /// What each byte is to ``wordCounts(_:of:)``: part of a word (`_`, an ASCII letter or
    /// digit, or any byte of a multi-byte scalar), a byte that can start a comment or a string
    /// (`/`, `"`, `#`), or neither.
    private static let byteClasses: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        if byte >= 0x80 || byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) {
            return wordByte
        }
        return byte == 0x2F || byte == 0x22 || byte == 0x23 ? commentOrStringStart : otherByte
    }

    /// Where the comment or string literal that starts at `index` ends (the index after it),
    /// or `nil` when none starts there: `//` to the end of the line, `/* */` nested, and string
    /// literals, `"…"` with escapes, `"""…"""` and raw `#"…"#` (any number of `#`).
    private static func endOfCommentOrString(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let count = bytes.count
        func byte(_ i: Int) -> UInt8 { i < count ? bytes[i] : 0 }
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
        let backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
        switch bytes[index] {
        case slash where byte(index + 1) == slash:
            var i = index + 2
            while i < count, bytes[i] != newline { i += 1 }
            return i
        case slash where byte(index + 1) == star:
            var depth = 1, i = index + 2
            while i < count, depth > 0 {
                if bytes[i] == slash, byte(i + 1) == star {
                    depth += 1
                    i += 2
                } else if bytes[i] == star, byte(i + 1) == slash {
                    depth -= 1
                    i += 2
                } else {
                    i += 1
                }
            }
            return i
        case quote, hash:
            var hashes = 0, i = index
            while byte(i) == hash { hashes += 1; i += 1 }
            guard byte(i) == quote else { return nil }
            let multiline = byte(i + 1) == quote && byte(i + 2) == quote
            let quotes = multiline ? 3 : 1
            i += quotes
            while i < count {
                if bytes[i] == backslash, hashes == 0 {
                    i += 2
                    continue
                }
                if bytes[i] == quote {
                    var closes = true
                    for k in 0..<quotes where byte(i + k) != quote { closes = false }
                    for k in 0..<hashes where byte(i + quotes + k) != hash { closes = false }
                    if closes { return i + quotes + hashes }
                }
                if !multiline, bytes[i] == newline { return i }
                i += 1
            }
            return count
        default:
            return nil
        }
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

/// One preview of a file (``SwiftProgram/previews(dark:)``): which declaration shows it, its
/// title and where it is written, and the layout it asks for.
public struct PreviewVariant: Hashable, Sendable {
    /// The name `--view` takes for the declaration: the `#Preview`'s (``SwiftProgram/viewNames``)
    /// or the `PreviewProvider`'s.
    public var view: String
    /// Which of the declaration's previews, from 0 (a `#Preview` has one).
    public var index: Int
    /// How many previews the declaration shows.
    public var count: Int
    /// What the preview is called: its `#Preview` name or `.previewDisplayName`; else, for an
    /// unnamed `#Preview`, the file's name without `.swift` (`Spinner`, then `Spinner 2` …);
    /// for a provider's preview, the provider's name without `_Previews` (numbered from the
    /// second).
    public var title: String
    /// The container it is shown in.
    public var layout: PreviewLayout
    /// Where the preview is written: the `#Preview`, or the view in `previews` (1-based).
    public var line: Int
    /// The column of ``line``, 1-based.
    public var column: Int

    /// A preview.
    public init(view: String, index: Int, count: Int, title: String, layout: PreviewLayout, line: Int, column: Int) {
        self.view = view
        self.index = index
        self.count = count
        self.title = title
        self.layout = layout
        self.line = line
        self.column = column
    }
}
