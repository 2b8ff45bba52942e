import SpinRender
import CFuzzerDriver

/// libFuzzer entry point: any bytes through the PNG reader (libpng's simplified API), with a
/// 64 MiB limit on the decoded image.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? PNGDecoder.decode(bytes, limits: PNGDecodingLimits(maxMemoryBytes: 64 << 20)) {
        precondition(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4)
    }
    return 0
}

/// The executable's entry point. SwiftPM links executable targets with `main` renamed to
/// `<target>_main`, which -parse-as-library leaves undefined, so libFuzzer's own `main` never
/// runs; this starts libFuzzer's driver with the same arguments instead.
@_cdecl("FuzzPNGReader_main")
public func fuzzPNGReaderMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzPNGReader(data!, size) }
}
