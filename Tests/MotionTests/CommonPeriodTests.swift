import Testing
import Motion

@Suite("Common period")
struct CommonPeriodTests {
    @Test("least common multiple of rational-ish periods", arguments: [
        ([2.0, 0.25], 2.0),
        ([2.0, 3.0], 6.0),
        ([2.0], 2.0),
        ([0.7, 2.0], 14.0),
        ([1.0 / 3, 0.5], 1.0),
        ([0.35, 0.5, 2], 14.0),
        ([2, 2, 2], 2.0),
    ])
    func commonMultiple(periods: [Double], expected: Double) throws {
        let period = try #require(commonPeriod(periods))
        #expect(abs(period - expected) < 1e-9)
    }

    @Test("no common period within the bound, or nothing to combine", arguments: [
        [1.0, 2.0.squareRoot()],
        [],
        [0.0],
        [-1.0, 2.0],
        [Double.infinity],
        [Double.nan, 1.0],
    ])
    func noCommonPeriod(periods: [Double]) {
        #expect(commonPeriod(periods) == nil)
    }

    @Test("the bound and the tolerance are honoured")
    func boundAndTolerance() {
        #expect(commonPeriod([7, 11], limitSeconds: 70) == nil)
        #expect(commonPeriod([7, 11], limitSeconds: 77) == 77)
        #expect(commonPeriod([2, 2.0000001], tolerance: 1e-6) != nil)
        #expect(commonPeriod([2, 2.0000001], tolerance: 1e-9) == nil)
    }
}
