/// Checks made on a GIF's raw bytes before giflib decodes them, where giflib is more lenient
/// than browsers or would let a small file cost a lot.
///
/// - ``imageCount(_:)`` walks the block structure (no decompression) so the memory bound can
///   refuse a many-frame "bomb" before the first canvas is copied;
/// - ``checkImageData(_:at:pixelCount:)`` replays an image's LZW code stream the way Chromium's
///   and Firefox's decoders read it and refuses what they refuse: a code beyond the table built
///   so far, a first code after a clear that is not a literal, a minimum code size outside 2…8.
///   giflib decodes such codes into arbitrary indices (its `DGifGetPrefixChar` returns
///   `NO_SUCH_CODE`, truncated to a pixel) and reads code size 1 with a different code-width
///   schedule than browsers, so the pixels would differ from what a browser shows.
enum GIFPreflight {
    /// The number of image descriptors in the file, following the block structure as far as it
    /// is well formed (the first malformed block ends the count; giflib reports the error).
    static func imageCount(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 13 else { return 0 }
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
                guard p + 10 < bytes.count else { return count }
                let flags = bytes[p + 9]
                p += 10
                if flags & 0x80 != 0 { p += 3 << (Int(flags & 7) + 1) }
                p += 1   // LZW minimum code size
                skipSubBlocks()
                count += 1
            default:
                return count   // the trailer, or something giflib will refuse
            }
        }
        return count
    }

    /// What is wrong with an image's LZW data, or `nil` when browsers would decode all of its
    /// `pixelCount` pixels (or the data ends early, which giflib reports itself).
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - offset: the index of the LZW minimum code size byte.
    ///   - pixelCount: width × height of the image; codes after the last pixel are not read,
    ///     as browsers ignore them.
    static func checkImageData(_ bytes: [UInt8], at offset: Int, pixelCount: Int) -> String? {
        guard offset < bytes.count else { return nil }
        let minCodeSize = Int(bytes[offset])
        guard (2...8).contains(minCodeSize) else {
            return "LZW minimum code size \(minCodeSize), GIF allows 2 to 8"
        }
        let clear = 1 << minCodeSize, end = clear + 1
        var width = minCodeSize + 1
        var next = clear + 2
        var previous = -1
        // lengths[c]: pixels that code c stands for (1 for literals).
        var lengths = [Int](repeating: 1, count: 4096)
        var produced = 0
        var p = offset + 1
        var blockEnd = p   // index after the current sub-block's last byte
        var accumulator = 0, bits = 0
        while produced < pixelCount {
            while bits < width {
                if p == blockEnd {
                    guard p < bytes.count, bytes[p] != 0 else { return nil }   // data ends: giflib's error
                    blockEnd = p + 1 + Int(bytes[p])
                    p += 1
                }
                guard p < bytes.count else { return nil }
                accumulator |= Int(bytes[p]) << bits
                bits += 8
                p += 1
            }
            let code = accumulator & (1 << width - 1)
            accumulator >>= width
            bits -= width
            if code == clear {
                width = minCodeSize + 1
                next = clear + 2
                previous = -1
                continue
            }
            if code == end { return nil }   // ends before the last pixel: giflib's error
            if previous < 0 {
                guard code < clear else {
                    return "LZW code \(code) after a clear code at pixel \(produced), where only a literal below \(clear) can come"
                }
                produced += 1
                previous = code
                continue
            }
            guard code <= next else {
                return "LZW code \(code) at pixel \(produced) is beyond the table (next entry \(next))"
            }
            produced += code == next ? lengths[previous] + 1 : lengths[code]
            if next < 4096 {
                lengths[next] = lengths[previous] + 1
                next += 1
                if next == 1 << width && width < 12 { width += 1 }
            }
            previous = code
        }
        return nil
    }
}
