import CFuzzerDriver
import SwiftUISource

/// libFuzzer entry point: any UTF-8 (invalid sequences repaired) through the SwiftUI source
/// reader (`SwiftProgram`: the Swift parser), then every view it declares through the
/// evaluator. Each must end with a script or a diagnostic whose line exists and whose column
/// lies within that line + 1, and a second run must give the same script; no input may crash,
/// hang (libFuzzer's -timeout) or exhaust the stack.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftUISource(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
    func checkDiagnostic(_ diagnostic: SourceDiagnostic) {
        precondition(diagnostic.line >= 1 && diagnostic.line <= lineCount, "line \(diagnostic.line) of \(lineCount)")
        precondition(diagnostic.column >= 1 && diagnostic.column <= diagnostic.sourceLine.count + 1,
                     "column \(diagnostic.column) outside \(diagnostic.sourceLine.debugDescription)")
        _ = diagnostic.description
    }
    do {
        let program = try SwiftProgram(parsing: text, fileName: "Fuzz.swift")
        _ = try? program.defaultViewName()
        for view in program.viewNames {
            do {
                let script = try program.script(view: view)
                // Deterministic: the same source gives the same script every time.
                let again = try program.script(view: view)
                precondition(again == script, "a second run of \(view) differs")
            } catch let .source(diagnostic) {
                checkDiagnostic(diagnostic)
            } catch {
                preconditionFailure("a declared view could not be chosen: \(error)")
            }
        }
    } catch {
        checkDiagnostic(error)
    }
    return 0
}

/// The executable's entry point. SwiftPM links executable targets with `main` renamed to
/// `<target>_main`, which -parse-as-library leaves undefined, so libFuzzer's own `main` never
/// runs; this starts libFuzzer's driver with the same arguments instead.
@_cdecl("FuzzSwiftUISource_main")
public func fuzzSwiftUISourceMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzSwiftUISource(data!, size) }
}
