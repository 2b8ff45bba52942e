import SpinRender
import CFuzzerDriver

/// libFuzzer entry point: any bytes through the GIF reader, with limits small enough that one
/// input cannot take more than a fraction of a second or more than the fuzzer's RSS limit.
///
/// A thrown ``GIFError`` is the expected outcome for most inputs; a crash, a sanitizer report,
/// a timeout or an out-of-memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIFReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = GIFDecodingLimits(maxMemoryBytes: 64 << 20, maxFrames: 10_000, maxDecodedPixels: 1 << 24)
    // Both timing rules, one per input (by the parity of its length, so an input is decoded
    // once and its cost stays within the time limit): `spec` composes delay-0 images into the
    // next frame, a path of its own.
    for timing in [size % 2 == 0 ? GIFTiming.browser : .spec] {
        if let decoded = try? GIFDecoder.decode(bytes, limits: limits, timing: timing) {
            // Every frame is canvas-sized: a broken invariant here would corrupt comparisons.
            let sequence = decoded.sequence
            precondition(!sequence.frames.isEmpty)
            for frame in sequence.frames {
                precondition(frame.image.width == sequence.width && frame.image.height == sequence.height)
                precondition(frame.image.pixels.count == sequence.width * sequence.height * 4)
            }
        }
    }
    return 0
}

/// The executable's entry point. SwiftPM links executable targets with `main` renamed to
/// `<target>_main`, which -parse-as-library leaves undefined, so libFuzzer's own `main` never
/// runs; this starts libFuzzer's driver with the same arguments instead.
@_cdecl("FuzzGIFReader_main")
public func fuzzGIFReaderMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzGIFReader(data!, size) }
}
