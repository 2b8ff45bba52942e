import Glibc
import Compare

/// The files a comparison writes besides its report — the diff (`--diff`), the JUnit XML
/// (`--junit`) and the HTML report (`--html`) — checked before the comparison and written after it.
///
/// A verdict printed before a file fails to be written would be contradicted by the failure
/// that follows, so every output is checked first, as ``OutputFile/prepare(_:)`` checks a render's: a
/// `.png` or `.gif` diff and the JUnit file get their temporary file in their folder now, and a
/// diff folder's nearest existing folder must take a new folder (one is made and removed). What
/// can still fail afterwards (a full disk, a folder changed meanwhile) fails in ``write(_:suiteName:)``,
/// which callers run before printing the report. Dropping the value unwritten removes the
/// temporary files.
public struct ComparisonOutputs {
    enum Diff {
        case file(PendingOutput, DiffFormat)
        case folder(String)
    }

    let diff: Diff?
    let junit: PendingOutput?
    /// The `--html` report, written by ``writeReport(_:)``.
    var html: PendingOutput? = nil

    /// Checks that the diff and the JUnit report can be created, before any comparison.
    ///
    /// - Parameters:
    ///   - diffPath: the `--diff` path, whose format ``DiffFormat`` decides; `nil` for none.
    ///   - junitPath: the `--junit` path (`-` for standard output); `nil` for none.
    ///   - htmlPath: the `--html` report's path (``ComparisonReport``); `nil` for none.
    /// - Throws: ``SpinRenderError`` `.usage` for a diff extension that is not .png or .gif,
    ///   `.cannotCreate` naming the output that cannot be created and why.
    public static func prepare(diff diffPath: String?, junit junitPath: String?,
                               html htmlPath: String? = nil) throws(SpinRenderError) -> ComparisonOutputs {
        var diff: Diff?
        if let diffPath {
            guard let format = DiffFormat(path: diffPath) else {
                throw SpinRenderError(.usage, "cannot write a diff to '\(diffPath)': the extension '\(OutputFile.pathExtension(diffPath) ?? "")' is not .png or .gif; \(DiffFormat.choices)")
            }
            if format == .folder {
                try checkFolderCanBeWritten(diffPath)
                diff = .folder(diffPath)
            } else {
                diff = .file(try OutputFile.prepare(diffPath), format)
            }
        }
        return ComparisonOutputs(diff: diff, junit: try junitPath.map { path throws(SpinRenderError) in try OutputFile.prepare(path) },
                                 html: try htmlPath.map { path throws(SpinRenderError) in try OutputFile.prepare(path) })
    }

    /// Whether an HTML report was asked for.
    public var writesReport: Bool { html != nil }

    /// Writes the HTML report (atomically; nothing is written when encoding fails), when one was
    /// asked for.
    ///
    /// - Throws: ``SpinRenderError`` `.software` when a frame cannot be encoded, `.cannotCreate`
    ///   (73) or `.ioError` (74) naming the file.
    public func writeReport(_ report: @autoclosure () -> ComparisonReport) throws(SpinRenderError) {
        guard let html else { return }
        try html.commit(try report().htmlBytes())
    }

    /// Whether the JUnit report goes to standard output (`--junit -`); it is then written by
    /// ``writeStandardOutput(_:suiteName:)``, after the report, rather than by ``write(_:suiteName:)``.
    public var junitToStandardOutput: Bool { junit?.path == "-" }

    /// Writes the diff and the JUnit file (unless it goes to standard output).
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` or `.ioError` naming the file.
    public func write(_ result: FrameComparisonResult, suiteName: String) throws(SpinRenderError) {
        switch diff {
        case .file(let pending, let format)?:
            try pending.commit(FileComparison.encodedDiff(of: result, as: format, path: pending.path))
        case .folder(let path)?:
            try FrameFolder.write(result.makeDiff(), to: path, scale: nil, arguments: nil)
        case nil:
            break
        }
        if let junit, !junitToStandardOutput {
            try junit.commit(Array(result.junitXML(suiteName: suiteName).utf8))
        }
    }

    /// Writes a JUnit report made by the caller (``Compare/JUnitSuite/document(_:)`` of several
    /// comparisons), to its file or to standard output.
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` or `.ioError` naming the file.
    public func writeJUnit(_ document: String) throws(SpinRenderError) {
        try junit?.commit(Array(document.utf8))
    }

    /// Writes the JUnit report to standard output when `--junit -` asked for it.
    public func writeStandardOutput(_ result: FrameComparisonResult, suiteName: String) throws(SpinRenderError) {
        if let junit, junitToStandardOutput {
            try junit.commit(Array(result.junitXML(suiteName: suiteName).utf8))
        }
    }

    /// Checks what ``FrameFolder/write(_:to:scale:arguments:)`` will need: an existing `path`
    /// is a folder holding only frames, and the nearest existing folder above it takes a new
    /// folder (its staging folder, and any missing parents).
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` naming `path`.
    static func checkFolderCanBeWritten(_ path: String) throws(SpinRenderError) {
        var target = path
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        if InputFile.exists(target) {
            guard InputFile.isDirectory(target) else {
                throw SpinRenderError(.cannotCreate, "cannot create frame folder '\(target)': a file is in the way")
            }
            try FrameFolder.refuseForeignEntries(in: target)
        }
        var parent = OutputFile.folder(of: target)
        while !InputFile.exists(parent) { parent = OutputFile.folder(of: parent) }
        guard InputFile.isDirectory(parent) else {
            throw SpinRenderError(.cannotCreate, "cannot create frame folder '\(target)': '\(parent)' is not a folder")
        }
        let name = String((target.split(separator: "/").last ?? "frames").prefix(200))
        var template = Array(StaleTemporaries.template(in: parent, name: name, purpose: "check").utf8CString)
        // Made and removed with the cleanup held back, so a signal cannot leave it behind.
        try TemporaryFiles.withCleanupDeferred { () throws(SpinRenderError) in
            guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                throw SpinRenderError(.cannotCreate, "cannot create frame folder '\(target)': \(describeErrno(errno))")
            }
            rmdir(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
    }
}
