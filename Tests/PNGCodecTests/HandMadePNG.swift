/// Builds PNG files byte by byte (stored, uncompressed deflate), so the tests can produce colour
/// types, bit depths and chunks that our encoder never writes.
enum HandMadePNG {
    /// PNG colour types (PNG spec §11.2.2, IHDR).
    enum ColourType: UInt8 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6
    }

    /// A PNG with the given header and rows (each row's samples, filter byte added here) and
    /// extra chunks placed between IHDR and IDAT.
    static func make(width: Int, height: Int, bitDepth: UInt8, colourType: ColourType,
                     rows: [[UInt8]], chunks: [(String, [UInt8])] = [], interlaced: Bool = false) -> [UInt8] {
        var raw: [UInt8] = []
        for row in rows { raw.append(0); raw += row }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", be32(width) + be32(height) + [bitDepth, colourType.rawValue, 0, 0, interlaced ? 1 : 0])
        for (type, data) in chunks { file += chunk(type, data) }
        file += chunk("IDAT", zlibStored(raw))
        file += chunk("IEND", [])
        return file
    }

    /// A signature, an IHDR and an empty IDAT: enough for libpng to read the header (it stops at
    /// the first IDAT), no pixel data.
    static func headerOnly(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be32(width) + be32(height) + [8, ColourType.rgba.rawValue, 0, 0, 0])
            + chunk("IDAT", []) + chunk("IEND", [])
    }

    /// 16-bit big-endian samples.
    static func be16(_ values: [Int]) -> [UInt8] {
        values.flatMap { [UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(data.count) + typeBytes + data + be32(Int(crc32(typeBytes + data)))
    }

    /// A zlib stream of stored deflate blocks (RFC 1950/1951).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + be32(Int(b << 16 | a))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
