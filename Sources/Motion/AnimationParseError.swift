/// A mistake in an animation expression: what is wrong and where.
///
/// ``message`` is one line ("unknown animation 'easyIn' (did you mean 'easeIn'?)"), ``column``
/// the 1-based character position it points at; ``caretDiagnostic(source:)`` draws it.
public struct AnimationParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line, without the column.
    public let message: String
    /// The 1-based column (in characters) of the mistake; one past the end for a missing token.
    public let column: Int

    /// An error saying `message` about the character at `column` (1-based).
    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// `column N: message`.
    public var description: String { "column \(column): \(message)" }

    /// Two lines: `source` (tabs and line breaks shown as spaces, so columns line up) and a
    /// caret under ``column``.
    ///
    ///     .easyIn(duration: 1)
    ///      ^
    public func caretDiagnostic(source: String) -> String {
        let line = String(source.map { $0.isWhitespace ? " " : $0 })
        return line + "\n" + String(repeating: " ", count: max(column - 1, 0)) + "^"
    }
}
