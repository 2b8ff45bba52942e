/// Foundation's number format styles as a progress label writes them: `Text(p, format: .percent)`,
/// `p.formatted(.percent.precision(.fractionLength(0)))`, `count.formatted()`, in the `en_US`
/// locale a preview shows.
///
/// The rules are ICU's, which Foundation's `FloatingPointFormatStyle` and
/// `IntegerFormatStyle` format with: the number's shortest decimal form (the digits that read
/// back as the same `Double`), scaled by 100 for `.percent` on a floating-point value (an
/// integer's `.percent` is the percentage itself: `25.formatted(.percent)` is "25%"), rounded
/// half to even, with at most six fraction digits unless a precision says otherwise, trailing
/// zeros dropped down to the precision's minimum, and groups of three digits separated by
/// commas.
public struct NumberFormatStyleValue: NativeValue, Hashable, Sendable {
    /// What the style writes.
    public enum Kind: Sendable {
        /// `.number`: the number itself.
        case number
        /// `.percent`: a floating-point value × 100, an integer as it is, followed by "%".
        case percent
    }

    /// `.number` or `.percent`.
    public var kind: Kind
    /// The fewest and most fraction digits written (`.precision(.fractionLength(…))`).
    public var fractionDigits: ClosedRange<Int> = 0...6
    /// Whether the integer part is grouped by thousands (`.grouping(.never)` turns it off).
    public var grouping = true

    /// `FormatStyle`, the type `Text(_:format:)` and `formatted(_:)` take.
    public var nativeTypeName: String { "FormatStyle" }

    /// The most fraction digits a precision may ask for: ICU's limit (its `maxFrac` of 999);
    /// past a `Double`'s 17 significant digits they are zeros.
    static let mostFractionDigits = 999

    /// `value` written in the style; `nil` for a value that is not a number.
    public func format(_ value: Value) -> String? {
        switch value.dereferenced {
        case let .int(n):
            let digits = Array(String(n.magnitude).utf8)
            return write(negative: n < 0, digits: digits, pointAt: digits.count) + (kind == .percent ? "%" : "")
        case let .double(x):
            // ICU writes the style's affixes around infinity and NaN too ("∞%").
            guard x.isFinite else { return (x.isNaN ? "NaN" : (x < 0 ? "-∞" : "∞")) + (kind == .percent ? "%" : "") }
            var (digits, pointAt) = Self.shortestDecimal(x.magnitude)
            if kind == .percent { pointAt += 2 }
            return write(negative: x < 0, digits: digits, pointAt: pointAt) + (kind == .percent ? "%" : "")
        default:
            return nil
        }
    }

    /// The shortest decimal digits of a non-negative finite `x` (no leading zeros, at least one
    /// digit) and where the decimal point falls among them (0: before the first; may be
    /// negative or past the end).
    static func shortestDecimal(_ x: Double) -> (digits: [UInt8], pointAt: Int) {
        // Swift's description is the shortest form that reads back as `x`: "12.5", "1e-07", "1.2345e+16".
        let text = Array(x.description.utf8)
        var mantissa: [UInt8] = []
        var pointAt: Int?
        var exponent = 0
        var index = 0
        while index < text.count {
            let c = text[index]
            if c == UInt8(ascii: ".") {
                pointAt = mantissa.count
            } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                exponent = Int(String(decoding: text[(index + 1)...], as: UTF8.self)) ?? 0
                break
            } else {
                mantissa.append(c)
            }
            index += 1
        }
        var point = (pointAt ?? mantissa.count) + exponent
        while mantissa.count > 1, mantissa.first == UInt8(ascii: "0") {
            mantissa.removeFirst()
            point -= 1
        }
        return (mantissa, point)
    }

    /// The digits with the point at `pointAt`, rounded half to even to the most fraction
    /// digits, trimmed to the fewest, grouped.
    private func write(negative: Bool, digits: [UInt8], pointAt: Int) -> String {
        // Digits as numbers, padded so that the point falls inside them.
        var values = digits.map { Int($0) - 48 }
        var point = pointAt
        if point <= 0 {
            values.insert(contentsOf: repeatElement(0, count: 1 - point), at: 0)
            point = 1
        }
        if values.count < point { values += repeatElement(0, count: point - values.count) }
        let keep = point + fractionDigits.upperBound
        if values.count > keep {
            let rest = values[keep...]
            let first = rest.first ?? 0
            let beyondHalf = rest.dropFirst().contains { $0 != 0 }
            let lastKept = keep > 0 ? values[keep - 1] : 0
            values.removeLast(values.count - keep)
            if first > 5 || (first == 5 && (beyondHalf || lastKept % 2 == 1)) {
                var index = values.count - 1
                while index >= 0 {
                    values[index] += 1
                    if values[index] < 10 { break }
                    values[index] = 0
                    index -= 1
                }
                if index < 0 {
                    values.insert(1, at: 0)
                    point += 1
                }
            }
        }
        var fraction = Array(values[point...])
        while fraction.count > fractionDigits.lowerBound, fraction.last == 0 { fraction.removeLast() }
        if fraction.count < fractionDigits.lowerBound { fraction += repeatElement(0, count: fractionDigits.lowerBound - fraction.count) }
        var integer = Array(values[..<point])
        while integer.count > 1, integer.first == 0 { integer.removeFirst() }
        var text = ""
        for (index, digit) in integer.enumerated() {
            if grouping, index > 0, (integer.count - index) % 3 == 0 { text += "," }
            text += String(digit)
        }
        if !fraction.isEmpty { text += "." + fraction.map(String.init).joined() }
        // ICU writes a value that rounds to zero without its sign.
        let isZero = integer.allSatisfy { $0 == 0 } && fraction.allSatisfy { $0 == 0 }
        return (negative && !isZero ? "-" : "") + text
    }

    /// Adds `FormatStyle` (`.number`, `.percent`, `precision(_:)`, `grouping(_:)`) and the
    /// configuration types their arguments name to `library`.
    static func install(in library: NativeLibrary) {
        let style = NativeType("FormatStyle", summary: "`.number` and `.percent`, with `precision(.fractionLength(…))` and `grouping(.never)`: how `Text(_:format:)` and `formatted(_:)` write a number.")
        style.constant("number", .native(NumberFormatStyleValue(kind: .number)))
        style.constant("percent", .native(NumberFormatStyleValue(kind: .percent)))
        func own(_ call: NativeCall) throws(Interrupt) -> NumberFormatStyleValue {
            guard case let .native(native)? = call.receiver?.dereferenced, let style = native as? NumberFormatStyleValue else {
                throw call.error("expected a number format style")
            }
            return style
        }
        style.method("precision", [NativeParameter(nil, .named("NumberFormatStyleConfiguration.Precision"))], result: .named("FormatStyle")) { call throws(Interrupt) in
            var changed = try own(call)
            changed.fractionDigits = try call.native(0, FormatPrecisionValue.self, "a precision such as '.fractionLength(0)'").fractionDigits
            return .native(changed)
        }
        style.method("grouping", [NativeParameter(nil, .named("NumberFormatStyleConfiguration.Grouping"))], result: .named("FormatStyle")) { call throws(Interrupt) in
            var changed = try own(call)
            changed.grouping = try call.native(0, FormatGroupingValue.self, "'.automatic' or '.never'").grouping
            return .native(changed)
        }
        library.add(style)

        let precision = NativeType("Precision", summary: "`.fractionLength(2)` or `.fractionLength(0...2)`: how many fraction digits a number format writes.")
        func digits(_ range: ClosedRange<Int>) -> Value { .native(FormatPrecisionValue(fractionDigits: range)) }
        precision.staticMethod("fractionLength", [NativeParameter(nil, .int)]) { call throws(Interrupt) in
            let count = try call.integer(0)
            guard (0...Self.mostFractionDigits).contains(count) else {
                throw call.error("a fraction length must be 0 to \(Self.mostFractionDigits)", argument: 0)
            }
            return digits(count...count)
        }
        precision.staticMethod("fractionLength", [NativeParameter(nil, .range(.int))]) { call throws(Interrupt) in
            guard case let .range(range) = call[0].dereferenced, case let .int(low) = range.lower.dereferenced,
                  case let .int(high) = range.upper.dereferenced else {
                throw call.error("a fraction length range has two ends, such as '0...2'", argument: 0)
            }
            let upper = range.isClosed ? high : high - 1
            guard 0 <= low, low <= upper, upper <= Self.mostFractionDigits else {
                throw call.error("a fraction length range must lie in 0...\(Self.mostFractionDigits)", argument: 0)
            }
            return digits(low...upper)
        }
        library.types["NumberFormatStyleConfiguration.Precision"] = precision

        let grouping = NativeType("Grouping", summary: "`.automatic` (thousands separated) or `.never`.")
        grouping.constant("automatic", .native(FormatGroupingValue(grouping: true)))
        grouping.constant("never", .native(FormatGroupingValue(grouping: false)))
        library.types["NumberFormatStyleConfiguration.Grouping"] = grouping
    }
}

/// `.fractionLength(…)`: the fewest and most fraction digits a number format writes.
struct FormatPrecisionValue: NativeValue, Equatable {
    var fractionDigits: ClosedRange<Int>
    var nativeTypeName: String { "NumberFormatStyleConfiguration.Precision" }
}

/// `.automatic` or `.never`: whether a number format groups thousands.
struct FormatGroupingValue: NativeValue, Equatable {
    var grouping: Bool
    var nativeTypeName: String { "NumberFormatStyleConfiguration.Grouping" }
}
