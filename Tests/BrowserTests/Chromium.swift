import Foundation
import SpinRender

/// Headless Chromium (Debian's `chromium`), run as a child process.
enum Chromium {
    /// `/usr/bin/chromium` (or `$CHROMIUM`) when it exists and is executable.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["CHROMIUM"] ?? "/usr/bin/chromium"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static var isAvailable: Bool { executable != nil }

    /// How long one Chromium run may take, in seconds.
    static let timeout = 30.0

    /// Loads `page` (an absolute file path, opened as file://), lets its scripts run for at most
    /// `virtualTimeBudget` ms of virtual time, and returns the DOM as serialized after that,
    /// the console messages (every console.log/warn/error and uncaught exception, one string each,
    /// error ones prefixed "error: "), and, when `screenshotSize` is given, a PNG screenshot of
    /// that viewport size in CSS pixels at `deviceScaleFactor`. `extraArguments` go to both runs.
    /// With `screenshotOnly`, only the screenshot run is made (one launch instead of two): the
    /// DOM and console come back empty, for a page whose pixels are all that is checked.
    ///
    /// Chromium's log gives every console message the same level, so an HTML page is loaded
    /// from a copy beside it whose first script makes `console.error` log with the prefix; an
    /// uncaught exception is logged as "Uncaught …" and prefixed here. Other pages (SVG) are
    /// loaded as they are: there only uncaught exceptions are told apart.
    /// - Throws: `ChromiumError` (a message naming what failed) when the process cannot start,
    ///   times out (30 s) or exits non-zero.
    static func load(page: String, virtualTimeBudget: Int = 5_000,
                     screenshotSize: (width: Int, height: Int)? = nil,
                     deviceScaleFactor: Int = 1, extraArguments: [String] = [],
                     screenshotOnly: Bool = false) throws -> ChromiumPage {
        guard let executable else { throw ChromiumError(description: "chromium is not installed (/usr/bin/chromium or $CHROMIUM)") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var target = page
        let lower = page.lowercased()
        if lower.hasSuffix(".html") || lower.hasSuffix(".htm") {
            guard let text = FileManager.default.contents(atPath: page).map({ String(decoding: $0, as: UTF8.self) }) else {
                throw ChromiumError(description: "cannot read the page '\(page)'")
            }
            let folder = (page as NSString).deletingLastPathComponent
            target = folder + "/.chromium-\(UUID().uuidString)-" + (page as NSString).lastPathComponent
            guard FileManager.default.createFile(atPath: target, contents: Data(instrumented(text).utf8)) else {
                throw ChromiumError(description: "cannot write a copy of '\(page)' beside it")
            }
        }
        defer { if target != page { try? FileManager.default.removeItem(atPath: target) } }
        let url = URL(fileURLWithPath: target).absoluteString
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio", "--force-color-profile=srgb",
                      "--no-first-run", "--disable-extensions", "--virtual-time-budget=\(virtualTimeBudget)"] + extraArguments

        // Headless Chromium lays pages out at least 500 px wide, in a viewport about 90 px
        // shorter than its window: both runs get a window that holds the size asked for, and
        // the screenshot is cut to it. The DOM run lays the page out in that same window, so
        // what it measures is where the screenshot shows it.
        let window = screenshotSize.map { (width: max($0.width, 500), height: $0.height + 200) }
        let viewport = window.map { ["--window-size=\($0.width),\($0.height)", "--force-device-scale-factor=\(deviceScaleFactor)"] } ?? []
        var (dom, log) = (Data(), Data())
        if !screenshotOnly || screenshotSize == nil {
            (dom, log) = try run(executable, common + viewport + ["--dump-dom", "--enable-logging=stderr", "--v=0",
                                                            "--user-data-dir=\(scratch.path)/profile-dom", url], in: scratch)
        }
        var screenshot: [UInt8]?
        if let size = screenshotSize {
            let path = scratch.appendingPathComponent("screenshot.png").path
            _ = try run(executable, common + viewport + ["--screenshot=\(path)", "--user-data-dir=\(scratch.path)/profile-shot", url],
                        in: scratch)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ChromiumError(description: "chromium wrote no screenshot of '\(page)'")
            }
            screenshot = try cut([UInt8](data), width: size.width * deviceScaleFactor, height: size.height * deviceScaleFactor, page: page)
        }
        return ChromiumPage(dom: String(decoding: dom, as: UTF8.self), console: consoleMessages(String(decoding: log, as: UTF8.self)),
                            screenshotPNG: screenshot)
    }

    /// The top-left `width × height` pixels of a screenshot, as PNG.
    static func cut(_ png: [UInt8], width: Int, height: Int, page: String) throws -> [UInt8] {
        let shot: RGBAImage
        do { shot = try PNGDecoder.decode(png) } catch {
            throw ChromiumError(description: "chromium's screenshot of '\(page)' cannot be read: \(error)")
        }
        guard shot.width >= width, shot.height >= height else {
            throw ChromiumError(description: "chromium's screenshot of '\(page)' is \(shot.width) × \(shot.height) px, smaller than \(width) × \(height)")
        }
        var cut = RGBAImage(width: width, height: height)
        for y in 0..<height {
            let from = y * shot.width * 4, to = y * width * 4
            cut.pixels.replaceSubrange(to..<to + width * 4, with: shot.pixels[from..<from + width * 4])
        }
        do { return try PNGEncoder.encode(cut) } catch {
            throw ChromiumError(description: "the screenshot of '\(page)' cannot be encoded: \(error)")
        }
    }

    /// The page with a first script that makes `console.error` log its message prefixed with
    /// "error: " (after the doctype, so the page keeps its standards mode).
    static func instrumented(_ text: String) -> String {
        let hook = "<script>(function(){var log=console.log.bind(console);console.error=function(){"
            + "log(\"error: \"+Array.prototype.map.call(arguments,String).join(\" \"));};})();</script>"
        if text.lowercased().hasPrefix("<!doctype"), let end = text.firstIndex(of: ">") {
            return String(text[...end]) + hook + String(text[text.index(after: end)...])
        }
        return hook + text
    }

    /// The console messages in Chromium's log: `[…:INFO:CONSOLE:12] "message", source: url (12)`,
    /// a message possibly spanning lines; "Uncaught …" ones prefixed "error: ".
    static func consoleMessages(_ log: String) -> [String] {
        var records: [String] = []
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") && line.contains("]") && line.contains(":") { records.append(String(line)) }
            else if !records.isEmpty { records[records.count - 1] += "\n" + line }
        }
        var messages: [String] = []
        for record in records {
            guard let marker = record.range(of: ":CONSOLE"), let open = record[marker.upperBound...].range(of: "] \"") else { continue }
            var body = record[open.upperBound...]
            if let source = body.range(of: "\", source: ", options: .backwards) { body = body[..<source.lowerBound] }
            let message = String(body)
            messages.append(message.hasPrefix("Uncaught") ? "error: " + message : message)
        }
        return messages
    }

    /// Runs Chromium to completion (or kills it after ``timeout``), returning standard output
    /// and standard error.
    static func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> (out: Data, err: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let outPath = folder.appendingPathComponent("stdout-\(UUID().uuidString)").path
        let errPath = folder.appendingPathComponent("stderr-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        guard let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
            throw ChromiumError(description: "cannot create chromium's output files in \(folder.path)")
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            throw ChromiumError(description: "cannot start \(executable): \(error)")
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = done.wait(timeout: .now() + 5)
            throw ChromiumError(description: "chromium did not finish within \(Int(timeout)) s: \(arguments.last ?? "")")
        }
        try? out.close()
        try? err.close()
        let stdout = FileManager.default.contents(atPath: outPath) ?? Data()
        let stderr = FileManager.default.contents(atPath: errPath) ?? Data()
        guard process.terminationStatus == 0 else {
            let tail = String(decoding: stderr.suffix(600), as: UTF8.self)
            throw ChromiumError(description: "chromium exited with status \(process.terminationStatus) loading \(arguments.last ?? ""): \(tail)")
        }
        return (stdout, stderr)
    }
}

/// What ``Chromium/load(page:virtualTimeBudget:screenshotSize:deviceScaleFactor:extraArguments:screenshotOnly:)`` gives back.
struct ChromiumPage {
    var dom: String
    var console: [String]
    var screenshotPNG: [UInt8]?
}

/// A Chromium run that failed, and why.
struct ChromiumError: Error, CustomStringConvertible {
    var description: String
}
