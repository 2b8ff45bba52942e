import CGIFLib

/// Collects the bytes giflib writes; can be told to fail after a number of bytes (tests inject
/// write failures with it).
final class ByteSink {
    var bytes: [UInt8] = []
    /// When set, a write that would pass this many bytes in total fails (returns 0).
    let failAfterBytes: Int?

    init(failAfterBytes: Int? = nil) { self.failAfterBytes = failAfterBytes }
}

/// giflib's output callback: appends to the ``ByteSink`` in `UserData`.
private func writeToSink(_ gif: UnsafeMutablePointer<GifFileType>?, _ data: UnsafePointer<GifByteType>?,
                         _ count: Int32) -> Int32 {
    guard let gif, let user = gif.pointee.UserData, count >= 0 else { return 0 }
    let sink = Unmanaged<ByteSink>.fromOpaque(user).takeUnretainedValue()
    if let limit = sink.failAfterBytes, sink.bytes.count + Int(count) > limit { return 0 }
    if count > 0, let data {
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
    }
    return count
}

/// An encoding `GifFileType` opened with `EGifOpen` onto memory, freed exactly once.
///
/// `EGifCloseFile` writes the trailer and frees the handle even when that write fails
/// (giflib 5.2.1 `egif_lib.c`), so ``close()`` consumes the handle and `deinit` only runs for
/// handles that were never closed (after an earlier error): it frees without caring about the
/// result. Every method turns a `GIF_ERROR` status into a ``GIFError`` naming the C function.
struct GIFWriteHandle: ~Copyable {
    private let gif: UnsafeMutablePointer<GifFileType>
    private let sink: Unmanaged<ByteSink>

    /// Opens an encoder writing GIF89a into memory.
    init(failAfterBytes: Int? = nil) throws(GIFError) {
        let sink = Unmanaged.passRetained(ByteSink(failAfterBytes: failAfterBytes))
        var error: Int32 = 0
        guard let gif = EGifOpen(sink.toOpaque(), writeToSink, &error) else {
            sink.release()
            throw GIFError(GIFError.Code(rawValue: error == 0 ? E_GIF_ERR_OPEN_FAILED : error),
                           operation: "EGifOpen")
        }
        // Before the screen descriptor, or the header says GIF87a (giflib's
        // `EGifSetGifVersion`: the version is fixed when the screen descriptor is written).
        EGifSetGifVersion(gif, true)
        self.gif = gif
        self.sink = sink
    }

    deinit {
        var error: Int32 = 0
        _ = EGifCloseFile(gif, &error)
        sink.release()
    }

    private func check(_ status: Int32, _ operation: String) throws(GIFError) {
        guard status == GIF_OK else {
            let code = gif.pointee.Error
            throw GIFError(GIFError.Code(rawValue: code == 0 ? E_GIF_ERR_WRITE_FAILED : code), operation: operation)
        }
    }

    /// Writes the header and logical screen descriptor with a global colour table.
    ///
    /// - Parameter palette: 2, 4, … 256 colours (a power of two), RGB triples.
    func putScreen(width: Int, height: Int, palette: [RGBTriple]) throws(GIFError) {
        let bits = Self.bits(forColorCount: palette.count)
        let map = palette.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: GifColorType.self) { GifMakeMapObject(Int32(buffer.count), $0.baseAddress) }
        }
        guard let map else { throw GIFError(.encoderNotEnoughMemory, operation: "GifMakeMapObject") }
        defer { GifFreeMapObject(map) }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), Int32(bits), 0, map), "EGifPutScreenDesc")
    }

    /// Writes an extension made of sub-blocks with `EGifPutExtensionLeader/Block/Trailer`.
    func putExtension(code: Int32, blocks: [[UInt8]]) throws(GIFError) {
        try check(EGifPutExtensionLeader(gif, code), "EGifPutExtensionLeader")
        for block in blocks {
            let status = block.withUnsafeBytes { EGifPutExtensionBlock(gif, Int32(block.count), $0.baseAddress) }
            try check(status, "EGifPutExtensionBlock")
        }
        try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
    }

    /// Writes an image descriptor (no local colour table, not interlaced) and its pixels.
    ///
    /// `EGifPutLine` masks indices in place, so each row goes through a scratch copy; every
    /// index is checked against `colorCount` first.
    ///
    /// - Parameter indices: `width * height` palette indices, row-major.
    func putImage(left: Int, top: Int, width: Int, height: Int, indices: [UInt8], colorCount: Int) throws(GIFError) {
        precondition(indices.count == width * height)
        if let bad = indices.first(where: { Int($0) >= colorCount }) {
            throw GIFError(.indexOutOfPalette, operation: "EGifPutLine", detail: "index \(bad) ≥ \(colorCount) colours")
        }
        try check(EGifPutImageDesc(gif, Int32(left), Int32(top), Int32(width), Int32(height), false, nil),
                  "EGifPutImageDesc")
        var scratch = [GifPixelType](repeating: 0, count: width)
        for row in 0..<height {
            let status = scratch.withUnsafeMutableBufferPointer { line in
                indices.withUnsafeBufferPointer { source in
                    // row < height, so the slice [row * width, (row + 1) * width) is inside indices.
                    line.baseAddress!.update(from: source.baseAddress! + row * width, count: width)
                    return EGifPutLine(gif, line.baseAddress, Int32(width))
                }
            }
            try check(status, "EGifPutLine")
        }
    }

    /// Writes an image descriptor followed by LZW data compressed by ``LZWEncoder``.
    ///
    /// `EGifPutImageDesc` ends by writing the LZW minimum code size byte, always `max(2, bits)`
    /// of the global table (`EGifSetupCompress` in giflib 5.1 and 5.2's `egif_lib.c`; `shim.h`
    /// refuses to build against other versions). A frame whose indices all fit fewer bits is
    /// smaller with a smaller code size (GIF89a §22 allows any size ≥ 2 that holds the frame's
    /// indices), so that byte, the last one in our own output buffer, is checked (a
    /// ``GIFError/Code/writeFailed`` error if giflib wrote anything else) and replaced. giflib's pending clear code for its own compressor is never
    /// flushed: the data goes out through `EGifPutCodeNext`, as for copying compressed data.
    /// With `interlaced` the descriptor's interlace flag is set; the data must then hold the
    /// rows in interlaced order (GIF89a Appendix E), which giflib does not reorder here.
    func putCompressedImage(left: Int, top: Int, width: Int, height: Int, interlaced: Bool = false,
                            minCodeSize: Int, tableBits: Int, lzw data: [UInt8]) throws(GIFError) {
        try check(EGifPutImageDesc(gif, Int32(left), Int32(top), Int32(width), Int32(height), interlaced, nil),
                  "EGifPutImageDesc")
        let output = sink.takeUnretainedValue()
        guard output.bytes.last == UInt8(max(2, tableBits)) else {
            throw GIFError(.writeFailed, operation: "EGifPutImageDesc", detail: "unexpected LZW code size byte")
        }
        output.bytes[output.bytes.count - 1] = UInt8(minCodeSize)
        var block = [GifByteType](repeating: 0, count: 256)
        var offset = 0
        while offset < data.count {
            let n = min(255, data.count - offset)
            block[0] = GifByteType(n)
            for i in 0..<n { block[1 + i] = data[offset + i] }
            let status = block.withUnsafeBufferPointer { EGifPutCodeNext(gif, $0.baseAddress) }
            try check(status, "EGifPutCodeNext")
            offset += n
        }
        try check(EGifPutCodeNext(gif, nil), "EGifPutCodeNext")
    }

    /// Writes the trailer, frees the handle and returns the bytes.
    consuming func close() throws(GIFError) -> [UInt8] {
        let gif = self.gif
        let sink = self.sink
        discard self
        defer { sink.release() }
        var error: Int32 = 0
        // Frees gif whatever the outcome (giflib 5.2.1).
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw GIFError(GIFError.Code(rawValue: error == 0 ? E_GIF_ERR_CLOSE_FAILED : error), operation: "EGifCloseFile")
        }
        return sink.takeUnretainedValue().bytes
    }

    /// The colour-table size field: smallest `b ≥ 1` with `2^b ≥ count`.
    static func bits(forColorCount count: Int) -> Int {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        return bits
    }
}

/// One colour table entry, laid out like `GifColorType` (three bytes, no padding).
struct RGBTriple: Hashable, Sendable {
    var r: UInt8
    var g: UInt8
    var b: UInt8
}
