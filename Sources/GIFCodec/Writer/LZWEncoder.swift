#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// The dictionary is a dense `4096 × 256` array of child codes (0 = none; code 0 is never a
/// child since children are ≥ `clear + 2`); only the entries set since the last clear are reset,
/// so one encoder serves every frame of a file whatever its code size.
struct LZWEncoder {
    private let alphabet = 256
    /// The dictionary, shared by copies of the encoder (reference semantics: one encoder per
    /// thread, as `FramePlanner` gives each worker a fresh one).
    private let dictionary = Dictionary()

    /// The `4096 × 256` child table and the entries set since the last clear. The table comes
    /// from `calloc`: its 2 MiB are zero pages the kernel maps only where a code is stored, so
    /// a small frame touches a few dozen pages instead of clearing all 512.
    private final class Dictionary {
        let table: UnsafeMutablePointer<UInt16>
        var used: [Int] = []

        init() {
            table = calloc(4096 * 256, MemoryLayout<UInt16>.stride)!.assumingMemoryBound(to: UInt16.self)
            used.reserveCapacity(4096)
        }

        deinit { free(table) }
    }

    init() {}

    /// Branch points a look-ahead may explore before settling for the first option.
    private let lookaheadBudget = 2
    /// Prefix lengths flexible parsing tries per string.
    private let flexibleWindow = 8

    /// How far the dictionary can match from `code` with the next pixel at `pos`, taking either
    /// option at "don't care" pixels; explores both branches while `budget` lasts.
    ///
    /// - Returns: the position of the first pixel that cannot be matched (≤ n).
    private static func reach(_ table: UnsafeMutablePointer<UInt16>, _ alphabet: Int, _ p: UnsafePointer<UInt8>,
                              _ q: UnsafePointer<UInt8>, _ n: Int, _ code: Int, _ pos: Int, _ budget: inout Int) -> Int {
        var code = code, pos = pos
        // pos < n indexes both pixel buffers; code < 4096 and symbols < alphabet stay inside table.
        while pos < n {
            let a = Int(p[pos]), b = Int(q[pos])
            let ca = Int(table[code * alphabet + a])
            if a == b {
                if ca == 0 { return pos }
                code = ca
            } else {
                let cb = Int(table[code * alphabet + b])
                if ca == 0 && cb == 0 { return pos }
                if ca != 0 && cb != 0 && budget > 0 {
                    budget -= 1
                    return max(reach(table, alphabet, p, q, n, ca, pos + 1, &budget),
                               reach(table, alphabet, p, q, n, cb, pos + 1, &budget))
                }
                code = ca != 0 ? ca : cb
            }
            pos += 1
        }
        return pos
    }

    /// Compresses `pixels` (each, and each alternative, `< 2^minCodeSize`, the code size
    /// byte written before the data: 2…8); where `alternatives[i] != pixels[i]` either
    /// value may be emitted.
    ///
    /// - Parameter countOnly: measure the size without producing bytes.
    /// - Returns: the LZW data (without the code size byte and without sub-block framing) and
    ///   its length in bytes (the same number when `countOnly` leaves `bytes` empty).
    func compress(_ pixels: UnsafeBufferPointer<UInt8>, alternatives: UnsafeBufferPointer<UInt8>? = nil,
                           minCodeSize: Int, flexible: Bool = true, countOnly: Bool = false) -> (bytes: [UInt8], count: Int) {
        precondition((2...8).contains(minCodeSize))
        if let alternatives { precondition(alternatives.count == pixels.count) }
        let alphabet = self.alphabet
        let clear = 1 << minCodeSize
        let endOfInformation = clear + 1
        var writer = BitWriter(countOnly: countOnly, capacity: pixels.count / 2 + 16)
        var width = minCodeSize + 1
        var next = endOfInformation + 1

        var used = dictionary.used
        let encode = { (children: UnsafeMutableBufferPointer<UInt16>) in
            for index in used { children[index] = 0 }
            used.removeAll(keepingCapacity: true)
            writer.write(clear, width: width)
            guard pixels.count > 0 else { return }
            let p = pixels.baseAddress!
            if alternatives == nil && !flexible {
                // Plain greedy LZW. Codes < 4096 and symbols < alphabet: index < children.count.
                let table = children.baseAddress!
                var current = Int(p[0])
                for i in 1..<pixels.count {
                    let symbol = Int(p[i])
                    let child = Int(table[current &* alphabet &+ symbol])
                    if child != 0 {
                        current = child
                        continue
                    }
                    writer.write(current, width: width)
                    let slot = current &* alphabet &+ symbol
                    table[slot] = UInt16(truncatingIfNeeded: next)
                    used.append(slot)
                    if next >= 1 << width && width < 12 { width += 1 }
                    if next == 4095 {
                        writer.write(clear, width: width)
                        for index in used { table[index] = 0 }
                        used.removeAll(keepingCapacity: true)
                        width = minCodeSize + 1
                        next = endOfInformation + 1
                    } else {
                        next += 1
                    }
                    current = symbol
                }
                writer.write(current, width: width)
                return
            }
            // Without alternatives every pixel is its own alternative.
            let q = alternatives?.baseAddress ?? p
            let n = pixels.count
            let table = children.baseAddress!
            var budget = 0
            // The start symbol of a string at `pos` (the option matching further) and the
            // position the dictionary can match to from there.
            func start(_ pos: Int) -> (symbol: Int, reach: Int) {
                let a = Int(p[pos]), b = Int(q[pos])
                if a == b && !flexible { return (a, 0) }
                budget = lookaheadBudget
                let ra = Self.reach(table, alphabet, p, q, n, a, pos + 1, &budget)
                if a == b { return (a, ra) }
                budget = lookaheadBudget
                let rb = Self.reach(table, alphabet, p, q, n, b, pos + 1, &budget)
                // On a tie the alternative (the one "don't care" symbol) wins: it makes runs.
                return rb >= ra ? (b, rb) : (a, ra)
            }
            var path: [Int] = []
            path.reserveCapacity(4096)
            var i = 0
            var symbol = start(0).symbol
            while i < n {
                // The longest match from i: path[k] is the code of its first k + 1 pixels.
                path.removeAll(keepingCapacity: true)
                var code = symbol, j = i + 1
                path.append(code)
                while j < n {
                    let a = Int(p[j]), b = Int(q[j])
                    // Every code < 4096 and every symbol < alphabet: code * alphabet + symbol
                    // < 4096 * alphabet = children.count.
                    let ca = Int(table[code * alphabet + a])
                    let cb = a == b ? 0 : Int(table[code * alphabet + b])
                    if ca == 0 && cb == 0 { break }
                    var pick = ca != 0 ? a : b
                    if ca != 0 && cb != 0 {
                        budget = lookaheadBudget
                        let ra = Self.reach(table, alphabet, p, q, n, ca, j + 1, &budget)
                        budget = lookaheadBudget
                        let rb = Self.reach(table, alphabet, p, q, n, cb, j + 1, &budget)
                        pick = rb >= ra ? b : a
                    }
                    code = pick == a ? ca : cb
                    path.append(code)
                    j += 1
                }
                // Flexible parsing (Horspool 1995): a shorter prefix may let the next string
                // reach further; try the last few prefix lengths, longest first on ties.
                var length = path.count
                if flexible && j < n && length > 1 {
                    var bestEnd = -1
                    for candidate in stride(from: path.count, through: max(1, path.count - flexibleWindow + 1), by: -1) {
                        let end = start(i + candidate).reach
                        if end > bestEnd {
                            bestEnd = end
                            length = candidate
                        }
                    }
                }
                writer.write(path[length - 1], width: width)
                i += length
                guard i < n else { break }
                symbol = start(i).symbol
                // The decoder defines code `next` whatever it spells; a string already in the
                // dictionary (possible after a shorter prefix) keeps its old code.
                let slot = path[length - 1] * alphabet + symbol
                if table[slot] == 0 {
                    table[slot] = UInt16(next)
                    used.append(slot)
                }
                if next >= 1 << width && width < 12 { width += 1 }
                if next == 4095 {
                    writer.write(clear, width: width)
                    for index in used { table[index] = 0 }
                    used.removeAll(keepingCapacity: true)
                    width = minCodeSize + 1
                    next = endOfInformation + 1
                } else {
                    next += 1
                }
            }
        }
        encode(UnsafeMutableBufferPointer(start: dictionary.table, count: 4096 * alphabet))
        dictionary.used = used
        writer.write(endOfInformation, width: width)
        writer.finish()
        return (writer.bytes, writer.count)
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
