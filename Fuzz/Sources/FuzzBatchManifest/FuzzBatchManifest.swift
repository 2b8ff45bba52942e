import SpinRender
import SwiftUILibrary
import CFuzzerDriver

/// libFuzzer entry point: any bytes as a batch manifest (`BatchManifest.parse`), then every
/// entry checked and planned as `spinrender batch` does (`BatchRenderer.plan`: each key's value
/// through the settings schema, the output's format, the memory estimate), and each planned
/// entry's frame plan and SVG timeline computed. Nothing is rendered or written: the manifest
/// sits in a folder that does not exist, so its sources cannot be read either. A refused
/// manifest or entry must say why; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    // Each input's engine lives only as long as its request (RenderRequest.makeEngine), and the
    // SwiftUI libraries the runs of its entries' Swift hand back for reuse are freed after it:
    // none is kept for the next input, so LeakSanitizer has nothing to report between inputs.
    defer { SwiftUILibrary.releaseIdle() }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let manifest: BatchManifest
    do {
        manifest = try BatchManifest.parse(bytes, path: "/nonexistent-spinrender-fuzz/batch.json")
    } catch {
        require(!error.message.isEmpty && error.kind == .badData, "\(error)")
        return 0
    }
    let plan = BatchRenderer.plan(manifest)
    require(plan.jobs.count + plan.failures.count == plan.selected.count)
    for failure in plan.failures.values { require(failure.failure.map { !$0.isEmpty } ?? false) }
    for job in plan.jobs {
        require(SpinRenderer.emittedFrameCount(job.request) >= 1)
        let timeline = SpinRenderer.svgTimeline(job.request)
        require(timeline.durationSeconds.isFinite && timeline.durationSeconds > 0)
    }
    return 0
}

/// Stops the run with `message` when `condition` fails (`fatalError`, whose message an optimised
/// build prints, where `precondition`'s is dropped).
func require(_ condition: Bool, _ message: @autoclosure () -> String = "") {
    if !condition { fatalError(message()) }
}

/// The executable's entry point (see FuzzAnimationParser).
@_cdecl("FuzzBatchManifest_main")
public func fuzzBatchManifestMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzBatchManifest(data!, size) }
}
