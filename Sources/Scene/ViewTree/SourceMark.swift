/// Where in the source a view or modifier was written: its line and column, for a message that
/// points at it (the SVG writer's refusal of a view it cannot write, say).
///
/// A mark is not part of what a tree means: every mark compares equal to every other and hashes
/// to nothing, so the same view written at two places is the same view, and marks never change
/// a tree's identity, its equality with the tree before it, or when a script repeats. For that
/// reason a value without a place holds ``unknown`` rather than `nil` (an optional mark would
/// make a view with a place differ from the same view without one).
public struct SourceMark: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line in the text the view was read from.
    public var line: Int
    /// 1-based column, in characters (extended grapheme clusters), as the source reader counts
    /// them for its diagnostics.
    public var column: Int

    /// A mark.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// No place: a view or modifier the reader made itself, or a tree built without a source.
    public static let unknown = SourceMark(line: 0, column: 0)

    /// Whether the mark is a place in the source (not ``unknown``).
    public var isKnown: Bool { line > 0 && column > 0 }

    /// The mark when it is a place, else `nil`.
    public var known: SourceMark? { isKnown ? self : nil }

    public static func == (a: SourceMark, b: SourceMark) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
