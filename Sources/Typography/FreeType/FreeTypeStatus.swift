import CFreeType

/// The middle layer over FreeType: a C status turned into a Swift throw.
enum FreeTypeStatus {
    /// Throws when `status` is not `FT_Err_Ok` (0), naming `operation` and FreeType's own
    /// message for the code (`FT_Error_String`, available since FreeType 2.10).
    static func check(_ status: FT_Error, _ operation: String, _ subject: String) throws(TypographyError) {
        guard status != 0 else { return }
        let message = FT_Error_String(status).map { String(cString: $0) } ?? "FreeType error \(status)"
        throw TypographyError(operation: operation, code: status, description: "\(subject): \(operation) failed: \(message)")
    }
}
