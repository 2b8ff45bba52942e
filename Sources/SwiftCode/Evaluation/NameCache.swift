/// A small direct-mapped cache of answers by name (and, for a member, the type it is looked up
/// on), in front of a dictionary keyed by `String`: a name's slot comes from a cheap hash of its
/// bytes (FNV-1) and the type's address, and a hit is one comparison of two strings (a
/// bitwise one for names of up to 15 bytes), where the dictionary hashed the whole name with
/// SipHash (some 300 instructions) on every lookup. A view's code asks for the same few names
/// again and again (`Circle`, `frame`, `opacity`): the library types they are and the members
/// they name. A name whose slot holds another is looked up the slow way and then takes the slot.
struct NameCache<Entry> {
    private struct Slot {
        var name: String
        var owner: ObjectIdentifier?
        var entry: Entry
    }

    private static var slotCount: Int { 64 }
    /// Made at the first answer kept (an evaluator makes several caches, and many are never
    /// used: a file that is only read).
    private var slots: [Slot?] = []

    /// The slot of `name` on `owner`.
    @inline(__always)
    private static func slot(of name: String, on owner: ObjectIdentifier?) -> Int {
        var mixed = owner.map { Int(bitPattern: UInt(bitPattern: $0)) >> 4 } ?? 0
        let bytes = name.utf8.withContiguousStorageIfAvailable { bytes in
            var mixed = mixed
            for byte in bytes { mixed = (mixed ^ Int(byte)) &* 0x0100_0193 }
            return mixed
        }
        mixed = bytes ?? name.utf8.count
        return (mixed ^ (mixed >> 11)) & (slotCount - 1)
    }

    /// The answer kept for `name` on `owner` (`nil`: a name of its own), if any.
    @inline(__always)
    subscript(name: String, on owner: ObjectIdentifier? = nil) -> Entry? {
        get {
            guard !slots.isEmpty else { return nil }
            let index = Self.slot(of: name, on: owner)
            guard let slot = slots[index], slot.owner == owner, slot.name == name else { return nil }
            return slot.entry
        }
        set {
            if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
            let index = Self.slot(of: name, on: owner)
            slots[index] = newValue.map { Slot(name: name, owner: owner, entry: $0) }
        }
    }
}
