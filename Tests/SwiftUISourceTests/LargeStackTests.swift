import Foundation
import SwiftCode
import SwiftUILibrary
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

    /// This process's resident memory, in bytes (VmRSS).
    private func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
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
        let before = residentBytes()
        let result = try LargeStack.run { () throws(Interrupt) -> Int in descend(depth) }
        #expect(result == depth)
        let after = residentBytes()
        // The pages below the first MB of the stack are released when the run ends.
        #expect(after - before < 16 << 20, "resident memory grew by \(after - before) bytes")
    }
}
