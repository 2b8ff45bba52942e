import Glibc

/// The names of the hidden temporary files and folders written next to an output, and the
/// removal of those a killed run left behind.
///
/// Every temporary is named `.NAME.spinrender-[PURPOSE-]PID-XXXXXX`: `NAME` the output's file
/// name, `PURPOSE` `new`, `old` or `check` for a frame folder's staging, retired and probe
/// folders (none for a file), `PID` the process that made it, `XXXXXX` from `mkstemp`/`mkdtemp`.
/// A signal removes them (``TemporaryFiles``), but SIGKILL, a power cut or a crash cannot; the
/// next run that writes the same output removes those of its own naming whose process is gone
/// (`kill(PID, 0)` fails with `ESRCH`), never one of a live process: a temporary whose PID now
/// belongs to another process waits until that one ends too. A retired (`old`) folder holds an
/// output's previous frames, cut off between the two renames that replace a frame folder: it
/// is put back in the output's place when nothing took it, and removed otherwise.
enum StaleTemporaries {
    /// The purposes of frame folders' hidden folders.
    static let folderPurposes = ["new", "old", "check"]

    /// `folder/.name.spinrender-[purpose-]PID-XXXXXX`: the `mkstemp`/`mkdtemp` template.
    static func template(in folder: String, name: String, purpose: String? = nil) -> String {
        "\(folder)/.\(name).spinrender-\(purpose.map { "\($0)-" } ?? "")\(getpid())-XXXXXX"
    }

    /// The purpose (`""` for a file) and the process of `entry`, a temporary of the output
    /// `name`; `nil` for any other name.
    static func parse(_ entry: String, name: String) -> (purpose: String, pid: pid_t)? {
        let prefix = ".\(name).spinrender-"
        guard entry.hasPrefix(prefix) else { return nil }
        var parts = entry.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        var purpose = ""
        if parts.count == 3 {
            guard folderPurposes.contains(String(parts[0])) else { return nil }
            purpose = String(parts.removeFirst())
        }
        guard parts.count == 2, parts[1].utf8.count == 6, !parts[0].isEmpty, parts[0].utf8.count <= 10,
              parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(parts[0]), pid > 0
        else { return nil }
        return (purpose, pid)
    }

    /// Whether process `pid` is gone: `kill(pid, 0)` says no such process. A process of
    /// another user (`EPERM`) is alive.
    static func isGone(_ pid: pid_t) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the temporaries of the output `name` in `folder` that a process which has
    /// ended left behind; `target` is the output's path, where a retired frame folder goes
    /// back when nothing is there. Failures are ignored: this only tidies up.
    static func remove(in folder: String, name: String, target: String) {
        guard let entries = try? InputFile.list(folder) else { return }
        for entry in entries {
            guard let (purpose, pid) = parse(entry, name: name), isGone(pid) else { continue }
            let path = folder + "/" + entry
            guard let info = POSIX.linkStatus(path) else { continue }
            if purpose.isEmpty {
                if info.isRegularFile { unlink(path) }
            } else if info.isDirectory {
                if purpose == "old" && !InputFile.exists(target) && POSIX.linkStatus(target) == nil {
                    rename(path, target)
                } else {
                    FrameFolder.removeFrameFolder(path)
                }
            }
        }
    }
}
