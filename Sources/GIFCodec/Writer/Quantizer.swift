/// Deterministic colour reduction bounding the worst per-channel error.
///
/// A median-cut variant aimed at an error bound (worst channel error ≤ 3/255 for the
/// preview, below what a viewer notices on anti-aliased edges): repeatedly split the box of distinct colours whose widest channel extent is the
/// largest, at the middle of that extent (not at the population median, which would leave
/// rare but distinct colours badly served); each box is represented by the centre of its
/// colours' bounding box, so a colour's error is at most half its box's widest extent, rounded
/// up. Ties go to the earlier box and to the channel order red, green, blue: the same colours
/// always give the same palette. Pixel counts matter only to keep the colours that cover much
/// of the frames (a background) exact (``reduce(_:to:exact:)``).
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

    /// Reduces sorted distinct colours to at most `maxColors` representatives: median cut, or,
    /// when its worst channel error exceeds 3/255, a greedy cover by cubes with a smaller one
    /// if it fits the palette.
    ///
    /// Median cut spends representatives on the widest boxes; the anti-aliased preview's colours
    /// lie on a few blend lines between its inks and background, which cubes of a fixed size
    /// placed along them cover evenly (a large drift render: 4/255 by median cut, 3/255 so).
    ///
    /// - Returns: the representatives (sorted) and, per input colour, its representative's index.
    static func reduce(_ sortedKeys: [UInt32], to maxColors: Int) -> (colors: [RGBTriple], assignment: [Int]) {
        precondition(maxColors >= 1 && !sortedKeys.isEmpty)
        var best = medianCut(sortedKeys, to: maxColors)
        var bestError = worstError(sortedKeys, best)
        // Beyond the bound (3/255), a cover by cubes of half-width e (greedy)
        // bounds the error by e: try e = 3, 2, 1 while the cubes fit the palette. Within it,
        // median cut stays: its palettes are more regular, so the frames compress better.
        var e = min(bestError - 1, 3)
        while bestError > 3, e >= 1, let cover = cubeCover(sortedKeys, halfWidth: e, limit: maxColors) {
            best = cover
            bestError = e
            e -= 1
        }
        return best
    }

    /// ``reduce(_:to:)`` keeping the colours of `exact` (sorted, among `sortedKeys`, fewer than
    /// `maxColors`) as palette entries of their own: a background quantized to (246, 249, 249)
    /// tints a whole frame against the white page around it, where the same error on an
    /// anti-aliased edge goes unseen. The other colours are reduced to the entries left.
    static func reduce(_ sortedKeys: [UInt32], to maxColors: Int, exact candidates: [UInt32]) -> (colors: [RGBTriple], assignment: [Int]) {
        let plain = reduce(sortedKeys, to: maxColors)
        guard !candidates.isEmpty, candidates.count < maxColors, sortedKeys.count > maxColors else { return plain }
        // Only the ones the plain reduction moves by more than its own bound, 3/255 (below what a
        // viewer notices), are kept: each one kept takes an entry from the rest, which then
        // compress less well (a glow's black moved by 2/255 cost 22 % more bytes kept exact).
        var position = [UInt32: Int]()
        for (k, key) in sortedKeys.enumerated() { position[key] = k }
        let exact = candidates.filter { key in
            guard let k = position[key] else { return false }
            return error(key, plain.colors[plain.assignment[k]]) > 3
        }
        guard !exact.isEmpty else { return plain }
        let kept = Set(exact)
        let rest = sortedKeys.filter { !kept.contains($0) }
        let reduced = reduce(rest, to: maxColors - exact.count)
        // Both lists in one sorted palette: (colour, position in its list, from `exact`?).
        let entries = exact.indices.map { (Palette.triple(exact[$0]), $0, true) }
            + reduced.colors.indices.map { (reduced.colors[$0], $0, false) }
        let order = entries.indices.sorted { a, b in
            let x = entries[a].0, y = entries[b].0
            return (x.r, x.g, x.b) < (y.r, y.g, y.b) || ((x.r, x.g, x.b) == (y.r, y.g, y.b) && a < b)
        }
        var exactIndex = [Int](repeating: 0, count: exact.count), reducedIndex = [Int](repeating: 0, count: reduced.colors.count)
        for (position, entry) in order.enumerated() {
            if entries[entry].2 { exactIndex[entries[entry].1] = position } else { reducedIndex[entries[entry].1] = position }
        }
        var assignment: [Int] = []
        assignment.reserveCapacity(sortedKeys.count)
        var e = 0, r = 0
        for key in sortedKeys {
            if e < exact.count && exact[e] == key {
                assignment.append(exactIndex[e])
                e += 1
                continue
            }
            // A colour as near a kept one as its own representative takes the kept one: the
            // fringe of a background blends into it, and the frames keep their long runs.
            let own = reduced.assignment[r]
            var nearest = 0, nearestError = Int.max
            for (k, kept) in exact.enumerated() {
                let candidate = error(key, Palette.triple(kept))
                if candidate < nearestError { (nearest, nearestError) = (k, candidate) }
            }
            assignment.append(nearestError <= error(key, reduced.colors[own]) ? exactIndex[nearest] : reducedIndex[own])
            r += 1
        }
        return (order.map { entries[$0].0 }, assignment)
    }

    /// Covers the colours with at most `limit` cubes of half-width `halfWidth` in each channel
    /// (every colour within `halfWidth` of its cube's centre), greedily: the first uncovered
    /// colour in sorted order gets the cube, among the 27 placements that keep it inside (shifted
    /// by −e, 0 or +e per channel), covering the most uncovered colours (ties: the first
    /// placement). `nil` when more cubes are needed.
    private static func cubeCover(_ keys: [UInt32], halfWidth e: Int, limit: Int) -> (colors: [RGBTriple], assignment: [Int])? {
        let rgb = keys.map { (channel($0, 0), channel($0, 1), channel($0, 2)) }
        var owner = [Int](repeating: -1, count: keys.count)
        var centres: [(Int, Int, Int)] = []
        var first = 0
        while true {
            while first < keys.count && owner[first] >= 0 { first += 1 }
            guard first < keys.count else { break }
            guard centres.count < limit else { return nil }
            let p = rgb[first]
            var best = p, bestCount = -1
            for dr in [0, -e, e] {
                for dg in [0, -e, e] {
                    for db in [0, -e, e] {
                        let c = (min(255, max(0, p.0 + dr)), min(255, max(0, p.1 + dg)), min(255, max(0, p.2 + db)))
                        var count = 0
                        for k in first..<keys.count where owner[k] < 0 {
                            let q = rgb[k]
                            if abs(q.0 - c.0) <= e && abs(q.1 - c.1) <= e && abs(q.2 - c.2) <= e { count += 1 }
                        }
                        if count > bestCount {
                            bestCount = count
                            best = c
                        }
                    }
                }
            }
            let index = centres.count
            centres.append(best)
            for k in first..<keys.count where owner[k] < 0 {
                let q = rgb[k]
                if abs(q.0 - best.0) <= e && abs(q.1 - best.1) <= e && abs(q.2 - best.2) <= e { owner[k] = index }
            }
        }
        let colors = centres.map { RGBTriple(r: UInt8($0.0), g: UInt8($0.1), b: UInt8($0.2)) }
        let order = colors.indices.sorted { a, b in
            let x = colors[a], y = colors[b]
            return (x.r, x.g, x.b) < (y.r, y.g, y.b) || ((x.r, x.g, x.b) == (y.r, y.g, y.b) && a < b)
        }
        var rank = [Int](repeating: 0, count: colors.count)
        for (r, i) in order.enumerated() { rank[i] = r }
        return (order.map { colors[$0] }, owner.map { rank[$0] })
    }

    /// The largest per-channel difference between colour `key` and `c`.
    private static func error(_ key: UInt32, _ c: RGBTriple) -> Int {
        max(abs(channel(key, 0) - Int(c.r)), abs(channel(key, 1) - Int(c.g)), abs(channel(key, 2) - Int(c.b)))
    }

    private static func worstError(_ keys: [UInt32], _ result: (colors: [RGBTriple], assignment: [Int])) -> Int {
        zip(keys, result.assignment).reduce(0) { max($0, error($1.0, result.colors[$1.1])) }
    }

    /// Median cut: the widest box split at the middle of its widest channel, until `maxColors`.
    static func medianCut(_ sortedKeys: [UInt32], to maxColors: Int) -> (colors: [RGBTriple], assignment: [Int]) {
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
