import SpinRender

/// One command-line option as the parser and help see it: a library ``Setting`` (the render,
/// comparison, reading and batch settings, ``init(_:)``) or one of a command's own options
/// (its output, its report), declared beside the command.
struct OptionSpec {
    enum Kind {
        /// `--name` alone.
        case flag
        /// `--name VALUE` or `--name=VALUE`, at most once (twice is a usage error).
        case option
        /// `--name VALUE`, may be given several times; all are kept in order.
        case repeatable
    }

    /// Long name without dashes, e.g. `output`.
    var name: String
    /// Single-letter short name without the dash, e.g. `o`.
    var short: Character?
    var kind: Kind
    /// Shown in `--help` as `<valueName>`.
    var valueName: String
    var help: String
    /// Allowed values, shown as `(values: a, b)` and checked by the parser.
    var values: [String]?
    /// Shown as `(default: …)`.
    var defaultText: String?
    /// The value names a file or folder, so an empty value is a usage error, not a path that
    /// fails later as an output or input that cannot be opened.
    var isPath = false

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, valueName: "", help: help)
    }

    static func option(_ name: String, short: Character? = nil, value: String, help: String,
                       values: [String]? = nil, default defaultText: String? = nil, isPath: Bool = false) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .option, valueName: value, help: help, values: values,
                   defaultText: defaultText, isPath: isPath)
    }

    static func repeatable(_ name: String, value: String, help: String) -> OptionSpec {
        OptionSpec(name: name, short: nil, kind: .repeatable, valueName: value, help: help)
    }

    /// `-o, --output <path>` as `--help` shows it.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if kind != .flag { text += " <\(valueName)>" }
        return text
    }
}

extension OptionSpec {
    /// The option of a library setting: same names, value, help, values and default.
    init<Root>(_ setting: Setting<Root>) {
        let kind: Kind = switch setting.kind {
        case .flag: .flag
        case .option: .option
        case .repeatable: .repeatable
        }
        self.init(name: setting.name, short: setting.short, kind: kind, valueName: setting.valueName, help: setting.help,
                  values: setting.values, defaultText: setting.defaultText, isPath: setting.isPath)
    }
}

/// A positional argument; every one is a path (an input file or folder), so the command line
/// refuses an empty one (see `runMain`).
struct ArgumentSpec {
    var name: String
    var help: String
    var optional = false
}

/// A usage error: printed as `Error: …`, the usage line and the help hint, exit 64.
struct UsageError: Error {
    var message: String
}

/// The parsed command line of one command.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// The options given, as the library's settings take them (a flag as `[]`).
    var settingValues: SettingValues {
        SettingValues(values.merging(flags.map { ($0, []) }) { given, _ in given })
    }

    /// Parses `arguments` against `options`; `--` ends options.
    ///
    /// - Throws: ``UsageError`` naming the unknown option, the missing value or the value that
    ///   is not one of the allowed ones.
    /// - Parameter positionalNames: the positional arguments' names, for naming a missing one.
    static func parse(_ arguments: [String], options: [OptionSpec], positionalCount: ClosedRange<Int>,
                      positionalNames: [String] = []) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        func spec(named name: String) -> OptionSpec? { options.first { $0.name == name } }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let match = options.first(where: { $0.short == argument.last }) else {
                    throw UsageError(message: "Unknown option '\(Echo.cut(argument))'")
                }
                name = match.name
            }
            guard let option = spec(named: name) else {
                throw UsageError(message: "Unknown option '--\(Echo.cut(name))'")
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil { throw UsageError(message: "The flag '--\(name)' does not take a value") }
                parsed.flags.insert(name)
            case .option, .repeatable:
                var value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError(message: "Missing value for '\(option.synopsis)'")
                    }
                    value = arguments[index]
                    index += 1
                }
                if let allowed = option.values, !allowed.contains(value) {
                    throw UsageError(message: SettingsError.notOneOf(value, synopsis: option.synopsis, values: allowed))
                }
                if option.isPath && value.isEmpty {
                    throw UsageError(message: "The value '' is invalid for '\(option.synopsis)': an empty path")
                }
                // A single-value option given twice is a mistake to point at, not one to settle
                // silently: `-o a.gif -o b.gif` would otherwise write only b.gif.
                if option.kind == .option, let first = parsed.values[name]?.first {
                    throw UsageError(message: "The option '\(option.synopsis)' is given twice ('\(Echo.cut(first))' and '\(Echo.cut(value))'); give it once")
                }
                parsed.values[name, default: []].append(value)
            }
        }
        if !positionalCount.contains(parsed.positionals.count) {
            if parsed.positionals.count > positionalCount.upperBound {
                let extra = parsed.positionals[positionalCount.upperBound]
                throw UsageError(message: "Unexpected argument '\(Echo.cut(extra))'")
            }
            let missing = parsed.positionals.count < positionalNames.count ? " '<\(positionalNames[parsed.positionals.count])>'" : ""
            throw UsageError(message: "Missing expected argument\(missing)")
        }
        return parsed
    }
}
