import Foundation
import Testing
import SpinRender

/// `--ignore`, `--mask` and `--metric` on `compare` and `verify`, end to end.
@Suite("compare and verify: ignored regions and the colour metric")
struct IgnoreAndMetricCommandTests {
    /// A folder with `a.gif` (the main job) and `b.gif` (implicit mode: other pixels), both 74 × 68.
    static func fixtures() throws -> String {
        let folder = makeFolder()
        #expect(try spinrender(["-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["--mode", "implicit", "-o", "b.gif"], in: folder).status == 0)
        return folder
    }

    @Test func ignoringTheWholeCanvasMakesDifferentGIFsEqual() throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["compare", "a.gif", "b.gif"], in: folder).status == 1)
        let split = try spinrender(["compare", "a.gif", "b.gif", "--ignore", "0,0,74,34", "--ignore", "0,34,74,34", "--json"], in: folder)
        #expect(split.status == 0, "\(split.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: split.standardOutput) as? [String: Any])
        let totals = try #require(report["totals"] as? [String: Any])
        #expect(totals["ignoredPixels"] as? Int == 25 * 74 * 68)
        #expect(totals["differingPixels"] as? Int == 0)
        // A mask PNG that is opaque everywhere (a frame of the render) ignores everything too.
        #expect(try spinrender(["frames", "a.gif", "-o", "fr"], in: folder).status == 0)
        let masked = try spinrender(["compare", "a.gif", "b.gif", "--mask", "fr/frame_0000.png", "--junit", "j.xml"], in: folder)
        #expect(masked.status == 0, "\(masked.output)\(masked.standardError)")
        let xml = try String(contentsOfFile: folder + "/j.xml", encoding: .utf8)
        #expect(xml.contains("<property name=\"ignoredPixels\" value=\"\(25 * 74 * 68)\"/>"))
    }

    @Test("bad --ignore and --metric values are usage errors naming the value",
          arguments: [(["--ignore", "1,2,3"], "Error: The value '1,2,3' is invalid for '--ignore <x,y,w,h>': expected X,Y,W,H: four whole numbers separated by commas, like 10,20,30,40"),
                      (["--ignore", "0,0,0,5"], "Error: The value '0,0,0,5' is invalid for '--ignore <x,y,w,h>': W and H must be 1 or more"),
                      (["--ignore", "-1,0,5,5"], "Error: The value '-1,0,5,5' is invalid for '--ignore <x,y,w,h>': X and Y must be 0 or more"),
                      (["--metric", "lab"], "Error: The value 'lab' is invalid for '--metric <metric>'")])
    func badValuesAreUsageErrors(extra: [String], message: String) throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["compare", "a.gif", "b.gif"] + extra, in: folder)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        #expect(result.output.isEmpty)
    }

    @Test func maskErrorsNameTheMask() throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = try spinrender(["compare", "a.gif", "b.gif", "--mask", "none.png"], in: folder)
        #expect(missing.status == 66 && missing.standardError.contains("none.png"))
        let notPNG = try spinrender(["compare", "a.gif", "b.gif", "--mask", "a.gif"], in: folder)
        #expect(notPNG.status == 65)
        #expect(notPNG.standardError.hasPrefix("Error: the mask 'a.gif' is not a readable PNG"))
        #expect(try spinrender(["frames", "--point-size", "20", "-o", "small"], in: folder).status == 0)
        let wrongSize = try spinrender(["compare", "a.gif", "b.gif", "--mask", "small/frame_0000.png"], in: folder)
        #expect(wrongSize.status == 65)
        #expect(wrongSize.standardError == "Error: the mask 'small/frame_0000.png' is 82 × 75 but the expected 'b.gif' is 74 × 68; a mask must have the canvas's size\n")
        #expect(wrongSize.output.isEmpty)
        let verify = try spinrender(["verify", "--reference", "ref", "--record", "missing", "--mask", "small/frame_0000.png"], in: folder)
        #expect(verify.status == 65)
        #expect(verify.standardError == "Error: the mask 'small/frame_0000.png' is 82 × 75 but the rendered canvas is 74 × 68; a mask must have the canvas's size\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/ref"))
    }

    @Test func metricIsReportedAndChangesWhatATresholdAccepts() throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let oklab = try spinrender(["compare", "a.gif", "b.gif", "--metric", "oklab", "--json"], in: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: oklab.standardOutput) as? [String: Any])
        #expect((report["options"] as? [String: Any])?["metric"] as? String == "oklab")
        // The largest distance is the metric's: threshold just above it passes, just below fails.
        let frames = try #require(report["frames"] as? [[String: Any]])
        let largest = frames.compactMap { $0["maxDistance"] as? Double }.max()!
        #expect(largest > 0.05 && largest < 1.05)
        let above = try spinrender(["compare", "a.gif", "b.gif", "--metric", "oklab", "--threshold", "\(min(1, largest + 0.001))"], in: folder)
        #expect(above.status == 0, "\(above.output)")
        let below = try spinrender(["compare", "a.gif", "b.gif", "--metric", "oklab", "--threshold", "\(largest - 0.001)"], in: folder)
        #expect(below.status == 1)
    }
}
