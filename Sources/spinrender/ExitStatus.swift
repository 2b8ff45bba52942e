import SpinRender

/// The command line's exit statuses, chosen here and nowhere else: sysexits(3) for failures,
/// and for comparisons 0 equal, 1 pixels differ, 2 shape or timing differ.
extension SpinRenderError.Kind {
    var exitStatus: Int32 {
        switch self {
        case .usage: 64
        case .badData: 65
        case .missingInput: 66
        case .software: 70
        case .cannotCreate: 73
        case .ioError: 74
        // 128 + SIGPIPE, the status a shell reports for `cat` or `yes` killed by the same closed pipe.
        case .outputClosed: 141
        }
    }
}

extension SpinRenderError {
    var exitStatus: Int32 { kind.exitStatus }
}
