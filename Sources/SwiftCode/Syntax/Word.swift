/// The spellings the parser tells apart: Swift's reserved words, the contextual words and
/// directive names it looks for, and the standard operators.
///
/// The lexer looks every name and operator up once (``WordTable``); the parser then compares
/// a byte where it compared strings, and finds a keyword's meaning with a `switch` on the enum
/// where it hashed the name into sets.
enum Word: String, CaseIterable, Sendable {
    /// No spelling the parser tells apart: the token's text is elsewhere (``Token/text``).
    case other = ""

    // Reserved words (``isReserved``).
    case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`, `import`
    case initWord = "init"
    case `inout`, `internal`, `let`, `operator`, `private`, `precedencegroup`, `protocol`, `public`, `rethrows`, `static`
    case `struct`, `subscript`, `typealias`, `var`, `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`
    case `else`, `fallthrough`, `for`, `guard`, `if`, `in`, `repeat`, `return`, `throw`, `switch`, `where`, `while`
    case `as`, `false`, `is`, `nil`, `super`, `throws`, `true`, `try`

    // Contextual words, modifiers, accessors and directive names.
    case selfWord = "self"
    case selfType = "Self"
    case typeWord = "Type"
    case protocolWord = "Protocol"
    case underscore = "_"
    case someWord = "some"
    case actor, any, async, await, borrowing, consume, consuming, convenience, copy, didSet, distributed, dynamic, each
    case final, get, indirect, infix, isolated, lazy, macro, modify, mutating, nonisolated, nonmutating, open, optional
    case override, package, postfix, prefix, read, reasync, required, sending, set, strong, unowned, unsafe
    case unsafeAddress, unsafeMutableAddress, weak, willSet
    case _const, _modify, _read
    // The underscored forerunners of `consuming` and `borrowing`.
    case legacyConsuming = "__consuming"
    case legacyOwned = "__owned"
    case legacyShared = "__shared"
    case available, unavailable, elseif, endif, unknown

    // Operators: those the grammar uses, and the standard library's infix operators with their
    // precedence groups (``precedence``).
    case assign = "="
    case question = "?"
    case exclamation = "!"
    case arrow = "->"
    case closedRange = "..."
    case halfOpenRange = "..<"
    case shiftLeft = "<<"
    case shiftRight = ">>"
    case maskingShiftLeft = "&<<"
    case maskingShiftRight = "&>>"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case overflowMultiply = "&*"
    case ampersand = "&"
    case plus = "+"
    case minus = "-"
    case overflowPlus = "&+"
    case overflowMinus = "&-"
    case bar = "|"
    case caret = "^"
    case nilCoalescing = "??"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case equal = "=="
    case notEqual = "!="
    case identical = "==="
    case notIdentical = "!=="
    case patternMatch = "~="
    case pointwiseEqual = ".=="
    case pointwiseNotEqual = ".!="
    case pointwiseLess = ".<"
    case pointwiseLessOrEqual = ".<="
    case pointwiseGreater = ".>"
    case pointwiseGreaterOrEqual = ".>="
    case and = "&&"
    case pointwiseAnd = ".&"
    case or = "||"
    case pointwiseOr = ".|"
    case pointwiseXor = ".^"
    case multiplyAssign = "*="
    case divideAssign = "/="
    case remainderAssign = "%="
    case plusAssign = "+="
    case minusAssign = "-="
    case shiftLeftAssign = "<<="
    case shiftRightAssign = ">>="
    case andAssign = "&="
    case orAssign = "|="
    case xorAssign = "^="
    case overflowMultiplyAssign = "&*="
    case overflowPlusAssign = "&+="
    case overflowMinusAssign = "&-="
    case maskingShiftLeftAssign = "&<<="
    case maskingShiftRightAssign = "&>>="

    /// Swift's reserved words: written without backticks they are never names in an expression.
    var isReserved: Bool {
        switch self {
        case .associatedtype, .class, .deinit, .enum, .extension, .fileprivate, .func, .import, .initWord, .inout,
             .internal, .let, .operator, .private, .precedencegroup, .protocol, .public, .rethrows, .static,
             .struct, .subscript, .typealias, .var, .break, .case, .catch, .continue, .default, .defer, .do,
             .else, .fallthrough, .for, .guard, .if, .in, .repeat, .return, .throw, .switch, .where, .while,
             .as, .false, .is, .nil, .super, .throws, .true, .try:
            true
        default:
            false
        }
    }

    /// Words that start a declaration (after its attributes and modifiers).
    var isDeclarationKeyword: Bool {
        switch self {
        case .import, .let, .var, .func, .initWord, .deinit, .subscript, .struct, .class, .enum, .protocol, .extension,
             .typealias, .associatedtype, .operator, .precedencegroup, .actor, .macro:
            true
        default:
            false
        }
    }

    /// Declaration modifiers.
    var isModifier: Bool {
        switch self {
        case .private, .fileprivate, .internal, .public, .open, .package, .static, .class, .final, .mutating,
             .nonmutating, .override, .lazy, .weak, .unowned, .convenience, .required, .indirect, .nonisolated,
             .dynamic, .optional, .prefix, .postfix, .infix, .distributed, .consuming, .borrowing, .legacyConsuming,
             .isolated, ._const, .unsafe:
            true
        default:
            false
        }
    }

    /// The accessors of a property or subscript: `get`, `set`, `willSet`, `didSet` …
    var isAccessorKind: Bool {
        switch self {
        case .get, .set, .willSet, .didSet, ._read, ._modify, .read, .modify, .initWord, .unsafeAddress, .unsafeMutableAddress:
            true
        default:
            false
        }
    }

    /// Modifiers an accessor may have before its keyword.
    var isAccessorModifier: Bool {
        switch self {
        case .mutating, .nonmutating, .legacyConsuming, .consuming, .borrowing: true
        default: false
        }
    }

    /// Specifiers written before a type: `inout`, `borrowing`, `sending` …
    var isTypeSpecifier: Bool {
        switch self {
        case .inout, .borrowing, .consuming, .legacyOwned, .legacyShared, .sending, .isolated, ._const, .each, .repeat: true
        default: false
        }
    }

    /// An assignment operator (AssignmentPrecedence).
    var isAssignment: Bool { precedence?.rank == OperatorPrecedence.Group.assignment.rank }

    /// The standard precedence group of an infix operator; `nil` for any other word (an
    /// operator the file declares itself has `DefaultPrecedence`).
    var precedence: OperatorPrecedence.Group? {
        switch self {
        case .shiftLeft, .shiftRight, .maskingShiftLeft, .maskingShiftRight: .bitwiseShift
        case .multiply, .divide, .remainder, .overflowMultiply, .ampersand: .multiplication
        case .plus, .minus, .overflowPlus, .overflowMinus, .bar, .caret: .addition
        case .closedRange, .halfOpenRange: .rangeFormation
        case .nilCoalescing: .nilCoalescing
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual, .identical, .notIdentical, .patternMatch,
             .pointwiseEqual, .pointwiseNotEqual, .pointwiseLess, .pointwiseLessOrEqual, .pointwiseGreater,
             .pointwiseGreaterOrEqual:
            .comparison
        case .and, .pointwiseAnd: .logicalConjunction
        case .or, .pointwiseOr, .pointwiseXor: .logicalDisjunction
        case .assign, .multiplyAssign, .divideAssign, .remainderAssign, .plusAssign, .minusAssign, .shiftLeftAssign,
             .shiftRightAssign, .andAssign, .orAssign, .xorAssign, .overflowMultiplyAssign, .overflowPlusAssign,
             .overflowMinusAssign, .maskingShiftLeftAssign, .maskingShiftRightAssign:
            .assignment
        default: nil
        }
    }
}

/// A spelling of at most 24 bytes packed into three integers, zero-padded: names, numbers and
/// operators have no zero byte, so two spellings are equal exactly when their keys are.
struct PackedSpelling: Equatable {
    static let maximumLength = 24

    var a: UInt64
    var b: UInt64
    var c: UInt64

    init(a: UInt64, b: UInt64, c: UInt64) {
        self.a = a
        self.b = b
        self.c = c
    }

    /// `bytes[start..<start + count]`, `count` at most ``maximumLength``. Whole words are loaded
    /// where the buffer has them (an identifier is read in one or two loads), else byte by byte.
    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) {
        if count <= 16, start + 16 <= bytes.count, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base + start)
            let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            if count <= 8 {
                a = count == 8 ? first : first & ((1 << UInt64(8 * count)) - 1)
                b = 0
            } else {
                let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                a = first
                b = count == 16 ? second : second & ((1 << UInt64(8 * (count - 8))) - 1)
            }
            c = 0
            return
        }
        a = 0
        b = 0
        c = 0
        var i = 0
        while i < count && i < 8 {
            a |= UInt64(bytes[start + i]) << UInt64(8 * i)
            i += 1
        }
        while i < count && i < 16 {
            b |= UInt64(bytes[start + i]) << UInt64(8 * (i - 8))
            i += 1
        }
        while i < count {
            c |= UInt64(bytes[start + i]) << UInt64(8 * (i - 16))
            i += 1
        }
    }

    /// The slot of a table of `1 << bits` slots where a look-up starts.
    func slot(bits: Int) -> Int {
        let hash = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F) ^ (c &* 0x1656_67B1_9E37_79F9)
        return Int(truncatingIfNeeded: hash >> UInt64(64 - bits))
    }
}

/// Finds the ``Word`` a run of bytes spells: an open-addressing hash table keyed by the
/// spelling's ``PackedSpelling``. A look-up loads the bytes, multiplies, and compares one or two
/// slots, with no `String` made.
struct WordTable: Sendable {
    static let shared = WordTable()

    private static let slotBits = 10
    private static let slotMask = (1 << slotBits) - 1
    /// Three packed integers per slot; a slot whose first is 0 is empty.
    private var keys: [UInt64]
    private var words: [Word]

    private init() {
        keys = [UInt64](repeating: 0, count: 3 << Self.slotBits)
        words = [Word](repeating: .other, count: 1 << Self.slotBits)
        for word in Word.allCases where word != .other {
            let bytes = Array(word.rawValue.utf8)
            precondition(bytes.count <= PackedSpelling.maximumLength && !bytes.contains(0))
            let key = bytes.withUnsafeBufferPointer { PackedSpelling($0, from: 0, count: $0.count) }
            var slot = key.slot(bits: Self.slotBits)
            while keys[3 * slot] != 0 { slot = (slot + 1) & Self.slotMask }
            keys[3 * slot] = key.a
            keys[3 * slot + 1] = key.b
            keys[3 * slot + 2] = key.c
            words[slot] = word
        }
    }

    /// The word `text` spells, or ``Word/other``.
    func word(_ text: String) -> Word {
        var text = text
        return text.withUTF8 { word($0, from: 0, count: $0.count) }
    }

    /// The word `bytes[start..<start + count]` spells, or ``Word/other``.
    func word(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Word {
        guard count > 0 && count <= PackedSpelling.maximumLength else { return .other }
        return word(PackedSpelling(bytes, from: start, count: count))
    }

    /// The word `key` spells, or ``Word/other``.
    func word(_ key: PackedSpelling) -> Word {
        var slot = key.slot(bits: Self.slotBits)
        return keys.withUnsafeBufferPointer { keys in
            while true {
                let first = keys[3 * slot]
                if first == key.a && keys[3 * slot + 1] == key.b && keys[3 * slot + 2] == key.c { return words[slot] }
                if first == 0 { return .other }
                slot = (slot + 1) & Self.slotMask
            }
        }
    }
}

/// The texts of a file's tokens, each kept once: a name used forty times is one `String`, made
/// once. Spellings of at most ``PackedSpelling/maximumLength`` bytes are found by their packed
/// bytes in an open-addressing table that doubles when half full; longer ones are kept each time.
struct TextTable {
    private(set) var texts: [String] = []
    private var bits = 8
    private var keys = [UInt64](repeating: 0, count: 3 << 8)
    /// The index in `texts` of each slot's spelling.
    private var indices = [Int](repeating: 0, count: 1 << 8)
    private var filled = 0

    /// The index in ``texts`` of `bytes[start..<end]`, decoded as UTF-8.
    mutating func index(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        let count = end - start
        guard count > 0 && count <= PackedSpelling.maximumLength else {
            texts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            return texts.count - 1
        }
        return index(of: PackedSpelling(bytes, from: start, count: count), bytes, from: start, to: end)
    }

    /// The index in ``texts`` of `bytes[start..<end]`, whose ``PackedSpelling`` is `key`.
    mutating func index(of key: PackedSpelling, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        let mask = (1 << bits) - 1
        var slot = key.slot(bits: bits)
        while keys[3 * slot] != 0 {
            if keys[3 * slot] == key.a && keys[3 * slot + 1] == key.b && keys[3 * slot + 2] == key.c { return indices[slot] }
            slot = (slot + 1) & mask
        }
        texts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        insert(key, index: texts.count - 1, at: slot)
        return texts.count - 1
    }

    /// Appends a text made elsewhere (not looked up).
    mutating func append(_ text: String) -> Int {
        texts.append(text)
        return texts.count - 1
    }

    private mutating func insert(_ key: PackedSpelling, index: Int, at slot: Int) {
        keys[3 * slot] = key.a
        keys[3 * slot + 1] = key.b
        keys[3 * slot + 2] = key.c
        indices[slot] = index
        filled += 1
        guard filled * 2 > 1 << bits else { return }
        // Half full: twice the slots, every key placed again.
        let old = (keys, indices)
        bits += 1
        keys = [UInt64](repeating: 0, count: 3 << bits)
        indices = [Int](repeating: 0, count: 1 << bits)
        let mask = (1 << bits) - 1
        for oldSlot in old.1.indices where old.0[3 * oldSlot] != 0 {
            let moved = PackedSpelling(a: old.0[3 * oldSlot], b: old.0[3 * oldSlot + 1], c: old.0[3 * oldSlot + 2])
            var newSlot = moved.slot(bits: bits)
            while keys[3 * newSlot] != 0 { newSlot = (newSlot + 1) & mask }
            keys[3 * newSlot] = moved.a
            keys[3 * newSlot + 1] = moved.b
            keys[3 * newSlot + 2] = moved.c
            indices[newSlot] = old.1[oldSlot]
        }
    }
}
