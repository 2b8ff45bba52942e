/// The shortest time after which all of `periods` repeat together: their least common multiple.
///
/// Periods are real numbers, so "multiple" means within `tolerance`: L is a multiple of p when
/// |L − n·p| ≤ `tolerance` for a whole n. The candidates are the multiples of the longest
/// period, tried in order up to `limitSeconds`. 2 and 0.25 give 2; 2 and 3 give 6; 1 and √2
/// give `nil`. Used to make a GIF loop seamlessly: the loop length comes from the animations.
///
/// - Parameters:
///   - periods: Periods in seconds, each finite and positive.
///   - tolerance: The largest acceptable mismatch, in seconds.
///   - limitSeconds: The longest acceptable common period, in seconds.
/// - Returns: The common period in seconds; `nil` when `periods` is empty, holds a value that is
///   not finite and positive, or has no common period up to `limitSeconds`.
public func commonPeriod(_ periods: [Double], tolerance: Double = 1e-6, limitSeconds: Double = 600) -> Double? {
    guard let longest = periods.max(), periods.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
    // Bound the search so a tiny period cannot make it run for ever.
    let candidates = min((limitSeconds + tolerance) / longest, 1_000_000).rounded(.down)
    guard candidates >= 1 else { return nil }
    for multiple in 1...Int(candidates) {
        let length = Double(multiple) * longest
        let fits = periods.allSatisfy { period in
            let ratio = length / period
            return abs(ratio - ratio.rounded()) * period <= tolerance
        }
        if fits { return length }
    }
    return nil
}
