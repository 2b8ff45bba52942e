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
}
