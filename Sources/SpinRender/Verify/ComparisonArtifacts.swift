import Compare
import GIFCodec
import PNGCodec
import Raster

/// The files a failing comparison leaves for people to look at (`--artifacts DIR`), gathered in
/// one folder a CI job uploads (GitHub Actions' `actions/upload-artifact` with `if: failure()`).
///
/// For each failing frame (a moment when comparing what plays), up to ``frameLimit``:
/// `frame_0003-actual.png`, `frame_0003-expected.png` and `frame_0003-diff.png` (the number is
/// the frame's index in the report); then `diff.gif` (every compared frame at its duration),
/// `report.txt` (the text report) and `report.json` (the JSON report). When only the shape or
/// timing differs, frame 0 is written. Other files can be added before writing — a report page,
/// say — with ``add(_:bytes:)``.
public struct ComparisonArtifacts: Sendable {
    /// One file to write, by its name inside ``folderName``.
    public struct File: Sendable, Hashable {
        /// The file name, without folders (e.g. `frame_0003-diff.png`).
        public var name: String
        /// The bytes.
        public var bytes: [UInt8]
    }

    /// The folder the files go into, inside the artifacts folder: the comparison's name, kept to
    /// letters, digits, `.`, `-` and `_`, with `-failure` appended (e.g. `preview-light@2x`'s
    /// references give `preview-light_2x-failure`).
    public var folderName: String
    /// The files, in the order they are written.
    public private(set) var files: [File]

    /// Failing frames written one by one at most (the text report lists every failing frame
    /// up to the same limit).
    public static let frameLimit = FrameComparisonResult.reportedFrameLimit

    /// The artifacts of `result`, or `nil` when it passed (nothing to look at).
    ///
    /// - Parameters:
    ///   - name: names the comparison, e.g. the expected file or the reference folder; its last
    ///     path component, without a `.gif`/`.png`/`.webp` extension, makes ``folderName``.
    ///   - json: the JSON report to store (`verify` passes its own); `nil` stores the result's.
    /// - Throws: ``SpinRenderError`` `.software` when an image cannot be encoded.
    public static func failing(_ result: FrameComparisonResult, name: String,
                               json: String? = nil) throws(SpinRenderError) -> ComparisonArtifacts? {
        guard result.exitStatus != 0 else { return nil }
        var artifacts = ComparisonArtifacts(folderName: folderName(for: name), files: [])
        let diff = result.makeDiff()
        var indices = result.frames.indices.filter { !result.frames[$0].status.passed }
        if indices.isEmpty && !result.frames.isEmpty { indices = [0] }
        func png(_ image: RGBAImage) throws(SpinRenderError) -> [UInt8] {
            do { return try PNGEncoder.encode(image) } catch {
                throw SpinRenderError(.software, "cannot encode an artifact of '\(name)': \(error)")
            }
        }
        for index in indices.prefix(frameLimit) {
            let stem = "frame_" + FrameFolder.frameName(index).dropFirst("frame_".count).dropLast(".png".count)
            let (actual, expected) = result.shownImages(at: index)
            if let actual { artifacts.add("\(stem)-actual.png", bytes: try png(actual)) }
            if let expected { artifacts.add("\(stem)-expected.png", bytes: try png(expected)) }
            artifacts.add("\(stem)-diff.png", bytes: try png(diff.frames[index].image))
        }
        artifacts.add("diff.gif", bytes: try FileComparison.encodedDiff(of: result, as: .gif, path: name))
        let text = ([result.summaryLine] + result.reportLines).joined(separator: "\n") + "\n"
        artifacts.add("report.txt", bytes: Array(text.utf8))
        artifacts.add("report.json", bytes: Array((json ?? result.jsonReport).utf8))
        return artifacts
    }

    /// Adds a file (replacing one of the same name), e.g. an HTML report of the comparison.
    ///
    /// - Precondition: `name` is a plain file name: not empty, no `/`, not `.` or `..`.
    public mutating func add(_ name: String, bytes: [UInt8]) {
        precondition(!name.isEmpty && !name.contains("/") && name != "." && name != "..", "not a file name: \(name)")
        files.removeAll { $0.name == name }
        files.append(File(name: name, bytes: bytes))
    }

    /// Writes the files into `artifactsFolder/folderName`, creating the folders as needed; each
    /// file replaces one of its name atomically (``OutputFile/write(_:to:)``), other files
    /// already there are left alone.
    ///
    /// - Returns: the paths written, in order.
    /// - Throws: ``SpinRenderError`` `.cannotCreate` (73) or `.ioError` (74) naming the path.
    @discardableResult
    public func write(into artifactsFolder: String) throws(SpinRenderError) -> [String] {
        var base = artifactsFolder
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        let folder = base + "/" + folderName
        try InputFile.makeFolder(folder)
        var written: [String] = []
        for file in files {
            try OutputFile.write(file.bytes, to: folder + "/" + file.name)
            written.append(folder + "/" + file.name)
        }
        return written
    }

    /// ``folderName`` for a comparison named `name`.
    public static func folderName(for name: String) -> String {
        var last = String(name.split(separator: "/").last ?? "comparison")
        for suffix in [".gif", ".png", ".webp"] where last.lowercased().hasSuffix(suffix) && last.count > suffix.count {
            last.removeLast(suffix.count)
        }
        let kept = String(last.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
        let safe = kept.allSatisfy { $0 == "." } ? "comparison" : String(kept.prefix(100))
        return safe + "-failure"
    }
}
