import Foundation
import SpinRender

/// Drives a comparison report in Chromium: a script appended to the page clicks and keys
/// through every section and writes what each step shows into `<pre id="results">`.
enum ReportDriver {
    /// One `<img>` as a step left it.
    struct Shown: Decodable {
        var frame: String?
        var src: String?
        var visible: Bool
        var opacity: String
        var clip: String
    }

    /// What one step showed in one section.
    struct Step: Decodable {
        var label: String
        var cmp: Int
        var frame: Int
        var view: String
        var shown: String
        var current: String?
        var info: String
        var imgs: [String: Shown]

        subscript(_ name: String) -> Shown { imgs[name]! }
    }

    struct Results: Decodable {
        var sections: Int
        var titles: [String]
        var badges: [String]
        var mismatches: [[String]]
        var steps: [Step]
    }

    /// The driving script. Per section: the state on open; Home, then → to the last frame and ←
    /// once (keys sent to the focused frame button, which follows the frame shown); → on the
    /// second button focused while another frame is shown; a click on every scrubber button; then, on the first failing frame (else the first), each view (swipe, onion, blink, overlay, side),
    /// the swipe slider at 30 %, blink again after 600 ms. Then playback in section `play`:
    /// Home, Play, a step at 120 ms and one at 220 ms (each 20 ms or more from a frame change on
    /// either side), Pause.
    static func script(playSection: Int) -> String {
        #"""
<script>
(function () {
  var steps = [];
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.cmp"));
  var imgNames = ["img-actual", "img-expected", "img-diff", "m-actual", "m-expected", "m-diff"];
  function snap(section, label) {
    var imgs = {};
    imgNames.forEach(function (name) {
      var img = section.querySelector("." + name), style = getComputedStyle(img);
      imgs[name] = { frame: img.getAttribute("data-frame"), src: img.hidden ? null : img.getAttribute("src"),
                     visible: !img.hidden && img.offsetParent !== null && style.visibility !== "hidden" && style.display !== "none",
                     opacity: style.opacity, clip: img.style.clipPath };
    });
    var current = section.querySelector('.scrubber button[aria-current="true"]');
    steps.push({ label: label, cmp: Number(section.getAttribute("data-cmp")), frame: Number(section.getAttribute("data-frame")),
                 view: section.getAttribute("data-view"), shown: section.getAttribute("data-shown") || "",
                 current: current ? current.getAttribute("data-frame") : null,
                 info: section.querySelector(".frame-info").textContent, imgs: imgs });
  }
  function key(section, name, button) {
    var target = button || section.querySelector('.scrubber button[aria-current="true"]');
    target.focus();
    document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
  }
  function view(section, name) { section.querySelector('fieldset.views input[value="' + name + '"]').click(); }
  sections.forEach(function (section) {
    snap(section, "open");
    key(section, "Home"); snap(section, "key");
    var count = section.querySelectorAll(".scrubber button").length;
    for (var i = 1; i < count; i++) { key(section, "ArrowRight"); snap(section, "key"); }
    key(section, "ArrowRight"); snap(section, "key");
    key(section, "ArrowLeft"); snap(section, "key");
    // From a focused button that is not the frame shown, → steps from that button.
    key(section, "ArrowRight", section.querySelectorAll(".scrubber button")[1]); snap(section, "key-focused");
    Array.prototype.forEach.call(section.querySelectorAll(".scrubber button"), function (b) { b.click(); snap(section, "click"); });
    (section.querySelector(".scrubber .s-different, .scrubber .s-missingInActual, .scrubber .s-missingInExpected")
      || section.querySelector(".scrubber button")).click();
    ["swipe", "onion", "blink", "overlay", "side"].forEach(function (name) { view(section, name); snap(section, "view-" + name); });
    view(section, "swipe");
    var slider = section.querySelector("input.swipe");
    slider.value = "30";
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    snap(section, "swipe-30");
    view(section, "blink");
  });
  setTimeout(function () {
    sections.forEach(function (section) { snap(section, "blink-600"); view(section, "side"); });
    var section = sections[PLAY];
    key(section, "Home");
    section.querySelector("button.play").click();
    setTimeout(function () {
      snap(section, "play-120");
      setTimeout(function () {
        snap(section, "play-220");
        section.querySelector("button.play").click();
        snap(section, "paused");
        var pre = document.createElement("pre");
        pre.id = "results";
        pre.textContent = JSON.stringify({
          sections: sections.length,
          titles: sections.map(function (s) { return s.querySelector("h2").textContent; }),
          badges: sections.map(function (s) { return s.querySelector(".verdict .badge").textContent; }),
          mismatches: sections.map(function (s) { return Array.prototype.map.call(s.querySelectorAll(".mismatches li"), function (li) { return li.textContent; }); }),
          steps: steps });
        document.body.appendChild(pre);
      }, 100);
    }, 120);
  }, 600);
})();
</script>
"""#.replacingOccurrences(of: "PLAY", with: String(playSection))
    }

    /// Writes `html` with the driving script to a temporary file, loads it in Chromium, and
    /// returns the results and the console messages.
    static func drive(_ html: String, playSection: Int = 0, in folder: URL) throws -> (results: Results, console: [String]) {
        guard let end = html.range(of: "</body>", options: .backwards) else { throw ChromiumError(description: "the report has no </body>") }
        let page = folder.appendingPathComponent("driven.html")
        try (String(html[..<end.lowerBound]) + script(playSection: playSection) + String(html[end.lowerBound...]))
            .write(to: page, atomically: true, encoding: .utf8)
        let loaded = try Chromium.load(page: page.path, virtualTimeBudget: 5_000)
        guard let open = loaded.dom.range(of: "<pre id=\"results\">"),
              let close = loaded.dom.range(of: "</pre>", range: open.upperBound..<loaded.dom.endIndex) else {
            throw ChromiumError(description: "the page wrote no results; console: \(loaded.console)")
        }
        let text = String(loaded.dom[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        return (try JSONDecoder().decode(Results.self, from: Data(text.utf8)), loaded.console)
    }

    /// The image of a `data:image/png;base64,` URL, decoded by the project's PNG decoder.
    static func image(_ src: String?) throws -> RGBAImage? {
        guard let src else { return nil }
        let prefix = "data:image/png;base64,"
        guard src.hasPrefix(prefix), let bytes = Data(base64Encoded: String(src.dropFirst(prefix.count))) else {
            throw ChromiumError(description: "not a data: PNG URL: \(src.prefix(60))")
        }
        return try PNGDecoder.decode([UInt8](bytes))
    }
}
