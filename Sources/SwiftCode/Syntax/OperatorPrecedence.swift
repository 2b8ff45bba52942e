/// Swift's standard precedence groups, from the standard library's operator declarations
/// (The Swift Programming Language, "Operator Declarations"; swift/stdlib/public/core/Policy.swift).
enum OperatorPrecedence {
    enum Associativity {
        case left, right, none
    }

    /// A precedence group: a higher rank binds tighter.
    struct Group {
        var name: String
        var rank: Int
        var associativity: Associativity

        static let assignment = Group(name: "AssignmentPrecedence", rank: 1, associativity: .right)
        static let ternary = Group(name: "TernaryPrecedence", rank: 2, associativity: .right)
        // swift-format-ignore: DontRepeatTypeInStaticProperties
        // (`default` alone is a keyword.)
        /// Operators the file declares itself: `DefaultPrecedence`, just above the ternary.
        static let defaultGroup = Group(name: "DefaultPrecedence", rank: 3, associativity: .none)
        static let logicalDisjunction = Group(name: "LogicalDisjunctionPrecedence", rank: 4, associativity: .left)
        static let logicalConjunction = Group(name: "LogicalConjunctionPrecedence", rank: 5, associativity: .left)
        static let comparison = Group(name: "ComparisonPrecedence", rank: 6, associativity: .none)
        static let nilCoalescing = Group(name: "NilCoalescingPrecedence", rank: 7, associativity: .right)
        static let casting = Group(name: "CastingPrecedence", rank: 8, associativity: .left)
        static let rangeFormation = Group(name: "RangeFormationPrecedence", rank: 9, associativity: .none)
        static let addition = Group(name: "AdditionPrecedence", rank: 10, associativity: .left)
        static let multiplication = Group(name: "MultiplicationPrecedence", rank: 11, associativity: .left)
        static let bitwiseShift = Group(name: "BitwiseShiftPrecedence", rank: 12, associativity: .none)
    }
}
