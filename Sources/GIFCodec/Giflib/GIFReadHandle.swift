import CGIFLib

/// The bytes giflib reads from, and how far it has read.
final class ByteSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var remaining: Int { bytes.count - offset }
}

/// giflib's input callback: copies up to `count` bytes from the ``ByteSource`` in `UserData`.
///
/// Returns fewer bytes than asked at the end of the data; giflib turns that into
/// `D_GIF_ERR_READ_FAILED`, so truncated input ends in an error, never a hang.
private func readFromSource(_ gif: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?,
                            _ count: Int32) -> Int32 {
    guard let gif, let user = gif.pointee.UserData, let buffer, count > 0 else { return 0 }
    let source = Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue()
    let n = min(Int(count), source.remaining)
    source.bytes.withUnsafeBufferPointer { bytes in
        // offset + n ≤ bytes.count by the min above.
        buffer.update(from: bytes.baseAddress! + source.offset, count: n)
    }
    source.offset += n
    return Int32(n)
}

/// A decoding `GifFileType` opened with `DGifOpen` over memory, freed exactly once.
///
/// Only giflib's record-level calls are used (`DGifGetRecordType`, `DGifGetImageDesc`,
/// `DGifGetLine`, `DGifGetExtension(Next)`, `DGifGetCodeNext`), never `DGifSlurp`, so the
/// decoder checks limits before each allocation and never walks `SavedImages`.
struct GIFReadHandle: ~Copyable {
    private let gif: UnsafeMutablePointer<GifFileType>
    private let source: Unmanaged<ByteSource>

    /// Opens a decoder; giflib reads the header and the logical screen descriptor.
    init(_ bytes: [UInt8]) throws(GIFError) {
        let source = Unmanaged.passRetained(ByteSource(bytes))
        var error: Int32 = 0
        guard let gif = DGifOpen(source.toOpaque(), readFromSource, &error) else {
            source.release()
            throw GIFError(GIFError.Code(rawValue: error == 0 ? D_GIF_ERR_OPEN_FAILED : error),
                           operation: "read header and screen descriptor")
        }
        self.gif = gif
        self.source = source
    }

    deinit {
        var error: Int32 = 0
        _ = DGifCloseFile(gif, &error)
        source.release()
    }

    /// Bytes not yet consumed.
    var remainingBytes: Int { source.takeUnretainedValue().remaining }

    /// The whole input and how many bytes giflib has consumed, for ``GIFPreflight``'s checks
    /// on raw bytes (giflib reads through the callback without looking ahead).
    var input: (bytes: [UInt8], offset: Int) {
        let source = source.takeUnretainedValue()
        return (source.bytes, source.offset)
    }

    var screenWidth: Int { Int(gif.pointee.SWidth) }
    var screenHeight: Int { Int(gif.pointee.SHeight) }
    /// The global colour table, if any.
    var globalPalette: [RGBTriple]? { Self.palette(gif.pointee.SColorMap) }

    /// The current image's descriptor (after ``readImageDescriptor()``).
    var image: (left: Int, top: Int, width: Int, height: Int, interlaced: Bool, localPalette: [RGBTriple]?) {
        let d = gif.pointee.Image
        return (Int(d.Left), Int(d.Top), Int(d.Width), Int(d.Height), d.Interlace, Self.palette(d.ColorMap))
    }

    private static func palette(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [RGBTriple]? {
        guard let map, let colors = map.pointee.Colors, map.pointee.ColorCount > 0 else { return nil }
        return (0..<Int(map.pointee.ColorCount)).map { i in
            RGBTriple(r: colors[i].Red, g: colors[i].Green, b: colors[i].Blue)
        }
    }

    private func failure(_ operation: String, fallback: Int32 = D_GIF_ERR_READ_FAILED) -> GIFError {
        let code = gif.pointee.Error
        return GIFError(GIFError.Code(rawValue: code == 0 ? fallback : code), operation: operation)
    }

    /// The next block: image, extension or trailer.
    func recordType() throws(GIFError) -> GifRecordType {
        var type = UNDEFINED_RECORD_TYPE
        guard DGifGetRecordType(gif, &type) == GIF_OK else { throw failure("read block type") }
        return type
    }

    func readImageDescriptor() throws(GIFError) {
        guard DGifGetImageDesc(gif) == GIF_OK else { throw failure("read image descriptor") }
    }

    /// Decodes the next row of the current image into `line`.
    func readLine(_ line: UnsafeMutableBufferPointer<GifPixelType>) throws(GIFError) {
        guard DGifGetLine(gif, line.baseAddress, Int32(line.count)) == GIF_OK else {
            throw failure("decode image data", fallback: D_GIF_ERR_EOF_TOO_SOON)
        }
    }

    /// Skips the current image's LZW sub-blocks (for frames with no pixels).
    func skipImageData() throws(GIFError) {
        var block: UnsafeMutablePointer<GifByteType>? = nil
        repeat {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else { throw failure("skip image data") }
        } while block != nil
    }

    /// Reads one extension: its function code and the payload of each sub-block.
    func readExtension() throws(GIFError) -> (code: Int32, blocks: [[UInt8]]) {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure("read extension") }
        var blocks: [[UInt8]] = []
        while let current = block {
            // giflib's block: byte 0 is the length n, bytes 1...n the payload.
            let n = Int(current[0])
            blocks.append(Array(UnsafeBufferPointer(start: current + 1, count: n)))
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure("read extension") }
        }
        return (code, blocks)
    }

    /// Frees the handle, reporting a close failure.
    consuming func close() throws(GIFError) {
        let gif = self.gif
        let source = self.source
        discard self
        defer { source.release() }
        var error: Int32 = 0
        guard DGifCloseFile(gif, &error) == GIF_OK else {
            throw GIFError(GIFError.Code(rawValue: error == 0 ? D_GIF_ERR_CLOSE_FAILED : error), operation: "DGifCloseFile")
        }
    }
}
