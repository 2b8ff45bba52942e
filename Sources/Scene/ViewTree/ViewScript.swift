import Motion

/// A view's life as a sequence of view trees: the tree when it first appears, then the tree
/// after each state change, with the transaction the change ran in.
///
/// This is what the interpreter of SwiftUI source hands to the view engine. `onAppear` actions
/// run at t = 0 (each `withAnimation { … }` block, and each plain assignment outside one, is one
/// transaction, as in SwiftUI); `DispatchQueue.main.asyncAfter(deadline: .now() + s)` changes
/// land at `s`; a view that appears in a later tree (an `if` branch) runs its `onAppear` then.
/// Simulated device rotations are not in the script: the engine adds them as layout changes
/// with an empty transaction.
public struct ViewScript: Hashable, Sendable {
    /// The tree before any state change (the state's initial values).
    public var initial: ViewNode
    /// The trees after each state change, in time order (several may share a time).
    public var changes: [ViewChange]
    /// For a script driven by timers: from `start` on, the changes of every `period` seconds
    /// repeat for ever (the script holds them up to `start + period`); `nil` when it ends.
    public var repeating: ScriptRepeat?
    /// The colour scheme the views ask for with `.preferredColorScheme(_:)` (the one nearest the
    /// root of the first tree), which the window presenting them takes: SwiftUI applies it to
    /// the whole presentation, so it overrides the render's own appearance. `nil` when none asks.
    public var preferredAppearance: Appearance?
    /// The size proposed to the root when the script's `GeometryReader`s made their content
    /// (which depends on it), in points; `nil` for a script without one.
    public var rootProposal: StageSize?
    /// One warning per asset the code asked for that the asset catalogue lacks (or every asset,
    /// without a catalogue): what is drawn instead, and the closest names the catalogue has.
    public var assetWarnings: [String] = []
    /// What the reader of the source chose that the user should hear about, one line each
    /// (a view rendered in place of a preview that cannot run here), printed as warnings.
    public var notes: [String] = []
    /// The Swift source the script was read from, which the places its views carry
    /// (``SourceMark``) are in; ``ScriptSource/unknown`` for a script built without one.
    public var source = ScriptSource.unknown

    /// A script.
    public init(initial: ViewNode, changes: [ViewChange] = [], repeating: ScriptRepeat? = nil) {
        self.initial = initial
        self.changes = changes
        self.repeating = repeating
    }
}

/// The Swift source a script was read from: what a message pointing at a ``SourceMark`` of its
/// views shows (the file, the line and a caret).
///
/// It is not part of the script's meaning: every source compares equal to every other and
/// hashes to nothing, so the same views read from two files render alike (and a script without
/// a source holds ``unknown`` rather than `nil`, which would compare unequal).
public struct ScriptSource: Hashable, Sendable {
    /// The file's text, as read (without a byte order mark).
    public var text: String
    /// The name the file's diagnostics use (`Spinner.swift`, `<stdin>`).
    public var fileName: String
    /// The Swift expression the script is of (`--view 'Loader(color: .red)'`), which the reader
    /// runs as a `#Preview` added after the file: a mark past the file's lines is in it. `nil`
    /// for one of the file's own views or previews.
    public var expression: String?
    /// The files read with the file for their declarations (`--include`), in the order read:
    /// their text follows the file's, each on lines of its own, so a mark past the file's lines
    /// and before the expression's is in one of them.
    public var included: [ScriptSource]

    /// A source.
    public init(text: String, fileName: String, expression: String? = nil, included: [ScriptSource] = []) {
        self.text = text
        self.fileName = fileName
        self.expression = expression
        self.included = included
    }

    /// No source: a script built from view trees.
    public static let unknown = ScriptSource(text: "", fileName: "")

    /// Whether the script was read from a source (it is not ``unknown``).
    public var isKnown: Bool { !fileName.isEmpty }

    public static func == (a: ScriptSource, b: ScriptSource) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// When a script's changes start to repeat, and how often, in seconds.
public struct ScriptRepeat: Hashable, Sendable {
    /// The time from which the changes repeat.
    public var start: Double
    /// Their period.
    public var period: Double

    /// A repeat.
    public init(start: Double, period: Double) {
        self.start = start
        self.period = period
    }
}

/// One state change: when it happened, the transaction it ran in, and the whole tree after it.
public struct ViewChange: Hashable, Sendable {
    /// Seconds since the views appeared.
    public var timeSeconds: Double
    /// The transaction (`withAnimation`'s animation, or none).
    public var transaction: Transaction
    /// The view tree after the change.
    public var root: ViewNode

    /// A change.
    public init(timeSeconds: Double, transaction: Transaction, root: ViewNode) {
        self.timeSeconds = timeSeconds
        self.transaction = transaction
        self.root = root
    }
}
