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
        try read(path, maximumBytes: maximumBytes) { size in
            size.map { SpinRenderError(.badData, "'\(path)' is \($0) bytes, more than the \(maximumBytes)-byte limit") }
                ?? SpinRenderError(.badData, "'\(path)' is more than the \(maximumBytes)-byte limit")
        }
    }

    /// The bytes of `path` (standard input for `-`), refused with `refusal` past `maximumBytes`:
    /// a regular file by its size before anything is read (`refusal` gets the size), any other
    /// file (a pipe, a device such as `/dev/zero`) as soon as more than `maximumBytes` have
    /// arrived (`refusal` gets `nil`). So reading holds at most about `maximumBytes`, however
    /// large or endless the input: a regular file is read into a buffer of its size, a stream
    /// in chunks joined once at the end, each freed as it is copied.
    ///
    /// - Throws: `refusal`'s error; ``SpinRenderError`` `.missingInput` when the file does
    ///   not exist or cannot be opened, `.badData` when it is a directory, `.ioError` when
    ///   reading fails.
    public static func read(_ path: String, maximumBytes: Int,
                            refusal: (_ size: Int?) -> SpinRenderError) throws(SpinRenderError) -> [UInt8] {
        if path == "-" {
            return try readAll(STDIN_FILENO, name: "standard input", size: nil, maximumBytes: maximumBytes, refusal: refusal)
        }
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
            throw refusal(info.size)
        }
        return try readAll(fd, name: "'\(path)'", size: info.isRegularFile ? info.size : nil,
                           maximumBytes: maximumBytes, refusal: refusal)
    }

    /// The size of the regular file at `path` in bytes; `nil` for anything else (a folder, a
    /// pipe, a device, standard input, a missing file).
    public static func regularFileSize(_ path: String) -> Int? {
        guard path != "-", let info = POSIX.status(path), info.isRegularFile else { return nil }
        return info.size
    }

    /// At most the first `count` bytes of the file at `path` (a header), without reading the rest.
    ///
    /// - Throws: as ``read(_:maximumBytes:)``.
    public static func head(_ path: String, count: Int) throws(SpinRenderError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            throw SpinRenderError(.missingInput, "cannot read '\(path)': \(describeErrno(errno))")
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = POSIX.retryingInterrupts { bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, count - filled) } }
            if got < 0 { throw SpinRenderError(.ioError, "cannot read '\(path)': \(describeErrno(errno))") }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }

    /// The bytes of standard input, read to its end, for an input given as `-`.
    ///
    /// - Throws: ``SpinRenderError`` `.badData` past `maximumBytes`, `.ioError` when
    ///   reading fails.
    public static func readStandardInput(maximumBytes: Int = 1 << 30) throws(SpinRenderError) -> [UInt8] {
        try readAll(STDIN_FILENO, name: "standard input", size: nil, maximumBytes: maximumBytes) { _ in
            SpinRenderError(.badData, "standard input is more than the \(maximumBytes)-byte limit")
        }
    }

    /// Reads `fd` to its end; `name` is the quoted path or "standard input" for messages,
    /// `size` the regular file's size (its buffer is allocated once), `nil` for a stream.
    private static func readAll(_ fd: Int32, name: String, size: Int?, maximumBytes: Int,
                                refusal: (Int?) -> SpinRenderError) throws(SpinRenderError) -> [UInt8] {
        let chunkSize = 1 << 20
        var bytes: [UInt8] = []
        if let size { bytes.reserveCapacity(size + 1) }
        // A stream's chunks, joined at the end: growing one array by doubling would hold the old
        // and the new buffer at once, twice the input.
        var chunks: [[UInt8]] = []
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = POSIX.retryingInterrupts { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if count < 0 {
                throw SpinRenderError(.ioError, "cannot read \(name): \(describeErrno(errno))")
            }
            if count == 0 { break }
            if total + count > maximumBytes {
                throw refusal(nil)
            }
            total += count
            if size != nil {
                bytes.append(contentsOf: chunk[0..<count])
            } else {
                if chunks.last.map({ $0.count + count > chunkSize }) ?? true {
                    chunks.append([])
                    chunks[chunks.count - 1].reserveCapacity(chunkSize)
                }
                chunks[chunks.count - 1].append(contentsOf: chunk[0..<count])
            }
        }
        guard size == nil else { return bytes }
        bytes.reserveCapacity(total)
        for index in chunks.indices {
            bytes.append(contentsOf: chunks[index])
            chunks[index] = []
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
        // The name is read where the entry holds it: an entry is only as long as its name
        // (`d_reclen`), so copying out the whole 256-byte `d_name` read past its allocation.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        while let entry = readdir(directory) {
            let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
