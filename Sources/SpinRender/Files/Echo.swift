/// How a value the user gave is shown back in a message: whole when short, cut to its first
/// ``limit`` characters (with the full length) when long, so a 50 MB colour string gives a
/// one-line error, not a 50 MB one.
public enum Echo {
    /// Characters of a value shown before it is cut.
    public static let limit = 60

    /// Characters of a path shown before it is cut: Linux's `PATH_MAX`, so that every path
    /// the system could open is shown whole.
    public static let pathLimit = 4096

    /// `value` itself when at most `limit` characters, else its first `limit` characters,
    /// `…` and the total, e.g. `#FFFFFFFFFF… (52428800 characters)`. Line breaks and other
    /// control characters are shown as `\n`-style escapes so the message stays one line.
    public static func cut(_ value: String, limit: Int = Echo.limit) -> String {
        var shown = ""
        var count = 0
        for character in value {
            if count == limit {
                return shown + "… (\(value.count) characters)"
            }
            shown += visible(character)
            count += 1
        }
        return shown
    }

    private static func visible(_ character: Character) -> String {
        switch character {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                  scalar.value < 0x20 || scalar.value == 0x7F else { return String(character) }
            return "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
}
