import Foundation
import Testing
import Raster
@testable import Compare

/// The JSON and JUnit reports and record-mode parsing.
@Suite struct ReportTests {
    static func differingResult() -> FrameComparisonResult {
        var changed = Fixtures.square()
        changed[7, 6] = .black
        changed[8, 6] = .black
        let actual = Fixtures.animation([Fixtures.square(), changed], delays: [5, 5])
        let expected = Fixtures.animation([Fixtures.square(), Fixtures.square(width: 10)], delays: [10, 5])
        return FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
    }

    @Test func jsonReportParsesBackWithTheFigures() throws {
        let result = Self.differingResult()
        // Expected has A A (merged into one frame of 15 cs); actual has A then a changed frame.
        let data = Data(result.jsonReport.utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        #expect(json["verdict"] as? String == "frameCountMismatch")
        #expect(json["exitStatus"] as? Int == 2)
        let expected = try #require(json["expected"] as? [String: Any])
        #expect(expected["frameCount"] as? Int == 1)
        #expect(expected["sourceFrameCount"] as? Int == 2)
        #expect(expected["delaysCentiseconds"] as? [Int] == [15])
        #expect(expected["loopCount"] as? String == "forever")
        #expect(expected["plays"] is NSNull)
        let mismatches = try #require(json["mismatches"] as? [[String: Any]])
        #expect(mismatches.count == 1)
        #expect(mismatches[0]["kind"] as? String == "frameCountMismatch")
        #expect(mismatches[0]["actual"] as? Int == 2)
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 2)
        #expect(frames[0]["status"] as? String == "identical")
        #expect(frames[0]["firstDifference"] is NSNull)
        #expect(frames[1]["status"] as? String == "missingInExpected")
        #expect(frames[1]["differingPixels"] as? Int == 80)
        #expect(frames[1]["actualSourceFrames"] as? [Int] == [1, 1])
        let options = try #require(json["options"] as? [String: Any])
        #expect(options["threshold"] as? Double == 0)
        #expect(options["maxDiffPixels"] is NSNull)
    }

    @Test("the text report states each shape or timing mismatch once: the first in the summary line, the others after it",
          arguments: [false, true])
    func textReportStatesEachMismatchOnce(loopsDiffer: Bool) throws {
        func frames(width: Int) -> [RGBAImage] {
            var changed = Fixtures.square(width: width)
            changed[0, 0] = .black
            return [Fixtures.square(width: width), changed]
        }
        let actual = Fixtures.animation(frames(width: 10), delays: [5, 5])
        let expected = Fixtures.animation(frames(width: 12), delays: [5, 5], loop: loopsDiffer ? .playOnce : .forever)
        let result = FrameComparison.compare(actual: actual, expected: expected, options: Fixtures.storedFrames)
        let mismatchLines = ["canvas size differs: actual 10 × 8, expected 12 × 8"]
            + (loopsDiffer ? ["loop count differs: actual forever, expected once"] : [])
        #expect(result.verdict == .sizeMismatch)
        #expect(result.mismatches.map(\.description) == mismatchLines)
        let report = [result.summaryLine] + result.reportLines
        #expect(Array(report.prefix(mismatchLines.count)) == mismatchLines, "\(report)")
        for line in mismatchLines {
            #expect(report.count { $0 == line } == 1, "\(report)")
        }
        // The rest are the failing frames.
        #expect(report.count == mismatchLines.count + result.totals.failingFrames, "\(report)")
        #expect(report.dropFirst(mismatchLines.count).allSatisfy { $0.hasPrefix("frame ") }, "\(report)")
        // JSON: the summary line, and the mismatches in their own array, as the JUnit report has them.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.jsonReport.utf8)) as? [String: Any])
        #expect(json["summary"] as? String == mismatchLines[0])
        #expect((json["mismatches"] as? [[String: Any]])?.compactMap { $0["message"] as? String } == mismatchLines)
    }

    @Test func jsonReportOfPixelDifferencesHasCoordinates() throws {
        var changed = Fixtures.square()
        changed[7, 6] = .black
        let result = FrameComparison.compare(actual: Fixtures.still(changed), expected: Fixtures.still(Fixtures.square()))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.jsonReport.utf8)) as? [String: Any])
        let frame = try #require((json["frames"] as? [[String: Any]])?.first)
        #expect(frame["differingPixels"] as? Int == 1)
        #expect(frame["differingRatio"] as? Double == 0.0125)
        let first = try #require(frame["firstDifference"] as? [String: Int])
        #expect(first == ["x": 7, "y": 6])
        #expect(frame["maxDistance"] as? Double == 1.0 || (frame["maxDistance"] as? Double ?? 0) > 0.96)
        #expect(json["summary"] as? String == "pixels differ in 1 of 1 frame")
    }

    @Test func jsonReportIsDeterministicWithVerdictFirst() {
        let a = Self.differingResult().jsonReport, b = Self.differingResult().jsonReport
        #expect(a == b)
        #expect(a.hasPrefix("{\n  \"version\": 1,\n  \"verdict\": \"frameCountMismatch\",\n"))
        #expect(a.hasSuffix("}\n"))
    }

    @Test func jsonStringsAreEscaped() {
        var out = ""
        JSONText.writeString("a\"b\\c\nd\u{1}é", to: &out)
        #expect(out == "\"a\\\"b\\\\c\\nd\\u0001é\"")
    }

    @Test func junitHasOneTestcasePerFrameAndEscapedNames() throws {
        let result = Self.differingResult()
        let xml = result.junitXML(suiteName: "refs/<explicit> & \"dark\" 'x'\u{1}")
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(xml.contains("<testsuite name=\"refs/&lt;explicit&gt; &amp; &quot;dark&quot; &apos;x&apos;\u{FFFD}\" tests=\"3\" failures=\"2\""))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(xml.contains("name=\"canvas and timing\">\n      <failure message=\"frame count differs: actual 2, expected 1\" type=\"frameCountMismatch\">"))
        #expect(xml.contains("name=\"frame 0\"/>"))
        #expect(xml.contains("<failure message=\"frame 1: missing in expected\" type=\"missingInExpected\">"))
        #expect(!xml.contains("\u{1}"))
        let parser = XMLWellFormedness(xml)
        #expect(parser.isWellFormed)
    }

    @Test func junitOfEqualSequencesHasNoFailures() {
        let result = FrameComparison.compare(actual: Fixtures.still(Fixtures.square()), expected: Fixtures.still(Fixtures.square()))
        let xml = result.junitXML(suiteName: "still")
        #expect(xml.contains("tests=\"2\" failures=\"0\""))
        #expect(!xml.contains("<failure"))
    }

    @Test func xmlEscapingKeepsLineBreaksAsReferences() {
        #expect(XMLText.escape("a<b>&\n\t\r\u{FFFF}") == "a&lt;b&gt;&amp;&#10;&#9;&#13;\u{FFFD}")
    }
}

/// A minimal well-formedness check: tags nest and close, attributes are quoted, no raw `<` or `&`.
struct XMLWellFormedness {
    let isWellFormed: Bool

    init(_ xml: String) {
        var stack: [String] = []
        var ok = true
        var rest = Substring(xml)
        if rest.hasPrefix("<?xml") { rest = rest[(rest.firstIndex(of: ">").map { rest.index(after: $0) } ?? rest.endIndex)...] }
        while ok, let open = rest.firstIndex(of: "<") {
            let text = rest[..<open]
            if text.contains("&") && !Self.entitiesValid(text) { ok = false }
            guard let close = rest[open...].firstIndex(of: ">") else { ok = false; break }
            let tag = rest[rest.index(after: open)..<close]
            if tag.contains("<") { ok = false }
            if tag.first == "/" {
                if stack.popLast() != String(tag.dropFirst()) { ok = false }
            } else if tag.last != "/" {
                stack.append(String(tag.prefix { $0 != " " }))
            }
            if tag.filter({ $0 == "\"" }).count % 2 != 0 { ok = false }
            if !Self.entitiesValid(tag) { ok = false }
            rest = rest[rest.index(after: close)...]
        }
        isWellFormed = ok && stack.isEmpty
    }

    static func entitiesValid(_ text: Substring) -> Bool {
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.firstIndex(of: ";") else { return false }
            let name = after[..<semi]
            guard ["amp", "lt", "gt", "quot", "apos"].contains(name) || name.hasPrefix("#") else { return false }
            rest = after[after.index(after: semi)...]
        }
        return true
    }
}
