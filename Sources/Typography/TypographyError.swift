/// A font that cannot be read or a FreeType / HarfBuzz call that failed.
///
/// `description` is one line without the library's internals: the file, what failed and, for a
/// missing font, the Debian package that installs it.
public struct TypographyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call or step that failed (`FT_New_Face`, `hb_blob_create_from_file_or_fail`).
    public var operation: String
    /// FreeType's error code (`FT_Err_*`), or 0 for a failure that carries none.
    public var code: Int32
    /// What went wrong, in one line.
    public var description: String

    /// An error.
    public init(operation: String, code: Int32 = 0, description: String) {
        self.operation = operation
        self.code = code
        self.description = description
    }
}
