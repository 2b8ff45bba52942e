import FoundationEssentials

/// Every preview of Swift files, rendered into a folder: one file per `#Preview` and per view a
/// `PreviewProvider` shows (``SwiftUISource/SwiftProgram/previews(dark:)``), named after the
/// preview as DocC names asset variants, with an index, `previews.json`.
///
/// A file is named from the preview's title (letters, digits, `-` and `_` kept, anything else
/// a `-`), then `~dark` when the run is dark (`--appearance dark`), then `@2x` or `@3x` at
/// those scales (not for SVG, which has no pixels), then the format's extension:
/// `Spinner.gif`, `Spinner~dark@2x.gif`, as DocC's `@Image` and `@Video` find the light and
/// dark variants and the scales of one resource ("Adding Images to Your Content", DocC
/// documentation: `name~dark@2x.png`). Titles that give one name are told apart by `-2`,
/// `-3` … in the order of the sources.
///
/// Rendering a folder again with `--appearance dark` adds the dark variants: the index keeps
/// the entries of files this run does not write, when those files are still there.
///
/// ```swift
/// let jobs = try PreviewFolder.plan(sources: ["Sources/Spinner.swift"], values: values, folder: "Previews")
/// let index = try PreviewFolder.write(jobs, into: "Previews")
/// ```
public enum PreviewFolder {
    /// The index's name in the folder.
    public static let indexName = "previews.json"

    /// One preview to render: its source, which preview, its settings and its file's name.
    public struct Job: Hashable, Sendable {
        /// The source file, as given (a folder's files under the folder's path).
        public var source: String
        /// The preview.
        public var preview: PreviewVariant
        /// The render, with the command line's settings applied and the output format set.
        public var settings: RenderSettings
        /// The file's name in the folder.
        public var fileName: String
    }

    /// One entry of `previews.json`.
    public struct Entry: Codable, Hashable, Sendable {
        /// The file's name in the folder.
        public var file: String
        /// The preview's title (``SwiftUISource/PreviewVariant/title``).
        public var title: String
        /// The source file, as given.
        public var source: String
        /// Where the preview is written (1-based).
        public var line: Int
        /// The column of ``line`` (1-based).
        public var column: Int
        /// The `--view` name of its declaration (a `#Preview`'s name or a provider's).
        public var view: String
        /// Which of the declaration's previews, from 0.
        public var variant: Int
        /// `device`, `sizeThatFits` or `fixed`.
        public var layout: String
        /// A fixed layout's size in points, `[width, height]`; absent otherwise.
        public var layoutSize: [Double]?
        /// `light` or `dark`: the colours drawn (a `.preferredColorScheme` wins over the run's).
        public var appearance: String
        /// `gif`, `webp`, `svg`, `apng` or `mp4`.
        public var format: String
        /// Pixels per point.
        public var scale: Double
        /// The canvas in pixels.
        public var width: Int
        /// The canvas in pixels.
        public var height: Int

        /// An entry.
        public init(file: String, title: String, source: String, line: Int, column: Int, view: String, variant: Int, layout: String,
                    layoutSize: [Double]?, appearance: String, format: String, scale: Double, width: Int, height: Int) {
            self.file = file
            self.title = title
            self.source = source
            self.line = line
            self.column = column
            self.view = view
            self.variant = variant
            self.layout = layout
            self.layoutSize = layoutSize
            self.appearance = appearance
            self.format = format
            self.scale = scale
            self.width = width
            self.height = height
        }
    }

    /// The most previews one run renders.
    public static let maximumPreviews = 1_000

    /// The most files and folders ``sources(_:)`` looks through under a folder.
    public static let maximumEntries = 100_000

    /// The `.swift` files of `path`: the file itself, or every `.swift` file under the folder
    /// (hidden entries and `.build` left out), sorted by path.
    ///
    /// - Throws: ``SpinRenderError`` `.missingInput` (66) when `path` does not exist or a
    ///   folder cannot be read; `.usage` for a file that is not `.swift`, a folder that holds
    ///   none, or a folder of more than ``maximumEntries`` entries.
    public static func sources(_ path: String) throws(SpinRenderError) -> [String] {
        var root = path
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        guard InputFile.exists(root) else {
            throw SpinRenderError(.missingInput, "cannot read '\(Echo.cut(path, limit: Echo.pathLimit))': No such file or directory")
        }
        guard InputFile.isDirectory(root) else {
            guard root.lowercased().hasSuffix(".swift") else {
                throw SpinRenderError(.usage, "'\(Echo.cut(path, limit: Echo.pathLimit))' is not a .swift file or a folder of them")
            }
            return [root]
        }
        var found: [String] = []
        var visited = 0
        func walk(_ folder: String, depth: Int) throws(SpinRenderError) {
            // Deep enough for any source tree; a link loop ends here.
            guard depth < 32 else { return }
            for name in try InputFile.list(folder) where !name.hasPrefix(".") {
                // A source tree has thousands of entries, not a file system's millions.
                visited += 1
                guard visited <= maximumEntries else {
                    throw SpinRenderError(.usage, "'\(Echo.cut(path, limit: Echo.pathLimit))' holds more than \(maximumEntries) files and folders; give the folder of the views")
                }
                let path = folder == "/" ? "/" + name : folder + "/" + name
                if InputFile.isDirectory(path) {
                    try walk(path, depth: depth + 1)
                } else if name.hasSuffix(".swift") {
                    found.append(path)
                }
            }
        }
        try walk(root, depth: 0)
        guard !found.isEmpty else {
            throw SpinRenderError(.usage, "'\(Echo.cut(path, limit: Echo.pathLimit))' holds no .swift file; give a .swift file or a folder of them")
        }
        return found.sorted()
    }

    /// The file name of a preview: the sanitized title, `~dark`, `@2x`/`@3x`, the extension.
    ///
    /// - Parameters:
    ///   - dark: Whether the run renders dark (the DocC variant shown in dark mode).
    ///   - scale: Pixels per point; `@2x`/`@3x` only at exactly 2 or 3.
    public static func fileName(title: String, dark: Bool, scale: Double, format: OutputFormat) -> String {
        var name = baseName(title)
        if dark { name += "~dark" }
        if format != .svg, scale == 2 || scale == 3 { name += "@\(Int(scale))x" }
        return name + format.fileExtension
    }

    /// A title as a file name: letters, digits, `-` and `_` kept (any script), any run of
    /// other characters one `-` (DocC reserves `~` and `@`, file systems `/`), at most 100
    /// characters; `Preview` when nothing is left.
    public static func baseName(_ title: String) -> String {
        var name = ""
        var pendingDash = false
        for character in title {
            let keep = character == "-" || character == "_" || character.isLetter || character.isNumber
            if keep {
                if pendingDash && !name.isEmpty { name.append("-") }
                pendingDash = false
                name.append(character)
            } else {
                pendingDash = true
            }
            if name.count >= 100 { break }
        }
        return name.isEmpty ? "Preview" : name
    }

    /// The jobs of every preview of `sources`, with `values` applied to each.
    ///
    /// - Parameters:
    ///   - values: The command line's (or manifest entry's) settings; `--view` is refused.
    ///   - options: The settings they may name.
    ///   - folder: The output folder: names are kept unique against the index there.
    ///   - warn: Called with each warning (a symbol outside the library).
    /// - Throws: ``SettingsError``: a source's diagnostic, a bad value, the memory a preview
    ///   would need; `.invalid` when no source has a preview.
    public static func plan(sources: [String], values: SettingValues, options: [Setting<RenderSettings>] = RenderSettings.fileOptions + RenderSettings.renderOptions,
                            folder: String, warn: (String) -> Void = { _ in }) throws(SettingsError) -> [Job] {
        if values.has("view") {
            throw .invalid("The option '--view <name>' chooses one view; every preview is rendered into a folder, so leave it out, or give a file as '-o'")
        }
        let dark = values.value("appearance") == Appearance.dark.rawValue
        var jobs: [Job] = []
        var taken = Set<String>()
        // Files of other sources that the folder's index holds keep their names.
        let kept: [Entry]
        do { kept = try readIndex(in: folder) } catch { throw .failure(error) }
        let sourcesRendered = Set(sources)
        for entry in kept where !sourcesRendered.contains(entry.source) { taken.insert(entry.file.lowercased()) }
        for source in sources {
            var program = try RenderSettings.readProgram(source, including: values.texts["include"] ?? [])
            program.assets = try RenderSettings.readAssets(values.texts["assets"] ?? [])
            let previews: [PreviewVariant]
            do { previews = try program.previews(dark: dark) } catch { throw RenderSettings.settingsError(error, shown: source) }
            for preview in previews {
                // Every render is held until all are done (so a failure writes nothing): bound them.
                guard jobs.count < maximumPreviews else {
                    throw .invalid("the sources have more than \(maximumPreviews) previews, the most one run renders; give fewer files")
                }
                var settings = RenderSettings()
                // A fixed layout is the whole canvas: no margin around it, unless --padding says so.
                if case .fixed = preview.layout { settings.request.scene.padding = 0 }
                do { settings.request.script = try program.script(preview: preview, dark: dark) } catch {
                    throw RenderSettings.settingsError(error, shown: source)
                }
                try settings.apply(values, options: options)
                for warning in try settings.symbolWarnings() { warn("\(source): \(warning)") }
                let format = settings.format ?? .gif
                let base = fileName(title: preview.title, dark: dark, scale: settings.request.scene.scale, format: format)
                var name = base
                var number = 2
                while taken.contains(name.lowercased()) {
                    let stem = String(base.dropLast(format.fileExtension.count))
                    // The number goes on the title, before DocC's suffixes.
                    let suffixStart = stem.firstIndex(where: { $0 == "~" || $0 == "@" }) ?? stem.endIndex
                    name = String(stem[..<suffixStart]) + "-\(number)" + String(stem[suffixStart...]) + format.fileExtension
                    number += 1
                }
                taken.insert(name.lowercased())
                try settings.setOutput(name)
                try settings.checkMemory(holding: SpinRenderer.streamedHolding(settings.request.format))
                // Previews render one at a time, so each may use the whole limit while it runs.
                settings.request.maximumMemoryBytes = settings.maximumMemoryBytes
                jobs.append(Job(source: source, preview: preview, settings: settings, fileName: name))
            }
        }
        if jobs.isEmpty {
            let shown = sources.count == 1 ? "'\(Echo.cut(sources[0], limit: Echo.pathLimit))' has no" : "none of the \(sources.count) Swift files has a"
            throw .invalid("\(shown) #Preview or PreviewProvider to render; give one view with '--view <name>' and a file as '-o'")
        }
        return jobs
    }

    /// Renders every job into `folder` (created when missing) and writes the index.
    ///
    /// Every preview is rendered before any file is written, each file then replaces its old
    /// version atomically (``OutputFile``), and the index last: a run that fails to render
    /// leaves the folder's files as they were.
    ///
    /// - Parameter progress: Called before each job renders, with its index.
    /// - Returns: The index written: the run's entries and the ones kept, sorted by file.
    /// - Throws: ``SpinRenderError``: `.cannotCreate` (73) for a folder that cannot be made
    ///   or a file in the way, `.badData` (65) for an index that cannot be read, `.ioError`.
    public static func write(_ jobs: [Job], into folder: String, progress: (Int) -> Void = { _ in })
    throws(SpinRenderError) -> [Entry] {
        let root = try prepareFolder(folder)
        // Before rendering: a folder that cannot take files fails at once.
        let indexOutput = try OutputFile.prepare(root + "/" + indexName)
        var rendered: [Rendered] = []
        for (number, job) in jobs.enumerated() {
            progress(number)
            rendered.append(try render(job))
        }
        return try commit(rendered, into: root, index: indexOutput)
    }

    /// One preview rendered: its file's bytes and its index entry.
    public struct Rendered: Sendable {
        /// The file's bytes.
        public var bytes: [UInt8]
        /// Its entry in the index.
        public var entry: Entry
        /// The render's warnings.
        public var warnings: [String]
        /// The frames the file holds (0 for an SVG, which draws none).
        public var frameCount: Int
    }

    /// Renders one job (nothing is written).
    public static func render(_ job: Job) throws(SpinRenderError) -> Rendered {
        let request = job.settings.request
        let file = try SpinRenderer.render(request)
        let engine = request.makeEngine()
        var layoutSize: [Double]?
        if case let .fixed(width, height) = job.preview.layout { layoutSize = [width, height] }
        let entry = Entry(file: job.fileName, title: job.preview.title, source: job.source, line: job.preview.line,
                          column: job.preview.column, view: job.preview.view, variant: job.preview.index,
                          layout: job.preview.layout.name, layoutSize: layoutSize,
                          appearance: (request.viewScript.preferredAppearance ?? request.scene.appearance).rawValue,
                          format: request.format.rawValue, scale: request.scene.scale,
                          width: engine.canvasWidth, height: engine.canvasHeight)
        return Rendered(bytes: file.bytes, entry: entry, warnings: file.warnings, frameCount: file.frameCount)
    }

    /// `folder` without a final `/`, created when missing.
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` for a file in the way or a folder that
    ///   cannot be made; `.badData` for an index there that cannot be read.
    static func prepareFolder(_ folder: String) throws(SpinRenderError) -> String {
        let root = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        if InputFile.exists(root) && !InputFile.isDirectory(root) {
            throw SpinRenderError(.cannotCreate, "cannot write previews into '\(Echo.cut(folder, limit: Echo.pathLimit))': a file is in the way; give a folder")
        }
        _ = try readIndex(in: root)
        try InputFile.makeFolder(root)
        return root
    }

    /// Writes rendered previews into `folder`, each file atomically, then the index (the
    /// entries of files not written now kept while their files are there).
    ///
    /// - Parameter index: The index's output, prepared; `nil` prepares it now.
    /// - Returns: The index written.
    public static func commit(_ rendered: [Rendered], into folder: String, index: PendingOutput? = nil) throws(SpinRenderError) -> [Entry] {
        let root = try prepareFolder(folder)
        let indexOutput: PendingOutput
        if let index { indexOutput = index } else { indexOutput = try OutputFile.prepare(root + "/" + indexName) }
        let old = try readIndex(in: root)
        for preview in rendered {
            try OutputFile.prepare(root + "/" + preview.entry.file).commit(preview.bytes)
        }
        let entries = rendered.map(\.entry)
        let written = Set(entries.map(\.file))
        // Entries of files this run did not write stay while their files do (the light variants
        // beside a dark run's).
        let kept = old.filter { entry in !written.contains(entry.file) && InputFile.exists(root + "/" + entry.file) }
        let index = (entries + kept).sorted { $0.file < $1.file }
        try indexOutput.commit(try encodeIndex(index))
        return index
    }

    /// The index's JSON: `{"previews": [...]}`, keys sorted, two-space indents, a final newline.
    public static func encodeIndex(_ entries: [Entry]) throws(SpinRenderError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(Index(previews: entries))) + [0x0A]
        } catch {
            throw SpinRenderError(.software, "the preview index could not be encoded: \(error)")
        }
    }

    /// The entries of the index in `folder`; none when there is none.
    ///
    /// - Throws: ``SpinRenderError`` `.badData` (65) for an index that is not one, so that a
    ///   run never replaces a file it does not understand.
    public static func readIndex(in folder: String) throws(SpinRenderError) -> [Entry] {
        let root = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        let path = root + "/" + indexName
        guard InputFile.isDirectory(root), InputFile.exists(path) else { return [] }
        let bytes = try InputFile.read(path, maximumBytes: 64 << 20)
        do {
            return try JSONDecoder().decode(Index.self, from: Data(bytes)).previews
        } catch {
            throw SpinRenderError(.badData, "\(Echo.cut(path, limit: Echo.pathLimit)): not a spinrender preview index; move it away or remove it")
        }
    }

    private struct Index: Codable {
        var previews: [Entry]
    }
}
