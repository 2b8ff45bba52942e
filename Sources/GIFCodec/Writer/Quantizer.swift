/// Deterministic colour reduction bounding the worst per-channel error.
///
/// A median-cut variant aimed at the error bound issue 4 sets (worst channel error ≤ 3/255 for
/// the preview): repeatedly split the box of distinct colours whose widest channel extent is the
/// largest, at the middle of that extent (not at the population median, which would leave
/// rare but distinct colours badly served); each box is represented by the centre of its
/// colours' bounding box, so a colour's error is at most half its box's widest extent, rounded
/// up. Ties go to the earlier box and to the channel order red, green, blue: the same colours
/// always give the same palette. Pixel counts do not matter, so the result depends only on
/// the set of colours.
enum Quantizer {
    private struct Box {
        var lo: Int, hi: Int                      // range in the colour array
        var minimum: (Int, Int, Int), maximum: (Int, Int, Int)
        var extent: (Int, Int) {                 // (widest extent, its channel 0…2)
            let e = (maximum.0 - minimum.0, maximum.1 - minimum.1, maximum.2 - minimum.2)
            if e.0 >= e.1 && e.0 >= e.2 { return (e.0, 0) }
            return e.1 >= e.2 ? (e.1, 1) : (e.2, 2)
        }
    }

    private static func channel(_ key: UInt32, _ c: Int) -> Int { Int(key >> UInt32(16 - 8 * c) & 0xFF) }

    private static func bounds(_ keys: ArraySlice<UInt32>, lo: Int, hi: Int) -> Box {
        var mn = (255, 255, 255), mx = (0, 0, 0)
        for key in keys {
            let r = channel(key, 0), g = channel(key, 1), b = channel(key, 2)
            mn = (min(mn.0, r), min(mn.1, g), min(mn.2, b))
            mx = (max(mx.0, r), max(mx.1, g), max(mx.2, b))
        }
        return Box(lo: lo, hi: hi, minimum: mn, maximum: mx)
    }

    /// Reduces sorted distinct colours to at most `maxColors` representatives.
    ///
    /// - Returns: the representatives (sorted) and, per input colour, its representative's index.
    static func reduce(_ sortedKeys: [UInt32], to maxColors: Int) -> (colors: [RGBTriple], assignment: [Int]) {
        precondition(maxColors >= 1 && !sortedKeys.isEmpty)
        var keys = sortedKeys
        var boxes = [bounds(keys[...], lo: 0, hi: keys.count)]
        while boxes.count < maxColors {
            var pick = -1, best = 0
            for (i, box) in boxes.enumerated() where box.extent.0 > best {
                best = box.extent.0
                pick = i
            }
            guard pick >= 0 else { break }     // every box holds one colour
            let box = boxes[pick]
            let c = box.extent.1
            let mn = [box.minimum.0, box.minimum.1, box.minimum.2][c]
            let mx = [box.maximum.0, box.maximum.1, box.maximum.2][c]
            let middle = (mn + mx) / 2           // mn ≤ middle < mx: both halves non-empty
            // Stable partition keeps each half sorted, so the result never depends on history.
            let part = keys[box.lo..<box.hi]
            let left = part.filter { channel($0, c) <= middle }
            let right = part.filter { channel($0, c) > middle }
            keys.replaceSubrange(box.lo..<box.hi, with: left + right)
            let split = box.lo + left.count
            boxes[pick] = bounds(keys[box.lo..<split], lo: box.lo, hi: split)
            boxes.append(bounds(keys[split..<box.hi], lo: split, hi: box.hi))
        }
        func centre(_ box: Box) -> RGBTriple {
            RGBTriple(r: UInt8((box.minimum.0 + box.maximum.0 + 1) / 2), g: UInt8((box.minimum.1 + box.maximum.1 + 1) / 2),
                      b: UInt8((box.minimum.2 + box.maximum.2 + 1) / 2))
        }
        let centres = boxes.map(centre)
        let order = centres.indices.sorted { a, b in
            let x = centres[a], y = centres[b]
            return (x.r, x.g, x.b) < (y.r, y.g, y.b) || ((x.r, x.g, x.b) == (y.r, y.g, y.b) && a < b)
        }
        var rank = [Int](repeating: 0, count: boxes.count)
        for (r, i) in order.enumerated() { rank[i] = r }
        var assignmentByKey = ColorIndexTable(capacity: keys.count)
        for (i, box) in boxes.enumerated() {
            for k in box.lo..<box.hi { assignmentByKey.insert(keys[k], value: Int32(rank[i])) }
        }
        let assignment = sortedKeys.map { Int(assignmentByKey.value(for: $0)!) }
        return (order.map { centres[$0] }, assignment)
    }
}
