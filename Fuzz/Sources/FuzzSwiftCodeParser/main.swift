import CFuzzerDriver
import SwiftCode

/// libFuzzer entry point: any UTF-8 (invalid sequences repaired) through the Swift parser, as a
/// file and as one expression. Every diagnostic must lie inside the text (its line exists, its
/// column is within the line's bytes + 1, its offset within the text), diagnostics come in
/// source-line order, and a second parse gives the same diagnostics; no input may crash, hang
/// (libFuzzer's -timeout) or exhaust the stack.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftCodeParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // Swift's line breaks: \n, \r\n, \r.
    var lineLengths: [Int] = [0]
    var previous: UInt8 = 0
    for byte in text.utf8 {
        if byte == 0x0A && previous == 0x0D {
            previous = byte
            continue
        }
        if byte == 0x0A || byte == 0x0D { lineLengths.append(0) } else { lineLengths[lineLengths.count - 1] += 1 }
        previous = byte
    }
    func check(_ diagnostics: [SyntaxDiagnostic]) {
        var lastLine = 1
        for diagnostic in diagnostics {
            let location = diagnostic.location
            require(location.line >= 1 && location.line <= lineLengths.count, "line \(location.line) of \(lineLengths.count)")
            require(location.column >= 1 && location.column <= lineLengths[location.line - 1] + 1,
                         "column \(location.column) outside line \(location.line) of \(lineLengths[location.line - 1]) bytes")
            require(location.offset >= 0 && location.offset <= text.utf8.count, "offset \(location.offset)")
            require(location.line >= lastLine, "diagnostics out of order: \(diagnostics.map { "\($0.location) \($0.message)" })")
            require(!diagnostic.message.isEmpty && diagnostic.message.count < 1000, "message \(diagnostic.message.prefix(80))")
            lastLine = location.line
        }
    }
    let file = SwiftSyntaxParser.parseFile(text)
    check(file.diagnostics)
    let again = SwiftSyntaxParser.parseFile(text)
    require(again.diagnostics == file.diagnostics && again.items.count == file.items.count, "a second parse differs")
    let (_, expressionDiagnostics) = SwiftSyntaxParser.parseExpression(text)
    check(expressionDiagnostics)
    return 0
}

/// Stops the run with `message` when `condition` fails (`fatalError`, whose message an optimised
/// build prints, where `precondition`'s is dropped).
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// The executable's entry point. SwiftPM links executable targets with `main` renamed to
/// `<target>_main`, which -parse-as-library leaves undefined, so libFuzzer's own `main` never
/// runs; this starts libFuzzer's driver with the same arguments instead.
@_cdecl("FuzzSwiftCodeParser_main")
public func fuzzSwiftCodeParserMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzSwiftCodeParser(data!, size) }
}
