import Motion

/// What one command will hold in memory at its peak, as named parts, worked out before anything
/// large is allocated so that `--max-memory` bounds the whole process: inputs and outputs,
/// frames, the sheet, the diff and every worker thread's buffers together, not one buffer at a
/// time.
///
/// The figures are upper estimates in bytes from the shapes involved (RGBA8 frames take
/// 4 bytes a pixel); peaks measured with `/usr/bin/time -f %M` stay below them.
public struct MemoryEstimate: Hashable, Sendable {
    /// One thing the command holds, e.g. "frames" or "diff".
    public struct Part: Hashable, Sendable {
        /// What is held, as the refusal message names it: "frames", "sheet", "2 threads" ….
        public var name: String
        /// Its size in bytes.
        public var bytes: Double
    }

    /// The parts, in the order they were added; empty ones are left out.
    public private(set) var parts: [Part] = []

    /// An estimate holding only the process itself (``processBytes``).
    public init() {
        add("process", Self.processBytes)
    }

    /// The limit a run has unless told otherwise (`--max-memory`): 1 GiB.
    public static let defaultLimitBytes = 1 << 30

    /// The process before any work: code, the Swift runtime, first allocations. About 13 MiB
    /// measured; 32 MiB leaves room for the allocator's slack.
    public static let processBytes = Double(32 << 20)

    /// Adds `bytes` (a `Double`, so that hostile sizes cannot overflow) under `name`.
    public mutating func add(_ name: String, _ bytes: Double) {
        guard bytes > 0 else { return }
        if let index = parts.firstIndex(where: { $0.name == name }) {
            parts[index].bytes += bytes
        } else {
            parts.append(Part(name: name, bytes: bytes))
        }
    }

    /// The sum of the parts in bytes.
    public var totalBytes: Double { parts.reduce(0) { $0 + $1.bytes } }

    /// Refuses the work when it needs more than `limit` bytes.
    ///
    /// - Parameters:
    ///   - subject: what needs the memory, e.g. "comparing 'a.png' (15000 × 15000 px) with 'b.png'".
    ///   - advice: what the user can change, e.g. "lower --scale, or raise --max-memory".
    /// - Throws: ``SpinRenderError`` `.badData`: the size comes from the input or the
    ///   render options, each valid alone. The message names the total, the largest parts and
    ///   the limit.
    public func check(limit: Int, subject: String, advice: String) throws(SpinRenderError) {
        if let refusal = refusal(limit: limit, subject: subject, advice: advice) { throw refusal }
    }

    /// The error ``check(limit:subject:advice:)`` throws, or `nil` when the work fits.
    public func refusal(limit: Int, subject: String, advice: String) -> SpinRenderError? {
        guard totalBytes > Double(limit) else { return nil }
        let largest = parts.filter { $0.name != "process" }.sorted { $0.bytes > $1.bytes }.prefix(4)
        // The process's own footprint last, so that the parts named add up to the total.
        let process = parts.filter { $0.name == "process" }.map { "the process itself \(Self.describe($0.bytes))" }
        let breakdown = (largest.map { "\($0.name) \(Self.describe($0.bytes))" } + process).joined(separator: ", ")
        return SpinRenderError(.badData, "\(subject) needs about \(Self.describe(totalBytes)) (\(breakdown)), more than --max-memory \(Self.describe(Double(limit))); \(advice)")
    }

    /// `1.9 MiB`, `12 GiB`, `512 bytes`, `1 byte`.
    public static func describe(_ bytes: Double) -> String {
        func oneDecimal(_ v: Double) -> String {
            let r = (v * 10).rounded() / 10
            return Spelling.number(r)
        }
        if bytes >= Double(1 << 30) { return oneDecimal(bytes / Double(1 << 30)) + " GiB" }
        if bytes >= Double(1 << 20) { return oneDecimal(bytes / Double(1 << 20)) + " MiB" }
        if bytes >= Double(1 << 10) { return oneDecimal(bytes / Double(1 << 10)) + " KiB" }
        return Int(bytes) == 1 ? "1 byte" : "\(Int(bytes)) bytes"
    }
}
