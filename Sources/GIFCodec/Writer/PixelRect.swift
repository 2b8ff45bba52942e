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
    /// when they are equal).
    ///
    /// Rows are compared with `memcmp` and a differing row is scanned from both ends only, so
    /// the cost is about one vectorised pass over the images plus the box's left and right
    /// margins.
    static func changedBox(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> PixelRect {
        precondition(a.count == width * height && b.count == width * height)
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                guard let pa = a.baseAddress, let pb = b.baseAddress else { return .empty }
                var x0 = width, x1 = -1, y0 = -1, y1 = -1
                // Each row is `width` bytes inside both buffers.
                for y in 0..<height {
                    let ra = pa + y * width, rb = pb + y * width
                    if memcmp(ra, rb, width) == 0 { continue }
                    if y0 < 0 { y0 = y }
                    y1 = y
                    var first = 0
                    while first < x0 && ra[first] == rb[first] { first += 1 }
                    x0 = min(x0, first)
                    var last = width - 1
                    while last > x1 && ra[last] == rb[last] { last -= 1 }
                    x1 = max(x1, last)
                }
                return y0 < 0 ? .empty : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
            }
        }
    }
}
