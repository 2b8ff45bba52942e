import Testing
@testable import SwiftCode

/// Foundation's number format styles in the en_US locale: ICU's rules (shortest decimal form,
/// ×100 for a floating-point `.percent`, half-to-even rounding, at most six fraction digits by
/// default, thousands grouped), checked on values whose expected text follows from the rules.
@Suite struct NumberFormatStyleTests {
    func value(_ source: String) throws -> String {
        let file = SwiftSyntaxParser.parseFile("func value() -> String { \(source) }")
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        let evaluator = try Evaluator(file: file, library: NativeLibrary())
        guard case let .string(text) = try evaluator.callGlobal("value", []) else { Issue.record("not a string"); return "" }
        return text
    }

    @Test(arguments: [
        ("0.25.formatted(.percent)", "25%"),
        ("0.07.formatted(.percent)", "7%"),
        // Six fraction digits at most, the seventh rounding: 26.575467567788 → 26.575468.
        ("0.26575467567788.formatted(.percent)", "26.575468%"),
        ("0.12345.formatted(.percent.precision(.fractionLength(1)))", "12.3%"),
        // Half to even on the shortest decimal form: 0.125 → 0.12, 0.375 → 0.38, 2.5 → 2.
        ("0.125.formatted(.number.precision(.fractionLength(2)))", "0.12"),
        ("0.375.formatted(.number.precision(.fractionLength(2)))", "0.38"),
        ("2.5.formatted(.number.precision(.fractionLength(0)))", "2"),
        ("3.5.formatted(.number.precision(.fractionLength(0)))", "4"),
        ("0.5.formatted(.percent.precision(.fractionLength(2)))", "50.00%"),
        ("0.999999.formatted(.percent.precision(.fractionLength(0)))", "100%"),
        ("1234567.891.formatted()", "1,234,567.891"),
        ("1234567.891.formatted(.number.precision(.fractionLength(0...1)).grouping(.never))", "1234567.9"),
        ("(-1234.5).formatted()", "-1,234.5"),
        ("(-0.0001).formatted(.number.precision(.fractionLength(2)))", "0.00"),
        ("1e-7.formatted()", "0"),
        ("1.5e16.formatted()", "15,000,000,000,000,000"),
        // An integer's percent is the percentage itself.
        ("25.formatted(.percent)", "25%"),
        ("1234.formatted()", "1,234"),
        ("(-999).formatted()", "-999"),
        ("7.formatted(.number.precision(.fractionLength(2)))", "7.00"),
        ("0.5.formatted(.percent.precision(.fractionLength(20)))", "50." + String(repeating: "0", count: 20) + "%"),
        ("Double.infinity.formatted(.percent)", "∞%"),
        ("(-Double.infinity).formatted()", "-∞"),
    ])
    func formats(source: String, expected: String) throws {
        #expect(try value("return " + source) == expected)
    }

    /// ICU's limit of 999 digits: more, or fewer than none, is refused at the argument.
    @Test(arguments: ["1000", "-1", "3...1000"])
    func badPrecisionIsLocated(length: String) {
        let file = SwiftSyntaxParser.parseFile("func value() -> String { 0.5.formatted(.percent.precision(.fractionLength(\(length)))) }")
        #expect(throws: Interrupt.self) { try Evaluator(file: file, library: NativeLibrary()).callGlobal("value", []) }
    }
}
