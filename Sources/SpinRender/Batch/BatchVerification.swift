import Compare

/// The check of a batch entry's written output against its `reference` (``BatchManifest/Entry/resolvedReference``).
public enum BatchVerification {
    /// Compares each written output that has a reference with it, exactly (``ComparisonOptions/exact``),
    /// one after the other.
    ///
    /// An entry whose output differs from its reference, or whose reference cannot be read,
    /// fails: its ``BatchOutcome/failure`` becomes the comparison's summary (`differs from its
    /// reference 'ref': pixels differ in 2 of 25 frames`) or the reading error.
    ///
    /// - Parameters:
    ///   - outcomes: the batch's outcomes; failed ones are left as they are.
    ///   - references: the reference of each entry number that has one.
    ///   - maximumBytes: memory one comparison may hold (``FileComparison/compare(actual:expected:options:maximumBytes:diff:reading:progress:)``).
    /// - Returns: the outcomes, updated, and one report comparison per entry compared, titled
    ///   `entry N: output`, in the order of `outcomes`.
    public static func verify(_ outcomes: [BatchOutcome], references: [Int: String], maximumBytes: Int = 1 << 30)
        -> (outcomes: [BatchOutcome], comparisons: [ComparisonReport.Comparison]) {
        var updated = outcomes
        var comparisons: [ComparisonReport.Comparison] = []
        for index in updated.indices {
            let outcome = updated[index]
            guard outcome.succeeded, let reference = references[outcome.number] else { continue }
            do throws(SpinRenderError) {
                let (result, _) = try FileComparison.compare(actual: outcome.outputPath, expected: reference,
                                                             maximumBytes: maximumBytes)
                comparisons.append(.init(title: "entry \(outcome.number): \(outcome.outputPath)",
                                         actualName: outcome.outputPath, expectedName: reference, result: result))
                if result.verdict != .equal {
                    updated[index].failure = "differs from its reference '\(reference)': \(result.summaryLine)"
                }
            } catch {
                updated[index].failure = "cannot be compared with its reference: \(error.message)"
            }
        }
        return (updated, comparisons)
    }
}
