import Foundation
import Testing
import SpinRender

@Suite("spinrender render, end to end")
struct RenderCommandTests {
    @Test(arguments: ["explicit", "implicit", "preview"])
    func eachModeWritesAValidLoopingGIF(mode: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["--mode", mode, "-o", "spinner.gif"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let bytes = [UInt8](FileManager.default.contents(atPath: folder + "/spinner.gif")!)
        let gif = try GIFDecoder.decode(bytes)
        #expect(gif.sequence.loopCount == .forever)
        #expect(gif.sequence.width == 74)
        #expect(gif.sequence.height == (mode == "preview" ? 120 : 68))
        #expect(gif.sequence.durationCentiseconds == 50)   // 25 frames, looped: 0.5 s of a 2 s turn
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/spinner.gif")[.posixPermissions] as! Int
        #expect(mode == 0o644 || mode == 0o666 & ~0o022)
    }

    @Test func twoRunsGiveIdenticalBytes() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a.gif", "b.gif"] {
            #expect(try spinrender(["--mode", "preview", "--rotate-at", "0.5", "--duration", "1", "-o", name], in: folder).status == 0)
        }
        let a = FileManager.default.contents(atPath: folder + "/a.gif")
        #expect(a != nil && a == FileManager.default.contents(atPath: folder + "/b.gif"))
    }

    @Test("--effort max is never larger and decodes to the same frames as the default")
    func effortMax() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(["-o", "normal.gif"], in: folder).status == 0)
        #expect(try spinrender(["--effort", "max", "-o", "max.gif"], in: folder).status == 0)
        let normal = [UInt8](FileManager.default.contents(atPath: folder + "/normal.gif")!)
        let max = [UInt8](FileManager.default.contents(atPath: folder + "/max.gif")!)
        #expect(max.count < normal.count)                          // 10 528 against 10 632 bytes
        #expect(try GIFDecoder.decode(max).sequence == GIFDecoder.decode(normal).sequence)
    }

    /// Exact for one spinner (at most 256 colours); the preview's palette is quantized (1/255 at
    /// worst), which a threshold of 0.01 on pixelmatch's scale absorbs.
    @Test("frames --transparent holds what the GIF shows: compare finds the GIF equal to them",
          arguments: [(["--mode", "explicit"], "0"), (["--mode", "preview"], "0.01")])
    func transparentFramesMatchTheGIF(mode: [String], threshold: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try spinrender(mode + ["--transparent", "-o", "a.gif"], in: folder).status == 0)
        #expect(try spinrender(["frames"] + mode + ["--transparent", "-o", "fa"], in: folder).status == 0)
        let result = try spinrender(["compare", "a.gif", "fa", "--threshold", threshold], in: folder)
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
    }

    @Test("frames -o with an image file name is a usage error (64), unless that folder exists",
          arguments: ["out.png", "frames.GIF", "sub/x.jpeg"])
    func framesRefusesAnImageFileName(name: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let refused = try spinrender(["frames", "-o", name], in: folder)
        #expect(refused.status == 64)
        #expect(refused.standardError.hasPrefix("Error: The value '\(name)' is invalid for '-o, --output <output>': frames are written to a folder"),
                "\(refused.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        #expect(try spinrender(["frames", "-o", name], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/" + name + "/frame_0000.png"))
    }

    @Test func dashWritesTheGIFToStandardOutput() throws {
        let result = try spinrender(["-o", "-"])
        #expect(result.status == 0)
        #expect(result.standardOutput.prefix(6) == Data("GIF89a".utf8))
    }

    @Test(arguments: [
        (["--bogus", "-o", "x.gif"], "Unknown option '--bogus'"),
        (["--mode", "sideways", "-o", "x.gif"], "The value 'sideways' is invalid for '--mode <mode>'"),
        (["--fps", "0", "-o", "x.gif"], "'--fps <fps>'"),
        (["--duration", "-1", "-o", "x.gif"], "'--duration <seconds>'"),
        (["--scale", "100", "-o", "x.gif"], "'--scale <scale>'"),
        (["--point-size", "1e9", "-o", "x.gif"], "'--point-size <points>'"),
        (["--point-size", "nan", "-o", "x.gif"], "'--point-size <points>'"),
        (["--loop", "70000", "-o", "x.gif"], "'--loop <count>'"),
        (["--color", "orange", "-o", "x.gif"], "'--color <#RRGGBB>'"),
        (["--animation", ".easyIn", "-o", "x.gif"], "column"),
        (["--animation", ".linear(duration: 1e300)", "-o", "x.gif"], "The animation is too long: '--animation <expression>' lasts 1e+300 s"),
        (["--animation", ".linear(duration: 1e300).repeatForever(autoreverses: false)", "-o", "x.gif"],
         "The animation is too long: '--animation <expression>' repeats every 1e+300 s"),
        (["--animation", ".linear.speed(1e-300)", "-o", "x.gif"], "The animation is too long"),
        (["--fps", "0x10", "-o", "x.gif"], "'--fps <fps>'"),
        (["--effort", "maximum", "-o", "x.gif"], "The value 'maximum' is invalid for '--effort <level>'"),
        (["--mode"], "Missing value for '--mode <mode>'"),
        (["--mode", "explicit"], "Missing expected argument '--output <output>'"),
    ])
    func badArgumentsExit64WithAMessageAndTheUsage(arguments: [String], message: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: spinrender"))
        #expect(result.standardError.contains("See 'spinrender --help' for more information."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("an empty path is a usage error (64) naming the option or argument; nothing is written", arguments: [
        (["-o", ""], "The value '' is invalid for '-o, --output <output>': an empty path"),
        (["render", "--output="], "The value '' is invalid for '-o, --output <output>': an empty path"),
        (["frames", "-o", ""], "The value '' is invalid for '-o, --output <output>': an empty path"),
        (["sheet", "-o", ""], "The value '' is invalid for '-o, --output <output>': an empty path"),
        (["verify", "--reference", ""], "The value '' is invalid for '--reference <reference>': an empty path"),
        (["verify", "--reference", "ref", "--diff", ""], "The value '' is invalid for '--diff <path>': an empty path"),
        (["verify", "--reference", "ref", "--junit", ""], "The value '' is invalid for '--junit <path>': an empty path"),
        (["compare", "a.gif", "b.gif", "--diff", ""], "The value '' is invalid for '--diff <path>': an empty path"),
        (["compare", "", "b.gif"], "The value '' is invalid for '<actual>': an empty path"),
        (["frames", "", "-o", "out"], "The value '' is invalid for '<input>': an empty path"),
        (["batch", ""], "The value '' is invalid for '<manifest>': an empty path"),
    ])
    func emptyPathsAreUsageErrors(arguments: [String], message: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(arguments, in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: \(message)\n"), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: spinrender"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("an output whose extension names no format written is a usage error (64) naming --output and the extension; nothing is written",
          arguments: ["x.jpeg", "spinner.JPG", "x.jpg", "spinner.gif.tmp"])
    func nonGIFExtensionIsRefused(name: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let existing = Data("an earlier file".utf8)
        try existing.write(to: URL(fileURLWithPath: folder + "/kept.jpg"))
        for output in [name, "kept.jpg"] {
            let result = try spinrender(["--mode", "explicit", "--fps", "5", "-o", output], in: folder)
            #expect(result.status == 64, "\(output): \(result.standardError)")
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.first?.hasPrefix("Error: The value '\(output)' is invalid for '-o, --output <output>'") == true, "\(result.standardError)")
            let suffix = String(output[output.lastIndex(of: ".")!...])
            #expect(lines.first?.contains("not '\(suffix)'") == true, "\(result.standardError)")
            #expect(lines.first?.contains(".gif") == true)
            #expect(result.standardError.contains("See 'spinrender --help'"))
        }
        #expect(FileManager.default.contents(atPath: folder + "/kept.jpg") == existing)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["kept.jpg"])
        // The render subcommand, spelled out, refuses it the same way.
        #expect(try spinrender(["render", "-o", name], in: folder).status == 64)
    }

    @Test("a .gif output in any case, a name without an extension, a device and '-' are written as GIF",
          arguments: ["spinner.gif", "SPINNER.GIF", "spinner", "v1.2/spinner", "/dev/null", "-"])
    func gifOutputsAreWritten(output: String) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/v1.2", withIntermediateDirectories: false)
        let result = try spinrender(["--fps", "5", "-o", output], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        guard output != "/dev/null" else { return }
        let bytes = output == "-" ? result.standardOutput : FileManager.default.contents(atPath: folder + "/" + output)
        #expect(bytes?.starts(with: Data("GIF89a".utf8)) == true)
    }

    @Test func unwritableOutputExits73AndLeavesTheExistingFileUntouched() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A regular file where a folder is expected: the output cannot be created.
        let blocker = folder + "/not-a-folder"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: blocker))
        let result = try spinrender(["-o", blocker + "/spinner.gif"])
        #expect(result.status == 73)
        #expect(result.standardError.contains(blocker + "/spinner.gif"))
        #expect(FileManager.default.contents(atPath: blocker) == Data("keep me".utf8))
        // A directory as the output: refused, nothing replaced.
        let directory = try spinrender(["-o", folder])
        #expect(directory.status == 73)
        #expect(directory.standardError.contains("is a directory"))
    }

    @Test func fullDeviceExits74() throws {
        let result = try spinrender(["-o", "/dev/full"])
        #expect(result.status == 74)
        #expect(result.standardError.contains("No space left on device"))
    }

    @Test func renderTooLargeForTheMemoryLimitExits65() throws {
        let result = try spinrender(["--point-size", "400", "--scale", "3", "--max-memory", "64M", "-o", "x.gif"])
        #expect(result.status == 65)
        #expect(result.standardError.contains("--max-memory"))
    }

    @Test func versionPrintsTheVersionAlone() throws {
        let result = try spinrender(["--version"])
        #expect(result.status == 0)
        #expect(result.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test func helpFollowsArgumentParserLayout() throws {
        let result = try spinrender(["--help"])
        #expect(result.status == 0)
        let help = result.output
        for heading in ["OVERVIEW: ", "USAGE: ", "OPTIONS:", "SUBCOMMANDS:"] { #expect(help.contains(heading)) }
        #expect(help.contains("  --mode <mode>"))
        let flowing = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains("--mode <mode> Which view of the built-in documentation example to show"))
        #expect(flowing.contains("ARGUMENTS: <source> SwiftUI source to render"))
        #expect(flowing.contains("(values: implicit, explicit, preview) (default: explicit)"))
        #expect(help.contains("  --version"))
        #expect(help.contains("  -h, --help"))
    }

    /// Browsers play GIF delays of 0 or 1 cs as 10 cs: above 50 fps a GIF would play slower
    /// than asked. Every command refuses it (frame folders record the same delays), naming the
    /// limit and the reason, and writes nothing.
    @Test(arguments: [["-o", "x.gif"], ["frames", "-o", "dir"], ["sheet", "-o", "s.png"],
                      ["verify", "--reference", "ref"], ["timeline"]])
    func fpsAboveFiftyIsAUsageErrorNamingTheLimitAndTheReason(command: [String]) throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for fps in ["100", "50.5", "60"] {
            let result = try spinrender(command + ["--fps", fps], in: folder)
            #expect(result.status == 64, "\(command) --fps \(fps): \(result.standardError)")
            #expect(result.standardError.hasPrefix("Error: The value '\(fps)' is invalid for '--fps <fps>': spinrender renders at most 50 frames per second, in every format"),
                    "\(result.standardError)")
            #expect(result.standardError.contains("which browsers play as 10 cs below 2"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// 50 fps, the limit, gives 2 cs delays, which browsers play as written.
    @Test func fiftyFramesPerSecondGivesTwoCentisecondDelays() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["frames", "--fps", "50", "--duration", "0.5", "--no-compact", "-o", "dir"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let metadata = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/dir/frames.json"))) as! [String: Any]
        #expect(metadata["delaysCentiseconds"] as? [Int] == Array(repeating: 2, count: 25))
    }

    /// Two pulses of 2 × 0.35 s and 2 × 0.55 s meet again only after lcm(0.7, 1.1) = 7.7 s:
    /// 385 frames at 50 fps, said in a warning; two periods that divide each other do not warn.
    @Test func periodsThatMeetLateAreNamed() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func source(_ first: Double, _ second: Double) -> String {
            """
            struct Two: View {
                @State private var on = false
                var body: some View {
                    HStack {
                        Circle().frame(width: 8, height: 8).scaleEffect(on ? 1.5 : 1)
                            .animation(.easeInOut(duration: \(first)).repeatForever(), value: on)
                        Circle().frame(width: 8, height: 8).scaleEffect(on ? 1.5 : 1)
                            .animation(.easeInOut(duration: \(second)).repeatForever(), value: on)
                    }
                    .onAppear { on = true }
                }
            }
            """
        }
        try source(0.35, 0.55).write(toFile: folder + "/Late.swift", atomically: true, encoding: .utf8)
        try source(0.25, 0.5).write(toFile: folder + "/Near.swift", atomically: true, encoding: .utf8)
        let late = try spinrender(["Late.swift", "-o", "late.gif"], in: folder)
        #expect(late.status == 0)
        #expect(late.standardError == "warning: the animations repeat every 0.7 s and 1.1 s, and together only every 7.7 s: the GIF holds all 7.7 s (385 frames); give --duration to make it shorter (it then jumps when it loops)\n")
        let near = try spinrender(["Near.swift", "-o", "near.gif"], in: folder)
        #expect(near.status == 0)
        #expect(near.standardError.isEmpty, "\(near.standardError)")
    }

    @Test func durationThatCutsTheRepeatWarnsAndWholeRepeatsDoNot() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cut = try spinrender(["--duration", "1.1", "-o", "a.gif"], in: folder)
        #expect(cut.status == 0)
        #expect(cut.standardError.contains("repeats every 2 s; a 1.1 s GIF cuts it"))
        // The warning names the format written.
        let webp = try spinrender(["--duration", "1.1", "-o", "a.webp"], in: folder)
        #expect(webp.status == 0 && webp.standardError.contains("repeats every 2 s; a 1.1 s WebP cuts it"), "\(webp.standardError)")
        // 1.5 s is six ray spacings (0.25 s each): seamless, no warning.
        #expect(try spinrender(["--duration", "1.5", "-o", "b.gif"], in: folder).standardError.isEmpty)
        // A repeating spring's period (2 × its settling time) falls between two 20 ms frames:
        // the default duration is the nearest whole frame, which loops without a visible jump.
        let spring = ".interpolatingSpring(stiffness: 100, damping: 10).repeatForever()"
        let between = try spinrender(["--animation", spring, "--effect", "scale", "-o", "c.gif"], in: folder)
        #expect(between.status == 0)
        #expect(between.standardError.isEmpty, "\(between.standardError)")
    }

    @Test func aRotationAfterTheEndIsReported() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try spinrender(["--mode", "preview", "--rotate-at", "5", "--duration", "1", "-o", "a.gif"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardError.contains("the rotation at 5 s comes after the animation ends at 1 s"))
    }
}

