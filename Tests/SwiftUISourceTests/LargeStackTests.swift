import Foundation
import SwiftCode
@testable import SwiftUILibrary
import Testing

/// Evaluation runs on a large stack of its own, switched to on the calling thread and kept for
/// the next run: results and errors come back, runs nest, a deep recursion that the main
/// thread's 8 MB could not hold completes, and what it touched is given back afterwards.
@Suite struct LargeStackTests {
    /// Counts down `depth` frames, each holding a 256-byte buffer on the stack.
    private func descend(_ depth: Int) -> Int {
        var buffer = (UInt64(depth), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
                      UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
                      UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
                      UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &buffer) { bytes in
            bytes.storeBytes(of: UInt64(depth), toByteOffset: 8 * (depth % 32), as: UInt64.self)
            let own = Int(bytes.load(fromByteOffset: 8 * (depth % 32), as: UInt64.self))
            return depth == 0 ? 0 : own - depth + 1 + descend(depth - 1)
        }
    }

    /// How many bytes of `stack` are in memory (`mincore`: the stack's own pages, whatever
    /// other tests running at once allocate).
    private func residentBytes(of stack: LargeStack.Stack) -> Int {
        let pageBytes = Int(sysconf(Int32(_SC_PAGESIZE)))
        var vector = [UInt8](repeating: 0, count: LargeStack.bytes / pageBytes)
        let status = mincore(stack.base, LargeStack.bytes, &vector)
        #expect(status == 0)
        return vector.reduce(0) { $0 + Int($1 & 1) } * pageBytes
    }

    @Test func resultsAndErrorsComeBackAndRunsNest() throws {
        let value = try LargeStack.run { () throws(Interrupt) -> Int in
            try LargeStack.run { () throws(Interrupt) -> Int in 20 } + 22
        }
        #expect(value == 42)
        #expect(throws: Interrupt.self) {
            try LargeStack.run { () throws(Interrupt) -> Int in throw .error("refused", at: .start) }
        }
        // The error is the one thrown, and the next run is unaffected.
        do throws(Interrupt) {
            _ = try LargeStack.run { () throws(Interrupt) -> Int in throw .error("refused", at: .start) }
        } catch let .error(error) {
            #expect(error.message == "refused")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(try LargeStack.run { () throws(Interrupt) -> Int in 7 } == 7)
    }

    // A sanitizer's runtime traces every frame: 200 000 of them exhaust ThreadSanitizer's
    // trace (it stalls); there, evaluation runs on threads anyway.
    @Test(.disabled(if: LargeStack.isSanitized, "a sanitizer traces every frame of the recursion"))
    func aRecursionDeeperThanTheMainThreadsStackCompletesAndItsPagesAreGivenBack() throws {
        // 200 000 frames of at least 256 bytes: more than 50 MB of stack.
        let depth = 200_000
        let stack = try #require(LargeStack.Stack())
        var deepest = 0
        let result = try LargeStack.run(on: stack) { () throws(Interrupt) -> Int in
            let result = descend(depth)
            deepest = residentBytes(of: stack)
            return result
        }
        #expect(result == depth)
        #expect(deepest > 50 << 20, "the recursion touched \(deepest) bytes of its stack")
        // The pages below the first MB of the stack are released when the run ends.
        let kept = residentBytes(of: stack)
        #expect(kept <= LargeStack.residentBytes, "\(kept) bytes of the stack stay in memory")
    }
}
