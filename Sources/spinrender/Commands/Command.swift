import SpinRender

/// A subcommand: its help, its options, and what it does.
protocol Command {
    /// The subcommand's name; empty for the root command.
    static var name: String { get }
    static var abstract: String { get }
    static var discussion: String? { get }
    static var usage: String { get }
    static var arguments: [ArgumentSpec] { get }
    static var options: [OptionDeclaration] { get }
    static var positionalCount: ClosedRange<Int> { get }
    /// Runs the command; returns the exit status.
    ///
    /// - Throws: ``UsageError`` (exit 64) or ``SpinRenderError`` (its own status).
    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}

extension Command {
    static var discussion: String? { nil }
    static var arguments: [ArgumentSpec] { [] }
    static var positionalCount: ClosedRange<Int> { 0...0 }
}

/// Where messages go: results to standard output, progress and diagnostics to standard error.
struct Console {
    var quiet = false
    var verbose = false

    /// Writes one line of results; see ``StandardOutput`` for how failures are reported.
    func result(_ line: String) throws(SpinRenderError) { try StandardOutput.write(line + "\n") }

    func warning(_ line: String) {
        guard !quiet else { return }
        StandardError.write("warning: \(line)\n")
    }

    func info(_ line: String) {
        guard verbose, !quiet else { return }
        StandardError.write(line + "\n")
    }
}
