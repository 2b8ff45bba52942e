/// What ``FileComparison/writeDiff(of:to:)`` writes at a path, decided by the path alone.
///
/// A path ending in `/`, an existing folder, or a name without an extension is a frame folder;
/// `.png` (the first failing frame) and `.gif` (every frame) are files, in any letter case.
/// Any other extension is refused rather than guessed at: `diff.jpg` silently becoming a
/// folder, or a PNG named `.jpg`, would both surprise. A folder whose name has a dot is
/// written by ending the path with `/`.
public enum DiffFormat: Hashable, Sendable {
    /// One PNG: the first failing frame, or the first frame when all pass.
    case png
    /// An animated GIF of every frame.
    case gif
    /// A frame folder (`frame_0000.png` … and `frames.json`).
    case folder

    /// What the path asks for, or `nil` for an extension that is none of these (`diff.jpg`).
    public init?(path: String) {
        if path.hasSuffix("/") || InputFile.isDirectory(path) {
            self = .folder
            return
        }
        switch OutputFile.pathExtension(path)?.lowercased() {
        case nil: self = .folder
        case ".png": self = .png
        case ".gif": self = .gif
        default: return nil
        }
    }

    /// The choices, for messages that refuse a path.
    public static let choices = "give a .png (first failing frame), a .gif (every frame) or a folder (a name without an extension, or ending in '/')"
}
