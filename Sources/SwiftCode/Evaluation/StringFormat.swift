import Glibc

/// `String(format:)` and SwiftUI's `\(value, specifier: "%.1f")`: the printf conversions view
/// code uses (`%d %i %u %ld %lld %x %X %o %f %F %e %E %g %G %@ %s %c %%`), with flags (`-+ 0#`),
/// a width and a precision, as Foundation formats them.
enum StringFormat {
    static func format(_ format: String, _ values: [Value], at location: SourceLocation) throws(Interrupt) -> String {
        var output = ""
        var characters = Array(format)[...]
        var next = 0
        func take() throws(Interrupt) -> Value {
            guard next < values.count else {
                throw .error("the format '\(format)' needs more arguments than the \(values.count) given", at: location)
            }
            defer { next += 1 }
            return values[next].dereferenced
        }
        while let character = characters.popFirst() {
            guard character == "%" else { output.append(character); continue }
            var flags = ""
            while let flag = characters.first, "-+ 0#".contains(flag) { flags.append(flag); characters.removeFirst() }
            var width = ""
            while let digit = characters.first, digit.isASCII, digit.isNumber { width.append(digit); characters.removeFirst() }
            var precision: String?
            if characters.first == "." {
                characters.removeFirst()
                precision = ""
                while let digit = characters.first, digit.isASCII, digit.isNumber { precision!.append(digit); characters.removeFirst() }
            }
            while let modifier = characters.first, "lhqLzjt".contains(modifier) { characters.removeFirst() }
            guard let conversion = characters.popFirst() else {
                throw .error("the format '\(format)' ends inside a conversion", at: location)
            }
            guard width.count <= 3, (precision?.count ?? 0) <= 2 else {
                throw .error("the format '\(format)' has a width or precision too large", at: location)
            }
            let spec = "%" + flags + width + (precision.map { "." + $0 } ?? "")
            switch conversion {
            case "%": output += "%"
            case "d", "i", "u", "x", "X", "o", "c":
                let value = try take()
                let number: Int
                switch value {
                case let .int(n): number = n
                case let .double(x) where x.isFinite && abs(x) < 9e18: number = Int(x)
                case let .bool(flag): number = flag ? 1 : 0
                default: throw .error("'%\(conversion)' needs an integer, not a value of type '\(value.typeName)'", at: location)
                }
                output += printf(spec + "ll" + String(conversion), int: number)
            case "f", "F", "e", "E", "g", "G", "a", "A":
                let value = try take()
                guard let number = value.number else {
                    throw .error("'%\(conversion)' needs a number, not a value of type '\(value.typeName)'", at: location)
                }
                output += printf(spec + String(conversion), double: number)
            case "@", "s":
                let text = try take().text
                let padded = width.isEmpty ? text : pad(text, to: Int(width) ?? 0, left: flags.contains("-"))
                output += precision.flatMap { Int($0) }.map { String(padded.prefix($0)) } ?? padded
            default:
                throw .error("the format conversion '%\(conversion)' is not supported", at: location)
            }
        }
        return output
    }

    private static func pad(_ text: String, to width: Int, left: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + padding : padding + text
    }

    private static func printf(_ spec: String, int value: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        _ = withVaList([Int64(value)]) { vsnprintf(&buffer, buffer.count, spec, $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func printf(_ spec: String, double value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        // NaN's sign bit is printed by glibc ("-nan" for 0.0 / 0.0 on x86, whose default NaN has
        // it set); Apple's platforms print "nan" for 0.0 / 0.0, so a NaN is formatted unsigned.
        let value = value.isNaN ? Double.nan : value
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, spec, $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
