import Motion
import SwiftUISource
import Testing

/// `--animation`: an animation expression read by the Swift parser and evaluated over SwiftUI's
/// `Animation` definitions, as a view's `.animation(…)` argument is.
@Suite("Reading --animation expressions")
struct AnimationExpressionTests {
    @Test("valid expressions parse to the animation SwiftUI means and print back the same", arguments: [
        (".easeInOut(duration: 1).repeatForever()", Animation.easeInOut(duration: 1).repeatForever()),
        (".linear(duration: 2).repeatForever(autoreverses: false)", .linear(duration: 2).repeatForever(autoreverses: false)),
        (".spring(response: 0.4, dampingFraction: 0.6)", .spring(response: 0.4, dampingFraction: 0.6)),
        (".timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5)", .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5)),
        (".default.speed(2).delay(0.1)", .default.speed(2).delay(0.1)),
        (".easeIn.repeatCount(3, autoreverses: false)", .easeIn.repeatCount(3, autoreverses: false)),
        (".bouncy(duration: 0.4, extraBounce: 0.1)", .bouncy(duration: 0.4, extraBounce: 0.1)),
        (".spring(bounce: -0.3)", .spring(duration: 0.5, bounce: -0.3)),
        (".spring(duration: 0.5)", .spring(duration: 0.5, bounce: 0)),
        (".spring()", .spring()),
        (".interpolatingSpring", .interpolatingSpring),
        (".interpolatingSpring(stiffness: 100, damping: 10)", .interpolatingSpring(stiffness: 100, damping: 10)),
        (".interpolatingSpring(mass: 2, stiffness: 100, damping: 10)", .interpolatingSpring(mass: 2, stiffness: 100, damping: 10)),
        (".interpolatingSpring(duration: 0.4, bounce: 0.3)", .interpolatingSpring(duration: 0.4, bounce: 0.3)),
        (".spring", .spring),
        (".interactiveSpring", .interactiveSpring),
        (".interactiveSpring(response: 0.2)", .interactiveSpring(response: 0.2)),
        (".interactiveSpring(extraBounce: 0.1)", .interactiveSpring(duration: 0.15, extraBounce: 0.1)),
        (".smooth", .smooth),
        (".snappy(extraBounce: 0.05)", .snappy(extraBounce: 0.05)),
        (".linear.repeatCount(2)", .linear.repeatCount(2)),
        (".easeOut(duration: 0.25).delay(1).speed(0.5)", .easeOut(duration: 0.25).delay(1).speed(0.5)),
        (".timingCurve(0.42, 0, 0.58, 1)", .timingCurve(0.42, 0, 0.58, 1)),
    ])
    func roundTrip(source: String, expected: Animation) throws {
        let animation = try AnimationExpression.parse(source)
        #expect(animation == expected)
        #expect(animation.description == source)
        #expect(try AnimationExpression.parse(animation.description) == animation)
    }

    @Test("qualified names, whitespace and number spellings are accepted", arguments: [
        ("Animation.easeIn", ".easeIn"),
        ("SwiftUI.Animation.default", ".default"),
        ("  .linear ( duration : 2 ) . repeatForever ( autoreverses : false )  ", ".linear(duration: 2).repeatForever(autoreverses: false)"),
        (".linear(duration:\n\t2)", ".linear(duration: 2)"),
        (".linear(duration: 1_000)", ".linear(duration: 1000)"),
        (".linear(duration: 1e-3)", ".linear(duration: 0.001)"),
        (".linear(duration: 2.50)", ".linear(duration: 2.5)"),
        (".linear(duration: +2)", ".linear(duration: 2)"),
        (".spring(bounce: -0.25)", ".spring(bounce: -0.25)"),
        (".spring(duration: 0.5, bounce: -0.3)", ".spring(bounce: -0.3)"),
        (".timingCurve(0.68, -0.55, 0.265, 1.55)", ".timingCurve(0.68, -0.55, 0.265, 1.55)"),
        (".linear.repeatForever(autoreverses: true)", ".linear.repeatForever()"),
        (".spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)", ".spring()"),
        // Swift, not a grammar of its own: hexadecimal literals, a trailing comma, arithmetic.
        (".linear(duration: 0x10)", ".linear(duration: 16)"),
        (".linear(duration: 1,)", ".linear(duration: 1)"),
        (".easeIn(duration: 2 * 0.25).delay(0.5 / 2)", ".easeIn(duration: 0.5).delay(0.25)"),
    ])
    func normalised(source: String, description: String) throws {
        #expect(try AnimationExpression.parse(source).description == description)
    }

    @Test("the parsed animation moves as its SwiftUI meaning says")
    func parsedSemantics() throws {
        let sawtooth = try AnimationExpression.parse(".linear(duration: 2).repeatForever(autoreverses: false)")
        #expect(sawtooth.periodSeconds == 2)
        #expect(abs(sawtooth.progress(atSeconds: 0.5) - 0.25) < 1e-9)
        #expect(try AnimationExpression.parse(".default") == Animation.default)
        let bouncy = try AnimationExpression.parse(".bouncy(duration: 0.4, extraBounce: 0.1)")
        guard case let .spring(spring, _) = bouncy.base else {
            Issue.record("not a spring")
            return
        }
        #expect(abs(spring.dampingRatio - 0.6) < 1e-12)
        #expect(spring.response == 0.4)
    }

    /// Each mistake as the Swift reader reports it: swiftc's wording for Swift (an unknown
    /// member, a call of a non-function, an operator apart from its operand), the binder's for
    /// SwiftUI's labels and ranges, at the column of the mistake in the whole text.
    @Test("mistakes are reported with a message and the column they are at", arguments: [
        (".easyIn(duration: 1)", 1, "type 'Animation' has no member 'easyIn' (did you mean 'easeIn'?)"),
        (".lineer", 1, "type 'Animation' has no member 'lineer' (did you mean 'linear'?)"),
        (".wobble", 1, "type 'Animation' has no member 'wobble'"),
        (".linear(2)", 9, "missing argument label 'duration:' in call to 'linear'"),
        (".linear(duration: -1)", 19, "'duration' must not be negative (got -1)"),
        (".easeIn.speed(0)", 15, "'speed' must be greater than 0 (got 0)"),
        (".easeIn.speed(-2)", 15, "'speed' must be greater than 0 (got -2)"),
        (".easeIn.delay(-0.5)", 15, "'delay' must not be negative (got -0.5)"),
        (".linear(duration: 1).repeatCount(2.5)", 34, "'repeatCount' takes a whole number (got 2.5)"),
        (".easeIn.repeatCount(0)", 21, "'repeatCount' must be at least 1 (got 0)"),
        (".spring(response: 0.4, damping: 0.6)", 24,
         "unknown argument label 'damping:' in call to 'spring' (did you mean 'dampingFraction:'?)"),
        (".linear(duration: 2).repeatForever(autoreverse: false)", 36,
         "unknown argument label 'autoreverse:' in call to 'repeatForever' (did you mean 'autoreverses:'?)"),
        (".linear(duration: .infinity)", 19, "cannot infer the type of '.infinity' here: write the type, e.g. 'Double.infinity'"),
        (".linear(duration: Double.infinity)", 19, "the value is not a finite number"),
        (".linear(duration: nan)", 19, "cannot find 'nan' in scope"),
        (".linear(duration: 1e999)", 19, "the value is not a finite number"),
        (".linear(duration: .5)", 20, "expected identifier after '.' expression"),
        (".linear(duration: - 1)", 20, "unary operator cannot be separated from its operand"),
        (".linear(duration: true)", 19, "'duration' takes a number (got true)"),
        (".easeIn.repeatForever(autoreverses: 1)", 37, "'autoreverses' takes true or false (got 1)"),
        (".linear(duration: 2", 20, "expected ')' in expression list"),
        (".linear(duration: 2 3)", 20, "expected ')' in expression list"),
        (".timingCurve(0.2, 0.8, 1.2, 1)", 24, "'c1x' must be between 0 and 1 (got 1.2)"),
        (".timingCurve(0.2, 0.8, duration: 1)", 24, "missing argument 'c1x' in call to 'timingCurve'"),
        (".timingCurve", 1, "'timingCurve' needs its control points: '.timingCurve(c0x, c0y, c1x, c1y, duration: 0.35)'"),
        (".spring(duration: 0.5, bounce: 1.5)", 32, "'bounce' must be greater than -1 and at most 1 (got 1.5)"),
        (".interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: 2)", 68, "'initialVelocity' other than 0 is not supported"),
        (".interpolatingSpring(stiffness: 100)", 33, "missing argument 'damping:' in call to 'interpolatingSpring'"),
        (".spring(bounce: -1)", 17, "'bounce' must be greater than -1 and at most 1 (got -1)"),
        (".bouncy(extraBounce: 0.8)", 22, "'extraBounce' makes the bounce 1.1; it must be greater than -1 and at most 1"),
        (".spring(dampingFraction: 0.5, response: 0.3)", 31, "argument 'response:' must come before 'dampingFraction:'"),
        (".spring(response: 0.4, bounce: 0.3)", 9,
         "'response:' can't be mixed with the other labels: 'spring' is either spring(response:dampingFraction:blendDuration:) or spring(duration:bounce:blendDuration:)"),
        (".interactiveSpring(extraBounce: 0.1, dampingFraction: 0.5)", 38,
         "'dampingFraction:' can't be mixed with the other labels: 'interactiveSpring' is either interactiveSpring(response:dampingFraction:blendDuration:) or interactiveSpring(duration:extraBounce:blendDuration:)"),
        (".timingCurve(0.2, 0.8, 0.2)", 24, "missing argument 'c1y' in call to 'timingCurve'"),
        ("Animation.", 11, "expected member name following '.'"),
        (".linear(duration: 1, duration: 2)", 22, "argument 'duration:' given twice"),
        (".easeIn.delay(1, 2)", 18, "extra argument in call to 'delay'"),
        (".easeIn.delay(seconds: 1)", 15, "extraneous argument label 'seconds:' in call to 'delay'"),
        (".default()", 1, "cannot call value of non-function type 'Animation'"),
        (".linear(duration: 1).repeatForever", 22, "'repeatForever' is a function: write '.repeatForever()'"),
        (".linear.sped(2)", 9, "value of type 'Animation' has no member 'sped' (did you mean 'speed'?)"),
        (".linear.easeIn", 9, "value of type 'Animation' has no member 'easeIn'"),
        (".delay(1)", 1, "type 'Animation' has no member 'delay'"),
        (".linear(duration: 1) x", 22, "unexpected text after the expression: 'x'"),
        (".linear(duration: 1);", 21, "unexpected text after the expression: ';'"),
        ("easeIn", 1, "cannot find 'easeIn' in scope: an animation starts with '.', write '.easeIn'"),
        ("withAnimation(.linear)", 1,
         "'withAnimation' is the function that applies an animation, not an animation; give only its argument, e.g. '.linear' for 'withAnimation(.linear)'"),
        ("", 1, "empty animation: write one such as '.easeInOut(duration: 1)'"),
        ("   ", 1, "empty animation: write one such as '.easeInOut(duration: 1)'"),
        ("Animation", 1, "cannot convert value of type 'Animation.Type' to specified type 'Animation'"),
        ("(1)", 2, "cannot convert value of type 'Int' to specified type 'Animation'"),
        ("Color.red", 1, "cannot convert value of type 'Color' to specified type 'Animation'"),
        (".linear(duration: 1)\n  .sped(2)", 25, "value of type 'Animation' has no member 'sped' (did you mean 'speed'?)"),
    ])
    func invalid(source: String, column: Int, message: String) {
        #expect(throws: AnimationParseError(message: message, column: column)) {
            try AnimationExpression.parse(source)
        }
    }

    @Test("the caret diagnostic puts ^ under the column")
    func caret() throws {
        let source = ".easyIn(duration: 1)"
        let error = try #require(throws: AnimationParseError.self) { try AnimationExpression.parse(source) }
        #expect(error.caretDiagnostic(source: source) == ".easyIn(duration: 1)\n^")
        #expect(error.description == "column 1: type 'Animation' has no member 'easyIn' (did you mean 'easeIn'?)")
        let tabbed = ".linear(\tduration: -1)"
        let second = try #require(throws: AnimationParseError.self) { try AnimationExpression.parse(tabbed) }
        #expect(second.caretDiagnostic(source: tabbed) == ".linear( duration: -1)\n" + String(repeating: " ", count: 19) + "^")
    }
}
