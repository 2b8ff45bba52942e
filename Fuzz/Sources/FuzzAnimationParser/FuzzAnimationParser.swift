import SpinRender
import CFuzzerDriver

/// libFuzzer entry point: any UTF-8 (invalid sequences repaired) through the `--animation`
/// expression parser. A parsed animation's description must parse back to an equal animation
/// (the parser's documented round trip), and an error's column must lie within the text + 1.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimationParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let animation = try AnimationExpression.parse(text)
        let again = try AnimationExpression.parse(animation.description)
        precondition(again == animation, "round trip changed \(text.debugDescription) -> \(animation.description)")
    } catch {
        precondition(error.column >= 1 && error.column <= text.count + 1,
                     "column \(error.column) outside \(text.debugDescription)")
        _ = error.caretDiagnostic(source: text)
    }
    return 0
}

/// The executable's entry point. SwiftPM links executable targets with `main` renamed to
/// `<target>_main`, which -parse-as-library leaves undefined, so libFuzzer's own `main` never
/// runs; this starts libFuzzer's driver with the same arguments instead.
@_cdecl("FuzzAnimationParser_main")
public func fuzzAnimationParserMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzAnimationParser(data!, size) }
}
