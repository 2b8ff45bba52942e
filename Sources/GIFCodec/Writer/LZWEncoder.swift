import Glibc

/// GIF's variable-width LZW compressor (GIF89a appendix F), with "don't care" pixels and
/// flexible parsing.
///
/// Code widths grow from `minCodeSize + 1` to 12 bits exactly when the next code reaches
/// `2^width` (the rule every decoder, giflib's included, follows), and a clear code goes out as
/// soon as code 4095 is assigned. Two refinements over plain greedy matching, both invisible to
/// decoders:
/// - Where the caller offers an alternative index for a pixel (an unchanged pixel may be drawn
///   as its colour or as the transparent index: both display the same), the encoder takes the
///   option whose dictionary match reaches further (a small bounded look-ahead); on a tie the
///   alternative wins, so the one "don't care" symbol forms runs and enters the dictionary.
/// - Flexible parsing (Horspool, "The effect of non-greedy parsing in Ziv-Lempel compression
///   methods", DCC 1995): a string may stop a few pixels short of its longest match when the
///   next string then reaches further. The decoder still defines one code per code read, so a
///   string already in the dictionary just uses up a code number.
///
/// The dictionary is an open-addressing hash table of `(prefix code, symbol) → code` entries,
/// 8192 slots of 4 bytes (32 KiB: it stays in the first-level cache, and a fresh process
/// faults in 8 pages for it rather than the hundreds a dense `4096 × 256` child array touches).
/// Only the slots set since the last clear are reset, so one encoder serves every frame.
struct LZWEncoder {
    /// The dictionary, shared by copies of the encoder (reference semantics: one encoder per
    /// thread, as `FramePlanner` gives each worker a fresh one).
    private let dictionary = Dictionary()

    /// Owns the code table's memory.
    private final class Dictionary {
        let table = CodeTable()
        let runs = RunChains()
        deinit {
            table.deallocate()
            runs.deallocate()
        }
    }

    init() {}

    /// Branch points a look-ahead may explore before settling for the first option.
    private let lookaheadBudget = 2
    /// Prefix lengths flexible parsing tries per string.
    private let flexibleWindow = 6

    /// How far the dictionary can match from `code` with the next pixel at `pos`, taking either
    /// option at "don't care" pixels; explores both branches while `budget` lasts.
    ///
    /// - Returns: the position of the first pixel that cannot be matched (≤ n).
    private static func reach(_ table: CodeTable, _ p: UnsafePointer<UInt8>,
                              _ q: UnsafePointer<UInt8>, _ n: Int, _ code: Int, _ pos: Int, _ budget: inout Int) -> Int {
        var code = code, pos = pos
        // pos < n indexes both pixel buffers.
        while pos < n {
            let a = Int(p[pos]), b = Int(q[pos])
            let ca = table.child(code, a)
            if a == b {
                if ca == 0 { return pos }
                code = ca
            } else {
                let cb = table.child(code, b)
                if ca == 0 && cb == 0 { return pos }
                if ca != 0 && cb != 0 && budget > 0 {
                    budget -= 1
                    return max(reach(table, p, q, n, ca, pos + 1, &budget),
                               reach(table, p, q, n, cb, pos + 1, &budget))
                }
                code = ca != 0 ? ca : cb
            }
            pos += 1
        }
        return pos
    }

    /// ``reach(_:_:_:_:_:_:_:)`` without alternatives: the end of the longest dictionary match
    /// of `p[pos...]` continuing `code`.
    @inline(__always)
    private static func greedyReach(_ table: CodeTable, _ p: UnsafePointer<UInt8>, _ n: Int, _ code: Int, _ pos: Int) -> Int {
        var code = code, pos = pos
        // pos < n indexes the pixel buffer.
        while pos < n {
            let child = table.child(code, Int(p[pos]))
            if child == 0 { return pos }
            code = child
            pos += 1
        }
        return pos
    }

    /// How many of the `limit` pixels from `p` (at least 1, which is `symbol`) repeat `symbol`
    /// from the start, reading eight at a time: a background's runs are most of a frame's
    /// pixels.
    @inline(__always)
    private static func runLength(_ p: UnsafePointer<UInt8>, of symbol: UInt8, limit: Int) -> Int {
        var step = 1
        let splat = UInt64(symbol) &* 0x0101_0101_0101_0101
        // step + 8 ≤ limit: the eight bytes read lie inside the buffer.
        while step + 8 <= limit {
            let differs = UInt64(littleEndian: UnsafeRawPointer(p + step).loadUnaligned(as: UInt64.self)) ^ splat
            // Read little-endian: the lowest non-zero byte is the first pixel that differs.
            if differs != 0 { return step + differs.trailingZeroBitCount >> 3 }
            step += 8
        }
        while step < limit && p[step] == symbol { step += 1 }
        return step
    }

    /// Compresses `pixels` (each, and each alternative, `< 2^minCodeSize`, the code size
    /// byte written before the data: 2…8); where `alternatives[i] != pixels[i]` either
    /// value may be emitted.
    ///
    /// - Parameters:
    ///   - countOnly: measure the size without producing bytes.
    ///   - limit: plain greedy only (no alternatives, not flexible): give up once the data is
    ///     longer than this many bytes, returning a count above `limit` and no bytes (or all of
    ///     them, when only the last codes pass it): a candidate that can no longer be the
    ///     smallest need not be finished.
    /// - Returns: the LZW data (without the code size byte and without sub-block framing) and
    ///   its length in bytes (the same number when `countOnly` leaves `bytes` empty).
    func compress(_ pixels: UnsafeBufferPointer<UInt8>, alternatives: UnsafeBufferPointer<UInt8>? = nil,
                           minCodeSize: Int, flexible: Bool = true, countOnly: Bool = false,
                           limit: Int = .max) -> (bytes: [UInt8], count: Int) {
        precondition((2...8).contains(minCodeSize))
        if let alternatives { precondition(alternatives.count == pixels.count) }
        let table = dictionary.table
        let clear = 1 << minCodeSize
        var writer = BitWriter(countOnly: countOnly, capacity: pixels.count / 2 + 16)
        var codes = CodeCounter(minCodeSize: minCodeSize)

        body: do {
            table.reset()
            writer.write(clear, width: codes.width)
            guard pixels.count > 0 else { break body }
            let p = pixels.baseAddress!
            if alternatives == nil && !flexible {
                // Plain greedy LZW. While the current string is one symbol repeated (`run`
                // times `runSymbol`; -1: not a run) and the pixels repeat it, the codes of the
                // longer runs come from `runs` instead of one dictionary lookup per pixel: the
                // same codes the lookups find (the dictionary holds every prefix of a string).
                // Backgrounds between a spinner and its label are such runs.
                let runs = dictionary.runs
                runs.reset()
                let n = pixels.count
                var current = Int(p[0])
                var runSymbol = current, run = 1
                var i = 1
                while i < n {
                    let symbol = Int(p[i])
                    if symbol == runSymbol {
                        let known = runs.length(symbol)
                        if run < known {
                            // Pixels i… repeat the symbol: follow the chain as far as both go.
                            let step = Self.runLength(p + i, of: UInt8(truncatingIfNeeded: symbol),
                                                      limit: min(known - run, n - i))
                            run += step
                            current = runs.code(symbol, length: run)
                            i += step
                            continue
                        }
                    }
                    let slot = table.find(current, symbol)
                    let child = table.code(at: slot)
                    if child != 0 {
                        current = child
                        runSymbol = -1
                        i += 1
                        continue
                    }
                    writer.write(current, width: codes.width)
                    if writer.count > limit { return ([], writer.count) }
                    table.insert(current, symbol, code: codes.next, at: slot)
                    if symbol == runSymbol && run == runs.length(symbol) { runs.extend(symbol, code: codes.next) }
                    let next = codes.next
                    codes.advance(&writer, table)
                    if codes.next < next { runs.reset() }
                    current = symbol
                    runSymbol = symbol
                    run = 1
                    i += 1
                }
                writer.write(current, width: codes.width)
                break body
            }
            // Without alternatives every pixel is its own alternative.
            let q = alternatives?.baseAddress ?? p
            let hasAlternatives = alternatives != nil
            let n = pixels.count
            var budget = 0
            // The start symbol of a string at `pos` (the option matching further) and the
            // position the dictionary can match to from there.
            func start(_ pos: Int, needsReach: Bool) -> (symbol: Int, reach: Int) {
                let a = Int(p[pos]), b = Int(q[pos])
                if a == b && !needsReach { return (a, 0) }
                if !hasAlternatives { return (a, Self.greedyReach(table, p, n, a, pos + 1)) }
                budget = lookaheadBudget
                let ra = Self.reach(table, p, q, n, a, pos + 1, &budget)
                if a == b { return (a, ra) }
                budget = lookaheadBudget
                let rb = Self.reach(table, p, q, n, b, pos + 1, &budget)
                // On a tie the alternative (the one "don't care" symbol) wins: it makes runs.
                return rb >= ra ? (b, rb) : (a, ra)
            }
            // path[k] is the code of the match's first k + 1 pixels. A match is at most one
            // pixel longer than the longest dictionary string, and strings are at most 4096 − 257
            // pixels long (each code adds one pixel to an older one).
            let path = UnsafeMutablePointer<Int>.allocate(capacity: 4096)
            defer { path.deallocate() }
            var pathCount = 0
            var i = 0
            var symbol = start(0, needsReach: false).symbol
            while i < n {
                // The longest match from i: path[k] is the code of its first k + 1 pixels.
                pathCount = 0
                var code = symbol, j = i + 1
                path[pathCount] = code
                pathCount += 1
                while j < n {
                    let a = Int(p[j]), b = Int(q[j])
                    let ca = table.child(code, a)
                    let cb = a == b ? 0 : table.child(code, b)
                    if ca == 0 && cb == 0 { break }
                    var pick = ca != 0 ? a : b
                    if ca != 0 && cb != 0 {
                        budget = lookaheadBudget
                        let ra = Self.reach(table, p, q, n, ca, j + 1, &budget)
                        budget = lookaheadBudget
                        let rb = Self.reach(table, p, q, n, cb, j + 1, &budget)
                        pick = rb >= ra ? b : a
                    }
                    code = pick == a ? ca : cb
                    path[pathCount] = code
                    pathCount += 1
                    j += 1
                }
                // Flexible parsing (Horspool 1995): a shorter prefix may let the next string
                // reach further; try the last few prefix lengths, longest first on ties.
                var length = pathCount
                if flexible && j < n && length > 1 {
                    var bestEnd = -1
                    for candidate in stride(from: pathCount, through: max(1, pathCount - flexibleWindow + 1), by: -1) {
                        let end = start(i + candidate, needsReach: true).reach
                        if end > bestEnd {
                            bestEnd = end
                            length = candidate
                        }
                    }
                }
                writer.write(path[length - 1], width: codes.width)
                i += length
                guard i < n else { break }
                symbol = start(i, needsReach: false).symbol
                // The decoder defines code `next` whatever it spells; a string already in the
                // dictionary (possible after a shorter prefix) keeps its old code.
                let slot = table.find(path[length - 1], symbol)
                if table.code(at: slot) == 0 {
                    table.insert(path[length - 1], symbol, code: codes.next, at: slot)
                }
                codes.advance(&writer, table)
            }
        }
        writer.write(codes.endOfInformation, width: codes.width)
        writer.finish()
        return (writer.bytes, writer.count)
    }
}

/// The LZW dictionary: `(prefix code, symbol) → code` in an open-addressing hash table with
/// linear probing, 8192 slots of `key << 12 | code` (key = `prefix << 8 | symbol`, 20 bits;
/// 0 = empty, never a valid entry since codes are ≥ 4). At most 4096 − 4 codes live between
/// clears, so the table is under half full. A plain pointer wrapper: the caller
/// (``LZWEncoder``) owns the memory and uses it from one thread at a time.
struct CodeTable {
    private static let slotBits = 13
    private static let slotCount = 1 << slotBits
    private let slots: UnsafeMutablePointer<UInt32>
    /// Slots set since the last reset, then their count.
    private let used: UnsafeMutablePointer<Int32>
    private let usedCount: UnsafeMutablePointer<Int>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: 0, count: Self.slotCount)
        used = .allocate(capacity: 4096)
        usedCount = .allocate(capacity: 1)
        usedCount.initialize(to: 0)
    }

    func deallocate() {
        slots.deallocate()
        used.deallocate()
        usedCount.deallocate()
    }

    /// The slot holding `(prefix, symbol)`, or the empty slot where it would go.
    @inline(__always)
    func find(_ prefix: Int, _ symbol: Int) -> Int {
        let key = UInt32(truncatingIfNeeded: prefix << 8 | symbol)
        var slot = Int((key &* 0x9E37_79B1) >> UInt32(32 - Self.slotBits))
        while true {
            let entry = slots[slot]
            if entry == 0 || entry >> 12 == key { return slot }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    /// The code stored at `slot` (0: empty).
    @inline(__always)
    func code(at slot: Int) -> Int { Int(slots[slot] & 0xFFF) }

    /// The code for `prefix` followed by `symbol`, 0 when the dictionary has none.
    @inline(__always)
    func child(_ prefix: Int, _ symbol: Int) -> Int { code(at: find(prefix, symbol)) }

    /// Stores `code` for `(prefix, symbol)` in the empty `slot` that ``find(_:_:)`` returned.
    @inline(__always)
    func insert(_ prefix: Int, _ symbol: Int, code: Int, at slot: Int) {
        slots[slot] = UInt32(truncatingIfNeeded: (prefix << 8 | symbol) << 12 | code)
        used[usedCount.pointee] = Int32(truncatingIfNeeded: slot)
        usedCount.pointee += 1
    }

    /// Empties the table (a clear code).
    func reset() {
        for k in 0..<usedCount.pointee { slots[Int(used[k])] = 0 }
        usedCount.pointee = 0
    }
}

/// The codes of runs of one symbol in the dictionary: for each symbol `s`, the codes of `s`,
/// `ss`, `sss`, … as far as the dictionary holds them (up to ``limit`` pixels), so that greedy
/// matching along a run of `s` reads them instead of looking up every pixel. A plain pointer
/// wrapper, owned and deallocated like ``CodeTable``.
struct RunChains {
    /// The longest run kept per symbol: longer runs are looked up pixel by pixel.
    static let limit = 256
    private let codes: UnsafeMutablePointer<UInt16>
    private let lengths: UnsafeMutablePointer<Int>

    init() {
        codes = .allocate(capacity: 256 * Self.limit)
        lengths = .allocate(capacity: 256)
        lengths.initialize(repeating: 1, count: 256)
        for symbol in 0..<256 { codes[symbol * Self.limit] = UInt16(symbol) }
    }

    func deallocate() {
        codes.deallocate()
        lengths.deallocate()
    }

    /// How many pixels the longest run of `symbol` with a known code spans (at least 1).
    @inline(__always)
    func length(_ symbol: Int) -> Int { lengths[symbol] }

    /// The code of `length` pixels of `symbol` (1 ≤ `length` ≤ ``length(_:)``).
    @inline(__always)
    func code(_ symbol: Int, length: Int) -> Int { Int(codes[symbol * Self.limit + length - 1]) }

    /// Records `code` as the run one pixel longer than ``length(_:)``, while under the limit.
    @inline(__always)
    func extend(_ symbol: Int, code: Int) {
        let length = lengths[symbol]
        guard length < Self.limit else { return }
        codes[symbol * Self.limit + length] = UInt16(truncatingIfNeeded: code)
        lengths[symbol] = length + 1
    }

    /// Forgets every run longer than one pixel (a clear code).
    func reset() {
        for symbol in 0..<256 { lengths[symbol] = 1 }
    }
}

/// The next code to define and the code width (GIF89a appendix F): widths grow from
/// `minCodeSize + 1` when the next code reaches `2^width`, up to 12 bits, and the dictionary is
/// cleared once code 4095 is taken.
struct CodeCounter {
    let minCodeSize: Int
    var clear: Int { 1 << minCodeSize }
    var endOfInformation: Int { clear + 1 }
    private(set) var width: Int
    private(set) var next: Int

    init(minCodeSize: Int) {
        self.minCodeSize = minCodeSize
        width = minCodeSize + 1
        next = (1 << minCodeSize) + 2
    }

    /// After code `next` is defined: widens the codes or, at 4095, writes a clear code and
    /// empties `table`.
    @inline(__always)
    mutating func advance(_ writer: inout BitWriter, _ table: CodeTable) {
        if next >= 1 << width && width < 12 { width += 1 }
        if next == 4095 {
            writer.write(clear, width: width)
            table.reset()
            width = minCodeSize + 1
            next = endOfInformation + 1
        } else {
            next += 1
        }
    }
}

/// Packs variable-width codes least significant bit first (GIF89a appendix F).
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    /// Bytes produced (also when only counting).
    private(set) var count = 0
    private var accumulator: UInt64 = 0
    private var accumulatedBits = 0
    private let countOnly: Bool

    init(countOnly: Bool, capacity: Int) {
        self.countOnly = countOnly
        if !countOnly { bytes.reserveCapacity(capacity) }
    }

    @inline(__always)
    mutating func write(_ code: Int, width: Int) {
        accumulator |= UInt64(truncatingIfNeeded: code) << UInt64(accumulatedBits)
        accumulatedBits += width
        while accumulatedBits >= 8 {
            if !countOnly { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
            count += 1
            accumulator >>= 8
            accumulatedBits -= 8
        }
    }

    /// Flushes the last partial byte.
    mutating func finish() {
        if accumulatedBits > 0 {
            if !countOnly { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
            count += 1
            accumulator = 0
            accumulatedBits = 0
        }
    }
}

// An encoder may move between threads but must not be used by two at once: its dictionary is
// shared by copies. `FramePlanner.keepEncodings` gives every worker a fresh one.
extension LZWEncoder: @unchecked Sendable {}
