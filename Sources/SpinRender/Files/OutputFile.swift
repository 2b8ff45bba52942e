import Glibc

/// Writes output files without ever losing a user's existing file.
///
/// A regular file (or a path that does not exist yet) is written to a temporary file in the
/// same folder, which is then renamed over the target, so a failed run leaves an existing file
/// byte-identical and no partial file behind. A new file gets mode 0666 minus the umask
/// (0644 under the usual umask 022), not the 0600 of `mkstemp`; a replaced file keeps its
/// mode (a file the user may not write is refused, not replaced), and a symbolic link stays a
/// link (the file it points to is replaced, or created when the link dangles). Anything that is
/// not a regular file — a device such as `/dev/full`, a FIFO — is written in place, never
/// replaced by a rename. The path `-` means standard output.
public enum OutputFile {
    /// Writes `bytes` to `path`.
    ///
    /// - Throws: ``SpinRenderError`` — `.cannotCreate` when the file cannot be created
    ///   (missing folder, a directory in the way, no permission, read-only file system), `.ioError`
    ///   when writing fails part-way (disk full). Either way nothing is left behind.
    public static func write(_ bytes: [UInt8], to path: String) throws(SpinRenderError) {
        try write(bytes, to: path, using: systemWrite)
    }

    /// `write(2)`; tests substitute a failing writer to simulate a full disk.
    typealias Writer = (Int32, UnsafeRawBufferPointer) -> Int

    static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int { Glibc.write(fd, buffer.baseAddress, buffer.count) }

    static func write(_ bytes: [UInt8], to path: String, using writer: Writer = systemWrite,
                      removingStale: Bool = true) throws(SpinRenderError) {
        try prepare(path, removingStale: removingStale).commit(bytes, using: writer)
    }

    /// Checks that `path` can be written and, for a regular file, creates its temporary file
    /// now, before the work that produces the bytes.
    ///
    /// A long render then fails at once on an output it could never write (exit 73), and
    /// SIGINT, SIGTERM or another terminating signal during the render removes the temporary file (see
    /// ``TemporaryFiles/installSignalCleanup()``). Standard output (`-`) and anything that is
    /// not a regular file are opened only by ``PendingOutput/commit(_:)``: opening a FIFO
    /// blocks until it has a reader.
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` as ``write(_:to:)`` does.
    public static func prepare(_ path: String) throws(SpinRenderError) -> PendingOutput {
        try prepare(path, removingStale: true)
    }

    /// ``prepare(_:)``; with `removingStale`, first removes the temporaries of this output that
    /// killed runs left behind (``StaleTemporaries``). A frame folder's staging folder is new
    /// and holds none, so its frames are written without listing it for each one.
    static func prepare(_ path: String, removingStale: Bool) throws(SpinRenderError) -> PendingOutput {
        if path == "-" { return PendingOutput(path: path, target: .standardOutput) }
        // A symbolic link stays a link: the file it points to is replaced (in its own folder).
        var destination = path
        if POSIX.isSymbolicLink(path) {
            destination = try linkTarget(path)
        }
        // A file that is replaced keeps its permissions; a new one gets 0666 minus the umask.
        var mode = 0o666 & ~currentUmask
        if let info = POSIX.status(destination) {
            if info.isDirectory {
                throw SpinRenderError(.cannotCreate, "cannot create '\(path)': it is a directory")
            }
            if !info.isRegularFile { return PendingOutput(path: path, target: .inPlace) }
            // A file its owner made read-only is kept, as a shell's `>`, `curl -o` and ImageMagick
            // do, although the rename could replace it.
            if access(destination, W_OK) != 0 {
                throw SpinRenderError(.cannotCreate, "cannot write '\(path)': \(describeErrno(errno))")
            }
            mode = info.permissions
        }
        // The temporary name adds at most 31 characters (the process ID among them); a long
        // name is shortened in it so that any name the file system allows can be written.
        let name = String((destination.split(separator: "/").last.map(String.init) ?? "output").prefix(200))
        if removingStale { StaleTemporaries.remove(in: folder(of: destination), name: name, target: destination) }
        let template = StaleTemporaries.template(in: folder(of: destination), name: name)
        let (fd, temporary, slot) = try TemporaryFiles.withCleanupDeferred { () throws(SpinRenderError) -> (Int32, String, Int?) in
            guard let (fd, temporary) = POSIX.makeTemporaryFile(template: template) else {
                throw SpinRenderError(.cannotCreate, "cannot create '\(path)': \(describeErrno(errno))")
            }
            return (fd, temporary, TemporaryFiles.register(temporary))
        }
        return PendingOutput(path: path, destination: destination,
                             target: .temporary(fd: fd, path: temporary, slot: slot, mode: mode))
    }

    /// The file the symbolic link at `path` leads to, through any chain of links; for a link
    /// that dangles, the missing file it names, which is then created.
    ///
    /// Writing through a dangling link is what a shell's `>`, `curl -o` and `ffmpeg` do (GNU `cp`
    /// refuses); replacing the link by a regular file instead would silently cut it.
    ///
    /// - Throws: ``SpinRenderError`` `.cannotCreate` for a loop of links.
    static func linkTarget(_ path: String) throws(SpinRenderError) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var current = path
        // Linux follows at most 40 links in one lookup (path_resolution(7)).
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
            let count = readlink(current, &buffer, buffer.count)
            // Not a link (ENOENT, EINVAL): the name the chain ends on.
            guard count >= 0 else { return current }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
        }
        throw SpinRenderError(.cannotCreate, "cannot create '\(path)': \(describeErrno(ELOOP))")
    }

    /// The extension of a path's last component with its dot, as written (`.gif`, `.PNG`), or
    /// `nil` when it has none: no dot, only a leading dot (`.hidden`), or a path ending in `/`.
    ///
    /// Outputs whose format follows their name use it to refuse a name that promises another
    /// format than the bytes written.
    public static func pathExtension(_ path: String) -> String? {
        guard !path.hasSuffix("/"), let name = path.split(separator: "/").last,
              let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return String(name[dot...])
    }

    /// The extension of `path` when it promises another format than `expected` (such as
    /// `.png` for a GIF output), compared ignoring case; `nil` when the name fits.
    ///
    /// Only names of files count: `-` (standard output), a name without an extension, and
    /// anything that exists and is not a regular file or folder — a device such as `/dev/null`,
    /// a FIFO, followed through symbolic links — pass, since they are written in place and
    /// their names say nothing about a format.
    ///
    /// - Parameter expected: the format's extension with its dot, in lower case (`.gif`).
    public static func foreignExtension(_ path: String, expected: String) -> String? {
        guard path != "-", let suffix = pathExtension(path), suffix.lowercased() != expected else { return nil }
        if let info = POSIX.status(path), !info.isRegularFile && !info.isDirectory { return nil }
        return suffix
    }

    /// The folder part of a path (`.` when there is none).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Writes the temporary file whole, then renames it over `path`; on any failure removes it.
    static func replaceAtomically(_ bytes: [UInt8], at path: String, fd: Int32, temporary: String, slot: Int?,
                                  mode: mode_t, using writer: Writer) throws(SpinRenderError) {
        defer { TemporaryFiles.unregister(slot) }
        do throws(SpinRenderError) {
            try writeAll(bytes, to: fd, name: path, using: writer)
            if fchmod(fd, mode) != 0 {
                throw SpinRenderError(.ioError, "cannot set permissions of '\(path)': \(describeErrno(errno))")
            }
            if close(fd) != 0 {
                throw SpinRenderError(.ioError, "cannot write '\(path)': \(describeErrno(errno))")
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        if rename(temporary, path) != 0 {
            let reason = describeErrno(errno)
            unlink(temporary)
            throw SpinRenderError(.cannotCreate, "cannot create '\(path)': \(reason)")
        }
    }

    static func writeInPlace(_ bytes: [UInt8], to path: String, using writer: Writer) throws(SpinRenderError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        if fd < 0 {
            throw SpinRenderError(.cannotCreate, "cannot open '\(path)' for writing: \(describeErrno(errno))")
        }
        defer { close(fd) }
        try writeAll(bytes, to: fd, name: path, using: writer)
    }

    /// Writes every byte, retrying short writes and EINTR.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, name: String, using writer: Writer) throws(SpinRenderError) {
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = POSIX.retryingInterrupts { writer(fd, UnsafeRawBufferPointer(rebasing: raw[offset...])) }
                if written < 0 {
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == EPIPE {
            // SIGPIPE is ignored (see TemporaryFiles.installSignalCleanup()), so a reader that
            // went away shows up here rather than killing the process.
            throw SpinRenderError(.outputClosed, "cannot write '\(name)': its reader has gone (\(describeErrno(failure)))")
        }
        if failure != 0 {
            throw SpinRenderError(.ioError, "cannot write '\(name)': \(describeErrno(failure))")
        }
    }

    /// The process umask, read once (umask(2) can only be read by setting it).
    static let currentUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()
}

/// An output checked (and, for a regular file, its temporary file created) by
/// ``OutputFile/prepare(_:)``, waiting for its bytes.
///
/// ``commit(_:)`` writes and renames; dropping it uncommitted removes the temporary file, so
/// an error thrown by the work in between leaves nothing behind and the old file untouched.
public final class PendingOutput {
    enum Target {
        case standardOutput
        /// A device or FIFO: opened and written in place, never renamed over.
        case inPlace
        /// A regular file (or none yet): the open temporary file in the same folder.
        case temporary(fd: Int32, path: String, slot: Int?, mode: mode_t)
    }

    /// The path given (`-` for standard output).
    public let path: String
    /// The file actually replaced: `path`, or the file a symbolic link at `path` points to.
    let destination: String
    private var target: Target?

    init(path: String, destination: String? = nil, target: Target) {
        self.path = path
        self.destination = destination ?? path
        self.target = target
    }

    deinit {
        if case .temporary(let fd, let temporary, let slot, _)? = target {
            close(fd)
            unlink(temporary)
            TemporaryFiles.unregister(slot)
        }
    }

    /// Writes `bytes` to the output; at most once.
    ///
    /// - Throws: ``SpinRenderError`` `.ioError` when writing fails part-way (disk full),
    ///   `.outputClosed` (141) when standard output or another pipe has lost its reader,
    ///   `.cannotCreate` when the rename or the in-place open fails. Nothing is left behind.
    public func commit(_ bytes: [UInt8]) throws(SpinRenderError) {
        try commit(bytes, using: OutputFile.systemWrite)
    }

    func commit(_ bytes: [UInt8], using writer: OutputFile.Writer) throws(SpinRenderError) {
        guard let target else { throw SpinRenderError(.software, "'\(path)' was already written") }
        self.target = nil
        switch target {
        case .standardOutput:
            try OutputFile.writeAll(bytes, to: STDOUT_FILENO, name: "standard output", using: writer)
        case .inPlace:
            try OutputFile.writeInPlace(bytes, to: path, using: writer)
        case .temporary(let fd, let temporary, let slot, let mode):
            try OutputFile.replaceAtomically(bytes, at: destination, fd: fd, temporary: temporary, slot: slot,
                                             mode: mode, using: writer)
        }
    }
}
