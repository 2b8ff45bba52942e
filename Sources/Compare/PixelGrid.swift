/// Read-only access to one RGBA8 image's pixels as packed `UInt32`s, for the hot loops.
///
/// Valid only inside the `withUnsafe…` scope that produced `bytes`. Sendable because it only
/// reads, and the images it views are not mutated while a comparison runs (they are `let`
/// copies of value-type pixel arrays inside `withUnsafeBytes`).
struct PixelGrid: @unchecked Sendable {
    /// `width × height × 4` bytes, row-major RGBA8.
    let bytes: UnsafeRawBufferPointer
    let width: Int
    let height: Int

    /// The pixel at (x, y) packed as `r | g << 8 | b << 16 | a << 24`.
    ///
    /// - Precondition (unchecked): `0 ≤ x < width`, `0 ≤ y < height`.
    @inline(__always)
    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        // (y · width + x) · 4 + 4 ≤ width · height · 4 = bytes.count.
        pixel(at: y &* width &+ x)
    }

    /// The pixel with row-major index `index` (`y · width + x`), packed as ``pixel(_:_:)``.
    ///
    /// - Precondition (unchecked): `0 ≤ index < width · height`.
    @inline(__always)
    func pixel(at index: Int) -> UInt32 {
        // index · 4 + 4 ≤ width · height · 4 = bytes.count.
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
    }
}
