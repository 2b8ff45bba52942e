import Raster
@testable import GIFCodec

/// Malformed and odd GIFs, built byte by byte and committed under `Corpus/`, where
/// the CLI tests and `make fuzz` (as seeds) read them.
///
/// Each case either decodes to the pixels browsers show or fails with a ``GIFError`` (which the
/// CLI reports with exit 65). `SPINRENDER_WRITE_CORPUS=1 swift test --filter GIFCorpusTests`
/// rewrites the files from these definitions; a test checks the committed files match them.
enum GIFCorpus {
    static let red = RGBA8(r: 255, g: 0, b: 0)
    static let green = RGBA8(r: 0, g: 255, b: 0)
    static let blue = RGBA8(r: 0, g: 0, b: 255)
    static let white = RGBA8.white
    static let clear = RGBA8.transparent
    static let rgbw = [red, green, blue, white]

    /// What reading a corpus file must give.
    enum Outcome {
        /// The composited frames, row-major, and the loop count and the number of warnings.
        case frames([[RGBA8]], loop: LoopCount = .playOnce, warnings: Int = 0)
        /// An error with one of these codes.
        case error([GIFError.Code])
    }

    struct Case: CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var outcome: Outcome
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "smallest-1x1-42-bytes", bytes: smallest, outcome: .frames([[clear]])),
        Case(name: "no-trailer", bytes: build(2, 1) { gif in
            gif.image(width: 2, height: 1, indices: [0, 1])
        }, outcome: .frames([[red, green]], warnings: 1)),
        Case(name: "truncated-lzw", bytes: build(4, 4) { gif in
            gif.image(width: 4, height: 4, indices: Array(repeating: 1, count: 16), truncateDataTo: 3)
        }, outcome: .frames([(0..<16).map { $0 < truncatedShown ? green : clear }], warnings: 1)),
        // An end code after 2 of the 4 pixels: those 2 are shown, the rest stays transparent.
        Case(name: "lzw-ends-early", bytes: build(4, 1, trailer: true) { gif in
            gif.image(width: 4, height: 1, indices: [1, 1])
        }, outcome: .frames([[green, green, clear, clear]], warnings: 1)),
        // More codes than the frame has pixels: the rest is skipped, as browsers do.
        Case(name: "too-much-lzw-codes", bytes: build(2, 1, trailer: true) { gif in
            gif.image(width: 2, height: 1, indices: [0, 1, 2, 3, 0, 1, 2, 3])
        }, outcome: .frames([[red, green]])),
        // Sub-blocks of junk after the end code, before the block terminator: skipped.
        Case(name: "too-much-lzw-blocks", bytes: build(2, 1, trailer: true) { gif in
            gif.bytes += [0x2C] + GIFBytes.le16(0) + GIFBytes.le16(0) + GIFBytes.le16(2) + GIFBytes.le16(1) + [0, 2]
            let data = GIFBytes.literalLZW([0, 1], minCodeSize: 2)
            gif.bytes += [UInt8(data.count)] + data + [5, 1, 2, 3, 4, 5, 255] + Array(repeating: 0xAA, count: 255) + [0]
        }, outcome: .frames([[red, green]])),
        // Code sizes 0 and 1, which giflib refuses, with the code widths Wuffs (Chromium) reads.
        Case(name: "lzw-min-code-size-1", bytes: build(4, 1, palette: [red, green], trailer: true) { gif in
            gif.compressedImage(width: 4, height: 1, minCodeSize: 1, lzw: GIFBytes.clearedLZW([0, 1, 1, 0], minCodeSize: 1))
        }, outcome: .frames([[red, green, green, red]])),
        Case(name: "lzw-min-code-size-0", bytes: build(3, 1, palette: [blue, green], trailer: true) { gif in
            gif.compressedImage(width: 3, height: 1, minCodeSize: 0, lzw: GIFBytes.clearedLZW([0, 0, 0], minCodeSize: 0))
        }, outcome: .frames([[blue, blue, blue]])),
        Case(name: "lzw-min-code-size-12", bytes: build(2, 1, trailer: true) { gif in
            gif.image(width: 2, height: 1, indices: [0, 1], minCodeSize: 12)
        }, outcome: .error([.malformed])),   // no browser reads a literal width above 8
        // 8000 literal codes after one clear code: the table fills at 4096 entries and the
        // stream goes on at 12 bits without the clear code (the "deferred clear" browsers accept).
        Case(name: "lzw-full-table-without-clear", bytes: build(100, 80, trailer: true) { gif in
            gif.bytes += [0x2C] + GIFBytes.le16(0) + GIFBytes.le16(0) + GIFBytes.le16(100) + GIFBytes.le16(80) + [0, 2]
            gif.bytes += GIFBytes.subBlocks(GIFBytes.lzwWithoutClear(fullTablePattern, minCodeSize: 2))
        }, outcome: .frames([fullTablePattern.map { rgbw[$0] }])),
        // A code beyond the table built so far (7 when the next entry would be 6).
        Case(name: "lzw-code-beyond-table", bytes: build(2, 1, trailer: true) { gif in
            gif.bytes += [0x2C] + GIFBytes.le16(0) + GIFBytes.le16(0) + GIFBytes.le16(2) + GIFBytes.le16(1) + [0, 2]
            gif.bytes += GIFBytes.subBlocks(GIFBytes.pack([4, 0, 7, 5], width: 3))
        }, outcome: .error([.malformed])),
        Case(name: "zero-width-frame", bytes: build(2, 1, trailer: true) { gif in
            gif.image(width: 2, height: 1, indices: [0, 1])
            gif.image(width: 0, height: 1, indices: [])
            gif.image(x: 1, width: 1, height: 1, indices: [2])
        }, outcome: .frames([[red, green], [red, green], [red, blue]])),
        Case(name: "frame-far-outside-screen", bytes: build(2, 2, trailer: true) { gif in
            gif.image(width: 2, height: 2, indices: [0, 1, 2, 3])
            gif.image(x: 60_000, y: 60_000, width: 2, height: 1, indices: [1, 1])
        }, outcome: .frames([[red, green, blue, white], [red, green, blue, white]])),
        Case(name: "index-out-of-palette", bytes: build(2, 1, palette: [red, green], trailer: true) { gif in
            gif.image(width: 2, height: 1, indices: [0, 3])
        }, outcome: .error([.indexOutOfPalette])),
        Case(name: "no-palette", bytes: build(1, 1, palette: nil, trailer: true) { gif in
            gif.image(width: 1, height: 1, indices: [0])
        }, outcome: .frames([[.black]], warnings: 1)),   // Wuffs' default palette: opaque black
        Case(name: "two-loop-blocks", bytes: build(1, 1, trailer: true) { gif in
            gif.netscape(loop: 2)
            gif.netscape(loop: 0)
            gif.image(width: 1, height: 1, indices: [0])
        }, outcome: .frames([[red]], loop: .repeats(2), warnings: 1)),
        Case(name: "two-controls-before-a-frame", bytes: build(2, 1, trailer: true) { gif in
            gif.control(disposal: 2, delay: 5)
            gif.control(disposal: 1, delay: 7, transparent: 1)
            gif.image(width: 2, height: 1, indices: [0, 1])
            gif.image(x: 1, width: 1, height: 1, indices: [2])
        }, outcome: .frames([[red, clear], [red, blue]])),
        // A 5-byte graphic control block: browsers read the first 4 and ignore the rest.
        Case(name: "control-block-5-bytes", bytes: build(2, 1, trailer: true) { gif in
            gif.bytes += [0x21, 0xF9, 5, 0x09, 3, 0, 1, 0x77, 0]   // disposal 2, delay 3, transparent 1
            gif.image(width: 2, height: 1, indices: [0, 1])
            gif.image(width: 1, height: 1, indices: [3])
        }, outcome: .frames([[red, clear], [white, clear]], warnings: 1)),
        Case(name: "control-block-3-bytes", bytes: build(2, 1, trailer: true) { gif in
            gif.bytes += [0x21, 0xF9, 3, 0x01, 3, 0, 0]
            gif.image(width: 2, height: 1, indices: [0, 1])
        }, outcome: .error([.malformed])),
        Case(name: "unknown-extensions", bytes: build(2, 1, trailer: true) { gif in
            gif.bytes += [0x21, 0x99] + GIFBytes.subBlocks(Array(repeating: 0x42, count: 300))
            gif.bytes += [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8) + GIFBytes.subBlocks(Array("<x/>".utf8))
            gif.bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [1, 9, 0]   // not a loop sub-block
            gif.bytes += [0x21, 0x01, 12] + Array(repeating: 0, count: 12) + GIFBytes.subBlocks(Array("text".utf8))
            gif.image(width: 2, height: 1, indices: [2, 3])
        }, outcome: .frames([[blue, white]])),
        Case(name: "comment-after-last-frame", bytes: build(1, 1, trailer: true) { gif in
            gif.image(width: 1, height: 1, indices: [1])
            gif.comment("written after the last frame")
        }, outcome: .frames([[green]])),
        // No image: the empty screen is shown.
        Case(name: "header-only", bytes: build(1, 1, trailer: true) { _ in }, outcome: .frames([[clear]])),
        // The first image grows the 0×0 screen to its own size.
        Case(name: "zero-size-screen", bytes: build(0, 0, trailer: true) { gif in
            gif.image(width: 1, height: 1, indices: [0])
        }, outcome: .frames([[red]], warnings: 1)),
        Case(name: "zero-size-screen-no-image", bytes: build(0, 0, trailer: true) { _ in }, outcome: .error([.malformed])),
        // Stray data after a complete frame ends the file there: the frames so far are shown.
        Case(name: "stray-data-after-frames", bytes: build(2, 1, trailer: true) { gif in
            gif.image(width: 2, height: 1, indices: [0, 1])
            gif.bytes += [0x00, 0x00, 0x55, 0xAA]
            gif.image(width: 2, height: 1, indices: [2, 2])
        }, outcome: .frames([[red, green]], warnings: 1)),
        Case(name: "second-header-after-frames", bytes: build(2, 1) { gif in
            gif.image(width: 2, height: 1, indices: [3, 1])
            gif.bytes += GIFBytes(width: 2, height: 1, palette: rgbw).bytes
            gif.image(width: 2, height: 1, indices: [2, 2])
            gif.trailer()
        }, outcome: .frames([[white, green]], warnings: 1)),
        Case(name: "stray-data-before-any-frame", bytes: build(2, 1, trailer: true) { gif in
            gif.bytes += [0x00]
            gif.image(width: 2, height: 1, indices: [0, 1])
        }, outcome: .error([.wrongRecord])),
        // The second image is cut short after 2 of its 4 pixels (file ends): both frames shown.
        Case(name: "truncated-second-frame", bytes: build(2, 2) { gif in
            gif.image(width: 2, height: 2, indices: [0, 0, 0, 0])
            gif.image(width: 2, height: 2, indices: [1, 1, 1, 1], truncateDataTo: 2)   // 5 codes: clear, 1, 1, clear, 1
        }, outcome: .frames([[red, red, red, red], [green, green, green, red]], warnings: 1)),
        // A 2×2 first image at (1, 0) on a 1×1 screen: the canvas grows to 3×2; the second
        // image (3×3) is clipped to that.
        Case(name: "first-frame-larger-than-screen", bytes: build(1, 1, trailer: true) { gif in
            gif.image(x: 1, width: 2, height: 2, indices: [0, 1, 2, 3])
            gif.image(width: 3, height: 3, indices: [3, 3, 3, 3, 3, 3, 1, 1, 1], local: [.black, green, blue, white])
        }, outcome: .frames([[clear, red, green, clear, blue, white], [white, white, white, white, white, white]], warnings: 1)),
        // Disposal 4…7 restore the canvas from before the image, as 3 does.
        Case(name: "disposal-4-to-7", bytes: build(2, 1, trailer: true) { gif in
            gif.control(disposal: 1)
            gif.image(width: 2, height: 1, indices: [0, 0])
            for disposal in 4...7 {
                gif.control(disposal: disposal)
                gif.image(x: disposal % 2, width: 1, height: 1, indices: [disposal % 3 + 1])
            }
        }, outcome: .frames([[red, red], [blue, red], [red, white], [green, red], [red, blue]])),
        // Decompression bombs: tiny files that would need gigabytes.
        Case(name: "bomb-huge-canvas", bytes: build(65_535, 65_535, trailer: true) { gif in
            gif.image(width: 1, height: 1, indices: [0])
        }, outcome: .error([.tooLarge])),
        Case(name: "bomb-many-frames", bytes: build(1000, 1000, trailer: true) { gif in
            for _ in 0..<300 { gif.image(width: 1, height: 1, indices: [0]) }
        }, outcome: .error([.tooLarge])),
        Case(name: "bomb-huge-frame", bytes: build(1, 1, trailer: true) { gif in
            gif.image(width: 65_535, height: 65_535, indices: [0])
        }, outcome: .error([.tooLarge])),
    ]

    /// The classic 42-byte transparent 1×1 GIF.
    static let smallest: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
        0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00,
        0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x01, 0x44, 0x00, 0x3B,
    ]

    /// The pixels "truncated-lzw" keeps: its 3 bytes hold 24 / 3 = 8 codes of the builder's
    /// clear, 1, 1, clear, 1, 1, … sequence, two of every three a pixel.
    static let truncatedShown = (0..<8).filter { $0 % 3 != 0 }.count

    /// 8000 indices 0…3 in a pattern that is not periodic in the table's terms.
    static let fullTablePattern: [Int] = (0..<8000).map { ($0 * 7 + $0 / 13) % 4 }

    static func build(_ width: Int, _ height: Int, palette: [RGBA8]? = rgbw, trailer: Bool = false,
                      _ body: (inout GIFBytes) -> Void) -> [UInt8] {
        var gif = GIFBytes(width: width, height: height, palette: palette)
        body(&gif)
        if trailer { gif.trailer() }
        return gif.bytes
    }
}

extension GIFBytes {
    /// One clear code, then literal codes only, never another clear: the decoder's table fills
    /// up to 4096 entries and stays full, the code width stops at 12 bits.
    ///
    /// The width follows the decoder: after the first code past a clear, every code adds an
    /// entry; when the next entry number reaches `2^width` (and width < 12) the width grows.
    static func lzwWithoutClear(_ indices: [Int], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize
        var codes: [(code: Int, width: Int)] = [(clear, minCodeSize + 1)]
        var width = minCodeSize + 1
        var next = clear + 2
        for (i, index) in indices.enumerated() {
            codes.append((index, width))
            if i > 0 && next < 4096 {
                next += 1
                if next == 1 << width && width < 12 { width += 1 }
            }
        }
        codes.append((clear + 1, width))
        return pack(codes)
    }

    /// Literal codes, each after a clear code, at the widths Wuffs' LZW decoder (Chromium's)
    /// reads: a clear code resets the width to `minCodeSize + 1` and the next table slot to
    /// the end code; the first code after it moves the slot to `clear + 2` and, as every code
    /// that moves the slot, widens the code when bit `width` of the slot is set. For code
    /// sizes 0 and 1 that widening comes at once, so the next clear code is one bit wider.
    static func clearedLZW(_ indices: [Int], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize, base = minCodeSize + 1
        let widened = base + ((clear + 2) >> base & 1)
        var codes: [(code: Int, width: Int)] = []
        for (i, index) in indices.enumerated() {
            codes.append((clear, i == 0 ? base : widened))
            codes.append((index, base))
        }
        codes.append((clear + 1, indices.isEmpty ? base : widened))
        return pack(codes)
    }

    /// Codes of one fixed width, LSB first.
    static func pack(_ codes: [Int], width: Int) -> [UInt8] {
        pack(codes.map { ($0, width) })
    }
}
