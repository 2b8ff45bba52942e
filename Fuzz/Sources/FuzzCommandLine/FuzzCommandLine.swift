import SpinRender
import SwiftUILibrary
import CFuzzerDriver

/// The options `spinrender [<source>] -o <output>` reads: the file's and the render's settings
/// and the output, parsed by the command line's own reader (`ParsedArguments.swift`, linked here
/// from the executable's sources).
let options = (RenderSettings.fileOptions + RenderSettings.renderOptions).declarations()
    + [OptionDeclaration.option("output", short: "o", value: "output", help: "", isPath: true)]

/// A small source for a `.swift` positional: the reader's path from a source file, without a file.
let source = """
    import SwiftUI
    struct Dot: View {
        @State private var on = false
        var body: some View {
            Circle().frame(width: 6, height: 6).scaleEffect(on ? 1.5 : 1)
                .animation(.easeInOut(duration: 0.4).repeatForever(), value: on)
                .onAppear { on = true }
        }
    }
    """

/// libFuzzer entry point: the input as command-line words (split at NUL bytes and line feeds,
/// invalid UTF-8 repaired) through the command line's reader, then the settings as `render`
/// applies them: every value checked, the output's format chosen, the frame plan, the SVG
/// timeline and the memory estimate computed, and small renders drawn and encoded. A refusal
/// must be a message naming an option or a value; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    // Each input's engine lives only as long as its request (RenderRequest.makeEngine), and the
    // SwiftUI libraries its source's runs hand back for reuse are freed after it: none is kept
    // for the next input, so LeakSanitizer has nothing to report between inputs.
    defer { SwiftUILibrary.releaseIdle() }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: 0x0A, omittingEmptySubsequences: false) }
        .map { String(decoding: $0, as: UTF8.self) }
    let parsed: ParsedArguments
    do {
        parsed = try ParsedArguments.parse(words, options: options, positionalCount: 0...1, positionalNames: ["source"])
    } catch let error as UsageError {
        require(!error.message.isEmpty)
        return 0
    } catch {
        fatalError("the reader threw \(error)")
    }
    var settings = RenderSettings()
    do throws(SettingsError) {
        let values = parsed.settingValues
        if let path = parsed.positionals.first, path.hasSuffix(".swift") {
            try RenderSettings.checkSourceOptions(values, source: path)
            try settings.loadSource(path, bytes: Array(source.utf8), view: values.value("view"))
        }
        try settings.apply(values, options: RenderSettings.fileOptions + RenderSettings.renderOptions)
        try settings.setOutput(parsed.value("output") ?? "out.gif")
        try settings.checkMemory(holding: SpinRenderer.streamedHolding(settings.request.format))
    } catch {
        require(!error.description.isEmpty)
        return 0
    }
    let request = settings.request
    let frames = SpinRenderer.emittedFrameCount(request)
    require(frames >= 1, "no frames for \(words)")
    let timeline = SpinRenderer.svgTimeline(request)
    require(timeline.durationSeconds.isFinite && timeline.durationSeconds > 0)
    // Small renders are drawn and encoded whole, in the format asked for.
    let engine = request.makeEngine()
    if frames <= 12 && engine.canvasWidth * engine.canvasHeight <= 160 * 160 {
        do {
            let file = try SpinRenderer.render(request)
            require(!file.bytes.isEmpty)
        } catch {
            require(!error.message.isEmpty)
        }
    }
    return 0
}

/// Stops the run with `message` when `condition` fails (`fatalError`, whose message an optimised
/// build prints, where `precondition`'s is dropped).
func require(_ condition: Bool, _ message: @autoclosure () -> String = "") {
    if !condition { fatalError(message()) }
}

/// The executable's entry point (see FuzzAnimationParser).
@_cdecl("FuzzCommandLine_main")
public func fuzzCommandLineMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzCommandLine(data!, size) }
}
