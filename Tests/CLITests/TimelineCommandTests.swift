import Foundation
import Testing

@Suite("spinrender timeline")
struct TimelineCommandTests {
    /// The JSON shows the model without pixels: the implicit centre saw-tooths after the
    /// rotation at 0.5 s, the explicit one lands at once; both turn 18° per 0.1 s.
    @Test func jsonShowsTheSawtoothAndTheJump() throws {
        let result = try spinrender(["timeline", "--json", "--mode", "preview", "--rotate-at", "0.5", "--fps", "10", "--duration", "3"])
        #expect(result.status == 0, "\(result.standardError)")
        let root = try JSONSerialization.jsonObject(with: result.standardOutput) as! [String: Any]
        let frames = root["frames"] as! [[String: Any]]
        #expect(frames.count == 30)
        func spinner(_ frame: Int, _ view: String) -> (angle: Double, x: Double, y: Double) {
            let spinners = frames[frame]["spinners"] as! [[String: Any]]
            let s = spinners.first { $0["view"] as! String == view }!
            let centre = s["centre"] as! [String: Double]
            return (s["angleDegrees"] as! Double, centre["x"]!, centre["y"]!)
        }
        #expect(abs(spinner(1, "Spinner").angle - 18) < 1e-9)
        #expect(abs(spinner(1, "Spinner2").angle - 18) < 1e-9)
        let old = spinner(4, "Spinner"), oldExplicit = spinner(4, "Spinner2")
        let landed = spinner(5, "Spinner2")
        #expect(landed.x != oldExplicit.x || landed.y != oldExplicit.y)
        for frame in 5..<30 {
            let e = spinner(frame, "Spinner2")
            #expect(e.x == landed.x && e.y == landed.y)
        }
        // The implicit spinner's new resting place is the explicit one's, offset as in portrait.
        let new = (x: landed.x + (old.x - oldExplicit.x), y: landed.y + (old.y - oldExplicit.y))
        for (frame, fraction) in [(10, 0.25), (15, 0.5), (25, 0.0)] {
            let i = spinner(frame, "Spinner")
            #expect(abs(i.x - (old.x + (new.x - old.x) * fraction)) < 1e-9, "frame \(frame)")
            #expect(abs(i.y - (old.y + (new.y - old.y) * fraction)) < 1e-9, "frame \(frame)")
        }
        #expect(root["pictureRepeatSeconds"] is NSNull)
    }

    @Test func tableHasOneLinePerFrame() throws {
        let result = try spinrender(["timeline", "--fps", "5", "--duration", "1"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[3].contains("72.00°"))   // frame 2, 0.4 s: 0.2 of a turn
    }

    /// Every value ends under the right edge of its header, whatever the view names' lengths:
    /// the table is read by eye, so a header that runs into the next column is a defect.
    @Test func tableColumnsLineUpWithTheirHeaders() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = """
        struct AVeryLongSpinnerName: View {
            var body: some View { HStack { Circle().frame(width: 4, height: 4); Capsule().frame(width: 2, height: 6) } }
        }
        """
        try source.write(toFile: folder + "/Long.swift", atomically: true, encoding: .utf8)
        for arguments in [["timeline", "--mode", "preview"], ["timeline", "Long.swift"]] {
            let result = try spinrender(arguments + ["--fps", "5", "--duration", "1"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let lines = result.output.split(separator: "\n").map(Array.init)
            // Right edges of the header's words ("frame", "time", "delay", "<view> angle") and
            // left edges of "centre (pt)".
            let header = String(lines[0])
            var rightEdges: [Int] = []
            var leftEdges: [Int] = []
            for word in ["frame", "time", "delay"] {
                rightEdges.append(header.ranges(of: word).first!.upperBound.utf16Offset(in: header))
            }
            for range in header.ranges(of: " angle") { rightEdges.append(range.upperBound.utf16Offset(in: header)) }
            for range in header.ranges(of: "centre (pt)") { leftEdges.append(range.lowerBound.utf16Offset(in: header)) }
            #expect(leftEdges.count == rightEdges.count - 3 && leftEdges.count >= 2)
            for line in lines.dropFirst() {
                let row = String(line)
                let text = Array(row.utf16)
                for edge in rightEdges {
                    // The value's last character sits just left of the edge, a space after it.
                    #expect(edge <= text.count && text[edge - 1] != 0x20 && (edge == text.count || text[edge] == 0x20), "\(row)")
                }
                for edge in leftEdges { #expect(text[edge] == UInt16(UInt8(ascii: "(")), "\(row)") }
            }
        }
    }
}
