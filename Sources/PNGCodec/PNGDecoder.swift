import CPNG
import Raster

/// Reads PNG data into 8-bit sRGB RGBA through libpng's simplified API.
///
/// Every colour type and bit depth is accepted and converted by libpng
/// (`png_image_finish_read` with `PNG_FORMAT_RGBA`): palette and tRNS are expanded, grey is
/// replicated, 16-bit samples are reduced, a gAMA/sRGB/cHRM-tagged image is converted to sRGB.
/// A 16-bit image with no gAMA or sRGB chunk is taken as sRGB-encoded
/// (`PNG_IMAGE_FLAG_16BIT_sRGB`), which is what image tools write; libpng's own default would
/// assume linear data. Alpha stays straight (not premultiplied).
public enum PNGDecoder {
    /// The width and height in a PNG's header (PNG specification 11.2.2: IHDR, the first chunk,
    /// big-endian), without decoding anything: for a memory check before decoding.
    ///
    /// - Returns: `nil` when the data does not start with the signature and an IHDR chunk, or
    ///   when that chunk's CRC (PNG specification 5.3) does not match: a damaged header says
    ///   nothing about the size, and the decoder then names the damage.
    public static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, bytes.starts(with: signature), bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        // IHDR holds 13 bytes; its CRC covers the type and the data (bytes 12..<29).
        if bytes.count >= 33 {
            let stored = bytes[29..<33].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard PNGChunkCheck.crc32(Array(bytes[12..<29])) == stored else { return nil }
        }
        func bigEndian(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }

    /// Decodes a whole PNG file held in memory.
    ///
    /// The size from the header is checked against `limits` before the pixel buffer is allocated.
    /// A file cut short at its very end is read as browsers show it (see ``read(_:limits:)``,
    /// which also says what was repaired).
    ///
    /// - Parameters:
    ///   - bytes: the complete PNG data stream.
    ///   - limits: resource limits; ``PNGDecodingLimits/default`` allows 1 GiB of pixels.
    /// - Returns: the image, `width × height` RGBA8, straight alpha, sRGB.
    /// - Throws: ``PNGError`` with ``PNGError/Code/malformed`` for a chunk longer than the data
    ///   (truncated or forged), ``PNGError/Code/libpng`` for other malformed data,
    ///   ``PNGError/Code/tooLarge`` when the image exceeds `limits`, ``PNGError/Code/empty`` for
    ///   no bytes at all.
    public static func decode(_ bytes: [UInt8], limits: PNGDecodingLimits = .default) throws(PNGError) -> RGBAImage {
        try read(bytes, limits: limits).image
    }

    /// Decodes a whole PNG file held in memory, as ``decode(_:limits:)`` does, and says what was
    /// repaired: a file cut short at its very end (the last chunk's CRC incomplete, or no `IEND`)
    /// is read as browsers show it, with one warning line per repair naming its byte offset.
    ///
    /// - Returns: the image (`width × height` RGBA8, straight alpha, sRGB) and the warnings.
    /// - Throws: as ``decode(_:limits:)``.
    public static func read(_ bytes: [UInt8], limits: PNGDecodingLimits = .default) throws(PNGError) -> (image: RGBAImage, warnings: [String]) {
        let (bytes, warnings) = PNGChunkCheck.repairEnd(bytes)
        return (try decodeComplete(bytes, limits: limits), warnings)
    }

    private static func decodeComplete(_ bytes: [UInt8], limits: PNGDecodingLimits) throws(PNGError) -> RGBAImage {
        guard !bytes.isEmpty else {
            throw PNGError(code: .empty, operation: "decode", message: "no data")
        }
        if let problem = PNGChunkCheck.overlongChunk(in: bytes) {
            throw PNGError(code: .malformed, operation: "decode", message: problem)
        }
        // libpng reads from `bytes` until finish_read returns, so both calls happen inside the
        // one closure that keeps the buffer pinned.
        let result: Result<RGBAImage, PNGError> = bytes.withUnsafeBytes { data in
            decode(data, limits: limits)
        }
        return try result.get()
    }

    /// Both simplified-API read steps over pinned memory.
    private static func decode(_ data: UnsafeRawBufferPointer, limits: PNGDecodingLimits) -> Result<RGBAImage, PNGError> {
        let control = PNGControl()
        guard png_image_begin_read_from_memory(control.image, data.baseAddress, data.count) != 0 else {
            return .failure(control.error("decode"))
        }
        let width = Int(control.image.pointee.width)
        let height = Int(control.image.pointee.height)
        let byteCount: Int
        switch checkedByteCount(width: width, height: height, limits: limits) {
        case .success(let count): byteCount = count
        case .failure(let error): return .failure(error)
        }
        control.image.pointee.format = PNGFormat.rgba
        // Only settable after begin_read, which initialises `flags`.
        control.image.pointee.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)

        var pixels = [UInt8](repeating: 0, count: byteCount)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(control.image, nil, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0, !control.failed else {
            return .failure(control.error("decode"))
        }
        guard let image = RGBAImage(width: width, height: height, pixels: pixels) else {
            return .failure(PNGError(code: .unsupportedSize, operation: "decode",
                                     message: "image is \(width) × \(height) pixels"))
        }
        return .success(image)
    }

    /// `width × height × 4`, refused when it overflows, exceeds the limit or libpng's row stride.
    static func checkedByteCount(width: Int, height: Int, limits: PNGDecodingLimits) -> Result<Int, PNGError> {
        let pixels = width.multipliedReportingOverflow(by: height)
        let bytes = pixels.partialValue.multipliedReportingOverflow(by: 4)
        guard !pixels.overflow, !bytes.overflow, bytes.partialValue <= limits.maxMemoryBytes else {
            return .failure(PNGError(
                code: .tooLarge, operation: "decode",
                message: "image is \(width) × \(height) pixels and needs \(describeBytes(width, height)), "
                    + "more than the limit of \(limits.maxMemoryBytes) bytes"))
        }
        guard width > 0, height > 0, width * 4 <= Int(Int32.max) else {
            return .failure(PNGError(code: .unsupportedSize, operation: "decode",
                                     message: "image is \(width) × \(height) pixels"))
        }
        return .success(bytes.partialValue)
    }

    /// `N bytes` for `width × height × 4`, computed without overflow (sides are < 2³¹).
    private static func describeBytes(_ width: Int, _ height: Int) -> String {
        let product = UInt64(width).multipliedFullWidth(by: UInt64(height) * 4)
        return product.high == 0 ? "\(product.low) bytes" : "more than 2^64 bytes"
    }
}
