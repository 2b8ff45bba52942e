extension SourceDiagnostic {
    /// Where `bytes` stop being UTF-8: a diagnostic at the first byte that does not begin or
    /// continue a well-formed UTF-8 sequence (Unicode §3.9, table 3-7: overlong forms,
    /// surrogates and values above U+10FFFF are ill-formed too), or `nil` when all of it is.
    ///
    /// The line is 1-based, counted by line feeds; the column counts the characters before the
    /// bad byte on its line plus one, as every other diagnostic's does, and the line is shown
    /// with each ill-formed sequence as `�`, so the caret sits under the first one.
    ///
    /// - Parameter fileName: the name the source is reported under.
    public static func invalidUTF8(in bytes: [UInt8], fileName: String) -> SourceDiagnostic? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        var line = 1, lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                if encoded.count == 1 && encoded.first == 0x0A {
                    line += 1
                    lineStart = offset + 1
                }
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                let before = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
                let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
                var shown = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
                if shown.hasSuffix("\r") { shown.removeLast() }
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                return SourceDiagnostic(fileName: fileName, line: line, column: before.count + 1,
                                        message: "not UTF-8 text (byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(offset)); Swift source is UTF-8",
                                        sourceLine: shown)
            }
        }
    }
}
