/// Exact-area anti-aliased coverage of filled polygons: signed-area accumulation per cell and
/// one prefix sum per row, the method of FreeType's smooth rasterizer, stb_truetype v2 and
/// font-rs.
///
/// Every edge adds, to each pixel cell it crosses, the signed area between the edge and the
/// cell's left side, weighted by the winding direction; a running sum along the row then gives
/// each pixel's exact covered area under the non-zero winding rule (clamped to 1), for
/// contours that do not overlap each other with opposite windings.
///
/// Determinism: vertices are rounded to nearest on a fixed-point grid of
/// 1/``subpixelScale`` px, and each row step's contributions are rounded to integer units of
/// 2⁻²⁰ pixel area (to nearest, ties to even) with the rounding remainder put on the step's
/// last cell, so a closed
/// contour sums exactly to zero along every row: pixels fully outside get exactly 0, pixels
/// fully inside exactly 1, whatever the order of the edges.
///
/// The canvas is `width × height` pixels, pixel (x, y) covering [x, x+1) × [y, y+1) in device
/// coordinates (y down). Geometry outside the canvas is clipped.
public struct CoverageRasterizer: Sendable {
    /// Fixed-point resolution of vertex coordinates, in steps per pixel (1/1024 px).
    public static let subpixelScale: Double = 1024
    /// Accumulator value of one whole pixel's area (2²⁰).
    public static let unitArea: Int32 = 1 << 20
    /// Default flattening tolerance for curves, in device pixels: the sagitta of each chord.
    ///
    /// Arcs are flattened into chords that straddle the circle (``Path/subpaths(by:tolerance:)``),
    /// so a chord strays at most ⅔ of this outside it and ⅓ inside. With the fixed-point grid
    /// the per-pixel coverage error stays under 1/255 (measured by the rasterizer accuracy
    /// test: at most 0.62/255, mean 0.12/255, for discs of radius 8–90 px and the rays' capsules),
    /// A finer tolerance buys little: 0.001 px doubles the edges (the edge walk is most of a
    /// frame's drawing) for a worst error of 0.21/255.
    public static let defaultTolerance: Double = 0.004

    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// One spare cell, then `height` rows of `width + 2` signed-area deltas; the two spare cells
    /// per row absorb contributions at x = width and x = width + 1, which no visible pixel sums.
    /// The leading one absorbs those at x = −1 on row 0: an edge ending on x = 0 can step to
    /// x ≈ −1e−16 by rounding, which floors to column −1 and adds 0 there (on later rows that
    /// lands in the row above's last spare cell).
    var cells: [Int32]
    private var rowStride: Int { width + 2 }
    /// Cells before row 0 (see ``cells``).
    static let leadingCells = 1
    /// Rows touched since the last reset, as a half-open range (empty when nothing was added).
    var touchedRows: Range<Int> = 0..<0
    /// Columns that may hold coverage since the last reset (half-open, clamped to the canvas):
    /// from the leftmost accumulated edge to one past the rightmost, or to the last column when
    /// a piece right of the canvas was dropped, since coverage left of it runs up to there.
    var touchedColumns: Range<Int> = 0..<0
    /// Transparent `width × height` images for offscreen layers (a shadow's content), kept from
    /// one frame to the next with the rasterizer that draws them: a layer takes a cleared
    /// canvas instead of allocating and filling one (as costly, on a wide canvas, as drawing
    /// a small spinner).
    private var spareLayers: [RGBAImage] = []
    /// The most images ``spareLayers`` keeps: a layer inside a layer inside a layer.
    static let spareLayerLimit = 3

    /// Creates an empty accumulator for a `width × height` pixel canvas.
    ///
    /// - Precondition: `width ≥ 0`, `height ≥ 0`.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        self.cells = [Int32](repeating: 0, count: Self.leadingCells + (width + 2) * height)
    }

    /// A transparent `width × height` image for an offscreen layer: one kept by
    /// ``keepLayerImage(_:clearing:)``, or a new one.
    public mutating func takeLayerImage() -> RGBAImage {
        spareLayers.popLast() ?? RGBAImage(width: width, height: height)
    }

    /// Keeps a layer's `image` for ``takeLayerImage()`` once its pixels inside `drawn` are
    /// cleared.
    ///
    /// - Precondition: `image` is `width × height` and every byte of it outside `drawn` is 0
    ///   (``RGBAImage/nonZeroBounds(within:)`` is such a rectangle).
    public mutating func keepLayerImage(_ image: consuming RGBAImage, clearing drawn: PixelRect) {
        precondition(image.width == width && image.height == height, "a layer image has the canvas's size")
        guard spareLayers.count < Self.spareLayerLimit else { return }
        var image = image
        image.clear(drawn)
        spareLayers.append(image)
    }

    /// Clears all accumulated coverage.
    public mutating func reset() {
        guard !touchedRows.isEmpty else { return }
        let stride = rowStride
        let rows = touchedRows
        cells.withUnsafeMutableBufferPointer { buffer in
            // rows ⊆ 0..<height, so every index is below leadingCells + height × stride.
            for y in rows {
                let start = Self.leadingCells + y * stride
                for i in start..<(start + stride) { buffer[i] = 0 }
            }
        }
        touchedRows = 0..<0
        touchedColumns = 0..<0
    }

    /// The bounding box of the pixels that may have non-zero coverage, as
    /// `(columns, rows)` half-open ranges; empty ranges when nothing was added.
    public var touchedBounds: (columns: Range<Int>, rows: Range<Int>) { (touchedColumns, touchedRows) }

    /// Adds a path, transformed into device pixels and flattened within `tolerance` pixels.
    public mutating func add(_ path: Path, transform: AffineTransform = .identity,
                             tolerance: Double = CoverageRasterizer.defaultTolerance) {
        for polygon in path.flattened(by: transform, tolerance: tolerance) {
            addPolygon(polygon)
        }
    }

    /// Adds a closed polygon given in device pixels (the closing edge is implied).
    public mutating func addPolygon(_ vertices: [Point]) {
        addPolygon(vertices, transform: .identity)
    }

    /// Adds a closed polygon whose vertices `transform` maps to device pixels (the closing edge
    /// is implied).
    ///
    /// Equivalent to `addPolygon(vertices.map(transform.apply))`, without building the
    /// transformed array: the scene renderer places the same flattened glyph every frame.
    public mutating func addPolygon(_ vertices: [Point], transform: AffineTransform) {
        guard vertices.count >= 2 else { return }
        var edges = EdgeAccumulator(width: width, height: height)
        cells.withUnsafeMutableBufferPointer { buffer in
            // EdgeAccumulator indexes rows 0..<height of width + 2 cells from row 0, and column
            // −1 of row 0 (see ``cells``).
            guard let base = buffer.baseAddress.map({ $0 + Self.leadingCells }) else { return }
            vertices.withUnsafeBufferPointer { points in
                // In three passes over the polygon: place every vertex, set up every edge, walk
                // the rows. Within a pass the iterations do not depend on each other, so the
                // processor overlaps them, where an edge's placement, division and walk in a
                // row would each wait on the one before.
                withUnsafeTemporaryAllocation(of: Point.self, capacity: points.count) { placed in
                    for index in points.indices { placed[index] = Self.snap(transform.apply(points[index])) }
                    withUnsafeTemporaryAllocation(of: EdgeAccumulator.EdgeWalk.self, capacity: points.count) { walks in
                        var count = 0
                        var previous = placed[points.count - 1]
                        for current in placed {
                            if let walk = edges.prepareEdge(from: previous, to: current, cells: base) {
                                walks[count] = walk
                                count += 1
                            }
                            previous = current
                        }
                        for index in 0..<count { edges.walk(walks[index], cells: base) }
                    }
                }
            }
        }
        edges.widen(&touchedRows, &touchedColumns)
    }

    /// Runs `body` with an edge walk over the cell buffer, for callers in this module that add
    /// edges one by one (``addPolygons(_:transform:rule:)``); the touched bounds are kept.
    mutating func accumulateEdges(_ body: (inout EdgeAccumulator, UnsafeMutablePointer<Int32>) -> Void) {
        var edges = EdgeAccumulator(width: width, height: height)
        cells.withUnsafeMutableBufferPointer { buffer in
            // See ``addPolygon(_:transform:)`` for the bounds the walk keeps.
            guard let base = buffer.baseAddress.map({ $0 + Self.leadingCells }) else { return }
            body(&edges, base)
        }
        edges.widen(&touchedRows, &touchedColumns)
    }

    /// Rounds a point to nearest on the fixed-point grid.
    @inline(__always)
    static func snap(_ p: Point) -> Point {
        Point(x: snap(p.x), y: snap(p.y))
    }

    /// Rounds a coordinate to nearest on the fixed-point grid (ties to even).
    @inline(__always)
    static func snap(_ value: Double) -> Double {
        let steps = value * subpixelScale
        // The bias trick holds below 2⁵¹ steps; a coordinate that far off the canvas (2·10¹² px)
        // takes libm's way, as does one that is not finite.
        guard steps.magnitude < 0x1p51 else { return steps.rounded(.toNearestOrEven) / subpixelScale }
        return FastRounding.nearestEven(steps).1 / subpixelScale
    }

    /// Visits the coverage of every pixel in the touched bounds, row by row.
    ///
    /// - Parameter body: called with (x, y, coverage) for each pixel of non-zero coverage;
    ///   coverage is the exact covered fraction 0…1 under the non-zero rule, before any
    ///   8-bit rounding.
    public func forEachCoverage(_ body: (_ x: Int, _ y: Int, _ coverage: Double) -> Void) {
        let unit = Double(Self.unitArea)
        forEachNonZeroSum { x, y, sum in body(x, y, min(1, Double(sum.magnitude) / unit)) }
    }

    /// Visits every pixel in the touched bounds whose coverage rounds to a non-zero 8-bit
    /// level, row by row: the pixels and levels for which ``coverageMask()`` is non-zero.
    ///
    /// The level is computed in integers: coverage × 255 = |sum| × 255 / 2²⁰ is exact in a
    /// double (at most 28 significant bits), so rounding it to nearest, ties away from zero,
    /// is `(|sum| × 255 + 2¹⁹) >> 20`; sums of a whole pixel or more clamp to 255.
    ///
    /// - Parameter body: called with (x, y, level), level 1…255.
    @inline(__always)
    func forEachCoverageLevel(_ body: (_ x: Int, _ y: Int, _ level: UInt8) -> Void) {
        forEachNonZeroSum { x, y, sum in
            let magnitude = Int(sum.magnitude)
            let level = magnitude >= Int(Self.unitArea) ? 255 : (magnitude * 255 + (1 << 19)) >> 20
            if level > 0 { body(x, y, UInt8(truncatingIfNeeded: level)) }
        }
    }

    /// Visits every pixel in the touched bounds whose running sum of signed area (in units of
    /// 2⁻²⁰ pixel) is non-zero, row by row: the one prefix sum both coverage readers share.
    @inline(__always)
    private func forEachNonZeroSum(_ body: (_ x: Int, _ y: Int, _ sum: Int32) -> Void) {
        let stride = rowStride
        let columns = touchedColumns
        cells.withUnsafeBufferPointer { buffer in
            for y in touchedRows {
                var sum: Int32 = 0
                let row = Self.leadingCells + y * stride
                // Cells left of the touched columns hold no contributions, so the running sum
                // can start at the first touched column.
                for x in columns {
                    sum &+= buffer[row + x]
                    if sum != 0 { body(x, y, sum) }
                }
            }
        }
    }

    /// Visits the pixels of non-zero 8-bit level (as ``forEachCoverageLevel(_:)``) as runs along
    /// each row: `count` pixels from (x, y) rightwards, all of level `level`.
    ///
    /// A run is a cell followed by cells holding no contribution, over which the running sum,
    /// and so the level, stays the same: a shape's inside and the gaps between its edges are a
    /// few runs, not a call per pixel.
    @inline(__always)
    func forEachCoverageRun(_ body: (_ x: Int, _ y: Int, _ count: Int, _ level: UInt8) -> Void) {
        guard !touchedRows.isEmpty else { return }
        let (stride, columns, rows) = (rowStride, touchedColumns, touchedRows)
        cells.withUnsafeBufferPointer { buffer in
            // Only read: the walk writes cells only when told to clear them.
            guard let base = buffer.baseAddress.map({ UnsafeMutablePointer(mutating: $0) + Self.leadingCells }) else { return }
            Self.walkRuns(base, rows: rows, columns: columns, stride: stride, clearing: false, body)
        }
    }

    /// ``forEachCoverageRun(_:)``, emptying the rasterizer as it goes (as ``reset()`` would after
    /// it): each cell is cleared where the sweep reads it, so no second pass over the rows.
    @inline(__always)
    public mutating func drainCoverageRuns(_ body: (_ x: Int, _ y: Int, _ count: Int, _ level: UInt8) -> Void) {
        guard !touchedRows.isEmpty else { return }
        let (stride, columns, rows) = (rowStride, touchedColumns, touchedRows)
        cells.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress.map({ $0 + Self.leadingCells }) else { return }
            Self.walkRuns(base, rows: rows, columns: columns, stride: stride, clearing: true, body)
        }
        touchedRows = 0..<0
        touchedColumns = 0..<0
    }

    /// Whether the 16 cells from `cells` are all zero.
    @inline(__always)
    private static func noContribution(_ cells: UnsafeMutablePointer<Int32>) -> Bool {
        let raw = UnsafeRawPointer(cells)
        var bits: UInt64 = 0
        for offset in Swift.stride(from: 0, to: 64, by: 8) { bits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        return bits == 0
    }

    /// The run sweep of ``forEachCoverageRun(_:)`` over the cells from row 0's first (`base`).
    ///
    /// When `clearing`, every cell an edge may have written in `rows` is left zero: the swept
    /// columns, the cell left of them (an edge on a column's left side can step to its left by
    /// rounding, adding 0 there) and the two right of them (the last cell of an edge's row step
    /// lies at most one column right of its rightmost x; the spare cells when that is the
    /// canvas's right side).
    @inline(__always)
    private static func walkRuns(_ base: UnsafeMutablePointer<Int32>, rows: Range<Int>, columns: Range<Int>, stride: Int,
                                 clearing: Bool, _ body: (_ x: Int, _ y: Int, _ count: Int, _ level: UInt8) -> Void) {
        let end = columns.upperBound
        let unit = Int(Self.unitArea)
        for y in rows {
            // rows ⊆ 0..<height and columns ⊆ 0...width: indices −1…width + 1 of the row.
            let row = base + y * stride
            var sum: Int32 = 0
            var x = columns.lowerBound
            while x < end {
                sum &+= row[x]
                if clearing { row[x] = 0 }
                // The run goes on over cells with no contribution, sixteen at a time while it
                // can (a ring's hole, a filled shape's inside), then one by one. No four at a
                // time between: each loop's exit is a branch the data decide, mispredicted
                // about once a run, and a third loop cost more in those than it saved.
                var next = x + 1
                while next + 16 <= end && Self.noContribution(row + next) { next += 16 }
                while next < end && row[next] == 0 { next += 1 }
                if sum != 0 {
                    // As in forEachCoverageLevel(_:).
                    let magnitude = Int(sum.magnitude)
                    let level = magnitude >= unit ? 255 : (magnitude * 255 + (1 << 19)) >> 20
                    if level > 0 { body(x, y, next - x, UInt8(truncatingIfNeeded: level)) }
                }
                x = next
            }
            if clearing {
                // Two stores rather than a loop, which the compiler turns into a memset call.
                // end ≤ width, so both lie in the row (its spare cells at the most).
                row[columns.lowerBound - 1] = 0
                row[end] = 0
                row[end + 1] = 0
            }
        }
    }

    /// The coverage of every pixel rounded to nearest 8-bit (0…255), as a `width × height`
    /// row-major array.
    public func coverageMask() -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: width * height)
        let w = width
        forEachCoverage { x, y, c in mask[y * w + x] = UInt8((c * 255).rounded()) }
        return mask
    }

    /// The exact coverage of every pixel before 8-bit rounding, `width × height` row-major.
    public func coverageValues() -> [Double] {
        var values = [Double](repeating: 0, count: width * height)
        let w = width
        forEachCoverage { x, y, c in values[y * w + x] = c }
        return values
    }
}

/// The edge walk of ``CoverageRasterizer``, on the cell buffer directly: clipping at the
/// canvas sides and per-row accumulation, with no allocation per edge.
///
/// It gathers the touched bounds itself so that the walk does not touch the rasterizer while its
/// cell array is borrowed, as plain numbers per edge, turned into whole rows and columns once at
/// the end (``widen(_:_:)``).
struct EdgeAccumulator {
    let width: Int
    let height: Int
    /// The lowest first row and highest end row of the edges accumulated (empty when `rowLow ≥ rowHigh`).
    private var rowLow = Int.max
    private var rowHigh = Int.min
    /// The least and greatest x of the pieces accumulated, and of the canvas's last column when
    /// a piece was dropped right of it (none when `xLow > xHigh`).
    private var xLow = Double.infinity
    private var xHigh = -Double.infinity

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Widens `rows` and `columns` (a rasterizer's touched bounds) to hold what was accumulated.
    ///
    /// The same bounds as widening them edge by edge: each edge's columns run from
    /// ⌊max(0, least x)⌋ to min(width, ⌈min(width, greatest x)⌉ + 1), both monotone in the x's,
    /// so the union over the edges is that of the least and greatest x over all of them; a piece
    /// dropped right of the canvas counts as one on its last column, [width − 1, width].
    func widen(_ rows: inout Range<Int>, _ columns: inout Range<Int>) {
        if rowLow < rowHigh {
            rows = rows.isEmpty ? rowLow..<rowHigh : min(rows.lowerBound, rowLow)..<max(rows.upperBound, rowHigh)
        }
        if xLow <= xHigh {
            let low = FastRounding.floorInt(max(0, xLow))
            let high = max(low, min(width, FastRounding.ceilInt(min(Double(width), xHigh)) + 1))
            columns = columns.isEmpty ? low..<high : min(columns.lowerBound, low)..<max(columns.upperBound, high)
        }
    }

    /// Splits an edge where it crosses x = 0 and x = width: the part left of the canvas becomes
    /// a vertical edge on x = 0 (it still covers every pixel to its right), the part right of
    /// it is dropped (it covers no visible pixel; the coverage left of it runs to the last
    /// column).
    ///
    /// The pieces and their crossing points are exactly those of splitting first at x = 0, then
    /// each piece at x = width; the order the pieces are added in does not matter, since cells
    /// sum integers.
    @inline(__always)
    mutating func addEdge(from p0: Point, to p1: Point, cells: UnsafeMutablePointer<Int32>) {
        if let walk = prepareEdge(from: p0, to: p1, cells: cells) { self.walk(walk, cells: cells) }
    }

    /// ``addEdge(from:to:cells:)`` up to the row walk of an edge strictly between the canvas
    /// sides, which it returns for ``walk(_:cells:)`` (nil when the edge adds nothing); an
    /// edge to clip is added whole.
    @inline(__always)
    mutating func prepareEdge(from p0: Point, to p1: Point, cells: UnsafeMutablePointer<Int32>) -> EdgeWalk? {
        // A coordinate that is not finite (a transform that overflowed) has no place on the
        // canvas; every finite one, however far off it, is clipped below without trapping.
        guard p0.y != p1.y, p0.x.isFinite, p0.y.isFinite, p1.x.isFinite, p1.y.isFinite else { return nil }
        // Strictly between the canvas sides, as nearly every edge of a shape on the canvas is,
        // no piece is split off or moved (the general path adds it alone).
        if min(p0.x, p1.x) > 0 && max(p0.x, p1.x) < Double(width) { return setUp(p0, p1) }
        addClipped(p0, p1, cells: cells)
        return nil
    }

    /// The general path of ``addEdge(from:to:cells:)``, for an edge reaching a canvas side.
    @inline(never)
    private mutating func addClipped(_ p0: Point, _ p1: Point, cells: UnsafeMutablePointer<Int32>) {
        if min(p0.x, p1.x) < 0 && max(p0.x, p1.x) > 0 {
            let crossing = Self.crossing(p0, p1, at: 0)
            addSplittingAtRight(p0, crossing, cells: cells)
            addSplittingAtRight(crossing, p1, cells: cells)
        } else {
            addSplittingAtRight(p0, p1, cells: cells)
        }
    }

    /// The point where segment a–b crosses the vertical line x = `boundary`, its y snapped.
    @inline(__always)
    static func crossing(_ a: Point, _ b: Point, at boundary: Double) -> Point {
        let t = (boundary - a.x) / (b.x - a.x)
        return Point(x: boundary, y: CoverageRasterizer.snap(a.y + (b.y - a.y) * t))
    }

    @inline(__always)
    private mutating func addSplittingAtRight(_ a: Point, _ b: Point, cells: UnsafeMutablePointer<Int32>) {
        let right = Double(width)
        if min(a.x, b.x) < right && max(a.x, b.x) > right {
            let crossing = Self.crossing(a, b, at: right)
            addPiece(a, crossing, cells: cells)
            addPiece(crossing, b, cells: cells)
        } else {
            addPiece(a, b, cells: cells)
        }
    }

    @inline(__always)
    private mutating func addPiece(_ a: Point, _ b: Point, cells: UnsafeMutablePointer<Int32>) {
        guard a.y != b.y else { return }
        if max(a.x, b.x) <= 0 {
            accumulateLine(Point(x: 0, y: a.y), Point(x: 0, y: b.y), cells: cells)
        } else if min(a.x, b.x) >= Double(width) {
            // The piece adds nothing to a visible cell, but it may be what ends the coverage
            // of the edges left of it: that coverage then runs to the last column, which the
            // prefix sums must reach.
            reachRightSide(a.y, b.y)
        } else {
            accumulateLine(a, b, cells: cells)
        }
    }

    /// Extends the touched columns to the canvas's last one, for a piece dropped right of the
    /// canvas between heights `y0` and `y1`, when those overlap the canvas's rows.
    ///
    /// Coverage in a row starts at an accumulated edge (one at x ≤ 0 is moved onto x = 0), so
    /// the rows and the left bound need nothing more; it may end only at the dropped piece.
    @inline(__always)
    private mutating func reachRightSide(_ y0: Double, _ y1: Double) {
        guard width > 0, max(y0, y1) > 0, min(y0, y1) < Double(height) else { return }
        xLow = min(xLow, Double(width - 1))
        xHigh = max(xHigh, Double(width))
    }

    /// Adds one edge lying within 0 ≤ x ≤ width, row by row (font-rs's `draw_line`), with the
    /// contributions of each row step rounded so that they sum exactly to the step's cover.
    private mutating func accumulateLine(_ start: Point, _ end: Point, cells: UnsafeMutablePointer<Int32>) {
        if let walk = setUp(start, end) { self.walk(walk, cells: cells) }
    }

    /// An edge's walk down the rows it crosses, as ``setUp(_:_:)`` leaves it for
    /// ``walk(_:cells:)``.
    struct EdgeWalk {
        /// The edge's ends, the upper (lesser y) first.
        var p0, p1: Point
        /// +1 for an edge running down, −1 for one running up.
        var direction: Double
        /// x change per unit of y.
        var dxdy: Double
        /// Where the edge enters its first row on the canvas.
        var x: Double
        /// The rows crossed on the canvas, `firstRow < endRow`.
        var firstRow, endRow: Int
    }

    /// Orders the ends of an edge lying within 0 ≤ x ≤ width and finds the rows it crosses on
    /// the canvas, widening the bounds to them; nil when it crosses none.
    @inline(__always)
    private mutating func setUp(_ start: Point, _ end: Point) -> EdgeWalk? {
        let direction: Double = start.y < end.y ? 1 : -1
        let (p0, p1) = start.y < end.y ? (start, end) : (end, start)
        let bottom = Double(height)
        guard p1.y > 0, p0.y < bottom else { return nil }
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        var x = p0.x
        if p0.y < 0 { x -= p0.y * dxdy }
        // Clamped before the conversion to whole rows and columns, so that an edge millions of
        // pixels off the canvas converts as one at its border does (the same rows and columns).
        let firstRow = FastRounding.floorInt(inCanvas: max(0, p0.y))
        let endRow = FastRounding.ceilInt(inCanvas: min(bottom, p1.y))
        guard firstRow < endRow else { return nil }
        rowLow = min(rowLow, firstRow)
        rowHigh = max(rowHigh, endRow)
        xLow = min(xLow, min(p0.x, p1.x))
        xHigh = max(xHigh, max(p0.x, p1.x))
        return EdgeWalk(p0: p0, p1: p1, direction: direction, dxdy: dxdy, x: x, firstRow: firstRow, endRow: endRow)
    }

    /// Adds the contributions of an edge set up by ``setUp(_:_:)``, row by row.
    @inline(__always)
    func walk(_ edge: EdgeWalk, cells: UnsafeMutablePointer<Int32>) {
        let (p0, p1, direction, dxdy, firstRow, endRow) = (edge.p0, edge.p1, edge.direction, edge.dxdy, edge.firstRow, edge.endRow)
        var x = edge.x
        let unit = Double(CoverageRasterizer.unitArea)
        let stride = width &+ 2
        // 0 ≤ firstRow < endRow ≤ height: the row pointer stays in the cells.
        var row = cells + firstRow &* stride
        var top = Double(firstRow)
        for _ in firstRow..<endRow {
            let next = top + 1
            // `a > b ? a : b` rather than max(a, b): one instruction; they differ only in the
            // sign of a zero, which dy (a positive difference) does not keep.
            let dy = min(next, p1.y) - (p0.y > top ? p0.y : top)
            let xNext = x + dxdy * dy
            let d = dy * direction
            // The step's whole cover in accumulator units; exact, since dy is a multiple
            // of 1/1024 px and unit is 2²⁰.
            let cover = FastRounding.roundedInt32(d * unit)
            let (x0, x1) = x < xNext ? (x, xNext) : (xNext, x)
            // Whole-valued doubles from the integers; where libm's floor would give −0.0 this
            // gives +0.0, which every use below adds to a non-zero value or truncates.
            let x0i = FastRounding.floorInt(inCanvas: x0)
            let x0Floor = Double(x0i)
            let x1i = FastRounding.ceilInt(inCanvas: x1)
            let x1Ceil = Double(x1i)
            // −1 ≤ x0i ≤ x1i ≤ width + 1 with x0i + 1 ≤ width + 1 < stride (x0i is −1 only
            // through rounding, on x ≈ −1e−16): every index stays in this row, its
            // predecessor's last spare cell, or the leading cell.
            if x1i <= x0i &+ 1 {
                let xMid = 0.5 * (x + xNext) - x0Floor
                let first = FastRounding.roundedInt32(d * (1 - xMid) * unit)
                row[x0i] &+= first
                row[x0i &+ 1] &+= cover &- first
            } else {
                let s = 1 / (x1 - x0)
                let x0f = x0 - x0Floor
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = x1 - x1Ceil + 1
                let am = 0.5 * s * x1f * x1f
                var placed: Int32 = 0
                @inline(__always) func put(_ index: Int, _ area: Double) {
                    let value = FastRounding.roundedInt32(d * area * unit)
                    row[index] &+= value
                    placed &+= value
                }
                put(x0i, a0)
                if x1i == x0i &+ 2 {
                    put(x0i &+ 1, 1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    put(x0i &+ 1, a1 - a0)
                    if x0i &+ 2 < x1i &- 1 {
                        // Every whole cell of the run gets the same share.
                        let value = FastRounding.roundedInt32(d * s * unit)
                        for xi in (x0i &+ 2)..<(x1i &- 1) {
                            row[xi] &+= value
                            placed &+= value
                        }
                    }
                    let a2 = a1 + Double(x1i &- x0i &- 3) * s
                    put(x1i &- 1, 1 - a2 - am)
                }
                // The remainder goes on the last cell, so the step sums exactly to `cover`.
                row[x1i] &+= cover &- placed
            }
            x = xNext
            top = next
            row += stride
        }
    }
}

/// Rounding without libm calls: the package builds for baseline x86-64, where `rounded()`,
/// `floor` and `ceil` are calls into libm (SSE4.1's `roundsd` is not assumed).
///
/// Each gives exactly the libm result for every finite input, ties included; the rasterizer
/// tests check them against libm.
enum FastRounding {
    /// `Int32(value.rounded(.toNearestOrEven))` for |value| < 2³¹, with no range check and no
    /// conversion instruction (``nearestEven(_:)``): the edge walk rounds several shares of
    /// area per row step, each under 2²² units, and the conversion's latency and checks were
    /// an eighth of drawing a dots loader. Ties go to even rather than away from zero because
    /// that is what the bias trick gives for free; correcting them cost as much as the checks.
    @inline(__always)
    static func roundedInt32(_ value: Double) -> Int32 {
        Int32(truncatingIfNeeded: nearestEven(value).0)
    }

    /// `Int(value.rounded(.down))`, trapping as that does when the result does not fit.
    @inline(__always)
    static func floorInt(_ value: Double) -> Int {
        let truncated = Int(value)
        return Double(truncated) > value ? truncated - 1 : truncated
    }

    /// `Int(value.rounded(.up))`, trapping as that does when the result does not fit.
    @inline(__always)
    static func ceilInt(_ value: Double) -> Int {
        let truncated = Int(value)
        return Double(truncated) < value ? truncated + 1 : truncated
    }

    /// 1.5 × 2⁵²: adding it to a double of magnitude below 2⁵¹ leaves that double rounded to
    /// the nearest integer (ties to even) in the low bits of the sum's significand, since the
    /// sum lies in [2⁵², 2⁵³), where the doubles are the integers.
    static let roundingBias = 0x1.8p52

    /// The integer nearest `value` (ties to even) as an `Int` and as a `Double`, without the
    /// range checks of a conversion, for |value| < 2⁵¹.
    @inline(__always)
    static func nearestEven(_ value: Double) -> (Int, Double) {
        let biased = value + roundingBias
        return (Int(truncatingIfNeeded: biased.bitPattern &- roundingBias.bitPattern), biased - roundingBias)
    }

    /// ``floorInt(_:)`` for a coordinate of magnitude below 2⁵¹ (a clipped edge's, on a canvas),
    /// with no range check: the edge walk converts several per row.
    @inline(__always)
    static func floorInt(inCanvas value: Double) -> Int {
        let (integer, whole) = nearestEven(value)
        return whole > value ? integer &- 1 : integer
    }

    /// ``ceilInt(_:)`` for a coordinate of magnitude below 2⁵¹, with no range check.
    @inline(__always)
    static func ceilInt(inCanvas value: Double) -> Int {
        let (integer, whole) = nearestEven(value)
        return whole < value ? integer &+ 1 : integer
    }
}
