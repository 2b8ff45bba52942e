import CFuzzerDriver
import SwiftCode
import Scene
import SwiftUILibrary
import SwiftUISource

/// The evaluator's bounds for a fuzzed source: far below the renderer's (5 000 000 steps, a
/// million elements), so that a loop the mutations make endless is stopped in milliseconds and
/// the time goes to more inputs; the paths past each limit are the same at any size.
let limits: Evaluator.Limits = {
    var limits = Evaluator.Limits()
    limits.work = 20_000
    limits.collectionCount = 10_000
    return limits
}()

/// How far timed events run: a second of timers, tasks and `asyncAfter`s.
let horizonSeconds = 1.0

/// libFuzzer entry point: any UTF-8 (invalid sequences repaired) through the reader the renderer
/// uses, `SwiftProgram(parsing:fileName:)` (the Swift parser, then the file's declarations read
/// by the evaluator), then every view it declares run to its script (the evaluator over
/// SwiftUI's definitions, the state changes up to the horizon, the view-tree limit). Each must
/// end with a script or a diagnostic whose line exists and whose column lies within that line
/// + 1; a second run of a view must give the same script, and a view the reader listed must
/// always be one that can be chosen. No input may crash, leak, hang (libFuzzer's -timeout) or
/// exhaust the stack.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftUISource(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    // The runs hand their libraries back for the next run to reuse; freed after each input, so
    // that LeakSanitizer checks that everything an input's runs made is freed with them.
    defer { SwiftUILibrary.releaseIdle() }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // The lines as Swift counts them (LF, CR, CR LF; a leading byte order mark is not text),
    // computed here independently of the reader's own line table.
    var lines: [[UInt8]] = [[]]
    var previous: UInt8 = 0
    for byte in text.hasPrefix("\u{FEFF}") ? Array(text.utf8.dropFirst(3)) : Array(text.utf8) {
        defer { previous = byte }
        if byte == 0x0A && previous == 0x0D { continue }
        if byte == 0x0A || byte == 0x0D { lines.append([]) } else { lines[lines.count - 1].append(byte) }
    }
    func checkDiagnostic(_ diagnostic: SourceDiagnostic) {
        require(diagnostic.line >= 1 && diagnostic.line <= lines.count, "line \(diagnostic.line) of \(lines.count): \(diagnostic)")
        // The line shown is the line the diagnostic names, and the caret lies within it (+ 1 for
        // a missing token at its end).
        let line = String(decoding: lines[diagnostic.line - 1], as: UTF8.self)
        require(diagnostic.sourceLine == line, "line \(diagnostic.line) shown as \(diagnostic.sourceLine.debugDescription), is \(line.debugDescription)")
        require(
            diagnostic.column >= 1 && diagnostic.column <= line.count + 1,
            "column \(diagnostic.column) outside \(line.debugDescription): \(diagnostic.summary)"
        )
        require(!diagnostic.message.isEmpty && !diagnostic.message.contains("\n"), "message \(diagnostic.message.debugDescription)")
        _ = diagnostic.description
    }
    let program: SwiftProgram
    do {
        program = try SwiftProgram(parsing: text, fileName: "Fuzz.swift")
    } catch {
        checkDiagnostic(error)
        return 0
    }
    _ = try? program.defaultViewName()
    for view in program.viewNames {
        func run() -> Result<ViewScript, SwiftUISourceError> {
            Result { () throws(SwiftUISourceError) in try program.script(view: view, horizonSeconds: horizonSeconds, limits: limits) }
        }
        let result = run()
        // Deterministic: the same source gives the same script, or the same diagnostic, every time.
        let again = run()
        require(again == result, "a second run of \(view) differs: \(describe(result)) then \(describe(again))")
        switch result {
        case .success: break
        case let .failure(.source(diagnostic)): checkDiagnostic(diagnostic)
        case let .failure(error): require(false, "a declared view could not be chosen: \(error)")
        }
    }
    return 0
}

/// A run's result in a line, for a failure message.
func describe(_ result: Result<ViewScript, SwiftUISourceError>) -> String {
    switch result {
    case let .success(script): "a script of \(script.changes.count) changes"
    case let .failure(.source(diagnostic)): diagnostic.summary
    case let .failure(error): error.description
    }
}

/// Stops the run with `message` when `condition` fails (`fatalError`, whose message an optimised
/// build prints, where `precondition`'s is dropped).
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
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
