/// An open-addressing hash map from packed colours to palette indices.
///
/// Keys are `0xFF_RR_GG_BB` words for opaque colours; 0 (a transparent pixel) is never stored
/// and marks an empty slot. Linear probing over a power-of-two table kept at most half full;
/// Fibonacci hashing spreads the neighbouring colours anti-aliasing produces.
struct ColorIndexTable {
    private(set) var keys: [UInt32]
    private(set) var values: [Int32]
    private(set) var count = 0
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 64
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt32](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    @inline(__always)
    private static func slot(_ key: UInt32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The value stored for `key`, or `nil`.
    func value(for key: UInt32) -> Int32? {
        var i = Self.slot(key, mask)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// Inserts `key` (non-zero) if absent; returns whether it was new.
    @discardableResult
    mutating func insert(_ key: UInt32, value: Int32 = -1) -> Bool {
        var i = Self.slot(key, mask)
        while true {
            let k = keys[i]
            if k == key { values[i] = value; return false }
            if k == 0 { break }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = value
        count += 1
        if count * 2 > keys.count { grow() }
        return true
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt32](repeating: 0, count: oldKeys.count * 2)
        values = [Int32](repeating: -1, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k != 0 { insert(k, value: v) }
    }

    /// Every stored key, ascending.
    var sortedKeys: [UInt32] { keys.filter { $0 != 0 }.sorted() }
}
