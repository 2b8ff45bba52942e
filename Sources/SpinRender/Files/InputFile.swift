import Glibc

/// Reads input files whole, with errors a user can act on.
public enum InputFile {
    /// The bytes of the regular file at `path`.
    ///
    /// - Parameter maximumBytes: files larger than this are refused before reading.
    /// - Throws: ``SpinRenderError`` `.missingInput` when the file does not exist or cannot
    ///   be opened, `.badData` when it is a directory or larger than `maximumBytes`,
    ///   `.ioError` when reading fails.
    public static func read(_ path: String, maximumBytes: Int = 1 << 30) throws(SpinRenderError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            throw SpinRenderError(.missingInput, "cannot read '\(path)': \(describeErrno(errno))")
        }
        defer { close(fd) }
        guard let info = POSIX.status(descriptor: fd) else {
            throw SpinRenderError(.ioError, "cannot read '\(path)': \(describeErrno(errno))")
        }
        if info.isDirectory {
            throw SpinRenderError(.badData, "'\(path)' is a directory, not a file")
        }
        if info.isRegularFile && info.size > maximumBytes {
            throw SpinRenderError(.badData, "'\(path)' is \(info.size) bytes, more than the \(maximumBytes)-byte limit")
        }
        return try readAll(fd, name: "'\(path)'", maximumBytes: maximumBytes)
    }

    /// The bytes of standard input, read to its end, for an input given as `-`.
    ///
    /// - Throws: ``SpinRenderError`` `.badData` past `maximumBytes`, `.ioError` when
    ///   reading fails.
    public static func readStandardInput(maximumBytes: Int = 1 << 30) throws(SpinRenderError) -> [UInt8] {
        try readAll(STDIN_FILENO, name: "standard input", maximumBytes: maximumBytes)
    }

    /// Reads `fd` to its end; `name` is the quoted path or "standard input" for messages.
    private static func readAll(_ fd: Int32, name: String, maximumBytes: Int) throws(SpinRenderError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = POSIX.retryingInterrupts { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if count < 0 {
                throw SpinRenderError(.ioError, "cannot read \(name): \(describeErrno(errno))")
            }
            if count == 0 { break }
            if bytes.count + count > maximumBytes {
                throw SpinRenderError(.badData, "\(name) is more than the \(maximumBytes)-byte limit")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Whether `path` names an existing directory.
    public static func isDirectory(_ path: String) -> Bool {
        POSIX.status(path)?.isDirectory ?? false
    }

    /// Whether two paths name the same existing file (same device and inode).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let first = POSIX.status(a), let second = POSIX.status(b) else { return false }
        return first.isSameFile(as: second)
    }

    /// Whether `path` names an entry of the existing folder `folder` (whether or not the entry
    /// exists yet), for outputs that must not be written into an input frame folder.
    public static func isEntry(_ path: String, of folder: String) -> Bool {
        isDirectory(folder) && sameFile(OutputFile.folder(of: path), folder)
    }

    /// The file `path` names, spelled one way: absolute, with the longest leading part that
    /// exists resolved through symbolic links, `.` and `..` removed from the rest.
    ///
    /// Two spellings of one file (`a.gif` and `/work/a.gif`, `sub/a.gif` and `link-to-sub/a.gif`)
    /// give the same string, also when the file or its folders do not exist yet. A symbolic link
    /// that dangles is spelled as the file it names, which writing through it creates
    /// (``OutputFile``), not as the link.
    public static func canonicalPath(_ path: String) -> String {
        var path = path
        if POSIX.isSymbolicLink(path), let target = try? OutputFile.linkTarget(path) {
            path = target
        }
        var absolute = path
        if !path.hasPrefix("/"), let folder = getcwd(nil, 0) {
            absolute = String(cString: folder) + "/" + path
            free(folder)
        }
        let parts = absolute.split(separator: "/")
        for kept in stride(from: parts.count, through: 0, by: -1) {
            guard let resolved = realpath("/" + parts[..<kept].joined(separator: "/"), nil) else { continue }
            let head = String(cString: resolved)
            free(resolved)
            return BatchManifest.normalize(([head] + parts[kept...].map(String.init)).joined(separator: "/"))
        }
        return BatchManifest.normalize(absolute)
    }

    /// Whether anything exists at `path`.
    public static func exists(_ path: String) -> Bool {
        POSIX.status(path) != nil
    }

    /// Whether anything exists at `path`, telling "not there" from "cannot look": a folder on
    /// the way that the user may not search is an error, not a missing file.
    ///
    /// - Throws: ``SpinRenderError`` `.missingInput` when `path` cannot be looked up for a
    ///   reason other than its absence (`EACCES`, `ELOOP` …).
    public static func existsOrThrows(_ path: String) throws(SpinRenderError) -> Bool {
        if POSIX.status(path) != nil { return true }
        if errno == ENOENT || errno == ENOTDIR { return false }
        throw SpinRenderError(.missingInput, "cannot read '\(path)': \(describeErrno(errno))")
    }

    /// Creates `path` and its missing parents, like `mkdir -p`.
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` naming the folder.
    public static func makeFolder(_ path: String) throws(SpinRenderError) {
        if isDirectory(path) { return }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if !isDirectory(prefix) && mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw SpinRenderError(.cannotCreate, "cannot create folder '\(path)': \(describeErrno(errno))")
            }
            prefix += "/"
        }
    }

    /// The names in a folder, sorted.
    public static func list(_ folder: String) throws(SpinRenderError) -> [String] {
        guard let directory = opendir(folder) else {
            throw SpinRenderError(.missingInput, "cannot read folder '\(folder)': \(describeErrno(errno))")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
