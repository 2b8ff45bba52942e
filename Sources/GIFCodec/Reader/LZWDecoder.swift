/// GIF's variable-width LZW decompression (GIF89a appendix F), with the code-width schedule
/// and the tolerances of Wuffs' `std/lzw/decode_lzw.wuffs`, the decoder Chromium uses since M93.
///
/// Rules, as Wuffs applies them:
/// - the literal width `lw` (the image's "LZW minimum code size") may be 0…8; the clear code is
///   `2^lw`, the end code `2^lw + 1`, and codes start `lw + 1` bits wide (so 0 and 1 work too,
///   where giflib refuses them);
/// - after a clear code (and at the start) the next free table slot is the end code itself:
///   the first code adds no entry but moves the slot to `end + 1`; every later code adds one
///   entry while the table has fewer than 4096; after each addition the width grows by one
///   bit while it is under 12 and `slot >> width` is odd (Wuffs' `width += 1 & (save_code >> width)`);
/// - a full table stays full: 12-bit codes go on being decoded against it without a clear code
///   (the "deferred clear" that GIF89a allows);
/// - a code above the next free slot is an error (Wuffs' `"#lzw: bad code"`).
///
/// Output is pulled in pieces of any size (one image row at a time), so memory stays at the
/// 4096-entry tables whatever the image size.
struct LZWDecoder {
    /// Why decoding stopped.
    enum Stop: Equatable {
        /// The end code was read.
        case endCode
        /// The data ran out (no end code).
        case dataEnded
        /// A code beyond the table built so far.
        case badCode(code: Int, slot: Int)
    }

    private let data: [UInt8]
    private var position = 0
    private var bits: UInt64 = 0
    private var bitCount = 0
    private let literalWidth: Int
    private let clearCode: Int
    private let endCode: Int
    private var slot: Int
    private var previous: Int   // -1 right after a clear code
    private var width: Int
    private var prefixes = [UInt16](repeating: 0, count: 4096)
    private var suffixes = [UInt8](repeating: 0, count: 4096)
    private var firsts = [UInt8](repeating: 0, count: 4096)
    private var lengths = [UInt16](repeating: 1, count: 4096)
    /// The expansion of the last code, written back to front; `pending` bytes from `pendingStart` not yet delivered.
    private var stack = [UInt8](repeating: 0, count: 4097)
    private var pendingStart = 0
    private var pendingEnd = 0
    /// Set once decoding has stopped.
    private(set) var stop: Stop? = nil

    /// - Parameters:
    ///   - data: the image's LZW bytes, sub-block lengths removed.
    ///   - literalWidth: 0…8.
    init(data: [UInt8], literalWidth: Int) {
        precondition((0...8).contains(literalWidth))
        self.data = data
        self.literalWidth = literalWidth
        clearCode = 1 << literalWidth
        endCode = clearCode + 1
        slot = endCode
        previous = -1
        width = literalWidth + 1
        for i in 0..<clearCode {
            suffixes[i] = UInt8(i)
            firsts[i] = UInt8(i)
        }
    }

    /// Fills `output` from the start with decoded indices; returns how many were written, fewer
    /// than `output.count` only once decoding has stopped (``stop`` says why).
    mutating func read(into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var written = 0
        let capacity = output.count
        // Leftover bytes of the last code's expansion first.
        if pendingStart < pendingEnd {
            let n = min(capacity, pendingEnd - pendingStart)
            stack.withUnsafeBufferPointer { s in
                // pendingStart + n ≤ pendingEnd ≤ stack.count; n ≤ capacity.
                output.baseAddress!.update(from: s.baseAddress! + pendingStart, count: n)
            }
            pendingStart += n
            written = n
        }
        if written == capacity || stop != nil { return written }
        data.withUnsafeBufferPointer { input in
            prefixes.withUnsafeMutableBufferPointer { prefixes in
            suffixes.withUnsafeMutableBufferPointer { suffixes in
            firsts.withUnsafeMutableBufferPointer { firsts in
            lengths.withUnsafeMutableBufferPointer { lengths in
            stack.withUnsafeMutableBufferPointer { stack in
                var position = self.position, bits = self.bits, bitCount = self.bitCount
                var slot = self.slot, previous = self.previous, width = self.width
                defer {
                    self.position = position; self.bits = bits; self.bitCount = bitCount
                    self.slot = slot; self.previous = previous; self.width = width
                }
                while written < capacity {
                    if bitCount < width {
                        while bitCount <= 56 && position < input.count {
                            bits |= UInt64(input[position]) << UInt64(bitCount)
                            position += 1
                            bitCount += 8
                        }
                        if bitCount < width {
                            stop = .dataEnded
                            return
                        }
                    }
                    let code = Int(bits & (1 << UInt64(width) - 1))
                    bits >>= UInt64(width)
                    bitCount -= width
                    if code < clearCode {
                        output[written] = UInt8(code)
                        written += 1
                        if previous >= 0 {
                            if slot < 4096 {
                                prefixes[slot] = UInt16(previous)
                                suffixes[slot] = UInt8(code)
                                firsts[slot] = firsts[previous]
                                lengths[slot] = lengths[previous] &+ 1
                                slot += 1
                                if width < 12 { width += 1 & (slot >> width) }
                                previous = code
                            }
                        } else {
                            // The first code after a clear: Wuffs stores it at the end code's
                            // slot, which no code can name, so only the slot number moves.
                            slot += 1
                            if width < 12 { width += 1 & (slot >> width) }
                            previous = code
                        }
                    } else if code == clearCode {
                        slot = endCode
                        previous = -1
                        width = literalWidth + 1
                    } else if code == endCode {
                        stop = .endCode
                        return
                    } else if code <= slot && previous >= 0 {
                        // code == slot is the KwKwK case: the previous string plus its first byte.
                        let source = code == slot ? previous : code
                        let length = Int(lengths[source])
                        let total = code == slot ? length + 1 : length
                        // Write the expansion back to front into the stack (≤ 4096 bytes).
                        var end = total
                        if code == slot {
                            stack[length] = firsts[source]
                            end = length
                        }
                        var c = source
                        var i = end - 1
                        while i > 0 {
                            stack[i] = suffixes[c]
                            c = Int(prefixes[c])
                            i -= 1
                        }
                        stack[0] = suffixes[c]
                        let first = stack[0]
                        let n = min(total, capacity - written)
                        (output.baseAddress! + written).update(from: stack.baseAddress!, count: n)
                        written += n
                        self.pendingStart = n
                        self.pendingEnd = total
                        if slot < 4096 {
                            prefixes[slot] = UInt16(previous)
                            suffixes[slot] = first
                            firsts[slot] = firsts[previous]
                            lengths[slot] = lengths[previous] &+ 1
                            slot += 1
                            if width < 12 { width += 1 & (slot >> width) }
                            previous = code
                        }
                    } else {
                        stop = .badCode(code: code, slot: slot)
                        return
                    }
                }
            }
            }
            }
            }
            }
        }
        return written
    }
}
