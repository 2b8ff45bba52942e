import Scene

/// The one cap on how many views a source makes, however it makes them: literal views written
/// one after another, `ForEach`, the file's own views used many times, long modifier chains.
///
/// Every node of a view tree counts one: each view (a shape, an image, a colour, a stack, a
/// custom view, an `if` branch) and each modifier. The cap is checked twice, so that it
/// holds whatever builds the trees: while the interpreter builds a tree (``Interpreter/countNode(at:)``,
/// which stops at the view or modifier that crosses it, with its location), and on every tree
/// of the finished ``Scene/ViewScript`` before the engine lays any out
/// (``check(_:at:)``). A tree at the cap renders in seconds; tens of thousands of literal
/// views would take minutes, so they are refused at once.
enum ViewTreeLimit {
    /// The most nodes one view tree may have: room for a `ForEach` at its own cap
    /// (``Interpreter/maximumForEachElements``, 1 000 views) with a few modifiers each.
    static let maximumNodes = 5_000

    /// The most tokens a source may have: ten times the largest real loader file (under
    /// 2 000), and room for a tree near ``maximumNodes`` written out literally (`Circle()` is 3
    /// tokens). Lexing and parsing are what cost before any view is built: 100 000 literal
    /// `Circle()`s (300 000 tokens, 900 KB, under the 1 MiB source limit) took seconds and
    /// about 100 MB to parse, only to be refused.
    static let maximumTokens = 20_000

    /// Refuses a source of more than ``maximumTokens`` tokens, at the first token past it: the
    /// lexer calls it after each token, so a long source stops there.
    ///
    /// - Throws: ``SourceError`` there.
    static func check(tokens: [Token]) throws(SourceError) {
        guard tokens.count > maximumTokens else { return }
        throw SourceError("the source has more than \(maximumTokens) tokens, more than a view of \(maximumNodes) views and modifiers needs", at: tokens[maximumTokens].location)
    }

    /// The message for a tree over the cap.
    static var message: String {
        "the view makes more than \(maximumNodes) views and modifiers, the most a source may make (a ForEach at most 1 000 views)"
    }

    /// Refuses a script any of whose trees has more than ``maximumNodes`` nodes, before the
    /// engine lays it out; `location` is where the view rendered starts.
    ///
    /// - Throws: ``SourceError`` at `location`.
    static func check(_ script: ViewScript, at location: Location) throws(SourceError) {
        for tree in [script.initial] + script.changes.map(\.root) {
            var count = 0
            guard tree.countNodes(&count, limit: maximumNodes) else {
                throw SourceError(message, at: location)
            }
        }
    }
}

extension ViewNode {
    /// Adds this tree's nodes to `count`, stopping as soon as it passes `limit`; `false` then.
    /// Iterative, so that a deep tree cannot exhaust the stack.
    func countNodes(_ count: inout Int, limit: Int) -> Bool {
        var pending: [ViewNode] = [self]
        while let node = pending.popLast() {
            count += 1
            if count > limit { return false }
            switch node {
            case let .stack(_, _, _, children): pending += children
            case let .grid(grid): pending += grid.cells
            case let .modified(inner, modifier): pending += [inner] + modifier.attachedViews
            case let .conditional(_, inner), let .custom(_, inner), let .geometryReader(_, inner): pending.append(inner)
            case let .progressBar(bar): if let label = bar.label { pending.append(label) }
            case .symbol, .missingSymbol, .progressView, .text, .shape, .color, .empty, .spacer: break
            }
        }
        return true
    }
}

extension Interpreter {
    /// Counts one view or modifier of the tree being built, and refuses the one that passes
    /// ``ViewTreeLimit/maximumNodes``, at its location: the cheap early check, before the rest
    /// of a long source is built.
    ///
    /// - Throws: ``SourceError`` at `location`.
    func countNode(at location: Location) throws(SourceError) {
        builtNodes += 1
        if builtNodes > ViewTreeLimit.maximumNodes {
            throw SourceError(ViewTreeLimit.message, at: location)
        }
    }
}
