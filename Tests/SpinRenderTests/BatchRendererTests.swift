import Foundation
import Testing
import Workers
@testable import SpinRender

/// Small, quick requests that still differ from each other.
private func smallRequests() -> [RenderRequest] {
    var requests: [RenderRequest] = []
    for mode in SceneMode.allCases {
        for appearance in Appearance.allCases {
            var request = RenderRequest()
            request.example.mode = mode
            request.scene.appearance = appearance
            request.scene.scale = 1
            request.framesPerSecond = 10
            requests.append(request)
        }
    }
    return requests
}

/// A new empty folder under the system's temporary folder (the batch and settings tests write there).
func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("spinrender-batch-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

@Suite("Batch renderer")
struct BatchRendererTests {
    @Test("parallel jobs write the same bytes as serial ones and as a single render")
    func parallelMatchesSerial() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let requests = smallRequests()
        func jobs(_ tag: String) -> [BatchJob] {
            requests.enumerated().map { BatchJob(number: $0.offset + 1, outputPath: "\(folder)/\(tag)/\($0.offset).gif", request: $0.element) }
        }
        let serial = BatchRenderer.run(jobs("serial"), parallelJobs: 1)
        let parallel = BatchRenderer.run(jobs("parallel"), parallelJobs: 4)
        #expect(serial.allSatisfy(\.succeeded) && parallel.allSatisfy(\.succeeded))
        #expect(serial.map(\.number) == Array(1...requests.count))
        #expect(parallel.map(\.byteCount) == serial.map(\.byteCount))
        for index in requests.indices {
            let single = try SpinRenderer.renderGIF(requests[index]).bytes
            #expect(bytes("\(folder)/serial/\(index).gif") == single)
            #expect(bytes("\(folder)/parallel/\(index).gif") == single)
        }
    }

    @Test("a failing job is reported and does not stop the others")
    func failureDoesNotStopOthers() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A regular file where a folder should be: neither mkdir nor the write can succeed.
        #expect(FileManager.default.createFile(atPath: "\(folder)/file", contents: Data("x".utf8)))
        let request = smallRequests()[0]
        let jobs = [
            BatchJob(number: 1, outputPath: "\(folder)/a/ok1.gif", request: request),
            BatchJob(number: 2, outputPath: "\(folder)/file/bad.gif", request: request),
            BatchJob(number: 3, outputPath: "\(folder)/b/c/ok3.gif", request: request),
        ]
        let finished = Counter()
        let outcomes = BatchRenderer.run(jobs, parallelJobs: 2) { _ in finished.increment() }
        #expect(finished.value == 3)
        #expect(outcomes.map(\.succeeded) == [true, false, true])
        #expect(outcomes[1].failure?.contains("\(folder)/file/bad.gif") == true)
        #expect(outcomes[1].frameCount == nil && outcomes[1].byteCount == nil)
        #expect(bytes("\(folder)/a/ok1.gif")?.count == outcomes[0].byteCount)
        #expect(bytes("\(folder)/b/c/ok3.gif")?.count == outcomes[2].byteCount)
    }

    @Test("each job's memory budget leaves room for the largest job beside it")
    func memoryBudgetsLeaveRoomForTheOthers() throws {
        var requests: [RenderRequest] = []
        for scale in [1.0, 3.0, 2.0] {
            var request = RenderRequest()
            request.scene.scale = scale
            requests.append(request)
        }
        let jobs = requests.enumerated().map { BatchJob(number: $0.offset + 1, outputPath: "\($0.offset).gif", request: $0.element) }
        let limit = 512 << 20
        let parallel = BatchRenderer.parallelJobs(jobs, requested: 2, maximumBytes: limit).count
        #expect(parallel == 2)
        let budgets = BatchRenderer.memoryBudgets(jobs, parallelJobs: parallel, maximumBytes: limit)
        // Each estimated as the batch runs it: two at once, each with half the cores.
        let estimates: [Double] = requests.map { request in
            var request = request
            request.threads = max(1, Workers.processorCount / 2)
            return SpinRenderer.memoryEstimate(request, holding: .streamedGIF).totalBytes
        }
        for i in jobs.indices {
            // Job i with its whole budget beside any other job fits the limit (the process
            // counted once), the largest other exactly, and the budget holds job i's estimate.
            let others = jobs.indices.filter { $0 != i }.map { Int((estimates[$0] - MemoryEstimate.processBytes).rounded(.up)) }
            #expect(others.allSatisfy { budgets[i] + $0 <= limit })
            #expect(budgets[i] + others.max()! == limit)
            #expect(Double(budgets[i]) >= estimates[i])
        }
        // The @3x job is the largest, so the other two both run beside it.
        #expect(budgets[0] == budgets[2] && budgets[1] > budgets[0])
        // One at a time, each may use the whole limit.
        #expect(BatchRenderer.memoryBudgets(jobs, parallelJobs: 1, maximumBytes: limit) == [limit, limit, limit])
    }

    @Test("a job whose frames outgrow its memory budget fails alone, naming the limit")
    func jobOverItsBudgetFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var tight = smallRequests()[0]
        tight.maximumMemoryBytes = 1
        var roomy = tight
        roomy.maximumMemoryBytes = 1 << 30
        let outcomes = BatchRenderer.run([
            BatchJob(number: 1, outputPath: "\(folder)/tight.gif", request: tight),
            BatchJob(number: 2, outputPath: "\(folder)/roomy.gif", request: roomy),
        ], parallelJobs: 2)
        #expect(outcomes.map(\.succeeded) == [false, true])
        #expect(outcomes[0].failure?.contains("needs more than --max-memory") == true, "\(outcomes[0].failure ?? "")")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/tight.gif"))
        #expect(bytes("\(folder)/roomy.gif") == (try SpinRenderer.renderGIF(smallRequests()[0]).bytes))
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

@Suite("Batch summary")
struct BatchSummaryTests {
    @Test("the table aligns numbers right and names each failure")
    func table() {
        let outcomes = [
            BatchOutcome(number: 1, outputPath: "out/explicit.gif", frameCount: 100, byteCount: 20417),
            BatchOutcome(number: 12, outputPath: "out/bad.gif", failure: "The value '5' is invalid for '--scale <scale>'.\nsecond line"),
        ]
        #expect(BatchSummary.table(outcomes) == """
            ENTRY  OUTPUT            FRAMES  BYTES  STATUS
                1  out/explicit.gif     100  20417  written
               12  out/bad.gif            -      -  failed: The value '5' is invalid for '--scale <scale>'.

            2 entries: 1 written, 1 failed (entry 12)

            """)
    }

    @Test("totals count entries and list the failed ones")
    func totals() {
        let ok = BatchOutcome(number: 1, outputPath: "a", frameCount: 1, byteCount: 1)
        #expect(BatchSummary.totals([ok]) == "1 entry: 1 written, 0 failed")
        #expect(BatchSummary.totals([]) == "0 entries: 0 written, 0 failed")
        let bad = [2, 3].map { BatchOutcome(number: $0, outputPath: "x", failure: "no") }
        #expect(BatchSummary.totals([ok] + bad) == "3 entries: 1 written, 2 failed (entries 2, 3)")
    }
}
