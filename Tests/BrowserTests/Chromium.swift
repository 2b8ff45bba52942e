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

    /// Loads `page` (an absolute file path, opened as file://), lets its scripts run for at most
    /// `virtualTimeBudget` ms of virtual time, and returns the DOM as serialized after that,
    /// the console messages (every console.log/warn/error and uncaught exception, one string each,
    /// error ones prefixed "error: "), and, when `screenshotSize` is given, a PNG screenshot of
    /// that viewport size in CSS pixels at `deviceScaleFactor`.
    ///
    /// Chromium's stderr log (`--enable-logging=stderr`) gives every console message at one
    /// level, so only uncaught exceptions are known to be errors and get the prefix.
    /// - Throws: `ChromiumError` (a message naming what failed) when the process cannot start,
    ///   times out (30 s) or exits non-zero.
    static func load(page: String, virtualTimeBudget: Int = 5_000,
                     screenshotSize: (width: Int, height: Int)? = nil,
                     deviceScaleFactor: Int = 1) throws -> ChromiumPage {
        let url = URL(fileURLWithPath: page).absoluteString
        let common = ["--virtual-time-budget=\(virtualTimeBudget)", "--enable-logging=stderr", "--v=0"]
        let dump = try run(common + ["--dump-dom", url])
        var result = ChromiumPage(dom: dump.stdout, console: consoleMessages(dump.stderr), screenshotPNG: nil)
        if let size = screenshotSize {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-shot-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("shot.png").path
            // Headless Chromium's viewport is narrower and shorter than its window (at least
            // 500 px wide; 143 px of the height go to window decorations it does not draw), so
            // the window is made larger and the screenshot cut to the viewport asked for.
            let window = (width: max(size.width, 500) + 16, height: size.height + 200)
            _ = try run(common + ["--window-size=\(window.width),\(window.height)",
                                  "--force-device-scale-factor=\(deviceScaleFactor)", "--screenshot=\(file)", url])
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ChromiumError(description: "chromium wrote no screenshot of \(page)")
            }
            do {
                let shot = try PNGDecoder.decode([UInt8](data))
                let width = size.width * deviceScaleFactor, height = size.height * deviceScaleFactor
                guard shot.width >= width, shot.height >= height else {
                    throw ChromiumError(description: "chromium's screenshot of \(page) is \(shot.width) × \(shot.height) px, smaller than \(width) × \(height)")
                }
                var cut = RGBAImage(width: width, height: height)
                for y in 0..<height {
                    let from = y * shot.width * 4, to = y * width * 4
                    cut.pixels.replaceSubrange(to..<to + width * 4, with: shot.pixels[from..<from + width * 4])
                }
                result.screenshotPNG = try PNGEncoder.encode(cut)
            } catch let error as ChromiumError {
                throw error
            } catch {
                throw ChromiumError(description: "chromium's screenshot of \(page) cannot be read: \(error)")
            }
        }
        return result
    }

    /// The messages of `CONSOLE` log lines: `[…:INFO:CONSOLE:12] "message", source: … (12)`.
    static func consoleMessages(_ log: String) -> [String] {
        log.split(separator: "\n").compactMap { line -> String? in
            guard line.contains(":CONSOLE"), let open = line.firstIndex(of: "\""),
                  let close = line.range(of: "\", source:", options: .backwards)?.lowerBound, open < close else { return nil }
            let message = String(line[line.index(after: open)..<close])
            return message.hasPrefix("Uncaught") ? "error: " + message : message
        }
    }

    /// Runs Chromium headless with `arguments` in a fresh profile folder, removed afterwards.
    private static func run(_ arguments: [String]) throws -> (stdout: String, stderr: String) {
        guard let executable else { throw ChromiumError(description: "chromium is not installed (/usr/bin/chromium or $CHROMIUM)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: out.path, contents: nil),
              FileManager.default.createFile(atPath: err.path, contents: nil) else {
            throw ChromiumError(description: "cannot create chromium's output files in \(folder.path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                             "--user-data-dir=\(folder.appendingPathComponent("profile").path)"] + arguments
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw ChromiumError(description: "chromium could not start: \(error)")
        }
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw ChromiumError(description: "chromium timed out after 30 s (\(arguments.last ?? ""))")
        }
        try? outHandle.close()
        try? errHandle.close()
        let stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw ChromiumError(description: "chromium exited with status \(process.terminationStatus) (\(arguments.last ?? "")): \(stderr.suffix(300))")
        }
        return (stdout, stderr)
    }
}

struct ChromiumPage { var dom: String; var console: [String]; var screenshotPNG: [UInt8]? }

struct ChromiumError: Error, CustomStringConvertible { var description: String }
