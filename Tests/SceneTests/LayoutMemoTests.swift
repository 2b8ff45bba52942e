import Testing
@testable import Scene

/// A layout pass's size memo is freed with the pass. Its keys hold copies of the environment,
/// and each copy used to hold the memo itself (a reference cycle), so every pass leaked the memo
/// and the view trees in its keys: LeakSanitizer found it in the command-line fuzz target.
@Test func aLayoutPassFreesItsSizeMemo() {
    weak var memo: SizeMemo?
    do {
        let environment = ViewEnvironment()
        memo = environment.memo
        // A stack of a symbol and a stack of two.
        let row = ViewNode.stack(.horizontal, alignment: Alignment(horizontal: 0.5, vertical: 0.5), spacing: 3,
                                 children: [.symbol(.rays), .symbol(.rays)])
        let tree = ViewNode.stack(.vertical, alignment: Alignment(horizontal: 0.5, vertical: 0.5), spacing: 5,
                                  children: [.symbol(.rays), row])
        let size = EngineLayout.memoizedSize(of: tree, .unspecified, environment)
        let rays = environment.symbol.frameSize
        // Analytic: the row is two glyphs and 3 pt wide, the column the row over a glyph and 5 pt.
        #expect(abs(size.x - (2 * rays.width + 3)) < 1e-9, "\(size.x)")
        #expect(abs(size.y - (2 * rays.height + 5)) < 1e-9, "\(size.y)")
        #expect((memo?.sizes.count ?? 0) >= 1)
        #expect(memo?.sizes.keys.allSatisfy { $0.environment.memo === SizeMemo.detached } == true)
    }
    #expect(memo == nil, "the memo outlived its layout pass")
}
