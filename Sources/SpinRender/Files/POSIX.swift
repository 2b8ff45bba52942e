import Glibc

/// The POSIX calls of the file code in one place, in the manner of swift-system's syscall shims:
/// each takes and returns Swift values, leaves `errno` as the call set it for the caller's
/// message, and retries a call that a signal interrupted (`EINTR`) where repeating it is safe.
enum POSIX {
    /// What `stat` says about a file.
    struct FileStatus {
        /// The raw `stat` record.
        let info: stat

        /// The file type bits (`S_IFREG`, `S_IFDIR`, `S_IFLNK` …).
        var type: mode_t { info.st_mode & S_IFMT }
        var isRegularFile: Bool { type == S_IFREG }
        var isDirectory: Bool { type == S_IFDIR }
        var isSymbolicLink: Bool { type == S_IFLNK }
        /// The permission bits, including set-id and sticky (`0o7777`).
        var permissions: mode_t { info.st_mode & 0o7777 }
        /// Size in bytes (meaningful for regular files).
        var size: Int { Int(info.st_size) }
        /// Whether both describe the same file (same device and inode).
        func isSameFile(as other: FileStatus) -> Bool {
            info.st_dev == other.info.st_dev && info.st_ino == other.info.st_ino
        }
    }

    /// `stat(2)` of `path`, following symbolic links, or `nil` with `errno` set.
    static func status(_ path: String) -> FileStatus? {
        var info = stat()
        return stat(path, &info) == 0 ? FileStatus(info: info) : nil
    }

    /// `lstat(2)` of `path`: a symbolic link itself, not what it leads to; `nil` with `errno` set.
    static func linkStatus(_ path: String) -> FileStatus? {
        var info = stat()
        return lstat(path, &info) == 0 ? FileStatus(info: info) : nil
    }

    /// `fstat(2)` of an open descriptor, or `nil` with `errno` set.
    static func status(descriptor: Int32) -> FileStatus? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileStatus(info: info) : nil
    }

    /// Whether `path` is a symbolic link.
    static func isSymbolicLink(_ path: String) -> Bool {
        linkStatus(path)?.isSymbolicLink ?? false
    }

    /// `body`'s result, calling it again while it fails with `EINTR` (a signal arrived before
    /// any data moved, so repeating the call is what the caller meant).
    static func retryingInterrupts<Result: BinaryInteger>(_ body: () -> Result) -> Result {
        while true {
            let result = body()
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// `mkstemp(3)`: creates a new file from `template` (ending in `XXXXXX`), mode 0600, and
    /// returns its descriptor and name, or `nil` with `errno` set.
    static func makeTemporaryFile(template: String) -> (descriptor: Int32, path: String)? {
        var buffer = Array(template.utf8CString)
        let fd = buffer.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        return (fd, buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }
}

/// The C library's text for an `errno` value, e.g. "No space left on device".
func describeErrno(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
