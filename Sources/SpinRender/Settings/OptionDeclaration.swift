/// How an option is given on a command line.
public enum OptionKind: Hashable, Sendable {
    /// `--name` alone; a JSON `true` in a manifest.
    case flag
    /// `--name VALUE` or `--name=VALUE`, at most once.
    case option
    /// `--name VALUE`, any number of times; a JSON array in a manifest.
    case repeatable
}

/// A command-line option as a parser, `--help`, the man page and shell completions see it: its
/// names, its value and its help, and nothing of what it does.
///
/// Every ``Setting`` carries one (``Setting/declaration``), so a command line's option table is
/// the declarations of the settings it takes plus those of the command's own options (its
/// output, its reports), which the command reads itself. Values are checked where they are
/// applied (``Setting/apply(_:to:)``), not by the parser.
public struct OptionDeclaration: Hashable, Sendable {
    /// The long name without dashes, e.g. `output`.
    public var name: String
    /// The one-letter short name without its dash, e.g. `o`.
    public var short: Character?
    /// Flag, single value or repeatable.
    public var kind: OptionKind
    /// The value's name, shown as `<valueName>`; empty for a flag.
    public var valueName: String
    /// One or two sentences for `--help`.
    public var help: String
    /// The allowed values when there is a fixed list, shown as `(values: a, b)`.
    public var values: [String]?
    /// The default as `--help` shows it, `(default: …)`; `nil` when nothing is said.
    public var defaultText: String?
    /// The value names a file or folder: completed as a path, and an empty value is refused.
    public var isPath: Bool

    /// Creates a declaration; ``flag(_:short:help:)``, ``option(_:short:value:help:values:default:isPath:)``
    /// and ``repeatable(_:value:help:)`` are shorter.
    public init(name: String, short: Character? = nil, kind: OptionKind, valueName: String, help: String,
                values: [String]? = nil, defaultText: String? = nil, isPath: Bool = false) {
        self.name = name
        self.short = short
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.values = values
        self.defaultText = defaultText
        self.isPath = isPath
    }

    /// `--name` alone.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, short: short, kind: .flag, valueName: "", help: help)
    }

    /// `--name VALUE`, at most once.
    public static func option(_ name: String, short: Character? = nil, value: String, help: String,
                              values: [String]? = nil, default defaultText: String? = nil,
                              isPath: Bool = false) -> OptionDeclaration {
        OptionDeclaration(name: name, short: short, kind: .option, valueName: value, help: help, values: values,
                          defaultText: defaultText, isPath: isPath)
    }

    /// `--name VALUE`, any number of times.
    public static func repeatable(_ name: String, value: String, help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, kind: .repeatable, valueName: value, help: help)
    }

    /// `-o, --output <path>`, as help and error messages name the option.
    public var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if kind != .flag { text += " <\(valueName)>" }
        return text
    }
}

extension Array {
    /// The declarations of these settings, for a command line's option table.
    public func declarations<Root>() -> [OptionDeclaration] where Element == Setting<Root> { map(\.declaration) }
}
