/// A walk over a PNG's chunk headers before libpng sees the data.
///
/// libpng trusts each chunk's declared length until it runs out of data: for a chunk it does
/// not keep it reads (and first allocates and clears) up to 2 GiB, so an 86-byte file took
/// 7.6 s and 1.5 GB of memory (found by `make fuzz`, kept in `Fuzz/Regressions/png/`). Data
/// held in memory lets us refuse such a file at once.
enum PNGChunkCheck {
    /// A description of the first chunk whose length runs past the end of `bytes` (or past
    /// PNG's 2³¹ − 1 limit), or `nil`. Stops at `IEND`, at a partial chunk header at the very
    /// end, or when the signature is missing (libpng reports those itself).
    static func overlongChunk(in bytes: [UInt8]) -> String? {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        var p = 8
        while bytes.count - p >= 8 {
            let length = Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            let type = String(decoding: bytes[(p + 4)..<(p + 8)].map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self)
            let afterType = bytes.count - p - 8   // the data and the 4-byte CRC should follow
            if length > 0x7FFF_FFFF || length > afterType {
                return "chunk '\(type)' at byte \(p) declares \(length) bytes of data, but only \(max(0, afterType)) remain (truncated or damaged file)"
            }
            if length + 4 > afterType {
                let crcBytes = afterType - length
                return "chunk '\(type)' at byte \(p) is cut short: its 4-byte CRC has \(crcBytes == 0 ? "no bytes" : "only \(crcBytes) byte\(crcBytes == 1 ? "" : "s")") (truncated file)"
            }
            if type == "IEND" { return nil }
            p += 12 + length
        }
        return nil
    }

    /// Completes a PNG that browsers show although it is cut short at its very end: one whose
    /// last chunk lacks some or all of its 4 CRC bytes (they are computed and added), or one
    /// whose chunks end cleanly without `IEND` (an `IEND` is added). Chromium's and Firefox's
    /// decoders draw rows as their `IDAT` data arrives and never need what follows it.
    ///
    /// - Returns: the bytes to decode and one warning line per repair (naming the byte offset),
    ///   or `bytes` unchanged and no warnings.
    static func repairEnd(_ bytes: [UInt8]) -> (bytes: [UInt8], warnings: [String]) {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return (bytes, []) }
        var p = 8
        var repaired = bytes
        var warnings: [String] = []
        while true {
            if p == bytes.count {
                // The chunks end cleanly, without IEND (PNG specification 11.2.5).
                guard p > 8 else { return (bytes, []) }
                repaired += [0, 0, 0, 0] + Array("IEND".utf8) + bigEndian(crc32(Array("IEND".utf8)))
                warnings.append("byte \(p): no IEND chunk: the file ends after its last complete chunk; read as if IEND followed")
                return (repaired, warnings)
            }
            if bytes.count - p < 8 {
                // Cut inside the next chunk's length or type (IEND's, in a file cut short).
                guard p > 8 else { return (bytes, []) }
                repaired = Array(bytes[..<p]) + [0, 0, 0, 0] + Array("IEND".utf8) + bigEndian(crc32(Array("IEND".utf8)))
                warnings.append("byte \(p): the file ends \(bytes.count - p) byte\(bytes.count - p == 1 ? "" : "s") into a chunk header (truncated file); read as if IEND followed")
                return (repaired, warnings)
            }
            let length = Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            let afterType = bytes.count - p - 8
            guard length <= 0x7FFF_FFFF, length <= afterType else { return (bytes, []) }
            let type = Array(bytes[(p + 4)..<(p + 8)])
            if length + 4 > afterType {
                // The data ends inside this chunk's CRC: complete it, then end the image.
                let have = afterType - length
                let crc = bigEndian(crc32(Array(bytes[(p + 4)..<(p + 8 + length)])))
                repaired += crc[have...]
                let name = String(decoding: type.map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self)
                warnings.append("byte \(p + 8 + length): chunk '\(name)' at byte \(p) lacks \(4 - have) of its 4 CRC bytes (truncated file); read without checking them")
                if type != Array("IEND".utf8) {
                    repaired += [0, 0, 0, 0] + Array("IEND".utf8) + bigEndian(crc32(Array("IEND".utf8)))
                    warnings.append("byte \(bytes.count): no IEND chunk: read as if IEND followed")
                }
                return (repaired, warnings)
            }
            if type == Array("IEND".utf8) { return (bytes, []) }
            p += 12 + length
        }
    }

    /// The 4 bytes of `value`, most significant first.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG computes it over a chunk's type and data (PNG specification annex D:
    /// polynomial 0xEDB88320, reflected, initial and final XOR 0xFFFFFFFF).
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
