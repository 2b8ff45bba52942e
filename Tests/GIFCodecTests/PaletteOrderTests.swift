import Glibc
import Testing
import Raster
@testable import GIFCodec

@Suite("Palette order for small code sizes")
struct PaletteOrderTests {
    static func set(_ indices: some Sequence<Int>) -> IndexSet256 {
        var s = IndexSet256()
        for i in indices { s.insert(i) }
        return s
    }

    @Test("a 256-bit index set counts, finds and merges its members")
    func indexSet() {
        let a = Self.set([0, 63, 64, 200, 255]), b = Self.set([1, 63, 128])
        #expect(a.count == 5 && b.count == 3)
        #expect(a.contains(255) && a.contains(64) && !a.contains(65) && !a.contains(128))
        #expect(a.union(b).count == 7)
        #expect(a.union(b) == b.union(a))
        #expect(a != b)
    }

    @Test("identical colour sets pool their weights, in the order the sets first appear")
    func pooling() {
        let a = Self.set([200, 3]), b = Self.set([1]), c = Self.set([0, 255])
        let frames: [PaletteOrder.FrameColours] = [
            .init(colours: b, weight: 1), .init(colours: a, weight: 2), .init(colours: b, weight: 3),
            .init(colours: c, weight: 0), .init(colours: a, weight: 4), .init(colours: b, weight: 5),
        ]
        let groups = PaletteOrder.pooled(frames)
        #expect(groups.map(\.colours) == [b, a])              // c has no weight
        #expect(groups.map(\.weight) == [9, 6])
        #expect(a.precedes(c) != c.precedes(a) && !a.precedes(a))
    }

    @Test("the heaviest subset whose colours fit is chosen, not the heaviest single set")
    func bestSubset() {
        let groups: [PaletteOrder.FrameColours] = [
            .init(colours: Self.set(0..<3), weight: 5),     // {0, 1, 2}
            .init(colours: Self.set(2..<4), weight: 4),     // {2, 3}: shares 2 with the first
            .init(colours: Self.set(4..<8), weight: 6),     // {4 … 7}
        ]
        // 5 entries: the first two together (4 colours, weight 9) beat the third (weight 6);
        // the first and third need 7.
        #expect(PaletteOrder.bestSubset(groups, capacity: 5) == [0, 1])
        #expect(PaletteOrder.bestSubset(groups, capacity: 7) == [0, 2])
        #expect(PaletteOrder.bestSubset(groups, capacity: 8) == [0, 1, 2])
        #expect(PaletteOrder.bestSubset(groups, capacity: 1) == [])
    }

    @Test("prefixes of 2ᵇ − 1 entries hold whole frames' colours, the rest follow by popularity")
    func prefixes() {
        // 20 colours (a 5-bit table); popularity ranks them in reverse.
        let ranked = Array((0..<20).reversed())
        let frames: [PaletteOrder.FrameColours] = [
            .init(colours: Self.set([10, 11, 12]), weight: 3),     // fits the 3-entry prefix
            .init(colours: Self.set(10..<17), weight: 2),          // 7 colours: the 7-entry prefix
            .init(colours: Self.set(0..<9), weight: 1),            // 7 + 9 colours outgrow 15 entries
        ]
        let order = PaletteOrder.order(frames: frames, ranked: ranked, colorCount: 20)
        // 3 entries: {10, 11, 12} in popularity order (12 first); 7: then 13 … 16 (16 first);
        // 15 entries cannot hold 7 + 9 colours, so the rest follow by popularity: 19, 18, 17, 9 …
        #expect([12, 11, 10].map { order[$0] } == [0, 1, 2])
        #expect([16, 15, 14, 13].map { order[$0] } == [3, 4, 5, 6])
        #expect([19, 18, 17, 9, 8].map { order[$0] } == [7, 8, 9, 10, 11])
        #expect(Set(order[0..<20]) == Set(0..<20))
        #expect(order[20...].map(Int.init) == Array(20..<256))
    }

    /// Three families of colours, each frame drawing one whole family over every pixel:
    /// 60 + 60 + 100 colours need an 8-bit table, but the first family fits the 63-entry
    /// prefix (6-bit codes, 7 after the clear-code bit) and the first two the 127-entry one.
    @Test("frames drawing different colour families get code sizes 6, 7 and 8, and round-trip")
    func familiesGetSmallCodeSizes() throws {
        let width = 24, height = 16
        let families = [(0, 60), (60, 60), (120, 100)]
        func colour(_ n: Int) -> RGBA8 { RGBA8(r: UInt8(n), g: UInt8(255 - n), b: UInt8(n % 7 * 30)) }
        var frames: [TimedFrame] = []
        for f in 0..<6 {
            let (start, count) = families[f % 3]
            var image = RGBAImage(width: width, height: height, fill: .white)
            for y in 0..<height {
                for x in 0..<width { image[x, y] = colour(start + (x + y * 7) % count) }
            }
            frames.append(TimedFrame(image: image, delayCentiseconds: 4))
        }
        let sequence = FrameSequence(width: width, height: height, frames: frames, loopCount: .forever)
        let (result, walk) = try expectRoundTrip(sequence)
        #expect(result.paletteSize == 220)
        #expect(walk.globalTableSize == 256)
        let sizes = walk.blocks.compactMap { if case let .image(_, _, _, _, size, _) = $0 { size } else { nil } }
        #expect(sizes == [6, 7, 8, 6, 7, 8])
    }
}

@Suite("Palette order search bounds")
struct PaletteOrderBoundsTests {
    /// 400 frames each drawing its own 40 of 250 colours: far too many subsets to try, so the
    /// search stops at its budget; the order is still a permutation, the same every time.
    @Test("many distinct colour sets: the search stops at its budget with a valid order")
    func manyGroups() {
        var frames: [PaletteOrder.FrameColours] = []
        var state: UInt32 = 12345
        for f in 0..<400 {
            var colours = IndexSet256()
            while colours.count < 40 {
                state = state &* 1_103_515_245 &+ 12345
                colours.insert(Int(state >> 16) % 250)
            }
            frames.append(.init(colours: colours, weight: 10 + f % 7))
        }
        let ranked = Array(0..<250)
        let order = PaletteOrder.order(frames: frames, ranked: ranked, colorCount: 250)
        #expect(Set(order[0..<250]) == Set(0..<250))
        #expect(order == PaletteOrder.order(frames: frames, ranked: ranked, colorCount: 250))
        // Never worse than popularity by the estimate that chooses between them.
        #expect(PaletteOrder.estimatedBits(frames, order) <= PaletteOrder.estimatedBits(frames, PaletteOrder.writtenIndices(ranked)))
    }

    /// Frames drawing many distinct colour sets, each set shown three times (weights 1…5, one
    /// repeat of weight 0, which adds nothing): pooling, which sorts the sets rather than comparing every frame with
    /// every group found so far, gives one group per set in order of first appearance with the
    /// weights added, and the order stays a permutation. `make bench` times the same path on
    /// 100 000 distinct sets (`GIFCodecBenchmark.paletteOrderSeconds`).
    @Test("distinct colour sets pool into one group each, in first-appearance order, weights added")
    func manyDistinctSetsPool() {
        let distinct = 1_500
        func colours(_ k: Int) -> IndexSet256 {
            var set = IndexSet256()
            // Bits of k spread over 11 of 250 colours, so all distinct, plus a fixed 130: too
            // many for any prefix, so the subset search has nothing to do.
            for bit in 0..<11 where k >> bit & 1 == 1 { set.insert(bit * 5) }
            for c in 100..<230 { set.insert(c) }
            return set
        }
        var frames: [PaletteOrder.FrameColours] = []
        for f in 0..<(3 * distinct) {
            frames.append(.init(colours: colours(f % distinct), weight: f == distinct + 7 ? 0 : 1 + f % 5))
        }
        let groups = PaletteOrder.pooled(frames)
        #expect(groups.count == distinct)
        for k in 0..<distinct {
            let weight = [k, k + distinct, k + 2 * distinct].reduce(0) { $0 + ($1 == distinct + 7 ? 0 : 1 + $1 % 5) }
            #expect(groups[k].colours == colours(k) && groups[k].weight == weight, "group \(k)")
        }
        let order = PaletteOrder.order(frames: frames, ranked: Array(0..<250), colorCount: 250)
        #expect(Set(order[0..<250]) == Set(0..<250))
    }

    /// 5 000 distinct colour sets of 13 colours that all fit 15 entries together: the search
    /// path holds every one of them (a long animation of small changes, or `compare --diff` of
    /// crafted frames, gives tens of thousands), so it must not take a stack frame per member.
    @Test("a search path thousands of colour sets deep runs on a 256 KiB stack")
    func deepPathOnASmallStack() {
        var groups: [PaletteOrder.FrameColours] = []
        for pattern in 1...5000 {
            var colours = IndexSet256()
            for bit in 0..<13 where pattern >> bit & 1 == 1 { colours.insert(bit) }
            groups.append(.init(colours: colours, weight: 1))
        }
        let members = onThread(stackBytes: 256 << 10) { PaletteOrder.bestSubset(groups, capacity: 15) }
        #expect(members == Array(0..<5000))
    }

    /// `body`'s result, computed on a new thread with a stack of `stackBytes`.
    func onThread(stackBytes: Int, _ body: @escaping () -> [Int]) -> [Int] {
        final class Job {
            let body: () -> [Int]
            var result: [Int] = []
            init(_ body: @escaping () -> [Int]) { self.body = body }
        }
        let job = Job(body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackBytes)
        var thread = pthread_t()
        // `job` outlives the thread: it is joined before returning.
        let status = pthread_create(&thread, &attributes, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeUnretainedValue()
            job.result = job.body()
            return nil
        }, Unmanaged.passUnretained(job).toOpaque())
        guard status == 0 else {
            Issue.record("pthread_create failed: \(status)")
            return []
        }
        pthread_join(thread, nil)
        return job.result
    }
}
