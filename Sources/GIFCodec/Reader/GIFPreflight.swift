/// A walk over a GIF's block structure without decompressing anything, for the memory bound:
/// a many-frame "bomb" is refused before the first canvas is copied.
enum GIFPreflight {
    /// The canvas (the logical screen grown to hold the first image, as ``GIFDecoder`` grows
    /// it) and the number of image descriptors, following the blocks as far as they are well
    /// formed (the first unknown block or the end of the data ends the walk, as it ends decoding).
    static func walk(_ bytes: [UInt8]) -> (width: Int, height: Int, imageCount: Int) {
        guard bytes.count >= 13 else { return (0, 0, 0) }
        var width = Int(bytes[6]) | Int(bytes[7]) << 8, height = Int(bytes[8]) | Int(bytes[9]) << 8
        var p = 13
        if bytes[10] & 0x80 != 0 { p += 3 << (Int(bytes[10] & 7) + 1) }
        var count = 0
        func skipSubBlocks() {
            while p < bytes.count {
                let n = Int(bytes[p])
                p += 1 + n
                if n == 0 { return }
            }
        }
        while p < bytes.count {
            switch bytes[p] {
            case 0x21:
                p += 2
                skipSubBlocks()
            case 0x2C:
                guard p + 9 < bytes.count else { return (width, height, count + 1) }
                if count == 0 {
                    let le16 = { (at: Int) in Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
                    width = max(width, le16(p + 1) + le16(p + 5))
                    height = max(height, le16(p + 3) + le16(p + 7))
                }
                let flags = bytes[p + 9]
                p += 10
                if flags & 0x80 != 0 { p += 3 << (Int(flags & 7) + 1) }
                p += 1   // LZW minimum code size
                skipSubBlocks()
                count += 1
            default:
                return (width, height, count)   // the trailer, or stray data where decoding stops
            }
        }
        return (width, height, count)
    }
}
