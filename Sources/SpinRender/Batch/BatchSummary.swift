/// The table a batch prints at the end: one row per entry, then a count.
///
/// ```
/// ENTRY  OUTPUT             FRAMES  BYTES  STATUS
///     1  out/explicit.gif      100  20417  written
///     2  out/huge.gif            -      -  failed: The value '5' is invalid for '--scale <scale>'. …
///
/// 2 entries: 1 written, 1 failed (entry 2)
/// ```
///
/// Numbers are right-aligned, text left-aligned; a failure shows the first line of its message.
public enum BatchSummary {
    /// The table for `outcomes` (in entry order), ending with a newline.
    public static func table(_ outcomes: [BatchOutcome]) -> String {
        let header = ["ENTRY", "OUTPUT", "FRAMES", "BYTES", "STATUS"]
        let rows: [[String]] = outcomes.map { outcome in
            let status: String
            if let failure = outcome.failure {
                status = "failed: " + (failure.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "")
            } else {
                status = "written"
            }
            return [String(outcome.number), outcome.outputPath, outcome.frameCount.map(String.init) ?? "-",
                    outcome.byteCount.map(String.init) ?? "-", status]
        }
        let rightAligned: Set<Int> = [0, 2, 3]
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (column, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                if column > 0 { text += "  " }
                if column == cells.count - 1 { text += cell; break }
                text += rightAligned.contains(column) ? pad + cell : cell + pad
            }
            return text + "\n"
        }
        var text = line(header)
        for row in rows { text += line(row) }
        text += "\n" + totals(outcomes) + "\n"
        return text
    }

    /// `3 entries: 2 written, 1 failed (entry 2)`.
    public static func totals(_ outcomes: [BatchOutcome]) -> String {
        let failed = outcomes.filter { !$0.succeeded }.map(\.number)
        let noun = outcomes.count == 1 ? "entry" : "entries"
        var text = "\(outcomes.count) \(noun): \(outcomes.count - failed.count) written, \(failed.count) failed"
        if !failed.isEmpty {
            text += " (\(failed.count == 1 ? "entry" : "entries") \(failed.map(String.init).joined(separator: ", ")))"
        }
        return text
    }
}
