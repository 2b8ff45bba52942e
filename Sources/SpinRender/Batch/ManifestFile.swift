#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole (small) input file.
enum ManifestFile {
    /// A manifest larger than this is not a manifest.
    static let maximumBytes = 64 << 20

    /// - Throws: ``SpinRenderError`` `.missingInput` (66) naming the file and the reason.
    static func read(_ path: String) throws(SpinRenderError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw SpinRenderError(.missingInput, "cannot read '\(path)': \(describeErrno(errno))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SpinRenderError(.missingInput, "cannot read '\(path)': \(describeErrno(errno))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > maximumBytes {
                throw SpinRenderError(.badData, "'\(path)' is larger than \(maximumBytes >> 20) MiB; it is not a manifest")
            }
        }
    }
}
