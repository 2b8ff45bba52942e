import SpinRender

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
    /// Only the shape of the command line is checked here (known names, a value where one is
    /// needed, a single-value option given once, no empty path): a setting's value is checked
    /// once, where the library applies it (``Setting/apply(_:to:)``), and a command's own
    /// option by the command.
    ///
    /// - Throws: ``UsageError`` naming the unknown option, the missing value, the option given
    ///   twice or the empty path.
    /// - Parameter positionalNames: the positional arguments' names, for naming a missing one.
    static func parse(_ arguments: [String], options: [OptionDeclaration], positionalCount: ClosedRange<Int>,
                      positionalNames: [String] = []) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        func spec(named name: String) -> OptionDeclaration? { options.first { $0.name == name } }
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
