import Foundation
import Testing
import SpinRender

/// `compare` judges what plays: the main job and its `--no-compact` twin are equal.
@Suite("compare what plays, end to end")
struct PlaybackCommandTests {
    @Test func compactAndUncompactedGIFsPlayTheSame() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--no-compact", "-o", "b.gif"], in: folder).status == 0)
        let stored = try spinrender(["compare", "a.gif", "b.gif", "--stored-frames"], in: folder)
        #expect(stored.status == 2)
        #expect(stored.output.hasPrefix("frame count differs: actual 25, expected 100\n"), "\(stored.output)")
        let played = try spinrender(["compare", "a.gif", "b.gif", "--json"], in: folder)
        #expect(played.status == 0, "\(played.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: played.standardOutput) as? [String: Any])
        let frames = try #require(report["frames"] as? [[String: Any]])
        // Each moment is one stored frame of the uncompacted side; together they cover one loop.
        let starts = frames.compactMap { $0["startMilliseconds"] as? Int }
        let durations = frames.compactMap { $0["durationMilliseconds"] as? Int }
        #expect(starts.count == 100 && durations.count == 100)
        let contiguous: Bool = (1..<starts.count).allSatisfy { (i: Int) -> Bool in starts[i] == starts[i - 1] + durations[i - 1] }
        #expect(contiguous)
        let expected = try #require(report["expected"] as? [String: Any])
        let expectedDelays = try #require(expected["delaysCentiseconds"] as? [Int])
        let total: Int = durations.reduce(0, +), expectedTotal: Int = expectedDelays.reduce(0, +)
        #expect(total == expectedTotal * 10)
        #expect(frames.allSatisfy { $0["passed"] as? Bool == true })
        #expect((report["options"] as? [String: Any])?["alignment"] as? String == "playback")
    }

    @Test("at 25 fps every other 20 ms moment differs from 50 fps, reported by time and by each side's frame number")
    func halfTheFrameRateDiffersAtOddMoments() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["--fps", "25", "-o", "slow.gif"], in: folder).status == 0)
        #expect(try spinrender(["--fps", "50", "-o", "fast.gif"], in: folder).status == 0)
        let result = try spinrender(["compare", "slow.gif", "fast.gif", "--json"], in: folder)
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let frames = try #require(report["frames"] as? [[String: Any]])
        // The fast side's stored loop is as long as its frames at 20 ms; the slow side's is longer
        // (the common period is the slow loop). The slow side shows frame t / 40, the fast one
        // (t / 20) mod its count; both render the same instant when t is a multiple of 40 ms.
        let fastCount = try #require((report["expected"] as? [String: Any])?["sourceFrameCount"] as? Int)
        let slowCount = try #require((report["actual"] as? [String: Any])?["sourceFrameCount"] as? Int)
        #expect(frames.count == slowCount * 2)
        #expect(slowCount * 40 % (fastCount * 20) == 0)
        for frame in frames {
            let start = try #require(frame["startMilliseconds"] as? Int)
            #expect(frame["durationMilliseconds"] as? Int == 20)
            #expect(frame["actualSourceFrames"] as? [Int] == [start / 40, start / 40])
            #expect(frame["expectedSourceFrames"] as? [Int] == [start / 20 % fastCount, start / 20 % fastCount])
            #expect(frame["passed"] as? Bool == (start % 40 == 0), "at \(start) ms")
        }
        let text = try spinrender(["compare", "slow.gif", "fast.gif"], in: folder)
        let lines = text.output.split(separator: "\n")
        #expect(lines.first == "pixels differ in 25 of 50 frames (first at 20 ms)")
        #expect(lines.dropFirst().first?.hasPrefix("at 20 ms (actual frame 0, expected frame 1): ") == true, "\(text.output)")
    }

    @Test func verifyComparesWhatPlaysAgainstReferencesRecordedUncompacted() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["frames", "--no-compact", "-o", "ref"], in: folder).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/ref").count == 101)
        let played = try spinrender(["verify", "--reference", "ref", "--record", "never"], in: folder)
        #expect(played.status == 0, "\(played.output)")
        #expect(played.output == "equal: 100 frames, 74 × 68\n")
        let stored = try spinrender(["verify", "--reference", "ref", "--record", "never", "--stored-frames"], in: folder)
        #expect(stored.status == 2)
        #expect(stored.output.hasPrefix("frame count differs: actual 25, expected 100\n"))
    }
}
