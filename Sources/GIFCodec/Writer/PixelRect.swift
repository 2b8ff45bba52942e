import Glibc

/// A rectangle of the canvas in pixels.
struct PixelRect: Hashable {
    var x: Int, y: Int, width: Int, height: Int
    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
    var isEmpty: Bool { width <= 0 || height <= 0 }

    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension PixelRect {
    /// The bounding box of the pixels where two `width × height` index images differ (`.empty`
    /// when they are equal), looking only inside `bound` (the whole canvas by default): the
    /// caller's promise that the images are equal outside it, as the stream encoder knows from
    /// the pixels it was given. A frame whose animation covers a corner of a wide canvas then
    /// costs its corner, not the canvas.
    ///
    /// Rows are compared with `memcmp` and a differing row is scanned from both ends only, eight
    /// pixels at a time, so the cost is about one vectorised pass over the bound plus the box's
    /// left and right margins.
    static func changedBox(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int, within bound: PixelRect? = nil) -> PixelRect {
        precondition(a.count == width * height && b.count == width * height)
        let bound = bound ?? PixelRect(x: 0, y: 0, width: width, height: height)
        guard !bound.isEmpty else { return .empty }
        precondition(bound.x >= 0 && bound.y >= 0 && bound.x + bound.width <= width && bound.y + bound.height <= height)
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                guard let pa = a.baseAddress, let pb = b.baseAddress else { return .empty }
                let left = bound.x, right = bound.x + bound.width
                var x0 = right, x1 = left - 1, y0 = -1, y1 = -1
                // Each row is `width` bytes inside both buffers, and left..<right lies in it.
                for y in bound.y..<(bound.y + bound.height) {
                    let ra = pa + y * width, rb = pb + y * width
                    if memcmp(ra + left, rb + left, right - left) == 0 { continue }
                    if y0 < 0 { y0 = y }
                    y1 = y
                    var first = left
                    while first + 8 <= x0
                        && UnsafeRawPointer(ra + first).loadUnaligned(as: UInt64.self)
                        == UnsafeRawPointer(rb + first).loadUnaligned(as: UInt64.self) { first += 8 }
                    while first < x0 && ra[first] == rb[first] { first += 1 }
                    x0 = min(x0, first)
                    var last = right - 1
                    while last - 8 >= x1
                        && UnsafeRawPointer(ra + last - 7).loadUnaligned(as: UInt64.self)
                        == UnsafeRawPointer(rb + last - 7).loadUnaligned(as: UInt64.self) { last -= 8 }
                    while last > x1 && ra[last] == rb[last] { last -= 1 }
                    x1 = max(x1, last)
                }
                return y0 < 0 ? .empty : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
            }
        }
    }
}
