import Testing
import Raster
@testable import GIFCodec

/// `putCompressedImage` replaces the LZW minimum code size byte that giflib's `EGifPutImageDesc`
/// writes last. If a giflib version writes anything else there (or more after it), the write
/// fails with `writeFailed` and these tests fail: the trick must then be revisited.
@Suite("giflib write handle")
struct GIFWriteHandleTests {
    /// For every colour-table size, a frame using only indices 0 ..< 4 is written with code
    /// size 2 and decodes, at every pixel, to the colours those indices name.
    @Test("a code size smaller than the colour table's is written in giflib's place", arguments: 1...8)
    func smallerCodeSize(tableBits: Int) throws {
        let colorCount = 1 << tableBits
        let palette: [RGBTriple] = (0..<colorCount).map { (i: Int) -> RGBTriple in
            let red: UInt8 = UInt8(i), green: UInt8 = UInt8(255 - i), blue: UInt8 = UInt8(i / 2)
            return RGBTriple(r: red, g: green, b: blue)
        }
        let width = 7, height = 5
        let indices = (0..<(width * height)).map { UInt8(($0 * 3 + $0 / width) % min(4, colorCount)) }
        let lzw = indices.withUnsafeBufferPointer { LZWEncoder().compress($0, minCodeSize: 2).bytes }
        let handle = try GIFWriteHandle()
        try handle.putScreen(width: width, height: height, palette: palette)
        try handle.putCompressedImage(left: 0, top: 0, width: width, height: height,
                                      minCodeSize: 2, tableBits: tableBits, lzw: lzw)
        let bytes = try handle.close()
        let frame = try #require(GIFDecoder.decode(bytes).sequence.frames.first)
        for y in 0..<height {
            for x in 0..<width {
                let entry = palette[Int(indices[y * width + x])]
                #expect(frame.image[x, y] == RGBA8(r: entry.r, g: entry.g, b: entry.b, a: 255), "(\(x), \(y))")
            }
        }
    }
}
