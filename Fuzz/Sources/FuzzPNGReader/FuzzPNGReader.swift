import SpinRender
import CFuzzerDriver

/// libFuzzer entry point: any bytes through the PNG reader (libpng's simplified API), with a
/// 64 MiB limit on the decoded image; then the same bytes with every chunk's CRC made right.
///
/// libpng is not instrumented, so libFuzzer sees no coverage inside it, and a random mutation of
/// a critical chunk almost always dies at its CRC. The second pass gets mutations past the CRC
/// check into IHDR validation, inflate and the filters; the chunk walk below is instrumented
/// Swift, so its branches on chunk types give the fuzzer some feedback about PNG's structure.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    decode(bytes)
    if let fixed = withCorrectCRCs(bytes), fixed != bytes { decode(fixed) }
    return 0
}

private func decode(_ bytes: [UInt8]) {
    if let image = try? PNGDecoder.decode(bytes, limits: PNGDecodingLimits(maxMemoryBytes: 64 << 20)) {
        precondition(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4)
    }
}

/// `bytes` with each complete chunk's CRC recomputed, or `nil` when it has no PNG signature.
private func withCorrectCRCs(_ bytes: [UInt8]) -> [UInt8]? {
    guard bytes.count >= 8, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
    var out = bytes
    var p = 8
    while p + 12 <= out.count {
        let length = Int(out[p]) << 24 | Int(out[p + 1]) << 16 | Int(out[p + 2]) << 8 | Int(out[p + 3])
        guard length <= out.count - p - 12 else { break }
        let type = String(decoding: out[(p + 4)..<(p + 8)], as: UTF8.self)
        switch type {   // branches the fuzzer can tell apart
        case "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "sRGB", "cHRM", "iCCP", "sBIT", "bKGD": break
        default: break
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in out[(p + 4)..<(p + 8 + length)] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        let at = p + 8 + length
        out[at] = UInt8(crc >> 24); out[at + 1] = UInt8(crc >> 16 & 0xFF)
        out[at + 2] = UInt8(crc >> 8 & 0xFF); out[at + 3] = UInt8(crc & 0xFF)
        if type == "IEND" { break }
        p += 12 + length
    }
    return out
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
