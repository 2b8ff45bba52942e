/// The written palette's order: each frame's LZW code size is set by the largest index it draws
/// (the code size byte may be below the global table's bits, GIF89a §22), so the colours that
/// whole frames draw go first, in nested prefixes of 3, 7, 15 … 127 entries.
///
/// A frame whose changed pixels draw only colours of the prefix of `2ᵇ − 1` entries, with its
/// transparent index the prefix's free slot or below, starts its codes at `b + 1` bits instead
/// of the table's: about one bit less per code for each step. gifsicle gets part of this by
/// chance from its input's order; here the prefixes are chosen: for the largest prefix that
/// is smaller than the palette, the set of frame colour sets with the most weight whose
/// union fits, then inside it the next smaller prefix, and so on down. Weights approximate
/// each frame's LZW codes: its changed pixels that start a run along the row.
///
/// Inside each prefix, and after the last, colours keep the popularity order (more stored
/// frames, then more pixels, then by value), so the result is deterministic. When popularity
/// alone gives a smaller estimate (weights times first code widths), it is kept instead.
struct PaletteOrder {
    /// The colours one displayed frame must draw (its changed pixels) and its weight.
    struct FrameColours {
        var colours: IndexSet256
        var weight: Int
    }

    /// Unions tried per prefix; past it the best subset found so far is kept (deterministic).
    /// The main job's largest prefix needs about 17 000.
    static let searchBudget = 50_000

    /// The written index of each sorted-palette colour.
    ///
    /// - Parameters:
    ///   - frames: per displayed frame, the colours its changed pixels draw and its weight.
    ///   - ranked: the sorted-palette colours, most popular first (`colorCount` entries).
    ///   - colorCount: colours in the palette; entries from it on (the transparent symbol) map
    ///     to themselves.
    /// - Returns: 256 entries, sorted-colour index → written index.
    static func order(frames: [FrameColours], ranked: [Int], colorCount: Int) -> [UInt8] {
        let groups = pooled(frames)
        // Prefixes from the largest below the palette down to 3 entries, each inside the last.
        var prefixes: [IndexSet256] = []
        var bits = 2
        while 1 << bits < colorCount { bits += 1 }
        var candidates = groups
        for b in stride(from: bits - 1, through: 2, by: -1) {
            let chosen = bestSubset(candidates, capacity: (1 << b) - 1)
            guard !chosen.isEmpty else { break }
            candidates = chosen.map { candidates[$0] }
            prefixes.append(candidates.reduce(IndexSet256()) { $0.union($1.colours) })
        }
        // Smallest prefix first, then each larger one's new colours, then the rest.
        var placed = IndexSet256()
        var sequence: [Int] = []
        sequence.reserveCapacity(colorCount)
        for prefix in prefixes.reversed() {
            for colour in ranked where prefix.contains(colour) && !placed.contains(colour) {
                sequence.append(colour)
                placed.insert(colour)
            }
        }
        for colour in ranked where !placed.contains(colour) { sequence.append(colour) }
        let prefixed = writtenIndices(sequence), popular = writtenIndices(ranked)
        // Popularity alone can do better by chance (a fade, whose frames share the popular
        // colours): the order with the smaller estimate wins, ties to the prefixes.
        return estimatedBits(groups, prefixed) <= estimatedBits(groups, popular) ? prefixed : popular
    }

    /// The frames with weight, identical colour sets (a periodic animation repeats them) pooled
    /// into one group with their weights added, in the order the sets first appear.
    ///
    /// Identical sets are found by sorting, as a long animation can have a set per frame (a
    /// search through the groups so far would be quadratic; a `Dictionary` would cost every render a
    /// run-time conformance lookup).
    static func pooled(_ frames: [FrameColours]) -> [FrameColours] {
        let kept = frames.indices.filter { frames[$0].weight > 0 }
        let bySet = kept.sorted { a, b in
            frames[a].colours == frames[b].colours ? a < b : frames[a].colours.precedes(frames[b].colours)
        }
        // Each frame's representative: the first frame with its set (sets sort by index within).
        var representative = [Int](repeating: -1, count: frames.count)
        for (n, i) in bySet.enumerated() {
            let previous = n > 0 ? bySet[n - 1] : -1
            representative[i] = previous >= 0 && frames[previous].colours == frames[i].colours ? representative[previous] : i
        }
        var groups: [FrameColours] = [], groupOf = [Int](repeating: -1, count: frames.count)
        for i in kept {
            let first = representative[i]
            if first == i {
                groupOf[i] = groups.count
                groups.append(frames[i])
            } else {
                groups[groupOf[first]].weight += frames[i].weight
            }
        }
        return groups
    }

    /// 256 entries, sorted-colour index → written index, for colours written in `sequence`'s order.
    static func writtenIndices(_ sequence: [Int]) -> [UInt8] {
        var order = (0..<256).map { UInt8($0) }
        for (new, old) in sequence.enumerated() { order[old] = UInt8(new) }
        return order
    }

    /// The frames' weights times their first code width under `order`: the code size the
    /// planner would give each (its largest written index or its transparent index, the
    /// smallest it does not draw), plus the clear code's bit.
    static func estimatedBits(_ groups: [FrameColours], _ order: [UInt8]) -> Int {
        groups.reduce(0) { total, group in
            var written = IndexSet256(), largest = 0
            group.colours.forEach { colour in
                written.insert(Int(order[colour]))
                largest = max(largest, Int(order[colour]))
            }
            let transparent = written.firstMissing
            var bits = 2
            while 1 << bits <= max(largest, transparent) { bits += 1 }
            return total + group.weight * (bits + 1)
        }
    }

    /// The subset of `groups` with the greatest total weight whose colours together number at
    /// most `capacity`, as indices into `groups`, ascending; empty when no group fits.
    ///
    /// Depth-first over groups in weight order, pruned when the remaining weight cannot beat
    /// the best; stops after ``searchBudget`` unions with the best found. The path is an array,
    /// not recursion: it holds one entry per member, and every distinct colour set that fits can
    /// be one (tens of thousands in a long animation of small changes), more than a stack holds.
    static func bestSubset(_ groups: [FrameColours], capacity: Int) -> [Int] {
        let byWeight = groups.indices.filter { groups[$0].colours.count <= capacity }
            .sorted { (groups[$0].weight, -$0) > (groups[$1].weight, -$1) }
        var suffixWeight = [Int](repeating: 0, count: byWeight.count + 1)
        for k in stride(from: byWeight.count - 1, through: 0, by: -1) {
            suffixWeight[k] = suffixWeight[k + 1] + groups[byWeight[k]].weight
        }
        var best: (weight: Int, members: [Int]) = (0, [])
        // Each member taken: its place in `byWeight`, and the union and weight before it.
        var path: [(k: Int, union: IndexSet256, weight: Int)] = []
        var union = IndexSet256(), weight = 0, k = 0
        var unions = 0
        while true {
            if k < byWeight.count, weight + suffixWeight[k] > best.weight, unions < searchBudget {
                unions += 1
                let merged = union.union(groups[byWeight[k]].colours)
                if merged.count <= capacity {
                    path.append((k, union, weight))
                    union = merged
                    weight += groups[byWeight[k]].weight
                }
                k += 1
            } else {
                // Nothing more below. Weights are positive, so a subset weighs most when it can
                // grow no further: the path is copied only then, not at every step down.
                if weight > best.weight { best = (weight, path.map { byWeight[$0.k] }) }
                guard let last = path.popLast() else { break }
                // Drop the last member and try the groups after it.
                (union, weight, k) = (last.union, last.weight, last.k + 1)
            }
        }
        return best.members.sorted()
    }
}

/// A set of palette indices 0…255, as 256 bits.
struct IndexSet256: Equatable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    static func == (a: IndexSet256, b: IndexSet256) -> Bool { a.words == b.words }

    /// A total order on sets (their bits as one 256-bit number), for sorting them.
    func precedes(_ other: IndexSet256) -> Bool {
        (words.3, words.2, words.1, words.0) < (other.words.3, other.words.2, other.words.1, other.words.0)
    }

    /// The number of indices in the set.
    var count: Int {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
    }

    /// Whether `index` (0…255) is in the set.
    func contains(_ index: Int) -> Bool {
        let bit = UInt64(1) << UInt64(index & 63)
        switch index >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// Adds `index` (0…255).
    mutating func insert(_ index: Int) {
        let bit = UInt64(1) << UInt64(index & 63)
        switch index >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Calls `body` with each index in the set, ascending.
    func forEach(_ body: (Int) -> Void) {
        for (k, word) in [words.0, words.1, words.2, words.3].enumerated() {
            var bits = word
            while bits != 0 {
                body(k << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
    }

    /// The smallest index 0…255 not in the set, or 256 when it holds all.
    var firstMissing: Int {
        for (k, word) in [words.0, words.1, words.2, words.3].enumerated() where word != .max {
            return k << 6 | (~word).trailingZeroBitCount
        }
        return 256
    }

    /// The indices in either set.
    func union(_ other: IndexSet256) -> IndexSet256 {
        var result = self
        result.words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2,
                        words.3 | other.words.3)
        return result
    }
}
