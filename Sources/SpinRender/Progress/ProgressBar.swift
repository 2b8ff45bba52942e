import Glibc
import Synchronization

/// A progress bar on standard error for long work: counts, percentage and ETA, redrawn in place.
///
/// ```
/// batch [##############..............]  12/24  50%  ETA 0:07
/// ```
///
/// It draws only when enabled — ``standardError(label:total:quiet:)`` enables it when standard
/// error is a terminal (isatty(3)), `TERM` is not `dumb` and `--quiet` was not given — so logs
/// and pipes never see it. Redraws are at most ten a second (and always for the last step);
/// each starts with a carriage return and ends by clearing the rest of the line (ECMA-48
/// `CSI K`), and ``finish()`` clears the line so the results that follow start clean. The
/// clock, the width and the writer are injected, so the output is testable to the byte. Safe to
/// advance from several threads.
public final class ProgressBar: Sendable {
    /// What the bar is drawn with.
    public struct Terminal: Sendable {
        /// Whether to draw at all.
        public var enabled: Bool
        /// Terminal width in columns; the line stays one column shorter so it never wraps.
        public var columns: Int
        /// Seconds on a monotonic clock.
        public var now: @Sendable () -> Double
        /// Writes text as is (no newline added).
        public var write: @Sendable (String) -> Void

        /// Creates a terminal description.
        public init(enabled: Bool, columns: Int = 80, now: @escaping @Sendable () -> Double,
                    write: @escaping @Sendable (String) -> Void) {
            self.enabled = enabled
            self.columns = columns
            self.now = now
            self.write = write
        }
    }

    private struct State {
        var completed = 0
        var lastDrawSeconds: Double?
        var finished = false
    }

    /// Shown before the bar, e.g. `batch`.
    public let label: String
    /// Steps in the whole work, ≥ 0.
    public let total: Int
    private let terminal: Terminal
    private let startSeconds: Double
    private let state = Mutex(State())

    /// Shortest time between two redraws, in seconds.
    public static let redrawIntervalSeconds = 0.1

    /// Creates a bar and draws it at 0 when enabled.
    public init(label: String, total: Int, terminal: Terminal) {
        self.label = label
        self.total = max(0, total)
        self.terminal = terminal
        self.startSeconds = terminal.now()
        if terminal.enabled { draw(completed: 0, at: startSeconds, force: true) }
    }

    /// A bar on standard error, enabled when it is a terminal and `quiet` is false.
    public static func standardError(label: String, total: Int, quiet: Bool) -> ProgressBar {
        let term = getenv("TERM").map { String(cString: $0) }
        let enabled = !quiet && isatty(STDERR_FILENO) == 1 && term != "dumb"
        return ProgressBar(label: label, total: total,
                           terminal: Terminal(enabled: enabled, columns: terminalColumns(), now: monotonicSeconds,
                                              write: writeToStandardError))
    }

    /// Records `steps` more finished steps and redraws when it is time.
    public func advance(by steps: Int = 1) {
        guard terminal.enabled else {
            state.withLock { $0.completed += steps }
            return
        }
        let now = terminal.now()
        draw(adding: steps, at: now)
    }

    /// Steps finished so far.
    public var completed: Int { state.withLock { $0.completed } }

    /// Clears the bar's line; later calls to ``advance(by:)`` draw nothing.
    public func finish() {
        let clear = state.withLock { state -> Bool in
            defer { state.finished = true }
            return !state.finished && state.lastDrawSeconds != nil
        }
        if clear && terminal.enabled { terminal.write("\r\u{1B}[K") }
    }

    private func draw(adding steps: Int = 0, completed: Int? = nil, at now: Double, force: Bool = false) {
        // Format and write under the lock, so two threads never interleave half lines.
        state.withLock { state in
            state.completed += steps
            guard !state.finished else { return }
            let done = completed ?? state.completed
            if !force, done < total, let last = state.lastDrawSeconds, now - last < Self.redrawIntervalSeconds { return }
            state.lastDrawSeconds = now
            terminal.write("\r" + Self.line(label: label, completed: done, total: total,
                                             elapsedSeconds: now - startSeconds, columns: terminal.columns) + "\u{1B}[K")
        }
    }

    /// The bar's text for a state, without control characters.
    ///
    /// The ETA assumes the remaining steps take as long as the finished ones did on average;
    /// it is `--:--` until the first step finishes. The bar takes the width the rest leaves in
    /// `columns − 1`, and is left out when fewer than 10 columns remain.
    public static func line(label: String, completed: Int, total: Int, elapsedSeconds: Double, columns: Int) -> String {
        let done = min(max(0, completed), total)
        let percent = total == 0 ? 100 : done * 100 / total
        let eta: String
        if done == total {
            eta = "done " + clockText(elapsedSeconds)
        } else if done == 0 {
            eta = "ETA --:--"
        } else {
            eta = "ETA " + clockText(elapsedSeconds / Double(done) * Double(total - done))
        }
        let width = String(total).count
        let counts = String(repeating: " ", count: width - String(done).count) + "\(done)/\(total)"
        let percentText = String(repeating: " ", count: 3 - String(percent).count) + "\(percent)%"
        let tail = "  \(counts)  \(percentText)  \(eta)"
        let room = columns - 1 - label.count - 1 - 2 - tail.count
        guard room >= 10 else { return label + tail }
        let filled = total == 0 ? room : done * room / total
        return label + " [" + String(repeating: "#", count: filled) + String(repeating: ".", count: room - filled) + "]" + tail
    }

    /// `m:ss`, or `h:mm:ss` from an hour on; rounded up to whole seconds.
    public static func clockText(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "--:--" }
        let whole = Int(min(seconds, 359_999).rounded(.up))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// Columns of the terminal on standard error: TIOCGWINSZ, else `COLUMNS`, else 80.
    static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)), columns > 0 { return columns }
        return 80
    }

    @Sendable static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Sendable static func writeToStandardError(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = POSIX.retryingInterrupts {
                bytes[offset...].withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
