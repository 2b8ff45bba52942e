/// One part of a batch split across machines: `--shard I/N` takes entries I, I + N, I + 2N …
///
/// Both numbers are 1-based, as CI matrices count (`strategy.matrix.shard: [1, 2, 3]`): entry
/// number `k` (1-based) belongs to shard `((k − 1) mod N) + 1`, so the N shards together take
/// every entry exactly once, and their sizes differ by at most one.
public struct BatchShard: Hashable, Sendable, CustomStringConvertible {
    /// This shard, `1...count`.
    public let index: Int
    /// How many shards the batch is split into, ≥ 1.
    public let count: Int

    /// The whole batch: shard 1 of 1.
    public static let all = BatchShard(uncheckedIndex: 1, count: 1)

    /// Creates shard `index` of `count`; `nil` unless `1 ≤ index ≤ count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `I/N`, e.g. `2/4`; `nil` when it is not two whole numbers with `1 ≤ I ≤ N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether the entry with 1-based `number` belongs to this shard.
    public func contains(entry number: Int) -> Bool { (number - 1) % count == index - 1 }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }
}
