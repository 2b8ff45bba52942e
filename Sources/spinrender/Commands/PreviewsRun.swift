import SpinRender

/// `spinrender <source> -o <folder>/` (or `--all-previews`): every preview of a file or a folder
/// of files, rendered into a folder with its index (``PreviewFolder``).
enum PreviewsRun {
    /// Whether a render writes every preview: `--all-previews`, a folder as the source, or an
    /// output that is a folder (ends in `/`, or names one).
    static func isFolderRun(source: String, output: String, _ arguments: ParsedArguments) -> Bool {
        guard source != "-" else { return false }
        return arguments.has("all-previews") || output.hasSuffix("/") || InputFile.isDirectory(source)
            || (output != "-" && InputFile.isDirectory(output))
    }

    /// Options that write one file, which a folder of previews cannot take.
    static let singleFileOptions = ["poster", "view", "at"]

    static func run(source: String, folder: String, _ arguments: ParsedArguments, console: Console) throws -> Int32 {
        if folder == "-" {
            throw UsageError(message: "The previews of '\(Echo.cut(source, limit: Echo.pathLimit))' are several files; give a folder as '-o, --output <output>', not '-'")
        }
        if let option = singleFileOptions.first(where: arguments.has) {
            throw UsageError(message: "The option '--\(option)' applies to one output file; every preview is rendered into the folder '\(Echo.cut(folder, limit: Echo.pathLimit))', so leave it out")
        }
        if let suffix = OutputFile.foreignExtension(folder, expected: ""), !folder.hasSuffix("/"), !InputFile.isDirectory(folder) {
            throw UsageError(message: "The value '\(Echo.cut(folder, limit: Echo.pathLimit))' for '-o, --output <output>' names a '\(suffix)' file; every preview is rendered into a folder: give one (ending in '/')")
        }
        let values = arguments.settingValues
        try RenderSettings.checkSourceOptions(values, source: source)
        let sources = try PreviewFolder.sources(source)
        let jobs = try PreviewFolder.plan(sources: sources, values: values, folder: folder, warn: console.warning)
        let index = try PreviewFolder.write(jobs, into: folder) { number in
            console.info("rendering \(jobs[number].fileName) (\(jobs[number].source):\(jobs[number].preview.line))")
        }
        let written = Set(jobs.map(\.fileName))
        for entry in index where written.contains(entry.file) {
            console.info("\(folder.hasSuffix("/") ? folder : folder + "/")\(entry.file): \(entry.width)×\(entry.height) px, \(entry.appearance), \(entry.layout)")
        }
        console.info("\(jobs.count) preview\(jobs.count == 1 ? "" : "s") of \(sources.count) file\(sources.count == 1 ? "" : "s"); index \(PreviewFolder.indexName)")
        return 0
    }
}
