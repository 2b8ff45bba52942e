/// A type settings are applied to, created holding every setting's default.
///
/// The defaults shown in help, the man page and completions are read from `init()`, so a
/// default is written once: where the property is declared.
public protocol SettingsRoot {
    /// Every setting at its default.
    init()
}

/// One setting, declared once: its names, its value, its help, its default and where it goes.
///
/// Modelled on swift-argument-parser's `@Option` and `@Flag`: a typed, declarative entry from
/// which command-line parsing, `--help`, the man page, shell completions, batch manifest keys,
/// the arguments `frames.json` records and the message for a bad value all come. A setting
/// writes into its `Root` through a key path (``RenderSettings``, ``ComparisonSettings``,
/// ``BatchSettings`` …); the constructors (``flag(_:short:help:_:to:changesFrames:)``,
/// ``choice(_:value:help:_:default:changesFrames:)``, ``number(_:value:help:_:in:excludingLower:values:)``
/// …) take the key path and derive the allowed values and the shown default from it.
public struct Setting<Root: SettingsRoot> {
    /// How the setting is given on a command line (``OptionKind``).
    public typealias Kind = OptionKind

    /// Its names, value, help and default: what parsing, `--help`, the man page and completions
    /// read, the same for every `Root`.
    public let declaration: OptionDeclaration
    /// Whether the setting can change rendered frames; only those are recorded in `frames.json`.
    public let changesFrames: Bool
    /// The long name without dashes (`point-size`): the command-line option and the manifest key.
    public var name: String { declaration.name }
    /// The one-letter short name without its dash, e.g. `o`.
    public var short: Character? { declaration.short }
    /// Flag, single value or repeatable.
    public var kind: Kind { declaration.kind }
    /// The value's name, shown as `<valueName>`; empty for a flag.
    public var valueName: String { declaration.valueName }
    /// One or two sentences for `--help`.
    public var help: String { declaration.help }
    /// The allowed values when there is a fixed list, shown as `(values: a, b)`.
    public var values: [String]? { declaration.values }
    /// The default as `--help` shows it, `(default: …)`; `nil` when nothing is said.
    public var defaultText: String? { declaration.defaultText }
    /// The value names a file or folder (completed as a path; an empty one is refused).
    public var isPath: Bool { declaration.isPath }
    private let assign: (inout Root, [String]) throws(SettingsError) -> Void

    /// Creates a setting from its parts; the constructors below are the usual way.
    ///
    /// - Parameter assign: writes the texts given (none for a flag, one for an option, each
    ///   one for a repeatable setting) into the root, or throws ``SettingsError/invalid(_:)``.
    public init(name: String, short: Character? = nil, kind: Kind, valueName: String, help: String,
                values: [String]? = nil, defaultText: String? = nil, isPath: Bool = false, changesFrames: Bool = true,
                assign: @escaping (inout Root, [String]) throws(SettingsError) -> Void) {
        declaration = OptionDeclaration(name: name, short: short, kind: kind, valueName: valueName, help: help,
                                        values: values, defaultText: defaultText, isPath: isPath)
        self.changesFrames = changesFrames
        self.assign = assign
    }

    /// `-o, --output <path>`, as help and error messages name the setting.
    public var synopsis: String { declaration.synopsis }

    /// Writes `texts` into `root`: nothing for a flag (it is set by being given), one value for
    /// an option, every value in order for a repeatable setting.
    ///
    /// - Throws: ``SettingsError/invalid(_:)`` with the message for a bad value:
    ///   `The value 'x' is invalid for '--fps <fps>': …`.
    public func apply(_ texts: [String], to root: inout Root) throws(SettingsError) {
        if let values {
            for text in texts where !values.contains(text) { throw .invalid(notOneOf(text)) }
        }
        try assign(&root, texts)
    }

    /// The message for `text` outside ``values``.
    public func notOneOf(_ text: String) -> String { SettingsError.notOneOf(text, synopsis: synopsis, values: values ?? []) }

    /// The message for a bad `text`, `reason` saying what was expected.
    public func invalid(_ text: String, _ reason: String) -> SettingsError {
        .invalid("The value '\(Echo.cut(text))' is invalid for '\(synopsis)': \(reason)")
    }
}

/// Why a setting's text was refused, as a value parser says it; ``Setting`` words the message.
public struct ValueRefusal: Error, Sendable {
    /// What was expected, e.g. `expected a number from 1 to 512`.
    public var reason: String
    /// Whether the value itself is echoed (`The value 'x' is invalid for '--s <v>': reason`) or
    /// only named (`The value for '--s <v>' is invalid: reason`, for long values that the
    /// reason shows better).
    public var echoesValue = true

    /// Creates a refusal.
    public init(_ reason: String, echoesValue: Bool = true) {
        self.reason = reason
        self.echoesValue = echoesValue
    }
}

/// A failure to apply settings.
public enum SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A value or a combination of settings that is refused; the message names the setting as
    /// the command line spells it. A command line reports it as a usage error.
    case invalid(String)
    /// SwiftUI source that cannot be rendered, with its `file:line:column: error: …`.
    case source(SourceDiagnostic)
    /// A file that cannot be read, or work that would need more memory than allowed.
    case failure(SpinRenderError)

    /// One line (the source diagnostic with its line and caret).
    public var description: String {
        switch self {
        case let .invalid(message): message
        case let .source(diagnostic): diagnostic.description
        case let .failure(error): error.message
        }
    }

    /// `The value 'x' is invalid for '--mode <mode>'. Please provide one of 'a', 'b'.`: the
    /// message for a value outside a setting's list, however the setting is spelled.
    public static func notOneOf(_ text: String, synopsis: String, values: [String]) -> String {
        "The value '\(Echo.cut(text))' is invalid for '\(synopsis)'. Please provide one of \(values.map { "'\($0)'" }.joined(separator: ", "))."
    }

    /// One line for a list of failures: the source diagnostic without its caret.
    public var summary: String {
        if case let .source(diagnostic) = self { return diagnostic.summary }
        return description
    }
}

/// The texts given for settings, by name: none for a flag that was given, one or more for an
/// option. Both a parsed command line and a manifest entry become this.
public struct SettingValues: Hashable, Sendable {
    /// Texts by setting name.
    public var texts: [String: [String]]

    /// Creates values; a flag that was given maps to `[]`.
    public init(_ texts: [String: [String]] = [:]) { self.texts = texts }

    /// Whether the setting was given.
    public func has(_ name: String) -> Bool { texts[name] != nil }

    /// The last text given for `name`.
    public func value(_ name: String) -> String? { texts[name]?.last }
}

extension Array {
    /// Applies every setting of this table that `values` gives, in table order.
    ///
    /// - Throws: ``SettingsError/invalid(_:)`` for the first bad value.
    public func apply<Root>(_ values: SettingValues, to root: inout Root) throws(SettingsError) where Element == Setting<Root> {
        for setting in self {
            if let texts = values.texts[setting.name] { try setting.apply(texts, to: &root) }
        }
    }

    /// The setting named `name`.
    public func named<Root>(_ name: String) -> Setting<Root>? where Element == Setting<Root> {
        first { $0.name == name }
    }

    /// `values` as command-line words in table order, e.g. `["--scale", "3", "--transparent"]`;
    /// only the settings `include` accepts.
    public func words<Root>(_ values: SettingValues, including include: (Setting<Root>) -> Bool = { _ in true }) -> [String]
    where Element == Setting<Root> {
        var words: [String] = []
        for setting in self where include(setting) {
            guard let texts = values.texts[setting.name] else { continue }
            if setting.kind == .flag { words.append("--\(setting.name)") }
            for text in texts { words += ["--\(setting.name)", text] }
        }
        return words
    }
}

// MARK: - Constructors

extension Setting {
    /// The text a setting's value parser gets, wrapped so that a ``ValueRefusal`` becomes the
    /// setting's message.
    static func parsing<Value>(_ setting: Setting, _ text: String,
                               _ parse: (String) throws(ValueRefusal) -> Value) throws(SettingsError) -> Value {
        do {
            return try parse(text)
        } catch {
            if error.echoesValue { throw setting.invalid(text, error.reason) }
            throw .invalid("The value for '\(setting.synopsis)' is invalid: \(error.reason)")
        }
    }

    /// A single value read by `parse` into `keyPath`.
    ///
    /// - Parameter defaultText: the default as help shows it; `nil` says none.
    public static func value<Value>(_ name: String, short: Character? = nil, value valueName: String, help: String,
                                    _ keyPath: WritableKeyPath<Root, Value>, values: [String]? = nil,
                                    default defaultText: String?, isPath: Bool = false, changesFrames: Bool = true,
                                    parse: @escaping (String) throws(ValueRefusal) -> Value) -> Setting {
        // The same names without the writer: what a refusal's message names.
        let named = Setting(name: name, short: short, kind: .option, valueName: valueName, help: help) { _, _ in }
        return Setting(name: name, short: short, kind: .option, valueName: valueName, help: help, values: values,
                       defaultText: defaultText, isPath: isPath, changesFrames: changesFrames) { root, texts throws(SettingsError) in
            guard let text = texts.last else { return }
            root[keyPath: keyPath] = try parsing(named, text, parse)
        }
    }

    /// A value that may be given several times: every one is read by `parse`, in order.
    public static func repeatable<Value>(_ name: String, value valueName: String, help: String,
                                         _ keyPath: WritableKeyPath<Root, [Value]>, isPath: Bool = false, changesFrames: Bool = true,
                                         parse: @escaping (String) throws(ValueRefusal) -> Value) -> Setting {
        let named = Setting(name: name, kind: .repeatable, valueName: valueName, help: help, changesFrames: changesFrames) { _, _ in }
        return Setting(name: name, kind: .repeatable, valueName: valueName, help: help, isPath: isPath, changesFrames: changesFrames) {
            root, texts throws(SettingsError) in
            var parsed: [Value] = []
            for text in texts { parsed.append(try parsing(named, text, parse)) }
            root[keyPath: keyPath] = parsed
        }
    }

    /// A flag that sets `keyPath` to `value` when given.
    public static func flag(_ name: String, short: Character? = nil, help: String, _ keyPath: WritableKeyPath<Root, Bool>,
                            to value: Bool = true, changesFrames: Bool = true) -> Setting {
        flag(name, short: short, help: help, keyPath, setting: value, changesFrames: changesFrames)
    }

    /// A flag that sets the property at `keyPath` to `value` (`--stored-frames`: the alignment
    /// to `.stored`).
    public static func flag<Value>(_ name: String, short: Character? = nil, help: String, _ keyPath: WritableKeyPath<Root, Value>,
                                   to value: Value, changesFrames: Bool = true) -> Setting {
        flag(name, short: short, help: help, keyPath, setting: value, changesFrames: changesFrames)
    }

    private static func flag<Value>(_ name: String, short: Character?, help: String, _ keyPath: WritableKeyPath<Root, Value>,
                                    setting value: Value, changesFrames: Bool) -> Setting {
        Setting(name: name, short: short, kind: .flag, valueName: "", help: help, changesFrames: changesFrames) { root, _ in
            root[keyPath: keyPath] = value
        }
    }

    /// One of the cases of a `String` enumeration; the values and the default come from the type
    /// and from `Root()`.
    public static func choice<Value: CaseIterable & RawRepresentable>(
        _ name: String, value valueName: String, help: String, _ keyPath: WritableKeyPath<Root, Value>,
        default defaultText: String? = nil, changesFrames: Bool = true
    ) -> Setting where Value.RawValue == String {
        .value(name, value: valueName, help: help, keyPath, values: Value.allCases.map(\.rawValue),
               default: defaultText ?? Root()[keyPath: keyPath].rawValue, changesFrames: changesFrames) { text throws(ValueRefusal) in
            try SettingParsers.choice(text) as Value
        }
    }

    /// An optional choice, `nil` until given; `defaultText` says what `nil` means.
    public static func choice<Value: CaseIterable & RawRepresentable>(
        _ name: String, value valueName: String, help: String, _ keyPath: WritableKeyPath<Root, Value?>,
        default defaultText: String, changesFrames: Bool = true
    ) -> Setting where Value.RawValue == String {
        .value(name, value: valueName, help: help, keyPath, values: Value.allCases.map(\.rawValue),
               default: defaultText, changesFrames: changesFrames) { text throws(ValueRefusal) in
            try SettingParsers.choice(text) as Value
        }
    }

    /// A number in `range`; the default comes from `Root()`.
    public static func number(_ name: String, value valueName: String, help: String, _ keyPath: WritableKeyPath<Root, Double>,
                              in range: ClosedRange<Double>, excludingLower: Bool = false, values: [String]? = nil) -> Setting {
        .value(name, value: valueName, help: help, keyPath, values: values,
               default: Spelling.number(Root()[keyPath: keyPath])) { text throws(ValueRefusal) in
            try SettingParsers.number(text, in: range, excludingLower: excludingLower)
        }
    }

    /// An optional number in `range`, `nil` until given; `defaultText` says what `nil` means.
    public static func number(_ name: String, value valueName: String, help: String, _ keyPath: WritableKeyPath<Root, Double?>,
                              in range: ClosedRange<Double>, excludingLower: Bool = false, default defaultText: String) -> Setting {
        .value(name, value: valueName, help: help, keyPath, default: defaultText) { text throws(ValueRefusal) in
            try SettingParsers.number(text, in: range, excludingLower: excludingLower)
        }
    }

    /// A whole number in `range`; the default comes from `Root()`.
    public static func wholeNumber(_ name: String, short: Character? = nil, value valueName: String, help: String,
                                   _ keyPath: WritableKeyPath<Root, Int>, in range: ClosedRange<Int>) -> Setting {
        .value(name, short: short, value: valueName, help: help, keyPath,
               default: "\(Root()[keyPath: keyPath])") { text throws(ValueRefusal) in
            try SettingParsers.wholeNumber(text, in: range)
        }
    }

    /// An optional whole number in `range`, `nil` until given; `defaultText` says what `nil`
    /// means (`nil` says nothing).
    public static func wholeNumber(_ name: String, short: Character? = nil, value valueName: String, help: String,
                                   _ keyPath: WritableKeyPath<Root, Int?>, in range: ClosedRange<Int>,
                                   default defaultText: String?, changesFrames: Bool = true) -> Setting {
        .value(name, short: short, value: valueName, help: help, keyPath, default: defaultText,
               changesFrames: changesFrames) { text throws(ValueRefusal) in
            try SettingParsers.wholeNumber(text, in: range)
        }
    }

    /// A `#RRGGBB` colour, `nil` until given.
    public static func color(_ name: String, help: String, _ keyPath: WritableKeyPath<Root, RGBA8?>,
                             default defaultText: String? = nil) -> Setting {
        .value(name, value: "#RRGGBB", help: help, keyPath, default: defaultText) { text throws(ValueRefusal) in
            guard let color = RGBA8(hex: text), text.filter(\.isHexDigit).count == 6 else {
                throw ValueRefusal("expected a hex colour like #FF9500")
            }
            return color
        }
    }

    /// A size in bytes with an optional suffix (``SettingParsers/bytes(_:)``); the default comes
    /// from `Root()`.
    public static func bytes(_ name: String, help: String, _ keyPath: WritableKeyPath<Root, Int>,
                             changesFrames: Bool = true) -> Setting {
        let shown = Root()[keyPath: keyPath]
        return .value(name, value: "bytes", help: help, keyPath,
                      default: shown % (1 << 30) == 0 ? "\(shown >> 30)G" : "\(shown)", changesFrames: changesFrames,
                      parse: SettingParsers.bytes)
    }
}

/// The parsers the settings share.
public enum SettingParsers {
    /// The case of `Value` spelled `text`.
    public static func choice<Value: RawRepresentable>(_ text: String) throws(ValueRefusal) -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: text) else { throw ValueRefusal("expected one of the listed values") }
        return value
    }

    /// A plain decimal number in `range` (not `0x10`, `inf` or `nan`).
    public static func number(_ text: String, in range: ClosedRange<Double>, excludingLower: Bool = false) throws(ValueRefusal) -> Double {
        let value = text.lowercased().contains("x") ? nil : Double(text)
        let bounds = "\(Spelling.number(range.lowerBound))\(excludingLower ? " (exclusive)" : "") to \(Spelling.number(range.upperBound))"
        guard let value, value.isFinite, range.contains(value), !(excludingLower && value == range.lowerBound) else {
            throw ValueRefusal("expected a number from \(bounds)")
        }
        return value
    }

    /// A whole number in `range` (`3`, or `3.0` as a manifest's number may be written).
    public static func wholeNumber(_ text: String, in range: ClosedRange<Int>) throws(ValueRefusal) -> Int {
        let bounds = range.upperBound == Int.max ? ", \(range.lowerBound) or more" : " from \(range.lowerBound) to \(range.upperBound)"
        let number = Int(text) ?? (text.lowercased().contains("x") ? nil : Double(text).flatMap {
            $0.isFinite && $0 == $0.rounded() && abs($0) < 9e18 ? Int($0) : nil
        })
        guard let number, range.contains(number) else { throw ValueRefusal("expected a whole number\(bounds)") }
        return number
    }

    /// Bytes, with an optional suffix K, M or G (powers of 1024, an optional trailing B) after a
    /// whole or decimal number (`1.5G`); at least 1 and less than `Int.max`.
    public static func bytes(_ text: String) throws(ValueRefusal) -> Int {
        let units: [Character: Double] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024]
        var digits = text.uppercased()
        var unit = 1.0
        if digits.hasSuffix("B") { digits.removeLast() }
        if let last = digits.last, let factor = units[last] {
            unit = factor
            digits.removeLast()
        }
        // Plain decimal digits with at most one point: Double alone would take "1e3", "inf", "0x10".
        let isDecimal = !digits.isEmpty && digits.filter { $0 == "." }.count <= 1 && digits != "."
            && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard isDecimal, let value = Double(digits), value * unit >= 1, value * unit < 9.2e18 else {
            throw ValueRefusal("expected a positive size like 512M, 1.5G or 2G")
        }
        return Int((value * unit).rounded(.down))
    }
}
