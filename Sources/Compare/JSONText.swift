/// A JSON value (RFC 8259) written with a fixed key order, so equal reports give equal bytes.
///
/// Used for every machine-readable output: comparison reports, `frames.json`, the timeline.
///
/// Hand-written rather than `JSONEncoder` so the key order follows the report's logic (verdict
/// first) and the output is identical on every platform and Foundation version.
public enum JSONText: Sendable {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    /// Pretty-printed text, two spaces per level, newline-terminated.
    public var rendered: String {
        var out = ""
        write(to: &out, indent: 0)
        out += "\n"
        return out
    }

    /// Pretty-printed text as a value nested `indent` levels deep writes it (its inner lines
    /// indented by `indent + 1` levels, its first line not indented, no final newline): for
    /// documents written a piece at a time.
    public func rendered(indent: Int) -> String {
        var out = ""
        write(to: &out, indent: indent)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                Self.writeString(key, to: &out)
                out += ": "
                value.write(to: &out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            if elements.allSatisfy(\.isScalar) {
                out += "[" + elements.map(\.compact).joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (i, element) in elements.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                element.write(to: &out, indent: indent + 1)
                out += i + 1 < elements.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let text): Self.writeString(text, to: &out)
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? "\(value)" : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    private var compact: String {
        var out = ""
        write(to: &out, indent: 0)
        return out
    }

    /// A JSON string literal (RFC 8259 §7): quotes, backslash and control characters escaped.
    public static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
