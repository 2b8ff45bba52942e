/// GIF's variable-width LZW compressor (GIF89a appendix F), with optional "don't care" pixels.
///
/// Greedy longest match, code widths growing from `minCodeSize + 1` to 12 bits exactly when
/// the next code reaches `2^width` (the rule every decoder, giflib's included, follows), and a
/// clear code as soon as code 4095 is assigned. Where the caller offers an alternative index for
/// a pixel (an unchanged pixel may be drawn as its colour or as the transparent index, both
/// display the same), the encoder takes whichever extends the current string, so runs of
/// "don't care" pixels join the surrounding strings instead of breaking them. That choice is
/// what lets a frame encode smaller than with either all-colour or all-transparent pixels.
///
/// The dictionary is a dense `4096 × alphabet` array of child codes (0 = none; code 0 is never
/// a child since children are ≥ `clear + 2`); only the entries set since the last clear are reset.
struct LZWEncoder {
    let minCodeSize: Int
    private let alphabet: Int
    private var children: [UInt16]
    private var used: [Int] = []

    /// - Parameter minCodeSize: 2…8, the code size byte written before the data.
    init(minCodeSize: Int) {
        precondition((2...8).contains(minCodeSize))
        self.minCodeSize = minCodeSize
        self.alphabet = 1 << minCodeSize
        self.children = [UInt16](repeating: 0, count: 4096 << minCodeSize)
        used.reserveCapacity(4096)
    }

    /// Compresses `pixels` (each `< 2^minCodeSize`); where `alternatives[i] != pixels[i]` either
    /// value may be emitted.
    ///
    /// - Parameter countOnly: measure the size without producing bytes.
    /// - Returns: the LZW data (without the code size byte and without sub-block framing) and
    ///   its length in bytes (the same number when `countOnly` leaves `bytes` empty).
    mutating func compress(_ pixels: UnsafeBufferPointer<UInt8>, alternatives: UnsafeBufferPointer<UInt8>? = nil,
                           countOnly: Bool = false) -> (bytes: [UInt8], count: Int) {
        if let alternatives { precondition(alternatives.count == pixels.count) }
        let alphabet = self.alphabet
        let clear = 1 << minCodeSize
        let endOfInformation = clear + 1
        let minCodeSize = self.minCodeSize
        var out: [UInt8] = []
        if !countOnly { out.reserveCapacity(pixels.count / 2 + 16) }
        var byteCount = 0
        var accumulator: UInt64 = 0
        var accumulatedBits = 0
        var width = minCodeSize + 1
        var next = endOfInformation + 1

        func emit(_ code: Int) {
            accumulator |= UInt64(code) << UInt64(accumulatedBits)
            accumulatedBits += width
            while accumulatedBits >= 8 {
                if !countOnly { out.append(UInt8(truncatingIfNeeded: accumulator)) }
                byteCount += 1
                accumulator >>= 8
                accumulatedBits -= 8
            }
        }

        var used = self.used
        children.withUnsafeMutableBufferPointer { children in
            for index in used { children[index] = 0 }
            used.removeAll(keepingCapacity: true)
            emit(clear)
            guard pixels.count > 0 else { return }
            var current = Int(pixels[0])
            var last = current
            for i in 1..<pixels.count {
                let a = Int(pixels[i])
                let b = alternatives.map { Int($0[i]) } ?? a
                // Every code < 4096 and every symbol < alphabet, so current * alphabet + symbol
                // < 4096 * alphabet = children.count.
                let first = b != a && b == last ? b : a
                let child = children[current * alphabet + first]
                if child != 0 {
                    current = Int(child)
                    last = first
                    continue
                }
                if b != a {
                    let second = first == a ? b : a
                    let other = children[current * alphabet + second]
                    if other != 0 {
                        current = Int(other)
                        last = second
                        continue
                    }
                }
                emit(current)
                let slot = current * alphabet + first
                children[slot] = UInt16(next)
                used.append(slot)
                if next >= 1 << width && width < 12 { width += 1 }
                if next == 4095 {
                    emit(clear)
                    for index in used { children[index] = 0 }
                    used.removeAll(keepingCapacity: true)
                    width = minCodeSize + 1
                    next = endOfInformation + 1
                } else {
                    next += 1
                }
                current = first
                last = first
            }
            emit(current)
        }
        self.used = used
        emit(endOfInformation)
        if accumulatedBits > 0 {
            if !countOnly { out.append(UInt8(truncatingIfNeeded: accumulator)) }
            byteCount += 1
        }
        return (out, byteCount)
    }
}
