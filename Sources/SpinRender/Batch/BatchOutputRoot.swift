/// The folder a batch's outputs must stay under, so a manifest cannot write elsewhere
/// (`"output": "../../etc/x.gif"`, `"/etc/x.gif"`, or a path through a symbolic link that leads
/// out).
///
/// Paths are compared as ``InputFile/canonicalPath(_:)`` spells them: absolute, the part that
/// exists resolved through symbolic links (so a link inside the root that leads out is seen as
/// leading out, and one that leads in as inside), `.` and `..` removed from the rest, and a
/// dangling link at the end taken as the file it names, which writing through it creates. The
/// root itself need not exist yet.
public struct BatchOutputRoot: Hashable, Sendable {
    /// The root as given (for messages).
    public var path: String
    /// The root spelled canonically.
    public var canonicalPath: String

    /// A root at `path`: a folder, relative to the working folder or absolute.
    public init(_ path: String) {
        self.path = path
        canonicalPath = InputFile.canonicalPath(path)
    }

    /// The root of a manifest's outputs when none is chosen: the manifest's own folder.
    public init(manifestPath: String) {
        self.init(OutputFile.folder(of: manifestPath))
    }

    /// Where `output` resolves to when that is outside the root (the canonical path, for the
    /// message); `nil` when it is inside. The root itself is not inside: an output is a file in it.
    public func escape(of output: String) -> String? {
        let resolved = InputFile.canonicalPath(output)
        let prefix = canonicalPath == "/" ? "/" : canonicalPath + "/"
        return resolved.hasPrefix(prefix) && resolved.count > prefix.count ? nil : resolved
    }

    /// Checks one entry's resolved output.
    ///
    /// - Throws: ``SpinRenderError`` `.badData`, one line naming the output as the
    ///   manifest gives it, where it resolves to and the root.
    public func check(_ entry: BatchManifest.Entry) throws(SpinRenderError) {
        guard let outside = escape(of: entry.resolvedOutput) else { return }
        throw SpinRenderError(.badData, "its output '\(entry.output)' resolves to '\(outside)', outside the output root '\(canonicalPath)'; write it under that folder, or choose another root with --output-root")
    }
}
