import Compare
import PNGCodec
import Raster

extension ComparisonReport {
    /// The report page, UTF-8 HTML5 (WHATWG HTML Living Standard), ready to write to a `.html` file.
    ///
    /// The same report gives the same bytes. The page's data (frame images as `data:` URLs, one
    /// row per compared frame) sits in a `<script type="application/json" id="report-data">`
    /// element that the inline script reads; each `<img>` it shows carries `data-side`,
    /// `data-frame` (the compared frame's index) and `data-image` (the index of its image in
    /// that data), so a test can check what is shown.
    ///
    /// - Throws: ``SpinRenderError`` `.software` when a frame cannot be encoded as PNG.
    public func html() throws(SpinRenderError) -> String {
        var images = ImageTable()
        var data: [JSONText] = []
        var sections = ""
        for (number, comparison) in comparisons.enumerated() {
            data.append(try comparison.data(images: &images))
            sections += comparison.section(number: number)
        }
        let document = JSONText.object([
            ("images", .array(images.urls.map { .string($0) })),
            ("comparisons", .array(data)),
        ])
        let failing = comparisons.count { $0.result.verdict != .equal }
        let overall = verdict
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>spinrender: \(htmlEscaped(Self.heading(overall)))</title>\n"
        page += "<style>\n\(Self.style)</style>\n</head>\n<body>\n<header>\n"
        page += "<h1><span class=\"badge \(Self.badgeClass(overall))\">\(htmlEscaped(Self.heading(overall)))</span></h1>\n"
        page += "<p class=\"command\">Command: <code>\(htmlEscaped(command))</code></p>\n"
        if comparisons.count != 1 {
            page += "<p>\(comparisons.count) comparisons, \(failing) failing.</p>\n"
        }
        page += "<p class=\"help\">Choose a view; step through frames with ← and → (Home, End), P plays and pauses both animations together.</p>\n"
        page += "</header>\n<main>\n\(sections)</main>\n"
        page += "<script type=\"application/json\" id=\"report-data\">\n"
        page += Self.scriptSafe(document.rendered)
        page += "</script>\n<script>\n\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The report page's bytes (``html()`` in UTF-8).
    ///
    /// - Throws: as ``html()``.
    public func htmlBytes() throws(SpinRenderError) -> [UInt8] { Array(try html().utf8) }

    /// The verdict as a heading: `Equal`, `Pixels differ`, `Size differs` ….
    static func heading(_ verdict: Verdict) -> String {
        switch verdict {
        case .equal: "Equal"
        case .pixelsDiffer: "Pixels differ"
        case .sizeMismatch: "Size differs"
        case .frameCountMismatch: "Frame count differs"
        case .delayMismatch: "Delays differ"
        case .loopCountMismatch: "Loop count differs"
        }
    }

    static func badgeClass(_ verdict: Verdict) -> String {
        switch verdict.exitStatus {
        case 0: "pass"
        case 1: "fail"
        default: "shape"
        }
    }

    /// `</` cannot end the data element early once written `<\/` (JSON allows escaping `/`).
    static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        var previous: Character = " "
        for character in json {
            if previous == "<" && character == "/" { out += "\\/" } else { out.append(character) }
            previous = character
        }
        return out
    }

    /// A mismatch in words, as a sentence.
    static func sentence(_ mismatch: SequenceMismatch) -> String {
        switch mismatch {
        case let .canvasSize(aw, ah, ew, eh):
            "The canvas sizes differ: actual is \(aw) × \(ah) pixels, expected \(ew) × \(eh) pixels."
        case let .frameCount(actual, expected):
            "The frame counts differ: actual has \(plural(actual, "frame")), expected \(plural(expected, "frame")) (identical neighbours merged)."
        case let .delay(frame, actual, expected):
            "Frame \(frame) is shown for \(actual * 10) ms in actual and \(expected * 10) ms in expected."
        case let .loopCount(actual, expected):
            "The loop counts differ: actual \(loopWords(actual)), expected \(loopWords(expected))."
        }
    }

    /// `plays once`, `loops forever`, `plays 3 times`.
    static func loopWords(_ loop: LoopCount) -> String {
        switch loop {
        case .playOnce: "plays once"
        case .forever: "loops forever"
        case .repeats(let n): "plays \(n + 1) times"
        }
    }
}

/// Frame images of a report, each stored once as a `data:` PNG URL.
struct ImageTable {
    var urls: [String] = []
    var index: [RGBAImage: Int] = [:]

    /// The index of `image` in ``urls``, encoding it the first time it is seen.
    mutating func add(_ image: RGBAImage) throws(SpinRenderError) -> Int {
        if let known = index[image] { return known }
        let png: [UInt8]
        do {
            png = try PNGEncoder.encode(image)
        } catch {
            throw SpinRenderError(.software, "cannot encode a \(image.width) × \(image.height) frame of the report as PNG: \(error)")
        }
        urls.append("data:image/png;base64," + Base64.encode(png))
        index[image] = urls.count - 1
        return urls.count - 1
    }
}

/// RFC 4648 §4 base64, with padding.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)]]
            out += rest == 2 ? [alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Text for HTML content or a quoted attribute value: `&`, `<`, `>`, `"` and `'` escaped.
func htmlEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}

/// `1 frame`, `3 frames`.
private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension ComparisonReport.Comparison {
    /// The page data of this comparison (see ``ComparisonReport/html()``).
    func data(images: inout ImageTable) throws(SpinRenderError) -> JSONText {
        func side(_ summary: SequenceSummary, _ frames: [TimedFrame]) throws(SpinRenderError) -> JSONText {
            var list: [JSONText] = []
            for frame in frames {
                list.append(.object([("image", .int(try images.add(frame.image))), ("delay", .int(frame.delayCentiseconds * 10))]))
            }
            return .object([("width", .int(summary.width)), ("height", .int(summary.height)), ("frames", .array(list))])
        }
        let rows = self.rows
        var rowData: [JSONText] = []
        for row in rows {
            let diff: JSONText = row.status == .identical ? .null : .int(try images.add(result.diffImage(at: row.index)))
            rowData.append(.object([
                ("index", .int(row.index)), ("start", .int(row.startMilliseconds)), ("duration", .int(row.durationMilliseconds)),
                ("status", .string(row.status.rawValue)), ("passed", .bool(row.status.passed)),
                ("actualFrames", .array([.int(row.actualFrames.lowerBound), .int(row.actualFrames.upperBound)])),
                ("expectedFrames", .array([.int(row.expectedFrames.lowerBound), .int(row.expectedFrames.upperBound)])),
                ("pixels", .int(row.pixelCount)), ("differing", .int(row.differingPixels)),
                ("antialiased", .int(row.antialiasedPixels)), ("ignored", .int(row.ignoredPixels)),
                ("maxDistance", .string(fixed(row.maxDistance, 3))), ("diff", diff),
            ]))
        }
        return .object([
            ("verdict", .string(result.verdict.rawValue)),
            ("padded", .array([.int(result.paddedWidth), .int(result.paddedHeight)])),
            ("actual", try side(result.actual, result.comparedActualFrames)),
            ("expected", try side(result.expected, result.comparedExpectedFrames)),
            ("rows", .array(rowData)),
            ("initial", .int(rows.firstIndex { !$0.status.passed } ?? 0)),
        ])
    }

    /// The static part of this comparison's section: heading, verdict, mismatches in words,
    /// both sides' facts and the controls the script drives.
    func section(number n: Int) -> String {
        let id = "c\(n)"
        var html = "<section class=\"cmp\" id=\"\(id)\" data-cmp=\"\(n)\" aria-labelledby=\"\(id)-title\">\n"
        html += "<h2 id=\"\(id)-title\">\(htmlEscaped(title))</h2>\n"
        html += "<p class=\"verdict\"><span class=\"badge \(ComparisonReport.badgeClass(result.verdict))\">\(htmlEscaped(ComparisonReport.heading(result.verdict)))</span> \(htmlEscaped(result.summaryLine))</p>\n"
        if !result.mismatches.isEmpty {
            html += "<ul class=\"mismatches\">\n"
            for mismatch in result.mismatches { html += "<li>\(htmlEscaped(ComparisonReport.sentence(mismatch)))</li>\n" }
            html += "</ul>\n"
        }
        html += "<dl class=\"sides\">\n"
        for (label, name, summary) in [("Actual", actualName, result.actual), ("Expected", expectedName, result.expected)] {
            let total = summary.delaysCentiseconds.reduce(0, +) * 10
            html += "<dt>\(label)</dt><dd><code>\(htmlEscaped(name))</code>: \(summary.width) × \(summary.height) pixels, "
            html += "\(plural(summary.frameCount, "frame"))"
            if summary.sourceFrameCount != summary.frameCount { html += " (\(summary.sourceFrameCount) stored)" }
            html += ", \(total) ms, \(ComparisonReport.loopWords(summary.loopCount))</dd>\n"
        }
        html += "</dl>\n"
        html += "<div class=\"toolbar\">\n<fieldset class=\"views\"><legend>View</legend>\n"
        for (value, label) in [("side", "Side by side"), ("swipe", "Swipe"), ("onion", "Onion skin"), ("blink", "Blink"), ("overlay", "Diff overlaid")] {
            html += "<label><input type=\"radio\" name=\"\(id)-view\" value=\"\(value)\"\(value == "side" ? " checked" : "")> \(label)</label>\n"
        }
        html += "</fieldset>\n"
        html += "<label class=\"control swipe-control\">Swipe <input type=\"range\" class=\"swipe\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"Swipe position, percent of the width showing actual\"></label>\n"
        html += "<label class=\"control onion-control\">Actual opacity <input type=\"range\" class=\"onion\" min=\"0\" max=\"100\" value=\"50\"></label>\n"
        html += "<button type=\"button\" class=\"play\" aria-pressed=\"false\">Play</button>\n</div>\n"
        html += "<div class=\"stage\" data-view=\"side\">\n"
        for side in ["actual", "expected", "diff"] {
            html += "<figure class=\"pane pane-\(side)\"><figcaption>\(side.prefix(1).uppercased() + side.dropFirst())</figcaption>"
            html += "<div class=\"canvas\"><img class=\"img-\(side)\" data-side=\"\(side)\" alt=\"\(side) frame\"><span class=\"empty\"></span></div></figure>\n"
        }
        html += "<figure class=\"pane pane-merged\"><figcaption class=\"merged-caption\"></figcaption><div class=\"canvas stack\">"
        html += "<img class=\"m-expected\" data-side=\"expected\" alt=\"expected frame\">"
        html += "<img class=\"m-actual\" data-side=\"actual\" alt=\"actual frame\">"
        html += "<img class=\"m-diff\" data-side=\"diff\" alt=\"diff\"><span class=\"swipe-line\"></span></div></figure>\n"
        html += "</div>\n<p class=\"frame-info\" aria-live=\"polite\"></p>\n"
        html += "<div class=\"scrubber\" role=\"group\" aria-label=\"Frames: time and verdict\"></div>\n"
        html += "</section>\n"
        return html
    }
}
