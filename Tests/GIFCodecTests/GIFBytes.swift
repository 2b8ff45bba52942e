import Raster

/// Builds GIF files byte by byte, so reader tests need no compressor and can make broken files.
///
/// Image data uses "uncompressed" LZW: every pixel is a literal code, with a clear code often
/// enough that the code width never grows past `minCodeSize + 1` (the decoder widens after
/// `2^minCodeSize - 1` codes since the last clear; we clear after `2^minCodeSize - 2`).
struct GIFBytes {
    var bytes: [UInt8] = []

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }

    /// Header and logical screen descriptor, with a global colour table when `palette` is given
    /// (padded to a power of two with black).
    init(width: Int, height: Int, palette: [RGBA8]?, version: String = "GIF89a") {
        bytes += Array(version.utf8)
        bytes += Self.le16(width) + Self.le16(height)
        if let palette {
            let bits = Self.bits(palette.count)
            bytes += [0x80 | UInt8(bits - 1) << 4 | UInt8(bits - 1), 0, 0]
            bytes += Self.table(palette, bits: bits)
        } else {
            bytes += [0, 0, 0]
        }
    }

    static func bits(_ count: Int) -> Int {
        var b = 1
        while 1 << b < count { b += 1 }
        return b
    }

    static func table(_ palette: [RGBA8], bits: Int) -> [UInt8] {
        var out: [UInt8] = []
        for i in 0..<(1 << bits) {
            let c = i < palette.count ? palette[i] : .black
            out += [c.r, c.g, c.b]
        }
        return out
    }

    mutating func netscape(loop: Int) {
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + Self.le16(loop) + [0]
    }

    mutating func control(disposal: Int = 0, delay: Int = 0, transparent: Int? = nil) {
        bytes += [0x21, 0xF9, 4, UInt8(disposal << 2) | (transparent == nil ? 0 : 1)] + Self.le16(delay)
        bytes += [UInt8(transparent ?? 0), 0]
    }

    mutating func comment(_ text: String) {
        bytes += [0x21, 0xFE] + Self.subBlocks(Array(text.utf8))
    }

    /// An image descriptor, optional local table and uncompressed-style LZW data of `indices`
    /// (given in stored order: for interlaced images, pass the rows in interlace order).
    mutating func image(x: Int = 0, y: Int = 0, width: Int, height: Int, indices: [Int], interlaced: Bool = false,
                        local: [RGBA8]? = nil, minCodeSize: Int = 2, truncateDataTo: Int? = nil) {
        bytes += [0x2C] + Self.le16(x) + Self.le16(y) + Self.le16(width) + Self.le16(height)
        var flags: UInt8 = interlaced ? 0x40 : 0
        if let local {
            let bits = Self.bits(local.count)
            flags |= 0x80 | UInt8(bits - 1)
            bytes += [flags] + Self.table(local, bits: bits)
        } else {
            bytes += [flags]
        }
        bytes += [UInt8(minCodeSize)]
        var data = Self.literalLZW(indices, minCodeSize: minCodeSize)
        if let truncateDataTo {
            data = Array(data.prefix(truncateDataTo))
            // No block terminator: the data just stops (a truncated download).
            bytes += Self.subBlocks(data).dropLast()
            return
        }
        bytes += Self.subBlocks(data)
    }

    /// An image descriptor (no local table) followed by already compressed LZW data.
    mutating func compressedImage(x: Int = 0, y: Int = 0, width: Int, height: Int, minCodeSize: Int, lzw: [UInt8]) {
        bytes += [0x2C] + Self.le16(x) + Self.le16(y) + Self.le16(width) + Self.le16(height) + [0]
        bytes += [UInt8(minCodeSize)] + Self.subBlocks(lzw)
    }

    mutating func trailer() { bytes += [0x3B] }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var offset = 0
        while offset < data.count {
            let n = min(255, data.count - offset)
            out += [UInt8(n)] + data[offset..<(offset + n)]
            offset += n
        }
        return out + [0]
    }

    /// Literal codes only, a clear code every `2^minCodeSize - 2` codes, width `minCodeSize + 1`.
    static func literalLZW(_ indices: [Int], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize, width = minCodeSize + 1
        let perClear = max(1, (1 << minCodeSize) - 2)
        var codes: [Int] = []
        for (i, index) in indices.enumerated() {
            if i % perClear == 0 { codes.append(clear) }
            codes.append(index)
        }
        if codes.isEmpty { codes.append(clear) }
        codes.append(clear + 1)
        return pack(codes.map { ($0, width) })
    }

    /// LZW codes packed least significant bit first (GIF89a appendix F), each at its own width.
    static func pack(_ codes: [(code: Int, width: Int)]) -> [UInt8] {
        var out: [UInt8] = []
        var acc = 0, bits = 0
        for (code, width) in codes {
            acc |= code << bits
            bits += width
            while bits >= 8 {
                out.append(UInt8(acc & 0xFF))
                acc >>= 8
                bits -= 8
            }
        }
        if bits > 0 { out.append(UInt8(acc & 0xFF)) }
        return out
    }
}

/// An independent walk over a GIF's blocks (no giflib), for checking what the writer emitted.
struct GIFBlockWalk {
    enum Block: Equatable {
        case application(identifier: String, data: [UInt8], offset: Int)
        case control(disposal: Int, delay: Int, transparent: Int?)
        case image(x: Int, y: Int, width: Int, height: Int, minCodeSize: Int, dataBytes: Int)
        case otherExtension(label: UInt8)
    }
    var version = ""
    var width = 0, height = 0
    var globalTableSize = 0
    var blocks: [Block] = []
    /// Each image descriptor's interlace flag, in order.
    var interlaced: [Bool] = []
    var hasTrailer = false

    init?(_ b: [UInt8]) {
        guard b.count >= 13 else { return nil }
        version = String(decoding: b[0..<6], as: UTF8.self)
        width = Int(b[6]) | Int(b[7]) << 8
        height = Int(b[8]) | Int(b[9]) << 8
        var p = 13
        if b[10] & 0x80 != 0 {
            globalTableSize = 1 << (Int(b[10] & 7) + 1)
            p += 3 * globalTableSize
        }
        func subBlocks() -> [UInt8]? {
            var data: [UInt8] = []
            while p < b.count {
                let n = Int(b[p]); p += 1
                if n == 0 { return data }
                guard p + n <= b.count else { return nil }
                data += b[p..<(p + n)]; p += n
            }
            return nil
        }
        while p < b.count {
            let introducer = b[p]
            if introducer == 0x3B { hasTrailer = true; return }
            if introducer == 0x21 {
                let start = p
                let label = b[p + 1]; p += 2
                if label == 0xF9 {
                    guard let d = subBlocks(), d.count >= 4 else { return nil }
                    blocks.append(.control(disposal: Int(d[0] >> 2 & 7), delay: Int(d[1]) | Int(d[2]) << 8,
                                           transparent: d[0] & 1 != 0 ? Int(d[3]) : nil))
                } else if label == 0xFF {
                    let n = Int(b[p])
                    let identifier = String(decoding: b[(p + 1)..<(p + 1 + n)], as: UTF8.self)
                    p += 1 + n
                    guard let d = subBlocks() else { return nil }
                    blocks.append(.application(identifier: identifier, data: d, offset: start))
                } else {
                    guard subBlocks() != nil else { return nil }
                    blocks.append(.otherExtension(label: label))
                }
            } else if introducer == 0x2C {
                let x = Int(b[p + 1]) | Int(b[p + 2]) << 8, y = Int(b[p + 3]) | Int(b[p + 4]) << 8
                let w = Int(b[p + 5]) | Int(b[p + 6]) << 8, h = Int(b[p + 7]) | Int(b[p + 8]) << 8
                let flags = b[p + 9]
                interlaced.append(flags & 0x40 != 0)
                p += 10
                if flags & 0x80 != 0 { p += 3 << (Int(flags & 7) + 1) }
                let minCodeSize = Int(b[p]); p += 1
                guard let d = subBlocks() else { return nil }
                blocks.append(.image(x: x, y: y, width: w, height: h, minCodeSize: minCodeSize, dataBytes: d.count))
            } else {
                return nil
            }
        }
    }

    var controls: [(disposal: Int, delay: Int, transparent: Int?)] {
        blocks.compactMap { if case let .control(d, delay, t) = $0 { (d, delay, t) } else { nil } }
    }
    var images: [(x: Int, y: Int, width: Int, height: Int)] {
        blocks.compactMap { if case let .image(x, y, w, h, _, _) = $0 { (x, y, w, h) } else { nil } }
    }
}
