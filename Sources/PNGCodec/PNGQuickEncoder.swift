import CZlib
import Raster

/// Writes PNG files fast, for exporting many frames (`spinrender frames`), where
/// ``PNGEncoder`` writes every layout at libpng's defaults and keeps the smallest.
///
/// One layout, chosen from a single pass over the pixels: 8-bit colour-mapped (`PLTE`, and
/// `tRNS` when some entry is not opaque) when the image has at most 256 distinct RGBA values,
/// else RGB when every pixel is opaque, else RGBA (PNG specification 11.2.2). The colour map
/// is sorted (by alpha, then blue, green, red), so the same pixels give the same bytes, and
/// decoding returns exactly the pixels encoded.
///
/// Compression settings: zlib level ``level`` with the default strategy, and filter type 0
/// (None) for colour-mapped rows, as libpng chooses for palette images. Measured on the 259
/// frames (1000 × 175, colour-mapped) of a screen-recording-like GIF, whole `frames` process
/// on 2 cores: level 1 took 0.50 s of CPU for 1408 KB of PNGs, level 3 0.56 s for 1052 KB,
/// level 4 0.68 s and level 6 0.75 s for the same 1052 KB; so level 3. RGB and RGBA rows (more
/// than 256 colours) use type 1 (Sub), one subtraction a byte, instead of libpng's per-row
/// adaptive choice among all five filters.
public enum PNGQuickEncoder {
    /// The zlib compression level used.
    public static let level: Int32 = 3

    /// Encodes an image.
    ///
    /// - Parameter image: at least 1 × 1 pixels, at most ``PNGEncoder/maximumSide`` a side.
    /// - Returns: a complete PNG data stream; equal images give equal bytes.
    /// - Throws: ``PNGError`` `.empty` or `.unsupportedSize` for such sizes, `.libpng` (the
    ///   encoder's failure code) when zlib fails.
    public static func encode(_ image: RGBAImage) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw PNGError(code: .empty, operation: "encode",
                           message: "image is \(image.width) × \(image.height) pixels; PNG needs at least 1 × 1")
        }
        guard image.width <= PNGEncoder.maximumSide, image.height <= PNGEncoder.maximumSide else {
            throw PNGError(code: .unsupportedSize, operation: "encode",
                           message: "image is \(image.width) × \(image.height) pixels; at most \(PNGEncoder.maximumSide) a side")
        }
        let width = image.width, height = image.height
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let colourType: UInt8, channels: Int, filter: UInt8
        var samples: [UInt8]
        if let (colours, indices) = colourMap(image) {
            (colourType, channels, filter) = (3, 1, 0)
            samples = indices
            chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colourType, 0, 0, 0], into: &out)
            var plte: [UInt8] = [], trns: [UInt8] = []
            for colour in colours {
                plte += [UInt8(truncatingIfNeeded: colour), UInt8(truncatingIfNeeded: colour >> 8), UInt8(truncatingIfNeeded: colour >> 16)]
                trns.append(UInt8(truncatingIfNeeded: colour >> 24))
            }
            chunk("PLTE", plte, into: &out)
            if let last = trns.lastIndex(where: { $0 != 255 }) { chunk("tRNS", Array(trns[...last]), into: &out) }
        } else {
            let opaque = image.pixels.withUnsafeBufferPointer { pixels in
                var all: UInt8 = 255
                var i = 3
                while i < pixels.count { all &= pixels[i]; i += 4 }
                return all == 255
            }
            (colourType, channels, filter) = opaque ? (2, 3, 1) : (6, 4, 1)
            samples = opaque ? PNGLayout.rgb.samples(of: image) : image.pixels
            chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colourType, 0, 0, 0], into: &out)
        }
        // Filtered rows: a filter byte, then the row (Sub: each byte minus the one a pixel left).
        let rowBytes = width * channels
        var filtered = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        samples.withUnsafeBufferPointer { source in
            filtered.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let s = source.baseAddress! + y * rowBytes, t = target.baseAddress! + y * (rowBytes + 1)
                    t[0] = filter
                    if filter == 0 {
                        (t + 1).update(from: s, count: rowBytes)
                    } else {
                        for i in 0..<min(channels, rowBytes) { t[1 + i] = s[i] }
                        var i = channels
                        while i < rowBytes {
                            t[1 + i] = s[i] &- s[i - channels]
                            i += 1
                        }
                    }
                }
            }
        }
        samples = []
        chunk("IDAT", try deflate(filtered), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// The image's colours (RGBA packed little-endian: red in the low byte), ordered by alpha,
    /// then blue, green, red, and each pixel's index into them; `nil` for more than 256.
    ///
    /// One pass with a 1024-slot open-addressing table and a one-colour cache (runs of a colour
    /// are the common case), then a 256-entry remap to the sorted order.
    static func colourMap(_ image: RGBAImage) -> (colours: [UInt32], indices: [UInt8])? {
        let count = image.pixelCount
        var keys = [UInt32](repeating: 0, count: 1024)
        var slots = [Int16](repeating: -1, count: 1024)
        var found: [UInt32] = []
        found.reserveCapacity(256)
        var indices = [UInt8](repeating: 0, count: count)
        let complete = image.pixels.withUnsafeBytes { raw in
            keys.withUnsafeMutableBufferPointer { keys in
                slots.withUnsafeMutableBufferPointer { slots in
                    indices.withUnsafeMutableBufferPointer { out in
                        var last: UInt32 = 0, lastIndex: UInt8 = 0, haveLast = false
                        for p in 0..<count {
                            // Pixel p is bytes 4p ..< 4p + 4 of the count × 4 buffer.
                            let colour = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self))
                            if haveLast && colour == last { out[p] = lastIndex; continue }
                            var h = Int((colour &* 0x9E37_79B1) >> 22)
                            while true {
                                let slot = slots[h]
                                if slot < 0 {
                                    if found.count == 256 { return false }
                                    slots[h] = Int16(found.count)
                                    keys[h] = colour
                                    lastIndex = UInt8(found.count)
                                    found.append(colour)
                                    break
                                }
                                if keys[h] == colour { lastIndex = UInt8(slot); break }
                                h = (h + 1) & 1023
                            }
                            last = colour
                            haveLast = true
                            out[p] = lastIndex
                        }
                        return true
                    }
                }
            }
        }
        guard complete else { return nil }
        // Sorted by the packed value read big-end first: alpha, then blue, green, red.
        let order = found.indices.sorted { found[$0] < found[$1] }
        var remap = [UInt8](repeating: 0, count: found.count)
        for (rank, index) in order.enumerated() { remap[index] = UInt8(rank) }
        remap.withUnsafeBufferPointer { remap in
            indices.withUnsafeMutableBufferPointer { out in
                for p in 0..<out.count { out[p] = remap[Int(out[p])] }
            }
        }
        return (order.map { found[$0] }, indices)
    }

    /// A zlib stream (RFC 1950) of `data` at `level` (``level`` unless told).
    static func deflate(_ data: [UInt8], level: Int32 = level) throws(PNGError) -> [UInt8] {
        var stream = z_stream()
        let initialised = deflateInit2_(&stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY,
                                        zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initialised == Z_OK else {
            throw PNGError(code: .libpng, operation: "encode", message: "zlib deflateInit2 failed (\(initialised))")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(data.count))))
        let status: Int32 = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!)
                stream.avail_in = UInt32(input.count)
                stream.next_out = out.baseAddress!
                stream.avail_out = UInt32(out.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            throw PNGError(code: .libpng, operation: "encode", message: "zlib deflate failed (\(status))")
        }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data (PNG specification 5.3).
    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += bigEndian(UInt32(data.count)) + typeBytes + data
        var crc = typeBytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, UInt32($0.count)) }
        // (zlib's crc32 with a null buffer returns the initial value, not `crc`.)
        if !data.isEmpty { crc = data.withUnsafeBufferPointer { CZlib.crc32(crc, $0.baseAddress, UInt32($0.count)) } }
        out += bigEndian(UInt32(crc))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { PNGChunkCheck.bigEndian(value) }
}
