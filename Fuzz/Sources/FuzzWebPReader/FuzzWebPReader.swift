import SpinRender
import CFuzzerDriver

/// libFuzzer entry point: any bytes through the WebP reader (`WebPDemuxPartial`, the limit
/// checks, then `WebPAnimDecoder`), with limits small enough that one input cannot take more
/// than a fraction of a second or more than the fuzzer's RSS limit: 64 MiB, 10 000 frames.
///
/// A thrown ``WebPError`` is the expected outcome for most inputs; a crash, a sanitizer report,
/// a timeout or an out-of-memory is a finding. A decoded file must have canvas-sized frames,
/// one delay each, and as many frames as the container declared.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebPReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let declared = WebPDecoder.declaredSize(bytes)
    if let decoded = try? WebPDecoder.decode(bytes, limits: WebPDecodingLimits(maxMemoryBytes: 64 << 20, maxFrames: 10_000)) {
        let sequence = decoded.sequence
        precondition(declared.map { $0.width == sequence.width && $0.height == sequence.height } ?? false)
        precondition(decoded.delaysMilliseconds.count == sequence.frames.count)
        for frame in sequence.frames {
            precondition(frame.image.width == sequence.width && frame.image.height == sequence.height)
            precondition(frame.image.pixels.count == sequence.width * sequence.height * 4)
        }
    }
    return 0
}

/// The executable's entry point. SwiftPM links executable targets with `main` renamed to
/// `<target>_main`, which -parse-as-library leaves undefined, so libFuzzer's own `main` never
/// runs; this starts libFuzzer's driver with the same arguments instead.
@_cdecl("FuzzWebPReader_main")
public func fuzzWebPReaderMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzWebPReader(data!, size) }
}
