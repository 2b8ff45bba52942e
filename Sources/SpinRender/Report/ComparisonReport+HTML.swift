import Compare
import Glibc
import PNGCodec
import Raster
import Synchronization
import Workers

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
        // The images are base64 (no character to escape), written as they are: most of the page.
        var document = "{\n\"images\": [\n"
        for (i, url) in try images.encodedURLs().enumerated() {
            document += "\"" + url + (i + 1 < images.images.count ? "\",\n" : "\"\n")
        }
        document += "],\n\"comparisons\": " + Self.scriptSafe(JSONText.array(data).rendered) + "}\n"
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
        page += document
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
        var out: [UInt8] = []
        out.reserveCapacity(json.utf8.count)
        var previous: UInt8 = 0
        for byte in json.utf8 {
            if previous == UInt8(ascii: "<") && byte == UInt8(ascii: "/") { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
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
        case let .loopDuration(actual, expected):
            "The loops last differently: actual plays \(actual) ms, expected \(expected) ms, and they do not both loop forever."
        case let .commonPeriodTooLong(actual, expected):
            "The loops last differently: actual plays \(actual) ms, expected \(expected) ms; both loop forever, but they meet again only after more than \(FrameComparison.maximumCommonPeriodLoops) loops or \(FrameComparison.maximumCommonPeriodMoments) moments, too long to compare."
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

/// Frame images of a report, each stored once, encoded as `data:` PNG URLs at the end.
struct ImageTable {
    var images: [RGBAImage] = []
    /// Indices of ``images`` by a 64-bit digest of their pixels: `RGBAImage`'s own `Hashable`
    /// feeds the hasher a byte at a time, about 10 ns a byte, which made most of a small report's time.
    var index: [UInt64: [Int]] = [:]

    /// The index of `image` among ``images``, adding it the first time it is seen.
    mutating func add(_ image: RGBAImage) -> Int {
        let key = Self.digest(image)
        for known in index[key] ?? [] where Self.same(images[known], image) { return known }
        images.append(image)
        index[key, default: []].append(images.count - 1)
        return images.count - 1
    }

    /// FNV-1a over the pixels, eight bytes a step, mixed with the size.
    static func digest(_ image: RGBAImage) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: image.width &* 31 &+ image.height)
        image.pixels.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            }
            for i in words * 8..<raw.count { hash = (hash ^ UInt64(raw[i])) &* 0x0000_0100_0000_01B3 }
        }
        return hash
    }

    /// Whether two images have the same size and bytes (`memcmp`).
    static func same(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.pixels.withUnsafeBytes { x in b.pixels.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }

    /// Every image as a `data:image/png;base64,` URL, in order: encoded on every core, each
    /// image in its own slot, so the bytes do not depend on the threads.
    ///
    /// - Throws: ``SpinRenderError`` `.software` naming the first image that cannot be encoded.
    func encodedURLs() throws(SpinRenderError) -> [String] {
        let images = self.images
        let slots = ResultSlots<Result<String, PNGError>>(count: images.count)
        let next = Atomic<Int>(0)
        Workers.run(min(Workers.processorCount, images.count)) { _ in
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < images.count else { return }
                do throws(PNGError) {
                    slots.store(.success("data:image/png;base64," + Base64.encode(try PNGQuickEncoder.encode(images[i]))), at: i)
                } catch {
                    slots.store(.failure(error), at: i)
                }
            }
        }
        guard !images.isEmpty else { return [] }
        var urls: [String] = []
        for (i, result) in slots.values.enumerated() {
            switch result {
            case .success(let url): urls.append(url)
            case .failure(let error):
                throw SpinRenderError(.software, "cannot encode a \(images[i].width) × \(images[i].height) frame of the report as PNG: \(error)")
            }
        }
        return urls
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
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(alphabet[Int(n & 63)])
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
                list.append(.object([("image", .int(images.add(frame.image))), ("delay", .int(frame.delayCentiseconds * 10))]))
            }
            return .object([("width", .int(summary.width)), ("height", .int(summary.height)), ("frames", .array(list))])
        }
        let rows = self.rows
        var rowData: [JSONText] = []
        for row in rows {
            let diff: JSONText = row.status == .identical ? .null : .int(images.add(result.diffImage(at: row.index)))
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
