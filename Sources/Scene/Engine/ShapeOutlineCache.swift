import Raster
import Synchronization

/// The built-in shapes' outlines (``outline(of:in:scale:)``) already flattened, shared by the
/// threads drawing frames: a shape that only turns, scales or moves (a spinning ring, pulsing
/// dots) has the same outline about its frame's centre every frame, and flattening it within
/// ``CoverageRasterizer/defaultTolerance`` costs a sine and a cosine per chord, hundreds per
/// circle.
///
/// A memo of a pure function, keyed by all of its arguments, so a hit hands the rasterizer the
/// very polygons a fresh flattening would: frames are the same whatever the cache holds, and
/// on any number of threads. It keeps the last ``entryLimit`` outlines and at most
/// ``pointLimit`` vertices, replacing the oldest first: a shape whose trim or line width
/// animates misses every frame and only cycles the entries.
final class ShapeOutlineCache: Sendable {
    /// Compared field by field in this order: the numbers first, which tell most keys apart,
    /// then the shape, whose comparison walks its paint and modifiers.
    struct Key: Equatable {
        var tolerance: Double
        var scale: Double
        var rect: Rect
        var shape: ShapeView
    }

    /// A few shapes per frame: the dots of a loading indicator, a ring and its track.
    static let entryLimit = 16
    /// 2²¹ vertices, 32 MiB: far more than a screenful of circles at @3x.
    static let pointLimit = 1 << 21

    private struct State {
        /// Oldest first.
        var entries: [(key: Key, polygons: [[Point]], points: Int)] = []
        var points = 0
    }

    private let state = Mutex<State>(State())

    /// The outline of `shape` in `rect` at `scale`, flattened within `tolerance` now or
    /// remembered from before.
    func polygons(of shape: ShapeView, in rect: Rect, scale: Double, tolerance: Double) -> [[Point]] {
        let key = Key(tolerance: tolerance, scale: scale, rect: rect, shape: shape)
        if let known = state.withLock({ state in state.entries.first { $0.key == key }?.polygons }) { return known }
        let polygons = outline(of: shape, in: rect, scale: scale, tolerance: tolerance)
        let points = polygons.reduce(0) { $0 + $1.count }
        guard points <= Self.pointLimit else { return polygons }
        state.withLock { state in
            // Another thread may have stored it meanwhile.
            guard !state.entries.contains(where: { $0.key == key }) else { return }
            while !state.entries.isEmpty && (state.entries.count >= Self.entryLimit || state.points + points > Self.pointLimit) {
                state.points -= state.entries.removeFirst().points
            }
            state.entries.append((key, polygons, points))
            state.points += points
        }
        return polygons
    }
}
