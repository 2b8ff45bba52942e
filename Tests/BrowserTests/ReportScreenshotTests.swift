import Foundation
import SpinRender
import Testing

/// Screenshots of a pixels-differ report of the main job: the pictures on screen are the
/// frames, pixel for pixel. With `SPINRENDER_SCREENSHOT_DIR` set, the screenshots are kept
/// there (re-encoded by the project's PNG encoder): the README's assets/report.png is the 1x one.
@Suite(.serialized, .enabled(if: Chromium.isAvailable))
struct ReportScreenshotTests {
    /// Writes each picture's place on the page (CSS pixels) into `<pre id="rects">`.
    static let rectScript = #"""
<script>
(function () {
  var out = {};
  ["img-actual", "img-expected", "img-diff"].forEach(function (name) {
    var img = document.querySelector("." + name), r = img.getBoundingClientRect();
    out[name] = { x: r.left, y: r.top, width: r.width, height: r.height, frame: Number(img.getAttribute("data-frame")) };
  });
  var pre = document.createElement("pre");
  pre.id = "rects";
  pre.style.display = "none";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""#

    struct Rect: Decodable { var x: Double; var y: Double; var width: Double; var height: Double; var frame: Int }

    @Test(arguments: [1, 2])
    func pixelsDifferScreenshot(scale: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spinrender-shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = ReportBrowserTests()
        // Half a second of frames: the page's layout and frame 0 are what the screenshot checks.
        #expect(try tool.run(["--duration", "0.5", "-o", "main.gif"], in: folder).status == 0)
        #expect(try tool.run(["--duration", "0.5", "--blend", "linear", "-o", "linear.gif"], in: folder).status == 0)
        let compare = try tool.run(["compare", "linear.gif", "main.gif", "--html", "report.html"], in: folder)
        #expect(compare.status == 1, "\(compare.error)")
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        let end = try #require(html.range(of: "</body>", options: .backwards))
        let page = folder.appendingPathComponent("shot.html")
        try (String(html[..<end.lowerBound]) + Self.rectScript + String(html[end.lowerBound...]))
            .write(to: page, atomically: true, encoding: .utf8)

        let (width, height) = (1000, 800)
        let loaded = try Chromium.load(page: page.path, virtualTimeBudget: 1_000, screenshotSize: (width, height),
                                       deviceScaleFactor: scale)
        #expect(loaded.console.filter { $0.hasPrefix("error: ") } == [])
        let open = try #require(loaded.dom.range(of: "<pre id=\"rects\" style=\"display: none;\">"))
        let close = try #require(loaded.dom.range(of: "</pre>", range: open.upperBound..<loaded.dom.endIndex))
        let rects = try JSONDecoder().decode([String: Rect].self, from: Data(loaded.dom[open.upperBound..<close.lowerBound].utf8))
        let shot = try PNGDecoder.decode(try #require(loaded.screenshotPNG))
        #expect(shot.width == width * scale && shot.height == height * scale)

        // The first failing frame is frame 0; each picture is its frame scaled up by a whole
        // number (nearest neighbour), at its place on the page.
        let actual = try GIFDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("linear.gif")))).sequence.frames
        let expected = try GIFDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("main.gif")))).sequence.frames
        for (name, frames) in [("img-actual", actual), ("img-expected", expected)] {
            let rect = try #require(rects[name])
            #expect(rect.frame == 0)
            let image = frames[rect.frame].image
            let zoom = Int(rect.width) / image.width
            #expect(zoom >= 1 && Int(rect.width) == image.width * zoom && Int(rect.height) == image.height * zoom)
            var mismatches = 0
            var first = ""
            for y in 0..<image.height * zoom * scale {
                for x in 0..<image.width * zoom * scale {
                    let source = ReportDrawing.pixel(image, x / (zoom * scale), y / (zoom * scale))
                    let shown = ReportDrawing.pixel(shot, Int((rect.x * Double(scale)).rounded()) + x, Int((rect.y * Double(scale)).rounded()) + y)
                    if source != shown {
                        if mismatches == 0 { first = "first at (\(x), \(y)): \(source) shown as \(shown)" }
                        mismatches += 1
                    }
                }
            }
            #expect(mismatches == 0, "\(name): \(mismatches) screen pixels differ from frame 0 scaled \(zoom)×\(scale), \(first); rect \(rect)")
        }
        if let keep = ProcessInfo.processInfo.environment["SPINRENDER_SCREENSHOT_DIR"] {
            try Data(try PNGEncoder.encode(shot)).write(to: URL(fileURLWithPath: keep).appendingPathComponent("report@\(scale)x.png"))
        }
    }
}
