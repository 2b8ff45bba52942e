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

/// Finds the ``Word`` a run of bytes spells: an open-addressing hash table keyed by the
/// spelling's bytes packed into three 64-bit integers (every word is at most 24 bytes and has no
/// zero byte, so the packing is unique). A look-up packs the bytes, multiplies, and compares
/// one or two slots, with no `String` made.
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
            precondition(bytes.count <= 24 && !bytes.contains(0))
            let (a, b, c) = bytes.withUnsafeBufferPointer { Self.pack($0, from: 0, count: $0.count) }
            var slot = Self.slot(a, b, c)
            while keys[3 * slot] != 0 { slot = (slot + 1) & Self.slotMask }
            keys[3 * slot] = a
            keys[3 * slot + 1] = b
            keys[3 * slot + 2] = c
            words[slot] = word
        }
    }

    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> (UInt64, UInt64, UInt64) {
        var packed: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var i = 0
        while i < count && i < 8 {
            packed.0 |= UInt64(bytes[start + i]) << UInt64(8 * i)
            i += 1
        }
        while i < count && i < 16 {
            packed.1 |= UInt64(bytes[start + i]) << UInt64(8 * (i - 8))
            i += 1
        }
        while i < count {
            packed.2 |= UInt64(bytes[start + i]) << UInt64(8 * (i - 16))
            i += 1
        }
        return packed
    }

    private static func slot(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> Int {
        let hash = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F) ^ (c &* 0x1656_67B1_9E37_79F9)
        return Int(truncatingIfNeeded: hash >> UInt64(64 - slotBits))
    }

    /// The word `text` spells, or ``Word/other``.
    func word(_ text: String) -> Word {
        var text = text
        return text.withUTF8 { word($0, from: 0, count: $0.count) }
    }

    /// The word `bytes[start..<start + count]` spells, or ``Word/other``.
    func word(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Word {
        guard count > 0 && count <= 24 else { return .other }
        let (a, b, c) = Self.pack(bytes, from: start, count: count)
        var slot = Self.slot(a, b, c)
        return keys.withUnsafeBufferPointer { keys in
            while true {
                let first = keys[3 * slot]
                if first == a && keys[3 * slot + 1] == b && keys[3 * slot + 2] == c { return words[slot] }
                if first == 0 { return .other }
                slot = (slot + 1) & Self.slotMask
            }
        }
    }
}
