import Foundation
@testable import SpinRender
import Testing

/// The HTML report's model and page, without a browser (Tests/BrowserTests opens the pages).
@Suite("Comparison report")
struct ComparisonReportTests {
    static func image(_ shade: UInt8, width: Int = 6, height: Int = 4) -> RGBAImage {
        RGBAImage(width: width, height: height, fill: RGBA8(r: shade, g: 255 - shade, b: 0))
    }

    static func sequence(_ shades: [UInt8], delays: [Int], width: Int = 6) -> FrameSequence {
        FrameSequence(width: width, height: 4, frames: zip(shades, delays).map {
            TimedFrame(image: image($0, width: width), delayCentiseconds: $1)
        }, loopCount: .forever)
    }

    /// The data URLs in a page.
    static func dataURLs(_ html: String) -> [String] {
        html.components(separatedBy: "\"data:image/png;base64,").dropFirst().map { "data:image/png;base64," + $0.prefix { $0 != "\"" } }
    }

    /// Frame by frame, as `--stored-frames` compares: the rows below are the stored frames.
    static let stored = ComparisonOptions(alignment: .stored)

    /// Compared as they play, a row is a moment: actual shows 40 ms then 20 ms, expected the
    /// same pictures stored as 20 + 20 ms then 20 ms (its first two frames merge), so the
    /// moments start at 0 and 40 ms, each identical, with expected's frames 0–1 in the first.
    @Test func playbackRowsAreMoments() {
        let result = FrameComparison.compare(actual: Self.sequence([1, 2], delays: [4, 2]),
                                             expected: Self.sequence([1, 1, 2], delays: [2, 2, 2]))
        let rows = ReportFrame.rows(of: result)
        #expect(rows.map(\.startMilliseconds) == [0, 40])
        #expect(rows.map(\.durationMilliseconds) == [40, 20])
        #expect(rows.allSatisfy { $0.status == .identical })
        #expect(rows.map(\.actualFrames) == [0..<1, 1..<2])
        #expect(rows.map(\.expectedFrames) == [0..<2, 2..<3])
    }

    @Test func rowsTimeEachFrameFromTheDelays() {
        // Expected: 30, 50, 20 ms; actual has a fourth frame of 70 ms that only it shows.
        let result = FrameComparison.compare(actual: Self.sequence([10, 20, 30, 40], delays: [3, 5, 2, 7]),
                                             expected: Self.sequence([10, 20, 31], delays: [3, 5, 2]), options: Self.stored)
        let rows = ReportFrame.rows(of: result)
        #expect(rows.map(\.startMilliseconds) == [0, 30, 80, 100])
        #expect(rows.map(\.durationMilliseconds) == [30, 50, 20, 70])
        #expect(rows.map(\.status) == [.identical, .identical, .different, .missingInExpected])
        #expect(rows.map(\.actualFrames) == [0..<1, 1..<2, 2..<3, 3..<4])
        #expect(rows.prefix(3).map(\.expectedFrames) == [0..<1, 1..<2, 2..<3] && rows[3].expectedFrames.isEmpty)
        #expect(rows[2].differingPixels == 24 && rows[2].pixelCount == 24 && rows.allSatisfy { $0.ignoredPixels == 0 })
    }

    @Test func mergedFramesKeepTheirSourceNumbers() {
        // Expected frames 1 and 2 are one picture: one compared frame of 90 ms, frames 1–2.
        let result = FrameComparison.compare(actual: Self.sequence([1, 2, 3], delays: [4, 9, 6]),
                                             expected: Self.sequence([1, 2, 2, 3], delays: [4, 5, 4, 6]), options: Self.stored)
        let rows = ReportFrame.rows(of: result)
        #expect(rows.map(\.startMilliseconds) == [0, 40, 130])
        #expect(rows[1].expectedFrames == 1..<3 && rows[1].actualFrames == 1..<2)
    }

    @Test func everyDistinctImageOnceAndDiffsOnlyWhereFramesDiffer() throws {
        // Frames 0 and 2 look alike on both sides; frame 1 differs.
        let expected = Self.sequence([5, 9, 5], delays: [4, 4, 4])
        let actual = Self.sequence([5, 7, 5], delays: [4, 4, 4])
        let result = FrameComparison.compare(actual: actual, expected: expected)
        let html = try ComparisonReport(command: "spinrender compare a.gif b.gif",
                                        comparisons: [.init(actualName: "a.gif", expectedName: "b.gif", result: result)]).html()
        let urls = Self.dataURLs(html)
        // Pictures: shade 5, 9, 7, and the diff of frame 1.
        #expect(urls.count == 4)
        #expect(Set(urls).count == 4)
        var decoded: [RGBAImage] = []
        for url in urls {
            let bytes = try #require(Data(base64Encoded: String(url.dropFirst("data:image/png;base64,".count))))
            decoded.append(try PNGDecoder.decode([UInt8](bytes)))
        }
        #expect(decoded.contains(Self.image(5)) && decoded.contains(Self.image(9)) && decoded.contains(Self.image(7)))
        // The diff: every pixel differs, so every pixel is red.
        #expect(decoded.contains(RGBAImage(width: 6, height: 4, fill: RGBA8(r: 255, g: 0, b: 0))))
        #expect(try ComparisonReport(command: "c", comparisons: [.init(actualName: "a", expectedName: "b", result: result)]).html()
            == ComparisonReport(command: "c", comparisons: [.init(actualName: "a", expectedName: "b", result: result)]).html())
    }

    @Test func mainJobReportIsSmall() throws {
        var request = RenderRequest()
        request.example.mode = .explicit
        let frames = SpinRenderer.renderFrames(request).sequence
        #expect(frames.frames.count == 25)
        let result = FrameComparison.compare(actual: frames, expected: frames)
        let html = try ComparisonReport(command: "spinrender compare a.gif a.gif --html r.html",
                                        comparisons: [.init(actualName: "a.gif", expectedName: "a.gif", result: result)]).htmlBytes()
        // One picture per distinct frame, no diff: both sides share them.
        #expect(Self.dataURLs(String(decoding: html, as: UTF8.self)).count == Set(frames.frames.map(\.image.pixels)).count)
        #expect(html.count < 100_000, "\(html.count) bytes")
    }

    @Test func selfContained() throws {
        let result = FrameComparison.compare(actual: Self.sequence([1], delays: [0]), expected: Self.sequence([2], delays: [0]))
        let html = try ComparisonReport(command: "spinrender compare '</script><b>x' b.png",
                                        comparisons: [.init(title: "</script><script>alert(1)</script>", actualName: "a<b>.png",
                                                            expectedName: "b.png", result: result)]).html()
        for external in ["http:", "https:", "<link", "@import", "url(", "src=\"http", "//"] where external != "//" {
            #expect(!html.contains(external), "\(external)")
        }
        #expect(html.components(separatedBy: "<script").count == 3, "the data element and the script only")
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("<code>a&lt;b&gt;.png</code>"))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    }

    @Test func mismatchesInWords() {
        #expect(ComparisonReport.sentence(.canvasSize(actualWidth: 40, actualHeight: 30, expectedWidth: 40, expectedHeight: 32))
            == "The canvas sizes differ: actual is 40 × 30 pixels, expected 40 × 32 pixels.")
        #expect(ComparisonReport.sentence(.frameCount(actual: 1, expected: 100))
            == "The frame counts differ: actual has 1 frame, expected 100 frames (identical neighbours merged).")
        #expect(ComparisonReport.sentence(.delay(frame: 3, actualCentiseconds: 4, expectedCentiseconds: 6))
            == "Frame 3 is shown for 40 ms in actual and 60 ms in expected.")
        #expect(ComparisonReport.sentence(.loopCount(actual: .playOnce, expected: .forever))
            == "The loop counts differ: actual plays once, expected loops forever.")
        #expect(ComparisonReport.loopWords(.repeats(2)) == "plays 3 times")
    }

    @Test(arguments: 0...7)
    func base64MatchesFoundation(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 251) }
        #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
    }

    @Test func overallVerdictIsTheWorst() throws {
        let equal = FrameComparison.compare(actual: Self.sequence([1], delays: [0]), expected: Self.sequence([1], delays: [0]))
        let pixels = FrameComparison.compare(actual: Self.sequence([1], delays: [0]), expected: Self.sequence([2], delays: [0]))
        let size = FrameComparison.compare(actual: Self.sequence([1], delays: [0], width: 5), expected: Self.sequence([1], delays: [0]))
        func report(_ results: FrameComparisonResult...) -> ComparisonReport {
            ComparisonReport(command: "c", comparisons: results.map { .init(actualName: "a", expectedName: "b", result: $0) })
        }
        #expect(report().verdict == .equal)
        #expect(report(equal, pixels).verdict == .pixelsDiffer)
        #expect(report(pixels, size, equal).verdict == .sizeMismatch)
        #expect(try report(equal, pixels).html().contains("<p>2 comparisons, 1 failing.</p>"))
    }
}
