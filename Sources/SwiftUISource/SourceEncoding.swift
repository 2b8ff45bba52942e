extension SourceDiagnostic {
    /// Where `bytes` stop being UTF-8: a diagnostic at the first byte that does not begin or
    /// continue a well-formed UTF-8 sequence (Unicode §3.9, table 3-7: overlong forms,
    /// surrogates and values above U+10FFFF are ill-formed too), or `nil` when all of it is.
    ///
    /// The line is 1-based, counted by Swift's line breaks (LF, CR, CR LF), as the parser's
    /// diagnostics are; the column counts the characters before the
    /// bad byte on its line plus one, as every other diagnostic's does, and the line is shown
    /// with each ill-formed sequence as `�`, so the caret sits under the first one.
    ///
    /// - Parameter fileName: the name the source is reported under.
    public static func invalidUTF8(in bytes: [UInt8], fileName: String) -> SourceDiagnostic? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        var line = 1, lineStart = 0
        var afterCarriageReturn = false
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                let byte = encoded.count == 1 ? encoded.first! : 0
                // CR LF is one break: the LF only moves the line's start past itself.
                if byte == 0x0D || (byte == 0x0A && !afterCarriageReturn) { line += 1 }
                if byte == 0x0D || byte == 0x0A { lineStart = offset + 1 }
                afterCarriageReturn = byte == 0x0D
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                let before = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
                let lineEnd = bytes[offset...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
                let shown = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                return SourceDiagnostic(fileName: fileName, line: line, column: before.count + 1,
                                        message: "not UTF-8 text (byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(offset)); Swift source is UTF-8",
                                        sourceLine: shown)
            }
        }
    }
}
