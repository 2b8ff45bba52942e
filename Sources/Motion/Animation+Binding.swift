// Binding calls of SwiftUI's `Animation` API to the animations they mean: the labels, their
// order and defaults are SwiftUI's; values are range-checked (finite, durations not negative,
// speed above 0, bounce in −1 < b ≤ 1, repeat counts whole and at least 1). The Swift around a
// call (tokens, parentheses, member chains) is read by the evaluator's parser (`SwiftCode`), for
// source files and for `--animation` alike, which hands each call's arguments here.

extension Animation {
    /// The most modifiers one expression chains after its base (`.linear.delay(0.1).speed(2)`
    /// has two), in `--animation` and in Swift source alike: an animation `--animation`
    /// accepts always reads back when the tool places it in the built-in example's source.
    public static let maximumModifiers = 512
}

// MARK: - Signatures

/// One argument of a call in an animation expression (`duration: 2` in `.linear(duration: 2)`),
/// as a reader of SwiftUI syntax found it: ``Animation/base(named:arguments:nameColumn:endColumn:defaultEra:)``
/// and ``Animation/modified(named:arguments:nameColumn:endColumn:)`` bind these to SwiftUI's
/// parameters, so `--animation` text and Swift source share one vocabulary and one set of checks.
///
/// Columns are 1-based positions that errors point at; a reader of several lines may pass
/// positions in the whole text (character offsets + 1) and map an error's column back.
public struct AnimationArgument: Hashable, Sendable {
    /// A value: a number (with its spelling, for messages) or a Boolean.
    public enum Value: Hashable, Sendable {
        /// A finite number; `isWhole` when written without a fraction or exponent (an `Int`).
        case number(Double, text: String, isWhole: Bool)
        /// `true` or `false`.
        case boolean(Bool)
    }

    /// The argument label, `nil` when unlabeled.
    public var label: String?
    /// Where the argument starts (its label, or its value when unlabeled).
    public var labelColumn: Int
    /// The value.
    public var value: Value
    /// Where the value starts.
    public var valueColumn: Int

    /// An argument.
    public init(label: String?, labelColumn: Int, value: Value, valueColumn: Int) {
        self.label = label
        self.labelColumn = labelColumn
        self.value = value
        self.valueColumn = valueColumn
    }
}

private typealias Argument = AnimationArgument
private typealias ArgumentValue = AnimationArgument.Value

/// What a parameter accepts.
private enum ParameterKind {
    /// Any finite number.
    case number
    /// A finite number ≥ 0 (durations, response, damping).
    case nonNegative
    /// A finite number > 0 (speed).
    case positive
    /// A number in 0…1 (the x of a Bézier control point).
    case unitInterval
    /// A whole number ≥ 1 (repeat counts).
    case count
    /// `true` or `false`.
    case boolean
}

private struct Parameter {
    /// The argument label, `nil` for `_`.
    let label: String?
    /// The name used in messages.
    let name: String
    let kind: ParameterKind
    /// The default as a number (booleans: 1 for true), `nil` when required.
    let defaultValue: Double?

    init(_ label: String?, _ kind: ParameterKind, default defaultValue: Double? = nil, name: String? = nil) {
        self.label = label
        self.name = name ?? label ?? "value"
        self.kind = kind
        self.defaultValue = defaultValue
    }

    var spelledLabel: String { label.map { "'\($0):'" } ?? "'\(name)'" }
}

/// Checked arguments, by parameter name.
private struct Values {
    var numbers: [String: Double] = [:]
    var columns: [String: Int] = [:]
    subscript(_ name: String) -> Double { numbers[name] ?? 0 }
    func flag(_ name: String) -> Bool { numbers[name] != 0 }
}

private let baseNames = Animation.baseNames
private let modifierNames = Animation.modifierNames

/// The bases that may be written without parentheses (static properties in SwiftUI).
private let propertyBases: Set<String> = [
    "linear", "easeIn", "easeOut", "easeInOut", "spring", "interactiveSpring", "interpolatingSpring", "smooth", "snappy",
    "bouncy", "default",
]

private let springResponseForm = [
    Parameter("response", .nonNegative, default: Spring.defaultResponse),
    Parameter("dampingFraction", .nonNegative, default: Spring.defaultDampingFraction),
    Parameter("blendDuration", .nonNegative, default: 0),
]
private let springDurationForm = [
    Parameter("duration", .nonNegative, default: 0.5),
    Parameter("bounce", .number, default: 0),
    Parameter("blendDuration", .nonNegative, default: 0),
]
private let interactiveResponseForm = [
    Parameter("response", .nonNegative, default: 0.15),
    Parameter("dampingFraction", .nonNegative, default: 0.86),
    Parameter("blendDuration", .nonNegative, default: 0.25),
]
private let interactiveDurationForm = [
    Parameter("duration", .nonNegative, default: 0.15),
    Parameter("extraBounce", .number, default: 0),
    Parameter("blendDuration", .nonNegative, default: 0.25),
]
private let interpolatingPhysicalForm = [
    Parameter("mass", .positive, default: 1),
    Parameter("stiffness", .positive),
    Parameter("damping", .nonNegative),
    Parameter("initialVelocity", .number, default: 0),
]
private let interpolatingDurationForm = [
    Parameter("duration", .nonNegative, default: 0.5),
    Parameter("bounce", .number, default: 0),
    Parameter("initialVelocity", .number, default: 0),
]
private let presetForm = [Parameter("duration", .nonNegative, default: 0.5), Parameter("extraBounce", .number, default: 0)]
private let durationOnly = [Parameter("duration", .nonNegative)]
private let timingCurveForm = [
    Parameter(nil, .unitInterval, name: "c0x"), Parameter(nil, .number, name: "c0y"),
    Parameter(nil, .unitInterval, name: "c1x"), Parameter(nil, .number, name: "c1y"),
    Parameter("duration", .nonNegative, default: Animation.defaultDurationSeconds),
]

/// Labels that pick the `duration:` overload of `spring` and `interactiveSpring`.
private let durationFormLabels: Set<String> = ["duration", "bounce", "extraBounce"]

// MARK: - Binding calls (shared with readers of Swift source)

extension Animation {
    /// SwiftUI's animation names that start an expression (`.linear`, `.spring(…)`, `.default` …).
    public static let baseNames = ["linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "interactiveSpring",
                                   "interpolatingSpring", "smooth", "snappy", "bouncy", "default"]
    /// The modifiers that may follow a base: `delay`, `speed`, `repeatCount`, `repeatForever`.
    public static let modifierNames = ["delay", "speed", "repeatCount", "repeatForever"]

    /// The animation SwiftUI's `Animation.<name>` or `Animation.<name>(<arguments>)` gives, with
    /// SwiftUI's labels, defaults and range checks.
    ///
    /// - Parameters:
    ///   - name: The base name, e.g. `linear`.
    ///   - arguments: The arguments, or `nil` when written without parentheses (a property).
    ///   - nameColumn: Where the name is, for errors about it.
    ///   - endColumn: The closing parenthesis, or (without parentheses) just after the name.
    ///   - defaultEra: Which release's `.default` is meant.
    /// - Throws: ``AnimationParseError`` for an unknown name, a wrong label or a value out of range.
    public static func base(
        named name: String, arguments: [AnimationArgument]?, nameColumn: Int, endColumn: Int, defaultEra: DefaultEra = .iOS17
    ) throws(AnimationParseError) -> Animation {
        try CallBinder.checkBaseName(name, column: nameColumn)
        let binder = CallBinder(defaultEra: defaultEra)
        guard let arguments else {
            try CallBinder.checkPropertyBase(name, column: endColumn)
            return binder.propertyBase(name)
        }
        if name == "default" {
            throw AnimationParseError(message: "'default' is a property, not a function: write '.default'", column: endColumn)
        }
        return try binder.callBase(name, arguments, closingColumn: endColumn)
    }

    /// This animation with SwiftUI's modifier `name` applied (`delay`, `speed`, `repeatCount`,
    /// `repeatForever`), with SwiftUI's labels and range checks.
    ///
    /// - Parameters:
    ///   - name: The modifier name.
    ///   - arguments: The arguments, or `nil` when written without parentheses (an error: they are functions).
    ///   - nameColumn: Where the name is.
    ///   - endColumn: The closing parenthesis, or just after the name.
    /// - Throws: ``AnimationParseError``.
    public func modified(
        named name: String, arguments: [AnimationArgument]?, nameColumn: Int, endColumn: Int
    ) throws(AnimationParseError) -> Animation {
        try CallBinder.checkModifierName(name, column: nameColumn)
        return try CallBinder(defaultEra: .iOS17).modify(self, name, arguments, closingColumn: endColumn)
    }
}

/// Matches the arguments of one call to SwiftUI's parameters and makes the animation.
private struct CallBinder {
    let defaultEra: Animation.DefaultEra

    static func checkBaseName(_ name: String, column: Int) throws(AnimationParseError) {
        guard !baseNames.contains(name) else { return }
        if modifierNames.contains(name) {
            throw AnimationParseError(
                message: "'\(name)' is a modifier: start with an animation, e.g. '.linear(duration: 2).\(name)(…)'",
                column: column
            )
        }
        throw AnimationParseError(message: "unknown animation '\(name)'\(suggestion(for: name, among: baseNames))", column: column)
    }

    static func checkPropertyBase(_ name: String, column: Int) throws(AnimationParseError) {
        guard !propertyBases.contains(name) else { return }
        throw AnimationParseError(
            message: "'timingCurve' needs its control points: '.timingCurve(c0x, c0y, c1x, c1y, duration: 0.35)'",
            column: column
        )
    }

    static func checkModifierName(_ name: String, column: Int) throws(AnimationParseError) {
        guard !modifierNames.contains(name) else { return }
        if baseNames.contains(name) {
            throw AnimationParseError(
                message: "'\(name)' is an animation, not a modifier; modifiers are delay, speed, repeatCount, repeatForever",
                column: column
            )
        }
        throw AnimationParseError(message: "unknown modifier '\(name)'\(suggestion(for: name, among: modifierNames))", column: column)
    }

    func propertyBase(_ name: String) -> Animation {
        switch name {
        case "linear": .linear
        case "easeIn": .easeIn
        case "easeOut": .easeOut
        case "easeInOut": .easeInOut
        case "spring": .spring
        case "interactiveSpring": .interactiveSpring
        case "interpolatingSpring": .interpolatingSpring
        case "smooth": .smooth
        case "snappy": .snappy
        case "bouncy": .bouncy
        default: Animation.systemDefault(defaultEra)
        }
    }

    func callBase(_ name: String, _ arguments: [Argument], closingColumn: Int) throws(AnimationParseError) -> Animation {
        let durationForm = arguments.contains { $0.label.map(durationFormLabels.contains) ?? false }
        switch name {
        case "linear", "easeIn", "easeOut", "easeInOut":
            let v = try bind(arguments, to: durationOnly, callee: name, closingColumn: closingColumn)
            switch name {
            case "linear": return .linear(duration: v["duration"])
            case "easeIn": return .easeIn(duration: v["duration"])
            case "easeOut": return .easeOut(duration: v["duration"])
            default: return .easeInOut(duration: v["duration"])
            }
        case "timingCurve":
            let v = try bind(arguments, to: timingCurveForm, callee: name, closingColumn: closingColumn)
            return .timingCurve(v["c0x"], v["c0y"], v["c1x"], v["c1y"], duration: v["duration"])
        case "spring" where durationForm:
            let v = try bind(arguments, to: springDurationForm, callee: name, closingColumn: closingColumn)
            try checkBounce(v["bounce"], name: "bounce", column: v.columns["bounce"])
            return .spring(duration: v["duration"], bounce: v["bounce"], blendDuration: v["blendDuration"])
        case "spring":
            let v = try bind(arguments, to: springResponseForm, callee: name, closingColumn: closingColumn)
            return .spring(response: v["response"], dampingFraction: v["dampingFraction"], blendDuration: v["blendDuration"])
        case "interactiveSpring" where durationForm:
            let v = try bind(arguments, to: interactiveDurationForm, callee: name, closingColumn: closingColumn)
            try checkBounce(0.14 + v["extraBounce"], name: "extraBounce", column: v.columns["extraBounce"])
            return .interactiveSpring(duration: v["duration"], extraBounce: v["extraBounce"], blendDuration: v["blendDuration"])
        case "interactiveSpring":
            let v = try bind(arguments, to: interactiveResponseForm, callee: name, closingColumn: closingColumn)
            return .interactiveSpring(
                response: v["response"], dampingFraction: v["dampingFraction"], blendDuration: v["blendDuration"]
            )
        case "interpolatingSpring":
            let physical = !durationForm && !arguments.isEmpty
            let v = try bind(arguments, to: physical ? interpolatingPhysicalForm : interpolatingDurationForm,
                             callee: name, closingColumn: closingColumn)
            // A push at the start would need a velocity the spring model here does not carry.
            if v["initialVelocity"] != 0 {
                throw AnimationParseError(message: "'initialVelocity' other than 0 is not supported", column: v.columns["initialVelocity"] ?? closingColumn)
            }
            if physical { return .interpolatingSpring(mass: v["mass"], stiffness: v["stiffness"], damping: v["damping"]) }
            try checkBounce(v["bounce"], name: "bounce", column: v.columns["bounce"])
            return .interpolatingSpring(duration: v["duration"], bounce: v["bounce"])
        default:  // smooth, snappy, bouncy
            let v = try bind(arguments, to: presetForm, callee: name, closingColumn: closingColumn)
            let baseBounce = name == "smooth" ? 0 : name == "snappy" ? 0.15 : 0.3
            try checkBounce(baseBounce + v["extraBounce"], name: "extraBounce", column: v.columns["extraBounce"])
            switch name {
            case "smooth": return .smooth(duration: v["duration"], extraBounce: v["extraBounce"])
            case "snappy": return .snappy(duration: v["duration"], extraBounce: v["extraBounce"])
            default: return .bouncy(duration: v["duration"], extraBounce: v["extraBounce"])
            }
        }
    }

    /// SwiftUI's bounce runs from −1 (exclusive, infinitely overdamped) to 1 (undamped).
    func checkBounce(_ bounce: Double, name: String, column: Int?) throws(AnimationParseError) {
        guard !(bounce > -1 && bounce <= 1) else { return }
        let what = name == "bounce" ? "'bounce' must be greater than -1 and at most 1 (got \(Spelling.number(bounce)))"
            : "'extraBounce' makes the bounce \(Spelling.number(bounce)); it must be greater than -1 and at most 1"
        throw AnimationParseError(message: what, column: column ?? 1)
    }

    /// `animation` with modifier `name` (already checked) applied; `arguments` `nil` when written
    /// without parentheses.
    func modify(
        _ animation: Animation, _ name: String, _ arguments: [Argument]?, closingColumn closing: Int
    ) throws(AnimationParseError) -> Animation {
        guard let arguments else {
            let call = name == "repeatForever" ? "'.repeatForever()'" : name == "repeatCount" ? "'.repeatCount(3)'" : "'.\(name)(0.5)'"
            throw AnimationParseError(message: "'\(name)' is a function: write \(call)", column: closing)
        }
        switch name {
        case "delay":
            let v = try bind(arguments, to: [Parameter(nil, .nonNegative, name: "delay")], callee: name, closingColumn: closing)
            return animation.delay(v["delay"])
        case "speed":
            let v = try bind(arguments, to: [Parameter(nil, .positive, name: "speed")], callee: name, closingColumn: closing)
            return animation.speed(v["speed"])
        case "repeatCount":
            let v = try bind(arguments, to: [
                Parameter(nil, .count, name: "repeatCount"), Parameter("autoreverses", .boolean, default: 1),
            ], callee: name, closingColumn: closing)
            return animation.repeatCount(Int(v["repeatCount"]), autoreverses: v.flag("autoreverses"))
        default:
            let v = try bind(arguments, to: [Parameter("autoreverses", .boolean, default: 1)], callee: name, closingColumn: closing)
            return animation.repeatForever(autoreverses: v.flag("autoreverses"))
        }
    }

    // MARK: Binding arguments to parameters

    /// Matches `arguments` to `parameters` as Swift does (labels in order, defaulted parameters
    /// may be skipped) and checks each value's kind and range.
    func bind(
        _ arguments: [Argument], to parameters: [Parameter], callee: String, closingColumn: Int
    ) throws(AnimationParseError) -> Values {
        var matched: [Argument?] = Array(repeating: nil, count: parameters.count)
        var nextParameter = 0
        for argument in arguments {
            var candidate = nextParameter
            var found: Int?
            while candidate < parameters.count {
                if parameters[candidate].label == argument.label { found = candidate; break }
                if parameters[candidate].defaultValue == nil { break }  // a required one cannot be skipped
                candidate += 1
            }
            if let found {
                matched[found] = argument
                nextParameter = found + 1
                continue
            }
            throw mismatch(argument, parameters: parameters, matched: matched, next: nextParameter, callee: callee)
        }
        var values = Values()
        for (index, parameter) in parameters.enumerated() {
            guard let argument = matched[index] else {
                guard let defaultValue = parameter.defaultValue else {
                    let what = parameter.label.map { "'\($0):'" } ?? "'\(parameter.name)'"
                    throw AnimationParseError(message: "missing argument \(what) in call to '\(callee)'", column: closingColumn)
                }
                values.numbers[parameter.name] = defaultValue
                continue
            }
            values.numbers[parameter.name] = try check(argument, against: parameter)
            values.columns[parameter.name] = argument.valueColumn
        }
        return values
    }

    /// The error for an argument that fits no remaining parameter.
    func mismatch(
        _ argument: Argument, parameters: [Parameter], matched: [Argument?], next: Int, callee: String
    ) -> AnimationParseError {
        if let label = argument.label, let known = parameters.firstIndex(where: { $0.label == label }) {
            if matched[known] != nil {
                return AnimationParseError(message: "argument '\(label):' given twice", column: argument.labelColumn)
            }
            if known < next, let previous = matched[..<next].last(where: { $0 != nil }) ?? nil {
                let other = previous.label.map { "'\($0):'" } ?? "the unlabeled arguments"
                return AnimationParseError(message: "argument '\(label):' must come before \(other)", column: argument.labelColumn)
            }
            // Skipping a required parameter to reach the label.
            let required = parameters[next...].first { $0.defaultValue == nil && $0.label != label } ?? parameters[next]
            return AnimationParseError(
                message: "missing argument \(required.spelledLabel) in call to '\(callee)'", column: argument.labelColumn
            )
        }
        guard next < parameters.count else {
            return AnimationParseError(message: "extra argument in call to '\(callee)'", column: argument.labelColumn)
        }
        let expected = parameters[next]
        guard let label = argument.label else {
            let message = expected.label.map { "missing argument label '\($0):' in call to '\(callee)'" }
                ?? "missing argument '\(expected.name)' in call to '\(callee)'"
            return AnimationParseError(message: message, column: argument.valueColumn)
        }
        if expected.label == nil && !parameters[next...].contains(where: { $0.label != nil }) {
            return AnimationParseError(message: "extraneous argument label '\(label):' in call to '\(callee)'", column: argument.labelColumn)
        }
        if expected.label == nil {
            return AnimationParseError(message: "missing argument '\(expected.name)' in call to '\(callee)'", column: argument.labelColumn)
        }
        let forms = overloads(of: callee)
        if forms.count > 1, forms.contains(where: { form in form.contains { $0.label == label } }) {
            let spelled = forms.map { form in "\(callee)(\(form.compactMap(\.label).map { $0 + ":" }.joined()))" }
            return AnimationParseError(
                message: "'\(label):' can't be mixed with the other labels: '\(callee)' is either \(spelled.joined(separator: " or "))",
                column: argument.labelColumn
            )
        }
        let labels = forms.flatMap { $0.compactMap(\.label) }
        return AnimationParseError(
            message: "unknown argument label '\(label):' in call to '\(callee)'\(suggestion(for: label, among: labels, suffix: ":"))",
            column: argument.labelColumn
        )
    }

    /// The parameter lists `callee` accepts.
    func overloads(of callee: String) -> [[Parameter]] {
        switch callee {
        case "spring": [springResponseForm, springDurationForm]
        case "interactiveSpring": [interactiveResponseForm, interactiveDurationForm]
        case "interpolatingSpring": [interpolatingPhysicalForm, interpolatingDurationForm]
        case "smooth", "snappy", "bouncy": [presetForm]
        case "timingCurve": [timingCurveForm]
        case "repeatCount", "repeatForever": [[Parameter("autoreverses", .boolean)]]
        default: [durationOnly]
        }
    }

    /// The value of `argument` as `parameter` wants it, range-checked.
    func check(_ argument: Argument, against parameter: Parameter) throws(AnimationParseError) -> Double {
        let column = argument.valueColumn
        let name = parameter.name
        switch (parameter.kind, argument.value) {
        case let (.boolean, .boolean(flag)):
            return flag ? 1 : 0
        case let (.boolean, .number(_, text, _)):
            throw AnimationParseError(message: "'\(name)' takes true or false (got \(text))", column: column)
        case let (_, .boolean(flag)):
            throw AnimationParseError(message: "'\(name)' takes a number (got \(flag))", column: column)
        case let (kind, .number(value, text, isWhole)):
            switch kind {
            case .nonNegative where value < 0:
                throw AnimationParseError(message: "'\(name)' must not be negative (got \(text))", column: column)
            case .positive where value <= 0:
                throw AnimationParseError(message: "'\(name)' must be greater than 0 (got \(text))", column: column)
            case .unitInterval where !(0...1).contains(value):
                throw AnimationParseError(message: "'\(name)' must be between 0 and 1 (got \(text))", column: column)
            case .count where !isWhole:
                throw AnimationParseError(message: "'\(name)' takes a whole number (got \(text))", column: column)
            case .count where value < 1:
                throw AnimationParseError(message: "'\(name)' must be at least 1 (got \(text))", column: column)
            case .count where value > 1_000_000:
                throw AnimationParseError(message: "'\(name)' must be at most 1000000 (got \(text))", column: column)
            default:
                return value
            }
        }
    }
}

private func suggestion(for word: String, among candidates: [String], suffix: String = "") -> String {
    Spelling.suggestion(for: word, among: candidates, suffix: suffix)
}
