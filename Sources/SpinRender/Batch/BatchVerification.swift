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
        verify(outcomes, checks: references.mapValues { Check(reference: $0) }, maximumBytes: maximumBytes)
    }

    /// Compares each written output whose entry has a `reference` with it, leaving out the
    /// entry's `ignore` rectangles and `mask` (``BatchManifest/Entry/ignoredRectangles``,
    /// ``BatchManifest/Entry/resolvedMask``), as ``verify(_:references:maximumBytes:)`` does
    /// otherwise; a mask that cannot be read, or has another size than the reference, fails
    /// its entry.
    public static func verify(_ outcomes: [BatchOutcome], entries: [BatchManifest.Entry], maximumBytes: Int = 1 << 30)
        -> (outcomes: [BatchOutcome], comparisons: [ComparisonReport.Comparison]) {
        var checks: [Int: Check] = [:]
        for entry in entries {
            guard let reference = entry.resolvedReference else { continue }
            checks[entry.number] = Check(reference: reference, rectangles: entry.ignoredRectangles, maskPath: entry.resolvedMask)
        }
        return verify(outcomes, checks: checks, maximumBytes: maximumBytes)
    }

    /// One entry's comparison: its reference and what it leaves out.
    struct Check {
        var reference: String
        var rectangles: [PixelRectangle] = []
        var maskPath: String? = nil
    }

    static func verify(_ outcomes: [BatchOutcome], checks: [Int: Check], maximumBytes: Int)
        -> (outcomes: [BatchOutcome], comparisons: [ComparisonReport.Comparison]) {
        var updated = outcomes
        var comparisons: [ComparisonReport.Comparison] = []
        for index in updated.indices {
            let outcome = updated[index]
            guard outcome.succeeded, let check = checks[outcome.number] else { continue }
            let reference = check.reference
            if let files = outcome.previewFiles {
                // A folder of previews: each file against the file of its name in the reference folder.
                for file in files {
                    let actual = outcome.outputPath + (outcome.outputPath.hasSuffix("/") ? "" : "/") + file
                    let expected = reference + (reference.hasSuffix("/") ? "" : "/") + file
                    do throws(SpinRenderError) {
                        let (result, _) = try FileComparison.compare(actual: actual, expected: expected, options: .exact, maximumBytes: maximumBytes)
                        comparisons.append(.init(title: "entry \(outcome.number): \(actual)", actualName: actual, expectedName: expected, result: result))
                        if result.verdict != .equal, updated[index].failure == nil {
                            updated[index].failure = "'\(file)' differs from its reference '\(expected)': \(result.summaryLine)"
                        }
                    } catch {
                        if updated[index].failure == nil { updated[index].failure = "'\(file)' cannot be compared with its reference: \(error.message)" }
                    }
                }
                continue
            }
            do throws(SpinRenderError) {
                var options = ComparisonOptions.exact
                options.ignored.rectangles = check.rectangles
                if let mask = check.maskPath { options.ignored.mask = try IgnoreMask.load(path: mask) }
                let (result, _) = try FileComparison.compare(actual: outcome.outputPath, expected: reference,
                                                             options: options, maximumBytes: maximumBytes)
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
