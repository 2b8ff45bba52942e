/// How diagnostics and generated text spell things: "did you mean" hints and numbers. The readers
/// of `--animation` text, of Swift source and of batch manifests share these, so that a slip is
/// answered the same way everywhere and a number reads the same in every message.
public enum Spelling {
    /// `" (did you mean 'x'?)"` for the closest of `candidates` to `word` (case-insensitive edit
    /// distance at most max(2, length / 3), or a prefix of at least 3 characters), else `""`.
    /// The name written is never suggested: a candidate spelt exactly as `word` is left out (a
    /// name that exists but cannot be used there needs another message, not itself as advice).
    /// Of equally close candidates the first in code-point order is chosen, whatever order they
    /// come in: callers pass a dictionary's keys, whose order changes from run to run, and the
    /// same mistake must get the same advice every time.
    ///
    /// - Parameters:
    ///   - word: What was written.
    ///   - candidates: The names that would have been accepted.
    ///   - suffix: Appended to the suggested name (`":"` for argument labels).
    public static func suggestion(for word: String, among candidates: [String], suffix: String = "") -> String {
        let candidates = candidates.filter { $0 != word }.sorted()
        let lowered = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        // A prefix is a likely slip too: 'damping' for 'dampingFraction'.
        if best.map({ $0.distance > max(2, word.count / 3) }) ?? true, lowered.count >= 3,
           let prefixed = candidates.filter({ $0.lowercased().hasPrefix(lowered) || lowered.hasPrefix($0.lowercased()) })
               .min(by: { abs($0.count - word.count) < abs($1.count - word.count) })
        {
            // Of the names it begins (or that begin it), the one nearest in length: 'rotation' is
            // 'rotationEffect' before 'rotation3DEffect'; `min` keeps the first of equals, and
            // the candidates are sorted, so the choice does not depend on their order.
            best = (prefixed, 0)
        }
        guard let best, best.distance <= max(2, word.count / 3) else { return "" }
        return " (did you mean '\(best.name)\(suffix)'?)"
    }

    /// Levenshtein distance between two strings, by characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var row = previous
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &row)
        }
        return previous[b.count]
    }

    /// A number as Swift source and the command line write it: whole numbers without a fraction
    /// (`34`, not `34.0`), others as Swift prints them, the shortest text that reads back to the
    /// same value (`0.35`, `-0.5`, `1e-05`).
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
