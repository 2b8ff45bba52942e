import Motion
import SwiftCode
import SwiftUILibrary

/// An animation written in SwiftUI syntax on its own, as `--animation` takes it:
/// `.easeInOut(duration: 1).repeatForever()`, `Animation.spring(response: 0.4)`,
/// `.default.speed(2).delay(0.1)`.
///
/// The text is read by the same Swift parser as source files (`SwiftCode`, as one expression)
/// and evaluated by the same evaluator over the same `Animation` definitions
/// (`SwiftUILibrary`), so `--animation` accepts what a view's `.animation(…)` accepts, with the
/// same labels, defaults, range checks and messages; only the expression's type is fixed:
/// it must be an `Animation`. The one limit of its own is the modifier chain's
/// (``Motion/Animation/maximumModifiers``), the same a source file's chain may have, so an
/// animation `--animation` accepts always reads back when the tool writes it into the built-in
/// example's source.
public enum AnimationExpression {
    /// Evaluation steps an expression may take (an animation takes tens).
    public static let maximumWork = 100_000

    /// Reads `text` as an animation.
    ///
    /// - Parameter text: The expression; whitespace and line breaks may appear between tokens.
    /// - Returns: The animation. Its `description` reads back to an equal animation.
    /// - Throws: ``Motion/AnimationParseError`` with one line saying what is wrong (swiftc's
    ///   wording for Swift mistakes) and the 1-based column, in characters of the whole text,
    ///   where it is.
    public static func parse(_ text: String) throws(AnimationParseError) -> Animation {
        let bytes = Array(text.utf8)
        /// Column of a byte offset: characters before it in the whole text, plus 1.
        func column(_ offset: Int) -> Int {
            String(decoding: bytes[0..<min(max(offset, 0), bytes.count)], as: UTF8.self).count + 1
        }
        if text.allSatisfy(\.isWhitespace) {
            throw AnimationParseError(message: "empty animation: write one such as '.easeInOut(duration: 1)'", column: 1)
        }
        let (parsed, diagnostics) = SwiftSyntaxParser.parseExpression(text)
        if let first = diagnostics.first {
            throw AnimationParseError(message: first.message, column: column(first.location.offset))
        }
        guard let expression = parsed else {
            throw AnimationParseError(message: "expected an animation such as '.easeInOut(duration: 1)'", column: 1)
        }
        if let (message, offset) = Self.misplacedName(expression) {
            throw AnimationParseError(message: message, column: column(offset))
        }
        if let tooMany = Self.modifierBeyondLimit(expression, bytes: bytes) {
            throw AnimationParseError(message: "more than \(Animation.maximumModifiers) modifiers after the animation", column: column(tooMany))
        }
        do throws(Interrupt) {
            return try LargeStack.run { () throws(Interrupt) -> Animation in
                let library = SwiftUILibrary(locate: { offset in Self.location(ofOffset: offset, in: bytes) })
                // The definitions the evaluator calls capture the library unowned: it is kept
                // until the evaluation is done, not only while `library.native` is read.
                defer { withExtendedLifetime(library) {} }
                let evaluator = try Evaluator(file: SourceFileSyntax(items: [], diagnostics: []), library: library.native)
                evaluator.limits.work = maximumWork
                let value = try evaluator.evaluate(expression, expected: .named("Animation"), in: evaluator.globals)
                guard let animation = SwiftUILibrary.animation(value) else {
                    if case .function = value, let (name, location) = Self.lastName(of: expression) {
                        throw .error(Self.uncalled(name), at: location)
                    }
                    throw .error("cannot convert value of type '\(value.typeName)' to specified type 'Animation'", at: expression.location)
                }
                return animation
            }
        } catch {
            switch error {
            case let .error(error): throw AnimationParseError(message: error.message, column: column(error.location.offset))
            case let .thrown(value, location):
                throw AnimationParseError(message: "an error was thrown and not caught: \(value.text)", column: column(location.offset))
            case .cancelled, .nilInOptionalChain:
                throw AnimationParseError(message: "expected an animation such as '.easeInOut(duration: 1)'", column: 1)
            }
        }
    }

    /// The byte offset of the modifier past ``Motion/Animation/maximumModifiers`` in the chain
    /// after the animation's base (`.linear.delay(0.1).speed(2)` has two), at its `.`; `nil`
    /// within the limit. Checked on the syntax tree, before anything runs.
    static func modifierBeyondLimit(_ expression: Expression, bytes: [UInt8]) -> Int? {
        // The chain's members, outermost first.
        var members: [(name: String, location: SourceLocation)] = []
        var node = expression
        var qualified = false
        walk: while true {
            switch node.kind {
            case let .call(callee, _, _):
                node = callee
            case let .member(base, name, nameLocation, _):
                if case let .identifier(type, _) = base.kind, type == "Animation" || type == "SwiftUI" { qualified = true }
                members.append((name, nameLocation))
                node = base
            default:
                break walk
            }
        }
        // `Animation.linear` and `SwiftUI.Animation.linear` name the base with members of their own.
        var modifiers = members.count
        if qualified, let last = members.last { modifiers -= last.name == "Animation" ? 2 : 1 }
        guard modifiers > Animation.maximumModifiers else { return nil }
        var offset = members[modifiers - Animation.maximumModifiers - 1].location.offset
        // At the modifier's `.`, as it is written.
        var index = offset - 1
        while index >= 0, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index -= 1 }
        if index >= 0, bytes[index] == 0x2E { offset = index }
        return offset
    }

    /// What a chain that starts with a bare name means to say: `withAnimation(.linear)` is the
    /// function that applies an animation, `linear(duration: 2)` lacks its `.`. Both are valid
    /// Swift elsewhere, so swiftc's "cannot find" would not say what to write here.
    static func misplacedName(_ expression: Expression) -> (String, Int)? {
        var node = expression
        while true {
            switch node.kind {
            case let .call(callee, _, _): node = callee
            case let .member(base, _, _, _): node = base
            case let .identifier(name, _):
                if name == "withAnimation" {
                    return ("'withAnimation' is the function that applies an animation, not an animation; give only its argument, e.g. '.linear' for 'withAnimation(.linear)'",
                            node.location.offset)
                }
                if Animation.baseNames.contains(name) || Animation.modifierNames.contains(name) {
                    return ("cannot find '\(name)' in scope: an animation starts with '.', write '.\(name)'", node.location.offset)
                }
                return nil
            default: return nil
            }
        }
    }

    /// The name an expression ends with (`repeatForever` in `.linear.repeatForever`) and where.
    static func lastName(of expression: Expression) -> (String, SourceLocation)? {
        switch expression.kind {
        case let .implicitMember(name): (name, expression.location)
        case let .member(_, name, location, _): (name, location)
        default: nil
        }
    }

    /// The refusal of an animation function written without its call.
    static func uncalled(_ name: String) -> String {
        switch name {
        case "timingCurve": "'timingCurve' needs its control points: '.timingCurve(c0x, c0y, c1x, c1y, duration: 0.35)'"
        case "repeatForever": "'repeatForever' is a function: write '.repeatForever()'"
        case "repeatCount": "'repeatCount' is a function: write '.repeatCount(3)'"
        default: "'\(name)' is a function: write '.\(name)(0.5)'"
        }
    }

    /// The line and column of a byte offset of `bytes`.
    static func location(ofOffset offset: Int, in bytes: [UInt8]) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return SourceLocation(line: line, column: String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1, offset: end)
    }
}
